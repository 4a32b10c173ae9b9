"""The Ilium rules: the deal (docs/ilium.md §3), the pending decision's options, and the
transitions of turns, placement, excavation and the end of the game (§4–§6, §13), as functions
over an `IliumState`."""

from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import replace
from typing import Final

from kleos.core.protocol import Action, Outcome, PlayerId
from kleos.core.rng import below, shuffle
from kleos.core.state import find_action
from kleos.games.ilium.actions import (
    ChooseSite,
    ChooseToken,
    EndGameOffer,
    IliumAction,
    PlaceCube,
    PlaceGroup,
    PlayCard,
    StopCubes,
)
from kleos.games.ilium.board import (
    TOKEN_VALUES,
    TYPE_OF,
    TYPES,
    VALUE_OF,
    Board,
    PathInfo,
    token_code,
    token_text,
    token_value,
)
from kleos.games.ilium.scoring import score
from kleos.games.ilium.state import (
    DECIDE_CARD,
    DECIDE_CUBE,
    DECIDE_OFFER,
    DECIDE_PLACE,
    DECIDE_SITE,
    DECIDE_TOKEN,
    DECISIONS,
    EMPTY,
    GROUP_CODES,
    OWNER_OF,
    SIZE_OF,
    Excavation,
    IliumState,
    Take,
    cube_code,
    group_code,
)

END_REASONS: Final = {
    "cards": "every Assignment card has been played",
    "offer": "{player} took the end-game option",
    "no-room": "no usable path has an empty space",
}
"""Why a game ends (docs/ilium.md §6), in words; `state.end_reason` holds the key."""


def legal_actions(s: IliumState) -> tuple[IliumAction, ...]:
    """The options of the pending decision, in the canonical order of docs/ilium.md §13.1."""
    decision = s.decision
    if decision is None:
        return ()
    kind = decision.kind
    if kind is DECIDE_PLACE:
        place, base = s.tables.place, s.tables.place_base
        return tuple(place[i - base] for i in s.placement_ids)
    table = s.game.actions
    if kind is DECIDE_CUBE:
        cube = table.cube
        return (*(cube[slot] for slot in cube_slots(s)), table.stop)
    if kind is DECIDE_TOKEN:
        return tuple(table.token[t] for t in token_types(s, s.takes[0][1]))
    if kind is DECIDE_SITE:
        assert s.excavation is not None
        path = s.tables.board.paths[s.excavation.path]
        return (table.site[path.a], table.site[path.b])
    if kind is DECIDE_CARD:
        return tuple(table.play[v] for v in sorted(set(s.deck[s.turn])))
    return (table.end, table.go_on)  # OFFER


def deal(s: IliumState, rng: random.Random) -> None:
    """docs/ilium.md §3: tokens to the active sites, the decks, the Historians and the first
    player, drawn from `rng`, on an empty board (no card revealed yet)."""
    game = s.game
    pool = [token_code(t, v) for t in range(len(TYPES)) for v in TOKEN_VALUES]
    if game.players == 2:
        aside = list(game.tables.set_aside_tokens)
        for code in aside:
            pool.remove(code)
        shuffle(rng, aside)
        pool.append(aside.pop())
        s.removed_tokens = tuple(sorted(aside))
    shuffle(rng, pool)
    dealt = 0
    # Burial Vaults keeps the shuffled order among equal values (a stable sort).
    key = token_value if game.burial_vaults else None
    for site in game.tables.active_sites:
        numeral = game.board.sites[site].numeral
        tokens = pool[dealt : dealt + numeral]
        dealt += numeral
        s.stock[site] = tuple(sorted(tokens, key=key))
    s.fours_on_sites = sum(1 for code in pool if token_value(code) == 4)
    cards = [v for v, c in game.tables.starting_deck.items() for _ in range(c)]
    for p in range(game.players):
        deck = cards[:]
        if not game.strategic:
            shuffle(rng, deck)
        s.deck[p] = tuple(deck)
    s.cards_left = len(cards) * game.players
    historians = list(range(len(TYPES)))
    shuffle(rng, historians)
    s.historian = tuple(historians[: game.players])
    s.first_player = s.turn = below(rng, game.players)


