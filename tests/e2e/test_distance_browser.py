"""Play at a distance in the browser: a move timer chosen on the home page, counted down on the
game page and, when time runs out, the seat handed to the AI chosen — in the timer panel, the
log and the players panel; the chat, written by players and read by spectators, always as
text; the Hint button against AIs, its options best first. The server's clock is the test's."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from conftest import Access, Console, free_port, page_url, screenshot, serving
from playwright.sync_api import Browser, BrowserContext, Page, expect

from browsing import MINE, take_turn
from clocks import ManualClock
from kleos.server.app import create_app
from kleos.server.settings import Settings

MARKUP = "<img src=x onerror=alert(1)>"


class Distance:
    """A server of its own for these tests (its clock the test's), and pages on it."""

    def __init__(self, base: str, clock: ManualClock, access: Access) -> None:
        self.base, self.clock, self.access = base, clock, access

    def create(self, seats: list[str], **body: Any) -> dict[str, Any]:
        answer = httpx.post(
            f"{self.base}/api/games", json={"game": "ilium", "seats": seats, **body}
        )
        assert answer.status_code == 201, answer.json()
        created: dict[str, Any] = answer.json()
        return created


@pytest.fixture(scope="module")
def distance(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Distance]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    clock = ManualClock()
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("distance"),
        public_url=base,
        ai_workers=1,
        ai_move_seconds=0,
        ai_games_per_hour=10_000,
        games_per_minute=10_000,
        hint_agent="ismcts:iterations=60",
        timer_tick_seconds=0.05,
        clock=clock,
    )
    access = Access(create_app(settings))
    with serving(access, port):
        yield Distance(base, clock, access)


@pytest.fixture
def pages(browser: Browser, distance: Distance, console: Console) -> Iterator[Callable[..., Page]]:
    contexts: list[BrowserContext] = []

    def opener(width: int = 1280) -> Page:
        context = browser.new_context(
            base_url=distance.base, viewport={"width": width, "height": 900}
        )
        context.set_default_timeout(20_000)
        contexts.append(context)
        return console.watch(context.new_page())

    yield opener
    for context in contexts:
        context.close()


def test_a_move_timer_chosen_on_the_home_page_counts_down_and_hands_the_seat_to_the_ai(
    pages: Callable[..., Page], distance: Distance
) -> None:
    page = pages()
    page.goto("/")
    page.get_by_label("Game", exact=True).select_option("ilium")
    page.get_by_label("Players", exact=True).select_option("2")
    # A friend's seat, not an AI's: the game then waits for the friend once the easy AI has played
    # Red's move, and the players panel stays up (two AIs would finish the game at once).
    page.get_by_label("Seat 2", exact=True).select_option("human")
    page.get_by_label("Timer", exact=True).select_option("live")
    page.get_by_label("Time a move (seconds, 10–3600)").fill("45")
    page.get_by_label("When time runs out").select_option("ai:easy")
    page.get_by_role("button", name="Create game").click()
    page.wait_for_url(re.compile(r"/games/\w+/invite$"))
    friend_link = page.get_by_label("seat 2 link").input_value()
    page.get_by_role("link", name="Play seat 1 (you)").click()
    page.wait_for_url(re.compile(r"/games/\w+$"))
    game_id = page_url(page.url).split("/")[-1]
    panel = page.locator(".timer-panel")
    expect(panel).to_contain_text(
        "Live game: 45 s a move; when time runs out, easy AI plays the seat."
    )
    expect(page.locator("[data-turn]")).to_have_count(1)
    if not page.locator(MINE).count():  # Yellow was dealt the first turn: the friend plays it
        friend, rng = pages(), random.Random(1)
        friend.goto(friend_link)
        expect(friend.locator(MINE)).to_be_visible()
        for _ in range(100):  # a turn is a few decisions (a group, then supply cubes)
            if page.locator(MINE).count():
                break
            if not take_turn(friend, rng):
                friend.wait_for_timeout(100)
    expect(page.locator(MINE)).to_be_visible()
    expect(panel.locator(".countdown")).to_have_text(re.compile(r"^You have 0:(4[0-5]|3\d) left$"))
    screenshot(page, "distance-timer-running")
    distance.clock.advance(seconds=46)
    notice = "Red ran out of time; easy AI plays the seat"
    expect(panel.locator(".timeout")).to_have_text(notice)
    expect(page.locator(".log .log-timeout")).to_have_text(notice)
    expect(page.locator(".players li").first).to_contain_text("ran out of time")
    expect(page.locator(".players li").first).to_contain_text("easy AI")
    # The seat is the AI's now: the page watches the game, and it is the friend's turn.
    expect(page.locator("h1")).to_contain_text("— watching")
    expect(page.locator(MINE)).to_have_count(0)
    screenshot(page, "distance-timer-out")
    envelope = httpx.get(f"{distance.base}/api/games/{game_id}").json()
    assert envelope["timer"] == {"mode": "live", "seconds": 45, "on_timeout": "ai:easy"}


