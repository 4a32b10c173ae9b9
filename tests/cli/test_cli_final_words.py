"""The terminal's final table: the game's score rows in words, and how a tie was broken."""

from __future__ import annotations

import io
import random

from rich.console import Console, RenderableType

import kleos
from kleos.cli.elysium_board import ElysiumRenderer
from kleos.cli.ilium_board import IliumRenderer
from kleos.games.ilium.scenario import position


def text_of(renderable: RenderableType | None) -> str:
    assert renderable is not None
    out = io.StringIO()
    Console(file=out, width=120).print(renderable)
    return out.getvalue()


def test_ilium_final_uses_the_score_rows_and_tells_the_tie_break() -> None:
    game = kleos.make("ilium", players=2, seed=1)
    state = position(
        game,
        decks={0: [1], 1: []},
        hoards={0: ["Coins-1"], 1: ["Horses-2"]},
        historians=["Helmets", "Bottles"],
    )
    for text in ("place p25:0", "no more cubes"):
        state.apply(game.parse_action(state, text))
    static = game.static_info()
    final = text_of(IliumRenderer(static).final(state.view(None)))
    lines = final.splitlines()
    for row in static["data"]["score_rows"]:
        assert any(line.strip().startswith(row["label"]) for line in lines), row["label"]
    horses = [line.split() for line in lines if line.split()[:1] == ["Horses"]]
    assert horses[0] == ["Horses", "0", "1"]  # tokens kept, then majority points, then artifacts
    assert horses[1] == ["Horses", "0", "10"]
    assert horses[2] == ["Horses", "0", "2"]
    assert "Yellow wins with 10 points." in final
    assert (
        "Red and Yellow tie on 10 points; Yellow wins with the most artifacts (Yellow 2, Red 1)."
        in final
    )


def test_elysium_final_lists_each_legend_in_words() -> None:
    game = kleos.make("elysium", players=3, seed=5, families="recommended")
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    final = text_of(ElysiumRenderer(game.static_info()).final(view))
    parts = view["outcome"]["breakdown"]
    legends = [item["text"] for part in parts for item in part["legend_list"]]
    assert legends, "this game has scoring Legends"
    for text in legends:
        assert text in final
    assert "Gold (tie-break)" in final and "Place" in final
    assert "type" not in final and "key" not in final
