"""Elysium told in words: cards, events and the score breakdown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kleos.core.protocol import Event
from kleos.games.elysium.cards import Card

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

RESOURCE_NAMES = {"gold": "gold", "vp": "VP", "pp": "PP"}


def card_text(card: Card) -> str:
    """A card in full: id, name, family, level, condition, power type and its effect."""
    d = card.design
    power = d.power + (f" [{d.window}]" if d.window else "") + (f" [{d.hook}]" if d.hook else "")
    condition = " + ".join(card.condition)
    return (
        f"{card.id} {d.name} ({d.family.title()} L{d.level}; needs {condition}; {power}): {d.text}"
    )


def describe_scoring(game: Elysium, outcome: dict[str, Any]) -> str:
    """The final score breakdown of every player, and the winners."""
    lines = ["Final scoring:"]
    for p, part in enumerate(outcome["breakdown"]):
        lines.append(
            f"  {game.player_name(p)}: Legends {part['legends']}, family tiles "
            f"{part['family_tiles']}, level tiles {part['level_tiles']}, Ares {part['ares']} "
            f"({part['pp']} PP), Chronos {part['chronos']}, VP tokens {part['vp_tokens']}, "
            f"Citizens {part['citizens']} → {part['total']} (gold {part['gold']}, "
            f"place {part['place']})"
        )
    winners = " and ".join(game.player_name(p) for p in outcome["winners"])
    verdict = f"{winners} {'wins' if len(outcome['winners']) == 1 else 'share the victory'}."
    lines.append(outcome.get("tiebreak") or verdict)
    return "\n".join(lines)


def describe_event(game: Elysium, event: Event) -> str:
    """One event in words."""
    kind = event["kind"]
    who = game.player_name(event["player"]) if "player" in event else ""

    def name(card_id: str) -> str:
        card = game.card(game.actions.card_index[card_id])
        return f"{card.design.name} ({card_id})"

    if kind == "setup":
        order = ", ".join(game.player_name(p) for p in event["order"])
        families = ", ".join(event["families"])
        return f"Families: {families}; Pediment side {event['pediment']}; discs: {order}."
    if kind == "epoch":
        return f"Epoch {event['epoch']} begins ({event['agora']} cards in the Agora)."
    if kind == "power":
        return f"{who} uses the power of {name(event['card'])}."
    if kind == "take":
        return f"{who} takes {name(event['card'])} from the {event['source'].title()}."
    if kind == "quest":
        return f"{who} takes Quest {event['quest']}."
    if kind == "citizen":
        return (
            f"{who} takes a Citizen."
            if event["received"]
            else f"{who} takes a Citizen, but no card is left."
        )
    if kind == "pass":
        return f"{who} passes for the rest of the epoch."
    if kind == "dismiss":
        return f"{who} dismisses the {event['column']} column."
    if kind == "keep_column":
        return f"{who} keeps all columns this time."
    if kind == "income":
        quests = ", ".join(f"{game.player_name(p)} {q}" for p, q in enumerate(event["quests"]))
        order = ", ".join(game.player_name(p) for p in event["order"])
        return f"Writing the Legends. Quests: {quests}. New disc order: {order}."
    if kind == "writing":
        return f"{who}'s Writing step: {event['allowance']} transfer(s) allowed."
    if kind == "transfer":
        what = "a Citizen" if event["card"] is None else name(event["card"])
        how = " (immediate)" if event["immediate"] else ""
        return f"{who} transfers {what} to Legend {event['legend']} for {event['cost']} gold{how}."
    if kind == "end_step":
        return f"{who} ends the Writing step."
    if kind == "gain":
        return f"{who} gains {event['n']} {RESOURCE_NAMES[event['resource']]}."
    if kind == "gift":
        return f"{who} chooses the gift of {event['n']} {RESOURCE_NAMES[event['resource']]}."
    if kind == "immune":
        return f"{who} is immune to the attack."
    if kind == "lose":
        return f"{who} loses {event['n']} {RESOURCE_NAMES[event['resource']]}."
    if kind == "discard":
        what = "a Citizen" if event["citizen"] else name(event["card"])
        return f"{who} discards {what}" + (
            f", revealed as {event['card']}." if event["citizen"] else "."
        )
    if kind == "steal":
        return f"{who} steals {event['n']} gold from {game.player_name(event['victim'])}."
    if kind == "copy":
        return f"{who} copies the power of {name(event['card'])}."
    if kind == "oracle_card":
        return f"{who} takes {name(event['card'])} from the Oracle as an extra card."
    if kind == "swap":
        return f"{who} swaps {name(event['agora'])} (Agora) with {name(event['oracle'])} (Oracle)."
    if kind == "modifier":
        return f"{who} gains a pending {event['op'].replace('_', ' ')} ({event['n']})."
    if kind == "extra_citizens":
        return f"{who} receives {event['n']} Citizen(s)."
    if kind == "family_tile":
        vp = game.card_set.family_bonus_vp[event["rank"]]
        family = event["family"].title()
        return f"{who} completes a Family Legend of {family} and wins its tile ({vp} VP)."
    if kind == "level_tile":
        taken = event["taken_from"]
        source = f" from {game.player_name(taken)}" if taken is not None else ""
        return f"{who} takes the Level {event['level']} bonus tile{source}."
    if kind == "reshuffle":
        return f"The discard pile ({event['cards']} cards) is shuffled into a new draw pile."
    if kind == "scoring":
        return describe_scoring(game, event["outcome"])
    return str(event)
