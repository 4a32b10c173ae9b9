"""A Gymnasium single-agent environment for one seat of a Kleos game, the other seats played by
Kleos agents: `kleos.rl.gym_env("ilium", players=3, seat=0, opponents="random")`, or
`gymnasium.make("kleos/Ilium-v0")` once `kleos.rl` is imported.

The observation is the seat's encoding (float32, only what the seat may see); the action is an
integer action id of the game; `info["action_mask"]` (int8) marks the legal ids, and
`action_masks()` gives them as booleans (the convention of sb3-contrib's MaskablePPO). The
reward is 0 until the end, then the seat's win share (or score share with `reward="score"`).
Gymnasium lets an agent send any element of the action space: by default an id that is not
legal now ends the episode with reward -1 and the engine's explanation in `info["illegal"]`
(`illegal="raise"` raises `IllegalActionError` instead, for debugging).
docs/research.md documents the environment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from kleos.agents import Agent, Observation, agent_spec, make_agent
from kleos.core.errors import ActionParseError, ConfigError, IllegalActionError
from kleos.core.inputs import quoted
from kleos.core.protocol import Game, State
from kleos.core.rng import derive_seed
from kleos.rl.encode import Encoder
from kleos.rl.spaces import (
    ILLEGAL_PENALTY,
    RENDER_MODES,
    SeedSeries,
    action_mask,
    check_illegal,
    check_render_mode,
    check_reward,
    illegal_action_error,
    observation_box,
    render_text,
    resolve_game,
    shares,
)


class KleosGymEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a Kleos game as a Gymnasium environment (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012
    action_space: gymnasium.spaces.Discrete

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        seed: int | None = None,
        variants: Any = (),
        reward: str = "win",
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = resolve_game(game, players, seed, variants, options)
        learner = self.game.seat(seat)
        if learner is None:
            raise ConfigError("the learner needs a seat, not None (a spectator)")
        self.seat: int = learner
        self.opponents = _opponent_specs(self.game, self.seat, opponents)
        self.reward = check_reward(reward)
        self.illegal = check_illegal(illegal)
        self.render_mode = check_render_mode(render_mode)
        self.encoder = Encoder(self.game)
        self._actions = self.game.num_distinct_actions
        self.observation_space = cast(
            gymnasium.spaces.Space[npt.NDArray[np.float32]], observation_box(self.encoder.size)
        )
        self.action_space = gymnasium.spaces.Discrete(self._actions)
        self._seeds = SeedSeries(self.game.config.master_seed())
        self.game_state: State | None = None
        """The Kleos state of the game under way (None before the first reset)."""
        self._agents: dict[int, Agent] = {}
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a new game (seed `seed`, or the next of the series) and play the other seats
        until the learner's first decision."""
        game_seed = self._seeds.next(seed)
        super().reset(seed=game_seed if seed is not None else None)
        self.game_state = self.game.with_seed(game_seed).new_initial_state()
        self._agents = {
            p: make_agent(spec, derive_seed(game_seed, "seat", p))
            for p, spec in self.opponents.items()
        }
        self._done = False
        self._play_opponents()
        return self._observation(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the other seats until the learner's next decision
        or the end. An id of the action space that is not legal now ends the episode, reward
        -1, the engine's explanation in `info["illegal"]`, the game unchanged (with
        `illegal="raise"`, it raises `IllegalActionError` in the engine's words and changes
        nothing); anything that is no id raises `ActionParseError`."""
        state = self.game_state
        if state is None or self._done:
            raise gymnasium.error.ResetNeeded("call reset(): no game is under way")
        try:
            chosen = self.game.action_from_id(action)
            state.apply_id(action)
        except IllegalActionError as exc:
            if self.illegal == "raise" or isinstance(exc, ActionParseError):
                raise illegal_action_error(exc, f"seat {self.seat}", action) from None
            self._done = True
            info = {"action_mask": np.zeros(self._actions, dtype=np.int8), "illegal": str(exc)}
            return self._observation(), ILLEGAL_PENALTY, True, False, info
        for agent in self._agents.values():
            agent.observe(self.seat, chosen)
        self._play_opponents()
        over = state.is_terminal()
        self._done = over
        reward = shares(state.outcome(), self.reward)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action ids now, as booleans (sb3-contrib's MaskablePPO asks for this)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """With `render_mode="ansi"`, a short text of what the learner's seat sees."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode ('ansi')")
            return None
        return render_text(self._state(), self.seat)

    def _play_opponents(self) -> None:
        """Let the agents decide until the learner's turn or the end."""
        state = self._state()
        agents = self._agents
        while not state.is_terminal() and state.current_player != self.seat:
            player = state.current_player
            assert player is not None
            chosen = agents[player].choose(Observation(state, player))
            state.apply(chosen)
            for agent in agents.values():
                agent.observe(player, chosen)

    def _observation(self) -> npt.NDArray[np.float32]:
        return self.encoder.tensor(self._state(), self.seat)

    def _mask(self) -> npt.NDArray[np.int8]:
        if self._done:
            return np.zeros(self._actions, dtype=np.int8)
        return action_mask(self._state(), self.seat, self._actions)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask()}
        state = self._state()
        if state.is_terminal():
            outcome = state.outcome()
            info["scores"] = list(outcome.scores)
            info["winners"] = list(outcome.winners)
        return info

    def _state(self) -> State:
        if self.game_state is None:
            raise gymnasium.error.ResetNeeded("call reset() before using the environment")
        return self.game_state


def _opponent_specs(game: Game, seat: int, opponents: str | Sequence[str]) -> dict[int, str]:
    """The agent spec of each other seat: one spec for all, or one per other seat in order."""
    others = [p for p in range(game.players) if p != seat]
    specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
    if len(specs) != len(others) or not all(isinstance(s, str) for s in specs):
        raise ConfigError(
            f"opponents must be one agent spec or {len(others)} (one per other seat), "
            f"not {quoted(opponents)}"
        )
    for spec in specs:
        agent_spec(spec)  # a bad spec fails here, not at the first reset
    return dict(zip(others, specs, strict=True))


def gym_env(
    game: str | Game,
    players: int | None = None,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    **options: Any,
) -> KleosGymEnv:
    """A Gymnasium environment for `seat` of a game id (configured like `kleos.make`, game
    options included) or of a configured `Game`, the other seats played by the agents of
    `opponents` (one spec, or one per other seat in seat order). Environment options: `seed`,
    `variants`, `reward` ("win" or "score"), `illegal` ("raise" or "lose"), `render_mode`
    (None or "ansi")."""
    return KleosGymEnv(game, players, seat=seat, opponents=opponents, **options)


__all__ = ["ILLEGAL_PENALTY", "KleosGymEnv", "gym_env"]
