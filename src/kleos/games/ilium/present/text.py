"""Ilium's events told in words, for terminals, logs and replays."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, Any

from kleos.core.protocol import Event
from kleos.games.ilium.board import TYPES
from kleos.games.ilium.present.labels import names, site_name

if TYPE_CHECKING:
    from kleos.games.ilium.game import Ilium


def describe_excavation(game: Ilium, event: Event) -> str:
    """Who ranked how on a full path, and who takes from where."""
    path = game.board.paths[game.board.path_index(event["path"])]
    shovel = game.board.sites[path.shovel].id
    counts: dict[str, int] = event["counts"]
    distances: dict[str, int] = event["distances"]
    ranking: list[int] = event["ranking"]
    name = game.player_name
    lines = [
        f"{path.id} ({game.board.sites[path.a].id}–{game.board.sites[path.b].id}) is full "
        "and is excavated.",
        "Archaeologists: "
        + ", ".join(f"{name(p)} {counts[str(p)]}" for p in ranking)
        + " (supply cubes count for nobody).",
    ]
    for better, worse in pairwise(ranking):
        if counts[str(better)] == counts[str(worse)]:
            lines.append(
                f"{name(better)} and {name(worse)} tie on {counts[str(better)]}; "
                f"{name(better)} is nearer the shovel at {shovel} "
                f"(space {distances[str(better)]} against {distances[str(worse)]})."
            )
    first, second = event["first"], event["second"]
    if second < 0:
        lines.append(f"{name(first)} is alone on the path and takes from both sites.")
    elif event["qualifies"]:
        lines.append(
            f"{name(first)} has the majority and {name(second)} is second with at least half "
            f"(2×{counts[str(second)]} ≥ {counts[str(first)]}): {name(first)} chooses a site, "
            f"{name(second)} takes at the other."
        )
    else:
        lines.append(
            f"{name(first)} has the majority; {name(second)} has less than half "
            f"(2×{counts[str(second)]} < {counts[str(first)]}) and does not qualify, "
            f"so {name(first)} takes from both sites, {shovel} (the shovel end) first."
        )
    if len(ranking) > 2:
        lines.append(f"{names(game, ranking[2:])} placed here but rank too low to take anything.")
    return "\n".join(lines)


def describe_scoring(game: Ilium, outcome: dict[str, Any]) -> str:
    """Every majority, every set, the totals and the winners."""
    name = game.player_name
    parts = outcome["breakdown"]
    n = len(parts)
    lines = ["Scoring (tokens held after the donations):"]
    for artifact in TYPES:
        counts = [parts[p]["tokens"][artifact] for p in range(n)]
        points = [parts[p]["majorities"][artifact] for p in range(n)]
        held = ", ".join(f"{name(p)} {counts[p]}" for p in range(n))
        leaders = [p for p in range(n) if points[p]]
        if not leaders:
            verdict = "nobody holds any, nobody scores"
        elif len(leaders) == 1:
            verdict = f"{name(leaders[0])} has the most tokens and scores 10"
        else:
            verdict = f"{names(game, leaders)} tie for the most and score 5 each"
        lines.append(f"  {artifact}: {held} tokens → {verdict}.")
    for p in range(n):
        part = parts[p]
        arts = ", ".join(f"{a} {part['artifacts_by_type'][a]}" for a in TYPES)
        lines.append(
            f"  {name(p)}: {part['sets']} complete set(s) ({arts} artifacts) → "
            f"{part['set_points']}; total {part['majority_points']} + {part['set_points']} = "
            f"{part['total']} with {part['artifacts']} artifacts."
        )
    tiebreak = outcome.get("tiebreak")
    if tiebreak:
        lines.append(tiebreak)
    else:
        lines.append(f"{name(outcome['winners'][0])} wins with {max(outcome['scores'])} points.")
    return "\n".join(lines)


def describe_event(game: Ilium, event: Event) -> str:
    """One event in words."""
    kind = event["kind"]
    who = game.player_name(event["player"]) if "player" in event else ""
    if kind == "card":
        verb = "plays" if event["chosen"] else "reveals"
        return f"{who} {verb} a {event['value']}."
    if kind == "place":
        size = event["size"]
        noun = "archaeologist" if size == 1 else "archaeologists"
        return f"{who} places {size} {noun} on {event['path']}:{event['space']}."
    if kind == "cube":
        return f"{who} places a supply cube on {event['path']}:{event['space']}."
    if kind == "excavation":
        return describe_excavation(game, event)
    if kind == "site":
        return f"{who} chooses to dig at {site_name(game, event['site'])}."
    if kind == "take":
        if event["token"] is None:
            return f"{who} takes nothing from {site_name(game, event['site'])}: it is empty."
        return f"{who} takes {event['token']} from {site_name(game, event['site'])}."
    if kind == "offer":
        if event["end"]:
            return f"All five 4s are excavated and {who} ends the game."
        return f"All five 4s are excavated; {who} plays on (the offer will not come again)."
    if kind == "game_end":
        return {
            "cards": "Every Assignment card has been played: the game is over.",
            "offer": "The game is over.",
            "no-room": "No usable path has an empty space: the game is over.",
        }[event["reason"]]
    if kind == "donation":
        if event["token"] is None:
            return f"{who}'s Historian is {event['historian']}; {who} has none to donate."
        return f"{who}'s Historian is {event['historian']}; {who} donates {event['token']}."
    if kind == "scoring":
        return describe_scoring(game, event["outcome"])
    return str(event)
