"""Elysium's observation encoding for research interfaces: a fixed-size float vector per
config, given as its non-zero entries (`State.encode`), and a bound on the length of a game.

The vector shows exactly what the view shows (docs/elysium.md §14): Elysium has no private
information, so every seat sees the same things and only the seat order differs. Seats are encoded
relative to the viewer (the viewer first, then the seats after it in seat order); a spectator is
encoded from seat 0's perspective, and differs from seat 0 only in the `viewer` field (empty for a
spectator). The draw pile appears by its size, Citizens by their number (never their faces): a card
with no location entry is in the draw pile or a Citizen (or out of the game).

The layout (`fields`) depends on the number of players, the card set and the families option:
with the families fixed, only their cards and families have entries. It is built once per
config and cached; `encode` reads the state's locations, not the whole card set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from kleos.core.protocol import EncodingField, PlayerId, lay_out
from kleos.games.elysium.cards import CardSet, Design, Effect, per_card_set
from kleos.games.elysium.state import FAMILY, INCOMPLETE, LEVEL, NO_QUEST, ElysiumState
from kleos.games.elysium.tables import quest_tiles
from kleos.games.elysium.tasks import DecisionKind, Offer, Order, Steal, Swap, Transfers
from kleos.games.elysium.vocabulary import (
    CARDS_PER_EPOCH,
    COLUMNS,
    COPY_KINDS,
    EPOCHS,
    FAMILIES_IN_PLAY,
    LEVEL_MAX,
    LOSS_KINDS,
    MAX_LEGENDS_PER_PLAYER,
    ORACLE_SIZE,
    TURNS_PER_EPOCH,
)

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

PHASES = ("actions", "income", "writing", "over")
LEVELS = (1, 2, 3)
GOLD_SCALE = 1 / 20
VP_SCALE = 1 / 30
PP_SCALE = 1 / 20
CITIZEN_SCALE = 1 / 8
PENDING_SCALE = 1 / 2
AMOUNT_SCALE = 1 / 3
"""Discounts, attack and gift amounts, transfers left, gold to steal."""
ALLOWANCE_SCALE = 1 / 5
ORDER_SCALE = 1 / 5
LEGEND_SCALE = 1 / LEVEL_MAX
LEGEND_SLOT = 1 / MAX_LEGENDS_PER_PLAYER
"""An Elysium card's value is its Legend's number (from 1) times this."""
CODE = 64
"""Elysium entries are sorted as `index * CODE + Legend number` (Legend numbers < CODE)."""
assert MAX_LEGENDS_PER_PLAYER < CODE
AMOUNT_KINDS = {kind: i for i, kind in enumerate(LOSS_KINDS)}
"""The entries of `effect_amounts`: discard, gold, VP, PP."""
DECISIONS = tuple(DecisionKind)
GIFT = DecisionKind.GIFT_CHOICE


class Layout:
    """The layout of one config, and the tables `encode` reads: per field its first index,
    and per card-located field the index of each card (by card index)."""

    def __init__(self, cards: CardSet, players: int, families: tuple[str, ...] | None) -> None:
        n = self.n = players
        quests = quest_tiles(cards, players)
        family_ids = [f.id for f in cards.families]
        possible = family_ids if families is None else [f for f in family_ids if f in families]
        self.family_slot = [possible.index(f) if f in possible else -1 for f in family_ids]
        """Per card-set family index, its entry in family-indexed fields (-1: never in play)."""
        slots = [c.index for c in cards.cards if c.design.family in possible]
        card_slot = [-1] * len(cards.cards)
        for slot, c in enumerate(slots):
            card_slot[c] = slot
        nf, nq, ncards = len(possible), len(quests), len(slots)
        self.nf = nf
        self.legend_block = 3 + nf + len(LEVELS)
        sides = sorted(cards.pediments)
        first_tile = max(cards.family_bonus_vp.values(), default=1) or 1
        self.family_tile_value = {
            rank: vp / first_tile for rank, vp in cards.family_bonus_vp.items() if vp
        }
        per_family = [len([c for c in cards.cards if c.design.family == f]) for f in possible]
        self.draw_scale = 1 / max(1, sum(sorted(per_family)[-FAMILIES_IN_PLAY:]))
        specs: list[tuple[str, int, str]] = [
            ("viewer", n, "1 at the viewer's own seat number (absolute); none for a spectator"),
            ("families", nf, "1 for each family in play (the families that can be, in set order)"),
            ("pediment", len(sides), f"one-hot Pediment side ({', '.join(sides)})"),
            ("epoch", EPOCHS, "one-hot epoch 1-5"),
            ("phase", len(PHASES), "one-hot phase: actions (II), income, writing (III), over"),
            ("round", TURNS_PER_EPOCH, "one-hot Phase II round 1-4 (actions phase only)"),
            ("turn", n, "one-hot relative seat whose Phase II turn it is (actions phase only)"),
            ("decision", len(DECISIONS), "one-hot kind of the pending decision (DecisionKind)"),
            ("decider", n, "one-hot relative seat that must decide now"),
            ("writer", n, "one-hot relative seat whose Writing step it is"),
            ("allowance", 1, "transfers left in the current Writing step / 5"),
            ("order_left", 1, "order_hook / order_eleusis: cards still to resolve / 5"),
            ("immediate_left", 1, "immediate_transfer_choice: transfers still allowed / 3"),
            ("steal_amount", 1, "steal_target: the gold to steal / 3"),
            (
                "effect_amounts",
                len(LOSS_KINDS),
                "gift_choice: the gifts, attack_payment: the options; amount / 3 by kind "
                "(discard, gold, VP, PP)",
            ),
            ("temple", nq, "1 for each Quest tile still in the Temple (tiles by number)"),
            ("draw_pile", 1, "cards in the draw pile / the cards of the 5 families in play"),
            ("disc", n * n, "per relative seat, one-hot disc 1-n (its place in turn order)"),
            ("gold", n, "per relative seat, gold / 20"),
            ("vp", n, "per relative seat, VP tokens / 30"),
            ("pp", n, "per relative seat, Prestige Points / 20"),
            ("columns", n * len(COLUMNS), "per relative seat, 1 per column on the board (YBGR)"),
            ("card_takes", n, f"per relative seat, card takes this epoch / {CARDS_PER_EPOCH}"),
            ("passed", n, "per relative seat, 1 if it passed this epoch"),
            ("step_done", n, "per relative seat, 1 if its Writing step this epoch is over"),
            (
                "quest",
                n * (nq + 1),
                "per relative seat, one-hot Quest held: a tile (by number), then Incomplete",
            ),
            ("citizens", n, "per relative seat, Citizens in the Domain / 8 (faces never shown)"),
            (
                "pending",
                n * 4,
                "per relative seat, pending one-shots / 2: ignore_condition, keep_column, "
                "oracle_access, extra_transfer",
            ),
            (
                "discounts",
                n * 4,
                "per relative seat, pending one-shot discount / 3 on a level 1, 2, 3 card and "
                "on a Citizen",
            ),
            (
                "family_tiles",
                n * nf,
                "per relative seat and family, the VP of the family tile held / the first "
                "tile's VP",
            ),
            ("level_tiles", n * len(LEVELS), "per relative seat, 1 per Level tile held (1-3)"),
            (
                "legends",
                n * MAX_LEGENDS_PER_PLAYER * self.legend_block,
                f"per relative seat and Legend 1-{MAX_LEGENDS_PER_PLAYER} (creation order), "
                f"{self.legend_block} entries: size / 5, Citizens / 5, one-hot type "
                "(undetermined, family of each family, level 1-3)",
            ),
            ("agora", ncards, "per card, 1 if it is in the Agora"),
            ("oracle", ncards, "per card, 1 if it is in the Oracle"),
            ("discard", ncards, "per card, 1 if it is on the discard pile"),
            ("turned", ncards, "per card, 1 if it is a turned Activate card in a Domain"),
            ("ringed", ncards, "per card, 1 if it is a Trigger card in a Domain, still ringed"),
            (
                "fresh",
                ncards,
                "per card, 1 if it entered its Domain during the current window (its power "
                "waits for a later window)",
            ),
            ("domain", n * ncards, "per relative seat and card, 1 if it is in that Domain"),
            (
                "elysium",
                n * ncards,
                "per relative seat and card in that Elysium, its Legend's number / "
                f"{MAX_LEGENDS_PER_PLAYER}",
            ),
            ("swap_out", ncards, "oracle_swap_target: 1 for the Agora card going out"),
        ]
        fields = lay_out(specs)
        self.fields = tuple(fields)
        self.size = fields[-1].start + fields[-1].size
        at = {f.name: f.start for f in fields}
        self.at = at
        self.seats = tuple(tuple((v + k) % n for k in range(n)) for v in range(n))
        """Per viewer, the seats in relative order."""
        self.pediment_index = {side: at["pediment"] + i for i, side in enumerate(sides)}
        self.phase_index = {phase: at["phase"] + i for i, phase in enumerate(PHASES)}
        self.quest_slot = nq
        """The Incomplete entry of a seat's `quest` block."""

        def located(name: str, block: int = 0) -> list[int]:
            base = at[name] + block * ncards
            return [base + slot if slot >= 0 else -1 for slot in card_slot]

        self.agora = located("agora")
        self.oracle = located("oracle")
        self.discard = located("discard")
        self.turned = located("turned")
        self.ringed = located("ringed")
        self.fresh = located("fresh")
        self.domain = tuple(located("domain", k) for k in range(n))
        self.elysium = tuple(located("elysium", k) for k in range(n))
        self.swap_out = located("swap_out")
        self.families_entries: dict[tuple[str, ...], list[int]] = {}
        """The `families` entries of each set of families in play, filled as they are met."""
        self.family_ids = family_ids


