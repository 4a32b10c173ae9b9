"""The errors Kleos raises for bad input: each says what was wrong and what is allowed."""

from __future__ import annotations


class KleosError(Exception):
    """Base of every error Kleos raises for bad input (actions, records, configs)."""


class ConfigError(KleosError, ValueError):
    """A game configuration that cannot be played (player count, variant, option)."""


class IllegalActionError(KleosError, ValueError):
    """An action that is not legal in the current state; the state is left unchanged."""


class ActionParseError(IllegalActionError):
    """Action text or an action id that does not name any action of the game."""


class RecordError(KleosError, ValueError):
    """A game record that is malformed, tampered with, or does not replay."""


class SeatError(KleosError, ValueError):
    """A seat that does not exist in this game (seats are 0 to players - 1; None: a spectator)."""


class ArgumentError(KleosError, TypeError):
    """An argument of the wrong kind for a Kleos call (a random source that is not a Random)."""


class StaleStateError(KleosError):
    """A move made against a state that is no longer the current one (`Match.submit`)."""


class NotYourTurnError(IllegalActionError):
    """A move by a seat that does not decide now."""


class GameOverError(IllegalActionError):
    """A move after the game has ended."""


class StateDataError(KleosError, ValueError):
    """A state document that is not one the rules could reach (`kleos.core.jsonstate`)."""
