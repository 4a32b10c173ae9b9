"""Elysium's atomic decisions (docs/elysium.md §17.3): each declared once, as a small frozen value
with one canonical text, and the action table of a card set (ids, parsing and JSON through its
`ActionSpace`).

Cards are named by card id ('ZEU-01a'); "a Citizen" is the word `citizen`; Legends are
numbered from 1 in order of creation, and `new` starts a Legend.
"""

from __future__ import annotations

from dataclasses import dataclass

from kleos.core.actions import ActionSpace, action
from kleos.games.elysium.cards import CardSet, per_card_set
from kleos.games.elysium.vocabulary import COLUMNS, MAX_LEGENDS_PER_PLAYER, MAX_PLAYERS

CITIZEN = "citizen"
NEW_LEGEND = 0
"""The Legend number of a transfer that starts a new Legend."""


@action("use {card}")
@dataclass(frozen=True, slots=True)
class UsePower:
    """Use the Activate or Trigger power of a card in your Domain."""

    card: str


@action("take {card}")
@dataclass(frozen=True, slots=True)
class TakeCard:
    """Take a card from the Agora (or the Oracle, with oracle access)."""

    card: str


@action("quest {quest}")
@dataclass(frozen=True, slots=True)
class TakeQuest:
    """Take a Quest tile from the Temple."""

    quest: str


@action("take citizen")
@dataclass(frozen=True, slots=True)
class TakeCitizen:
    """Take the top card of the draw pile face down as a Citizen."""


