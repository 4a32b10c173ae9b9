"""The Elysium rules as a task machine: epochs, turns, income, Writing steps (docs/elysium.md §5,
§17).

Pending work lives on `state.stack` as small frozen tasks (`tasks`), each run by the handler of its
class. `run` pops tasks until one asks a decision; a decision with a single option is answered
automatically (docs/elysium.md §17.1). Powers push their effects on the stack, so resolution is
depth-first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from kleos.core.protocol import PlayerId
from kleos.core.rng import below, choice, shuffle
from kleos.games.elysium.actions import (
    CITIZEN,
    Discard,
    Dismiss,
    ElysiumAction,
    Gift,
    Pass,
    Pay,
    StealFrom,
    SwapIn,
    SwapOut,
    TakeCard,
    TakeCitizen,
    TakeQuest,
    Transfer,
    UsePower,
)
from kleos.games.elysium.effects import attack_options, gain, immune, lose, resolve
from kleos.games.elysium.legends import make_transfer, transfer_options
from kleos.games.elysium.machine import (
    ask,
    card_of,
    circle_black,
    commit_power,
    deal_agora,
    deal_oracle,
    enter_domain,
    gain_citizen,
    has_oracle_access,
    leave_domain,
    push_effects,
    usable_powers,
)
from kleos.games.elysium.scoring import final_outcome
from kleos.games.elysium.state import ALL_COLUMNS, INCOMPLETE, NO_QUEST, ElysiumState
from kleos.games.elysium.tasks import (
    ASK_TURN,
    ASK_WRITE,
    DISMISS_STEP,
    ELEUSIS_STEP,
    END_EPOCH,
    END_TURN,
    START_EPOCH,
    START_PHASE3,
    START_TURN,
    START_WRITING,
    AskAttack,
    AskGift,
    AskImmediate,
    AskOrder,
    AskTurn,
    AskWrite,
    DecisionKind,
    DismissStep,
    EleusisStep,
    EndEpoch,
    EndTurn,
    Offer,
    Order,
    ResolveEffect,
    StartEpoch,
    StartPhase3,
    StartTurn,
    StartWriting,
    Steal,
    Swap,
    Task,
    Transfers,
)
from kleos.games.elysium.vocabulary import CARDS_PER_EPOCH, COLUMNS, EPOCHS, TURNS_PER_EPOCH

TURN, DISMISS_COLUMN, WRITE = DecisionKind.TURN, DecisionKind.DISMISS_COLUMN, DecisionKind.WRITE
"""The decisions of nearly every step, by module name: reading an enum member through its class
costs a lookup that random games feel (Python 3.11)."""

# ------------------------------------------------------------------ the machine


def play(s: ElysiumState, action: ElysiumAction) -> None:
    """Answer the pending decision (recorded in the history) and run on to the next one."""
    assert s.decision is not None
    s.history = (s.history, s.decision.player, action)
    answer(s, action)
    run(s)


def run(s: ElysiumState) -> None:
    """Run automatic steps until a decision with two or more options is pending, or the game
    is over; a decision with one option is answered at once (docs/elysium.md §17.1)."""
    stack = s.stack
    while True:
        if s.decision is not None:
            if len(s.options) > 1:
                return
            answer(s, s.options[0])
        elif stack:
            task = stack.pop()
            TASKS[task.__class__](s, task)
        else:
            return


def answer(s: ElysiumState, action: ElysiumAction) -> None:
    """Apply the answer to the pending decision."""
    assert s.decision is not None
    kind, player, context = s.decision
    s.decision = None
    s.options = ()
    ANSWERS[kind](s, player, context, action)


# ------------------------------------------------------------------- set-up, epochs


def start_game(s: ElysiumState, families: tuple[str, ...], rng: random.Random) -> None:
    """docs/elysium.md §3: draw pile, Pediment side, first player and discs, VP by disc, Agora,
    Oracle."""
    game = s.game
    n = game.players
    s.families = families
    s.apollo = "apollo" in families
    s.ares = "ares" in families
    s.draw = [c.index for c in game.card_set.cards if c.design.family in families]
    shuffle(rng, s.draw)
    s.pediment = choice(rng, sorted(game.card_set.pediments))
    first = below(rng, n)
    s.order = [(first + i) % n for i in range(n)]
    for disc, p in enumerate(s.order, 1):
        s.vp[p] = disc
    deal_agora(s)
    if s.apollo:
        deal_oracle(s)
    s.emit("setup", families=list(families), pediment=s.pediment, order=list(s.order))
    s.stack.append(START_EPOCH)


def start_epoch(s: ElysiumState, task: StartEpoch) -> None:
    """Phase I (epochs 2–5), then the first turn of Phase II (docs/elysium.md §5.1)."""
    if s.epoch > 1:
        s.discard.extend(s.agora)
        s.agora = []
        if s.apollo:
            s.agora, s.oracle = s.oracle, []
        deal_agora(s)
        if s.apollo:
            deal_oracle(s)
    s.phase = "actions"
    if s._events is not None:
        s.emit("epoch", epoch=s.epoch, agora=len(s.agora), oracle=len(s.oracle))
    s.turn_index = 0
    s.stack.append(START_TURN[s.order[0]])


def end_epoch(s: ElysiumState, task: EndEpoch) -> None:
    """Phase IV (docs/elysium.md §5.4), or the end of the game after epoch 5."""
    if s.epoch == EPOCHS:
        s.phase = "over"
        s._outcome = final_outcome(s)
        if s._events is not None:
            s.emit("scoring", outcome=s._outcome.to_json())
        return
    n = s.game.players
    s.columns = [ALL_COLUMNS] * n
    s.turned = [False] * len(s.turned)
    s.ignore = [0] * n
    s.keep = [0] * n
    s.oracle_once = [0] * n
    s.extra = [0] * n
    s.discounts = [() for _ in range(n)]
    s.temple = tuple(range(len(s.game.quests)))
    s.quest = [NO_QUEST] * n
    s.passed = [False] * n
    s.card_takes = [0] * n
    s.step_done = [False] * n
    s.epoch += 1
    s.stack.append(START_EPOCH)


# ------------------------------------------------------------------ Phase II turns


def eligible_cards(s: ElysiumState, p: PlayerId) -> list[int]:
    """The cards p may take now (docs/elysium.md §5.2.3), by card index."""
    t = s.game.tables
    mask = s.columns[p]
    ignore = s.ignore[p] > 0
    table = t.cond_black if circle_black(s, p) else t.cond
    designs = s.designs[p]
    rows = s.agora + s.oracle if s.oracle and has_oracle_access(s, p) else s.agora
    bit = t.design_bit
    return sorted(c for c in rows if not designs & bit[c] and (ignore or table[c] >> mask & 1))


def eligible_quests(s: ElysiumState, p: PlayerId) -> list[int]:
    """The Quest tiles p may take now: a column of the Pediment colour above the slot."""
    mask = s.columns[p]
    if s.ignore[p] or (mask and circle_black(s, p)):
        return list(s.temple)
    column = s.game.quest_column[s.pediment]
    return [q for q in s.temple if mask & column[q]]


def turn_options(s: ElysiumState, p: PlayerId) -> list[ElysiumAction]:
    """The `turn` decision (docs/elysium.md §17.3): powers, then takes; a Citizen or a pass as the
    rules allow."""
    acts = s.game.actions
    options: list[ElysiumAction] = [acts.use[c] for c in usable_powers(s, p, "actions")]
    cards = eligible_cards(s, p) if s.card_takes[p] < CARDS_PER_EPOCH else []
    quests = eligible_quests(s, p) if s.quest[p] == NO_QUEST else []
    options += [acts.take[c] for c in cards]
    quest_actions = s.game.quest_actions
    options += [quest_actions[q] for q in quests]
    if s.card_takes[p] < CARDS_PER_EPOCH and not cards:
        options.append(acts.citizen)
    elif not cards and not quests:
        options.append(acts.passing)
    return options


def start_turn(s: ElysiumState, task: StartTurn) -> None:
    """A Phase II turn begins: its actions window opens."""
    s.window += 1
    ask(s, TURN, task.player, None, turn_options(s, task.player))


def ask_turn(s: ElysiumState, task: AskTurn) -> None:
    """Ask the `turn` decision again after a power used in the actions window."""
    ask(s, TURN, task.player, None, turn_options(s, task.player))


def answer_turn(s: ElysiumState, p: PlayerId, context: None, action: ElysiumAction) -> None:
    """Use a power, take a card, a Quest or a Citizen, or pass (docs/elysium.md §5.2.4)."""
    cls = action.__class__
    if cls is UsePower:
        assert isinstance(action, UsePower)
        s.stack.append(ASK_TURN[p])
        commit_power(s, p, card_of(s, action.card))
        return
    if cls is Pass:
        s.passed[p] = True
        if s._events is not None:
            s.emit("pass", player=p)
        s.stack.append(END_TURN[p])
        return
    s.stack.append(END_TURN[p])
    s.stack.append(DISMISS_STEP[p])
    s.ignore[p] = 0
    if cls is TakeCard:
        assert isinstance(action, TakeCard)
        card = card_of(s, action.card)
        source = "agora" if card in s.agora else "oracle"
        getattr(s, source).remove(card)
        s.oracle_once[p] = 0
        s.card_takes[p] += 1
        if s._events is not None:
            s.emit("take", player=p, card=action.card, source=source)
        enter_domain(s, p, card)
    elif cls is TakeQuest:
        assert isinstance(action, TakeQuest)
        quest = s.game.quest_index[action.quest]
        s.quest[p] = quest
        s.temple = tuple(q for q in s.temple if q != quest)
        if s._events is not None:
            s.emit("quest", player=p, quest=action.quest)
        hook = s.game.tables.hook
        hooks = tuple(c for c in sorted(s.domain[p]) if hook[c])
        if hooks:
            s.stack.append(AskOrder(p, DecisionKind.ORDER_HOOK, hooks))
    else:
        assert isinstance(action, TakeCitizen)
        s.oracle_once[p] = 0
        s.card_takes[p] += 1
        received = gain_citizen(s, p)
        if s._events is not None:
            s.emit("citizen", player=p, received=received)


def dismiss_step(s: ElysiumState, task: DismissStep) -> None:
    """docs/elysium.md §5.2.4 step 4: a pending keep_column, else no column left, else the
    choice."""
    p = task.player
    if s.keep[p]:
        s.keep[p] = 0
        s.emit("keep_column", player=p)
    elif s.columns[p]:
        ask(s, DISMISS_COLUMN, p, None, s.game.actions.dismissals[s.columns[p]])


def answer_dismiss(s: ElysiumState, p: PlayerId, context: None, action: ElysiumAction) -> None:
    """Dismiss a column until Phase IV."""
    assert isinstance(action, Dismiss)
    s.columns[p] &= ~(1 << COLUMNS.index(action.column))
    if s._events is not None:
        s.emit("dismiss", player=p, column=action.column)


def end_turn(s: ElysiumState, task: EndTurn) -> None:
    """Next player in disc order, or the end of Phase II after 4 rounds."""
    s.turn_index += 1
    n = len(s.order)
    if s.turn_index < TURNS_PER_EPOCH * n:
        s.stack.append(START_TURN[s.order[s.turn_index % n]])
    else:
        s.stack.append(START_PHASE3)


# ------------------------------------------------------------------ Phase III


def start_phase3(s: ElysiumState, task: StartPhase3) -> None:
    """Incomplete Quests, disc reassignment, income; then Eleusis and Writing steps
    (docs/elysium.md §5.3)."""
    game = s.game
    for p in range(game.players):
        if s.quest[p] == NO_QUEST:
            s.quest[p] = INCOMPLETE
    takers = sorted(
        (p for p in s.order if s.quest[p] >= 0), key=lambda p: game.quests[s.quest[p]].number
    )
    s.order = takers + [p for p in s.order if s.quest[p] == INCOMPLETE]
    for p in range(game.players):
        tile = game.card_set.incomplete if s.quest[p] == INCOMPLETE else game.quests[s.quest[p]]
        s.vp[p] += tile.vp
        s.gold[p] += tile.gold
    s.phase = "income"
    if s._events is not None:
        quests = [_quest_name(s, p) for p in range(game.players)]
        s.emit("income", order=list(s.order), quests=quests)
    s.stack.append(END_EPOCH)
    for p in reversed(s.order):
        s.stack.append(START_WRITING[p])
    for p in reversed(s.order):
        s.stack.append(ELEUSIS_STEP[p])


def _quest_name(s: ElysiumState, p: PlayerId) -> str:
    return "incomplete" if s.quest[p] == INCOMPLETE else s.game.quests[s.quest[p]].id


def active_eleusis(s: ElysiumState, p: PlayerId) -> tuple[int, ...]:
    """p's Eleusis cards if their powers are active: two or more Eleusis cards in the Domain."""
    power = s.game.tables.power
    cards = tuple(c for c in sorted(s.domain[p]) if power[c] == "eleusis")
    return cards if len(cards) >= 2 else ()


