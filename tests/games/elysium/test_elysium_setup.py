"""Setup (§3): the same for 2, 3 and 4 players except the Agora, the Quest tiles and the slots."""

from __future__ import annotations

import pytest
from elysium_helpers import RECOMMENDED, snapshot

import kleos.games.elysium  # noqa: F401
from kleos.core.errors import ConfigError
from kleos.core.registry import make
from kleos.games.elysium import ElysiumState

FAMILY_CODES = {
    "zeus": "ZEU",
    "poseidon": "POS",
    "hades": "HAD",
    "ares": "ARE",
    "apollo": "APO",
    "athena": "ATH",
    "hermes": "HER",
    "hephaestus": "HEP",
}


def new(players: int, seed: int = 1, families: object = RECOMMENDED) -> ElysiumState:
    g = make("elysium", players=players, seed=seed, families=families)
    s = g.new_initial_state()
    assert isinstance(s, ElysiumState)
    return s


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 10), (4, 13)])
def test_setup_agora_size_per_player_count(players: int, size: int) -> None:
    s = new(players)
    view = s.view(None)
    assert len(view["public"]["agora"]) == size
    assert view["public"]["draw_pile"] == 105 - size
    assert view["public"]["oracle"] is None  # no Apollo, no Oracle
    assert view["public"]["discard"] == []


@pytest.mark.parametrize(
    ("players", "temple"),
    [(2, ["Q1-2P", "Q2-2P"]), (3, ["Q1", "Q2", "Q3", "Q4"]), (4, ["Q1", "Q2", "Q3", "Q4"])],
)
def test_setup_quests_per_player_count(players: int, temple: list[str]) -> None:
    sides = {
        "A": ["yellow", "blue", "green", "red"],
        "B": ["red", "green", "yellow", "blue"],
    }
    seen = set()
    for seed in range(1, 30):
        state = new(players, seed)
        view = state.view(None)
        pediments = state.game.static_info()["data"]["pediments"]
        assert view["public"]["temple"] == temple
        assert (
            pediments[view["public"]["pediment"]]
            == sides[view["public"]["pediment"]][: len(temple)]
        )
        seen.add(view["public"]["pediment"])
    assert seen == {"A", "B"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gold_vp_by_disc_and_empty_boards(players: int) -> None:
    firsts = set()
    for seed in range(1, 20):
        s = new(players, seed)
        view = s.view(None)
        firsts.add(view["public"]["order"][0])
        assert sorted(view["public"]["order"]) == list(range(players))
        # The others follow the first player clockwise.
        first = view["public"]["order"][0]
        assert view["public"]["order"] == [(first + i) % players for i in range(players)]
        for p, state in enumerate(view["public"]["players_state"]):
            seat = view["seats"][p]
            assert seat["gold"] == 4
            assert seat["vp"] == seat["disc"] == view["public"]["order"].index(p) + 1
            assert seat.get("pp", 0) == 0 and seat["cards"] == seat["legends"] == 0
            assert state["columns"] == ["yellow", "blue", "green", "red"]
            assert state["domain"] == state["citizens"] == state["elysium"] == []
            assert state["card_takes"] == 0
            assert state["quest"] is None
        assert view["public"]["epoch"] == 1
        assert (view["decision"]["kind"], view["current_player"]) == ("turn", first)
        assert view["public"]["family_tiles"] == {}
        assert view["public"]["level_tiles"] == {"1": None, "2": None, "3": None}
    assert firsts == set(range(players))


def test_setup_oracle_only_with_apollo() -> None:
    with_apollo = ["zeus", "apollo", "hades", "athena", "hermes"]
    for players in (2, 3, 4):
        agora = 1 + 3 * players
        view = new(players, families=with_apollo).view(None)
        assert len(view["public"]["oracle"]) == 4
        assert len(view["public"]["agora"]) == agora
        assert view["public"]["draw_pile"] == 105 - agora - 4
        assert new(players).view(None)["public"]["oracle"] is None


def test_setup_draw_pile_holds_only_the_families_in_play() -> None:
    families = ["ares", "apollo", "hermes", "poseidon", "hephaestus"]
    s = new(4, families=families)
    cards = s.draw + s.agora + s.oracle
    assert len(cards) == len(set(cards)) == 105
    codes = {s.game.card(c).id[:3] for c in cards}
    assert codes == {FAMILY_CODES[f] for f in families}
    assert s.view(None)["public"]["families"] == [
        "poseidon",
        "ares",
        "apollo",
        "hermes",
        "hephaestus",
    ]


def test_setup_families_option() -> None:
    recommended = new(3, families="recommended")
    assert set(recommended.view(None)["public"]["families"]) == set(RECOMMENDED)
    assert recommended.draw == new(3, families=list(RECOMMENDED)).draw
    drawn = set()
    for seed in range(1, 12):
        families = new(3, seed, families=None).view(None)["public"]["families"]
        assert len(set(families)) == 5
        assert families == new(3, seed, families=None).view(None)["public"]["families"]
        drawn.add(tuple(families))
    assert len(drawn) > 1
    for bad in (["zeus"] * 5, ["zeus", "hades"], ["zeus", "hades", "ares", "apollo", "loki"]):
        with pytest.raises(ConfigError):
            make("elysium", players=3, seed=1, families=bad)
    with pytest.raises(ConfigError):
        make("elysium", players=5, seed=1)


def test_setup_is_determined_by_the_seed() -> None:
    assert snapshot(new(3, 7)) == snapshot(new(3, 7))
    assert new(3, 7).draw == new(3, 7).draw
    assert len({snapshot(new(3, seed)) for seed in range(1, 6)}) == 5
