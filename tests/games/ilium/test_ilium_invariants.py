"""The invariants of spec §11, checked after every action of many random games."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from ilium_helpers import VARIANT_COMBOS, make

from kleos.games.ilium import COLOURS
from kleos.games.ilium.scoring import score
from kleos.games.ilium.state import CUBE, EMPTY

GAMES_PER_SETTING = 17
"""12 settings (3 player counts × 4 variant combinations) × 17 = 204 random games."""

MIN_EMPTY_AT_TURN_START = {2: 3, 3: 17, 4: 19}


class Checker:
    """Follows one game and asserts every invariant of §11 after each action."""

    def __init__(self, state):
        self.state = state
        game = state.game
        self.game = game
        self.board = game.board
        self.total_cards = game.players * sum(game.tables.starting_deck.values())
        self.excavated: set[int] = set()
        self.cubes = list(state.cubes)
        self.placed: dict[int, int] = {}
        self.offers = 0

    def before(self):
        """Invariants of the pending decision (§11 items 7 and 9)."""
        state = self.state
        actions = state.legal_actions()
        if state.phase_name == "place":
            assert len(actions) >= 3  # the group placement is always asked
        else:
            assert len(actions) >= 2  # one-option decisions are applied automatically
        if state.phase_name in ("card", "place"):
            assert len(state.placement_ids) >= MIN_EMPTY_AT_TURN_START[self.game.players]
        if state.phase_name == "offer":
            assert state.fours_on_sites == 0
            assert not any(c >> 3 == 4 for s in state.stock for c in s)
            assert not state.offer_used
        return actions

    def after(self, events):
        state, board, game = self.state, self.board, self.game
        excavations = [e for e in events if e["kind"] == "excavation"]
        assert len(excavations) <= 1  # §11 item 4: at most one excavation per turn
        for e in excavations:
            pi = board.path_index(e["path"])
            assert pi not in self.excavated  # a path is excavated once
            self.excavated.add(pi)
            self.check_ranking(e)
        for e in events:
            if e["kind"] == "take":
                assert e["token"] is not None  # §11 item 3: no site is empty when reached
            if e["kind"] == "offer":
                self.offers += 1
                assert self.offers == 1  # the offer comes at most once
        # §11 item 4: a usable path is excavated exactly when it is full.
        for pi in game.tables.usable_paths:
            full = all(state.occupant[s] != EMPTY for s in game.tables.path_slots[pi])
            assert full == (pi in self.excavated)
        # §11 item 1: token conservation.
        tokens = sum(len(s) for s in state.stock) + sum(len(h) for h in state.hoard)
        assert tokens == game.tables.pool_size
        # §11 item 3: once its takes are done, each excavation has removed exactly one token
        # from each end site: an active site holds its numeral minus its excavated paths.
        if state.excavation is None:
            for site in board.sites:
                ends = [(board.paths[pi].a, board.paths[pi].b) for pi in self.excavated]
                dug = sum(1 for ab in ends if site.index in ab)
                expected = site.numeral - dug if site.index in game.tables.active_sites else 0
                assert len(state.stock[site.index]) == expected
        # §11 item 2: occupied spaces = cards played + cubes placed.
        occupied = sum(1 for c in state.occupant if c != EMPTY)
        revealed_unplaced = 1 if state.phase_name == "place" else 0
        played = self.total_cards - state.cards_left - revealed_unplaced
        assert occupied == played + (3 * game.players - sum(state.cubes))
        # §11 item 5: full paths hold a group; a cube's owner has a group on its path.
        for pi in game.tables.usable_paths:
            codes = [state.occupant[s] for s in game.tables.path_slots[pi]]
            group_owners = {c >> 2 for c in codes if 0 <= c < CUBE}
            if EMPTY not in codes:
                assert group_owners
            assert {c - CUBE for c in codes if c >= CUBE} <= group_owners
        # Nothing is ever placed on a path that is not usable (§3.2 step 4).
        usable_slots = {s for pi in game.tables.usable_paths for s in game.tables.path_slots[pi]}
        assert all(c == EMPTY for s, c in enumerate(state.occupant) if s not in usable_slots)
        # §4: placed items never move.
        for slot, code in self.placed.items():
            assert state.occupant[slot] == code
        self.placed = {s: c for s, c in enumerate(state.occupant) if c != EMPTY}
        # §11 item 6: cubes left stay in 0..3 and never increase.
        for p, left in enumerate(state.cubes):
            assert 0 <= left <= self.cubes[p] <= 3
        self.cubes = list(state.cubes)

    def check_ranking(self, e):
        """§5.1: the ranking never has a tie, and follows count then distance."""
        ranking = e["ranking"]
        counts, distances = e["counts"], e["distances"]
        assert len({distances[str(p)] for p in ranking}) == len(ranking)
        keys = [(-counts[str(p)], distances[str(p)]) for p in ranking]
        assert keys == sorted(keys)
        assert e["first"] == ranking[0]
        if len(ranking) > 1:
            assert e["qualifies"] == (2 * counts[str(ranking[1])] >= counts[str(ranking[0])])

    def at_end(self):
        """§11 item 8 and §7–§8: the final scoring."""
        state = self.state
        outcome = state.outcome()
        assert outcome == replace(
            score(state.hoard, state.historian, COLOURS), reason=outcome.reason
        )
        assert outcome.reason, "every ending says why"
        assert all(s % 5 == 0 for s in outcome.scores)
        assert outcome.winners
        for artifact in ("Coins", "Horses", "Armbands", "Bottles", "Helmets"):
            points = [part["majorities"][artifact] for part in outcome.breakdown]
            leaders = [p for p in points if p]
            assert sum(points) in (0, 10) or (len(leaders) >= 2 and set(leaders) == {5})
        assert state.end_reason in ("cards", "offer")  # never "no-room" on our board
        if state.end_reason == "cards":
            assert all(deck == () for deck in state.deck)


@pytest.mark.parametrize("variants", VARIANT_COMBOS, ids=lambda v: "+".join(v) or "standard")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_in_random_games(players, variants):
    """§11 items 1–9 after every action of random games, for each player count and variant."""
    for i in range(GAMES_PER_SETTING):
        seed = 1000 * players + 100 * VARIANT_COMBOS.index(variants) + i
        state = make(players, variants, seed=seed).new_initial_state()
        rng = random.Random(seed)
        checker = Checker(state)
        while not state.is_terminal():
            actions = checker.before()
            checker.after(state.apply(rng.choice(actions)))
        checker.at_end()