def eleusis_step(s: ElysiumState, task: EleusisStep) -> None:
    """Resolve the player's active Eleusis powers, in the order the player chooses."""
    active = active_eleusis(s, task.player)
    if active:
        s.stack.append(AskOrder(task.player, DecisionKind.ORDER_ELEUSIS, active))


def ask_order(s: ElysiumState, task: AskOrder) -> None:
    """Ask which hook / Eleusis power resolves next, while any is left."""
    if task.remaining:
        resolve = s.game.actions.resolve
        options = [resolve[c] for c in task.remaining]
        ask(s, task.kind, task.player, Order(task.remaining), options)


def answer_order(s: ElysiumState, p: PlayerId, context: Order, action: ElysiumAction) -> None:
    """Resolve the chosen card's power, then ask again for the rest."""
    card = card_of(s, action.card)  # type: ignore[union-attr]
    eleusis = s.game.tables.power[card] == "eleusis"
    kind = DecisionKind.ORDER_ELEUSIS if eleusis else DecisionKind.ORDER_HOOK
    s.stack.append(AskOrder(p, kind, tuple(c for c in context.remaining if c != card)))
    s.emit("power", player=p, card=action.card)  # type: ignore[union-attr]
    push_effects(s, p, card, s.game.tables.effects[card])


