"""The structure of an Elysium card set, declared as Pydantic models (`CardSetTable`), and the
rules that tie its tables together, by hand. `check_card_data` lists every problem; `json_schema`
gives authors the declared structure.

Declared: every table and field, of its type and no other. Ids are 1 to MAX_ID_LENGTH ASCII
letters, digits, '-' and '_'; texts printable, at most MAX_TEXT_LENGTH characters; numbers
integers (never true or 2.0) up to MAX_NUMBER; arrays of at most MAX_TABLES tables (MAX_DESIGNS
designs, MAX_EFFECTS effects). An effect is one of the 21 primitives (docs/elysium.md §12), tagged
by `op`, with exactly its parameters. The rules' own numbers and terms may be stated, not changed.
By hand, once the structure is right: ids unique whatever their case, design ids prefixed by
their family's code, copies a/b/c; windows on activate and trigger powers, hooks on permanent
ones; each primitive in its power types, PP only on Ares, the Oracle only on Apollo; quests
numbered per player count; pediment sides and bonus tiles; at least FAMILIES_IN_PLAY families,
each with every level; and, for the full set, its counts.
"""

# No `from __future__ import annotations`: Pydantic would evaluate each annotation from text.
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import Discriminator, Field, ValidationError, create_model

from kleos.core.datamodel import (
    Distinct,
    Table,
    fixed,
    one_of,
    problem,
    problem_lines,
    text,
    whole,
    word,
)
from kleos.core.inputs import echo, quoted
from kleos.games.elysium import vocabulary as vocab
from kleos.games.elysium.vocabulary import BLACK, COLUMNS, FAMILIES_IN_PLAY, FAMILY_IDS

MAX_DESIGNS = 200
"""Designs in a set (3 cards each): over 3 times the full set's 56, and few enough that the
action space of a game (44 actions per card) stays small."""
MAX_TABLES = 64
"""Tables in each other array; the full set has 8 families, 6 quests, 16 family bonus tiles."""
MAX_EFFECTS = 8
"""Effects of a design; the full set's have 1 or 2."""
MAX_ID_LENGTH = 32
"""Characters of an id; the full set's longest is 7 (ZEU-01a), and two ids fit in an action."""
MAX_TEXT_LENGTH = 500
"""Characters of a name, theme or card text; the full set's longest text has 172."""
MAX_NUMBER = 999
"""The largest VP, gold, lyre or effect amount (the full set's largest is 16)."""
FULL_DESIGNS, FULL_CARDS = 56, 168
FULL_DISTRIBUTION = {1: 9, 2: 6, 3: 6}
"""Cards of each level per family in the full set."""
ORACLE_OPS = ("oracle_access", "oracle_take_free", "oracle_swap")

Id = Annotated[str, word(MAX_ID_LENGTH)]
Name = Annotated[str, text(MAX_TEXT_LENGTH)]
Count = Annotated[int, whole(1, MAX_NUMBER)]
Number = Annotated[int, whole(0, MAX_NUMBER)]
Level = Annotated[int, one_of((1, 2, 3))]
FamilyId = Annotated[str, one_of(FAMILY_IDS)]
Resource = Annotated[str, one_of(vocab.RESOURCES)]
_Terms = Sequence[str]


class Gift(Table):
    """One of the two gifts of share_gift."""

    resource: Resource
    n: Count


class Loss(Table):
    """An option of opponents_lose: n cards to discard (n = 1), or n gold, VP or PP to pay."""

    kind: Annotated[str, one_of(vocab.LOSS_KINDS)]
    n: Count


_Levels = Annotated[list[Level], Field(max_length=3), Distinct()]
_Gifts = Annotated[list[Gift], Field(min_length=2, max_length=2), Distinct("resource")]
_Losses = Annotated[list[Loss], Field(min_length=1, max_length=3), Distinct("kind")]
_Kinds = Annotated[list[Annotated[str, one_of(vocab.COPY_KINDS)]], Field(min_length=1), Distinct()]
_ONE_SHOT = ("instantaneous", "activate", "trigger")
_GAINS = (*_ONE_SHOT, "eleusis", "permanent_hook", "legend")
_TRANSFERS = (*_ONE_SHOT, "eleusis", "legend")
_FILTER = {"levels": _Levels, "citizens": bool}

