"""The Elysium card set: families, designs, cards, quests and tables, from TOML data.

A card set travels as data, never as a file name: `card_set_data` reads a card-set TOML file
(bounded in size) into the table that a game config keeps, and `card_set_for` builds the CardSet
of such a table (None: the package's `data/cards.toml`), parsed and checked by the sibling
module `schema` and cached by content. So a record holds its cards, and no record can make the
engine open a file. `load_card_set` does both for a path.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, time
from importlib import resources
from typing import TYPE_CHECKING, Any, Final, TypeVar

from kleos.core.errors import ConfigError
from kleos.core.frozen import Frozen
from kleos.core.inputs import echo, echo_path, quoted, read_bounded

if TYPE_CHECKING:
    from kleos.games.elysium.schema import CardSetTable, EffectTable

MAX_CARD_SET_BYTES: Final = 1024 * 1024
"""The largest card-set file read: 16 times the package's (about 60 KB), and small enough to
parse in under a second (as Ilium's boards)."""
MAX_NESTING: Final = 16
"""How deep a card set's arrays and tables may nest (the package's nest 5 deep)."""
MAX_LISTED_PROBLEMS: Final = 8
"""At most this many problems are listed by a ConfigError for a malformed card set (which also
gives their count), fewer when they would not fit in `MESSAGE_BUDGET` characters."""
MESSAGE_BUDGET: Final = 360
"""Problems are listed while the message stays this short (its last line, "... and N more",
excepted)."""
CACHE_SIZE: Final = 16
"""How many card sets built from data are kept, so that games rebuilt from data are cheap."""


@dataclass(frozen=True)
class Amount(Frozen):
    """A resource and a number: a gift of `share_gift` or an option of `opponents_lose`.

    For `opponents_lose` the `resource` field holds the loss kind (which may be 'discard').
    """

    resource: str
    n: int


@dataclass(frozen=True)
class Effect(Frozen):
    """One primitive of a power (docs/elysium.md §12) with its parameters; unused ones keep
    defaults."""

    op: str
    n: int = 0
    resource: str = ""
    counter: str = ""
    levels: frozenset[int] = frozenset()
    citizens: bool = False
    gifts: tuple[Amount, ...] = ()
    options: tuple[Amount, ...] = ()
    kinds: tuple[str, ...] = ()
    max_level: int = 0


@dataclass(frozen=True)
class Design(Frozen):
    """A card design: the 3 copies share everything here and differ only in condition."""

    index: int
    id: str
    family: str
    name: str
    level: int
    power: str
    window: str
    """'actions', 'legends' or 'any' for activate/trigger powers; '' otherwise."""
    hook: str
    """'on_take_quest' for hooked permanent powers; '' otherwise."""
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Card(Frozen):
    """One physical card: a copy of a design with its acquisition condition."""

    index: int
    id: str
    design: Design
    condition: tuple[str, ...]
    """One or two circles among COLUMNS and BLACK."""


@dataclass(frozen=True)
class Family(Frozen):
    """One of the 8 gods."""

    id: str
    name: str
    code: str
    theme: str


@dataclass(frozen=True)
class Quest(Frozen):
    """A Quest tile (front); every back is the same Incomplete Quest."""

    id: str
    number: int
    players: tuple[int, ...]
    vp: int
    gold: int
    lyres: int


@dataclass(frozen=True)
class CardSet(Frozen):
    """Everything a game of Elysium needs from the data file."""

    families: tuple[Family, ...]
    designs: tuple[Design, ...]
    cards: tuple[Card, ...]
    """All cards, index = Card.index, in file order."""
    quests: tuple[Quest, ...]
    incomplete: Quest
    """The Incomplete Quest (number 0 here; it acts last)."""
    pediments: dict[str, tuple[str, ...]]
    """Side ('A', 'B') -> colour of each quest slot 1..4."""
    level_bonus_vp: dict[int, int]
    family_bonus_vp: dict[int, int]
    """Rank (1 first, 2 second) -> VP; the same for every family."""
    recommended: tuple[str, ...]
    family_legend_vp: dict[int, int]
    level_legend_vp: dict[int, int]
    citizen_penalty_vp: int
    ares_rank_vp: tuple[int, ...]
    starting_gold: int


def card_set_data(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The data of a card-set TOML file, as a game config keeps it: read (at most
    `MAX_CARD_SET_BYTES`), parsed and checked, so that any problem is a ConfigError naming the file.
    """
    name = echo_path(path)
    data = _toml_data(read_bounded(path, MAX_CARD_SET_BYTES, "card set", ConfigError), name)
    _checked_set(data, name)  # checked now, so that its problems name the file; then cached
    return data


def card_set_for(data: object) -> CardSet:
    """The card set of a game config's `card_set` option: None is the default set; a table is
    checked and built, once per content; anything else (a file name included) is a ConfigError.
    """
    if data is None:
        return _default_card_set()
    if not isinstance(data, dict):
        raise ConfigError(  # short: a state document's refusal quotes it after its path
            "a game config holds its card set as data (a table read from a file by kleos.make), "
            f"never a file name; got {quoted(data)}"
        )
    return _checked_set(data, "data")


def load_card_set(path: str | os.PathLike[str] | None = None) -> CardSet:
    """Read, check and build the card set in a TOML file (None: the package's `data/cards.toml`).

    The default set is parsed once per process. A malformed file raises one short `ConfigError`
    that names the file, counts its problems and lists the first (each naming the design or card
    and the field); `schema.check_card_data` lists them all. The default set must be the full
    set (8 families, 56 designs, 168 cards, 9/6/6 cards of levels 1/2/3 per family); a custom
    file may be smaller, but needs at least `FAMILIES_IN_PLAY` families, each with a card of
    every level 1, 2 and 3 (so that Family Legends can be built).
    """
    return _default_card_set() if path is None else card_set_for(card_set_data(path))


@functools.cache
def default_card_data() -> dict[str, Any]:
    """The parsed data of the package's `data/cards.toml` (read once per process)."""
    source = resources.files("kleos.games.elysium").joinpath("data").joinpath("cards.toml")
    return _toml_data(source.read_bytes(), "data/cards.toml")


@functools.cache
def _default_card_set() -> CardSet:
    return _build_checked(default_card_data(), "data/cards.toml", full_set=True)


def _toml_data(raw: bytes, name: str) -> dict[str, Any]:
    """Parsed TOML that JSON can hold; every failure is a ConfigError naming the file."""
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(f"card set {name} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        reason = str(exc) if str(exc).isprintable() else repr(str(exc))[1:-1]
        raise ConfigError(f"card set {name} is not a valid TOML file: {reason[:120]}") from None
    except RecursionError:
        raise ConfigError(f"card set {name} is nested too deeply to be read") from None
    except ValueError:  # an integer of more than 4,300 digits (TOMLDecodeError is caught above)
        raise ConfigError(f"card set {name} holds a number too long to be read") from None
    _refuse_what_json_cannot_hold(data, name)
    return data


def _refuse_what_json_cannot_hold(data: dict[str, Any], name: str) -> None:
    """A ConfigError naming the first value a game config (JSON) cannot hold: a date or time,
    nan or infinity, an integer beyond 64 bits, or tables nested over `MAX_NESTING` deep."""
    stack: list[tuple[dict[str, Any] | list[Any], tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, trail = stack.pop()
        if len(trail) > MAX_NESTING:
            raise ConfigError(
                f"card set {name}: {_trail(trail)} is nested over {MAX_NESTING} levels deep"
            )
        items = value.items() if isinstance(value, dict) else enumerate(value, 1)
        for key, item in items:
            if isinstance(item, dict | list):
                stack.append((item, (*trail, key)))
            elif not _json_scalar(item):
                raise ConfigError(
                    f"card set {name}: {_trail((*trail, key))} is {_unlike_json(item)}; a card "
                    "set holds only text, numbers, true/false, arrays and tables"
                )


def _json_scalar(value: object) -> bool:
    if isinstance(value, int):  # bools included
        return -(2**63) <= value < 2**63
    return isinstance(value, str) or (isinstance(value, float) and math.isfinite(value))


def _unlike_json(value: object) -> str:
    if isinstance(value, int):
        return "an integer beyond 64 bits"
    if isinstance(value, float):
        return f"{value}, not a finite number"
    return "a date or time" if isinstance(value, date | time) else f"a {type(value).__name__}"


def _trail(trail: tuple[str | int, ...]) -> str:
    """Where a value is, as `design[3].copies[1].id` (array items counted from 1)."""
    text = "".join(f"[{key}]" if isinstance(key, int) else f".{echo(key)}" for key in trail)
    text = text.removeprefix(".")
    return text if len(text) <= 100 else "…" + text[-99:]


_BUILT: Final[dict[str, CardSet]] = {}
"""Card sets built from data, by the SHA-256 of their canonical JSON (oldest dropped first)."""


def _checked_set(data: dict[Any, Any], source: str) -> CardSet:
    """The card set of data (checked on first sight), cached by its canonical JSON's digest."""
    try:
        text = json.dumps(data, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ConfigError(
            f"card set {source} must be JSON data (text, numbers, lists, tables), "
            f"not {quoted(data)}"
        ) from None
    digest = hashlib.sha256(text.encode()).hexdigest()
    card_set = _BUILT.get(digest)
    if card_set is None:
        # Built from a fresh JSON copy: a caller changing its data later changes no cached set.
        card_set = _build_checked(json.loads(text), source, full_set=False)
        if len(_BUILT) >= CACHE_SIZE:
            del _BUILT[next(iter(_BUILT))]
        _BUILT[digest] = card_set
    return card_set


def _build_checked(data: dict[str, Any], source: str, *, full_set: bool) -> CardSet:
    """The CardSet of data that passes the checks; else a short ConfigError naming `source`.

    The declared structure (Pydantic) is imported here, when a card set is first checked, so
    that `import kleos` and a process that plays only other games never pay its ~0.2 s."""
    from kleos.games.elysium.schema import parse_card_data  # noqa: PLC0415 - slow: only here

    table, problems = parse_card_data(data, full_set=full_set)
    if table is None or problems:
        raise ConfigError(_problems_message(source, problems))
    return _build(table)


def _problems_message(source: str, problems: list[str]) -> str:
    """The count of problems and as many of the first as fit in `MESSAGE_BUDGET` characters
    (always the first; each problem line is short)."""
    count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
    message = f"bad card set {source}: {count}"
    listed = 0
    for problem in problems[:MAX_LISTED_PROBLEMS]:
        line = f"\n  - {problem}"
        if listed and len(message) + len(line) > MESSAGE_BUDGET:
            break
        message += line
        listed += 1
    more = len(problems) - listed
    return message + (f"\n  ... and {more} more" if more else "")


def _build(table: CardSetTable) -> CardSet:
    """The CardSet of a checked card-set table."""
    designs: list[Design] = []
    cards: list[Card] = []
    for raw in table.design:
        design = Design(
            index=len(designs),
            id=raw.id,
            family=raw.family,
            name=raw.name,
            level=raw.level,
            power=raw.power,
            window=raw.window,
            hook=raw.hook,
            text=raw.text,
            effects=tuple(_effect(effect) for effect in raw.effects),
        )
        designs.append(design)
        for copy in raw.copies:
            cards.append(Card(len(cards), copy.id, design, tuple(copy.condition)))
    back, rules, scoring = table.quest[0].incomplete, table.rules, table.scoring
    return CardSet(
        families=tuple(Family(f.id, f.name, f.code, f.theme) for f in table.family),
        designs=tuple(designs),
        cards=tuple(cards),
        quests=tuple(
            Quest(q.id, q.number, tuple(q.players), q.vp, q.gold, q.lyres) for q in table.quest
        ),
        incomplete=Quest("incomplete", 0, (2, 3, 4), back.vp, back.gold, back.lyres),
        pediments={side.side: tuple(side.slots) for side in table.pediment},
        level_bonus_vp={tile.level: tile.vp for tile in table.level_bonus},
        family_bonus_vp={tile.rank: tile.vp for tile in table.family_bonus},
        recommended=tuple(rules.recommended_first_game),
        family_legend_vp=_by_size(scoring.family_legend_vp.model_dump(by_alias=True)),
        level_legend_vp=_by_size(scoring.level_legend_vp.model_dump(by_alias=True)),
        citizen_penalty_vp=scoring.citizen_penalty_vp,
        ares_rank_vp=tuple(scoring.ares_pp_rank_vp),
        starting_gold=rules.starting_gold,
    )


def _by_size(vp: dict[str, int]) -> dict[int, int]:
    """VP by a Legend's number of cards (TOML keys are text)."""
    return {int(size): points for size, points in vp.items()}


def _effect(table: EffectTable) -> Effect:
    """One checked effect table as an Effect; absent parameters keep their defaults."""
    raw = dict(table)
    return Effect(
        op=raw["op"],
        n=raw.get("n", 0),
        resource=raw.get("resource", ""),
        counter=raw.get("counter", ""),
        levels=frozenset(raw.get("levels", ())),
        citizens=raw.get("citizens", False),
        gifts=tuple(Amount(gift.resource, gift.n) for gift in raw.get("gifts", ())),
        options=tuple(Amount(option.kind, option.n) for option in raw.get("options", ())),
        kinds=tuple(raw.get("kinds", ())),
        max_level=raw.get("max_level", 0),
    )


T = TypeVar("T")


def per_card_set(build: Callable[..., T]) -> Callable[..., T]:
    """`build(cards, *args)`, computed once per card set and arguments. Sets are told apart
    by identity (they hold dicts, so they cannot be hashed); each entry keeps its set alive,
    so an id is never reused while it is cached."""
    built: dict[tuple[Any, ...], tuple[CardSet, T]] = {}

    @functools.wraps(build)
    def once(cards: CardSet, *args: Any) -> T:
        key = (id(cards), *args)
        entry = built.get(key)
        if entry is None or entry[0] is not cards:
            entry = built[key] = (cards, build(cards, *args))
        return entry[1]

    return once
