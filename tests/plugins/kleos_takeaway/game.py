"""The Take-away game factory: its spec, the deal of the hands and the game's words."""

from __future__ import annotations

from typing import Any, ClassVar

from kleos.core.jsonstate import Fields
from kleos.core.protocol import Encoding, Event, Game, GameConfig, Heuristics
from kleos.core.registry import register
from kleos.core.rng import make_rng
from kleos.core.spec import Choice, GameSpec, Number
from kleos_takeaway import codec
from kleos_takeaway import encoding as take_away_encoding
from kleos_takeaway import heuristics as take_away_heuristics
from kleos_takeaway.actions import Take, action_space
from kleos_takeaway.state import DECK, HAND, LAST_COUNTER, STARS, TakeAwayState, counters

MISERE = "misere"

SPEC = GameSpec(
    id="take-away",
    title="Take-away",
    rules_version="1",
    players=(2, 4),
    default_players=2,
    summary=(
        "Players take 1 to max_take counters from a pile in turn, never as many as the move "
        "before; taking the last one scores 5, plus the stars in each player's secret hand."
    ),
    variants=(Choice(MISERE, "Misère", "whoever takes the last counter loses"),),
    options=(
        Number("pile", "counters in the pile at the start", low=1, high=40, fallback=30),
        Number("max_take", "the most counters one may take at a time", low=2, high=4, fallback=3),
    ),
)


@register
class TakeAway(Game):
    """Take-away for 2 to 4 players: options `pile` (counters at the start, 1–40, default 30)
    and `max_take` (2 to 4, default 3); variant `misere`. Each seat is dealt a secret hand of
    3 of the 30 numbered cards from the seed; its stars (cards 1–10) add to its score."""

    spec = SPEC
    heuristics: ClassVar[Heuristics[TakeAwayState]] = take_away_heuristics
    encoding: ClassVar[Encoding[TakeAwayState, TakeAway]] = take_away_encoding

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        self.start_pile: int = self.option("pile")
        self.max_take: int = self.option("max_take")
        self.misere = self.has_variant(MISERE)
        self.action_space = action_space(self.max_take)
        self.takes: tuple[Take, ...] = tuple(
            a for a in self.action_space.all if isinstance(a, Take)
        )
        """The actions, `take 1` first: `takes[:k]` are the takes of k counters or fewer."""
        self.legal_takes = tuple(
            tuple(self._legal(pile, last) for last in range(self.max_take + 1))
            for pile in range(self.start_pile + 1)
        )
        """The legal takes by the pile and the last take (`TakeAwayState.legal_actions`)."""

    def _legal(self, pile: int, last: int) -> tuple[Take, ...]:
        """Up to the pile, not the last take again unless nothing else is left."""
        takes = self.takes[:pile]
        others = tuple(t for t in takes if t.count != last)
        return others or takes

    def new_initial_state(self) -> TakeAwayState:
        """A full pile, the first seat to move, a hand dealt to each seat from the seed."""
        rng = make_rng(self.config.master_seed())
        cards = rng.sample(DECK, HAND * self.players)
        hands = tuple(tuple(sorted(cards[p * HAND : (p + 1) * HAND])) for p in range(self.players))
        return TakeAwayState(self, self.start_pile, 0, 0, hands)

    def state_from_json(self, document: object) -> TakeAwayState:
        """The state a `State.to_json()` document of this game holds (`codec` reads the
        fields); anything else raises `StateDataError`."""
        state = super().state_from_json(document)
        assert isinstance(state, TakeAwayState)
        return state

    def _state_from_json(self, fields: Fields, game: Game) -> TakeAwayState:
        """The state of `game` (this game with the document's seed) its fields describe."""
        assert isinstance(game, TakeAway)
        return codec.state_from_json(fields, game)

    def _static_data(self) -> dict[str, Any]:
        """The pile at the start, the most one may take, the cards, the stars, the hand size
        and what the last counter is worth."""
        return {
            "pile": self.start_pile,
            "max_take": self.max_take,
            "cards": list(DECK),
            "stars": STARS,
            "hand": HAND,
            "last_counter": LAST_COUNTER,
            "misere": self.misere,
        }

    def describe_event(self, event: Event) -> str:
        """One event in words."""
        if event.get("kind") == "take":
            name = self.player_name(event["player"])
            if event["pile"] == 0:
                return f"{name} takes {counters(event['count'])}, the last."
            return f"{name} takes {counters(event['count'])}; {counters(event['pile'])} left."
        if event.get("kind") == "reveal":
            shown = "; ".join(
                f"{self.player_name(p)} {', '.join(map(str, hand))}"
                for p, hand in enumerate(event["hands"])
            )
            return f"The hands are turned up: {shown}."
        return str(event)
