"""An Ilium state as JSON (the `state` of a `kleos.core.jsonstate` document), hidden parts
included, and read back strictly: a document becomes a state the rules could reach, or raises
a short `StateDataError`.

Tokens are written as in views ('Coins-1'), seats as 0 to players - 1, sites and paths by id.
The `state` object, one field a line:

- `first_player`: the seat that played the first turn.
- `turn`: the seat whose turn it is.
- `phase`: the pending decision, a name of `PHASE_NAMES` ('over' once the game has ended).
- `card`: the Assignment card played this turn (1 to 3); null before it is played.
- `turn_path`: the id of the path of this turn's group; null before the group is placed.
- `group_space`: the space of this turn's group on `turn_path`; null with it.
- `last_cube`: the space of the last cube placed this turn on `turn_path`; null if none.
- `takes`: the excavation's takes still due, the next first, as `{"player", "site"}`
  (phase 'token' only, else empty).
- `offer_used`: whether the end-game offer (docs/ilium.md §6.2) has been answered.
- `end_reason`: why the game ended (a key of `rules.END_REASONS`); null before.
- `sites`: each active site's tokens, lowest first (Burial Vaults: in their queue order).
- `paths`: each usable path's spaces from the shovel end: null, `{"group": seat, "size": 1
  to 3}` or `{"cube": seat}`.
- `hoards`: per seat, the tokens it has taken, in the order taken.
- `decks`: per seat, its Assignment cards left, the top card last.
- `historians`: per seat, the artifact type of its Historian.

Derived on reading, so that they cannot disagree: free and empty spaces, supply cubes
(3 minus those on the board), cards left, 4s on the sites, the tokens out of the game (the
box minus sites and hoards), the excavation under way (the turn's full path, ranked again),
who decides, and the outcome (scored again).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from kleos.core.errors import StateDataError
from kleos.core.inputs import echo
from kleos.core.jsonstate import Fields, as_int, as_str, check
from kleos.games.ilium import rules
from kleos.games.ilium.board import (
    TOKEN_VALUES,
    TYPES,
    TokenCode,
    token_code,
    token_text,
    token_value,
)
from kleos.games.ilium.state import (
    DECIDE_CARD,
    DECIDE_CUBE,
    DECIDE_OFFER,
    DECIDE_PLACE,
    DECIDE_SITE,
    DECIDE_TOKEN,
    DECISIONS,
    EMPTY,
    PHASE_NAMES,
    STARTING_CUBES,
    DecisionKind,
    Excavation,
    IliumState,
    Take,
    cube_code,
    group_code,
    is_cube,
    is_group,
    owner_of,
    size_of,
    space_json,
)

if TYPE_CHECKING:
    from kleos.games.ilium.game import Ilium

T = TypeVar("T")
BOX = Counter(token_code(t, v) for t in range(len(TYPES)) for v in TOKEN_VALUES)
"""The 50 tokens of the box."""
TOKENS = {token_text(code): code for code in BOX}
"""Each token's code by its text."""


def state_to_json(s: IliumState) -> dict[str, Any]:
    """The state's fields as JSON data (the module docstring describes each)."""
    game = s.game
    board = game.board
    tables = game.tables
    placed = s.turn_path >= 0
    return {
        "first_player": s.first_player,
        "turn": s.turn,
        "phase": s.phase_name,
        "card": s.card or None,
        "turn_path": board.paths[s.turn_path].id if placed else None,
        "group_space": s.group_space if placed else None,
        "last_cube": s.last_cube if s.last_cube >= 0 else None,
        "takes": [{"player": p, "site": board.sites[site].id} for p, site in s.takes],
        "offer_used": s.offer_used,
        "end_reason": s.end_reason or None,
        "sites": {
            board.sites[i].id: [token_text(c) for c in s.stock[i]] for i in tables.active_sites
        },
        "paths": {
            board.paths[pi].id: [space_json(s.occupant[slot]) for slot in tables.path_slots[pi]]
            for pi in tables.usable_paths
        },
        "hoards": [[token_text(c) for c in hoard] for hoard in s.hoard],
        "decks": [list(deck) for deck in s.deck],
        "historians": [TYPES[t] for t in s.historian],
    }


