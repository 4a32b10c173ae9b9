"""Take-away, the smallest game that implements the contract: tests of `kleos.core` use it
to exercise the protocol's own behaviour apart from any real game."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kleos.core.actions import ActionSpace, action
from kleos.core.errors import IllegalActionError
from kleos.core.protocol import Action, Game, Outcome, PlayerId, State, ViewParts
from kleos.core.spec import Choice, GameSpec, Number


@action("take {count}")
@dataclass(frozen=True)
class Take:
    """Take this many counters from the pile."""

    count: int


TAKES = (Take(1), Take(2))
SPACE = ActionSpace(TAKES, "Take-away", "take 1, take 2")


class TakeAwayState(State):
    """A pile of counters; players take 1 or 2 in turn; whoever takes the last one wins."""

    __slots__ = ("pile", "turn")

    def __init__(self, game: TakeAway, pile: int) -> None:
        super().__init__(game)
        self.pile = pile
        self.turn = 0

    @property
    def current_player(self) -> PlayerId | None:
        """The player to move, or None when the pile is empty."""
        return None if self.pile == 0 else self.turn

    def legal_actions(self) -> tuple[Action, ...]:
        """Take 1 or 2, never more than the pile."""
        return tuple(t for t in TAKES if t.count <= self.pile)

    def apply_unchecked(self, action: Action) -> None:
        """Take counters, then pass the turn."""
        assert isinstance(action, Take)
        self.pile -= action.count
        self.emit("take", player=self.turn, count=action.count, pile=self.pile)
        if self.pile:
            self.turn = (self.turn + 1) % self.game.players

    def clone(self) -> TakeAwayState:
        """An independent copy."""
        assert isinstance(self.game, TakeAway)
        new = TakeAwayState(self.game, self.pile)
        new.turn = self.turn
        return new

    def is_terminal(self) -> bool:
        """Whether the pile is empty."""
        return self.pile == 0

    def outcome(self) -> Outcome:
        """The player who took the last counter wins."""
        if self.pile:
            raise IllegalActionError("the game is not over yet")
        scores = tuple(int(p == self.turn) for p in range(self.game.players))
        return Outcome(scores=scores, winners=(self.turn,))

    def _view(self, player: PlayerId | None) -> ViewParts:
        """Everything is public."""
        seats = [{} for _ in range(self.game.players)]
        prompt = "" if self.pile == 0 else f"Player {self.turn + 1} must take 1 or 2"
        decision = "" if self.pile == 0 else "take"
        return ViewParts({"pile": self.pile, "turn": self.turn}, {}, seats, decision, prompt)

    def _determinize(self, player: PlayerId | None, rng: random.Random) -> TakeAwayState:
        """Nothing is hidden."""
        return self.clone()


class TakeAway(Game):
    """Take-away from a pile of `options['pile']` counters (default 5), for 2 or 3 players."""

    spec = GameSpec(
        id="take-away",
        title="Take-away",
        rules_version="1",
        players=(2, 3),
        default_players=2,
        summary="Take 1 or 2 counters from a pile; whoever takes the last one wins.",
        variants=(Choice("misere", "Misère", "whoever takes the last counter loses"),),
        options=(Number("pile", "counters in the pile at the start", low=1, high=30, fallback=5),),
    )

    action_space = SPACE

    def new_initial_state(self) -> TakeAwayState:
        """A full pile, the first seat to move."""
        return TakeAwayState(self, self.option("pile"))

    def _static_data(self) -> dict[str, Any]:
        """The pile's size at the start."""
        return {"pile": self.option("pile")}
