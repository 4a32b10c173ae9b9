"""The task stack and the pending decision of an Elysium state as JSON data, read strictly
(the document is described in `codec`). A decision is put again on reading, by the rules'
own code, so that its options are the rules' and a decision they would not ask is refused."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields as task_fields
from typing import TYPE_CHECKING, Any, NamedTuple

from kleos.core.errors import StateDataError
from kleos.core.inputs import echo
from kleos.core.jsonstate import Fields, Items, as_int, as_str, check
from kleos.games.elysium import effects, rules
from kleos.games.elysium.cards import Effect
from kleos.games.elysium.state import ElysiumState
from kleos.games.elysium.tasks import (
    ASK_TURN,
    ASK_WRITE,
    CONTEXTS,
    DISMISS_STEP,
    AskAttack,
    AskGift,
    AskImmediate,
    AskOrder,
    Decision,
    DecisionKind,
    ElysiumDecision,
    ResolveEffect,
    Task,
)

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

MAX_COUNT = 9_999
"""The most gold a document's `steal_target` may name (no card set comes near)."""
TASK_NAMES: dict[type, str] = {
    cls: re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower() for cls in rules.TASKS
}
"""Each kind of task by its name in a document: `AskOrder` is 'ask_order'."""
TASK_CLASSES = {name: cls for cls, name in TASK_NAMES.items()}
DECISION_KINDS = {kind.label: kind for kind in DecisionKind}
ORDER_KINDS = {kind.label: kind for kind in (DecisionKind.ORDER_HOOK, DecisionKind.ORDER_ELEUSIS)}
CONTEXT_KEYS = {kind: context._fields[0] for kind, context in CONTEXTS.items()}
"""The document's key for each decision's context: its one field (the other kinds have none)."""
EFFECT_OPS: dict[object, str] = {
    AskGift: "share_gift",
    AskAttack: "opponents_lose",
    DecisionKind.GIFT_CHOICE: "share_gift",
    DecisionKind.ATTACK_PAYMENT: "opponents_lose",
}
"""The primitive of the effect that these tasks and decisions hold."""


# ---------------------------------------------------------------------------- writing


def task_json(game: Elysium, task: Task) -> dict[str, Any]:
    """A task as {task: its name, and its fields}."""
    data: dict[str, Any] = {"task": TASK_NAMES[type(task)]}
    for field in task_fields(task):
        data[field.name] = VALUES[field.name].write(game, getattr(task, field.name))
    return data


def decision_json(s: ElysiumState, decision: ElysiumDecision) -> dict[str, Any]:
    """The pending decision as {kind, player, and its context}; a `copy_target` keeps its
    targets, which nothing else in the state holds."""
    kind, player, context = decision
    data: dict[str, Any] = {"kind": kind.label, "player": player}
    if kind is DecisionKind.COPY_TARGET:
        data["targets"] = [a.card for a in s.options]  # type: ignore[union-attr]
    elif context is not None:
        key = CONTEXT_KEYS[kind]
        data[key] = VALUES[key].write(s.game, context[0])
    return data


def _effect_json(game: Elysium, effect: Effect) -> dict[str, Any]:
    """An effect as {design, index}: the first design whose power holds it, and its place."""
    return next(
        {"design": d.id, "index": i}
        for d in game.card_set.designs
        for i, e in enumerate(d.effects)
        if e == effect
    )


# ---------------------------------------------------------------------------- reading


def read_card(game: Elysium, value: object, path: str) -> int:
    """A card of the game's card set, by id."""
    card = game.actions.card_index.get(as_str(value, path, 40))
    if card is None:
        raise StateDataError(f"{path} is no card of this card set: '{echo(value)}'")
    return card


