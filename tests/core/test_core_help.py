"""A game's help for players (`kleos.core.help`): the rules text and the glossary of each game,
read from its package data, strictly parsed, and given to clients in `static_info()`."""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

import kleos
from kleos.core.errors import ConfigError
from kleos.core.help import (
    GLOSSARY_FILE,
    RULES_FILE,
    Glossary,
    glossary_of,
    package_of,
    parse_glossary,
    rules_of,
)
from kleos.core.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
BUILT_IN = ("ilium", "elysium")
REQUIRED = {
    "ilium": [
        "excavation", "historian", "shovel-end", "group", "supply-cube", "majority",
        "value-4-token", "artifact", "site", "path", "strategic-expeditions", "burial-vaults",
    ],
    "elysium": [
        "epoch", "disc", "column", "domain", "elysium", "legend", "family-legend",
        "level-legend", "eleusis", "citizen", "prestige", "quest", "temple", "agora", "oracle",
        "transfer", "writing-step", "chronos", "window", "activate", "trigger", "instantaneous",
        "permanent",
    ],
}  # fmt: skip
GOOD_ENTRY = '[[entry]]\nid = "dig"\nterm = "Dig"\ndefinition = "Taking tokens."\n'


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_built_in_game_has_rules_for_players_with_the_usual_sections(game_id: str) -> None:
    text = game_class(game_id).rules_text()
    assert text is not None
    assert text.startswith(f"# How to play {game_class(game_id).title}\n")
    headings = re.findall(r"^## (.+)$", text, re.M)
    for section in ("The goal", "Setup", "Tips"):
        assert section in headings
    assert any(h.startswith("The end of the game") for h in headings)
    assert "Variants" in headings or "Options" in headings


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_glossary_defines_the_terms_the_pages_use(game_id: str) -> None:
    glossary = game_class(game_id).glossary()
    ids = [entry.id for entry in glossary.entries]
    assert set(REQUIRED[game_id]) <= set(ids)
    for entry in glossary.entries:
        assert entry.term.strip() and entry.definition.strip()
        assert entry.definition.endswith(".") and len(entry.definition) >= 30, entry
        assert entry.anchor == f"term-{entry.id}"


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_glossary_term_appears_in_the_rules_text(game_id: str) -> None:
    cls = game_class(game_id)
    text = (cls.rules_text() or "").lower()
    missing = [e.term for e in cls.glossary().entries if e.term.lower() not in text]
    assert not missing, f"terms the rules never use: {missing}"


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_glossary_link_in_the_rules_names_an_entry(game_id: str) -> None:
    cls = game_class(game_id)
    linked = re.findall(r"\]\(#term-([^)]+)\)", cls.rules_text() or "")
    ids = {entry.id for entry in cls.glossary().entries}
    assert linked and set(linked) <= ids, set(linked) - ids


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_static_info_carries_the_glossary_by_id(game_id: str) -> None:
    game = kleos.make(game_id, seed=3)
    static = game.static_info()
    keys = ["game", "title", "rules_version", "players", "variants", "seats", "data", "glossary"]
    assert list(static) == keys
    glossary = static["glossary"]
    assert glossary == game.glossary().to_json()
    first = game.glossary().entries[0]
    assert glossary[first.id] == {"term": first.term, "definition": first.definition}


def test_the_files_are_read_once_and_cached() -> None:
    package = package_of(game_class("ilium"))
    assert package == "kleos.games.ilium"
    assert glossary_of(package) is glossary_of(package)
    assert rules_of(package) is rules_of(package)


def test_the_help_files_are_package_data() -> None:
    """pyproject's package-data globs take every help file into a wheel."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for game_id in BUILT_IN:
        globs = data["package-data"][f"kleos.games.{game_id}"]
        for name in (RULES_FILE, GLOSSARY_FILE):
            assert any(fnmatch(name, glob) for glob in globs), (game_id, name)


def test_a_game_without_help_files_has_no_rules_and_an_empty_glossary() -> None:
    """A game from another package (the Take-away plugin) that ships no help still works."""
    cls = game_class("take-away")
    assert cls.rules_text() is None
    assert cls.glossary() == Glossary()
    assert kleos.make("take-away", seed=1).static_info()["glossary"] == {}
    with pytest.raises(ConfigError, match="Take-away's glossary is empty"):
        cls.glossary().find("pile", "Take-away's glossary")


def test_a_term_is_found_by_id_or_by_its_words_and_a_miss_names_the_nearest() -> None:
    glossary = game_class("ilium").glossary()
    assert glossary.find("value-4-token").term == "Value-4 token"
    assert glossary.find("  Value 4 TOKEN ").id == "value-4-token"
    assert glossary.find("Dig site").id == "site"
    with pytest.raises(
        ConfigError, match=r"Ilium's glossary has no term 'excavatoin': did you mean Excavation\?"
    ):
        glossary.find("excavatoin", "Ilium's glossary")
    with pytest.raises(ConfigError, match="has no term 'zzz': the terms: Excavation, Historian"):
        glossary.find("zzz")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[[entry]\n", "g.toml is not valid TOML"),
        ("", "g.toml: field 'entry': missing"),
        ('title = "x"\n' + GOOD_ENTRY, "g.toml: field 'title': unknown field (fields: entry)"),
        ('[[entry]]\nid = "dig"\nterm = "Dig"\n', "entry dig: field 'definition': missing"),
        (GOOD_ENTRY + "see = 2\n", "entry dig: field 'see': unknown field"),
        (GOOD_ENTRY.replace('"Taking tokens."', '"  "'), "field 'definition': must be printable"),
        (GOOD_ENTRY.replace('"Taking tokens."', "3"), "field 'definition': must be printable"),
        (GOOD_ENTRY.replace('"dig"', '"Dig site"'), "field 'id': must be 1 to 40 lower-case"),
        (GOOD_ENTRY + GOOD_ENTRY.replace('"Dig"', '"Dug"'), "must not repeat an item's id"),
        (GOOD_ENTRY + GOOD_ENTRY.replace('"dig"', '"dug"'), "must not repeat an item's term"),
        (
            GOOD_ENTRY + GOOD_ENTRY.replace('"dig"', '"deep"').replace('"Dig"', '"Dig "'),
            "the term 'Dig ' is looked up as the id of 'Dig'",
        ),
    ],
)
def test_a_bad_glossary_file_is_refused_with_its_problem(text: str, problem: str) -> None:
    with pytest.raises(ConfigError) as refused:
        parse_glossary(text, "g.toml")
    assert problem in str(refused.value)


def test_a_good_glossary_file_keeps_its_order() -> None:
    text = GOOD_ENTRY + GOOD_ENTRY.replace('"dig"', '"cube"').replace('"Dig"', '"Cube"')
    assert [entry.id for entry in parse_glossary(text).entries] == ["dig", "cube"]
