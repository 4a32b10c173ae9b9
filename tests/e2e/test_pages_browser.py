"""The pages around the games: open and private seats, joining from the home page, invite
links whose token never reaches the server, old `?token=` links, my games, themes and sound,
the keyboard, accessible names, and clear messages for bad links."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

from conftest import Access, page_url
from playwright.sync_api import Browser, Page, Route, WebSocketRoute, expect

from browsing import MINE, OVER, create_game, take_turn

NAMELESS = """() => [...document.querySelectorAll(
    'button, a, select, input, [role=button], [tabindex]:not([tabindex="-1"])')].filter((e) => {
  const name = e.getAttribute('aria-label') || e.textContent.trim() || e.labels?.length;
  return !name;
}).map((e) => e.outerHTML.slice(0, 80))"""


def held_token(page: Page, game_id: str) -> str:
    """The token this browser holds for its seat in a game."""
    seats = "JSON.parse(localStorage.getItem('kleos.seats'))"
    token: str = page.evaluate(f"(id) => {seats}.find((s) => s.game_id === id).token", game_id)
    return token


def test_an_open_seat_is_listed_and_joined_a_friends_seat_is_not_and_my_games_lists_my_turn_first(
    open_page: Callable[..., Page], base_url: str
) -> None:
    host = open_page()
    create_game(host, "ilium", ["me", "open"])
    expect(host.locator("h1")).to_contain_text("you are Red")  # no link to send: my seat
    open_id = page_url(host.url).split("/")[-1]
    create_game(host, "ilium", ["me", "human"])
    expect(host).to_have_url(re.compile(r"/invite$"))
    private_id = host.url.split("/")[-2]
    friend = open_page()
    friend.goto("/")
    expect(friend.get_by_role("heading", name="Open games")).to_be_visible()
    listed = friend.locator(f'li[data-game="{open_id}"]')
    expect(listed).to_contain_text("1 open seat")
    expect(friend.locator(f'li[data-game="{private_id}"]')).to_have_count(0)
    listed.get_by_role("button").click()
    expect(friend.locator("h1")).to_contain_text("you are Yellow")
    expect(friend).to_have_url(f"{base_url}/games/{open_id}")  # the token left the address bar
    friend.goto("/")
    expect(friend.get_by_role("heading", name="Open games")).to_be_visible()
    expect(friend.locator(f'li[data-game="{open_id}"]')).to_have_count(0)

    create_game(host, "ilium", ["me", "random"])
    expect(host.locator(MINE)).to_be_visible()
    host.get_by_role("link", name="My games").click()
    cards = host.locator(".grid-games > a")
    expect(cards).to_have_count(3)
    states = [cards.nth(i).get_attribute("data-state") for i in range(3)]
    assert states[0] == "my-turn" and states == sorted(states, key=lambda s: s != "my-turn")
    expect(cards.first).to_contain_text("your turn")
    friend.get_by_role("link", name="My games").click()
    expect(friend.locator(".grid-games > a")).to_have_count(1)
    href = friend.locator(".grid-games > a").get_attribute("href")
    assert href == f"/games/{open_id}#token={held_token(friend, open_id)}"


def test_an_invite_link_opens_its_seat_and_its_token_never_reaches_the_server(
    open_page: Callable[..., Page], base_url: str, server_access: Access
) -> None:
    host = open_page()
    create_game(host, "ilium", ["me", "human"])
    link = host.get_by_label("seat 2 link").input_value()
    game_id = host.url.split("/")[-2]
    assert link == f"{base_url}/games/{game_id}#token={link.split('#token=')[1]}"
    token = link.split("#token=")[1]
    host.get_by_role("link", name="Play seat 1 (you)").click()
    expect(host.locator("h1")).to_contain_text("you are Red")  # either may move first

    friend = open_page()
    asked: list[str] = []
    friend.on("request", lambda request: asked.append(request.url))
    friend.on("websocket", lambda socket: asked.append(socket.url))
    start = len(server_access.targets)
    friend.goto(link)
    expect(friend.locator("h1")).to_contain_text("you are Yellow")
    expect(friend).to_have_url(f"{base_url}/games/{game_id}")
    # The seat's envelopes come over the socket (after its hello): the friend's turn comes.
    rng = random.Random(6)
    deadline = time.monotonic() + 30
    while not friend.locator(MINE).count():
        assert time.monotonic() < deadline, "the friend's turn never came"
        if not take_turn(host, rng):
            host.wait_for_timeout(25)
    before = friend.locator(".log li").count()
    friend.locator("main [data-action]").first.click()
    expect(friend.locator(".log li")).not_to_have_count(before)
    friend.reload()  # the tab keeps its seat without the token in the address bar
    expect(friend.locator("h1")).to_contain_text("you are Yellow")
    expect(friend).to_have_url(f"{base_url}/games/{game_id}")

    assert any("/ws" in url for url in asked) and any("/api/games/" in url for url in asked)
    # A fragment is never sent: what the browser asked for, and what the server received.
    assert not [url for url in asked if token in url.split("#")[0]]
    assert not [target for target in server_access.targets[start:] if token in target]


def test_an_old_link_with_the_token_in_its_query_still_opens_the_seat(
    open_page: Callable[..., Page], base_url: str
) -> None:
    first = open_page()
    create_game(first, "ilium", ["me", "random"])
    expect(first.locator(MINE)).to_be_visible()
    game_id = page_url(first.url).split("/")[-1]
    assert first.url == f"{base_url}/games/{game_id}"
    token = held_token(first, game_id)
    elsewhere = open_page()
    elsewhere.goto(f"/games/{game_id}?token={token}")
    expect(elsewhere.locator("h1")).to_contain_text("you are Red")
    expect(elsewhere).to_have_url(f"{base_url}/games/{game_id}")
    expect(elsewhere.locator(MINE)).to_be_visible()
    before = elsewhere.locator(".log li").count()
    elsewhere.locator("main [data-action]").first.click()
    expect(elsewhere.locator(".log li")).not_to_have_count(before)


def test_the_theme_and_sound_switches_are_remembered(open_page: Callable[..., Page]) -> None:
    page = open_page(theme="light")
    page.goto("/")
    theme = page.locator("#theme")
    expect(theme).to_have_attribute("aria-pressed", "false")
    theme.click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.get_by_role("button", name="Sound off").click()
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    expect(page.get_by_role("button", name="Sound on")).to_have_attribute("aria-pressed", "true")


def test_a_move_is_made_with_the_keyboard_alone(open_page: Callable[..., Page]) -> None:
    page = open_page()
    create_game(page, "ilium", ["me", "random"])
    expect(page.locator(MINE)).to_be_visible()
    moves_before = page.locator(".log li").count()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.action !== undefined"):
            break
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label and label.startswith("place your group on ")
    page.keyboard.press("Enter")
    # the log grows by the move (waited for: the page hears of it over the WebSocket). A
    # locator's assertion waits without evaluating a string in the page, which the page's
    # Content-Security-Policy (no 'unsafe-eval') forbids: `wait_for_function` with a string
    # failed whenever its first look came before the move.
    expect(page.locator(".log li")).not_to_have_count(moves_before)
    expect(page.locator(".log li").filter(has_text="Red")).not_to_have_count(0)


def test_every_control_has_an_accessible_name(open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.goto("/")
    expect(page.get_by_role("button", name="Create game")).to_be_visible()
    assert page.evaluate(NAMELESS) == []
    for game in ("ilium", "elysium"):
        create_game(page, game, ["me", "random"])
        expect(page.locator(MINE)).to_be_visible()
        assert page.evaluate(NAMELESS) == []


def test_a_bad_link_says_what_is_wrong(browser: Browser, base_url: str) -> None:
    """The refused requests are logged by the browser itself; the page's own code logs none."""
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/games/0123456789abcdef")
    expect(page.locator("main")).to_contain_text("This game cannot be opened")
    expect(page.locator("main")).to_contain_text("there is no game")
    create_game(page, "ilium", ["me", "random"])
    expect(page.locator(MINE)).to_be_visible()
    page.goto(f"{page_url(page.url)}#token=forged")  # the same page, another fragment
    expect(page.locator("main")).to_contain_text("this token belongs to no seat")
    page.goto(f"{page_url(page.url)}?token=forged")
    expect(page.locator("main")).to_contain_text("this token belongs to no seat")
    page.goto("/no/such/page")
    assert errors == []
    context.close()