def start_writing(s: ElysiumState, task: StartWriting) -> None:
    """docs/elysium.md §5.3.3: the allowance is fixed, then Legend start-of-step effects by card
    id."""
    p = task.player
    game = s.game
    t = game.tables
    s.window += 1
    s.phase = "writing"
    s.writer = p
    tile = game.card_set.incomplete if s.quest[p] == INCOMPLETE else game.quests[s.quest[p]]
    s.allowance = tile.lyres + sum(t.legend_extra[c] for c in s.domain[p]) + s.extra[p]
    s.extra[p] = 0
    if s._events is not None:
        s.emit("writing", player=p, allowance=s.allowance)
    s.stack.append(ASK_WRITE[p])
    for card in sorted(s.domain[p], key=t.id_rank.__getitem__, reverse=True):
        if t.legend_start[card]:
            push_effects(s, p, card, t.legend_start[card])


def ask_write(s: ElysiumState, task: AskWrite) -> None:
    """The `write` decision: powers, transfers while allowance is left, or end the step."""
    p = task.player
    acts = s.game.actions
    options: list[ElysiumAction] = [acts.use[c] for c in usable_powers(s, p, "legends")]
    if s.allowance > 0:
        options += transfer_options(s, p, writing=True)
    options.append(acts.end_step)
    ask(s, WRITE, p, None, options)


