"""Kleos: rules engines, AI and play for the board games Ilium and Elysium."""

__version__ = "0.1.0"

from kleos.core import *  # noqa: E402,F403
from kleos.core import __all__ as _core_all  # noqa: E402
from kleos import games as games  # noqa: E402  (registers the built-in games)

__all__ = ["__version__", "games", *_core_all]
