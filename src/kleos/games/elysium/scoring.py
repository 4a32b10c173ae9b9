"""Final scoring (docs/elysium.md §11): Chronos, Legends, bonus tiles, Ares, VP tokens, Citizens;
places. Each part is one function, read by the final scoring and by the heuristics' forecast
(`ai`), so that a scoring rule is written once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kleos.core.protocol import Outcome, PlayerId
from kleos.core.words import tiebreak_words
from kleos.games.elysium.cards import CardSet
from kleos.games.elysium.state import FAMILY, LEVEL, ElysiumState, Legend, LegendKind

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium


def counter(s: ElysiumState, p: PlayerId, name: str) -> int:
    """The value of a `gain_per` counter for p, read now (Citizens count as cards)."""
    if name == "gold_pairs":
        return s.gold[p] // 2
    legends = s.elysium[p]
    if name == "level_legends":
        return sum(1 for legend in legends if legend.kind is LEVEL)
    least = 3 if name == "legends_3plus" else 2
    return sum(1 for legend in legends if len(legend.cards) + len(legend.citizens) >= least)


def ares_vp(pp: list[int], table: tuple[int, ...]) -> list[int]:
    """docs/elysium.md §9.1: players with ≥ 1 PP ranked; tied players share their positions'
    VP, rounded down."""
    ranked = sorted((p for p in range(len(pp)) if pp[p] >= 1), key=lambda p: -pp[p])
    result = [0] * len(pp)
    position = 0
    while position < len(ranked):
        tied = [p for p in ranked if pp[p] == pp[ranked[position]]]
        share = sum(table[position : position + len(tied)]) // len(tied)
        for p in tied:
            result[p] = share
        position += len(tied)
    return result


def ares_ranking(s: ElysiumState, pp: list[int]) -> list[int]:
    """Every player's VP from the Ares ranking of these PP (none without Ares in play)."""
    n = s.game.players
    return ares_vp(pp, s.game.card_set.ares_rank_vp[:n]) if s.ares else [0] * n


def chronos(s: ElysiumState, p: PlayerId) -> tuple[int, int, bool]:
    """What p's Chronos cards give, read now: (VP, PP, whether the Citizens in p's Elysium
    cost no VP)."""
    t = s.game.tables
    power, effects = t.power, t.effects
    vp = pp = 0
    no_penalty = False
    for card in s.domain[p]:
        if power[card] != "chronos":
            continue
        for e in effects[card]:
            if e.op == "citizen_no_penalty":
                no_penalty = True
                continue
            amount = e.n * counter(s, p, e.counter) if e.op == "gain_per" else e.n
            resource = e.resource or e.op.removeprefix("gain_")
            if resource == "vp":
                vp += amount
            elif resource == "pp":
                pp += amount
    return vp, pp, no_penalty


def legend_size_vp(cards: CardSet, kind: LegendKind, size: int) -> int:
    """The VP of a Legend of this kind and size (Citizens count as cards; one card scores
    nothing)."""
    if size < 2:
        return 0
    table = cards.family_legend_vp if kind is FAMILY else cards.level_legend_vp
    return table.get(size, 0)


def legend_vp(cards: CardSet, legend: Legend) -> int:
    """The VP of one Legend as it stands."""
    return legend_size_vp(cards, legend.kind, len(legend.cards) + len(legend.citizens))


def legends_vp(s: ElysiumState, p: PlayerId) -> tuple[int, int]:
    """The VP of p's Legends as they stand, and the number of Citizens in them."""
    cards = s.game.card_set
    vp = citizens = 0
    for kind, _, real, joined in s.elysium[p]:
        vp += legend_size_vp(cards, kind, len(real) + len(joined))
        citizens += len(joined)
    return vp, citizens


def citizens_vp(cards: CardSet, citizens: int, no_penalty: bool) -> int:
    """The VP (a penalty: not above 0) of the Citizens in an Elysium."""
    return 0 if no_penalty else cards.citizen_penalty_vp * citizens


