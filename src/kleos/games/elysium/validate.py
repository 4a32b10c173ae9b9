"""Structural checks of the Elysium card data (the raw TOML tables) before a CardSet is built.

`check_card_data` returns every problem found, table by table, as text of the form
"design ZEU-04: field 'level': must be 1, 2 or 3, got 4". What is checked:

- rules: columns are yellow, blue, green, red; starting gold >= 0; the recommended families are
  distinct families of the file. Scoring: family_legend_vp for 2 and 3 cards, level_legend_vp for
  2 to 5 cards (VP >= 0), citizen_penalty_vp <= 0, ares_pp_rank_vp 4 VP values >= 0.
- families: ids among the 8 gods, unique; name, code, theme present; codes unique.
- quests: unique ids; number >= 1; players a list of distinct counts 2..4; VP, gold >= 0,
  lyres >= 1; the same Incomplete side {vp, gold, lyres} on every tile; for each player count p
  the tiles used are numbered 1..k, without gaps or repeats, with p <= k <= 4.
- pediment: sides A and B, each using the 4 column colours once. Bonus tiles: one level bonus per
  level 1..3; family bonus ranks 1 and 2 for every family, with the same VP for every family.
- [[primitive]] (if present): the same ops, params and allowed_in as the code's vocabulary.
- designs: only known fields; unique id starting with the family code; family declared; unique
  non-empty name; level 1..3; power type known; text present; a window (actions, legends, any)
  exactly on activate and trigger powers; a hook (on_take_quest) only on permanent powers.
  Effects: a non-empty list of the 21 primitives, each allowed in the design's power type
  (a permanent with a hook counts as permanent_hook, without as permanent_static), with exactly
  its parameters, each of the right kind; PP only on Ares cards, Oracle primitives only on Apollo
  cards, and a transfer filter that matches something.
- cards: exactly 3 copies per design, with ids design id + a, b, c and no other field than the
  condition; card ids unique; a condition of 1 or 2 circles among the colours and black, never
  two circles of the same colour.
- counts: every family has a card of each level 1..3. The full set (`full_set`) also has the 8
  families, 56 designs, 168 cards, 7 designs and 9/6/6 cards of levels 1/2/3 per family.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeGuard

from kleos.games.elysium.cards import (
    BLACK,
    COLUMNS,
    COPY_KINDS,
    COUNTERS,
    FAMILY_IDS,
    HOOKS,
    LOSS_KINDS,
    POWER_TYPES,
    PRIMITIVES,
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
"""Each primitive's parameters (name -> kind) and the power types it is allowed in (§12)."""

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


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _at_least(low: int) -> Callable[[Any], bool]:
    return lambda value: _is_int(value) and value >= low


def _distinct(value: Any, allowed: tuple[Any, ...], *, empty: bool) -> bool:
    return (
        isinstance(value, list)
        and (empty or bool(value))
        and all(not isinstance(x, bool) and x in allowed for x in value)
        and len(set(value)) == len(value)
    )


