"""Kleos's games as OpenSpiel Python games: `import kleos.rl.openspiel` registers every
registered game with an encoding with `pyspiel`, as `python_kleos_<id>`: `python_kleos_ilium`,
`python_kleos_elysium` (docs/research.md).

    import pyspiel
    import kleos.rl.openspiel

    game = pyspiel.load_game("python_kleos_ilium", {"players": 3, "seed": 7})
    state = game.new_initial_state()  # a new deal, drawn from the game's seed sequence

What OpenSpiel sees:

- Game type: SEQUENTIAL, IMPERFECT_INFORMATION, CONSTANT_SUM (utility sum 1), TERMINAL rewards,
  chance SAMPLED_STOCHASTIC: each `new_initial_state()` is a new deal, and the rest of the
  chance (the order of the decks, reshuffles) is part of that dealt state, so there are no
  chance nodes. Returns are each player's win share: 1 for the winner, 1/k each for k tied
  winners, 0 otherwise.
- Game info: `num_distinct_actions` and `max_game_length` from the Kleos game (the length is
  derived from the rules by the game's encoding module), utility from 0 to 1.
- Actions are the Kleos action ids (`State.legal_action_ids`, ascending); any integer type is
  accepted (numpy's too). An id that is not legal raises Kleos's `IllegalActionError` (its
  subclass `ActionParseError` for an id out of range) and changes nothing.
- The observer gives the Kleos encoding (`kleos.rl.encode.Encoder`) as a float32 tensor, with
  a named view per encoding field in `dict`, and strings: the observation string, and the
  information-state string, which is perfect recall (the seat, every move so far and what the
  seat sees now). The tensor is not perfect recall, so the game provides no
  information-state tensor.
- `state.serialize()` holds everything as JSON text, no pickle: the ids played and the whole
  Kleos state (hidden parts included) as its JSON state document (`kleos.core.jsonstate`).
  `game.deserialize_state(text)` reads it back strictly: any other text raises
  `StateDataError`.
  `pyspiel.serialize_game_and_state` (and `random_sim_test(serialize=True)`) cannot work: for a
  SAMPLED_STOCHASTIC game OpenSpiel asks for an RNG state a Python game cannot provide.
- Cloning copies the Kleos state with its cheap `clone` (OpenSpiel deep-copies a Python
  state's attributes: the one attribute, `_core`, copies itself cheaply and never drags in the
  game). `copy.copy`/`copy.deepcopy` clone too; `pickle` keeps a game as its parameters and
  seed sequence, a state as its game and `serialize()`.
- `Resampler` (for `ISMCTSBot.set_resampler`) and `state.resample_from_infostate` build a
  state consistent with a seat's information from `State.determinize`.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np
import pyspiel

from kleos.core.errors import ConfigError, GameOverError
from kleos.core.inputs import as_index, echo
from kleos.core.jsonstate import Fields, parse_state_text, state_text
from kleos.core.protocol import Game, PlayerId, State
from kleos.core.registry import game_class, game_ids, make
from kleos.core.rng import SEED_BITS
from kleos.core.spec import VARIANTS, Data, Number
from kleos.core.state import field_names
from kleos.rl.encode import Encoder, information_state_string, observation_string

TERMINAL = int(pyspiel.PlayerId.TERMINAL)
MAX_SEED = 2**31 - 1
"""OpenSpiel's integer parameters are 32-bit."""

