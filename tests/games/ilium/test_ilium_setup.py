"""Components, board and set-up (spec §1–§3)."""

from __future__ import annotations

from collections import Counter

import pytest
from ilium_helpers import BV, SE, closed_sites, finish_randomly, make, options, stock, write_board

import kleos
from kleos.games.ilium.board import TOKEN_VALUES, TYPES, token_text
from kleos.games.ilium.scenario import position

FULL_TYPE_VALUES = [1, 1, 2, 2, 2, 3, 3, 3, 4, 5]
OPEN_SITES = ("SCM", "SKF", "ILU", "BAT", "CHR", "HIS", "THY", "KAL", "RHO", "IDA")
NUMERALS = {
    "SIG": 4,
    "ACH": 6,
    "BES": 4,
    "SCM": 3,
    "SKF": 4,
    "ILU": 3,
    "BAT": 5,
    "CHR": 3,
    "HIS": 6,
    "THY": 3,
    "KAL": 3,
    "RHO": 3,
    "IDA": 3,
}


def all_tokens_on_sites(state) -> list[str]:
    return [token_text(c) for s in state.stock for c in s]


def played_and_left(state, player: int) -> Counter[int]:
    """A player's starting deck: the cards left plus the card revealed this turn."""
    cards = Counter(state.deck[player])
    if player == state.turn and state.card:
        cards[state.card] += 1
    return cards


def test_token_pool_has_ten_tokens_of_each_type():
    """§1: 50 tokens, 10 per type, values 1,1,2,2,2,3,3,3,4,5."""
    assert list(TOKEN_VALUES) == FULL_TYPE_VALUES
    state = make(3, seed=5).new_initial_state()
    tokens = all_tokens_on_sites(state)
    assert len(tokens) == 50
    for artifact in TYPES:
        values = sorted(int(t.split("-")[1]) for t in tokens if t.startswith(artifact + "-"))
        assert values == FULL_TYPE_VALUES


def test_board_has_13_sites_and_25_paths():
    """§2.1–§2.2: 13 sites with numerals III–VI equal to their paths; 25 paths of 3–5 spaces."""
    board = make().board
    assert len(board.sites) == 13
    assert len(board.paths) == 25
    assert {s.id: s.numeral for s in board.sites} == NUMERALS
    assert sum(s.numeral for s in board.sites) == 50
    degree = Counter()
    pairs = set()
    for p in board.paths:
        degree[p.a] += 1
        degree[p.b] += 1
        assert p.a != p.b
        pairs.add(frozenset((p.a, p.b)))
        assert 3 <= p.spaces <= 5
        assert p.shovel in (p.a, p.b)
    assert len(pairs) == 25
    assert all(degree[s.index] == s.numeral for s in board.sites)
    assert Counter(p.spaces for p in board.paths) == {3: 2, 4: 15, 5: 8}
    assert board.num_slots == 106


def test_space_zero_is_the_shovel_space():
    """§2.1: space 0 of a path is next to the site named in shovel_at."""
    board = make().board
    p20 = board.paths[board.path_index("p20")]
    assert board.sites[p20.shovel].id == "THY"
    assert board.sites[p20.other].id == "HIS"
    p13 = board.paths[board.path_index("p13")]
    assert board.sites[p13.shovel].id == "SCM"


def test_far_left_sites_are_closed_in_two_player_game():
    """§2.1: the three sites with the smallest x (SIG, ACH, BES) are the closed ones."""
    board = make().board
    far_left = sorted(board.sites, key=lambda s: s.x)[:3]
    assert {s.id for s in far_left} == {"SIG", "ACH", "BES"}
    assert {s.id for s in board.sites if s.closed_in_two_player} == {"SIG", "ACH", "BES"}
    assert max(s.x for s in far_left) < min(s.x for s in board.sites[3:])


@pytest.mark.parametrize("players", [3, 4])
def test_each_site_gets_tokens_equal_to_its_numeral(players):
    """§3.1 step 2: every active site gets as many tokens as its numeral (all 13 in 3–4p)."""
    for seed in range(5):
        state = make(players, seed=seed).new_initial_state()
        assert {sid: len(stock(state, sid)) for sid in NUMERALS} == NUMERALS


def test_token_deal_is_random():
    """§3.1 step 2: the pool is shuffled; different seeds deal differently."""
    deals = {tuple(all_tokens_on_sites(make(3, seed=s).new_initial_state())) for s in range(10)}
    assert len(deals) == 10


def test_site_tokens_sorted_low_to_high():
    """§3.1 step 3: each site's display is sorted by value, low to high."""
    for seed in range(10):
        state = make(3, seed=seed).new_initial_state()
        for site in state.stock:
            values = [c >> 3 for c in site]  # a token's code is value * 8 + type
            assert values == sorted(values)


