"""Custom positions for tests, docs and puzzles: a game's state with chosen contents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kleos.core.errors import ConfigError
from kleos.core.protocol import PlayerId
from kleos.games.ilium import rules
from kleos.games.ilium.board import TYPES, parse_token, token_value
from kleos.games.ilium.game import Ilium
from kleos.games.ilium.state import EMPTY, IliumState, cube_code, group_code

Group = tuple[PlayerId, str, int, int]
"""(owner, path id, space, size)."""
Cube = tuple[PlayerId, str, int]
"""(owner, path id, space)."""


def position(
    game: Ilium,
    *,
    turn: PlayerId = 0,
    stocks: Mapping[str, Sequence[str]] | None = None,
    groups: Sequence[Group] = (),
    cubes: Sequence[Cube] = (),
    hoards: Mapping[PlayerId, Sequence[str]] | None = None,
    decks: Mapping[PlayerId, Sequence[int]] | None = None,
    historians: Sequence[str] | None = None,
    cubes_left: Sequence[int] | None = None,
    offer_used: bool = False,
) -> IliumState:
    """The state at the start of `turn`'s turn, built from the game's own deal and then changed.

    `stocks` replaces the tokens of the named sites ('Coins-1' style; in Burial Vaults the
    order given is the queue). `decks` lists cards top first. Everything not named keeps the
    deal of the game's seed. The turn then starts as usual (in the standard game the top card
    is revealed), so the first decision is the card choice or the group placement.
    """
    state = game.deal()
    board = game.board
    for site_id, tokens in (stocks or {}).items():
        site = board.site_index(site_id)
        if site not in game.tables.active_sites:
            raise ConfigError(f"{site_id} is closed in this game and holds no tokens")
        codes = [parse_token(t) for t in tokens]
        state.stock[site] = tuple(codes if game.burial_vaults else sorted(codes))
    for player, tokens in (hoards or {}).items():
        state.hoard[player] = tuple(parse_token(t) for t in tokens)
    state.occupant = [EMPTY] * board.num_slots
    for player, path_id, space, size in groups:
        if size not in (1, 2, 3):
            raise ConfigError(f"a group has 1, 2 or 3 archaeologists, not {size}")
        _occupy(game, state, path_id, space, group_code(player, size))
    for player, path_id, space in cubes:
        _occupy(game, state, path_id, space, cube_code(player))
    rules.recount_spaces(state)
    for pi in game.tables.usable_paths:
        if state.free[pi] == 0:
            raise ConfigError(f"{board.paths[pi].id} is full; a full path is excavated at once")
    for player, cards in (decks or {}).items():
        if any(v not in (1, 2, 3) for v in cards):
            raise ConfigError(f"deck cards are 1, 2 or 3, not {list(cards)}")
        state.deck[player] = tuple(sorted(cards) if game.strategic else reversed(cards))
    if not state.deck[turn]:
        raise ConfigError(f"{game.player_name(turn)} has no card left to start a turn with")
    if historians is not None:
        state.historian = tuple(TYPES.index(h) for h in historians)
    if cubes_left is not None:
        state.cubes = list(cubes_left)
    state.cards_left = sum(len(d) for d in state.deck)
    state.fours_on_sites = sum(
        1 for stock in state.stock for code in stock if token_value(code) == 4
    )
    state.offer_used = offer_used
    state.turn = turn
    rules.start_turn(state)
    return state


def _occupy(game: Ilium, state: IliumState, path_id: str, space: int, code: int) -> None:
    path = game.board.paths[game.board.path_index(path_id)]
    if path.index not in game.tables.usable_paths:
        raise ConfigError(f"{path_id} is not used in this game")
    if not 0 <= space < path.spaces:
        raise ConfigError(f"{path_id} has spaces 0 to {path.spaces - 1}, not {space}")
    slot = path.offset + space
    if state.occupant[slot] != EMPTY:
        raise ConfigError(f"{path_id}:{space} holds two items")
    state.occupant[slot] = code
