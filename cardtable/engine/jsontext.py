"""Reading JSON that anyone may have written: every failure is a ``RecordError`` naming where it is.

Python's own reader has two traps for hostile input: an integer of more than 4,300 digits raises a
plain ``ValueError`` (the interpreter refuses to convert it), and deep nesting raises ``RecursionError``
— in the reader itself, or later in anything that walks the value (``repr`` in an error message).  Here a
number that cannot be held is read as an ``UnreadableNumber``, which every field check then refuses
by name, and nesting is limited to ``MAX_DEPTH`` levels, reported with the path where it goes deeper.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

from .errors import RecordError

#: Records, options and saves nest a handful of levels; this leaves room and stays far from the stack's limit.
MAX_DEPTH = 100
#: Python converts integers of at most this many digits (``sys.get_int_max_str_digits()``'s default).
MAX_INT_DIGITS = 4300


class NestedTooDeep(RecordError):
    """JSON nested deeper than ``MAX_DEPTH`` levels."""


class UnreadableNumber:
    """A JSON number Python cannot hold as it is written: too many digits, or beyond a float's range."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        digits = sum(c.isdigit() for c in self.text)
        if len(self.text) > 24:
            return f"a number of {digits:,} digits"
        return f"{self.text} (out of range)"


def _read_int(text: str) -> int | UnreadableNumber:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        return UnreadableNumber(text)
    return int(text)


def _read_float(text: str) -> float | UnreadableNumber:
    value = float(text)
    return value if math.isfinite(value) else UnreadableNumber(text)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def read_json(text: str, what: str = "the record") -> Any:
    """Parse ``text``; ``RecordError`` (naming ``what`` and the place) if it is not JSON this program can use."""
    try:
        data = json.loads(text, parse_int=_read_int, parse_float=_read_float, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise RecordError(f"{what} is not valid JSON (line {error.lineno}, column {error.colno})") from None
    except ValueError as error:  # NaN and Infinity, refused above
        raise RecordError(f"{what} is not valid JSON: {error}") from None
    except RecursionError:
        raise NestedTooDeep(f"{what} nests deeper than {MAX_DEPTH} levels at {_deep_path_in_text(text)}") from None
    path = _deep_path_in_value(data)
    if path is not None:
        raise NestedTooDeep(f"{what} nests deeper than {MAX_DEPTH} levels at {path}")
    return data


def _path_text(parts: list[str | int]) -> str:
    """``hands[0].deal``, shortened to its first steps when it is very long."""
    shown = parts[:6]
    text = ""
    for part in shown:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    if len(parts) > len(shown):
        text += "…"
    return text or "the top level"


def _items(container: dict[str, Any] | list[Any]) -> Iterator[tuple[str | int, Any]]:
    return iter(container.items()) if isinstance(container, dict) else enumerate(container)


def walk(data: Any) -> Iterator[tuple[list[str | int], str | int, Any]]:
    """Every value nested in ``data``, depth first: the path of the container holding it, its key, the value.

    Without recursion, and holding only the containers on the way down to where it is, so walking millions
    of values costs no memory of its own.  The path is one list the walk keeps changing: copy it to keep it.
    """
    if not isinstance(data, dict | list):
        return
    path: list[str | int] = []
    inside = [_items(data)]  # one iterator per open container: always one more than the keys in ``path``
    while inside:
        for key, value in inside[-1]:
            yield path, key, value
            if value and isinstance(value, dict | list):
                path.append(key)
                inside.append(_items(value))
                break
        else:
            inside.pop()
            if path:
                path.pop()


def _deep_path_in_value(data: Any) -> str | None:
    """The path of the first value nested deeper than ``MAX_DEPTH``, or None."""
    for path, key, _value in walk(data):
        if len(path) >= MAX_DEPTH:
            return _path_text([*path, key])
    return None


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},:]', re.DOTALL)


def _tokens(text: str) -> Iterator[str]:
    for match in _TOKEN.finditer(text):
        yield match.group()


def _deep_path_in_text(text: str) -> str:
    """Where the nesting of ``text`` first goes deeper than ``MAX_DEPTH`` (for JSON too deep to parse)."""
    # One frame per open container: its kind, the index or key of the value being read in it, and for an
    # object whether the next string is a key.
    frames: list[list[Any]] = []
    for token in _tokens(text):
        if token in "[{":
            if len(frames) >= MAX_DEPTH:
                return _path_text([frame[1] for frame in frames])
            frames.append([token, 0, False] if token == "[" else [token, "?", True])
        elif not frames:
            continue
        elif token in "]}":
            frames.pop()
        elif token == ",":
            top = frames[-1]
            if top[0] == "[":
                top[1] += 1
            else:
                top[2] = True
        elif token != ":" and frames[-1][0] == "{" and frames[-1][2]:
            try:
                frames[-1][1] = str(json.loads(token))
            except ValueError:
                frames[-1][1] = "?"
            frames[-1][2] = False
    return _path_text([frame[1] for frame in frames])
