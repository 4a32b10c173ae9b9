"""The one public view of Elysium (docs/elysium.md §14) and the game's static data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kleos.core.protocol import ViewParts
from kleos.games.elysium.actions import Transfer
from kleos.games.elysium.cards import Card, Quest
from kleos.games.elysium.legends import transfer_cost
from kleos.games.elysium.present.labels import prompt
from kleos.games.elysium.present.text import card_text
from kleos.games.elysium.present.words import (
    citizen_note,
    domain_notes,
    legend_title,
    pending_notes,
    static_words,
)
from kleos.games.elysium.rules import active_eleusis, eligible_cards, eligible_quests
from kleos.games.elysium.scoring import legend_vp
from kleos.games.elysium.state import (
    FAMILY,
    INCOMPLETE,
    LEVEL,
    NO_QUEST,
    ElysiumState,
    Legend,
    history,
)
from kleos.games.elysium.tasks import DecisionKind
from kleos.games.elysium.vocabulary import CARDS_PER_EPOCH, COLUMNS, EPOCHS, MAX_LEGENDS_PER_PLAYER

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

LEGEND_TYPES = {FAMILY: "family", LEVEL: "level"}


def _legend(s: ElysiumState, legend: Legend) -> dict[str, Any]:
    kind, key, cards, citizens = legend
    game = s.game
    return {
        "forecast_vp": legend_vp(game.card_set, legend),
        "type": LEGEND_TYPES.get(kind, "undetermined"),
        "title": legend_title(game, legend),
        "family": game.family_ids[key] if kind == FAMILY else None,
        "level": key if kind == LEVEL else None,
        "cards": [game.card(c).id for c in cards],
        "citizens": [{"citizen": s.citizen_handle[c], "level": lv} for c, lv in citizens],
    }


def _quest_name(s: ElysiumState, q: int) -> str | None:
    if q == NO_QUEST:
        return None
    return "incomplete" if q == INCOMPLETE else s.game.quests[q].id


def view(s: ElysiumState) -> ViewParts:
    """Everything public, the same for every seat: the draw pile by its size, Citizens by
    handles (docs/elysium.md §14); a seat has no secret of its own (its Citizens' faces are hidden
    to it too)."""
    game = s.game
    ids = [c.id for c in game.card_set.cards]
    n = game.players
    public = {
        "families": list(s.families),
        "pediment": s.pediment,
        "epoch": s.epoch,
        "phase": s.phase,
        "order": list(s.order),
        "temple": [game.quests[q].id for q in s.temple],
        "agora": [ids[c] for c in s.agora],
        "oracle": [ids[c] for c in s.oracle] if s.apollo else None,
        "discard": [ids[c] for c in s.discard],
        "draw_pile": len(s.draw),
        "writer": s.writer if s.writer >= 0 else None,
        "allowance": s.allowance if s.writer >= 0 else None,
        "family_tiles": {
            game.family_ids[f]: list(holders) for f, holders in enumerate(s.family_tiles) if holders
        },
        "level_tiles": {
            str(level): s.level_tiles[level] if s.level_tiles[level] >= 0 else None
            for level in (1, 2, 3)
        },
        "players_state": [
            {
                "columns": [c for i, c in enumerate(COLUMNS) if s.columns[p] >> i & 1],
                "card_takes": s.card_takes[p],
                "quest": _quest_name(s, s.quest[p]),
                "passed": s.passed[p],
                "domain": [
                    {
                        "card": ids[c],
                        "turned": s.turned[c],
                        "ring": s.ring[c],
                        "notes": domain_notes(s, p, c),
                    }
                    for c in s.domain[p]
                ],
                "eleusis_active": bool(active_eleusis(s, p)),
                "citizens": [s.citizen_handle[c] for c in s.citizens[p]],
                "can_take": _can_take(s, p),
                "elysium": [_legend(s, legend) for legend in s.elysium[p]],
                "pending_notes": pending_notes(s, p),
                "pending": {
                    "ignore_condition": s.ignore[p],
                    "keep_column": s.keep[p],
                    "oracle_access": s.oracle_once[p],
                    "extra_transfer": s.extra[p],
                    "transfer_discounts": [
                        {"n": d.n, "levels": sorted(d.levels), "citizens": d.citizens}
                        for d in s.discounts[p]
                    ],
                },
            }
            for p in range(n)
        ],
        "history": history(s),
        "transfer_costs": transfer_costs(s),
    }
    seats = [
        {
            "gold": s.gold[p],
            "vp": s.vp[p],
            **({"pp": s.pp[p]} if s.ares else {}),
            "disc": s.order.index(p) + 1,
            "cards": len(s.domain[p]) + len(s.citizens[p]),
            "legends": len(s.elysium[p]),
            "quest": _quest_name(s, s.quest[p]),
        }
        for p in range(n)
    ]
    decision = s.decision
    if decision is None:
        return ViewParts(public, {}, seats, "", "")
    return ViewParts(public, {}, seats, decision.kind.label, prompt(s))


TRANSFER_DECISIONS = (DecisionKind.WRITE, DecisionKind.IMMEDIATE_TRANSFER_CHOICE)


def transfer_costs(s: ElysiumState) -> dict[str, int]:
    """The gold each transfer offered now would cost, by action text; empty unless a
    transfer is asked."""
    decision = s.decision
    if decision is None or decision.kind not in TRANSFER_DECISIONS:
        return {}
    writing = decision.kind is DecisionKind.WRITE
    return {
        str(a): transfer_cost(s, decision.player, a, writing)
        for a in s.options
        if isinstance(a, Transfer)
    }


def static_data(game: Elysium) -> dict[str, Any]:
    """The cards that can be in play (all of the set while the families are drawn at set-up),
    the Quests, the Pediment sides, the families, bonus tiles and scoring tables."""
    cs = game.card_set
    cards = [c for c in cs.cards if game.families is None or c.design.family in game.families]
    quests = len(game.quests)
    return {
        "cards": [card_data(card) for card in cards],
        "families": [
            {"id": f.id, "name": f.name, "code": f.code, "theme": f.theme} for f in cs.families
        ],
        "families_in_play": list(game.families) if game.families is not None else None,
        "quests": [_quest_data(q) for q in game.quests],
        "incomplete_quest": _quest_data(cs.incomplete),
        "pediments": {side: list(colours[:quests]) for side, colours in cs.pediments.items()},
        "columns": list(COLUMNS),
        "family_bonus_vp": {str(rank): vp for rank, vp in cs.family_bonus_vp.items()},
        "level_bonus_vp": {str(level): vp for level, vp in cs.level_bonus_vp.items()},
        "family_legend_vp": {str(size): vp for size, vp in cs.family_legend_vp.items()},
        "level_legend_vp": {str(size): vp for size, vp in cs.level_legend_vp.items()},
        "citizen_penalty_vp": cs.citizen_penalty_vp,
        "ares_rank_vp": list(cs.ares_rank_vp),
        "starting_gold": cs.starting_gold,
        "max_legends": MAX_LEGENDS_PER_PLAYER,
        "limits": {"epochs": EPOCHS, "cards_per_epoch": CARDS_PER_EPOCH},
        "citizen_note": citizen_note(game),
        **static_words(),
    }


def card_data(card: Card) -> dict[str, Any]:
    """A card's public data: id, name, family, level, condition, power type, window, text."""
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


def _quest_data(q: Quest) -> dict[str, Any]:
    return {"id": q.id, "number": q.number, "vp": q.vp, "gold": q.gold, "lyres": q.lyres}


def _can_take(s: ElysiumState, p: int) -> dict[str, list[str]]:
    """The cards and Quests p could take if it were p's turn now (public, derived)."""
    if s.phase != "actions":
        return {"cards": [], "quests": []}
    cards = eligible_cards(s, p) if s.card_takes[p] < CARDS_PER_EPOCH else []
    quests = eligible_quests(s, p) if s.quest[p] == NO_QUEST and not s.passed[p] else []
    return {
        "cards": [s.game.card(c).id for c in cards],
        "quests": [s.game.quests[q].id for q in quests],
    }