SIGNATURES: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "gain_gold": ({"n": Count}, _GAINS),
    "gain_vp": ({"n": Count}, (*_GAINS, "chronos")),
    "gain_pp": ({"n": Count}, (*_GAINS, "chronos")),
    "gain_per": (
        {"resource": Resource, "n": Count, "counter": Annotated[str, one_of(vocab.COUNTERS)]},
        (*_GAINS, "chronos"),
    ),
    "share_gift": ({"gifts": _Gifts}, _GAINS),
    "opponents_lose": ({"options": _Losses}, _GAINS),
    "steal_gold": ({"n": Count}, _GAINS),
    "immune_to_attacks": ({}, ("permanent_static",)),
    "take_citizen": ({"n": Count}, _GAINS),
    "immediate_transfer": ({"n": Count}, _ONE_SHOT),
    "extra_transfer": ({"n": Count}, _TRANSFERS),
    "transfer_discount": ({"n": Count, **_FILTER}, _TRANSFERS),
    "per_transfer_gain": ({"resource": Resource, "n": Count, **_FILTER}, ("legend",)),
    "citizen_no_penalty": ({}, ("chronos",)),
    "ignore_condition": ({}, _ONE_SHOT),
    "keep_column": ({}, _ONE_SHOT),
    "treat_circle_black": ({}, ("permanent_static",)),
    "oracle_access": ({}, (*_ONE_SHOT, "permanent_static")),
    "oracle_take_free": ({}, _ONE_SHOT),
    "oracle_swap": ({}, _ONE_SHOT),
    "copy_power": ({"kinds": _Kinds, "max_level": Level}, _ONE_SHOT),
}
"""Each primitive's parameters (name -> type) and the power types it is allowed in
(docs/elysium.md §12)."""


def _effect_model(op: str, params: dict[str, Any]) -> type[Table]:
    fields: dict[str, Any] = {"op": (Literal[op], ...)} | {k: (t, ...) for k, t in params.items()}
    doc = f"An effect of primitive {op} (docs/elysium.md §12)."
    return create_model(op, __base__=Table, __doc__=doc, **fields)


EFFECTS = {op: _effect_model(op, params) for op, (params, _) in SIGNATURES.items()}
"""Each primitive's effect table: `op` and exactly its parameters."""

if TYPE_CHECKING:
    EffectTable = Table
else:
    EffectTable = Annotated[Union[tuple(EFFECTS.values())], Discriminator("op")]  # noqa: UP007


class CopyTable(Table):
    """A card: one of a design's 3 copies, with its own id and acquisition condition."""

    id: Id
    condition: Annotated[
        list[Annotated[str, one_of((*COLUMNS, BLACK))]], Field(min_length=1, max_length=2)
    ]


class DesignTable(Table):
    """A card design: what its 3 copies share."""

    id: Id
    family: FamilyId
    name: Name
    level: Level
    power: Annotated[str, one_of(vocab.POWER_TYPES)]
    window: Annotated[str, one_of(vocab.WINDOWS)] = ""
    hook: Annotated[str, one_of(vocab.HOOKS)] = ""
    text: Name
    effects: Annotated[list[EffectTable], Field(min_length=1, max_length=MAX_EFFECTS)]
    copies: Annotated[list[CopyTable], Field(min_length=3, max_length=3)]


class FamilyTable(Table):
    """A god, whose cards' ids start with its code."""

    id: FamilyId
    name: Name
    code: Id
    theme: Name
    extra_components: Annotated[list[Id], Field(max_length=8)] = Field(default_factory=list)


class BackTable(Table):
    """The Incomplete Quest: the back of every Quest tile."""

    vp: Number
    gold: Number
    lyres: Count


