"""Screenshots of each game as a new player sees it, at 390 px in the dark theme and 1280 px in
the light one (artifacts/screenshots/walkthrough-*.png): the start, a mid-game, the first
decision of each kind that comes to me, and the finished page. Taken while a whole game is
played by clicking against AI seats; each shot shows my turn with its choices, or the result."""

from __future__ import annotations

import random
from collections.abc import Callable

from conftest import screenshot
from playwright.sync_api import Page, expect

from browsing import CHOICES, MINE, OVER, create_game, is_over, take_turn

SIZES = (("390-dark", 390, 844, "dark"), ("1280-light", 1280, 900, "light"))
MIDGAME = 12
"""After how many of my moves the mid-game is shown."""


def shoot(page: Page, name: str) -> list[str]:
    """Both sizes of the page as it is now; the names of the shots."""
    names = []
    for size, width, height, theme in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(color_scheme=theme)
        page.wait_for_timeout(50)  # let the layout settle at this width
        names.append(screenshot(page, f"walkthrough-{name}-{size}").name)
    page.set_viewport_size({"width": 1280, "height": 900})
    return names


def walk_through(page: Page, game: str, seats: list[str], rng: random.Random) -> dict[str, str]:
    """Play a whole game by clicking, shooting each new kind of decision of mine; the kind
    each shot shows, by shot."""
    create_game(page, game, seats)
    expect(page.locator(MINE)).to_be_visible()
    shots: dict[str, str] = {}
    kinds: set[str] = set()
    mine = 0
    for _ in range(5000):
        if is_over(page):
            break
        if not page.locator(MINE).count() or not page.locator(CHOICES).count():
            page.wait_for_timeout(25)
            continue
        kind = page.evaluate("() => document.querySelector('.turn-panel').dataset.decision")
        label = "start" if mine == 0 else "midgame" if mine == MIDGAME else None
        if label or kind not in kinds:
            kinds.add(kind)
            for name in shoot(page, f"{game}-{label or kind}"):
                shots[name] = kind
        if take_turn(page, rng):
            mine += 1
    expect(page.locator(OVER)).to_be_visible()
    for name in shoot(page, f"{game}-finished"):
        shots[name] = "finished"
    return shots


def test_a_walkthrough_of_each_game_in_screenshots(open_page: Callable[..., Page]) -> None:
    for game, seats, expected in (
        ("ilium", ["me", "random", "random"], {"place", "cube", "site"}),
        ("elysium", ["me", "random"], {"turn", "write", "dismiss_column"}),
    ):
        shots: dict[str, str] = {}
        for deal in range(3):  # a deal may bring me none of a kind (an Ilium site): deal again
            page = open_page(width=1280)
            shots |= walk_through(page, game, seats, random.Random(11 + deal))
            if expected <= set(shots.values()):
                break
        assert expected <= set(shots.values()), sorted(set(shots.values()))
        assert any("-start-" in name for name in shots)
        assert any("-finished-" in name for name in shots)
