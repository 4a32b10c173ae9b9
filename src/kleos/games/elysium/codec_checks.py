"""The cross-field rules an Elysium state read from a document must keep (`codec`): every
card of the families in play in one place, Citizen handles, bonus tiles held by the Legends
that won them, the phase's bookkeeping (turns, columns, Quests, Writing steps) and the task
stack the rules leave under the pending decision."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from kleos.core.errors import StateDataError
from kleos.core.jsonstate import check
from kleos.games.elysium.legends import best_level_legend, size
from kleos.games.elysium.state import FAMILY, INCOMPLETE, NO_QUEST, ElysiumState
from kleos.games.elysium.tasks import (
    ASK_TURN,
    ASK_WRITE,
    DISMISS_STEP,
    ELEUSIS_STEP,
    END_EPOCH,
    END_TURN,
    START_WRITING,
    AskAttack,
    AskGift,
    AskImmediate,
    AskOrder,
    DecisionKind,
    EleusisStep,
    ElysiumDecision,
    ResolveEffect,
    Task,
)
from kleos.games.elysium.vocabulary import (
    COLUMNS,
    EPOCHS,
    FAMILY_MAX,
    MAX_LEGENDS_PER_PLAYER,
    TURNS_PER_EPOCH,
)

EFFECT_TASKS = (ResolveEffect, AskGift, AskAttack, AskImmediate)
"""The tasks a power leaves: its effects still to resolve and the questions they ask."""
FRAME_DECISIONS = (
    DecisionKind.TURN,
    DecisionKind.DISMISS_COLUMN,
    DecisionKind.ORDER_HOOK,
    DecisionKind.ORDER_ELEUSIS,
    DecisionKind.WRITE,
)
"""The decisions of the turn structure: asked with no power under way."""
TURN_DECISIONS = FRAME_DECISIONS[:3]
"""The decisions of the player whose Phase II turn it is."""


def check_state(s: ElysiumState, root: str) -> None:
    """Refuse a state whose fields disagree (its stack and decision: `check_stack`, once
    the decision is read); messages name fields from `root`, the path of the state object."""
    check_cards(s, root)
    check_citizens(s, root)
    check_tiles(s, root)
    check_phase(s, root)


def check_cards(s: ElysiumState, root: str) -> None:
    """Every card of the families in play is in exactly one place, and no other card is."""
    game = s.game
    places = [*s.draw, *s.discard, *s.agora, *s.oracle]
    for p in range(game.players):
        places += [*s.domain[p], *s.citizens[p]]
        for legend in s.elysium[p]:
            places += [*legend.cards, *(card for card, _ in legend.citizens)]
        real = len(s.domain[p]) + sum(len(legend.cards) for legend in s.elysium[p])
        check(real <= MAX_LEGENDS_PER_PLAYER, f"{root}.players[{p}] holds too many real cards")
    _refuse(
        s, root, [card for card, count in Counter(places).items() if count > 1], "in two places"
    )
    in_play = {c.index for c in game.card_set.cards if c.design.family in s.families}
    _refuse(s, root, set(places) - in_play, "of a family not in play")
    _refuse(s, root, in_play - set(places), "missing")


def _refuse(s: ElysiumState, root: str, cards: Collection[int], what: str) -> None:
    """Refuse these cards (if any), naming the first by id and counting the others."""
    if cards:
        first, *others = sorted(cards)
        more = f" (and {len(others)} more)" if others else ""
        raise StateDataError(f"{root}: card {s.game.card(first).id}{more} is {what}")


def check_citizens(s: ElysiumState, root: str) -> None:
    """Citizen handles are different, given at most `citizen_serial`, and rise along each
    Domain's Citizens (the earliest first)."""
    handles = s.citizen_handle
    check(len(set(handles.values())) == len(handles), f"{root}: two Citizens share a handle")
    check(
        max(handles.values(), default=0) <= s.citizen_serial,
        f"{root}.citizen_serial is below a Citizen's handle",
    )
    for p, citizens in enumerate(s.citizens):
        numbers = [handles[c] for c in citizens]
        check(numbers == sorted(numbers), f"{root}.players[{p}].citizens are not earliest first")


def check_tiles(s: ElysiumState, root: str) -> None:
    """A family tile is held by each of the first players to complete a Family Legend of
    its family (as many as there are tiles); a level tile by the player with the largest
    Level Legend of its level, the first to reach that size."""
    game = s.game
    tiles = len(game.card_set.family_bonus_vp)
    for f, holders in enumerate(s.family_tiles):
        complete = {
            p
            for p, legends in enumerate(s.elysium)
            for legend in legends
            if legend.kind is FAMILY and legend.key == f and size(legend) == FAMILY_MAX
        }
        family = game.family_ids[f]
        check(
            len(set(holders)) == len(holders) <= tiles and set(holders) <= complete,
            f"{root}.family_tiles.{family} are not held by completed Legends",
        )
        check(
            complete <= set(holders) or len(holders) == tiles,
            f"{root}.family_tiles.{family} miss a completed Legend",
        )
    for level in (1, 2, 3):
        best = [best_level_legend(s, p, level) for p in range(game.players)]
        holder = s.level_tiles[level]
        rightful = holder >= 0 and best[holder] >= 2 and best[holder] == max(best)
        check(
            rightful if max(best) >= 2 else holder < 0,
            f"{root}.level_tiles[{level - 1}] is not held by the largest Level Legend",
        )