# ------------------------------------------------------------------ game types and params


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a Kleos game: 'python_kleos_' + its id."""
    return "python_kleos_" + game_id.replace("-", "_")


def parameter_specification(game_id: str) -> dict[str, Any]:
    """The game parameters and their defaults (all simple values, as OpenSpiel wants), from
    the game's spec: `players` (the game's default when omitted), `seed` (the start of the
    sequence of deals; -1: fresh entropy for each loaded game), then each option as text ('' for
    its default; lists joined by '+', as commas end a parameter in OpenSpiel's game strings; a
    data option is the path of its file) or, for a number, its default number."""
    cls = game_class(game_id)
    params: dict[str, Any] = {"players": cls.default_players, "seed": -1}
    for option in cls.spec.all_options:
        params[option.name] = option.default if isinstance(option, Number) else ""
    return params


def game_type(game_id: str) -> pyspiel.GameType:
    """The OpenSpiel game type of a Kleos game."""
    cls = game_class(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Kleos {cls.title} (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_id),
    )


def _configure(game_id: str, params: Mapping[str, Any]) -> tuple[Game, int | None, dict[str, Any]]:
    """The Kleos game (seed 0: a template each deal reseeds), the seed sequence's start, and
    the parameters as OpenSpiel keeps them (lists normalised to '+')."""
    defaults = parameter_specification(game_id)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ConfigError(
            f"{short_name(game_id)} has no parameter {echo(', '.join(map(str, unknown)))} "
            f"(parameters: {', '.join(defaults)})"
        )
    values = {**defaults, **params}
    players, seed = as_index(values["players"]), as_index(values["seed"])
    if players is None:
        raise ConfigError(f"parameter 'players' is a whole number, not {echo(values['players'])}")
    if seed is None or not -1 <= seed <= MAX_SEED:
        raise ConfigError(f"parameter 'seed' is -1 or from 0 to {MAX_SEED}, not {echo(seed)}")
    spec = game_class(game_id).spec
    options: dict[str, Any] = {}
    for option in spec.all_options:
        given = values[option.name]
        if isinstance(option, Number):
            options[option.name] = given
            continue
        if not isinstance(given, str):
            raise ConfigError(f"parameter '{option.name}' is text, not {echo(given)}")
        value = option.from_text(given)
        if value is not None and value != []:
            options[option.name] = value
        if not isinstance(option, Data):
            values[option.name] = option.to_text(value)
    variants = options.pop(VARIANTS, [])
    template = make(game_id, players=players, seed=0, variants=variants, **options)
    values["players"], values["seed"] = players, seed
    return template, (None if seed == -1 else seed), values


# ----------------------------------------------------------------------------- the game


class KleosGame(pyspiel.Game):  # type: ignore[misc]
    """A Kleos game as an OpenSpiel game; each `new_initial_state()` is a new deal."""

    game_id: ClassVar[str]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        template, seed, values = _configure(self.game_id, dict(params or {}))
        self.kleos_game = template
        """The Kleos game of this config (seed 0; each deal uses a fresh seed)."""
        self._rng = random.Random(seed)
        self._encoder: Encoder | None = None
        info = pyspiel.GameInfo(
            num_distinct_actions=template.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=template.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=template.max_game_length(),
        )
        super().__init__(game_type(self.game_id), info, values)

    @property
    def encoder(self) -> Encoder:
        """The observation encoder of this config (made on first use)."""
        if self._encoder is None:
            self._encoder = Encoder(self.kleos_game)
        return self._encoder

    def deal(self) -> State:
        """A new Kleos starting position, from the next seed of the game's sequence."""
        seed = self._rng.getrandbits(SEED_BITS)
        return self.kleos_game.with_seed(seed).new_initial_state()

    def new_initial_state(self, *args: Any) -> KleosState:
        """A new deal (dealt on first use, so a state OpenSpiel makes to clone into costs
        nothing and draws no seed)."""
        if args:
            raise ConfigError(f"{short_name(self.game_id)} starts only from a new deal")
        return KleosState(self)

    def from_kleos(self, state: State, moves: list[int] | None = None) -> KleosState:
        """An OpenSpiel state wrapping a Kleos state of this config (`moves`: the ids played
        so far, for the information-state string; OpenSpiel's own history stays empty)."""
        mine, theirs = self.kleos_game.config, state.game.config
        if (mine.game_id, mine.players, mine.variants, mine.options) != (
            theirs.game_id,
            theirs.players,
            theirs.variants,
            theirs.options,
        ):
            raise ConfigError(f"this {state.game.title} state is not of the config {self}")
        new = KleosState(self)
        new._core = _Core(None, state, list(moves or ()))
        return new

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> KleosObserver:
        """The observer OpenSpiel's observations and strings use (see `KleosObserver`)."""
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel may pass only the params
            iig_obs_type, params = None, iig_obs_type
        return KleosObserver(self, iig_obs_type, params)

    def action_to_string(self, player: int, action: int) -> str:
        """An action id's Kleos text."""
        return str(self.kleos_game.action_from_id(action))

    def deserialize_state(self, data: str) -> KleosState:
        """The state `state.serialize()` wrote: JSON read strictly (no pickle), so text from
        anywhere becomes a state of this game or raises `StateDataError`."""
        document = parse_state_text(data)
        top = Fields(document, "serialized state")
        moves = top.ints("moves", 0, self.kleos_game.num_distinct_actions - 1)
        state = self.kleos_game.state_from_json(top.raw("state"))
        top.done()
        return self.from_kleos(state, moves)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its parameters and where its seed sequence is
        (OpenSpiel's own pickling asks a SAMPLED_STOCHASTIC game for an RNG state it cannot
        give)."""
        params = dict(self.get_parameters())
        return (_restore_game, (self.game_id, params, self._rng.getstate()))


def _restore_game(game_id: str, params: dict[str, Any], rng: tuple[Any, ...]) -> KleosGame:
    """A pickled game: the same parameters, the seed sequence where it was."""
    game = GAMES[game_id](params)
    game._rng.setstate(rng)
    return game


# ---------------------------------------------------------------------------- the state


class _Core:
    """Everything an OpenSpiel state of Kleos holds: OpenSpiel deep-copies and pickles a
    Python state's attributes, and this one copies itself with the Kleos state's `clone`."""

    __slots__ = ("deal", "legal", "moves", "state", "strings")

    def __init__(
        self, deal: Callable[[], State] | None, state: State | None, moves: list[int]
    ) -> None:
        self.deal = deal
        """Deals the state on first use (None once dealt)."""
        self.state = state
        self.legal: list[int] | None = None
        """The legal ids of `state`, once asked for (never mutated: shared by copies)."""
        self.moves = moves
        """The ids played so far."""
        self.strings: dict[tuple[bool, bool, int], str] | None = None
        """The observers' strings of `state`, once asked for (ISMCTS asks several times)."""

    def get(self) -> State:
        """The Kleos state, dealt now if it is not yet."""
        state = self.state
        if state is None:
            assert self.deal is not None
            state = self.state = self.deal()
            self.deal = None
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        copy = _Core(None, self.get().clone(), self.moves[:])
        copy.legal = self.legal
        return copy


