"""Elysium's observation encoding: each field follows what the view shows, relative to the
viewer, and nothing hidden (Citizens' faces, the draw order) ever reaches it."""

from __future__ import annotations

import random

import pytest
from elysium_helpers import P1, P2, P3, RECOMMENDED, at, card, decision, options, play

import kleos
from kleos.core.encoding import saturate
from kleos.core.protocol import PlayerId
from kleos.games.elysium import ElysiumState
from kleos.games.elysium.encoding import Layout, layout
from kleos.games.elysium.tasks import DecisionKind
from kleos.games.elysium.vocabulary import MAX_LEGENDS_PER_PLAYER

APOLLO = ("zeus", "hades", "apollo", "athena", "hephaestus")
POSEIDON = ("zeus", "poseidon", "hades", "athena", "hephaestus")


def entries(s: ElysiumState, seat: PlayerId | None) -> dict[int, float]:
    indices, values = s.encode(seat)
    return dict(zip(indices, values, strict=True))


def field(s: ElysiumState, seat: PlayerId | None, name: str) -> dict[int, float]:
    """The non-zero entries of one field, by offset inside the field."""
    (f,) = [f for f in s.game.encoding_fields() if f.name == name]
    return {i - f.start: v for i, v in entries(s, seat).items() if f.start <= i < f.start + f.size}


def card_tables(lay: Layout) -> list[list[int]]:
    """Every card-indexed table of the layout: card index -> vector index."""
    return [
        lay.agora,
        lay.oracle,
        lay.discard,
        lay.turned,
        lay.ringed,
        lay.fresh,
        *lay.domain,
        *lay.elysium,
        lay.swap_out,
    ]


def test_a_card_taken_into_my_domain_moves_its_location_entry() -> None:
    s = at(agora=["ZEU-01a", "HEP-01a", "HAD-01b"])
    lay = layout(s.game)
    hebe = card(s, "ZEU-01a")
    before = entries(s, P1)
    assert lay.agora[hebe] in before and lay.domain[0][hebe] not in before
    play(s, "take ZEU-01a")
    mine = entries(s, P1)
    assert lay.agora[hebe] not in mine
    assert mine[lay.domain[0][hebe]] == 1.0
    # P2 sees P1 two seats on (P2, P3, P1), P3 one seat on (P3, P1, P2).
    assert lay.domain[2][hebe] in entries(s, P2)
    assert lay.domain[1][hebe] in entries(s, P3)
    assert field(s, P1, "card_takes") == {0: pytest.approx(1 / 3)}


def test_a_citizens_face_never_appears_in_anyones_encoding() -> None:
    s = at(
        start="writing",
        quests={P1: "Q3", P2: "Q1", P3: "Q2"},
        citizens={P1: 2, P3: 1},
        elysiums={P2: [{"cards": ["HEP-01a", "HAD-01a"], "citizens": [1]}]},
    )
    hidden = [*s.citizens[P1], *s.citizens[P3], *(c for c, _ in s.elysium[P2][0].citizens)]
    tables = card_tables(layout(s.game))
    for seat in (None, P1, P2, P3):
        seen = entries(s, seat)
        for c in hidden:
            assert all(table[c] not in seen for table in tables)
    assert field(s, P1, "citizens") == {0: saturate(2, 4), 2: saturate(1, 4)}
    # Swapping a Citizen's face with a draw pile card changes no one's encoding.
    before = {seat: s.encode(seat) for seat in (None, P1, P2, P3)}
    top = s.draw[-1]
    s.draw[-1], s.citizens[P1] = s.citizens[P1][0], (top, *s.citizens[P1][1:])
    s.citizen_handle = {**s.citizen_handle, top: s.citizen_handle[s.draw[-1]]}
    assert {seat: s.encode(seat) for seat in (None, P1, P2, P3)} == before


def test_the_draw_order_never_reaches_the_encoding() -> None:
    s = at(players=4)
    before = s.encode(P2)
    s.draw.reverse()
    assert s.encode(P2) == before
    assert field(s, P2, "draw_pile") == {0: pytest.approx(len(s.draw) / 105)}