class QuestTable(Table):
    """A Quest tile, used with the player counts listed."""

    id: Id
    number: Count
    players: Annotated[list[Annotated[int, one_of((2, 3, 4))]], Field(min_length=1), Distinct()]
    vp: Number
    gold: Number
    lyres: Count
    incomplete: BackTable


class PedimentTable(Table):
    """A side of the Temple's pediment: the colour of each quest slot."""

    side: Annotated[str, one_of(("A", "B"))]
    slots: Annotated[list[Annotated[str, one_of(COLUMNS)]], Field(min_length=4), Distinct()]


class LevelBonusTable(Table):
    """The bonus tile of the first Level Legend of a level."""

    level: Level
    vp: Number


class FamilyBonusTable(Table):
    """A family's bonus tile for the first (rank 1) or second (rank 2) Family Legend."""

    family: FamilyId
    rank: Annotated[int, one_of((1, 2))]
    vp: Number


class PrimitiveTable(Table):
    """A primitive's signature, for the file's readers: it must be the model's."""

    op: Annotated[str, one_of(vocab.PRIMITIVES)]
    params: Annotated[list[Id], Field(max_length=MAX_EFFECTS)]
    allowed_in: Annotated[list[Id], Field(max_length=MAX_TABLES)]
    summary: Name


_DISTRIBUTION = {str(level): count for level, count in FULL_DISTRIBUTION.items()}


class RulesTable(Table):
    """[rules]: the starting gold and the recommended families, then the rules' own numbers."""

    starting_gold: Number
    recommended_first_game: Annotated[list[FamilyId], Field(max_length=8), Distinct()]
    columns: Annotated[_Terms, fixed(COLUMNS)] = COLUMNS
    condition_colours: Annotated[_Terms, fixed((*COLUMNS, BLACK))] = (*COLUMNS, BLACK)
    min_players: Annotated[int, fixed(2)] = 2
    max_players: Annotated[int, fixed(vocab.MAX_PLAYERS)] = vocab.MAX_PLAYERS
    families_in_play: Annotated[int, fixed(FAMILIES_IN_PLAY)] = FAMILIES_IN_PLAY
    epochs: Annotated[int, fixed(vocab.EPOCHS)] = vocab.EPOCHS
    turns_per_epoch: Annotated[int, fixed(vocab.TURNS_PER_EPOCH)] = vocab.TURNS_PER_EPOCH
    cards_per_epoch: Annotated[int, fixed(vocab.CARDS_PER_EPOCH)] = vocab.CARDS_PER_EPOCH
    quests_per_epoch: Annotated[int, fixed(1)] = 1
    agora_base: Annotated[int, fixed(1)] = 1
    agora_per_player: Annotated[int, fixed(3)] = 3
    oracle_size: Annotated[int, fixed(vocab.ORACLE_SIZE)] = vocab.ORACLE_SIZE
    starting_vp: Annotated[str, fixed("disc_number")] = "disc_number"
    transfer_cost: Annotated[str, fixed("card_level")] = "card_level"
    level_distribution: Annotated[dict[str, int], fixed(_DISTRIBUTION)] = Field(
        default_factory=lambda: dict(_DISTRIBUTION)
    )


class FamilyLegendVp(Table):
    """A Family Legend's VP by its number of cards."""

    two: Number = Field(alias="2")
    three: Number = Field(alias="3")


class LevelLegendVp(FamilyLegendVp):
    """A Level Legend's VP by its number of cards."""

    four: Number = Field(alias="4")
    five: Number = Field(alias="5")


class ScoringTable(Table):
    """[scoring]: the VP of Legends, the Citizens' penalty and Ares's PP ranks."""

    family_legend_vp: FamilyLegendVp
    level_legend_vp: LevelLegendVp
    citizen_penalty_vp: Annotated[int, whole(-MAX_NUMBER, 0)]
    ares_pp_rank_vp: Annotated[list[Number], Field(min_length=4, max_length=4)]
    family_legend_max: Annotated[int, fixed(vocab.FAMILY_MAX)] = vocab.FAMILY_MAX
    level_legend_max: Annotated[int, fixed(vocab.LEVEL_MAX)] = vocab.LEVEL_MAX
    ares_min_pp_to_rank: Annotated[int, fixed(1)] = 1
    tiebreak: Annotated[_Terms, fixed(("most_gold", "shared"))] = ("most_gold", "shared")