class KleosState(pyspiel.State):  # type: ignore[misc]
    """A position of a Kleos game as an OpenSpiel state (`kleos_state` is the Kleos one)."""

    _core: _Core

    def __init__(self, game: KleosGame) -> None:
        super().__init__(game)
        self._core = _Core(game.deal, None, [])

    def __copy__(self) -> KleosState:
        """`clone()`: `copy.copy` and `copy.deepcopy` share the game, as OpenSpiel's clones do."""
        copy: KleosState = self.clone()
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> KleosState:
        return self.__copy__()

    def serialize(self) -> str:
        """Everything, as JSON text: the ids played so far and the whole Kleos state (hidden
        parts included; `kleos.core.jsonstate`). `game.deserialize_state` reads it back."""
        return state_text({"moves": self._core.moves, "state": self._core.get().to_json()})

    def history(self) -> list[int]:
        """The ids played so far (a deserialized state has them too: its JSON carries them,
        where OpenSpiel's own history would start empty)."""
        return list(self._core.moves)

    def history_str(self) -> str:
        """The ids played so far, as OpenSpiel writes a history."""
        return ", ".join(map(str, self._core.moves))

    def move_number(self) -> int:
        """How many moves have been played (no chance nodes: the deal is sampled inside)."""
        return len(self._core.moves)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game (parameters and seed sequence) and `serialize()`."""
        return (_restore_state, (self.get_game(), self.serialize()))

    @property
    def kleos_state(self) -> State:
        """The Kleos state behind this one (all of it: hidden parts included)."""
        return self._core.get()

    @property
    def moves(self) -> tuple[int, ...]:
        """The action ids played so far."""
        return tuple(self._core.moves)

    def current_player(self) -> int:
        """The seat that decides, or `pyspiel.PlayerId.TERMINAL` once the game is over."""
        state = self._core.state
        if state is None:
            state = self._core.get()
        player = state.current_player
        return TERMINAL if player is None else player

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        state = self._core.state
        if state is None:
            state = self._core.get()
        return state.is_terminal()

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of `player` (default: the current player), ascending; empty
        for anyone else and once the game is over. (OpenSpiel's own `legal_actions` gives the
        same through C++; this shortcut saves Python callers the round trip.)"""
        core = self._core
        state = core.state
        if state is None:
            state = core.get()
        current = state.current_player
        if player is None or player == current:
            if current is None:
                return []
            legal = core.legal
            if legal is None:
                legal = core.legal = state.legal_action_ids()
            return legal[:]
        seat = as_index(player)
        if seat is None or seat < 0:
            raise pyspiel.SpielError(f"legal_actions is for a seat, not {echo(player)}")
        return []

    def is_chance_node(self) -> bool:
        """Never: chance is part of each deal (SAMPLED_STOCHASTIC)."""
        return False

    def _legal_actions(self, player: int) -> list[int]:
        """The current player's legal action ids, ascending (OpenSpiel asks only for it)."""
        core = self._core
        legal = core.legal
        if legal is None:
            legal = core.legal = core.get().legal_action_ids()
        return legal

    def _apply_action(self, action: int) -> None:
        """Play a legal id; any other raises `IllegalActionError` and changes nothing."""
        core = self._core
        state = core.state
        if state is None:
            state = core.get()
        legal = core.legal
        if legal is None:
            legal = state.legal_action_ids()
        at = bisect_left(legal, action)
        if at < len(legal) and legal[at] == action:
            state.apply_unchecked(state.game.action_space.all[action])
        elif state.is_terminal():
            raise GameOverError(f"the game is over; action {action} cannot be played")
        else:
            state.apply_id(action)  # not legal: raises, saying why, and changes nothing
        core.legal = core.strings = None
        core.moves.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """An action id's Kleos text."""
        return str(self._core.get().game.action_from_id(action))

    def returns(self) -> list[float]:
        """Each player's win share once the game is over (ties share), zeros before."""
        state = self._core.get()
        if state.is_terminal():
            return list(state.outcome().returns())
        return [0.0] * state.game.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KleosState:
        """A state consistent with `player_id`'s information (`State.determinize`), its
        resampling seeded from `probability_sampler` (a callable giving floats in [0, 1))."""
        seed = int(float(probability_sampler()) * 2**53)
        return resample(self, player_id, random.Random(seed))

    def __str__(self) -> str:
        """Everything, hidden parts included (for debugging): a summary line, the moves, and
        every field of the Kleos state."""
        state = self._core.get()
        game = state.game
        player = state.current_player
        if player is None:
            status = f"over, returns {list(state.outcome().returns())}"
        else:
            status = f"{game.player_name(player)} (seat {player}) to decide"
        fields = [
            f"{name}={getattr(state, name)!r}"
            for name in field_names(type(state))
            if name not in ("game", "_events")
        ]
        moves = ",".join(map(str, self._core.moves))
        lines = [f"{game.title}, {game.players} players, {status}", f"moves {moves}", *fields]
        return "\n".join(lines)


