"""Elysium's heuristics for search agents (`Heuristics`): a position evaluation and a fast
rollout policy.

`evaluate(state, player)` forecasts every player's final score from the current position and
returns the player's forecast lead over the best opponent, plus 100 times a logistic estimate
of the chance that the lead holds, its spread shrinking as the game goes on (a finished game is
worth its real outcome: 100 per win share, plus the final lead). A forecast is:

- what is already won, scored by the final scoring's own functions (`scoring`) as if the game
  ended now: VP tokens, bonus tiles held, the VP of the Legends as they stand, the Citizen
  penalty, Chronos cards in the Domain (read now; their PP at a power's worth) and the Ares
  ranking of today's PP;
- the Quest income still due this epoch (VP, and gold at its worth); a player still after a
  Quest expects one of the tiles their columns allow, if the rivals still after one leave it,
  else the Incomplete Quest;
- gold at its worth for transfers (next to nothing once the player's last Writing step is over);
- in Phase II, a little per Agora card the player could still take (columns kept);
- the cards in the Domain: each card's best use, either the Legend VP it would add when
  transferred (joining a Legend in the Elysium, or pairing with another Domain card, bonus
  tiles included, net of its cost), or the worth of keeping its power for the epochs left.
  Transfers are limited: the best cards fill this epoch's remaining allowance and budget at a
  high weight, the rest wait for later epochs at a lower weight (none after the last step).
  Citizens count where joining a Legend beats their penalty;
- while later epochs remain, a little per Legend with room (more for a one-card Legend).

A swap half made (its Agora card named, its Oracle card not yet chosen) is worth what its
decider's best Oracle card makes of it. Only public information is used (Elysium hides only
Citizens' faces and the draw order).

`rollout_action(state, rng)` is a cheap guided default policy for playouts: it uses its
powers; in a Writing step it joins the biggest Legend it can (a Citizen only where that beats
its penalty), else starts a Legend another Domain card can join, else ends the step; it takes
the best Quest it may once two columns are left (sometimes earlier), else a card of a family
it already holds; it pays attacks in gold or VP rather than cards; otherwise it plays at random.
"""

from __future__ import annotations

import random
from typing import Final

from kleos.core.protocol import PlayerId
from kleos.core.rng import choice
from kleos.games.elysium.actions import (
    CITIZEN,
    NEW_LEGEND,
    Discard,
    ElysiumAction,
    Gift,
    Pay,
    TakeCard,
    TakeQuest,
    Transfer,
    UsePower,
)
from kleos.games.elysium.cards import CardSet, Effect, per_card_set
from kleos.games.elysium.legends import best_level_legend
from kleos.games.elysium.rules import eligible_cards, eligible_quests
from kleos.games.elysium.scoring import (
    ares_ranking,
    chronos,
    citizens_vp,
    legend_size_vp,
    legends_vp,
    tiles_vp,
)
from kleos.games.elysium.state import (
    FAMILY,
    INCOMPLETE,
    LEVEL,
    NO_QUEST,
    UNDETERMINED,
    ElysiumState,
    Legend,
)
from kleos.games.elysium.tasks import DecisionKind
from kleos.games.elysium.vocabulary import CARDS_PER_EPOCH, EPOCHS, FAMILY_MAX, LEVEL_MAX
from kleos.games.evaluation import final_value, lead_value

LEAD_SCALE_END: Final = 2.0
LEAD_SCALE_START: Final = 15.0
"""The spread of the final lead around today's forecast, at the end and at the start:
a forecast lead is also worth WIN_VALUE times the chance that it holds (a logistic)."""
GOLD: Final = 0.35
"""The worth of one gold while Writing steps remain (in VP)."""
GOLD_END: Final = 0.02
"""The worth of one gold after the player's last Writing step (the tie-break)."""
PP: Final = 0.6
"""A Prestige Point's worth in powers (the ranking itself is scored as it stands)."""
NOW: Final = 0.8
"""The weight of a transfer that fits this epoch's remaining allowance and gold."""
LATER: Final = 0.45
"""The weight of a transfer that must wait for a later epoch."""
POWER: Final = 1.0
"""A scale on the worth of keeping cards for their powers."""
CHOICE: Final = 0.5
"""Per Agora card a player still taking cards this epoch may take (columns kept)."""
OPEN_SEED: Final = 1.0
"""A one-card Legend while later epochs remain: later cards can join it with one transfer."""
OPEN_GROWTH: Final = 0.5
"""A Legend with room while later epochs remain."""
ROLLOUT_EPSILON: Final = 0.1
QUEST_EAGERNESS: Final = 0.3
"""How often a rollout takes a Quest while it could still take a card."""
_FEW_COLUMNS: Final = frozenset(m for m in range(16) if bin(m).count("1") <= 2)


