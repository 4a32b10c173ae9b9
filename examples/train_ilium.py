"""Train a small masked policy for 3-player Ilium against random seats, and draw its curve.

    python examples/train_ilium.py                      # the full run (a minute or two)
    python examples/train_ilium.py --iterations 3 --games 2 --out /tmp/curve.png

The learner is seat 0 of `kleos.rl.gym_env("ilium", players=3, opponents="random")`. Its
policy is linear: one logit per action id, `W @ observation + b`, softmax over the ids the
action mask lets through (so it never plays an illegal action). It learns by REINFORCE: after
each batch of games, every decision of a game is pushed towards (or away from) the action it
took by the game's reward (the seat's win share: 1 for a win, 1/k for a k-way tie, 0 for a
loss) minus a running baseline, with Adam steps. numpy only; matplotlib draws the curve.

The script writes the PNG named by `--out` and, beside it, the same numbers as JSON (the win
share of each iteration's games, and a final evaluation against fresh deals).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from matplotlib.figure import Figure

import kleos.rl

PLAYERS = 3
Floats = npt.NDArray[np.float64]


class LinearPolicy:
    """A softmax over the legal action ids of `W @ x + b`, trained with Adam."""

    def __init__(self, inputs: int, actions: int, lr: float) -> None:
        self.params = [np.zeros((actions, inputs)), np.zeros(actions)]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.lr = lr
        self.steps = 0

    def probabilities(self, x: Floats, legal: npt.NDArray[np.intp]) -> Floats:
        """The policy's probability of each legal id (in the order of `legal`)."""
        w, b = self.params
        logits = w[legal] @ x + b[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return np.asarray(p / p.sum())

    def update(self, grads: Sequence[Floats]) -> None:
        """One Adam step up the gradient (ascent: the gradient is of the expected reward)."""
        self.steps += 1
        beta1, beta2, eps = 0.9, 0.999, 1e-8
        for param, grad, (m, v) in zip(self.params, grads, self.moments, strict=True):
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            m_hat = m / (1 - beta1**self.steps)
            v_hat = v / (1 - beta2**self.steps)
            param += self.lr * m_hat / (np.sqrt(v_hat) + eps)


def play_game(
    env: kleos.rl.KleosGymEnv, policy: LinearPolicy, rng: np.random.Generator, seed: int | None
) -> tuple[list[tuple[Floats, npt.NDArray[np.intp], int, Floats]], float]:
    """One game: each decision (observation, legal ids, chosen index, probabilities) and the
    learner's reward at the end."""
    obs, info = env.reset(seed=seed)
    decisions = []
    while True:
        x = obs.astype(np.float64)
        legal = np.flatnonzero(info["action_mask"])
        p = policy.probabilities(x, legal)
        k = int(rng.choice(len(legal), p=p))
        decisions.append((x, legal, k, p))
        obs, reward, terminated, truncated, info = env.step(int(legal[k]))
        if terminated or truncated:
            return decisions, float(reward)


def gradients(
    policy: LinearPolicy, games: list[tuple[list[Any], float]], baseline: float
) -> list[Floats]:
    """REINFORCE: the sum over decisions of (reward - baseline) × ∇ log π(action), per game."""
    gw, gb = (np.zeros_like(p) for p in policy.params)
    for decisions, reward in games:
        advantage = reward - baseline
        for x, legal, k, p in decisions:
            g = -p * advantage
            g[k] += advantage
            gw[legal] += np.outer(g, x)
            gb[legal] += g
    return [gw / len(games), gb / len(games)]


def train(iterations: int, games: int, seed: int, lr: float, evaluation: int) -> dict[str, Any]:
    """Train and evaluate; the curve and the figures as JSON-ready data."""
    env = kleos.rl.gym_env("ilium", players=PLAYERS, seat=0, opponents="random", seed=seed)
    rng = np.random.default_rng(seed)
    assert env.observation_space.shape is not None
    policy = LinearPolicy(env.observation_space.shape[0], int(env.action_space.n), lr)
    baseline = 1.0 / PLAYERS
    curve: list[float] = []
    start = time.perf_counter()
    env.reset(seed=seed)  # the deals of training: the series of this seed
    for iteration in range(iterations):
        batch = [play_game(env, policy, rng, None) for _ in range(games)]
        win_share = float(np.mean([reward for _, reward in batch]))
        curve.append(win_share)
        policy.update(gradients(policy, batch, baseline))
        baseline = 0.9 * baseline + 0.1 * win_share
        print(f"iteration {iteration + 1:4d}/{iterations}: win share {win_share:.3f}", flush=True)
    # Evaluation on deals never trained on: another seed's series.
    env.reset(seed=seed + 1_000_003)
    final = [play_game(env, policy, rng, None)[1] for _ in range(evaluation)]
    return {
        "game": "ilium",
        "players": PLAYERS,
        "opponents": "random",
        "iterations": iterations,
        "games_per_iteration": games,
        "seed": seed,
        "learning_rate": lr,
        "win_share": curve,
        "evaluation_games": evaluation,
        "evaluation_win_share": float(np.mean(final)) if final else None,
        "seconds": round(time.perf_counter() - start, 2),
    }


def draw(result: dict[str, Any], out: Path) -> None:
    """The learning curve as a PNG: each iteration's win share, a moving mean and 1/3."""
    curve = np.asarray(result["win_share"])
    x = np.arange(1, len(curve) + 1)
    fig = Figure(figsize=(7, 4))
    ax = fig.subplots()
    ax.plot(x, curve, color="lightsteelblue", label="win share, each iteration")
    window = max(1, min(10, len(curve)))
    smooth = np.convolve(curve, np.ones(window) / window, mode="valid")
    ax.plot(x[window - 1 :], smooth, color="navy", label=f"moving mean ({window})")
    ax.axhline(1 / PLAYERS, color="grey", linestyle="--", label="random play (1/3)")
    evaluated = result["evaluation_win_share"]
    if evaluated is not None:
        ax.axhline(evaluated, color="darkorange", linestyle=":", label="final evaluation")
    ax.set(
        xlabel=f"iteration ({result['games_per_iteration']} games each)",
        ylabel="win share of the learner",
        title="3-player Ilium: linear masked policy vs two random seats",
        ylim=(0, 1),
    )
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out, dpi=100)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Parse the flags, train, write the PNG and its JSON; the result."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=80, help="policy updates")
    parser.add_argument("--games", type=int, default=32, help="games per iteration")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the policy")
    parser.add_argument("--lr", type=float, default=0.01, help="Adam's learning rate")
    parser.add_argument("--eval", type=int, default=500, help="evaluation games at the end")
    parser.add_argument("--out", type=Path, default=Path("ilium_curve.png"), help="the PNG")
    args = parser.parse_args(argv)
    result = train(args.iterations, args.games, args.seed, args.lr, args.eval)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    draw(result, args.out)
    args.out.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n")
    print(
        f"{result['iterations']} iterations in {result['seconds']} s; final evaluation win "
        f"share {result['evaluation_win_share']} over {result['evaluation_games']} games; "
        f"wrote {args.out}"
    )
    return result


if __name__ == "__main__":
    main()
