"""Where learned models are found, by name, and what config a model must fit.

A model is named by a word, never a path: `<name>-<players>p.npz` is looked for in each folder
of `KLEOS_WEIGHTS_PATH` (`os.pathsep`-separated; `kleos train` puts its generations there),
then in the game package's `data/weights/` (the shipped models, named `default`). So an agent
spec that comes from a stranger (the server's seats) can choose a model but not a file.
`kleos.agents.value` reads the models (with numpy, which this module leaves unloaded).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from importlib import resources
from pathlib import Path

from kleos.core.errors import ConfigError
from kleos.core.help import package_of
from kleos.core.protocol import Game

FORMAT = "kleos-weights/1"
"""The format a weights file names in its `meta` entry."""
DEFAULT_WEIGHTS = "default"
WEIGHTS_PATH = "KLEOS_WEIGHTS_PATH"
"""The environment variable of extra weights folders, searched before the shipped ones."""
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


def layout_signature(game: Game) -> str:
    """What a model's input and outputs must match: the game, the number of players, the
    encoding's fields (names, starts, sizes) and the number of action ids, hashed."""
    fields = [(f.name, f.start, f.size) for f in game.encoding_fields()]
    text = json.dumps([game.game_id, game.players, fields, game.num_distinct_actions])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def check_name(name: object) -> str:
    """A weights name, checked: a short lowercase word (never a path)."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ConfigError(
            "weights are named by a word of letters, digits, '-' and '_' (at most 40), "
            f"not {name!r}"
        )
    return name


def weights_folders(game: Game) -> list[Path]:
    """Where weights are looked for, first to last: `KLEOS_WEIGHTS_PATH`, then the game's."""
    extra = [Path(p) for p in os.environ.get(WEIGHTS_PATH, "").split(os.pathsep) if p]
    shipped = Path(str(resources.files(package_of(type(game))) / "data" / "weights"))
    return [*extra, shipped]


def weights_file(folder: Path, name: str, game: Game) -> Path:
    """The file of the model called `name` for `game`'s number of players in `folder`."""
    return folder / f"{name}-{game.players}p.npz"