# ------------------------------------------------------------------ power values


def _effect_worth(e: Effect, ares: bool) -> float:
    """A rough VP worth of one resolution of an effect (for keeping a card's power)."""
    op = e.op
    if op == "gain_vp":
        return float(e.n)
    if op == "gain_gold":
        return GOLD * e.n
    if op == "gain_pp":
        return PP * e.n if ares else 0.0
    if op == "gain_per":
        unit = 1.0 if e.resource == "vp" else GOLD if e.resource == "gold" else PP
        return unit * e.n * 1.5
    if op == "share_gift":
        return sum(1.0 if g.resource == "vp" else GOLD * g.n for g in e.gifts) * 0.6
    if op == "opponents_lose":
        return 0.6
    if op == "steal_gold":
        return 2 * GOLD * e.n
    if op in ("extra_transfer", "per_transfer_gain"):
        return 1.2 * e.n
    if op == "transfer_discount":
        return GOLD * e.n * 1.5
    if op in ("copy_power", "immediate_transfer"):
        return 1.0
    if op in ("immune_to_attacks", "treat_circle_black", "oracle_access"):
        return 0.4
    return 0.3


class _Tables:
    """Per card set: the scoring tables, and per card the worth of one use of its power and
    whether that use comes back every epoch."""

    def __init__(self, cards: CardSet, ares: bool) -> None:
        self.family_vp = tuple(legend_size_vp(cards, FAMILY, k) for k in range(FAMILY_MAX + 1))
        self.level_vp = tuple(legend_size_vp(cards, LEVEL, k) for k in range(LEVEL_MAX + 1))
        """The VP of a Family and of a Level Legend by size (`scoring`)."""
        worth: list[float] = []
        repeats: list[bool] = []
        for card in cards.cards:
            d = card.design
            value = POWER * sum(_effect_worth(e, ares) for e in d.effects)
            if d.power in ("instantaneous", "chronos"):
                value = 0.0
            worth.append(value)
            repeats.append(d.power in ("activate", "eleusis", "legend", "permanent"))
        self.worth = tuple(worth)
        self.repeats = tuple(repeats)


@per_card_set
def _tables(cards: CardSet, ares: bool) -> _Tables:
    """The heuristic's tables for a card set, built once."""
    return _Tables(cards, ares)


# ------------------------------------------------------------------ forecasts


def _level_tile(s: ElysiumState, p: PlayerId, level: int, grown: int) -> float:
    """The Level tile VP p would gain with a Level Legend of `level` grown to `grown`."""
    holder = s.level_tiles[level]
    if holder == p or grown < 2:
        return 0.0
    if holder >= 0 and grown <= best_level_legend(s, holder, level):
        return 0.0
    return float(s.game.card_set.level_bonus_vp[level])


def _family_tile(s: ElysiumState, p: PlayerId, family: int) -> float:
    """The family tile VP p would gain by completing a Family Legend of `family`."""
    holders = s.family_tiles[family]
    if p in holders or len(holders) >= len(s.game.card_set.family_bonus_vp):
        return 0.0
    return float(s.game.card_set.family_bonus_vp[len(holders) + 1])


def _join_gain(
    s: ElysiumState, h: _Tables, p: PlayerId, legend: Legend, level: int, family: int
) -> float:
    """Legend VP (tiles included) a real card adds by joining `legend`; -1 if it may not."""
    family_vp, level_vp = h.family_vp, h.level_vp
    kind, key, cards, citizens = legend
    size = len(cards) + len(citizens)
    t = s.game.tables
    if kind == FAMILY:
        if family != key or size >= 3 or any(t.level[c] == level for c in cards):
            return -1.0
        if any(lv == level for _, lv in citizens):
            return -1.0
        gain = family_vp[size + 1] - family_vp[size]
        return gain + (_family_tile(s, p, family) if size + 1 == 3 else 0.0)
    if kind == LEVEL:
        if level != key or size >= 5 or any(t.family[c] == family for c in cards):
            return -1.0
        return level_vp[size + 1] - level_vp[size] + _level_tile(s, p, level, size + 1)
    other = cards[0]
    if t.family[other] == family and t.level[other] != level:
        return float(family_vp[2])
    if t.level[other] == level and t.family[other] != family:
        return level_vp[2] + _level_tile(s, p, level, 2)
    return -1.0