@per_card_set
def _layout_for(cards: CardSet, players: int, families: tuple[str, ...] | None) -> Layout:
    return Layout(cards, players, families)


def layout(game: Elysium) -> Layout:
    """The (cached) layout of a game's config."""
    return _layout_for(game.card_set, game.config.players, game.families)


def fields(game: Elysium) -> list[EncodingField]:
    """The layout of the vector for this config: consecutive fields from 0."""
    return list(layout(game).fields)


def encode(state: ElysiumState, player: PlayerId | None) -> tuple[list[int], list[float]]:
    """The non-zero entries (ascending indices, values) of what `player` (None: a spectator,
    seen from seat 0) may see: the same for every determinization of the position."""
    s = state
    lay = _layout_for(s.game.card_set, s.game.config.players, s.game.families)
    at = lay.at
    n = lay.n
    viewer = 0 if player is None else player
    seats = lay.seats[viewer]
    rel = seats.index
    idx: list[int] = []
    val: list[float] = []
    add = idx.append
    put = val.append

    if player is not None:
        add(at["viewer"] + player)
        put(1.0)
    fams = lay.families_entries.get(s.families)
    if fams is None:
        base = at["families"]
        fams = sorted(base + lay.family_slot[lay.family_ids.index(f)] for f in s.families)
        lay.families_entries[s.families] = fams
    idx += fams
    val += [1.0] * len(fams)
    add(lay.pediment_index[s.pediment])
    put(1.0)
    add(at["epoch"] + s.epoch - 1)
    put(1.0)
    phase = s.phase
    add(lay.phase_index[phase])
    put(1.0)
    if phase == "actions" and s.turn_index < TURNS_PER_EPOCH * n:
        add(at["round"] + s.turn_index // n)
        put(1.0)
        add(at["turn"] + rel(s.order[s.turn_index % n]))
        put(1.0)
    decision = s.decision
    if decision is not None:
        kind, decider, context = decision
        add(at["decision"] + kind)
        put(1.0)
        add(at["decider"] + rel(decider))
        put(1.0)
    if s.writer >= 0:
        add(at["writer"] + rel(s.writer))
        put(1.0)
        if s.allowance > 0:
            add(at["allowance"])
            put(s.allowance * ALLOWANCE_SCALE)
    if decision is not None and context is not None:
        if isinstance(context, Order):
            add(at["order_left"])
            put(len(context.remaining) * ORDER_SCALE)
        elif isinstance(context, Transfers):
            add(at["immediate_left"])
            put(context.left * AMOUNT_SCALE)
        elif isinstance(context, Steal):
            if context.gold:
                add(at["steal_amount"])
                put(context.gold * AMOUNT_SCALE)
        elif isinstance(context, Offer):
            amounts = [0, 0, 0, 0]
            effect = context.effect
            for amount in effect.gifts if kind is GIFT else effect.options:
                i = AMOUNT_KINDS[amount.resource]
                amounts[i] = max(amounts[i], amount.n)
            base = at["effect_amounts"]
            for i, a in enumerate(amounts):
                if a:
                    add(base + i)
                    put(a * AMOUNT_SCALE)
    base = at["temple"]
    for q in sorted(s.temple):
        add(base + q)
        put(1.0)
    if s.draw:
        add(at["draw_pile"])
        put(len(s.draw) * lay.draw_scale)

    # Per relative seat.
    order = s.order
    base = at["disc"]
    for k, p in enumerate(seats):
        add(base + k * n + order.index(p))
        put(1.0)
    for name, counts, scale in (
        ("gold", s.gold, GOLD_SCALE),
        ("vp", s.vp, VP_SCALE),
        ("pp", s.pp, PP_SCALE),
    ):
        base = at[name]
        for k, p in enumerate(seats):
            if counts[p]:
                add(base + k)
                put(counts[p] * scale)
    base = at["columns"]
    columns = s.columns
    for k, p in enumerate(seats):
        mask = columns[p]
        for c in range(4):
            if mask >> c & 1:
                add(base + 4 * k + c)
                put(1.0)
    base = at["card_takes"]
    takes = s.card_takes
    for k, p in enumerate(seats):
        if takes[p]:
            add(base + k)
            put(takes[p] / CARDS_PER_EPOCH)
    for name, flags in (("passed", s.passed), ("step_done", s.step_done)):
        base = at[name]
        for k, p in enumerate(seats):
            if flags[p]:
                add(base + k)
                put(1.0)
    base = at["quest"]
    width = lay.quest_slot + 1
    quest = s.quest
    for k, p in enumerate(seats):
        q = quest[p]
        if q != NO_QUEST:
            add(base + k * width + (lay.quest_slot if q == INCOMPLETE else q))
            put(1.0)
    base = at["citizens"]
    citizens = s.citizens
    for k, p in enumerate(seats):
        if citizens[p]:
            add(base + k)
            put(len(citizens[p]) * CITIZEN_SCALE)
    base = at["pending"]
    pending = (s.ignore, s.keep, s.oracle_once, s.extra)
    for k, p in enumerate(seats):
        for i, counts in enumerate(pending):
            if counts[p]:
                add(base + 4 * k + i)
                put(counts[p] * PENDING_SCALE)
    base = at["discounts"]
    for k, p in enumerate(seats):
        discounts = s.discounts[p]
        if discounts:
            totals = [0, 0, 0, 0]
            for d in discounts:
                for level in d.levels:
                    totals[level - 1] += d.n
                if d.citizens:
                    totals[3] += d.n
            for i, total in enumerate(totals):
                if total:
                    add(base + 4 * k + i)
                    put(total * AMOUNT_SCALE)
    fam_width = lay.nf
    held: list[tuple[int, float]] = []
    base = at["family_tiles"]
    slot_of = lay.family_slot
    tile_value = lay.family_tile_value
    for f, holders in enumerate(s.family_tiles):
        for rank, p in enumerate(holders, 1):
            value = tile_value.get(rank)
            if value:
                held.append((base + rel(p) * fam_width + slot_of[f], value))
    if held:
        held.sort()
        for i, value in held:
            add(i)
            put(value)
    base = at["level_tiles"]
    tiles = s.level_tiles
    for k, p in enumerate(seats):
        for level in LEVELS:
            if tiles[level] == p:
                add(base + 3 * k + level - 1)
                put(1.0)

    # Legends, and where each Elysium card is.
    base = at["legends"]
    block = lay.legend_block
    seat_width = MAX_LEGENDS_PER_PLAYER * block
    level_type = 2 + fam_width  # level L's type entry: after size, Citizens, undetermined, families
    elysium_entries: list[list[int]] = []
    for k, p in enumerate(seats):
        entries: list[int] = []
        located = lay.elysium[k]
        start = base + k * seat_width
        for j, (legend_kind, key, cards, legend_citizens) in enumerate(s.elysium[p]):
            size = len(cards) + len(legend_citizens)
            add(start)
            put(size * LEGEND_SCALE)
            if legend_citizens:
                add(start + 1)
                put(len(legend_citizens) * LEGEND_SCALE)
            if legend_kind is FAMILY:
                add(start + 3 + slot_of[key])
            elif legend_kind is LEVEL:
                add(start + level_type + key)
            else:
                add(start + 2)
            put(1.0)
            start += block
            code = j + 1
            entries += [located[c] * CODE + code for c in cards]
        elysium_entries.append(entries)

    # Cards by location.
    for table, pile in ((lay.agora, s.agora), (lay.oracle, s.oracle), (lay.discard, s.discard)):
        if pile:
            found = sorted(map(table.__getitem__, pile))
            idx += found
            val += [1.0] * len(found)
    domains = [s.domain[p] for p in seats]
    turned, ring, entered, window = s.turned, s.ring, s.entered, s.window
    for table, flags in ((lay.turned, turned), (lay.ringed, ring)):
        found = sorted([table[c] for held_cards in domains for c in held_cards if flags[c]])
        idx += found
        val += [1.0] * len(found)
    fresh = lay.fresh
    found = sorted([fresh[c] for held_cards in domains for c in held_cards if entered[c] == window])
    idx += found
    val += [1.0] * len(found)
    for k, cards in enumerate(domains):
        if cards:
            found = sorted(map(lay.domain[k].__getitem__, cards))
            idx += found
            val += [1.0] * len(found)
    for entries in elysium_entries:
        if entries:
            entries.sort()
            idx += [e // CODE for e in entries]
            val += [e % CODE * LEGEND_SLOT for e in entries]
    if decision is not None and isinstance(context, Swap):
        add(lay.swap_out[context.agora_card])
        put(1.0)
    return idx, val


# ------------------------------------------------------------------ game length


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
