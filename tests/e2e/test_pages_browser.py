"""The pages around the games: joining from the home page, my games, themes and sound, the
keyboard, accessible names, and clear messages for bad links."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from browsing import MINE, create_game

NAMELESS = """() => [...document.querySelectorAll(
    'button, a, select, input, [role=button], [tabindex]:not([tabindex="-1"])')].filter((e) => {
  const name = e.getAttribute('aria-label') || e.textContent.trim() || e.labels?.length;
  return !name;
}).map((e) => e.outerHTML.slice(0, 80))"""


def test_a_friend_joins_an_open_game_from_the_home_page_and_my_games_lists_my_turn_first(
    open_page: Callable[..., Page],
) -> None:
    host = open_page()
    create_game(host, "ilium", ["me", "human"])
    expect(host).to_have_url(re.compile(r"/invite$"))
    game_id = host.url.split("/")[-2]
    friend = open_page()
    friend.goto("/")
    friend.locator(f'li[data-game="{game_id}"]').get_by_role("button").click()
    expect(friend).to_have_url(re.compile(rf"/games/{game_id}\?token="))
    expect(friend.locator("h1")).to_contain_text("you are Yellow")
    friend.goto("/")
    expect(friend.get_by_role("heading", name="Open games")).to_be_visible()
    expect(friend.locator(f'li[data-game="{game_id}"]')).to_have_count(0)

    create_game(host, "ilium", ["me", "random"])
    expect(host.locator(MINE)).to_be_visible()
    host.get_by_role("link", name="My games").click()
    cards = host.locator(".grid-games > a")
    expect(cards).to_have_count(2)
    states = [cards.nth(i).get_attribute("data-state") for i in range(2)]
    assert states[0] == "my-turn" and states == sorted(states, key=lambda s: s != "my-turn")
    expect(cards.first).to_contain_text("your turn")
    friend.get_by_role("link", name="My games").click()
    expect(friend.locator(".grid-games > a")).to_have_count(1)


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
    expect(page.locator(".log li").filter(has_text="Red")).not_to_have_count(0)
    assert page.locator(".log li").count() > moves_before


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
    forged = re.sub(r"token=.*", "token=forged", page.url)
    page.goto(forged)
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