def cube_slots(s: IliumState) -> list[int]:
    """Empty slots of this turn's path above the last cube placed this turn."""
    offset = s.tables.board.paths[s.turn_path].offset
    occupant = s.occupant
    end = offset + s.tables.board.paths[s.turn_path].spaces
    first = offset + s.last_cube + 1
    return [slot for slot in range(first, end) if occupant[slot] == EMPTY]


def token_types(s: IliumState, site: int) -> list[int]:
    """The distinct types among a site's lowest-valued tokens (docs/ilium.md §5.4)."""
    stock = s.stock[site]
    low = VALUE_OF[stock[0]]
    types: list[int] = []
    previous = -1
    for code in stock:
        if VALUE_OF[code] != low:
            break
        if code != previous:
            types.append(TYPE_OF[code])
            previous = code
    return types


def apply(s: IliumState, action: Action) -> None:
    """Apply a legal action, then everything automatic up to the next decision."""
    cls = action.__class__
    if cls is PlaceGroup:
        assert isinstance(action, PlaceGroup)
        _place_group(s, _slot(s, action))
    elif cls is PlaceCube:
        assert isinstance(action, PlaceCube)
        _place_cube(s, _slot(s, action))
    elif cls is StopCubes:
        _end_placement(s)
    elif cls is ChooseToken:
        assert isinstance(action, ChooseToken)
        player, site = s.takes[0]
        s.takes = s.takes[1:]
        artifact = action.index if action.index >= 0 else TYPES.index(action.artifact)
        _take(s, player, site, artifact)
        _run_takes(s)
    elif cls is ChooseSite:
        assert isinstance(action, ChooseSite) and s.excavation is not None
        board = s.tables.board
        _choose_site(s, action.index if action.index >= 0 else board.site_index(action.site))
    elif cls is PlayCard:
        assert isinstance(action, PlayCard)
        _play_card(s, action.value)
    else:
        assert isinstance(action, EndGameOffer)
        _answer_offer(s, action.end)


def find_legal(s: IliumState, action: Action) -> Action | None:
    """The legal action equal to `action` (the action table's own object), or None: a group
    placement is looked up among the empty slots, any other action among the few options."""
    decision = s.decision
    if decision is None or decision.kind is not DECIDE_PLACE:
        return find_action(legal_actions(s), action)
    if action.__class__ is not PlaceGroup:
        return None
    assert isinstance(action, PlaceGroup)
    slot = _slot(s, action)
    ids, wanted = s.placement_ids, s.tables.place_base + slot
    i = bisect_left(ids, wanted)
    return s.tables.place[slot] if i < len(ids) and ids[i] == wanted else None


def _slot(s: IliumState, action: PlaceGroup | PlaceCube) -> int:
    """A placement's board slot: cached on the engine's own actions, looked up for an
    equal action built elsewhere (from its repr, say), so equal actions play alike."""
    if action.slot >= 0:
        return action.slot
    board = s.tables.board
    return board.paths[board.path_index(action.path)].offset + action.space


def start_turn(s: IliumState) -> None:
    """docs/ilium.md §4 steps 1–2: the no-room check, then the card (revealed, or chosen: D1)."""
    if not s.placement_ids:
        _finish(s, "no-room")
        return
    deck = s.deck[s.turn]
    if not s.game.strategic:
        _play_card(s, deck[-1])
    elif deck[0] == deck[-1]:
        _play_card(s, deck[0])
    else:
        s.decision = DECISIONS[DECIDE_CARD][s.turn]


def _play_card(s: IliumState, value: int) -> None:
    player = s.turn
    deck = s.deck[player]
    if s.game.strategic:
        i = deck.index(value)
        s.deck[player] = deck[:i] + deck[i + 1 :]
    else:
        s.deck[player] = deck[:-1]
    s.cards_left -= 1
    s.card = value
    s.decision = DECISIONS[DECIDE_PLACE][player]
    if s._events is not None:
        s.emit("card", player=player, value=value, chosen=s.game.strategic)


