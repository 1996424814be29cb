"""The ``cardtable`` command: thin argument parsing over the engine (and, for play, the table)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from cardtable import __version__
from cardtable.engine.errors import RecordError
from cardtable.engine.options import parse_option_value
from cardtable.games import find_game, game_names

GAME_NAMES = game_names()


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return cmd_table(args)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="A card table for the terminal: Malilla, Manille, Truco and French Tarot.",
    )
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    replay = sub.add_parser("replay", help="replay a record, check every action and score it")
    replay.add_argument("file", metavar="FILE", help="a record (JSON); '-' reads standard input")
    replay.add_argument("--json", action="store_true", help="print one JSON object instead of a hand history")
    replay.add_argument("--hint", metavar="LEVEL", help="add what this computer level would do next")
    replay.set_defaults(func=cmd_replay)

    sim = sub.add_parser("sim", help="play matches between computer players, headless")
    sim.add_argument("game", choices=GAME_NAMES, metavar="GAME", help=f"one of {', '.join(GAME_NAMES)}")
    sim.add_argument(
        "--seats", required=True, help="one computer level per seat, e.g. heuristic,random,heuristic,random"
    )
    sim.add_argument("--players", type=int, help="number of players (default: the number of seats)")
    sim.add_argument("--matches", type=int, default=100, help="matches to play (default 100)")
    sim.add_argument("--hands", type=int, help="play this many single hands instead of matches")
    sim.add_argument("--seed", type=int, default=0, help="seed of every deal and every random choice (default 0)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (repeatable)")
    sim.add_argument("--json", action="store_true", help="print only the JSON summary")
    sim.add_argument("--time-decisions", action="store_true", help="also report each level's decision times")
    sim.set_defaults(func=cmd_sim)

    play = sub.add_parser("play", help="sit down at a table straight away")
    play.add_argument("game", choices=GAME_NAMES, metavar="GAME", help=f"one of {', '.join(GAME_NAMES)}")
    play.add_argument("--players", type=int, help="number of players (default: the game's usual number)")
    play.add_argument("--seats", help="human or a computer level per seat, e.g. human,heuristic,heuristic,heuristic")
    play.add_argument("--names", help="a name per seat, e.g. Ana,Bo,Cy,Di")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (repeatable)")
    play.add_argument("--seed", type=int, help="seed of the deals (default: a new shuffle)")
    play.set_defaults(func=cmd_play)

    rules = sub.add_parser("rules", help="show a game's rules")
    rules.add_argument("game", choices=GAME_NAMES, metavar="GAME", help=f"one of {', '.join(GAME_NAMES)}")
    rules.set_defaults(func=cmd_rules)
    return parser


def cmd_table(args: argparse.Namespace) -> int:
    return run_table(None)


def run_table(config: Any) -> int:
    if config is not None:
        from cardtable.tui.games import playable_games

        if config.game not in playable_games():
            print(f"cardtable play: {config.game} cannot be played at the table yet (try 'cardtable sim "
                  f"{config.game}' or 'cardtable rules {config.game}').", file=sys.stderr)  # fmt: skip
            return 2
    if not sys.stdout.isatty() or not sys.stdin.isatty():
        print("cardtable: the table needs a terminal (for headless use see 'cardtable --help').", file=sys.stderr)
        return 2
    from cardtable.tui.app import CardTableApp

    CardTableApp(config).run()
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    import random

    from cardtable.engine.players import computer_levels
    from cardtable.saves import SeatConfig, TableConfig, default_seats

    try:
        rules = find_game(args.game)
        seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
        players = args.players or (len(seats) if seats else rules.default_players)
        if players not in rules.player_counts:
            counts = ", ".join(map(str, rules.player_counts))
            raise RecordError(f"--players must be one of {counts} for {rules.name}, not {players}")
        config_seats = default_seats(args.game, players)
        if seats is not None:
            if len(seats) != players:
                raise RecordError(f"--seats must name {players} seats (got {len(seats)})")
            levels = ["human", *computer_levels(rules)]
            for seat, kind in enumerate(seats):
                if kind not in levels:
                    raise RecordError(f"--seats: unknown seat kind {kind!r} (choose from {', '.join(levels)})")
                config_seats[seat].kind = kind
        if args.names:
            names = [n.strip() for n in args.names.split(",")]
            if len(names) != players or not all(names):
                raise RecordError(f"--names must give {players} names")
            for seat, name in enumerate(names):
                config_seats[seat].name = name
        options = parse_cli_options(args.option)
        rules.parse_options(options, players)
        seed = args.seed if args.seed is not None else random.randrange(1_000_000_000)
        config = TableConfig(args.game, players, [SeatConfig(s.name, s.kind) for s in config_seats], options, seed,
                             random.Random(seed).randrange(players))  # fmt: skip
    except RecordError as error:
        print(f"cardtable play: {error.reason}", file=sys.stderr)
        return 2
    return run_table(config)


def cmd_replay(args: argparse.Namespace) -> int:
    from cardtable.engine.records import load_record_file, load_record_text
    from cardtable.engine.replay import EXIT_MALFORMED, failed_form, replay

    try:
        text = sys.stdin.read() if args.file == "-" else None
        record = load_record_text(text, find_game) if text is not None else load_record_file(args.file, find_game)
        if args.hint is not None:
            from cardtable.engine.players import computer_levels

            if args.hint not in computer_levels(record.rules):
                levels = ", ".join(computer_levels(record.rules))
                raise RecordError(f"--hint: unknown computer level {args.hint!r} (levels: {levels})")
    except RecordError as error:
        if args.json:
            print(json.dumps(failed_form(error)))
        else:
            print(f"cardtable replay: {describe_error(error)}", file=sys.stderr)
        return EXIT_MALFORMED
    out, status, match = replay(record, args.hint)
    if args.json:
        print(json.dumps(out))
    else:
        from cardtable.engine.history import hand_history

        print(hand_history(match, out))
    return status


def describe_error(error: RecordError) -> str:
    where = []
    if error.hand is not None:
        where.append(f"hand {error.hand}")
    if error.action is not None:
        where.append(f"action {error.action}")
    return (", ".join(where) + ": " if where else "") + error.reason


def parse_cli_options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise RecordError(f"--option must be NAME=VALUE, not {pair!r}")
        options[name.strip()] = parse_option_value(value.strip())
    return options


def cmd_sim(args: argparse.Namespace) -> int:
    from cardtable.engine.players import computer_levels
    from cardtable.engine.sim import simulate

    try:
        rules = find_game(args.game)
        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
        players = args.players if args.players is not None else len(seats)
        if players not in rules.player_counts:
            counts = ", ".join(map(str, rules.player_counts))
            raise RecordError(f"--players must be one of {counts} for {rules.name}, not {players}")
        if len(seats) != players:
            raise RecordError(f"--seats must name {players} computer levels, one per seat (got {len(seats)})")
        levels = computer_levels(rules)
        for level in seats:
            if level not in levels:
                raise RecordError(f"--seats: unknown level {level!r} (levels: {', '.join(levels)})")
        options = rules.parse_options(parse_cli_options(args.option), players)
        if args.matches < 1 or (args.hands is not None and args.hands < 1):
            raise RecordError("--matches and --hands must be at least 1")
    except RecordError as error:
        print(f"cardtable sim: {error.reason}", file=sys.stderr)
        return 2

    progress_bar = None
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        progress_bar = Progress(console=Console(stderr=True), transient=True)
    rounds = args.hands if args.hands is not None else args.matches
    kwargs: dict[str, Any] = dict(
        matches=args.matches, seed=args.seed, hands=args.hands, time_decisions=args.time_decisions
    )
    if progress_bar is not None:
        with progress_bar:
            task = progress_bar.add_task(f"{rules.title}", total=rounds)
            result = simulate(
                rules, seats, options, progress=lambda done, _total: progress_bar.update(task, completed=done), **kwargs
            )
    else:
        result = simulate(rules, seats, options, **kwargs)
    if args.json:
        print(json.dumps(result))
    else:
        print_sim_table(result)
    return 0


def print_sim_table(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    unit = "hands" if result["matches"] == 0 else "matches"
    rounds = result["hands"] if unit == "hands" else result["matches"]
    table = Table(title=f"{result['game']}: {rounds} {unit}, seed {result['seed']}")
    table.add_column("seat")
    table.add_column("level")
    table.add_column(f"{unit} won", justify="right")
    table.add_column("share", justify="right")
    table.add_column("mean score", justify="right")
    for seat, level in enumerate(result["seats"]):
        won = result["wins_by_seat"][seat]
        table.add_row(
            str(seat), level, str(won), f"{100 * won / rounds:.1f} %", str(result["mean_score_by_seat"][seat])
        )
    console = Console()
    console.print(table)
    console.print(f"{result['hands']} hands in {result['elapsed_s']} s ({result['hands_per_s']} hands/s)")


def cmd_rules(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    from cardtable.assets_access import rules_text

    try:
        text = rules_text(args.game)
    except FileNotFoundError:
        print(f"cardtable rules: no player's guide for {args.game} yet", file=sys.stderr)
        return 2
    Console().print(Markdown(text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
