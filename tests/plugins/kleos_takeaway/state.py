"""A Take-away position: the pile, whose turn it is, the last take and each seat's secret hand
of cards; its views, its outcome and the resampling of what a seat cannot see."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kleos.core.decision import Decision, DecisionKind
from kleos.core.errors import IllegalActionError
from kleos.core.protocol import Action, Outcome, PlayerId, State, ViewParts
from kleos_takeaway.actions import Take

if TYPE_CHECKING:
    from kleos_takeaway.game import TakeAway

DECK = tuple(range(1, 31))
"""The cards, numbered 1 to 30; cards 1 to 10 are stars."""
STARS = 10
HAND = 3
"""Cards dealt face down to each seat at set-up."""
LAST_COUNTER = 5
"""Points for taking the last counter (in misère: for everyone else); more than a hand's
stars can make up."""


def stars(hand: tuple[int, ...]) -> int:
    """A hand's bonus: its stars (cards 1 to 10)."""
    return sum(card <= STARS for card in hand)


def counters(count: int) -> str:
    """'1 counter', '3 counters'."""
    return f"{count} counter{'' if count == 1 else 's'}"


def one_of(numbers: list[int]) -> str:
    """'1', '1 or 2', '1, 2 or 3'."""
    texts = [str(n) for n in numbers]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


class TakeAwayDecision(DecisionKind):
    """Take-away's one kind of decision."""

    TAKE = 0


class TakeAwayState(State):
    """A position of Take-away. `turn` is the seat to move; once the pile is empty it stays
    on the seat that took the last counter."""

    __slots__ = ("hands", "last", "pile", "turn")

    game: TakeAway

    def __init__(
        self, game: TakeAway, pile: int, turn: int, last: int, hands: tuple[tuple[int, ...], ...]
    ) -> None:
        super().__init__(game)
        self.pile = pile
        """The counters left."""
        self.turn = turn
        self.last = last
        """How many counters the previous move took (0 before the first move)."""
        self.hands = hands
        """Each seat's cards, ascending (secret until the end)."""
        self._ask()

    @property
    def bonus(self) -> tuple[int, ...]:
        """Each seat's bonus: the stars in its hand."""
        return tuple(map(stars, self.hands))

    def _ask(self) -> None:
        """The seat to move takes; nobody once the pile is empty."""
        self.decision = Decision(TakeAwayDecision.TAKE, self.turn, None) if self.pile else None

    def legal_actions(self) -> tuple[Action, ...]:
        """Take 1 to `max_take` counters, never more than the pile holds, and never as many
        as the previous move took unless nothing else is left."""
        if self.pile == 0:
            return ()
        return self.game.legal_takes[self.pile][self.last]

    def apply_unchecked(self, action: Action) -> None:
        """Take counters and pass the turn; at the end, the hands are turned up."""
        assert isinstance(action, Take)
        self.pile -= action.count
        self.last = action.count
        self.emit("take", player=self.turn, count=action.count, pile=self.pile)
        if self.pile:
            self.turn = (self.turn + 1) % self.game.players
        else:
            self.emit("reveal", hands=[list(hand) for hand in self.hands])
        self._ask()

    def clone(self) -> TakeAwayState:
        """An independent copy (the hands are immutable tuples, shared)."""
        return TakeAwayState(self.game, self.pile, self.turn, self.last, self.hands)

    def is_terminal(self) -> bool:
        """Whether the pile is empty."""
        return self.pile == 0

    def outcome(self) -> Outcome:
        """Taking the last counter scores 5 (misère: everyone else scores 5), plus the stars
        in each seat's hand; the highest score wins, ties share."""
        if self.pile:
            raise IllegalActionError(f"the game is not over: {counters(self.pile)} left")
        game = self.game
        seats = range(game.players)
        points = [LAST_COUNTER if (p == self.turn) != game.misere else 0 for p in seats]
        bonus = self.bonus
        scores = tuple(points[p] + bonus[p] for p in seats)
        best = max(scores)
        reason = f"{game.player_name(self.turn)} took the last counter"
        return Outcome(
            scores=scores,
            winners=tuple(p for p in seats if scores[p] == best),
            breakdown=tuple({"last_counter": points[p], "stars": bonus[p]} for p in seats),
            reason=reason + (" and loses (misère)" if game.misere else ""),
        )

    def _view(self, player: PlayerId | None) -> ViewParts:
        """Everyone sees the pile, the turn, the last take and how many hands are face down;
        a seat sees its own hand; all are turned up at the end."""
        over = self.pile == 0
        game = self.game
        public: dict[str, Any] = {
            "pile": self.pile,
            "turn": self.turn,
            "last_take": self.last,
            "hidden_hands": 0 if over else game.players,
            "revealed": [list(hand) for hand in self.hands] if over else [],
        }
        private = {} if player is None else {"hand": list(self.hands[player])}
        figures: list[dict[str, Any]] = [
            {"stars": stars(hand) if over else None} for hand in self.hands
        ]
        if over:
            return ViewParts(public, private, figures, "", "")
        name = game.player_name(self.turn)
        choices = one_of([a.count for a in self.legal_actions()])  # type: ignore[attr-defined]
        prompt = f"{name} must take {choices} of {counters(self.pile)}"
        return ViewParts(public, private, figures, "take", prompt)

    def _determinize(self, player: PlayerId | None, rng: random.Random) -> TakeAwayState:
        """The other seats' hands dealt again from the cards the viewer does not hold (the
        viewer keeps its own); nothing is hidden once the game is over."""
        if self.pile == 0:
            return self.clone()
        own = self.hands[player] if player is not None else ()
        pool = [card for card in DECK if card not in own]
        rng.shuffle(pool)
        hands = []
        for p, hand in enumerate(self.hands):
            if p == player:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(pool[:HAND])))
                del pool[:HAND]
        return TakeAwayState(self.game, self.pile, self.turn, self.last, tuple(hands))

    def _to_json(self) -> dict[str, Any]:
        """The state's fields as JSON data (`kleos_takeaway.codec` documents and reads them)."""
        return {
            "pile": self.pile,
            "turn": self.turn,
            "last": self.last,
            "hands": [list(hand) for hand in self.hands],
        }

    def _explain_illegal(self, action: Action) -> str:
        """Why a take is refused, in words."""
        assert isinstance(action, Take)
        if self.pile == 0:
            return f"the pile is empty, so nobody can take {action.count}"
        name = self.game.player_name(self.turn)
        if action.count > self.pile:
            return f"{name} cannot take {action.count}: only {counters(self.pile)} left"
        if action.count == self.last:
            return f"{name} cannot take {action.count} again: the previous move took as many"
        return f"'{action}' is legal now: {name} may take {action.count}"
