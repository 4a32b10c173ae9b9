"""Generations of self-play and fitting (`kleos train`): the learned search improves on itself.

With `TrainPlan.positions`, generation 0 comes first: positions sampled from that many games
of the game's fast default policy (`kleos.learn.positions`), labelled with their results,
fitted and measured like any generation; every later fit learns from them too. With
`TrainPlan.labels`, each of those positions is also judged by a search, whose judgement is
blended into its label (`kleos.learn.positions.Labels`). Generation 1's
games are played by the rollout search (`TrainPlan.search`); every later
generation's by that search judging leaves and ordering moves with the model of the generation
before (`value=learned:prior=learned:weights=gen<k>`). After each generation's games, a model
is fitted on every generation's decisions so far (`kleos.learn.fit`), written as
`weights/gen<k>-<players>p.npz`, and measured: the learned search against `TrainPlan.opponent`
seats, seats rotated (`kleos.runner.tournament`). The run's folder holds

- `gen<k>/selfplay/`: the generation's records and tensor shards (`kleos selfplay --tensors`);
- `gen<k>/evaluation.json`: the evaluation tournament;
- `weights/`: every generation's model (found by name while the run lasts: the folder is put
  on `KLEOS_WEIGHTS_PATH`, which the workers inherit);
- `report.json`: the plan, and per generation its data, fit (losses, agreement with the
  self-play agent's choices, calibration) and evaluation; `curve.png`: the learning curve.

Every seed derives from the plan's, and the budgets are iterations, not seconds, so a run
repeats exactly on any machine and backend.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kleos.agents.value import write_model
from kleos.agents.weights import WEIGHTS_PATH
from kleos.core.errors import ConfigError
from kleos.core.rng import derive_seed
from kleos.learn.data import Examples, read_shards
from kleos.learn.fit import FitConfig, fit
from kleos.learn.positions import Labels, sample_positions
from kleos.rl.selfplay_tensors import ShardWriter
from kleos.runner.backends import Backend
from kleos.runner.selfplay import check_out_dir, run_selfplay
from kleos.runner.tournament import Progress, run_tournament
from kleos.session import Setup

REPORT = "report.json"
POSITIONS_FIRST_GAME = 1_000_000_000
"""Generation 0's games are numbered from here, apart from the self-play games' numbers."""
CURVE = "curve.png"


@dataclass(frozen=True)
class TrainPlan:
    """What `kleos train` does: the game, the generations and their budgets."""

    setup: Setup
    """The game config; its seats are replaced by the plan's agents."""
    games: int
    """Self-play games per generation."""
    generations: int = 3
    positions: int = 0
    """Games of the default policy sampled for generation 0 (none: no generation 0)."""
    seed: int = 0
    search: str = "ismcts:iterations=200"
    """The self-play agent of generation 1; later ones add the learned model to it."""
    opponent: str = "hard"
    """The agent each generation's learned search is measured against."""
    evaluation_games: int = 30
    fit: FitConfig = field(default_factory=FitConfig)
    labels: Labels | None = None
    """How generation 0's positions are labelled beside their results (None: results only)."""

    def learned(self, generation: int) -> str:
        """The learned search of a generation's model."""
        return f"{self.search}:value=learned:prior=learned:weights=gen{generation}"

    def to_json(self) -> dict[str, Any]:
        """The plan as JSON-ready data."""
        return {
            "game": self.setup.game_id,
            "players": self.setup.players,
            "variants": list(self.setup.variants),
            "games": self.games,
            "generations": self.generations,
            "positions": self.positions,
            "seed": self.seed,
            "search": self.search,
            "opponent": self.opponent,
            "evaluation_games": self.evaluation_games,
            "fit": asdict(self.fit),
            "labels": None if self.labels is None else asdict(self.labels),
        }


Say = Callable[[str], None]


