"""Transfers, Legend identity and bonus tiles (docs/elysium.md §6, §7)."""

from __future__ import annotations

from kleos.core.protocol import PlayerId
from kleos.games.elysium.actions import CITIZEN, NEW_LEGEND, ElysiumAction, Transfer
from kleos.games.elysium.cards import Effect
from kleos.games.elysium.machine import card_of, leave_domain
from kleos.games.elysium.state import (
    FAMILY,
    LEVEL,
    UNDETERMINED,
    Discount,
    ElysiumState,
    Legend,
    LegendKind,
)
from kleos.games.elysium.tables import Tables
from kleos.games.elysium.vocabulary import FAMILY_MAX, LEVEL_MAX


def size(legend: Legend) -> int:
    """Cards in a Legend, Citizens included."""
    return len(legend.cards) + len(legend.citizens)


def joined_type(t: Tables, legend: Legend, card: int) -> tuple[LegendKind, int] | None:
    """The (kind, key) a Legend has after `card` joins it, or None if it may not
    (docs/elysium.md §6.2)."""
    kind, key, cards, _ = legend
    level, family = t.level[card], t.family[card]
    if kind is UNDETERMINED:
        other = cards[0]
        if t.family[other] == family and t.level[other] != level:
            return FAMILY, family
        if t.level[other] == level and t.family[other] != family:
            return LEVEL, level
        return None
    if kind is FAMILY:
        if family == key and size(legend) < FAMILY_MAX and all(t.level[c] != level for c in cards):
            return FAMILY, key
        return None
    if level == key and size(legend) < LEVEL_MAX and all(t.family[c] != family for c in cards):
        return LEVEL, key
    return None


def citizen_level(t: Tables, legend: Legend) -> int | None:
    """The level a Citizen stands for in this Legend, or None if it may not join
    (docs/elysium.md §6.3)."""
    kind, key, cards, citizens = legend
    if kind is UNDETERMINED or size(legend) < 2:
        return None
    if kind is LEVEL:
        return key if size(legend) < LEVEL_MAX else None
    if size(legend) >= FAMILY_MAX:
        return None
    present = {t.level[c] for c in cards} | {level for _, level in citizens}
    return min({1, 2, 3} - present)


def _discount(discounts: list[Discount], level: int, citizen: bool) -> tuple[int, list[Discount]]:
    """The total of the matching discounts and the ones that matched."""
    matched = [d for d in discounts if (d.citizens if citizen else level in d.levels)]
    return sum(d.n for d in matched), matched


def _static_discounts(s: ElysiumState, p: PlayerId) -> list[Discount]:
    """The Writing-step discounts of the Legend powers now in p's Domain."""
    table = s.game.tables.legend_discounts
    return [Discount(e.n, e.levels, e.citizens) for c in s.domain[p] for e in table[c]]


def transfer_cost(s: ElysiumState, p: PlayerId, action: Transfer, writing: bool) -> int:
    """The gold a transfer costs p now (docs/elysium.md §6.1): the card's level, or the level a
    Citizen stands for in its Legend, less the matching discounts (and, in the Writing step, those
    of the Legend powers in p's Domain)."""
    t = s.game.tables
    citizen = action.card == CITIZEN
    if citizen:
        level = citizen_level(t, s.elysium[p][action.legend - 1])
        assert level is not None
    else:
        level = t.level[s.game.actions.card_index[action.card]]
    discounts = list(s.discounts[p]) + (_static_discounts(s, p) if writing else [])
    return max(0, level - _discount(discounts, level, citizen)[0])


