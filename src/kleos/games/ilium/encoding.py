"""Ilium's observation encoding for research interfaces: a fixed-size float vector per config.

`fields(game)` documents the layout, `encode(state, player)` gives the non-zero entries
(indices ascending) and `max_game_length(game)` bounds the number of decisions of a game.

The vector shows a seat exactly what its view shows (docs/ilium.md §10.1): the board, the sites'
stocks in taking order, every seat's tokens, cubes and deck counts, the turn so far, the excavation
under way, the offer, the 2-player removed tokens, once the game is over the Historians and the
results, and the viewer's own private parts (Historian, top card). Seats are relative to the viewer:
relative seat 0 is the viewer, 1 the next seat in play order, and so on; a spectator is encoded from
seat 0's side with no private entry. Only the usable paths and the active sites of the config have
entries (the 2-player game's closed sites and their paths have none).

Each field is declared once below (`FIELDS`: its name, size, doc and writer,
`kleos.core.encoding`); the layout of a (board, players, variant) is derived from the
declarations, built once and cached here, so that encoding a position only runs the writers,
which loop over what is on the board and in the hands.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from operator import attrgetter
from typing import TYPE_CHECKING

from kleos.core.encoding import AtStart, EncodingField, Fields, saturate
from kleos.core.protocol import PlayerId
from kleos.games.ilium.board import (
    TOKEN_CODES,
    TOKEN_VALUES,
    TYPE_OF,
    TYPES,
    VALUE_OF,
    token_type,
    token_value,
)
from kleos.games.ilium.state import (
    GROUP_SIZES,
    PHASE_NAMES,
    SPACE_CODES,
    STARTING_CUBES,
    DecisionKind,
    IliumState,
    cube_code,
    group_code,
)

if TYPE_CHECKING:
    from kleos.games.ilium.game import Ilium

NUM_TYPES = len(TYPES)
MAX_VALUE = max(TOKEN_VALUES)
CARD_VALUES = (1, 2, 3)
CODES = SPACE_CODES
"""Space codes 0..CODES-1 (`state.group_code`, `state.cube_code`)."""
COPIES = {v: TOKEN_VALUES.count(v) for v in set(TOKEN_VALUES)}
"""How many tokens of one type have a given value (1: 2, 2: 3, 3: 3, 4: 1, 5: 1)."""
TYPE_TOKENS = len(TOKEN_VALUES)
TYPE_ARTIFACTS = sum(TOKEN_VALUES)
SCORE_HALF = 50
"""A final score s is encoded as s / (s + SCORE_HALF) (`saturate`)."""
FOURS = NUM_TYPES
"""Value-4 tokens in the game: one per type."""
REMOVED_VALUES = (1, 2, 3)
"""The values of the 2-player game's set-aside (and so removed) tokens (docs/ilium.md §3.2)."""
CACHE_SIZE = 64
"""Layouts kept (one per board, player count and variant in use)."""

# Token code -> the value of its entry in a site's stock (value / 5).
_STOCK_VALUE = [token_value(code) / MAX_VALUE for code in range(TOKEN_CODES)]
# Token code -> its offset in a seat's hoard block ((value - 1) * 5 + type).
_HOARD_OFFSET = [
    max(0, (token_value(code) - 1) * NUM_TYPES + token_type(code)) for code in range(TOKEN_CODES)
]
# Token code -> 1 / (copies of its value in a type).
_HOARD_SCALE = [1.0 / COPIES.get(token_value(code), 1) for code in range(TOKEN_CODES)]


