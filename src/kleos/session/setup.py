"""`Setup`: what a command plays — a game config without its seed and the agent of each seat —
checked once, for the CLI, simulations, tournaments and self-play alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kleos.agents import AgentSpec, agent_spec, make_agent
from kleos.core.errors import ConfigError
from kleos.core.inputs import echo
from kleos.core.protocol import Game
from kleos.core.registry import game_class, make, make_from_config
from kleos.core.spec import VARIANTS

RANDOM = "random"


@dataclass(frozen=True)
class Setup:
    """A checked game config without its seed (options as data: any file is read) and the
    agent spec of each seat, in its one written form."""

    game_id: str
    variants: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    seats: tuple[str, ...]

    @property
    def players(self) -> int:
        """The number of players (one per seat)."""
        return len(self.seats)

    @classmethod
    def check(
        cls,
        game_id: str,
        *,
        players: int | None = None,
        seats: Sequence[str] | None = None,
        variants: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        people: Sequence[str] = (),
    ) -> Setup:
        """The setup of a command, or a `ConfigError` that says what is wrong: the game, its
        players (`players`, else one per seat, else the game's default), its variants and
        options (checked by the game's spec; a data option's file is read now), and the agent
        of each seat (default: random); a seat named in `people` is a person, not an agent."""
        game_cls = game_class(game_id)
        if seats is not None and not seats:
            raise ConfigError("give at least one seat")
        count = players if players is not None else len(seats) if seats else None
        count = game_cls.default_players if count is None else count
        template = make(game_id, players=count, seed=0, variants=variants, **dict(options or {}))
        chosen = tuple(seats) if seats is not None else (RANDOM,) * template.players
        if len(chosen) != template.players:
            raise ConfigError(f"{len(chosen)} seats given for {template.players} players")
        config = template.config
        return cls(
            game_id,
            config.variants,
            config.options,
            tuple(seat if seat in people else canonical_spec(seat) for seat in chosen),
        )

    def game(self, seed: int) -> Game:
        """The game of this setup dealt from `seed`."""
        return make_from_config(
            {
                "game": self.game_id,
                "players": self.players,
                "seed": seed,
                "variants": list(self.variants),
                "options": dict(self.options),
            }
        )

    def with_seats(self, seats: Sequence[str]) -> Setup:
        """This config with other seats, as many as before (a line-up's rotation)."""
        return Setup(self.game_id, self.variants, self.options, tuple(seats))


def canonical_spec(text: str) -> str:
    """An agent spec checked (an agent is made from it) and in its one written form: levels
    expanded, options sorted ('easy' -> 'heuristic')."""
    make_agent(text, 0)
    parsed = agent_spec(text)
    return str(AgentSpec(parsed.name, tuple(sorted(parsed.options))))


def options_from_texts(game_id: str, pairs: Sequence[str]) -> tuple[list[str], dict[str, Any]]:
    """The variants and options that `name=value` texts give (a command line's `--option`),
    each value read by its option's kind in the game's spec."""
    spec = game_class(game_id).spec
    texts: dict[str, str] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name.strip():
            raise ConfigError(f"an option is written name=value, not '{echo(pair)}'")
        texts[name.strip()] = text.strip()
    values = spec.from_texts(texts)
    variants = values.pop(VARIANTS, [])
    return list(variants), values
