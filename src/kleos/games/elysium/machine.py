"""The Elysium engine's shared machinery: asking a decision, scheduling effects, and moving
cards between the piles and the Domains."""

from __future__ import annotations

from collections.abc import Sequence

from kleos.core.protocol import PlayerId
from kleos.core.rng import derive_seed, make_rng, shuffle
from kleos.games.elysium.actions import ElysiumAction
from kleos.games.elysium.cards import Effect
from kleos.games.elysium.state import ElysiumState
from kleos.games.elysium.tasks import (
    PLAIN_DECISIONS,
    Context,
    Decision,
    DecisionKind,
    ResolveEffect,
)
from kleos.games.elysium.vocabulary import ORACLE_SIZE


def ask(
    s: ElysiumState,
    kind: DecisionKind,
    player: PlayerId,
    context: Context | None,
    options: Sequence[ElysiumAction],
) -> None:
    """Put a decision to a player (answered automatically by `run` if it has one option)."""
    assert options, f"decision {kind.label} with no option"
    s.decision = (
        PLAIN_DECISIONS[kind][player] if context is None else Decision(kind, player, context)
    )
    s.options = tuple(options)


def push_effects(s: ElysiumState, owner: PlayerId, source: int, effects: Sequence[Effect]) -> None:
    """Schedule a power's effects so that the first listed resolves first."""
    for effect in reversed(effects):
        s.stack.append(ResolveEffect(owner, effect, source))


def card_of(s: ElysiumState, card_id: str) -> int:
    """The index of a card id."""
    return s.game.actions.card_index[card_id]


def draw_card(s: ElysiumState) -> int | None:
    """The top card of the draw pile, reshuffling the discard pile when it is empty
    (docs/elysium.md §10)."""
    if not s.draw and s.discard:
        pile = s.discard
        shuffle(make_rng(derive_seed(s.chance_seed, s.reshuffles)), pile)
        s.reshuffles += 1
        s.draw, s.discard = pile, []
        s.emit("reshuffle", cards=len(pile))
    return s.draw.pop() if s.draw else None


def deal_agora(s: ElysiumState) -> None:
    """Fill the Agora up to 1 + 3 × players cards."""
    while len(s.agora) < s.game.agora_size:
        card = draw_card(s)
        if card is None:
            return
        s.agora.append(card)


def deal_oracle(s: ElysiumState) -> None:
    """Deal 4 cards to the Oracle (Apollo in play)."""
    for _ in range(ORACLE_SIZE):
        card = draw_card(s)
        if card is None:
            return
        s.oracle.append(card)


def enter_domain(s: ElysiumState, p: PlayerId, card: int) -> None:
    """A face-up card arrives in p's Domain (ringed if it is a Trigger card)."""
    t = s.game.tables
    s.domain[p] = (*s.domain[p], card)
    s.designs[p] |= t.design_bit[card]
    s.ring[card] = t.power[card] == "trigger"
    s.turned[card] = False
    s.entered[card] = s.window
    if t.power[card] == "instantaneous":
        push_effects(s, p, card, t.effects[card])


def leave_domain(s: ElysiumState, p: PlayerId, card: int) -> None:
    """A face-up card leaves p's Domain; it keeps no ring and no turned state."""
    domain = s.domain[p]
    i = domain.index(card)
    s.domain[p] = domain[:i] + domain[i + 1 :]
    s.designs[p] &= ~s.game.tables.design_bit[card]
    s.ring[card] = False
    s.turned[card] = False


def gain_citizen(s: ElysiumState, p: PlayerId) -> bool:
    """Put the top card of the draw pile face down in p's Domain; False if none is left."""
    card = draw_card(s)
    if card is None:
        return False
    s.citizen_serial += 1
    s.citizen_handle = {**s.citizen_handle, card: s.citizen_serial}
    s.citizens[p] = (*s.citizens[p], card)
    return True


def commit_power(s: ElysiumState, p: PlayerId, card: int) -> None:
    """Spend an Activate (turn it) or Trigger (remove its ring), then schedule its effects."""
    if s.game.tables.power[card] == "activate":
        s.turned[card] = True
    else:
        s.ring[card] = False
    if s._events is not None:
        s.emit("power", player=p, card=s.game.card(card).id)
    push_effects(s, p, card, s.game.tables.effects[card])


def usable_powers(s: ElysiumState, p: PlayerId, window: str) -> list[int]:
    """p's Domain cards whose Activate or Trigger power can be used now in this window
    ('actions' or 'legends'), ascending: not turned (Activate), still ringed (Trigger), and
    not arrived during this window (docs/elysium.md §8.3)."""
    t = s.game.tables
    fits, activate = t.fits_window[window], t.activate
    turned, ring, entered, now = s.turned, s.ring, s.entered, s.window
    return [
        c
        for c in sorted(s.domain[p])
        if fits[c] and (not turned[c] if activate[c] else ring[c]) and entered[c] != now
    ]


def has_oracle_access(s: ElysiumState, p: PlayerId) -> bool:
    """Whether p's next card take may come from the Oracle (docs/elysium.md §9.2)."""
    if s.oracle_once[p]:
        return True
    access = s.game.tables.oracle_access
    return any(map(access.__getitem__, s.domain[p]))


def circle_black(s: ElysiumState, p: PlayerId) -> bool:
    """Whether p may treat one coloured circle as black (Kerykeion)."""
    black = s.game.tables.circle_black
    return any(map(black.__getitem__, s.domain[p]))
