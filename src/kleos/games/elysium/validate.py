"""Structural checks of the Elysium card data (the raw TOML tables) before a CardSet is built.

`check_card_data` returns every problem found, table by table, as a short line of the form
"design ZEU-04: field 'level': must be 1, 2 or 3, got 4". It never raises, whatever the data
(any JSON or TOML value), and quotes the data's values with `echo`, so that no line is long.
What is checked — enough that a game played with a set that passes never fails on its data:

- shape: the data is a table; [[family]], [[quest]], [[pediment]], [[level_bonus]],
  [[family_bonus]], [[primitive]] are arrays of at most MAX_TABLES tables, [[design]] of at most
  MAX_DESIGNS (so that no file makes a game build huge tables). Ids — family codes, design, card
  and quest ids — are 1 to MAX_ID_LENGTH ASCII letters, digits, '-' and '_' (so that action text
  can name them) and unique whatever their case (action text is read without case). Numbers
  are integers (never true, false or 2.0) of at most MAX_NUMBER; names, themes and texts are
  printable text of at most MAX_TEXT_LENGTH characters.
- rules: columns are yellow, blue, green, red; starting gold >= 0; the recommended families
  are 5 distinct families of the file. Scoring: family_legend_vp for 2 and 3 cards,
  level_legend_vp for 2 to 5 cards (VP >= 0), citizen_penalty_vp <= 0, ares_pp_rank_vp 4 VP
  values >= 0.
- families: at least FAMILIES_IN_PLAY (a game uses 5); ids among the 8 gods, unique; name and
  theme present; codes unique.
- quests: unique ids, never 'incomplete' (the name of every tile's back); number >= 1; players
  a list of distinct counts 2..4; VP, gold >= 0, lyres >= 1; the same Incomplete side {vp, gold,
  lyres} on every tile; for each player count p the tiles used are numbered 1..k, without gaps
  or repeats, with p <= k <= 4 (so every player count has its quests).
- pediment: sides A and B, each using the 4 column colours once. Bonus tiles: one level bonus per
  level 1..3; family bonus ranks 1 and 2 for every family, with the same VP for every family.
- [[primitive]] (if present): the same ops, params and allowed_in as the code's vocabulary.
- designs: only known fields; unique id starting with the family code; family declared; unique
  non-empty name; level 1..3; power type known; text present; a window (actions, legends, any)
  exactly on activate and trigger powers; a hook (on_take_quest) only on permanent powers.
  Effects: a list of 1 to MAX_EFFECTS of the 21 primitives, each allowed in the design's power
  type (a permanent with a hook counts as permanent_hook, without as permanent_static), with
  exactly its parameters, each of the right kind; PP only on Ares cards, Oracle primitives only
  on Apollo cards, and a transfer filter that matches something.
- cards: exactly 3 copies per design, with ids design id + a, b, c and no other field than the
  condition; card ids unique; a condition of 1 or 2 circles among the colours and black, never
  two circles of the same colour.
- counts: every family has a card of each level 1..3. The full set (`full_set`) also has the 8
  families, 56 designs, 168 cards, 7 designs and 9/6/6 cards of levels 1/2/3 per family.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Callable, Collection
from typing import Any, TypeGuard

from kleos.core.inputs import echo, quoted
from kleos.games.elysium.vocabulary import (
    BLACK,
    COLUMNS,
    COPY_KINDS,
    COUNTERS,
    FAMILIES_IN_PLAY,
    FAMILY_IDS,
    HOOKS,
    LOSS_KINDS,
    POWER_TYPES,
    RESOURCES,
    WINDOWS,
)

_ONE_SHOT = ("instantaneous", "activate", "trigger")
_GAINS = (*_ONE_SHOT, "eleusis", "permanent_hook", "legend")
_TRANSFERS = (*_ONE_SHOT, "eleusis", "legend")
_FILTER = {"levels": "levels", "citizens": "bool"}

SIGNATURES: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {
    "gain_gold": ({"n": "count"}, _GAINS),
    "gain_vp": ({"n": "count"}, (*_GAINS, "chronos")),
    "gain_pp": ({"n": "count"}, (*_GAINS, "chronos")),
    "gain_per": (
        {"resource": "resource", "n": "count", "counter": "counter"},
        (*_GAINS, "chronos"),
    ),
    "share_gift": ({"gifts": "gifts"}, _GAINS),
    "opponents_lose": ({"options": "options"}, _GAINS),
    "steal_gold": ({"n": "count"}, _GAINS),
    "immune_to_attacks": ({}, ("permanent_static",)),
    "take_citizen": ({"n": "count"}, _GAINS),
    "immediate_transfer": ({"n": "count"}, _ONE_SHOT),
    "extra_transfer": ({"n": "count"}, _TRANSFERS),
    "transfer_discount": ({"n": "count", **_FILTER}, _TRANSFERS),
    "per_transfer_gain": ({"resource": "resource", "n": "count", **_FILTER}, ("legend",)),
    "citizen_no_penalty": ({}, ("chronos",)),
    "ignore_condition": ({}, _ONE_SHOT),
    "keep_column": ({}, _ONE_SHOT),
    "treat_circle_black": ({}, ("permanent_static",)),
    "oracle_access": ({}, (*_ONE_SHOT, "permanent_static")),
    "oracle_take_free": ({}, _ONE_SHOT),
    "oracle_swap": ({}, _ONE_SHOT),
    "copy_power": ({"kinds": "kinds", "max_level": "level"}, _ONE_SHOT),
}
"""Each primitive's parameters (name -> kind) and the power types it is allowed in
(docs/elysium.md §12)."""

ORACLE_OPS = ("oracle_access", "oracle_take_free", "oracle_swap")
DESIGN_FIELDS = (
    "id",
    "family",
    "name",
    "level",
    "power",
    "window",
    "hook",
    "text",
    "effects",
    "copies",
)
FULL_DESIGNS, FULL_CARDS, FULL_DESIGNS_PER_FAMILY = 56, 168, 7
FULL_LEVELS = {1: 9, 2: 6, 3: 6}
"""Cards of each level per family in the full set."""

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
MAX_PROBLEM_LENGTH = 160
"""Characters of a problem line (longer lines are cut)."""
ID_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_")
ID_RULE = f"must be 1 to {MAX_ID_LENGTH} ASCII letters, digits, '-' or '_'"
TEXT_RULE = f"must be printable text of 1 to {MAX_TEXT_LENGTH} characters"


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(low: int) -> Callable[[Any], bool]:
    """A test: an integer from `low` to MAX_NUMBER."""
    return lambda value: _is_int(value) and low <= value <= MAX_NUMBER


def _member(value: Any, allowed: Collection[Any]) -> bool:
    """`value` is one of `allowed`, text or an integer itself (so that true, 2.0 and [] never
    pass for 1, 2 or a name)."""
    return type(value) in (str, int) and value in allowed


def _is_id(value: Any) -> TypeGuard[str]:
    return (
        isinstance(value, str) and 0 < len(value) <= MAX_ID_LENGTH and set(value) <= ID_CHARACTERS
    )


def _is_text(value: Any) -> bool:
    return (
        isinstance(value, str)
        and bool(value.strip())
        and len(value) <= MAX_TEXT_LENGTH
        and value.isprintable()
    )


def _distinct(value: Any, allowed: tuple[Any, ...], *, empty: bool) -> bool:
    return (
        isinstance(value, list)
        and (empty or bool(value))
        and len(value) <= len(allowed)
        and all(_member(x, allowed) for x in value)
        and len(set(value)) == len(value)
    )


def _each_once(value: Any, expected: tuple[Any, ...]) -> bool:
    """`value` is a list of the expected values, each once, in any order."""
    return _distinct(value, expected, empty=False) and len(value) == len(expected)


def _amounts(value: Any, key: str, allowed: tuple[str, ...], sizes: tuple[int, ...]) -> bool:
    return (
        isinstance(value, list)
        and len(value) in sizes
        and all(
            isinstance(x, dict)
            and set(x) == {key, "n"}
            and _member(x[key], allowed)
            and _number(1)(x["n"])
            for x in value
        )
        and len({x[key] for x in value}) == len(value)
    )


def _options_ok(value: Any) -> bool:
    return _amounts(value, "kind", LOSS_KINDS, (1, 2, 3)) and all(
        x["n"] == 1 for x in value if x["kind"] == "discard"
    )


def _listed(values: tuple[Any, ...]) -> str:
    return ", ".join(str(value) for value in values)


def _named(kind: str, name: Any, number: int) -> str:
    """How a problem names a table: by its id when it has one, else by its place."""
    return f"{kind} {echo(name)}" if isinstance(name, str) and name else f"{kind} #{number}"


PARAM_KINDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "count": (_number(1), f"an integer from 1 to {MAX_NUMBER}"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "level": (lambda v: _member(v, (1, 2, 3)), "a level 1, 2 or 3"),
    "resource": (lambda v: _member(v, RESOURCES), f"one of {_listed(RESOURCES)}"),
    "counter": (lambda v: _member(v, COUNTERS), f"one of {_listed(COUNTERS)}"),
    "levels": (
        lambda v: _distinct(v, (1, 2, 3), empty=True),
        "a list of distinct levels among 1, 2, 3 (possibly empty)",
    ),
    "kinds": (
        lambda v: _distinct(v, COPY_KINDS, empty=False),
        f"a non-empty list of distinct kinds among {_listed(COPY_KINDS)}",
    ),
    "gifts": (
        lambda v: _amounts(v, "resource", RESOURCES, (2,)),
        "2 tables {resource, n} of different resources, n >= 1",
    ),
    "options": (
        _options_ok,
        f"1 to 3 tables {{kind, n}} of distinct kinds among {_listed(LOSS_KINDS)}, "
        "n >= 1 (n = 1 for discard)",
    ),
}


def check_card_data(data: object, *, full_set: bool) -> list[str]:
    """Every structural problem of parsed card data (empty: the data is good); never raises."""
    if not isinstance(data, dict):
        return [f"a card set is a table of tables (a TOML file's content), not {quoted(data)}"]
    return _Checker(data, full_set).problems


class _Checker:
    """Runs the checks once, collecting problems instead of stopping at the first."""

    def __init__(self, data: dict[Any, Any], full_set: bool) -> None:
        self.data = data
        self.problems: list[str] = []
        self.codes: dict[str, str] = {}
        """Family id -> code, for the families declared without a problem."""
        self.card_ids: dict[str, str] = {}
        """Card id (in lower case) -> the design that has it."""
        self.names: set[str] = set()
        self.designs: set[str] = set()
        """Design ids, in lower case."""
        self.family_designs = Counter[str]()
        self.cards = Counter[tuple[str, int]]()
        self._families()
        self._rules()
        self._quests()
        self._temple()
        self._primitives()
        for number, raw in enumerate(self._tables("design", MAX_DESIGNS), 1):
            self._design(number, raw)
        self._counts(full_set)

    def add(self, where: str, field: Any, message: str) -> None:
        """A problem with one field of a table."""
        self.note(f"{where}: field '{echo(field)}': {message}")

    def note(self, message: str) -> None:
        """A problem, cut to MAX_PROBLEM_LENGTH characters."""
        cut = len(message) > MAX_PROBLEM_LENGTH
        self.problems.append(message[: MAX_PROBLEM_LENGTH - 1] + "…" if cut else message)

    def unknown_keys(
        self, where: str, table: dict[Any, Any], known: Collection[str], why: str
    ) -> None:
        """One problem for a table's unknown keys: the first, and how many more."""
        unknown = [key for key in table if key not in known]
        if unknown:
            more = f"; {len(unknown) - 1} more unknown" if len(unknown) > 1 else ""
            self.add(where, unknown[0], f"unknown field ({why}){more}")

    def _tables(self, key: str, limit: int = MAX_TABLES) -> list[dict[Any, Any]]:
        """The tables of array `key` (a problem if it is missing, too long or holds something
        else; then none are checked)."""
        value = self.data.get(key)
        if isinstance(value, list) and len(value) > limit:
            self.note(f"[[{key}]]: at most {limit} tables, got {len(value):,}")
            return []
        if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
            self.note(f"[[{key}]]: must be an array of tables")
            return []
        return value

    def _table(self, key: str) -> dict[Any, Any]:
        value = self.data.get(key)
        if not isinstance(value, dict):
            self.note(f"[{key}]: table missing")
            return {}
        return value

    def _families(self) -> None:
        codes: set[str] = set()
        """Codes in lower case."""
        for number, fam in enumerate(self._tables("family"), 1):
            fid: Any = fam.get("id")
            code: Any = fam.get("code")
            where = _named("family", fid, number)
            known = _member(fid, FAMILY_IDS)
            if not known:
                self.add(where, "id", f"must be one of {_listed(FAMILY_IDS)}, got {quoted(fid)}")
            elif fid in self.codes:
                self.add(where, "id", "duplicate family id")
            for field in ("name", "theme"):
                if not _is_text(fam.get(field)):
                    self.add(where, field, TEXT_RULE)
            if not _is_id(code):
                self.add(where, "code", f"{ID_RULE}, got {quoted(code)}")
            elif code.lower() in codes:
                self.add(
                    where,
                    "code",
                    f"duplicate family code {quoted(code)} (codes are read without case)",
                )
            elif known and fid not in self.codes:
                self.codes[fid] = code
            if isinstance(code, str):
                codes.add(code.lower())
        if len(self.codes) < FAMILIES_IN_PLAY:
            self.note(
                f"[[family]]: a game uses {FAMILIES_IN_PLAY} families, so a card set needs at "
                f"least {FAMILIES_IN_PLAY}; got {len(self.codes)}"
            )

    def _rules(self) -> None:
        rules = self._table("rules")
        columns = rules.get("columns")
        if columns != list(COLUMNS):
            self.add("[rules]", "columns", f"must be {list(COLUMNS)}, got {quoted(columns)}")
        if not _number(0)(rules.get("starting_gold")):
            self.add("[rules]", "starting_gold", f"must be an integer from 0 to {MAX_NUMBER}")
        rec: Any = rules.get("recommended_first_game")
        if not (_distinct(rec, tuple(self.codes), empty=False) and len(rec) == FAMILIES_IN_PLAY):
            self.add(
                "[rules]",
                "recommended_first_game",
                f"must be {FAMILIES_IN_PLAY} distinct families of the file, got {quoted(rec)}",
            )
        scoring = self._table("scoring")
        for field, sizes in (("family_legend_vp", (2, 3)), ("level_legend_vp", (2, 3, 4, 5))):
            table = scoring.get(field)
            if not (
                isinstance(table, dict)
                and set(table) == {str(size) for size in sizes}
                and all(_number(0)(vp) for vp in table.values())
            ):
                self.add(
                    "[scoring]", field, f"must give VP >= 0 for Legends of {_listed(sizes)} cards"
                )
        penalty = scoring.get("citizen_penalty_vp")
        if not (_is_int(penalty) and -MAX_NUMBER <= penalty <= 0):
            self.add(
                "[scoring]",
                "citizen_penalty_vp",
                f"must be an integer from -{MAX_NUMBER} to 0, got {quoted(penalty)}",
            )
        ranks = scoring.get("ares_pp_rank_vp")
        if not (isinstance(ranks, list) and len(ranks) == 4 and all(map(_number(0), ranks))):
            self.add("[scoring]", "ares_pp_rank_vp", f"must be 4 VP values >= 0, got {echo(ranks)}")

    def _quests(self) -> None:
        ids: set[str] = set()
        """Quest ids in lower case."""
        back_side: dict[Any, Any] | None = None
        numbers: dict[int, list[int]] = {2: [], 3: [], 4: []}
        for number, quest in enumerate(self._tables("quest"), 1):
            qid = quest.get("id")
            where = _named("quest", qid, number)
            if not _is_id(qid):
                self.add(where, "id", f"{ID_RULE}, got {quoted(qid)}")
            elif qid.lower() in ids:
                self.add(where, "id", "duplicate quest id (ids are read without case)")
            elif qid.lower() == "incomplete":
                self.add(where, "id", "'incomplete' names the back of every Quest tile")
            if isinstance(qid, str):
                ids.add(qid.lower())
            for field, low in (("number", 1), ("vp", 0), ("gold", 0), ("lyres", 1)):
                if not _number(low)(quest.get(field)):
                    self.add(
                        where,
                        field,
                        f"must be an integer from {low} to {MAX_NUMBER}, "
                        f"got {quoted(quest.get(field))}",
                    )
            players: Any = quest.get("players")
            if not _distinct(players, (2, 3, 4), empty=False):
                self.add(
                    where, "players", f"must be distinct player counts 2..4, got {echo(players)}"
                )
            elif _number(1)(quest.get("number")):
                for count in players:
                    numbers[count].append(quest["number"])
            back = quest.get("incomplete")
            if not (
                isinstance(back, dict)
                and set(back) == {"vp", "gold", "lyres"}
                and _number(0)(back["vp"])
                and _number(0)(back["gold"])
                and _number(1)(back["lyres"])
            ):
                self.add(where, "incomplete", "must be {vp >= 0, gold >= 0, lyres >= 1}")
            elif back_side is None:
                back_side = back
            elif back != back_side:
                self.add(where, "incomplete", f"must be the same on every tile ({back_side})")
        for count, used in numbers.items():
            k = len(used)
            if sorted(used) != list(range(1, k + 1)) or not count <= k <= 4:
                self.add(
                    f"quests for {count} players",
                    "number",
                    f"must be 1..k without gaps or repeats, {count} <= k <= 4; "
                    f"got {echo(sorted(used))}",
                )

    def _temple(self) -> None:
        pediment = self._tables("pediment")
        sides = [side.get("side") for side in pediment]
        if not _each_once(sides, ("A", "B")):
            self.add("[[pediment]]", "side", f"must be A and B once each, got {echo(sides)}")
        for side in pediment:
            slots = side.get("slots")
            if not _each_once(slots, COLUMNS):
                self.add(
                    f"pediment side {echo(side.get('side'))}",
                    "slots",
                    f"must use each of {_listed(COLUMNS)} once, got {echo(slots)}",
                )
        tiles = self._tables("level_bonus")
        if not _each_once([tile.get("level") for tile in tiles], (1, 2, 3)):
            self.add("[[level_bonus]]", "level", "needs one tile for each level 1, 2, 3")
        for tile in tiles:
            if not _number(0)(tile.get("vp")):
                self.add(
                    f"level bonus {echo(tile.get('level'))}",
                    "vp",
                    f"must be an integer from 0 to {MAX_NUMBER}",
                )
        self._family_bonus()

    def _family_bonus(self) -> None:
        ranks: dict[str, dict[int, int]] = {fid: {} for fid in self.codes}
        for tile in self._tables("family_bonus"):
            fam: Any = tile.get("family")
            rank: Any = tile.get("rank")
            vp: Any = tile.get("vp")
            where = f"family bonus {echo(fam)} rank {echo(rank)}"
            if not isinstance(fam, str) or fam not in ranks:
                self.add(where, "family", f"must be a family of the file, got {quoted(fam)}")
            elif not _member(rank, (1, 2)) or rank in ranks[fam] or not _number(0)(vp):
                self.add(where, "rank", "needs rank 1 or 2 (once each) and an integer vp >= 0")
            else:
                ranks[fam][rank] = vp
        reference = next(iter(ranks.values()), {})
        for fam, table in ranks.items():
            if sorted(table) != [1, 2] or table != reference:
                self.add(
                    f"family bonus {fam}",
                    "vp",
                    f"needs ranks 1 and 2 with the same VP for every family, got {table}",
                )

    def _primitives(self) -> None:
        if "primitive" not in self.data:
            return
        for entry in self._tables("primitive"):
            op: Any = entry.get("op")
            where = f"primitive {echo(op)}"
            if not _member(op, SIGNATURES):
                self.add(where, "op", "not one of the 21 primitives of the rules (§12)")
                continue
            params, contexts = SIGNATURES[op]
            if entry.get("params") != list(params):
                self.add(where, "params", f"must be {list(params)}")
            if not _each_once(entry.get("allowed_in"), contexts):
                self.add(where, "allowed_in", f"must be {sorted(contexts)}")

    def _design(self, number: int, raw: dict[Any, Any]) -> None:
        did = raw.get("id")
        where = _named("design", did, number)
        self.unknown_keys(where, raw, DESIGN_FIELDS, f"fields: {_listed(DESIGN_FIELDS)}")
        family = raw.get("family")
        fam = family if isinstance(family, str) else ""  # "" is never a family
        level: Any = raw.get("level")
        power: Any = raw.get("power")
        if not _is_id(did):
            self.add(where, "id", f"{ID_RULE}, got {quoted(did)}")
        elif did.lower() in self.designs:
            self.add(where, "id", "duplicate design id (ids are read without case)")
        elif fam in self.codes and not did.startswith(f"{self.codes[fam]}-"):
            self.add(where, "id", f"must start with the family code '{self.codes[fam]}-'")
        if fam not in self.codes:
            self.add(where, "family", f"must be a family of the file, got {quoted(family)}")
        name = raw.get("name")
        if not _is_text(name) or name in self.names:
            self.add(where, "name", f"must be unique printable text, got {quoted(name)}")
        if isinstance(name, str):
            self.names.add(name)
        if not _member(level, (1, 2, 3)):
            self.add(where, "level", f"must be 1, 2 or 3, got {quoted(level)}")
        if not _member(power, POWER_TYPES):
            self.add(where, "power", f"must be one of {_listed(POWER_TYPES)}, got {quoted(power)}")
        if not _is_text(raw.get("text")):
            self.add(where, "text", TEXT_RULE)
        self._window_and_hook(where, raw, power)
        context = power
        if power == "permanent":
            context = "permanent_hook" if "hook" in raw else "permanent_static"
        effects = raw.get("effects")
        if not isinstance(effects, list) or not 0 < len(effects) <= MAX_EFFECTS:
            self.add(where, "effects", f"must be a list of 1 to {MAX_EFFECTS} effect tables")
        else:
            for k, effect in enumerate(effects, 1):
                self._effect(where, f"effects[{k}]", effect, context, fam)
        copies = raw.get("copies")
        self._copies(where, did, copies)
        if isinstance(did, str):
            self.designs.add(did.lower())
        if fam in self.codes:
            self.family_designs[fam] += 1
            if _member(level, (1, 2, 3)) and isinstance(copies, list):
                self.cards[(fam, level)] += len(copies)

    def _window_and_hook(self, where: str, raw: dict[Any, Any], power: Any) -> None:
        window = raw.get("window")
        if power in ("activate", "trigger") and not _member(window, WINDOWS):
            self.add(where, "window", f"a {power} power needs one of {_listed(WINDOWS)}")
        elif power not in ("activate", "trigger") and "window" in raw:
            self.add(where, "window", "only activate and trigger powers have a window")
        if "hook" in raw and (power != "permanent" or not _member(raw["hook"], HOOKS)):
            self.add(where, "hook", f"only permanent powers have a hook, one of {_listed(HOOKS)}")

    def _effect(self, where: str, field: str, effect: Any, context: Any, fam: str) -> None:
        op: Any = effect.get("op") if isinstance(effect, dict) else None
        if not _member(op, SIGNATURES):
            self.add(
                where,
                f"{field}.op",
                f"unknown primitive {quoted(op)} (see the 21 primitives of the rules, §12)",
            )
            return
        params, contexts = SIGNATURES[op]
        if _member(context, (*POWER_TYPES, "permanent_hook", "permanent_static")) and (
            context not in contexts
        ):
            self.add(
                where,
                f"{field}.op",
                f"{op} is not allowed in a {context} power ({_listed(contexts)})",
            )
        unknown = [name for name in effect if name != "op" and name not in params]
        if unknown:
            more = f"; {len(unknown) - 1} more" if len(unknown) > 1 else ""
            self.add(
                where,
                f"{field}.{echo(unknown[0])}",
                f"not a parameter of {op} ({_listed(tuple(params))}){more}",
            )
        for name, kind in params.items():
            test, expected = PARAM_KINDS[kind]
            if name not in effect:
                self.add(where, f"{field}.{name}", f"missing (a parameter of {op})")
            elif not test(effect[name]):
                self.add(
                    where, f"{field}.{name}", f"must be {expected}, got {quoted(effect[name])}"
                )
        self._family_rules(where, field, effect, op, fam)

    def _family_rules(
        self, where: str, field: str, effect: dict[Any, Any], op: str, fam: str
    ) -> None:
        amounts = [
            x
            for key in ("gifts", "options")
            if isinstance(effect.get(key), list)
            for x in effect[key]
        ]
        words = [effect.get("resource"), op] + [
            x.get("resource", x.get("kind")) for x in amounts if isinstance(x, dict)
        ]
        if fam != "ares" and ("pp" in words or "gain_pp" in words):
            self.add(where, field, "only Ares cards may use Prestige Points (pp)")
        if fam != "apollo" and op in ORACLE_OPS:
            self.add(where, f"{field}.op", f"{op} is for Apollo cards only (the Oracle)")
        if (
            "levels" in SIGNATURES[op][0]
            and effect.get("levels") == []
            and (effect.get("citizens") is False)
        ):
            self.add(
                where, f"{field}.levels", "the filter matches nothing (no levels, no citizens)"
            )

    def _copies(self, where: str, did: Any, copies: Any) -> None:
        if not isinstance(copies, list) or len(copies) != 3:
            self.add(where, "copies", "must be a list of exactly 3 copies")
            return
        for letter, copy in zip("abc", copies, strict=True):
            if not isinstance(copy, dict):
                self.add(where, "copies", "each copy must be a table {id, condition}")
                continue
            cid = copy.get("id")
            card = f"card {echo(cid)}" if isinstance(cid, str) else f"{where} copy {letter}"
            self.unknown_keys(
                card, copy, ("id", "condition"), "copies differ only by id and condition"
            )
            if not _is_id(cid):
                self.add(card, "id", f"{ID_RULE}, got {quoted(cid)}")
            elif _is_id(did) and cid != f"{did}{letter}":
                self.add(
                    card,
                    "id",
                    f"must be '{echo(did)}{letter}' (design id + a/b/c), got {quoted(cid)}",
                )
            if isinstance(cid, str):
                if cid.lower() in self.card_ids:
                    also = self.card_ids[cid.lower()]
                    self.add(
                        card, "id", f"duplicate card id (also in {also}; ids are read without case)"
                    )
                self.card_ids.setdefault(cid.lower(), where)
            self._condition(card, copy.get("condition"))

    def _condition(self, card: str, condition: Any) -> None:
        circles = (*COLUMNS, BLACK)
        if not isinstance(condition, list) or len(condition) not in (1, 2):
            self.add(card, "condition", f"must be a list of 1 or 2 circles, got {echo(condition)}")
        elif not all(_member(circle, circles) for circle in condition):
            bad = next(circle for circle in condition if not _member(circle, circles))
            self.add(
                card, "condition", f"unknown circle {quoted(bad)} (circles: {_listed(circles)})"
            )
        elif len(condition) == 2 and condition[0] == condition[1] != BLACK:
            self.add(
                card,
                "condition",
                f"two {condition[0]} circles can never be met (one column per colour)",
            )

    def _counts(self, full_set: bool) -> None:
        for fam in self.codes:
            missing = [str(lv) for lv in (1, 2, 3) if not self.cards[(fam, lv)]]
            if missing:
                self.add(
                    f"family {fam}",
                    "level",
                    f"no card of level {', '.join(missing)}; each family needs levels 1, 2 and 3",
                )
        if not full_set:
            return
        designs, cards = sum(self.family_designs.values()), sum(self.cards.values())
        if list(self.codes) != list(FAMILY_IDS):
            self.note(f"[[family]]: the full set has the 8 families {_listed(FAMILY_IDS)}")
        if designs != FULL_DESIGNS or cards != FULL_CARDS:
            self.note(
                f"[[design]]: the full set has {FULL_DESIGNS} designs and {FULL_CARDS} cards, "
                f"got {designs} and {cards}"
            )
        for fam in self.codes:
            levels = {lv: self.cards[(fam, lv)] for lv in (1, 2, 3)}
            if self.family_designs[fam] != FULL_DESIGNS_PER_FAMILY or levels != FULL_LEVELS:
                self.add(
                    f"family {fam}",
                    "level",
                    f"the full set has {FULL_DESIGNS_PER_FAMILY} designs and {FULL_LEVELS} "
                    f"cards per level, got {self.family_designs[fam]} designs and {levels}",
                )