def test_a_discarded_citizen_becomes_a_face_up_card_on_the_discard_pile() -> None:
    s = at(
        families=POSEIDON,
        agora=["POS-04a"],
        domains={P2: ["ZEU-01a"]},
        citizens={P2: 1},
        gold={P2: 0},
    )
    citizen = s.citizens[P2][0]
    lay = layout(s.game)
    assert lay.discard[citizen] not in entries(s, None)
    play(s, "take POS-04a")
    assert decision(s) == ("attack_payment", P2)
    play(s, "discard citizen")
    assert entries(s, P3)[lay.discard[citizen]] == 1.0
    assert field(s, P2, "citizens") == {}


def test_a_spectator_and_seat_zero_differ_only_where_the_view_differs() -> None:
    s = at(domains={P1: ["ZEU-02a"], P2: ["HEP-05a"]}, gold={P3: 7})
    spectator, seat0 = entries(s, None), entries(s, P1)
    assert s.view(None) == {**s.view(P1), "viewer": None}
    viewer = s.game.encoding_fields()[0]
    assert viewer.name == "viewer"
    assert set(seat0) ^ set(spectator) == {viewer.start + P1}
    assert all(seat0[i] == v for i, v in spectator.items())
    assert field(s, P2, "viewer") == {P2: 1.0}


def test_seats_are_encoded_relative_to_the_viewer() -> None:
    s = at(gold={P1: 0, P2: 10, P3: 4}, order=[P3, P1, P2])
    four = saturate(4, 10)
    assert field(s, P2, "gold") == {0: 0.5, 1: four}
    assert field(s, P1, "gold") == {1: 0.5, 2: four}
    assert field(s, P3, "gold") == {0: four, 2: 0.5}
    # Discs: P3 holds disc 1, P1 disc 2, P2 disc 3 (n × n one-hot, viewer first).
    assert field(s, P1, "disc") == {0 * 3 + 1: 1.0, 1 * 3 + 2: 1.0, 2 * 3 + 0: 1.0}
    assert field(s, P3, "turn") == {0: 1.0}
    assert field(s, P1, "turn") == {2: 1.0}
    assert field(s, P1, "decider") == {2: 1.0}


def test_gold_vp_and_pp_are_saturated_and_zero_counts_have_no_entry() -> None:
    """Counts the rules do not bound read 1/2 at their half (gold 10, VP 15, PP 10) and stay
    below 1 however large they grow."""
    s = at(gold={P1: 10, P2: 0, P3: 30}, vp={P1: 15, P2: 0, P3: 3}, pp={P2: 4})
    assert field(s, P1, "gold") == {0: 0.5, 2: 0.75}
    assert field(s, P1, "vp") == {0: 0.5, 2: pytest.approx(3 / 18)}
    assert field(s, P1, "pp") == {1: pytest.approx(4 / 14)}


def test_legends_show_their_type_and_size_and_elysium_cards_their_legend() -> None:
    s = at(
        start="writing",
        quests={P1: "Q3", P2: "Q1", P3: "Q2"},
        elysiums={
            P2: [
                {"cards": ["HEP-01a", "HAD-01a"], "citizens": [1]},
                {"cards": ["ZEU-04a"]},
                {"cards": ["ZEU-06a", "ZEU-05a"]},
            ]
        },
    )
    lay = layout(s.game)
    block = lay.legend_block
    legends = field(s, P2, "legends")
    level1 = 3 + lay.nf + 0
    zeus = 3 + lay.family_slot[s.game.family_ids.index("zeus")]
    assert legends == {
        0: pytest.approx(3 / 5),
        1: pytest.approx(1 / 5),
        level1: 1.0,
        block: pytest.approx(1 / 5),
        block + 2: 1.0,
        2 * block: pytest.approx(2 / 5),
        2 * block + zeus: 1.0,
    }
    # From P1's seat, P2's Legends are in the second seat's block.
    assert set(field(s, P1, "legends")) == {MAX_LEGENDS_PER_PLAYER * block + i for i in legends}
    seen = entries(s, P1)
    assert seen[lay.elysium[1][card(s, "HEP-01a")]] == pytest.approx(1 / 35)
    assert seen[lay.elysium[1][card(s, "ZEU-04a")]] == pytest.approx(2 / 35)
    assert seen[lay.elysium[1][card(s, "ZEU-05a")]] == pytest.approx(3 / 35)


