"""The API's bodies and answers as Pydantic models, so every request is validated (unknown
fields refused) and `/openapi.json` describes every answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, model_validator

from kleos.agents.spec import LEVELS
from kleos.server.clock import ABANDON
from kleos.server.names import MAX_MESSAGE, MAX_NAME, parse_line, parse_name

SeatIndex = Annotated[int, Field(ge=0, le=7)]
TokenText = Annotated[str, Field(max_length=100, description="A seat's secret token.")]
DisplayName = Annotated[
    str,
    Field(
        max_length=200,
        examples=["Alice"],
        description=f"A player's display name: trimmed, 1 to {MAX_NAME} characters, no "
        "control or invisible characters; always shown as text.",
    ),
    AfterValidator(parse_name),
]


class Body(BaseModel):
    """A request body: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")


ON_TIMEOUT = (*(f"ai:{level}" for level in ("random", *LEVELS)), ABANDON)
"""What may happen to a seat whose player runs out of time."""
LIVE_SECONDS = (10, 3600)
CORRESPONDENCE_DAYS = (1, 14)


def parse_on_timeout(text: str) -> str:
    """`ai:LEVEL` or `abandon`, exactly."""
    if text not in ON_TIMEOUT:
        raise ValueError(f"on_timeout is one of {', '.join(ON_TIMEOUT)}")
    return text


def parse_message(text: str) -> str:
    """A chat message as typed, trimmed and in NFC; raises ValueError saying what is wrong."""
    return parse_line(text, "a message", MAX_MESSAGE)


class MoveTimer(Body):
    """A game's move timer: each human decision has `seconds` (live) or `days`
    (correspondence); a seat whose player runs out of time is handed to an AI level, or the
    game is abandoned."""

    mode: Literal["live", "correspondence"]
    seconds: StrictInt | None = Field(
        default=None,
        ge=LIVE_SECONDS[0],
        le=LIVE_SECONDS[1],
        description="A live game's time for each decision, in seconds.",
    )
    days: StrictInt | None = Field(
        default=None,
        ge=CORRESPONDENCE_DAYS[0],
        le=CORRESPONDENCE_DAYS[1],
        description="A correspondence game's time for each decision, in days.",
    )
    on_timeout: Annotated[str, Field(max_length=32), AfterValidator(parse_on_timeout)] = Field(
        examples=["ai:medium"], description=f"One of {', '.join(ON_TIMEOUT)}."
    )

    @model_validator(mode="after")
    def one_length(self) -> MoveTimer:
        """A live timer gives seconds, a correspondence timer days; never both."""
        if self.mode == "live" and (self.seconds is None or self.days is not None):
            raise ValueError("a live timer gives `seconds` a move (10 to 3600), not `days`")
        if self.mode == "correspondence" and (self.days is None or self.seconds is not None):
            raise ValueError("a correspondence timer gives `days` a move (1 to 14), not `seconds`")
        return self


class CreateGame(Body):
    """A new game: the game, the players, who plays each seat and the game's own options."""

    game: str = Field(max_length=32, examples=["ilium"])
    players: int | None = Field(default=None, ge=1, le=8)
    seats: list[Annotated[str, Field(max_length=200)]] = Field(
        max_length=8, examples=[["human", "hard", "random"]]
    )
    variants: list[Annotated[str, Field(max_length=64)]] | None = Field(
        default=None, max_length=8, examples=[["burial-vaults"]], description="The variants."
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        examples=[{"families": "recommended"}],
        description="The game's own options (as data). Old clients may put `variants` here.",
    )
    taken: list[SeatIndex] = Field(
        default_factory=list,
        max_length=8,
        description="Human seats the creator plays: never offered to anyone else.",
    )
    open: list[SeatIndex] = Field(
        default_factory=list,
        max_length=8,
        description="Human seats anyone may join (listed in open games). Every other human "
        "seat is private: only its invite link reaches it.",
    )
    name: DisplayName | None = Field(
        default=None, description="The creator's display name, for the seats they take."
    )
    timer: MoveTimer | None = Field(default=None, description="A move timer (none: untimed).")


class SubmitAction(Body):
    """A move: the seat's token, the state it was made against, the action (text or id)."""

    token: TokenText
    state_id: int = Field(ge=0)
    action: Annotated[str, Field(max_length=200)] | int


class SeatToken(Body):
    """A seat's token (to prove who asks)."""

    token: TokenText


class JoinSeat(Body):
    """Joining an open seat, under a display name (or none: the seat's colour names it)."""

    name: DisplayName | None = None


class NameSeat(Body):
    """The seat's holder tells the others their display name."""

    token: TokenText
    name: DisplayName


class ReplaceSeat(Body):
    """Hand one's seat to an AI level or agent spec."""

    token: TokenText
    level: str = Field(default="medium", max_length=200)