def transfer_options(s: ElysiumState, p: PlayerId, writing: bool) -> list[ElysiumAction]:
    """Every (card or a Citizen, destination) pair p can make and pay now
    (docs/elysium.md §6.1–§6.3)."""
    t = s.game.tables
    acts = s.game.actions
    gold = s.gold[p]
    discounts = list(s.discounts[p])
    if writing:
        discounts += _static_discounts(s, p)
    legends = s.elysium[p]
    options: list[ElysiumAction] = []
    for card in sorted(s.domain[p]):
        level = t.level[card]
        cost = level - _discount(discounts, level, False)[0] if discounts else level
        if cost > gold:
            continue
        row = acts.transfer[card]
        options.append(row[NEW_LEGEND])
        options += [row[j] for j, legend in enumerate(legends, 1) if joined_type(t, legend, card)]
    if s.citizens[p]:
        for j, legend in enumerate(legends, 1):
            level_for = citizen_level(t, legend)
            if (
                level_for is not None
                and level_for - _discount(discounts, level_for, True)[0] <= gold
            ):
                options.append(acts.transfer_citizen[j])
    return options


def make_transfer(s: ElysiumState, p: PlayerId, action: Transfer, writing: bool) -> None:
    """Pay, move the card into its Legend, gain per-transfer rewards, check bonus tiles."""
    t = s.game.tables
    legends = list(s.elysium[p])
    citizen = action.card == CITIZEN
    gains: list[Effect] = [e for c in s.domain[p] for e in t.legend_gains[c]] if writing else []
    if citizen:
        card = s.citizens[p][0]
        target = legends[action.legend - 1]
        level = citizen_level(t, target)
        assert level is not None
    else:
        card = card_of(s, action.card)
        level = t.level[card]
    cost = transfer_cost(s, p, action, writing)
    used = _discount(list(s.discounts[p]), level, citizen)[1]
    s.discounts[p] = tuple(d for d in s.discounts[p] if d not in used)
    s.gold[p] -= cost
    if citizen:
        s.citizens[p] = s.citizens[p][1:]
        index = action.legend - 1
        legends[index] = target._replace(citizens=(*target.citizens, (card, level)))
    else:
        leave_domain(s, p, card)
        if action.legend == NEW_LEGEND:
            legends.append(Legend(UNDETERMINED, -1, (card,), ()))
            index = len(legends) - 1
        else:
            index = action.legend - 1
            legend = legends[index]
            joined = joined_type(t, legend, card)
            assert joined is not None
            kind, key = joined
            legends[index] = Legend(kind, key, (*legend.cards, card), legend.citizens)
    s.elysium[p] = tuple(legends)
    if s._events is not None:
        s.emit(
            "transfer",
            player=p,
            card=None if citizen else action.card,
            legend=index + 1,
            cost=cost,
            immediate=not writing,
        )
    for e in gains:
        if e.citizens if citizen else level in e.levels:
            getattr(s, e.resource)[p] += e.n
            s.emit("gain", player=p, resource=e.resource, n=e.n)
    check_bonus_tiles(s, p, legends[index])


def check_bonus_tiles(s: ElysiumState, p: PlayerId, legend: Legend) -> None:
    """docs/elysium.md §7: a completed Family Legend wins a family tile; a larger Level Legend the
    level tile."""
    kind, key = legend.kind, legend.key
    grown = size(legend)
    if kind is FAMILY and grown == FAMILY_MAX:
        holders = s.family_tiles[key]
        if p not in holders and len(holders) < len(s.game.card_set.family_bonus_vp):
            s.family_tiles[key] = (*holders, p)
            s.emit("family_tile", player=p, family=s.game.family_ids[key], rank=len(holders) + 1)
    elif kind is LEVEL and grown >= 2:
        holder = s.level_tiles[key]
        if holder == p:
            return
        if holder < 0 or grown > best_level_legend(s, holder, key):
            s.level_tiles[key] = p
            s.emit("level_tile", player=p, level=key, taken_from=holder if holder >= 0 else None)


def best_level_legend(s: ElysiumState, p: PlayerId, level: int) -> int:
    """The size of p's largest Level Legend of a level."""
    return max(
        (
            len(g.cards) + len(g.citizens)
            for g in s.elysium[p]
            if g.kind is LEVEL and g.key == level
        ),
        default=0,
    )
