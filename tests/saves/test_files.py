"""Reading the table's files without ever crashing, plain words for what went wrong, and the OS lock."""

from __future__ import annotations

import errno
import io
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import IO, Any

import pytest

from cardtable.files import OsLock, UnreadableFile, describe_os_error, parse_json, quote, read_json, write_crash_log
from tests.support import pipes_released


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"seed": ' + "9" * 5000 + "}", "seed holds a number 5,000 digits long"),
        ("[" * 1000 + "]" * 1000, "nested more than 64 levels deep"),
        ("[" * 100_000 + "]" * 100_000, "nested more than 64 levels deep"),
        ('{"table": {"seed": Infinity}}', "table.seed holds Infinity, which is not a number"),
        ('{"scores": [1, NaN]}', "scores[1] holds NaN"),
        ('{"x": -Infinity}', "x holds -Infinity"),
        ('{"x": 1e400}', "x holds the number 1e400, which is too large"),
        ('{"name": "\\ud800"}', "name holds text that is not valid Unicode"),
        ('{"' + "k" * 100_000 + '": NaN}', "k" * 59 + "… holds NaN"),
        ('{"hands": [ oops', "it is not valid JSON (expecting value at line 1, column 13)"),
        ("", "it is not valid JSON"),
    ],
)
def test_damaged_json_is_refused_in_plain_words(text: str, says: str) -> None:
    with pytest.raises(UnreadableFile) as refused:
        parse_json(text)
    assert says in refused.value.reason
    assert "Error" not in refused.value.reason


def test_what_the_table_writes_is_read_back() -> None:
    assert parse_json('{"a": [1, 2.5, "x", true, null, {"b": -3}]}') == {"a": [1, 2.5, "x", True, None, {"b": -3}]}
    assert parse_json("[" * 60 + "]" * 60) is not None


def test_a_file_that_is_not_text_or_far_too_large_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(b'{"a": "\xff\xfe"}')
    with pytest.raises(UnreadableFile, match="not text"):
        read_json(binary)
    with_bom = tmp_path / "bom.json"
    with_bom.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert read_json(with_bom) == {"a": 1}
    monkeypatch.setattr("cardtable.files.MAX_FILE_BYTES", 4)
    with pytest.raises(UnreadableFile, match="far too large"):
        read_json(with_bom)


def test_only_a_regular_file_is_read_and_a_named_pipe_is_never_waited_on(tmp_path: Path) -> None:
    pipe = tmp_path / "settings.json"
    os.mkfifo(pipe)
    with pipes_released(pipe) as waited_on, pytest.raises(UnreadableFile) as refused:
        read_json(pipe)
    assert not waited_on and refused.value.reason == "it is a named pipe, not a file"
    with pytest.raises(UnreadableFile) as refused:
        read_json(tmp_path)
    assert refused.value.reason == "it is a folder, not a file"


ENDLESS_SETTINGS = textwrap.dedent("""
    import resource, sys
    from pathlib import Path
    from cardtable.saves import load_settings
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # read whole, /dev/zero would take it all
    Path(sys.argv[1], "settings.json").symlink_to("/dev/zero")
    print(load_settings(Path(sys.argv[1]))[1][0])
""")