def state_from_json(fields: Fields, game: Ilium) -> IliumState:
    """The state of `game` that a document's `state` object describes, read field by field,
    then checked across fields: the conservation laws and the pending decision (docs/ilium.md
    §11, §13)."""
    s = game.blank_state()
    _read_board(fields, s)
    _read_hands(fields, s)
    _read_turn(fields, s)
    rules.recount_spaces(s)
    s.cards_left = sum(len(deck) for deck in s.deck)
    s.fours_on_sites = sum(1 for stock in s.stock for code in stock if token_value(code) == 4)
    _check_board(s)
    _check_tokens(s)
    _check_turn(s)
    _check_cards(s)
    excavations = {pi: _excavation(s, pi) for pi in game.tables.usable_paths if s.free[pi] == 0}
    pending = _check_decision(s, excavations)
    _check_takes(s, excavations, pending)
    if s.decision is None:
        s._outcome = rules.final_outcome(s, s.end_reason)
    return s


# ----------------------------------------------------------------------------- reading


def _read_board(fields: Fields, s: IliumState) -> None:
    """The sites' tokens and the paths' spaces."""
    game = s.game
    board = game.board
    sites = fields.object("sites")
    for i in game.tables.active_sites:
        site = board.sites[i]
        tokens = sites.list(site.id, 0, site.numeral).each(_token)
        s.stock[i] = tuple(tokens)
    sites.done()
    paths = fields.object("paths")
    players = game.players
    for pi in game.tables.usable_paths:
        path = board.paths[pi]
        spaces = paths.list(path.id, path.spaces, path.spaces)
        codes = spaces.each(lambda value, at: _space(value, at, players))
        s.occupant[path.offset : path.offset + path.spaces] = codes
    paths.done()


def _read_hands(fields: Fields, s: IliumState) -> None:
    """Hoards, decks and Historians, per seat."""
    game = s.game
    n = game.players
    cards = game.tables.cards
    hoards = fields.list("hoards", n, n).lists(0, game.tables.pool_size)
    s.hoard = [tuple(hoard.each(_token)) for hoard in hoards]
    decks = fields.list("decks", n, n).lists(0, cards)
    s.deck = [tuple(deck.ints(1, 3)) for deck in decks]
    historians = fields.list("historians", n, n)
    s.historian = tuple(historians.each(lambda v, at: TYPES.index(as_str(v, at, 10, TYPES))))


def _read_turn(fields: Fields, s: IliumState) -> None:
    """The turn so far and the pending decision."""
    game = s.game
    board = game.board
    n = game.players
    s.first_player = fields.int("first_player", 0, n - 1)
    s.turn = fields.int("turn", 0, n - 1)
    phase = fields.str("phase", 10, PHASE_NAMES)
    # Who decides is derived later (`_check_decision`); the turn's player until then.
    s.decision = None if phase == "over" else DECISIONS[DecisionKind[phase.upper()]][s.turn]
    s.card = _optional(fields, "card", lambda v, at: as_int(v, 1, 3, at)) or 0
    paths = {board.paths[pi].id: pi for pi in game.tables.usable_paths}
    turn_path = _optional(fields, "turn_path", lambda v, at: _named(v, at, paths, "usable path"))
    if turn_path is None:
        blank = fields.raw("group_space") is None and fields.raw("last_cube") is None
        check(blank, "state.group_space and state.last_cube are null while state.turn_path is")
    else:
        top = board.paths[turn_path].spaces - 1
        s.turn_path = turn_path
        s.group_space = fields.int("group_space", 0, top)
        last_cube = _optional(fields, "last_cube", lambda v, at: as_int(v, 0, top, at))
        s.last_cube = -1 if last_cube is None else last_cube
    sites = {site.id: site.index for site in board.sites}
    takes = []
    for take in fields.list("takes", 0, 2).objects():
        player = take.int("player", 0, n - 1)
        site = _named(take.raw("site"), f"{take.path}.site", sites, "site")
        take.done()
        takes.append((player, site))
    s.takes = tuple(takes)
    s.offer_used = fields.bool("offer_used")
    reasons = tuple(rules.END_REASONS)
    s.end_reason = _optional(fields, "end_reason", lambda v, at: as_str(v, at, 10, reasons)) or ""