class MetaTable(Table):
    """[meta]: notes on the file for its readers."""

    schema_version: Annotated[int, fixed(1)] = 1
    seed: Name = ""
    cards_total: Number = 0
    designs_total: Number = 0
    copies_per_design: Annotated[int, fixed(3)] = 3


class VocabularyTable(Table):
    """[vocabulary]: the terms of the rules, as the engine knows them."""

    power_types: Annotated[_Terms, fixed(vocab.POWER_TYPES)] = vocab.POWER_TYPES
    windows: Annotated[_Terms, fixed(vocab.WINDOWS)] = vocab.WINDOWS
    hooks: Annotated[_Terms, fixed(vocab.HOOKS)] = vocab.HOOKS
    resources: Annotated[_Terms, fixed(vocab.RESOURCES)] = vocab.RESOURCES
    counters: Annotated[_Terms, fixed(vocab.COUNTERS)] = vocab.COUNTERS
    loss_kinds: Annotated[_Terms, fixed(vocab.LOSS_KINDS)] = vocab.LOSS_KINDS
    copy_kinds: Annotated[_Terms, fixed(vocab.COPY_KINDS)] = vocab.COPY_KINDS
    decisions: Annotated[list[Id], Field(max_length=MAX_TABLES)] = Field(default_factory=list)


