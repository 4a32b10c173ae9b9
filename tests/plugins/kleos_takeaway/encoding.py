"""Take-away's observation encoding for research interfaces: a fixed-size float vector per
config, showing a seat exactly what its view shows.

Seats are relative to the viewer (relative seat 0 is the viewer, 1 the next seat in play
order); a spectator is encoded from seat 0's side with no private entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kleos.core.protocol import EncodingField, PlayerId, lay_out
from kleos_takeaway.state import DECK, TakeAwayState

if TYPE_CHECKING:
    from kleos_takeaway.game import TakeAway

CARDS = len(DECK)


def fields(game: TakeAway) -> list[EncodingField]:
    """The layout of the vector for this game's config, field by field."""
    n = game.players
    layout = [
        ("pile", 1, f"the counters left / {game.start_pile} (none once the pile is empty)"),
        ("to_move", n, "the relative seat to move, one-hot (none once over)"),
        ("last_take", game.max_take, "the counters the previous move took, one-hot"),
        ("hidden_hands", 1, "1 while the hands are face down (none once over)"),
        ("own_hand", CARDS, "private: the viewer's cards, one entry per card of the deck"),
        ("last_taker", n, "once over, the relative seat that took the last counter, one-hot"),
        ("final_hands", n * CARDS, "once over, per relative seat: its cards"),
        ("final_winners", n, "once over, per relative seat: 1 for a winner"),
    ]
    return lay_out(layout)


def encode(state: TakeAwayState, player: PlayerId | None) -> tuple[list[int], list[float]]:
    """The non-zero entries (indices ascending, values) of what `player` may see; None is a
    spectator (seat 0's side, no private entry)."""
    game = state.game
    n = game.players
    at = {f.name: f.start for f in fields(game)}
    viewer = 0 if player is None else player
    order = [(viewer + r) % n for r in range(n)]
    indices: list[int] = []
    values: list[float] = []
    if state.pile:
        indices += [at["pile"], at["to_move"] + (state.turn - viewer) % n]
        values += [state.pile / game.start_pile, 1.0]
    if state.last:
        indices.append(at["last_take"] + state.last - 1)
        values.append(1.0)
    if state.pile:
        indices.append(at["hidden_hands"])
        values.append(1.0)
    if player is not None:
        indices += [at["own_hand"] + card - 1 for card in state.hands[player]]
        values += [1.0] * len(state.hands[player])
    if not state.pile:
        winners = state.outcome().winners
        indices.append(at["last_taker"] + (state.turn - viewer) % n)
        indices += [
            at["final_hands"] + r * CARDS + card - 1
            for r, p in enumerate(order)
            for card in state.hands[p]
        ]
        indices += [at["final_winners"] + r for r, p in enumerate(order) if p in winners]
        values += [1.0] * (len(indices) - len(values))
    return indices, values


def max_game_length(game: TakeAway) -> int:
    """Every move takes at least one counter: a game has at most `pile` decisions."""
    return game.start_pile
