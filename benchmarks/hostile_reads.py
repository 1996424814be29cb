"""What reading a huge or endless input costs: the memory and processor time of each refusal, and of the longest
record a player could mean, each in a process of its own (its peak memory is its own).

    python benchmarks/hostile_reads.py [--runs 3]

Cases: ``replay`` of a record of 64 MB (the bound) that is a list of empty objects, the costliest JSON per byte
we found; the table reading a 32 MB file of the same (its bound); ``replay`` of ``/dev/zero``, of a sparse
terabyte and of standard input fed for ever; and ``replay`` of 10,000 hands of five-player Tarot as cardtable
writes them (50 MB), which must still be read.  Medians of ``--runs`` runs.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def empty_objects(path: Path, size: int) -> None:
    count = (size - 2) // 3
    path.write_text("[" + "{}," * (count - 1) + "{}]")


def long_tarot_record(path: Path, hands: int = 10_000) -> None:
    """A hundred-deal five-player Tarot match of random play, its deals repeated to ``hands`` hands."""
    from cardtable.engine.loop import deal_rng
    from cardtable.engine.match import Match
    from cardtable.engine.records import dump_record
    from cardtable.games import find_game

    rules = find_game("tarot")
    match = Match(rules, rules.parse_options({"deals": 100}, 5), 5)
    rng = random.Random(1)
    number = 0
    while not match.over:
        match.deal_new_hand(deal_rng(1, number), number % 5)
        number += 1
        state = match.current
        while state is not None and not state.complete:
            assert state.to_act is not None
            match.apply(rng.choice(state.view(state.to_act).legal_actions()))
    record = match.to_record()
    record["hands"] = (record["hands"] * (hands // len(record["hands"]) + 1))[:hands]
    path.write_text(dump_record(record))


def measured(args: list[str], endless_input: bool = False) -> tuple[float, float, int]:
    """The processor seconds, peak memory (MB) and exit status of ``args`` run as a process of its own."""
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert child.stdin is not None
    if endless_input:
        threading.Thread(target=_feed, args=(child.stdin,), daemon=True).start()
    else:
        child.stdin.close()
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode


def _feed(stream: object) -> None:
    chunk = b"0" * (1 << 20)
    try:
        while True:
            stream.write(chunk)  # type: ignore[attr-defined]
    except (OSError, ValueError):
        pass


def make_inputs(home: Path) -> None:
    from cardtable.engine.records import MAX_RECORD_BYTES
    from cardtable.files import MAX_FILE_BYTES

    empty_objects(home / "record.json", MAX_RECORD_BYTES)
    empty_objects(home / "table-file.json", MAX_FILE_BYTES)
    long_tarot_record(home / "tarot.json")
    with open(home / "sparse.json", "wb") as sparse:
        sparse.truncate(1 << 40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--make", type=Path, help=argparse.SUPPRESS)  # the inputs, made in a process of their own
    args = parser.parse_args()
    if args.make:
        make_inputs(args.make)
        return
    python = [sys.executable, "-m", "cardtable"]
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        # Made elsewhere: a child's peak memory starts from its parent's, which must stay small.
        subprocess.run([sys.executable, __file__, "--make", str(home)], check=True)
        read_table_file = (f"from pathlib import Path; from cardtable.files import read_json; "
                           f"read_json(Path({str(home / 'table-file.json')!r}))")  # fmt: skip
        cases = [
            ("replay: 64 MB of empty objects", [*python, "replay", str(home / "record.json")], False),
            ("table file: 32 MB of empty objects", [sys.executable, "-c", read_table_file], False),
            ("replay: /dev/zero", [*python, "replay", "/dev/zero"], False),
            ("replay: a sparse terabyte", [*python, "replay", str(home / "sparse.json")], False),
            ("replay: standard input for ever", [*python, "replay", "-"], True),
            (f"replay: 10,000 Tarot hands, {(home / 'tarot.json').stat().st_size / 1e6:.0f} MB",
             [*python, "replay", str(home / "tarot.json"), "--json"], False),
        ]  # fmt: skip
        print(f"{'case':<42} {'cpu s':>7} {'peak MB':>8}  exit  (medians of {args.runs})")
        for name, command, endless in cases:
            runs = [measured(command, endless) for _ in range(args.runs)]
            cpu = statistics.median(run[0] for run in runs)
            peak = statistics.median(run[1] for run in runs)
            print(f"{name:<42} {cpu:>7.2f} {peak:>8,.0f}  {runs[0][2]:>4}")


if __name__ == "__main__":
    main()
