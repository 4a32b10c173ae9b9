"""Elysium's observation encoding for research interfaces: a fixed-size float vector per
config, given as its non-zero entries (`State.encode`), and a bound on the length of a game.

The vector shows exactly what the view shows (docs/elysium.md §14): Elysium has no private
information, so every seat sees the same things and only the seat order differs. Seats are encoded
relative to the viewer (the viewer first, then the seats after it in seat order); a spectator is
encoded from seat 0's perspective, and differs from seat 0 only in the `viewer` field (empty for a
spectator). The draw pile appears by its size, Citizens by their number (never their faces): a card
with no location entry is in the draw pile or a Citizen (or out of the game).

The layout (`fields`) depends on the number of players, the card set and the families option:
with the families fixed, only their cards and families have entries. Each field is declared once
below (`FIELDS`: its name, size, doc and writer, `kleos.core.encoding`); the layout of a config
is derived from the declarations, built once and cached, and `encode` runs the writers, which
read the state's locations, not the whole card set.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING

from kleos.core.encoding import AtStart, EncodingField, Fields, Writer, saturate
from kleos.core.protocol import PlayerId
from kleos.games.elysium.cards import CardSet, per_card_set
from kleos.games.elysium.length import max_game_length as max_game_length  # the Encoding's
from kleos.games.elysium.state import FAMILY, INCOMPLETE, LEVEL, NO_QUEST, ElysiumState
from kleos.games.elysium.tables import quest_tiles
from kleos.games.elysium.tasks import DecisionKind, Offer, Order, Steal, Swap, Transfers
from kleos.games.elysium.vocabulary import (
    CARDS_PER_EPOCH,
    COLUMNS,
    EPOCHS,
    FAMILIES_IN_PLAY,
    LEVEL_MAX,
    LOSS_KINDS,
    MAX_LEGENDS_PER_PLAYER,
    TURNS_PER_EPOCH,
)

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

PHASES = ("actions", "income", "writing", "over")
PHASE_SLOT = {phase: i for i, phase in enumerate(PHASES)}
LEVELS = (1, 2, 3)
# Counts the rules do not bound (the card set's powers add to them) are `saturate`d: each
# reads 1/2 at its half below.
GOLD_HALF = 10
VP_HALF = 15
PP_HALF = 10
CITIZEN_HALF = 4
PENDING_HALF = 1
AMOUNT_HALF = 2
"""Discounts, attack and gift amounts, transfers left, gold to steal."""
ALLOWANCE_HALF = 3
ORDER_HALF = 3
LEGEND_SCALE = 1 / LEVEL_MAX
LEGEND_SLOT = 1 / MAX_LEGENDS_PER_PLAYER
"""An Elysium card's value is its Legend's number (from 1) times this."""
CODE = 64
"""Elysium entries are sorted as `index * CODE + Legend number` (Legend numbers < CODE)."""
assert MAX_LEGENDS_PER_PLAYER < CODE
AMOUNT_KINDS = {kind: i for i, kind in enumerate(LOSS_KINDS)}
"""The entries of `effect_amounts`: discard, gold, VP, PP."""
DECISIONS = tuple(DecisionKind)
STANDING = tuple(
    tuple(i for i in range(len(COLUMNS)) if mask >> i & 1) for mask in range(1 << len(COLUMNS))
)
"""Per column mask, the columns still on the board."""
GIFT = DecisionKind.GIFT_CHOICE


class Layout:
    """The tables of one config that the writers read, and its vector (`vector`: the fields,
    their starts and the size), derived from the declarations below."""

    def __init__(self, cards: CardSet, players: int, families: tuple[str, ...] | None) -> None:
        n = self.n = players
        self.nq = len(quest_tiles(cards, players))
        self.family_ids = [f.id for f in cards.families]
        ids = self.family_ids
        possible = ids if families is None else [f for f in ids if f in families]
        self.family_slot = [possible.index(f) if f in possible else -1 for f in ids]
        """Per card-set family index, its entry in family-indexed fields (-1: never in play)."""
        slots = [c.index for c in cards.cards if c.design.family in possible]
        self.card_slot = [-1] * len(cards.cards)
        """Per card index, its entry in card-indexed fields (-1: never in play)."""
        for slot, c in enumerate(slots):
            self.card_slot[c] = slot
        self.card_index = AtStart(self._card_index)
        self.nf, self.ncards = len(possible), len(slots)
        self.legend_block = 3 + self.nf + len(LEVELS)
        self.sides = sorted(cards.pediments)
        self.pediment_slot = {side: i for i, side in enumerate(self.sides)}
        first_tile = max(cards.family_bonus_vp.values(), default=1) or 1
        self.family_tile_value = {
            rank: vp / first_tile for rank, vp in cards.family_bonus_vp.items() if vp
        }
        per_family = [len([c for c in cards.cards if c.design.family == f]) for f in possible]
        self.draw_scale = 1 / max(1, sum(sorted(per_family)[-FAMILIES_IN_PLAY:]))
        self.seats = tuple(tuple((v + k) % n for k in range(n)) for v in range(n))
        """Per viewer, the seats in relative order."""
        self.rel = tuple(tuple((p - v) % n for p in range(n)) for v in range(n))
        """Per viewer, each seat's relative seat."""
        self.quest_slot = self.nq
        """The Incomplete entry of a seat's `quest` block."""
        self.families_entries: dict[tuple[str, ...], list[int]] = {}
        """The `families` entries of each set of families in play, filled as they are met."""
        self.vector = FIELDS.lay_out(self)
        self.fields = self.vector.fields
        self.size = self.vector.size
        at = self.vector.starts
        self.agora, self.oracle, self.discard, self.turned, self.ringed, self.fresh = (
            self.card_index[at[name]]
            for name in ("agora", "oracle", "discard", "turned", "ringed", "fresh")
        )
        """Card index -> vector index of the card fields (for readers: writers are given it)."""
        self.swap_out = self.card_index[at["swap_out"]]
        self.domain = tuple(self.card_index[at["domain"] + k * self.ncards] for k in range(n))
        self.elysium = tuple(self.card_index[at["elysium"] + k * self.ncards] for k in range(n))

    def _card_index(self, start: int) -> list[int]:
        """Card index -> its entry in a card-indexed block from `start` (-1: never in play)."""
        return [start + slot if slot >= 0 else -1 for slot in self.card_slot]


