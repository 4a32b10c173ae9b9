"""The card-set boundary: files are read bounded, a game config holds its card set as data (never
a file name), a record replays without the file, the validator refuses sets a game could not play,
and every bad input is a short ConfigError."""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import kleos
from kleos.core.datamodel import MAX_PROBLEM_LENGTH
from kleos.core.errors import ConfigError, RecordError
from kleos.core.records import new_record, parse_record, replay, result_json
from kleos.games.elysium import Elysium
from kleos.games.elysium.cards import (
    MAX_CARD_SET_BYTES,
    card_set_data,
    card_set_for,
    load_card_set,
)
from kleos.games.elysium.schema import check_card_data
from played import random_game_record

MESSAGE_LIMIT = 400
FIVE = ("zeus", "poseidon", "hades", "athena", "hephaestus")
THREE = ("zeus", "poseidon", "hades")


SOURCE = resources.files("kleos.games.elysium").joinpath("data").joinpath("cards.toml")


def package_file_data() -> dict[str, Any]:
    """`card_set_data` of the package's card-set file."""
    with resources.as_file(SOURCE) as path:
        return card_set_data(path)


@functools.cache
def _package_data() -> str:
    return json.dumps(package_file_data())


def package_data() -> dict[str, Any]:
    """A fresh copy of the data of the package's card-set file."""
    data: dict[str, Any] = json.loads(_package_data())
    return data


def with_families(
    data: dict[str, Any], families: tuple[str, ...], per_level: int = 1
) -> dict[str, Any]:
    """The data cut down to some families, each with its first `per_level` designs of each
    level; the recommended families are the first 5 kept."""
    data["family"] = [f for f in data["family"] if f["id"] in families]
    data["family_bonus"] = [t for t in data["family_bonus"] if t["family"] in families]
    data["rules"]["recommended_first_game"] = list(families[:5])
    kept = []
    for family in families:
        for level in (1, 2, 3):
            of_level = [d for d in data["design"] if (d["family"], d["level"]) == (family, level)]
            kept += of_level[:per_level]
    data["design"] = kept
    return data


def rename_design(design: dict[str, Any], new_id: str) -> None:
    """Give a design a new id, and its copies the matching card ids."""
    design["id"] = new_id
    for letter, card in zip("abc", design["copies"], strict=True):
        card["id"] = new_id + letter


def toml_text(data: dict[str, Any]) -> str:
    """TOML for JSON data: one `key = value` line per top-level entry, with inline values."""
    return "".join(f"{json.dumps(key)} = {_inline(value)}\n" for key, value in data.items())


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False)


def refused(call: Callable[..., Any], *args: Any) -> str:
    """The message of the ConfigError that `call(*args)` raises, checked to be short."""
    with pytest.raises(ConfigError) as info:
        call(*args)
    message = str(info.value)
    assert len(message) <= MESSAGE_LIMIT, message
    return message


def file_refused(tmp_path: Path, content: str | bytes) -> str:
    """The message of the ConfigError that `card_set_data` raises for a file of `content`."""
    path = tmp_path / "cards.toml"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    message = refused(card_set_data, path)
    assert str(path) in message
    return message


def problems(data: Any) -> list[str]:
    """The validator's problems with a custom set."""
    found = check_card_data(data, full_set=False)
    assert all(len(problem) <= MAX_PROBLEM_LENGTH for problem in found)
    return found


# ---- reading a file: card_set_data ----------------------------------------------------------


def test_package_file_data_survives_a_json_round_trip() -> None:
    data = package_file_data()
    copied = json.loads(json.dumps(data))
    assert copied == data
    assert card_set_for(copied) is card_set_for(data)
    assert card_set_for(copied) == load_card_set()
    # TOML keys such as `family_legend_vp = { 2 = 3 }` are text in the data, numbers in the set.
    assert copied["scoring"]["family_legend_vp"] == {"2": 3, "3": 6}
    assert card_set_for(copied).family_legend_vp == {2: 3, 3: 6}


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_card_set_data_refuses_a_device() -> None:
    message = refused(card_set_data, "/dev/zero")
    assert message == "cannot read card set /dev/zero: not a regular file"


def test_card_set_data_refuses_a_directory(tmp_path: Path) -> None:
    message = refused(card_set_data, tmp_path)
    assert message == f"cannot read card set {tmp_path}: not a regular file"


def test_card_set_data_refuses_a_missing_file(tmp_path: Path) -> None:
    message = refused(card_set_data, tmp_path / "nowhere.toml")
    assert message.endswith("nowhere.toml: no such file")