def _place_group(s: IliumState, slot: int) -> None:
    player = s.turn
    path = s.tables.board.slot_path[slot]
    s.occupant[slot] = group_code(player, s.card)
    _fill(s, slot)
    s.free[path] -= 1
    s.turn_path = path
    s.group_space = slot - s.tables.board.paths[path].offset
    if s._events is not None:
        path_id = s.tables.board.paths[path].id
        s.emit("place", player=player, path=path_id, space=s.group_space, size=s.card)
    _cube_step(s)


def _fill(s: IliumState, slot: int) -> None:
    """A space is taken: no group can be placed there any more."""
    ids = s.placement_ids
    del ids[bisect_left(ids, s.tables.place_base + slot)]


def _cube_step(s: IliumState) -> None:
    """D3 is asked while the player has a cube and a space above the last cube is empty."""
    if s.cubes[s.turn] and cube_slots(s):
        s.decision = DECISIONS[DECIDE_CUBE][s.turn]
    else:
        _end_placement(s)


def _place_cube(s: IliumState, slot: int) -> None:
    player = s.turn
    s.occupant[slot] = cube_code(player)
    _fill(s, slot)
    s.free[s.turn_path] -= 1
    s.cubes[player] -= 1
    s.last_cube = slot - s.tables.board.paths[s.turn_path].offset
    if s._events is not None:
        path_id = s.tables.board.paths[s.turn_path].id
        s.emit("cube", player=player, path=path_id, space=s.last_cube)
    _cube_step(s)


def _end_placement(s: IliumState) -> None:
    if s.free[s.turn_path] == 0:
        _excavate(s, s.turn_path)
    else:
        _end_turn(s)


def path_standing(
    s: IliumState, path_index: int
) -> tuple[dict[PlayerId, int], dict[PlayerId, int]]:
    """docs/ilium.md §5.1 on a path: each group owner's archaeologists (cubes count for nobody) and
    distance to the shovel (the lowest space of its groups)."""
    path = s.tables.board.paths[path_index]
    counts: dict[PlayerId, int] = {}
    distance: dict[PlayerId, int] = {}
    offset = path.offset
    for space, code in enumerate(s.occupant[offset : offset + path.spaces]):
        if code in GROUP_CODES:
            owner = OWNER_OF[code]
            if owner in counts:
                counts[owner] += SIZE_OF[code]
            else:
                counts[owner] = SIZE_OF[code]
                distance[owner] = space
    return counts, distance


def path_ranking(
    s: IliumState, path_index: int
) -> tuple[list[PlayerId], dict[PlayerId, int], dict[PlayerId, int]]:
    """docs/ilium.md §5.1–§5.2 on a path: its group owners by archaeologists, then by distance to
    the shovel; with each one's archaeologists and distance."""
    counts, distance = path_standing(s, path_index)
    ranked = sorted(counts, key=lambda p: (-counts[p], distance[p]))
    return ranked, counts, distance


def excavation_of(
    path: PathInfo, ranked: list[PlayerId], counts: dict[PlayerId, int]
) -> Excavation:
    """docs/ilium.md §5.3: the excavation a ranking starts; the site is the shovel's unless the
    second qualifies (then -1: the first chooses it)."""
    first = ranked[0]
    second = ranked[1] if len(ranked) > 1 else -1
    qualifies = second >= 0 and 2 * counts[second] >= counts[first]
    return Excavation(path.index, first, second, qualifies, -1 if qualifies else path.shovel)


def excavation_takes(board: Board, excavation: Excavation) -> tuple[Take, Take]:
    """docs/ilium.md §5.4: the two takes of an excavation whose site is known: the first's there,
    then the qualifying second's (or the first's again) at the other end."""
    path = board.paths[excavation.path]
    site = excavation.site
    other = path.b if site == path.a else path.a
    second = excavation.second if excavation.qualifies else excavation.first
    return ((excavation.first, site), (second, other))


def _excavate(s: IliumState, path_index: int) -> None:
    """docs/ilium.md §5.1–§5.3: rank by count, then by distance to the shovel; the second may
    qualify."""
    path = s.tables.board.paths[path_index]
    ranked, counts, distance = path_ranking(s, path_index)
    excavation = s.excavation = excavation_of(path, ranked, counts)
    if s._events is not None:
        s.emit(
            "excavation",
            path=path.id,
            counts={str(p): c for p, c in counts.items()},
            distances={str(p): d for p, d in distance.items()},
            ranking=ranked,
            first=excavation.first,
            second=excavation.second,
            qualifies=excavation.qualifies,
        )
    if excavation.qualifies:
        s.decision = DECISIONS[DECIDE_SITE][excavation.first]
    else:
        s.takes = excavation_takes(s.tables.board, excavation)
        _run_takes(s)