class View:
    """What the writers of one `encode` call share: the entries so far, the layout, the viewer
    (None: a spectator, seen from seat 0), the seats in relative order and each seat's relative
    seat."""

    __slots__ = ("indices", "lay", "player", "rel", "seats", "values")

    def __init__(self, lay: Layout, player: PlayerId | None) -> None:
        self.indices: list[int] = []
        self.values: list[float] = []
        self.lay = lay
        self.player = player
        viewer = 0 if player is None else player
        self.seats = lay.seats[viewer]
        self.rel = lay.rel[viewer]


FIELDS: Fields[Layout, ElysiumState, View] = Fields()
"""The vector's fields in order, each with its size, doc and writer."""
PER_SEAT = attrgetter("n")
"""A field size: one entry per seat."""
PER_CARD = attrgetter("ncards")
"""A field size: one entry per card that can be in play."""


# ------------------------------------------------------------------ the game's progress


@FIELDS.field(
    "viewer", PER_SEAT, "1 at the viewer's own seat number (absolute); none for a spectator"
)
def _viewer(s: ElysiumState, c: View, start: int) -> None:
    if c.player is not None:
        c.indices.append(start + c.player)
        c.values.append(1.0)


@FIELDS.field(
    "families", lambda t: t.nf, "1 for each family in play (the families that can be, in set order)"
)
def _families(s: ElysiumState, c: View, start: int) -> None:
    lay = c.lay
    found = lay.families_entries.get(s.families)
    if found is None:
        slot, ids = lay.family_slot, lay.family_ids
        found = sorted(start + slot[ids.index(f)] for f in s.families)
        lay.families_entries[s.families] = found
    c.indices += found
    c.values += [1.0] * len(found)


@FIELDS.field(
    "pediment", lambda t: len(t.sides), lambda t: f"one-hot Pediment side ({', '.join(t.sides)})"
)
def _pediment(s: ElysiumState, c: View, start: int) -> None:
    c.indices.append(start + c.lay.pediment_slot[s.pediment])
    c.values.append(1.0)


@FIELDS.field("epoch", EPOCHS, "one-hot epoch 1-5")
def _epoch(s: ElysiumState, c: View, start: int) -> None:
    c.indices.append(start + s.epoch - 1)
    c.values.append(1.0)


