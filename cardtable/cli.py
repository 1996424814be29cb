"""The ``cardtable`` command: thin argument parsing over the engine (and, for play, the table).

Whatever it is given, a headless command ends with one of the documented exit statuses and, on a bad
input, one line saying what is wrong: never a traceback.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from cardtable import __version__
from cardtable.engine.errors import QUOTE_LIMIT, REASON_LIMIT, RecordError, one_line, quote
from cardtable.engine.options import OptionError, parse_option_value
from cardtable.engine.players import Budget
from cardtable.engine.sim import MAX_HANDS, MAX_MATCHES
from cardtable.games import find_game, game_names

#: The output could not be written (a full disk, say): ``EX_IOERR`` of the BSD exit codes.
EXIT_OUTPUT_FAILED = 74
#: Whoever read the output went away (``| head -1``): 128 + SIGPIPE, what a shell reports for Unix tools.
EXIT_READER_GONE = 141


class OutputFailed(Exception):
    """Standard output cannot be written."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return cmd_table(args)
    try:
        status = int(args.func(args))
        _flush_stdout()
        return status
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader has gone: stop quietly, as Unix tools do, and leave nothing for Python to flush at exit.
        _silence_stdout()
        return EXIT_READER_GONE
    except OutputFailed as failure:
        _silence_stdout()
        print(f"cardtable {args.command}: cannot write the output: {failure}", file=sys.stderr)
        return EXIT_OUTPUT_FAILED


def emit(text: str) -> None:
    """Write ``text`` and a newline on standard output; ``OutputFailed`` if it cannot be written."""
    stream = sys.stdout
    if stream is None:
        raise OutputFailed("standard output is closed")
    try:
        try:
            stream.write(text + "\n")
        except UnicodeEncodeError:  # an output encoding without the card suits: they become "?"
            encoding = getattr(stream, "encoding", None) or "ascii"
            stream.write((text + "\n").encode(encoding, "replace").decode(encoding))
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputFailed(error.strerror or str(error)) from None


def _flush_stdout() -> None:
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputFailed(error.strerror or str(error)) from None


def _silence_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind it (tests capture it)
        pass


class CommandParser(argparse.ArgumentParser):
    """Argument errors in one line, with at most a short quote of what was typed."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {one_line(message, REASON_LIMIT)} (see '{self.prog} --help')\n")


def game_argument(text: str) -> str:
    """A game's name, in any case."""
    name = text.strip().lower()
    if name not in game_names():
        raise argparse.ArgumentTypeError(f"unknown game {quote(text)} (games: {', '.join(game_names())})")
    return name


