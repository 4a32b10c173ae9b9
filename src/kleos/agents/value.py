"""A learned evaluation for the search: each seat's win share and a prior over the legal ids.

A model reads the observation of one seat (`State.encode`, sparse, every entry in [0, 1]) and
answers, through one hidden layer of rectified units,

- a **value**: the win share (`Outcome.returns()`) of every seat, in the viewer's relative
  order (the viewer first, as the encodings order seats), a softmax, so the shares sum to 1;
- a **policy**: a softmax over the game's action ids, read on the legal ones.

The hidden layer is `relu(x @ w1 + b1)`, taken from the non-zero entries only (a gather of
their rows of `w1`), so a call costs a few numpy operations on a small matrix whatever the
vector's size. `kleos train` fits the model (`kleos.learn`) and writes it as `.npz` arrays;
nothing executable is ever loaded (`allow_pickle=False`), and a file whose layout does not
match the game's config is refused with the reason.

Models are found by name (`kleos.agents.weights`).
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kleos.agents.weights import (
    DEFAULT_WEIGHTS,
    FORMAT,
    check_name,
    layout_signature,
    weights_file,
    weights_folders,
)
from kleos.core.errors import ConfigError
from kleos.core.protocol import Game, PlayerId, State

ARRAYS = ("w1", "b1", "wv", "bv", "wp", "bp")
"""The model's arrays: hidden layer, value head, policy head."""


class LayoutMismatch(ConfigError):
    """A weights file trained for another config of the game."""


@dataclass(frozen=True)
class ModelInfo:
    """What a weights file says of itself (its `meta` entry)."""

    game: str
    players: int
    signature: str
    hidden: int
    meta: dict[str, Any]


class LearnedModel:
    """A trained value and policy for one game config (see the module's docstring)."""

    def __init__(self, arrays: dict[str, npt.NDArray[np.float32]], info: ModelInfo) -> None:
        self.info = info
        self.w1, self.b1 = arrays["w1"], arrays["b1"]
        self.wv, self.bv = arrays["wv"], arrays["bv"]
        self.wp, self.bp = arrays["wp"], arrays["bp"]

    @classmethod
    def load(cls, path: Path, game: Game) -> LearnedModel:
        """Read a weights file for `game`'s config; ConfigError says what does not fit."""
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name].astype(np.float32) for name in ARRAYS}
                meta = json.loads(str(data["meta"]))
        except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile) as error:
            raise ConfigError(f"{path.name}: not a weights file ({error})") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise ConfigError(f"{path.name}: not a weights file of format {FORMAT}")
        info = ModelInfo(
            str(meta.get("game")),
            int(meta.get("players", 0)),
            str(meta.get("signature")),
            int(arrays["b1"].shape[0]),
            meta,
        )
        signature = layout_signature(game)
        if info.signature != signature:
            raise LayoutMismatch(
                f"{path.name} was trained for {info.game} with {info.players} players and "
                f"another layout ({info.signature}), not this config ({signature})"
            )
        size, hidden, actions = game.encoding_size(), info.hidden, game.num_distinct_actions
        shapes = {
            "w1": (size, hidden),
            "b1": (hidden,),
            "wv": (hidden, game.players),
            "bv": (game.players,),
            "wp": (hidden, actions),
            "bp": (actions,),
        }
        for name, shape in shapes.items():
            if arrays[name].shape != shape:
                raise ConfigError(f"{path.name}: {name} is {arrays[name].shape}, not {shape}")
            if not np.isfinite(arrays[name]).all():
                raise ConfigError(f"{path.name}: {name} holds a value that is not finite")
        return cls(arrays, info)

    def hidden(self, state: State, viewer: PlayerId | None) -> npt.NDArray[np.float32]:
        """The hidden layer for `viewer`'s observation of `state` (None: a spectator's)."""
        indices, values = state.encode(viewer)
        return self.hidden_of(indices, values)

    def hidden_of(self, indices: Any, values: Any) -> npt.NDArray[np.float32]:
        """The hidden layer for an encoded observation (its non-zero entries and values)."""
        h: npt.NDArray[np.float32] = np.asarray(values, dtype=np.float32) @ self.w1[indices]
        h += self.b1
        np.maximum(h, 0.0, out=h)
        return h

    def relative_shares(self, h: npt.NDArray[np.float32]) -> list[float]:
        """The value of a hidden layer: the win shares in the viewer's relative order."""
        return _softmax(h @ self.wv + self.bv)

    def win_shares(self, state: State, viewer: PlayerId) -> list[float]:
        """Each seat's expected win share (by absolute seat), as `viewer` judges `state`."""
        return self._shares(self.hidden(state, viewer), viewer)

    def public_shares(self, state: State) -> list[float]:
        """Each seat's expected win share as a spectator judges `state` (the encodings show a
        spectator seat 0's side without its private entries)."""
        return self._shares(self.hidden(state, None), 0)

    def policy(self, state: State, player: PlayerId, legal: list[int]) -> dict[int, float]:
        """`player`'s prior over the `legal` ids (a softmax of their logits)."""
        return self._prior(self.hidden(state, player), legal)

    def evaluate(self, state: State, viewer: PlayerId) -> tuple[list[float], dict[int, float]]:
        """The win shares (as `win_shares`) and, if a seat is to move, its prior over the legal
        ids, both from that seat's own observation (`viewer`'s when none is to move): one
        encoding per call."""
        decider = None if state.is_terminal() else state.current_player
        seat = viewer if decider is None else decider
        h = self.hidden(state, seat)
        shares = self._shares(h, seat)
        return shares, ({} if decider is None else self._prior(h, state.legal_action_ids()))

    def _shares(self, h: npt.NDArray[np.float32], viewer: PlayerId) -> list[float]:
        shares = self.relative_shares(h)
        players = len(shares)
        return [shares[(p - viewer) % players] for p in range(players)]

    def _prior(self, h: npt.NDArray[np.float32], legal: list[int]) -> dict[int, float]:
        return dict(zip(legal, _softmax(h @ self.wp[:, legal] + self.bp[legal]), strict=True))


