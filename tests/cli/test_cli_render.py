"""Renderers are chosen by game id and draw only what the view holds."""

from __future__ import annotations

import io
import random

from rich.console import Console, RenderableType

import kleos
from kleos.cli.elysium_board import ElysiumRenderer
from kleos.cli.ilium_board import IliumRenderer
from kleos.cli.render import GenericRenderer, renderer_for
from kleos.core.protocol import GameConfig


def text_of(renderable: RenderableType) -> str:
    out = io.StringIO()
    Console(file=out, width=100).print(renderable)
    return out.getvalue()


def played_state(players: int = 3, moves: int = 60) -> kleos.State:
    state = kleos.make("ilium", players=players, seed=2).new_initial_state()
    rng = random.Random(2)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_renderers_are_registered_by_game_id() -> None:
    assert isinstance(renderer_for(kleos.make("ilium", seed=1)), IliumRenderer)
    assert isinstance(renderer_for(kleos.make("elysium", seed=1)), ElysiumRenderer)

    class UnknownGame:
        config = GameConfig("no-such-game", players=2, seed=0)

    assert isinstance(renderer_for(UnknownGame()), GenericRenderer)  # type: ignore[arg-type]


def test_elysium_board_shows_full_card_texts_takers_and_final_breakdown() -> None:
    game = kleos.make("elysium", players=3, seed=5, families="recommended")
    state = game.new_initial_state()
    static = game.static_info()
    renderer = ElysiumRenderer(static)
    board = text_of(renderer.board(state.view(None)))
    cards = {card["id"]: card for card in static["data"]["cards"]}
    for card_id in state.view(None)["public"]["agora"]:
        info = cards[card_id]
        assert card_id in board and info["name"] in board
        assert info["text"].split()[0] in board
    assert "Who may take" in board and "Temple" in board
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    final = text_of(renderer.final(state.view(None)))  # type: ignore[arg-type]
    for label in ("Legends", "Family tiles", "Level tiles", "Chronos", "VP tokens", "Citizens"):
        assert label in final
    assert str(state.outcome().scores[0]) in final


def test_ilium_board_shows_every_usable_path_from_its_shovel_end() -> None:
    state = played_state()
    view = state.view(None)
    static = state.game.static_info()
    board = text_of(IliumRenderer(static).board(view))
    used = [path for path in static["data"]["board"]["paths"] if path["used"]]
    assert sorted(path["id"] for path in used) == sorted(view["public"]["paths"])
    for path in used:
        shovel, far = path["ends"]
        assert f"{path['id']} {shovel}⛏" in board
        assert far in board.split(f"{path['id']} {shovel}⛏", 1)[1].split("\n", 1)[0]
    rows = {line.split()[0]: line.split()[1:] for line in board.splitlines() if line.strip()}
    for site, tokens in view["public"]["sites"].items():
        assert rows[site] == (tokens or ["empty"])


def test_public_board_holds_no_secret_and_secrets_are_the_viewers_only() -> None:
    state = played_state()
    renderer = IliumRenderer(state.game.static_info())
    for player in range(3):
        view = state.view(player)
        assert "Historian" not in text_of(renderer.board(view))
        secrets = text_of(renderer.private(view))
        assert f"Historian: {view['private']['historian']} " in secrets
        assert f"Next card of your deck: {view['private']['top_card']}" in secrets
    assert renderer.private(state.view(None)) is None


def test_generic_renderer_draws_any_envelope() -> None:
    game = kleos.make("ilium", players=2, seed=1)
    state = game.new_initial_state()
    view = state.view(state.current_player)
    renderer = GenericRenderer()
    board = text_of(renderer.board(view))
    assert "Historian" not in board and "historian" not in board and "sites" in board
    assert view["private"]["historian"] in text_of(renderer.private(view))
    assert renderer.decision(view) == view["decision"]["prompt"] + "."
    assert renderer.final(view) is None
    over = {**view, "outcome": {"scores": [4, 9], "winners": [1]}}
    final = text_of(renderer.final(over))
    assert "2 ★" in final and "9" in final
