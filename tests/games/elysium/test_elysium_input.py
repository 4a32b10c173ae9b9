"""Bad input (DESIGN: errors): a clear KleosError, and the state left exactly as it was."""

from __future__ import annotations

import pytest
from elysium_helpers import P1, P2, P3, at, end_steps, options, play, snapshot

from kleos.core.errors import ActionParseError, IllegalActionError, KleosError
from kleos.games.elysium import ElysiumState, TakeCard, Transfer, UsePower


def refused(s: ElysiumState, text: str, *words: str, player: int | None = None) -> str:
    """Apply `text` (as text, or its parsed action), expect a KleosError naming `words`, and
    check that nothing changed."""
    before = snapshot(s)
    draw, stack = list(s.draw), list(s.stack)
    with pytest.raises(KleosError) as info:
        play(s, text, by=player)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert snapshot(s) == before
    assert (s.draw, s.stack) == (draw, stack)
    return message


def turn() -> ElysiumState:
    return at(
        agora=["ZEU-01b", "ZEU-06a", "HEP-01a", "ZEU-02a"],
        domains={P1: ["ZEU-01a"]},
        columns={P1: ["yellow", "red"]},
    )


def test_illegal_takes() -> None:
    s = turn()
    assert options(s) == ["take ZEU-02a", "take HEP-01a", "quest Q1", "quest Q4"]
    refused(s, "take ZEU-06a", "columns do not meet the condition of ZEU-06a")
    refused(s, "take ZEU-01b", "identical card (Hebe)")
    refused(s, "take POS-01a", "POS-01a is not in the Agora")
    refused(s, "quest Q2", "no column of the colour above Quest Q2")
    refused(s, "take citizen")
    refused(s, "pass")
    s = at(agora=["ZEU-02a", "HEP-01a"], card_takes={P1: 3})
    refused(s, "take ZEU-02a", "already has 3 cards")
    s = at(agora=["ZEU-02a", "HEP-01a"], quests={P1: "Q1"})
    refused(s, "quest Q2", "already has a Quest")
    s = at(agora=["ZEU-02a", "HEP-01a"], quests={P2: "Q2"})
    refused(s, "quest Q2", "Quest Q2 is not in the Temple")
    s = at(
        families=("zeus", "apollo", "hades", "athena", "hephaestus"),
        agora=["ZEU-02a", "HEP-01a"],
        oracle=["ZEU-01a"],
    )
    refused(s, "take ZEU-01a", "in the Oracle", "no oracle access")


def test_illegal_powers_and_answers() -> None:
    s = at(domains={P1: ["HAD-04a", "ZEU-05a", "ZEU-03a", "ZEU-02a"]}, agora=["ZEU-01a"])
    refused(s, "use HAD-04a", "its window is 'legends'", "the 'actions' window")
    play(s, "use ZEU-05a", "use ZEU-02a")
    refused(s, "use ZEU-05a", "its Trigger has been used")
    refused(s, "use ZEU-02a", "it is turned")
    refused(s, "use ZEU-03a", "its power is eleusis")
    refused(s, "use HEP-02a", "not in P1's Domain")
    for action in (UsePower("XYZ-01a"), TakeCard("XYZ-01a")):
        with pytest.raises(IllegalActionError, match=r"card='XYZ-01a'\) is not an action of"):
            s.apply(action)
    refused(s, "end step", "now P1 must use a power, or take a card, a Quest or a Citizen")
    refused(s, "end step", "(allowed: take ZEU-01a, quest Q1, quest Q2, quest Q3, quest Q4)")
    refused(s, "dismiss red")
    refused(s, "gift 2 gold")
    refused(s, "transfer ZEU-05a to new", "transfers happen in a Writing step")