class _Layout:
    """One config's tables, read by the writers, and its vector (`vector`: the fields, their
    starts and the size), derived from the declarations below."""

    __slots__ = (
        "active",
        "board",
        "deck_scale",
        "fields",
        "longest",
        "n",
        "numerals",
        "order",
        "path_pos",
        "rel",
        "site_pos",
        "site_slots",
        "space_index",
        "space_value",
        "starting",
        "strategic",
        "usable",
        "usable_slots",
        "vector",
    )

    def __init__(self, game: Ilium) -> None:
        board = game.board
        self.board = board  # keeps the board alive, so that its id is never reused
        self.n: int = game.players
        self.strategic: bool = game.strategic
        tables = game.tables
        self.usable: tuple[int, ...] = tables.usable_paths
        self.active: tuple[int, ...] = tables.active_sites
        n, usable, active = self.n, self.usable, self.active
        self.path_pos = {pi: i for i, pi in enumerate(usable)}
        self.site_pos = {s: i for i, s in enumerate(active)}
        self.usable_slots: list[int] = [slot for pi in usable for slot in tables.path_slots[pi]]
        self.longest = max(board.paths[pi].spaces for pi in usable)
        self.numerals: list[int] = [board.sites[s].numeral for s in active]
        self.space_value = [0.0] * (board.num_slots * CODES)
        for slot in self.usable_slots:
            for p in range(n):
                for size in GROUP_SIZES:
                    self.space_value[slot * CODES + group_code(p, size)] = size / 3
                self.space_value[slot * CODES + cube_code(p)] = 1.0
        self.space_index = AtStart(self._space_index)
        self.site_slots = AtStart(self._site_slots)
        self.starting: Mapping[int, int] = tables.starting_deck
        self.deck_scale = [1.0 / max(1, self.starting.get(v, 0)) for v in (0, *CARD_VALUES)]
        self.order = [[(v + r) % n for r in range(n)] for v in range(n)]
        self.rel = [[(p - v) % n for p in range(n)] for v in range(n)]
        self.vector = FIELDS.lay_out(self)
        self.fields = list(self.vector.fields)

    def _site_slots(self, start: int) -> list[range]:
        """Per site, the entries of its numeral slots in a `site_tokens` field from `start`
        (none: not active)."""
        slots: dict[int, range] = {}
        for s, numeral in zip(self.active, self.numerals, strict=True):
            slots[s] = range(start, start + numeral * NUM_TYPES, NUM_TYPES)
            start += numeral * NUM_TYPES
        return [slots.get(s, range(0)) for s in range(len(self.board.sites))]

    def _space_index(self, start: int) -> list[list[int]]:
        """Per viewer, (slot, space code) -> its entry in a `spaces` field from `start`."""
        n = self.n
        index = [[-1] * (self.board.num_slots * CODES) for _ in range(n)]
        for j, slot in enumerate(self.usable_slots):
            base = start + j * 2 * n
            for p in range(n):
                for v in range(n):
                    r = (p - v) % n
                    for size in GROUP_SIZES:
                        index[v][slot * CODES + group_code(p, size)] = base + r
                    index[v][slot * CODES + cube_code(p)] = base + n + r
        return index


_LAYOUTS: dict[tuple[int, int, bool], _Layout] = {}


def _layout(game: Ilium) -> _Layout:
    """The cached layout of a game's config (its board by identity, players, variant)."""
    board = game.board
    key = (id(board), game.config.players, game.strategic)
    layout = _LAYOUTS.get(key)
    if layout is None or layout.board is not board:
        if len(_LAYOUTS) >= CACHE_SIZE:
            _LAYOUTS.pop(next(iter(_LAYOUTS)))
        layout = _LAYOUTS[key] = _Layout(game)
    return layout


class _View:
    """What the writers of one `encode` call share: the entries so far, the layout, the viewer
    (None: a spectator, seen from seat 0), the seats in relative order and each seat's relative
    seat."""

    __slots__ = ("indices", "lay", "order", "player", "rel", "values", "viewer")

    def __init__(self, lay: _Layout, player: PlayerId | None) -> None:
        self.indices: list[int] = []
        self.values: list[float] = []
        self.lay = lay
        self.player = player
        self.viewer = viewer = 0 if player is None else player
        self.order = lay.order[viewer]
        self.rel = lay.rel[viewer]


FIELDS: Fields[_Layout, IliumState, _View] = Fields()
"""The vector's fields in order, each with its size, doc and writer."""
PER_SEAT = attrgetter("n")
"""A field size: one entry per seat."""


def fields(game: Ilium) -> list[EncodingField]:
    """The layout of the vector for this game's config, field by field."""
    return list(_layout(game).fields)


def encode(state: IliumState, player: PlayerId | None) -> tuple[list[int], list[float]]:
    """The non-zero entries (indices ascending, values) of what `player` may see; None is a
    spectator (seat 0's side, no private entry)."""
    lay = _layout(state.game)
    return lay.vector.encode(state, _View(lay, player))


# ------------------------------------------------------------------ the board and the seats


