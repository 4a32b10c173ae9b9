"""The boards explain the words of the rules they use: a term on the board (Ilium's Historian,
Elysium's epoch, disc, Domain…) shows its definition on hover, keeps working after redraws, and
links to its entry in the rules."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import Page, expect

from browsing import MINE, create_game, take_turn


def test_a_term_on_each_board_gives_its_definition_and_survives_a_redraw(
    open_page: Callable[..., Page],
) -> None:
    for game, term, words in (
        ("ilium", "historian", "Historian"),
        ("elysium", "epoch", "Epoch"),
    ):
        page = open_page(width=1280)
        create_game(page, game, ["me", "random"])
        expect(page.locator(MINE)).to_be_visible()
        take_turn(page, random.Random(1))  # the board is drawn again, more than once
        expect(page.locator(MINE)).to_be_visible()
        button = page.locator(f'.term[data-term="{term}"]').first
        expect(button).to_have_text(words)
        button.hover()
        tip = page.locator(f'[data-term-tip="{term}"]').first
        expect(tip).to_be_visible()
        link = tip.get_by_role("link", name="In the rules")
        expect(link).to_have_attribute("href", f"/rules/{game}#term-{term}")
        assert page.locator(f'.term[data-term="{term}"]').count() >= 1