def test_card_set_data_refuses_a_value_that_is_no_path() -> None:
    assert refused(card_set_data, 5) == "a card set is named by a file path, not 5"


def test_card_set_data_refuses_a_file_over_the_size_bound(tmp_path: Path) -> None:
    message = file_refused(tmp_path, b"#" * (MAX_CARD_SET_BYTES + 1))
    assert message.endswith(f"is larger than {MAX_CARD_SET_BYTES:,} bytes")


def test_card_set_data_refuses_text_that_is_not_utf8(tmp_path: Path) -> None:
    assert file_refused(tmp_path, b'name = "\xff\xfe"\n').endswith("is not UTF-8 text")


def test_card_set_data_refuses_bad_toml(tmp_path: Path) -> None:
    message = file_refused(tmp_path, "this is [not toml\n")
    assert "is not a valid TOML file: " in message
    assert "(at line 1, column 6)" in message


def test_card_set_data_refuses_toml_too_deep_to_parse(tmp_path: Path) -> None:
    message = file_refused(tmp_path, "a = " + "[" * 100_000 + "]" * 100_000)
    assert message.endswith("is nested too deeply to be read")


def test_card_set_data_refuses_tables_nested_over_16_deep(tmp_path: Path) -> None:
    message = file_refused(tmp_path, "meta = " + "[" * 20 + "]" * 20)
    assert message.endswith(
        "meta[1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][1] is nested over 16 levels deep"
    )


def test_card_set_data_refuses_dates_and_times_naming_where(tmp_path: Path) -> None:
    message = file_refused(tmp_path, "[meta]\nmade = [1979-05-27]\n")
    assert message.endswith(
        ": meta.made[1] is a date or time; a card set holds only text, numbers, true/false, "
        "arrays and tables"
    )
    assert "meta.at is a date or time" in file_refused(tmp_path, "[meta]\nat = 07:32:00\n")


def test_card_set_data_refuses_nan_and_infinity(tmp_path: Path) -> None:
    assert ": meta.x is nan, not a finite number" in file_refused(tmp_path, "meta.x = nan")
    assert ": meta.y is -inf, not a finite number" in file_refused(tmp_path, "meta.y = -inf")


def test_card_set_data_refuses_integers_beyond_64_bits(tmp_path: Path) -> None:
    message = file_refused(tmp_path, "[meta]\nbig = 0x" + "f" * 5000)
    assert ": meta.big is an integer beyond 64 bits" in message
    message = file_refused(tmp_path, "[meta]\nbig = " + "9" * 5000)
    assert message.endswith("holds a number too long to be read")


def test_card_set_data_names_the_file_in_validation_problems(tmp_path: Path) -> None:
    message = file_refused(tmp_path, toml_text(with_families(package_data(), THREE)))
    assert message.startswith(f"bad card set {tmp_path / 'cards.toml'}: 2 problems\n  - ")
    assert (
        "card set: field 'family': a game uses 5 families, so a card set needs at least 5; got 3"
        in message
    )


# ---- data in a game config: card_set_for ----------------------------------------------------


@pytest.mark.parametrize("value", [5, 1.5, True, b"cards", ["zeus"], ("a", 1)])
def test_card_set_for_refuses_values_that_are_not_tables(value: object) -> None:
    message = refused(card_set_for, value)
    assert message.startswith("a game config holds its card set as data (a table read from a ")
    assert message.endswith(f"never a file name; got {value!r}")


def test_card_set_for_refuses_a_file_name(tmp_path: Path) -> None:
    message = refused(card_set_for, "some/path.toml")
    assert message.endswith("never a file name; got 'some/path.toml'")
    path = tmp_path / "cards.toml"
    path.write_text(toml_text(package_data()), encoding="utf-8")
    assert "never a file name" in refused(card_set_for, str(path))
    assert "never a file name" in refused(card_set_for, path)


def test_card_set_for_refuses_an_empty_table_with_the_problems() -> None:
    message = refused(card_set_for, {})
    assert message.startswith(f"bad card set data: {len(problems({}))} problems\n  - ")
    assert "card set: field 'rules': missing" in message


def test_card_set_for_refuses_data_json_cannot_hold() -> None:
    message = refused(card_set_for, {"rules": {1, 2}})
    assert message == "card set data must be JSON data (text, numbers, lists, tables), not " + (
        "{'rules': {1, 2}}"
    )
    assert "must be JSON data" in refused(card_set_for, {"meta": float("nan")})


