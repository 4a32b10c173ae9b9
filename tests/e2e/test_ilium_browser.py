"""Ilium in a real browser: whole games played only by clicking."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from conftest import page_url, screenshot
from playwright.sync_api import Page, expect

from browsing import MINE, OVER, create_game, is_over, play_until_over, take_turn

SNAPSHOT = """() => ({
  over: document.querySelector("#result-title") !== null,
  secrets: document.querySelectorAll("[data-secret]").length,
  text: document.querySelector("main").innerText,
})"""


def test_a_person_plays_a_whole_3_player_game_against_ai_at_390_px_in_the_dark_theme(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(width=390, theme="dark")
    create_game(page, "ilium", ["me", "random", "easy"])
    expect(page.locator(MINE)).to_be_visible()
    expect(page).to_have_title(re.compile("Your turn"))
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    # The board fits the phone: no sideways scrolling of the page.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.locator("[data-secret=historian]")).to_contain_text("Historian")
    screenshot(page, "ilium-390-dark")

    moves = play_until_over([page], random.Random(1))

    assert moves > 20
    expect(page.locator(OVER)).to_be_visible()
    expect(page.locator("table.breakdown")).to_contain_text("Score")
    screenshot(page, "ilium-390-dark-finished")


def test_the_replay_steps_through_a_finished_game_and_the_analysis_is_drawn(
    open_page: Callable[..., Page],
) -> None:
    page = open_page()
    create_game(page, "ilium", ["me", "random"])
    play_until_over([page], random.Random(2))

    status = page.get_by_role("status").filter(has_text="of ")
    page.get_by_role("button", name="First move").click()
    expect(status).to_have_text(re.compile(r"^Start of the game \(0 of \d+\)$"))
    page.get_by_role("button", name="Next move").click()
    expect(status).to_have_text(re.compile(r"^After move 1 of \d+$"))
    # A replay shows every seat's secrets, since the game is over.
    expect(page.locator("[data-secret=historian]")).to_have_count(2)
    page.get_by_role("button", name="Last move").click()
    total = int(re.search(r"of (\d+)", status.inner_text()).group(1))  # type: ignore[union-attr]
    expect(status).to_have_text(f"After move {total} of {total}")

    chart = page.locator("svg.chart")
    expect(chart).to_be_visible(timeout=60_000)
    expect(chart.locator("polyline")).to_have_count(2)
    chart.click(position={"x": 60, "y": 60})
    expect(status).not_to_have_text(f"After move {total} of {total}")
    screenshot(page, "ilium-finished-analysis")


def test_two_friends_play_through_invite_links_and_one_reloads_mid_game(
    open_page: Callable[..., Page],
) -> None:
    host = open_page()
    create_game(host, "ilium", ["me", "human"])
    expect(host).to_have_url(re.compile(r"/games/\w+/invite$"))
    link = host.get_by_label("seat 2 link").input_value()
    host.get_by_role("link", name="Play seat 1 (you)").click()
    friend = open_page()
    friend.goto(link)
    expect(friend.locator("h1")).to_contain_text("you are Yellow")
    watcher = open_page()
    assert "#token=" in link and "?" not in link
    watcher.goto(page_url(link))
    expect(watcher.locator("h1")).to_contain_text("watching")

    rng = random.Random(3)
    reloaded = False

    def reload_once(moves: int) -> None:
        nonlocal reloaded
        if moves >= 15 and not reloaded:
            reloaded = True
            friend.reload()
            expect(friend.locator("h1")).to_contain_text("you are Yellow")
            expect(friend.locator(".log li").first).to_be_visible()
            screenshot(host, "ilium-1280-light")
            assert not watcher.locator("[data-secret]").count()

    play_until_over([host, friend], rng, each_move=reload_once)
    assert reloaded
    expect(watcher.locator(OVER)).to_be_visible()
    expect(friend.locator(OVER)).to_be_visible()
    expect(watcher.get_by_role("button", name="Rematch")).to_have_count(0)

    # The first to ask makes the rematch; the other gets their own seat in the same one.
    old_game = page_url(host.url)
    host.get_by_role("button", name="Rematch").click()
    expect(host.locator("h1")).to_contain_text("you are Red")
    rematch = page_url(host.url)
    assert rematch != old_game and host.url == rematch
    friend.get_by_role("button", name="Rematch").click()
    expect(friend.locator("h1")).to_contain_text("you are Yellow")
    assert friend.url == rematch


def test_a_spectator_never_sees_a_historian_or_a_next_card_before_the_end(
    open_page: Callable[..., Page],
) -> None:
    player = open_page()
    create_game(player, "ilium", ["me", "random", "random"])
    game_url = page_url(player.url)
    watcher = open_page()
    watcher.goto(game_url)
    rng = random.Random(4)
    while not is_over(player):
        if take_turn(player, rng):
            seen = watcher.evaluate(SNAPSHOT)  # at one instant: over, or showing no secret
            if not seen["over"]:
                assert seen["secrets"] == 0
                assert "Historian" not in seen["text"] and "Next card" not in seen["text"]
        else:
            player.wait_for_timeout(25)
    expect(watcher.locator(OVER)).to_be_visible()