@FIELDS.field(
    "spaces",
    lambda t: len(t.usable_slots) * 2 * t.n,
    lambda t: (
        f"each space of the usable paths (paths in board order, space 0 the shovel space), "
        f"{2 * t.n} entries: a group of relative seat k ({t.n} entries, size / 3), then a cube "
        f"of relative seat k ({t.n} entries, 1); an empty space has none"
    ),
)
def _spaces(s: IliumState, c: _View, start: int) -> None:
    keys = [CODES * slot + code for slot, code in enumerate(s.occupant) if code >= 0]
    c.indices += map(c.lay.space_index[start][c.viewer].__getitem__, keys)
    c.values += map(c.lay.space_value.__getitem__, keys)


@FIELDS.field(
    "site_tokens",
    lambda t: sum(t.numerals) * NUM_TYPES,
    "each active site (board order) has numeral slots of 5 entries by type (Coins, "
    "Horses, Armbands, Bottles, Helmets): slot i holds the site's i-th remaining token "
    "in taking order (lowest value first, then type order; the queue in Burial Vaults) "
    "as value / 5 at its type's entry; slots past the last token have none",
)
def _site_tokens(s: IliumState, c: _View, start: int) -> None:
    indices, values = c.indices, c.values
    for slots, stock in zip(c.lay.site_slots[start], s.stock, strict=True):
        if stock:
            if len(stock) > len(slots):
                stock = stock[: len(slots)]
            indices += map(operator.add, slots, map(TYPE_OF.__getitem__, stock))
            values += map(_STOCK_VALUE.__getitem__, stock)


@FIELDS.field(
    "hoard_tokens",
    lambda t: t.n * MAX_VALUE * NUM_TYPES,
    f"per relative seat, {MAX_VALUE * NUM_TYPES} entries (value - 1) * 5 + type: how many "
    "such tokens the seat has collected / how many a type has of that value (1: 2, "
    "2: 3, 3: 3, 4: 1, 5: 1)",
)
def _hoard_tokens(s: IliumState, c: _View, start: int) -> None:
    hoards, add, put = s.hoard, c.indices.append, c.values.append
    for p in c.order:
        hoard = hoards[p]
        if hoard:
            for code in sorted(set(hoard)):
                add(start + _HOARD_OFFSET[code])
                put(hoard.count(code) * _HOARD_SCALE[code])
        start += MAX_VALUE * NUM_TYPES


@FIELDS.field(
    "hoard_by_type",
    lambda t: t.n * NUM_TYPES * 2,
    f"per relative seat and type, 2 entries: the seat's tokens of that type / "
    f"{TYPE_TOKENS}, then their artifacts / {TYPE_ARTIFACTS}",
)
def _hoard_by_type(s: IliumState, c: _View, start: int) -> None:
    hoards, indices, values = s.hoard, c.indices, c.values
    for p in c.order:
        hoard = hoards[p]
        if hoard:
            counts = [0] * NUM_TYPES
            artifacts = [0] * NUM_TYPES
            for code in hoard:
                counts[TYPE_OF[code]] += 1
                artifacts[TYPE_OF[code]] += VALUE_OF[code]
            for t in range(NUM_TYPES):
                if counts[t]:
                    indices += (start + 2 * t, start + 2 * t + 1)
                    values += (counts[t] / TYPE_TOKENS, artifacts[t] / TYPE_ARTIFACTS)
        start += 2 * NUM_TYPES


@FIELDS.field("cubes", PER_SEAT, f"per relative seat: supply cubes left / {STARTING_CUBES}")
def _cubes(s: IliumState, c: _View, start: int) -> None:
    cubes = s.cubes
    for r, p in enumerate(c.order):
        if cubes[p]:
            c.indices.append(start + r)
            c.values.append(cubes[p] / STARTING_CUBES)


@FIELDS.field(
    "deck",
    lambda t: t.n * len(CARD_VALUES),
    lambda t: (
        "per relative seat, 3 entries: the cards of value 1, 2, 3 left in the deck / the "
        f"starting number ({', '.join(str(t.starting.get(v, 0)) for v in CARD_VALUES)})"
    ),
)
def _deck(s: IliumState, c: _View, start: int) -> None:
    scale = c.lay.deck_scale
    for p in c.order:
        deck = s.deck[p]
        if deck:
            for value in CARD_VALUES:
                k = deck.count(value)
                if k:
                    c.indices.append(start + value - 1)
                    c.values.append(k * scale[value])
        start += len(CARD_VALUES)


# ------------------------------------------------------------------ the turn so far


@FIELDS.field("first_player", PER_SEAT, "the relative seat that played first, one-hot")
def _first_player(s: IliumState, c: _View, start: int) -> None:
    c.indices.append(start + c.rel[s.first_player])
    c.values.append(1.0)


