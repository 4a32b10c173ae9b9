"""What just happened is on the board: each other player's last move since my last turn is
marked on the element it was played on, in their colour, pulsing briefly unless the system asks
for reduced motion, and the moves are told in words."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import Page, expect

from browsing import MINE, create_game, take_turn

MARKS = """() => [...document.querySelectorAll("[data-last-move]")].map((e) => ({
  target: e.dataset.target,
  player: Number(e.dataset.lastMove),
  colour: [...e.classList].find((c) => c.startsWith("last-by-")),
}))"""
# How a newly marked move is animated (a mark is new only on the first drawing after the move).
PULSE = """() => {
  const mark = document.querySelector("[data-last-move]");
  mark.classList.add("last-move-new");
  return getComputedStyle(mark).animationName;
}"""


def my_turn_after_others_moved(page: Page, rng: random.Random) -> None:
    """Click my decisions until it is my turn again after the others have moved."""
    expect(page.locator(MINE)).to_be_visible()
    assert take_turn(page, rng)
    for _ in range(200):
        if page.locator(MINE).count() and page.locator("[data-last-move]").count():
            return
        if not take_turn(page, rng):
            page.wait_for_timeout(100)
    raise AssertionError("the others never moved")


def the_others_last_moves(page: Page, game_id: str, me: int) -> dict[int, str]:
    """From the log: each other seat's last move since mine, by target, where the board still
    draws that target (a token taken from a site, say, is no longer on the board to mark)."""
    log = page.request.get(f"/api/games/{game_id}/log").json()
    mine = max(i for i, m in enumerate(log) if m["player"] == me)
    last: dict[int, str] = {}
    for move in log[mine + 1 :]:
        if move["target"]:
            last[move["player"]] = move["target"]
    return {
        player: target
        for player, target in last.items()
        if page.locator(f'[data-target="{target}"]').count()
    }


def test_each_other_players_last_move_is_marked_on_the_board_and_told(
    open_page: Callable[..., Page],
) -> None:
    for game in ("ilium", "elysium"):
        page = open_page(width=1280)
        create_game(page, game, ["me", "random", "random"])
        my_turn_after_others_moved(page, random.Random(1))
        game_id = page.url.split("/games/")[1].split("#")[0]
        expected = the_others_last_moves(page, game_id, me=0)
        assert expected, "the AI seats moved on something drawn"
        marks = page.evaluate(MARKS)
        assert {m["player"]: m["target"] for m in marks} == expected
        colours = page.request.get(f"/api/games/{game_id}/info").json()["seats"]
        assert all(m["colour"] == f"last-by-{colours[m['player']]['colour']}" for m in marks)
        assert page.evaluate(PULSE) == "last-move-pulse"
        since = page.locator(".since")
        expect(since).to_contain_text("Since your last turn")
        expect(since.locator("li")).not_to_have_count(0)


def test_the_marks_do_not_move_when_the_system_asks_for_reduced_motion(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(width=1280)
    page.emulate_media(reduced_motion="reduce")
    create_game(page, "ilium", ["me", "random", "random"])
    my_turn_after_others_moved(page, random.Random(2))
    assert page.evaluate(MARKS)
    assert page.evaluate(PULSE) == "none"
