"""The pending work on an Elysium state's stack and the decision it asks: one small frozen
class per kind of task (the rules run each by its class), and the kinds of decision
(docs/elysium.md §17.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

import kleos.core.decision as decision
from kleos.core.frozen import Frozen
from kleos.core.protocol import PlayerId
from kleos.games.elysium.cards import Effect
from kleos.games.elysium.vocabulary import MAX_PLAYERS


class DecisionKind(decision.DecisionKind):
    """The decisions of docs/elysium.md §17.3; a kind's name in lower case is the spec's name of
    it (`label`)."""

    TURN = 0
    ORDER_HOOK = 1
    DISMISS_COLUMN = 2
    ORDER_ELEUSIS = 3
    WRITE = 4
    IMMEDIATE_TRANSFER_CHOICE = 5
    COPY_TARGET = 6
    STEAL_TARGET = 7
    ORACLE_FREE_CARD = 8
    ORACLE_SWAP_CHOICE = 9
    ORACLE_SWAP_TARGET = 10
    """Not in docs/elysium.md §17.3: the second half of the swap decision (the Oracle card), asked
    of the same player after `oracle_swap_choice` named the Agora card, so that a swap needs two
    small choices rather than one among every pair."""
    GIFT_CHOICE = 11
    ATTACK_PAYMENT = 12


class Order(NamedTuple):
    """The context of `order_hook` and `order_eleusis`."""

    remaining: tuple[int, ...]
    """The cards not yet resolved, ascending."""


class Transfers(NamedTuple):
    """The context of `immediate_transfer_choice`."""

    left: int
    """The transfers still allowed, this one included."""


class Steal(NamedTuple):
    """The context of `steal_target`."""

    gold: int
    """The most gold the victim loses."""


class Swap(NamedTuple):
    """The context of `oracle_swap_target`."""

    agora_card: int
    """The Agora card going to the Oracle, named by `oracle_swap_choice`."""


class Offer(NamedTuple):
    """The context of `gift_choice` and `attack_payment`."""

    effect: Effect
    """The `share_gift` or `opponents_lose` whose gifts or options are offered."""


Context = Order | Transfers | Steal | Swap | Offer
"""What the answer to a decision needs besides the action: one small class per kind of
decision that has one (each with one field, named as in a state's JSON document)."""
CONTEXTS: Final[dict[DecisionKind, type[Context]]] = {
    DecisionKind.ORDER_HOOK: Order,
    DecisionKind.ORDER_ELEUSIS: Order,
    DecisionKind.IMMEDIATE_TRANSFER_CHOICE: Transfers,
    DecisionKind.STEAL_TARGET: Steal,
    DecisionKind.ORACLE_SWAP_TARGET: Swap,
    DecisionKind.GIFT_CHOICE: Offer,
    DecisionKind.ATTACK_PAYMENT: Offer,
}
"""The context of each kind of decision that has one (the others have None)."""


Decision = decision.Decision
"""The decision now asked, and of whom: the core model, whose context is `CONTEXTS`' class for
its kind, None for the other kinds."""
ElysiumDecision = decision.Decision[DecisionKind, Context | None]
"""The type of an Elysium state's pending decision."""


@dataclass(frozen=True, slots=True)
class StartEpoch(Frozen):
    """Phase I (epochs 2–5), then the first turn of Phase II (docs/elysium.md §5.1)."""


@dataclass(frozen=True, slots=True)
class StartTurn(Frozen):
    """A Phase II turn begins: its actions window opens, and `turn` is asked."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class AskTurn(Frozen):
    """`turn` is asked again, after a power used in the actions window."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class DismissStep(Frozen):
    """docs/elysium.md §5.2.4 step 4, after the take has resolved completely."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class EndTurn(Frozen):
    """The next player in disc order, or the end of Phase II after 4 rounds."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class StartPhase3(Frozen):
    """Incomplete Quests, disc reassignment and income; then Eleusis and Writing
    (docs/elysium.md §5.3)."""


@dataclass(frozen=True, slots=True)
class EleusisStep(Frozen):
    """A player's Eleusis powers, active with two or more Eleusis cards in the Domain."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class AskOrder(Frozen):
    """Which hook (`order_hook`) or Eleusis power (`order_eleusis`) resolves next."""

    player: PlayerId
    kind: DecisionKind
    remaining: tuple[int, ...]
    """The cards not yet resolved, ascending."""


@dataclass(frozen=True, slots=True)
class StartWriting(Frozen):
    """A Writing step begins: the allowance, then Legend start-of-step effects
    (docs/elysium.md §5.3.3)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class AskWrite(Frozen):
    """`write` is asked: powers, transfers while allowance is left, or the end of the step."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class EndEpoch(Frozen):
    """Phase IV (docs/elysium.md §5.4), or the end of the game after epoch 5."""


@dataclass(frozen=True, slots=True)
class ResolveEffect(Frozen):
    """One primitive of a power, for its owner (the copier, for a copied power)."""

    owner: PlayerId
    effect: Effect
    source: int
    """The card whose power it is."""


@dataclass(frozen=True, slots=True)
class AskGift(Frozen):
    """An opponent of a `share_gift`'s owner chooses one of its two gifts."""

    player: PlayerId
    effect: Effect


@dataclass(frozen=True, slots=True)
class AskAttack(Frozen):
    """An opponent of an `opponents_lose`'s owner pays one option, unless immune or unable."""

    player: PlayerId
    effect: Effect


@dataclass(frozen=True, slots=True)
class AskImmediate(Frozen):
    """One `immediate_transfer_choice`: a payable transfer, or stop."""

    player: PlayerId
    left: int
    """The transfers still allowed, this one included."""


Task = (
    StartEpoch
    | StartTurn
    | AskTurn
    | DismissStep
    | EndTurn
    | StartPhase3
    | EleusisStep
    | AskOrder
    | StartWriting
    | AskWrite
    | EndEpoch
    | ResolveEffect
    | AskGift
    | AskAttack
    | AskImmediate
)
"""A unit of pending work on the stack."""


# The tasks that hold only a seat (or nothing), and the decisions without a context, made once:
# the hot paths use these rather than build a task or a decision at every step, which costs a
# few per cent of a random game's time.
SEATS: Final = range(MAX_PLAYERS)
PLAIN_DECISIONS: Final[tuple[tuple[ElysiumDecision, ...], ...]] = tuple(
    tuple(Decision(kind, p, None) for p in SEATS) for kind in DecisionKind
)
"""`PLAIN_DECISIONS[kind][player]`: the decision of that kind and player with no context."""
START_EPOCH: Final = StartEpoch()
START_TURN: Final = tuple(StartTurn(p) for p in SEATS)
ASK_TURN: Final = tuple(AskTurn(p) for p in SEATS)
DISMISS_STEP: Final = tuple(DismissStep(p) for p in SEATS)
END_TURN: Final = tuple(EndTurn(p) for p in SEATS)
START_PHASE3: Final = StartPhase3()
ELEUSIS_STEP: Final = tuple(EleusisStep(p) for p in SEATS)
START_WRITING: Final = tuple(StartWriting(p) for p in SEATS)
ASK_WRITE: Final = tuple(AskWrite(p) for p in SEATS)
END_EPOCH: Final = EndEpoch()
