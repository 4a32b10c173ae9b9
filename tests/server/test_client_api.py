"""What the browser client stands on: its pages and modules, the catalog, a game's static
info and told log, the replay of a finished game and its analysis in the background."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import create, envelope, wait_for
from fastapi.testclient import TestClient

import kleos
from kleos.core.registry import game_class
from kleos.server.app import create_app
from kleos.server.pages import WEB
from kleos.server.settings import Settings


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A server whose analysis is quick (a short search, few rollouts)."""
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("quick"),
        ai_workers=1,
        ai_move_seconds=0,
        ai_games_per_hour=10_000,
        games_per_minute=10_000,
        analysis_agent="ismcts:iterations=8",
        analysis_samples=2,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def finished_game(client: TestClient, game: str = "ilium", players: int = 2) -> dict[str, Any]:
    """A game of random AI seats, played to its end; its spectator envelope."""
    created = create(client, game, ["random"] * players)
    return wait_for(client, created["id"], None, lambda found: found["is_terminal"])


def test_every_page_route_serves_the_client_shell_with_its_security_headers(
    client: TestClient,
) -> None:
    for path in ("/", "/my", "/games/abc123", "/games/abc123/invite"):
        page = client.get(path)
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert '<script type="module" src="/static/app.js">' in page.text
        assert page.headers["referrer-policy"] == "no-referrer"  # links carry tokens
        assert "default-src 'self'" in page.headers["content-security-policy"]


def test_every_module_and_stylesheet_the_client_names_is_served(client: TestClient) -> None:
    shell = (WEB / "index.html").read_text()
    named = set(re.findall(r'(?:src|href)="/static/([\w.-]+)"', shell))
    for module in WEB.glob("*.js"):
        named |= set(re.findall(r'from "\./([\w.-]+)"', module.read_text()))
        named |= set(re.findall(r'import\("\./([\w.-]+)"\)', module.read_text()))
    assert {"app.js", "game.js", "ilium.js", "elysium.js", "style.css"} <= named
    for name in named:
        served = client.get(f"/static/{name}")
        assert served.status_code == 200, name
        assert served.headers["referrer-policy"] == "no-referrer"
    assert client.get("/static/nothing.js").status_code == 404


def test_no_line_of_the_client_is_over_120_characters() -> None:
    """The client's house limit (Biome's formatter keeps code within it, not long strings)."""
    long = [
        f"{path.name}:{number}"
        for path in sorted(WEB.glob("*.*"))
        if path.suffix in (".js", ".css", ".html")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > 120
    ]
    assert not long, f"lines over 120 characters: {long}"


def test_the_vendored_preact_is_the_locked_packages_own_file_and_is_served(
    client: TestClient,
) -> None:
    """vendor/preact.js is served as it is (no build step), and is byte for byte the file of
    the version package.json and its lockfile pin (`npm ci` installs it: `make lint`)."""
    root = Path(__file__).resolve().parents[2]
    pinned = json.loads((root / "package.json").read_text())["dependencies"]["preact"]
    package = root / "node_modules" / "preact"
    assert package.is_dir(), "run `npm ci` (make lint does) to install the client's packages"
    assert json.loads((package / "package.json").read_text())["version"] == pinned
    vendored = (WEB / "vendor" / "preact.js").read_bytes()
    assert vendored == (package / "dist" / "preact.mjs").read_bytes()
    served = client.get("/static/vendor/preact.js")
    assert served.status_code == 200 and served.content == vendored
    assert "javascript" in served.headers["content-type"]


def test_the_catalog_is_each_games_spec_and_the_ai_levels(client: TestClient) -> None:
    """Each game as its spec declares it (players, typed options), and the AI levels."""
    catalog = client.get("/api/catalog").json()
    games = {g["id"]: g for g in catalog["games"]}
    assert set(games) == set(kleos.game_ids())
    for game_id, described in games.items():
        assert described == json.loads(json.dumps(game_class(game_id).spec.describe()))
    ilium = {o["name"]: o for o in games["ilium"]["options"]}
    assert [c["id"] for c in ilium["variants"]["choices"]] == [
        "strategic-expeditions",
        "burial-vaults",
    ]
    assert ilium["board"]["kind"] == "data"
    assert (games["ilium"]["min_players"], games["ilium"]["max_players"]) == (2, 4)
    families = next(o for o in games["elysium"]["options"] if o["name"] == "families")
    assert (families["kind"], len(families["choices"]), families["count"]) == ("pick", 8, 5)
    assert [p["id"] for p in families["presets"]] == ["random", "recommended"]
    assert catalog["levels"] == ["random", "easy", "medium", "hard"]


