"""The Elysium card set: the default data loads as the spec says, malformed data is refused."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from kleos.core.errors import ConfigError
from kleos.games.elysium.cards import card_set_data, card_set_for, load_card_set
from kleos.games.elysium.schema import SIGNATURES, check_card_data
from kleos.games.elysium.vocabulary import BLACK, COLUMNS, POWER_TYPES, PRIMITIVES

SPEC_PRIMITIVES = {
    "gain_gold", "gain_vp", "gain_pp", "gain_per", "share_gift", "opponents_lose", "steal_gold",
    "immune_to_attacks", "take_citizen", "immediate_transfer", "extra_transfer",
    "transfer_discount", "per_transfer_gain", "citizen_no_penalty", "ignore_condition",
    "keep_column", "treat_circle_black", "oracle_access", "oracle_take_free", "oracle_swap",
    "copy_power",
}  # fmt: skip
"""The 21 primitives of spec §12, written out independently of the code."""


def default_text() -> str:
    source = resources.files("kleos.games.elysium").joinpath("data").joinpath("cards.toml")
    return source.read_text(encoding="utf-8")


def edit_design(text: str, design_id: str, old: str, new: str) -> str:
    """The TOML text with `old` replaced by `new` once, inside the [[design]] block of design_id."""
    start = text.index(f'id = "{design_id}"')
    end = text.find("[[design]]", start)
    end = len(text) if end < 0 else end
    block = text[start:end]
    assert old in block, f"{old!r} not in {design_id}"
    return text[:start] + block.replace(old, new, 1) + text[end:]


def drop_design(text: str, design_id: str) -> str:
    """The TOML text without the [[design]] block of design_id."""
    start = text.rindex("[[design]]", 0, text.index(f'id = "{design_id}"'))
    end = text.find("[[design]]", start + 1)
    return text[:start] + (text[end:] if end >= 0 else "")


def problems_of(text: str) -> list[str]:
    """Every problem the validator finds in a custom set's TOML text."""
    return check_card_data(tomllib.loads(text), full_set=False)


def refused(tmp_path: Path, text: str) -> str:
    """The message of the ConfigError raised by loading `text` from a file."""
    path = tmp_path / "custom-cards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_card_set(path)
    message = str(info.value)
    assert "custom-cards.toml" in message
    assert len(message) <= 400
    return message


# ---- the default set ------------------------------------------------------------------------


def test_default_set_sizes() -> None:
    cs = load_card_set()
    assert len(cs.cards) == 168
    assert len(cs.designs) == 56
    assert [f.id for f in cs.families] == [
        "zeus", "poseidon", "hades", "ares", "apollo", "athena", "hermes", "hephaestus",
    ]  # fmt: skip
    assert Counter(d.family for d in cs.designs) == {f.id: 7 for f in cs.families}
    for family in cs.families:
        levels = Counter(c.design.level for c in cs.cards if c.design.family == family.id)
        assert levels == {1: 9, 2: 6, 3: 6}, family.id


def test_default_power_types() -> None:
    counts = Counter(d.power for d in load_card_set().designs)
    assert counts == {
        "instantaneous": 13,
        "permanent": 7,
        "trigger": 8,
        "activate": 8,
        "eleusis": 8,
        "legend": 7,
        "chronos": 5,
    }
    assert set(counts) == set(POWER_TYPES)


def test_default_circles() -> None:
    circles = Counter(circle for card in load_card_set().cards for circle in card.condition)
    assert circles == {**dict.fromkeys(COLUMNS, 52), BLACK: 24}


def test_default_effects_use_the_21_primitives() -> None:
    assert set(PRIMITIVES) == SPEC_PRIMITIVES
    assert set(SIGNATURES) == SPEC_PRIMITIVES
    cs = load_card_set()
    used = {effect.op for design in cs.designs for effect in design.effects}
    assert used == SPEC_PRIMITIVES
    assert all(design.effects for design in cs.designs)


def test_indices_ids_and_copies() -> None:
    cs = load_card_set()
    assert [c.index for c in cs.cards] == list(range(168))
    assert [d.index for d in cs.designs] == list(range(56))
    for design in cs.designs:
        copies = [c for c in cs.cards if c.design is design]
        assert [c.id for c in copies] == [design.id + letter for letter in "abc"]
    assert cs.cards[0].id == "ZEU-01a"
    assert cs.cards[-1].id == "HEP-07c"


