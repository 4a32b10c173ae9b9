"""Rules help in the browser: every game page links its rules (opened in a new tab, in the theme
chosen), and a glossary term (`glossary.js`'s `term()`) shows its definition on hover, on
keyboard focus and, on a phone, on a tap."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from conftest import Console, page_url, screenshot
from playwright.sync_api import Browser, Page, expect

from browsing import MINE, OVER, create_game, play_until_over

PUT_TERM = """async ([id, text]) => {
  const { term } = await import("/static/glossary.js");
  const game = location.pathname.split("/").pop();
  const info = await (await fetch(`/api/games/${game}/info`)).json();
  const line = document.createElement("p");
  line.id = "help-line";
  line.append("Next comes the ", term(info, id, text), ".");
  document.querySelector(".turn-panel").append(line);
}"""
"""Put a glossary term in the turn panel of the game page, as a board puts one."""
EXCAVATION = "The dig that happens the moment a path has no empty space left"


def put_term(page: Page, term_id: str, text: str | None = None) -> None:
    expect(page.locator(".turn-panel")).to_be_visible()
    page.evaluate(PUT_TERM, [term_id, text])


def test_the_rules_link_of_a_game_page_opens_its_rules_in_a_new_tab_in_my_theme(
    open_page: Callable[..., Page], base_url: str
) -> None:
    page = open_page()
    create_game(page, "ilium", ["me", "random"])
    expect(page.locator(MINE)).to_be_visible()
    page.locator("#theme").click()  # dark, remembered by the rules page too
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Rules of Ilium").click()
    rules = opened.value
    expect(rules).to_have_url(f"{base_url}/rules/ilium")
    expect(rules).to_have_title("Rules of Ilium — Kleos")
    expect(rules.get_by_role("heading", name="How to play Ilium", level=1)).to_be_visible()
    assert rules.evaluate("document.documentElement.dataset.theme") == "dark"
    rules.get_by_role("navigation", name="Contents").get_by_role("link", name="Excavation").click()
    expect(rules).to_have_url(f"{base_url}/rules/ilium#rules-excavation")
    entry = rules.locator("#term-historian")
    rules.locator("article").get_by_role("link", name="Historian").first.click()
    expect(rules).to_have_url(f"{base_url}/rules/ilium#term-historian")
    expect(entry).to_be_in_viewport()
    expect(rules.locator("#term-historian + dd")).to_contain_text("Your secret card")
    screenshot(rules, "rules-ilium-dark")
    assert page_url(page.url).startswith(f"{base_url}/games/")  # the game stays open


def test_a_finished_games_page_links_its_rules_too(open_page: Callable[..., Page]) -> None:
    page = open_page()
    create_game(page, "ilium", ["me", "random"])
    play_until_over([page], random.Random(4), seconds=120)
    expect(page.locator(OVER)).to_be_visible()
    link = page.get_by_role("link", name="Rules of Ilium")
    expect(link).to_have_attribute("href", "/rules/ilium")
    expect(link).to_have_attribute("target", "_blank")


def test_a_term_shows_its_definition_on_hover_and_on_keyboard_focus(
    open_page: Callable[..., Page], base_url: str
) -> None:
    page = open_page()
    create_game(page, "ilium", ["me", "random"])
    put_term(page, "excavation", "excavation")
    word = page.get_by_role("button", name="excavation", exact=True)
    tip = page.locator('[data-term-tip="excavation"]')
    expect(word).to_have_accessible_description(re.compile(f"^{EXCAVATION}"))
    expect(word).to_have_attribute("aria-expanded", "false")
    expect(tip).to_be_hidden()

    word.hover()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(EXCAVATION)
    expect(word).to_have_attribute("aria-expanded", "true")
    page.mouse.move(5, 5)
    expect(tip).to_be_hidden()

    word.focus()
    expect(tip).to_be_visible()
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    page.keyboard.press("Enter")  # a click pins the bubble open, even with the pointer away
    expect(tip).to_be_visible()
    page.keyboard.press("Tab")  # on to the bubble's own link
    link = tip.get_by_role("link", name="In the rules")
    expect(link).to_be_focused()
    with page.context.expect_page() as opened:
        page.keyboard.press("Enter")
    expect(opened.value).to_have_url(f"{base_url}/rules/ilium#term-excavation")


def test_a_tap_shows_a_terms_definition_on_a_phone(
    browser: Browser, base_url: str, console: Console
) -> None:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(20_000)
    try:
        page = console.watch(context.new_page())
        create_game(page, "elysium", ["me", "random"])
        put_term(page, "writing-step")
        word = page.get_by_role("button", name="Writing step", exact=True)
        tip = page.locator('[data-term-tip="writing-step"]')
        word.tap()
        expect(tip).to_be_visible()
        expect(tip).to_contain_text("Your turn in Phase III")
        box = tip.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        screenshot(page, "glossary-tap-390")
        word.tap()  # a second tap closes it
        expect(tip).to_be_hidden()
        word.tap()
        expect(tip).to_be_visible()
        page.locator("h1").tap()  # so does a tap elsewhere
        expect(tip).to_be_hidden()
    finally:
        context.close()


def test_a_term_the_glossary_lacks_is_plain_text(open_page: Callable[..., Page]) -> None:
    page = open_page()
    create_game(page, "ilium", ["me", "random"])
    put_term(page, "no-such-term", "mystery")
    expect(page.locator("#help-line")).to_have_text("Next comes the mystery.")
    expect(page.locator("#help-line button")).to_have_count(0)


def test_the_rules_page_fits_a_phone_and_an_unknown_game_gets_a_page_not_an_error(
    open_page: Callable[..., Page], base_url: str, console: Console
) -> None:
    page = open_page(width=390, theme="dark")
    page.goto("/rules/elysium")
    expect(page.get_by_role("heading", name="How to play Elysium", level=1)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"  # the system's
    expect(page.locator("#term-writing-step + dd")).to_contain_text("Your turn in Phase III")
    screenshot(page, "rules-elysium-390-dark")
    response = page.goto("/rules/chess")
    assert response is not None and response.status == 404
    expected = [e for e in console.errors if "404 (Not Found)" in e and "/rules/chess" in e]
    assert len(expected) == 1  # chromium logs the page's own status, and nothing else
    console.errors.remove(expected[0])
    expect(page.locator(".error")).to_have_text("There is no game 'chess'.")
    page.get_by_role("link", name="Ilium").click()
    expect(page).to_have_url(f"{base_url}/rules/ilium")
