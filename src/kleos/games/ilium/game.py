"""The Ilium game factory (configuration, the set-up of docs/ilium.md §3, the action space,
static info) and the bound state class, whose moves and views are the functions of `rules`,
`present` and `codec`."""

from __future__ import annotations

from typing import ClassVar

from kleos.core.jsonstate import Fields
from kleos.core.protocol import Action, Encoding, Game, GameConfig, Heuristics, State
from kleos.core.registry import register
from kleos.core.rng import make_rng
from kleos.core.spec import Choice, Data, GameSpec
from kleos.games.ilium import ai, codec, present, rules
from kleos.games.ilium import encoding as ilium_encoding
from kleos.games.ilium.actions import action_table
from kleos.games.ilium.board import (
    Board,
    board_data,
    board_from_json,
    load_board,
)
from kleos.games.ilium.bound import BoundIliumState
from kleos.games.ilium.state import IliumState
from kleos.games.ilium.tables import tables_for

STRATEGIC_EXPEDITIONS = "strategic-expeditions"
BURIAL_VAULTS = "burial-vaults"
COLOURS = ("Red", "Yellow", "Green", "Blue")

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
            "tokens of equal value go in a random public order, with no choice of type "
            "(docs/ilium.md §9.2)",
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
    heuristics: ClassVar[Heuristics[IliumState]] = ai
    encoding: ClassVar[Encoding[IliumState, Ilium]] = ilium_encoding

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        board = self.option("board")
        self.board = default_board() if board is None else board_from_json(board)
        self.actions = action_table(self.board)
        self.action_space = self.actions.space
        self.tables = tables_for(self.board, config.players)
        self.strategic = self.has_variant(STRATEGIC_EXPEDITIONS)
        self.burial_vaults = self.has_variant(BURIAL_VAULTS)

    def blank_state(self) -> IliumState:
        """An empty board of this game, before the deal: the state the set-up, the codec and
        custom positions fill in."""
        return BoundIliumState(self)

    def new_initial_state(self) -> IliumState:
        """Deal tokens, decks and Historians, pick the first player (docs/ilium.md §3), start the
        turn."""
        state = self.deal()
        rules.start_turn(state)
        return state

    def deal(self) -> IliumState:
        """The set-up (docs/ilium.md §3) from the seed, before the first turn starts (no card
        revealed)."""
        state = self.blank_state()
        rules.deal(state, make_rng(self.config.master_seed()))
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

    _static_data = present.static_data
    action_label = present.action_label
    action_short = present.action_short

    def action_target(self, state: State, action: Action) -> str | None:
        """The board element an action is played on ('space:p12:3', 'site:HIS', …)."""
        assert isinstance(state, IliumState)
        return present.action_target(self, state, action)

    describe_event = present.describe_event