@FIELDS.field("phase", len(PHASES), "one-hot phase: actions (II), income, writing (III), over")
def _phase(s: ElysiumState, c: View, start: int) -> None:
    c.indices.append(start + PHASE_SLOT[s.phase])
    c.values.append(1.0)


@FIELDS.field("round", TURNS_PER_EPOCH, "one-hot Phase II round 1-4 (actions phase only)")
def _round(s: ElysiumState, c: View, start: int) -> None:
    n = c.lay.n
    if s.phase == "actions" and s.turn_index < TURNS_PER_EPOCH * n:
        c.indices.append(start + s.turn_index // n)
        c.values.append(1.0)


@FIELDS.field(
    "turn", PER_SEAT, "one-hot relative seat whose Phase II turn it is (actions phase only)"
)
def _turn(s: ElysiumState, c: View, start: int) -> None:
    n = c.lay.n
    if s.phase == "actions" and s.turn_index < TURNS_PER_EPOCH * n:
        c.indices.append(start + c.rel[s.order[s.turn_index % n]])
        c.values.append(1.0)


@FIELDS.field("decision", len(DECISIONS), "one-hot kind of the pending decision (DecisionKind)")
def _decision(s: ElysiumState, c: View, start: int) -> None:
    if s.decision is not None:
        c.indices.append(start + s.decision.kind)
        c.values.append(1.0)


@FIELDS.field("decider", PER_SEAT, "one-hot relative seat that must decide now")
def _decider(s: ElysiumState, c: View, start: int) -> None:
    if s.decision is not None:
        c.indices.append(start + c.rel[s.decision.player])
        c.values.append(1.0)


@FIELDS.field("writer", PER_SEAT, "one-hot relative seat whose Writing step it is")
def _writer(s: ElysiumState, c: View, start: int) -> None:
    if s.writer >= 0:
        c.indices.append(start + c.rel[s.writer])
        c.values.append(1.0)


@FIELDS.field(
    "allowance",
    1,
    f"transfers left t in the current Writing step, as t / (t + {ALLOWANCE_HALF})",
)
def _allowance(s: ElysiumState, c: View, start: int) -> None:
    if s.writer >= 0 and s.allowance > 0:
        c.indices.append(start)
        c.values.append(saturate(s.allowance, ALLOWANCE_HALF))


@FIELDS.field(
    "order_left",
    1,
    f"order_hook / order_eleusis: cards still to resolve k, as k / (k + {ORDER_HALF})",
)
def _order_left(s: ElysiumState, c: View, start: int) -> None:
    if s.decision is not None and isinstance(asked := s.decision.context, Order):
        c.indices.append(start)
        c.values.append(saturate(len(asked.remaining), ORDER_HALF))


@FIELDS.field(
    "immediate_left",
    1,
    f"immediate_transfer_choice: transfers still allowed t, as t / (t + {AMOUNT_HALF})",
)
def _immediate_left(s: ElysiumState, c: View, start: int) -> None:
    if s.decision is not None and isinstance(asked := s.decision.context, Transfers):
        c.indices.append(start)
        c.values.append(saturate(asked.left, AMOUNT_HALF))


@FIELDS.field("steal_amount", 1, f"steal_target: the gold to steal g, as g / (g + {AMOUNT_HALF})")
def _steal_amount(s: ElysiumState, c: View, start: int) -> None:
    if s.decision is not None and isinstance(asked := s.decision.context, Steal) and asked.gold:
        c.indices.append(start)
        c.values.append(saturate(asked.gold, AMOUNT_HALF))


@FIELDS.field(
    "effect_amounts",
    len(LOSS_KINDS),
    f"gift_choice: the gifts, attack_payment: the options; amount a as a / (a + {AMOUNT_HALF}) "
    "by kind (discard, gold, VP, PP)",
)
def _effect_amounts(s: ElysiumState, c: View, start: int) -> None:
    decision = s.decision
    if decision is None or not isinstance(decision.context, Offer):
        return
    amounts = [0, 0, 0, 0]
    effect = decision.context.effect
    for amount in effect.gifts if decision.kind is GIFT else effect.options:
        i = AMOUNT_KINDS[amount.resource]
        amounts[i] = max(amounts[i], amount.n)
    for i, a in enumerate(amounts):
        if a:
            c.indices.append(start + i)
            c.values.append(saturate(a, AMOUNT_HALF))


@FIELDS.field(
    "temple", lambda t: t.nq, "1 for each Quest tile still in the Temple (tiles by number)"
)
def _temple(s: ElysiumState, c: View, start: int) -> None:
    for q in sorted(s.temple):
        c.indices.append(start + q)
        c.values.append(1.0)


@FIELDS.field("draw_pile", 1, "cards in the draw pile / the cards of the 5 families in play")
def _draw_pile(s: ElysiumState, c: View, start: int) -> None:
    if s.draw:
        c.indices.append(start)
        c.values.append(len(s.draw) * c.lay.draw_scale)


# ------------------------------------------------------------------ per relative seat


@FIELDS.field(
    "disc", lambda t: t.n * t.n, "per relative seat, one-hot disc 1-n (its place in turn order)"
)
def _disc(s: ElysiumState, c: View, start: int) -> None:
    n, order, add, put = c.lay.n, s.order, c.indices.append, c.values.append
    for p in c.seats:
        add(start + order.index(p))
        put(1.0)
        start += n


def counts(of: Callable[[ElysiumState], list[int]], half: float) -> Writer[ElysiumState, View]:
    """The writer of a per-seat count: one entry per relative seat, the count `saturate`d."""

    def write(s: ElysiumState, c: View, start: int) -> None:
        held = of(s)
        for k, p in enumerate(c.seats):
            if held[p]:
                c.indices.append(start + k)
                c.values.append(saturate(held[p], half))

    return write


def flags(of: Callable[[ElysiumState], list[bool]]) -> Writer[ElysiumState, View]:
    """The writer of a per-seat flag: 1 per relative seat that has it."""

    def write(s: ElysiumState, c: View, start: int) -> None:
        held = of(s)
        for k, p in enumerate(c.seats):
            if held[p]:
                c.indices.append(start + k)
                c.values.append(1.0)

    return write


FIELDS.add(
    "gold",
    PER_SEAT,
    f"per relative seat, gold g as g / (g + {GOLD_HALF})",
    counts(attrgetter("gold"), GOLD_HALF),
)
FIELDS.add(
    "vp",
    PER_SEAT,
    f"per relative seat, VP tokens v as v / (v + {VP_HALF})",
    counts(attrgetter("vp"), VP_HALF),
)
FIELDS.add(
    "pp",
    PER_SEAT,
    f"per relative seat, Prestige Points p as p / (p + {PP_HALF})",
    counts(attrgetter("pp"), PP_HALF),
)


@FIELDS.field(
    "columns", lambda t: t.n * len(COLUMNS), "per relative seat, 1 per column on the board (YBGR)"
)
def _columns(s: ElysiumState, c: View, start: int) -> None:
    columns, add, put = s.columns, c.indices.append, c.values.append
    for p in c.seats:
        for i in STANDING[columns[p]]:
            add(start + i)
            put(1.0)
        start += len(COLUMNS)


@FIELDS.field(
    "card_takes", PER_SEAT, f"per relative seat, card takes this epoch / {CARDS_PER_EPOCH}"
)
def _card_takes(s: ElysiumState, c: View, start: int) -> None:
    takes = s.card_takes
    for k, p in enumerate(c.seats):
        if takes[p]:
            c.indices.append(start + k)
            c.values.append(takes[p] / CARDS_PER_EPOCH)


FIELDS.add(
    "passed", PER_SEAT, "per relative seat, 1 if it passed this epoch", flags(attrgetter("passed"))
)
FIELDS.add(
    "step_done",
    PER_SEAT,
    "per relative seat, 1 if its Writing step this epoch is over",
    flags(attrgetter("step_done")),
)


@FIELDS.field(
    "quest",
    lambda t: t.n * (t.nq + 1),
    "per relative seat, one-hot Quest held: a tile (by number), then Incomplete",
)
def _quest(s: ElysiumState, c: View, start: int) -> None:
    incomplete = c.lay.quest_slot
    quest = s.quest
    for p in c.seats:
        q = quest[p]
        if q != NO_QUEST:
            c.indices.append(start + (incomplete if q == INCOMPLETE else q))
            c.values.append(1.0)
        start += incomplete + 1


@FIELDS.field(
    "citizens",
    PER_SEAT,
    f"per relative seat, Citizens k in the Domain as k / (k + {CITIZEN_HALF}) (faces never shown)",
)
def _citizens(s: ElysiumState, c: View, start: int) -> None:
    citizens = s.citizens
    for k, p in enumerate(c.seats):
        if citizens[p]:
            c.indices.append(start + k)
            c.values.append(saturate(len(citizens[p]), CITIZEN_HALF))


@FIELDS.field(
    "pending",
    lambda t: t.n * 4,
    f"per relative seat, pending one-shots k as k / (k + {PENDING_HALF}): ignore_condition, "
    "keep_column, oracle_access, extra_transfer",
)
def _pending(s: ElysiumState, c: View, start: int) -> None:
    pending = (s.ignore, s.keep, s.oracle_once, s.extra)
    for p in c.seats:
        for i, held in enumerate(pending):
            if held[p]:
                c.indices.append(start + i)
                c.values.append(saturate(held[p], PENDING_HALF))
        start += 4


@FIELDS.field(
    "discounts",
    lambda t: t.n * 4,
    f"per relative seat, pending one-shot discount d as d / (d + {AMOUNT_HALF}) on a level 1, 2, "
    "3 card and on a Citizen",
)
def _discounts(s: ElysiumState, c: View, start: int) -> None:
    for k, p in enumerate(c.seats):
        discounts = s.discounts[p]
        if discounts:
            totals = [0, 0, 0, 0]
            for d in discounts:
                for level in d.levels:
                    totals[level - 1] += d.n
                if d.citizens:
                    totals[3] += d.n
            for i, total in enumerate(totals):
                if total:
                    c.indices.append(start + 4 * k + i)
                    c.values.append(saturate(total, AMOUNT_HALF))


@FIELDS.field(
    "family_tiles",
    lambda t: t.n * t.nf,
    "per relative seat and family, the VP of the family tile held / the first tile's VP",
)
def _family_tiles(s: ElysiumState, c: View, start: int) -> None:
    lay, rel = c.lay, c.rel
    held: list[tuple[int, float]] = []
    for f, holders in enumerate(s.family_tiles):
        for rank, p in enumerate(holders, 1):
            value = lay.family_tile_value.get(rank)
            if value:
                held.append((start + rel[p] * lay.nf + lay.family_slot[f], value))
    if held:
        held.sort()
        for i, value in held:
            c.indices.append(i)
            c.values.append(value)


@FIELDS.field(
    "level_tiles", lambda t: t.n * len(LEVELS), "per relative seat, 1 per Level tile held (1-3)"
)
def _level_tiles(s: ElysiumState, c: View, start: int) -> None:
    tiles, rel = s.level_tiles, c.rel
    found: list[int] = []
    for level in LEVELS:
        if tiles[level] >= 0:
            found.append(start + 3 * rel[tiles[level]] + level - 1)
    if found:
        found.sort()
        c.indices += found
        c.values += [1.0] * len(found)


@FIELDS.field(
    "legends",
    lambda t: t.n * MAX_LEGENDS_PER_PLAYER * t.legend_block,
    lambda t: (
        f"per relative seat and Legend 1-{MAX_LEGENDS_PER_PLAYER} (creation order), "
        f"{t.legend_block} entries: size / 5, Citizens / 5, one-hot type "
        "(undetermined, family of each family, level 1-3)"
    ),
)
def _legends(s: ElysiumState, c: View, start: int) -> None:
    lay, add, put = c.lay, c.indices.append, c.values.append
    block, family_slot = lay.legend_block, lay.family_slot
    level_type = 2 + lay.nf  # level L's type entry: after size, Citizens, undetermined, families
    for k, p in enumerate(c.seats):
        at = start + k * MAX_LEGENDS_PER_PLAYER * block
        for legend_kind, key, cards, legend_citizens in s.elysium[p]:
            add(at)
            put((len(cards) + len(legend_citizens)) * LEGEND_SCALE)
            if legend_citizens:
                add(at + 1)
                put(len(legend_citizens) * LEGEND_SCALE)
            if legend_kind is FAMILY:
                add(at + 3 + family_slot[key])
            elif legend_kind is LEVEL:
                add(at + level_type + key)
            else:
                add(at + 2)
            put(1.0)
            at += block


# ------------------------------------------------------------------ cards by location


def pile(of: Callable[[ElysiumState], list[int]]) -> Writer[ElysiumState, View]:
    """The writer of a card pile: 1 per card in it."""

    def write(s: ElysiumState, c: View, start: int) -> None:
        cards = of(s)
        if cards:
            found = sorted(map(c.lay.card_index[start].__getitem__, cards))
            c.indices += found
            c.values += [1.0] * len(found)

    return write


def marked(of: Callable[[ElysiumState], list[bool]]) -> Writer[ElysiumState, View]:
    """The writer of a mark of cards in Domains: 1 per card in any Domain that has it."""

    def write(s: ElysiumState, c: View, start: int) -> None:
        table, marks = c.lay.card_index[start], of(s)
        found = [table[x] for cards in s.domain for x in cards if marks[x]]
        if found:
            found.sort()
            c.indices += found
            c.values += [1.0] * len(found)

    return write


FIELDS.add("agora", PER_CARD, "per card, 1 if it is in the Agora", pile(attrgetter("agora")))
FIELDS.add("oracle", PER_CARD, "per card, 1 if it is in the Oracle", pile(attrgetter("oracle")))
FIELDS.add(
    "discard", PER_CARD, "per card, 1 if it is on the discard pile", pile(attrgetter("discard"))
)
FIELDS.add(
    "turned",
    PER_CARD,
    "per card, 1 if it is a turned Activate card in a Domain",
    marked(attrgetter("turned")),
)
FIELDS.add(
    "ringed",
    PER_CARD,
    "per card, 1 if it is a Trigger card in a Domain, still ringed",
    marked(attrgetter("ring")),
)


@FIELDS.field(
    "fresh",
    PER_CARD,
    "per card, 1 if it entered its Domain during the current window (its power "
    "waits for a later window)",
)
def _fresh(s: ElysiumState, c: View, start: int) -> None:
    table, entered, window = c.lay.card_index[start], s.entered, s.window
    found = [table[x] for cards in s.domain for x in cards if entered[x] == window]
    if found:
        found.sort()
        c.indices += found
        c.values += [1.0] * len(found)


@FIELDS.field(
    "domain", lambda t: t.n * t.ncards, "per relative seat and card, 1 if it is in that Domain"
)
def _domain(s: ElysiumState, c: View, start: int) -> None:
    card_index, width, indices, values = c.lay.card_index, c.lay.ncards, c.indices, c.values
    for p in c.seats:
        cards = s.domain[p]
        if cards:
            indices += sorted(map(card_index[start].__getitem__, cards))
            values += [1.0] * len(cards)
        start += width


@FIELDS.field(
    "elysium",
    lambda t: t.n * t.ncards,
    f"per relative seat and card in that Elysium, its Legend's number / {MAX_LEGENDS_PER_PLAYER}",
)
def _elysium(s: ElysiumState, c: View, start: int) -> None:
    card_index, width, add, put = c.lay.card_index, c.lay.ncards, c.indices.append, c.values.append
    for p in c.seats:
        legends = s.elysium[p]
        if legends:
            table = card_index[start]
            entries: list[int] = []
            push = entries.append
            for number, legend in enumerate(legends, 1):
                for x in legend[2]:
                    push(table[x] * CODE + number)
            entries.sort()
            for e in entries:
                add(e // CODE)
                put(e % CODE * LEGEND_SLOT)
        start += width


@FIELDS.field("swap_out", PER_CARD, "oracle_swap_target: 1 for the Agora card going out")
def _swap_out(s: ElysiumState, c: View, start: int) -> None:
    if s.decision is not None and isinstance(asked := s.decision.context, Swap):
        c.indices.append(c.lay.card_index[start][asked.agora_card])
        c.values.append(1.0)


# ------------------------------------------------------------------ the layout per config


@per_card_set
def _layout_for(cards: CardSet, players: int, families: tuple[str, ...] | None) -> Layout:
    return Layout(cards, players, families)


def layout(game: Elysium) -> Layout:
    """The (cached) layout of a game's config."""
    return _layout_for(game.card_set, game.config.players, game.families)


def fields(game: Elysium) -> list[EncodingField]:
    """The layout of the vector for this config: consecutive fields from 0."""
    return list(layout(game).fields)


def encode(state: ElysiumState, player: PlayerId | None) -> tuple[list[int], list[float]]:
    """The non-zero entries (ascending indices, values) of what `player` (None: a spectator,
    seen from seat 0) may see: the same for every determinization of the position."""
    game = state.game
    lay = _layout_for(game.card_set, game.config.players, game.families)
    return lay.vector.encode(state, View(lay, player))