class PostChat(Body):
    """A chat message from a seat."""

    token: TokenText
    text: Annotated[
        str,
        Field(max_length=2000, description=f"Trimmed, 1 to {MAX_MESSAGE} characters, one line."),
        AfterValidator(parse_message),
    ]


class AskHint(Body):
    """A seat asks the search's opinion of its options, for the decision at `state_id`."""

    token: TokenText
    state_id: StrictInt = Field(ge=0)


class Answer(BaseModel):
    """An answer's model."""


class Status(Answer):
    """The server is up."""

    status: Literal["ok"]


class CreatedSeat(Answer):
    """One seat of a new game: its token and invite link, for a human seat the asker holds."""

    seat: int
    kind: str
    token: str | None
    url: str | None
    open: bool = False


class Created(Answer):
    """A new game: its id, its seats and the spectators' link."""

    id: str
    seats: list[CreatedSeat]
    spectator_url: str


class OpenGame(Answer):
    """A game with an open seat nobody has joined."""

    id: str
    game: str
    players: int
    free_seats: list[int]
    names: list[str | None] = Field(
        description="What each seat is called: a player's display name (null if none yet), "
        "an AI's level ('hard AI')."
    )


class OpenGames(Answer):
    """A page of open games, oldest first; `next` is the cursor of the next page."""

    games: list[OpenGame]
    next: str | None


class Joined(Answer):
    """The seat taken, its token and its link."""

    seat: int
    token: str
    url: str


class Invite(Answer):
    """A fresh invite link for a friend's seat nobody has joined yet."""

    seat: int
    token: str
    url: str


class Invites(Answer):
    """Fresh invite links (the seats' old links no longer work) and the spectators' link."""

    seats: list[Invite]
    spectator_url: str


class Rematch(Answer):
    """The rematch and the asker's own seat in it."""

    id: str
    seat: int
    token: str
    url: str


class Sample(Answer):
    """A full state consistent with what the seat sees (a JSON state document)."""

    state_id: int
    seat: int
    state: dict[str, Any]


class Analysis(Answer):
    """A finished game's analysis, `running` until it is done."""

    status: Literal["running", "done"]
    spec: str | None = None
    chances: list[list[float]] | None = None
    chances_by: Literal["learned", "rollouts"] | None = None
    """How the chances were judged: the learned model's view, or rollouts."""
    moves: list[dict[str, Any]] | None = None


class CatalogGame(Answer):
    """What a new game of one kind may be: the game's spec (`kleos.core.spec`)."""

    id: str
    title: str
    summary: str
    rules_version: str
    min_players: int
    max_players: int
    default_players: int
    seats: list[dict[str, str]] = Field(description="Each seat's name and colour, up to the most.")
    options: list[dict[str, Any]] = Field(
        description="Each option: name, kind (flags, pick, number, data), doc, default, and "
        "its choices, presets and count, or its range, or the file it is read from."
    )


class Catalog(Answer):
    """Every game, and the AI levels a seat may have."""

    games: list[CatalogGame]
    levels: list[str]


class Envelope(Answer):
    """What a seat may see now (docs/contract.md's view envelope, with the state id, the
    legal actions when the seat decides, the recent moves and each seat's status)."""

    model_config = ConfigDict(extra="allow")

    id: str
    game: str
    state_id: int
    viewer: int | None
    current_player: int | None
    is_terminal: bool
    legal_actions: list[dict[str, Any]]
    recent: list[dict[str, Any]]
    status: list[dict[str, Any]]


class Move(Answer):
    """One move of a game's log: who made it, its text, and its events as the asker may see
    them (each with a `text` telling it in words)."""

    state_id: int
    player: int
    action: str
    target: str | None = Field(
        description="The element the move was played on, as a legal action's target names it "
        "('space:p12:3', 'card:ZEU-01a'), or null"
    )
    events: list[dict[str, Any]]


class GameInfo(Answer):
    """What never changes in a game: its `static_info()` (board or cards, seats' names and
    colours, variants) and who plays each seat."""

    model_config = ConfigDict(extra="allow")

    id: str
    game: str
    players: int
    kinds: list[str]


class ChatMessage(Answer):
    """One chat message: its number in the game (from 1), its seat, its text and when
    (ISO 8601, UTC)."""

    number: int
    seat: int
    text: str
    at: str


class ChatPage(Answer):
    """A game's chat messages after `since`, oldest first; `more` if others follow."""

    messages: list[ChatMessage]
    more: bool


class HintOption(Answer):
    """What the search thinks of one option: how often it tried it and its estimated win
    rate."""

    id: int
    text: str
    label: str
    visits: int
    win_rate: float


class Hint(Answer):
    """The search's opinion of each option of the seat's decision, best first."""

    state_id: int
    spec: str
    iterations: int
    options: list[HintOption]


class Error(Answer):
    """A refusal: what was wrong."""

    error: str
