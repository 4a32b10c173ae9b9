"""What each player may see (docs/ilium.md §10.1), and the static data a client draws the game
from."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from kleos.core.protocol import PlayerId, ViewParts
from kleos.games.ilium.board import TOKEN_VALUES, TYPES, token_code, token_text, token_value
from kleos.games.ilium.present.labels import pending_decision
from kleos.games.ilium.scoring import tally
from kleos.games.ilium.state import (
    STARTING_CUBES,
    IliumState,
    space_json,
)

if TYPE_CHECKING:
    from kleos.games.ilium.game import Ilium


def _deck_counts(deck: tuple[int, ...]) -> dict[str, int]:
    counts = Counter(deck)
    return {str(v): counts.get(v, 0) for v in (1, 2, 3)}


def view(state: IliumState, player: PlayerId | None) -> ViewParts:
    """The public part for everyone, plus `player`'s Historian and top card (docs/ilium.md
    §10.1)."""
    game = state.game
    board = game.board
    tables = game.tables
    over = state.decision is None
    public: dict[str, Any] = {
        "first_player": state.first_player,
        "turn": state.turn,
        "sites": {
            board.sites[s].id: [token_text(c) for c in state.stock[s]] for s in tables.active_sites
        },
        "paths": {
            board.paths[pi].id: [space_json(state.occupant[slot]) for slot in tables.path_slots[pi]]
            for pi in tables.usable_paths
        },
        "hands": [
            {
                "tokens": sorted(token_text(c) for c in state.hoard[p]),
                "cubes": state.cubes[p],
                "deck": _deck_counts(state.deck[p]),
            }
            for p in range(game.players)
        ],
        "current_turn": {
            "card": state.card or None,
            "path": board.paths[state.turn_path].id if state.turn_path >= 0 else None,
            "group_space": state.group_space if state.group_space >= 0 else None,
            "last_cube": state.last_cube if state.last_cube >= 0 else None,
        },
        "excavation": _excavation(state),
        "offer_used": state.offer_used,
        "fours_on_sites": state.fours_on_sites,
        "removed_tokens": [token_text(c) for c in state.removed_tokens],
        "majorities": majorities(state),
    }
    private: dict[str, Any] = {}
    if player is not None:
        private["historian"] = TYPES[state.historian[player]]
        if not game.strategic:
            deck = state.deck[player]
            private["top_card"] = deck[-1] if deck else None
    seats = [
        {
            "tokens": len(state.hoard[p]),
            "artifacts": sum(map(token_value, state.hoard[p])),
            "cubes": state.cubes[p],
            "cards_left": len(state.deck[p]),
        }
        for p in range(game.players)
    ]
    decision = "" if state.decision is None else state.decision.kind.label
    return ViewParts(public, private, seats, decision, "" if over else pending_decision(state))


OFFER_VALUE = 4
"""The token value whose last excavation brings the end-game offer (docs/ilium.md §6)."""
PHASE_WORDS = {
    "card": "Choose a card",
    "place": "Place a group",
    "cube": "Supply cubes",
    "site": "Choose the dig site",
    "token": "Choose a token",
    "offer": "End-game offer",
    "over": "Game over",
}
"""Each decision (the views' `decision.kind`) as a phase's name, and the end."""
DECISION_HELP = {
    "card": "Choose which of your Assignment cards to play: its value is the size of your group.",
    "place": "Place your group on any empty space; a path whose spaces are all filled is "
    "excavated at once.",
    "cube": "Place a supply cube on an empty space of this turn's path, each above the last "
    "one, or stop placing cubes.",
    "site": "Choose the end of the path you dig at; a qualifying second player takes at the "
    "other end.",
    "token": "Several of the lowest tokens at the site have the same value: choose the type "
    "you take.",
    "offer": "All five value-4 tokens are excavated: end the game now, or play on to the last "
    "card.",
}
"""What each decision asks, for a player who does not know the rules yet."""
BOARD_NOTES = (
    "Each path's spade marks its shovel end, space 0.",
    "A site's tokens are taken lowest value first; the leftmost is the next one taken.",
    f"An outlined token has value {OFFER_VALUE}: once all five are excavated, the end-game "
    "offer is made.",
    "Underlined in the collections: the most tokens of a type (the majority).",
)
"""How to read the board, in words every front end shows."""
FIGURES = (
    ("tokens", "tokens"),
    ("artifacts", "artifacts"),
    ("cubes", "cubes"),
    ("cards_left", "cards left"),
)
"""The seats' public figures a scoreboard shows, with their words."""
SCORE_ROWS: tuple[tuple[str, str, bool], ...] = (
    ("historian", "Historian", False),
    ("donated", "Donated to the Historian", False),
    ("tokens", "Tokens kept, by type", True),
    ("majorities", "Majority points, by type", True),
    ("majority_points", "Majorities", False),
    ("artifacts_by_type", "Artifacts, by type", True),
    ("sets", "Complete sets", False),
    ("set_points", "Set points", False),
    ("total", "Total", False),
    ("artifacts", "Artifacts (tie-break)", False),
)
"""The final breakdown's rows (`outcome.breakdown` keys), in order, with their words; a row
marked True holds one figure per artifact type (its `parts`)."""


def majorities(state: IliumState) -> dict[str, list[PlayerId]]:
    """Per type, the seats that hold the most tokens of it now (none while nobody has one):
    the majorities as they stand, before the Historians' donations (docs/ilium.md §8.1)."""
    n = state.game.players
    counts = [tally(state.hoard[p])[0] for p in range(n)]
    leaders: dict[str, list[PlayerId]] = {}
    for t, name in enumerate(TYPES):
        most = max(counts[p][t] for p in range(n))
        leaders[name] = [p for p in range(n) if most and counts[p][t] == most]
    return leaders


def static_data(game: Ilium) -> dict[str, Any]:
    """The board, the artifacts and the decks of a game of Ilium, as a client draws them,
    with the words every front end uses (phases, decisions, how to read the board)."""
    board = game.board
    tables = game.tables
    return {
        "tokens": {
            token_text(token_code(t, v)): {"type": TYPES[t], "value": v, "offer": v == OFFER_VALUE}
            for t in range(len(TYPES))
            for v in sorted(set(TOKEN_VALUES))
        },
        "offer_value": OFFER_VALUE,
        "phases": PHASE_WORDS,
        "decision_help": DECISION_HELP,
        "board_notes": list(BOARD_NOTES),
        "figures": [{"key": key, "label": label} for key, label in FIGURES],
        "score_rows": [
            {"key": key, "label": label}
            | ({"parts": [{"key": t, "label": t} for t in TYPES]} if by_type else {})
            for key, label, by_type in SCORE_ROWS
        ],
        "board": {
            "sites": [
                {
                    "id": site.id,
                    "name": site.name,
                    "numeral": site.numeral,
                    "x": site.x,
                    "y": site.y,
                    "closed": site.index not in tables.active_sites,
                    "tokens": site.numeral if site.index in tables.active_sites else 0,
                }
                for site in board.sites
            ],
            "paths": [
                {
                    "id": path.id,
                    "ends": [board.sites[path.shovel].id, board.sites[path.other].id],
                    "spaces": path.spaces,
                    "shovel_end": board.sites[path.shovel].id,
                    "used": path.index in tables.usable_paths,
                }
                for path in board.paths
            ],
        },
        "artifact_types": list(TYPES),
        "token_values": list(TOKEN_VALUES),
        "tokens_in_play": tables.pool_size,
        "starting_deck": {str(v): n for v, n in tables.starting_deck.items()},
        "removed_cards": {str(v): n for v, n in tables.removed_cards.items()},
        "cubes": STARTING_CUBES,
        "strategic_expeditions": game.strategic,
        "burial_vaults": game.burial_vaults,
    }


def _excavation(state: IliumState) -> dict[str, Any] | None:
    if state.excavation is None:
        return None
    path, first, second, qualifies, site = state.excavation
    board = state.game.board
    return {
        "path": board.paths[path].id,
        "first": first,
        "second": second if second >= 0 else None,
        "second_qualifies": qualifies,
        "site": board.sites[site].id if site >= 0 and qualifies else None,
        "pending_takes": [{"player": p, "site": board.sites[s].id} for p, s in state.takes],
    }
