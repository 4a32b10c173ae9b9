"""The one public view of Elysium (§14), action parsing, and why an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kleos.core.errors import ActionParseError
from kleos.core.inputs import action_words, echo, whole_number
from kleos.core.protocol import Action
from kleos.games.elysium.actions import (
    CITIZEN,
    MAX_LEGENDS,
    NEW_LEGEND,
    ElysiumAction,
    TakeCard,
    TakeQuest,
    Transfer,
    UsePower,
)
from kleos.games.elysium.cards import COLUMNS
from kleos.games.elysium.machine import CARDS_PER_EPOCH, D_TURN, D_WRITE, DECISIONS
from kleos.games.elysium.rules import eligible_cards, eligible_quests
from kleos.games.elysium.state import FAMILY, INCOMPLETE, LEVEL, NO_QUEST, ElysiumState

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

LEGEND_TYPES = {FAMILY: "family", LEVEL: "level"}


def _legend(s: ElysiumState, legend: Any) -> dict[str, Any]:
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


def view(s: ElysiumState) -> dict[str, Any]:
    """Everything public; the draw pile by its size, Citizens by handles (§14)."""
    game = s.game
    ids = [c.id for c in game.card_set.cards]
    n = game.players
    decision = s.decision
    return {
        "game": game.game_id,
        "players": n,
        "names": [game.player_name(p) for p in range(n)],
        "families": list(s.families),
        "pediment": s.pediment,
        "pediment_colours": list(game.card_set.pediments[s.pediment][: len(game.quests)]),
        "epoch": s.epoch,
        "phase": s.phase,
        "order": list(s.order),
        "current_player": s.current_player,
        "decision": DECISIONS[decision[0]] if decision else None,
        "options": [str(a) for a in s.options],
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
                "gold": s.gold[p],
                "vp": s.vp[p],
                "pp": s.pp[p],
                "disc": s.order.index(p) + 1,
                "columns": [c for i, c in enumerate(COLUMNS) if s.columns[p] >> i & 1],
                "card_takes": s.card_takes[p],
                "quest": _quest_name(s, s.quest[p]),
                "passed": s.passed[p],
                "domain": [
                    {"card": ids[c], "turned": s.turned[c], "ring": s.ring[c]} for c in s.domain[p]
                ],
                "citizens": [s.citizen_handle[c] for c in s.citizens[p]],
                "can_take": _can_take(s, p),
                "elysium": [_legend(s, legend) for legend in s.elysium[p]],
                "pending": {
                    "ignore_condition": s.ignore[p],
                    "keep_column": s.keep[p],
                    "oracle_access": s.oracle_once[p],
                    "extra_transfer": s.extra[p],
                    "transfer_discounts": [
                        {"n": d[0], "levels": sorted(d[1]), "citizens": d[2]}
                        for d in s.discounts[p]
                    ],
                },
            }
            for p in range(n)
        ],
        "history": history(s),
        "final": s.outcome().to_json() if s.is_terminal() else None,
    }


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


ACTION_EXAMPLES = (
    "take ZEU-01a, use ZEU-02a, quest Q2, take citizen, pass, dismiss red, "
    "transfer ZEU-01a to new, end step, lose 1 vp (all: docs/elysium.md)"
)


def parse_action(game: Elysium, text: str) -> ElysiumAction:
    """The action named by canonical text such as 'take ZEU-01a' or 'transfer citizen to 2'."""
    action = _parse_words(game, action_words(text, ActionParseError, "Elysium"))
    if action is None:
        raise ActionParseError(
            f"'{echo(text)}' is not an Elysium action; actions look like: {ACTION_EXAMPLES}"
        )
    return action


def _parse_words(game: Elysium, words: list[str]) -> ElysiumAction | None:
    """The action the words name (case aside), or None; an unknown card raises
    ActionParseError."""
    acts = game.actions
    cards = words[1:]
    words = [w.lower() for w in words]
    simple: dict[tuple[str, ...], ElysiumAction] = {
        ("take", CITIZEN): acts.citizen,
        ("discard", CITIZEN): acts.discard_citizen,
        ("pass",): acts.passing,
        ("end", "step"): acts.end_step,
        ("stop",): acts.stop,
        ("no", "swap"): acts.no_swap,
    }
    if tuple(words) in simple:
        return simple[tuple(words)]
    if not words:
        return None
    verb, rest = words[0], words[1:]
    by_card: dict[str, tuple[ElysiumAction, ...]] = {
        "use": acts.use,
        "take": acts.take,
        "resolve": acts.resolve,
        "copy": acts.copy,
        "oracle": acts.oracle,
        "discard": acts.discard,
    }
    if verb in by_card and len(rest) == 1:
        return by_card[verb][_card(game, cards[0])]
    if verb == "quest" and len(rest) == 1:
        return {q.lower(): a for q, a in acts.quest.items()}.get(rest[0])
    if verb == "dismiss" and len(rest) == 1 and rest[0] in COLUMNS:
        return acts.dismiss[COLUMNS.index(rest[0])]
    if verb == "transfer" and len(rest) == 3 and rest[1] == "to":
        legend = NEW_LEGEND if rest[2] == "new" else whole_number(rest[2])
        if legend is None:
            return None
        if not 0 <= legend <= MAX_LEGENDS:
            raise ActionParseError(f"Legends are numbered 1 to {MAX_LEGENDS}, not {legend}")
        if rest[0] == CITIZEN:
            return acts.transfer_citizen[legend]
        return acts.transfer[_card(game, cards[0])][legend]
    if verb == "steal" and rest[:1] == ["from"] and len(rest) == 2 and rest[1][:1] == "p":
        seat = whole_number(rest[1][1:])
        return acts.steal[seat - 1] if seat is not None and 1 <= seat <= len(acts.steal) else None
    if verb == "swap" and len(rest) == 2:
        return acts.swap(_card(game, cards[0]), _card(game, cards[1]))
    if verb in ("gift", "lose") and len(rest) == 2:
        amount = whole_number(rest[0])
        table = acts.gift if verb == "gift" else acts.pay
        return table.get((rest[1], amount)) if amount is not None else None
    return None


def _card(game: Elysium, word: str) -> int:
    """The index of the card a word names (case aside); an unknown card is an
    ActionParseError."""
    index = game.actions.card_index_folded.get(word.lower())
    if index is None:
        raise ActionParseError(
            f"'{echo(word)}' is not a card of this card set (cards look like ZEU-01a)"
        )
    return index


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
    "oracle_swap_choice": "swap an Agora card with an Oracle card, or not",
    "gift_choice": "choose one of the two gifts",
    "attack_payment": "choose how to pay the attack",
}
"""Each decision in words, as a player is asked it."""
LISTED_OPTIONS = 6
"""How many of the allowed actions a refusal lists."""


def pending_decision(s: ElysiumState) -> str:
    """Who must decide what now, and the actions allowed (the first few of them)."""
    if s.decision is None:
        return "nobody: the game is over"
    kind, player, _ = s.decision
    prompt = DECISION_PROMPTS[DECISIONS[kind]].format(allowance=s.allowance)
    shown = ", ".join(str(a) for a in s.options[:LISTED_OPTIONS])
    more = len(s.options) - LISTED_OPTIONS
    tail = f" and {more} more" if more > 0 else ""
    return f"{s.game.player_name(player)} must {prompt} (allowed: {shown}{tail})"


def explain_illegal(s: ElysiumState, action: Action) -> str:
    """Why an action is refused: the rule it breaks, and what is being decided now."""
    game = s.game
    if s.decision is None:
        return "the game is over"
    kind, player, _ = s.decision
    who = game.player_name(player)
    now = f"now {pending_decision(s)}"
    if isinstance(action, UsePower) and kind in (D_TURN, D_WRITE):
        return f"{who} cannot use {action.card} now: {_unusable(s, player, action.card, kind)}"
    if isinstance(action, TakeCard | TakeQuest | UsePower) and kind != D_TURN:
        return f"takes and Phase II powers belong to a Phase II turn; {now}"
    if isinstance(action, TakeCard) and kind == D_TURN:
        c = game.actions.card_index[action.card]
        if s.card_takes[player] >= 3:
            return f"{who} already has 3 cards this epoch; {now}"
        if c not in s.agora and c not in s.oracle:
            return f"{action.card} is not in the Agora; {now}"
        if s.designs[player] & game.tables.design_bit[c]:
            return f"{who} already has an identical card ({game.card(c).design.name}) in the Domain"
        if c in s.oracle and c not in s.agora:
            return f"{action.card} is in the Oracle, and {who} has no oracle access for this take"
        return f"{who}'s columns do not meet the condition of {action.card}"
    if isinstance(action, TakeQuest) and kind == D_TURN:
        if s.quest[player] != NO_QUEST:
            return f"{who} already has a Quest this epoch"
        quest = game.quest_index.get(action.quest)
        if quest is None or quest not in s.temple:
            return f"Quest {action.quest} is not in the Temple"
        if quest not in eligible_quests(s, player):
            return f"{who} has no column of the colour above Quest {action.quest}"
    if isinstance(action, Transfer):
        if kind not in (D_WRITE,) and DECISIONS[kind] != "immediate_transfer_choice":
            return f"transfers happen in a Writing step or through an immediate transfer; {now}"
        if kind == D_WRITE and s.allowance <= 0:
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


def _unusable(s: ElysiumState, p: int, card_id: str, kind: int) -> str:
    """Why a card's power cannot be used in the open window (§8.3)."""
    t = s.game.tables
    c = s.game.actions.card_index[card_id]
    window = "actions" if kind == D_TURN else "legends"
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
