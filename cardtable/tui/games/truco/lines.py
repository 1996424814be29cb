"""Side-panel lines both Truco tables write: who may raise next, and the tricks played so far."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.words import counted
from cardtable.tui.sides import SIDE_TEXT, side_name


def next_raise_line(raising: Sequence[int], players: int, seat: int, names: Sequence[str]) -> str:
    """Who may raise next, for the side panel: partners sit one apart, so a team is every other seat."""
    if not raising:
        return ""
    if len(raising) == 2:
        return "Next raise: either team"  # one line of the narrow side panel, as "Next raise: East & West"
    seats = list(range(raising[0], players, 2))
    if seat in seats and names[seat].lower() == "you":
        return "Next raise: you" if len(seats) == 1 else "Next raise: your team"
    # Where the line is too wide for the narrow panel, the team goes on a line of its own (``after_its_label``).
    return f"Next raise: {side_name(names, seats, SIDE_TEXT)}"


def tricks_line(results: Sequence[int | None], tie: str) -> str:
    """How many tricks are played and how many were tied (a "tie", a "parda"), for the side panel."""
    ties = results.count(None)
    return f"Tricks played {len(results)}" + (f", {counted(ties, tie)}" if ties else "")
