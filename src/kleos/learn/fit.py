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
from kleos.learn.data import Examples

CALIBRATION_BINS = 10


@dataclass(frozen=True)
class FitConfig:
    """How a model is fitted."""

    hidden: int = 64
    epochs: int = 30
    batch: int = 256
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
    size = examples.observations.shape[1]
    players = examples.shares.shape[1]
    actions = examples.masks.shape[1]
    hidden = nn.Linear(size, config.hidden)
    value = nn.Linear(config.hidden, players)
    policy = nn.Linear(config.hidden, actions)
    modules = nn.ModuleList([hidden, value, policy])
    optimiser = torch.optim.AdamW(
        modules.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay
    )

    def tensors(part: Examples) -> tuple[Any, ...]:
        return (
            torch.from_numpy(part.observations),
            torch.from_numpy(part.masks),
            torch.from_numpy(part.actions),
            torch.from_numpy(part.shares),
        )

    def losses(x: Any, mask: Any, action: Any, share: Any) -> tuple[Any, Any, Any, Any]:
        h = torch.relu(hidden(x))
        value_logits = value(h)
        policy_logits = policy(h).masked_fill(~mask, -1e9)
        value_loss = -(share * torch.log_softmax(value_logits, dim=1)).sum(dim=1).mean()
        policy_loss = nn.functional.cross_entropy(policy_logits, action)
        return value_loss, policy_loss, value_logits, policy_logits

    train_t, valid_t = tensors(train), tensors(validation)
    generator = torch.Generator().manual_seed(config.seed)
    best: tuple[float, dict[str, Any], int] | None = None
    curve = []
    for epoch in range(config.epochs):
        modules.train()
        order = torch.randperm(len(train), generator=generator)
        for first in range(0, len(train), config.batch):
            rows = order[first : first + config.batch]
            value_loss, policy_loss, _, _ = losses(*(t[rows] for t in train_t))
            optimiser.zero_grad()
            (value_loss + config.policy_weight * policy_loss).backward()
            optimiser.step()
        modules.eval()
        with torch.no_grad():
            value_loss, policy_loss, _, _ = losses(*valid_t)
        curve.append(
            {"epoch": epoch + 1, "value_loss": float(value_loss), "policy_loss": float(policy_loss)}
        )
        if best is None or float(value_loss) < best[0]:
            state = {k: v.clone() for k, v in modules.state_dict().items()}
            best = (float(value_loss), state, epoch + 1)
    assert best is not None
    modules.load_state_dict(best[1])
    with torch.no_grad():
        value_loss, policy_loss, value_logits, policy_logits = losses(*valid_t)
        predicted = torch.softmax(value_logits, dim=1).numpy()
        chosen = policy_logits.argmax(dim=1).numpy()
    arrays = {
        "w1": hidden.weight.detach().numpy().T.copy(),
        "b1": hidden.bias.detach().numpy().copy(),
        "wv": value.weight.detach().numpy().T.copy(),
        "bv": value.bias.detach().numpy().copy(),
        "wp": policy.weight.detach().numpy().T.copy(),
        "bp": policy.bias.detach().numpy().copy(),
    }
    metrics = {
        "training_decisions": len(train),
        "validation_decisions": len(validation),
        "epoch_kept": best[2],
        "value_loss": float(value_loss),
        "policy_loss": float(policy_loss),
        "policy_agreement": float((chosen == validation.actions).mean()),
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
