"""The static tables of a board and a number of players (the sites and paths in play, their
slots, the tokens and cards of the set-up), built once per board and player count and cached."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final

from kleos.core.errors import ConfigError
from kleos.core.frozen import Frozen
from kleos.games.ilium.actions import PlaceGroup, action_table
from kleos.games.ilium.board import TOKEN_VALUES, TYPES, Board, TokenCode, token_code

CARDS: Final = {1: 12, 2: 12, 3: 3}
"""A full deck of Assignment cards: twelve 1s, twelve 2s, three 3s (docs/ilium.md §1)."""
CARDS_REMOVED_IN_4P: Final = {1: 4, 2: 4}
"""Each player's cards returned to the box in a 4-player game (docs/ilium.md §3.1 step 5)."""
TWO_PLAYER_SET_ASIDE: Final = (1, 2, 3)
"""The values of each type set aside in a 2-player game (docs/ilium.md §3.2)."""
CACHE_SIZE: Final = 64
"""Tables kept (one per board and player count in use)."""


@dataclass(frozen=True)
class Tables(Frozen):
    """What a board and a number of players fix for a whole game."""

    board: Board
    players: int
    place: tuple[PlaceGroup, ...]
    """The group placement on each slot of the board (the action table's own objects)."""
    place_base: int
    """The integer of the placement on slot 0; slot s has `place_base + s`."""
    active_sites: tuple[int, ...]
    """The sites in play (all but the far-left sites with 2 players), in board order."""
    usable_paths: tuple[int, ...]
    """The paths between two active sites, in board order."""
    path_slots: tuple[range, ...]
    """Per path (all of them), the board slots of its spaces from the shovel space."""
    usable_slots: tuple[int, ...]
    """The board slots of every space of the usable paths, ascending: where D2 may place a
    group on an empty board."""
    pool_size: int
    """The number of tokens in play: 50, or 36 with 2 players."""
    starting_deck: Mapping[int, int]
    """The composition of each player's deck at the start: value -> count."""
    removed_cards: Mapping[int, int]
    """Each player's cards returned to the box at set-up: value -> count (docs/ilium.md §3.1
    step 5)."""
    cards: int
    """The number of cards in each player's starting deck."""
    set_aside_tokens: tuple[TokenCode, ...]
    """The tokens set aside at set-up, one of which goes back at random (docs/ilium.md §3.2:
    each type's 1, 2 and 3 with 2 players; none otherwise)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as what makes them: found in the cache, or built again."""
        return tables_for, (self.board, self.players)


@lru_cache(maxsize=CACHE_SIZE)
def tables_for(board: Board, players: int) -> Tables:
    """The tables of a board for `players` players, built once; a board whose active sites do
    not hold exactly the tokens in play raises `ConfigError`."""
    two = players == 2
    active_sites = tuple(s.index for s in board.sites if not (two and s.closed_in_two_player))
    active = set(active_sites)
    usable_paths = tuple(p.index for p in board.paths if p.a in active and p.b in active)
    path_slots = tuple(range(p.offset, p.offset + p.spaces) for p in board.paths)
    usable_slots = tuple(sorted(slot for pi in usable_paths for slot in path_slots[pi]))
    total = len(TYPES) * len(TOKEN_VALUES)
    pool_size = total - len(TYPES) * len(TWO_PLAYER_SET_ASIDE) + 1 if two else total
    slots = sum(board.sites[s].numeral for s in active_sites)
    if slots != pool_size:
        raise ConfigError(
            f"the board's active sites have {slots} token places for {pool_size} tokens"
        )
    removed = dict(CARDS_REMOVED_IN_4P) if players == 4 else {}
    deck = {v: c - removed.get(v, 0) for v, c in CARDS.items()}
    aside = (
        tuple(token_code(t, v) for t in range(len(TYPES)) for v in TWO_PLAYER_SET_ASIDE)
        if two
        else ()
    )
    actions = action_table(board)
    return Tables(
        board=board,
        players=players,
        place=actions.place,
        place_base=actions.place_base,
        active_sites=active_sites,
        usable_paths=usable_paths,
        path_slots=path_slots,
        usable_slots=usable_slots,
        pool_size=pool_size,
        starting_deck=MappingProxyType(deck),
        removed_cards=MappingProxyType(removed),
        cards=sum(deck.values()),
        set_aside_tokens=aside,
    )
