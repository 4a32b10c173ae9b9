"""Ilium on the terminal: paths, sites, players and the final table, drawn from the game's
static info and view envelopes."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kleos.cli.score_table import score_table
from kleos.cli.style import seat_label, seat_style
from kleos.core.words import join_words

SHOVEL = "⛏"
MOST_SPACES = 5
LEGEND = (
    f"{SHOVEL} shovel end (space 0)",
    "R2 Red group of 2",
    "R▪ Red cube",
    "·3 empty space 3",
    "◀ this turn",
    "✓ dug",
    "underlined: the most tokens of a type",
)


def _names(view: dict[str, Any]) -> list[str]:
    return [seat["name"] for seat in view["seats"]]


def _kind(view: dict[str, Any]) -> str:
    """The pending decision's kind, or 'over'."""
    return view["decision"]["kind"] if view["decision"] else "over"


class IliumRenderer:
    """Draws Ilium views: every usable path, the sites' tokens and each player's holdings."""

    def __init__(self, static: dict[str, Any]) -> None:
        data = static["data"]
        self.variants: list[str] = static["variants"]
        self.ends = {path["id"]: path["ends"] for path in data["board"]["paths"]}
        self.closed = [site["id"] for site in data["board"]["sites"] if site["closed"]]
        self.types: list[str] = data["artifact_types"]
        self.tokens: dict[str, dict[str, Any]] = data["tokens"]
        self.help: dict[str, str] = data["decision_help"]
        self.offer_value: int = data["offer_value"]
        self.score_rows: list[dict[str, Any]] = data["score_rows"]

    def board(self, view: dict[str, Any]) -> RenderableType:
        """The public board, players and turn as one renderable."""
        parts: list[RenderableType] = [
            self._title(view),
            self._paths(view),
            Columns([Text(item, style="dim") for item in LEGEND], padding=(0, 2)),
            self._sites(view),
            self._players(view),
            self._status(view),
        ]
        return Group(*parts)

    def private(self, view: dict[str, Any]) -> RenderableType | None:
        """The viewer's Historian and, in the standard game, the next card of their deck."""
        private, viewer = view["private"], view["viewer"]
        if not private or viewer is None or view["is_terminal"]:
            return None
        name = _names(view)[viewer]
        text = Text.from_markup(
            f"Historian: [bold]{private['historian']}[/] — at the end you donate your "
            f"highest {private['historian']} token."
        )
        if "top_card" in private:
            top = private["top_card"]
            text.append("\nNext card of your deck: ")
            text.append("none (deck empty)" if top is None else str(top), style="bold")
        style = seat_style(name, viewer)
        return Panel(text, title=f"{name}'s secrets", title_align="left", border_style=style)

    def decision(self, view: dict[str, Any]) -> str:
        """What the deciding player is asked, in words."""
        current = view["current_player"]
        if current is None:
            return "The game is over."
        name = _names(view)[current]
        who = seat_label(name, current)
        if current == view["viewer"]:
            who = f"You ({who})"
        asked = view["decision"]["prompt"].removeprefix(f"{name} must ")
        return f"{who}: {asked}. {self.help.get(_kind(view), '')}".rstrip()

    def final(self, view: dict[str, Any]) -> RenderableType | None:
        """The score breakdown in the game's rows (majorities and artifacts per type, sets,
        totals, the artifacts that break a tie), the winners and how a tie was broken."""
        final = view["outcome"]
        if not final:
            return None
        names = [seat_label(name, p) for p, name in enumerate(_names(view))]
        table = score_table(view, self.score_rows, names)
        winners = [names[p] for p in final["winners"]]
        best = max(final["scores"])
        verdict = (
            f"{winners[0]} wins with {best} points."
            if len(winners) == 1
            else f"{join_words(winners)} share the victory with {best} points."
        )
        lines = [Text.from_markup(verdict)]
        if final.get("tiebreak"):
            lines.append(Text(final["tiebreak"]))
        return Group(table, *lines)

    def _title(self, view: dict[str, Any]) -> Text:
        variants = ", ".join(self.variants) or "standard rules"
        title = Text(f"Ilium · {view['players']} players · {variants}", style="bold")
        return title

    def _paths(self, view: dict[str, Any]) -> Columns:
        names = _names(view)
        public = view["public"]
        turn = public["current_turn"]["path"] if _kind(view) not in ("over", "card") else None
        rows = []
        for pid, spaces in public["paths"].items():
            shovel, far = self.ends[pid]
            full = all(space is not None for space in spaces)
            row = Text()
            row.append(f"{pid} ", style="dim")
            row.append(f"{shovel}{SHOVEL}", style="bold")
            for i, space in enumerate(spaces):
                row.append(" ")
                if space is None:
                    row.append(f"·{i}", style="dim")
                elif "cube" in space:
                    owner = space["cube"]
                    row.append(f"{names[owner][0]}▪", style=seat_style(names[owner], owner))
                else:
                    owner = space["group"]
                    style = "bold " + seat_style(names[owner], owner)
                    row.append(f"{names[owner][0]}{space['size']}", style=style)
            row.append(f" {far}", style="bold")
            row.append(" " * 3 * (MOST_SPACES - len(spaces)))
            row.append(" ◀" if pid == turn else " ✓" if full else "  ", style="bold")
            rows.append(row)
        return Columns(rows, column_first=True, padding=(0, 3))

    def _sites(self, view: dict[str, Any]) -> Table:
        queue = "burial-vaults" in self.variants
        header = "Tokens, taken in this order" if queue else "Tokens (the lowest value goes first)"
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1))
        table.add_column("Site", style="bold")
        table.add_column(header)
        for site, tokens in view["public"]["sites"].items():
            if not tokens:
                table.add_row(site, Text("empty", style="dim"))
                continue
            low = min(self.tokens[t]["value"] for t in tokens)
            cells = Text()
            for i, token in enumerate(tokens):
                first = i == 0 if queue else self.tokens[token]["value"] == low
                cells.append(("" if i == 0 else " ") + token, style="bold" if first else "")
            table.add_row(site, cells)
        for site in self.closed:
            table.add_row(Text(site, style="dim"), Text("closed in the 2-player game", style="dim"))
        return table

    def _players(self, view: dict[str, Any]) -> Table:
        names = _names(view)
        public = view["public"]
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1))
        table.add_column("Player")
        for kind in self.types:
            table.add_column(kind)
        table.add_column("Cubes", justify="right")
        table.add_column("Deck 1/2/3", justify="right")
        for p, hand in enumerate(public["hands"]):
            label = ("▶ " if p == public["turn"] and _kind(view) != "over" else "  ") + (
                seat_label(names[p], p)
            )
            if p == view["viewer"]:
                label += " (you)"
            held: dict[str, list[str]] = {kind: [] for kind in self.types}
            for token in hand["tokens"]:
                held[self.tokens[token]["type"]].append(str(self.tokens[token]["value"]))
            deck = hand["deck"]
            table.add_row(
                label,
                *(self._held(held, kind, p, public["majorities"]) for kind in self.types),
                str(hand["cubes"]),
                f"{deck['1']}/{deck['2']}/{deck['3']}",
            )
        return table

    @staticmethod
    def _held(
        held: dict[str, list[str]], kind: str, p: int, majorities: dict[str, list[int]]
    ) -> str:
        """A seat's tokens of one type, underlined when it holds the most of them."""
        values = " ".join(held[kind]) or "[dim]·[/]"
        return f"[underline]{values}[/]" if p in majorities[kind] else values

    def _status(self, view: dict[str, Any]) -> Text:
        names = _names(view)
        public = view["public"]
        turn, current = public["turn"], public["current_turn"]
        offer = "used" if public["offer_used"] else "unused"
        lines = [
            f"Value-{self.offer_value} tokens still on sites: {public['fours_on_sites']} · "
            f"end-game offer: {offer}"
        ]
        if public["removed_tokens"]:
            lines.append("Out of the game: " + " ".join(public["removed_tokens"]))
        if _kind(view) != "over":
            status = f"▶ {seat_label(names[turn], turn)}'s turn"
            if current["card"]:
                how = "chosen" if "strategic-expeditions" in self.variants else "revealed"
                status += f" · {how} card: [bold]{current['card']}[/]"
            if current["group_space"] is not None:
                status += f" · group on {current['path']}:{current['group_space']}"
            if current["last_cube"] is not None:
                status += f" · last cube on space {current['last_cube']}"
            lines.append(status)
        excavation = public["excavation"]
        if excavation:
            first = seat_label(names[excavation["first"]], excavation["first"])
            text = f"Excavating {excavation['path']}: {first} first"
            second = excavation["second"]
            if second is not None:
                qualifies = "qualifies" if excavation["second_qualifies"] else "does not qualify"
                text += f", {seat_label(names[second], second)} second ({qualifies})"
            takes = [
                f"{seat_label(names[t['player']], t['player'])} at {t['site']}"
                for t in excavation["pending_takes"]
            ]
            if takes:
                text += " · takes to come: " + ", ".join(takes)
            lines.append(text)
        return Text.from_markup("\n".join(lines))
