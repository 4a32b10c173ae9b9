"""What the PettingZoo and Gymnasium environments share: the game they play, their spaces,
rewards and seeds, the legality check of a step and a short text rendering of a seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt

from kleos.core.errors import ConfigError, IllegalActionError
from kleos.core.inputs import as_index, quoted
from kleos.core.protocol import Game, Outcome, PlayerId, State
from kleos.core.registry import make
from kleos.core.rng import MAX_SEED, derive_seed, new_seed

IllegalMode = Literal["lose", "raise"]
ILLEGAL_MODES: tuple[IllegalMode, ...] = ("lose", "raise")
ILLEGAL_PENALTY = -1.0
"""The reward of the agent whose action id is not legal now, with `illegal="lose"` (the
default): the episode ends there, as PettingZoo classic's `TerminateIllegalWrapper` ends it."""
RewardMode = Literal["win", "score"]
REWARD_MODES: tuple[RewardMode, ...] = ("win", "score")
RENDER_MODES = ("ansi",)
MAX_LISTED_ACTIONS = 12
"""`render` lists at most this many legal actions."""


def resolve_game(
    game: str | Game,
    players: int | None,
    seed: int | None,
    variants: Any,
    options: Mapping[str, Any],
) -> Game:
    """The game an environment plays: a game id configured with `kleos.make`, or a configured
    `Game` (then no players, variants or options may differ from its config)."""
    if not isinstance(game, Game):
        return make(game, players=players, seed=seed, variants=variants, **options)
    if players is not None and players != game.players:
        raise ConfigError(f"this {game.title} game is for {game.players} players, not {players}")
    if variants or options:
        raise ConfigError("pass a game id to set variants or options, not a configured game")
    if seed is not None or game.config.seed is None:
        game = game.with_seed(check_seed(new_seed() if seed is None else seed))
    return game


def check_seed(seed: object) -> int:
    """A reset seed: a whole number from 0 to 2^64 − 1."""
    number = as_index(seed)
    if number is None or not 0 <= number <= MAX_SEED:
        raise ConfigError(f"seed must be a whole number from 0 to 2^64 − 1, not {quoted(seed)}")
    return number


def check_reward(reward: object) -> RewardMode:
    """A reward mode, checked."""
    for mode in REWARD_MODES:
        if reward == mode:
            return mode
    raise ConfigError(f"reward must be 'win' or 'score', not {quoted(reward)}")


def check_illegal(illegal: object) -> IllegalMode:
    """What a step does with an action id that is not legal now, checked."""
    for mode in ILLEGAL_MODES:
        if illegal == mode:
            return mode
    raise ConfigError(f"illegal must be 'lose' or 'raise', not {quoted(illegal)}")


def check_render_mode(render_mode: object) -> str | None:
    """A render mode, checked (only text: 'ansi')."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ConfigError(f"render_mode must be None or 'ansi', not {quoted(render_mode)}")
    return None if render_mode is None else str(render_mode)


class SeedSeries:
    """The seeds of successive resets: `reset(seed=s)` deals seed s, and each later `reset()`
    the next game of its series, `derive_seed(s, "episode", k)` for the k-th one; before any
    seeded reset, s is the seed the environment's game was configured with."""

    def __init__(self, seed: int) -> None:
        self.base = seed
        self.count = -1

    def next(self, seed: int | None) -> int:
        """The seed of the game a reset deals."""
        if seed is not None:
            self.base, self.count = check_seed(seed), 0
            return self.base
        self.count += 1
        return self.base if self.count == 0 else derive_seed(self.base, "episode", self.count)


def observation_box(size: int) -> gymnasium.spaces.Box:
    """The space of observation tensors: every entry of a game's encoding lies in [0, 1]
    (`kleos.core.encoding`: counts are scaled by a bound the game fixes, or saturated)."""
    return gymnasium.spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32)


def mask_box(actions: int) -> gymnasium.spaces.Box:
    """The space of action masks: 1 for a legal action id, else 0."""
    return gymnasium.spaces.Box(0, 1, shape=(actions,), dtype=np.int8)


def action_mask(state: State, player: PlayerId | None, actions: int) -> npt.NDArray[np.int8]:
    """1 at every legal action id of `player` (all 0 when another seat decides or it is over)."""
    mask = np.zeros(actions, dtype=np.int8)
    if player is not None and state.current_player == player:
        mask[state.legal_action_ids()] = 1
    return mask


def shares(outcome: Outcome, reward: RewardMode) -> tuple[float, ...]:
    """Each seat's reward at the end: its win share (1 for a sole winner, 1/k for each of k
    tied winners, 0 otherwise) or its score share (its score clipped at 0 over the total of the
    clipped scores; 1/players each when that total is 0). Both sum to 1."""
    if reward == "win":
        return outcome.returns()
    clipped = [max(0, s) for s in outcome.scores]
    total = sum(clipped)
    if total == 0:
        return tuple(1.0 / len(clipped) for _ in clipped)
    return tuple(s / total for s in clipped)


def illegal_action_error(exc: IllegalActionError, who: str, action: object) -> IllegalActionError:
    """The error of a step with an action that is not legal now, in the engine's words."""
    number = as_index(action)
    shown = quoted(action) if number is None else str(number)
    return type(exc)(f"{who} cannot play action {shown}: {exc}")


def render_text(state: State, seat: PlayerId | None) -> str:
    """A short text of what `seat` sees: the scoreboard, the decision and (when it is the
    seat's) the legal actions with their ids; drawn from the view, so it shows no secret."""
    game = state.game
    view = state.view(seat)
    lines = [f"{game.title}, {game.players} players, seen by {_who(game, seat)}"]
    for figures in view["seats"]:
        p = figures["seat"]
        mark = ">" if p == view["current_player"] else " "
        rest = ", ".join(
            f"{k} {v}" for k, v in figures.items() if k not in ("seat", "name", "colour")
        )
        lines.append(f"{mark} {figures['name']}: {rest}")
    if view["is_terminal"]:
        outcome = view["outcome"]
        winners = ", ".join(game.player_name(p) for p in outcome["winners"])
        scores = ", ".join(map(str, outcome["scores"]))
        lines.append(f"Game over: {outcome['reason'] or 'the game has ended'}.")
        lines.append(f"Scores {scores}; won by {winners}.")
        return "\n".join(lines)
    lines.append(f"{view['decision']['prompt']}.")
    if seat is not None and seat == state.current_player:
        legal = state.legal_actions()
        listed = [f"  {game.action_id(a)}: {game.action_label(a)}" for a in legal]
        lines.append(f"Legal actions ({len(legal)}), id: action:")
        lines += listed[:MAX_LISTED_ACTIONS]
        if len(listed) > MAX_LISTED_ACTIONS:
            lines.append(f"  … and {len(listed) - MAX_LISTED_ACTIONS} more")
    return "\n".join(lines)


def _who(game: Game, seat: PlayerId | None) -> str:
    return "a spectator" if seat is None else f"{game.player_name(seat)} (seat {seat})"