@FIELDS.field("turn", PER_SEAT, "the relative seat whose turn it is, one-hot")
def _turn(s: IliumState, c: _View, start: int) -> None:
    c.indices.append(start + c.rel[s.turn])
    c.values.append(1.0)


@FIELDS.field("decider", PER_SEAT, "the relative seat that decides now, one-hot (none once over)")
def _decider(s: IliumState, c: _View, start: int) -> None:
    if s.decision is not None:
        c.indices.append(start + c.rel[s.decision.player])
        c.values.append(1.0)


@FIELDS.field(
    "phase",
    len(PHASE_NAMES),
    f"the pending decision's kind, one-hot: {', '.join(PHASE_NAMES)}",
)
def _phase(s: IliumState, c: _View, start: int) -> None:
    c.indices.append(start + (len(DecisionKind) if s.decision is None else s.decision.kind))
    c.values.append(1.0)


@FIELDS.field("card", len(CARD_VALUES), "this turn's card value (1, 2, 3), one-hot")
def _card(s: IliumState, c: _View, start: int) -> None:
    if s.card:
        c.indices.append(start + s.card - 1)
        c.values.append(1.0)


@FIELDS.field("turn_path", lambda t: len(t.usable), "this turn's path (usable paths), one-hot")
def _turn_path(s: IliumState, c: _View, start: int) -> None:
    if s.turn_path >= 0:
        c.indices.append(start + c.lay.path_pos[s.turn_path])
        c.values.append(1.0)


@FIELDS.field("group_space", attrgetter("longest"), "the space of this turn's group, one-hot")
def _group_space(s: IliumState, c: _View, start: int) -> None:
    if s.group_space >= 0:
        c.indices.append(start + s.group_space)
        c.values.append(1.0)


@FIELDS.field(
    "last_cube", attrgetter("longest"), "the space of this turn's last cube (if any), one-hot"
)
def _last_cube(s: IliumState, c: _View, start: int) -> None:
    if s.last_cube >= 0:
        c.indices.append(start + s.last_cube)
        c.values.append(1.0)


@FIELDS.field(
    "excavation_path",
    lambda t: len(t.usable),
    "the path under excavation (usable paths), one-hot",
)
def _excavation_path(s: IliumState, c: _View, start: int) -> None:
    if s.excavation is not None:
        c.indices.append(start + c.lay.path_pos[s.excavation.path])
        c.values.append(1.0)


@FIELDS.field(
    "excavation_first", PER_SEAT, "the excavation's first (majority), relative seat, one-hot"
)
def _excavation_first(s: IliumState, c: _View, start: int) -> None:
    if s.excavation is not None:
        c.indices.append(start + c.rel[s.excavation.first])
        c.values.append(1.0)


@FIELDS.field(
    "excavation_second", PER_SEAT, "the excavation's second (if any), relative seat, one-hot"
)
def _excavation_second(s: IliumState, c: _View, start: int) -> None:
    if s.excavation is not None and s.excavation.second >= 0:
        c.indices.append(start + c.rel[s.excavation.second])
        c.values.append(1.0)


@FIELDS.field("excavation_qualifies", 1, "1 if the second qualifies")
def _excavation_qualifies(s: IliumState, c: _View, start: int) -> None:
    if s.excavation is not None and s.excavation.qualifies:
        c.indices.append(start)
        c.values.append(1.0)


@FIELDS.field(
    "excavation_site",
    lambda t: len(t.active),
    "the site the first chose to dig at, when the second qualifies (active sites), one-hot",
)
def _excavation_site(s: IliumState, c: _View, start: int) -> None:
    excavation = s.excavation
    if excavation is not None and excavation.qualifies and excavation.site >= 0:
        c.indices.append(start + c.lay.site_pos[excavation.site])
        c.values.append(1.0)


@FIELDS.field(
    "pending_takes",
    lambda t: 2 * (t.n + len(t.active)),
    lambda t: (
        f"the excavation's takes still due, first the next: each {t.n + len(t.active)} "
        "entries, the taker's relative seat, then the site (active sites), one-hot"
    ),
)
def _pending_takes(s: IliumState, c: _View, start: int) -> None:
    if s.excavation is not None:
        n, site_pos, rel = c.lay.n, c.lay.site_pos, c.rel
        for taker, site in s.takes[:2]:
            c.indices += (start + rel[taker], start + n + site_pos[site])
            c.values += (1.0, 1.0)
            start += n + len(site_pos)


