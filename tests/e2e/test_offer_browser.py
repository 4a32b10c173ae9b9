"""Ilium's end-game offer, rare in play, reached from a scenario position (Example 6: the last
value-4 token is excavated) in a live game, and both answers played by clicking."""

from __future__ import annotations

from collections.abc import Callable

from conftest import Access, Console, screenshot
from playwright.sync_api import Page, expect

from browsing import MINE, OVER
from kleos.games.ilium.game import Ilium
from kleos.games.ilium.scenario import position


def offered(page: Page, server_access: Access) -> None:
    """A live 3-player game whose Red seat (this page) is offered the end of the game: Red
    completes p23, digs at IDA, and the qualifying second takes the last 4 at THY."""
    answer = page.request.post("/api/games", data={"game": "ilium", "seats": ["human"] * 3})
    assert answer.ok, answer.text()
    created = answer.json()
    live = server_access.app.state.hub.moves.live.get(created["id"])
    game = live.match.game
    assert isinstance(game, Ilium)
    # The deal's tokens without a 4, but for THY's last one; IDA's lowest: Horses-1, Bottles-1.
    dealt = game.new_initial_state().view(None)["public"]["sites"]
    stocks = {site: [t for t in tokens if not t.endswith("-4")] for site, tokens in dealt.items()}
    stocks.update(THY=["Coins-4"], IDA=["Horses-1", "Bottles-1", "Helmets-3"])
    state = position(
        game,
        stocks=stocks,
        hoards={0: ["Horses-4"], 1: ["Armbands-4", "Bottles-4"], 2: ["Helmets-4"]},
        groups=[(0, "p23", 0, 2), (1, "p23", 1, 2), (0, "p23", 3, 1)],
        decks={0: [1, 2, 2], 1: [1, 2], 2: [2, 3]},
    )
    for text in ("place p23:2", "site IDA", "take Bottles"):
        state.apply(text)
    assert state.view(None)["decision"]["kind"] == "offer"
    live.match.state = state  # the scenario, before anyone has looked at the game
    page.goto(created["seats"][0]["url"])
    expect(page.locator(MINE)).to_be_visible()
    expect(page.locator(".turn-panel")).to_contain_text("All five value-4 tokens are excavated")


def test_red_ends_the_game_when_offered(
    open_page: Callable[..., Page], server_access: Access, console: Console
) -> None:
    page = open_page(width=390, theme="dark")
    offered(page, server_access)
    screenshot(page, "ilium-offer-390-dark")
    with page.expect_response(lambda response: "/replay?ply=" in response.url):
        page.get_by_role("button", name="end the game now").click()
    expect(page.locator(OVER)).to_be_visible()
    expect(page.locator("main")).to_contain_text("took the end-game option")
    # The scenario lives only in memory, so the finished page's replay, rebuilt from the
    # stored moves, cannot follow it and is refused (422): that refusal alone is expected.
    console.errors = [e for e in console.errors if "/replay?ply=" not in e]


def test_red_plays_on_when_offered_and_the_offer_never_comes_again(
    open_page: Callable[..., Page], server_access: Access
) -> None:
    page = open_page(width=1280)
    offered(page, server_access)
    page.get_by_role("button", name="play on to the last card").click()
    expect(page.locator(MINE)).to_have_count(0)  # Yellow's turn now
    expect(page.locator(".turn-panel")).not_to_contain_text("end the game now")
    expect(page.locator(".log")).to_contain_text("continue")
