"""Move timers: chosen when creating a game and checked strictly; each human decision's
deadline is in the envelope (with the server's time), kept in the database across restarts,
and acted on once — the seat handed to the AI level chosen, or the game abandoned — which the
envelope shows; a move past its deadline is refused. Time is the test's own clock, moved on."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from conftest import envelope
from fastapi.testclient import TestClient
from postgres import WHY_NOT, fresh_database, server_url
from sqlalchemy import create_engine, text

import kleos
from clocks import ManualClock, parse_time
from kleos.core.records import parse_record
from kleos.server import store
from kleos.server.app import create_app
from kleos.server.clock import OutOfTimeError
from kleos.server.db import MIGRATIONS, GameRow, SeatRow, connect, migrate
from kleos.server.seats import ForbiddenError
from kleos.server.settings import Settings
from kleos.server.store import Store

LIVE = {"mode": "live", "seconds": 30, "on_timeout": "ai:easy"}


def a_server(folder: Path, clock: ManualClock, **settings: Any) -> TestClient:
    defaults: dict[str, Any] = {
        "ai_workers": 1,
        "ai_move_seconds": 0,
        "ai_games_per_hour": 10_000,
        "games_per_minute": 10_000,
        "timer_tick_seconds": 0.02,
    }
    return TestClient(
        create_app(Settings(data_dir=folder, clock=clock, **{**defaults, **settings}))
    )


@pytest.fixture(scope="module")
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(scope="module")
def timed(tmp_path_factory: pytest.TempPathFactory, clock: ManualClock) -> Iterator[TestClient]:
    with a_server(tmp_path_factory.mktemp("timers"), clock) as client:
        yield client


def create(client: TestClient, seats: list[str], timer: dict[str, Any]) -> dict[str, Any]:
    body = {"game": "ilium", "seats": seats, "taken": [0], "timer": timer}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json()
    created: dict[str, Any] = response.json()
    return created


def until(client: TestClient, game_id: str, holds: Callable[[dict[str, Any]], bool]) -> Any:
    deadline = time.monotonic() + 30
    while not holds(found := envelope(client, game_id)):
        assert time.monotonic() < deadline, "the server did not act on the timeout"
        time.sleep(0.02)
    return found


def my_turn(client: TestClient, game_id: str, seat: int = 0) -> Any:
    """The envelope once `seat` decides (an AI seat may open the game), with its deadline."""
    return until(client, game_id, lambda e: e["current_player"] == seat and e["deadline"])


def colour(client: TestClient, game_id: str, seat: int) -> str:
    name: str = client.get(f"/api/games/{game_id}/info").json()["seats"][seat]["name"]
    return name


def move(client: TestClient, game_id: str, token: str) -> Any:
    mine = envelope(client, game_id, token)
    body = {"token": token, "state_id": mine["state_id"], "action": mine["legal_actions"][0]["id"]}
    return client.post(f"/api/games/{game_id}/actions", json=body)


# ------------------------------------------------------------------- choosing a timer


@pytest.mark.parametrize(
    ("timer", "why"),
    [
        ({"mode": "live", "on_timeout": "abandon"}, "gives `seconds` a move"),
        ({"mode": "live", "seconds": 9, "on_timeout": "abandon"}, "greater than or equal to 10"),
        ({"mode": "live", "seconds": 3601, "on_timeout": "abandon"}, "less than or equal to 3600"),
        ({"mode": "live", "seconds": 60, "days": 1, "on_timeout": "abandon"}, "not `days`"),
        ({"mode": "live", "seconds": 60.5, "on_timeout": "abandon"}, "valid integer"),
        ({"mode": "live", "seconds": "60", "on_timeout": "abandon"}, "valid integer"),
        ({"mode": "live", "seconds": True, "on_timeout": "abandon"}, "valid integer"),
        ({"mode": "correspondence", "days": 0, "on_timeout": "abandon"}, "greater than or equal"),
        ({"mode": "correspondence", "days": 15, "on_timeout": "abandon"}, "less than or equal"),
        ({"mode": "correspondence", "seconds": 60, "on_timeout": "abandon"}, "gives `days`"),
        ({"mode": "blitz", "seconds": 60, "on_timeout": "abandon"}, "'live' or 'correspondence'"),
        ({"mode": "live", "seconds": 60}, "on_timeout: Field required"),
        ({"mode": "live", "seconds": 60, "on_timeout": "ai:godlike"}, "on_timeout is one of"),
        ({"mode": "live", "seconds": 60, "on_timeout": "ai:ismcts:time=99"}, "is one of"),
        ({"mode": "live", "seconds": 60, "on_timeout": "AI:HARD"}, "is one of"),
        ({"mode": "live", "seconds": 60, "on_timeout": "x" * 5000}, "at most 32 characters"),
        ({"mode": "live", "seconds": 60, "on_timeout": "abandon", "pause": 1}, "not permitted"),
        ("60s", "valid dictionary"),
    ],
)
def test_a_bad_timer_is_refused_saying_what_is_wrong(
    timed: TestClient, timer: Any, why: str
) -> None:
    body = {"game": "ilium", "seats": ["human", "random"], "taken": [0], "timer": timer}
    refused = timed.post("/api/games", json=body)
    assert refused.status_code == 422 and why in refused.json()["error"], refused.json()


def test_an_untimed_game_has_no_deadline(timed: TestClient) -> None:
    created = timed.post("/api/games", json={"game": "ilium", "seats": ["human", "random"]})
    found = envelope(timed, created.json()["id"])
    assert found["timer"] is None and found["deadline"] is None and found["timeouts"] == []
    assert found["abandoned"] is False and found["now"] is None  # envelopes stay comparable


# ------------------------------------------------------------------- deadlines


def test_each_human_decision_has_its_own_deadline_in_the_envelope(
    timed: TestClient, clock: ManualClock
) -> None:
    created = create(timed, ["human", "random"], LIVE)
    game_id, token = created["id"], created["seats"][0]["token"]
    found = my_turn(timed, game_id)
    assert found["timer"] == LIVE
    assert parse_time(found["deadline"]) == clock() + timedelta(seconds=30)
    assert parse_time(found["now"]) == clock()
    clock.advance(seconds=20)
    assert move(timed, game_id, token).status_code == 200
    moved_at = clock()
    found = until(timed, game_id, lambda e: e["current_player"] == 0 and e["deadline"])
    assert parse_time(found["deadline"]) == moved_at + timedelta(seconds=30)  # a fresh 30 s
    assert found["timeouts"] == [] and [s["kind"] for s in found["status"]] == ["human", "ai"]


def test_a_seat_out_of_time_is_handed_to_the_ai_chosen_and_the_game_goes_on(
    timed: TestClient, clock: ManualClock
) -> None:
    created = create(timed, ["human", "random"], LIVE)
    game_id, token = created["id"], created["seats"][0]["token"]
    pending = my_turn(timed, game_id)["state_id"]
    clock.advance(seconds=29)
    time.sleep(0.2)  # several checks: not yet
    assert envelope(timed, game_id)["status"][0]["kind"] == "human"
    clock.advance(seconds=2)
    found = until(timed, game_id, lambda e: e["status"][0]["kind"] == "ai")
    assert found["status"][0]["agent"] == "easy" and found["status"][0]["timed_out"] is True
    [timeout] = found["timeouts"]
    assert timeout["seat"] == 0 and timeout["state_id"] == pending
    assert timeout["text"] == f"{colour(timed, game_id, 0)} ran out of time; easy AI plays the seat"
    body = {"token": token, "state_id": found["state_id"], "action": 0}
    refused = timed.post(f"/api/games/{game_id}/actions", json=body)
    assert refused.status_code == 403  # the token no longer holds the seat
    over = until(timed, game_id, lambda e: e["is_terminal"])  # the AIs play it to the end
    assert over["deadline"] is None and over["timeouts"][0]["seat"] == 0


def test_a_move_after_its_deadline_is_refused_and_changes_nothing(
    tmp_path: Path, clock: ManualClock
) -> None:
    with a_server(tmp_path, clock, timer_tick_seconds=3600) as client:  # no check acts
        created = create(client, ["human", "random"], LIVE)
        game_id, token = created["id"], created["seats"][0]["token"]
        before = my_turn(client, game_id)
        clock.advance(seconds=30)
        refused = move(client, game_id, token)
        assert refused.status_code == 409 and "time ran out" in refused.json()["error"]
        found = envelope(client, game_id)
        assert found["state_id"] == before["state_id"] and found["recent"] == before["recent"]


def test_a_game_abandoned_on_timeout_takes_no_more_moves(
    timed: TestClient, clock: ManualClock
) -> None:
    timer = {"mode": "live", "seconds": 10, "on_timeout": "abandon"}
    created = create(timed, ["human", "human"], timer)
    game_id = created["id"]
    seat = envelope(timed, game_id)["current_player"]
    token = created["seats"][seat]["token"]
    legal = envelope(timed, game_id, token)["legal_actions"][0]["id"]
    clock.advance(seconds=11)
    found = until(timed, game_id, lambda e: e["abandoned"])
    who = colour(timed, game_id, seat)
    assert found["timeouts"][0]["text"] == f"{who} ran out of time; the game is abandoned"
    assert found["status"][seat]["timed_out"] and found["status"][seat]["kind"] == "human"
    assert found["deadline"] is None and not found["is_terminal"]
    assert envelope(timed, game_id, token)["legal_actions"] == []
    body = {"token": token, "state_id": found["state_id"], "action": legal}
    refused = timed.post(f"/api/games/{game_id}/actions", json=body)
    assert refused.status_code == 409 and "abandoned" in refused.json()["error"]
    other = 1 - seat
    body = {"token": created["seats"][other]["token"], "level": "easy"}
    replaced = timed.post(f"/api/games/{game_id}/seats/{other}/replace", json=body)
    assert replaced.status_code == 409
    assert game_id not in [g["id"] for g in timed.get("/api/games").json()["games"]]
    record = parse_record(timed.get(f"/api/games/{game_id}/record").text)  # nobody plays on
    assert record.result is None and len(kleos.replay(record).steps) == found["state_id"]


def test_a_seat_handed_to_an_ai_by_its_player_loses_its_deadline(
    timed: TestClient, clock: ManualClock
) -> None:
    created = create(timed, ["human", "human"], {**LIVE, "on_timeout": "abandon"})
    game_id = created["id"]
    seat = envelope(timed, game_id)["current_player"]
    token = created["seats"][seat]["token"]
    replaced = timed.post(
        f"/api/games/{game_id}/seats/{seat}/replace", json={"token": token, "level": "random"}
    )
    assert replaced.status_code == 200 and replaced.json()["deadline"] is None
    found = my_turn(timed, game_id, 1 - seat)  # the AI moved
    assert parse_time(found["deadline"]) == clock() + timedelta(seconds=30)
    assert found["abandoned"] is False and found["timeouts"] == []


def test_a_correspondence_deadline_survives_a_restart(tmp_path: Path) -> None:
    clock = ManualClock()
    timer = {"mode": "correspondence", "days": 3, "on_timeout": "ai:medium"}
    with a_server(tmp_path, clock) as client:
        created = create(client, ["human", "human"], timer)
        game_id = created["id"]
        found = envelope(client, game_id)
        seat = found["current_player"]
        assert parse_time(found["deadline"]) == clock() + timedelta(days=3)
    clock.advance(days=3, seconds=1)  # the server was down when time ran out
    with a_server(tmp_path, clock) as client:
        found = until(client, game_id, lambda e: e["status"][seat]["kind"] == "ai")
        who = colour(client, game_id, seat)
        assert found["timeouts"][0]["text"] == f"{who} ran out of time; medium AI plays the seat"
        assert found["status"][1 - seat]["kind"] == "human"
        found = my_turn(client, game_id, 1 - seat)
        assert parse_time(found["deadline"]) == clock() + timedelta(days=3)
    with a_server(tmp_path, clock) as client:  # and the timeout is remembered
        assert envelope(client, game_id)["status"][seat]["timed_out"] is True


def test_a_rematch_keeps_the_timer(timed: TestClient) -> None:
    created = create(timed, ["human", "random"], LIVE)
    game_id, token = created["id"], created["seats"][0]["token"]
    while not (found := envelope(timed, game_id, token))["is_terminal"]:
        if found["legal_actions"]:
            assert move(timed, game_id, token).status_code == 200
    again = timed.post(f"/api/games/{game_id}/rematch", json={"token": token}).json()
    assert envelope(timed, again["id"])["timer"] == LIVE


# ------------------------------------------------------------------- one process acts


def a_timed_game(database: Store, clock: ManualClock) -> str:
    row = GameRow(
        id="timed", game="ilium", players=2, config={}, seed="7", state_id=0, finished=False,
        listed=False, timer=LIVE, deadline=clock() + timedelta(seconds=30),
    )  # fmt: skip
    row.seats = [
        SeatRow(seat=0, kind="human", token_hash="h0", joined=True),
        SeatRow(seat=1, kind="human", token_hash="h1", joined=True),
    ]
    database.engine.dispose()
    with database.sessions.begin() as session:
        store.add_game(session, row)
    return row.id


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_of_racing_timeouts_and_moves_exactly_one_wins(tmp_path: Path, database: str) -> None:
    if database == "postgresql" and server_url() is None:
        pytest.skip(WHY_NOT)
    url = f"sqlite:///{tmp_path / 'race.db'}" if database == "sqlite" else fresh_database()
    clock = ManualClock()
    db = Store(connect(url))
    game_id = a_timed_game(db, clock)
    clock.advance(seconds=31)
    won: list[bool] = []

    def claim() -> None:
        with db.sessions.begin() as session:
            won.append(store.expire(session, game_id, 0, clock(), 0, "easy"))

    claims = [threading.Thread(target=claim) for _ in range(4)]  # four processes' checks
    for thread in claims:
        thread.start()
    for thread in claims:
        thread.join()
    assert sorted(won) == [False, False, False, True]
    with pytest.raises(OutOfTimeError), db.sessions.begin() as session:  # the human, late
        store.commit_move(session, game_id, 0, 0, "x", moment=clock(), human=True)
    with db.sessions.begin() as session:  # the AI that took the seat moves
        store.commit_move(session, game_id, 0, 0, "x", moment=clock())
        seat = session.get(SeatRow, (game_id, 0))
        assert seat is not None and (seat.kind, seat.token_hash, seat.timed_out_at) == (
            "easy",
            None,
            0,
        )
    db.close()


def migrate_to(engine: Any, revision: str, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_database_before_timers_is_migrated_and_back(tmp_path: Path, database: str) -> None:
    if database == "postgresql" and server_url() is None:
        pytest.skip(WHY_NOT)
    url = f"sqlite:///{tmp_path / 'old.db'}" if database == "sqlite" else fresh_database()
    engine = create_engine(url)
    migrate_to(engine, "0004")
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO games (id, game, players, config, seed, state_id, finished, "
                "rematch_of, created_at, updated_at, listed) VALUES ('old', 'ilium', 2, '{}', "
                "'7', 0, false, NULL, '2026-11-01', '2026-11-01', false)"
            )
        )
    migrate(engine)
    with engine.connect() as connection:
        row = connection.execute(
            text("SELECT timer, deadline, expired, abandoned FROM games")
        ).one()
        assert tuple(row) == (None, None, False, False)
        assert connection.execute(text("SELECT count(*) FROM chat")).scalar() == 0
    migrate_to(engine, "0004", down=True)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM games")).scalar() == 1
    migrate(engine)
    engine.dispose()


def test_a_connection_whose_seat_ran_out_of_time_watches_and_cannot_move(
    timed: TestClient, clock: ManualClock
) -> None:
    created = create(timed, ["human", "human"], {**LIVE, "on_timeout": "ai:random"})
    game_id = created["id"]
    seat = envelope(timed, game_id)["current_player"]
    token = created["seats"][seat]["token"]
    with timed.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        while not (mine := ws.receive_json()["envelope"])["legal_actions"]:
            pass
        clock.advance(seconds=31)
        while (found := ws.receive_json()["envelope"])["viewer"] is not None:
            assert found["status"][seat]["kind"] == "human"  # a seat's view only while it holds it
        assert found["status"][seat]["kind"] == "ai" and found["legal_actions"] == []
        act = {
            "type": "act",
            "state_id": mine["state_id"],
            "action": mine["legal_actions"][0]["id"],
        }
        ws.send_json(act)
        while (message := ws.receive_json())["type"] == "envelope":
            assert message["envelope"]["viewer"] is None  # a spectator's from now on
        assert message["type"] == "error" and message["status"] in (403, 409)
    hub = timed.app.state.hub  # type: ignore[attr-defined]
    live = hub.moves.live.get(game_id)
    late = partial(hub.moves.submit, live, seat, mine["legal_actions"][0]["id"], mine["state_id"])
    with pytest.raises(ForbiddenError, match="an AI plays this seat now"):
        timed.portal.call(late)  # type: ignore[union-attr]  # a move made before it was seen
