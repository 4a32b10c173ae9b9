"""Draw pile and discard pile (§10): the reshuffle, and both piles empty."""

from __future__ import annotations

from elysium_helpers import P1, P2, P3, at, decision, of_kind, options, play

from kleos.games.elysium import ElysiumState

QUESTS = {P1: "Q1", P2: "Q2", P3: "Q3"}


def in_play(s: ElysiumState) -> list[int]:
    """Every card of the families in play, wherever it is."""
    cards = s.draw + s.discard + s.agora + s.oracle
    for p in range(s.game.players):
        cards += list(s.domain[p]) + list(s.citizens[p])
        for _, _, real, citizens in s.elysium[p]:
            cards += list(real) + [c for c, _ in citizens]
    return cards


def tiny_draw_pile(keep: int) -> ElysiumState:
    """End of epoch 1 with only `keep` cards left in the draw pile, the rest discarded."""
    s = at(start="writing", quests=QUESTS, domains={P1: ["ZEU-01a"]}, gold={P1: 1})
    s.discard += s.draw[:-keep]
    del s.draw[:-keep]
    return s


def test_draw_pile_reshuffle_in_phase_1() -> None:
    s = tiny_draw_pile(3)
    top = s.draw[::-1]
    leftovers = list(s.agora)
    discarded = len(s.discard) + len(leftovers)
    events = play(s, "end step")
    # The 3 cards left are dealt first; then the discard pile, the Agora leftovers included,
    # is shuffled into a new draw pile and the deal goes on.
    assert of_kind(events, "reshuffle") == [{"kind": "reshuffle", "cards": discarded}]
    assert s.agora[:3] == top
    assert len(s.agora) == 10
    assert s.discard == []
    assert len(s.draw) == discarded - 7
    assert sorted(in_play(s)) == sorted(set(in_play(s)))
    assert len(in_play(s)) == 105
    # The reshuffle uses the game's seeded generator: the same position deals the same cards.
    again = tiny_draw_pile(3)
    play(again, "end step")
    assert again.agora == s.agora and again.draw == s.draw


def test_draw_pile_reshuffle_for_a_citizen() -> None:
    s = at(agora=["ZEU-01b"], domains={P1: ["ZEU-01a"]})
    s.discard = s.draw[:2]
    s.draw.clear()
    kept = set(s.discard)
    events = play(s, "take citizen")
    assert of_kind(events, "reshuffle") == [{"kind": "reshuffle", "cards": 2}]
    assert {"kind": "citizen", "player": P1, "received": True} in events
    assert set(s.citizens[P1]) | set(s.draw) == kept
    assert (len(s.draw), s.discard) == (1, [])


def test_both_piles_empty() -> None:
    # A Citizen take yields nothing but still counts, and a column is still dismissed.
    s = at(agora=["ZEU-01b"], domains={P1: ["ZEU-01a"]})
    s.draw.clear()
    s.discard.clear()
    events = play(s, "take citizen")
    assert {"kind": "citizen", "player": P1, "received": False} in events
    assert s.citizens[P1] == ()
    assert s.card_takes[P1] == 1
    assert decision(s) == ("dismiss_column", P1)
    # Phase I: nothing to deal, so the Agora and the Oracle stay short (here, empty).
    s = at(
        families=("zeus", "apollo", "hades", "athena", "hephaestus"),
        start="writing",
        quests=QUESTS,
        domains={P1: ["ZEU-01a"]},
        agora=[],
        oracle=[],
        gold={P1: 1, P2: 0, P3: 0},
    )
    s.draw.clear()
    s.discard.clear()
    events = play(s, "end step")
    assert not of_kind(events, "reshuffle")
    assert {"kind": "epoch", "epoch": 2, "agora": 0, "oracle": 0} in events
    assert (s.agora, s.oracle) == ([], [])
    assert decision(s) == ("turn", P1)
    assert options(s) == ["quest Q1", "quest Q2", "quest Q3", "quest Q4", "take citizen"]
    play(s, "take citizen", "dismiss red")
    assert (s.card_takes[P1], s.citizens[P1]) == (1, ())
