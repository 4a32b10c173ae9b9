"""The typed game spec (`kleos.core.spec`): each option kind checks, reads text and describes
itself; `kleos.make` checks configs against the spec; front ends read it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import kleos
from kleos.core.errors import ConfigError
from kleos.core.registry import game_class
from kleos.core.spec import Choice, Data, Flags, GameSpec, Number, Pick

GODS = tuple(Choice(g, g.title()) for g in ("zeus", "hera", "ares", "apollo"))
PICK = Pick("gods", "the gods in play", choices=GODS, count=2,
            presets=(Choice("random", "At random"), Choice("usual", "The usual")))  # fmt: skip
NUMBER = Number("pile", "counters at the start", low=1, high=30, fallback=5)
FLAGS = Flags("variants", "rules variants", (Choice("fast", "Fast"), Choice("slow", "Slow")))


@pytest.mark.parametrize(
    ("option", "value", "problem"),
    [
        (NUMBER, 0, "is a whole number from 1 to 30, not 0"),
        (NUMBER, "7", "is a whole number from 1 to 30, not '7'"),
        (NUMBER, True, "is a whole number from 1 to 30"),
        (NUMBER, 7.5, "is a whole number from 1 to 30"),
        (PICK, ["zeus"], "takes exactly 2 different ids, not ['zeus']"),
        (PICK, ["zeus", "zeus"], "takes exactly 2 different ids"),
        (PICK, ["zeus", "odin"], "has no ['odin'] (choices: zeus, hera, ares, apollo)"),
        (PICK, 5, "is a list of 2 ids or 'random' or 'usual', not 5"),
        (FLAGS, "fast", "is a list of ids, not 'fast'"),
        (FLAGS, ["fast", "warp"], "has no 'warp' (choices: fast, slow)"),
        (Data("board", "a board"), "board.json", "holds data, never a file name; got 'board.json'"),
    ],
)
def test_each_option_kind_refuses_a_bad_value_saying_what_it_takes(
    option: Any, value: object, problem: str
) -> None:
    with pytest.raises(ConfigError) as refused:
        option.check(value)
    assert str(refused.value).startswith(f"option '{option.name}' ")
    assert problem in str(refused.value)


def test_an_option_reads_its_value_normalised_with_its_default() -> None:
    """`value` gives what the game uses: defaults for None, picks in the choices' order."""
    assert NUMBER.value(None) == 5 and NUMBER.value(9) == 9
    assert PICK.value(None) == "random" and PICK.value("usual") == "usual"
    assert PICK.value(["Apollo", "zeus"]) == ("zeus", "apollo")
    assert PICK.value("apollo,zeus") == ("zeus", "apollo")
    assert FLAGS.value(None) == () and FLAGS.value(["slow"]) == ("slow",)


def test_an_option_reads_and_writes_its_text_form() -> None:
    """Text is what a command line or OpenSpiel gives: '' is the default, lists take '+'."""
    assert NUMBER.from_text("12") == 12 and NUMBER.from_text("") is None
    with pytest.raises(ConfigError, match="option 'pile' is a whole number"):
        NUMBER.from_text("twelve")
    assert PICK.from_text("usual") == "usual"
    assert PICK.from_text("apollo+zeus") == ["apollo", "zeus"]
    assert PICK.to_text(["apollo", "zeus"]) == "zeus+apollo" and PICK.to_text("random") == ""
    assert FLAGS.from_text("slow,fast") == ["fast", "slow"] and FLAGS.to_text(["slow"]) == "slow"


def test_a_data_option_reads_a_file_a_path_names_and_keeps_the_data(tmp_path: Path) -> None:
    read: list[str] = []

    def reader(path: Any) -> dict[str, Any]:
        read.append(str(path))
        return {"read": True}

    option = Data("board", "a board", file="a board JSON file", reader=reader)
    assert option.read_files(str(tmp_path / "b.json")) == {"read": True}
    assert option.read_files({"given": 1}) == {"given": 1} and len(read) == 1


def test_a_spec_refuses_what_it_does_not_declare() -> None:
    spec = GameSpec("toy", "Toy", "1", (2, 3), 2, "A toy.", (Choice("fast", "Fast"),), (NUMBER,))
    spec.check(("fast",), {"pile": 3})
    with pytest.raises(ConfigError, match=r"Toy has no variant 'warp' \(variants: fast\)"):
        spec.check(("warp",), {})
    with pytest.raises(ConfigError, match=r"Toy has no option 'speed' \(options: variants, pile\)"):
        spec.check((), {"speed": 1})
    with pytest.raises(ConfigError, match="Toy's variants are not an option of its config"):
        spec.check((), {"variants": ["fast"]})
    with pytest.raises(ConfigError, match="Toy is for 2 to 3 players, not 4"):
        spec.check_players(4)
    for bad in (
        lambda: GameSpec("Toy!", "Toy", "1", (2, 3), 2, "A toy."),
        lambda: GameSpec("toy", "Toy", "1", (2, 3), 4, "A toy."),
        lambda: GameSpec("toy", "Toy", "1", (2, 3), 2, "A toy.", options=(NUMBER, NUMBER)),
    ):
        with pytest.raises(ValueError):
            bad()


def test_a_spec_describes_itself_as_json_for_front_ends() -> None:
    """The catalog form: every option with its kind, doc, default and what the kind adds."""
    spec = GameSpec("toy", "Take Away", "1", (2, 3), 2, "A toy.", (Choice("fast", "Fast"),),
                    (NUMBER, PICK))  # fmt: skip
    described = json.loads(json.dumps(spec.describe()))
    assert described["min_players"] == 2 and described["max_players"] == 3
    assert [s["name"] for s in described["seats"]] == ["Player 1", "Player 2", "Player 3"]
    kinds = {o["name"]: o["kind"] for o in described["options"]}
    assert kinds == {"variants": "flags", "pile": "number", "gods": "pick"}
    pile = next(o for o in described["options"] if o["name"] == "pile")
    assert (pile["low"], pile["high"], pile["default"]) == (1, 30, 5)
    assert spec.gym_id == "kleos/TakeAway-v0"
    assert spec.usage == "variants=fast; pile=1..30; gods=random|usual|id1+id2"
    assert spec.from_texts({"pile": "9", "gods": "", "variants": "fast"}) == {
        "pile": 9,
        "variants": ["fast"],
    }


@pytest.mark.parametrize("game_id", kleos.game_ids())
def test_every_game_is_made_with_each_options_default_and_refuses_a_bad_value(
    game_id: str,
) -> None:
    """The spec's defaults make the same game as no option at all; a wrong type is refused."""
    spec = game_class(game_id).spec
    plain = kleos.make(game_id, seed=3).new_initial_state()
    for option in spec.options:
        game = kleos.make(game_id, seed=3, **{option.name: None})
        assert game.option(option.name) == option.default
        assert game.new_initial_state().view(None) == plain.view(None)
        with pytest.raises(ConfigError, match=f"option '{option.name}'"):
            kleos.make(game_id, seed=3, **{option.name: object()})