def _restore_state(game: KleosGame, data: str) -> KleosState:
    """A pickled state (with its history)."""
    return game.deserialize_state(data)


# ----------------------------------------------------------------------------- observer


class KleosObserver:
    """OpenSpiel's Python observer of a Kleos game: `tensor` (float32, the Kleos encoding),
    `dict` (a view of `tensor` per encoding field), `set_from`, `string_from`.

    The seat sees its own secrets (private info SINGLE_PLAYER, the default) or, with private
    info NONE, only what everyone sees (the Kleos spectator's encoding). With perfect recall
    (the information-state observer) only strings are given: the tensor is not perfect
    recall. All players' private info, no public info and observer params are refused.
    """

    def __init__(
        self,
        game: KleosGame,
        iig_obs_type: pyspiel.IIGObservationType | None,
        params: Mapping[str, Any] | None,
    ) -> None:
        if params:
            raise ConfigError(f"{short_name(game.game_id)} observers take no parameters")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        private = kind.private_info
        if not kind.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ConfigError(
                "Kleos observers show public information with the seat's own secrets or none "
                "(private info SINGLE_PLAYER or NONE)"
            )
        self.encoder = game.encoder
        self.perfect_recall = bool(kind.perfect_recall)
        self.own_secrets = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(self.encoder.size, np.float32)
            for field in self.encoder.fields:
                self.dict[field.name] = self.tensor[field.start : field.start + field.size]

    def _seat(self, player: int) -> PlayerId | None:
        return player if self.own_secrets else None

    def set_from(self, state: KleosState, player: int) -> None:
        """Write what `player` sees of `state` into `tensor`."""
        if self.tensor is not None:
            self.encoder.fill(state._core.get(), self._seat(player), self.tensor)

    def string_from(self, state: KleosState, player: int) -> str:
        """What `player` sees now, or (perfect recall) everything it has seen."""
        core = state._core
        key = (self.perfect_recall, self.own_secrets, player)
        strings = core.strings
        if strings is None:
            strings = core.strings = {}
        else:
            text = strings.get(key)
            if text is not None:
                return text
        seat = self._seat(player)
        if self.perfect_recall:
            text = information_state_string(core.get(), seat, core.moves)
        else:
            text = observation_string(core.get(), seat)
        strings[key] = text
        return text


