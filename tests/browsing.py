"""Playing Kleos in a browser the way a person does: only by clicking what the page offers."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

MINE = '[data-turn="mine"]'
CHOICES = "main [data-action]"
OVER = "#result-title"


def create_game(page: Page, game: str, seats: Sequence[str], **checks: Sequence[str]) -> None:
    """Fill in the home page's form and create the game: each seat 'me', 'human' (a friend)
    or an AI level; `variants=[…]`, `families=[…]` (a preset, or 'custom' and then
    `families_choice=[…]`) tick those boxes of the game's options."""
    page.goto("/")
    page.get_by_label("Game", exact=True).select_option(game)
    page.get_by_label("Players", exact=True).select_option(str(len(seats)))
    for seat, kind in enumerate(seats):
        page.get_by_label(f"Seat {seat + 1}", exact=True).select_option(kind)
    for name, values in checks.items():
        for value in values:
            field = name.replace("_choice", "-choice")
            page.locator(f'input[name="{field}"][value="{value}"]').check()
    page.get_by_role("button", name="Create game").click()
    page.wait_for_url(re.compile(r"/games/\w+"))


def take_turn(page: Page, rng: random.Random) -> bool:
    """If it is this page's turn, click one of the choices it offers; whether it did."""
    if not page.locator(MINE).count():
        return False
    choices = page.locator(CHOICES)
    count = choices.count()
    if not count:
        return False
    try:
        choices.nth(rng.randrange(count)).click(timeout=3000)
    except PlaywrightError:
        return False  # the page moved on under the pointer (a new envelope): look again
    return True


def is_over(page: Page) -> bool:
    return bool(page.locator(OVER).count())


def play_until_over(
    pages: Sequence[Page],
    rng: random.Random,
    *,
    seconds: float = 60,
    each_move: Callable[[int], None] | None = None,
) -> int:
    """Click until every page shows the result; the number of moves clicked."""
    moves = 0
    deadline = time.monotonic() + seconds
    while not all(is_over(page) for page in pages):
        if time.monotonic() > deadline:
            for n, page in enumerate(pages):
                page.screenshot(path=f"/tmp/shots/stuck-{n}.png", full_page=True)
            raise AssertionError("the game did not finish in time")
        clicked = False
        for page in pages:
            if not is_over(page) and take_turn(page, rng):
                moves += 1
                clicked = True
                if each_move is not None:
                    each_move(moves)
        if not clicked:
            pages[0].wait_for_timeout(25)
    return moves
