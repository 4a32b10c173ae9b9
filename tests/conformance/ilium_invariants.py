"""Ilium's conservation laws (spec §11), checked on the engine's own state after every move."""

from __future__ import annotations

from collections import Counter

from kleos.core.protocol import State
from kleos.games.ilium import IliumState
from kleos.games.ilium.board import TOKEN_VALUES, TYPES, token_code
from kleos.games.ilium.state import CUBE, EMPTY

ALL_TOKENS = Counter(token_code(t, v) for t in range(len(TYPES)) for v in TOKEN_VALUES)
"""The 50 tokens of the box: each type has values 1, 1, 2, 2, 2, 3, 3, 3, 4, 5."""
CUBES_PER_PLAYER = 3


def check_ilium(state: State, previous: State | None) -> None:
    """Assert every invariant of §11 that a single state (and the state before it) shows."""
    assert isinstance(state, IliumState)
    _check_tokens(state)
    _check_board(state)
    _check_cards(state)
    _check_decision(state)
    if state.decision is None:
        _check_outcome(state)
    if previous is not None:
        assert isinstance(previous, IliumState)
        _check_step(previous, state)


def _check_tokens(state: IliumState) -> None:
    """§11.1 and §11.3: tokens are conserved and each site loses one per excavated path."""
    game = state.game
    on_sites = Counter(code for stock in state.stock for code in stock)
    held = Counter(code for hoard in state.hoard for code in hoard)
    removed = Counter(state.removed_tokens)
    assert on_sites + held + removed == ALL_TOKENS, "tokens were created or lost"
    assert on_sites.total() + held.total() == game.tables.pool_size
    assert state.fours_on_sites == sum(n for code, n in on_sites.items() if code >> 3 == 4)
    pending = Counter(site for _, site in state.takes)
    if state.phase_name == "site":
        assert state.excavation is not None and not state.takes
        path = game.board.paths[state.excavation.path]
        pending.update((path.a, path.b))
    for site in game.board.sites:
        stock = state.stock[site.index]
        if site.index not in game.tables.active_sites:
            assert not stock, f"closed site {site.id} holds tokens"
            continue
        excavated = sum(
            1
            for pi in game.tables.usable_paths
            if state.free[pi] == 0
            and site.index in (game.board.paths[pi].a, game.board.paths[pi].b)
        )
        assert len(stock) == site.numeral - excavated + pending[site.index], (
            f"{site.id} holds {len(stock)} tokens after {excavated} excavations"
        )
        values = [code >> 3 for code in stock]
        assert values == sorted(values), f"{site.id} is not in value order"
        if not game.burial_vaults:
            assert list(stock) == sorted(stock), f"{site.id} is not in canonical order"


def _check_board(state: IliumState) -> None:
    """§11.2 and §11.5: occupied spaces match cards and cubes; cubes come with groups."""
    game = state.game
    board = game.board
    usable_slots = {slot for pi in game.tables.usable_paths for slot in game.tables.path_slots[pi]}
    empty = [slot for slot in sorted(usable_slots) if state.occupant[slot] == EMPTY]
    base = game.tables.place_base
    assert [i - base for i in state.placement_ids] == empty, (
        "the placements disagree with the board"
    )
    for path in board.paths:
        slots = game.tables.path_slots[path.index]
        codes = [state.occupant[slot] for slot in slots]
        assert state.free[path.index] == codes.count(EMPTY)
        if path.index not in game.tables.usable_paths:
            assert codes.count(EMPTY) == path.spaces, f"{path.id} is closed but used"
            continue
        group_owners = {code >> 2 for code in codes if 0 <= code < CUBE}
        cube_owners = {code - CUBE for code in codes if code >= CUBE}
        assert cube_owners <= group_owners, f"a cube on {path.id} without its owner's group"
        if EMPTY not in codes:
            assert group_owners, f"full path {path.id} holds no group"
        for code in codes:
            assert code == EMPTY or 0 <= code < CUBE + game.players, f"bad space code {code}"
            assert code >= CUBE or code == EMPTY or code & 3 in (1, 2, 3), f"bad group {code}"