def answer_write(s: ElysiumState, p: PlayerId, context: None, action: ElysiumAction) -> None:
    """Use a power, transfer, or end the Writing step."""
    if isinstance(action, UsePower):
        s.stack.append(ASK_WRITE[p])
        commit_power(s, p, card_of(s, action.card))
    elif isinstance(action, Transfer):
        s.allowance -= 1
        make_transfer(s, p, action, writing=True)
        s.stack.append(ASK_WRITE[p])
    else:
        s.writer = -1
        s.allowance = 0
        s.step_done[p] = True
        if s._events is not None:
            s.emit("end_step", player=p)


# ------------------------------------------------------------ effects' decisions


def resolve_effect(s: ElysiumState, task: ResolveEffect) -> None:
    """Resolve one primitive."""
    resolve(s, task.owner, task.effect, task.source)


def ask_gift(s: ElysiumState, task: AskGift) -> None:
    """An opponent chooses one of the two gifts of a share_gift."""
    gifts = s.game.actions.gift
    options = list(dict.fromkeys(gifts[(g.resource, g.n)] for g in task.effect.gifts))
    ask(s, DecisionKind.GIFT_CHOICE, task.player, Offer(task.effect), options)


def answer_gift(s: ElysiumState, q: PlayerId, context: Offer, action: ElysiumAction) -> None:
    """The opponent gains the chosen gift."""
    assert isinstance(action, Gift)
    gain(s, q, action.resource, action.n)
    s.emit("gift", player=q, resource=action.resource, n=action.n)


