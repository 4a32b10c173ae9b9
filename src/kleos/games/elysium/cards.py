"""The Elysium card set: families, designs, cards, quests and tables, loaded from TOML.

`load_card_set` reads and checks a card data file (the package's `data/cards.toml` by default);
`card_set_for` is its per-path cache for game configs; `family_cards` picks the cards in play.
The structural checks live in the sibling module `validate`.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from kleos.core.errors import ConfigError

FAMILY_IDS = ("zeus", "poseidon", "hades", "ares", "apollo", "athena", "hermes", "hephaestus")
"""The 8 gods, in the order of the rules (§1); a card set may hold any of them."""
COLUMNS = ("yellow", "blue", "green", "red")
"""The four column colours, in the order of a player board (and of column indices)."""
BLACK = "black"
POWER_TYPES = ("instantaneous", "permanent", "trigger", "activate", "eleusis", "legend", "chronos")
WINDOWS = ("actions", "legends", "any")
RESOURCES = ("gold", "vp", "pp")
COUNTERS = ("legends", "legends_3plus", "level_legends", "gold_pairs")
LOSS_KINDS = ("discard", "gold", "vp", "pp")
COPY_KINDS = ("instantaneous", "activate", "trigger")
HOOKS = ("on_take_quest",)
PRIMITIVES = (
    "gain_gold",
    "gain_vp",
    "gain_pp",
    "gain_per",
    "share_gift",
    "opponents_lose",
    "steal_gold",
    "immune_to_attacks",
    "take_citizen",
    "immediate_transfer",
    "extra_transfer",
    "transfer_discount",
    "per_transfer_gain",
    "citizen_no_penalty",
    "ignore_condition",
    "keep_column",
    "treat_circle_black",
    "oracle_access",
    "oracle_take_free",
    "oracle_swap",
    "copy_power",
)
"""The closed vocabulary of effect primitives (spec §12), in the order of the spec."""
MAX_LISTED_PROBLEMS = 8
"""How many problems a ConfigError for a malformed card set lists (it also gives the count)."""


@dataclass(frozen=True)
class Amount:
    """A resource and a number: a gift of `share_gift` or an option of `opponents_lose`.

    For `opponents_lose` the `resource` field holds the loss kind (which may be 'discard').
    """

    resource: str
    n: int


@dataclass(frozen=True)
class Effect:
    """One primitive of a power (spec §12) with its parameters; unused ones keep defaults."""

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
class Design:
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
class Card:
    """One physical card: a copy of a design with its acquisition condition."""

    index: int
    id: str
    design: Design
    condition: tuple[str, ...]
    """One or two circles among COLUMNS and BLACK."""


@dataclass(frozen=True)
class Family:
    """One of the 8 gods."""

    id: str
    name: str
    code: str
    theme: str


@dataclass(frozen=True)
class Quest:
    """A Quest tile (front); every back is the same Incomplete Quest."""

    id: str
    number: int
    players: tuple[int, ...]
    vp: int
    gold: int
    lyres: int


@dataclass(frozen=True)
class CardSet:
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


def load_card_set(path: Path | None = None) -> CardSet:
    """Read, check and build the card set in a TOML file (None: the package's `data/cards.toml`).

    The default set is parsed once per process. A malformed file raises one `ConfigError` that
    names the file and lists the first problems (each naming the design or card and the field)
    with their total count, so that they can all be fixed at once. The checks are those of
    `validate.check_card_data`. Card counts: the default set must be the full set (8 families,
    56 designs, 168 cards, 9/6/6 cards of levels 1/2/3 per family); a custom file may be smaller,
    but every family declared in its `[[family]]` tables must have at least one card of each
    level 1, 2 and 3 (so that Family Legends can be built).
    """
    if path is None:
        return _default_card_set()
    path = Path(path)
    return _load(str(path), path.read_bytes, full_set=False)


@functools.cache
def _default_card_set() -> CardSet:
    source = resources.files("kleos.games.elysium").joinpath("data").joinpath("cards.toml")
    return _load(str(source), source.read_bytes, full_set=True)


@functools.cache
def card_set_for(path: str | None) -> CardSet:
    """The card set a game config names (None: the default set), loaded once per path."""
    return load_card_set(None if path is None else Path(path))


def family_cards(card_set: CardSet, families: Iterable[str]) -> list[Card]:
    """The cards of the chosen families, in index order; an unknown family is a ConfigError."""
    chosen = {families} if isinstance(families, str) else set(families)
    known = [family.id for family in card_set.families]
    unknown = sorted(chosen.difference(known))
    if unknown:
        raise ConfigError(
            f"unknown {'family' if len(unknown) == 1 else 'families'} {', '.join(unknown)} "
            f"(the card set has: {', '.join(known)})"
        )
    return [card for card in card_set.cards if card.design.family in chosen]


def _load(name: str, read: Callable[[], bytes], *, full_set: bool) -> CardSet:
    """Parse, check and build; every failure is a ConfigError naming the file."""
    try:
        data = tomllib.loads(read().decode("utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read card set {name}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"card set {name} is not a valid TOML file: {exc}") from None
    # Imported here because validate imports this module's vocabulary.
    from kleos.games.elysium.validate import check_card_data

    problems = check_card_data(data, full_set=full_set)
    if problems:
        listed = "".join(f"\n  - {problem}" for problem in problems[:MAX_LISTED_PROBLEMS])
        more = len(problems) - MAX_LISTED_PROBLEMS
        tail = f"\n  ... and {more} more" if more > 0 else ""
        count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
        raise ConfigError(f"bad card set {name}: {count}{listed}{tail}")
    return _build(data)


def _build(data: dict[str, Any]) -> CardSet:
    """The CardSet of checked data (every key and type is known to be right)."""
    designs: list[Design] = []
    cards: list[Card] = []
    for raw in data["design"]:
        design = Design(
            index=len(designs),
            id=raw["id"],
            family=raw["family"],
            name=raw["name"],
            level=raw["level"],
            power=raw["power"],
            window=raw.get("window", ""),
            hook=raw.get("hook", ""),
            text=raw["text"],
            effects=tuple(_effect(effect) for effect in raw["effects"]),
        )
        designs.append(design)
        for copy in raw["copies"]:
            cards.append(Card(len(cards), copy["id"], design, tuple(copy["condition"])))
    back = data["quest"][0]["incomplete"]
    rules, scoring = data["rules"], data["scoring"]
    return CardSet(
        families=tuple(Family(f["id"], f["name"], f["code"], f["theme"]) for f in data["family"]),
        designs=tuple(designs),
        cards=tuple(cards),
        quests=tuple(
            Quest(q["id"], q["number"], tuple(q["players"]), q["vp"], q["gold"], q["lyres"])
            for q in data["quest"]
        ),
        incomplete=Quest("incomplete", 0, (2, 3, 4), back["vp"], back["gold"], back["lyres"]),
        pediments={side["side"]: tuple(side["slots"]) for side in data["pediment"]},
        level_bonus_vp={tile["level"]: tile["vp"] for tile in data["level_bonus"]},
        family_bonus_vp={tile["rank"]: tile["vp"] for tile in data["family_bonus"]},
        recommended=tuple(rules["recommended_first_game"]),
        family_legend_vp={int(k): v for k, v in scoring["family_legend_vp"].items()},
        level_legend_vp={int(k): v for k, v in scoring["level_legend_vp"].items()},
        citizen_penalty_vp=scoring["citizen_penalty_vp"],
        ares_rank_vp=tuple(scoring["ares_pp_rank_vp"]),
        starting_gold=rules["starting_gold"],
    )


def _effect(raw: dict[str, Any]) -> Effect:
    """One checked effect table as an Effect; absent parameters keep their defaults."""
    return Effect(
        op=raw["op"],
        n=raw.get("n", 0),
        resource=raw.get("resource", ""),
        counter=raw.get("counter", ""),
        levels=frozenset(raw.get("levels", ())),
        citizens=raw.get("citizens", False),
        gifts=tuple(Amount(gift["resource"], gift["n"]) for gift in raw.get("gifts", ())),
        options=tuple(Amount(opt["kind"], opt["n"]) for opt in raw.get("options", ())),
        kinds=tuple(raw.get("kinds", ())),
        max_level=raw.get("max_level", 0),
    )
