"""People, not seats, in the browser: names chosen when creating, joining an open seat or
opening an invite link, shown as text on every page (a name made of markup stays text); the
host's fresh invite links; seats that are here, have left, or were never joined."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence

from conftest import page_url, screenshot
from playwright.sync_api import Browser, Page, expect

from browsing import MINE, OVER, play_until_over

MARKUP = "<img src=x onerror=f()>"


def create_named(page: Page, seats: Sequence[str], name: str) -> str:
    """Create an Ilium game from the home page under a display name; its id."""
    page.goto("/")
    page.get_by_label("Your name", exact=True).fill(name)
    page.get_by_label("Game", exact=True).select_option("ilium")
    page.get_by_label("Players", exact=True).select_option(str(len(seats)))
    for seat, kind in enumerate(seats):
        page.get_by_label(f"Seat {seat + 1}", exact=True).select_option(kind)
    page.get_by_role("button", name="Create game").click()
    page.wait_for_url(re.compile(r"/games/\w+"))
    return page.url.removesuffix("/invite").split("/")[-1].split("#")[0]


def player(page: Page, seat: int) -> str:
    """The players panel's line of a seat."""
    return page.locator(".players li").nth(seat).inner_text()


def test_names_are_chosen_when_creating_and_joining_and_shown_as_text_everywhere(
    open_page: Callable[..., Page],
) -> None:
    host = open_page()
    game_id = create_named(host, ["me", "human", "open"], "Alice")
    friend_link = host.get_by_label("seat 2 link").input_value()
    host.get_by_role("link", name="Play seat 1 (you)").click()
    expect(host.locator("h1")).to_contain_text("you are Alice (Red)")

    stranger = open_page()
    stranger.goto("/")
    stranger.get_by_label("Your name", exact=True).fill("  Bob ")
    listed = stranger.locator(f'li[data-game="{game_id}"]')
    expect(listed).to_contain_text("with Alice")
    listed.get_by_role("button").click()
    expect(stranger.locator("h1")).to_contain_text("you are Bob (Green)")
    expect(stranger.get_by_role("heading", name="Your name")).to_be_hidden()  # named on joining

    friend = open_page()
    friend.goto(friend_link)
    expect(friend.locator("h1")).to_contain_text("you are Yellow")
    form = friend.locator("form.name-form")
    expect(form).to_be_visible()  # an invite link's seat has no name yet
    form.get_by_label("Name").fill(MARKUP)
    form.get_by_role("button", name="Save name").click()
    expect(form).to_be_hidden()
    expect(friend.locator("h1")).to_contain_text(f"you are {MARKUP} (Yellow)")

    for page in (host, friend, stranger):
        expect(page.locator(".players")).to_contain_text(f"{MARKUP} (Yellow)")
        expect(page.locator(".players")).to_contain_text("Alice (Red)")
        expect(page.locator(".players")).to_contain_text("Bob (Green)")
        assert page.locator("main img").count() == 0  # the markup was never markup
    assert "host" in player(host, 0) and "host" not in player(host, 1)
    # Whoever is to play is named in the others' turn line, and their move in the log.
    names = {"host": "Alice (Red)", "friend": f"{MARKUP} (Yellow)", "stranger": "Bob (Green)"}
    pages = {"host": host, "friend": friend, "stranger": stranger}
    deadline = time.monotonic() + 20
    while not (movers := [who for who, page in pages.items() if page.locator(MINE).count()]):
        assert time.monotonic() < deadline, "nobody's turn came"
        host.wait_for_timeout(50)
    mover = movers[0]
    for who, page in pages.items():
        if who != mover:
            expect(page.locator("[data-turn=other]")).to_have_text(f"{names[mover]} to play")
    pages[mover].locator("main [data-action]").first.click()
    for page in pages.values():
        expect(page.locator(".log li").first).to_contain_text(names[mover])
        assert page.locator("main img").count() == 0
    screenshot(friend, "people-names")

    friend.get_by_role("link", name="My games").click()
    expect(friend.locator(".grid-games > a").first).to_contain_text(f"{MARKUP} (Yellow) —")
    assert friend.locator("main img").count() == 0


