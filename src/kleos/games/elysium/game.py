"""The Elysium game factory (options, set-up, the static tables it holds, the action space,
static info) and the bound state class, the one class of state the game makes: its moves call
`rules`, its views and words `present`, its JSON `codec`, directly (docs/contract.md, "Inside
a game package")."""

from __future__ import annotations

from typing import Any, ClassVar

from kleos.core.jsonstate import Fields
from kleos.core.protocol import (
    Action,
    Encoding,
    Event,
    Game,
    GameConfig,
    Heuristics,
    State,
)
from kleos.core.registry import register
from kleos.core.rng import derive_seed, make_rng
from kleos.core.spec import Choice, Data, GameSpec, Pick
from kleos.games.elysium import ai, codec, present, rules
from kleos.games.elysium import encoding as elysium_encoding
from kleos.games.elysium.actions import action_table
from kleos.games.elysium.bound import BoundElysiumState
from kleos.games.elysium.cards import Card, card_set_data, card_set_for, default_card_data
from kleos.games.elysium.state import ElysiumState
from kleos.games.elysium.tables import config_tables_for, tables_for
from kleos.games.elysium.vocabulary import FAMILIES_IN_PLAY, MAX_PLAYERS

SPEC = GameSpec(
    id="elysium",
    title="Elysium",
    rules_version="1",
    players=(2, MAX_PLAYERS),
    default_players=3,
    summary="Draft the cards of five Greek gods and turn them into Legends over five epochs.",
    seat_names=tuple(f"P{seat + 1}" for seat in range(MAX_PLAYERS)),
    options=(
        Pick(
            "families",
            "the five families (gods) in play",
            choices=tuple(
                Choice(f["id"], f["name"], f["theme"]) for f in default_card_data()["family"]
            ),
            count=FAMILIES_IN_PLAY,
            presets=(
                Choice("random", "At random", "five families drawn at set-up"),
                Choice("recommended", "Recommended", "the five families of a first game"),
            ),
        ),
        Data(
            "card_set",
            "another card set (default: the package's 168 cards)",
            file="a card-set TOML file",
            reader=card_set_data,
        ),
    ),
)


@register
class Elysium(Game):
    """Elysium for 2–4 players with the full 168-card set.

    Options (`SPEC`): `families` — 5 family ids, 'recommended', or 'random' (the default) for 5
    at random; `card_set` — another card set that passes the same validation: `kleos.make` takes
    the path of a card-set TOML file and keeps its data in the config, so that a record holds
    the cards themselves and never names a file.
    """

    spec = SPEC
    heuristics: ClassVar[Heuristics[ElysiumState]] = ai
    encoding: ClassVar[Encoding[ElysiumState, Elysium]] = elysium_encoding

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        self.card_set = card_set_for(self.option("card_set"))
        self.actions = action_table(self.card_set)
        self.action_space = self.actions.space
        self.tables = tables_for(self.card_set)
        fixed = config_tables_for(self.card_set, config.players, self.option("families"))
        self.families = fixed.families
        """The families in play when the config fixes them; None: drawn at set-up."""
        self.family_ids = fixed.family_ids
        self.quests = fixed.quests
        self.quest_index = fixed.quest_index
        self.quest_column = fixed.quest_column
        self.quest_actions = fixed.quest_actions
        self.agora_size = fixed.agora_size

    def blank_state(self) -> BoundElysiumState:
        """A state of this game before the deal: `new_initial_state` deals it, the codec fills
        it in from a document."""
        return BoundElysiumState(self)

    def new_initial_state(self) -> BoundElysiumState:
        """Families, draw pile, Pediment, discs, gold, VP, Agora and Oracle
        (docs/elysium.md §3)."""
        seed = self.config.master_seed()
        rng = make_rng(seed)
        state = self.blank_state()
        known = self.family_ids
        families = self.families or tuple(
            sorted(rng.sample(known, FAMILIES_IN_PLAY), key=known.index)
        )
        state.chance_seed = derive_seed(seed, "reshuffles")
        rules.start_game(state, families, rng)
        rules.run(state)
        return state

    def state_from_json(self, document: object) -> ElysiumState:
        """The state a `State.to_json()` document of this game holds (`Game.state_from_json`
        checks the envelope; `codec` reads the state strictly)."""
        state = super().state_from_json(document)
        assert isinstance(state, ElysiumState)
        return state

    def _state_from_json(self, fields: Fields, game: Game) -> ElysiumState:
        """The state of `game` (this game with the document's seed) a document describes."""
        assert isinstance(game, Elysium)
        return codec.state_from_json(fields, game)

    def _static_data(self) -> dict[str, Any]:
        """The cards, Quests, Pediment sides, families, tiles and scoring tables."""
        return present.static_data(self)

    def card(self, index: int) -> Card:
        """The card with a given index."""
        return self.card_set.cards[index]

    def action_label(self, action: Action) -> str:
        """An action in plain English with card names; the text stays the machine form."""
        return present.action_label(self, action)

    def action_short(self, action: Action) -> str:
        """The few words a board shows on the element ("take", "Legend 2")."""
        return present.action_short(self, action)

    def action_target(self, state: State, action: Action) -> str | None:
        """The card, Quest, column, Citizen, seat or pile an action is played on."""
        assert isinstance(state, ElysiumState)
        return present.action_target(state, action)

    def describe_event(self, event: Event) -> str:
        """One event in words."""
        return present.describe_event(self, event)
