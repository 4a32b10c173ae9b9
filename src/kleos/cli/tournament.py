"""What `kleos tournament` and `kleos selfplay` do around the runner: paths, progress, the
backend, standings, JSON and chart."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kleos.cli.style import counting_progress
from kleos.core.errors import ConfigError
from kleos.core.inputs import echo
from kleos.core.protocol import Game
from kleos.core.registry import game_class
from kleos.core.rng import new_seed
from kleos.runner.backends import Backend, RayBackend, open_backend
from kleos.runner.selfplay import SUMMARY, Collector, SelfPlay, check_out_dir, run_selfplay
from kleos.runner.tournament import Progress, Tournament, rounded_games, run_tournament
from kleos.session import Setup


@dataclass(frozen=True)
class Outputs:
    """Where a tournament is saved."""

    json: Path
    records: Path
    chart: Path


def output_paths(json_path: Path | None, records: Path | None, chart: Path | None) -> Outputs:
    """The JSON file, records folder and chart: as given, else beside the JSON file, which
    itself defaults to a new folder tournaments/<timestamp>/."""
    if json_path is None:
        stem = Path("tournaments") / time.strftime("%Y%m%d-%H%M%S")
        folder, n = stem, 1
        while folder.exists():
            n += 1
            folder = stem.with_name(f"{stem.name}-{n}")
        json_path = folder / "tournament.json"
        default_records = folder / "records"
    else:
        default_records = json_path.with_name(f"{json_path.stem}-records")
    return Outputs(json_path, records or default_records, chart or json_path.with_suffix(".png"))


def check_games(console: Console, game: Game, games: int, jobs: int) -> int:
    """Refuse a bad --games or --jobs; the number of games once rounded up to whole deals."""
    if games < 1:
        raise ConfigError(f"--games must be at least 1, not {games}")
    if jobs < 1:
        raise ConfigError(f"--jobs must be at least 1, not {jobs}")
    total = rounded_games(games, game.players)
    if total != games:
        console.print(
            f"Note: {games} games rounded up to {total}, a multiple of {game.players}, so that "
            "every agent plays every seat of every deal.",
            highlight=False,
        )
    return total


def backend_for(console: Console, name: str, jobs: int, address: str | None) -> Backend:
    """The backend of --backend and --address (not started yet: Ray says it is starting)."""
    backend = open_backend(name, jobs, address)
    if isinstance(backend, RayBackend):
        where = f"the Ray cluster at {escape(echo(address))}" if address else "a local Ray"
        console.print(
            f"Starting {jobs} worker{'s' if jobs > 1 else ''} on {where}…", highlight=False
        )
    return backend


def progress_bar(console: Console, label: str, total: int) -> tuple[Progress, Callable[[], None]]:
    """A progress callback for the runner, and what stops its bar."""
    progress = counting_progress(console)
    task = progress.add_task(label, total=total)

    def on_game(done: int) -> None:
        # Shown from the first report on, once the workers exist: the bar's refresh thread
        # would keep the runner from forking them (see kleos.runner.backends).
        if not progress.live.is_started:
            progress.start()
        progress.update(task, completed=done)

    return on_game, progress.stop


def run(
    console: Console,
    setup: Setup,
    games: int,
    jobs: int,
    seed: int | None,
    outputs: Outputs,
    backend: str = "processes",
    address: str | None = None,
) -> Tournament:
    """Check the arguments, play the tournament under a progress bar, then show and save it."""
    if seed is None:
        seed = new_seed()
    game = setup.game(seed)
    total = check_games(console, game, games, jobs)
    with backend_for(console, backend, jobs, address) as runner:
        on_game, stop = progress_bar(console, f"{game.title} tournament", total)
        try:
            tournament = run_tournament(
                setup,
                games,
                seed,
                backend=runner,
                records_dir=outputs.records,
                on_game=on_game,
            )
        finally:
            stop()
    show_standings(console, tournament, game)
    save(tournament, outputs)
    console.print(
        f"Saved {outputs.json} · {tournament.games} records in {outputs.records} · "
        f"chart {outputs.chart}",
        highlight=False,
    )
    return tournament


def tensor_writer(out: Path, game: Game, steps_per_shard: int) -> Collector[Any]:
    """The collector of `--tensors` (numpy's, from the `rl` extra)."""
    try:
        # Imported here: numpy is an extra, and only --tensors needs it.
        from kleos.rl.selfplay_tensors import ShardWriter  # noqa: PLC0415
    except ModuleNotFoundError as exc:
        if exc.name != "numpy":
            raise
        raise ConfigError("--tensors needs numpy: pip install 'kleos[rl]'") from exc
    return ShardWriter(out, game, steps_per_shard)


def selfplay(
    console: Console,
    setup: Setup,
    games: int,
    out: Path,
    *,
    jobs: int = 1,
    seed: int | None = None,
    backend: str = "processes",
    address: str | None = None,
    tensors: bool = False,
    steps_per_shard: int = 4096,
) -> SelfPlay:
    """Check the arguments, play the games under a progress bar, and say what was written."""
    if seed is None:
        seed = new_seed()
    game = setup.game(seed)
    check_out_dir(out)
    collector = tensor_writer(out, game, steps_per_shard) if tensors else None
    total = check_games(console, game, games, jobs)
    with backend_for(console, backend, jobs, address) as runner:
        on_game, stop = progress_bar(console, f"{game.title} self-play", total)
        try:
            run = run_selfplay(
                setup,
                games,
                seed,
                out,
                backend=runner,
                collector=collector,
                on_game=on_game,
            )
        finally:
            stop()
    played = run.tournament
    shards = ""
    if run.collected is not None:
        count, steps = len(run.collected["shards"]), run.collected["steps"]
        shards = f" · {count} tensor shard{'s' if count != 1 else ''} ({steps} decisions)"
    jobs_text = f"{played.jobs} job" + ("s" if played.jobs > 1 else "")
    console.print(
        f"Saved {played.games} records{shards} and {SUMMARY} in {out} · seed {played.seed} · "
        f"{played.games_per_s:.3g} games/s with {jobs_text} ({run.backend})",
        highlight=False,
    )
    return run


def show_standings(console: Console, tournament: Tournament, game: Game) -> None:
    """The standings table, then the throughput."""
    variants = "".join(f" · {v}" for v in tournament.variants)
    table = Table(
        title=(
            f"{game.title} · {tournament.players} players · {tournament.games} games "
            f"({tournament.deals} deal{'s' if tournament.deals > 1 else ''} × "
            f"{tournament.players} seat rotations){variants}"
        ),
        caption=(
            "Score and rank are means (rank 1 is best) · μ, σ: openskill Plackett-Luce "
            "rating, ordinal μ − 3σ\n"
            f"Tournament seed {tournament.seed} · line-up {','.join(tournament.lineup)}"
        ),
        box=box.SIMPLE_HEAVY,
        collapse_padding=True,
        pad_edge=False,
        show_edge=False,
    )
    table.add_column("Agent", overflow="fold")
    for header in ("Games", "Wins", "Win %", "95% CI", "Score", "Rank", "μ", "σ", "Ordinal"):
        table.add_column(header, justify="right", no_wrap=True)
    for standing in tournament.table:
        rating = standing.rating
        table.add_row(
            standing.name,
            str(standing.games),
            f"{standing.wins:g}",
            f"{100 * standing.win_rate:.1f}",
            f"{100 * standing.ci_low:.1f}–{100 * standing.ci_high:.1f}",
            f"{standing.mean_score:.1f}",
            f"{standing.mean_rank:.2f}",
            f"{rating.mu:.1f}",
            f"{rating.sigma:.1f}",
            f"{rating.ordinal:.1f}",
        )
    console.print(table)
    steps = sum(report.steps for report in tournament.reports) / tournament.games
    jobs = f"{tournament.jobs} job" + ("s" if tournament.jobs > 1 else "")
    console.print(
        f"Throughput: {tournament.games_per_s:.3g} games/s · {tournament.games} games in "
        f"{tournament.seconds:.2f} s with {jobs} · {steps:.1f} steps per game",
        highlight=False,
    )


def save(tournament: Tournament, outputs: Outputs) -> None:
    """Write the JSON summary and the chart (the records are written as the games go)."""
    outputs.json.parent.mkdir(parents=True, exist_ok=True)
    data = tournament.to_json(base=outputs.json.parent)
    outputs.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    write_chart(tournament, outputs.chart)


def write_chart(tournament: Tournament, path: Path) -> None:
    """A PNG of each agent's win rate with its 95% interval, against the even share."""
    # Imported here: matplotlib is slow to load and only this command draws.
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
    from matplotlib.figure import Figure  # noqa: PLC0415

    names = [standing.name for standing in tournament.table]
    rates = [standing.win_rate for standing in tournament.table]
    errors = [
        [rate - standing.ci_low for rate, standing in zip(rates, tournament.table, strict=True)],
        [standing.ci_high - rate for rate, standing in zip(rates, tournament.table, strict=True)],
    ]
    figure = Figure(figsize=(max(4.0, 1.6 * len(names) + 1.5), 3.8), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    positions = list(range(len(names)))
    axes.bar(positions, rates, yerr=errors, capsize=8, color="#4c72b0", width=0.6)
    axes.axhline(1 / tournament.players, color="grey", linestyle="--", label="even share")
    axes.set_xticks(positions, names, rotation=15 if len(names) > 3 else 0)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95% Wilson interval)")
    axes.set_title(
        f"{game_class(tournament.game_id).title} · {tournament.players} players · "
        f"{tournament.games} games",
        fontsize=10,
    )
    axes.legend(loc="upper right", fontsize=8)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=120)