def _citizen_gain(
    s: ElysiumState, h: _Tables, p: PlayerId, legend: Legend, penalty: int
) -> tuple[float, int]:
    """(VP gain net of the penalty, cost) of a Citizen joining `legend`; gain -1 if it may not."""
    family_vp, level_vp = h.family_vp, h.level_vp
    kind, key, cards, citizens = legend
    size = len(cards) + len(citizens)
    if kind == FAMILY and size == 2:
        t = s.game.tables
        present = {t.level[c] for c in cards} | {lv for _, lv in citizens}
        level = min({1, 2, 3} - present)
        return family_vp[3] - family_vp[2] + _family_tile(s, p, key) - penalty, level
    if kind == LEVEL and 2 <= size < 5:
        gain = level_vp[size + 1] - level_vp[size] + _level_tile(s, p, key, size + 1)
        return gain - penalty, key
    return -1.0, 0


def _expected_quest(s: ElysiumState, p: PlayerId) -> tuple[float, float, float]:
    """(VP, gold, lyres) p can expect from the Quest not taken yet this epoch: one of the
    tiles p may take now if the players still after one leave it, else the Incomplete one."""
    back = s.game.card_set.incomplete
    tiles = [] if s.passed[p] else eligible_quests(s, p)
    if not tiles:
        return float(back.vp), float(back.gold), float(back.lyres)
    rivals = sum(
        1 for q in range(s.game.players) if q != p and s.quest[q] == NO_QUEST and not s.passed[q]
    )
    chance = min(1.0, len(tiles) / (1 + rivals))
    quests = s.game.quests
    k = chance / len(tiles)
    miss = 1.0 - chance
    return (
        miss * back.vp + k * sum(quests[q].vp for q in tiles),
        miss * back.gold + k * sum(quests[q].gold for q in tiles),
        miss * back.lyres + k * sum(quests[q].lyres for q in tiles),
    )


def _forecast(s: ElysiumState, p: PlayerId, ares_now: list[int]) -> float:
    """Player p's forecast final score (see the module docstring)."""
    value, penalty = _won(s, p, ares_now[p])
    value, gold, allowance = _this_epoch(s, p, value)
    final = s.epoch == EPOCHS and s.step_done[p]
    value += (GOLD_END if final else GOLD) * gold
    if final:
        return value
    h = _tables(s.game.card_set, s.ares)
    if s.epoch < EPOCHS:
        # Legends with room can still grow with the cards of later epochs.
        for kind, _, real, citizens in s.elysium[p]:
            if kind == UNDETERMINED:
                value += OPEN_SEED
            elif len(real) + len(citizens) < (FAMILY_MAX if kind == FAMILY else LEVEL_MAX):
                value += OPEN_GROWTH
    keep, options = _domain_uses(s, h, p, penalty)
    value += keep
    if options:
        options.sort(reverse=True)
        budget = gold
        slots = allowance
        later = LATER if s.epoch < EPOCHS else 0.0
        for net, cost in options:
            if slots > 0 and cost <= budget:
                value += NOW * net
                slots -= 1
                budget -= cost
            else:
                value += later * net
    return value


def _won(s: ElysiumState, p: PlayerId, ares: int) -> tuple[float, int]:
    """What p has won so far, scored by the final scoring's rules (`scoring`) as if the game
    ended now, with `ares`, p's VP from today's Ares ranking, and the PP of p's Chronos cards
    at their worth in powers; and the VP a Citizen joining a Legend would cost p."""
    cards = s.game.card_set
    chronos_vp, chronos_pp, no_penalty = chronos(s, p)
    family_tiles, level_tiles = tiles_vp(s, p)
    legends, citizens = legends_vp(s, p)
    won = s.vp[p] + ares + family_tiles + level_tiles + chronos_vp + legends
    won += citizens_vp(cards, citizens, no_penalty)
    value = float(won) + PP * chronos_pp if chronos_pp else float(won)
    return value, -citizens_vp(cards, 1, no_penalty)