@pytest.mark.parametrize("players", [2, 3])
def test_each_player_has_27_cards_3_cubes(players):
    """§1, §3.1 step 4: 27 cards (12×1, 12×2, 3×3 = 45 archaeologists) and 3 cubes each."""
    state = make(players, seed=3).new_initial_state()
    for p in range(players):
        cards = played_and_left(state, p)
        assert cards == {1: 12, 2: 12, 3: 3}
        assert sum(v * c for v, c in cards.items()) == 45
        assert state.cubes[p] == 3


def test_four_player_decks_19_cards():
    """§3.1 step 5: with 4 players each deck loses four 1s and four 2s: 8×1, 8×2, 3×3 = 33."""
    game = make(4, seed=2)
    assert game.tables.starting_deck == {1: 8, 2: 8, 3: 3}
    state = game.new_initial_state()
    for p in range(4):
        cards = played_and_left(state, p)
        assert cards == {1: 8, 2: 8, 3: 3}
        assert sum(cards.values()) == 19
        assert sum(v * c for v, c in cards.items()) == 33
    assert state.game.static_info()["data"]["removed_cards"] == {"1": 4, "2": 4}


def test_each_deck_is_shuffled():
    """§3.1 step 6: every player shuffles their own deck."""
    state = make(3, seed=4).new_initial_state()
    assert len({state.deck[p] for p in range(3)}) == 3
    orders = {make(3, seed=s).new_initial_state().deck[0] for s in range(10)}
    assert len(orders) == 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_historians_dealt_one_each_distinct(players):
    """§3.1 step 7: the 5 Historians are shuffled and one is dealt to each player."""
    seen = set()
    for seed in range(30):
        state = make(players, seed=seed).new_initial_state()
        assert len(state.historian) == players
        assert len(set(state.historian)) == players
        assert all(0 <= h < len(TYPES) for h in state.historian)
        seen.update(state.historian)
    assert seen == set(range(5))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_player_uniform(players):
    """§3.1 step 8: the first player is chosen at random; every seat starts some games."""
    firsts = Counter(make(players, seed=s).new_initial_state().first_player for s in range(400))
    assert set(firsts) == set(range(players))
    assert min(firsts.values()) > 400 / players / 2


def test_first_player_starts_and_play_is_clockwise():
    """§3.1 step 8: the first player moves first; play goes by increasing seat modulo n."""
    state = make(3, seed=11).new_initial_state()
    first = state.first_player
    assert state.turn == first
    assert state.current_player == first
    state.apply(state.legal_actions()[0])
    while state.turn == first:
        state.apply(state.legal_actions()[-1])
    assert state.turn == (first + 1) % 3


def test_start_with_no_points_three_cubes_and_unused_offer():
    """§3.1 step 9: no tokens held, 3 cubes each, the end-game offer unused."""
    state = make(4, seed=9).new_initial_state()
    view = state.view(None)
    assert all(hand["tokens"] == [] and hand["cubes"] == 3 for hand in view["public"]["hands"])
    assert view["public"]["offer_used"] is False
    assert not state.offer_used


def test_two_player_setup_36_tokens_and_14_removed():
    """§3.2: one 1, 2, 3 of each type set aside; one of the 15 returns; 14 leave; 36 in play."""
    for seed in range(20):
        state = make(2, seed=seed).new_initial_state()
        in_play = Counter(all_tokens_on_sites(state))
        removed = Counter(token_text(c) for c in state.removed_tokens)
        assert sum(in_play.values()) == 36
        assert sum(removed.values()) == 14
        full = Counter(f"{t}-{v}" for t in TYPES for v in FULL_TYPE_VALUES)
        assert in_play + removed == full
        set_aside = Counter(f"{t}-{v}" for t in TYPES for v in (1, 2, 3))
        returned = set_aside - removed
        assert sum(returned.values()) == 1
        assert removed + returned == set_aside
        per_type = Counter(t.split("-")[0] for t in in_play.elements())
        assert sorted(per_type.values()) == [7, 7, 7, 7, 8]


def test_two_player_returned_token_is_random():
    """§3.2 step 2: the returned token is drawn at random from the 15 set aside."""
    returned = set()
    for seed in range(60):
        state = make(2, seed=seed).new_initial_state()
        set_aside = Counter(f"{t}-{v}" for t in TYPES for v in (1, 2, 3))
        left = set_aside - Counter(token_text(c) for c in state.removed_tokens)
        returned.update(left)
    assert len(returned) >= 10
    assert {int(t.split("-")[1]) for t in returned} == {1, 2, 3}


