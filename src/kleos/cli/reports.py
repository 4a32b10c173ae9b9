"""What `kleos replay`, `simulate`, `bench` and `games` print."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kleos.cli.render import renderer_for
from kleos.cli.story import move_lines
from kleos.cli.style import seat_label
from kleos.core.protocol import Game, Outcome
from kleos.core.records import read_record, replay
from kleos.core.registry import game_class, game_ids
from kleos.core.words import join_words
from kleos.runner.simulate import SimulationSummary

BENCH_LABELS = {
    "games_per_s": "Random full games/s",
    "steps_per_s": "Steps/s",
    "steps_per_game": "Steps/game",
    "clone_us": "Median clone (µs)",
    "legal_actions_us": "Median legal_actions (µs)",
    "legal_action_ids_us": "Median legal_action_ids (µs)",
    "num_distinct_actions": "Distinct actions (ids)",
    "traced_peak_kib": "Traced peak (KiB)",
    "max_rss_mib": "Max RSS (MiB)",
    "ismcts_iterations_per_s": "ISMCTS iterations/s (opening)",
    "encode_us": "Median encode (µs)",
    "observation_string_us": "Median observation string (µs)",
    "information_state_string_us": "Median information-state string (µs)",
    "games": "Games played",
    "seconds": "Seconds",
}


def result_line(game: Game, outcome: Outcome) -> str:
    """Who won, and every seat's score."""
    names = [seat_label(game.player_name(p), p) for p in range(game.players)]
    winners = [names[p] for p in outcome.winners]
    best = max(outcome.scores)
    verb = "wins" if len(winners) == 1 else "share the victory"
    scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(outcome.scores))
    return f"{join_words(winners)} {verb} with {best} points · {scores}"


def show_replay(console: Console, path: Path, quiet: bool) -> None:
    """Verify a record (raising `RecordError` if it does not replay) and tell its story."""
    record = read_record(path)
    verified = replay(record)
    game, state = verified.game, verified.state
    cfg = game.config
    variants = ", ".join(cfg.variants) or "no variants"
    finished = state.is_terminal()
    console.print(
        f"[bold green]✓ Verified:[/] {len(verified.steps)} moves of {game.title} "
        f"({cfg.players} players, seed {cfg.seed}, {variants}) replay exactly"
        + (" to the recorded result." if record.result else "; the record has no result."),
        highlight=False,
    )
    for note in verified.notes:
        console.print(f"[yellow]Note:[/] {escape(note)}", highlight=False)
    if not quiet:
        seats = ", ".join(
            f"{seat_label(game.player_name(p), p)}: {name}" for p, name in enumerate(record.seats)
        )
        console.print(f"Seats: {seats}")
        for ply, (move, events) in enumerate(verified.steps):
            console.print(move_lines(game, ply, move.player, move.action, events))
        final = renderer_for(game).final(state.view(None)) if finished else None
        if final is not None:
            console.print(final)
            return
    if finished:
        console.print("Result: " + result_line(game, state.outcome()), highlight=False)
    else:
        console.print("Result: none, the game was abandoned before its end.")


def show_summary(console: Console, summary: SimulationSummary, game: Game) -> None:
    """The table of a self-play series."""
    variants = "".join(f" · {v}" for v in summary.setup.variants)
    table = Table(
        title=f"{game.title} · {summary.players} players · {summary.games} games{variants}",
        caption=f"series seed {summary.seed}",
        box=box.SIMPLE_HEAVY,
    )
    table.add_column("Seat")
    table.add_column("Agent")
    for header in ("Wins", "Win %", "Mean score"):
        table.add_column(header, justify="right")
    for p in range(summary.players):
        wins = summary.wins[p]
        table.add_row(
            seat_label(game.player_name(p), p),
            summary.agents[p],
            f"{wins:g}",
            f"{100 * wins / summary.games:.1f}",
            f"{summary.mean_scores[p]:.1f}",
        )
    console.print(table)
    steps = summary.steps
    console.print(
        f"Steps per game: mean {sum(steps) / len(steps):.1f}, min {min(steps)}, max {max(steps)}"
        f" · {summary.games_per_s:.1f} games/s ({summary.seconds:.2f} s)",
        highlight=False,
    )
    if summary.end_reasons:
        reasons = "; ".join(f"{r} ({n})" for r, n in summary.end_reasons.most_common())
        console.print(f"End reasons: {reasons}", highlight=False)
    if summary.record_paths:
        folder = summary.record_paths[0].parent
        console.print(f"Records: {len(summary.record_paths)} files in {folder}", highlight=False)


def show_bench(console: Console, figures: dict[str, Any]) -> None:
    """Benchmark figures as a table."""
    variants = ", ".join(figures["variants"]) or "no variants"
    table = Table(
        title=f"{figures['game']} · {figures['players']} players · {variants} · {figures['build']}",
        box=box.SIMPLE_HEAVY,
    )
    table.add_column("Measure")
    table.add_column("Value", justify="right")
    for key, label in BENCH_LABELS.items():
        if key in figures:
            table.add_row(label, f"{figures[key]:,}")
    console.print(table)


def show_games(console: Console) -> None:
    """Every registered game with its player counts, then every option of each (its spec)."""
    table = Table(title="Games", box=box.SIMPLE_HEAVY)
    for header in ("Id", "Title", "Players", "Default", "The game"):
        table.add_column(header)
    options = Table(title="Options (--variant NAME, or --option NAME=VALUE)", box=box.SIMPLE_HEAVY)
    for header in ("Game", "Option", "What it does"):
        options.add_column(header)
    for game_id in game_ids():
        spec = game_class(game_id).spec
        low, high = spec.players
        table.add_row(game_id, spec.title, f"{low}–{high}", str(spec.default_players), spec.summary)
        for option in spec.all_options:
            choices = getattr(option, "choices", ())
            ids = f" ({', '.join(c.id for c in choices)})" if choices else ""
            options.add_row(game_id, option.usage, option.doc + ids)
    console.print(table)
    console.print(options)