def _optional(fields: Fields, key: str, read: Callable[[Any, str], T]) -> T | None:
    """A value read by `read`, or None for null."""
    value = fields.raw(key)
    return None if value is None else read(value, f"{fields.path}.{key}")


def _named(value: object, at: str, ids: dict[str, int], what: str) -> int:
    """The index of the site or path with this id."""
    found = ids.get(value) if isinstance(value, str) else None
    if found is None:
        raise StateDataError(f"{at} is the id of a {what}, not {echo(value)}")
    return found


def _token(value: object, at: str) -> TokenCode:
    """A token by its text ('Coins-1')."""
    code = TOKENS.get(value) if isinstance(value, str) else None
    if code is None:
        raise StateDataError(f"{at} is a token like 'Coins-1', not {echo(value)}")
    return code


def _space(value: object, at: str, players: int) -> int:
    """A space's code from null, {"group": seat, "size": n} or {"cube": seat}."""
    if value is None:
        return EMPTY
    space = Fields(value, at)
    if space.has("cube"):
        code = cube_code(space.int("cube", 0, players - 1))
    else:
        code = group_code(space.int("group", 0, players - 1), space.int("size", 1, 3))
    space.done()
    return code


# ----------------------------------------------------------------------- cross-field rules


def _check_board(s: IliumState) -> None:
    """docs/ilium.md §11.5: a cube lies on a path beside its owner's group; each seat has 3
    cubes."""
    game = s.game
    tables = game.tables
    for pi in tables.usable_paths:
        codes = [s.occupant[slot] for slot in tables.path_slots[pi]]
        groups = {owner_of(code) for code in codes if is_group(code)}
        stray = {owner_of(code) for code in codes if is_cube(code)} - groups
        path = game.board.paths[pi].id
        check(not stray, f"state.paths.{path}: a cube of seat {min(stray, default=0)} but no group")
    for p in range(game.players):
        s.cubes[p] = STARTING_CUBES - s.occupant.count(cube_code(p))
        check(s.cubes[p] >= 0, f"state.paths: seat {p} has more than {STARTING_CUBES} cubes")


def _check_tokens(s: IliumState) -> None:
    """docs/ilium.md §11.1: the sites and hoards hold the game's tokens; the rest are out of the
    game."""
    game = s.game
    tables = game.tables
    found = Counter(code for stock in s.stock for code in stock)
    found.update(code for hoard in s.hoard for code in hoard)
    extra = found - BOX
    if extra:
        raise StateDataError(f"state holds {token_text(min(extra))} more often than the box")
    check(
        found.total() == tables.pool_size,
        f"state: the sites and hoards hold {found.total()} tokens, not {tables.pool_size}",
    )
    removed = BOX - found
    missing = removed - Counter(tables.set_aside_tokens)
    if missing:
        raise StateDataError(f"state: {token_text(min(missing))} is on no site and in no hoard")
    s.removed_tokens = tuple(sorted(removed.elements()))
    for i in tables.active_sites:
        stock = s.stock[i]
        values = [token_value(code) for code in stock]
        in_order = values == sorted(values) and (game.burial_vaults or list(stock) == sorted(stock))
        check(in_order, f"state.sites.{game.board.sites[i].id} is not lowest first")


