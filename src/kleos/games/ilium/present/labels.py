"""Ilium's words for decisions: action labels, the pending decision's prompt, and why a
refused action is illegal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kleos.core.protocol import Action
from kleos.core.words import join_words
from kleos.games.ilium.actions import (
    ChooseSite,
    ChooseToken,
    EndGameOffer,
    PlaceCube,
    PlaceGroup,
    PlayCard,
    StopCubes,
)
from kleos.games.ilium.board import TYPES
from kleos.games.ilium.rules import token_types
from kleos.games.ilium.state import (
    DECIDE_CARD,
    DECIDE_CUBE,
    DECIDE_OFFER,
    DECIDE_PLACE,
    DECIDE_SITE,
    DECIDE_TOKEN,
    EMPTY,
    IliumState,
)

if TYPE_CHECKING:
    from kleos.games.ilium.game import Ilium


def names(game: Ilium, players: list[int]) -> str:
    """Seats' names as a list in words ("Red, Yellow and Green")."""
    return join_words([game.player_name(p) for p in players])


def site_name(game: Ilium, site_id: str) -> str:
    """A site by id and name ("HIS (Hisarlik)")."""
    return f"{site_id} ({game.board.sites[game.board.site_index(site_id)].name})"


def space_name(game: Ilium, path_id: str, space: int) -> str:
    """A space with its path's ends ("p12 (SKF–SCM), space 3")."""
    path = game.board.paths[game.board.path_index(path_id)]
    shovel, other = game.board.sites[path.shovel].id, game.board.sites[path.other].id
    return f"{path_id} ({shovel}–{other}), space {space}"


def action_label(game: Ilium, action: Action) -> str:
    """An action in plain words, for buttons and screen readers."""
    match action:
        case PlayCard(value=value):
            return f"play a {value}"
        case PlaceGroup(path=path, space=space):
            return f"place your group on {space_name(game, path, space)}"
        case PlaceCube(path=path, space=space):
            return f"place a supply cube on {space_name(game, path, space)}"
        case StopCubes():
            return "no more cubes"
        case ChooseSite(site=site):
            return f"dig at {site_name(game, site)}"
        case ChooseToken(artifact=artifact):
            return f"take the lowest {artifact} token"
        case EndGameOffer(end=end):
            return "end the game now" if end else "play on to the last card"
    return str(action)


def action_short(game: Ilium, action: Action) -> str:
    """The few words a board shows on the element an action is played on."""
    match action:
        case PlayCard(value=value):
            return f"play {value}"
        case PlaceGroup():
            return "place group"
        case PlaceCube():
            return "place cube"
        case StopCubes():
            return "no more cubes"
        case ChooseSite():
            return "dig here"
        case ChooseToken(artifact=artifact):
            return f"take {artifact}"
        case EndGameOffer(end=end):
            return "end now" if end else "play on"
    return str(action)


def action_target(game: Ilium, state: IliumState, action: Action) -> str | None:
    """The board element an action is played on: 'space:p12:3', 'site:HIS', the token type
    at the site being dug ('token:HIS:Coins'), or the card value ('card:2')."""
    match action:
        case PlaceGroup(path=path, space=space) | PlaceCube(path=path, space=space):
            return f"space:{path}:{space}"
        case ChooseSite(site=site):
            return f"site:{site}"
        case ChooseToken(artifact=artifact) if state.takes:
            return f"token:{game.board.sites[state.takes[0][1]].id}:{artifact}"
        case PlayCard(value=value):
            return f"card:{value}"
    return None


def pending_decision(state: IliumState) -> str:
    """The decision now asked, in words."""
    game = state.game
    decision = state.decision
    if decision is None:
        return "the game is over"
    kind, who = decision.kind, game.player_name(decision.player)
    if kind is DECIDE_PLACE:
        return f"{who} must place a group of {state.card} on an empty space"
    if kind is DECIDE_CUBE:
        path = game.board.paths[state.turn_path].id
        return f"{who} may place a supply cube on {path} or choose 'no more cubes'"
    if kind is DECIDE_SITE:
        return f"{who} must choose the site to dig at"
    if kind is DECIDE_TOKEN:
        site = game.board.sites[state.takes[0][1]].id
        return f"{who} must choose which lowest token to take at {site}"
    if kind is DECIDE_CARD:
        return f"{who} must choose the value of the card to play"
    assert kind is DECIDE_OFFER
    return f"{who} may end the game now or continue"


def explain_illegal(state: IliumState, action: Action) -> str:
    """Why an action of the game is refused here, naming the rule and what is expected."""
    game = state.game
    board = game.board
    expected = pending_decision(state)
    kind = None if state.decision is None else state.decision.kind
    if isinstance(action, PlaceGroup):
        if kind is DECIDE_CUBE:
            return f"the group is already placed this turn; {expected}"
        if kind is DECIDE_PLACE:
            pi = board.path_index(action.path)
            if pi not in game.tables.usable_paths:
                return f"{action.path} touches a closed site and is not used in the 2-player game"
            return f"space {action.path}:{action.space} is already occupied"
    elif isinstance(action, PlaceCube):
        if kind is DECIDE_PLACE:
            return f"place the group of {state.card} first; cubes go on the same path after it"
        if kind is DECIDE_CUBE:
            path = board.paths[state.turn_path]
            if action.path != path.id:
                return f"cubes may only go on {path.id}, the path of this turn's group"
            if state.occupant[path.offset + action.space] != EMPTY:
                return f"space {action.path}:{action.space} is already occupied"
            return (
                f"cubes are placed in increasing space order: the next cube must go above "
                f"space {state.last_cube} (this gives each set of cubes one sequence)"
            )
    elif isinstance(action, StopCubes) and kind is DECIDE_PLACE:
        return f"the revealed group must be placed; {expected}"
    elif isinstance(action, PlayCard):
        if not game.strategic:
            return "the top card is revealed; choosing a card is Strategic Expeditions only"
        if kind is DECIDE_CARD:
            return f"{game.player_name(state.turn)} has no {action.value}-card left"
    elif isinstance(action, ChooseSite) and kind is DECIDE_SITE:
        assert state.excavation is not None
        path = board.paths[state.excavation.path]
        ends = f"{board.sites[path.a].id} or {board.sites[path.b].id}"
        return f"the site must be an end of {path.id}: {ends}"
    elif isinstance(action, ChooseToken) and kind is DECIDE_TOKEN:
        options = ", ".join(TYPES[t] for t in token_types(state, state.takes[0][1]))
        return f"the lowest tokens there are of these types only: {options}"
    elif isinstance(action, EndGameOffer) and kind is not DECIDE_OFFER:
        return "the end-game offer is made only once, after all five 4s are excavated"
    return f"'{action}' is not possible now: {expected}"
