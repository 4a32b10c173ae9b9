"""Elysium's conservation laws, checked on the engine's own state after every move."""

from __future__ import annotations

from kleos.core.protocol import State
from kleos.games.elysium import ElysiumState
from kleos.games.elysium.state import ALL_COLUMNS, FAMILY, LEVEL, UNDETERMINED

FAMILY_MAX, LEVEL_MAX = 3, 5
CARDS_PER_EPOCH = 3


def _places(state: ElysiumState) -> list[int]:
    """Every card of the families in play, wherever it is (Citizens included)."""
    cards = [*state.draw, *state.discard, *state.agora, *state.oracle]
    for p in range(state.game.players):
        cards += [*state.domain[p], *state.citizens[p]]
        for _, _, real, citizens in state.elysium[p]:
            cards += [*real, *(card for card, _ in citizens)]
    return cards


def check_elysium(state: State, previous: State | None) -> None:
    """Cards and columns are conserved; Legends are well formed; counts never go negative."""
    assert isinstance(state, ElysiumState)
    game = state.game
    t = game.tables
    in_play = {c.index for c in game.card_set.cards if c.design.family in state.families}
    places = _places(state)
    assert len(places) == len(set(places)), "a card is in two places"
    assert set(places) == in_play, "a card of the families in play is missing or out of play"
    for p in range(game.players):
        assert 0 <= state.columns[p] <= ALL_COLUMNS
        assert min(state.gold[p], state.vp[p], state.pp[p]) >= 0
        assert 0 <= state.card_takes[p] <= CARDS_PER_EPOCH
        designs = [t.design_bit[c] for c in state.domain[p]]
        assert len(designs) == len(set(designs)), "two identical cards in one Domain"
        assert sum(designs) == state.designs[p]
        for kind, key, real, citizens in state.elysium[p]:
            size = len(real) + len(citizens)
            if kind == UNDETERMINED:
                assert len(real) == 1 and not citizens
            elif kind == FAMILY:
                assert size <= FAMILY_MAX and all(t.family[c] == key for c in real)
                assert len({t.level[c] for c in real}) == len(real)
            else:
                assert kind == LEVEL and size <= LEVEL_MAX
                assert all(t.level[c] == key for c in real)
                assert len({t.family[c] for c in real}) == len(real)
    if previous is not None:
        assert isinstance(previous, ElysiumState)
        for p in range(game.players):
            before = [len(legend[2]) + len(legend[3]) for legend in previous.elysium[p]]
            after = [len(legend[2]) + len(legend[3]) for legend in state.elysium[p]]
            assert after[: len(before)] >= before, "a card left an Elysium"
            assert all(a >= b for a, b in zip(after, before, strict=False))
        if previous.epoch == state.epoch:
            for p in range(game.players):
                assert state.columns[p] & ~previous.columns[p] == 0, "a column came back mid-epoch"
