"""Elysium on the terminal: Temple, Agora, Oracle, Domains and Elysiums, drawn from the game's
static info and view envelopes.

Card texts come from the static info, so every card is shown in full wherever it appears.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from kleos.cli.score_table import score_table
from kleos.cli.style import seat_label, seat_style
from kleos.core.words import join_words

COLUMN_STYLES = {"yellow": "yellow", "blue": "dodger_blue1", "green": "green", "red": "red"}


def _circles(condition: list[str], marks: dict[str, str]) -> Text:
    text = Text()
    for colour in condition:
        style = COLUMN_STYLES.get(colour)
        text.append("●" if style else "○", style=style or "bold")
        text.append(marks[colour], style=style or "bold")
    return text


class ElysiumRenderer:
    """Draws Elysium views with every card's full text."""

    def __init__(self, static: dict[str, Any]) -> None:
        data = static["data"]
        self.cards: dict[str, dict[str, Any]] = {card["id"]: card for card in data["cards"]}
        self.quests: dict[str, dict[str, Any]] = {q["id"]: q for q in data["quests"]}
        self.pediments: dict[str, list[str]] = data["pediments"]
        self.marks: dict[str, str] = data["column_marks"]
        self.citizen_note: str = data["citizen_note"]
        self.phases: dict[str, str] = data["phases"]
        self.limits: dict[str, int] = data["limits"]
        self.figures: list[dict[str, str]] = data["figures"]
        self.score_rows: list[dict[str, Any]] = data["score_rows"]

    def _name(self, view: dict[str, Any], p: int) -> str:
        return seat_label(view["seats"][p]["name"], p)

    def _card_row(self, table: Table, card_id: str, *extra: str | Text) -> None:
        info = self.cards[card_id]
        power = info["power"] + (f" [{info['window']}]" if info["window"] else "")
        power += f" [{info['hook']}]" if info["hook"] else ""
        table.add_row(
            Text(card_id, style="bold"),
            f"{info['name']} ({info['family'].title()} L{info['level']})",
            _circles(info["condition"], self.marks),
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
        public = view["public"]
        parts: list[RenderableType] = [self._title(view), self._temple(view)]
        takers: dict[str, list[str]] = {}
        for p, ps in enumerate(public["players_state"]):
            for card_id in ps["can_take"]["cards"]:
                takers.setdefault(card_id, []).append(view["seats"][p]["name"])
        for row_name in ("agora", "oracle"):
            if public[row_name] is None:  # no Oracle without Apollo
                continue
            table = self._card_table(
                f"{row_name.title()} ({len(public[row_name])} cards)", ("Who may take",)
            )
            for card_id in public[row_name]:
                self._card_row(table, card_id, " ".join(takers.get(card_id, [])) or "–")
            parts.append(table)
        for p in public["order"]:
            parts.append(self._player(view, p))
        parts.append(self._status(view))
        return Group(*parts)

    def private(self, view: dict[str, Any]) -> RenderableType | None:
        """Elysium has no private information: every player sees the same view."""
        return None

    def decision(self, view: dict[str, Any]) -> str:
        """What the deciding player is asked."""
        current = view["current_player"]
        if current is None:
            return "The game is over."
        prompt = view["decision"]["prompt"]
        name = view["seats"][current]["name"]
        return f"{self._name(view, current)}: {prompt.removeprefix(name + ' must ')}."

    def final(self, view: dict[str, Any]) -> RenderableType | None:
        """The final breakdown in the game's rows (Legends one by one, bonus tiles, Ares,
        Chronos, VP tokens, Citizens, gold), the places, the winners and how a tie was broken."""
        final = view["outcome"]
        if not final:
            return None
        parts = final["breakdown"]
        table = score_table(view, self.score_rows, [self._name(view, p) for p in range(len(parts))])
        table.add_row("Place", *(str(part["place"]) for part in parts))
        winners = [self._name(view, p) for p in final["winners"]]
        verdict = "wins" if len(winners) == 1 else "share the victory"
        lines = [Text.from_markup(f"{join_words(winners)} {verdict}.")]
        if final.get("tiebreak"):
            lines.append(Text(final["tiebreak"]))
        return Group(table, *lines)

    def _title(self, view: dict[str, Any]) -> Text:
        public = view["public"]
        families = ", ".join(f.title() for f in public["families"])
        epochs = self.limits["epochs"]
        return Text(
            f"Elysium · {view['players']} players · epoch {public['epoch']}/{epochs} · "
            f"{self.phases.get(public['phase'], public['phase'])} · {families}",
            style="bold",
        )

    def _temple(self, view: dict[str, Any]) -> Text:
        public = view["public"]
        names = [seat["name"] for seat in view["seats"]]
        text = Text("Temple (Pediment side " + public["pediment"] + "): ")
        colours = self.pediments[public["pediment"]]
        for quest_id in public["temple"]:
            q = self.quests[quest_id]
            colour = colours[q["number"] - 1]
            text.append(f"{quest_id} ", style="bold")
            text.append(f"●{self.marks[colour]}", style=COLUMN_STYLES[colour])
            text.append(f" {q['vp']}VP {q['gold']}g {q['lyres']}♪")
            takers = [
                names[p]
                for p, ps in enumerate(public["players_state"])
                if quest_id in ps["can_take"]["quests"]
            ]
            text.append(f" ({' '.join(takers) or 'nobody'} may take)   ", style="dim")
        tiles = [
            f"{family.title()} → {join_words([names[h] for h in holders])}"
            for family, holders in public["family_tiles"].items()
        ]
        tiles += [
            f"Level {level} → {names[holder]}"
            for level, holder in public["level_tiles"].items()
            if holder is not None
        ]
        text.append(f"\nDraw pile {public['draw_pile']} · discard {len(public['discard'])}")
        if tiles:
            text.append(" · bonus tiles: " + "; ".join(tiles))
        return text

    def _player(self, view: dict[str, Any], p: int) -> RenderableType:
        ps = view["public"]["players_state"][p]
        seat = view["seats"][p]
        name = seat["name"]
        marker = "▶ " if p == view["current_player"] else ""
        figures = [f"{seat[f['key']]} {f['label']}" for f in self.figures if f["key"] in seat]
        head = Text.from_markup(
            f"{marker}{seat_label(name, p)} · disc {seat['disc']} · " + " · ".join(figures)
        )
        head.append(" · columns ")
        for colour in ps["columns"]:
            head.append(f"{self.marks[colour]}", style=f"bold {COLUMN_STYLES[colour]}")
        if not ps["columns"]:
            head.append("none", style="dim")
        quest = ps["quest"] or ("passed" if ps["passed"] else "–")
        head.append(f" · cards {ps['card_takes']}/{self.limits['cards_per_epoch']} · quest {quest}")
        if ps["pending_notes"]:
            head.append(" · pending: " + "; ".join(ps["pending_notes"]), style="italic")
        parts: list[RenderableType] = [head]
        if ps["domain"] or ps["citizens"]:
            table = self._card_table("", ("State",))
            table.show_header = False
            for entry in ps["domain"]:
                self._card_row(table, entry["card"], "; ".join(entry["notes"]))
            if ps["citizens"]:
                table.add_row(
                    Text("citizens", style="dim"),
                    f"{len(ps['citizens'])} face down",
                    "",
                    Text(self.citizen_note, style="dim"),
                    "",
                )
            parts.append(table)
        for number, legend in enumerate(ps["elysium"], 1):
            cards = [f"{c} {self.cards[c]['name']}" for c in legend["cards"]] + [
                f"Citizen (as L{c['level']})" for c in legend["citizens"]
            ]
            parts.append(
                Text(
                    f"   Legend {number}: {legend['title']}: {', '.join(cards)} "
                    f"→ {legend['forecast_vp']} VP"
                )
            )
        style = seat_style(name, p)
        parts.append(Text("─" * 40, style=style))
        return Group(*parts)

    def _status(self, view: dict[str, Any]) -> Text:
        public = view["public"]
        if public["writer"] is not None:
            who = view["seats"][public["writer"]]["name"]
            return Text(f"{who}'s Writing step: {public['allowance']} transfer(s) left.")
        return Text("")
