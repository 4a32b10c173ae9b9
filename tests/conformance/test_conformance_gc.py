"""The garbage collector sees each reference an engine object holds once, for every game and in
both builds. An object that reports a reference more often than it holds it makes a collection
of the young generation count its target as garbage while it is still in use, and clear it: a
compiled state that did so (mypyc visits an attribute twice when a subclass annotates it again)
once emptied a game shared by many tests, which then had no `config`."""

from __future__ import annotations

import ast
import gc
import importlib
import random
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from harness import PLAYER_SETUPS, Setup, setup_id

from kleos.core.build import COMPILED
from kleos.core.protocol import State
from kleos.core.state import field_names


def held(obj: Any) -> Counter[int]:
    """How many times `obj` holds each object: as a tuple (a named tuple), in its fields (a
    compiled tuple field is boxed afresh on every read, so its items count too) and in its
    `__dict__`."""
    values = list(obj) if isinstance(obj, tuple) else []
    values += [getattr(obj, name) for name in field_names(type(obj)) if hasattr(obj, name)]
    if hasattr(obj, "__dict__"):
        values += [vars(obj), *vars(obj).values()]
    counts = Counter(id(value) for value in values)
    counts.update(id(item) for value in values if type(value) is tuple for item in value)
    return counts


def over_visited(obj: Any) -> list[str]:
    """The references `obj` reports to the collector more often than it holds them."""
    holds = held(obj)
    referents = [x for x in gc.get_referents(obj) if x is not type(obj)]
    named = {id(x): x for x in referents}
    visits = Counter(id(x) for x in referents)
    return [
        f"{type(obj).__qualname__} reports its {type(named[key]).__qualname__} {count} times "
        f"but holds it {holds[key]}"
        for key, count in visits.items()
        if count > holds[key]
    ]


def engine_objects(root: object) -> list[object]:
    """The engine's objects (of the `kleos` package) reachable from `root`."""
    seen, found, todo = {id(root)}, [], [root]
    while todo:
        obj = todo.pop()
        if type(obj).__module__.startswith("kleos."):
            found.append(obj)
        for child in gc.get_referents(obj):
            if id(child) not in seen and not isinstance(child, type):
                seen.add(id(child))
                todo.append(child)
    return found


def positions(setup: Setup, seed: int) -> list[State]:
    """A few positions of one random game, with a clone and a determinized copy of each."""
    state = setup.new_state(seed)
    rng = random.Random(seed)
    kept: list[State] = []
    while not state.is_terminal():
        if rng.random() < 0.05:
            kept += [state.clone(), state.determinize(state.current_player, rng)]
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return [*kept, state]


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_the_collector_sees_each_reference_a_state_holds_once(setup: Setup) -> None:
    problems: set[str] = set()
    for state in positions(setup, 5):
        problems.update(over_visited(state))
    assert not problems, sorted(problems)


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_the_collector_sees_each_reference_once_in_everything_a_state_reaches(
    setup: Setup,
) -> None:
    state = positions(setup, 6)[-1]
    problems = {problem for obj in engine_objects(state) for problem in over_visited(obj)}
    assert not problems, sorted(problems)


def annotated_fields(source: str) -> dict[str, set[str]]:
    """Per class of a module's source, the fields it annotates: in its body (`x: T`, not a
    `ClassVar`) or on `self` in its methods (`self.x: T = …`)."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            names = found.setdefault(node.name, set())
            for item in ast.walk(node):
                if not isinstance(item, ast.AnnAssign) or "ClassVar" in ast.unparse(
                    item.annotation
                ):
                    continue  # not an annotation, or a class's own attribute (not a field)
                target = item.target
                if isinstance(target, ast.Name) and item in node.body:
                    names.add(target.id)
                elif (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "self"
                ):
                    names.add(target.attr)
    return found


def source_of(module: ModuleType) -> str:
    """A module's Python source (a compiled build installs it beside the extension module)."""
    path = Path(module.__file__ or "")
    return (path.parent / f"{module.__name__.rpartition('.')[2]}.py").read_text()


def test_no_compiled_class_annotates_a_field_its_base_declares() -> None:
    """mypyc visits a field annotated again in a subclass twice (the cause of the bug above);
    a subclass narrows its base's fields through the base's type parameters instead."""
    modules = {name: importlib.import_module(name) for name in COMPILED}
    declared = {
        (name, cls): fields
        for name, module in modules.items()
        for cls, fields in annotated_fields(source_of(module)).items()
    }
    again = []
    for (name, cls_name), fields in declared.items():
        cls = getattr(modules[name], cls_name, None)
        if not isinstance(cls, type):
            continue
        for base in cls.__mro__[1:]:
            inherited = declared.get((base.__module__, base.__name__), set()) | set(
                field_names(base)
            )
            again += [
                f"{name}.{cls_name}.{f} (declared by {base.__name__})" for f in fields & inherited
            ]
    assert not again, again
