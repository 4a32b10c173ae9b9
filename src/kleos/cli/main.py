"""The `kleos` command: play, replay, simulate, bench and list the games."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from kleos.agents import agent_spec, make_agent
from kleos.cli import play as play_module
from kleos.cli import reports
from kleos.cli import tournament as tournament_module
from kleos.cli.analysis import show_analysis
from kleos.cli.style import counting_progress
from kleos.core.errors import ConfigError, KleosError, RecordError
from kleos.core.inputs import echo, printable
from kleos.core.protocol import State
from kleos.core.records import read_record
from kleos.core.records import unseal as unseal_record
from kleos.core.registry import game_class, game_ids
from kleos.core.rng import new_seed
from kleos.runner.analysis import analyze_record
from kleos.runner.bench import bench as run_bench
from kleos.runner.simulate import simulate as run_simulate
from kleos.session import Setup, canonical_spec, options_from_texts

app = typer.Typer(
    name="kleos",
    help="Play, replay, simulate and benchmark the board games of Kleos.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

MAX_BENCH_SECONDS = 3600
MAX_DELAY = 60
GameId = Annotated[str, typer.Argument(help="The game's id (see `kleos games`).")]
Players = Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")]
Variants = Annotated[
    list[str] | None, typer.Option("--variant", help="A rules variant (repeat for several).")
]


def options_help() -> str:
    """The help of --option: every registered game's options (`kleos games` says more)."""
    games = "; ".join(f"{i}: {game_class(i).spec.usage}" for i in game_ids())
    return f"A game option, NAME=VALUE (repeat for several). {games}."


Options = Annotated[list[str] | None, typer.Option("--option", "-o", help=options_help())]
Lineup = Annotated[
    str, typer.Option(help="Comma-separated agent of each seat, e.g. heuristic,random,random.")
]
Games = Annotated[
    int, typer.Option("--games", "-n", help="Games in all, rounded up to whole deals.")
]
Jobs = Annotated[int, typer.Option("--jobs", "-j", help="Workers.")]
DealSeed = Annotated[int | None, typer.Option(help="Seed of the deals (default: fresh).")]
BackendName = Annotated[
    str,
    typer.Option(
        help="What plays the games: processes (on this machine) or ray (the scale extra)."
    ),
]
RayAddress = Annotated[
    str | None,
    typer.Option(
        help="A Ray cluster to run on, e.g. auto or ray://host:10001 (default: a local Ray)."
    ),
]


def research_costs() -> Callable[[list[State]], dict[str, float]] | None:
    """What the research interfaces' strings cost, when their extra (`kleos[rl]`) is here."""
    try:
        from kleos.rl.encode import string_costs  # noqa: PLC0415 - an extra, slow to import
    except ImportError:
        return None
    return string_costs


def fail(message: str, code: int = 2) -> NoReturn:
    """Print a one-line error on stderr and exit with `code`."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"[bold red]error:[/] {escape(message)}"
    )
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn bad input into a one-line error: exit 1 for a record that fails to verify, else 2."""
    try:
        yield
    except RecordError as exc:
        fail(str(exc), 1)
    except KleosError as exc:
        fail(str(exc), 2)
    except OSError as exc:
        fail(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc), 2)


def split_specs(text: str | None, flag: str = "--agents") -> list[str] | None:
    """'random, random' -> ['random', 'random'] (None stays None); an empty entry is refused."""
    if text is None:
        return None
    specs = [spec.strip() for spec in text.split(",")]
    if any(not spec for spec in specs):
        raise ConfigError(f"{flag} '{echo(text)}' has an empty entry; write e.g. random,random")
    return specs


def setup_of(
    game: str,
    players: int | None,
    seats: list[str] | None,
    variant: list[str] | None,
    option: list[str] | None,
    people: tuple[str, ...] = (),
) -> Setup:
    """A command's game, players, seats, variants and options, checked once (`Setup`)."""
    game_class(game)
    variants, options = options_from_texts(game, option or [])
    if players is not None and seats is not None and len(seats) != players:
        raise ConfigError(
            f"{len(seats)} seats are named but --players is {players}; give one per seat"
        )
    return Setup.check(
        game,
        players=players,
        seats=seats,
        variants=[*(variant or ()), *variants],
        options=options,
        people=people,
    )


