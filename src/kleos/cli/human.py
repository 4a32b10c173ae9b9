"""Human seats: show a person their own view, read their choice, guard secrets in hotseat play."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kleos.agents import make_agent
from kleos.agents.base import Agent, Observation
from kleos.agents.ismcts import ISMCTSAgent
from kleos.cli.render import Renderer
from kleos.cli.story import Narrator
from kleos.cli.style import seat_label, seat_style
from kleos.core.errors import KleosError
from kleos.core.inputs import echo, whole_number
from kleos.core.protocol import Action

HELP = """\
Type the [bold]number[/] of an option, or the action's [bold]text[/] as listed \
(case does not matter).
  [bold]board[/]      show the board again
  [bold]hint[/]       ask the search (ISMCTS) what it thinks of each option
  [bold]help[/], [bold]?[/]    show this help
  [bold]quit[/]       abandon the game (its record is kept)"""
HINT_SPEC = "ismcts:iterations=1000:value=mix"
"""The search behind `hint`."""
MANY = 12
"""Above this many options, options are grouped by their first word to save room."""


def hint_table(observation: Observation, spec: str) -> RenderableType:
    """The search's evaluation of every legal action: visits and estimated win rate."""
    agent = make_agent(spec, seed=len(observation.legal_actions))
    assert isinstance(agent, ISMCTSAgent)
    stats = agent.analyse(observation)
    table = Table(
        title=f"Hint: {agent.last_iterations} iterations of {spec}",
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("Action")
    table.add_column("Visits", justify="right")
    table.add_column("Win rate", justify="right")
    numbers = {a: i for i, a in enumerate(observation.legal_actions, 1)}
    for row in stats[:MANY]:
        table.add_row(
            str(numbers[row.action]), str(row.action), str(row.visits), f"{row.win_rate:.0%}"
        )
    if len(stats) > MANY:
        table.caption = f"{len(stats) - MANY} less visited options not shown"
    return table


class GameAbandoned(Exception):
    """A human chose to stop playing (`quit`), or their input ended."""

    def __init__(self, *, input_ended: bool) -> None:
        super().__init__("the input ended" if input_ended else "")
        self.input_ended = input_ended


def options_list(options: Sequence[str]) -> RenderableType:
    """The options numbered from 1; a long list is grouped by its first word."""

    def entry(number: int, text: str) -> Text:
        return Text.assemble((f"{number:>3}", "bold cyan"), " ", text)

    if len(options) <= MANY:
        return Columns([entry(i, text) for i, text in enumerate(options, 1)], padding=(0, 3))
    groups: dict[str, list[Text]] = {}
    for i, text in enumerate(options, 1):
        verb, _, rest = text.partition(" ")
        groups.setdefault(verb, []).append(entry(i, rest or verb))
    parts: list[RenderableType] = []
    for verb, entries in groups.items():
        parts.append(Text(f"{verb} …", style="bold"))
        parts.append(Columns(entries, padding=(0, 2)))
    return Group(*parts)


class HumanSeats:
    """The terminal shared by the human seats of one game.

    Each human sees only their own view. With two or more humans (hotseat), the screen is
    cleared and the device passed whenever the decider changes from one human to another,
    so no secret is left on screen for the next person.
    """

    def __init__(
        self, console: Console, renderer: Renderer, narrator: Narrator, humans: Collection[int]
    ) -> None:
        self.console = console
        self.renderer = renderer
        self.narrator = narrator
        self.hotseat = len(humans) > 1
        self.hint_spec = HINT_SPEC
        self.holder: int | None = None
        """The human who last saw their own view on this screen."""
        self.seen: dict[int, int] = {}
        """For each human, the number of the first move told after their last decision."""

    def ask(self, observation: Observation) -> Action:
        """Show the deciding human their view and read a legal action from them."""
        player = observation.player
        if self.hotseat and self.holder is not None and self.holder != player:
            self.pass_device(observation)
        self.holder = player
        self.show(observation)
        name = observation.game.player_name(player)
        prompt = f"[bold {seat_style(name, player)}]{name} ›[/] "
        while True:
            try:
                text = self.console.input(prompt).strip()
            except EOFError:
                raise GameAbandoned(input_ended=True) from None
            command = text.lower()
            if not command:
                continue
            if command in ("help", "?"):
                self.console.print(HELP)
            elif command == "board":
                self.show(observation)
            elif command == "hint":
                self.console.print(hint_table(observation, self.hint_spec))
            elif command == "quit":
                raise GameAbandoned(input_ended=False)
            else:
                action = self.resolve(observation, text)
                if isinstance(action, str):
                    reason = escape(action[:1].upper() + action[1:])
                    self.console.print(f"[red]✗ {reason}[/]", highlight=False)
                    continue
                self.seen[player] = self.narrator.told
                return action

    def show(self, observation: Observation) -> None:
        """The player's view: board, their secrets, the decision and the numbered options."""
        view = observation.view()
        self.console.print()
        self.console.print(self.renderer.board(view))
        private = self.renderer.private(view)
        if private is not None:
            self.console.print(private)
        self.console.print(self.renderer.decision(view))
        self.console.print(options_list([str(a) for a in observation.legal_actions]))
        self.console.print(
            "[dim]Type a number or an action's text · board · hint · help · quit[/]",
            highlight=False,
        )

    def pass_device(self, observation: Observation) -> None:
        """Clear the screen and wait until the next human has the device."""
        player = observation.player
        name = observation.game.player_name(player)
        self.clear()
        message = Text.from_markup(
            f"Pass the device to {seat_label(name, player)}.\n\n"
            f"{name}, press Enter when only you can see the screen.",
            justify="center",
        )
        self.console.print(Panel(message, title="Hotseat", padding=(1, 4)))
        try:
            self.console.input("")
        except EOFError:
            raise GameAbandoned(input_ended=True) from None
        self.clear()
        self.narrator.retell(self.seen.get(player, 0))

    def clear(self) -> None:
        """Clear the screen and, where the terminal allows, its scrollback too."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    @staticmethod
    def resolve(observation: Observation, text: str) -> Action | str:
        """The legal action a human's entry names, or the reason it is refused."""
        options = observation.legal_actions
        if text.isascii() and text.isdigit():
            number = whole_number(text)
            if number is not None and 1 <= number <= len(options):
                return options[number - 1]
            return f"There is no option {echo(text)}: choose a number from 1 to {len(options)}."
        # A determinized copy holds only what this player may see; it parses and explains.
        state = observation.determinize(random.Random(0))
        try:
            action = observation.game.parse_action(state, text)
        except KleosError as exc:
            return str(exc)
        if action in options:
            return options[options.index(action)]
        return state.explain_illegal(action)


class HumanAgent(Agent):
    """A seat played by a person at the terminal."""

    spec = "human"

    def __init__(self, seats: HumanSeats) -> None:
        super().__init__(random.Random(0))
        self.seats = seats

    def choose(self, observation: Observation) -> Action:
        """Ask the person."""
        return self.seats.ask(observation)
