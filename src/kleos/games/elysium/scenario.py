"""Custom positions for tests and puzzles: an Elysium state with chosen contents.

`position` deals a game from its seed, replaces what you name, and starts play at the
point you choose: a Phase II turn, the Phase III income step, or a Writing step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kleos.core.errors import ConfigError
from kleos.core.protocol import PlayerId
from kleos.games.elysium.game import Elysium
from kleos.games.elysium.rules import run
from kleos.games.elysium.state import (
    FAMILY,
    INCOMPLETE,
    LEVEL,
    NO_QUEST,
    UNDETERMINED,
    ElysiumState,
    Legend,
)
from kleos.games.elysium.tasks import EleusisStep, EndEpoch, StartPhase3, StartTurn, StartWriting
from kleos.games.elysium.vocabulary import COLUMNS, MAX_LEGENDS_PER_PLAYER

LegendSpec = Mapping[str, Any]
"""{'cards': [card ids], 'citizens': [levels they stand for]} — type follows from the cards,
or give 'type': 'family'/'level' explicitly when only citizens would decide it."""


def position(
    game: Elysium,
    *,
    start: str = "turn",
    player: PlayerId | None = None,
    epoch: int = 1,
    order: Sequence[PlayerId] | None = None,
    agora: Sequence[str] | None = None,
    oracle: Sequence[str] | None = None,
    domains: Mapping[PlayerId, Sequence[str]] | None = None,
    citizens: Mapping[PlayerId, int] | None = None,
    elysiums: Mapping[PlayerId, Sequence[LegendSpec]] | None = None,
    gold: Mapping[PlayerId, int] | None = None,
    vp: Mapping[PlayerId, int] | None = None,
    pp: Mapping[PlayerId, int] | None = None,
    columns: Mapping[PlayerId, Sequence[str]] | None = None,
    card_takes: Mapping[PlayerId, int] | None = None,
    quests: Mapping[PlayerId, str] | None = None,
    turn_index: int | None = None,
) -> ElysiumState:
    """A state where `player` (default: disc 1) is about to act at `start`.

    start: 'turn' (a Phase II turn), 'phase3' (end of Phase II: Incomplete Quests, discs,
    income, Eleusis, then Writing steps), 'income' (Eleusis powers, then Writing steps; no Quest
    income), or 'writing' (`player`'s Writing step, then the Writing steps of the players after
    them in disc order).
    Card ids move from wherever the deal put them (draw pile, Agora, Oracle) to where you say.
    `citizens` gives a number of Citizens taken from the draw pile. `quests` maps players to
    a Quest id or 'incomplete' (from 'income' and 'writing' on, a player given none holds an
    Incomplete Quest).
    """
    s = game.new_initial_state()
    index = game.actions.card_index
    s.stack.clear()
    s.decision, s.options = None, ()
    s.epoch = epoch
    if order is not None:
        s.order = list(order)
    p = s.order[0] if player is None else player

    def claim(card_id: str) -> int:
        if card_id not in index:
            raise ConfigError(f"no card '{card_id}' in this card set")
        card = index[card_id]
        for pile in (s.draw, s.agora, s.oracle, s.discard):
            if card in pile:
                pile.remove(card)
                return card
        raise ConfigError(f"{card_id} is placed twice, or its family is not in play")

    if agora is not None:
        s.discard.extend(s.agora)
        s.agora = []
        s.agora = [claim(c) for c in agora]
    if oracle is not None:
        s.discard.extend(s.oracle)
        s.oracle = []
        s.oracle = [claim(c) for c in oracle]
    t = game.tables
    for q, cards in (domains or {}).items():
        for card_id in cards:
            card = claim(card_id)
            s.domain[q] = (*s.domain[q], card)
            s.designs[q] |= t.design_bit[card]
            s.ring[card] = t.power[card] == "trigger"
            s.entered[card] = -1
    for q, count in (citizens or {}).items():
        for _ in range(count):
            s.citizen_serial += 1
            card = s.draw.pop()
            s.citizen_handle = {**s.citizen_handle, card: s.citizen_serial}
            s.citizens[q] = (*s.citizens[q], card)
    for q, legends in (elysiums or {}).items():
        s.elysium[q] = tuple(_legend(s, spec, claim) for spec in legends)
    for q in range(game.players):
        real = len(s.domain[q]) + sum(len(legend.cards) for legend in s.elysium[q])
        if real > MAX_LEGENDS_PER_PLAYER:
            raise ConfigError(
                f"no game gives a player more than {MAX_LEGENDS_PER_PLAYER} real cards "
                f"(the Legend bound): P{q + 1} has {real} in the Domain and Elysium"
            )
    for field, values in (("gold", gold), ("vp", vp), ("pp", pp), ("card_takes", card_takes)):
        for q, value in (values or {}).items():
            getattr(s, field)[q] = value
    for q, names in (columns or {}).items():
        s.columns[q] = sum(1 << COLUMNS.index(c) for c in names)
    for q, quest_id in (quests or {}).items():
        if quest_id == "incomplete":
            s.quest[q] = INCOMPLETE
        else:
            s.quest[q] = game.quest_index[quest_id]
            s.temple = tuple(x for x in s.temple if x != s.quest[q])
    if start in ("writing", "income"):
        # Past Phase II every player holds a Quest: without one, it is an Incomplete Quest.
        s.quest = [INCOMPLETE if quest == NO_QUEST else quest for quest in s.quest]
    n = game.players
    if start == "turn":
        s.phase = "actions"
        s.turn_index = s.order.index(p) if turn_index is None else turn_index
        s.stack.append(StartTurn(p))
    elif start == "phase3":
        s.stack.append(StartPhase3())
    elif start == "writing":
        s.phase = "writing"
        s.stack.append(EndEpoch())
        later = s.order[s.order.index(p) :]
        for q in reversed(later):
            s.stack.append(StartWriting(q))
    elif start == "income":
        s.phase = "income"
        s.stack.append(EndEpoch())
        for q in reversed(s.order):
            s.stack.append(StartWriting(q))
        for q in reversed(s.order):
            s.stack.append(EleusisStep(q))
    else:
        raise ConfigError(f"start must be 'turn', 'phase3', 'income' or 'writing', not {start!r}")
    assert n == len(s.order)
    run(s)
    return s


def _legend(s: ElysiumState, spec: LegendSpec, claim: Any) -> Legend:
    t = s.game.tables
    cards = tuple(claim(c) for c in spec.get("cards", ()))
    citizens = []
    for level in spec.get("citizens", ()):
        s.citizen_serial += 1
        card = s.draw.pop()
        s.citizen_handle = {**s.citizen_handle, card: s.citizen_serial}
        citizens.append((card, level))
    kind_name = spec.get("type")
    if kind_name == "family" or (
        kind_name is None and len(cards) >= 2 and t.family[cards[0]] == t.family[cards[1]]
    ):
        return Legend(FAMILY, t.family[cards[0]], cards, tuple(citizens))
    if kind_name == "level" or len(cards) >= 2:
        return Legend(LEVEL, t.level[cards[0]], cards, tuple(citizens))
    return Legend(UNDETERMINED, -1, cards, tuple(citizens))