def _this_epoch(s: ElysiumState, p: PlayerId, value: float) -> tuple[float, float, int]:
    """`value` with what this epoch still brings p in Phase II (the cards p may still take,
    the Quest income due), p's gold by then, and the transfers left to p this epoch."""
    game = s.game
    quest = s.quest[p]
    expected = _expected_quest(s, p) if quest == NO_QUEST else (0.0, 0.0, 0.0)
    if s.step_done[p]:
        allowance = 0
    elif s.writer == p:
        allowance = s.allowance
    else:
        lyres: float = expected[2]
        if quest == INCOMPLETE:
            lyres = float(game.card_set.incomplete.lyres)
        elif quest != NO_QUEST:
            lyres = float(game.quests[quest].lyres)
        extra = game.tables.legend_extra
        allowance = int(lyres) + s.extra[p] + sum(extra[c] for c in s.domain[p])
    gold = float(s.gold[p])
    if s.phase == "actions":
        need = CARDS_PER_EPOCH - s.card_takes[p]
        if need > 0:
            value += CHOICE * min(need + 1, len(eligible_cards(s, p)))
        if quest == NO_QUEST:
            value += expected[0]
            gold += expected[1]
        elif quest != INCOMPLETE:
            tile = game.quests[quest]
            value += tile.vp
            gold += tile.gold
        else:
            gold += game.card_set.incomplete.gold
    return value, gold, allowance


def _domain_uses(
    s: ElysiumState, h: _Tables, p: PlayerId, penalty: int
) -> tuple[float, list[tuple[float, int]]]:
    """The worth of the Domain cards p keeps for their powers, and the transfers worth making
    as (net VP, cost): each card's best use, joining a Legend of p's Elysium or pairing with
    another Domain card (bonus tiles included, net of its cost), or its power for the epochs
    left; and each Citizen where joining a Legend beats its penalty."""
    t = s.game.tables
    worth, repeats = h.worth, h.repeats
    level_of, family_of = t.level, t.family
    uses_left = EPOCHS - s.epoch + (0 if s.phase == "writing" else 1)
    legends = s.elysium[p]
    domain = s.domain[p]
    options: list[tuple[float, int]] = []
    keep = 0.0
    n_domain = len(domain)
    for i in range(n_domain):
        c = domain[i]
        level, family = level_of[c], family_of[c]
        best = 0.0
        for legend in legends:
            gain = _join_gain(s, h, p, legend, level, family)
            if gain > best:
                best = gain
        for j in range(n_domain):
            if j != i:
                o = domain[j]
                if family_of[o] == family and level_of[o] != level:
                    pair = h.family_vp[2] / 2
                elif level_of[o] == level and family_of[o] != family:
                    pair = (h.level_vp[2] + _level_tile(s, p, level, 2)) / 2
                else:
                    continue
                if pair > best:
                    best = pair
        power = worth[c]
        if power:
            if repeats[c]:
                power *= uses_left
            elif not s.ring[c]:
                power = 0.0
        net = best - GOLD * level
        if power >= net:
            keep += power
        elif net > 0.0:
            options.append((net, level))
    for _ in s.citizens[p]:
        best, cost = 0.0, 0
        for legend in legends:
            gain, level = _citizen_gain(s, h, p, legend, penalty)
            if gain - GOLD * level > best - GOLD * cost:
                best, cost = gain, level
        if best - GOLD * cost > 0.0:
            options.append((best - GOLD * cost, cost))
    return keep, options


def evaluate(state: ElysiumState, player: PlayerId) -> float:
    """How good `state` is for `player`: forecast final score minus the best opponent's, plus
    WIN_VALUE times an estimate of the chance to win (the real result at the end)."""
    return evaluate_all(state)[player]


def evaluate_all(state: ElysiumState) -> list[float]:
    """Every player's `evaluate`, from one forecast of each player's final score."""
    players = range(state.game.players)
    if state.is_terminal():
        outcome = state.outcome()
        return [final_value(outcome, p) for p in players]
    decision = state.decision
    if decision is not None and decision.kind is DecisionKind.ORACLE_SWAP_TARGET:
        return _half_swap(state, decision.player)
    ares_now = ares_ranking(state, state.pp)
    forecasts = [_forecast(state, q, ares_now) for q in players]
    # The share of the game still to play: epochs, and the phase within the epoch.
    left = (EPOCHS - state.epoch + (0.8 if state.phase == "actions" else 0.2)) / EPOCHS
    return [
        lead_value(
            forecasts[p] - max(forecasts[q] for q in players if q != p),
            left,
            LEAD_SCALE_START,
            LEAD_SCALE_END,
        )
        for p in players
    ]


