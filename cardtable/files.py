"""The table's own files, handled so that nothing read can crash it and nothing written is left half done.

Everything here speaks to the player: a damaged file or a failed write is described in plain words
(``UnreadableFile.reason``, ``describe_os_error``), never by an exception's class name.
"""

from __future__ import annotations

import codecs
import errno
import json
import math
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Collection
from pathlib import Path

from cardtable.engine.bounded import UnreadableFile as UnreadableFile
from cardtable.engine.bounded import read_file, read_start
from cardtable.engine.jsontext import walk
from cardtable.engine.records import write_atomically
from cardtable.engine.visible import visible

#: Far beyond any settings file the table writes; a match file has a bound of its own (``saves.MAX_MATCH_BYTES``).
MAX_FILE_BYTES = 32 * 1024 * 1024
#: Saves nest six levels deep; anything much deeper was not written by the table.
MAX_DEPTH = 64
#: Seeds and scores are at most a few dozen digits; Python refuses to read integers past 4,300 digits.
MAX_DIGITS = 100
#: How much of a bad value a message quotes.
QUOTE_LENGTH = 60
#: How much of a file ``read_head`` reads: far more than what a save says of itself at its start.
HEAD_BYTES = 8192


class NewerFile(Exception):
    """A file written by a newer cardtable: its ``schema`` is beyond what this version reads.

    Such a file is left exactly as it is (never renamed, rewritten or deleted), so that the newer version finds
    it again; ``raw`` is what it holds, for the little a list may show of it (untrusted).
    """

    def __init__(self, schema: int, raw: dict[str, object]) -> None:
        super().__init__(f"it was written by a newer cardtable (its schema is {schema})")
        self.schema = schema
        self.raw = raw


class _Refused:
    """Stands in, while a file is parsed, for a value the file may not hold, so the check can say where it was."""

    def __init__(self, what: str) -> None:
        self.what = what


def quote(value: object) -> str:
    """A short, safe rendering of a value for a message (a name of 5 MB is not echoed whole)."""
    if isinstance(value, _Refused):
        return value.what
    try:
        text = visible(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError, RecursionError):
        text = "a value"
    return text if len(text) <= QUOTE_LENGTH else text[: QUOTE_LENGTH - 1] + "…"


def _refuse_int(text: str) -> object:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _Refused(f"a number {digits:,} digits long")
    return int(text)


def _refuse_float(text: str) -> object:
    value = float(text)
    if not math.isfinite(value):
        return _Refused(f"the number {text[:20]}, which is too large")
    return value


def _refuse_constant(text: str) -> object:
    return _Refused(f"{text}, which is not a number a file may hold")


