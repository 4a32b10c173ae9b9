"""A PettingZoo AEC environment for a Kleos game: `kleos.rl.pettingzoo_env("ilium", players=3)`.

Agents `player_0` … `player_{n-1}` are the seats. The agent to act is the seat the game asks
(not always the next one in turn order). Each observation is a dict: `"observation"`, the
seat's encoding (`kleos.rl.encode.Encoder`: float32, only what the seat may see) and
`"action_mask"` (int8 over the game's integer action space: 1 for each legal id of the agent to
act, all 0 for every other agent and once the game is over). Rewards come once, at the end:
each agent's win share, or with `reward="score"` its score share (`kleos.rl.spaces.shares`).
An action id that is not legal now ends the game as PettingZoo classic's
`TerminateIllegalWrapper` does: every agent terminates, the offending one with reward -1 and the
engine's explanation in its info (`"illegal"`), the others with 0 (`illegal="raise"` raises
`IllegalActionError` instead, for debugging). docs/research.md documents the environment.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from kleos.core.errors import ActionParseError, ConfigError, IllegalActionError
from kleos.core.inputs import as_index, quoted
from kleos.core.protocol import Game, State
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
    mask_box,
    observation_box,
    render_text,
    resolve_game,
    shares,
)

Observation = dict[str, npt.NDArray[Any]]


class KleosAECEnv(AECEnv):  # type: ignore[misc]
    """One Kleos game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it as a class attribute
        "name": "kleos_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        seed: int | None = None,
        variants: Any = (),
        reward: str = "win",
        max_cycles: int | None = None,
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = resolve_game(game, players, seed, variants, options)
        self.encoder = Encoder(self.game)
        self.reward = check_reward(reward)
        self.illegal = check_illegal(illegal)
        self.render_mode = check_render_mode(render_mode)
        cycles = None if max_cycles is None else as_index(max_cycles)
        if max_cycles is not None and (cycles is None or cycles < 1):
            raise ConfigError(
                f"max_cycles must be None or a whole number ≥ 1, not {quoted(max_cycles)}"
            )
        self.max_cycles = cycles
        self.metadata = {**self.metadata, "name": f"kleos_{self.game.game_id}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(self.game.players)]
        self._seats = {agent: p for p, agent in enumerate(self.possible_agents)}
        self._actions = self.game.num_distinct_actions
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": observation_box(self.encoder.size),
                    "action_mask": mask_box(self._actions),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(self._actions) for agent in self.possible_agents
        }
        self._seeds = SeedSeries(self.game.config.master_seed())
        self.game_state: State | None = None
        """The Kleos state of the game under way (None before the first reset)."""
        self.agents: list[str] = []
        self._decisions = 0
        self._max_decisions: int | None = None if cycles is None else cycles * self.game.players

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """The agent's action space: the game's integer action ids (the same object each call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: seed `seed`, or without one the next game of the series."""
        game = self.game.with_seed(self._seeds.next(seed))
        self.game_state = state = game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._decisions = 0
        assert state.current_player is not None
        self.agent_selection = self.possible_agents[state.current_player]

    def observe(self, agent: str) -> Observation:
        """What `agent` sees now, and its action mask."""
        state = self._state()
        seat = self._seats[agent]
        ended = self.terminations.get(agent, False) or self.truncations.get(agent, False)
        return {
            "observation": self.encoder.tensor(state, seat),
            "action_mask": (
                np.zeros(self._actions, dtype=np.int8)
                if ended
                else action_mask(state, seat, self._actions)
            ),
        }

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play the agent's action id. An id of the action space that is not legal now ends the
        game (every agent terminates; this one's reward is -1, its info's `"illegal"` the
        engine's explanation; the game itself unchanged), or with `illegal="raise"` raises
        `IllegalActionError` in the engine's words and changes nothing; anything that is no id
        raises `ActionParseError`. A finished agent steps with None."""
        state = self._state()
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        try:
            state.apply_id(action)
        except IllegalActionError as exc:
            if self.illegal == "raise" or isinstance(exc, ActionParseError):
                raise illegal_action_error(exc, agent, action) from None
            self._end_illegally(agent, str(exc))
            return
        self._decisions += 1
        self._cumulative_rewards[agent] = 0.0
        over = state.is_terminal()
        limit = self._max_decisions
        cut = not over and limit is not None and self._decisions >= limit
        if over:
            self.rewards = dict(zip(self.agents, shares(state.outcome(), self.reward), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if cut:
                self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if over or cut:
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[state.current_player]  # type: ignore[index]

    def _end_illegally(self, agent: str, why: str) -> None:
        """End the game after `agent` sent an id that is not legal now (TerminateIllegalWrapper's
        convention)."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = ILLEGAL_PENALTY
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {} for a in self.agents}
        self.infos[agent] = {"illegal": why}
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """With `render_mode="ansi"`, a short text of what the agent to act sees (its view)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode ('ansi')")
            return None
        state = self._state()
        seat = self._seats.get(self.agent_selection) if not state.is_terminal() else None
        return render_text(state, seat)

    def close(self) -> None:
        """Nothing to release."""

    def _state(self) -> State:
        if self.game_state is None:
            raise ConfigError("call reset() before using the environment")
        return self.game_state


def pettingzoo_env(
    game: str | Game,
    players: int | None = None,
    **options: Any,
) -> KleosAECEnv:
    """A PettingZoo AEC environment of a game id (configured like `kleos.make`, game options
    included) or of a configured `Game`. Environment options: `seed`, `variants`,
    `reward` ("win" or "score"), `max_cycles` (None, or k: truncate the game after k × players
    decisions), `illegal` ("lose", the default: an illegal id ends the game, -1 to its agent; or
    "raise"), `render_mode` (None or "ansi")."""
    return KleosAECEnv(game, players, **options)


__all__ = ["KleosAECEnv", "pettingzoo_env"]
