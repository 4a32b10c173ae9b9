"""The rules pages: `/rules/GAME` shows a game's rules for players and its glossary, each entry
anchored `#term-ID`, in the client's page shell; `/rules` lists them; anything else is a clean
404 page."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from kleos.core.registry import game_class


class Page(HTMLParser):
    """The ids, the links and the scripts of an HTML page."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.scripts: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        if tag == "script":
            self.scripts.append(str(found.get("src")))


@pytest.mark.parametrize("game_id", ["ilium", "elysium"])
def test_a_games_rules_page_shows_its_rules_and_every_glossary_entry_anchored(
    client: TestClient, game_id: str
) -> None:
    response = client.get(f"/rules/{game_id}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    cls = game_class(game_id)
    html = response.text
    assert f"<title>Rules of {cls.title} — Kleos</title>" in html
    assert f"<h1>How to play {cls.title}</h1>" in html
    page = Page(html)
    for entry in cls.glossary().entries:
        assert entry.anchor in page.ids
        assert f'<dt id="{entry.anchor}">{entry.term}</dt>' in html.replace("&#x27;", "'")
    assert len(page.ids) == len(set(page.ids)), "an id is used twice"
    inner = [link[1:] for link in page.links if link.startswith("#")]
    assert "glossary" in inner and any(a.startswith("rules-") for a in inner)
    assert set(inner) <= set(page.ids), set(inner) - set(page.ids)
    assert page.scripts == ["/static/rules.js"]  # the rules text holds no script of its own
    assert ("<table>" in html) == (game_id == "elysium")  # Markdown tables: Legend VP
    assert client.get("/static/rules.js").status_code == 200


def test_the_rules_index_lists_every_game_with_rules(client: TestClient) -> None:
    response = client.get("/rules")
    assert response.status_code == 200
    page = Page(response.text)
    assert {"/rules/ilium", "/rules/elysium"} <= set(page.links)
    assert "/rules/take-away" not in page.links  # a game without a rules text


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ("/rules/nope", "There is no game &#x27;nope&#x27;."),
        ("/rules/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "There is no game &#x27;&lt;script&gt;"),
        ("/rules/take-away", "Take-away has no rules page."),
        ("/rules/ilium/more", "There is no game &#x27;ilium/more&#x27;."),
    ],
)
def test_an_unknown_game_gets_a_clean_404_page_that_lists_the_rules(
    client: TestClient, path: str, problem: str
) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert problem in response.text
    assert "<script>alert" not in response.text
    assert {"/rules/ilium", "/rules/elysium"} <= set(Page(response.text).links)