def test_a_games_info_is_its_static_info_and_its_seat_kinds_never_its_seed(
    client: TestClient,
) -> None:
    created = create(client, "ilium", ["human", "easy"])
    info = client.get(f"/api/games/{created['id']}/info").json()
    assert info["game"] == "ilium" and info["kinds"] == ["human", "easy"]
    assert len(info["data"]["board"]["sites"]) == 13
    assert "seed" not in str(info)
    assert client.get("/api/games/nope/info").status_code == 404


def test_the_log_tells_every_move_and_its_events_in_words(client: TestClient) -> None:
    watched = finished_game(client)
    log = client.get(f"/api/games/{watched['id']}/log").json()
    assert [entry["state_id"] for entry in log] == list(range(watched["state_id"]))
    assert all(event["text"] for entry in log for event in entry["events"])
    told = [event["text"] for entry in log for event in entry["events"]]
    assert any(text.startswith("Scoring") for text in told)
    later = client.get(f"/api/games/{watched['id']}/log?since=5").json()
    assert later == log[5:]
    # Each move names the element it was played on, as its legal action's target did.
    places = [entry for entry in log if entry["action"].startswith("place ")]
    assert places and all(
        entry["target"] == "space:" + entry["action"].split()[1] for entry in places
    )
    assert all(entry["target"] is None for entry in log if entry["action"] == "no more cubes")
    assert client.get(f"/api/games/{watched['id']}/log?since=-1").status_code == 422
    assert client.get(f"/api/games/{watched['id']}/log?token=forged").status_code == 403


def test_a_finished_game_is_replayed_move_by_move_with_every_seats_secrets(
    client: TestClient,
) -> None:
    watched = finished_game(client, players=3)
    game_id, plies = watched["id"], watched["state_id"]
    start = client.get(f"/api/games/{game_id}/replay?ply=0").json()
    assert start["ply"] == 0 and start["plies"] == plies and start["state_id"] == 0
    assert start["recent"] == [] and not start["legal_actions"]
    assert [sorted(p) for p in start["privates"]] == [["historian", "top_card"]] * 3
    end = client.get(f"/api/games/{game_id}/replay?ply={plies}").json()
    assert end["public"] == watched["public"] and end["outcome"] == watched["outcome"]
    middle = client.get(f"/api/games/{game_id}/replay?ply=10").json()
    assert [m["state_id"] for m in middle["recent"]] == list(range(2, 10))
    refused = client.get(f"/api/games/{game_id}/replay?ply={plies + 1}")
    assert refused.status_code == 422 and str(plies) in refused.json()["error"]
    live = create(client, "ilium", ["human", "random"])
    assert client.get(f"/api/games/{live['id']}/replay?ply=0").status_code == 403


def test_the_analysis_is_computed_once_in_the_background_and_kept(
    quick: TestClient, tmp_path: Path
) -> None:
    watched = finished_game(quick)
    game_id = watched["id"]
    first = quick.get(f"/api/games/{game_id}/analysis").json()
    assert first["status"] in ("running", "done")
    deadline = time.monotonic() + 120
    result = first
    while result["status"] != "done":
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.1)
        result = quick.get(f"/api/games/{game_id}/analysis").json()
    chances = result["chances"]
    assert result["chances_by"] == "rollouts"  # measured more accurate than the models
    assert len(chances) == watched["state_id"] + 1
    assert all(abs(sum(row) - 1) < 1e-3 for row in chances)
    winners = watched["outcome"]["winners"]
    assert chances[-1] == [1 / len(winners) if p in winners else 0 for p in range(2)]
    assert result["moves"] and {m["mark"] for m in result["moves"]} <= {"", "!", "?", "??"}
    assert quick.get(f"/api/games/{game_id}/analysis").json() == result  # kept, not redone
    live = create(quick, "ilium", ["human", "random"])
    assert quick.get(f"/api/games/{live['id']}/analysis").status_code == 403
    assert envelope(quick, live["id"])["is_terminal"] is False