def whole_number(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number, within ``low`` and ``high`` where given."""
    if low is not None and high is not None:
        bounds = f" from {low:,} to {high:,}"
    elif low is not None:
        bounds = f" of at least {low:,}"
    else:
        bounds = ""

    def parse(text: str) -> int:
        # A bounded count of digits: Python refuses to convert more than 4,300, and no count needs 40.
        if not re.fullmatch(r"\s*[+-]?\d{1,40}\s*", text):
            raise argparse.ArgumentTypeError(f"must be a whole number{bounds}, not {quote(text)}")
        value = int(text)
        if (low is not None and value < low) or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be a whole number{bounds}, not {quote(text)}")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = CommandParser(
        prog="cardtable",
        description="A card table for the terminal: Malilla, Manille, Truco and French Tarot.",
    )
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    games = f"one of {', '.join(game_names())} (any case)"

    replay = sub.add_parser("replay", help="replay a record, check every action and score it")
    replay.add_argument("file", metavar="FILE", help="a record (JSON); '-' reads standard input")
    replay.add_argument("--json", action="store_true", help="print one JSON object instead of a hand history")
    replay.add_argument("--hint", metavar="LEVEL", help="add what this computer level would do next")
    reveal = "name the cards played face down in the hand history (--json always lists them)"
    replay.add_argument("--reveal", action="store_true", help=reveal)
    replay.set_defaults(func=cmd_replay)

    sim = sub.add_parser("sim", help="play matches between computer players, headless")
    sim.add_argument("game", type=game_argument, metavar="GAME", help=games)
    sim.add_argument(
        "--seats", required=True, help="one computer level per seat, e.g. heuristic,random,heuristic,random"
    )
    sim.add_argument("--players", type=whole_number(), help="number of players (default: the number of seats)")
    rounds = sim.add_mutually_exclusive_group()
    rounds.add_argument("--matches", type=whole_number(1, MAX_MATCHES), default=100,
                        help=f"matches to play (default 100, at most {MAX_MATCHES:,})")  # fmt: skip
    rounds.add_argument("--hands", type=whole_number(1, MAX_HANDS),
                        help=f"play this many single hands instead of matches (at most {MAX_HANDS:,})")  # fmt: skip
    sim.add_argument("--seed", type=whole_number(), default=0,
                     help="seed of every deal and every random choice (default 0)")  # fmt: skip
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a game option (repeatable, each name once)")  # fmt: skip
    sim.add_argument("--json", action="store_true", help="print only the JSON summary")
    sim.add_argument("--time-decisions", action="store_true", help="also report each level's decision times")
    sim.add_argument("--budget", choices=[str(b) for b in Budget],
                     help="how long the levels that search think (default normal; a fixed amount of work)")  # fmt: skip
    sim.add_argument("--duplicate", action="store_true",
                     help="play every deal once per rotation of the seats (the same cards, the sides swapped) "
                          "and compare the levels")  # fmt: skip
    sim.set_defaults(func=cmd_sim)

    play = sub.add_parser("play", help="sit down at a table straight away")
    play.add_argument("game", type=game_argument, metavar="GAME", help=games)
    play.add_argument("--players", type=whole_number(), help="number of players (default: the game's usual number)")
    play.add_argument("--seats", help="human or a computer level per seat, e.g. human,heuristic,heuristic,heuristic")
    play.add_argument("--names", help="a name per seat, e.g. Ana,Bo,Cy,Di")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option (repeatable, each name once)")  # fmt: skip
    play.add_argument("--seed", type=whole_number(), help="seed of the deals (default: a new shuffle)")
    play.set_defaults(func=cmd_play)

    stats = sub.add_parser("stats", help="your statistics across matches, from the archive of finished matches")
    stats.add_argument("game", nargs="?", type=game_argument, metavar="GAME", help=f"only this game: {games}")
    stats.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    stats.add_argument("--rebuild", action="store_true",
                       help="replay every archived match again and rewrite the statistics file")  # fmt: skip
    stats.set_defaults(func=cmd_stats)

    rules = sub.add_parser("rules", help="show a game's rules")
    rules.add_argument("game", type=game_argument, metavar="GAME", help=games)
    rules.set_defaults(func=cmd_rules)
    return parser


#: The table stopped on an error of its own (a bug): the traceback is in a crash log.
EXIT_CRASH = 70


def cmd_table(args: argparse.Namespace) -> int:
    return run_table(None)


def run_table(config: Any) -> int:
    if config is not None:
        from cardtable.tui.games import playable_games

        if config.game not in playable_games():
            print(f"cardtable play: {config.game} cannot be played at the table yet (try 'cardtable sim "
                  f"{config.game}' or 'cardtable rules {config.game}').", file=sys.stderr)  # fmt: skip
            return 2
        from cardtable.tui.games import parts_for

        options = find_game(config.game).parse_options(config.options, config.players)
        reason = parts_for(config.game).not_at_table(options)
        if reason is not None:
            print(f"cardtable play: {reason}", file=sys.stderr)
            return 2
    if not sys.stdout.isatty() or not sys.stdin.isatty():
        print("cardtable: the table needs a terminal (for headless use see 'cardtable --help').", file=sys.stderr)
        return 2
    from cardtable.files import write_crash_log
    from cardtable.saves import data_dir
    from cardtable.tui.app import CardTableApp

    try:
        app = CardTableApp(config)
        app.run()
        crash_log = app.crash_log
    except Exception as error:  # a crash before the table's own handler is in place
        crash_log = write_crash_log(error, data_dir())
        if crash_log is None:
            raise
    if crash_log is not None:
        print(f"cardtable crashed: what happened is written in {crash_log} (please attach it to a bug report).",
              file=sys.stderr)  # fmt: skip
        return EXIT_CRASH
    if app.ended_by is not None:
        end_by_signal(app.ended_by)
    return app.return_code or 0


def end_by_signal(number: int) -> None:
    """End the process by the signal that closed the table, as it would have ended without the table's handler,
    so that whoever sent it sees it was obeyed (a shell reports 143 for SIGTERM)."""
    import os
    import signal

    sys.stdout.flush()
    signal.signal(number, signal.SIG_DFL)
    os.kill(os.getpid(), number)


def cmd_play(args: argparse.Namespace) -> int:
    import random

    from cardtable.engine.players import computer_levels
    from cardtable.saves import SeatConfig, TableConfig, default_seats

    try:
        rules = find_game(args.game)
        seats = [kind.lower() for kind in split_entries("--seats", args.seats)] if args.seats else None
        players = args.players or (len(seats) if seats else rules.default_players)
        check_players(rules, players)
        config_seats = default_seats(args.game, players)
        if seats is not None:
            if len(seats) != players:
                raise RecordError(f"--seats must name {players} seats (got {len(seats)})")
            levels = ["human", *computer_levels(rules)]
            for seat, kind in enumerate(seats):
                if kind not in levels:
                    raise RecordError(f"--seats: unknown seat kind {quote(kind)} (choose from {', '.join(levels)})")
                config_seats[seat].kind = kind
        if args.names:
            names = split_entries("--names", args.names)
            if len(names) != players:
                raise RecordError(f"--names must give {players} names (got {len(names)})")
            for seat, name in enumerate(names):
                config_seats[seat].name = name
        options = game_options(rules, args.option, players)
        seed = args.seed if args.seed is not None else random.randrange(1_000_000_000)
        config = TableConfig(args.game, players, [SeatConfig(s.name, s.kind) for s in config_seats], options, seed,
                             random.Random(seed).randrange(players))  # fmt: skip
    except RecordError as error:
        print(f"cardtable play: {error.reason}", file=sys.stderr)
        return 2
    return run_table(config)


def split_entries(flag: str, text: str) -> list[str]:
    """A comma-separated list of per-seat entries, none of them empty."""
    entries = [entry.strip() for entry in text.split(",")]
    for number, entry in enumerate(entries, start=1):
        if not entry:
            raise RecordError(f"{flag}: entry {number} is empty (give one per seat, separated by commas)")
    return entries


def check_players(rules: Any, players: int) -> None:
    if players not in rules.player_counts:
        counts = ", ".join(map(str, rules.player_counts))
        raise RecordError(f"--players must be one of {counts} for {rules.name}, not {players}")


def parse_cli_options(pairs: Sequence[str]) -> tuple[dict[str, Any], dict[str, str]]:
    """``--option NAME=VALUE`` pairs as a record's options, and each one as it was typed."""
    options: dict[str, Any] = {}
    typed: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise RecordError(f"--option must be NAME=VALUE, not {quote(pair)}")
        shown = one_line(name, QUOTE_LIMIT)
        if name in options:
            raise RecordError(f"--option {shown} is given twice (give each option once)")
        try:
            options[name] = parse_option_value(value.strip())
        except RecordError as error:
            raise RecordError(f"--option {shown}: {error.reason}") from None
        typed[name] = pair.strip()
    return options, typed


def game_options(rules: Any, pairs: Sequence[str], players: int) -> dict[str, Any]:
    """The ``--option`` pairs, checked by the game; an error quotes the option as it was typed."""
    options, typed = parse_cli_options(pairs)
    try:
        rules.parse_options(options, players)
    except OptionError as error:
        if error.option not in typed:
            raise
        shown = one_line(typed[error.option], QUOTE_LIMIT)
        name = one_line(error.option, QUOTE_LIMIT // 3)  # said twice: the second time, shorter
        raise RecordError(f"--option {shown}: {name} {error.problem}") from None
    return options


def cmd_replay(args: argparse.Namespace) -> int:
    from cardtable.engine.records import load_record_bytes, load_record_file
    from cardtable.engine.replay import EXIT_MALFORMED, failed_form, replay

    try:
        record = (
            load_record_bytes(read_stdin(), "standard input", find_game)
            if args.file == "-"
            else load_record_file(args.file, find_game)
        )
        if args.hint is not None:
            from cardtable.engine.players import computer_levels

            args.hint = args.hint.lower()
            if args.hint not in computer_levels(record.rules):
                levels = ", ".join(computer_levels(record.rules))
                raise RecordError(f"--hint: unknown computer level {quote(args.hint)} (levels: {levels})")
    except RecordError as error:
        if args.json:
            emit(json.dumps(failed_form(error)))
        else:
            print(f"cardtable replay: {describe_error(error)}", file=sys.stderr)
        return EXIT_MALFORMED
    out, status, match = replay(record, args.hint)
    if args.json:
        emit(json.dumps(out))
    else:
        from cardtable.engine.history import hand_history

        emit(hand_history(record, match, out, reveal=args.reveal))
    return status


def read_stdin() -> bytes:
    """A record from standard input, read up to the bound a record file has (an endless input is refused)."""
    from cardtable.engine.bounded import UnreadableFile, read_stream
    from cardtable.engine.records import MAX_RECORD_BYTES

    stream = sys.stdin
    if stream is None:
        raise RecordError("cannot read standard input: it is closed")
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is None:  # a text stream standing in for standard input: as many characters, bounded the same
            buffer = io.BytesIO(stream.read(MAX_RECORD_BYTES + 1).encode("utf-8", "surrogateescape"))
        return read_stream(buffer, MAX_RECORD_BYTES, "a record")
    except UnreadableFile as refused:
        raise RecordError(f"cannot read standard input: {refused.reason}") from None
    except OSError as error:
        raise RecordError(f"cannot read standard input: {error.strerror or error}") from None


def describe_error(error: RecordError) -> str:
    """A form error with the place it was found: ``hands[0].actions[3]: ...``."""
    where = "" if error.hand is None else f"hands[{error.hand}]"
    if error.action is not None:
        where += f".actions[{error.action}]"
    return f"{where}: {error.reason}" if where else error.reason


def cmd_sim(args: argparse.Namespace) -> int:
    from cardtable.engine.players import computer_levels
    from cardtable.engine.sim import simulate

    try:
        rules = find_game(args.game)
        seats = [level.lower() for level in split_entries("--seats", args.seats)]
        players = args.players if args.players is not None else len(seats)
        check_players(rules, players)
        if len(seats) != players:
            raise RecordError(f"--seats must name {players} computer levels, one per seat (got {len(seats)})")
        levels = computer_levels(rules)
        for level in seats:
            if level not in levels:
                raise RecordError(f"--seats: unknown level {quote(level)} (levels: {', '.join(levels)})")
        options = rules.parse_options(game_options(rules, args.option, players), players)
    except RecordError as error:
        print(f"cardtable sim: {error.reason}", file=sys.stderr)
        return 2

    progress_bar = None
    if sys.stderr is not None and sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        progress_bar = Progress(console=Console(stderr=True), transient=True)
    rounds = args.hands if args.hands is not None else args.matches
    kwargs: dict[str, Any] = dict(
        matches=args.matches,
        seed=args.seed,
        hands=args.hands,
        time_decisions=args.time_decisions,
        duplicate=args.duplicate,
        budget=Budget(args.budget) if args.budget else None,
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
        emit(json.dumps(result))
    else:
        emit(sim_table(result))
    return 0


def rendered(*renderables: Any) -> str:
    """Rich renderables as text for this terminal (or plain, when the output is not one), without a last newline."""
    from rich.console import Console

    # Rendered into a string (the terminal's looks kept), so that writing it is ``emit``'s alone to get right.
    terminal = Console()
    text = io.StringIO()
    console = Console(file=text, force_terminal=terminal.is_terminal, width=terminal.width, no_color=terminal.no_color,
                      color_system="auto" if terminal.color_system else None)  # fmt: skip
    for renderable in renderables:
        console.print(renderable)
    return text.getvalue().removesuffix("\n")


def sim_table(result: dict[str, Any]) -> str:
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
    lines = [f"{result['hands']} hands in {result['elapsed_s']} s ({result['hands_per_s']} hands/s)"]
    if result.get("unfinished"):
        lines.append(f"{result['unfinished']} matches stopped unfinished at the hand limit: nobody won them")
    return rendered(table, *lines)


#: ``stats --rebuild`` could not write the statistics file.
EXIT_STATS_NOT_SAVED = 1


def cmd_stats(args: argparse.Namespace) -> int:
    from cardtable.engine.visible import visible
    from cardtable.stats import StatsFailed, load_statistics, statistics_json, statistics_text

    try:
        statistics, notices = load_statistics(rebuild=args.rebuild)
    except StatsFailed as failure:
        print(f"cardtable stats: the statistics could not be rebuilt: {failure.reason}", file=sys.stderr)
        return EXIT_STATS_NOT_SAVED
    for notice in notices:
        print(f"cardtable stats: {visible(notice)}", file=sys.stderr)
    if args.json:
        emit(json.dumps(statistics_json(statistics, args.game)))
    else:
        emit(rendered(*statistics_text(statistics, args.game)))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from rich.markdown import Markdown

    from cardtable.assets_access import rules_text

    try:
        text = rules_text(args.game)
    except FileNotFoundError:
        print(f"cardtable rules: no player's guide for {args.game} in this installation", file=sys.stderr)
        return 2
    emit(rendered(Markdown(text)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
