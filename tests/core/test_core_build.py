"""Which build runs (`kleos.compiled()`): the checkout's own Python files in the development
environment, every hot module compiled in the compiled one (`make test-compiled` says which
it expects with KLEOS_EXPECT_COMPILED=1)."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import kleos
from kleos.core.build import COMPILED, build_name, compiled_modules

SOURCES = Path(__file__).resolve().parents[2] / "src"
EXPECTED = os.environ.get("KLEOS_EXPECT_COMPILED") == "1"


def test_every_module_the_build_compiles_is_a_module_of_the_package() -> None:
    for name in COMPILED:
        assert importlib.import_module(name).__name__ == name


def test_the_build_runs_compiled_exactly_where_expected() -> None:
    assert kleos.compiled() is EXPECTED
    assert compiled_modules() == (list(COMPILED) if EXPECTED else [])
    assert build_name() == (
        f"compiled (mypyc, {len(COMPILED)} modules)" if EXPECTED else "pure Python"
    )


def test_a_checkout_runs_the_files_it_holds() -> None:
    """An editable install's modules are the checkout's .py files, never a compiled module
    left beside them."""
    rules = importlib.import_module("kleos.games.ilium.rules")
    origin = Path(str(rules.__file__))
    if SOURCES in origin.parents:  # the development environment
        assert origin.suffix == ".py" and not list(origin.parent.glob("*.so"))
    else:
        assert EXPECTED, f"kleos runs from {origin}, outside the checkout"