def test_a_bad_name_is_refused_in_words(browser: Browser, base_url: str) -> None:
    """The refused request is logged by the browser itself; the page's own code logs none."""
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    page.get_by_label("Your name", exact=True).fill("x" * 25)
    page.get_by_role("button", name="Create game").click()
    refusal = "at most 24 characters (this one has 25)"
    expect(page.locator("form [role=alert]")).to_contain_text(refusal)
    assert page_url(page.url) == f"{base_url}/" and errors == []
    context.close()


def test_the_finished_page_names_the_players(open_page: Callable[..., Page]) -> None:
    page = open_page()
    create_named(page, ["me", "random"], "Alice")
    expect(page.locator("h1")).to_contain_text("you are Alice (Red)")
    expect(page.locator(".players")).to_contain_text("random AI (Yellow)")
    play_until_over([page], random.Random(8), seconds=120)
    expect(page.locator(OVER)).to_be_visible()
    expect(page.locator("table.breakdown thead")).to_contain_text("Alice (Red)")
    expect(page.locator("table.breakdown thead")).to_contain_text("random AI (Yellow)")


def test_the_host_gets_fresh_invite_links_and_a_seat_says_who_left(
    open_page: Callable[..., Page], browser: Browser, base_url: str
) -> None:
    host = open_page()
    game_id = create_named(host, ["me", "human", "human"], "Alice")
    first_links = [host.get_by_label(f"seat {seat} link").input_value() for seat in (2, 3)]
    host.get_by_role("link", name="Play seat 1 (you)").click()
    expect(host.locator("h1")).to_contain_text("you are Alice (Red)")
    expect(host.locator('.players [data-status="waiting"]')).to_have_count(2)
    expect(host.locator(".players li").nth(1)).to_contain_text("not joined yet")

    invites = host.get_by_role("region", name="Invite links")
    expect(invites).to_contain_text("a link sent before stops working")
    invites.get_by_role("button", name="New invite links").click()
    fresh = [invites.get_by_label(f"seat {seat} link").input_value() for seat in (2, 3)]
    assert all(link.startswith(f"{base_url}/games/{game_id}#token=") for link in fresh)
    assert not set(fresh) & set(first_links)

    late = browser.new_context(base_url=base_url).new_page()  # its refusal is in its console
    late.goto(first_links[0])  # a link sent before no longer opens its seat
    expect(late.locator("main")).to_contain_text("this token belongs to no seat")
    expect(late.locator("main")).to_contain_text("ask them for it")
    late.context.close()
    friend = open_page()
    friend.goto(fresh[0])
    expect(friend.locator("h1")).to_contain_text("you are Yellow")
    expect(friend.get_by_role("region", name="Invite links")).to_be_hidden()  # not the host
    expect(host.locator(".players li").nth(1).locator("[data-status]")).to_have_text("here")
    expect(invites.get_by_label("seat 2 link")).to_have_count(0)  # joined: never re-issued
    expect(invites.get_by_label("seat 3 link")).to_have_value(fresh[1])

    friend.close()
    left = host.locator(".players li").nth(1).locator("[data-status]")
    expect(left).to_have_text("left the game")
    expect(left).to_have_attribute("data-status", "left")
    expect(host.locator(".players li").nth(2)).to_contain_text("not joined yet")
    screenshot(host, "people-invites-and-left")

    third = open_page()
    third.goto(fresh[1])
    expect(third.locator("h1")).to_contain_text("you are Green")
    expect(invites).to_be_hidden()  # every friend's seat is joined: nothing left to send
    assert page_url(third.url) == f"{base_url}/games/{game_id}"
