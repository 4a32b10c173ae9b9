"""The pages on a phone (390×844) and a desktop (1280×900): the Ilium board fits the width and
zooms in to finger-sized targets, nothing jumps between two taps of one turn, a small decision's
buttons sit under its prompt, and on a desktop the board, the decision and my secrets share the
first screen."""

from __future__ import annotations

import random
from collections.abc import Callable

from conftest import screenshot
from playwright.sync_api import Page, expect

from browsing import MINE, create_game, take_turn

FINGER = 44
TARGETS = """() => [...document.querySelectorAll(".ilium-board .legal")].map((e) => {
  const r = e.getBoundingClientRect();
  return Math.min(r.width, r.height);
})"""
FRAME = """() => {
  const f = document.querySelector(".board-scroll");
  const width = document.querySelector(".ilium-board").style.width;
  return {left: f.scrollLeft, top: f.scrollTop, width};
}"""


def test_on_a_phone_the_board_fits_and_zooms_to_finger_sized_targets_that_stay_put(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(width=390, theme="dark")
    create_game(page, "ilium", ["me", "random", "random"])
    expect(page.locator(MINE)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The tables fit: the collections table needs no sideways scrolling in its frame.
    table = "document.querySelector('table.collection')"
    assert page.evaluate(f"{table}.scrollWidth <= {table}.parentElement.clientWidth")
    board = page.locator(".ilium-board").bounding_box()
    assert board is not None and board["width"] <= 390
    for _ in range(5):
        page.get_by_role("button", name="Zoom in").click()
    sizes = page.evaluate(TARGETS)
    assert sizes and min(sizes) >= FINGER, sizes
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the frame scrolls
    # The first tap of a turn (the group) and the next decision (a cube) find the board as it
    # was left: same zoom, same scroll.
    page.evaluate("() => document.querySelector('.board-scroll').scrollTo(400, 300)")
    space = page.locator(".ilium-board .legal").first
    space.scroll_into_view_if_needed()
    before = page.evaluate(FRAME)
    space.click()
    expect(page.locator(".turn-panel")).to_contain_text("supply cube")
    assert page.evaluate(FRAME) == before
    screenshot(page, "ilium-390-dark-zoomed")
    page.get_by_role("button", name="Fit the board to the width").click()
    box = page.locator(".ilium-board").bounding_box()
    assert box is not None and box["width"] <= 390


def test_a_small_decisions_buttons_sit_under_its_prompt(open_page: Callable[..., Page]) -> None:
    """Elysium's dismissal at the end of an epoch is made on my columns, far down the table;
    its few choices are also buttons in the turn panel, under the prompt."""
    page = open_page(width=390)
    create_game(page, "elysium", ["me", "random"])
    rng = random.Random(7)
    panel = page.locator(".turn-panel")
    asked = page.locator(f".turn-panel[data-decision=dismiss_column]:has({MINE})")
    for _ in range(400):
        if asked.count():
            break
        if not take_turn(page, rng):
            page.wait_for_timeout(50)
    else:
        raise AssertionError("no dismissal came")
    expect(page.locator(MINE)).to_be_visible()
    buttons = panel.locator(".choices [data-action^='dismiss']")
    expect(buttons).not_to_have_count(0)
    prompt = panel.locator("p").nth(1).bounding_box()
    first = buttons.first.bounding_box()
    assert prompt is not None and first is not None and first["y"] - prompt["y"] < 300
    screenshot(page, "elysium-390-dismiss")


def test_on_a_desktop_the_board_the_decision_and_my_secrets_share_the_first_screen(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(width=1280)
    create_game(page, "ilium", ["me", "random", "random"])
    expect(page.locator(MINE)).to_be_visible()
    for part in (".ilium-board", ".turn-panel", "[data-secret=historian]"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 900, part
    screenshot(page, "ilium-1280-light-first-screen")
