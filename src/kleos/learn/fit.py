"""Fitting the learned evaluation (`kleos.agents.value`) with PyTorch, and writing its weights.

The network is the one the search evaluates with numpy: `h = relu(x @ w1 + b1)`, a value head
(a softmax over the seats in the viewer's relative order) and a policy head (a softmax over
the action ids, masked to the legal ones). The loss is the value's cross-entropy against the
final win shares plus the policy's against the action the self-play agent chose. Training
keeps the epoch whose validation value loss is lowest (the value overfits first: a game's
decisions share one result). PyTorch is imported here only (the `train`
extra); `kleos.agents.value.write_model` writes the arrays, which need numpy alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from kleos.core.errors import ConfigError
from kleos.learn.data import NO_CHOICE, Examples

CALIBRATION_BINS = 10
VALIDATION_CHUNK = 4096
"""Validation rows made dense at a time."""


@dataclass(frozen=True)
class FitConfig:
    """How a model is fitted."""

    hidden: int = 64
    epochs: int = 30
    batch: int = 512
    learning_rate: float = 2e-3
    weight_decay: float = 1e-4
    policy_weight: float = 1.0
    """The policy's share of the loss, beside the value's."""
    seed: int = 0


@dataclass
class Fitted:
    """A fitted model's arrays and what was measured on the validation games."""

    arrays: dict[str, npt.NDArray[np.float32]]
    metrics: dict[str, Any] = field(default_factory=dict)


def _torch() -> Any:
    try:
        import torch  # noqa: PLC0415 (heavy, and only training needs it)
    except ModuleNotFoundError as exc:
        raise ConfigError(
            "training needs PyTorch: pip install 'kleos[train]' (or make train)"
        ) from exc
    return torch


def fit(examples: Examples, config: FitConfig) -> Fitted:
    """Fit a model on the training games of `examples`; measure it on the validation ones."""
    torch = _torch()
    nn = torch.nn
    train, validation = examples.split()
    if not len(train) or not len(validation):
        raise ConfigError("too few games to train on: at least 10 are needed (one in 10 validates)")
    torch.manual_seed(config.seed)
    players = examples.shares.shape[1]
    hidden = nn.Linear(examples.size, config.hidden)
    value = nn.Linear(config.hidden, players)
    policy = nn.Linear(config.hidden, examples.action_count)
    modules = nn.ModuleList([hidden, value, policy])
    optimiser = torch.optim.AdamW(
        modules.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay
    )

    def forward(part: Examples, rows: Any) -> tuple[Any, Any, Any, Any]:
        """The value and policy losses (sums over the rows) and logits of some rows."""
        observations, masks = part.batch(rows)
        h = torch.relu(hidden(torch.from_numpy(observations)))
        value_logits = value(h)
        policy_logits = policy(h).masked_fill(~torch.from_numpy(masks), -1e9)
        share = torch.from_numpy(part.shares[rows])
        value_loss = -(share * torch.log_softmax(value_logits, dim=1)).sum()
        action = torch.from_numpy(part.actions[rows])
        policy_loss = nn.functional.cross_entropy(
            policy_logits, action, ignore_index=NO_CHOICE, reduction="sum"
        )
        return value_loss, policy_loss, value_logits, policy_logits

    validation_choices = max(int((validation.actions != NO_CHOICE).sum()), 1)

    def measure() -> tuple[float, float, Any, Any]:
        """The validation losses (means) and every validation row's value and policy logits
        (computed in chunks: a batch's rows are dense)."""
        totals = [0.0, 0.0]
        values, chosen = [], []
        with torch.no_grad():
            for first in range(0, len(validation), VALIDATION_CHUNK):
                rows = np.arange(first, min(first + VALIDATION_CHUNK, len(validation)))
                value_loss, policy_loss, value_logits, policy_logits = forward(validation, rows)
                totals[0] += float(value_loss)
                totals[1] += float(policy_loss)
                values.append(torch.softmax(value_logits, dim=1).numpy())
                chosen.append(policy_logits.argmax(dim=1).numpy())
        return (
            totals[0] / len(validation),
            totals[1] / validation_choices,
            np.concatenate(values),
            np.concatenate(chosen),
        )

    generator = np.random.default_rng(config.seed)
    best: tuple[float, dict[str, Any], int] | None = None
    curve = []
    for epoch in range(config.epochs):
        modules.train()
        order = generator.permutation(len(train))
        for first in range(0, len(train), config.batch):
            rows = order[first : first + config.batch]
            value_loss, policy_loss, _, _ = forward(train, rows)
            optimiser.zero_grad()
            decided = max(int((train.actions[rows] != NO_CHOICE).sum()), 1)
            loss = value_loss / len(rows) + config.policy_weight * policy_loss / decided
            loss.backward()
            optimiser.step()
        modules.eval()
        value_loss, policy_loss, _, _ = measure()
        curve.append({"epoch": epoch + 1, "value_loss": value_loss, "policy_loss": policy_loss})
        if best is None or value_loss < best[0]:
            state = {k: v.clone() for k, v in modules.state_dict().items()}
            best = (value_loss, state, epoch + 1)
    assert best is not None
    modules.load_state_dict(best[1])
    value_loss, policy_loss, predicted, chosen = measure()
    decided = validation.actions != NO_CHOICE
    arrays = {
        "w1": hidden.weight.detach().numpy().T.copy(),
        "b1": hidden.bias.detach().numpy().copy(),
        "wv": value.weight.detach().numpy().T.copy(),
        "bv": value.bias.detach().numpy().copy(),
        "wp": policy.weight.detach().numpy().T.copy(),
        "bp": policy.bias.detach().numpy().copy(),
    }
    metrics = {
        "training_examples": len(train),
        "validation_examples": len(validation),
        "epoch_kept": best[2],
        "value_loss": value_loss,
        "value_loss_knowing_nothing": float(np.log(players)),
        "policy_loss": policy_loss,
        "policy_agreement": float((chosen[decided] == validation.actions[decided]).mean())
        if decided.any()
        else None,
        "value_brier": float(((predicted - validation.shares) ** 2).sum(axis=1).mean()),
        "calibration": calibration(predicted[:, 0], validation.shares[:, 0]),
        "epochs": curve,
    }
    return Fitted({k: a.astype(np.float32) for k, a in arrays.items()}, metrics)


def calibration(
    predicted: npt.NDArray[np.float32], actual: npt.NDArray[np.float32]
) -> list[dict[str, float]]:
    """Predicted against actual win share in bins of the prediction (the decider's own)."""
    bins = []
    edges = np.linspace(0.0, 1.0, CALIBRATION_BINS + 1)
    for low, high in pairwise(edges):
        rows = (predicted >= low) & ((predicted < high) | (high == 1.0))
        if rows.any():
            bins.append(
                {
                    "low": round(float(low), 2),
                    "high": round(float(high), 2),
                    "decisions": int(rows.sum()),
                    "predicted": round(float(predicted[rows].mean()), 4),
                    "actual": round(float(actual[rows].mean()), 4),
                }
            )
    return bins
