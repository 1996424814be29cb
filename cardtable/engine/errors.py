"""The two ways an input can be wrong: its form (a malformed record) or its legality (a rule broken).

Messages quote what they were given, and what they were given may be anything: a name of five megabytes,
an integer of thousands of digits, a terminal escape.  ``quote`` keeps a quoted value short and printable,
and a ``RecordError`` reason is kept to one printable line of bounded length whoever built it.
"""

from __future__ import annotations

import reprlib

from .visible import visible

#: About this many characters of a bad value are quoted in a message, never the whole of it.
QUOTE_LIMIT = 80
#: A reason longer than this keeps its beginning and its end, the middle cut out.
REASON_LIMIT = 240


class _ShortRepr(reprlib.Repr):
    """``repr`` bounded in length and depth, and safe for integers too long to be written out."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = QUOTE_LIMIT
        self.maxother = QUOTE_LIMIT
        self.maxlong = QUOTE_LIMIT
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxset = self.maxdict = 6

    def repr_int(self, x: int, level: int) -> str:
        # Python refuses to write out an integer of more than 4,300 digits; estimate its size instead.
        if x.bit_length() > 13_000:
            return f"an integer of about {int(x.bit_length() * 0.30103):,} digits"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()


def quote(value: object) -> str:
    """A value as a message quotes it: its ``repr``, at most about ``QUOTE_LIMIT`` characters, on one line."""
    try:
        text = _SHORT.repr(value)
    except Exception:  # a value whose own repr fails is still named by its type
        text = f"<{type(value).__name__}>"
    return one_line(text)


def one_line(text: str, limit: int | None = None) -> str:
    """``text`` with every character a terminal would act on escaped (so it stays on one line and shows as it
    is), cut in the middle if long."""
    text = visible(text)
    if limit is not None and len(text) > limit:
        head = limit * 2 // 3
        text = f"{text[:head]} … {text[-(limit - head - 3) :]}"
    return text


class RecordError(ValueError):
    """A record, option or action that does not have the required form; ``reason`` names the field."""

    def __init__(self, reason: str, hand: int | None = None, action: int | None = None) -> None:
        reason = one_line(reason, REASON_LIMIT)
        super().__init__(reason)
        self.reason = reason
        self.hand = hand
        self.action = action

    def to_json(self) -> dict[str, object]:
        return {"hand": self.hand, "action": self.action, "reason": self.reason}


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow at this point; ``reason`` is a player's sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
