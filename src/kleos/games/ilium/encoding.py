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

The layout is built once per (board, players, variant) and cached here, so that encoding a
position only loops over what is on the board and in the hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kleos.core.protocol import EncodingField, PlayerId
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
SCORE_SCALE = 100.0
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
    """One config's layout: the fields and the index tables of `encode`."""

    __slots__ = (
        "board",
        "card",
        "cubes",
        "decider",
        "deck",
        "deck_scale",
        "exc_first",
        "exc_path",
        "exc_qualifies",
        "exc_second",
        "exc_site",
        "fields",
        "first_player",
        "fours",
        "group_space",
        "historian",
        "hoard_tokens",
        "hoard_types",
        "last_cube",
        "offer_used",
        "order",
        "path_pos",
        "phase",
        "rel",
        "removed",
        "results_historians",
        "results_scores",
        "results_winners",
        "site_pos",
        "site_slots",
        "space_index",
        "space_value",
        "takes",
        "top_card",
        "turn",
        "turn_path",
    )

    def __init__(self, game: Ilium) -> None:
        board = game.board
        n = game.players
        self.board = board  # keeps the board alive, so that its id is never reused
        self.fields: list[EncodingField] = []
        tables = game.tables
        usable = tables.usable_paths
        active = tables.active_sites
        self.path_pos = {pi: i for i, pi in enumerate(usable)}
        self.site_pos = {s: i for i, s in enumerate(active)}
        usable_slots = [slot for pi in usable for slot in tables.path_slots[pi]]
        longest = max(board.paths[pi].spaces for pi in usable)
        numerals = [board.sites[s].numeral for s in active]
        add = self._add

        start = add(
            "spaces",
            len(usable_slots) * 2 * n,
            f"each space of the usable paths (paths in board order, space 0 the shovel space), "
            f"{2 * n} entries: a group of relative seat k ({n} entries, size / 3), then a cube "
            f"of relative seat k ({n} entries, 1); an empty space has none",
        )
        self.space_index = [[-1] * (board.num_slots * CODES) for _ in range(n)]
        self.space_value = [0.0] * (board.num_slots * CODES)
        for j, slot in enumerate(usable_slots):
            base = start + j * 2 * n
            for p in range(n):
                for size in GROUP_SIZES:
                    self.space_value[slot * CODES + group_code(p, size)] = size / 3
                self.space_value[slot * CODES + cube_code(p)] = 1.0
                for v in range(n):
                    r = (p - v) % n
                    for size in GROUP_SIZES:
                        self.space_index[v][slot * CODES + group_code(p, size)] = base + r
                    self.space_index[v][slot * CODES + cube_code(p)] = base + n + r
        start = add(
            "site_tokens",
            sum(numerals) * NUM_TYPES,
            "each active site (board order) has numeral slots of 5 entries by type (Coins, "
            "Horses, Armbands, Bottles, Helmets): slot i holds the site's i-th remaining token "
            "in taking order (lowest value first, then type order; the queue in Burial Vaults) "
            "as value / 5 at its type's entry; slots past the last token have none",
        )
        slots: dict[int, range] = {}
        for s, numeral in zip(active, numerals, strict=True):
            slots[s] = range(start, start + numeral * NUM_TYPES, NUM_TYPES)
            start += numeral * NUM_TYPES
        self.site_slots = [slots.get(s, range(0)) for s in range(len(board.sites))]
        self.hoard_tokens = add(
            "hoard_tokens",
            n * MAX_VALUE * NUM_TYPES,
            f"per relative seat, {MAX_VALUE * NUM_TYPES} entries (value - 1) * 5 + type: how many "
            "such tokens the seat has collected / how many a type has of that value (1: 2, "
            "2: 3, 3: 3, 4: 1, 5: 1)",
        )
        self.hoard_types = add(
            "hoard_by_type",
            n * NUM_TYPES * 2,
            f"per relative seat and type, 2 entries: the seat's tokens of that type / "
            f"{TYPE_TOKENS}, then their artifacts / {TYPE_ARTIFACTS}",
        )
        self.cubes = add("cubes", n, f"per relative seat: supply cubes left / {STARTING_CUBES}")
        starting = tables.starting_deck
        self.deck_scale = [1.0 / max(1, starting.get(v, 0)) for v in (0, *CARD_VALUES)]
        self.deck = add(
            "deck",
            n * len(CARD_VALUES),
            "per relative seat, 3 entries: the cards of value 1, 2, 3 left in the deck / the "
            f"starting number ({', '.join(str(starting.get(v, 0)) for v in CARD_VALUES)})",
        )
        self.first_player = add("first_player", n, "the relative seat that played first, one-hot")
        self.turn = add("turn", n, "the relative seat whose turn it is, one-hot")
        self.decider = add(
            "decider", n, "the relative seat that decides now, one-hot (none once over)"
        )
        self.phase = add(
            "phase",
            len(PHASE_NAMES),
            f"the pending decision's kind, one-hot: {', '.join(PHASE_NAMES)}",
        )
        self.card = add("card", len(CARD_VALUES), "this turn's card value (1, 2, 3), one-hot")
        self.turn_path = add("turn_path", len(usable), "this turn's path (usable paths), one-hot")
        self.group_space = add("group_space", longest, "the space of this turn's group, one-hot")
        self.last_cube = add(
            "last_cube", longest, "the space of this turn's last cube (if any), one-hot"
        )
        self.exc_path = add(
            "excavation_path", len(usable), "the path under excavation (usable paths), one-hot"
        )
        self.exc_first = add(
            "excavation_first", n, "the excavation's first (majority), relative seat, one-hot"
        )
        self.exc_second = add(
            "excavation_second", n, "the excavation's second (if any), relative seat, one-hot"
        )
        self.exc_qualifies = add("excavation_qualifies", 1, "1 if the second qualifies")
        self.exc_site = add(
            "excavation_site",
            len(active),
            "the site the first chose to dig at, when the second qualifies (active sites), one-hot",
        )
        self.takes = add(
            "pending_takes",
            2 * (n + len(active)),
            f"the excavation's takes still due, first the next: each {n + len(active)} entries, "
            "the taker's relative seat, then the site (active sites), one-hot",
        )
        self.offer_used = add("offer_used", 1, "1 once the end-game offer has been answered")
        self.fours = add("fours_on_sites", 1, f"the value-4 tokens still on sites / {FOURS}")
        self.removed = -1
        if n == 2:
            self.removed = add(
                "removed_tokens",
                len(REMOVED_VALUES) * NUM_TYPES,
                "2 players: the tokens removed at set-up, entry (value - 1) * 5 + type: 1",
            )
        self.results_historians = add(
            "final_historians",
            n * NUM_TYPES,
            "once the game is over, per relative seat: its Historian's type, one-hot",
        )
        self.results_scores = add(
            "final_scores",
            n,
            f"once the game is over, per relative seat: its score / {SCORE_SCALE:g}",
        )
        self.results_winners = add(
            "final_winners", n, "once the game is over, per relative seat: 1 for a winner"
        )
        self.historian = add(
            "historian",
            NUM_TYPES,
            "private: the viewer's Historian type, one-hot (not a spectator)",
        )
        self.top_card = -1
        if not game.strategic:
            self.top_card = add(
                "top_card",
                len(CARD_VALUES),
                "private: the value of the viewer's top card (1, 2, 3), one-hot (not a spectator)",
            )
        self.order = [[(v + r) % n for r in range(n)] for v in range(n)]
        self.rel = [[(p - v) % n for p in range(n)] for v in range(n)]

    def _add(self, name: str, size: int, doc: str) -> int:
        """Append a field; its start."""
        last = self.fields[-1] if self.fields else None
        start = last.start + last.size if last else 0
        self.fields.append(EncodingField(name, start, size, doc))
        return start


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


