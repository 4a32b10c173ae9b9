"""The card set's declared structure (`kleos.games.elysium.schema`): the package's set passes,
the JSON Schema for authors is produced (and agrees with the models), and malformed tables give
the problem lines an author can act on."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from kleos.games.elysium.cards import default_card_data
from kleos.games.elysium.schema import (
    EFFECTS,
    SIGNATURES,
    check_card_data,
    json_schema,
    parse_card_data,
)
from kleos.games.elysium.vocabulary import PRIMITIVES


def data() -> dict[str, Any]:
    """A fresh copy of the package's card data."""
    return copy.deepcopy(default_card_data())


def test_the_package_set_passes_as_the_full_set() -> None:
    table, problems = parse_card_data(data(), full_set=True)
    assert problems == []
    assert table is not None
    assert len(table.design) == 56
    assert table.design[3].effects[0].op == "per_transfer_gain"  # type: ignore[attr-defined]


def test_each_primitive_has_one_model_with_exactly_its_parameters() -> None:
    assert list(EFFECTS) == list(SIGNATURES) == list(PRIMITIVES)
    for op, model in EFFECTS.items():
        assert list(model.model_fields) == ["op", *SIGNATURES[op][0]]


def test_the_json_schema_is_produced_and_accepts_the_package_set() -> None:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(default_card_data(), schema)
    design = schema["$defs"]["DesignTable"]
    assert design["additionalProperties"] is False
    assert set(design["properties"]["effects"]["items"]["discriminator"]["mapping"]) == set(
        PRIMITIVES
    )
    assert schema["properties"]["design"]["maxItems"] == 200
    assert schema["$defs"]["RulesTable"]["properties"]["epochs"]["const"] == 5
    bad = data()
    bad["design"][0]["level"] = True
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


def problems_with(change: Any) -> list[str]:
    changed = data()
    change(changed)
    return check_card_data(changed, full_set=False)


def effect(number: int) -> Any:
    """A setter of one field of the first effect of design `number` (counted from 0)."""
    return lambda key, value: lambda d: d["design"][number]["effects"][0].__setitem__(key, value)


ZEU_01, ZEU_04 = effect(0), effect(3)  # gain_vp(n = 2); per_transfer_gain(vp, 1, [2, 3], false)

MALFORMED = [
    (
        ZEU_01("n", "2"),
        "design ZEU-01: field 'effects[1].n': must be an integer from 1 to 999, got '2'",
    ),
    (
        ZEU_01("n", True),
        "design ZEU-01: field 'effects[1].n': must be an integer from 1 to 999, got True",
    ),
    (
        ZEU_01("op", "gain_glory"),
        "design ZEU-01: field 'effects[1].op': unknown primitive 'gain_glory'",
    ),
    (
        ZEU_01("resource", "vp"),
        "design ZEU-01: field 'effects[1].resource': unknown field (fields: op, n)",
    ),
    (
        lambda d: d["design"][3]["effects"][0].pop("levels"),
        "design ZEU-04: field 'effects[1].levels': missing",
    ),
    (
        ZEU_04("citizens", 0),
        "design ZEU-04: field 'effects[1].citizens': must be true or false, got 0",
    ),
    (
        ZEU_04("levels", [2, 2]),
        "design ZEU-04: field 'effects[1].levels': must not repeat an item, got [2, 2]",
    ),
    (
        lambda d: d["design"][0].__setitem__("colour", "blue"),
        "design ZEU-01: field 'colour': unknown field (fields: id, family, name, level, power, "
        "window, hook, text, effects, copies)",
    ),
    (
        lambda d: d["design"][0]["copies"][1].__setitem__("condition", "blue"),
        "card ZEU-01b: field 'condition': must be a list, got 'blue'",
    ),
    (
        lambda d: d["rules"].__setitem__("epochs", 6),
        "rules: field 'epochs': must be 5 (the rules fix it), got 6",
    ),
    (
        lambda d: d["scoring"]["level_legend_vp"].pop("5"),
        "scoring: field 'level_legend_vp.5': missing",
    ),
    (lambda d: d.__setitem__("design", {}), "card set: field 'design': must be a list, got {}"),
    (
        lambda d: d["family_bonus"][2].__setitem__("vp", -1),
        "family bonus #3: field 'vp': must be an integer from 0 to 999, got -1",
    ),
]


@pytest.mark.parametrize(("change", "line"), MALFORMED)
def test_malformed_tables_give_the_expected_problem_line(change: Any, line: str) -> None:
    assert problems_with(change) == [line]


def test_rules_across_tables_wait_for_a_sound_structure() -> None:
    def both(d: dict[str, Any]) -> None:
        d["design"][0]["level"] = 4  # a field problem
        d["design"][1]["family"] = "apollo"  # and a rule across tables

    assert problems_with(both) == ["design ZEU-01: field 'level': must be 1, 2 or 3, got 4"]
    assert problems_with(lambda d: d["design"][0].__setitem__("family", "apollo")) == [
        "design ZEU-01: field 'id': must start with the family code 'APO-'"
    ]


def test_a_discard_option_discards_one_card() -> None:
    def discard_two(d: dict[str, Any]) -> None:
        pos_04 = next(x for x in d["design"] if x["id"] == "POS-04")
        pos_04["effects"][0]["options"][0]["n"] = 2

    assert problems_with(discard_two) == [
        "design POS-04: field 'effects[1].options': a discard option discards 1 card (n = 1)"
    ]


def test_primitive_tables_must_match_the_models() -> None:
    def wrong(d: dict[str, Any]) -> None:
        d["primitive"][0]["params"] = ["m"]
        d["primitive"][1]["allowed_in"] = ["chronos"]

    assert problems_with(wrong) == [
        "primitive gain_gold: field 'params': must be ['n']",
        "primitive gain_vp: field 'allowed_in': must be ['activate', 'chronos', 'eleusis', "
        "'instantaneous', 'legend', 'permanent_hook', 'trigger']",
    ]
