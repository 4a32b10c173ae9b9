"""Why not: a card, Quest, column, site or space that cannot be chosen says why when tapped,
clicked or hovered, in the engine's own words; a forced choice says so."""

from __future__ import annotations

import random
from collections.abc import Callable

from conftest import Console, screenshot
from playwright.sync_api import Browser, Page, Route, expect

from browsing import MINE, create_game, take_turn

TIP = ".why-tip.shown"


def test_a_site_that_cannot_be_chosen_says_why_on_click_and_on_hover(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(width=1280)
    create_game(page, "ilium", ["me", "random", "random"])
    expect(page.locator(MINE)).to_be_visible()
    site = page.locator('[data-target="site:HIS"] circle.site')
    site.click()
    tip = page.locator(TIP)
    expect(tip).to_contain_text("'site HIS' is not possible now")
    expect(tip).to_contain_text(page.locator(".turn-panel p").nth(1).inner_text())
    expect(tip.locator(".why-what")).to_contain_text("Hisarlik (HIS): ")  # what it is, too
    screenshot(page, "why-not-ilium")
    page.keyboard.press("Escape")
    expect(tip).to_have_count(0)
    page.locator('[data-target="site:SCM"] circle.site').hover()
    expect(tip).to_contain_text("'site SCM' is not possible now")
    page.locator("h1").hover()
    expect(tip).to_have_count(0)


def test_a_column_says_why_it_cannot_be_dismissed_now(open_page: Callable[..., Page]) -> None:
    page = open_page(width=1280)
    create_game(page, "elysium", ["me", "random"])
    expect(page.locator(MINE)).to_be_visible()
    column = page.locator('.ely-player[aria-label$="(you)"] [data-target$=":red"]')
    column.click()
    expect(page.locator(TIP)).to_contain_text("'dismiss red' is not possible")
    # A card that cannot be taken says what it is (its full text) and why not.
    card = page.locator(".ely-agora .ely-card:not(.ely-pickable)").first
    if card.count():
        card.click()
        expect(page.locator(f"{TIP} .why-what")).not_to_be_empty()


def test_a_tap_on_a_phone_says_why(browser: Browser, base_url: str, console: Console) -> None:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(20_000)
    try:
        page = console.watch(context.new_page())
        create_game(page, "ilium", ["me", "random"])
        expect(page.locator(MINE)).to_be_visible()
        page.locator('[data-target="site:ACH"] circle.site').tap()
        tip = page.locator(TIP)
        expect(tip).to_contain_text("is not possible now")
        expect(tip.locator(".why-what")).to_contain_text("Achaean Ship Camp (ACH)")
        box = tip.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.locator("h1").tap()
        expect(tip).to_have_count(0)
    finally:
        context.close()


def test_an_answer_that_comes_after_the_board_moved_on_is_not_shown(
    open_page: Callable[..., Page],
) -> None:
    """A bubble asked for in one state and answered after a move has redrawn the board (the
    game may even be over) would tell what no longer holds: it is dropped."""
    page = open_page(width=1280)
    create_game(page, "ilium", ["me", "random"])
    expect(page.locator(MINE)).to_be_visible()
    held: list[Route] = []
    page.route("**/why?*", lambda route: held.append(route))  # its answer is held back
    page.locator('[data-target="site:HIS"] circle.site').click()
    page.wait_for_timeout(200)
    assert len(held) == 1
    moves = page.locator("ol.log > li")
    before = moves.count()
    assert take_turn(page, random.Random(1))  # a move: the board is drawn anew
    expect(moves).not_to_have_count(before)
    with page.expect_response("**/why?*"):
        held[0].continue_()
    page.wait_for_timeout(300)  # the answer's handler has run
    assert page.locator(TIP).count() == 0


def test_a_bubble_shown_as_the_game_ends_leaves_with_the_board(
    open_page: Callable[..., Page],
) -> None:
    """A bubble the board showed while the last move was being made (the pointer rests on the
    board after its click) goes when the result page takes the board's place: it would float
    over the result, about a board that is gone."""
    page = open_page(width=1280)
    held: list[Route] = []
    logs: list[Route] = []

    def log(route: Route) -> None:
        """The game page's first whole log passes; the result page's is held back."""
        if logs:
            held.append(route)
        else:
            logs.append(route)
            route.continue_()

    page.route("**/api/games/*/log", log)
    create_game(page, "ilium", ["me", "random"])
    rng = random.Random(2)
    for _ in range(400):
        if held:
            break
        if not take_turn(page, rng):
            page.wait_for_timeout(25)
    assert held, "the game did not end"
    page.locator('[data-target="site:HIS"] circle.site').click()
    expect(page.locator(TIP)).to_be_visible()
    held[0].continue_()
    expect(page.locator("#result-title")).to_be_visible()
    expect(page.locator(TIP)).to_have_count(0)