def test_settings_that_lead_to_an_endless_device_are_refused_in_a_real_process(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", ENDLESS_SETTINGS, str(tmp_path)], capture_output=True, text=True,
                          timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.startswith("Your settings could not be used: it is a device, not a file.")


def test_a_file_far_too_large_is_refused_without_being_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    huge = tmp_path / "stats.json"
    with huge.open("wb") as out:
        out.truncate(1 << 40)  # a terabyte that takes no room on the disk
    monkeypatch.setattr(os, "read", lambda *_args: pytest.fail("a file of the wrong size was read"))
    with pytest.raises(UnreadableFile) as refused:
        read_json(huge)
    assert refused.value.reason == "it is 1,048,576 MB, far too large to be one of the table's files (at most 32 MB)"


class FullDisk:
    """A file being written on a full disk: created, but every write refused."""

    def __init__(self, real: IO[Any]) -> None:
        self.real = real

    def write(self, _data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def __enter__(self) -> FullDisk:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.real.close()


def test_a_crash_log_that_cannot_be_written_whole_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*_args: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    # A file is created, but not a byte of it written, however the writer writes.
    real_open = io.open
    monkeypatch.setattr(io, "open", lambda *args, **kwargs: FullDisk(real_open(*args, **kwargs)))
    monkeypatch.setattr(os, "write", full)
    monkeypatch.setattr(os, "writev", full)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        assert write_crash_log(error, tmp_path / "home") is None
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


CRASH_ON_A_FULL_DISK = textwrap.dedent("""
    import resource, signal, sys
    from pathlib import Path
    from cardtable.files import write_crash_log
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing the process
    resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))
    try:
        raise RuntimeError("boom " * 100)
    except RuntimeError as error:
        print(write_crash_log(error, Path(sys.argv[1])))
""")


def test_a_crash_log_cut_short_by_the_disk_is_not_left_in_a_real_process(tmp_path: Path) -> None:
    """The operating system itself refuses the write past 200 bytes, as a full disk does."""
    home, temporary = tmp_path / "home", tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "TMPDIR": str(temporary)}
    done = subprocess.run([sys.executable, "-c", CRASH_ON_A_FULL_DISK, str(home)], capture_output=True, text=True,
                          env=env, timeout=60)  # fmt: skip
    assert done.returncode == 0 and done.stdout == "None\n", done.stderr
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_a_message_quotes_only_the_start_of_a_long_value() -> None:
    assert len(quote("x" * 5_000_000)) <= 60
    assert quote([]) == "[]" and quote({}) == "{}"


def test_file_errors_are_described_in_plain_words(tmp_path: Path) -> None:
    assert describe_os_error(OSError(errno.ENOSPC, "No space left on device")) == "the disk is full"
    assert describe_os_error(OSError(errno.EROFS, "Read-only file system")) == "the disk is read-only"
    denied = PermissionError(errno.EACCES, "Permission denied", str(tmp_path / "saves"))
    assert describe_os_error(denied) == f"{tmp_path / 'saves'} may not be written (permission denied)"
    a_file = tmp_path / "file"
    a_file.write_text("")
    with pytest.raises(OSError) as raised:
        (a_file / "saves").mkdir(parents=True)
    assert describe_os_error(raised.value) == f"{a_file} is a file, where a folder should be"


def test_a_crash_log_goes_to_the_temporary_folder_when_the_data_folder_cannot_take_it(tmp_path: Path) -> None:
    a_file = tmp_path / "home"
    a_file.write_text("not a folder")
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        log = write_crash_log(error, a_file)
        assert log is not None and log.parent != a_file
        assert "RuntimeError: boom" in log.read_text() and "Traceback" in log.read_text()
        log.unlink()
        in_home = write_crash_log(error, tmp_path / "ok")
        assert in_home is not None and in_home.parent == tmp_path / "ok"


def test_two_locks_on_one_file_exclude_each_other_even_in_one_process(tmp_path: Path) -> None:
    first, second = OsLock(tmp_path / "m.lock"), OsLock(tmp_path / "m.lock")
    assert first.acquire() and first.held
    assert not second.acquire() and not second.held
    first.release()
    assert second.acquire()
    second.release()


HOLDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from cardtable.files import OsLock
    lock = OsLock(Path(sys.argv[1]))
    print("held" if lock.acquire() else "busy", flush=True)
    time.sleep(60)
""")


def test_a_lock_held_by_another_process_is_refused_and_freed_when_that_process_is_killed(tmp_path: Path) -> None:
    path = tmp_path / "m.lock"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        mine = OsLock(path)
        assert not mine.acquire()
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(timeout=10)
        assert path.exists()  # the file stays behind, and means nothing: the OS dropped the lock
        assert mine.acquire()
        mine.release()
    finally:
        holder.kill()
        holder.wait(timeout=10)