class CardSetTable(Table):
    """A card set: the content of a card-set TOML file."""

    meta: MetaTable = Field(default_factory=MetaTable)
    rules: RulesTable
    scoring: ScoringTable
    family: Annotated[list[FamilyTable], Field(max_length=MAX_TABLES)]
    quest: Annotated[list[QuestTable], Field(max_length=MAX_TABLES)]
    pediment: Annotated[list[PedimentTable], Field(max_length=MAX_TABLES)]
    level_bonus: Annotated[list[LevelBonusTable], Field(max_length=MAX_TABLES)]
    family_bonus: Annotated[list[FamilyBonusTable], Field(max_length=MAX_TABLES)]
    vocabulary: VocabularyTable = Field(default_factory=VocabularyTable)
    primitive: Annotated[list[PrimitiveTable], Field(max_length=MAX_TABLES)] = Field(
        default_factory=list
    )
    design: Annotated[list[DesignTable], Field(max_length=MAX_DESIGNS)]


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a card set (the declared structure; the hand rules are not in it)."""
    return CardSetTable.model_json_schema()


def parse_card_data(data: object, *, full_set: bool) -> tuple[CardSetTable | None, list[str]]:
    """The card set of parsed TOML data and every problem found (the table is None when the
    structure is wrong; the hand rules run once it is right). Never raises."""
    if not isinstance(data, dict):
        return None, [
            f"a card set is a table of tables (a TOML file's content), not {quoted(data)}"
        ]
    try:
        table = CardSetTable.model_validate(data)
    except ValidationError as error:
        names = {"copies": "card", "op": "primitive"}
        return None, problem_lines(error, data, CardSetTable, root="card set", names=names)
    return table, list(_ties(table, full_set))


def check_card_data(data: object, *, full_set: bool) -> list[str]:
    """Every problem of parsed card data (empty: the data is good); never raises."""
    return parse_card_data(data, full_set=full_set)[1]


def _ties(cs: CardSetTable, full_set: bool) -> Iterator[str]:
    """The problems of the rules that tie a card set's tables together."""
    codes: dict[str, str] = {}
    """Family id -> code, for the families declared without a problem."""
    for family in cs.family:
        if family.id in codes:
            yield problem(f"family {family.id}", "id", "duplicate family id")
        elif family.code.lower() in {code.lower() for code in codes.values()}:
            rule = f"duplicate family code {quoted(family.code)} (codes are read without case)"
            yield problem(f"family {family.id}", "code", rule)
        else:
            codes[family.id] = family.code
    if len(codes) < FAMILIES_IN_PLAY:
        needs = f"a game uses {FAMILIES_IN_PLAY} families, so a card set needs at least"
        yield problem("card set", "family", f"{needs} {FAMILIES_IN_PLAY}; got {len(codes)}")
    chosen = cs.rules.recommended_first_game
    if len(chosen) != FAMILIES_IN_PLAY or not set(chosen) <= set(codes):
        rule = f"must be {FAMILIES_IN_PLAY} distinct families of the file, got {echo(chosen)}"
        yield problem("rules", "recommended_first_game", rule)
    yield from _tiles(cs, codes)
    for entry in cs.primitive:
        params, allowed = list(SIGNATURES[entry.op][0]), sorted(SIGNATURES[entry.op][1])
        if entry.params != params:
            yield problem(f"primitive {entry.op}", "params", f"must be {params}")
        if sorted(entry.allowed_in) != allowed:
            yield problem(f"primitive {entry.op}", "allowed_in", f"must be {allowed}")
    yield from _designs(cs, codes)
    cards = Counter((d.family, d.level) for d in cs.design for _ in d.copies if d.family in codes)
    for fam in codes:
        if missing := [str(lv) for lv in (1, 2, 3) if not cards[(fam, lv)]]:
            rule = f"no card of level {', '.join(missing)}; each family needs levels 1, 2 and 3"
            yield problem(f"family {fam}", "level", rule)
    if full_set and list(codes) != list(FAMILY_IDS):
        rule = f"the full set has the 8 families {', '.join(FAMILY_IDS)}"
        yield problem("card set", "family", rule)
    if full_set and (total := sum(cards.values())) != FULL_CARDS:
        rule = f"the full set has {FULL_DESIGNS} designs and {FULL_CARDS} cards"
        yield problem("card set", "design", f"{rule}, got {total // 3} and {total}")
    for fam in codes if full_set else ():
        if (levels := {lv: cards[(fam, lv)] for lv in (1, 2, 3)}) != FULL_DISTRIBUTION:
            rule = (
                f"the full set has {FULL_DISTRIBUTION} cards of each level per family, got {levels}"
            )
            yield problem(f"family {fam}", "level", rule)


def _tiles(cs: CardSetTable, codes: dict[str, str]) -> Iterator[str]:
    ids: set[str] = set()
    numbers: dict[int, list[int]] = {2: [], 3: [], 4: []}
    for quest in cs.quest:
        where = f"quest {quest.id}"
        if quest.id.lower() in ids:
            yield problem(where, "id", "duplicate quest id (ids are read without case)")
        elif quest.id.lower() == "incomplete":
            yield problem(where, "id", "'incomplete' names the back of every Quest tile")
        ids.add(quest.id.lower())
        if quest.incomplete != cs.quest[0].incomplete:
            rule = f"must be the same on every tile ({cs.quest[0].incomplete.model_dump()})"
            yield problem(where, "incomplete", rule)
        for count in quest.players:
            numbers[count].append(quest.number)
    for count, used in numbers.items():
        if sorted(used) != list(range(1, len(used) + 1)) or not count <= len(used) <= 4:
            rule = f"must be 1..k without gaps or repeats, {count} <= k <= 4; got {sorted(used)}"
            yield problem(f"quests for {count} players", "number", rule)
    if sorted(sides := [side.side for side in cs.pediment]) != ["A", "B"]:
        yield problem("card set", "pediment", f"needs sides A and B once each, got {sides}")
    if sorted(tile.level for tile in cs.level_bonus) != [1, 2, 3]:
        yield problem("card set", "level_bonus", "needs one tile for each level 1, 2, 3")
    ranks: dict[str, dict[int, int]] = {fid: {} for fid in codes}
    for number, tile in enumerate(cs.family_bonus, 1):
        if tile.family not in ranks or tile.rank in ranks[tile.family]:
            rule = f"must be a family of the file, with one tile of each rank, got '{tile.family}'"
            yield problem(f"family bonus #{number}", "family", rule)
        ranks.get(tile.family, {})[tile.rank] = tile.vp
    for fam, table in ranks.items():
        if sorted(table) != [1, 2] or table != next(iter(ranks.values())):
            rule = f"needs ranks 1 and 2 with the same VP for every family, got {table}"
            yield problem(f"family {fam}", "family_bonus", rule)


