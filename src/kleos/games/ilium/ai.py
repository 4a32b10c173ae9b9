"""Ilium's heuristics for search agents (`Game.heuristics`, a `Heuristics`): a position
evaluation and a fast rollout policy.

`evaluate(state, player)` projects every player's final score from the current position with
the game's own scoring rules, made smooth so that small gains show: majorities by token
count (a lead of one token or more is worth the full 10, a tie 5), sets by artifacts, the
donation (the player's own Historian is known; an opponent's is one of the four other types,
each as likely, whatever the determinized copy says), the tie-break by artifacts, supply cubes
still to use, the tokens still due in an excavation under way, and the two tokens each
unfinished path will yield to whoever leads it now (the better one to the leader, the other to a
qualifying second), weighted by how full the path is. It returns the player's projected lead
over the best opponent, plus 100 times a logistic estimate of the chance that the lead holds,
its spread shrinking as the cards run out (a finished game is worth its real outcome: 100 per
win share, plus the final lead).

`rollout_action(state, rng)` is a cheap guided default policy for playouts (10% uniformly
random): it closes a path it would lead (with cubes after the group if that is what it takes),
else contests one (takes or keeps the lead of a path with dear tokens at its ends that is
nearly full, on the space nearest the shovel), spends cubes only to close a path it leads, digs
at the site with the better token, takes the token type that wins or ties a majority (else the
one its sets lack most), ends the game at the offer when its projected score leads, and
otherwise plays at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from kleos.core.protocol import PlayerId
from kleos.core.rng import choice
from kleos.games.evaluation import final_value, lead_value
from kleos.games.ilium.actions import ChooseSite, ChooseToken, IliumAction
from kleos.games.ilium.board import TYPE_OF, TYPES, VALUE_OF, TokenCode
from kleos.games.ilium.rules import legal_actions, path_standing
from kleos.games.ilium.scoring import MAJORITY_POINTS, SET_POINTS, donation, highest, tally
from kleos.games.ilium.state import (
    DECIDE_CUBE,
    DECIDE_OFFER,
    DECIDE_PLACE,
    DECIDE_SITE,
    DECIDE_TOKEN,
    EMPTY,
    IliumState,
)

NUM_TYPES: Final = len(TYPES)
LEAD_SCALE_END: Final = 3.0
LEAD_SCALE_START: Final = 15.0
"""The spread of the final lead around today's projection, at the end and at the start:
a projected lead is also worth WIN_VALUE times the chance that it holds (a logistic)."""
MAJORITY: Final = float(MAJORITY_POINTS)
SET: Final = float(SET_POINTS)
TYPE_COVER: Final = 1.0
"""Per type held: a nudge towards sets, which need every type."""
ARTIFACT: Final = 0.1
"""Per artifact: the tie-break, and a little for bigger tokens."""
CUBE_VALUE: Final = 1.5
"""A supply cube still in hand (while cards remain to place it with)."""
OPPONENT_DONATION: Final = 1 / (NUM_TYPES - 1)
"""The chance that an opponent's unknown Historian is a given type (one of the other four)."""
PROGRESS_EXPONENT: Final = 3.0
"""A path's leader keeps its tokens with weight (filled spaces / spaces) ** this."""
ROLLOUT_EPSILON: Final = 0.1
"""How often the rollout policy plays a uniformly random action."""


def _lowest(stock: list[tuple[TokenCode, ...]], site: int) -> int:
    """The code of a site's lowest token (the one a taker takes), or -1 if it has none."""
    return stock[site][0] if stock[site] else -1


def _progress_weight(spaces: int, free: int) -> float:
    """How likely today's leader of a path is to be its leader when it fills."""
    filled = spaces - free
    return float((filled / spaces) ** PROGRESS_EXPONENT)


Projection = tuple[list[list[float]], list[list[float]]]
"""Per player and type, projected token counts and artifacts at the end."""


