"""An Ilium position as plain data: the board's spaces, stocks, hoards, decks, the pending
decision, the codes of the spaces, and the resampling of what a player cannot see."""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple

from mypy_extensions import mypyc_attr

from kleos.core import decision
from kleos.core.errors import IllegalActionError
from kleos.core.protocol import Action, Outcome, PlayerId, State, ViewParts
from kleos.core.rng import shuffle
from kleos.games.ilium.actions import IliumAction
from kleos.games.ilium.board import TYPES, TokenCode
from kleos.games.ilium.tables import Tables

if TYPE_CHECKING:
    from kleos.games.ilium.game import Ilium

STARTING_CUBES: Final = 3
"""Supply cubes each player starts with (docs/ilium.md §3)."""
MAX_SEATS: Final = 4
"""The most players; the space codes keep a cube code for each."""

# A space's code: EMPTY, a group `owner * 4 + size` (0..15), or a cube `CUBE + owner`.
EMPTY: Final = -1
CUBE: Final = 16
"""The code of seat 0's cube; seat p's is `CUBE + p` (`cube_code`)."""
SPACE_CODES: Final = CUBE + MAX_SEATS
"""Every code of an occupied space is in `range(SPACE_CODES)`."""


def group_code(owner: PlayerId, size: int) -> int:
    """The code of a space holding `owner`'s group of `size` archaeologists (1 to 3)."""
    return owner * 4 + size


def cube_code(owner: PlayerId) -> int:
    """The code of a space holding `owner`'s supply cube."""
    return CUBE + owner


def is_group(code: int) -> bool:
    """Whether a space holds a group (not empty, not a cube)."""
    return 0 <= code < CUBE


def is_cube(code: int) -> bool:
    """Whether a space holds a supply cube."""
    return code >= CUBE


def owner_of(code: int) -> PlayerId:
    """The seat whose group or cube an occupied space holds."""
    return code - CUBE if code >= CUBE else code >> 2


def size_of(code: int) -> int:
    """The archaeologists of a group's space (0 for a cube)."""
    return 0 if code >= CUBE else code & 3


GROUP_SIZES: Final = (1, 2, 3)
"""A group's archaeologists: the values of the Assignment cards."""
GROUP_CODES: Final = frozenset(
    group_code(p, size) for p in range(MAX_SEATS) for size in GROUP_SIZES
)
"""The codes of groups, for the loops of the hot path: `code in GROUP_CODES` is `is_group`."""
OWNER_OF: Final[tuple[PlayerId, ...]] = tuple(owner_of(code) for code in range(SPACE_CODES))
"""`owner_of` as a table, for the loops of the hot path: `OWNER_OF[code]` (occupied spaces)."""
SIZE_OF: Final[tuple[int, ...]] = tuple(size_of(code) for code in range(SPACE_CODES))
"""`size_of` as a table, for the loops of the hot path: `SIZE_OF[code]` (occupied spaces)."""


def space_json(code: int) -> dict[str, int] | None:
    """A space code as JSON: null (empty), {"group": seat, "size": n} or {"cube": seat}."""
    if code == EMPTY:
        return None
    if is_cube(code):
        return {"cube": owner_of(code)}
    return {"group": owner_of(code), "size": size_of(code)}


class DecisionKind(decision.DecisionKind):
    """The decisions D1–D6 of docs/ilium.md §13, by their names in views and documents."""

    CARD = 0
    """D1: the card to play (Strategic Expeditions)."""
    PLACE = 1
    """D2: where to place the group."""
    CUBE = 2
    """D3: a supply cube, or no more."""
    SITE = 3
    """D4: the first's site, when the second qualifies."""
    TOKEN = 4
    """D5: the type of token to take, when the lowest tokens are of several types."""
    OFFER = 5
    """D6: the end-game offer, once all the 4s are dug up."""


DECIDE_CARD, DECIDE_PLACE, DECIDE_CUBE, DECIDE_SITE, DECIDE_TOKEN, DECIDE_OFFER = DecisionKind
"""The kinds by module name: hot paths compare them by identity (`kind is DECIDE_PLACE`)."""
IliumDecision = decision.Decision[DecisionKind, None]
"""An Ilium decision: its kind and player (what it needs is in the state: the excavation,
the takes)."""
DECISIONS: Final[tuple[tuple[IliumDecision, ...], ...]] = tuple(
    tuple(decision.Decision(kind, p, None) for p in range(MAX_SEATS)) for kind in DecisionKind
)
"""`DECISIONS[kind][player]`, built once: the rules never build a decision."""
PHASE_NAMES: Final = (*(kind.label for kind in DecisionKind), "over")
"""The pending decision's name in a state's document and views ('over' once the game ended)."""

Take = tuple[PlayerId, int]
"""A pending take during an excavation: (player, site index)."""


class Excavation(NamedTuple):
    """The excavation under way (docs/ilium.md §5)."""

    path: int
    first: PlayerId
    second: PlayerId
    """-1 when nobody else has archaeologists on the path."""
    qualifies: bool
    """Whether the second has at least half the first's archaeologists."""
    site: int
    """The first's site, once known; -1 before."""