def parse_json(text: str) -> object:
    """Parse JSON written by the table, refusing whatever Python cannot hold safely, with the place it is at."""
    try:
        data = json.loads(text, parse_int=_refuse_int, parse_float=_refuse_float, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise UnreadableFile(f"it is not valid JSON ({error.msg.lower()} at line {error.lineno}, "
                             f"column {error.colno})") from None  # fmt: skip
    except RecursionError:
        raise UnreadableFile(f"it is nested more than {MAX_DEPTH} levels deep") from None
    check_shape(data)
    return data


def check_shape(data: object) -> None:
    """Walk the parsed value: refused numbers, too deep a nesting, text that is not Unicode.

    The walk holds only the path down to the value it is at (``jsontext.walk``), so a file of millions of
    values is checked in the memory it already takes; the place a message names is written only then.
    """
    _check_value(data, [], None)
    for path, key, value in walk(data):
        if isinstance(key, str):
            _check_text(key, path, None)
        _check_value(value, path, key)


def _check_value(value: object, path: list[str | int], key: str | int | None) -> None:
    """Refuse ``value``, found at ``path`` under ``key``, if the file may not hold it there."""
    if len(path) + (key is not None) > MAX_DEPTH:
        raise UnreadableFile(f"it is nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, _Refused):
        raise UnreadableFile(f"{_place(path, key)}holds {value.what}")
    if isinstance(value, str):
        _check_text(value, path, key)


def _place(path: list[str | int], key: str | int | None) -> str:
    """Where a value is, as a message names it: ``hands[0].deal `` (cut short when long), or "it "."""
    where = ""
    for step in path if key is None else [*path, key]:
        where += f"[{step}]" if isinstance(step, int) else (f".{step}" if where else step)
        if len(where) > QUOTE_LENGTH:
            return where[: QUOTE_LENGTH - 1] + "… "
    return f"{where} " if where else "it "


def _check_text(text: str, path: list[str | int], key: str | int | None) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UnreadableFile(f"{_place(path, key)}holds text that is not valid Unicode") from None


def read_json(path: Path, limit: int | None = None) -> object:
    """The JSON in ``path``, at most ``limit`` bytes long (``MAX_FILE_BYTES`` by default); ``UnreadableFile`` if it
    cannot be used (a named pipe, a folder, too large a file, damaged JSON), ``OSError`` if it cannot be read at
    all."""
    data = read_file(path, MAX_FILE_BYTES if limit is None else limit, "one of the table's files")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"it is not text (byte {error.start + 1} is not UTF-8)") from None
    return parse_json(text)


#: Reads one value at a time for ``read_head``, with ``parse_json``'s refusals.
_DECODER = json.JSONDecoder(parse_int=_refuse_int, parse_float=_refuse_float, parse_constant=_refuse_constant)


def _after_space(text: str, at: int) -> int:
    """Where JSON's white space from ``at`` ends."""
    while text[at : at + 1] in (" ", "\n", "\r", "\t"):
        at += 1
    return at


def read_head(path: Path, keys: Collection[str]) -> dict[str, object]:
    """The first members of the JSON object in ``path``, as long as their keys are among ``keys``.

    Only the file's first ``HEAD_BYTES`` are read and only those members parsed, so a file that writes what it
    says of itself first is listed at the cost of a few hundred bytes, however long the rest.  The head ends at
    the first other key, at a member cut off or damaged, or at the end of the object: the caller reads the whole
    file when the head lacks what it needs.  A value is as ``json`` reads it, with a number ``parse_json``
    refuses standing in as an object of its own and no walk of its shape: the caller takes only what it checks
    field by field (type and range).  ``OSError`` if the file cannot be read.
    """
    head: dict[str, object] = {}
    try:
        data = read_start(path, HEAD_BYTES)
        # Incremental: a character cut at the end of what was read is left out, not taken for damage.
        text = codecs.getincrementaldecoder("utf-8-sig")().decode(data, final=False)
        at = _after_space(text, 0)
        if text[at : at + 1] != "{":
            return head
        at += 1
        while True:
            at = _after_space(text, at)
            key, at = _DECODER.raw_decode(text, at)
            if not isinstance(key, str) or key not in keys:
                return head
            at = _after_space(text, at)
            if text[at : at + 1] != ":":
                return head
            at = _after_space(text, at + 1)
            value, at = _DECODER.raw_decode(text, at)
            head[key] = value
            at = _after_space(text, at)
            if text[at : at + 1] != ",":
                return head
            at += 1
    except (ValueError, RecursionError):  # not a regular file (UnreadableFile), damaged JSON, bad UTF-8
        return head


def local_time(seconds: float) -> time.struct_time | None:
    """A file's time (``st_mtime``) in the local time zone, or None where it is beyond what the platform can
    turn into a date: some file systems keep times of ±1e18 seconds."""
    try:
        return time.localtime(seconds)
    except (OverflowError, OSError, ValueError):
        return None


def describe_os_error(error: OSError, folder: Path | None = None) -> str:
    """What went wrong with a file, in a player's words; ``folder`` names where a temporary file was refused."""
    if error.errno == errno.ENOTDIR and error.filename:
        path = Path(error.filename)
        in_the_way = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
        if in_the_way is not None:
            return f"{in_the_way} is a file, where a folder should be"
    name = f"the folder {folder}" if folder is not None else str(error.filename or "")
    plain = {
        errno.EACCES: f"{name} may not be written (permission denied)",
        errno.EPERM: f"{name} may not be written (permission denied)",
        errno.EROFS: "the disk is read-only",
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.ENOTDIR: f"{name} is not in a folder",
        errno.EEXIST: f"{name} is in the way (a file where a folder should be)",
        errno.ENOENT: f"{name} does not exist",
        errno.EISDIR: f"{name} is a folder, not a file",
    }
    if error.errno in plain:
        return plain[error.errno].strip()
    return (error.strerror or str(error)).lower() + (f" ({name})" if name else "")


def aside_name(path: Path) -> Path:
    """A free name beside ``path`` for keeping a file that cannot be used: ``NAME.unreadable-DATE.json``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.unreadable-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.unreadable-{stamp}-{n}{path.suffix}")
        n += 1
    return target


def move_aside(path: Path) -> Path:
    """Rename a file that cannot be used, so it is kept (for a bug report) but no longer in the way."""
    target = aside_name(path)
    path.rename(target)
    return target


def set_aside_saying(path: Path, said: str, kept: str = "") -> str:
    """Move a file that cannot be used aside, and tell the player: ``said``, then where it is kept (and ``kept``)
    or why it stays where it is."""
    try:
        target = move_aside(path)
    except OSError as error:
        return f"{said} It could not be moved aside ({describe_os_error(error, path.parent)}), so it stays as {path}."
    return f"{said} The file was kept as {target}{kept}."


def write_crash_log(error: BaseException, folder: Path) -> Path | None:
    """Write the traceback of a crash to ``folder``, or to the system's temporary folder if that fails.

    Written whole or not at all: on a full disk a log cut short (or empty) would only mislead, so nothing is
    left where the write failed.
    """
    text = "".join(traceback.format_exception(error))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    when = time.strftime("%Y-%m-%d %H:%M:%S")
    about = f"cardtable crashed at {when} (Python {sys.version.split()[0]}, {sys.platform})"
    for place, name in ((folder, f"crash-{stamp}.log"), (Path(tempfile.gettempdir()), f"cardtable-crash-{stamp}.log")):
        try:
            write_atomically(place / name, f"{about}\n\n{text}".encode())
            return place / name
        except OSError:
            continue
    return None


class OsLock:
    """An exclusive lock that the operating system holds for this process: released when the process ends.

    The lock file itself is only where the lock lives; its being there means nothing, so a crash never
    leaves a match locked.  Two ``OsLock`` objects on one path exclude each other even in one process.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if it is free: False if someone holds it, ``OSError`` if the lock file cannot be opened."""
        if self._fd is not None:
            return True
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except PermissionError:
            if not self.path.exists():
                raise
            fd = os.open(self.path, os.O_RDONLY)  # a lock needs no write access to the file
        try:
            locked = _lock(fd)
        except BaseException:
            os.close(fd)
            raise
        if not locked:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            _unlock(fd)
        finally:
            os.close(fd)


if sys.platform == "win32":  # pragma: no cover - the suite runs on POSIX
    import msvcrt

    def _lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
