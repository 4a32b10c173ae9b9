"""One package per game; importing this registers the built-in games."""

from kleos.games import elysium as elysium
from kleos.games import ilium as ilium

__all__ = ["elysium", "ilium"]