def _softmax(logits: npt.NDArray[np.float32]) -> list[float]:
    weights = np.exp(logits - logits.max())
    weights /= weights.sum()
    result: list[float] = weights.tolist()
    return result


def find_model(game: Game, name: str = DEFAULT_WEIGHTS) -> LearnedModel | None:
    """The model called `name` for `game`'s config, or None when no folder has one: the
    shipped weights cover some default configs only, so a variant, another card set or a game
    without an observation encoding has none. A file that is broken, or one in
    `KLEOS_WEIGHTS_PATH` made for another config, is an error. A model is read once per
    process; a name with no file is looked for again each time (a few `stat` calls), so names
    that strangers make up cost no memory."""
    check_name(name)
    if game.encoding is None:
        return None
    folders = weights_folders(game)
    signature = layout_signature(game)
    for folder in folders:
        path = weights_file(folder, name, game)
        key = (str(path), signature)
        if key in _MODELS:
            return _MODELS[key]
        if path.is_file():
            try:
                model = LearnedModel.load(path, game)
            except LayoutMismatch:
                if folder != folders[-1]:
                    raise
                return None
            _MODELS[key] = model
            return model
    return None


_MODELS: dict[tuple[str, str], LearnedModel] = {}
"""The models read so far, by file and layout."""


def write_model(
    path: Path, game: Game, arrays: dict[str, npt.NDArray[np.float32]], meta: dict[str, Any]
) -> None:
    """Write a model for `game`'s config as `LearnedModel.load` reads it: its arrays (`ARRAYS`,
    stored as float16, which halves the shipped files; the model computes in float32) and a
    `meta` entry (the format, game, players and layout signature, then `meta`)."""
    document = {
        **meta,
        "format": FORMAT,
        "game": game.game_id,
        "players": game.players,
        "signature": layout_signature(game),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    entries: dict[str, Any] = {name: arrays[name].astype(np.float16) for name in ARRAYS}
    with path.open("wb") as file:
        np.savez_compressed(file, meta=np.array(json.dumps(document, sort_keys=True)), **entries)