def ask_attack(s: ElysiumState, task: AskAttack) -> None:
    """An opponent pays one option of an opponents_lose (docs/elysium.md §12 #6), unless immune or
    unable."""
    q = task.player
    if immune(s, q):
        s.emit("immune", player=q)
        return
    options = attack_options(s, q, task.effect)
    if options:
        ask(s, DecisionKind.ATTACK_PAYMENT, q, Offer(task.effect), options)


def answer_attack(s: ElysiumState, q: PlayerId, context: Offer, action: ElysiumAction) -> None:
    """Lose the resource (all there is when payable in part), or discard the card."""
    if isinstance(action, Pay):
        lost = lose(s, q, action.resource, action.n)
        s.emit("lose", player=q, resource=action.resource, n=lost)
        return
    assert isinstance(action, Discard)
    citizen = action.card == CITIZEN
    if citizen:
        card = s.citizens[q][0]
        s.citizens[q] = s.citizens[q][1:]
    else:
        card = card_of(s, action.card)
        leave_domain(s, q, card)
    s.discard.append(card)
    s.emit("discard", player=q, card=s.game.card(card).id, citizen=citizen)


def ask_immediate(s: ElysiumState, task: AskImmediate) -> None:
    """One `immediate_transfer_choice`: a payable transfer or stop."""
    p = task.player
    options = [*transfer_options(s, p, writing=False), s.game.actions.stop]
    ask(s, DecisionKind.IMMEDIATE_TRANSFER_CHOICE, p, Transfers(task.left), options)


def answer_immediate(
    s: ElysiumState, p: PlayerId, context: Transfers, action: ElysiumAction
) -> None:
    """Make the transfer (and offer the next, up to n), or stop."""
    if isinstance(action, Transfer):
        make_transfer(s, p, action, writing=False)
        left = context.left
        if left > 1:
            s.stack.append(AskImmediate(p, left - 1))


def answer_copy(s: ElysiumState, p: PlayerId, context: None, action: ElysiumAction) -> None:
    """Resolve the target's effects as p's own one-shot power."""
    card = card_of(s, action.card)  # type: ignore[union-attr]
    s.emit("copy", player=p, card=action.card)  # type: ignore[union-attr]
    push_effects(s, p, card, s.game.tables.effects[card])


