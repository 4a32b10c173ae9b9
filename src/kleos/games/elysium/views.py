"""The one public view of Elysium (§14), and why an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kleos.core.protocol import Action, ViewParts
from kleos.games.elysium import actions as act
from kleos.games.elysium.actions import CITIZEN, NEW_LEGEND, TakeCard, TakeQuest, Transfer, UsePower
from kleos.games.elysium.cards import Card, Quest
from kleos.games.elysium.legends import transfer_cost
from kleos.games.elysium.rules import active_eleusis, eligible_cards, eligible_quests
from kleos.games.elysium.state import FAMILY, INCOMPLETE, LEVEL, NO_QUEST, ElysiumState, Legend
from kleos.games.elysium.tasks import DecisionKind
from kleos.games.elysium.text import RESOURCE_NAMES, card_text
from kleos.games.elysium.vocabulary import CARDS_PER_EPOCH, COLUMNS, MAX_LEGENDS_PER_PLAYER

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

LEGEND_TYPES = {FAMILY: "family", LEVEL: "level"}


def _legend(s: ElysiumState, legend: Legend) -> dict[str, Any]:
    kind, key, cards, citizens = legend
    game = s.game
    size = len(cards) + len(citizens)
    table = game.card_set.family_legend_vp if kind == FAMILY else game.card_set.level_legend_vp
    return {
        "forecast_vp": table.get(size, 0) if kind in (FAMILY, LEVEL) else 0,
        "type": LEGEND_TYPES.get(kind, "undetermined"),
        "family": game.family_ids[key] if kind == FAMILY else None,
        "level": key if kind == LEVEL else None,
        "cards": [game.card(c).id for c in cards],
        "citizens": [{"citizen": s.citizen_handle[c], "level": lv} for c, lv in citizens],
    }


def _quest_name(s: ElysiumState, q: int) -> str | None:
    if q == NO_QUEST:
        return None
    return "incomplete" if q == INCOMPLETE else s.game.quests[q].id


def history(s: ElysiumState) -> list[list[Any]]:
    """Every decision made so far: [player, action text], oldest first."""
    entries = []
    node = s.history
    while node is not None:
        node, player, action = node
        entries.append([player, str(action)])
    entries.reverse()
    return entries


def view(s: ElysiumState) -> ViewParts:
    """Everything public, the same for every seat: the draw pile by its size, Citizens by
    handles (§14); a seat has no secret of its own (its Citizens' faces are hidden to it too)."""
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
        "oracle": [ids[c] for c in s.oracle],
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
                    {"card": ids[c], "turned": s.turned[c], "ring": s.ring[c]} for c in s.domain[p]
                ],
                "eleusis_active": bool(active_eleusis(s, p)),
                "citizens": [s.citizen_handle[c] for c in s.citizens[p]],
                "can_take": _can_take(s, p),
                "elysium": [_legend(s, legend) for legend in s.elysium[p]],
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
            "pp": s.pp[p],
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


def action_label(game: Elysium, action: Action) -> str:
    """An action in plain English for a button, with card names ("take Hebe (ZEU-01a)")."""

    def name(card_id: str) -> str:
        if card_id == CITIZEN:
            return "a Citizen"
        return f"{game.card(game.actions.card_index[card_id]).design.name} ({card_id})"

    match action:
        case act.UsePower(card):
            return f"use {name(card)}"
        case act.TakeCard(card):
            return f"take {name(card)}"
        case act.TakeQuest(quest):
            q = next(q for q in game.card_set.quests if q.id == quest)
            gains = [f"{q.vp} VP"] if q.vp else []
            gains += [f"{q.gold} gold", f"{q.lyres} transfers"]
            return f"take Quest {quest} ({', '.join(gains)})"
        case act.TakeCitizen():
            return "take a Citizen (face down)"
        case act.Pass():
            return "pass (no more turns this epoch)"
        case act.Resolve(card):
            return f"resolve {name(card)} next"
        case act.Dismiss(column):
            return f"dismiss the {column} column"
        case act.Transfer(card, legend):
            where = "a new Legend" if legend == NEW_LEGEND else f"Legend {legend}"
            return f"transfer {name(card)} to {where}"
        case act.EndStep():
            return "end the Writing step"
        case act.Stop():
            return "stop (no more immediate transfers)"
        case act.CopyTarget(card):
            return f"copy the power of {name(card)}"
        case act.StealFrom(seat):
            return f"steal gold from {game.player_name(seat - 1)}"
        case act.OracleFree(card):
            return f"take {name(card)} from the Oracle"
        case act.SwapOut(card):
            return f"swap {name(card)} out of the Agora"
        case act.SwapIn(card):
            return f"swap {name(card)} into the Agora"
        case act.NoSwap():
            return "no swap"
        case act.Gift(resource, n):
            return f"take the gift of {n} {RESOURCE_NAMES.get(resource, resource)}"
        case act.Pay(resource, n):
            return f"lose {n} {RESOURCE_NAMES.get(resource, resource)}"
        case act.Discard(card):
            return f"discard {name(card)}"
    return str(action)


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


