"""The static tables the engine reads on its hot path: per card of a card set (`Tables`, built
once per set) and per config (`ConfigTables`: the Quest tiles, the families, the Agora's size,
built once per card set, player count and families option). The game holds both."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kleos.core.errors import ConfigError
from kleos.core.inputs import echo
from kleos.games.elysium.actions import TakeQuest, action_table
from kleos.games.elysium.cards import CardSet, Effect, Quest, per_card_set
from kleos.games.elysium.vocabulary import BLACK, COLUMNS

MODIFIERS: Final = ("extra_transfer", "transfer_discount", "per_transfer_gain")
"""Primitives that a Legend power applies as a static modifier (docs/elysium.md §8.8)."""


def condition_table(condition: Sequence[str], black_allowed: bool) -> int:
    """Bit m is set when a board with column set m meets the condition (docs/elysium.md §5.2.2).

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
        """Each card's place in ascending card-id order (docs/elysium.md §11, §16 #28)."""
        for rank, i in enumerate(ranked):
            self.id_rank[i] = rank
        self.power = [c.design.power for c in all_cards]
        self.window = [c.design.window for c in all_cards]
        self.activate = [power == "activate" for power in self.power]
        self.fits_window = {
            window: [
                c.design.power in ("activate", "trigger") and c.design.window in (window, "any")
                for c in all_cards
            ]
            for window in ("actions", "legends")
        }
        """Per window, whether each card's power is an Activate or Trigger for it
        (docs/elysium.md §8.3)."""
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


@per_card_set
def tables_for(cards: CardSet) -> Tables:
    """The tables of a card set, built once per set."""
    return Tables(cards)


class ConfigTables:
    """What a config (card set, players, families option) fixes before the deal."""

    def __init__(self, cards: CardSet, players: int, families: str | tuple[str, ...]) -> None:
        self.family_ids = tuple(f.id for f in cards.families)
        """The families of the card set, in set order (a family index is its place here)."""
        self.families = families_in_play(cards, families)
        """The families in play when the config fixes them; None: drawn at set-up."""
        self.quests = quest_tiles(cards, players)
        """The Quest tiles of this player count, by number (a Quest index is its place here)."""
        self.quest_index = {q.id: i for i, q in enumerate(self.quests)}
        self.quest_column = {
            side: tuple(1 << COLUMNS.index(colours[q.number - 1]) for q in self.quests)
            for side, colours in cards.pediments.items()
        }
        """Per Pediment side, the column bit each Quest tile needs (docs/elysium.md §4.2,
        §5.2.3)."""
        quest_action = action_table(cards).quest
        self.quest_actions: tuple[TakeQuest, ...] = tuple(quest_action[q.id] for q in self.quests)
        """The take of each Quest tile, by Quest index."""
        self.agora_size = 1 + 3 * players
        """The cards Phase I fills the Agora to (docs/elysium.md §3, §5.1)."""


@per_card_set
def quest_tiles(cards: CardSet, players: int) -> tuple[Quest, ...]:
    """The Quest tiles of a player count, by number."""
    return tuple(sorted((q for q in cards.quests if players in q.players), key=lambda q: q.number))


def families_in_play(cards: CardSet, option: str | tuple[str, ...]) -> tuple[str, ...] | None:
    """The families in play that the `families` option fixes, in card-set order, or None to
    draw them at set-up. The spec has checked the option; a card set may hold fewer families
    than the 8 gods, and then a `ConfigError` names those it lacks."""
    known = [f.id for f in cards.families]
    if option == "random":
        return None
    if option == "recommended":
        return tuple(sorted(cards.recommended, key=known.index))
    unknown = [f for f in option if f not in known]
    if unknown:
        raise ConfigError(
            f"the card set has no families {echo(unknown)} (families: {', '.join(known)})"
        )
    return tuple(sorted(option, key=known.index))


@per_card_set
def config_tables_for(
    cards: CardSet, players: int, families: str | tuple[str, ...]
) -> ConfigTables:
    """The tables of a config, built once per card set, player count and families option."""
    return ConfigTables(cards, players, families)