def test_design_fields() -> None:
    cs = load_card_set()
    by_id = {d.id: d for d in cs.designs}
    themis = by_id["ZEU-04"]
    assert (themis.name, themis.level, themis.power, themis.window, themis.hook) == (
        "Themis", 2, "legend", "", "",
    )  # fmt: skip
    gain = themis.effects[0]
    assert (gain.op, gain.resource, gain.n, gain.levels, gain.citizens) == (
        "per_transfer_gain", "vp", 1, frozenset({2, 3}), False,
    )  # fmt: skip
    assert by_id["ZEU-02"].window == "any"
    assert by_id["ZEU-07"].hook == "on_take_quest"
    cyclopes = by_id["POS-04"].effects[0]
    assert [(a.resource, a.n) for a in cyclopes.options] == [("discard", 1), ("gold", 2)]
    arachne = by_id["ATH-01"].effects[0]
    assert [(a.resource, a.n) for a in arachne.gifts] == [("gold", 2), ("vp", 1)]
    petasos = by_id["HER-07"].effects[0]
    assert petasos.kinds == ("instantaneous", "activate", "trigger")
    assert petasos.max_level == 3
    assert {c.condition for c in cs.cards if c.design.id == "ZEU-06"} == {
        ("yellow", "blue"), ("green", "red"), ("yellow", "green"),
    }  # fmt: skip


def test_windows_and_hooks_follow_power_types() -> None:
    for design in load_card_set().designs:
        assert (design.window != "") == (design.power in ("activate", "trigger")), design.id
        assert design.hook in ("", "on_take_quest")
        if design.hook:
            assert design.power == "permanent"


def test_tables() -> None:
    cs = load_card_set()
    assert [(q.id, q.number, q.players, q.vp, q.gold, q.lyres) for q in cs.quests] == [
        ("Q1", 1, (3, 4), 0, 1, 2),
        ("Q2", 2, (3, 4), 0, 2, 2),
        ("Q3", 3, (3, 4), 1, 2, 3),
        ("Q4", 4, (3, 4), 1, 3, 3),
        ("Q1-2P", 1, (2,), 0, 2, 2),
        ("Q2-2P", 2, (2,), 1, 3, 3),
    ]
    back = cs.incomplete
    assert (back.id, back.number, back.players) == ("incomplete", 0, (2, 3, 4))
    assert (back.vp, back.gold, back.lyres) == (0, 1, 1)
    assert cs.pediments == {
        "A": ("yellow", "blue", "green", "red"),
        "B": ("red", "green", "yellow", "blue"),
    }
    assert cs.level_bonus_vp == {1: 3, 2: 4, 3: 5}
    assert cs.family_bonus_vp == {1: 5, 2: 2}
    assert cs.family_legend_vp == {2: 3, 3: 6}
    assert cs.level_legend_vp == {2: 2, 3: 4, 4: 8, 5: 12}
    assert cs.citizen_penalty_vp == -2
    assert cs.ares_rank_vp == (16, 8, 4, 2)
    assert cs.starting_gold == 4
    assert cs.recommended == ("zeus", "hades", "poseidon", "athena", "hephaestus")


def test_default_set_is_cached() -> None:
    assert load_card_set() is load_card_set()
    assert card_set_for(None) is load_card_set()


