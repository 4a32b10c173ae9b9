"""The Elysium game factory: options, set-up (§3), static tables and action codecs; it hands
the rules and views to its states."""

from __future__ import annotations

from typing import Any, ClassVar

from kleos.core.errors import ConfigError
from kleos.core.inputs import echo
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
from kleos.core.rng import derive_seed, make_rng
from kleos.core.spec import Choice, Data, GameSpec, Pick
from kleos.games.elysium import encoding as elysium_encoding
from kleos.games.elysium import heuristics as elysium_heuristics
from kleos.games.elysium import rules, text, views
from kleos.games.elysium.actions import action_table
from kleos.games.elysium.cards import Card, card_set_data, card_set_for, default_card_data
from kleos.games.elysium.codec import state_from_json
from kleos.games.elysium.state import ElysiumState
from kleos.games.elysium.tables import tables_for
from kleos.games.elysium.vocabulary import COLUMNS, FAMILIES_IN_PLAY, MAX_PLAYERS

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
    heuristics: ClassVar[Heuristics[ElysiumState]] = elysium_heuristics
    encoding: ClassVar[Encoding[ElysiumState, Elysium]] = elysium_encoding

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        self.card_set = card_set_for(self.option("card_set"))
        self.actions = action_table(self.card_set)
        self.action_space = self.actions.space
        self.tables = tables_for(self.card_set)
        self.quests = tuple(
            sorted(
                (q for q in self.card_set.quests if config.players in q.players),
                key=lambda q: q.number,
            )
        )
        self.quest_index = {q.id: i for i, q in enumerate(self.quests)}
        self.quest_column = {
            side: tuple(1 << COLUMNS.index(colours[q.number - 1]) for q in self.quests)
            for side, colours in self.card_set.pediments.items()
        }
        """Per Pediment side, the column bit each Quest tile needs (§4.2, §5.2.3)."""
        self.quest_actions = tuple(self.actions.quest[q.id] for q in self.quests)
        self.families = self._families(self.option("families"))
        self.family_ids = tuple(f.id for f in self.card_set.families)
        self.agora_size = 1 + 3 * config.players

    def _families(self, option: str | tuple[str, ...]) -> tuple[str, ...] | None:
        """The families in play: fixed now, or None to draw them at set-up. The spec has
        checked the option; the card set may hold fewer families than the 8 gods."""
        known = [f.id for f in self.card_set.families]
        if option == "random":
            return None
        if option == "recommended":
            return tuple(sorted(self.card_set.recommended, key=known.index))
        unknown = [f for f in option if f not in known]
        if unknown:
            raise ConfigError(
                f"the card set has no families {echo(unknown)} (families: {', '.join(known)})"
            )
        return tuple(sorted(option, key=known.index))

    def new_initial_state(self) -> ElysiumState:
        """Families, draw pile, Pediment, discs, gold, VP, Agora and Oracle (§3)."""
        seed = self.config.master_seed()
        rng = make_rng(seed)
        state = ElysiumState(self)
        known = [f.id for f in self.card_set.families]
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
        return state_from_json(fields, game)

    def play(self, state: ElysiumState, action: Action) -> None:
        """Answer a state's pending decision with a legal action (`rules.play`)."""
        rules.play(state, action)  # type: ignore[arg-type]

    def view_of(self, state: ElysiumState, player: PlayerId | None) -> ViewParts:
        """What a player may see of a state (`views.view`): the same for everyone (§14)."""
        return views.view(state)

    def explain_illegal_in(self, state: ElysiumState, action: Action) -> str:
        """Why an action is refused in a state (`views.explain_illegal`)."""
        return views.explain_illegal(state, action)

    def _static_data(self) -> dict[str, Any]:
        """The cards, Quests, Pediment sides, families, tiles and scoring tables."""
        return views.static_data(self)

    def card(self, index: int) -> Card:
        """The card with a given index."""
        return self.card_set.cards[index]

    def action_label(self, action: Action) -> str:
        """An action in plain English with card names (`views.action_label`); the text stays
        the machine form."""
        return views.action_label(self, action)

    def describe_event(self, event: Event) -> str:
        """One event in words."""
        return text.describe_event(self, event)
