"""What the server's worker processes run: choose an AI seat's move, analyse a finished game.

It runs on the server side of the wall: it may use the seed to rebuild the master state, and an
agent still decides from an `Observation` only. Each worker keeps the matches it has played
lately, so an AI move applies only the moves made since its seat last thought, not the log.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import threading
import time
from collections import OrderedDict
from typing import Any

from kleos.agents import make_agent
from kleos.agents.ismcts import ISMCTSAgent
from kleos.core.protocol import PlayerId
from kleos.core.records import Record
from kleos.core.registry import make_from_config
from kleos.runner.analysis import analyze_record, win_chances
from kleos.session.match import Match

KEPT_MATCHES = 32
"""Matches one worker keeps between moves."""
_matches: OrderedDict[str, Match] = OrderedDict()
PR_SET_PDEATHSIG = 1


def start_worker(niceness: int, server: int) -> None:
    """A worker's set-up: it dies with the `server` process (even a SIGKILLed one), ignores
    the terminal's Ctrl-C (the server stops it), and runs at `niceness`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError, AttributeError):  # not Linux: the watchdog ends it
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != server:  # the server died before prctl took effect
        os._exit(1)

    def watchdog() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(1)

    threading.Thread(target=watchdog, daemon=True, name="kleos-orphan-watchdog").start()
    if niceness:
        os.nice(niceness)


def choose(
    game_id: str,
    config: dict[str, Any],
    moves: list[tuple[PlayerId, str]],
    seat: PlayerId,
    spec: str,
    seed: int,
) -> str:
    """The canonical text of the move the agent `spec` makes for `seat` after `moves`."""
    match = _match(game_id, config, moves)
    agent = make_agent(spec, seed)
    return str(agent.choose(match.observation(seat)))


def hint(
    game_id: str,
    config: dict[str, Any],
    moves: list[tuple[PlayerId, str]],
    seat: PlayerId,
    spec: str,
    seed: int,
) -> dict[str, Any]:
    """The search's opinion of each of `seat`'s options after `moves`, from the seat's
    observation alone (the same view and determinization its AI would use), most visited
    first: `{"iterations", "options": [{"action", "visits", "win_rate"}]}`."""
    match = _match(game_id, config, moves)
    agent = make_agent(spec, seed)
    if not isinstance(agent, ISMCTSAgent):
        raise TypeError(f"a hint needs a search (ismcts), not {spec}")
    stats = agent.analyse(match.observation(seat))
    return {
        "iterations": agent.last_iterations,
        "options": [
            {"action": str(s.action), "visits": s.visits, "win_rate": round(s.win_rate, 4)}
            for s in stats
        ],
    }


def _match(game_id: str, config: dict[str, Any], moves: list[tuple[PlayerId, str]]) -> Match:
    """The game after `moves`: the kept match brought up to date, or a new one."""
    match = _matches.pop(game_id, None)
    if match is None or match.moves != moves[: match.state_id]:
        game = make_from_config(config)
        match = Match(game, ["-"] * game.players)
    for state_id in range(match.state_id, len(moves)):
        player, text = moves[state_id]
        match.submit(player, text, state_id)
    _matches[game_id] = match
    while len(_matches) > KEPT_MATCHES:
        _matches.popitem(last=False)
    return match


def analyse(record: Record, spec: str, samples: int) -> dict[str, Any]:
    """A finished game's analysis: each player's estimated win chance at the start and after
    every move (`chances`), and the search's judgement of every decision with a choice
    (`moves`: the played and the best move, their win rates and a mark: '!', '?' or '??')."""
    _, moves = analyze_record(record, spec)
    judged, chances = win_chances(record, samples)
    return {
        "spec": spec,
        "chances": [list(c) for c in chances],
        "chances_by": judged,
        "moves": [
            {
                "ply": m.ply,
                "player": m.player,
                "played": m.played,
                "played_win_rate": m.played_win_rate,
                "best": m.best,
                "best_win_rate": m.best_win_rate,
                "loss": round(m.loss, 4),
                "mark": m.mark,
            }
            for m in moves
        ],
    }
