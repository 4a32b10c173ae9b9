"""The Elysium game factory: options, set-up (§3), static tables and action codecs."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from kleos.core.errors import ActionParseError, ConfigError
from kleos.core.inputs import echo, quoted
from kleos.core.protocol import Action, Event, Game, GameConfig, PlayerId, State
from kleos.core.registry import register
from kleos.core.rng import derive_seed, make_rng
from kleos.games.elysium.actions import ElysiumAction, action_table
from kleos.games.elysium.cards import (
    BLACK,
    COLUMNS,
    FAMILIES_IN_PLAY,
    Card,
    CardSet,
    Effect,
    card_set_data,
    card_set_for,
)
from kleos.games.elysium.rules import advance, run, start_game
from kleos.games.elysium.state import ElysiumState

ORACLE_SIZE = 4
MODIFIERS = ("extra_transfer", "transfer_discount", "per_transfer_gain")
"""Primitives that a Legend power applies as a static modifier (§8.8)."""


def condition_table(condition: Sequence[str], black_allowed: bool) -> int:
    """Bit m is set when a board with column set m meets the condition (§5.2.2).

    With `black_allowed` (treat_circle_black), one coloured circle may count as black.
    """
    variants = [tuple(condition)]
    if black_allowed:
        variants += [
            tuple(BLACK if j == i else c for j, c in enumerate(condition))
            for i, c in enumerate(condition)
            if c != BLACK
        ]
    table = 0
    for mask in range(16):
        for circles in variants:
            coloured = [COLUMNS.index(c) for c in circles if c != BLACK]
            if all(mask >> c & 1 for c in coloured) and bin(mask).count("1") >= len(circles):
                table |= 1 << mask
                break
    return table


class Tables:
    """Per-card facts the engine reads on its hot path, indexed by card index."""

    def __init__(self, cards: CardSet) -> None:
        family_index = {f.id: i for i, f in enumerate(cards.families)}
        all_cards = cards.cards
        self.level = [c.design.level for c in all_cards]
        self.family = [family_index[c.design.family] for c in all_cards]
        self.design_bit = [1 << c.design.index for c in all_cards]
        ranked = sorted(range(len(all_cards)), key=lambda i: all_cards[i].id)
        self.id_rank = [0] * len(all_cards)
        """Each card's place in ascending card-id order (§11, §16 #28)."""
        for rank, i in enumerate(ranked):
            self.id_rank[i] = rank
        self.power = [c.design.power for c in all_cards]
        self.window = [c.design.window for c in all_cards]
        self.effects = [c.design.effects for c in all_cards]
        self.cond = [condition_table(c.condition, False) for c in all_cards]
        self.cond_black = [condition_table(c.condition, True) for c in all_cards]
        self.hook = [c.design.power == "permanent" and bool(c.design.hook) for c in all_cards]
        static = [c.design.power == "permanent" and not c.design.hook for c in all_cards]
        ops = [{e.op for e in c.design.effects} for c in all_cards]
        self.immune = [static[i] and "immune_to_attacks" in ops[i] for i in range(len(all_cards))]
        self.circle_black = [
            static[i] and "treat_circle_black" in ops[i] for i in range(len(all_cards))
        ]
        self.oracle_access = [
            static[i] and "oracle_access" in ops[i] for i in range(len(all_cards))
        ]
        legend = [c.design.power == "legend" for c in all_cards]
        self.legend_extra = [
            sum(e.n for e in c.design.effects if e.op == "extra_transfer") if legend[i] else 0
            for i, c in enumerate(all_cards)
        ]
        self.legend_discounts = [
            tuple(e for e in c.design.effects if e.op == "transfer_discount") if legend[i] else ()
            for i, c in enumerate(all_cards)
        ]
        self.legend_gains = [
            tuple(e for e in c.design.effects if e.op == "per_transfer_gain") if legend[i] else ()
            for i, c in enumerate(all_cards)
        ]
        self.legend_start: list[tuple[Effect, ...]] = [
            tuple(e for e in c.design.effects if e.op not in MODIFIERS) if legend[i] else ()
            for i, c in enumerate(all_cards)
        ]
        self.copyable = [not any(e.op == "copy_power" for e in c.design.effects) for c in all_cards]