def read_task(game: Elysium, f: Fields) -> Task:
    """A task by its name, each field read by its kind."""
    cls = TASK_CLASSES[_name(f, "task", TASK_CLASSES)]
    values = {
        field.name: VALUES[field.name].read(game, f.raw(field.name), f"{f.path}.{field.name}")
        for field in task_fields(cls)
    }
    f.done()
    task: Task = cls(**values)
    if isinstance(task, AskGift | AskAttack):
        _check_op(EFFECT_OPS[cls], task.effect, f.path)
    elif isinstance(task, AskOrder):
        _check_order(game, task.kind, task.remaining, f.path)
    elif isinstance(task, ResolveEffect):
        check(
            task.effect in game.tables.effects[task.source],
            f"{f.path}.effect is not in the power of its source",
        )
    return task


def ask_again(s: ElysiumState, f: Fields) -> None:
    """Put the document's decision as the rules put it, so that its options are theirs;
    refuse one they would not ask now, or would answer by themselves (a single option)."""
    game = s.game
    kind = DECISION_KINDS[_name(f, "kind", DECISION_KINDS)]
    player = f.int("player", 0, game.players - 1)
    key = CONTEXT_KEYS.get(kind)
    value: Any = None if key is None else VALUES[key].read(game, f.raw(key), f"{f.path}.{key}")
    if kind in EFFECT_OPS:
        _check_op(EFFECT_OPS[kind], value, f.path)
    elif key == "remaining":
        _check_order(game, kind, value, f.path)
    s.decision, s.options = None, ()
    if kind is DecisionKind.COPY_TARGET:
        targets = f.list("targets", 2, len(game.card_set.cards)).each(
            lambda value, path: read_card(game, value, path)
        )
        _ask_copy(s, player, tuple(game.actions.copy[c] for c in targets))
    elif kind is DecisionKind.ORACLE_SWAP_TARGET:
        check(value in s.agora, f"{f.path}.agora_card is not in the Agora")
        rules.answer_swap_choice(s, player, None, game.actions.swap_out[value])
    else:
        ASKS[kind](s, player, value)
    f.done()
    context = None if key is None else CONTEXTS[kind](value)
    check(
        s.decision == Decision(kind, player, context) and len(s.options) >= 2,
        f"{f.path} is not a decision the rules ask now",
    )


def _ask_copy(s: ElysiumState, player: int, targets: tuple[Any, ...]) -> None:
    """Ask `copy_target` as the copy power whose targets these are (the copying card itself
    is never a target: a card with `copy_power` may not be copied)."""
    for effect in _effects(s.game, "copy_power"):
        effects.copy_power(s, player, effect, -1)
        if s.options == targets:
            return


def _by_effect(op: str, ask: Callable[[ElysiumState, int, Effect, int], None]) -> Ask:
    """Ask a decision as the card set's first effect of the primitive `op` (of `gold` gold,
    for `steal_gold`) asks it."""

    def asks(s: ElysiumState, player: int, gold: Any) -> None:
        found = [e for e in _effects(s.game, op) if gold is None or e.n == gold]
        if found:  # else nothing is asked, and `ask_again` refuses the decision
            ask(s, player, found[0], -1)

    return asks


def _effects(game: Elysium, op: str) -> list[Effect]:
    """Every effect of the primitive `op` in the card set, in design order."""
    return [e for d in game.card_set.designs for e in d.effects if e.op == op]


Ask = Callable[[ElysiumState, int, Any], None]
"""Ask a decision of a player, given the value of its context's one field (or None)."""
ASKS: dict[DecisionKind, Ask] = {
    DecisionKind.TURN: lambda s, p, c: rules.ask_turn(s, ASK_TURN[p]),
    DecisionKind.DISMISS_COLUMN: lambda s, p, c: rules.dismiss_step(s, DISMISS_STEP[p]),
    DecisionKind.ORDER_HOOK: lambda s, p, c: rules.ask_order(
        s, AskOrder(p, DecisionKind.ORDER_HOOK, c)
    ),
    DecisionKind.ORDER_ELEUSIS: lambda s, p, c: rules.ask_order(
        s, AskOrder(p, DecisionKind.ORDER_ELEUSIS, c)
    ),
    DecisionKind.WRITE: lambda s, p, c: rules.ask_write(s, ASK_WRITE[p]),
    DecisionKind.IMMEDIATE_TRANSFER_CHOICE: lambda s, p, c: rules.ask_immediate(
        s, AskImmediate(p, c)
    ),
    DecisionKind.STEAL_TARGET: _by_effect("steal_gold", effects.steal_gold),
    DecisionKind.ORACLE_FREE_CARD: _by_effect("oracle_take_free", effects.oracle_take_free),
    DecisionKind.ORACLE_SWAP_CHOICE: _by_effect("oracle_swap", effects.oracle_swap),
    DecisionKind.GIFT_CHOICE: lambda s, p, c: rules.ask_gift(s, AskGift(p, c)),
    DecisionKind.ATTACK_PAYMENT: lambda s, p, c: rules.ask_attack(s, AskAttack(p, c)),
}
"""How the rules ask each decision, given its player and its context's value (`ask_again`
asks `copy_target` and `oracle_swap_target` itself)."""


