"""Elysium's actions and decisions in words: a button's label for every action, each decision
as a player is asked it, and why an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kleos.core.protocol import Action
from kleos.games.elysium import actions as act
from kleos.games.elysium.actions import CITIZEN, NEW_LEGEND, TakeCard, TakeQuest, Transfer, UsePower
from kleos.games.elysium.present.text import RESOURCE_NAMES
from kleos.games.elysium.rules import eligible_quests
from kleos.games.elysium.state import NO_QUEST, ElysiumState
from kleos.games.elysium.tasks import DecisionKind
from kleos.games.elysium.vocabulary import CARDS_PER_EPOCH

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium


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


def action_short(game: Elysium, action: Action) -> str:
    """The few words a board shows on the card, Quest, column or seat an action is played on
    (the label says the rest)."""
    match action:
        case act.Transfer(_, legend):
            return "new Legend" if legend == NEW_LEGEND else f"Legend {legend}"
        case act.TakeCard() | act.TakeQuest():
            return "take"
        case act.UsePower():
            return "use power"
        case act.Resolve():
            return "resolve next"
        case act.CopyTarget():
            return "copy this power"
        case act.OracleFree():
            return "take for free"
        case act.TakeCitizen():
            return "take a Citizen"
        case act.StealFrom():
            return "steal gold"
        case act.SwapOut():
            return "swap out"
        case act.SwapIn():
            return "swap in"
        case act.Discard():
            return "discard"
        case act.Dismiss():
            return "dismiss"
        case act.Pass():
            return "pass"
        case act.EndStep():
            return "end the step"
        case act.Stop():
            return "stop"
        case act.NoSwap():
            return "no swap"
        case act.Gift(resource, n):
            return f"take {n} {RESOURCE_NAMES.get(resource, resource)}"
        case act.Pay(resource, n):
            return f"lose {n} {RESOURCE_NAMES.get(resource, resource)}"
    return action_label(game, action)


def action_target(s: ElysiumState, action: Action) -> str | None:
    """The element of the table an action is played on: 'card:ZEU-01a', 'quest:Q2', the
    deciding player's 'column:SEAT:red' or 'citizen:SEAT', an opponent's 'seat:SEAT', the
    'draw' pile; None for a pass, a stop, a gift or a payment."""
    player = -1 if s.decision is None else s.decision.player
    match action:
        case (
            act.TakeCard(card)
            | act.UsePower(card)
            | act.Resolve(card)
            | act.CopyTarget(card)
            | act.OracleFree(card)
            | act.SwapOut(card)
            | act.SwapIn(card)
        ):
            return f"card:{card}"
        case act.Transfer(card, _) | act.Discard(card):
            return f"citizen:{player}" if card == CITIZEN else f"card:{card}"
        case act.TakeQuest(quest):
            return f"quest:{quest}"
        case act.Dismiss(column):
            return f"column:{player}:{column}"
        case act.StealFrom(seat):
            return f"seat:{seat - 1}"
        case act.TakeCitizen():
            return "draw"
    return None


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
    """Why a card's power cannot be used in the open window (docs/elysium.md §8.3): the actions
    window of a `turn`, else the legends window of a Writing step."""
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