@action("pass")
@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: no more turns this epoch (only when no take is legal)."""


@action("resolve {card}")
@dataclass(frozen=True, slots=True)
class Resolve:
    """Choose which of your hooks (order_hook) or Eleusis powers (order_eleusis) resolves next."""

    card: str


@action("dismiss {column}")
@dataclass(frozen=True, slots=True)
class Dismiss:
    """Dismiss a column from your board."""

    column: str


@action("transfer {card} to {legend}", legend=lambda n: "new" if n == NEW_LEGEND else str(n))
@dataclass(frozen=True, slots=True)
class Transfer:
    """Move a card (or a Citizen) from your Domain to a Legend (0: a new Legend)."""

    card: str
    legend: int


@action("end step")
@dataclass(frozen=True, slots=True)
class EndStep:
    """End your Writing step."""


@action("stop")
@dataclass(frozen=True, slots=True)
class Stop:
    """Make no more immediate transfers."""


@action("copy {card}")
@dataclass(frozen=True, slots=True)
class CopyTarget:
    """The card whose power `copy_power` copies."""

    card: str


@action("steal from {seat}", seat=lambda seat: f"P{seat}")
@dataclass(frozen=True, slots=True)
class StealFrom:
    """The opponent (seat number from 1) that `steal_gold` robs."""

    seat: int


@action("oracle {card}")
@dataclass(frozen=True, slots=True)
class OracleFree:
    """The Oracle card `oracle_take_free` puts into your Domain."""

    card: str


@action("swap out {card}")
@dataclass(frozen=True, slots=True)
class SwapOut:
    """`oracle_swap`, first step: the Agora card that goes to the Oracle."""

    card: str


@action("swap in {card}")
@dataclass(frozen=True, slots=True)
class SwapIn:
    """`oracle_swap`, second step: the Oracle card that takes its place in the Agora."""

    card: str


@action("no swap")
@dataclass(frozen=True, slots=True)
class NoSwap:
    """Decline the swap."""


@action("gift {n} {resource}")
@dataclass(frozen=True, slots=True)
class Gift:
    """The gift of a `share_gift` an opponent chooses."""

    resource: str
    n: int


@action("lose {n} {resource}")
@dataclass(frozen=True, slots=True)
class Pay:
    """Answer an attack by losing a resource (all you have, when only payable in part)."""

    resource: str
    n: int


@action("discard {card}")
@dataclass(frozen=True, slots=True)
class Discard:
    """Answer an attack by discarding a card (or a Citizen) from your Domain."""

    card: str


ElysiumAction = (
    UsePower
    | TakeCard
    | TakeQuest
    | TakeCitizen
    | Pass
    | Resolve
    | Dismiss
    | Transfer
    | EndStep
    | Stop
    | CopyTarget
    | StealFrom
    | OracleFree
    | SwapOut
    | SwapIn
    | NoSwap
    | Gift
    | Pay
    | Discard
)

EXAMPLES = (
    "take ZEU-01a, use ZEU-02a, quest Q2, take citizen, dismiss red, transfer ZEU-01a to new "
    f"(or to 1..{MAX_LEGENDS_PER_PLAYER}), end step (all: docs/elysium.md)"
)
"""Shown when text names no action."""


class ActionTable:
    """Every action of a card set, built once: the instances the engine hands out, by card
    index where they name a card, and the `ActionSpace` of their ids, texts and JSON."""

    def __init__(self, cards: CardSet) -> None:
        ids = [c.id for c in cards.cards]
        self.card_index = {card_id: i for i, card_id in enumerate(ids)}
        self.use = tuple(UsePower(i) for i in ids)
        self.take = tuple(TakeCard(i) for i in ids)
        self.quest = {q.id: TakeQuest(q.id) for q in cards.quests}
        self.citizen = TakeCitizen()
        self.passing = Pass()
        self.resolve = tuple(Resolve(i) for i in ids)
        self.dismiss = tuple(Dismiss(c) for c in COLUMNS)
        self.dismissals = tuple(
            tuple(d for i, d in enumerate(self.dismiss) if mask >> i & 1)
            for mask in range(1 << len(COLUMNS))
        )
        """`dismissals[columns]`: the options of `dismiss_column` for a board's column set."""
        legends = range(MAX_LEGENDS_PER_PLAYER + 1)
        self.transfer = tuple(tuple(Transfer(i, legend) for legend in legends) for i in ids)
        """`transfer[card][legend]`: a card's transfer to a Legend (NEW_LEGEND: a new one)."""
        self.transfer_citizen = tuple(Transfer(CITIZEN, legend) for legend in legends)
        self.end_step = EndStep()
        self.stop = Stop()
        self.copy = tuple(CopyTarget(i) for i in ids)
        self.steal = tuple(StealFrom(seat) for seat in range(1, MAX_PLAYERS + 1))
        self.oracle = tuple(OracleFree(i) for i in ids)
        self.swap_out = tuple(SwapOut(i) for i in ids)
        self.swap_in = tuple(SwapIn(i) for i in ids)
        self.no_swap = NoSwap()
        self.discard = tuple(Discard(i) for i in ids)
        self.discard_citizen = Discard(CITIZEN)
        amounts = {
            (a.resource, a.n)
            for d in cards.designs
            for e in d.effects
            for a in (*e.gifts, *e.options)
        }
        self.gift = {key: Gift(*key) for key in sorted(amounts)}
        self.pay = {key: Pay(*key) for key in sorted(amounts) if key[0] != "discard"}
        self.space = ActionSpace(
            (
                *self.use,
                *self.take,
                *self.quest.values(),
                self.citizen,
                self.passing,
                *self.resolve,
                *self.dismiss,
                self.end_step,
                self.stop,
                *self.copy,
                *self.steal,
                *self.oracle,
                *self.swap_out,
                *self.swap_in,
                self.no_swap,
                *self.gift.values(),
                *self.pay.values(),
                *self.discard,
                self.discard_citizen,
                # Transfers last and by Legend number, so that the ids a game uses end early:
                # the transfers to the Legends no player reaches have the highest ids.
                *(
                    t
                    for legend in legends
                    for t in (
                        *(row[legend] for row in self.transfer),
                        self.transfer_citizen[legend],
                    )
                ),
            ),
            "Elysium",
            EXAMPLES,
        )
        self.all: tuple[ElysiumAction, ...] = self.space.all  # type: ignore[assignment]


@per_card_set
def action_table(cards: CardSet) -> ActionTable:
    """The action table of a card set, built once per set."""
    return ActionTable(cards)