def check_phase(s: ElysiumState, root: str) -> None:
    """Turns, Quests, columns and Writing steps agree with the phase."""
    n = s.game.players
    in_actions = s.phase == "actions"
    check(s.phase != "over" or s.epoch == EPOCHS, f"{root}.phase is 'over' only in epoch 5")
    check(
        s.turn_index < TURNS_PER_EPOCH * n if in_actions else s.turn_index == TURNS_PER_EPOCH * n,
        f"{root}.turn_index is not a turn of this phase",
    )
    for p in range(n):
        where = f"{root}.players[{p}]"
        quest = s.quest[p]
        check(
            quest != INCOMPLETE if in_actions else quest != NO_QUEST,
            f"{where}.quest is not one held in this phase",
        )
        dismissed = len(COLUMNS) - bin(s.columns[p]).count("1")
        takes = s.card_takes[p] + (quest >= 0)
        check(dismissed <= takes, f"{where}.columns: more dismissed than takes this epoch")
    writing = s.phase == "writing"
    check((s.writer >= 0) == writing, f"{root}.writer is a seat exactly in the Writing phase")
    check(s.writer >= 0 or s.allowance == 0, f"{root}.allowance is 0 outside a Writing step")
    if writing:
        turn = s.order.index(s.writer)
        done = [s.step_done[p] for p in s.order]
        check(
            done == [i < turn for i in range(n)],
            f"{root}: step_done is not the Writing steps before the writer's",
        )
    else:
        check(
            s.step_done == [s.phase == "over"] * n,
            f"{root}: step_done is not what the phase gives",
        )


def check_stack(s: ElysiumState, root: str) -> None:
    """The stack holds what the rules leave on it while the decision waits: the frame of the
    phase (the end of the turn, or the end of the epoch and the steps still to come), then
    the step under way (a turn's Dismiss step and hooks, the Eleusis powers left, the Writing
    step), then what a power leaves (`EFFECT_TASKS`)."""
    stack, decision = s.stack, s.decision
    if decision is None:
        check(not stack, f"{root}.stack is empty once the game is over")
        return
    kind = decision.kind
    order = s.order
    frame: list[Task]
    if s.phase == "actions":
        frame = _turn_frame(s, decision, root)
    elif s.phase == "income":
        epoch: list[Task] = [END_EPOCH, *(START_WRITING[q] for q in reversed(order))]
        eleusis = [task for task in stack[len(epoch) :] if isinstance(task, EleusisStep)]
        begun = len(order) - len(eleusis)
        check(begun >= 1, f"{root}.stack holds no Eleusis step under way")
        current = order[begun - 1]
        frame = [*epoch, *(ELEUSIS_STEP[q] for q in reversed(order[begun:]))]
        if kind is DecisionKind.ORDER_ELEUSIS:
            check(decision.player == current, f"{root}.decision is not of the Eleusis step")
        else:
            step = stack[len(frame) : len(frame) + 1]
            mine = [task for task in step if isinstance(task, AskOrder) and task.player == current]
            check(bool(mine), f"{root}.stack has no Eleusis powers under way")
            frame.append(step[0])
    else:
        later = order[order.index(s.writer) + 1 :]
        frame = [END_EPOCH, *(START_WRITING[q] for q in reversed(later))]
        if kind is DecisionKind.WRITE:
            check(decision.player == s.writer, f"{root}.decision is not of the writer")
        else:
            frame.append(ASK_WRITE[s.writer])
    check(stack[: len(frame)] == frame, f"{root}.stack is not what this phase leaves on it")
    rest = stack[len(frame) :]
    effects_only = all(isinstance(task, EFFECT_TASKS) for task in rest)
    check(effects_only, f"{root}.stack[{len(frame)}:] holds more than the effects of a power")
    check(
        kind not in FRAME_DECISIONS or not rest,
        f"{root}.decision {kind.label} waits on a power's effects",
    )


def _turn_frame(s: ElysiumState, decision: ElysiumDecision, root: str) -> list[Task]:
    """The bottom of the stack during a Phase II turn: nothing at `turn`; the end of the
    turn, then (after a take, unless it is asked now) its Dismiss step and the hooks of a
    Quest take; or, after a power, `turn` to be asked again."""
    stack, kind = s.stack, decision.kind
    turn = s.order[s.turn_index % s.game.players]
    if kind in TURN_DECISIONS:
        check(decision.player == turn, f"{root}.decision is not of the player whose turn it is")
    if kind is DecisionKind.TURN:
        return []
    check(stack[:1] in ([END_TURN[turn]], [ASK_TURN[turn]]), f"{root}.stack[0] is not the turn's")
    if stack[0] == ASK_TURN[turn] or kind is DecisionKind.DISMISS_COLUMN:
        return stack[:1]
    frame: list[Task] = [END_TURN[turn], DISMISS_STEP[turn]]
    hooks = stack[2:3]
    if kind is not DecisionKind.ORDER_HOOK and hooks and isinstance(hooks[0], AskOrder):
        check(hooks[0].player == turn, f"{root}.stack[2] is not the turn's")
        frame.append(hooks[0])
    return frame
