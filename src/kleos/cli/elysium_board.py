"""Elysium on the terminal: Temple, Agora, Oracle, Domains and Elysiums, drawn from a view dict.

Card texts come from the game's public card data (`Elysium.card_info`), so every card is
shown in full wherever it appears.
"""

from __future__ import annotations

from typing import Any, Protocol

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from kleos.cli.style import join_names, seat_label, seat_style

COLUMN_STYLES = {"yellow": "yellow", "blue": "dodger_blue1", "green": "green", "red": "red"}
COLUMN_MARK = {"yellow": "Y", "blue": "B", "green": "G", "red": "R", "black": "K"}
RESOURCE = {"gold": "gold", "vp": "VP", "pp": "PP"}


class CardCatalog(Protocol):
    """What the renderer needs from the game: static card and Quest data."""

    def card_info(self, card_id: str) -> dict[str, Any]: ...

    def quest_info(self, quest_id: str) -> dict[str, Any]: ...


def _circles(condition: list[str]) -> Text:
    text = Text()
    for colour in condition:
        text.append("●" if colour != "black" else "○", style=COLUMN_STYLES.get(colour, "bold"))
        text.append(COLUMN_MARK[colour], style=COLUMN_STYLES.get(colour, "bold"))
    return text


class ElysiumRenderer:
    """Draws Elysium views with every card's full text."""

    def __init__(self, catalog: CardCatalog) -> None:
        self.catalog = catalog

    def _name(self, view: dict[str, Any], p: int) -> str:
        return seat_label(view["names"][p], p)

    def _card_row(self, table: Table, card_id: str, *extra: str | Text) -> None:
        info = self.catalog.card_info(card_id)
        power = info["power"] + (f" [{info['window']}]" if info["window"] else "")
        power += f" [{info['hook']}]" if info["hook"] else ""
        table.add_row(
            Text(card_id, style="bold"),
            f"{info['name']} ({info['family'].title()} L{info['level']})",
            _circles(info["condition"]),
            Text(f"{power}: {info['text']}"),
            *extra,
        )

    def _card_table(self, title: str, extra: tuple[str, ...] = ()) -> Table:
        table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1))
        table.add_column("Card")
        table.add_column("Name")
        table.add_column("Needs")
        table.add_column("Power", ratio=1)
        for header in extra:
            table.add_column(header)
        return table

    def board(self, view: dict[str, Any]) -> RenderableType:
        """Temple, Agora, Oracle, bonus tiles and every player's board, Domain and Elysium."""
        parts: list[RenderableType] = [self._title(view), self._temple(view)]
        takers: dict[str, list[str]] = {}
        for p, ps in enumerate(view["players_state"]):
            for card_id in ps["can_take"]["cards"]:
                takers.setdefault(card_id, []).append(view["names"][p])
        for row_name in ("agora", "oracle"):
            if row_name == "oracle" and "apollo" not in view["families"]:
                continue
            table = self._card_table(
                f"{row_name.title()} ({len(view[row_name])} cards)", ("Who may take",)
            )
            for card_id in view[row_name]:
                self._card_row(table, card_id, " ".join(takers.get(card_id, [])) or "–")
            parts.append(table)
        for p in view["order"]:
            parts.append(self._player(view, p))
        parts.append(self._status(view))
        return Group(*parts)

    def private(self, view: dict[str, Any]) -> RenderableType | None:
        """Elysium has no private information: every player sees the same view."""
        return None

    def decision(self, view: dict[str, Any]) -> str:
        """What the deciding player is asked."""
        current = view.get("current_player")
        if current is None:
            return "The game is over."
        who = self._name(view, current)
        asks = {
            "turn": "use a power, or take a card, a Quest or a Citizen (or pass)",
            "order_hook": "choose which Quest hook resolves next",
            "dismiss_column": "dismiss one of your columns",
            "order_eleusis": "choose which Eleusis power resolves next",
            "write": f"transfer to your Elysium ({view['allowance']} left), use a power, "
            "or end the step",
            "immediate_transfer_choice": "make an immediate transfer, or stop",
            "copy_target": "choose the card whose power you copy",
            "steal_target": "choose the opponent to steal gold from",
            "oracle_free_card": "choose the Oracle card to take",
            "oracle_swap_choice": "swap an Agora card with an Oracle card, or not",
            "gift_choice": "choose one of the two gifts",
            "attack_payment": "choose how to pay the attack",
        }
        return f"{who}: {asks.get(view['decision'], view['decision'])}."

    def final(self, view: dict[str, Any]) -> RenderableType | None:
        """The final breakdown: Legends, bonus tiles, Ares, Chronos, VP tokens, Citizens."""
        final = view.get("final")
        if not final:
            return None
        parts = final["breakdown"]
        table = Table(title="Final scores", box=box.SIMPLE_HEAVY)
        table.add_column("")
        for p in range(len(parts)):
            star = " ★" if p in final["winners"] else ""
            table.add_column(self._name(view, p) + star, justify="right")
        rows = (
            ("Legends", "legends"),
            ("Family tiles", "family_tiles"),
            ("Level tiles", "level_tiles"),
            ("Ares (PP rank)", "ares"),
            ("Chronos", "chronos"),
            ("VP tokens", "vp_tokens"),
            ("Citizens", "citizens"),
        )
        for label, key in rows:
            table.add_row(label, *(str(part[key]) for part in parts))
        table.add_row("Total", *(f"[bold]{part['total']}[/]" for part in parts), end_section=True)
        table.add_row("Gold (tiebreak)", *(str(part["gold"]) for part in parts))
        table.add_row("Place", *(str(part["place"]) for part in parts))
        winners = [self._name(view, p) for p in final["winners"]]
        verb = "wins" if len(winners) == 1 else "share the victory"
        return Group(table, Text.from_markup(f"{join_names(winners)} {verb}."))

    def _title(self, view: dict[str, Any]) -> Text:
        families = ", ".join(f.title() for f in view["families"])
        phase = {
            "actions": "Phase II: actions",
            "income": "Phase III: income",
            "writing": "Phase III: writing the Legends",
            "over": "game over",
        }
        return Text(
            f"Elysium · {view['players']} players · epoch {view['epoch']}/5 · "
            f"{phase.get(view['phase'], view['phase'])} · {families}",
            style="bold",
        )

    def _temple(self, view: dict[str, Any]) -> Text:
        text = Text("Temple (Pediment side " + view["pediment"] + "): ")
        colours = view["pediment_colours"]
        for quest_id in view["temple"]:
            q = self.catalog.quest_info(quest_id)
            colour = colours[q["number"] - 1]
            text.append(f"{quest_id} ", style="bold")
            text.append(f"●{COLUMN_MARK[colour]}", style=COLUMN_STYLES[colour])
            text.append(f" {q['vp']}VP {q['gold']}g {q['lyres']}♪")
            takers = [
                view["names"][p]
                for p, ps in enumerate(view["players_state"])
                if quest_id in ps["can_take"]["quests"]
            ]
            text.append(f" ({' '.join(takers) or 'nobody'} may take)   ", style="dim")
        tiles = [
            f"{family.title()} → {join_names([view['names'][h] for h in holders])}"
            for family, holders in view["family_tiles"].items()
        ]
        tiles += [
            f"Level {level} → {view['names'][holder]}"
            for level, holder in view["level_tiles"].items()
            if holder is not None
        ]
        text.append(f"\nDraw pile {view['draw_pile']} · discard {len(view['discard'])}")
        if tiles:
            text.append(" · bonus tiles: " + "; ".join(tiles))
        return text

    def _player(self, view: dict[str, Any], p: int) -> RenderableType:
        ps = view["players_state"][p]
        name = view["names"][p]
        marker = "▶ " if p == view["current_player"] else ""
        head = Text.from_markup(
            f"{marker}{seat_label(name, p)} · disc {ps['disc']} · {ps['gold']} gold · "
            f"{ps['vp']} VP" + (f" · {ps['pp']} PP" if "ares" in view["families"] else "")
        )
        head.append(" · columns ")
        for colour in ps["columns"]:
            head.append(f"{COLUMN_MARK[colour]}", style=f"bold {COLUMN_STYLES[colour]}")
        if not ps["columns"]:
            head.append("none", style="dim")
        quest = ps["quest"] or ("passed" if ps["passed"] else "–")
        head.append(f" · cards {ps['card_takes']}/3 · quest {quest}")
        pending = [
            f"{k.replace('_', ' ')} {v}"
            for k, v in ps["pending"].items()
            if v and k != "transfer_discounts"
        ]
        pending += [f"discount {d['n']}" for d in ps["pending"]["transfer_discounts"]]
        if pending:
            head.append(" · pending: " + ", ".join(pending), style="italic")
        parts: list[RenderableType] = [head]
        if ps["domain"] or ps["citizens"]:
            table = self._card_table("", ("State",))
            table.show_header = False
            for entry in ps["domain"]:
                state = "turned" if entry["turned"] else "ring" if entry["ring"] else ""
                self._card_row(table, entry["card"], state)
            if ps["citizens"]:
                table.add_row(
                    Text("citizens", style="dim"),
                    f"{len(ps['citizens'])} face down",
                    "",
                    Text("no power; joins a Legend of 2+ cards as the missing card", style="dim"),
                    "",
                )
            parts.append(table)
        for number, legend in enumerate(ps["elysium"], 1):
            kind = legend["type"]
            what = (
                f"{legend['family'].title()} Family Legend"
                if kind == "family"
                else f"Level {legend['level']} Legend"
                if kind == "level"
                else "single card"
            )
            cards = [f"{c} {self.catalog.card_info(c)['name']}" for c in legend["cards"]] + [
                f"Citizen (as L{c['level']})" for c in legend["citizens"]
            ]
            parts.append(
                Text(f"   Legend {number}: {what}: {', '.join(cards)} → {legend['forecast_vp']} VP")
            )
        style = seat_style(name, p)
        parts.append(Text("─" * 40, style=style))
        return Group(*parts)

    def _status(self, view: dict[str, Any]) -> Text:
        if view["writer"] is not None:
            who = view["names"][view["writer"]]
            return Text(f"{who}'s Writing step: {view['allowance']} transfer(s) left.")
        return Text("")