def _check_cards(s: IliumState) -> None:
    """docs/ilium.md §11.2: each seat's deck and groups are its starting deck; turns go round in
    seat order from the first player; Historians are different types."""
    game = s.game
    n = game.players
    start = Counter(game.tables.starting_deck)
    played_now = _turn_played(s)
    position = (s.turn - s.first_player) % n
    rounds = sum(start.values()) - len(s.deck[s.turn]) - played_now
    for p in range(n):
        deck = s.deck[p]
        cards = Counter(deck)
        cards.update(size_of(code) for code in s.occupant if is_group(code) and owner_of(code) == p)
        if p == s.turn and _kind(s) is DECIDE_PLACE:
            cards[s.card] += 1
        check(
            cards == start, f"state: seat {p}'s deck and groups are not the cards it started with"
        )
        check(
            not game.strategic or list(deck) == sorted(deck),
            f"state.decks[{p}] is not in order (Strategic Expeditions)",
        )
        ahead = (p - s.first_player) % n
        expected = rounds + (ahead < position or (ahead == position and played_now))
        played = sum(start.values()) - len(deck)
        check(
            played == expected,
            f"state.decks[{p}]: seat {p} has played {played} cards, not {expected} (turn order)",
        )
    check(len(set(s.historian)) == n, "state.historians names a type twice")


def _turn_played(s: IliumState) -> bool:
    """Whether the turn's card is played: from 'place' on, and at the end unless no turn
    could start."""
    if s.decision is None:
        return s.end_reason != "no-room"
    return _kind(s) is not DECIDE_CARD


def _check_turn(s: IliumState) -> None:
    """The turn so far: its card, its group and its last cube, as far as the phase has come."""
    game = s.game
    check(
        (s.decision is None) == bool(s.end_reason),
        "state.end_reason is given exactly when the phase is 'over'",
    )
    placed = _turn_played(s) and _kind(s) is not DECIDE_PLACE
    check(
        bool(s.card) == _turn_played(s),
        f"state.card is given exactly once the turn's card is played, not in phase {_phase(s)}",
    )
    check(
        (s.turn_path >= 0) == placed,
        f"state.turn_path is given exactly once the group is placed, not in phase {_phase(s)}",
    )
    if not placed:
        return
    offset = game.board.paths[s.turn_path].offset
    check(
        s.occupant[offset + s.group_space] == group_code(s.turn, s.card),
        "state.group_space holds no group of the turn's card and seat",
    )
    check(
        s.last_cube < 0 or s.occupant[offset + s.last_cube] == cube_code(s.turn),
        "state.last_cube holds no cube of the turn's seat",
    )


def _check_decision(s: IliumState, excavations: dict[int, Excavation]) -> list[Take]:
    """docs/ilium.md §13: the pending decision has its options; who decides follows from it. The
    takes still due (a site choice's two included) are returned."""
    game = s.game
    phase = _phase(s)
    check(_kind(s) is DECIDE_TOKEN or not s.takes, f"state.takes is empty in phase {phase}")
    check(
        not s.offer_used or s.fours_on_sites == 0,
        "state.offer_used is true only once every 4 is dug up",
    )
    if s.fours_on_sites == 0 and not s.offer_used:
        check(
            _kind(s) is DECIDE_OFFER or len(s.takes) == 1 or s.end_reason == "cards",
            f"state: all 4s are dug up, so the end-game offer came before phase {phase}",
        )
    pending: list[Take] = []
    if _kind(s) is DECIDE_CARD:
        choice = game.strategic and len(set(s.deck[s.turn])) > 1
        check(choice, "phase 'card' needs Strategic Expeditions and two card values to choose")
    elif _kind(s) is DECIDE_PLACE:
        check(bool(s.placement_ids), "phase 'place' needs an empty space")
    elif _kind(s) is DECIDE_CUBE:
        check(
            s.cubes[s.turn] > 0 and bool(rules.cube_slots(s)),
            "phase 'cube' needs a supply cube and an empty space above the last cube",
        )
    elif _kind(s) in (DECIDE_SITE, DECIDE_TOKEN):
        excavation = excavations.get(s.turn_path)
        check(excavation is not None, f"phase {phase} needs the turn's path to be full")
        assert excavation is not None
        s.excavation, pending = _excavation_under_way(s, excavation)
        kind = DECIDE_SITE if _kind(s) is DECIDE_SITE else DECIDE_TOKEN
        s.decision = DECISIONS[kind][s.excavation.first if kind is DECIDE_SITE else s.takes[0][0]]
    elif _kind(s) is DECIDE_OFFER:
        check(
            not s.offer_used and s.fours_on_sites == 0 and s.cards_left > 0,
            "phase 'offer' comes once, after the last 4 is dug up, before the last card",
        )
    else:
        reason = s.end_reason
        check(
            (reason == "cards") == (s.cards_left == 0),
            "state.end_reason is 'cards' if no card is left",
        )
        check(reason != "offer" or s.offer_used, "state.end_reason 'offer' needs state.offer_used")
        full = not s.placement_ids
        check(reason != "no-room" or full, "state.end_reason 'no-room' needs a full board")
    return pending


