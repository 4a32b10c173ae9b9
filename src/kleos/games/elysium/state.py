"""An Elysium position: plain lists and tuples, a task stack and the pending decision."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kleos.core.errors import IllegalActionError
from kleos.core.protocol import Action, Outcome, PlayerId, State
from kleos.games.elysium.actions import ElysiumAction

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

Legend = tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]]
"""(kind, key, real cards, citizens as (card, level it stands for)).

kind: UNDETERMINED (key -1), FAMILY (key = family index) or LEVEL (key = level)."""
UNDETERMINED, FAMILY, LEVEL = 0, 1, 2

Task = tuple[Any, ...]
"""A unit of pending work on the stack: (opcode, arguments...)."""

NO_QUEST = -1
INCOMPLETE = -2
"""Values of `quest[p]` besides a Quest tile's index in `game.quests`."""

ALL_COLUMNS = 0b1111


class ElysiumState(State):
    """A position of Elysium. Tuples inside lists are shared copy-on-write, so `clone` is cheap."""

    __slots__ = (
        "_outcome",
        "agora",
        "allowance",
        "apollo",
        "ares",
        "card_takes",
        "chance_seed",
        "citizen_handle",
        "citizen_serial",
        "citizens",
        "columns",
        "decision",
        "designs",
        "discard",
        "discounts",
        "domain",
        "draw",
        "elysium",
        "entered",
        "epoch",
        "extra",
        "families",
        "family_tiles",
        "gold",
        "history",
        "ignore",
        "keep",
        "level_tiles",
        "options",
        "oracle",
        "oracle_once",
        "order",
        "passed",
        "pediment",
        "phase",
        "pp",
        "quest",
        "reshuffles",
        "ring",
        "stack",
        "step_done",
        "temple",
        "turn_index",
        "turned",
        "vp",
        "window",
        "writer",
    )

    game: Elysium

    def __init__(self, game: Elysium) -> None:
        super().__init__(game)
        n = game.players
        size = len(game.card_set.cards)
        self.epoch = 1
        self.phase = "actions"
        """'actions' (Phase II), 'income', 'writing' (Phase III) or 'over'."""
        self.order: list[PlayerId] = list(range(n))
        """Players by disc: order[0] holds disc 1."""
        self.turn_index = 0
        self.draw: list[int] = []
        """The draw pile; the top card is the last."""
        self.discard: list[int] = []
        self.agora: list[int] = []
        self.oracle: list[int] = []
        self.domain: list[tuple[int, ...]] = [() for _ in range(n)]
        """Face-up cards in each Domain, in order of arrival."""
        self.citizens: list[tuple[int, ...]] = [() for _ in range(n)]
        """Citizens in each Domain (hidden faces), earliest first."""
        self.designs: list[int] = [0] * n
        """Bit set of the designs in each Domain (the identical-card rule)."""
        self.elysium: list[tuple[Legend, ...]] = [() for _ in range(n)]
        self.turned: list[bool] = [False] * size
        self.ring: list[bool] = [False] * size
        self.entered: list[int] = [0] * size
        """The window during which each Domain card arrived."""
        self.gold: list[int] = [game.card_set.starting_gold] * n
        self.vp: list[int] = [0] * n
        self.pp: list[int] = [0] * n
        self.columns: list[int] = [ALL_COLUMNS] * n
        self.card_takes: list[int] = [0] * n
        self.quest: list[int] = [NO_QUEST] * n
        self.temple: tuple[int, ...] = tuple(range(len(game.quests)))
        self.passed: list[bool] = [False] * n
        self.ignore: list[int] = [0] * n
        self.keep: list[int] = [0] * n
        self.oracle_once: list[int] = [0] * n
        self.extra: list[int] = [0] * n
        self.discounts: list[tuple[tuple[int, frozenset[int], bool], ...]] = [() for _ in range(n)]
        """Pending one-shot discounts: (n, levels, citizens)."""
        self.step_done: list[bool] = [False] * n
        self.family_tiles: list[tuple[PlayerId, ...]] = [() for _ in game.card_set.families]
        """Holders of each family's tiles, first (5 VP) then second (2 VP)."""
        self.level_tiles: list[PlayerId] = [-1, -1, -1, -1]
        """Holder of the Level bonus tile of each level (index 1..3)."""
        self.window = 0
        self.writer: PlayerId = -1
        self.allowance = 0
        self.stack: list[Task] = []
        self.decision: tuple[int, PlayerId, Any] | None = None
        """(decision kind, decider, context) of the decision now asked."""
        self.options: tuple[ElysiumAction, ...] = ()
        self.chance_seed = 0
        self.reshuffles = 0
        self.citizen_serial = 0
        self.citizen_handle: dict[int, int] = {}
        """Public handle (1, 2, ...) of every Citizen card, in order of arrival (copy-on-write)."""
        self.pediment = "A"
        self.families: tuple[str, ...] = ()
        """The 5 families in play."""
        self.apollo = False
        self.ares = False
        self.history: tuple[Any, ...] | None = None
        """The decisions made so far, as a shared linked list (previous, player, action)."""
        self._outcome: Outcome | None = None

    # ----------------------------------------------------------------- queries

    @property
    def current_player(self) -> PlayerId | None:
        """Who must decide now; None once the game is over."""
        return None if self.decision is None else self.decision[1]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._outcome is not None

    def outcome(self) -> Outcome:
        """The final scores, winners (place 1) and each player's breakdown (§11)."""
        if self._outcome is None:
            raise IllegalActionError("the game is not over yet, so it has no outcome")
        return self._outcome

    def legal_actions(self) -> tuple[ElysiumAction, ...]:
        """The options of the pending decision, in canonical order."""
        return self.options

    def apply_unchecked(self, action: Action) -> None:
        """Answer the pending decision, then run everything automatic up to the next one."""
        assert self.decision is not None
        self.history = (self.history, self.decision[1], action)
        self.game.advance(self, action)  # type: ignore[arg-type]

    # ------------------------------------------------------------ copies, views

    def clone(self) -> ElysiumState:
        """An independent copy."""
        new = ElysiumState.__new__(ElysiumState)
        new.game = self.game
        new._events = None
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        for name in _LISTS:
            setattr(new, name, getattr(self, name)[:])
        return new

    def _determinize(self, player: PlayerId | None, rng: random.Random) -> ElysiumState:
        """Resample the hidden cards (draw pile order and Citizen faces) and reseed the future.

        The result depends only on the view and `rng`: the hidden cards are sorted before the
        shuffle, so nothing of their true order or faces leaks."""
        new = self.clone()
        hidden = list(new.draw)
        for cards in new.citizens:
            hidden.extend(cards)
        for legends in new.elysium:
            for legend in legends:
                hidden.extend(card for card, _ in legend[3])
        hidden.sort()
        rng.shuffle(hidden)
        handles: dict[int, int] = {}
        for p, cards in enumerate(new.citizens):
            fresh = tuple(hidden.pop() for _ in cards)
            handles.update(zip(fresh, (self.citizen_handle[c] for c in cards), strict=True))
            new.citizens[p] = fresh
        for p, legends in enumerate(new.elysium):
            rebuilt = []
            for kind, key, cards, citizens in legends:
                fresh_citizens = tuple((hidden.pop(), level) for _, level in citizens)
                handles.update(
                    zip(
                        (c for c, _ in fresh_citizens),
                        (self.citizen_handle[c] for c, _ in citizens),
                        strict=True,
                    )
                )
                rebuilt.append((kind, key, cards, fresh_citizens))
            new.elysium[p] = tuple(rebuilt)
        new.draw = hidden
        new.citizen_handle = handles
        new.chance_seed = rng.getrandbits(63)
        return new

    def _view(self, player: PlayerId | None) -> dict[str, Any]:
        """What everyone may see (§14): the same for every player and for spectators."""
        from kleos.games.elysium.views import view

        return view(self)

    def _explain_illegal(self, action: Action) -> str:
        """Why an action is refused, in words."""
        from kleos.games.elysium.views import explain_illegal

        return explain_illegal(self, action)

    def __repr__(self) -> str:
        return (
            f"<ElysiumState {self.game.players}p epoch={self.epoch} decider={self.current_player}>"
        )


_SCALARS = (
    "epoch",
    "phase",
    "turn_index",
    "temple",
    "window",
    "writer",
    "allowance",
    "decision",
    "options",
    "chance_seed",
    "reshuffles",
    "citizen_serial",
    "pediment",
    "families",
    "apollo",
    "ares",
    "history",
    "citizen_handle",
    "_outcome",
)
_LISTS = (
    "order",
    "draw",
    "discard",
    "agora",
    "oracle",
    "domain",
    "citizens",
    "designs",
    "elysium",
    "turned",
    "ring",
    "entered",
    "gold",
    "vp",
    "pp",
    "columns",
    "card_takes",
    "quest",
    "passed",
    "ignore",
    "keep",
    "oracle_once",
    "extra",
    "discounts",
    "step_done",
    "family_tiles",
    "level_tiles",
    "stack",
)
