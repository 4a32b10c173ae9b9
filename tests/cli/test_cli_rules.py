"""`kleos rules GAME` prints a game's rules and glossary; `kleos rules GAME TERM` one entry."""

from __future__ import annotations

from collections.abc import Callable

from typer.testing import Result

Cli = Callable[..., Result]


def test_rules_prints_the_rules_then_the_glossary(cli: Cli) -> None:
    result = cli("rules", "ilium")
    assert result.exit_code == 0, result.output
    assert "How to play Ilium" in result.output
    assert "Excavation" in result.output and "Burial Vaults" in result.output
    assert "#term-" not in result.output  # the links' text, not their addresses
    assert result.output.index("A turn") < result.output.index("Glossary")
    assert result.output.rstrip().endswith("of kind.")  # the last entry's definition


def test_rules_with_a_term_prints_only_its_entry_whatever_its_case(cli: Cli) -> None:
    result = cli("rules", "elysium", "WRITING step")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Writing step: Your turn in Phase III")
    assert "How to play" not in result.output


def test_an_unknown_term_is_refused_with_the_nearest_terms(cli: Cli) -> None:
    result = cli("rules", "elysium", "legnd")
    assert result.exit_code == 2
    assert "Elysium's glossary has no term 'legnd': did you mean Legend" in result.output


def test_an_unknown_game_or_a_game_without_rules_is_refused(cli: Cli) -> None:
    result = cli("rules", "nope")
    assert result.exit_code == 2
    assert "unknown game 'nope' (games: elysium, ilium, take-away)" in result.output
    result = cli("rules", "take-away")
    assert result.exit_code == 2
    assert "Take-away has no rules text" in result.output