def test_a_writing_step_shows_the_writer_and_the_allowance() -> None:
    s = at(
        start="writing",
        quests={P1: "Q3", P2: "Q1", P3: "Q2"},
        domains={P1: ["ZEU-01a", "HEP-01a"], P3: ["HEP-02a"]},
    )
    assert decision(s) == ("write", P1)
    assert field(s, P2, "writer") == {2: 1.0}
    assert field(s, P2, "allowance") == {0: saturate(3, 3)}
    assert field(s, P2, "decision") == {DecisionKind.WRITE: 1.0}
    assert field(s, P2, "phase") == {2: 1.0}
    play(s, "transfer ZEU-01a to new")
    assert field(s, P2, "allowance") == {0: saturate(2, 3)}
    play(s, "end step")
    assert decision(s) == ("write", P3)  # P2, with nothing to transfer, ended at once
    assert field(s, P1, "step_done") == {0: 1.0, 1: 1.0}
    assert field(s, P1, "writer") == {2: 1.0}
    assert field(s, P1, "allowance") == {0: saturate(2, 3)}


def test_an_attack_shows_its_options_amounts_to_the_opponent_deciding() -> None:
    s = at(families=POSEIDON, agora=["POS-04a"], domains={P2: ["ZEU-01a"]})
    play(s, "take POS-04a")
    assert decision(s) == ("attack_payment", P2)
    assert options(s) == ["discard ZEU-01a", "lose 2 gold"]
    assert field(s, P1, "decision") == {DecisionKind.ATTACK_PAYMENT: 1.0}
    assert field(s, P1, "decider") == {1: 1.0}
    assert field(s, P2, "decider") == {0: 1.0}
    assert field(s, P1, "effect_amounts") == {0: saturate(1, 2), 1: saturate(2, 2)}
    # The take's Phase II turn is still P1's.
    assert field(s, P2, "turn") == {2: 1.0}


def test_a_half_made_swap_shows_the_agora_card_going_out() -> None:
    s = at(families=APOLLO, agora=["APO-02a", "ZEU-01a"], oracle=["ZEU-02a", "ZEU-03a"])
    lay = layout(s.game)
    play(s, "take APO-02a")
    assert decision(s) == ("oracle_swap_choice", P1)
    assert field(s, P1, "swap_out") == {}
    play(s, "swap out ZEU-01a")
    assert decision(s) == ("oracle_swap_target", P1)
    seen = entries(s, P2)
    assert seen[lay.swap_out[card(s, "ZEU-01a")]] == 1.0
    assert lay.oracle[card(s, "ZEU-02a")] in seen
    play(s, "swap in ZEU-02a")
    seen = entries(s, P2)
    assert lay.agora[card(s, "ZEU-02a")] in seen and lay.oracle[card(s, "ZEU-01a")] in seen
    assert field(s, P1, "swap_out") == {}


def test_turned_ringed_and_fresh_cards_in_a_domain() -> None:
    s = at(domains={P1: ["ZEU-02a", "HEP-05a"]}, agora=["ZEU-01a", "HEP-01a"])
    lay = layout(s.game)
    ganymede, pandora, hebe = card(s, "ZEU-02a"), card(s, "HEP-05a"), card(s, "ZEU-01a")
    seen = entries(s, P2)
    assert lay.ringed[pandora] in seen and lay.turned[ganymede] not in seen
    play(s, "use ZEU-02a", "take ZEU-01a")
    seen = entries(s, P2)
    assert lay.turned[ganymede] in seen
    assert lay.fresh[hebe] in seen and lay.fresh[ganymede] not in seen
    play(s, "dismiss red")
    assert decision(s)[1] == P2
    assert lay.fresh[hebe] not in entries(s, P2)