def _designs(cs: CardSetTable, codes: dict[str, str]) -> Iterator[str]:
    ids: set[str] = set()
    names: set[str] = set()
    card_ids: dict[str, str] = {}
    """Card id (in lower case) -> the design that has it."""
    for design in cs.design:
        where, code = f"design {design.id}", codes.get(design.family)
        if design.id.lower() in ids:
            yield problem(where, "id", "duplicate design id (ids are read without case)")
        elif code is not None and not design.id.startswith(f"{code}-"):
            yield problem(where, "id", f"must start with the family code '{code}-'")
        if code is None:
            yield problem(where, "family", f"must be a family of the file, got '{design.family}'")
        if design.name in names:
            yield problem(where, "name", f"must be unique, got {quoted(design.name)}")
        ids.add(design.id.lower())
        names.add(design.name)
        timed = design.power in ("activate", "trigger")
        if timed != bool(design.window):
            rule = f"a {design.power} power needs one of {', '.join(vocab.WINDOWS)}"
            yield problem(
                where, "window", rule if timed else "only activate and trigger powers have a window"
            )
        if design.hook and design.power != "permanent":
            rule = f"only permanent powers have a hook, one of {', '.join(vocab.HOOKS)}"
            yield problem(where, "hook", rule)
        power = design.power
        if power == "permanent":
            power = "permanent_hook" if design.hook else "permanent_static"
        for number, effect in enumerate(design.effects, 1):
            yield from _effect(where, f"effects[{number}]", dict(effect), power, design.family)
        for letter, copy in zip("abc", design.copies, strict=True):
            card = f"card {copy.id}"
            if copy.id != design.id + letter:
                rule = f"must be '{design.id}{letter}' (design id + a/b/c), got '{copy.id}'"
                yield problem(card, "id", rule)
            if copy.id.lower() in card_ids:
                also = f"also in {card_ids[copy.id.lower()]}; ids are read without case"
                yield problem(card, "id", f"duplicate card id ({also})")
            card_ids.setdefault(copy.id.lower(), where)
            if len(copy.condition) == 2 and copy.condition[0] == copy.condition[1] != BLACK:
                rule = f"two {copy.condition[0]} circles can never be met (one column per colour)"
                yield problem(card, "condition", rule)


def _effect(where: str, field: str, effect: dict[str, Any], power: str, fam: str) -> Iterator[str]:
    op, allowed = effect["op"], SIGNATURES[effect["op"]][1]
    if power not in allowed:
        rule = f"{op} is not allowed in a {power} power ({', '.join(allowed)})"
        yield problem(where, f"{field}.op", rule)
    options = effect.get("options", ())
    spent = [effect.get("resource"), *(x.resource for x in effect.get("gifts", ()))]
    if fam != "ares" and "pp" in (op.removeprefix("gain_"), *spent, *(x.kind for x in options)):
        yield problem(where, field, "only Ares cards may use Prestige Points (pp)")
    if fam != "apollo" and op in ORACLE_OPS:
        yield problem(where, f"{field}.op", f"{op} is for Apollo cards only (the Oracle)")
    if effect.get("levels") == [] and effect.get("citizens") is False:
        rule = "the filter matches nothing (no levels, no citizens)"
        yield problem(where, f"{field}.levels", rule)
    if any(option.kind == "discard" and option.n != 1 for option in options):
        yield problem(where, f"{field}.options", "a discard option discards 1 card (n = 1)")
