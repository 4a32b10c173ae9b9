"""Final scoring (§11): Chronos, Legends, bonus tiles, Ares, VP tokens, Citizens; places."""

from __future__ import annotations

from typing import Any

from kleos.core.protocol import Outcome
from kleos.games.elysium.effects import counter
from kleos.games.elysium.state import FAMILY, ElysiumState


def ares_vp(pp: list[int], table: tuple[int, ...]) -> list[int]:
    """§9.1: players with ≥ 1 PP ranked; tied players share their positions' VP, rounded down."""
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


def final_outcome(s: ElysiumState) -> Outcome:
    """Score every player in the order of §11 and rank them by (total, gold)."""
    game = s.game
    cards = game.card_set
    t = game.tables
    n = game.players
    vp, pp = s.vp[:], s.pp[:]
    chronos_vp = [0] * n
    no_penalty = [False] * n
    for p in s.order:
        for card in sorted(s.domain[p], key=t.id_rank.__getitem__):
            if t.power[card] != "chronos":
                continue
            for e in t.effects[card]:
                if e.op == "citizen_no_penalty":
                    no_penalty[p] = True
                    continue
                amount = e.n * counter(s, p, e.counter) if e.op == "gain_per" else e.n
                resource = e.resource or e.op.removeprefix("gain_")
                if resource == "vp":
                    chronos_vp[p] += amount
                elif resource == "pp":
                    pp[p] += amount
    ares = ares_vp(pp, cards.ares_rank_vp[:n]) if s.ares else [0] * n
    breakdown: list[dict[str, Any]] = []
    totals = []
    for p in range(n):
        legend_vp = 0
        scored = []
        citizens_in_elysium = 0
        for kind, key, real, citizens in s.elysium[p]:
            citizens_in_elysium += len(citizens)
            size = len(real) + len(citizens)
            if size < 2:
                continue
            table = cards.family_legend_vp if kind == FAMILY else cards.level_legend_vp
            points = table.get(size, 0)
            legend_vp += points
            scored.append(
                {
                    "type": "family" if kind == FAMILY else "level",
                    "key": game.family_ids[key] if kind == FAMILY else key,
                    "cards": size,
                    "vp": points,
                }
            )
        family_tiles = sum(
            cards.family_bonus_vp[rank]
            for holders in s.family_tiles
            for rank, holder in enumerate(holders, 1)
            if holder == p
        )
        level_tiles = sum(
            cards.level_bonus_vp[level] for level in (1, 2, 3) if s.level_tiles[level] == p
        )
        penalty = 0 if no_penalty[p] else cards.citizen_penalty_vp * citizens_in_elysium
        total = legend_vp + family_tiles + level_tiles + ares[p] + vp[p] + chronos_vp[p] + penalty
        totals.append(total)
        breakdown.append(
            {
                "legends": legend_vp,
                "legend_list": scored,
                "family_tiles": family_tiles,
                "level_tiles": level_tiles,
                "ares": ares[p],
                "pp": pp[p],
                "vp_tokens": vp[p],
                "chronos": chronos_vp[p],
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
    return Outcome(
        scores=tuple(totals),
        winners=winners,
        breakdown=tuple(breakdown),
        reason="the five epochs have been played",
    )
