"""Unit tests of each board module, in chromium: `render(root, info, envelope, ctx)` on fixture
envelopes the engine makes (one position of every kind of decision of each game, 2 to 4
players, the variants, the end, another board file), checked without a server game around it.

At every position: every legal action with a target is clickable on the board, and clicking it
chooses exactly that action; the board hands back exactly the ids it made clickable; every
target of a legal action names an element of the board; nothing is clickable in a replay, which
shows every seat's secrets; the end shows the result."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

import kleos
from kleos.core.protocol import Game
from kleos.session.match import Match

BOARD = Path(__file__).parent / "data" / "aegean-board.json"
CONFIGS = [
    ("ilium", 2, {}),
    ("ilium", 3, {"variants": ["strategic-expeditions"]}),
    ("ilium", 4, {"variants": ["burial-vaults"]}),
    ("ilium", 3, {"board": str(BOARD)}),
    ("elysium", 2, {"families": ["zeus", "ares", "apollo", "hades", "athena"]}),
    ("elysium", 3, {}),
    ("elysium", 4, {"families": ["poseidon", "hermes", "hephaestus", "apollo", "ares"]}),
]
CHECK = """async ({module, info, fixtures}) => {
  const board = await import(module);
  const results = [];
  for (const {env, privates} of fixtures) {
    const root = document.createElement("div");
    document.body.replaceChildren(root);
    const chosen = [];
    const ctx = {choose: (id) => chosen.push(id), replay: false};
    const made = [...board.render(root, info, env, ctx)];
    const clicks = [];
    for (const choice of env.legal_actions.filter((c) => made.includes(c.id))) {
      chosen.length = 0;
      const element = [...root.querySelectorAll("[data-action]")]
        .find((e) => e.dataset.action === choice.text);
      element?.dispatchEvent(new MouseEvent("click", {bubbles: true}));
      clicks.push([choice.id, [...chosen]]);
    }
    const targets = [...root.querySelectorAll("[data-target]")].map((e) => e.dataset.target);
    const replayRoot = document.createElement("div");
    const replay = {choose: () => {}, replay: true, privates};
    const replayed = [...board.render(replayRoot, info, env, replay)];
    results.push({
      made, clicks, targets,
      text: root.textContent,
      replayed, replaySecrets: replayRoot.querySelectorAll("[data-secret]").length,
    });
  }
  return results;
}"""


def fixtures(game: Game, seed: int) -> Iterator[dict[str, Any]]:
    """The envelope of the seat deciding at the first position of each kind of decision met
    along a random game, and the end; with every seat's secrets (as a replay has them)."""
    match = Match(game, [f"seat {p}" for p in range(game.players)])
    rng = random.Random(seed)
    seen: set[str] = set()
    while True:
        state = match.state
        privates = [state.view(p)["private"] for p in range(game.players)]
        if match.is_over:
            yield {"env": match.envelope_for(0), "privates": privates}
            return
        kind = state.view(None)["decision"]["kind"]
        seat = match.current_player
        assert seat is not None
        if kind not in seen:
            seen.add(kind)
            yield {"env": match.envelope_for(seat), "privates": privates}
        match.submit(seat, rng.choice(state.legal_actions()), match.state_id)


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_the_board_module_draws_every_kind_of_decision_and_the_end(
    open_page: Callable[..., Page],
    base_url: str,
    game_id: str,
    players: int,
    options: dict[str, Any],
) -> None:
    page = open_page()
    game = kleos.make(game_id, players=players, seed=players, **options)
    envelopes = list(fixtures(game, seed=players))
    info = json.loads(json.dumps(game.without_seed().static_info()))
    page.goto(f"{base_url}/rules")  # a page of the client's origin that draws no game
    module = f"{base_url}/static/{game_id}.js"
    results = page.evaluate(CHECK, {"module": module, "info": info, "fixtures": envelopes})
    for fixture, result in zip(envelopes, results, strict=True):
        env = fixture["env"]
        legal = env["legal_actions"]
        targeted = {c["id"] for c in legal if c["target"]}
        where = f"{game_id} {players}p, {env['decision'] and env['decision']['kind']}"
        assert targeted <= set(result["made"]) <= {c["id"] for c in legal}, where
        assert all(chosen == [choice] for choice, chosen in result["clicks"]), where
        assert {c["target"] for c in legal if c["target"]} <= set(result["targets"]), where
        assert result["replayed"] == [], where
        if game_id == "ilium":
            assert result["replaySecrets"] == players, where  # every seat's Historian
        if env["is_terminal"] and game_id == "elysium":
            assert "Final scores" in result["text"], where
    kinds = {f["env"]["decision"]["kind"] for f in envelopes if f["env"]["decision"]}
    assert len(kinds) >= 3 and envelopes[-1]["env"]["is_terminal"]