def _amounts(value: Any, key: str, allowed: tuple[str, ...], sizes: tuple[int, ...]) -> bool:
    return (
        isinstance(value, list)
        and len(value) in sizes
        and all(
            isinstance(x, dict)
            and set(x) == {key, "n"}
            and x[key] in allowed
            and _at_least(1)(x["n"])
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


PARAM_KINDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "count": (_at_least(1), "a positive integer"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "level": (lambda v: _is_int(v) and v in (1, 2, 3), "a level 1, 2 or 3"),
    "resource": (lambda v: v in RESOURCES, f"one of {_listed(RESOURCES)}"),
    "counter": (lambda v: v in COUNTERS, f"one of {_listed(COUNTERS)}"),
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


def check_card_data(data: dict[str, Any], *, full_set: bool) -> list[str]:
    """Every structural problem of parsed card data (empty: the data is good); never raises."""
    return _Checker(data, full_set).problems


class _Checker:
    """Runs the checks once, collecting problems instead of stopping at the first."""

    def __init__(self, data: dict[str, Any], full_set: bool) -> None:
        self.data = data
        self.problems: list[str] = []
        self.codes: dict[str, str] = {}
        self.card_ids: dict[str, str] = {}
        self.names: set[str] = set()
        self.designs: set[str] = set()
        self.family_designs = Counter[str]()
        self.cards = Counter[tuple[str, int]]()
        self._families()
        self._rules()
        self._quests()
        self._temple()
        self._primitives()
        for number, raw in enumerate(self._tables("design"), 1):
            self._design(number, raw)
        self._counts(full_set)

    def add(self, where: str, field: str, message: str) -> None:
        self.problems.append(f"{where}: field '{field}': {message}")

    def note(self, message: str) -> None:
        self.problems.append(message)

    def _tables(self, key: str) -> list[dict[str, Any]]:
        """The tables of array `key` (a problem if it is missing or holds something else)."""
        value = self.data.get(key)
        if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
            self.note(f"[[{key}]]: must be an array of tables")
            return []
        return value

    def _table(self, key: str) -> dict[str, Any]:
        value = self.data.get(key)
        if not isinstance(value, dict):
            self.note(f"[{key}]: table missing")
            return {}
        return value

    def _families(self) -> None:
        for number, fam in enumerate(self._tables("family"), 1):
            fid = fam.get("id")
            where = f"family {fid if isinstance(fid, str) else f'#{number}'}"
            if fid not in FAMILY_IDS:
                self.add(where, "id", f"must be one of {_listed(FAMILY_IDS)}, got {fid!r}")
            elif fid in self.codes:
                self.add(where, "id", "duplicate family id")
            for field in ("name", "code", "theme"):
                if not isinstance(fam.get(field), str) or not fam[field].strip():
                    self.add(where, field, "must be a non-empty string")
            code = fam.get("code")
            if isinstance(code, str) and code in self.codes.values():
                self.add(where, "code", f"duplicate family code {code!r}")
            if fid in FAMILY_IDS and fid not in self.codes and isinstance(code, str):
                self.codes[fid] = code
        if not self.codes:
            self.note("[[family]]: the card set needs at least one family")

    def _rules(self) -> None:
        rules = self._table("rules")
        if rules.get("columns") != list(COLUMNS):
            self.add("[rules]", "columns", f"must be {list(COLUMNS)}, got {rules.get('columns')!r}")
        if not _at_least(0)(rules.get("starting_gold")):
            self.add("[rules]", "starting_gold", "must be an integer >= 0")
        rec = rules.get("recommended_first_game")
        if not _distinct(rec, tuple(self.codes), empty=False):
            self.add(
                "[rules]",
                "recommended_first_game",
                f"must be a list of distinct families of the file, got {rec!r}",
            )
        scoring = self._table("scoring")
        for field, sizes in (("family_legend_vp", (2, 3)), ("level_legend_vp", (2, 3, 4, 5))):
            table = scoring.get(field)
            if not (
                isinstance(table, dict)
                and sorted(table) == [str(size) for size in sizes]
                and all(_at_least(0)(vp) for vp in table.values())
            ):
                self.add(
                    "[scoring]", field, f"must give VP >= 0 for Legends of {_listed(sizes)} cards"
                )
        penalty = scoring.get("citizen_penalty_vp")
        if not (_is_int(penalty) and penalty <= 0):
            self.add("[scoring]", "citizen_penalty_vp", f"must be an integer <= 0, got {penalty!r}")
        ranks = scoring.get("ares_pp_rank_vp")
        if not (isinstance(ranks, list) and len(ranks) == 4 and all(map(_at_least(0), ranks))):
            self.add("[scoring]", "ares_pp_rank_vp", f"must be 4 VP values >= 0, got {ranks!r}")

    def _quests(self) -> None:
        ids: set[str] = set()
        backs: list[Any] = []
        numbers: dict[int, list[int]] = {2: [], 3: [], 4: []}
        for number, quest in enumerate(self._tables("quest"), 1):
            qid = quest.get("id")
            where = f"quest {qid if isinstance(qid, str) else f'#{number}'}"
            if not isinstance(qid, str) or qid in ids:
                self.add(where, "id", "must be a string, unique among the quests")
            ids.add(str(qid))
            for field, low in (("number", 1), ("vp", 0), ("gold", 0), ("lyres", 1)):
                if not _at_least(low)(quest.get(field)):
                    self.add(where, field, f"must be an integer >= {low}, got {quest.get(field)!r}")
            players: Any = quest.get("players")
            if not _distinct(players, (2, 3, 4), empty=False):
                self.add(where, "players", f"must be distinct player counts 2..4, got {players!r}")
            elif _at_least(1)(quest.get("number")):
                for count in players:
                    numbers[count].append(quest["number"])
            back = quest.get("incomplete")
            if not (
                isinstance(back, dict)
                and set(back) == {"vp", "gold", "lyres"}
                and _at_least(0)(back["vp"])
                and _at_least(0)(back["gold"])
                and _at_least(1)(back["lyres"])
            ):
                self.add(where, "incomplete", "must be {vp >= 0, gold >= 0, lyres >= 1}")
            elif backs and back != backs[0]:
                self.add(where, "incomplete", f"must be the same on every tile ({backs[0]})")
            backs.append(back)
        for count, used in numbers.items():
            k = len(used)
            if sorted(used) != list(range(1, k + 1)) or not count <= k <= 4:
                self.add(
                    f"quests for {count} players",
                    "number",
                    f"must be 1..k without gaps or repeats, {count} <= k <= 4; got {sorted(used)}",
                )

    def _temple(self) -> None:
        pediment = self._tables("pediment")
        sides = [side.get("side") for side in pediment]
        if sorted(map(str, sides)) != ["A", "B"]:
            self.add("[[pediment]]", "side", f"must be A and B once each, got {sides}")
        for side in pediment:
            slots = side.get("slots")
            if not isinstance(slots, list) or sorted(map(str, slots)) != sorted(COLUMNS):
                self.add(
                    f"pediment side {side.get('side')}",
                    "slots",
                    f"must use each of {_listed(COLUMNS)} once, got {side.get('slots')!r}",
                )
        tiles = self._tables("level_bonus")
        if sorted(str(t.get("level")) for t in tiles) != ["1", "2", "3"]:
            self.add("[[level_bonus]]", "level", "needs one tile for each level 1, 2, 3")
        for tile in tiles:
            if not _at_least(0)(tile.get("vp")):
                self.add(f"level bonus {tile.get('level')}", "vp", "must be an integer >= 0")
        ranks: dict[str, dict[Any, Any]] = {fid: {} for fid in self.codes}
        for tile in self._tables("family_bonus"):
            fam, rank, vp = tile.get("family"), tile.get("rank"), tile.get("vp")
            where = f"family bonus {fam} rank {rank}"
            if not isinstance(fam, str) or fam not in ranks:
                self.add(where, "family", f"must be a family of the file, got {fam!r}")
            elif rank not in (1, 2) or rank in ranks[fam] or not _at_least(0)(vp):
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
            op = entry.get("op")
            where = f"primitive {op}"
            if not isinstance(op, str) or op not in SIGNATURES:
                self.add(where, "op", f"not one of the 21 primitives: {_listed(PRIMITIVES)}")
                continue
            params, contexts = SIGNATURES[op]
            if entry.get("params") != list(params):
                self.add(where, "params", f"must be {list(params)}")
            allowed = entry.get("allowed_in")
            if not isinstance(allowed, list) or sorted(map(str, allowed)) != sorted(contexts):
                self.add(where, "allowed_in", f"must be {sorted(contexts)}")

    def _design(self, number: int, raw: dict[str, Any]) -> None:
        did = raw.get("id")
        where = f"design {did}" if isinstance(did, str) and did else f"design #{number}"
        for key in raw:
            if key not in DESIGN_FIELDS:
                self.add(where, key, f"unknown field (fields: {_listed(DESIGN_FIELDS)})")
        family = raw.get("family")
        fam = family if isinstance(family, str) else ""  # "" is never a family
        level: Any = raw.get("level")
        power: Any = raw.get("power")
        if not isinstance(did, str) or not did:
            self.add(where, "id", "must be a non-empty string")
        elif did in self.designs:
            self.add(where, "id", "duplicate design id")
        elif fam in self.codes and not did.startswith(f"{self.codes[fam]}-"):
            self.add(where, "id", f"must start with the family code '{self.codes[fam]}-'")
        if fam not in self.codes:
            self.add(where, "family", f"must be a family of the file, got {family!r}")
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip() or name in self.names:
            self.add(where, "name", f"must be a non-empty unique string, got {name!r}")
        self.names.add(str(name))
        if not (_is_int(level) and level in (1, 2, 3)):
            self.add(where, "level", f"must be 1, 2 or 3, got {level!r}")
        if power not in POWER_TYPES:
            self.add(where, "power", f"must be one of {_listed(POWER_TYPES)}, got {power!r}")
        if not isinstance(raw.get("text"), str) or not raw["text"].strip():
            self.add(where, "text", "must be a non-empty string")
        window = raw.get("window")
        if power in ("activate", "trigger") and window not in WINDOWS:
            self.add(where, "window", f"a {power} power needs one of {_listed(WINDOWS)}")
        elif power not in ("activate", "trigger") and "window" in raw:
            self.add(where, "window", "only activate and trigger powers have a window")
        if "hook" in raw and (power != "permanent" or raw["hook"] not in HOOKS):
            self.add(where, "hook", f"only permanent powers have a hook, one of {_listed(HOOKS)}")
        context = power
        if power == "permanent":
            context = "permanent_hook" if "hook" in raw else "permanent_static"
        effects = raw.get("effects")
        if not isinstance(effects, list) or not effects:
            self.add(where, "effects", "must be a non-empty list of effect tables")
        else:
            for k, effect in enumerate(effects, 1):
                self._effect(where, f"effects[{k}]", effect, context, fam)
        copies = raw.get("copies")
        self._copies(where, did, copies)
        if isinstance(did, str):
            self.designs.add(did)
        if fam in self.codes:
            self.family_designs[fam] += 1
            if _is_int(level) and isinstance(copies, list):
                self.cards[(fam, level)] += len(copies)

    def _effect(self, where: str, field: str, effect: Any, context: Any, fam: Any) -> None:
        op = effect.get("op") if isinstance(effect, dict) else None
        if not isinstance(op, str) or op not in SIGNATURES:
            self.add(
                where, f"{field}.op", f"unknown primitive {op!r} (known: {_listed(PRIMITIVES)})"
            )
            return
        params, contexts = SIGNATURES[op]
        if context in (*POWER_TYPES, "permanent_hook", "permanent_static") and (
            context not in contexts
        ):
            self.add(
                where,
                f"{field}.op",
                f"{op} is not allowed in a {context} power ({_listed(contexts)})",
            )
        for name in sorted(set(effect) - {"op"} - set(params)):
            self.add(
                where, f"{field}.{name}", f"not a parameter of {op} ({_listed(tuple(params))})"
            )
        for name, kind in params.items():
            test, expected = PARAM_KINDS[kind]
            if name not in effect:
                self.add(where, f"{field}.{name}", f"missing (a parameter of {op})")
            elif not test(effect[name]):
                self.add(where, f"{field}.{name}", f"must be {expected}, got {effect[name]!r}")
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
        if "levels" in params and effect.get("levels") == [] and effect.get("citizens") is False:
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
            card = f"card {cid}" if isinstance(cid, str) else f"{where} copy {letter}"
            for key in sorted(set(copy) - {"id", "condition"}):
                self.add(card, key, "unknown field (copies differ only by id and condition)")
            if cid != f"{did}{letter}":
                self.add(card, "id", f"must be '{did}{letter}' (design id + a/b/c), got {cid!r}")
            if isinstance(cid, str):
                if cid in self.card_ids:
                    self.add(card, "id", f"duplicate card id (also in {self.card_ids[cid]})")
                self.card_ids.setdefault(cid, where)
            self._condition(card, copy.get("condition"))

    def _condition(self, card: str, condition: Any) -> None:
        circles = (*COLUMNS, BLACK)
        if not isinstance(condition, list) or len(condition) not in (1, 2):
            self.add(card, "condition", f"must be a list of 1 or 2 circles, got {condition!r}")
        elif any(circle not in circles for circle in condition):
            bad = next(circle for circle in condition if circle not in circles)
            self.add(card, "condition", f"unknown circle {bad!r} (circles: {_listed(circles)})")
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