# ---------------------------------------------------------------------------- resampling


def resample(state: KleosState, player: int, rng: random.Random) -> KleosState:
    """A copy of `state` (same history) whose hidden parts are resampled for `player`'s
    information from `rng`: what `ISMCTSBot` needs."""
    copy: KleosState = state.clone()
    core = copy._core
    core.state = state._core.get().determinize(player, rng)
    core.legal = core.strings = None
    return copy


class Resampler:
    """The resampler `ISMCTSBot.set_resampler` takes, seeded for reproducible searches.

    bot = ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=100)
    bot.set_resampler(Resampler(seed=1))
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: KleosState, player: int) -> KleosState:
        return resample(state, player, self.rng)


# -------------------------------------------------------------------------- registration

GAMES: dict[str, type[KleosGame]] = {}
"""The OpenSpiel game class of each Kleos game registered with OpenSpiel."""


def register_openspiel() -> None:
    """Register with OpenSpiel every registered Kleos game that has an observation encoding
    (again: a no-op), as `python_kleos_<id>`."""
    for game_id in game_ids():
        cls = game_class(game_id)
        if game_id in GAMES or cls.encoding is None:
            continue
        name = "".join(word.title() for word in game_id.split("-")) + "Game"
        doc = (
            f"{cls.title} ({cls.min_players}–{cls.max_players} players) as `{short_name(game_id)}`."
        )
        GAMES[game_id] = type(name, (KleosGame,), {"game_id": game_id, "__doc__": doc})
        pyspiel.register_game(game_type(game_id), GAMES[game_id])


register_openspiel()