def tiles_vp(s: ElysiumState, p: PlayerId) -> tuple[int, int]:
    """The VP of the family tiles and of the Level bonus tiles p holds."""
    cards = s.game.card_set
    family = level = 0
    for holders in s.family_tiles:
        if p in holders:  # once at most: first (rank 1) or second
            family += cards.family_bonus_vp[holders.index(p) + 1]
    holder = s.level_tiles
    for tile in (1, 2, 3):
        if holder[tile] == p:
            level += cards.level_bonus_vp[tile]
    return family, level


def legend_name(game: Elysium, kind: LegendKind, key: int) -> str:
    """A Legend's type in words ("Family Legend: Zeus", "Level Legend: level 2")."""
    if kind is FAMILY:
        return f"Family Legend: {_family_name(game, key)}"
    return f"Level Legend: level {key}"


def _family_name(game: Elysium, key: int) -> str:
    family = game.family_ids[key]
    return next((f.name for f in game.card_set.families if f.id == family), family)


def _legend_list(s: ElysiumState, p: PlayerId) -> list[dict[str, Any]]:
    """p's scoring Legends (2 cards or more), for the breakdown, each also in words ("Zeus,
    3 cards: 6 VP", "Level 1, 4 cards: 7 VP")."""
    game = s.game
    items = []
    for legend in s.elysium[p]:
        size = len(legend.cards) + len(legend.citizens)
        if size < 2:
            continue
        vp = legend_vp(game.card_set, legend)
        what = _family_name(game, legend.key) if legend.kind is FAMILY else f"Level {legend.key}"
        items.append(
            {
                "type": "family" if legend.kind is FAMILY else "level",
                "key": game.family_ids[legend.key] if legend.kind is FAMILY else legend.key,
                "cards": size,
                "vp": vp,
                "text": f"{what}, {size} cards: {vp} VP",
            }
        )
    return items


def final_outcome(s: ElysiumState) -> Outcome:
    """Score every player in the order of docs/elysium.md §11 and rank them by (total, gold)."""
    cards = s.game.card_set
    n = s.game.players
    vp = s.vp
    read = [chronos(s, p) for p in range(n)]
    pp = [s.pp[p] + read[p][1] for p in range(n)]
    ares = ares_ranking(s, pp)
    breakdown: list[dict[str, Any]] = []
    totals = []
    for p in range(n):
        chronos_vp, _, no_penalty = read[p]
        legends, citizens_in_elysium = legends_vp(s, p)
        family_tiles, level_tiles = tiles_vp(s, p)
        penalty = citizens_vp(cards, citizens_in_elysium, no_penalty)
        total = legends + family_tiles + level_tiles + ares[p] + vp[p] + chronos_vp + penalty
        totals.append(total)
        breakdown.append(
            {
                "legends": legends,
                "legend_list": _legend_list(s, p),
                "family_tiles": family_tiles,
                "level_tiles": level_tiles,
                "ares": ares[p],
                "pp": pp[p],
                "vp_tokens": vp[p],
                "chronos": chronos_vp,
                "citizens": penalty,
                "citizens_in_elysium": citizens_in_elysium,
                "total": total,
                "gold": s.gold[p],
            }
        )
    places = [
        1 + sum(1 for q in range(n) if (totals[q], s.gold[q]) > (totals[p], s.gold[p]))
        for p in range(n)
    ]
    for p in range(n):
        breakdown[p]["place"] = places[p]
    winners = tuple(p for p in range(n) if places[p] == 1)
    names = [s.game.player_name(p) for p in range(n)]
    return Outcome(
        scores=tuple(totals),
        winners=winners,
        breakdown=tuple(breakdown),
        reason="the five epochs have been played",
        tiebreak=tiebreak_words(names, totals, "VP", winners, "gold", s.gold),
    )
