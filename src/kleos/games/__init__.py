"""One package per game: importing this registers each package here, so a new game needs no
edit outside its own package. Games of other distributions register through the `kleos.games`
entry-point group when the registry is first asked (`kleos.core.registry`)."""

from __future__ import annotations

import importlib
import pkgutil


def load_games() -> None:
    """Import every game package here (each registers itself)."""
    for found in pkgutil.iter_modules(__path__):
        if found.ispkg:
            importlib.import_module(f"{__name__}.{found.name}")


load_games()