def test_card_set_for_caches_by_content() -> None:
    data = with_families(package_data(), FIVE)
    built = card_set_for(data)
    assert card_set_for(copy.deepcopy(data)) is built
    data["design"][0]["name"] = "Hebe the Younger"
    changed = card_set_for(data)
    assert changed.designs[0].name == "Hebe the Younger"
    assert built.designs[0].name == "Hebe"


def test_many_problems_make_a_short_message() -> None:
    data = package_data()
    for design in data["design"]:
        design["level"] = "x" * 1000
    message = refused(card_set_for, data)
    assert message.startswith("bad card set data: 56 problems\n  - design ZEU-01: field 'level'")
    assert message.endswith(" more")


# ---- games and records ----------------------------------------------------------------------


def test_a_custom_set_game_replays_from_its_record_alone(tmp_path: Path) -> None:
    path = tmp_path / "five-families.toml"
    path.write_text(toml_text(with_families(package_data(), FIVE, per_level=2)), encoding="utf-8")
    game = kleos.make("elysium", players=3, seed=1, card_set=str(path))
    assert game.config.option("card_set") == card_set_data(path)
    record = random_game_record(game, 1)[1]
    path.unlink()
    text = "\n".join(record.lines())
    assert "five-families" not in text
    replayed = replay(parse_record(text))
    assert replayed.state.is_terminal()
    assert result_json(replayed.state.outcome()) == record.result
    assert isinstance(replayed.game, Elysium)
    assert len(replayed.game.card_set.cards) == 90


def test_a_record_naming_a_card_set_file_is_refused() -> None:
    record = new_record(kleos.make("elysium", players=3, seed=1), ["P1", "P2", "P3"])
    config = {**record.config, "options": {"card_set": "/dev/zero"}}
    with pytest.raises(RecordError, match="never a file name; got '/dev/zero'"):
        replay(dataclasses.replace(record, config=config))


def test_make_refuses_a_card_set_path_to_a_device() -> None:
    message = refused(lambda: kleos.make("elysium", players=3, seed=1, card_set="/dev/zero"))
    assert message == "cannot read card set /dev/zero: not a regular file"


# ---- the validator: sets a game could not play ----------------------------------------------


def test_a_smaller_set_of_five_families_is_accepted() -> None:
    data = with_families(package_data(), FIVE)
    assert problems(data) == []
    assert len(card_set_for(data).cards) == 45


def test_fewer_than_five_families_are_refused() -> None:
    assert problems(with_families(package_data(), THREE)) == [
        "card set: field 'family': a game uses 5 families, so a card set needs at least 5; got 3",
        "rules: field 'recommended_first_game': must be 5 distinct families of the file, got "
        "['zeus', 'poseidon', 'hades']",
    ]


def test_recommended_families_must_be_five() -> None:
    data = package_data()
    data["rules"]["recommended_first_game"] = list(FIVE[:4])
    assert problems(data) == [
        "rules: field 'recommended_first_game': must be 5 distinct families of the file, got "
        "['zeus', 'poseidon', 'hades', 'athena']"
    ]


def test_family_codes_equal_but_for_case_are_refused() -> None:
    data = package_data()
    data["family"][1]["code"] = "zeu"
    message = "duplicate family code 'zeu' (codes are read without case)"
    assert f"family poseidon: field 'code': {message}" in problems(data)


def test_family_ids_in_another_case_are_refused() -> None:
    data = package_data()
    data["family"][0]["id"] = "Zeus"
    assert (
        "family Zeus: field 'id': must be one of zeus, poseidon, hades, ares, apollo, athena, "
        "hermes, hephaestus, got 'Zeus'"
    ) in problems(data)


def test_design_and_card_ids_equal_but_for_case_are_refused() -> None:
    data = package_data()
    rename_design(data["design"][1], "zeu-01")
    found = problems(data)
    assert "design zeu-01: field 'id': duplicate design id (ids are read without case)" in found
    assert (
        "card zeu-01a: field 'id': duplicate card id (also in design ZEU-01; ids are read "
        "without case)"
    ) in found


def test_quest_ids_equal_but_for_case_are_refused() -> None:
    data = package_data()
    data["quest"][1]["id"] = "q1"
    assert problems(data) == [
        "quest q1: field 'id': duplicate quest id (ids are read without case)"
    ]


def test_quest_id_incomplete_is_refused() -> None:
    data = package_data()
    data["quest"][0]["id"] = "Incomplete"
    assert problems(data) == [
        "quest Incomplete: field 'id': 'incomplete' names the back of every Quest tile"
    ]