def _project(state: IliumState) -> Projection:
    """Per player and type, the token counts and artifacts projected from what every player
    sees: the hoards, the takes due, and the unfinished paths (the donation aside)."""
    counts: list[list[float]] = []
    arts: list[list[float]] = []
    for hoard in state.hoard:
        held, artifacts = tally(hoard)
        counts.append([float(c) for c in held])
        arts.append([float(a) for a in artifacts])
    stock = state.stock
    # Takes still due in an excavation under way.
    kind = None if state.decision is None else state.decision.kind
    if kind is DECIDE_SITE and state.excavation is not None:
        path = state.tables.board.paths[state.excavation.path]
        first, second = state.excavation.first, state.excavation.second
        low_a, low_b = _lowest(stock, path.a), _lowest(stock, path.b)
        best, worst = (low_a, low_b) if low_a >= low_b else (low_b, low_a)
        for q, code in ((first, best), (second, worst)):
            if code >= 0:
                counts[q][TYPE_OF[code]] += 1.0
                arts[q][TYPE_OF[code]] += VALUE_OF[code]
    elif kind is DECIDE_TOKEN or state.takes:
        taken: dict[int, int] = {}
        for q, site in state.takes:
            k = taken.get(site, 0)
            taken[site] = k + 1
            if len(stock[site]) > k:
                code = stock[site][k]
                counts[q][TYPE_OF[code]] += 1.0
                arts[q][TYPE_OF[code]] += VALUE_OF[code]
    # Unfinished paths: today's leader (and qualifying second) take, weighted by progress.
    tables = state.tables
    paths = tables.board.paths
    free = state.free
    for pi in tables.usable_paths:
        f = free[pi]
        path = paths[pi]
        if f == 0 or f == path.spaces:
            continue
        w = _progress_weight(path.spaces, f)
        pc, dist = path_standing(state, pi)
        if not pc:
            continue
        ranked = sorted(pc, key=lambda q: (-pc[q], dist[q]))
        first = ranked[0]
        low_a, low_b = _lowest(stock, path.a), _lowest(stock, path.b)
        best, worst = (low_a, low_b) if low_a >= low_b else (low_b, low_a)
        second = ranked[1] if len(ranked) > 1 else -1
        if second >= 0 and 2 * pc[second] >= pc[first]:
            takers = ((first, best), (second, worst))
        else:
            takers = ((first, best), (first, worst))
        for q, code in takers:
            if code >= 0:
                counts[q][TYPE_OF[code]] += w
                arts[q][TYPE_OF[code]] += w * VALUE_OF[code]
    return counts, arts


def _donate(state: IliumState, projection: Projection, player: PlayerId) -> Projection:
    """The projection after the donation, as `player` expects it: its own Historian is known;
    the others' are one of four types."""
    counts = [row[:] for row in projection[0]]
    arts = [row[:] for row in projection[1]]
    mine = state.historian[player]
    for q in range(state.game.players):
        cq, aq = counts[q], arts[q]
        if q == player:
            if cq[mine] > 0.0:
                gift = donation(state.hoard[q], mine)
                top = 0 if gift is None else VALUE_OF[gift]
                share = min(1.0, cq[mine])
                if top == 0:
                    top = int(aq[mine] / cq[mine])
                cq[mine] -= share
                aq[mine] = max(0.0, aq[mine] - share * top)
            continue
        tops = highest(state.hoard[q])
        for t in range(NUM_TYPES):
            if t != mine and tops[t]:
                cq[t] -= OPPONENT_DONATION
                aq[t] -= OPPONENT_DONATION * tops[t]
    return counts, arts


def _scores(counts: list[list[float]], arts: list[list[float]]) -> list[float]:
    """Smooth projected totals: majorities, sets, types covered and artifacts."""
    n = len(counts)
    totals = [0.0] * n
    for t in range(NUM_TYPES):
        column = [counts[q][t] for q in range(n)]
        for q in range(n):
            c = column[q]
            if c <= 0.0:
                continue
            rival = max(column[r] for r in range(n) if r != q)
            lead = c - rival
            share = 1.0 if lead >= 1.0 else 0.0 if lead <= -1.0 else (lead + 1.0) / 2.0
            totals[q] += MAJORITY * share * min(1.0, c)
    for q in range(n):
        aq = arts[q]
        totals[q] += SET * max(0.0, min(aq))
        totals[q] += TYPE_COVER * sum(min(1.0, a) for a in aq if a > 0.0)
        totals[q] += ARTIFACT * sum(aq)
    return totals


def _projected_lead(state: IliumState, projection: Projection, player: PlayerId) -> float:
    """The player's projected score minus the best opponent's."""
    counts, arts = _donate(state, projection, player)
    totals = _scores(counts, arts)
    for q in range(state.game.players):
        if state.deck[q]:
            totals[q] += CUBE_VALUE * state.cubes[q]
    return totals[player] - max(totals[q] for q in range(len(totals)) if q != player)


def evaluate(state: IliumState, player: PlayerId) -> float:
    """How good `state` is for `player`: projected score minus the best opponent's, plus
    WIN_VALUE times an estimate of the chance to win (the real result at the end)."""
    if state.is_terminal():
        return final_value(state.outcome(), player)
    return _lead_value(state, _projected_lead(state, _project(state), player))


def evaluate_all(state: IliumState) -> list[float]:
    """Every player's `evaluate`, sharing the projection of the paths."""
    players = range(state.game.players)
    if state.is_terminal():
        outcome = state.outcome()
        return [final_value(outcome, p) for p in players]
    projection = _project(state)
    return [_lead_value(state, _projected_lead(state, projection, p)) for p in players]


def _lead_value(state: IliumState, lead: float) -> float:
    """A projected lead's worth, its spread shrinking as the cards run out."""
    left = state.cards_left / (state.game.players * state.tables.cards)
    return lead_value(lead, left, LEAD_SCALE_START, LEAD_SCALE_END)


# ------------------------------------------------------------------ rollouts


