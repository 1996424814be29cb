"""A call to answer (a truco, an envido, a flor), asked at the side of the table.

It is the choices dialog, placed over the log rather than over the felt: the trick, the card turned up
beside it and the player's own hand stay in view while the answer is weighed.
"""

from __future__ import annotations

from typing import TypeVar

from .choice import ChoiceDialog

T = TypeVar("T")


class CallDialog(ChoiceDialog[T]):
    """The choices dialog at the side of the table (its place is in the table's style sheet)."""