def fields(game: Ilium) -> list[EncodingField]:
    """The layout of the vector for this game's config, field by field."""
    return list(_layout(game).fields)


def encode(state: IliumState, player: PlayerId | None) -> tuple[list[int], list[float]]:
    """The non-zero entries (indices ascending, values) of what `player` may see; None is a
    spectator (seat 0's side, no private entry)."""
    game = state.game
    lay = _layout(game)
    v = 0 if player is None else player
    rel = lay.rel[v]
    order = lay.order[v]

    # The board: only occupied spaces.
    keys = [CODES * slot + code for slot, code in enumerate(state.occupant) if code >= 0]
    idx = list(map(lay.space_index[v].__getitem__, keys))
    val = list(map(lay.space_value.__getitem__, keys))

    # The sites' stocks, in taking order.
    site_slots = lay.site_slots
    for s, stock in enumerate(state.stock):
        if stock:
            slots = site_slots[s]
            if len(stock) > len(slots):
                stock = stock[: len(slots)]
            idx += [base + TYPE_OF[code] for base, code in zip(slots, stock, strict=False)]
            val += map(_STOCK_VALUE.__getitem__, stock)

    # The seats' tokens: by (value, type), then by type.
    hoards = state.hoard
    base = lay.hoard_tokens
    type_base = lay.hoard_types
    idx2: list[int] = []
    val2: list[float] = []
    for p in order:
        hoard = hoards[p]
        if hoard:
            counts = [0] * NUM_TYPES
            artifacts = [0] * NUM_TYPES
            for code in sorted(set(hoard)):
                k = hoard.count(code)
                idx.append(base + _HOARD_OFFSET[code])
                val.append(k * _HOARD_SCALE[code])
                t = TYPE_OF[code]
                counts[t] += k
                artifacts[t] += k * VALUE_OF[code]
            for t in range(NUM_TYPES):
                if counts[t]:
                    idx2 += (type_base + 2 * t, type_base + 2 * t + 1)
                    val2 += (counts[t] / TYPE_TOKENS, artifacts[t] / TYPE_ARTIFACTS)
        base += MAX_VALUE * NUM_TYPES
        type_base += 2 * NUM_TYPES
    idx += idx2
    val += val2

    # Cubes and decks.
    cubes = state.cubes
    start = lay.cubes
    for r, p in enumerate(order):
        if cubes[p]:
            idx.append(start + r)
            val.append(cubes[p] / STARTING_CUBES)
    start = lay.deck
    scale = lay.deck_scale
    for p in order:
        deck = state.deck[p]
        if deck:
            for value in CARD_VALUES:
                k = deck.count(value)
                if k:
                    idx.append(start + value - 1)
                    val.append(k * scale[value])
        start += len(CARD_VALUES)

    # The turn so far.
    decision = state.decision
    idx.append(lay.first_player + rel[state.first_player])
    idx.append(lay.turn + rel[state.turn])
    if decision is not None:
        idx.append(lay.decider + rel[decision.player])
    idx.append(lay.phase + (len(DecisionKind) if decision is None else decision.kind))
    if state.card:
        idx.append(lay.card + state.card - 1)
    if state.turn_path >= 0:
        idx.append(lay.turn_path + lay.path_pos[state.turn_path])
    if state.group_space >= 0:
        idx.append(lay.group_space + state.group_space)
    if state.last_cube >= 0:
        idx.append(lay.last_cube + state.last_cube)
    excavation = state.excavation
    if excavation is not None:
        path, first, second, qualifies, site = excavation
        idx.append(lay.exc_path + lay.path_pos[path])
        idx.append(lay.exc_first + rel[first])
        if second >= 0:
            idx.append(lay.exc_second + rel[second])
        if qualifies:
            idx.append(lay.exc_qualifies)
            if site >= 0:
                idx.append(lay.exc_site + lay.site_pos[site])
        start = lay.takes
        width = len(order) + len(lay.site_pos)
        for taker, take_site in state.takes[:2]:
            idx.append(start + rel[taker])
            idx.append(start + len(order) + lay.site_pos[take_site])
            start += width
    if state.offer_used:
        idx.append(lay.offer_used)
    val += [1.0] * (len(idx) - len(val))
    if state.fours_on_sites:
        idx.append(lay.fours)
        val.append(state.fours_on_sites / FOURS)
    if lay.removed >= 0 and state.removed_tokens:
        start = lay.removed
        for code in sorted(set(state.removed_tokens)):
            idx.append(start + _HOARD_OFFSET[code])
            val.append(float(state.removed_tokens.count(code)))

    # Once the game is over: the Historians and the results (the envelope's outcome).
    if decision is None:
        outcome = state.outcome()
        start = lay.results_historians
        for p in order:
            idx.append(start + state.historian[p])
            val.append(1.0)
            start += NUM_TYPES
        start = lay.results_scores
        for r, p in enumerate(order):
            if outcome.scores[p]:
                idx.append(start + r)
                val.append(outcome.scores[p] / SCORE_SCALE)
        start = lay.results_winners
        winners = outcome.winners
        for r, p in enumerate(order):
            if p in winners:
                idx.append(start + r)
                val.append(1.0)

    # The viewer's private parts.
    if player is not None:
        idx.append(lay.historian + state.historian[player])
        val.append(1.0)
        if lay.top_card >= 0:
            deck = state.deck[player]
            if deck:
                idx.append(lay.top_card + deck[-1] - 1)
                val.append(1.0)
    return idx, val


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