DECISION_PROMPTS = {
    "turn": "use a power, or take a card, a Quest or a Citizen (or pass)",
    "order_hook": "choose which Quest hook resolves next",
    "dismiss_column": "dismiss one of the columns",
    "order_eleusis": "choose which Eleusis power resolves next",
    "write": "transfer to the Elysium ({allowance} left), use a power, or end the step",
    "immediate_transfer_choice": "make an immediate transfer, or stop",
    "copy_target": "choose the card whose power is copied",
    "steal_target": "choose the opponent to steal gold from",
    "oracle_free_card": "choose the Oracle card to take",
    "oracle_swap_choice": "choose the Agora card to swap with an Oracle card, or no swap",
    "oracle_swap_target": "choose the Oracle card to swap in",
    "gift_choice": "choose one of the two gifts",
    "attack_payment": "choose how to pay the attack",
}
"""Each decision in words, as a player is asked it."""
LISTED_OPTIONS = 6
"""How many of the allowed actions a refusal lists."""


def prompt(s: ElysiumState) -> str:
    """Who must decide what now, in words ("P2 must choose how to pay the attack")."""
    if s.decision is None:
        return "nobody: the game is over"
    kind, player, _ = s.decision
    asked = DECISION_PROMPTS[kind.label].format(allowance=s.allowance)
    return f"{s.game.player_name(player)} must {asked}"


def pending_decision(s: ElysiumState) -> str:
    """The decision now asked, and the actions allowed (the first few of them)."""
    shown = ", ".join(str(a) for a in s.options[:LISTED_OPTIONS])
    more = len(s.options) - LISTED_OPTIONS
    tail = f" and {more} more" if more > 0 else ""
    return f"{prompt(s)} (allowed: {shown}{tail})" if s.options else prompt(s)


def explain_illegal(s: ElysiumState, action: Action) -> str:
    """Why an action is refused: the rule it breaks, and what is being decided now."""
    game = s.game
    if s.decision is None:
        return "the game is over"
    kind, player, _ = s.decision
    who = game.player_name(player)
    now = f"now {pending_decision(s)}"
    turn = kind is DecisionKind.TURN
    if isinstance(action, UsePower) and (turn or kind is DecisionKind.WRITE):
        return f"{who} cannot use {action.card} now: {_unusable(s, player, action.card, turn)}"
    if isinstance(action, TakeCard | TakeQuest | UsePower) and not turn:
        return f"takes and Phase II powers belong to a Phase II turn; {now}"
    if isinstance(action, TakeCard) and turn:
        c = game.actions.card_index[action.card]
        if s.card_takes[player] >= CARDS_PER_EPOCH:
            return f"{who} already has {CARDS_PER_EPOCH} cards this epoch; {now}"
        if c not in s.agora and c not in s.oracle:
            return f"{action.card} is not in the Agora; {now}"
        if s.designs[player] & game.tables.design_bit[c]:
            return f"{who} already has an identical card ({game.card(c).design.name}) in the Domain"
        if c in s.oracle and c not in s.agora:
            return f"{action.card} is in the Oracle, and {who} has no oracle access for this take"
        return f"{who}'s columns do not meet the condition of {action.card}"
    if isinstance(action, TakeQuest) and turn:
        if s.quest[player] != NO_QUEST:
            return f"{who} already has a Quest this epoch"
        quest = game.quest_index.get(action.quest)
        if quest is None or quest not in s.temple:
            return f"Quest {action.quest} is not in the Temple"
        if quest not in eligible_quests(s, player):
            return f"{who} has no column of the colour above Quest {action.quest}"
    if isinstance(action, Transfer):
        if kind not in (DecisionKind.WRITE, DecisionKind.IMMEDIATE_TRANSFER_CHOICE):
            return f"transfers happen in a Writing step or through an immediate transfer; {now}"
        if kind is DecisionKind.WRITE and s.allowance <= 0:
            return f"{who} has no transfers left in this Writing step"
        if action.card == CITIZEN and not s.citizens[player]:
            return f"{who} has no Citizen in the Domain"
        if action.card == CITIZEN and action.legend == NEW_LEGEND:
            return "a Citizen never starts a Legend: it joins one of 2 or more cards (§6.3)"
        if action.legend > len(s.elysium[player]):
            return f"{who} has no Legend {action.legend} (Legends: {len(s.elysium[player])})"
        return (
            f"'{action}' is not possible: the card must be in {who}'s Domain, fit the Legend "
            f"(§6.2–6.3) and be paid for ({who} has {s.gold[player]} gold)"
        )
    return f"'{action}' is not possible; {now}"


def _unusable(s: ElysiumState, p: int, card_id: str, turn: bool) -> str:
    """Why a card's power cannot be used in the open window (§8.3): the actions window of a
    `turn`, else the legends window of a Writing step."""
    t = s.game.tables
    c = s.game.actions.card_index[card_id]
    window = "actions" if turn else "legends"
    if c not in s.domain[p]:
        return f"it is not in {s.game.player_name(p)}'s Domain"
    if t.power[c] not in ("activate", "trigger"):
        return f"its power is {t.power[c]}, not an Activate or Trigger power"
    if t.power[c] == "activate" and s.turned[c]:
        return "it is turned (an Activate power works once per epoch)"
    if t.power[c] == "trigger" and not s.ring[c]:
        return "its Trigger has been used"
    if t.window[c] not in (window, "any"):
        return f"its window is '{t.window[c]}', and this is the '{window}' window"
    return "it entered the Domain during this window"
