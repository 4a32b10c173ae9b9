"""Golden playthroughs: the complete text trace of one seeded game per game and player count.

A trace shows the configuration and the game's static info, every view at the start, and for
each move the decider, the legal actions (as text and as ids), the action chosen (by
`random.Random(seed)`), the events told in words, and what changed in the public view and in
each seat's private part of its view; then every view, the outcome and the game record at the
end. The test `test_golden.py` regenerates the
traces in memory and diffs them against the files; `scripts/regenerate_golden.py` writes them.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

import kleos
from kleos.core.records import Move, new_record, result_json
from kleos.core.registry import game_class
from played import built_in_game_ids

GOLDEN_DIR = Path(__file__).resolve().parent
GOLDEN_SEED = 1
REGENERATE = "make golden (or .venv/bin/python scripts/regenerate_golden.py)"


def golden_name(game_id: str, players: int) -> str:
    """The file name of a golden playthrough, e.g. 'ilium-3p.txt'."""
    return f"{game_id}-{players}p.txt"


def golden_cases() -> list[tuple[str, int]]:
    """Every built-in game at every player count: the playthroughs there must be."""
    return [
        (game_id, players)
        for game_id in built_in_game_ids()
        for players in range(game_class(game_id).min_players, game_class(game_id).max_players + 1)
    ]


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float)


def _flatten(value: Any, prefix: str = "") -> Iterator[tuple[str, str]]:
    """A view as (dotted path, JSON of the value) leaves. Objects of plain values and lists of
    plain values (not None: a list with holes is a row of slots) are leaves, so that a change
    shows as one line."""
    if isinstance(value, dict) and not all(map(_is_scalar, value.values())):
        for key in sorted(value):
            yield from _flatten(value[key], f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list) and not all(v is not None and _is_scalar(v) for v in value):
        for index, item in enumerate(value):
            yield from _flatten(item, f"{prefix}.{index}")
    else:
        yield prefix, json.dumps(value, sort_keys=True)


def _changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The leaves that changed, appeared or went, in path order."""
    lines = []
    for path in sorted(before.keys() | after.keys()):
        if before.get(path) != after.get(path):
            lines.append(f"  {path}: {after.get(path, '(gone)')}")
    return lines


def _leaves(state: kleos.State) -> tuple[dict[str, str], list[dict[str, str]]]:
    """The public view's leaves, and per seat the leaves of its view that the public lacks."""
    public = dict(_flatten(state.view(None)))
    private = []
    for seat in range(state.game.players):
        own = dict(_flatten(state.view(seat)))
        private.append({k: v for k, v in own.items() if public.get(k) != v})
    return public, private


def _views(state: kleos.State) -> list[str]:
    players = state.game.players
    return [
        f"view {viewer}: {json.dumps(state.view(viewer), sort_keys=True)}"
        for viewer in (None, *range(players))
    ]


def playthrough(game_id: str, players: int, seed: int = GOLDEN_SEED) -> str:
    """The golden text of a seeded random game of `game_id` with `players` players."""
    game = kleos.make(game_id, players=players, seed=seed)
    state = game.new_initial_state()
    rng = random.Random(seed)
    out = [
        f"# Golden playthrough: {game.title}, {players} players, seed {seed}, no variants.",
        f"# Actions are chosen by random.Random({seed}) among the legal actions.",
        f"# Regenerate with: {REGENERATE} (then review the diff).",
        f"config: {json.dumps(game.config.to_json(), sort_keys=True)}",
        f"rules version: {game.rules_version}",
        f"distinct actions: {game.num_distinct_actions}",
        f"static info: {json.dumps(game.static_info(), sort_keys=True)}",
        "",
        "== start",
        *_views(state),
    ]
    public, private = _leaves(state)
    moves = []
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        legal = state.legal_actions()
        action = rng.choice(legal)
        out += [
            "",
            f"== ply {len(moves)}: {game.player_name(player)} (seat {player}) decides",
            f"legal ({len(legal)}): {', '.join(map(str, legal))}",
            f"legal ids: {state.legal_action_ids()}",
            f"chosen: {action} (id {game.action_id(action)})",
        ]
        for event in state.apply(action, player=player):
            out.append(f"event: {json.dumps(event, sort_keys=True)}")
            out += [f"  | {line}" for line in game.describe_event(event).splitlines()]
        moves.append(Move(player, str(action)))
        new_public, new_private = _leaves(state)
        out += ["public changes:", *_changes(public, new_public)]
        for seat in range(players):
            changed = _changes(private[seat], new_private[seat])
            if changed:
                out += [f"private changes of seat {seat}:", *changed]
        public, private = new_public, new_private
    outcome = state.outcome()
    record = dataclasses.replace(
        new_record(game, [f"random {p}" for p in range(players)]),
        moves=tuple(moves),
        result=result_json(outcome),
        engine_version="golden",  # not the release: a version bump changes no behaviour
    )
    out += [
        "",
        "== end",
        *_views(state),
        f"outcome: {json.dumps(outcome.to_json(), sort_keys=True)}",
        f"returns: {list(outcome.returns())}",
        "",
        "== record",
        *record.lines(),
    ]
    return "\n".join(out) + "\n"


def write_all(game_ids: Collection[str] = ()) -> list[Path]:
    """Write the golden files of the given games (default: every registered game), at every
    player count; the paths written."""
    written = []
    for game_id, players in golden_cases():
        if game_ids and game_id not in game_ids:
            continue
        path = GOLDEN_DIR / golden_name(game_id, players)
        path.write_text(playthrough(game_id, players), encoding="utf-8", newline="\n")
        written.append(path)
    return written