def test_illegal_legend_targets_and_unpaid_transfers() -> None:
    s = at(
        start="writing",
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        domains={P1: ["ZEU-02a", "ZEU-06a", "HAD-04a"]},
        citizens={P1: 1},
        gold={P1: 2},
        elysiums={P1: [{"cards": ["ZEU-01a"]}, {"cards": ["HEP-01a", "HAD-01a"]}]},
    )
    assert options(s) == [
        "use ZEU-02a",
        "use HAD-04a",
        "transfer ZEU-02a to new",
        "transfer ZEU-02a to 2",
        "transfer HAD-04a to new",
        "transfer citizen to 2",
        "end step",
    ]
    refused(s, "transfer ZEU-02a to 1", "fit the Legend")  # same family and same level
    refused(s, "transfer HAD-04a to 2", "fit the Legend")  # level 2 into a level-1 Legend
    refused(s, "transfer citizen to 1")  # a Citizen never joins an undetermined Legend
    refused(s, "transfer citizen to new", "a Citizen never starts a Legend")
    refused(s, "transfer ZEU-02a to 7", "P1 has no Legend 7")
    refused(s, "transfer ZEU-06a to new", "be paid for (P1 has 2 gold)")
    refused(s, "transfer HEP-04a to new", "must be in P1's Domain")
    refused(s, "take ZEU-01b", "belong to a Phase II turn")
    # After the allowance is used up: no more transfers.
    play(s, "transfer ZEU-02a to 2")
    play(s, "transfer citizen to 2")
    assert options(s) == ["use HAD-04a", "end step"]
    refused(s, "transfer HAD-04a to new", "no transfers left")


def test_wrong_player() -> None:
    s = turn()
    message = refused(s, "take ZEU-02a", "P1's decision, not P2's", player=P2)
    assert "P2" in message
    refused(s, "take ZEU-02a", "no seat 7", player=7)
    play(s, "take ZEU-02a", by=P1)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly away",
        "take",
        "take XYZ-01a",
        "take ZEU-99a",
        "use",
        "transfer ZEU-01a",
        "transfer ZEU-01a to",
        "transfer ZEU-01a to minus",
        "transfer ZEU-01a to 999",
        "transfer ZEU-01a to -1",
        "steal from P9",
        "steal from someone",
        "gift 5 gold",
        "lose many vp",
        "dismiss purple",
        "quest Q9",
        "swap ZEU-01a",
        "swap ZEU-01a APO-03b",
        "swap in",
        "discard",
    ],
)
def test_unknown_action_text(text: str) -> None:
    s = turn()
    before = snapshot(s)
    with pytest.raises(ActionParseError) as info:
        s.game.parse_action(s, text)
    assert "not" in str(info.value)
    assert isinstance(info.value, IllegalActionError)
    assert snapshot(s) == before


def test_parse_errors_name_what_was_wrong() -> None:
    """Unknown text is quoted back with the closest legal actions, and the examples say how
    actions look (Legends 1 to 35 included)."""
    s = turn()
    with pytest.raises(
        ActionParseError,
        match=r"'take XYZ-01a' is not an Elysium action; did you mean 'take ZEU-02a'",
    ):
        s.game.parse_action(s, "take XYZ-01a")
    with pytest.raises(ActionParseError, match=r"'transfer ZEU-01a to 999' .*to 1\.\.35"):
        s.game.parse_action(s, "transfer ZEU-01a to 999")
    with pytest.raises(ActionParseError, match="actions look like"):
        s.game.parse_action(s, "fly away")
    with pytest.raises(ActionParseError, match="must be a string"):
        s.game.parse_action(s, 42)  # type: ignore[arg-type]


def test_parse_action_round_trips_and_forgives_case() -> None:
    s = turn()
    for action in s.legal_actions():
        assert s.game.parse_action(s, str(action)) == action
        assert s.game.parse_action(s, str(action).upper()) == action
    assert s.game.parse_action(s, "  TRANSFER  zeu-01a  TO  NEW ") == Transfer("ZEU-01a", 0)
    assert s.game.parse_action(s, "take zeu-02a") == TakeCard("ZEU-02a")


def test_actions_after_the_end_are_refused() -> None:
    s = at(epoch=5, start="writing", quests={P1: "Q1", P2: "Q2", P3: "Q3"}, gold={P1: 0})
    end_steps(s)
    assert s.is_terminal()
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply(TakeCard("ZEU-01a"))
    assert snapshot(s) == before
