"""The finished game's page: the result in the game's words with the tie-break told, the mistakes'
figures equal to the chart's, the replay board beside the chart, and the arrow keys anywhere."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from typing import Any

from conftest import page_url, screenshot
from playwright.sync_api import Page, Route, expect

from browsing import create_game, play_until_over

STATUS = "main [role=status]"


def finished_game(open_page: Callable[..., Page], game: str, seed: int, **checks: Any) -> Page:
    page = open_page(width=1280)
    create_game(page, game, ["me", "random"], **checks)
    play_until_over([page], random.Random(seed), seconds=240)
    expect(page.locator("svg.chart")).to_be_visible(timeout=60_000)
    return page


def game_id(page: Page) -> str:
    return page_url(page.url).rsplit("/", 1)[1]


def row_headers(page: Page) -> list[str]:
    return page.locator("table.breakdown tbody th").all_inner_texts()


def pct(rate: float) -> str:
    """A chance as the page writes it (JavaScript's Math.round: halves round up)."""
    return f"{math.floor(rate * 100 + 0.5)}%"


def test_ilium_result_in_words_mistakes_match_the_chart_board_beside_it_and_keys_anywhere(
    open_page: Callable[..., Page],
) -> None:
    page = finished_game(open_page, "ilium", 3)
    gid = game_id(page)
    info = page.request.get(f"/api/games/{gid}/info").json()
    rows = info["data"]["score_rows"]

    # The result table: the game's rows in its words, each type a row of its own.
    headers = row_headers(page)
    assert headers[0] == "Score"
    expected = [row["label"] for row in rows if row["key"] != "total"]
    assert [h for h in headers if h in expected] == expected
    assert headers.count("Coins") == 3  # tokens kept, majority points, artifacts
    assert not any("_" in h or h.islower() for h in headers)
    cells = page.locator("table.breakdown tbody td").all_inner_texts()
    assert not [c for c in cells if re.search(r"\w \d+[,;] ", c)], "raw key-value lists in a cell"

    # The mistakes list: the chart's figures at those plies, read from the page and the API.
    analysis = page.request.get(f"/api/games/{gid}/analysis").json()
    chances = analysis["chances"]
    items = page.locator("ul.mistakes > li")
    mistakes = [m for m in analysis["moves"] if m["mark"] == "??"]
    assert mistakes, "a random player makes mistakes"
    expect(items).to_have_count(len(mistakes))
    for item, m in zip(items.all(), mistakes, strict=True):
        assert item.get_attribute("data-ply") == str(m["ply"])
        ply, player = m["ply"], m["player"]
        expect(item.locator("[data-chart=before]")).to_have_text(pct(chances[ply][player]))
        expect(item.locator("[data-chart=after]")).to_have_text(pct(chances[ply + 1][player]))
        expect(item).to_contain_text("On the chart:")
        expect(item).to_contain_text("The search's estimate of")
    # The chart's legend after a mistake's button: the same figure as the item's "after".
    first = items.first
    first.get_by_role("button").click()
    after = mistakes[0]["ply"] + 1
    legend = page.locator(f'.legend[data-chances="{after}"]')
    expect(legend).to_contain_text(pct(chances[after][mistakes[0]["player"]]))

    # A chart click shows that position on a board that is in view, without scrolling.
    # (from the last move: 120 px into the chart is an early move, whichever game was played)
    chart = page.locator("svg.chart")
    page.get_by_role("button", name="Last move").click()
    expect(page.locator(STATUS)).to_have_text(re.compile(r"After move (\d+) of \1\b"))
    last = page.locator(STATUS).inner_text()
    chart.scroll_into_view_if_needed()
    scroll = page.evaluate("window.scrollY")
    chart.click(position={"x": 120, "y": 60})
    expect(page.locator(STATUS)).not_to_have_text(last)
    assert page.evaluate("window.scrollY") == scroll
    board = page.locator("[data-replay-board]").bounding_box()
    box = chart.bounding_box()
    assert board is not None and box is not None
    assert board["y"] < 900 and board["y"] + board["height"] > 0, "the board is off screen"
    visible = min(board["y"] + board["height"], 900) - max(board["y"], 0)
    assert visible > 300, f"only {visible} px of the board show"
    assert board["x"] + board["width"] <= box["x"], "the board sits beside the chart"
    screenshot(page, "finished-ilium-1280")

    # The arrow keys step the replay wherever the focus is, except in a text field.
    status = page.locator(STATUS)
    page.get_by_role("button", name="Last move").click()
    total = int(re.search(r"of (\d+)", status.inner_text()).group(1))  # type: ignore[union-attr]
    page.get_by_role("link", name="Download the record").focus()
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text(f"After move {total - 1} of {total}")
    page.locator("ol.log[aria-label='Every move'] li").first.click()
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text(f"After move {total - 2} of {total}")
    page.get_by_role("button", name="Next move").focus()
    page.keyboard.press("ArrowRight")
    expect(status).to_have_text(f"After move {total - 1} of {total}")
    page.evaluate(
        """() => { const i = document.createElement("input"); i.type = "text"; i.id = "typing";
        i.value = "abc"; document.querySelector("main").append(i); }"""
    )
    page.locator("#typing").focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text(f"After move {total - 1} of {total}")
    assert page.evaluate("document.querySelector('#typing').selectionStart") == 1

    # On a phone: one column, the replay and the chart first, the board just under them.
    phone = open_page(width=390)
    phone.goto(page_url(page.url))
    expect(phone.locator("svg.chart")).to_be_visible(timeout=60_000)
    side = phone.locator(".replay-side").bounding_box()
    under = phone.locator("[data-replay-board]").bounding_box()
    assert side is not None and under is not None
    assert side["y"] + side["height"] <= under["y"] < side["y"] + side["height"] + 40
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_tie_break_the_engine_tells_is_shown_under_the_result(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(width=1280)
    create_game(page, "ilium", ["me", "random"])
    play_until_over([page], random.Random(4))
    expect(page.locator("[data-tiebreak]")).to_have_count(0 if not tied(page) else 1)
    sentence = (
        "Red and Yellow tie on 40 points; Yellow wins with the most artifacts (Yellow 31, Red 27)."
    )

    def tie(route: Route) -> None:
        envelope = route.fetch().json()
        envelope["outcome"]["tiebreak"] = sentence
        route.fulfill(json=envelope)

    watcher = open_page(width=1280)
    watcher.route(re.compile(rf"/api/games/{game_id(page)}$"), tie)
    watcher.goto(page_url(page.url))
    note = watcher.locator(".result [data-tiebreak]")
    expect(note).to_have_text(sentence)
    box, table = note.bounding_box(), watcher.locator("table.breakdown").bounding_box()
    assert box is not None and table is not None and box["y"] >= table["y"] + table["height"]


def tied(page: Page) -> bool:
    envelope = page.request.get(f"/api/games/{game_id(page)}").json()
    return bool(envelope["outcome"]["tiebreak"])


def test_elysium_result_lists_each_legend_in_words(open_page: Callable[..., Page]) -> None:
    page = finished_game(open_page, "elysium", 6, families=["recommended"])
    envelope = page.request.get(f"/api/games/{game_id(page)}").json()
    info = page.request.get(f"/api/games/{game_id(page)}/info").json()
    labels = [row["label"] for row in info["data"]["score_rows"] if row["key"] != "total"]
    headers = row_headers(page)
    assert headers == ["Score", *labels]
    table = page.locator("table.breakdown")
    texts = [i["text"] for b in envelope["outcome"]["breakdown"] for i in b["legend_list"]]
    for text in texts:
        expect(table.locator("ul.items li", has_text=text).first).to_be_visible()
    assert "type " not in table.inner_text() and "key " not in table.inner_text()
    screenshot(page, "finished-elysium-1280")