def _leads(pc: dict[int, int], dist: dict[int, int], player: PlayerId, extra: int, at: int) -> bool:
    """Whether `player` ranks first after adding `extra` archaeologists at space `at`."""
    mine = pc.get(player, 0) + extra
    near = min(dist.get(player, at), at)
    for q, c in pc.items():
        if q != player and (c > mine or (c == mine and dist[q] < near)):
            return False
    return mine > 0


def _first_empty(occupant: list[int], offset: int) -> int:
    """The empty space of a path (not full) nearest its shovel."""
    at = 0
    while occupant[offset + at] != EMPTY:
        at += 1
    return at


def _contest(state: IliumState, player: PlayerId, rng: random.Random) -> IliumAction | None:
    """A placement (nearest the shovel) that takes or keeps the lead of a path it does not
    fill: the one whose end tokens are dearest and which is nearest to full, worth half as
    much when it would be left three spaces or fewer from full with a lead of less than a
    3-card (a rival may close it); a little noise breaks ties. None if no placement leads."""
    tables = state.tables
    paths = tables.board.paths
    occupant = state.occupant
    stock = state.stock
    card = state.card
    best: IliumAction | None = None
    best_score = 0.0
    for pi in tables.usable_paths:
        f = state.free[pi]
        if f < 2:
            continue
        path = paths[pi]
        offset = path.offset
        at = _first_empty(occupant, offset)
        pc, dist = path_standing(state, pi)
        if not _leads(pc, dist, player, card, at):
            continue
        worth = sum(
            VALUE_OF[code] for code in (_lowest(stock, path.a), _lowest(stock, path.b)) if code >= 0
        )
        left = f - 1
        score = worth * (1.0 - left / path.spaces) + rng.random()
        if left <= 3:
            mine = pc.get(player, 0) + card
            rival = max((c for q, c in pc.items() if q != player), default=0)
            if mine - rival < 3:
                score *= 0.5
        if score > best_score:
            best, best_score = tables.place[offset + at], score
    return best


def _wanted(state: IliumState, player: PlayerId, legal: Sequence[IliumAction]) -> IliumAction:
    """The token type that most helps: one that wins or ties a majority, then the type its
    sets lack most (fewest artifacts), its own Historian's type (donated at the end) last."""
    counts, arts = tally(state.hoard[player])
    rivals = [0] * NUM_TYPES
    for q, hoard in enumerate(state.hoard):
        if q != player:
            for t, c in enumerate(tally(hoard)[0]):
                rivals[t] = max(rivals[t], c)
    fewest = min(arts)
    best, best_score = legal[0], -1.0
    for action in legal:
        if not isinstance(action, ChooseToken):
            continue
        t = action.index
        # One more token wins a tied majority or ties a lost one.
        score = 2.0 if rivals[t] - 1 <= counts[t] <= rivals[t] else 0.0
        score += 1.0 if arts[t] == fewest else 0.0
        score -= 0.5 if t == state.historian[player] else 0.0
        if score > best_score:
            best, best_score = action, score
    return best


def rollout_action(state: IliumState, rng: random.Random) -> IliumAction:
    """A fast guided default policy for playouts (one of `state.legal_actions()`)."""
    legal = legal_actions(state)
    if len(legal) == 1 or rng.random() < ROLLOUT_EPSILON:
        return choice(rng, legal)
    decision = state.decision
    assert decision is not None  # a legal action exists
    kind, player = decision.kind, decision.player
    if kind is DECIDE_PLACE:
        free = state.free
        cubes = state.cubes[player]
        tables = state.tables
        paths = tables.board.paths
        occupant = state.occupant
        fallback: IliumAction | None = None
        for pi in tables.usable_paths:
            f = free[pi]
            if f == 0 or f > 1 + cubes:
                continue
            # Close the path (with cubes after the group, if needed) as its leader:
            # the group goes on the empty space nearest the shovel.
            path = paths[pi]
            offset = path.offset
            at = _first_empty(occupant, offset)
            pc, dist = path_standing(state, pi)
            if _leads(pc, dist, player, state.card, at):
                if f == 1:
                    return tables.place[offset + at]
                if fallback is None:
                    fallback = tables.place[offset + at]
        if fallback is not None:
            return fallback
        return _contest(state, player, rng) or choice(rng, legal)
    if kind is DECIDE_CUBE:
        pi = state.turn_path
        left = state.free[pi]
        # Spend cubes only to fill the path now, and only as its leader.
        if len(legal) - 1 >= left and state.cubes[player] >= left:
            pc, dist = path_standing(state, pi)
            if _leads(pc, dist, player, 0, 99):
                return legal[0]
        return legal[-1]
    if kind is DECIDE_SITE:
        stock = state.stock
        a, b = legal[0], legal[1]
        if isinstance(a, ChooseSite) and isinstance(b, ChooseSite):
            return a if _lowest(stock, a.index) >= _lowest(stock, b.index) else b
    if kind is DECIDE_TOKEN:
        return _wanted(state, player, legal)
    if kind is DECIDE_OFFER:
        return legal[0] if _projected_lead(state, _project(state), player) > 0.0 else legal[1]
    return choice(rng, legal)
