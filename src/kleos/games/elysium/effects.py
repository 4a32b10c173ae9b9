"""The 21 effect primitives of docs/elysium.md §12, each implemented once; every card is a list of
them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from kleos.core.protocol import PlayerId
from kleos.games.elysium.actions import ElysiumAction
from kleos.games.elysium.cards import Effect
from kleos.games.elysium.machine import ask, gain_citizen
from kleos.games.elysium.scoring import counter
from kleos.games.elysium.state import Discount, ElysiumState
from kleos.games.elysium.tasks import AskAttack, AskGift, AskImmediate, DecisionKind, Steal


def gain(s: ElysiumState, p: PlayerId, resource: str, n: int) -> None:
    """p gains n of gold, VP or PP."""
    getattr(s, resource)[p] += n


def lose(s: ElysiumState, p: PlayerId, resource: str, n: int) -> int:
    """p loses up to n of a resource (never below 0); returns what was lost."""
    counts: list[int] = getattr(s, resource)
    lost = min(n, counts[p])
    counts[p] -= lost
    return lost


def immune(s: ElysiumState, p: PlayerId) -> bool:
    """Whether p holds a card with immune_to_attacks (docs/elysium.md §8.11)."""
    flags = s.game.tables.immune
    return any(map(flags.__getitem__, s.domain[p]))


def opponents(s: ElysiumState, owner: PlayerId) -> list[PlayerId]:
    """The other players in current disc order, starting after the owner (docs/elysium.md §8.1)."""
    i = s.order.index(owner)
    n = len(s.order)
    return [s.order[(i + k) % n] for k in range(1, n)]


def attack_options(s: ElysiumState, q: PlayerId, effect: Effect) -> list[ElysiumAction]:
    """q's ways to pay an opponents_lose: fully payable options, else those payable in part."""
    acts = s.game.actions

    def have(kind: str) -> int:
        if kind == "discard":
            return len(s.domain[q]) + len(s.citizens[q])
        counts: list[int] = getattr(s, kind)
        return counts[q]

    full = [o for o in effect.options if have(o.resource) >= o.n]
    chosen = full or [o for o in effect.options if o.resource != "discard" and have(o.resource) > 0]
    result: list[ElysiumAction] = []
    for option in chosen:
        if option.resource == "discard":
            result += [acts.discard[c] for c in sorted(s.domain[q])]
            if s.citizens[q]:
                result.append(acts.discard_citizen)
        else:
            result.append(acts.pay[(option.resource, option.n)])
    return result


