"""What a game counts of one seat's play over a finished match, for the statistics across matches.

The statistics replay each finished match's record through the engine and show every action to the game's
``SeatTally`` just before it is applied, and every hand once it is complete: the counts come from the record,
never from what a table happened to keep.  The engine knows no game: each game offers its own tally
(``GameRules.count_with``, a ``SeatTally``), and a game that offers none counts nothing beyond wins and hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalAction, RecordError
from .game import Number
from .match import Match
from .records import Record


@dataclass
class TalliedMatch:
    """One finished match as the statistics see it, from one seat."""

    match: Match
    counts: dict[str, int]
    #: The best hand for the seat: what it added to the seat's score, and its number (from 0).
    best_hand: Number | None
    best_hand_number: int | None
    hands: int


def tally_match(record: Record, seat: int) -> TalliedMatch:
    """Replay ``record`` with the game's tally for ``seat``; ``RecordError`` if it does not replay cleanly."""
    rules = record.rules
    tally = rules.tally(seat, record.options, record.players)
    match = record.new_match()
    best: Number | None = None
    best_number: int | None = None
    for number, entry in enumerate(record.hands):
        state = match.begin_hand(entry.dealer, entry.deal)
        for index, action in enumerate(entry.actions):
            tally.before_action(state, action)
            try:
                match.apply(action)
            except IllegalAction as refused:
                raise RecordError(f"an action is not legal: {refused.reason}", number, index) from None
        if state.complete:
            tally.after_hand(state)
            delta = state.score_delta()
            if delta is not None and (best is None or delta[seat] > best):
                best, best_number = delta[seat], number
    tally.after_match(match.winner, match.special)
    counts = {key: tally.counts.get(key, 0) for key in tally.labels}
    return TalliedMatch(match, counts, best, best_number, len(match.hands))
