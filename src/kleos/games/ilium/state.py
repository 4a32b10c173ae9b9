"""An Ilium position: the board's spaces, stocks, hoards, decks, the pending decision, and
the resampling of what a player cannot see."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from kleos.core.errors import IllegalActionError
from kleos.core.protocol import Action, Outcome, PlayerId, State, ViewParts
from kleos.games.ilium.actions import IliumAction, PlaceGroup
from kleos.games.ilium.board import TYPES, TokenCode

if TYPE_CHECKING:
    from kleos.games.ilium.game import Ilium

STARTING_CUBES = 3
"""Supply cubes each player starts with (§3)."""
EMPTY = -1
CUBE = 16
"""Space codes: EMPTY, a group `owner * 4 + size` (0..15), or a cube `CUBE + owner`."""

PHASE_CARD, PHASE_PLACE, PHASE_CUBE, PHASE_SITE, PHASE_TOKEN, PHASE_OFFER, PHASE_OVER = range(7)
PHASE_NAMES = ("card", "place", "cube", "site", "token", "offer", "over")

Take = tuple[PlayerId, int]
"""A pending take during an excavation: (player, site index)."""


class Excavation(NamedTuple):
    """The excavation under way (§5)."""

    path: int
    first: PlayerId
    second: PlayerId
    """-1 when nobody else has archaeologists on the path."""
    qualifies: bool
    """Whether the second has at least half the first's archaeologists."""
    site: int
    """The first's site, once known; -1 before."""


class IliumState(State):
    """A position of Ilium: plain data. Lists of tuples are shared copy-on-write, so `clone` is
    cheap. The transitions are `rules`, the views `views`; the game hands them out."""

    __slots__ = (
        "_outcome",
        "card",
        "cards_left",
        "cubes",
        "decider",
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
        "phase",
        "placements",
        "removed_tokens",
        "stock",
        "takes",
        "turn",
        "turn_path",
    )

    game: Ilium

    def __init__(self, game: Ilium) -> None:
        super().__init__(game)
        board = game.board
        self.occupant: list[int] = [EMPTY] * board.num_slots
        self.free: list[int] = [p.spaces for p in board.paths]
        self.placements: tuple[PlaceGroup, ...] = tuple(
            game.actions.place[slot] for pi in game.usable_paths for slot in game.path_slots[pi]
        )
        """The group placements on the empty usable spaces, in slot order: the options of D2,
        shared copy-on-write."""
        self.stock: list[tuple[TokenCode, ...]] = [() for _ in board.sites]
        self.hoard: list[tuple[TokenCode, ...]] = [() for _ in range(game.players)]
        self.deck: list[tuple[int, ...]] = [() for _ in range(game.players)]
        """Each deck's cards; the top card is the last (sorted in Strategic Expeditions)."""
        self.cubes: list[int] = [STARTING_CUBES] * game.players
        self.historian: tuple[int, ...] = ()
        self.first_player = 0
        self.turn = 0
        self.phase = PHASE_PLACE
        self.decider = 0
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

    @property
    def current_player(self) -> PlayerId | None:
        """Who must decide now; None once the game is over."""
        return None if self.phase == PHASE_OVER else self.decider

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == PHASE_OVER

    def outcome(self) -> Outcome:
        """Scores after the donation, the winners and each player's breakdown (§7, §8)."""
        if self._outcome is None:
            raise IllegalActionError("the game is not over yet, so it has no outcome")
        return self._outcome

    def legal_actions(self) -> tuple[IliumAction, ...]:
        """The options of the pending decision, in the canonical order of §13.1."""
        return self.game.legal_actions_of(self)

    def legal_action_ids(self) -> list[int]:
        """The legal actions' integers, ascending; placements (most decisions) without objects."""
        if self.phase == PHASE_PLACE:
            base = self.game.actions.place_base
            return [base + action.slot for action in self.placements]
        return super().legal_action_ids()

    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal action, then everything automatic up to the next decision."""
        self.game.play(self, action)

    # ------------------------------------------------------------ copies, views

    def clone(self) -> IliumState:
        """An independent copy (tuples inside the lists are shared: they are never mutated)."""
        new = IliumState.__new__(IliumState)
        new.game = self.game
        new._events = None
        new.occupant = self.occupant[:]
        new.free = self.free[:]
        new.placements = self.placements
        new.stock = self.stock[:]
        new.hoard = self.hoard[:]
        new.deck = self.deck[:]
        new.cubes = self.cubes[:]
        new.historian = self.historian
        new.first_player = self.first_player
        new.turn = self.turn
        new.phase = self.phase
        new.decider = self.decider
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
        if self.phase == PHASE_OVER:
            return new
        n = self.game.players
        others = [q for q in range(n) if q != player]
        pool = [t for t in range(len(TYPES)) if player is None or t != self.historian[player]]
        rng.shuffle(pool)
        historian = list(self.historian)
        for q, t in zip(others, pool, strict=False):
            historian[q] = t
        new.historian = tuple(historian)
        if not self.game.strategic:
            for q in range(n):
                deck = list(self.deck[q])
                keep = deck.pop() if q == player and deck else None
                deck.sort()
                rng.shuffle(deck)
                if keep is not None:
                    deck.append(keep)
                new.deck[q] = tuple(deck)
        return new

    def _to_json(self) -> dict[str, Any]:
        """The state's fields as JSON data (`codec.state_to_json`)."""
        from kleos.games.ilium.codec import state_to_json  # noqa: PLC0415 - it imports this module

        return state_to_json(self)

    def _view(self, player: PlayerId | None) -> ViewParts:
        """What `player` may see (§10.1); None is a spectator."""
        return self.game.view_of(self, player)

    def _explain_illegal(self, action: Action) -> str:
        """Why an action is refused, in words."""
        return self.game.explain_illegal_in(self, action)

    def __repr__(self) -> str:
        return (
            f"<IliumState {self.game.players}p turn={self.turn} "
            f"phase={PHASE_NAMES[self.phase]} decider={self.current_player}>"
        )