def answer_steal(s: ElysiumState, p: PlayerId, context: Steal, action: ElysiumAction) -> None:
    """Take up to the context's gold from the chosen opponent."""
    assert isinstance(action, StealFrom)
    q = action.seat - 1
    amount = min(context.gold, s.gold[q])
    s.gold[q] -= amount
    s.gold[p] += amount
    s.emit("steal", player=p, victim=q, n=amount)


def answer_oracle_free(s: ElysiumState, p: PlayerId, context: None, action: ElysiumAction) -> None:
    """The Oracle card joins p's Domain as an extra card."""
    card = card_of(s, action.card)  # type: ignore[union-attr]
    s.oracle.remove(card)
    s.emit("oracle_card", player=p, card=action.card)  # type: ignore[union-attr]
    enter_domain(s, p, card)


def answer_swap_choice(s: ElysiumState, p: PlayerId, context: None, action: ElysiumAction) -> None:
    """Name the Agora card to swap out, then choose the Oracle card (`oracle_swap_target`); or
    decline the swap."""
    if isinstance(action, SwapOut):
        swap_in = s.game.actions.swap_in
        options = [swap_in[o] for o in sorted(s.oracle)]
        ask(s, DecisionKind.ORACLE_SWAP_TARGET, p, Swap(card_of(s, action.card)), options)


def answer_swap_target(s: ElysiumState, p: PlayerId, context: Swap, action: ElysiumAction) -> None:
    """Exchange the Agora card named before with the chosen Oracle card."""
    assert isinstance(action, SwapIn)
    agora = context.agora_card
    oracle = card_of(s, action.card)
    s.agora[s.agora.index(agora)] = oracle
    s.oracle[s.oracle.index(oracle)] = agora
    s.emit("swap", player=p, agora=s.game.card(agora).id, oracle=action.card)


TASKS: Final[dict[type[Task], Callable[[ElysiumState, Any], None]]] = {
    StartEpoch: start_epoch,
    StartTurn: start_turn,
    AskTurn: ask_turn,
    DismissStep: dismiss_step,
    EndTurn: end_turn,
    StartPhase3: start_phase3,
    EleusisStep: eleusis_step,
    AskOrder: ask_order,
    StartWriting: start_writing,
    AskWrite: ask_write,
    EndEpoch: end_epoch,
    ResolveEffect: resolve_effect,
    AskGift: ask_gift,
    AskAttack: ask_attack,
    AskImmediate: ask_immediate,
}
"""The handler of each kind of task."""
ANSWERS: Final[dict[DecisionKind, Callable[[ElysiumState, PlayerId, Any, ElysiumAction], None]]] = {
    DecisionKind.TURN: answer_turn,
    DecisionKind.ORDER_HOOK: answer_order,
    DecisionKind.DISMISS_COLUMN: answer_dismiss,
    DecisionKind.ORDER_ELEUSIS: answer_order,
    DecisionKind.WRITE: answer_write,
    DecisionKind.IMMEDIATE_TRANSFER_CHOICE: answer_immediate,
    DecisionKind.COPY_TARGET: answer_copy,
    DecisionKind.STEAL_TARGET: answer_steal,
    DecisionKind.ORACLE_FREE_CARD: answer_oracle_free,
    DecisionKind.ORACLE_SWAP_CHOICE: answer_swap_choice,
    DecisionKind.ORACLE_SWAP_TARGET: answer_swap_target,
    DecisionKind.GIFT_CHOICE: answer_gift,
    DecisionKind.ATTACK_PAYMENT: answer_attack,
}
"""How each kind of decision is answered: (state, decider, context, action), the context of
the kind's class (`tasks.CONTEXTS`) or None; the table holds them all, so it types it `Any`."""
