"""The Ilium game factory: configuration, set-up (§3) and the action codecs."""

from __future__ import annotations

from typing import Any, ClassVar

from kleos.core.errors import ConfigError
from kleos.core.jsonstate import Fields
from kleos.core.protocol import (
    Action,
    Encoding,
    Event,
    Game,
    GameConfig,
    Heuristics,
    PlayerId,
    ViewParts,
)
from kleos.core.registry import register
from kleos.core.rng import make_rng
from kleos.core.spec import Choice, Data, GameSpec
from kleos.games.ilium import codec, rules, text, views
from kleos.games.ilium import encoding as ilium_encoding
from kleos.games.ilium import heuristics as ilium_heuristics
from kleos.games.ilium.actions import action_table
from kleos.games.ilium.board import (
    TOKEN_VALUES,
    TYPES,
    Board,
    TokenCode,
    board_data,
    board_from_json,
    load_board,
    token_code,
)
from kleos.games.ilium.state import IliumState

STRATEGIC_EXPEDITIONS = "strategic-expeditions"
BURIAL_VAULTS = "burial-vaults"
COLOURS = ("Red", "Yellow", "Green", "Blue")
CARDS = {1: 12, 2: 12, 3: 3}
"""A full deck of Assignment cards: twelve 1s, twelve 2s, three 3s (§1)."""
CARDS_REMOVED_IN_4P = {1: 4, 2: 4}
"""Each player's cards returned to the box in a 4-player game (§3.1 step 5)."""
TWO_PLAYER_SET_ASIDE = (1, 2, 3)
"""The values of each type set aside in a 2-player game (§3.2)."""

_DEFAULT_BOARD: Board | None = None


def default_board() -> Board:
    """The project's board, loaded once."""
    global _DEFAULT_BOARD
    if _DEFAULT_BOARD is None:
        _DEFAULT_BOARD = load_board()
    return _DEFAULT_BOARD


SPEC = GameSpec(
    id="ilium",
    title="Ilium",
    rules_version="1",
    players=(2, 4),
    default_players=3,
    summary="Archaeologists race along the routes between sites to dig up their artifacts.",
    variants=(
        Choice(
            STRATEGIC_EXPEDITIONS,
            "Strategic Expeditions",
            "choose which of your Assignment cards to play (docs/ilium.md §9.1)",
        ),
        Choice(
            BURIAL_VAULTS,
            "Burial Vaults",
            "tokens of equal value go in a random public order, with no choice of type (§9.2)",
        ),
    ),
    seat_names=COLOURS,
    seat_colours=tuple(c.lower() for c in COLOURS),
    options=(
        Data(
            "board",
            "another board (default: the project's)",
            file="a board JSON file",
            reader=board_data,
        ),
    ),
)