def test_two_player_closed_sites_hold_no_tokens():
    """§3.2 step 3: SIG, ACH and BES are closed and get no tokens; the 10 open sites get 36."""
    state = make(2, seed=6).new_initial_state()
    view = state.view(None)
    assert closed_sites(state) == ["SIG", "ACH", "BES"]
    assert set(view["public"]["sites"]) == set(OPEN_SITES)
    for sid in ("SIG", "ACH", "BES"):
        assert stock(state, sid) == []
    assert {sid: len(stock(state, sid)) for sid in OPEN_SITES} == {
        sid: NUMERALS[sid] for sid in OPEN_SITES
    }


@pytest.mark.parametrize(("players", "paths", "spaces"), [(2, 14, 62), (3, 25, 106), (4, 25, 106)])
def test_usable_paths_and_spaces(players, paths, spaces):
    """§3.2 step 4, §3.3: 14 usable paths / 62 spaces with 2 players, 25 / 106 with 3–4."""
    game = make(players)
    state = game.new_initial_state()
    usable = [game.board.paths[i].id for i in game.tables.usable_paths]
    assert len(usable) == paths
    assert sum(game.board.paths[i].spaces for i in game.tables.usable_paths) == spaces
    assert len(state.legal_actions()) == spaces
    assert set(state.view(None)["public"]["paths"]) == set(usable)
    if players == 2:
        assert usable == [f"p{i}" for i in range(12, 26)]


def test_two_player_paths_to_closed_sites_are_ignored():
    """§3.2 step 4: nobody may place on a path touching a closed site (p01–p11)."""
    state = make(2, seed=1).new_initial_state()
    placeable = {a.split()[1].split(":")[0] for a in options(state)}
    assert placeable == {f"p{i}" for i in range(12, 26)}
    with pytest.raises(kleos.IllegalActionError, match="closed site"):
        state.apply(state.game.parse_action(state, "place p05:0"))


def test_two_player_all_fours_in_play():
    """§3.2 step 5: only 1s, 2s and 3s are set aside, so all five 4s (and 5s) are in play."""
    for seed in range(10):
        state = make(2, seed=seed).new_initial_state()
        values = Counter(int(t.split("-")[1]) for t in all_tokens_on_sites(state))
        assert values[4] == 5
        assert values[5] == 5
        assert state.fours_on_sites == 5


@pytest.mark.parametrize(
    ("players", "tokens", "cards", "turns", "cubes"),
    [(2, 36, 27, 54, 6), (3, 50, 27, 81, 9), (4, 50, 19, 76, 12)],
)
def test_summary_by_player_count(players, tokens, cards, turns, cubes):
    """§3.3: tokens in play, cards per player, maximum turns and cubes by player count."""
    game = make(players, seed=8)
    state = game.new_initial_state()
    assert game.tables.pool_size == tokens
    assert len(all_tokens_on_sites(state)) == tokens
    assert sum(game.tables.starting_deck.values()) == cards
    assert state.cards_left + 1 == turns  # the first player's card is already revealed
    assert sum(state.cubes) == cubes


def test_setup_is_seeded():
    """§10 (chance): all chance is at set-up, from a seedable RNG; same seed, same deal."""
    for variants in ((), (SE, BV)):
        a = make(3, variants, seed=42).new_initial_state()
        b = make(3, variants, seed=42).new_initial_state()
        assert a.view(None) == b.view(None)
        assert a.deck == b.deck
        assert a.historian == b.historian
    c = make(3, seed=43).new_initial_state()
    assert c.stock != make(3, seed=42).new_initial_state().stock


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    """§3.3: Ilium is for 2 to 4 players."""
    with pytest.raises(kleos.ConfigError, match="2 to 4 players"):
        make(players)


def test_board_numerals_must_fit_the_pool(tmp_path):
    """§2.1, §3.1 step 2: the active sites' numerals must sum to the pool (50, or 36 in 2p)."""
    board = write_board(tmp_path, [("A", 20), ("B", 20)], [("q1", "A", "B", 3, "A")])
    with pytest.raises(kleos.ConfigError, match="40 token places for 50 tokens"):
        make(3, board=board)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variants", [(), (SE,)])
def test_scenario_position_keeps_every_card_of_the_deal(
    players: int, variants: tuple[str, ...]
) -> None:
    """`scenario.position` without `decks` starts the chosen turn from the deal itself: the
    deal's first player loses no card, every deck is whole but for the card now played, and
    the game plays to its end."""
    for seed in range(6):
        game = make(players, variants, seed=seed)
        full = sum(game.tables.starting_deck.values())
        for turn in range(players):
            state = position(game, turn=turn)
            revealed = 0 if state.phase_name == "card" else 1  # a chosen card is not played yet
            sizes = [len(deck) for deck in state.deck]
            assert sizes == [full - revealed if p == turn else full for p in range(players)]
            assert state.cards_left == full * players - revealed
            assert finish_randomly(state, seed).is_terminal()
