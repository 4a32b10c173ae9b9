"""The boards know no rules and no data of their own: a game on another Ilium board file or
another Elysium card set is drawn and played to the end by clicking, with no client change; and
on the Ilium board no token, label or name ever covers a site or a space."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import screenshot
from playwright.sync_api import Page, expect

from browsing import MINE, play_until_over
from kleos.games.elysium.cards import default_card_data

DATA = Path(__file__).parent / "data"
ROMAN_NAMES = {
    "zeus": "Jupiter",
    "poseidon": "Neptune",
    "hades": "Pluto",
    "ares": "Mars",
    "apollo": "Phoebus",
    "athena": "Minerva",
    "hermes": "Mercury",
    "hephaestus": "Vulcan",
}

# Every drawn piece (sites, spaces, groups) against every label and token on the board, in the
# page's own coordinates: the pairs whose boxes meet by more than a pixel.
OVERLAPS = """() => {
  const rect = (e) => e.getBoundingClientRect();
  const pieces = [...document.querySelectorAll(".ilium-board .site, .ilium-board .space")];
  const labels = [...document.querySelectorAll(
    ".ilium-board .token, .ilium-board .site-name, .ilium-board .path-label")];
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const round = (a, b) => {  // a circle's box meets a label's: does the circle itself?
    const r = a.width / 2, cx = a.left + r, cy = a.top + r;
    const dx = Math.max(b.left - cx, 0, cx - b.right), dy = Math.max(b.top - cy, 0, cy - b.bottom);
    return dx * dx + dy * dy < (r - 1) * (r - 1);
  };
  const out = [];
  for (const p of pieces) for (const l of labels) {
    const [a, b] = [rect(p), rect(l)];
    if (meet(a, b) && round(a, b)) out.push(`${l.textContent} covers ${p.parentNode.dataset.space ??
      p.parentNode.dataset.site}`);
  }
  for (const [i, l] of labels.entries()) for (const m of labels.slice(i + 1)) {
    if (meet(rect(l), rect(m)) && l.parentNode !== m.parentNode) {
      out.push(`${l.textContent} meets ${m.textContent}`);
    }
  }
  return out;
}"""


def start(page: Page, game: str, seats: list[str], options: dict[str, Any]) -> None:
    """Create a game through the API (the form has no file upload) and open my seat's link."""
    body = {"game": game, "seats": seats, "options": options}
    answer = page.request.post("/api/games", data=body)
    assert answer.ok, answer.text()
    page.goto(answer.json()["seats"][0]["url"])
    expect(page.locator(MINE)).to_be_visible()


def test_ilium_is_drawn_from_another_board_file_and_played_to_the_end(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(width=1280)
    board = json.loads((DATA / "aegean-board.json").read_text(encoding="utf-8"))
    start(page, "ilium", ["human", "random", "random"], {"board": board})
    svg = page.locator(".ilium-board")
    for site in board["sites"]:
        expect(svg).to_contain_text(f"{site['name']} ({site['id']})")
    for path in board["paths"]:
        expect(svg.locator(".path-label", has_text=path["id"]).first).to_be_visible()
    assert page.locator(".ilium-board .space-group").count() == sum(
        p["spaces"] for p in board["paths"]
    )
    assert page.evaluate(OVERLAPS) == []
    screenshot(page, "ilium-other-board")
    positions = []

    def look(moves: int) -> None:
        if moves % 7 == 0 and page.locator(".ilium-board").count():
            positions.append(page.evaluate(OVERLAPS))

    play_until_over([page], random.Random(3), seconds=120, each_move=look)
    assert positions and all(found == [] for found in positions), positions
    expect(page.locator("#result-title")).to_be_visible()


def test_the_project_board_lays_out_every_token_and_label_clear_of_the_pieces(
    open_page: Callable[..., Page],
) -> None:
    for players, width in ((4, 1280), (2, 390)):
        page = open_page(width=width)
        start(page, "ilium", ["human"] + ["random"] * (players - 1), {})
        assert page.evaluate(OVERLAPS) == []


def renamed_card_set() -> dict[str, Any]:
    """The package's card set under other names: Roman families, and every card renamed."""
    data = default_card_data()
    for family in data["family"]:
        family["name"] = ROMAN_NAMES[family["id"]]
    for design in data["design"]:
        design["name"] = f"{ROMAN_NAMES[design['family']]}'s {design['id'][-2:]}"
    return data


def test_elysium_is_drawn_from_another_card_set_and_played_to_the_end(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(width=1280)
    families = ["zeus", "ares", "apollo", "hades", "athena"]
    options = {"card_set": renamed_card_set(), "families": families}
    start(page, "elysium", ["human", "random"], options)
    table = page.locator(".ely")
    for family in families:
        expect(table).to_contain_text(ROMAN_NAMES[family])
    expect(table).not_to_contain_text("Zeus")
    names = page.locator(".ely-agora .ely-name").all_inner_texts()
    renamed = re.compile(f"({'|'.join(ROMAN_NAMES.values())})'s \\d\\d")
    assert names and all(renamed.fullmatch(name) for name in names), names
    expect(page.locator(".ely-oracle")).to_be_visible()  # Phoebus (Apollo) brings the Oracle
    expect(page.locator(".ely-figures").first).to_contain_text("PP")  # and Mars (Ares) the PP
    screenshot(page, "elysium-other-card-set")
    play_until_over([page], random.Random(5), seconds=240)
    expect(page.locator("#result-title")).to_be_visible()