def test_a_dropped_connection_comes_back_by_itself_and_the_game_goes_on(
    open_page: Callable[..., Page],
) -> None:
    page = open_page()
    sockets: list[WebSocketRoute] = []

    def through(route: WebSocketRoute) -> None:
        route.connect_to_server()
        sockets.append(route)

    page.route_web_socket(re.compile(r"/ws"), through)
    create_game(page, "ilium", ["me", "random"])
    expect(page.locator(MINE)).to_be_visible()
    sockets[-1].close(code=1011, reason="dropped")
    expect(page.get_by_role("status").filter(has_text="reconnecting")).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="reconnecting")).to_have_count(0)
    assert len(sockets) == 2
    before = page.locator(".log li").count()
    page.locator("main [data-action]").first.click()
    expect(page.locator(".log li")).not_to_have_count(before)


def test_a_busy_server_is_asked_for_the_analysis_again_later(
    browser: Browser, base_url: str
) -> None:
    """The refused request is logged by the browser itself; the page's own code logs none."""
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    asked: list[float] = []

    def busy_once(route: Route) -> None:
        asked.append(time.monotonic())
        if len(asked) == 1:
            route.fulfill(status=429, json={"error": "the server is busy"})
        else:
            route.continue_()

    page.route(re.compile(r"/api/games/\w+/analysis$"), busy_once)
    create_game(page, "ilium", ["random", "random"])
    expect(page).to_have_url(re.compile(r"/invite$"))
    page.get_by_role("textbox", name="spectator link").evaluate("e => location.assign(e.value)")
    expect(page.locator(OVER)).to_be_visible(timeout=60_000)
    expect(page.locator("[data-analysis=busy]")).to_contain_text("server is busy; try again later")
    expect(page.locator("svg.chart")).to_be_visible(timeout=60_000)
    assert asked[1] - asked[0] >= 4  # not a tight loop: a pause of seconds before asking again
    assert errors == []
    context.close()