def train(
    plan: TrainPlan,
    out: Path,
    open_backend: Callable[[], Backend],
    say: Say = lambda _: None,
    on_game: Callable[[str, int], Progress | None] = lambda _label, _total: None,
) -> dict[str, Any]:
    """Run the plan into `out` (new or empty) on the backend `open_backend` gives (opened
    once the weights folder is on `KLEOS_WEIGHTS_PATH`, so that its workers see it); the
    report (also written)."""
    check_out_dir(out)
    if plan.generations < 0 or plan.positions < 0:
        raise ConfigError("generations and positions cannot be negative")
    if plan.generations + (plan.positions > 0) < 1:
        raise ConfigError("give at least 1 generation, or positions for generation 0")
    if plan.labels is not None and not plan.positions:
        raise ConfigError("labels are for generation 0's positions: give positions too")
    if plan.games < 1 or plan.evaluation_games < 1:
        raise ConfigError("games and evaluation games must be at least 1")
    weights = out / "weights"
    weights.mkdir(parents=True)
    previous = os.environ.get(WEIGHTS_PATH)
    os.environ[WEIGHTS_PATH] = os.pathsep.join(filter(None, [str(weights.resolve()), previous]))
    report: dict[str, Any] = {"plan": plan.to_json(), "generations": []}
    try:
        with open_backend() as backend:
            positions = _positions(plan, backend, say, on_game)
            if positions is not None:
                report["generations"].append(
                    _fit_and_measure(plan, 0, out, positions, backend, say, on_game)
                )
                _write_report(out, report)
            for generation in range(1, plan.generations + 1):
                entry = _generation(plan, generation, out, positions, backend, say, on_game)
                report["generations"].append(entry)
                _write_report(out, report)
    finally:
        if previous is None:
            os.environ.pop(WEIGHTS_PATH, None)
        else:
            os.environ[WEIGHTS_PATH] = previous
    return report


def _positions(
    plan: TrainPlan,
    backend: Backend,
    say: Say,
    on_game: Callable[[str, int], Progress | None],
) -> Examples | None:
    """Generation 0's examples, if the plan asks for positions."""
    if not plan.positions:
        return None
    start = time.perf_counter()
    examples = sample_positions(
        plan.setup,
        plan.positions,
        derive_seed(plan.seed, "positions"),
        backend,
        first_game=POSITIONS_FIRST_GAME,
        on_game=on_game("generation 0: positions", plan.positions),
        labels=plan.labels,
    )
    say(
        f"generation 0: {len(examples)} examples from {plan.positions} games of the default "
        f"policy in {time.perf_counter() - start:.0f} s"
    )
    return examples


def _generation(
    plan: TrainPlan,
    generation: int,
    out: Path,
    positions: Examples | None,
    backend: Backend,
    say: Say,
    on_game: Callable[[str, int], Progress | None],
) -> dict[str, Any]:
    """Play, fit and measure one generation."""
    players = plan.setup.players
    agent = plan.search if generation == 1 else plan.learned(generation - 1)
    setup = plan.setup.with_seats([agent] * players)
    game = setup.game(0)
    folder = out / f"gen{generation}"
    start = time.perf_counter()
    played = run_selfplay(
        setup,
        plan.games,
        derive_seed(plan.seed, "selfplay", generation),
        folder / "selfplay",
        backend=backend,
        collector=ShardWriter(folder / "selfplay", game),
        on_game=on_game(f"generation {generation}: self-play", plan.games),
    )
    play_seconds = time.perf_counter() - start
    say(f"generation {generation}: {played.tournament.games} games by {agent}")
    examples = read_shards([out / f"gen{g}" / "selfplay" for g in range(1, generation + 1)])
    if positions is not None:
        examples = Examples.concatenate([positions, examples])
    entry = _fit_and_measure(plan, generation, out, examples, backend, say, on_game)
    return {
        **entry,
        "selfplay_agent": agent,
        "games": played.tournament.games,
        "seconds": {"selfplay": round(play_seconds, 1), **entry["seconds"]},
    }


