"""What each player may see (§10.1), and why a refused action is illegal."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from kleos.core.protocol import Action, PlayerId, ViewParts
from kleos.games.ilium.actions import (
    ChooseSite,
    ChooseToken,
    EndGameOffer,
    PlaceCube,
    PlaceGroup,
    PlayCard,
    StopCubes,
)
from kleos.games.ilium.board import TOKEN_VALUES, TYPES, token_text
from kleos.games.ilium.rules import token_types
from kleos.games.ilium.state import (
    CUBE,
    EMPTY,
    PHASE_CARD,
    PHASE_CUBE,
    PHASE_NAMES,
    PHASE_OFFER,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_SITE,
    PHASE_TOKEN,
    STARTING_CUBES,
    IliumState,
)

if TYPE_CHECKING:
    from kleos.games.ilium.game import Ilium


def _deck_counts(deck: tuple[int, ...]) -> dict[str, int]:
    counts = Counter(deck)
    return {str(v): counts.get(v, 0) for v in (1, 2, 3)}


def space_json(code: int) -> dict[str, int] | None:
    """A space code as JSON: null (empty), {"group": seat, "size": n} or {"cube": seat}."""
    if code == EMPTY:
        return None
    if code >= CUBE:
        return {"cube": code - CUBE}
    return {"group": code >> 2, "size": code & 3}


def view(state: IliumState, player: PlayerId | None) -> ViewParts:
    """The public part for everyone, plus `player`'s Historian and top card (§10.1)."""
    game = state.game
    board = game.board
    over = state.phase == PHASE_OVER
    public: dict[str, Any] = {
        "first_player": state.first_player,
        "turn": state.turn,
        "sites": {
            board.sites[s].id: [token_text(c) for c in state.stock[s]] for s in game.active_sites
        },
        "paths": {
            board.paths[pi].id: [space_json(state.occupant[slot]) for slot in game.path_slots[pi]]
            for pi in game.usable_paths
        },
        "hands": [
            {
                "tokens": sorted(token_text(c) for c in state.hoard[p]),
                "cubes": state.cubes[p],
                "deck": _deck_counts(state.deck[p]),
            }
            for p in range(game.players)
        ],
        "current_turn": {
            "card": state.card or None,
            "path": board.paths[state.turn_path].id if state.turn_path >= 0 else None,
            "group_space": state.group_space if state.group_space >= 0 else None,
            "last_cube": state.last_cube if state.last_cube >= 0 else None,
        },
        "excavation": _excavation(state),
        "offer_used": state.offer_used,
        "fours_on_sites": state.fours_on_sites,
        "removed_tokens": [token_text(c) for c in state.removed_tokens],
    }
    private: dict[str, Any] = {}
    if player is not None:
        private["historian"] = TYPES[state.historian[player]]
        if not game.strategic:
            deck = state.deck[player]
            private["top_card"] = deck[-1] if deck else None
    seats = [
        {
            "tokens": len(state.hoard[p]),
            "artifacts": sum(code >> 3 for code in state.hoard[p]),
            "cubes": state.cubes[p],
            "cards_left": len(state.deck[p]),
        }
        for p in range(game.players)
    ]
    decision = "" if over else PHASE_NAMES[state.phase]
    return ViewParts(public, private, seats, decision, "" if over else pending_decision(state))


def static_data(game: Ilium) -> dict[str, Any]:
    """The board, the artifacts and the decks of a game of Ilium, as a client draws them."""
    board = game.board
    return {
        "board": {
            "sites": [
                {
                    "id": site.id,
                    "name": site.name,
                    "numeral": site.numeral,
                    "x": site.x,
                    "y": site.y,
                    "closed": site.index not in game.active_sites,
                }
                for site in board.sites
            ],
            "paths": [
                {
                    "id": path.id,
                    "ends": [board.sites[path.shovel].id, board.sites[path.other].id],
                    "spaces": path.spaces,
                    "shovel_end": board.sites[path.shovel].id,
                    "used": path.index in game.usable_paths,
                }
                for path in board.paths
            ],
        },
        "artifact_types": list(TYPES),
        "token_values": list(TOKEN_VALUES),
        "tokens_in_play": game.pool_size,
        "starting_deck": {str(v): n for v, n in game.starting_deck().items()},
        "removed_cards": {str(v): n for v, n in game.removed_cards().items()},
        "cubes": STARTING_CUBES,
        "strategic_expeditions": game.strategic,
        "burial_vaults": game.burial_vaults,
    }


