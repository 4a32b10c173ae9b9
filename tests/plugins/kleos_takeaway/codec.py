"""A Take-away state as JSON (the `state` of a `kleos.core.jsonstate` document), the hands
included, read back strictly: a document becomes a state the rules could reach, or raises a
short `StateDataError`.

The `state` object (`TakeAwayState._to_json` writes it):

- `pile`: the counters left, 0 to the starting pile.
- `turn`: the seat to move; once the pile is empty, the seat that took the last counter.
- `last`: the counters the previous move took (0 before the first move).
- `hands`: per seat, its 3 cards, ascending, no card twice in the game.

Derived on reading: who decides, whether the game is over (an empty pile) and the outcome.
Across fields: the counters taken, the last take and the turn agree, that is some number of
moves, each of 1 to `max_take` counters, took them and brings the turn (or the last counter) to
that seat, and the last take is no more than was taken (none before the first move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kleos.core.jsonstate import Fields, check
from kleos_takeaway.state import DECK, HAND, TakeAwayState

if TYPE_CHECKING:
    from kleos_takeaway.game import TakeAway


def state_from_json(fields: Fields, game: TakeAway) -> TakeAwayState:
    """The state of `game` that a document's `state` object describes."""
    n = game.players
    pile = fields.int("pile", 0, game.start_pile)
    turn = fields.int("turn", 0, n - 1)
    last = fields.int("last", 0, game.max_take)
    rows = fields.list("hands", n, n).lists(HAND, HAND)
    hands = tuple(tuple(row.ints(DECK[0], DECK[-1])) for row in rows)
    for p, hand in enumerate(hands):
        check(list(hand) == sorted(set(hand)), f"state.hands[{p}]: not 3 cards, ascending")
    cards = [card for hand in hands for card in hand]
    check(len(set(cards)) == len(cards), "state.hands: a card is in two hands")
    taken = game.start_pile - pile
    check((last == 0) == (taken == 0) and last <= taken, f"state.last: {last} after {taken} taken")
    over = pile == 0
    role = "have taken the last counter" if over else "be to move"
    check(
        turn in seats_after(game, taken, over),
        f"state.turn: seat {turn} cannot {role} once {taken} of {game.start_pile} are taken",
    )
    return TakeAwayState(game, pile, turn, last, hands)


def seats_after(game: TakeAway, taken: int, over: bool) -> set[int]:
    """The seats that can be to move once `taken` counters are taken (`over`: the seats that
    can have taken the last one): k moves take k to k × `max_take` counters, and the seat to
    move after k moves is k modulo the players."""
    fewest = -(-taken // game.max_take)
    shift = 1 if over else 0
    return {(moves - shift) % game.players for moves in range(fewest, taken + 1)}
