"""Shared helpers of the Elysium rule tests: games, scenarios, playing by text, snapshots."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import kleos.games.elysium  # noqa: F401  (registers the game)
from kleos.core.protocol import Event, PlayerId
from kleos.core.registry import make
from kleos.games.elysium import Elysium, ElysiumState
from kleos.games.elysium.effects import resolve
from kleos.games.elysium.rules import run
from kleos.games.elysium.scenario import position
from kleos.games.elysium.tasks import AskTurn, AskWrite, DecisionKind

RECOMMENDED = ("zeus", "hades", "poseidon", "athena", "hephaestus")
P1, P2, P3, P4 = 0, 1, 2, 3


@functools.cache
def game(
    players: int = 3, families: Sequence[str] = RECOMMENDED, side: str | None = "A"
) -> Elysium:
    """A game with these families whose Pediment shows `side` (the first seed that deals it)."""
    for seed in range(1, 100):
        g = make("elysium", players=players, seed=seed, families=list(families))
        assert isinstance(g, Elysium)
        if side is None or g.new_initial_state().pediment == side:
            return g
    raise AssertionError(f"no seed deals Pediment side {side}")


def at(
    players: int = 3,
    families: Sequence[str] = RECOMMENDED,
    side: str = "A",
    **kwargs: Any,
) -> ElysiumState:
    """A scenario position (see `scenario.position`): discs follow seat order by default, and
    VP tokens not given equal the disc (as at setup)."""
    order = kwargs.setdefault("order", list(range(players)))
    kwargs["vp"] = {p: disc for disc, p in enumerate(order, 1)} | kwargs.get("vp", {})
    return position(game(players, tuple(families), side), **kwargs)


def play(s: ElysiumState, *texts: str, by: PlayerId | None = None) -> list[Event]:
    """Apply actions given as text (checked); with `by`, each must be that player's decision."""
    events: list[Event] = []
    for text in texts:
        events += s.apply(s.game.parse_action(s, text), by)
    return events


def options(s: ElysiumState) -> list[str]:
    """The legal options of the pending decision, as text."""
    return [str(a) for a in s.legal_actions()]


def decision(s: ElysiumState) -> tuple[str | None, PlayerId | None]:
    """(decision type, player to act)."""
    asked = s.view(None)["decision"]
    return (asked["kind"] if asked else None), s.current_player


def snapshot(s: ElysiumState) -> str:
    """The public view as canonical JSON, to compare states."""
    return json.dumps(s.view(None), sort_keys=True)


def card(s: ElysiumState, card_id: str) -> int:
    """The index of a card id."""
    return s.game.actions.card_index[card_id]


def ids(s: ElysiumState, cards: Iterable[int]) -> list[str]:
    """Card ids of card indices."""
    return [s.game.card(c).id for c in cards]


def domain(s: ElysiumState, p: PlayerId) -> list[str]:
    """The face-up cards in p's Domain."""
    return ids(s, s.domain[p])


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in events if e["kind"] == kind]


def acted(s: ElysiumState, events: Iterable[Event]) -> set[str]:
    """The designs whose power resolved in these events: a power used or fired (Activate,
    Trigger, Eleusis, hook), an Instantaneous card taken (or taken from the Oracle as an extra
    card), or a card whose power was copied."""
    designs = set()
    for e in events:
        if e["kind"] not in ("take", "oracle_card", "power", "copy"):
            continue
        design = s.game.card(card(s, e["card"])).design
        if e["kind"] in ("power", "copy") or design.power == "instantaneous":
            designs.add(design.id)
    return designs


def player_view(s: ElysiumState, p: PlayerId) -> dict[str, Any]:
    """p's part of the public view."""
    state: dict[str, Any] = s.view(None)["public"]["players_state"][p]
    return state


def grant(s: ElysiumState, p: PlayerId, card_id: str) -> None:
    """Resolve a card's primitives for p as a one-shot power, outside any decision.

    For effects no card path can deliver twice (a second pending discount), or at a moment
    no window allows. The pending `turn` or `write` decision is asked again afterwards.
    """
    index = card(s, card_id)
    assert s.decision is not None
    kind, player, _ = s.decision
    assert kind in (DecisionKind.TURN, DecisionKind.WRITE)
    s.decision, s.options = None, ()
    for effect in s.game.tables.effects[index]:
        resolve(s, p, effect, index)
    s.stack.append(AskTurn(player) if kind is DecisionKind.TURN else AskWrite(player))
    run(s)


def advance(s: ElysiumState, until: Callable[[ElysiumState], bool]) -> list[Event]:
    """Play the first legal option until `until` holds (or the game ends)."""
    events: list[Event] = []
    while not s.is_terminal() and not until(s):
        events += s.apply(s.legal_actions()[0])
    return events


def end_steps(s: ElysiumState, until: PlayerId | None = None) -> list[Event]:
    """Answer 'end step' to every Writing step until something else is asked, the game ends,
    or it is `until`'s Writing step."""
    events: list[Event] = []
    while not s.is_terminal() and decision(s)[0] == "write" and s.current_player != until:
        events += play(s, "end step")
    return events