@register
class Ilium(Game):
    """Reiner Knizia's Ilium for 2–4 players, with both variants.

    Options (`SPEC`): `board` — another board (for test boards; default: the project's):
    `kleos.make` takes the path of a board JSON file and keeps its data in the config, so that
    a record holds the board itself and never names a file.
    """

    spec = SPEC
    heuristics: ClassVar[Heuristics[IliumState]] = ilium_heuristics
    encoding: ClassVar[Encoding[IliumState, Ilium]] = ilium_encoding

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        board = self.option("board")
        self.board = default_board() if board is None else board_from_json(board)
        self.actions = action_table(self.board)
        self.action_space = self.actions.space
        self.strategic = self.has_variant(STRATEGIC_EXPEDITIONS)
        self.burial_vaults = self.has_variant(BURIAL_VAULTS)
        two = config.players == 2
        self.active_sites = tuple(
            s.index for s in self.board.sites if not (two and s.closed_in_two_player)
        )
        active = set(self.active_sites)
        self.usable_paths = tuple(
            p.index for p in self.board.paths if p.a in active and p.b in active
        )
        self.path_slots = tuple(range(p.offset, p.offset + p.spaces) for p in self.board.paths)
        slots = sum(self.board.sites[s].numeral for s in self.active_sites)
        if slots != self.pool_size:
            raise ConfigError(
                f"the board's active sites have {slots} token places for {self.pool_size} tokens"
            )

    @property
    def pool_size(self) -> int:
        """The number of tokens in play: 50, or 36 with 2 players."""
        total = len(TYPES) * len(TOKEN_VALUES)
        return total - len(TYPES) * len(TWO_PLAYER_SET_ASIDE) + 1 if self.players == 2 else total

    def removed_cards(self) -> dict[int, int]:
        """Each player's cards returned to the box at set-up: value -> count (§3.1 step 5)."""
        return dict(CARDS_REMOVED_IN_4P) if self.players == 4 else {}

    def set_aside_tokens(self) -> list[TokenCode]:
        """The tokens set aside at set-up, one of which goes back at random (§3.2: each
        type's 1, 2 and 3 with 2 players; none otherwise)."""
        if self.players != 2:
            return []
        return [token_code(t, v) for t in range(len(TYPES)) for v in TWO_PLAYER_SET_ASIDE]

    def starting_deck(self) -> dict[int, int]:
        """The composition of each player's deck at the start: value -> count."""
        removed = self.removed_cards()
        return {v: c - removed.get(v, 0) for v, c in CARDS.items()}

    def new_initial_state(self) -> IliumState:
        """Deal tokens, decks and Historians, pick the first player (§3), start the turn."""
        state = self.deal()
        rules.start_turn(state)
        return state

    def deal(self) -> IliumState:
        """The set-up of §3 from the seed, before the first turn starts (no card revealed)."""
        rng = make_rng(self.config.master_seed())
        state = IliumState(self)
        pool = [token_code(t, v) for t in range(len(TYPES)) for v in TOKEN_VALUES]
        if self.players == 2:
            aside = self.set_aside_tokens()
            for code in aside:
                pool.remove(code)
            rng.shuffle(aside)
            pool.append(aside.pop())
            state.removed_tokens = tuple(sorted(aside))
        rng.shuffle(pool)
        dealt = 0
        for s in self.active_sites:
            numeral = self.board.sites[s].numeral
            tokens = pool[dealt : dealt + numeral]
            dealt += numeral
            # Burial Vaults keeps the shuffled order among equal values (a stable sort).
            key = (lambda c: c >> 3) if self.burial_vaults else None
            state.stock[s] = tuple(sorted(tokens, key=key))
        state.fours_on_sites = sum(1 for code in pool if code >> 3 == 4)
        cards = [v for v, c in self.starting_deck().items() for _ in range(c)]
        for p in range(self.players):
            deck = cards[:]
            if not self.strategic:
                rng.shuffle(deck)
            state.deck[p] = tuple(deck)
        state.cards_left = len(cards) * self.players
        historians = list(range(len(TYPES)))
        rng.shuffle(historians)
        state.historian = tuple(historians[: self.players])
        state.first_player = state.turn = rng.randrange(self.players)
        return state

    def state_from_json(self, document: object) -> IliumState:
        """The state a `State.to_json()` document of this game holds (`Game.state_from_json`
        checks the envelope, `codec` the fields); anything else raises `StateDataError`."""
        state = super().state_from_json(document)
        assert isinstance(state, IliumState)
        return state

    def _state_from_json(self, fields: Fields, game: Game) -> IliumState:
        """The state of `game` (this game with the document's seed) its fields describe
        (`codec.state_from_json`)."""
        assert isinstance(game, Ilium)
        return codec.state_from_json(fields, game)

    # The state's hot path reaches the rules through these, with no call in between.
    legal_actions_of = staticmethod(rules.legal_actions)
    """The options of a state's pending decision."""
    play = staticmethod(rules.apply)
    """Apply a legal action to a state."""

    def view_of(self, state: IliumState, player: PlayerId | None) -> ViewParts:
        """What a player may see of a state (`views.view`)."""
        return views.view(state, player)

    def explain_illegal_in(self, state: IliumState, action: Action) -> str:
        """Why an action is refused in a state (`views.explain_illegal`)."""
        return views.explain_illegal(state, action)

    def _static_data(self) -> dict[str, Any]:
        """The board (sites with coordinates, paths with their ends and spaces), artifact
        types, token values and the decks."""
        return views.static_data(self)

    def action_label(self, action: Action) -> str:
        """An action in plain words ("dig at HIS (Hisarlik)"); its text stays the machine form."""
        return text.action_label(self, action)  # type: ignore[arg-type]

    def describe_event(self, event: Event) -> str:
        """One event in words."""
        return text.describe_event(self, event)