def test_card_set_for_caches_per_content(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(default_text(), encoding="utf-8")
    first = card_set_for(card_set_data(path))
    assert first is card_set_for(card_set_data(path))
    assert first is load_card_set(path)
    assert first is not load_card_set()
    assert first == load_card_set()


# ---- custom sets ----------------------------------------------------------------------------


def test_smaller_custom_set_loads(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(drop_design(default_text(), "ZEU-02"), encoding="utf-8")
    cs = load_card_set(path)
    assert (len(cs.designs), len(cs.cards)) == (55, 165)
    assert [c.index for c in cs.cards] == list(range(165))
    assert cs.designs[1].id == "ZEU-03"


def test_family_without_a_level_is_refused(tmp_path: Path) -> None:
    text = drop_design(drop_design(default_text(), "ZEU-06"), "ZEU-07")
    message = refused(tmp_path, text)
    assert "family zeus: field 'level'" in message
    assert "no card of level 3" in message


def test_full_set_counts_only_for_the_default() -> None:
    data = tomllib.loads(drop_design(default_text(), "ZEU-02"))
    assert check_card_data(data, full_set=False) == []
    problems = check_card_data(data, full_set=True)
    assert any("56 designs and 168 cards, got 55 and 165" in p for p in problems)
    assert any(p.startswith("family zeus: field 'level'") for p in problems)


# ---- malformed sets -------------------------------------------------------------------------


def test_bad_level(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-04", "level = 2", "level = 4")
    message = refused(tmp_path, text)
    assert "design ZEU-04: field 'level': must be 1, 2 or 3, got 4" in message
    assert "1 problem" in message


def test_unknown_op(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-01", '"gain_vp"', '"gain_glory"')
    message = refused(tmp_path, text)
    assert "design ZEU-01: field 'effects[1].op': unknown primitive 'gain_glory'" in message


def test_op_not_allowed_in_power_type(tmp_path: Path) -> None:
    # gain_gold is allowed in a hooked permanent, but not in a chronos power.
    text = edit_design(default_text(), "ZEU-06", 'power = "chronos"', 'power = "permanent"')
    message = refused(tmp_path, text)
    assert "design ZEU-06: field 'effects[1].op': gain_per is not allowed" in message
    assert "permanent_static" in message
    text = edit_design(default_text(), "HEP-07", '"gain_per", resource = "vp"', '"gain_gold"')
    text = edit_design(text, "HEP-07", ', counter = "gold_pairs"', "")
    message = refused(tmp_path, text)
    assert "design HEP-07: field 'effects[1].op': gain_gold is not allowed in a chronos" in message


def test_hooked_permanent_counts_as_permanent_hook(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-07", 'hook = "on_take_quest"\n', "")
    message = refused(tmp_path, text)
    assert "design ZEU-07: field 'effects[1].op': gain_vp is not allowed in a permanent_static" in (
        message
    )


def test_missing_window_on_activate(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-02", 'window = "any"\n', "")
    message = refused(tmp_path, text)
    assert "design ZEU-02: field 'window': a activate power needs one of" in message


def test_window_and_hook_in_the_wrong_place(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-01", "level = 1\n", 'level = 1\nwindow = "any"\n')
    text = edit_design(text, "ZEU-03", "level = 1\n", 'level = 1\nhook = "on_take_quest"\n')
    message = refused(tmp_path, text)
    assert "design ZEU-01: field 'window': only activate and trigger powers" in message
    assert "design ZEU-03: field 'hook': only permanent powers have a hook" in message


def test_duplicate_card_id() -> None:
    problems = problems_of(edit_design(default_text(), "ZEU-02", '"ZEU-02a"', '"ZEU-01a"'))
    assert problems == [
        "card ZEU-01a: field 'id': must be 'ZEU-02a' (design id + a/b/c), got 'ZEU-01a'",
        "card ZEU-01a: field 'id': duplicate card id (also in design ZEU-01; ids are read "
        "without case)",
    ]


def test_bad_condition_colour(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-01", '["blue"]', '["purple"]')
    message = refused(tmp_path, text)
    assert (
        "card ZEU-01b: field 'condition[1]': must be one of yellow, blue, green, red, black, "
        "got 'purple'" in message
    )


def test_two_identical_circles(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-06", '["yellow", "blue"]', '["blue", "blue"]')
    message = refused(tmp_path, text)
    assert "card ZEU-06a: field 'condition': two blue circles can never be met" in message


def test_condition_sizes(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-06", '["yellow", "blue"]', '["yellow", "blue", "red"]')
    text = edit_design(text, "ZEU-01", '["blue"]', "[]")
    message = refused(tmp_path, text)
    assert "card ZEU-06a: field 'condition': must have at most 2 items, got 3" in message
    assert "card ZEU-01b: field 'condition': must have at least 1 item, got 0" in message


def test_unknown_key(tmp_path: Path) -> None:
    text = edit_design(default_text(), "POS-03", "level = 1\n", 'level = 1\ncolour = "blue"\n')
    message = refused(tmp_path, text)
    assert "design POS-03: field 'colour': unknown field" in message


def test_bad_parameters() -> None:
    text = edit_design(default_text(), "ZEU-01", "n = 2", "n = 0")
    text = edit_design(text, "ZEU-05", 'counter = "legends"', 'counter = "temples"')
    text = edit_design(text, "ZEU-04", "citizens = false", "citizens = false, extra = 1")
    problems = "\n".join(problems_of(text))
    assert "design ZEU-01: field 'effects[1].n': must be an integer from 1 to 999, got 0" in (
        problems
    )
    assert "design ZEU-05: field 'effects[2].counter': must be one of legends" in problems
    assert "design ZEU-04: field 'effects[1].extra': unknown field" in problems


def test_family_rules_for_pp_and_oracle(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-01", '"gain_vp"', '"gain_pp"')
    text = edit_design(text, "HER-01", '"keep_column"', '"oracle_swap"')
    message = refused(tmp_path, text)
    assert "design ZEU-01: field 'effects[1]': only Ares cards may use Prestige Points" in message
    assert "design HER-01: field 'effects[1].op': oracle_swap is for Apollo cards only" in message


def test_unknown_family(tmp_path: Path) -> None:
    text = edit_design(default_text(), "ZEU-01", 'family = "zeus"', 'family = "dionysus"')
    message = refused(tmp_path, text)
    assert "design ZEU-01: field 'family': must be one of zeus, poseidon, " in message
    assert "got 'dionysus'" in message


def test_copies_must_be_three(tmp_path: Path) -> None:
    text = edit_design(
        default_text(), "ZEU-01", '  { id = "ZEU-01c", condition = ["green"] },\n', ""
    )
    message = refused(tmp_path, text)
    assert "design ZEU-01: field 'copies': must have at least 3 items, got 2" in message


def test_quests_and_pediment() -> None:
    text = default_text().replace('id = "Q4"\nnumber = 4', 'id = "Q4"\nnumber = 5', 1)
    assert problems_of(text) == [
        "quests for 3 players: field 'number': must be 1..k without gaps or repeats, 3 <= k <= 4; "
        "got [1, 2, 3, 5]",
        "quests for 4 players: field 'number': must be 1..k without gaps or repeats, 4 <= k <= 4; "
        "got [1, 2, 3, 5]",
    ]
    slots = 'slots = ["red", "green", "yellow", "blue"]'
    assert problems_of(default_text().replace(slots, 'slots = ["red", "red"]', 1)) == [
        "pediment #2: field 'slots': must have at least 4 items, got 2"
    ]
    assert problems_of(default_text().replace(slots, slots.replace("green", "red"), 1)) == [
        "pediment #2: field 'slots': must not repeat an item, got ['red', 'red', 'yellow', 'blue']"
    ]
    assert problems_of(default_text().replace('side = "B"', 'side = "A"', 1)) == [
        "card set: field 'pediment': needs sides A and B once each, got ['A', 'A']"
    ]


def test_many_problems_are_counted_and_the_first_listed(tmp_path: Path) -> None:
    text = default_text()
    for number in range(1, 8):
        text = edit_design(text, f"ZEU-0{number}", "\nlevel = ", "\nlevel = 1")
    problems = problems_of(text)
    # 7 bad levels (the rules across tables, such as "every family has every level", wait
    # until the structure is right).
    assert len(problems) == 7
    assert problems[0] == "design ZEU-01: field 'level': must be 1, 2 or 3, got 11"
    assert problems[6] == "design ZEU-07: field 'level': must be 1, 2 or 3, got 13"
    message = refused(tmp_path, text)
    assert ": 7 problems\n  - design ZEU-01: field 'level': must be 1, 2 or 3, got 11\n" in message
    listed = message.count("\n  - ")
    assert 1 <= listed < 7
    assert message.endswith(f"\n  ... and {7 - listed} more")
    assert len(message) <= 400


def test_not_toml(tmp_path: Path) -> None:
    message = refused(tmp_path, "this is [not toml\n")
    assert "not a valid TOML file" in message


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(ConfigError, match=r"cannot read card set .*nowhere\.toml: no such file"):
        load_card_set(path)


def test_empty_file(tmp_path: Path) -> None:
    message = refused(tmp_path, "")
    assert "card set: field 'rules': missing" in message
    assert "card set: field 'family': missing" in message
    problems = check_card_data({}, full_set=False)
    assert f"{len(problems)} problems" in message
    assert "card set: field 'design': missing" in problems


# ---- robustness: wrong types anywhere give problems, never a crash ----------------------------

ODD_VALUES: list[Any] = [None, 7, True, "x", [], [1, "a"], {"k": [1]}, [{"n": 1}]]


def _mutations(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Copies of `data` with one value of the first design (or a top table) replaced."""
    out = []
    design = data["design"][6]
    fields = [*design, "window"]
    for field in fields:
        for value in ODD_VALUES:
            mutated = copy.deepcopy(data)
            mutated["design"][6][field] = value
            out.append((f"design.{field}={value!r}", mutated))
    for key in ("op", "n", "resource", "gifts", "options", "levels", "kinds"):
        for value in ODD_VALUES:
            mutated = copy.deepcopy(data)
            mutated["design"][6]["effects"][0][key] = value
            out.append((f"effect.{key}={value!r}", mutated))
    for key in ("family", "quest", "pediment", "rules", "scoring", "family_bonus", "primitive"):
        for value in ODD_VALUES:
            mutated = copy.deepcopy(data)
            mutated[key] = value
            out.append((f"{key}={value!r}", mutated))
    return out


def test_odd_values_are_problems_not_crashes() -> None:
    data = tomllib.loads(default_text())
    assert check_card_data(data, full_set=True) == []
    accepted = []
    for label, mutated in _mutations(data):
        problems = check_card_data(mutated, full_set=False)
        assert all(isinstance(p, str) and p for p in problems), label
        if not problems:
            accepted.append(label)
    # Only the values that happen to be valid pass (ZEU-07 is Keraunos: gain_vp(2); the
    # [[primitive]] tables are optional documentation, checked only when present).
    assert accepted == ["design.name='x'", "design.text='x'", "effect.n=7", "primitive=[]"]