@FIELDS.field("offer_used", 1, "1 once the end-game offer has been answered")
def _offer_used(s: IliumState, c: _View, start: int) -> None:
    if s.offer_used:
        c.indices.append(start)
        c.values.append(1.0)


@FIELDS.field("fours_on_sites", 1, f"the value-4 tokens still on sites / {FOURS}")
def _fours_on_sites(s: IliumState, c: _View, start: int) -> None:
    if s.fours_on_sites:
        c.indices.append(start)
        c.values.append(s.fours_on_sites / FOURS)


@FIELDS.field(
    "removed_tokens",
    lambda t: len(REMOVED_VALUES) * NUM_TYPES if t.n == 2 else 0,
    "2 players: the tokens removed at set-up, entry (value - 1) * 5 + type: 1",
)
def _removed_tokens(s: IliumState, c: _View, start: int) -> None:
    removed = s.removed_tokens
    for code in sorted(set(removed)):
        c.indices.append(start + _HOARD_OFFSET[code])
        c.values.append(float(removed.count(code)))


# ------------------------------------------------------------------ once the game is over


@FIELDS.field(
    "final_historians",
    lambda t: t.n * NUM_TYPES,
    "once the game is over, per relative seat: its Historian's type, one-hot",
)
def _final_historians(s: IliumState, c: _View, start: int) -> None:
    if s.decision is None:
        for p in c.order:
            c.indices.append(start + s.historian[p])
            c.values.append(1.0)
            start += NUM_TYPES


@FIELDS.field(
    "final_scores",
    PER_SEAT,
    f"once the game is over, per relative seat: its score s as s / (s + {SCORE_HALF})",
)
def _final_scores(s: IliumState, c: _View, start: int) -> None:
    if s.decision is None:
        scores = s.outcome().scores
        for r, p in enumerate(c.order):
            if scores[p]:
                c.indices.append(start + r)
                c.values.append(saturate(scores[p], SCORE_HALF))


@FIELDS.field("final_winners", PER_SEAT, "once the game is over, per relative seat: 1 for a winner")
def _final_winners(s: IliumState, c: _View, start: int) -> None:
    if s.decision is None:
        winners = s.outcome().winners
        for r, p in enumerate(c.order):
            if p in winners:
                c.indices.append(start + r)
                c.values.append(1.0)


# ------------------------------------------------------------------ the viewer's private parts


@FIELDS.field(
    "historian",
    NUM_TYPES,
    "private: the viewer's Historian type, one-hot (not a spectator)",
)
def _historian(s: IliumState, c: _View, start: int) -> None:
    if c.player is not None:
        c.indices.append(start + s.historian[c.player])
        c.values.append(1.0)


@FIELDS.field(
    "top_card",
    lambda t: 0 if t.strategic else len(CARD_VALUES),
    "private: the value of the viewer's top card (1, 2, 3), one-hot (not a spectator)",
)
def _top_card(s: IliumState, c: _View, start: int) -> None:
    if c.player is not None and s.deck[c.player]:
        c.indices.append(start + s.deck[c.player][-1] - 1)
        c.values.append(1.0)


def max_game_length(game: Ilium) -> int:
    """An upper bound on the decisions (actions applied) of any game of this config.

    Every turn plays one card, so a game has at most T = players × cards per player turns (54, 81
    and 76 for 2, 3 and 4 players); a game ended early (the offer, no room) has fewer. A turn
    asks (docs/ilium.md §13): at most one card choice D1 (Strategic Expeditions only); exactly
    one group placement D2; cube decisions D3, each either a cube placed (at most 3 per player in
    the whole game) or the one "no more cubes" that ends the turn's cube step; at most one
    excavation (docs/ilium.md §4 step 5), which asks at most one site choice D4 and two token
    choices D5 (none in Burial Vaults), and each usable path is excavated at most once, so there
    are at most min(T, usable paths) excavations; and the end-game offer D6 comes at most once a
    game. So the bound is T × (1 + [strategic]) + T + 3 × players + min(T, paths) × (1 + 2 × [not
    burial vaults]) + 1: on the project's board, standard rules, 157 (2 players: 14 usable
    paths), 247 (3) and 240 (4)."""
    turns = game.players * game.tables.cards
    excavations = min(turns, len(game.tables.usable_paths))
    per_excavation = 1 if game.burial_vaults else 3
    cards = 2 * turns if game.strategic else turns
    return cards + turns + STARTING_CUBES * game.players + excavations * per_excavation + 1
