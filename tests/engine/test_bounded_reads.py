"""What ``replay`` reads: a regular file or standard input, never more than a record may hold, never waiting."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import pytest

from tests.support import TESTS, pipes_released, run_cli

SAMPLE = TESTS / "cases" / "manille" / "pips_36_24.json"
#: Memory a real process may take in these tests: far above what a refused read needs, far below an endless one.
MEMORY_LIMIT = 1 << 30


def test_replay_refuses_a_named_pipe_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "record.json"
    os.mkfifo(pipe)
    with pipes_released(pipe) as waited_on:
        done = run_cli(["replay", str(pipe)])
    assert not waited_on, "replay waited for someone to write to the named pipe"
    assert done.returncode == 2 and done.stderr.startswith("cardtable replay: cannot read '")
    assert done.stderr.endswith("record.json': it is a named pipe, not a file\n")


def test_replay_refuses_a_folder_and_a_socket_in_plain_words(tmp_path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(tmp_path / "s"))
        for path, what in ((tmp_path, "a folder"), (tmp_path / "s", "a socket")):
            done = run_cli(["replay", str(path), "--json"])
            assert done.returncode == 2 and f"it is {what}, not a file" in done.stdout


@pytest.mark.parametrize("from_stdin", [False, True], ids=["file", "standard-input"])
def test_a_record_of_the_bound_is_read_and_one_byte_more_is_refused(
    monkeypatch: pytest.MonkeyPatch, from_stdin: bool
) -> None:
    size = SAMPLE.stat().st_size
    args = ["replay", "-"] if from_stdin else ["replay", str(SAMPLE)]
    stdin = SAMPLE.read_bytes() if from_stdin else None
    monkeypatch.setattr("cardtable.engine.records.MAX_RECORD_BYTES", size)
    assert run_cli(args, stdin=stdin).returncode == 0
    monkeypatch.setattr("cardtable.engine.records.MAX_RECORD_BYTES", size - 1)
    done = run_cli(args, stdin=stdin)
    assert done.returncode == 2 and "far too large to be a record" in done.stderr
    assert len(done.stderr.splitlines()) == 1


def _limited_memory() -> None:  # pragma: no cover - runs in the child process
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _endless(stream: IO[bytes]) -> None:
    """Write to a process's standard input until it stops reading."""
    chunk = b"0" * (1 << 20)
    with contextlib.suppress(OSError, ValueError):  # the pipe breaks (or is closed) when the reader goes
        while True:
            stream.write(chunk)


@pytest.mark.parametrize("source", ["/dev/zero", "sparse", "endless standard input"])
def test_an_endless_or_huge_input_is_refused_at_the_bound_in_a_real_process(tmp_path: Path, source: str) -> None:
    """Read whole, each would take all the memory there is: the process, given 1 GB, says no in one line."""
    args = [sys.executable, "-m", "cardtable", "replay", "-" if source.startswith("endless") else source]
    if source == "sparse":  # a terabyte that takes no room on the disk: its size says it all
        args[-1] = str(tmp_path / "huge.json")
        with open(args[-1], "wb") as huge:
            huge.truncate(1 << 40)
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             preexec_fn=_limited_memory)  # fmt: skip
    assert child.stdin is not None and child.stderr is not None
    if source.startswith("endless"):
        threading.Thread(target=_endless, args=(child.stdin,), daemon=True).start()
    else:
        child.stdin.close()
    timer = threading.Timer(120, child.kill)
    timer.start()
    try:
        said = child.stderr.read().decode()
        child.wait()
    finally:
        timer.cancel()
        child.kill()
        with contextlib.suppress(OSError):
            child.stdin.close()
        child.stderr.close()
    assert child.returncode == 2, said[-500:]
    assert len(said.splitlines()) == 1 and ("not a file" in said or "far too large to be a record" in said), said