def _excavation_under_way(s: IliumState, excavation: Excavation) -> tuple[Excavation, list[Take]]:
    """The excavation of the turn's path at a site or token choice (docs/ilium.md §5.3–§5.5), and
    its takes still due."""
    path = s.game.board.paths[excavation.path]
    if _kind(s) is DECIDE_SITE:
        check(excavation.qualifies, "phase 'site' needs a second who qualifies")
        return excavation, [(excavation.first, path.a), (excavation.second, path.b)]
    check(not s.game.burial_vaults, "phase 'token' does not occur in Burial Vaults")
    sites = (path.a, path.b) if excavation.qualifies else (path.shovel,)
    for site in sites:
        chosen = excavation._replace(site=site)
        takes = rules.excavation_takes(s.game.board, chosen)
        if s.takes in (takes, takes[1:]):
            site = s.takes[0][1]
            choice = bool(s.stock[site]) and len(rules.token_types(s, site)) > 1
            check(choice, "phase 'token' needs lowest tokens of two types at the site")
            return chosen, list(s.takes)
    raise StateDataError(f"state.takes are not those of the excavation of {path.id}")


def _check_takes(s: IliumState, excavations: dict[int, Excavation], pending: list[Take]) -> None:
    """docs/ilium.md §11.3: each site has lost one token per excavated path (or all it had), and
    each seat holds no more tokens than it has taken."""
    game = s.game
    board = game.board
    taken = Counter(site for pi in excavations for site in (board.paths[pi].a, board.paths[pi].b))
    taken.subtract(site for _, site in pending)
    for i in game.tables.active_sites:
        site = board.sites[i]
        expected = max(0, site.numeral - taken[i])
        held = len(s.stock[i])
        check(held == expected, f"state.sites.{site.id} holds {held} tokens, not {expected}")
    # Who takes does not depend on the site chosen: the site of -1 before a choice will do.
    takers = Counter(p for e in excavations.values() for p, _ in rules.excavation_takes(board, e))
    takers.subtract(p for p, _ in pending)
    for p in range(game.players):
        check(
            len(s.hoard[p]) <= takers[p],
            f"state.hoards[{p}] holds more tokens than seat {p} has taken",
        )


def _excavation(s: IliumState, path_index: int) -> Excavation:
    """The excavation a full path starts (docs/ilium.md §5.1–§5.3)."""
    ranked, counts, _ = rules.path_ranking(s, path_index)
    return rules.excavation_of(s.game.board.paths[path_index], ranked, counts)


def _phase(s: IliumState) -> str:
    """The phase's name, quoted, for messages."""
    return f"'{s.phase_name}'"


def _kind(s: IliumState) -> DecisionKind | None:
    """The pending decision's kind; None once the game is over."""
    return None if s.decision is None else s.decision.kind