def test_an_abandoned_game_says_so_and_offers_nothing(
    pages: Callable[..., Page], distance: Distance
) -> None:
    timer = {"mode": "correspondence", "days": 2, "on_timeout": "abandon"}
    created = distance.create(["human", "human"], timer=timer)
    decider = httpx.get(f"{distance.base}/api/games/{created['id']}").json()["current_player"]
    page = pages()
    page.goto(created["seats"][decider]["url"])
    expect(page.locator(MINE)).to_be_visible()
    expect(page.locator(".timer-panel .countdown")).to_have_text(
        re.compile(r"^You have (1 day 23|2 days 0) h left$")
    )
    distance.clock.advance(days=2, seconds=1)
    expect(page.locator(".timer-panel .countdown")).to_have_text("The game was abandoned.")
    expect(page.locator(".turn")).to_have_text("The game was abandoned.")
    expect(page.locator("main [data-action]")).to_have_count(0)
    expect(page.locator(".log .log-timeout")).to_contain_text(
        "ran out of time; the game is abandoned"
    )


def test_players_chat_spectators_read_and_every_message_is_text(
    pages: Callable[..., Page], distance: Distance, console: Console
) -> None:
    created = distance.create(["human", "human"])
    game_id = created["id"]
    alice, bob, watcher = pages(), pages(390), pages()
    alice.goto(created["seats"][0]["url"])
    bob.goto(created["seats"][1]["url"])
    watcher.goto(f"/games/{game_id}")
    expect(watcher.locator(".chat-panel")).to_contain_text(
        "The players write here; spectators read."
    )
    expect(watcher.get_by_label("Message", exact=True)).to_have_count(0)
    alice.get_by_label("Message", exact=True).fill(f"  good luck {MARKUP}  ")
    alice.get_by_role("button", name="Send").click()
    for page in (alice, bob, watcher):  # pushed live to every watcher
        line = page.locator(".chat-log li").first
        expect(line.locator(".chat-text")).to_have_text(f"good luck {MARKUP}")
        expect(line).to_contain_text("Red")
        expect(page.locator(".chat-log img")).to_have_count(0)  # text, never markup
    bob.get_by_label("Message", exact=True).fill("   ")
    bob.get_by_role("button", name="Send").click()
    expect(bob.locator(".chat-panel .error")).to_contain_text(
        "at least one character besides spaces"
    )
    for n in range(6):
        bob.get_by_label("Message", exact=True).fill(f"line {n}")
        bob.get_by_role("button", name="Send").click()
        if n < 5:
            expect(watcher.locator(".chat-log li")).to_have_count(n + 2)
    expect(bob.locator(".chat-panel .error")).to_contain_text("at most 5 chat messages")
    expect(bob.get_by_label("Message", exact=True)).to_have_value("line 5")  # kept, to send again
    screenshot(bob, "distance-chat-phone")
    watcher.reload()
    expect(watcher.locator(".chat-log li")).to_have_count(6)  # read back from the server
    tokens = [seat["token"] for seat in created["seats"]]
    assert not [t for t in distance.access.targets if any(token in t for token in tokens)]
    refused = [e for e in console.errors if "/chat" in e and re.search(r"status of (422|429)", e)]
    assert len(refused) == 2  # the blank message and the sixth: said in the page, as above
    console.errors = [e for e in console.errors if e not in refused]


def test_the_hint_button_against_ais_lists_the_options_best_first(
    pages: Callable[..., Page], distance: Distance
) -> None:
    created = distance.create(["human", "random"])
    page = pages()
    page.goto(created["seats"][0]["url"])
    expect(page.locator(MINE)).to_be_visible()
    page.get_by_role("button", name="Hint").click()
    options = page.locator(".hint-option")
    expect(options.first).to_contain_text("% wins")
    expect(page.locator(".hint-panel [role=status]")).to_contain_text("iterations of the search")
    visits = [int(re.findall(r"(\d+) visits", t)[0]) for t in options.all_inner_texts()]
    assert visits == sorted(visits, reverse=True) and visits[0] > 0
    legal = {c["label"] for c in httpx.get(
        f"{distance.base}/api/games/{created['id']}",
        headers={"authorization": f"Bearer {created['seats'][0]['token']}"},
    ).json()["legal_actions"]}  # fmt: skip
    labels = page.locator(".hint-option .hint-label").all_inner_texts()
    assert labels and set(labels) <= legal
    screenshot(page, "distance-hint")
    page.locator("main [data-action]").first.click()  # a move: the old hint goes
    expect(options).to_have_count(0)

    two = distance.create(["human", "human"])
    decider = httpx.get(f"{distance.base}/api/games/{two['id']}").json()["current_player"]
    other = pages()
    other.goto(two["seats"][decider]["url"])
    expect(other.locator(MINE)).to_be_visible()
    expect(other.locator(".hint-panel")).to_be_hidden()  # another human at the table