def _name(f: Fields, key: str, known: dict[str, Any]) -> str:
    """The name of a kind of task or decision (too many to list in a short message)."""
    name = f.str(key, 40)
    check(name in known, f"{f.path}.{key} is no {key} of Elysium: '{echo(name)}'")
    return name


def _check_op(op: str, effect: Effect, path: str) -> None:
    check(effect.op == op, f"{path}.effect is no {op}")


def _check_order(game: Elysium, kind: DecisionKind, remaining: tuple[int, ...], path: str) -> None:
    """The cards left to order are hooks (`order_hook`) or Eleusis cards (`order_eleusis`)."""
    t = game.tables
    fits = t.hook if kind is DecisionKind.ORDER_HOOK else [p == "eleusis" for p in t.power]
    check(all(fits[c] for c in remaining), f"{path}.remaining holds a card of another power")


def _seat(game: Elysium, value: object, path: str) -> int:
    return as_int(value, 0, game.players - 1, path)


def _cards(game: Elysium, value: object, path: str) -> tuple[int, ...]:
    """Cards, ascending by index (as the rules keep the cards left to order)."""
    items = Items(value, path, 0, len(game.card_set.cards))
    cards = items.each(lambda item, where: read_card(game, item, where))
    check(cards == sorted(set(cards)), f"{path} are different cards in card-set order")
    return tuple(cards)


def _order_kind(game: Elysium, value: object, path: str) -> DecisionKind:
    return ORDER_KINDS[as_str(value, path, 40, tuple(ORDER_KINDS))]


def _effect(game: Elysium, value: object, path: str) -> Effect:
    """An effect as {design, index}: the index-th effect of that design's power."""
    f = Fields(value, path)
    name = f.str("design", 40)
    design = next((d for d in game.card_set.designs if d.id == name), None)
    check(design is not None, f"{path}.design is no design of this card set: '{echo(name)}'")
    assert design is not None
    index = f.int("index", 0, len(design.effects) - 1)
    f.done()
    return design.effects[index]


def _transfers_left(game: Elysium, value: object, path: str) -> int:
    most = max((e.n for e in _effects(game, "immediate_transfer")), default=0)
    return as_int(value, 1, most, path)


def _gold(game: Elysium, value: object, path: str) -> int:
    return as_int(value, 0, MAX_COUNT, path)


class Value(NamedTuple):
    """How one field of a task or one decision's context is written and read."""

    write: Callable[[Elysium, Any], Any]
    read: Callable[[Elysium, object, str], Any]


def _same(game: Elysium, value: Any) -> Any:
    return value


def _card_id(game: Elysium, card: int) -> str:
    return game.card(card).id


VALUES = {
    "player": Value(_same, _seat),
    "owner": Value(_same, _seat),
    "kind": Value(lambda game, kind: kind.label, _order_kind),
    "remaining": Value(lambda game, cards: [game.card(c).id for c in cards], _cards),
    "source": Value(_card_id, read_card),
    "effect": Value(_effect_json, _effect),
    "left": Value(_same, _transfers_left),
    "gold": Value(_same, _gold),
    "agora_card": Value(_card_id, read_card),
}
"""The codec of each field of a task and of each decision's context, by its name."""