@app.command()
def play(
    game: GameId,
    players: Players = None,
    seats: Annotated[
        str | None,
        typer.Option(help="Comma-separated seats: human or an agent (default: human,random,…)."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the game (default: fresh).")] = None,
    variant: Variants = None,
    option: Options = None,
    records: Annotated[
        Path, typer.Option(help="Directory of the game records.", file_okay=False)
    ] = Path("records"),
    delay: Annotated[float, typer.Option(help="Seconds to pause after each agent move.")] = 0.0,
) -> None:
    """Play a game at the terminal against agents, or hotseat with other people."""
    with user_errors():
        seat_specs = play_module.parse_seats(seats, players, game_class(game))
        setup = setup_of(game, None, seat_specs, variant, option, people=(play_module.HUMAN,))
        if not 0 <= delay <= MAX_DELAY:  # also refuses NaN
            raise ConfigError(f"--delay must be from 0 to {MAX_DELAY} seconds, not {delay}")
        configured = setup.game(new_seed() if seed is None else seed)
        code = play_module.play(Console(), configured, setup.seats, records, delay)
    raise typer.Exit(code)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (.jsonl).")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the verdict.")] = False,
    unseal: Annotated[
        bool,
        typer.Option(
            help="Complete the record of an interrupted game with its seed, kept apart "
            "while it was played (only once nobody plays it any more)."
        ),
    ] = False,
) -> None:
    """Verify a game record move by move and tell its story."""
    if not file.exists():
        fail(f"no such record file: {file}", 2)
    with user_errors():
        if unseal:
            unseal_record(file)
            Console().print(f"Unsealed {file}: the record now holds its seed.", highlight=False)
        reports.show_replay(Console(), file, quiet)


@app.command()
def simulate(
    game: GameId,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 10,
    players: Players = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the series (default: fresh).")] = None,
    agents: Annotated[
        str | None, typer.Option(help="Comma-separated agent of each seat (default: random).")
    ] = None,
    variant: Variants = None,
    option: Options = None,
    jobs: Jobs = 1,
    records: Annotated[
        Path | None, typer.Option(help="Write one record per game here.", file_okay=False)
    ] = None,
) -> None:
    """Self-play many games between fixed seats and sum up wins, scores and lengths."""
    console = Console()
    with user_errors():
        setup = setup_of(game, players, split_specs(agents), variant, option)
        if seed is None:
            seed = new_seed()
        if games < 1:
            raise ConfigError(f"--games must be at least 1, not {games}")
        if jobs < 1:
            raise ConfigError(f"--jobs must be at least 1, not {jobs}")
        configured = setup.game(seed)
        on_game, stop = tournament_module.progress_bar(console, f"{configured.title} games", games)
        try:
            summary = run_simulate(
                setup, games, seed, jobs=jobs, records_dir=records, on_game=on_game
            )
        finally:
            stop()
        reports.show_summary(console, summary, configured)


@app.command()
def tournament(
    game: GameId,
    agents: Lineup,
    players: Players = None,
    games: Games = 100,
    jobs: Jobs = 1,
    seed: DealSeed = None,
    variant: Variants = None,
    option: Options = None,
    json_file: Annotated[
        Path | None,
        typer.Option("--json", help="Results file (default: tournaments/<time>/).", dir_okay=False),
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Records folder (default: by the JSON).", file_okay=False)
    ] = None,
    chart: Annotated[
        Path | None, typer.Option(help="Win-rate chart (default: the JSON's .png).", dir_okay=False)
    ] = None,
    backend: BackendName = "processes",
    address: RayAddress = None,
) -> None:
    """Play every seat rotation of a line-up over shared deals; rank and rate the agents."""
    with user_errors():
        setup = setup_of(game, players, split_specs(agents), variant, option)
        outputs = tournament_module.output_paths(json_file, records, chart)
        tournament_module.run(Console(), setup, games, jobs, seed, outputs, backend, address)