def test_quests_temple_and_pending_one_shots() -> None:
    s = at(quests={P2: "Q2"}, card_takes={P1: 3})
    lay = layout(s.game)
    q2 = s.game.quest_index["Q2"]
    assert field(s, P1, "temple") == {q: 1.0 for q in range(4) if q != q2}
    width = lay.quest_slot + 1
    assert field(s, P1, "quest") == {1 * width + q2: 1.0}
    s.keep[P3] = 1
    s.extra[P1] = 2
    assert field(s, P1, "pending") == {3: saturate(2, 1), 2 * 4 + 1: saturate(1, 1)}


def test_the_layout_follows_the_config() -> None:
    sizes = {n: kleos.make("elysium", players=n, seed=1).encoding_size() for n in (2, 3, 4)}
    assert sizes == {2: 2953, 3: 3829, 4: 4701}
    fixed = kleos.make("elysium", players=3, seed=1, families=list(RECOMMENDED))
    assert {f.name: f.size for f in fixed.encoding_fields()}["agora"] == 105
    assert {f.name: f.size for f in fixed.encoding_fields()}["families"] == 5
    assert fixed.encoding_size() < sizes[3]


def test_the_game_length_bound_follows_the_families_in_play() -> None:
    bounds = {n: kleos.make("elysium", players=n, seed=1).max_game_length() for n in (2, 3, 4)}
    assert bounds == {2: 750, 3: 990, 4: 1340}
    quiet = kleos.make("elysium", players=4, seed=1, families=list(RECOMMENDED))
    assert quiet.max_game_length() < bounds[4]


@pytest.mark.parametrize(("players", "families"), [(3, POSEIDON), (4, APOLLO)])
def test_the_encoding_follows_the_view_through_a_game(
    players: int, families: tuple[str, ...]
) -> None:
    """At every position of a random game, the locations, counts and decision read back from
    the encoding are those of the view, for every seat."""
    game = kleos.make("elysium", players=players, seed=11, families=list(families))
    s = game.new_initial_state()
    assert isinstance(s, ElysiumState)
    lay = layout(s.game)
    ids = [c.id for c in s.game.card_set.cards]
    rng = random.Random(5)
    steps = 0
    while True:
        view = s.view(None)
        public = view["public"]
        for viewer in range(players) if steps % 5 == 0 else [s.current_player or 0]:
            seen = entries(s, viewer)
            seats = [(viewer + k) % players for k in range(players)]

            def at_(table: list[int], seen: dict[int, float] = seen) -> set[str]:
                return {ids[c] for c, i in enumerate(table) if i >= 0 and i in seen}

            assert at_(lay.agora) == set(public["agora"])
            assert at_(lay.oracle) == set(public["oracle"] or ())
            assert at_(lay.discard) == set(public["discard"])
            for k, p in enumerate(seats):
                state = public["players_state"][p]
                assert at_(lay.domain[k]) == {d["card"] for d in state["domain"]}
                turned = {d["card"] for d in state["domain"] if d["turned"]}
                ringed = {d["card"] for d in state["domain"] if d["ring"]}
                assert at_(lay.turned) & at_(lay.domain[k]) == turned
                assert at_(lay.ringed) & at_(lay.domain[k]) == ringed
                legends = {
                    c: j for j, legend in enumerate(state["elysium"], 1) for c in legend["cards"]
                }
                assert {
                    ids[c]: round(seen[i] * 35) for c, i in enumerate(lay.elysium[k]) if i in seen
                } == legends
                gold, citizens = view["seats"][p]["gold"], len(state["citizens"])
                assert field(s, viewer, "gold").get(k, 0) == pytest.approx(gold / (gold + 10))
                assert field(s, viewer, "citizens").get(k, 0) == pytest.approx(
                    citizens / (citizens + 4)
                )
            kind = view["decision"]["kind"] if view["decision"] else None
            asked = field(s, viewer, "decision")
            assert [DecisionKind(i).label for i in asked] == ([kind] if kind else [])
        if s.is_terminal():
            break
        s.apply_unchecked(rng.choice(s.legal_actions()))
        steps += 1
    assert field(s, 0, "phase") == {3: 1.0}