@pytest.mark.parametrize("bad_id", ["ZEU-0 1", "ZEU-0.1", "ZEU-0é", "ZEU-0١", "ZEU-" + "1" * 29])
def test_design_ids_other_than_short_ascii_words_are_refused(bad_id: str) -> None:
    data = package_data()
    rename_design(data["design"][0], bad_id)
    found = problems(data)
    rule = "must be 1 to 32 ASCII letters, digits, '-' or '_'"
    assert f"design {bad_id}: field 'id': {rule}, got '{bad_id}'" in found
    assert f"card {bad_id}a: field 'id': {rule}, got '{bad_id}a'" in found


def test_quest_ids_and_codes_with_spaces_are_refused() -> None:
    data = package_data()
    data["quest"][0]["id"] = "Q 1"
    data["family"][0]["code"] = "Z U"
    found = problems(data)
    rule = "must be 1 to 32 ASCII letters, digits, '-' or '_'"
    assert f"quest Q 1: field 'id': {rule}, got 'Q 1'" in found
    assert f"family zeus: field 'code': {rule}, got 'Z U'" in found


def test_too_many_designs_are_refused() -> None:
    data = package_data()
    data["design"] *= 4
    assert problems(data) == ["card set: field 'design': must have at most 200 items, got 224"]


def test_too_many_quests_are_refused() -> None:
    data = package_data()
    data["quest"] *= 11
    assert problems(data) == ["card set: field 'quest': must have at most 64 items, got 66"]


def test_too_many_effects_are_refused() -> None:
    data = package_data()
    data["design"][0]["effects"] *= 9
    assert problems(data) == ["design ZEU-01: field 'effects': must have at most 8 items, got 9"]


def test_numbers_over_999_are_refused() -> None:
    data = package_data()
    data["quest"][0]["vp"] = 1000
    data["design"][0]["effects"][0]["n"] = 10**30
    assert problems(data) == [
        "quest Q1: field 'vp': must be an integer from 0 to 999, got 1000",
        "design ZEU-01: field 'effects[1].n': must be an integer from 1 to 999, got "
        "1000000000000000000000000000000",
    ]


def test_floats_bools_and_text_never_pass_for_integers() -> None:
    data = package_data()
    data["design"][0]["level"] = 1.0
    data["quest"][0]["players"] = [3.0, 4]
    data["family_bonus"][0]["rank"] = True
    data["level_bonus"][0]["level"] = "1"
    data["scoring"]["citizen_penalty_vp"] = -2.0
    assert problems(data) == [
        "scoring: field 'citizen_penalty_vp': must be an integer from -999 to 0, got -2.0",
        "quest Q1: field 'players[1]': must be 2, 3 or 4, got 3.0",
        "level bonus #1: field 'level': must be 1, 2 or 3, got '1'",
        "family bonus #1: field 'rank': must be 1 or 2, got True",
        "design ZEU-01: field 'level': must be 1, 2 or 3, got 1.0",
    ]


def test_names_and_texts_must_be_printable() -> None:
    data = package_data()
    data["design"][0]["name"] = "Hebe\x1b[31m"
    data["design"][1]["text"] = "Gain\n2 VP."
    data["family"][0]["theme"] = "x" * 501
    rule = "must be printable text of 1 to 500 characters"
    assert problems(data) == [
        f"family zeus: field 'theme': {rule}, got '{'x' * 59}…'",
        f"design ZEU-01: field 'name': {rule}, got 'Hebe\\x1b[31m'",
        f"design ZEU-02: field 'text': {rule}, got 'Gain\\n2 VP.'",
    ]


def test_unknown_fields_of_a_table_are_one_problem() -> None:
    data = package_data()
    data["design"][0] |= {f"extra{k}": k for k in range(1000)}
    assert problems(data) == [
        "design ZEU-01: field 'extra0': unknown field (fields: id, family, name, level, power, "
        "window, hook, text, effects, copies); 999 more unknown"
    ]


def test_problem_lines_stay_short_whatever_the_values() -> None:
    data = package_data()
    data["design"][0]["id"] = "Z" * 1_000_000
    data["design"][1] |= {"k" * 10_000: 1}
    data["quest"][0]["vp"] = [[["deep"] * 1000] * 1000]
    found = problems(data)
    assert len(found) == 3
    assert found[0].startswith("quest Q1: field 'vp': must be an integer from 0 to 999, got [[[")


@pytest.mark.parametrize("value", [None, 5, 1.5, True, "cards.toml", [], [{}], b"x"])
def test_check_card_data_of_a_value_that_is_no_table_is_one_problem(value: object) -> None:
    assert problems(value) == [
        f"a card set is a table of tables (a TOML file's content), not {value!r}"
    ]