def _excavation(state: IliumState) -> dict[str, Any] | None:
    if state.excavation is None:
        return None
    path, first, second, qualifies, site = state.excavation
    board = state.game.board
    return {
        "path": board.paths[path].id,
        "first": first,
        "second": second if second >= 0 else None,
        "second_qualifies": qualifies,
        "site": board.sites[site].id if site >= 0 and qualifies else None,
        "pending_takes": [{"player": p, "site": board.sites[s].id} for p, s in state.takes],
    }


def pending_decision(state: IliumState) -> str:
    """The decision now asked, in words."""
    game = state.game
    who = game.player_name(state.decider) if state.phase != PHASE_OVER else ""
    phase = state.phase
    if phase == PHASE_PLACE:
        return f"{who} must place a group of {state.card} on an empty space"
    if phase == PHASE_CUBE:
        path = game.board.paths[state.turn_path].id
        return f"{who} may place a supply cube on {path} or choose 'no more cubes'"
    if phase == PHASE_SITE:
        return f"{who} must choose the site to dig at"
    if phase == PHASE_TOKEN:
        site = game.board.sites[state.takes[0][1]].id
        return f"{who} must choose which lowest token to take at {site}"
    if phase == PHASE_CARD:
        return f"{who} must choose the value of the card to play"
    if phase == PHASE_OFFER:
        return f"{who} may end the game now or continue"
    return "the game is over"


def explain_illegal(state: IliumState, action: Action) -> str:
    """Why an action of the game is refused here, naming the rule and what is expected."""
    game = state.game
    board = game.board
    expected = pending_decision(state)
    phase = state.phase
    if isinstance(action, PlaceGroup):
        if phase == PHASE_CUBE:
            return f"the group is already placed this turn; {expected}"
        if phase == PHASE_PLACE:
            pi = board.path_index(action.path)
            if pi not in game.usable_paths:
                return f"{action.path} touches a closed site and is not used in the 2-player game"
            return f"space {action.path}:{action.space} is already occupied"
    elif isinstance(action, PlaceCube):
        if phase == PHASE_PLACE:
            return f"place the group of {state.card} first; cubes go on the same path after it"
        if phase == PHASE_CUBE:
            path = board.paths[state.turn_path]
            if action.path != path.id:
                return f"cubes may only go on {path.id}, the path of this turn's group"
            if state.occupant[path.offset + action.space] != EMPTY:
                return f"space {action.path}:{action.space} is already occupied"
            return (
                f"cubes are placed in increasing space order: the next cube must go above "
                f"space {state.last_cube} (this gives each set of cubes one sequence)"
            )
    elif isinstance(action, StopCubes) and phase == PHASE_PLACE:
        return f"the revealed group must be placed; {expected}"
    elif isinstance(action, PlayCard):
        if not game.strategic:
            return "the top card is revealed; choosing a card is Strategic Expeditions only"
        if phase == PHASE_CARD:
            return f"{game.player_name(state.turn)} has no {action.value}-card left"
    elif isinstance(action, ChooseSite) and phase == PHASE_SITE:
        assert state.excavation is not None
        path = board.paths[state.excavation.path]
        ends = f"{board.sites[path.a].id} or {board.sites[path.b].id}"
        return f"the site must be an end of {path.id}: {ends}"
    elif isinstance(action, ChooseToken) and phase == PHASE_TOKEN:
        options = ", ".join(TYPES[t] for t in token_types(state, state.takes[0][1]))
        return f"the lowest tokens there are of these types only: {options}"
    elif isinstance(action, EndGameOffer) and phase != PHASE_OFFER:
        return "the end-game offer is made only once, after all five 4s are excavated"
    return f"'{action}' is not possible now: {expected}"
