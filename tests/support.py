"""Helpers shared by the tests: replay a record in-process and compare outputs as subsets."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from cardtable.engine.errors import RecordError
from cardtable.engine.game import Action, HandState
from cardtable.engine.loop import deal_rng
from cardtable.engine.match import Match
from cardtable.engine.records import load_record_text, parse_record
from cardtable.engine.replay import EXIT_MALFORMED, failed_form, replay
from cardtable.games import find_game

TESTS = Path(__file__).parent

Kind = TypeVar("Kind")


def narrowed(kind: type[Kind], value: object) -> Kind:
    """``value``, checked to be a ``kind``: how a test that holds a game's hand or view through the generic
    interface (a ``Match``, ``find_game``) says which game's it is, so the type checker sees that game's fields."""
    assert isinstance(value, kind), f"expected a {kind.__name__}, got {type(value).__name__}"
    return value


def seat_to_act(state: HandState) -> int:
    """The seat whose turn it is in a hand the test knows is still being played."""
    assert state.to_act is not None, "nobody is to act: the hand is over"
    return state.to_act


def passed_tarot_match(hands: int, seed: int = 0) -> Match:
    """A 4-player Tarot match of ``hands`` deals everybody passed, the way a match reaches thousands of hands
    (an annulled deal does not count towards the match's deals), built cheaply: the first four deals, one per
    dealer, are played and then stand for every four after them (the same hand objects; a finished hand never
    changes, and a record may deal any cards). ``seed`` deals the next hand as the table would."""
    rules = find_game("tarot")
    match = Match(rules, rules.parse_options({}, 4), 4)
    for number in range(min(hands, 4)):
        state = match.deal_new_hand(deal_rng(seed, number))
        while (seat := state.to_act) is not None:
            match.apply(Action(seat, "bid", "pass"))
    match.hands = [match.hands[number % 4] for number in range(hands)]
    return match


def replay_record(record: dict[str, Any] | str, hint: str | None = None) -> tuple[dict[str, Any], int]:
    """What ``cardtable replay --json`` prints for ``record`` (a dict or JSON text), and its exit status."""
    try:
        parsed = load_record_text(record, find_game) if isinstance(record, str) else parse_record(record, find_game)
    except RecordError as error:
        return failed_form(error), EXIT_MALFORMED
    out, status, _match = replay(parsed, hint)
    return json.loads(json.dumps(out)), status


def _canonical(action: Any) -> str:
    return json.dumps(action, sort_keys=True)


def subset_mismatch(want: Any, got: Any, path: str = "$") -> str | None:
    """Where ``got`` fails to contain ``want`` (None if it does).

    Objects compare key by key (extra keys in ``got`` are fine), lists item by item, except lists under
    ``legal`` which compare as sets; ``reason`` only needs to be a non-empty string; ``hint_in`` lists the
    actions ``hint`` may be; numbers compare within 1e-6.
    """
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{path}: expected an object, got {got!r}"
        for key, value in want.items():
            if key == "hint_in":
                if _canonical(got.get("hint")) not in {_canonical(a) for a in value}:
                    return f"{path}.hint: {got.get('hint')!r} is not among {value!r}"
                continue
            if key not in got:
                return f"{path}.{key}: missing"
            if key == "reason":
                if not (isinstance(got[key], str) and got[key].strip()):
                    return f"{path}.reason: empty"
                continue
            if key == "legal" and isinstance(value, list):
                wanted = {_canonical(a) for a in value}
                found = {_canonical(a) for a in got[key]} if isinstance(got[key], list) else set()
                if wanted != found:
                    return f"{path}.legal: missing {sorted(wanted - found)[:4]}, extra {sorted(found - wanted)[:4]}"
                continue
            problem = subset_mismatch(value, got[key], f"{path}.{key}")
            if problem:
                return problem
        return None
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return f"{path}: expected {len(want)} items, got {got!r}"
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            problem = subset_mismatch(w, g, f"{path}[{i}]")
            if problem:
                return problem
        return None
    if isinstance(want, float) or isinstance(got, float):
        if isinstance(want, bool) or isinstance(got, bool) or not isinstance(got, int | float):
            return f"{path}: expected {want!r}, got {got!r}"
        return None if abs(float(want) - float(got)) < 1e-6 else f"{path}: expected {want!r}, got {got!r}"
    return None if want == got and type(want) is type(got) else f"{path}: expected {want!r}, got {got!r}"


def case_files(folder: Path) -> list[Path]:
    """Every ``NAME.json`` record in ``folder`` (recursively) that has a ``NAME.expect.json`` beside it."""
    return sorted(p for p in folder.rglob("*.json") if not p.name.endswith(".expect.json") and expect_file(p).exists())


def expect_file(record: Path) -> Path:
    return record.with_name(record.stem + ".expect.json")


def check_case(record: Path) -> None:
    """Replay ``record`` and assert that it matches its ``.expect.json`` (exit status and output subset)."""
    spec = json.loads(expect_file(record).read_text())
    args = spec.get("args", [])
    hint = args[args.index("--hint") + 1] if "--hint" in args else None
    out, status = replay_record(record.read_text(), hint)
    assert status == spec.get("exit", 0), (
        f"{record.name}: exit {status}, expected {spec.get('exit', 0)}: {out['error']}"
    )
    problem = subset_mismatch(spec.get("expect", {}), out)
    assert problem is None, f"{record.name}: {problem}"


def heuristic_hint(record: dict[str, Any], *, among_legal: bool = True) -> dict[str, Any]:
    """The ``heuristic`` level's hint at the end of ``record`` (replayed cleanly), optionally checked to be legal.

    Games whose ``legal`` writes card-set choices as patterns (Tarot) check the hint otherwise.
    """
    out, status = replay_record(record, hint="heuristic")
    assert status == 0, out["error"]
    if among_legal:
        assert out["next"]["hint"] in out["next"]["legal"]
    hint: dict[str, Any] = out["next"]["hint"]
    return hint


@dataclass
class Ran:
    """What a command run in-process returned and wrote (the fields of ``subprocess.CompletedProcess``)."""

    returncode: int
    stdout: str
    stderr: str


def run_cli(args: list[str], stdin: str | bytes | None = None) -> Ran:
    """``cardtable ARGS`` run in-process through ``cli.main``, with standard input given and output captured.

    Much quicker than a process, so tests can try many inputs; argparse's refusals become status 2.
    """
    from cardtable.cli import main

    data = stdin.encode("utf-8", "surrogatepass") if isinstance(stdin, str) else (stdin or b"")
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(args)
            except SystemExit as stop:
                status = stop.code if isinstance(stop.code, int) else 2
    finally:
        sys.stdin = saved
    return Ran(status, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def pipes_released(*pipes: Path, after: float = 3.0) -> Iterator[list[Path]]:
    """Named pipes that the code under test must never wait on: yields the list of those it did wait on.

    Opening a named pipe to read waits for a writer, forever if none comes, so a test of code that would wait
    would hang rather than fail.  Past ``after`` seconds, a pipe that someone is waiting to read is opened for
    writing and closed at once: the reader reads an empty file and goes on, and the test sees the pipe listed.
    """
    released: list[Path] = []
    done = threading.Event()

    def release() -> None:
        if done.wait(after):
            return
        while not done.wait(0.1):
            for pipe in pipes:
                try:  # succeeds only while a reader has the pipe open (or waits to)
                    os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
                except OSError:
                    continue
                released.append(pipe)

    watchdog = threading.Thread(target=release, daemon=True)
    watchdog.start()
    try:
        yield released
    finally:
        done.set()
        watchdog.join()
