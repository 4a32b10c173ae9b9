"""A game the client has no drawing of (the take-away plugin) in a real browser: the generic
board shows its view as tables, a whole game is played by clicking, and a spectator never
sees a hand before the end."""

from __future__ import annotations

import random
from collections.abc import Callable

from conftest import page_url
from playwright.sync_api import Page, expect

from browsing import MINE, OVER, create_game, is_over, take_turn


def test_a_person_plays_a_whole_plugin_game_on_the_generic_board(
    open_page: Callable[..., Page],
) -> None:
    player = open_page()
    create_game(player, "take-away", ["me", "random"])
    expect(player.locator(MINE)).to_be_visible()
    expect(player.get_by_role("table", name="Take-away")).to_be_visible()
    secrets = player.get_by_role("table", name="Only you see")
    hand = secrets.locator("td").first.inner_text()
    assert len(hand.split(", ")) == 3, hand
    watcher = open_page()
    watcher.goto(page_url(player.url))
    expect(watcher.locator("h1")).to_contain_text("watching")
    rng = random.Random(3)
    moves = 0
    while not is_over(player):
        if not take_turn(player, rng):
            player.wait_for_timeout(25)
            continue
        moves += 1
        assert watcher.get_by_role("table", name="Only you see").count() == 0
        seen = watcher.locator("main").inner_text()
        assert hand not in seen or "The hands are turned up" in seen, "a hand shown too early"
    expect(player.locator(OVER)).to_be_visible()
    expect(watcher.locator(OVER)).to_be_visible()
    assert moves >= 3
