"""The table's own files, handled so that nothing read can crash it and nothing written is left half done.

Everything here speaks to the player: a damaged file or a failed write is described in plain words
(``UnreadableFile.reason``, ``describe_os_error``), never by an exception's class name.
"""

from __future__ import annotations

import errno
import json
import math
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

#: Far beyond any settings file the table writes; a match file has a bound of its own (``saves.MAX_MATCH_BYTES``).
MAX_FILE_BYTES = 32 * 1024 * 1024
#: Saves nest six levels deep; anything much deeper was not written by the table.
MAX_DEPTH = 64
#: Seeds and scores are at most a few dozen digits; Python refuses to read integers past 4,300 digits.
MAX_DIGITS = 100
#: How much of a bad value a message quotes.
QUOTE_LENGTH = 60


class UnreadableFile(ValueError):
    """A file whose content cannot be used; ``reason`` says why in a player's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Refused:
    """Stands in, while a file is parsed, for a value the file may not hold, so the check can say where it was."""

    def __init__(self, what: str) -> None:
        self.what = what


def quote(value: object) -> str:
    """A short, safe rendering of a value for a message (a name of 5 MB is not echoed whole)."""
    if isinstance(value, _Refused):
        return value.what
    try:
        text = json.dumps(value, ensure_ascii=False)
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
    """Walk the parsed value without recursion: refused numbers, too deep a nesting, text that is not Unicode."""
    stack: list[tuple[object, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        place = (where if len(where) <= QUOTE_LENGTH else where[: QUOTE_LENGTH - 1] + "…") + " " if where else "it "
        if isinstance(value, _Refused):
            raise UnreadableFile(f"{place}holds {value.what}")
        if depth > MAX_DEPTH:
            raise UnreadableFile(f"it is nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, str):
            _check_text(value, place)
        elif isinstance(value, dict):
            for key, item in value.items():
                _check_text(key, place)
                stack.append((item, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))


def _check_text(text: str, place: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UnreadableFile(f"{place}holds text that is not valid Unicode") from None


def read_json(path: Path, limit: int | None = None) -> object:
    """The JSON in ``path``, at most ``limit`` bytes long (``MAX_FILE_BYTES`` by default); ``UnreadableFile`` if it
    cannot be used, ``OSError`` if it cannot be read at all."""
    size = path.stat().st_size
    if size > (MAX_FILE_BYTES if limit is None else limit):
        raise UnreadableFile(f"it is {size / 1e6:.0f} MB, far too large to be one of the table's files")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"it is not text (byte {error.start + 1} is not UTF-8)") from None
    return parse_json(text)


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
    """Write the traceback of a crash to ``folder``, or to the system's temporary folder if that fails."""
    text = "".join(traceback.format_exception(error))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for place, name in ((folder, f"crash-{stamp}.log"), (Path(tempfile.gettempdir()), f"cardtable-crash-{stamp}.log")):
        try:
            place.mkdir(parents=True, exist_ok=True)
            path = place / name
            when = time.strftime("%Y-%m-%d %H:%M:%S")
            about = f"cardtable crashed at {when} (Python {sys.version.split()[0]}, {sys.platform})"
            path.write_text(f"{about}\n\n{text}", encoding="utf-8")
            return path
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
