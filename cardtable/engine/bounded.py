"""Reading a file whole without trusting it: only a regular file, never blocking, never past a bound.

Every file the program reads goes through ``read_file`` (or, for what a file says at its start, ``read_start``),
and standard input through ``read_stream``.  A path
may name something that is no file at all: a named pipe blocks its reader until someone writes (forever, if
nobody does), ``/dev/zero`` never ends, a folder has no bytes.  So the file is opened without blocking and
refused unless it is a regular file, and at most one byte more than the bound is ever read, so a file larger
than its kind may be is refused without being held in memory.  What is refused is said in a player's words
(``UnreadableFile.reason``); a file that cannot be opened at all raises the ``OSError``.

This lives in the engine, which imports only the standard library, because ``replay`` reads records here;
``cardtable.files`` builds the table's own files on it.
"""

from __future__ import annotations

import os
import stat
import sys
from typing import BinaryIO

#: How much of a stream one read asks for: the bound is checked between reads.
CHUNK = 1 << 20

# Opened without blocking: the path may have become a named pipe since it was looked at, and opening one waits
# for a writer.  Nor may a terminal opened so become the process's own.
if sys.platform == "win32":  # pragma: no cover - the suite runs on POSIX
    _FLAGS = os.O_RDONLY | os.O_BINARY
else:
    _FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY


class UnreadableFile(ValueError):
    """A file whose content cannot be used; ``reason`` says why in a player's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _what_it_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def size_text(size: int) -> str:
    """A size as a player reads it: "40 MB" (of 2**20 bytes, as the bounds are set), or bytes when small."""
    return f"{size / 2**20:,.0f} MB" if size >= 2**20 else f"{size:,} bytes"


def too_large(limit: int, what: str, size: int | None = None) -> UnreadableFile:
    """The refusal of more than ``limit`` bytes (``size`` when it is known) for ``what`` the bytes should be."""
    if size is None:
        return UnreadableFile(f"it is more than {size_text(limit)}, far too large to be {what}")
    return UnreadableFile(f"it is {size_text(size)}, far too large to be {what} (at most {size_text(limit)})")


def _open_regular(path: str | os.PathLike[str]) -> tuple[int, os.stat_result]:
    """The file at ``path`` opened, and what ``fstat`` says of it; ``UnreadableFile`` unless it is a regular file."""
    # Refused before opening: a socket cannot be opened at all, and a device is better left unopened.
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise UnreadableFile(f"it is {_what_it_is(mode)}, not a file")
    fd = os.open(path, _FLAGS)
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # it changed since it was looked at
        os.close(fd)
        raise UnreadableFile(f"it is {_what_it_is(info.st_mode)}, not a file")
    return fd, info


def read_start(path: str | os.PathLike[str], count: int) -> bytes:
    """The first ``count`` bytes of the regular file at ``path`` (all of them in a shorter one): what a file
    says of itself at its start, without the rest.  ``UnreadableFile`` when ``path`` is not a regular file,
    ``OSError`` when it cannot be opened or read."""
    fd, _info = _open_regular(path)
    try:
        return os.read(fd, count)
    finally:
        os.close(fd)


def read_file(path: str | os.PathLike[str], limit: int, what: str) -> bytes:
    """The bytes of the regular file at ``path``, if there are at most ``limit`` of them.

    ``UnreadableFile`` when ``path`` is not a regular file or is larger than ``limit`` (``what`` names what
    the file should be, for the message); ``OSError`` when it cannot be opened or read.
    """
    fd, info = _open_regular(path)
    try:
        if info.st_size > limit:
            raise too_large(limit, what, info.st_size)
        chunks: list[bytes] = []
        left = limit + 1  # one byte past the bound tells a file that grew since fstat
        while left > 0:
            chunk = os.read(fd, min(left, CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    if left <= 0:
        raise too_large(limit, what)
    return b"".join(chunks)


def read_stream(stream: BinaryIO, limit: int, what: str) -> bytes:
    """Everything ``stream`` holds, if it is at most ``limit`` bytes; ``UnreadableFile`` past that.

    The stream is read in pieces and given up one byte past the bound, so an endless one (``yes |``) is
    refused as soon as it has said too much rather than when memory runs out.  ``OSError`` if it cannot be read.
    """
    chunks: list[bytes] = []
    left = limit + 1
    while left > 0:
        chunk = stream.read(min(left, CHUNK))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        left -= len(chunk)
    raise too_large(limit, what)