def _gain_fixed(resource: str) -> Callable[[ElysiumState, PlayerId, Effect, int], None]:
    def effect_fn(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
        gain(s, owner, resource, e.n)
        s.emit("gain", player=owner, resource=resource, n=e.n)

    return effect_fn


def gain_per(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#4: n × counter of a resource."""
    amount = e.n * counter(s, owner, e.counter)
    gain(s, owner, e.resource, amount)
    s.emit("gain", player=owner, resource=e.resource, n=amount)


def share_gift(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#5: you gain both gifts; each opponent, in order, chooses one (not an attack)."""
    for gift in e.gifts:
        gain(s, owner, gift.resource, gift.n)
        s.emit("gain", player=owner, resource=gift.resource, n=gift.n)
    for q in reversed(opponents(s, owner)):
        s.stack.append(AskGift(q, e))


def opponents_lose(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#6: each non-immune opponent, in order, pays one option (an attack)."""
    for q in reversed(opponents(s, owner)):
        s.stack.append(AskAttack(q, e))


def steal_gold(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#7: choose a non-immune opponent, who loses up to n gold to you."""
    steal = s.game.actions.steal
    targets = [q for q in opponents(s, owner) if not immune(s, q)]
    if targets:
        ask(s, DecisionKind.STEAL_TARGET, owner, Steal(e.n), [steal[q] for q in sorted(targets)])


def take_citizen(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#9: n extra Citizens from the draw pile (no take, no dismissal)."""
    received = 0
    for _ in range(e.n):
        if not gain_citizen(s, owner):
            break
        received += 1
    s.emit("extra_citizens", player=owner, n=received)


def immediate_transfer(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#10: up to n transfers now, one decision each."""
    s.stack.append(AskImmediate(owner, e.n))


def extra_transfer(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#11 (one-shot): +n allowance this epoch; at once if in the step, lost after it."""
    if s.writer == owner:
        s.allowance += e.n
    elif not s.step_done[owner]:
        s.extra[owner] += e.n
    s.emit("modifier", player=owner, op=e.op, n=e.n)


def transfer_discount(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#12 (one-shot): the next matching transfer this epoch costs n less."""
    s.discounts[owner] = (*s.discounts[owner], Discount(e.n, e.levels, e.citizens))
    s.emit("modifier", player=owner, op=e.op, n=e.n)


def _pending(field: str) -> Callable[[ElysiumState, PlayerId, Effect, int], None]:
    """#15 ignore_condition, #16 keep_column, #18 oracle_access (one-shot)."""

    def effect_fn(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
        getattr(s, field)[owner] += 1
        s.emit("modifier", player=owner, op=e.op, n=1)

    return effect_fn


def oracle_take_free(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#19: an Oracle card not identical to one in your Domain, as an extra card."""
    bit = s.game.tables.design_bit
    designs = s.designs[owner]
    oracle = s.game.actions.oracle
    options = [oracle[c] for c in sorted(s.oracle) if not designs & bit[c]]
    if options:
        ask(s, DecisionKind.ORACLE_FREE_CARD, owner, None, options)


def oracle_swap(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#20: you may exchange one Agora card with one Oracle card: first the Agora card (or
    no swap), then the Oracle card (`oracle_swap_target`)."""
    if s.agora and s.oracle:
        acts = s.game.actions
        out: list[ElysiumAction] = [acts.swap_out[a] for a in sorted(s.agora)]
        ask(s, DecisionKind.ORACLE_SWAP_CHOICE, owner, None, [*out, acts.no_swap])


def copy_power(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#21: another face-up Domain card's power (type in kinds, level ≤ max) as yours."""
    t = s.game.tables
    copy = s.game.actions.copy
    targets = sorted(
        c
        for domain in s.domain
        for c in domain
        if c != source and t.power[c] in e.kinds and t.level[c] <= e.max_level and t.copyable[c]
    )
    if targets:
        ask(s, DecisionKind.COPY_TARGET, owner, None, [copy[c] for c in targets])


def _static(s: ElysiumState, owner: PlayerId, e: Effect, source: int) -> None:
    """#8, #13, #14, #17: static rules read where they apply; resolving them does nothing."""


OPS: Final[dict[str, Callable[[ElysiumState, PlayerId, Effect, int], None]]] = {
    "gain_gold": _gain_fixed("gold"),
    "gain_vp": _gain_fixed("vp"),
    "gain_pp": _gain_fixed("pp"),
    "gain_per": gain_per,
    "share_gift": share_gift,
    "opponents_lose": opponents_lose,
    "steal_gold": steal_gold,
    "immune_to_attacks": _static,
    "take_citizen": take_citizen,
    "immediate_transfer": immediate_transfer,
    "extra_transfer": extra_transfer,
    "transfer_discount": transfer_discount,
    "per_transfer_gain": _static,
    "citizen_no_penalty": _static,
    "ignore_condition": _pending("ignore"),
    "keep_column": _pending("keep"),
    "treat_circle_black": _static,
    "oracle_access": _pending("oracle_once"),
    "oracle_take_free": oracle_take_free,
    "oracle_swap": oracle_swap,
    "copy_power": copy_power,
}


def resolve(s: ElysiumState, owner: PlayerId, effect: Effect, source: int) -> None:
    """Resolve one primitive for its owner (the copier, for a copied power)."""
    OPS[effect.op](s, owner, effect, source)
