"""Ilium's observation encoding (`kleos.games.ilium.encoding`): what each entry holds, that it
shows each seat exactly its view, and the bound on the length of a game."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from ilium_helpers import (
    BLUE,
    BV,
    GREEN,
    RED,
    SE,
    VARIANT_COMBOS,
    YELLOW,
    finish_randomly,
    last_four_at_thy,
    make,
    play,
    random_playout,
    scenario,
    write_board,
)

from kleos.games.ilium import IliumState
from kleos.games.ilium.board import TYPES
from kleos.games.ilium.encoding import max_game_length
from kleos.games.ilium.state import PHASE_NAMES


def field(game, name):
    """The field of that name."""
    found = [f for f in game.encoding_fields() if f.name == name]
    assert found, name
    return found[0]


def has_field(game, name):
    return any(f.name == name for f in game.encoding_fields())


def entries(state, seat, name):
    """The non-zero entries of one field, as {offset in the field: value}."""
    f = field(state.game, name)
    indices, values = state.encode(seat)
    return {
        i - f.start: v
        for i, v in zip(indices, values, strict=True)
        if f.start <= i < f.start + f.size
    }


def rel(state, viewer, seat):
    """`seat` relative to `viewer` (a spectator sees from seat 0)."""
    return (seat - (viewer or 0)) % state.game.players


def slot_position(game, path_id, space):
    """The position of a usable space among all usable spaces (the `spaces` field's order)."""
    slots = [slot for pi in game.tables.usable_paths for slot in game.tables.path_slots[pi]]
    path = game.board.paths[game.board.path_index(path_id)]
    return slots.index(path.offset + space)


# ------------------------------------------------------------------ the board


def test_an_empty_board_has_no_space_entries():
    state = make(3).new_initial_state()
    for seat in (None, 0, 1, 2):
        assert entries(state, seat, "spaces") == {}


def test_a_group_placed_on_a_space_sets_that_spaces_entry_for_its_owner_relative_to_the_viewer():
    state = scenario(3, groups=[(YELLOW, "p12", 2, 3)])
    position = slot_position(state.game, "p12", 2)
    n = 3
    for viewer in (None, RED, YELLOW, GREEN):
        expected = {position * 2 * n + rel(state, viewer, YELLOW): 1.0}
        assert entries(state, viewer, "spaces") == expected


def test_a_groups_entry_holds_its_size_over_three():
    state = scenario(4, groups=[(BLUE, "p20", 0, 1), (RED, "p20", 1, 2)])
    n = 4
    got = entries(state, GREEN, "spaces")
    first, second = slot_position(state.game, "p20", 0), slot_position(state.game, "p20", 1)
    assert got == {
        first * 2 * n + rel(state, GREEN, BLUE): pytest.approx(1 / 3),
        second * 2 * n + rel(state, GREEN, RED): pytest.approx(2 / 3),
    }


def test_a_cube_sets_the_cube_entry_of_its_owner_relative_to_the_viewer():
    state = scenario(3, groups=[(RED, "p13", 0, 2)], cubes=[(GREEN, "p13", 4)])
    n = 3
    group, cube = slot_position(state.game, "p13", 0), slot_position(state.game, "p13", 4)
    assert entries(state, YELLOW, "spaces") == {
        group * 2 * n + rel(state, YELLOW, RED): pytest.approx(2 / 3),
        cube * 2 * n + n + rel(state, YELLOW, GREEN): 1.0,
    }


def test_a_two_player_board_encodes_only_usable_paths_and_active_sites():
    two, three = make(2), make(3)
    assert field(two, "spaces").size == 62 * 2 * 2
    assert field(three, "spaces").size == 106 * 2 * 3
    assert field(two, "site_tokens").size == 36 * 5
    assert field(three, "site_tokens").size == 50 * 5
    assert field(two, "turn_path").size == field(two, "excavation_path").size == 14
    assert field(two, "excavation_site").size == 10
    assert field(three, "excavation_site").size == 13
    state = two.new_initial_state()
    slots = entries(state, 0, "site_tokens")
    assert len(slots) == 36  # every slot of every open site holds a token at the start


def test_only_the_two_player_game_has_removed_tokens_and_they_are_all_encoded():
    assert not has_field(make(3), "removed_tokens")
    state = make(2, seed=5).new_initial_state()
    got = entries(state, None, "removed_tokens")
    expected = {((code >> 3) - 1) * 5 + (code & 7): 1.0 for code in state.removed_tokens}
    assert len(state.removed_tokens) == 14 and got == expected


# ------------------------------------------------------------------ the sites and the hands


def site_entries(state, seat, site_id):
    """The `site_tokens` entries of one site, as {slot * 5 + type: value}."""
    game = state.game
    site = game.board.site_index(site_id)
    start = 5 * sum(game.board.sites[s].numeral for s in game.tables.active_sites if s < site)
    size = 5 * game.board.sites[site].numeral
    got = entries(state, seat, "site_tokens")
    return {k - start: v for k, v in got.items() if start <= k < start + size}


def test_a_sites_tokens_appear_in_taking_order():
    state = scenario(3, stocks={"HIS": ["Coins-3", "Horses-1", "Helmets-5", "Armbands-1"]})
    # Taking order: Horses-1, Armbands-1 (type order among equal values), Coins-3, Helmets-5;
    # HIS's last two slots (numeral VI) are empty.
    expected = {0 * 5 + 1: 0.2, 1 * 5 + 2: 0.2, 2 * 5 + 0: 0.6, 3 * 5 + 4: 1.0}
    assert site_entries(state, GREEN, "HIS") == expected


def test_a_taken_token_leaves_its_site_and_the_rest_move_up():
    state = scenario(
        3,
        stocks={"SCM": ["Horses-1", "Coins-2", "Bottles-5"], "SKF": ["Helmets-2", "Coins-3"]},
        groups=[(RED, "p12", 1, 3)],
        decks={RED: [2, 1]},
    )
    play(state, "place p12:0", "cube p12:2", "cube p12:3")  # Red alone: takes at SKF, then SCM
    assert site_entries(state, 0, "SCM") == {0 * 5 + 0: 0.4, 1 * 5 + 3: 1.0}
    assert site_entries(state, 0, "SKF") == {0 * 5 + 0: 0.6}


def test_in_burial_vaults_a_sites_queue_is_encoded_in_its_order():
    state = scenario(3, [BV], stocks={"SIG": ["Horses-1", "Coins-1", "Bottles-2", "Coins-4"]})
    expected = {0 * 5 + 1: 0.2, 1 * 5 + 0: 0.2, 2 * 5 + 3: 0.4, 3 * 5 + 0: 0.8}
    assert site_entries(state, YELLOW, "SIG") == expected


def test_a_seats_tokens_are_encoded_by_value_and_type_and_totalled_by_type():
    state = scenario(3, hoards={GREEN: ["Horses-2", "Horses-2", "Horses-4", "Coins-1"]})
    viewer = YELLOW
    r = rel(state, viewer, GREEN)
    assert entries(state, viewer, "hoard_tokens") == {
        r * 25 + 0 * 5 + 0: 0.5,  # Coins-1: one of the two 1s
        r * 25 + 1 * 5 + 1: pytest.approx(2 / 3),  # Horses-2: two of the three 2s
        r * 25 + 3 * 5 + 1: 1.0,  # Horses-4: the only 4
    }
    assert entries(state, viewer, "hoard_by_type") == {
        r * 10 + 0: 0.1,  # Coins: 1 token
        r * 10 + 1: pytest.approx(1 / 26),  # 1 artifact
        r * 10 + 2: 0.3,  # Horses: 3 tokens
        r * 10 + 3: pytest.approx(8 / 26),  # 8 artifacts
    }


def test_cubes_and_deck_counts_are_encoded_per_relative_seat():
    state = scenario(
        3, cubes_left=[3, 0, 1], decks={RED: [1, 2, 2, 3], YELLOW: [2], GREEN: [3, 3, 1]}
    )
    # Red's top card (1) has been revealed: Red's deck is 2, 2, 3.
    assert entries(state, GREEN, "cubes") == {1: 1.0, 0: pytest.approx(1 / 3)}
    assert entries(state, GREEN, "deck") == {
        0 * 3 + 0: pytest.approx(1 / 12),  # Green (the viewer): one 1
        0 * 3 + 2: pytest.approx(2 / 3),  # and two 3s
        1 * 3 + 1: pytest.approx(2 / 12),  # Red: two 2s
        1 * 3 + 2: pytest.approx(1 / 3),  # and one 3
        2 * 3 + 1: pytest.approx(1 / 12),  # Yellow: one 2
    }


def test_four_player_deck_counts_are_scaled_by_the_smaller_starting_deck():
    state = make(4).new_initial_state()
    got = entries(state, None, "deck")
    starting = {1: 8, 2: 8, 3: 3}
    for p in range(4):
        r = rel(state, None, p)
        for v in (1, 2, 3):
            expected = state.deck[p].count(v) / starting[v]
            assert got.get(r * 3 + v - 1, 0.0) == pytest.approx(expected)
    assert sum(got.values()) == pytest.approx(4 * 3 - 1 / starting[state.card])


# ------------------------------------------------------------------ the turn


def test_the_turn_so_far_is_encoded():
    state = scenario(3, turn=YELLOW, decks={YELLOW: [2, 1]})
    play(state, "place p13:1", "cube p13:3")
    viewer = GREEN
    assert entries(state, viewer, "turn") == {rel(state, viewer, YELLOW): 1.0}
    assert entries(state, viewer, "decider") == {rel(state, viewer, YELLOW): 1.0}
    assert entries(state, viewer, "phase") == {PHASE_NAMES.index("cube"): 1.0}
    assert entries(state, viewer, "card") == {1: 1.0}
    assert entries(state, viewer, "turn_path") == {state.game.tables.usable_paths.index(12): 1.0}
    assert entries(state, viewer, "group_space") == {1: 1.0}
    assert entries(state, viewer, "last_cube") == {3: 1.0}
    assert entries(state, viewer, "excavation_path") == {}


def test_an_excavation_under_way_is_encoded_with_its_pending_takes():
    state = last_four_at_thy()
    game = state.game
    site = {s: i for i, s in enumerate(game.tables.active_sites)}
    ida, thy = game.board.site_index("IDA"), game.board.site_index("THY")
    play(state, "place p23:2")
    viewer = GREEN
    assert entries(state, viewer, "phase") == {PHASE_NAMES.index("site"): 1.0}
    assert entries(state, viewer, "excavation_path") == {game.tables.usable_paths.index(22): 1.0}
    assert entries(state, viewer, "excavation_first") == {rel(state, viewer, RED): 1.0}
    assert entries(state, viewer, "excavation_second") == {rel(state, viewer, YELLOW): 1.0}
    assert entries(state, viewer, "excavation_qualifies") == {0: 1.0}
    assert entries(state, viewer, "excavation_site") == {}
    assert entries(state, viewer, "pending_takes") == {}
    play(state, "site IDA")
    n, width = 3, 3 + len(game.tables.active_sites)
    assert entries(state, viewer, "phase") == {PHASE_NAMES.index("token"): 1.0}
    assert entries(state, viewer, "excavation_site") == {site[ida]: 1.0}
    assert entries(state, viewer, "pending_takes") == {
        rel(state, viewer, RED): 1.0,
        n + site[ida]: 1.0,
        width + rel(state, viewer, YELLOW): 1.0,
        width + n + site[thy]: 1.0,
    }
    assert entries(state, viewer, "fours_on_sites") == {0: 0.2}
    play(state, "take Horses")  # Yellow then takes THY's Coins-4: all five 4s are out
    assert entries(state, viewer, "phase") == {PHASE_NAMES.index("offer"): 1.0}
    assert entries(state, viewer, "fours_on_sites") == {}
    assert entries(state, viewer, "excavation_path") == {}
    assert entries(state, viewer, "offer_used") == {}
    play(state, "continue game")
    assert entries(state, viewer, "offer_used") == {0: 1.0}


# ------------------------------------------------------------------ private parts


def test_the_historian_appears_only_in_its_own_seats_encoding():
    state = scenario(4, historians=["Coins", "Horses", "Bottles", "Helmets"])
    for seat in range(4):
        assert entries(state, seat, "historian") == {state.historian[seat]: 1.0}
        other = state.clone()
        other.historian = tuple(
            h if q == seat else TYPES.index("Armbands") for q, h in enumerate(state.historian)
        )
        assert other.encode(seat) == state.encode(seat)
    assert state.encode(0) != state.encode(1)


def test_the_top_card_is_the_viewers_own_next_card_only():
    state = scenario(3, decks={RED: [1, 3], YELLOW: [2, 1], GREEN: [3, 2]})
    assert entries(state, RED, "top_card") == {2: 1.0}  # the 1 is revealed; the 3 is next
    assert entries(state, YELLOW, "top_card") == {1: 1.0}
    assert entries(state, GREEN, "top_card") == {2: 1.0}
    other = state.clone()
    other.deck = [state.deck[RED], state.deck[YELLOW][::-1], state.deck[GREEN]]
    assert other.encode(RED) == state.encode(RED)


def test_strategic_expeditions_has_no_top_card_field():
    assert not has_field(make(3, [SE]), "top_card")
    assert has_field(make(3), "top_card")


def test_a_spectators_encoding_has_no_private_entries():
    for variants in VARIANT_COMBOS:
        state = make(3, variants, seed=4).new_initial_state()
        private = [f for f in state.game.encoding_fields() if f.doc.startswith("private")]
        assert {f.name for f in private} <= {"historian", "top_card"} and private
        assert all(entries(state, None, f.name) == {} for f in private)
        # Without its private fields, seat 0's encoding is the spectator's.
        lowest = min(f.start for f in private)
        mine = [(i, v) for i, v in zip(*state.encode(0), strict=True) if i < lowest]
        assert mine == list(zip(*state.encode(None), strict=True))


def test_a_seats_encoding_does_not_change_with_a_determinization_in_any_variant():
    rng = random.Random(11)
    for players in (2, 4):
        for variants in VARIANT_COMBOS:
            state = make(players, variants, seed=players).new_initial_state()
            for i, _ in enumerate(random_playout(state, random.Random(players))):
                if i % 9:
                    continue
                for seat in [None, *range(players)]:
                    assert state.determinize(seat, rng).encode(seat) == state.encode(seat)


# ------------------------------------------------------------------ the end of the game


def test_a_finished_game_encodes_every_historian_and_the_results_for_everyone():
    state = finish_randomly(make(3, seed=3).new_initial_state(), seed=3)
    outcome = state.outcome()
    for viewer in (None, 0, 1, 2):
        assert entries(state, viewer, "phase") == {PHASE_NAMES.index("over"): 1.0}
        assert entries(state, viewer, "decider") == {}
        assert entries(state, viewer, "final_historians") == {
            rel(state, viewer, p) * 5 + state.historian[p]: 1.0 for p in range(3)
        }
        assert entries(state, viewer, "final_winners") == {
            rel(state, viewer, p): 1.0 for p in outcome.winners
        }
        assert entries(state, viewer, "final_scores") == {
            rel(state, viewer, p): outcome.scores[p] / (outcome.scores[p] + 50)
            for p in range(3)
            if outcome.scores[p]
        }


def test_an_unfinished_game_has_no_results():
    state = make(3).new_initial_state()
    for name in ("final_historians", "final_scores", "final_winners"):
        assert entries(state, 0, name) == {}


# ------------------------------------------------------------------ the view, in full


def majorities_of(hands):
    """Per type, the seats holding the most tokens of it (none while nobody holds one)."""
    counts = [[t.split("-")[0] for t in hand["tokens"]].count for hand in hands]
    leaders = {}
    for kind in TYPES:
        most = max(count(kind) for count in counts)
        leaders[kind] = [p for p, count in enumerate(counts) if most and count(kind) == most]
    return leaders


def decode(state: IliumState, seat):
    """What the encoding says, in the terms of the view: each item rebuilt from the vector."""
    game = state.game
    n = game.players
    base = seat or 0

    def abs_seat(r):
        return (base + r) % n

    usable_slots = [
        (pi, s) for pi in game.tables.usable_paths for s in range(game.board.paths[pi].spaces)
    ]
    e = {f.name: entries(state, seat, f.name) for f in game.encoding_fields()}
    paths = {
        game.board.paths[pi].id: [None] * game.board.paths[pi].spaces
        for pi in game.tables.usable_paths
    }
    for k, value in e["spaces"].items():
        j, r = divmod(k, 2 * n)
        pi, space = usable_slots[j]
        item = (
            {"group": abs_seat(r), "size": round(value * 3)} if r < n else {"cube": abs_seat(r - n)}
        )
        paths[game.board.paths[pi].id][space] = item
    sites = {}
    start = 0
    for s in game.tables.active_sites:
        numeral = game.board.sites[s].numeral
        tokens = []
        for slot in range(numeral):
            for t in range(5):
                value = e["site_tokens"].get((start + slot) * 5 + t)
                if value:
                    tokens.append(f"{TYPES[t]}-{round(value * 5)}")
        start += numeral
        sites[game.board.sites[s].id] = tokens
    starting = game.tables.starting_deck
    copies = {1: 2, 2: 3, 3: 3, 4: 1, 5: 1}
    hands = [None] * n
    for r in range(n):
        tokens = []
        for k, value in e["hoard_tokens"].items():
            if k // 25 == r:
                v, t = divmod(k % 25, 5)
                tokens += [f"{TYPES[t]}-{v + 1}"] * round(value * copies[v + 1])
        hands[abs_seat(r)] = {
            "tokens": sorted(tokens),
            "cubes": round(e["cubes"].get(r, 0) * 3),
            "deck": {
                str(v): round(e["deck"].get(r * 3 + v - 1, 0) * starting[v]) for v in (1, 2, 3)
            },
        }
        by_type = Counter(t.split("-")[0] for t in tokens)
        for t, name in enumerate(TYPES):
            assert e["hoard_by_type"].get(r * 10 + 2 * t, 0) == pytest.approx(by_type[name] / 10)

    def one(name, values=None):
        got = list(e[name])
        assert len(got) <= 1
        if not got:
            return None
        return got[0] if values is None else values[got[0]]

    seats = [abs_seat(r) for r in range(n)]
    ids = [game.board.paths[pi].id for pi in game.tables.usable_paths]
    site_ids = [game.board.sites[s].id for s in game.tables.active_sites]
    excavation = None
    if e["excavation_path"]:
        width = n + len(site_ids)
        takes = []
        for k in range(2):
            who = [o for o in e["pending_takes"] if k * width <= o < k * width + n]
            where = [o for o in e["pending_takes"] if k * width + n <= o < (k + 1) * width]
            if who:
                takes.append(
                    {
                        "player": seats[who[0] - k * width],
                        "site": site_ids[where[0] - k * width - n],
                    }
                )
        excavation = {
            "path": one("excavation_path", ids),
            "first": one("excavation_first", seats),
            "second": one("excavation_second", seats),
            "second_qualifies": bool(e["excavation_qualifies"]),
            "site": one("excavation_site", site_ids),
            "pending_takes": takes,
        }
    removed = []
    if "removed_tokens" in e:
        removed = [f"{TYPES[k % 5]}-{k // 5 + 1}" for k in sorted(e["removed_tokens"])]
    public = {
        "first_player": one("first_player", seats),
        "turn": one("turn", seats),
        "sites": sites,
        "paths": paths,
        "hands": hands,
        "current_turn": {
            "card": one("card", [1, 2, 3]),
            "path": one("turn_path", ids),
            "group_space": one("group_space"),
            "last_cube": one("last_cube"),
        },
        "excavation": excavation,
        "offer_used": bool(e["offer_used"]),
        "fours_on_sites": round(e["fours_on_sites"].get(0, 0) * 5),
        "removed_tokens": sorted(removed),
        "majorities": majorities_of(hands),
    }
    private = {}
    if seat is not None:
        private["historian"] = one("historian", TYPES)
        if "top_card" in e:
            private["top_card"] = one("top_card", [1, 2, 3])
    phase = one("phase", PHASE_NAMES)
    outcome = None
    if phase == "over":
        outcome = {
            "scores": [unsaturate(e["final_scores"].get(rel(state, seat, p), 0)) for p in range(n)],
            "winners": sorted(abs_seat(r) for r in e["final_winners"]),
            "historians": [
                TYPES[one_of - rel(state, seat, p) * 5]
                for p in range(n)
                for one_of in e["final_historians"]
                if one_of // 5 == rel(state, seat, p)
            ],
        }
    return public, private, phase, one("decider", seats), outcome


def expected_view(state, seat):
    view = state.view(seat)
    public = dict(view["public"])
    public["hands"] = [{**h, "tokens": sorted(h["tokens"])} for h in public["hands"]]
    public["removed_tokens"] = sorted(public["removed_tokens"])
    outcome = None
    if view["outcome"] is not None:
        out = view["outcome"]
        outcome = {
            "scores": out["scores"],
            "winners": sorted(out["winners"]),
            "historians": [b["historian"] for b in out["breakdown"]],
        }
    phase = "over" if view["is_terminal"] else view["decision"]["kind"]
    return public, view["private"], phase, view["current_player"], outcome


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variants", VARIANT_COMBOS)
def test_the_encoding_holds_everything_the_view_shows(players, variants):
    """At positions along a random game, the view of every seat (and a spectator) can be
    rebuilt from its encoding alone: nothing the view shows is missing."""
    state = make(players, variants, seed=players + 10).new_initial_state()
    rng = random.Random(players)
    checked = 0
    while True:
        if rng.random() < 0.15 or state.is_terminal():
            for seat in [None, *range(players)]:
                assert decode(state, seat) == expected_view(state, seat)
            checked += 1
        if state.is_terminal():
            break
        state.apply_unchecked(rng.choice(state.legal_actions()))
    assert checked > 5


# ------------------------------------------------------------------ layout and length


def test_the_layout_depends_on_the_config_not_the_seed():
    game = make(3, seed=1)
    assert game.encoding_fields() == make(3, seed=99).encoding_fields()
    assert game.encoding_fields() == game.without_seed().encoding_fields()
    sizes = {n: make(n).encoding_size() for n in (2, 3, 4)}
    assert sizes[2] < sizes[3] < sizes[4]
    assert make(3, [SE]).encoding_size() == sizes[3] - 3  # no top card


def test_a_custom_board_has_its_own_layout(tmp_path):
    board = write_board(
        tmp_path,
        sites=[("A", 20), ("B", 20), ("C", 10)],
        paths=[("ab", "A", "B", 3, "A"), ("bc", "B", "C", 2, "C"), ("ca", "C", "A", 4, "C")],
    )
    game = make(3, board=board)
    assert field(game, "spaces").size == 9 * 2 * 3
    assert field(game, "site_tokens").size == 50 * 5
    assert field(game, "turn_path").size == 3 and field(game, "group_space").size == 4
    assert make(3).encoding_size() != game.encoding_size()
    assert max_game_length(game) == 81 + 81 + 9 + 3 * 3 + 1
    state = game.new_initial_state()
    decisions = 0
    for _ in random_playout(state, random.Random(2)):
        decisions += 1
        for seat in (None, 0, 1, 2):
            indices, values = state.encode(seat)
            assert indices == sorted(set(indices)) and all(values)
            assert all(0 <= i < game.encoding_size() for i in indices)
            assert decode(state, seat) == expected_view(state, seat)
    assert state.end_reason == "no-room" and decisions <= game.max_game_length()


def test_max_game_length_on_the_projects_board():
    assert [max_game_length(make(n)) for n in (2, 3, 4)] == [157, 247, 240]
    assert [max_game_length(make(n, [SE])) for n in (2, 3, 4)] == [211, 328, 316]
    assert [max_game_length(make(n, [BV])) for n in (2, 3, 4)] == [129, 197, 190]
    assert make(3).max_game_length() == 247


@pytest.mark.parametrize("variants", VARIANT_COMBOS)
def test_no_game_is_longer_than_max_game_length(variants):
    """Random games, and games whose players spend no cubes (the most 'no more cubes'
    decisions), stay within the bound."""
    for players in (2, 3, 4):
        game = make(players, variants, seed=players)
        bound = game.max_game_length()
        for seed in range(3):
            rng = random.Random(seed)
            state = game.with_seed(seed).new_initial_state()
            decisions = 0
            while not state.is_terminal():
                legal = state.legal_actions()
                hoarding = seed == 0 and str(legal[-1]) == "no more cubes"
                state.apply_unchecked(legal[-1] if hoarding else rng.choice(legal))
                decisions += 1
            assert decisions <= bound


def unsaturate(value: float) -> int:
    """The score s that `final_scores` encodes as s / (s + 50)."""
    return round(50 * value / (1 - value))
