"""`kleos play`: one game at the terminal between humans and agents, recorded as it goes."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from kleos.agents import Agent, make_agent
from kleos.cli.human import GameAbandoned, HumanAgent, HumanSeats
from kleos.cli.render import renderer_for
from kleos.cli.story import Narrator
from kleos.cli.style import seat_label
from kleos.core.errors import ConfigError
from kleos.core.inputs import echo
from kleos.core.protocol import Game
from kleos.core.rng import derive_seed
from kleos.session.loop import play_game

HUMAN = "human"
EXIT_INPUT_ENDED = 1
"""Exit status of `kleos play` when its input ends before the game does."""
EXIT_INTERRUPTED = 130


def parse_seats(text: str | None, players: int | None, game: type[Game]) -> list[str]:
    """The seat specs: as given, or a human then agents; their number must equal `players`."""
    if players is not None:
        game.check_players(players)
    if text is None:
        count = players if players is not None else game.default_players
        return [HUMAN] + ["random"] * (count - 1)
    seats = [spec.strip().lower() for spec in text.split(",")]
    if any(not spec for spec in seats):
        raise ConfigError(
            f"--seats '{echo(text)}' has an empty seat; write e.g. human,random,random"
        )
    if players is not None and len(seats) != players:
        raise ConfigError(f"--seats names {len(seats)} seats but --players is {players}")
    return seats


def record_path(directory: Path, game: Game) -> Path:
    """A new record file name such as ilium-3p-20250101-120000.jsonl (never the seed: the
    name is on screen while the game is played)."""
    cfg = game.config
    stem = f"{cfg.game_id}-{cfg.players}p-{time.strftime('%Y%m%d-%H%M%S')}"
    path, n = directory / f"{stem}.jsonl", 1
    while path.exists():
        n += 1
        path = directory / f"{stem}-{n}.jsonl"
    return path


def play(console: Console, game: Game, seats: Sequence[str], records: Path, delay: float) -> int:
    """Play one game to its end (or until a human quits); return the exit code."""
    renderer = renderer_for(game)
    humans = [p for p, spec in enumerate(seats) if spec == HUMAN]
    narrator = Narrator(console, delay=delay, humans=humans)
    table = HumanSeats(console, renderer, narrator, humans)
    agents: list[Agent] = [
        HumanAgent(table)
        if spec == HUMAN
        else make_agent(spec, derive_seed(game.config.master_seed(), "seat", p))
        for p, spec in enumerate(seats)
    ]
    path = record_path(records, game)
    console.rule(f"[bold]{game.title}[/] · {game.players} players")
    for p, spec in enumerate(seats):
        who = "you" if spec == HUMAN and len(humans) == 1 else spec
        console.print(f"  {seat_label(game.player_name(p), p)}: {who}")
    if not humans:
        console.print(renderer.board(game.new_initial_state().view(None)))
    try:
        result = play_game(
            game, agents, record_path=path, listeners=[narrator], seat_names=list(seats)
        )
    except (GameAbandoned, KeyboardInterrupt) as exc:
        reason = f" ({exc})" if isinstance(exc, GameAbandoned) and str(exc) else ""
        console.print(f"\n[bold]Game abandoned after {narrator.told} moves{reason}.[/]")
        console.print(f"Seed: {game.config.seed}", highlight=False)
        console.print(f"Record (moves so far, no result): [bold]{path}[/]", highlight=False)
        if isinstance(exc, KeyboardInterrupt):
            return EXIT_INTERRUPTED
        return EXIT_INPUT_ENDED if exc.input_ended else 0
    final = result.state.view(None)
    console.rule("[bold]Game over[/]")
    console.print(renderer.board(final))
    table_final = renderer.final(final)
    if table_final is not None:
        console.print(table_final)
    console.print(f"Seed: {game.config.seed}", highlight=False)
    console.print(f"Record: [bold]{path}[/]", highlight=False)
    return 0