def _check_cards(state: IliumState) -> None:
    """§11.2: groups = cards played, archaeologists = card values played, cubes = 3 − left."""
    game = state.game
    start = game.tables.starting_deck
    start_cards = sum(start.values())
    start_value = sum(v * c for v, c in start.items())
    assert state.cards_left == sum(len(deck) for deck in state.deck)
    sizes = [len(deck) for deck in state.deck]
    assert max(sizes) - min(sizes) <= 1, f"decks of sizes {sizes}: turns did not rotate"
    assert len(state.historian) == game.players == len(set(state.historian))
    for p in range(game.players):
        deck = state.deck[p]
        assert not Counter(deck) - Counter(start), f"{game.player_name(p)}'s deck grew"
        if game.strategic:
            assert list(deck) == sorted(deck)
        codes = [code for code in state.occupant if code != EMPTY]
        groups = [code & 3 for code in codes if code < CUBE and code >> 2 == p]
        cubes_placed = sum(1 for code in codes if code == CUBE + p)
        in_hand = state.card if state.phase_name == "place" and p == state.turn else 0
        assert len(groups) + (in_hand > 0) == start_cards - len(deck), "groups ≠ cards played"
        assert sum(groups) + in_hand == start_value - sum(deck), "archaeologists ≠ values played"
        assert 0 <= state.cubes[p] <= CUBES_PER_PLAYER
        assert cubes_placed == CUBES_PER_PLAYER - state.cubes[p], "cubes placed ≠ cubes used"


def _check_decision(state: IliumState) -> None:
    """§13: who decides, and every decision but the group placement has two options or more."""
    if state.decision is None:
        assert state.current_player is None
        return
    legal = state.legal_actions()
    if state.phase_name == "place":
        assert len(legal) >= 3, "our board always offers 3 or more placements (§6.3)"
        assert [a.slot for a in legal] == sorted(a.slot for a in legal)
    else:
        assert len(legal) >= 2, f"a one-option decision was asked: {[str(a) for a in legal]}"
    if state.phase_name == "site":
        assert state.excavation is not None
        assert state.current_player == state.excavation[1]
    elif state.phase_name == "token":
        assert state.current_player == state.takes[0][0]
    else:
        assert state.current_player == state.turn


def _check_outcome(state: IliumState) -> None:
    """§7–§8: donations take tokens out of the game; scores are multiples of 5."""
    assert state.end_reason in ("cards", "offer"), "no-room cannot end a game on our board"
    if state.end_reason == "cards":
        assert state.cards_left == 0
    outcome = state.outcome()
    on_sites = sum(len(stock) for stock in state.stock)
    kept = sum(sum(part["tokens"].values()) for part in outcome.breakdown)
    donated = sum(1 for part in outcome.breakdown if part["donated"] is not None)
    assert on_sites + kept + donated == state.game.tables.pool_size
    assert all(score % 5 == 0 for score in outcome.scores)
    for artifact in TYPES:
        points = sum(part["majorities"][artifact] for part in outcome.breakdown)
        assert points in (0, 10) or (points % 5 == 0 and points >= 10), (artifact, points)


def _check_step(before: IliumState, after: IliumState) -> None:
    """What one move may change: nothing placed moves, cubes never come back (§11.6)."""
    for p in range(after.game.players):
        assert after.cubes[p] <= before.cubes[p], "a supply cube came back"
        assert after.hoard[p][: len(before.hoard[p])] == before.hoard[p], "a held token left"
    for slot, code in enumerate(before.occupant):
        assert code == EMPTY or after.occupant[slot] == code, "a placed piece moved"
    for site, stock in enumerate(after.stock):
        assert not Counter(stock) - Counter(before.stock[site]), "a token came back to a site"
    assert after.cards_left <= before.cards_left
    assert after.offer_used >= before.offer_used
    if after.turn != before.turn:
        assert after.turn == (before.turn + 1) % after.game.players
