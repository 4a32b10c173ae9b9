"""Elysium in a real browser: a whole game played only by clicking, watched by a spectator."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from conftest import page_url, screenshot
from playwright.sync_api import Page, expect

from browsing import MINE, OVER, create_game, is_over, take_turn

CARD_ID = re.compile(r"\b[A-Z]{3}-\d{2}[a-z]\b")


def test_a_person_plays_a_whole_3_player_game_against_ai_and_a_spectator_sees_no_citizen_face(
    open_page: Callable[..., Page],
) -> None:
    player = open_page()
    create_game(player, "elysium", ["me", "random", "random"])
    expect(player.locator(MINE)).to_be_visible()
    expect(player.locator(".ely-agora, [class*=ely-]").first).to_be_visible()
    watcher = open_page(width=390, theme="dark")
    watcher.goto(page_url(player.url))
    expect(watcher.locator("h1")).to_contain_text("watching")

    rng = random.Random(5)
    moves = 0
    citizens_seen = 0
    shot = False
    while not is_over(player):
        if not take_turn(player, rng):
            player.wait_for_timeout(25)
            continue
        moves += 1
        if moves % 5 == 0 and not is_over(watcher):
            for citizen in watcher.locator(".ely-citizen").all_inner_texts():
                citizens_seen += 1
                assert not CARD_ID.search(citizen), f"a Citizen's face is shown: {citizen}"
        if moves == 12 and not shot:
            shot = True
            screenshot(player, "elysium-1280-light")
            screenshot(watcher, "elysium-390-dark-spectator")
            assert watcher.evaluate("document.documentElement.scrollWidth") <= 390
    expect(player.locator(OVER)).to_be_visible()
    expect(watcher.locator(OVER)).to_be_visible()
    assert moves > 20
    screenshot(player, "elysium-finished")


def test_the_elysium_table_at_390_px_in_the_dark_theme(open_page: Callable[..., Page]) -> None:
    page = open_page(width=390, theme="dark")
    create_game(page, "elysium", ["me", "random"], families=["recommended"])
    expect(page.locator(MINE)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Every choice is a real, named control (keyboard-operable).
    for choice in page.locator("main [data-action]").all()[:10]:
        assert choice.evaluate("e => e.tagName") in ("BUTTON", "g", "circle")
        assert choice.get_attribute("aria-label") or choice.inner_text().strip()
    screenshot(page, "elysium-390-dark")