@app.command()
def selfplay(
    game: GameId,
    agents: Lineup,
    out: Annotated[
        Path,
        typer.Option("--out", help="New folder of the records and data.", file_okay=False),
    ],
    games: Games = 100,
    jobs: Jobs = 1,
    seed: DealSeed = None,
    variant: Variants = None,
    option: Options = None,
    backend: BackendName = "processes",
    address: RayAddress = None,
    tensors: Annotated[
        bool,
        typer.Option(help="Also write each decision's observation, mask and action as .npz."),
    ] = False,
    steps_per_shard: Annotated[
        int, typer.Option(help="Decisions per .npz shard (whole games).", min=1)
    ] = 4096,
) -> None:
    """Play games for training data: every seat rotation of shared deals, one record per game."""
    with user_errors():
        tournament_module.selfplay(
            Console(),
            setup_of(game, None, split_specs(agents), variant, option),
            games,
            out,
            jobs=jobs,
            seed=seed,
            backend=backend,
            address=address,
            tensors=tensors,
            steps_per_shard=steps_per_shard,
        )


@app.command()
def train(
    game: GameId,
    out: Annotated[
        Path,
        typer.Option(
            "--out", help="New folder of the run's data, weights and report.", file_okay=False
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", help="Self-play games a generation (whole deals).")
    ] = 300,
    generations: Annotated[int, typer.Option(help="Rounds of self-play and fitting.")] = 3,
    positions: Annotated[
        int,
        typer.Option(
            help="Games of the default policy sampled for a generation 0 before the self-play "
            "(0: none)."
        ),
    ] = 0,
    label_search: Annotated[
        str | None,
        typer.Option(
            help="Also judge each generation-0 position by this search (an ismcts spec with "
            "iterations) and blend its judgement into the label."
        ),
    ] = None,
    label_share: Annotated[
        float, typer.Option(help="The search's share of a blended label (the rest: the result).")
    ] = 0.5,
    players: Players = None,
    search: Annotated[
        str, typer.Option(help="The self-play search of generation 1 (an ismcts spec).")
    ] = "ismcts:iterations=200",
    opponent: Annotated[
        str, typer.Option(help="Each generation's learned search is measured against it.")
    ] = "hard",
    evaluation_games: Annotated[
        int, typer.Option(help="Games of each generation's measurement (whole deals).")
    ] = 30,
    epochs: Annotated[int, typer.Option(help="Passes over the data per fit.", min=1)] = 30,
    hidden: Annotated[int, typer.Option(help="Hidden units of the model.", min=1)] = 64,
    jobs: Jobs = 1,
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 0,
    variant: Variants = None,
    option: Options = None,
    backend: BackendName = "processes",
    address: RayAddress = None,
) -> None:
    """Train the search's learned evaluation by self-play: generations of games, fits and
    measurements (docs/agents.md)."""
    with user_errors():
        # Imported here: training needs numpy and PyTorch (the train extra).
        from kleos.learn.fit import FitConfig  # noqa: PLC0415
        from kleos.learn.loop import CURVE, REPORT, TrainPlan  # noqa: PLC0415
        from kleos.learn.loop import train as run_train  # noqa: PLC0415
        from kleos.learn.positions import Labels  # noqa: PLC0415

        setup = setup_of(game, players, None, variant, option)
        labels = None
        if label_search is not None:
            labels = Labels(canonical_spec(label_search), label_share).check()
        parsed = agent_spec(search)
        learned = {"value", "prior", "weights"} & {key for key, _ in parsed.options}
        if parsed.name != "ismcts" or learned:
            raise ConfigError(
                f"--search is an ismcts spec without value, prior or weights (each generation "
                f"adds its own), not '{echo(search)}'"
            )
        plan = TrainPlan(
            setup,
            games,
            generations,
            positions,
            seed,
            str(parsed),
            canonical_spec(opponent),
            evaluation_games,
            FitConfig(hidden=hidden, epochs=epochs),
            labels,
        )
        console = Console(highlight=False)
        run_train(
            plan,
            out,
            lambda: tournament_module.backend_for(console, backend, jobs, address),
            say=console.print,
        )
        console.print(f"Saved the weights, {REPORT} and {CURVE} in {out}")


@app.command()
def bench(
    game: GameId,
    players: Players = None,
    seconds: Annotated[float, typer.Option(help="How long to play random games.")] = 5.0,
    variant: Variants = None,
    option: Options = None,
    seed: Annotated[int, typer.Option(help="Seed of the random games.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Measure the engine: random games per second, step costs and memory."""
    with user_errors():
        setup = setup_of(game, players, None, variant, option)
        if not 0 < seconds <= MAX_BENCH_SECONDS:  # also refuses NaN
            raise ConfigError(
                f"--seconds must be more than 0 and at most {MAX_BENCH_SECONDS}, not {seconds}"
            )
        figures = run_bench(setup, seconds, seed, research_costs())
    if as_json:
        typer.echo(json.dumps(figures, indent=2))
    else:
        reports.show_bench(Console(), figures)


@app.command()
def analyze(
    file: Annotated[Path, typer.Argument(help="A finished game record (.jsonl).")],
    agent: Annotated[
        str, typer.Option("--agent", help="The search that judges the moves (an ismcts spec).")
    ] = "ismcts:iterations=300",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the search.")] = 0,
) -> None:
    """Annotate a game move by move with the search's evaluation of each decision."""
    console = Console()
    with user_errors():
        record = read_record(file)
        with counting_progress(console, "Analysing") as bar:
            task = bar.add_task("moves", total=len(record.moves))
            game, moves = analyze_record(
                record, agent, seed, lambda done, _: bar.update(task, completed=done)
            )
        show_analysis(console, game, record, moves, agent)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            help="Folder of the SQLite database (default: the user's data folder).", file_okay=False
        ),
    ] = None,
    database_url: Annotated[
        str | None,
        typer.Option(help="Another database, e.g. postgresql+psycopg://user:pw@host/db."),
    ] = None,
    public_url: Annotated[
        str | None, typer.Option(help="The address players reach, for invite links.")
    ] = None,
    ai_workers: Annotated[int, typer.Option(help="Processes for the AI seats.", min=1)] = 2,
    requests_per_minute: Annotated[
        int, typer.Option(help="API requests one address may make per minute.", min=1)
    ] = 1200,
    games_per_minute: Annotated[
        int, typer.Option(help="Games one address may create per minute.", min=1)
    ] = 30,
    listings_per_minute: Annotated[
        int, typer.Option(help="Pages of open games one address may list per minute.", min=1)
    ] = 60,
    ai_games_per_hour: Annotated[
        int, typer.Option(help="Games of AI seats only one address may create per hour.", min=0)
    ] = 10,
    ai_move_seconds: Annotated[
        float, typer.Option(help="The least time between a move and an AI seat's reply.", min=0)
    ] = 0.3,
    joins_per_minute: Annotated[
        int, typer.Option(help="Open seats one address may join per minute.", min=1)
    ] = 30,
    actions_per_minute: Annotated[
        int, typer.Option(help="Moves one address, and one seat, may send per minute.", min=1)
    ] = 600,
    max_think_seconds: Annotated[
        float, typer.Option(help="The longest an AI seat may think about a decision.", min=0.01)
    ] = 2.0,
    max_iterations: Annotated[
        int, typer.Option(help="The most search iterations of an AI seat's decision.", min=1)
    ] = 20_000,
    max_connections: Annotated[
        int, typer.Option(help="Connections held at once (past it: 503).", min=1)
    ] = 1000,
    analyses_per_hour: Annotated[
        int, typer.Option(help="Game analyses one address may start per hour.", min=0)
    ] = 20,
    live_games: Annotated[int, typer.Option(help="Games kept in memory.", min=1)] = 500,
    hints_per_minute: Annotated[
        int, typer.Option(help="Hints one seat may ask for per minute.", min=0)
    ] = 6,
    hint_queue: Annotated[
        int, typer.Option(help="Hints computed at once in one process (past it: 429).", min=1)
    ] = 4,
    chat_burst: Annotated[
        int, typer.Option(help="Chat messages one seat may send in 10 seconds.", min=1)
    ] = 5,
    chat_per_game: Annotated[
        int, typer.Option(help="Chat messages one game keeps (past it: 409).", min=0)
    ] = 1000,
    api_docs: Annotated[
        bool, typer.Option(help="Serve the interactive API pages at /docs and /redoc.")
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(help="Trusted front proxies (e.g. 127.0.0.1) whose X-Forwarded-For counts."),
    ] = None,
) -> None:
    """Run the game server: HTTP and WebSocket API (docs/api.md), AI seats, a database."""
    # Imported here: the server is an extra (`pip install kleos[server]`), and other
    # commands should neither need it nor pay for loading it.
    from kleos.server.run import run_server, server_settings  # noqa: PLC0415

    with user_errors():
        settings = server_settings(
            host,
            port,
            data_dir,
            database_url,
            public_url,
            ai_workers=ai_workers,
            requests_per_minute=requests_per_minute,
            games_per_minute=games_per_minute,
            listings_per_minute=listings_per_minute,
            ai_games_per_hour=ai_games_per_hour,
            ai_move_seconds=ai_move_seconds,
            joins_per_minute=joins_per_minute,
            actions_per_minute=actions_per_minute,
            max_think_seconds=max_think_seconds,
            max_iterations=max_iterations,
            max_connections=max_connections,
            analyses_per_hour=analyses_per_hour,
            live_games=live_games,
            hints_per_minute=hints_per_minute,
            hint_queue=hint_queue,
            chat_burst=chat_burst,
            chat_per_game=chat_per_game,
            api_docs=api_docs,
            forwarded_allow_ips=forwarded_allow_ips,
        )
        Console(stderr=True, highlight=False).print(
            f"Kleos is served at [bold]{settings.public_url}[/] — open it in a browser to play."
        )
        run_server(settings, host, port)


@app.command()
def bot(
    url: Annotated[str, typer.Argument(help="The seat's invite link (…/games/ID?token=…).")],
    agent: Annotated[str, typer.Option(help="The agent that plays the seat.")] = "medium",
    seed: Annotated[int | None, typer.Option(help="Seed of the agent (default: fresh).")] = None,
) -> None:
    """Play one seat of a server game remotely, with an agent, through its invite link."""
    # Imported here: the client needs the server extra's libraries (httpx, websockets).
    from kleos.cli.bot import CONNECTION_ERRORS, Invite, play_remote  # noqa: PLC0415

    with user_errors():
        invite = Invite.parse(url)
        player = make_agent(agent, seed if seed is not None else new_seed())
        try:
            final = play_remote(invite, player)
        except CONNECTION_ERRORS as exc:
            fail(f"cannot reach the server at {invite.api}: {exc}", 2)
        outcome = final["outcome"]
        Console().print(
            printable(
                f"Game over: {outcome['reason']}; scores {outcome['scores']}, "
                f"winners {outcome['winners']}"
            ),
            highlight=False,
            markup=False,
        )


@app.command()
def games() -> None:
    """List the games with their player counts, variants and options."""
    reports.show_games(Console())


@app.command()
def rules(
    game: GameId,
    term: Annotated[
        str | None, typer.Argument(help="A term of the game's glossary: print only its entry.")
    ] = None,
) -> None:
    """Print a game's rules for players and its glossary, or one term of the glossary."""
    with user_errors():
        cls = game_class(game)
        if term is not None:
            entry = cls.glossary().find(term, f"{cls.title}'s glossary")
            Console(highlight=False).print(
                f"[bold]{escape(entry.term)}[/]: {escape(entry.definition)}"
            )
            return
        text = cls.rules_text()
        if text is None:
            raise ConfigError(f"{cls.title} has no rules text")
    entries = cls.glossary().entries
    glossary = "".join(f"- **{e.term}**: {e.definition}\n" for e in entries)
    Console().print(Markdown(text + (f"\n## Glossary\n\n{glossary}" if entries else "")))
