"""Elysium's bound on the length of a game (`max_game_length`, the research interfaces'
episode limit), derived from the card set and the families that can be in play."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from kleos.games.elysium.cards import CardSet, Design, Effect, per_card_set
from kleos.games.elysium.vocabulary import (
    CARDS_PER_EPOCH,
    COLUMNS,
    COPY_KINDS,
    EPOCHS,
    FAMILIES_IN_PLAY,
    ORACLE_SIZE,
    TURNS_PER_EPOCH,
)

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium


def _decisions(effects: Iterable[Effect], players: int) -> int:
    """The most decisions one resolution of these effects asks directly: a gift or an attack
    one per opponent, a steal target, a free Oracle card, a copy target, two for a swap, and
    the `stop` of an immediate transfer (its transfers are counted with all transfers)."""
    count = 0
    for e in effects:
        if e.op in ("share_gift", "opponents_lose"):
            count += players - 1
        elif e.op in ("steal_gold", "oracle_take_free", "copy_power", "immediate_transfer"):
            count += 1
        elif e.op == "oracle_swap":
            count += 2
    return count


def _resolves(design: Design) -> bool:
    """Whether a card's own power can resolve during play, and so ask decisions (a static
    Permanent never resolves; Chronos resolves in scoring, which asks nothing)."""
    if design.power == "permanent":
        return bool(design.hook)
    return design.power != "chronos"


def _top(values: Iterable[int]) -> int:
    """The sum of the largest `FAMILIES_IN_PLAY` values: a bound for any 5 families."""
    return sum(sorted(values)[-FAMILIES_IN_PLAY:])


@per_card_set
def _length_bound(cards: CardSet, players: int, families: tuple[str, ...] | None) -> int:
    """`max_game_length` of a config (see there)."""
    n = players
    ids = [f.id for f in cards.families]
    possible = ids if families is None else [f for f in ids if f in families]
    designs = [d for d in cards.designs if d.family in possible]
    copies = {d.index: 0 for d in designs}
    for card in cards.cards:
        if card.design.index in copies:
            copies[card.design.index] += 1

    def per_family(count: Callable[[Design], int]) -> int:
        """The sum of `count` over the designs of a family, for the 5 families that give most."""
        totals = dict.fromkeys(possible, 0)
        for d in designs:
            totals[d.family] += count(d)
        return _top(totals.values())

    def has(d: Design, op: str) -> bool:
        return any(e.op == op for e in d.effects)

    def citizens(d: Design) -> int:
        return sum(e.n for e in d.effects if e.op == "take_citizen")

    def asks(d: Design) -> int:
        return _decisions(d.effects, n)

    copyable = [d for d in designs if d.power in COPY_KINDS and not has(d, "copy_power")]
    instant = [d for d in designs if d.power == "instantaneous"]
    oracle = ORACLE_SIZE if "apollo" in possible else 0
    entries = CARDS_PER_EPOCH * n + oracle
    uses = per_family(lambda d: copies[d.index] if d.power in ("activate", "trigger") else 0)
    hooks = per_family(lambda d: int(d.power == "permanent" and bool(d.hook)))
    eleusis = per_family(lambda d: int(d.power == "eleusis"))
    copy_cards = per_family(lambda d: copies[d.index] if has(d, "copy_power") else 0)
    instant_asks = min(
        per_family(lambda d: copies[d.index] * asks(d) if d.power == "instantaneous" else 0),
        entries * max(map(asks, instant), default=0),
    )
    other_asks = per_family(
        lambda d: copies[d.index] * asks(d) if _resolves(d) and d.power != "instantaneous" else 0
    )
    copy_asks = copy_cards * max(map(asks, copyable), default=0)
    gained = per_family(lambda d: copies[d.index] * citizens(d) if _resolves(d) else 0)
    gained += copy_cards * max(map(citizens, copyable), default=0)
    epoch = (
        TURNS_PER_EPOCH * n
        + (len(COLUMNS) - 1) * n
        + n
        + n * max(hooks - 1, 0)
        + n * max(eleusis - 1, 0)
        + uses
        + instant_asks
        + other_asks
        + copy_asks
    )
    transfers = EPOCHS * (CARDS_PER_EPOCH * n + oracle + gained)
    return EPOCHS * epoch + transfers


def max_game_length(game: Elysium) -> int:
    """An upper bound on the decisions (actions applied) of any game of this config.

    A card that leaves a Domain never comes back face up in the same epoch: the Agora and
    the Oracle are dealt only in Phase I, and a card reshuffled mid-epoch comes back only as
    a Citizen (no power). So, within an epoch, each physical card enters a Domain at most
    once, and its own power resolves at most once: an Instantaneous on entry, an Activate
    when used (then turned until Phase IV), a Trigger when used (its ring is gone until it
    enters again), an Eleusis in income, a hook at its owner's one Quest take, a Legend at
    its owner's one Writing step (Chronos resolves in scoring and asks nothing). With n
    players, every decision of an epoch is one of:

    - `turn` ending in a take or a pass: each player has exactly 4 turns (docs/elysium.md §5.2.1):
      4n;
    - `dismiss_column`: asked only with 2 or more columns on the board, which start the
      epoch at 4 and only lose columns: at most 3 per player, 3n;
    - `write` ending a Writing step (`end_step`): n;
    - `order_hook`: asked while 2 or more hooks are left, at the one Quest take, and a Domain
      holds one card per design: n × (H − 1), H the hook designs in play;
    - `order_eleusis`: likewise n × (E − 1), E the Eleusis designs in play;
    - `use_power` (in `turn` or `write`): at most once per physical Activate or Trigger card
      of the families in play, U;
    - the decisions a power's effects ask (a gift or an attack: one per opponent, n − 1; a
      steal target, a free Oracle card, a copy target, the `stop` of an immediate transfer:
      1; a swap: 2), at most once per physical card: the sum over the cards in play, where
      Instantaneous resolutions also number at most the real cards entering Domains,
      3n + 4 (card takes, and the 4 Oracle cards with Apollo), times the most one asks; and
      each physical copy-power card's copy resolves one copyable power (the costliest).

    Over the game every transfer (a `write` or an `immediate_transfer_choice`) moves a card
    or a Citizen from a Domain into an Elysium for good, so transfers are at most the
    arrivals: 3n card takes an epoch (cards or Citizens), the 4 Oracle cards (Apollo), and
    the Citizens of `take_citizen` powers (each card's once an epoch, and each copy's).

    Bound = 5 × (epoch decisions) + 5 × (arrivals per epoch). A per-family count is summed
    over the 5 families that give the most (the families in play when they are fixed), so
    the bound holds whichever 5 are drawn. For the package's card set and random families:
    750 (2 players), 990 (3), 1,340 (4); random games take about 100, 150 and 210
    decisions, the longest seen 120, 196 and 276.
    """
    return _length_bound(game.card_set, game.config.players, game.families)
