"""An Elysium position as plain data: lists and tuples, a task stack and the pending decision,
the queries that only read them, and the resampling of what nobody sees.

The moves and the words are not here: the game's bound state class (`bound.BoundElysiumState`)
adds them, calling `rules`, `present` and `codec` directly."""

from __future__ import annotations

import random
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

from kleos.core.errors import IllegalActionError
from kleos.core.protocol import Outcome, PlayerId, State
from kleos.core.rng import shuffle
from kleos.games.elysium.actions import ElysiumAction

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium
    from kleos.games.elysium.tasks import ElysiumDecision, Task  # noqa: F401 (a base's argument)


class LegendKind(IntEnum):
    """A Legend's type (docs/elysium.md §6.2), fixed by its second card."""

    UNDETERMINED = 0
    FAMILY = 1
    LEVEL = 2


UNDETERMINED, FAMILY, LEVEL = LegendKind
"""The kinds by module name: hot paths read them without a lookup through the enum class."""


class Legend(NamedTuple):
    """A group of cards in an Elysium (docs/elysium.md §6.2)."""

    kind: LegendKind
    key: int
    """The family index (FAMILY), the level (LEVEL), or -1 (UNDETERMINED)."""
    cards: tuple[int, ...]
    """The real cards, in order of arrival (at least one: a Citizen never starts a Legend)."""
    citizens: tuple[tuple[int, int], ...]
    """The Citizens, as (card, the level it stands for)."""


class Discount(NamedTuple):
    """A pending one-shot `transfer_discount` (docs/elysium.md §12 #12)."""

    n: int
    levels: frozenset[int]
    """The levels of the real cards it applies to."""
    citizens: bool
    """Whether it applies to a Citizen's transfer."""


NO_QUEST: Final = -1
INCOMPLETE: Final = -2
"""Values of `quest[p]` besides a Quest tile's index in `game.quests`."""

ALL_COLUMNS: Final = 0b1111


@mypyc_attr(allow_interpreted_subclasses=True)
class ElysiumState(State["Elysium", "ElysiumDecision"]):
    """A position of Elysium: plain data. Tuples inside lists are shared copy-on-write, so
    `clone` is cheap. Abstract: the game makes only its bound states (`bound.BoundElysiumState`),
    whose moves are `rules`, whose views and words are `present` and whose JSON is `codec`."""

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

    shared_slots: ClassVar[tuple[str, ...]] = ("_outcome", "citizen_handle")
    """Copy-on-write containers a clone shares: the rules replace them, never change them."""

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
        self.discounts: list[tuple[Discount, ...]] = [() for _ in range(n)]
        self.step_done: list[bool] = [False] * n
        self.family_tiles: list[tuple[PlayerId, ...]] = [() for _ in game.card_set.families]
        """Holders of each family's tiles, first (5 VP) then second (2 VP)."""
        self.level_tiles: list[PlayerId] = [-1, -1, -1, -1]
        """Holder of the Level bonus tile of each level (index 1..3)."""
        self.window = 0
        self.writer: PlayerId = -1
        self.allowance = 0
        self.stack: list[Task] = []
        """Pending work; the next task is the last."""
        self.decision = None
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

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._outcome is not None

    def outcome(self) -> Outcome:
        """The final scores, winners (place 1) and each player's breakdown (docs/elysium.md §11)."""
        if self._outcome is None:
            raise IllegalActionError("the game is not over yet, so it has no outcome")
        return self._outcome

    def legal_actions(self) -> tuple[ElysiumAction, ...]:
        """The options of the pending decision, in canonical order."""
        return self.options

    # ----------------------------------------------------------------- copies

    def clone(self) -> ElysiumState:
        """An independent copy of the same (bound) class; tuples inside the lists are shared:
        they are never mutated."""
        cls = self.__class__
        new = cls.__new__(cls)
        new.game = self.game
        new._events = None
        new.epoch = self.epoch
        new.phase = self.phase
        new.order = self.order[:]
        new.turn_index = self.turn_index
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.agora = self.agora[:]
        new.oracle = self.oracle[:]
        new.domain = self.domain[:]
        new.citizens = self.citizens[:]
        new.designs = self.designs[:]
        new.elysium = self.elysium[:]
        new.turned = self.turned[:]
        new.ring = self.ring[:]
        new.entered = self.entered[:]
        new.gold = self.gold[:]
        new.vp = self.vp[:]
        new.pp = self.pp[:]
        new.columns = self.columns[:]
        new.card_takes = self.card_takes[:]
        new.quest = self.quest[:]
        new.temple = self.temple
        new.passed = self.passed[:]
        new.ignore = self.ignore[:]
        new.keep = self.keep[:]
        new.oracle_once = self.oracle_once[:]
        new.extra = self.extra[:]
        new.discounts = self.discounts[:]
        new.step_done = self.step_done[:]
        new.family_tiles = self.family_tiles[:]
        new.level_tiles = self.level_tiles[:]
        new.window = self.window
        new.writer = self.writer
        new.allowance = self.allowance
        new.stack = self.stack[:]
        new.decision = self.decision
        new.options = self.options
        new.chance_seed = self.chance_seed
        new.reshuffles = self.reshuffles
        new.citizen_serial = self.citizen_serial
        new.citizen_handle = self.citizen_handle
        new.pediment = self.pediment
        new.families = self.families
        new.apollo = self.apollo
        new.ares = self.ares
        new.history = self.history
        new._outcome = self._outcome
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
                hidden.extend(card for card, _ in legend.citizens)
        hidden.sort()
        shuffle(rng, hidden)
        handles: dict[int, int] = {}
        for p, cards in enumerate(new.citizens):
            fresh = tuple(hidden.pop() for _ in cards)
            handles.update(zip(fresh, (self.citizen_handle[c] for c in cards), strict=True))
            new.citizens[p] = fresh
        for p, legends in enumerate(new.elysium):
            rebuilt = []
            for legend in legends:
                citizens = tuple((hidden.pop(), level) for _, level in legend.citizens)
                handles.update(
                    zip(
                        (c for c, _ in citizens),
                        (self.citizen_handle[c] for c, _ in legend.citizens),
                        strict=True,
                    )
                )
                rebuilt.append(legend._replace(citizens=citizens))
            new.elysium[p] = tuple(rebuilt)
        new.draw = hidden
        new.citizen_handle = handles
        new.chance_seed = rng.getrandbits(63)
        return new

    def __repr__(self) -> str:
        return (
            f"<ElysiumState {self.game.players}p epoch={self.epoch} decider={self.current_player}>"
        )


def history(s: ElysiumState) -> list[list[Any]]:
    """Every decision made so far: [player, action text], oldest first."""
    entries = []
    node = s.history
    while node is not None:
        node, player, action = node
        entries.append([player, str(action)])
    entries.reverse()
    return entries
