"""Elysium's atomic decisions (§17.3) as small frozen values with one canonical text each.

Cards are named by card id ('ZEU-01a'); "a Citizen" is the word `citizen`; Legends are
numbered from 1 in order of creation, and `new` starts a Legend.
"""

from __future__ import annotations

from dataclasses import dataclass

from kleos.games.elysium.cards import COLUMNS, CardSet

CITIZEN = "citizen"
NEW_LEGEND = 0
MAX_LEGENDS = 64
"""Legend numbers an action can name (a player has far fewer in any real game)."""


@dataclass(frozen=True, slots=True)
class UsePower:
    """Use the Activate or Trigger power of a card in your Domain."""

    card: str

    def __str__(self) -> str:
        return f"use {self.card}"


@dataclass(frozen=True, slots=True)
class TakeCard:
    """Take a card from the Agora (or the Oracle, with oracle access)."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class TakeQuest:
    """Take a Quest tile from the Temple."""

    quest: str

    def __str__(self) -> str:
        return f"quest {self.quest}"


@dataclass(frozen=True, slots=True)
class TakeCitizen:
    """Take the top card of the draw pile face down as a Citizen."""

    def __str__(self) -> str:
        return "take citizen"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: no more turns this epoch (only when no take is legal)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Resolve:
    """Choose which of your hooks (order_hook) or Eleusis powers (order_eleusis) resolves next."""

    card: str

    def __str__(self) -> str:
        return f"resolve {self.card}"


@dataclass(frozen=True, slots=True)
class Dismiss:
    """Dismiss a column from your board."""

    column: str

    def __str__(self) -> str:
        return f"dismiss {self.column}"


@dataclass(frozen=True, slots=True)
class Transfer:
    """Move a card (or a Citizen) from your Domain to a Legend (0: a new Legend)."""

    card: str
    legend: int

    def __str__(self) -> str:
        target = "new" if self.legend == NEW_LEGEND else str(self.legend)
        return f"transfer {self.card} to {target}"


@dataclass(frozen=True, slots=True)
class EndStep:
    """End your Writing step."""

    def __str__(self) -> str:
        return "end step"


@dataclass(frozen=True, slots=True)
class Stop:
    """Make no more immediate transfers."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class CopyTarget:
    """The card whose power `copy_power` copies."""

    card: str

    def __str__(self) -> str:
        return f"copy {self.card}"


@dataclass(frozen=True, slots=True)
class StealFrom:
    """The opponent (seat number from 1) that `steal_gold` robs."""

    seat: int

    def __str__(self) -> str:
        return f"steal from P{self.seat}"


@dataclass(frozen=True, slots=True)
class OracleFree:
    """The Oracle card `oracle_take_free` puts into your Domain."""

    card: str

    def __str__(self) -> str:
        return f"oracle {self.card}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange an Agora card with an Oracle card."""

    agora: str
    oracle: str

    def __str__(self) -> str:
        return f"swap {self.agora} {self.oracle}"


@dataclass(frozen=True, slots=True)
class NoSwap:
    """Decline the swap."""

    def __str__(self) -> str:
        return "no swap"


@dataclass(frozen=True, slots=True)
class Gift:
    """The gift of a `share_gift` an opponent chooses."""

    resource: str
    n: int

    def __str__(self) -> str:
        return f"gift {self.n} {self.resource}"


@dataclass(frozen=True, slots=True)
class Pay:
    """Answer an attack by losing a resource (all you have, when only payable in part)."""

    resource: str
    n: int

    def __str__(self) -> str:
        return f"lose {self.n} {self.resource}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Answer an attack by discarding a card (or a Citizen) from your Domain."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


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
    | Swap
    | NoSwap
    | Gift
    | Pay
    | Discard
)


class ActionTable:
    """Every action of a card set, built once: instances, stable ids and texts."""

    def __init__(self, cards: CardSet, max_players: int = 4) -> None:
        ids = [c.id for c in cards.cards]
        self.use = tuple(UsePower(i) for i in ids)
        self.take = tuple(TakeCard(i) for i in ids)
        self.quest = {q.id: TakeQuest(q.id) for q in cards.quests}
        self.citizen = TakeCitizen()
        self.passing = Pass()
        self.resolve = tuple(Resolve(i) for i in ids)
        self.dismiss = tuple(Dismiss(c) for c in COLUMNS)
        self.transfer = tuple(
            tuple(Transfer(i, legend) for legend in range(MAX_LEGENDS + 1)) for i in ids
        )
        self.transfer_citizen = tuple(
            Transfer(CITIZEN, legend) for legend in range(MAX_LEGENDS + 1)
        )
        self.end_step = EndStep()
        self.stop = Stop()
        self.copy = tuple(CopyTarget(i) for i in ids)
        self.steal = tuple(StealFrom(seat) for seat in range(1, max_players + 1))
        self.oracle = tuple(OracleFree(i) for i in ids)
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
        fixed: list[ElysiumAction] = [
            *self.use,
            *self.take,
            *self.quest.values(),
            self.citizen,
            self.passing,
            *self.resolve,
            *self.dismiss,
            *(t for row in self.transfer for t in row),
            *self.transfer_citizen,
            self.end_step,
            self.stop,
            *self.copy,
            *self.steal,
            *self.oracle,
            self.no_swap,
            *self.gift.values(),
            *self.pay.values(),
            *self.discard,
            self.discard_citizen,
        ]
        self.swap_base = len(fixed)
        self.card_ids = ids
        self.card_index = {card_id: i for i, card_id in enumerate(ids)}
        self.card_index_folded = {card_id.lower(): i for i, card_id in enumerate(ids)}
        """Card indices by lower-cased id (action text is read regardless of case)."""
        self.fixed = tuple(fixed)
        self.ids: dict[ElysiumAction, int] = {a: i for i, a in enumerate(fixed)}
        self._swaps: dict[tuple[int, int], Swap] = {}

    @property
    def size(self) -> int:
        """The number of distinct action ids (swaps are every Agora × Oracle card pair)."""
        return self.swap_base + len(self.card_ids) ** 2

    def swap(self, agora: int, oracle: int) -> Swap:
        """The swap of two cards (made on first use, then shared)."""
        key = (agora, oracle)
        action = self._swaps.get(key)
        if action is None:
            action = self._swaps[key] = Swap(self.card_ids[agora], self.card_ids[oracle])
        return action

    def action_id(self, action: ElysiumAction) -> int | None:
        """The stable integer of an action, or None if it is not one of this set."""
        if isinstance(action, Swap):
            a, o = self.card_index.get(action.agora), self.card_index.get(action.oracle)
            if a is None or o is None:
                return None
            return self.swap_base + a * len(self.card_ids) + o
        return self.ids.get(action)

    def from_id(self, action_id: int) -> ElysiumAction:
        """The action with a given integer (the caller checks the range)."""
        if action_id < self.swap_base:
            return self.fixed[action_id]
        a, o = divmod(action_id - self.swap_base, len(self.card_ids))
        return self.swap(a, o)


_TABLES: dict[int, tuple[CardSet, ActionTable]] = {}


def action_table(cards: CardSet) -> ActionTable:
    """The action table of a card set, built once per set."""
    entry = _TABLES.get(id(cards))
    if entry is None or entry[0] is not cards:
        entry = _TABLES[id(cards)] = (cards, ActionTable(cards))
    return entry[1]