def _half_swap(state: ElysiumState, decider: PlayerId) -> list[float]:
    """A swap whose Agora card is named but whose Oracle card is not yet chosen, judged by the
    decider's best Oracle card: a one-ply search choosing the Agora card (`swap out`) so sees
    what the exchange brings."""
    best_for_decider = float("-inf")
    values = [0.0] * state.game.players
    for action in state.options:
        after = state.clone()
        after.apply_unchecked(action)
        judged = evaluate_all(after)
        if judged[decider] > best_for_decider:
            best_for_decider, values = judged[decider], judged
    return values


# ------------------------------------------------------------------ rollouts


def rollout_action(state: ElysiumState, rng: random.Random) -> ElysiumAction:
    """A fast guided default policy for playouts (one of `state.legal_actions()`)."""
    legal = state.options
    decision = state.decision
    if decision is None or len(legal) == 1 or rng.random() < ROLLOUT_EPSILON:
        return choice(rng, legal)
    kind = decision.kind
    if kind is DecisionKind.TURN:
        return _rollout_turn(state, decision.player, legal, rng)
    if kind is DecisionKind.WRITE or kind is DecisionKind.IMMEDIATE_TRANSFER_CHOICE:
        return _rollout_write(state, decision.player, legal)
    if kind is DecisionKind.GIFT_CHOICE or kind is DecisionKind.ATTACK_PAYMENT:
        return _rollout_pay(state, legal)
    return choice(rng, legal)


def _rollout_write(
    state: ElysiumState, p: PlayerId, legal: tuple[ElysiumAction, ...]
) -> ElysiumAction:
    """Join a Legend when it scores; else start one a Domain card can join; else stop."""
    t = state.game.tables
    index = state.game.actions.card_index
    legends = state.elysium[p]
    domain = state.domain[p]
    starter: ElysiumAction | None = None
    join: ElysiumAction | None = None
    join_size = 0
    for action in legal:
        if action.__class__ is UsePower:
            return action
        if not isinstance(action, Transfer):
            continue
        if action.legend != NEW_LEGEND:
            legend = legends[action.legend - 1]
            size = len(legend.cards) + len(legend.citizens)
            if action.card == CITIZEN and not (size == 2 if legend.kind is FAMILY else size >= 3):
                continue
            if size > join_size:
                join, join_size = action, size
            continue
        if join is None and starter is None:
            c = index[action.card]
            level, family = t.level[c], t.family[c]
            for o in domain:
                if o != c and (t.family[o] == family) != (t.level[o] == level):
                    starter = action
                    break
    if join is not None:
        return join
    if starter is not None:
        return starter
    return legal[-1]


def _rollout_pay(state: ElysiumState, legal: tuple[ElysiumAction, ...]) -> ElysiumAction:
    """Gifts: VP late, gold early. Attacks: pay gold, then VP or PP, then a Citizen, then a card."""
    late = state.epoch >= EPOCHS - 1
    best = legal[0]
    for action in legal:
        if isinstance(action, Gift) and (action.resource == "vp") == late:
            return action
        if isinstance(action, Pay):
            best = action
            if action.resource == "gold":
                return action
        elif isinstance(action, Discard) and action.card == CITIZEN and isinstance(best, Discard):
            best = action
    return best


def _rollout_turn(
    state: ElysiumState, p: PlayerId, legal: tuple[ElysiumAction, ...], rng: random.Random
) -> ElysiumAction:
    """Use powers; take a Quest with 2 or fewer columns left; prefer cards of a family held."""
    first = legal[0]
    if first.__class__ is UsePower:
        return first
    quest: ElysiumAction | None = None
    takes: list[TakeCard] = []
    for action in legal:
        if action.__class__ is TakeCard:
            takes.append(action)
        elif action.__class__ is TakeQuest:
            quest = action
    if quest is not None and (
        not takes or state.columns[p] in _FEW_COLUMNS or rng.random() < QUEST_EAGERNESS
    ):
        return quest
    if not takes:
        return choice(rng, legal)
    family_of = state.game.tables.family
    index = state.game.actions.card_index
    held = 0
    for c in state.domain[p]:
        held |= 1 << family_of[c]
    for legend in state.elysium[p]:
        held |= 1 << family_of[legend.cards[0]]
    good = [a for a in takes if held >> family_of[index[a.card]] & 1]
    return choice(rng, good or takes)
