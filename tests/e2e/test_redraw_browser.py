"""A redraw of the board keeps the element under the keyboard focus and the board's scroll: the
board is diffed, not rebuilt (vdom.js), so nothing has to be put back after it."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from browsing import MINE, create_game

PROBE = """(selector) => {
  const element = document.querySelector(selector);
  element.focus();
  element.probe = "the same element";
  const frame = document.querySelector(".board-scroll");
  if (frame) frame.scrollTo(120, 80);
}"""
KEPT = """() => {
  const frame = document.querySelector(".board-scroll");
  return {
    same: document.activeElement?.probe === "the same element",
    scroll: frame && [frame.scrollLeft, frame.scrollTop],
  };
}"""


def test_a_redraw_keeps_the_focused_element_and_the_scroll(open_page: Callable[..., Page]) -> None:
    boards = {
        "ilium": (".ilium-board .legal", ".zoom-bar .zoom"),
        "elysium": (".ely-pickable", ".ely-discard summary"),
    }
    for game, (choice, other) in boards.items():
        host = open_page(width=390)
        create_game(host, game, ["me", "human"])
        link = host.get_by_label("seat 2 link").input_value()
        host.get_by_role("link", name="Play seat 1 (you)").click()
        expect(host.locator("h1")).to_contain_text("you are")
        expect(host.locator(".turn")).to_be_visible()
        # A choice when the host plays first; else another element of the board.
        selector = choice if host.locator(MINE).count() else other
        if game == "ilium":
            for _ in range(3):
                host.get_by_role("button", name="Zoom in").click()
        host.evaluate(PROBE, selector)
        before = host.evaluate(KEPT)
        assert before["same"]
        friend = open_page(width=390)
        friend.goto(link)  # the friend comes: the host's page is drawn anew
        status = host.locator(".players")
        expect(status).to_contain_text("here", timeout=10_000)
        expect(status.locator("li").nth(1)).to_contain_text("here")
        assert host.evaluate(KEPT) == before


def test_a_redraw_keeps_the_focus_on_a_choice_of_the_turn_panel(
    open_page: Callable[..., Page],
) -> None:
    """Ilium's 'no more cubes' under the prompt keeps the keyboard focus while the other
    player's page comes and goes (each time the page is drawn anew)."""
    host = open_page(width=1280)
    create_game(host, "ilium", ["me", "human"])
    link = host.get_by_label("seat 2 link").input_value()
    host.get_by_role("link", name="Play seat 1 (you)").click()
    friend = open_page(width=1280)
    friend.goto(link)
    pages = [host, friend]
    expect(host.locator(".turn")).to_be_visible()
    expect(friend.locator(".turn")).to_be_visible()
    mine, other = pages if host.locator(MINE).count() else pages[::-1]
    mine.locator(".ilium-board .legal").first.click()  # the group; then the cubes
    stop = mine.locator('.choices [data-action="no more cubes"]')
    expect(stop).to_be_visible()
    mine.evaluate(PROBE, '.choices [data-action="no more cubes"]')
    other.reload()  # the other player leaves and comes back: two redraws of my page
    expect(other.locator(".turn")).to_be_visible()
    expect(mine.locator(".players li").nth(0)).to_contain_text("here")
    expect(mine.locator(".players li").nth(1)).to_contain_text("here")
    assert mine.evaluate(KEPT)["same"]