@mypyc_attr(allow_interpreted_subclasses=True)
class IliumState(State["Ilium", "IliumDecision"]):
    """A position of Ilium: plain data. Lists of tuples are shared copy-on-write, so `clone` is
    cheap. The moves and views are the bound class's (`bound.BoundIliumState`): the game makes
    only those, and `clone` keeps the class."""

    __slots__ = (
        "_outcome",
        "card",
        "cards_left",
        "cubes",
        "deck",
        "end_reason",
        "excavation",
        "first_player",
        "fours_on_sites",
        "free",
        "group_space",
        "historian",
        "hoard",
        "last_cube",
        "occupant",
        "offer_used",
        "placement_ids",
        "removed_tokens",
        "stock",
        "tables",
        "takes",
        "turn",
        "turn_path",
    )
    shared_slots: ClassVar[tuple[str, ...]] = ("_outcome", "tables")

    def __init__(self, game: Ilium) -> None:
        super().__init__(game)
        self.tables: Tables = game.tables
        """The game's tables (its board among them), held here so that compiled rules read
        them as native fields, where the game's attributes are looked up by name."""
        board = game.board
        self.occupant: list[int] = [EMPTY] * board.num_slots
        self.free: list[int] = [p.spaces for p in board.paths]
        base = game.tables.place_base
        self.placement_ids: list[int] = [base + slot for slot in game.tables.usable_slots]
        """D2's options: the integers of the group placements on the empty spaces of the usable
        paths, ascending (`place_base` + the space's board slot)."""
        self.stock: list[tuple[TokenCode, ...]] = [() for _ in board.sites]
        self.hoard: list[tuple[TokenCode, ...]] = [() for _ in range(game.players)]
        self.deck: list[tuple[int, ...]] = [() for _ in range(game.players)]
        """Each deck's cards; the top card is the last (sorted in Strategic Expeditions)."""
        self.cubes: list[int] = [STARTING_CUBES] * game.players
        self.historian: tuple[int, ...] = ()
        self.first_player = 0
        self.turn = 0
        self.decision = DECISIONS[DECIDE_PLACE][0]
        """The pending decision (docs/ilium.md §13); None once the game is over."""
        self.card = 0
        self.turn_path = -1
        self.group_space = -1
        self.last_cube = -1
        self.excavation: Excavation | None = None
        self.takes: tuple[Take, ...] = ()
        self.offer_used = False
        self.fours_on_sites = 0
        self.cards_left = 0
        self.removed_tokens: tuple[TokenCode, ...] = ()
        self.end_reason = ""
        self._outcome: Outcome | None = None

    # ----------------------------------------------------------------- queries

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.decision is None

    def outcome(self) -> Outcome:
        """Scores after the donation, the winners and each player's breakdown
        (docs/ilium.md §7, §8)."""
        if self._outcome is None:
            raise IllegalActionError("the game is not over yet, so it has no outcome")
        return self._outcome

    @property
    def phase_name(self) -> str:
        """The pending decision's name, 'over' once the game has ended (`PHASE_NAMES`)."""
        return "over" if self.decision is None else self.decision.kind.label

    # The moves and views: the bound class gives them (`rules`, `present`, `codec`).

    @abstractmethod
    def legal_actions(self) -> tuple[IliumAction, ...]:
        """The options of the pending decision, in the canonical order of docs/ilium.md §13.1."""

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal action, then everything automatic up to the next decision."""

    @abstractmethod
    def _view(self, player: PlayerId | None) -> ViewParts:
        """What `player` may see (docs/ilium.md §10.1); None is a spectator."""

    @abstractmethod
    def _explain_illegal(self, action: Action) -> str:
        """Why an action is refused, in words."""

    @abstractmethod
    def _to_json(self) -> dict[str, Any]:
        """The state's fields as JSON data."""

    # ----------------------------------------------------------------- copies

    def clone(self) -> IliumState:
        """An independent copy of the same class (tuples inside the lists are shared: they are
        never mutated)."""
        cls = self.__class__
        new = cls.__new__(cls)
        new.game = self.game
        new._events = None
        new.tables = self.tables
        new.occupant = self.occupant[:]
        new.free = self.free[:]
        new.placement_ids = self.placement_ids[:]
        new.stock = self.stock[:]
        new.hoard = self.hoard[:]
        new.deck = self.deck[:]
        new.cubes = self.cubes[:]
        new.historian = self.historian
        new.first_player = self.first_player
        new.turn = self.turn
        new.decision = self.decision
        new.card = self.card
        new.turn_path = self.turn_path
        new.group_space = self.group_space
        new.last_cube = self.last_cube
        new.excavation = self.excavation
        new.takes = self.takes
        new.offer_used = self.offer_used
        new.fours_on_sites = self.fours_on_sites
        new.cards_left = self.cards_left
        new.removed_tokens = self.removed_tokens
        new.end_reason = self.end_reason
        new._outcome = self._outcome
        return new

    def _determinize(self, player: PlayerId | None, rng: random.Random) -> IliumState:
        """Resample what `player` cannot see: others' Historians and every deck order
        (below `player`'s own top card). Once the game is over nothing is hidden.

        The result depends only on `view(player)` and `rng`: hidden parts are put in a
        canonical order before they are shuffled, so nothing of the true order leaks."""
        new = self.clone()
        if self.decision is None:
            return new
        n = self.game.players
        others = [q for q in range(n) if q != player]
        pool = [t for t in range(len(TYPES)) if player is None or t != self.historian[player]]
        shuffle(rng, pool)
        historian = list(self.historian)
        for q, t in zip(others, pool, strict=False):
            historian[q] = t
        new.historian = tuple(historian)
        if not self.game.strategic:
            for q in range(n):
                deck = list(self.deck[q])
                keep = deck.pop() if q == player and deck else None
                deck.sort()
                shuffle(rng, deck)
                if keep is not None:
                    deck.append(keep)
                new.deck[q] = tuple(deck)
        return new

    def __repr__(self) -> str:
        return (
            f"<IliumState {self.game.players}p turn={self.turn} "
            f"decision={self.phase_name} decider={self.current_player}>"
        )