@register
class Elysium(Game):
    """Elysium for 2–4 players with the full 168-card set.

    Options: `families` — a list of 5 family ids, 'recommended', or omitted for 5 at random;
    `card_set` — another card set that passes the same validation: `kleos.make` takes the
    path of a card-set TOML file and keeps its data in the config, so that a record holds the
    cards themselves and never names a file.
    """

    game_id = "elysium"
    title = "Elysium"
    rules_version = "1"
    min_players = 2
    max_players = 4
    default_players = 3
    known_options = ("families", "card_set")

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        self.card_set = card_set_for(config.option("card_set"))
        self.actions = action_table(self.card_set)
        self.tables = _tables_for(self.card_set)
        self.quests = tuple(
            sorted(
                (q for q in self.card_set.quests if config.players in q.players),
                key=lambda q: q.number,
            )
        )
        self.quest_index = {q.id: i for i, q in enumerate(self.quests)}
        self.quest_actions = tuple(self.actions.quest[q.id] for q in self.quests)
        self.families = self._families(config.option("families"))
        self.family_ids = tuple(f.id for f in self.card_set.families)
        self.agora_size = 1 + 3 * config.players
        self.advance = advance

    @classmethod
    def read_option_files(cls, options: dict[str, Any]) -> dict[str, Any]:
        """A `card_set` given as a file path is read into its data."""
        cards = options.get("card_set")
        if isinstance(cards, str | os.PathLike):
            return {**options, "card_set": card_set_data(cards)}
        return options

    def _families(self, option: Any) -> tuple[str, ...] | None:
        """The families in play: fixed now, or None to draw them at set-up."""
        known = [f.id for f in self.card_set.families]
        if option is None:
            return None
        if option == "recommended":
            return tuple(sorted(self.card_set.recommended, key=known.index))
        if isinstance(option, str):
            option = [f.strip() for f in option.split(",")]
        if not isinstance(option, list | tuple) or not all(isinstance(f, str) for f in option):
            raise ConfigError(
                f"families must be a list of family ids, 'recommended' or omitted, "
                f"not {quoted(option)}"
            )
        chosen = [f.lower() for f in option]
        unknown = [f for f in chosen if f not in known]
        if unknown:
            raise ConfigError(f"unknown families {echo(unknown)} (families: {', '.join(known)})")
        if len(set(chosen)) != FAMILIES_IN_PLAY:
            raise ConfigError(
                f"choose exactly {FAMILIES_IN_PLAY} different families, not {echo(chosen)}"
            )
        return tuple(sorted(chosen, key=known.index))

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
        start_game(state, families, rng)
        run(state)
        return state

    def parse_action(self, state: State, text: str) -> ElysiumAction:
        """The action named by its canonical text (case and spacing are forgiven)."""
        from kleos.games.elysium.views import parse_action

        return parse_action(self, text)

    @property
    def num_distinct_actions(self) -> int:
        """The size of the integer action space."""
        return self.actions.size

    def _action_id(self, action: Action) -> int | None:
        """The stable integer of an action."""
        return self.actions.action_id(action)  # type: ignore[arg-type]

    def _action_from_id(self, index: int) -> ElysiumAction:
        """The action with a given integer."""
        return self.actions.from_id(index)

    def player_name(self, player: PlayerId) -> str:
        """Seats are P1 to P4."""
        return f"P{player + 1}"

    def card_info(self, card_id: str) -> dict[str, Any]:
        """A card's static public data (JSON-ready), for front ends."""
        from kleos.games.elysium.text import card_text

        index = self.actions.card_index.get(card_id)
        if index is None:
            raise ActionParseError(f"no card '{card_id}' in this card set")
        card = self.card_set.cards[index]
        d = card.design
        return {
            "id": card.id,
            "name": d.name,
            "family": d.family,
            "level": d.level,
            "condition": list(card.condition),
            "power": d.power,
            "window": d.window or None,
            "hook": d.hook or None,
            "text": d.text,
            "full_text": card_text(card),
        }

    def quest_info(self, quest_id: str) -> dict[str, Any]:
        """A Quest tile's rewards (or the Incomplete Quest's, for 'incomplete')."""
        if quest_id == "incomplete":
            q = self.card_set.incomplete
        else:
            q = self.quests[self.quest_index[quest_id]]
        return {"id": quest_id, "number": q.number, "vp": q.vp, "gold": q.gold, "lyres": q.lyres}

    def card(self, index: int) -> Card:
        """The card with a given index."""
        return self.card_set.cards[index]

    def describe_event(self, event: Event) -> str:
        """One event in words."""
        from kleos.games.elysium.text import describe_event

        return describe_event(self, event)


_TABLES: dict[int, tuple[CardSet, Tables]] = {}


def _tables_for(cards: CardSet) -> Tables:
    entry = _TABLES.get(id(cards))
    if entry is None or entry[0] is not cards:
        entry = _TABLES[id(cards)] = (cards, Tables(cards))
    return entry[1]
