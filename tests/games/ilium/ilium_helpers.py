"""Shared helpers for the Ilium rule tests: games, scenarios, playing by text, snapshots."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import kleos
from kleos.core.protocol import Event
from kleos.games.ilium import Ilium, IliumState
from kleos.games.ilium.board import token_text
from kleos.games.ilium.scenario import position

SE = "strategic-expeditions"
BV = "burial-vaults"
VARIANT_COMBOS: tuple[tuple[str, ...], ...] = ((), (SE,), (BV,), (SE, BV))

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3

NO_FOURS: dict[str, list[str]] = {
    "SIG": ["Coins-1", "Horses-2", "Armbands-3", "Bottles-5"],
    "ACH": ["Coins-1", "Horses-1", "Armbands-2", "Bottles-2", "Helmets-3", "Coins-5"],
    "BES": ["Horses-1", "Armbands-2", "Bottles-3", "Helmets-5"],
    "SCM": ["Coins-2", "Horses-3", "Armbands-5"],
    "SKF": ["Armbands-1", "Bottles-2", "Helmets-2", "Coins-3"],
    "ILU": ["Bottles-1", "Helmets-3", "Horses-5"],
    "BAT": ["Helmets-1", "Coins-2", "Horses-2", "Armbands-3", "Bottles-3"],
    "CHR": ["Coins-2", "Bottles-3", "Helmets-3"],
    "HIS": ["Armbands-1", "Coins-2", "Horses-2", "Bottles-3", "Coins-3", "Helmets-5"],
    "THY": ["Horses-1", "Armbands-2", "Helmets-3"],
    "KAL": ["Bottles-1", "Armbands-3", "Coins-5"],
    "RHO": ["Helmets-1", "Horses-3", "Armbands-3"],
    "IDA": ["Coins-1", "Bottles-2", "Horses-3"],
}
"""A stock for every site of our board with no value-4 token anywhere."""


def last_four_at_thy(decks: dict[int, list[int]] | None = None, **extra: Any) -> IliumState:
    """Example 6 (3 players): four 4s are held and Coins-4 is THY's only token.

    Red (seat 0) is to complete p23 THY–IDA with a 1 on space 2, making Red first (3) and
    seat 1 a qualifying second (2). IDA's lowest tokens are Horses-1 and Bottles-1.
    """
    stocks = dict(NO_FOURS, THY=["Coins-4"], IDA=["Horses-1", "Bottles-1", "Helmets-3"])
    stocks.update(extra.pop("stocks", {}))
    return scenario(
        3,
        stocks=stocks,
        hoards={RED: ["Horses-4"], YELLOW: ["Armbands-4", "Bottles-4"], GREEN: ["Helmets-4"]},
        groups=[(RED, "p23", 0, 2), (YELLOW, "p23", 1, 2), (RED, "p23", 3, 1)],
        decks=decks or {RED: [1, 2, 2], YELLOW: [1, 2], GREEN: [2, 3]},
        **extra,
    )


def make(players: int = 3, variants: Sequence[str] = (), seed: int = 1, **options: Any) -> Ilium:
    """An Ilium game."""
    game = kleos.make("ilium", players=players, seed=seed, variants=variants, **options)
    assert isinstance(game, Ilium)
    return game


def scenario(
    players: int = 3, variants: Sequence[str] = (), seed: int = 1, **kw: Any
) -> IliumState:
    """A custom position (see `kleos.games.ilium.scenario.position`)."""
    return position(make(players, variants, seed), **kw)


def options(state: IliumState) -> list[str]:
    """The legal actions as canonical texts, in canonical order."""
    return [str(a) for a in state.legal_actions()]


def play(state: IliumState, *texts: str) -> list[Event]:
    """Apply actions given by text (checked), returning all their events."""
    events: list[Event] = []
    for text in texts:
        events.extend(state.apply(state.game.parse_action(state, text)))
    return events


def kinds(events: Sequence[Event]) -> list[str]:
    """The kinds of a list of events."""
    return [e["kind"] for e in events]


def only(events: Sequence[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in events if e["kind"] == kind]


def stock(state: IliumState, site_id: str) -> list[str]:
    """A site's tokens as text, in stored order (low to high; the queue in Burial Vaults)."""
    return [token_text(c) for c in state.stock[state.game.board.site_index(site_id)]]


def hoard(state: IliumState, player: int) -> list[str]:
    """A player's tokens as sorted text."""
    return sorted(token_text(c) for c in state.hoard[player])


def snapshot(state: IliumState) -> str:
    """Everything observable about a state (all views and the raw fields), as one string."""
    n = state.game.players
    raw = {
        "views": [state.view(None), *(state.view(p) for p in range(n))],
        "occupant": state.occupant,
        "stock": state.stock,
        "hoard": state.hoard,
        "deck": state.deck,
        "cubes": state.cubes,
        "phase": state.phase_name,
        "decider": state.current_player,
        "turn": state.turn,
        "takes": state.takes,
        "offer_used": state.offer_used,
        "cards_left": state.cards_left,
    }
    return json.dumps(raw, sort_keys=True, default=list)


def random_playout(state: IliumState, rng: random.Random) -> Iterator[IliumState]:
    """Play random legal actions to the end, yielding the state after each one."""
    while not state.is_terminal():
        state.apply_unchecked(rng.choice(state.legal_actions()))
        yield state


def finish_randomly(state: IliumState, seed: int = 0) -> IliumState:
    """Play a state to the end with random legal actions."""
    for _ in random_playout(state, random.Random(seed)):
        pass
    return state


def write_board(
    tmp_path: Path,
    sites: Sequence[tuple[str, int]],
    paths: Sequence[tuple[str, str, str, int, str]],
    closed: Sequence[str] = (),
) -> str:
    """Write a test board JSON file: sites (id, numeral); paths (id, a, b, spaces, shovel)."""
    data = {
        "sites": [
            {"id": sid, "name": f"Site {sid}", "numeral": numeral, "x": 10 * i, "y": 0}
            | ({"closed_in_two_player": True} if sid in closed else {})
            for i, (sid, numeral) in enumerate(sites)
        ],
        "paths": [
            {"id": pid, "a": a, "b": b, "spaces": spaces, "shovel_at": shovel}
            for pid, a, b, spaces, shovel in paths
        ],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def closed_sites(state: IliumState) -> list[str]:
    """The sites closed in this game, as the game's static info lists them."""
    return [s["id"] for s in state.game.static_info()["data"]["board"]["sites"] if s["closed"]]