def _fit_and_measure(
    plan: TrainPlan,
    generation: int,
    out: Path,
    examples: Examples,
    backend: Backend,
    say: Say,
    on_game: Callable[[str, int], Progress | None],
) -> dict[str, Any]:
    """Fit a generation's model on its examples, write it and measure it."""
    players = plan.setup.players
    game = plan.setup.game(0)
    folder = out / f"gen{generation}"
    folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    config = FitConfig(**{**asdict(plan.fit), "seed": derive_seed(plan.seed, "fit", generation)})
    fitted = fit(examples, config)
    fit_seconds = time.perf_counter() - start
    path = out / "weights" / f"gen{generation}-{players}p.npz"
    write_model(path, game, fitted.arrays, {"generation": generation, "plan": plan.to_json()})
    say(
        f"generation {generation}: fitted on {len(examples)} examples, validation value loss "
        f"{fitted.metrics['value_loss']:.3f} (knowing nothing: "
        f"{fitted.metrics['value_loss_knowing_nothing']:.3f}), policy agreement "
        f"{fitted.metrics['policy_agreement'] or 0:.1%}"
    )
    candidate = plan.learned(generation)
    line_up = [candidate, *[plan.opponent] * (players - 1)]
    start = time.perf_counter()
    tournament = run_tournament(
        plan.setup.with_seats(line_up),
        plan.evaluation_games,
        derive_seed(plan.seed, "evaluation", generation),
        backend=backend,
        on_game=on_game(f"generation {generation}: evaluation", plan.evaluation_games),
    )
    evaluation_seconds = time.perf_counter() - start
    (folder / "evaluation.json").write_text(
        json.dumps(tournament.to_json(base=folder), indent=2) + "\n", encoding="utf-8"
    )
    standing = tournament.table[0].to_json()
    say(
        f"generation {generation}: {candidate} won {standing['win_rate']:.1%} of "
        f"{standing['games']} games against {plan.opponent} "
        f"(95% {standing['ci_low']:.1%}–{standing['ci_high']:.1%})"
    )
    return {
        "generation": generation,
        "examples": len(examples),
        "weights": str(path.relative_to(out)),
        "fit": fitted.metrics,
        "evaluation": {"agent": candidate, "opponent": plan.opponent, **standing},
        "seconds": {"fit": round(fit_seconds, 1), "evaluation": round(evaluation_seconds, 1)},
    }


def _write_report(out: Path, report: dict[str, Any]) -> None:
    (out / REPORT).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    write_curve(report, out / CURVE)


def write_curve(report: dict[str, Any], path: Path) -> None:
    """The learning curve: each generation's win rate (95% interval) against the opponent,
    and its validation losses."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
    from matplotlib.figure import Figure  # noqa: PLC0415

    rows = report["generations"]
    plan = report["plan"]
    generations = [row["generation"] for row in rows]
    rates = [row["evaluation"]["win_rate"] for row in rows]
    errors = [
        [rate - row["evaluation"]["ci_low"] for rate, row in zip(rates, rows, strict=True)],
        [row["evaluation"]["ci_high"] - rate for rate, row in zip(rates, rows, strict=True)],
    ]
    figure = Figure(figsize=(8, 3.6), layout="constrained")
    FigureCanvasAgg(figure)
    wins, losses = figure.subplots(1, 2)
    wins.errorbar(generations, rates, yerr=errors, marker="o", capsize=6)
    wins.axhline(1 / plan["players"], color="grey", linestyle="--", label="even share")
    wins.set_ylim(0, 1)
    wins.set_xticks(generations)
    wins.set_xlabel("generation")
    wins.set_ylabel(f"win rate against {plan['opponent']} (95%)")
    wins.legend(loc="upper left", fontsize=8)
    losses.plot(generations, [row["fit"]["value_loss"] for row in rows], "o-", label="value")
    losses.plot(generations, [row["fit"]["policy_loss"] for row in rows], "s-", label="policy")
    losses.set_xticks(generations)
    losses.set_xlabel("generation")
    losses.set_ylabel("validation loss")
    losses.legend(fontsize=8)
    figure.suptitle(
        f"{plan['game']} · {plan['players']} players · {plan['games']} games a generation",
        fontsize=10,
    )
    figure.savefig(path, dpi=120)