def _choose_site(s: IliumState, site: int) -> None:
    assert s.excavation is not None
    s.excavation = s.excavation._replace(site=site)
    if s._events is not None:
        s.emit("site", player=s.excavation.first, site=s.tables.board.sites[site].id)
    s.takes = excavation_takes(s.tables.board, s.excavation)
    _run_takes(s)


def _run_takes(s: IliumState) -> None:
    """Take tokens until a take needs a type choice (D5) or all takes are done (docs/ilium.md
    §5.6)."""
    while s.takes:
        player, site = s.takes[0]
        stock = s.stock[site]
        if stock and not s.game.burial_vaults:
            types = token_types(s, site)
            if len(types) > 1:
                s.decision = DECISIONS[DECIDE_TOKEN][player]
                return
        s.takes = s.takes[1:]
        _take(s, player, site, -1)
    _end_turn(s)


def _take(s: IliumState, player: PlayerId, site: int, artifact: int) -> None:
    """Move a site's lowest token (of the chosen type, if any) to a hoard (docs/ilium.md
    §5.4–§5.5)."""
    stock = s.stock[site]
    if not stock:
        s.emit("take", player=player, site=s.tables.board.sites[site].id, token=None)
        return
    code = stock[0] if artifact < 0 else token_code(artifact, VALUE_OF[stock[0]])
    i = stock.index(code)
    s.stock[site] = stock[:i] + stock[i + 1 :]
    s.hoard[player] = (*s.hoard[player], code)
    if VALUE_OF[code] == 4:
        s.fours_on_sites -= 1
    if s._events is not None:
        site_id = s.tables.board.sites[site].id
        s.emit("take", player=player, site=site_id, token=token_text(code))


def _end_turn(s: IliumState) -> None:
    """docs/ilium.md §4 step 6: all cards played ends the game; else the offer (D6) or the next
    turn."""
    s.excavation = None
    if s.cards_left == 0:
        _finish(s, "cards")
    elif not s.offer_used and s.fours_on_sites == 0:
        s.decision = DECISIONS[DECIDE_OFFER][s.turn]
    else:
        _next_turn(s)


def _answer_offer(s: IliumState, end: bool) -> None:
    s.offer_used = True
    if s._events is not None:
        s.emit("offer", player=s.turn, end=end)
    if end:
        _finish(s, "offer")
    else:
        _next_turn(s)


def _next_turn(s: IliumState) -> None:
    s.turn = (s.turn + 1) % s.game.players
    s.card = 0
    s.turn_path = s.group_space = s.last_cube = -1
    start_turn(s)


def final_outcome(s: IliumState, reason: str) -> Outcome:
    """docs/ilium.md §7–§8: the outcome of a game that ended for `reason` (a key of
    `END_REASONS`)."""
    words = END_REASONS[reason].format(player=s.game.player_name(s.turn))
    names = [s.game.player_name(p) for p in range(s.game.players)]
    return replace(score(s.hoard, s.historian, names), reason=words)


def recount_spaces(s: IliumState) -> None:
    """Derive each path's free spaces and the empty usable slots from the board's spaces
    (for a position built by hand or read from a document)."""
    game = s.game
    tables = game.tables
    occupant = s.occupant
    s.free = [
        sum(1 for slot in tables.path_slots[p.index] if occupant[slot] == EMPTY)
        for p in game.board.paths
    ]
    base = tables.place_base
    s.placement_ids = [base + slot for slot in tables.usable_slots if occupant[slot] == EMPTY]


def _finish(s: IliumState, reason: str) -> None:
    s.decision = None
    s.end_reason = reason
    s._outcome = final_outcome(s, reason)
    if s._events is not None:
        s.emit("game_end", reason=reason)
        for p, part in enumerate(s._outcome.breakdown):
            s.emit("donation", player=p, historian=part["historian"], token=part["donated"])
        s.emit("scoring", outcome=s._outcome.to_json())
