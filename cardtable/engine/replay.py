"""``cardtable replay``: play a record from the start, check every action, and report what happened."""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, RecordError
from .game import HandState
from .hints import advise
from .match import Match
from .records import Record

EXIT_OK, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2


def failed_form(error: RecordError) -> dict[str, Any]:
    """The replay output for a record whose form is wrong (nothing is replayed)."""
    return {"ok": False, "error": error.to_json(), "hands": [], "scores": None, "winner": None, "special": None,
            "next": None}  # fmt: skip


def replay(record: Record, hint: str | None = None) -> tuple[dict[str, Any], int, Match]:
    """Replay ``record``; return the ``--json`` output, the exit status and the match as it stands."""
    match = record.new_match()
    error: dict[str, Any] | None = None
    status = EXIT_OK
    for h, entry in enumerate(record.hands):
        try:
            match.begin_hand(entry.dealer, entry.deal)
        except RecordError as problem:
            error, status = {"hand": h, "action": None, "reason": problem.reason}, EXIT_MALFORMED
            break
        for i, action in enumerate(entry.actions):
            try:
                match.apply(action)
            except IllegalAction as problem:
                error, status = {"hand": h, "action": i, "reason": problem.reason}, EXIT_ILLEGAL
                break
        if error:
            break
    out: dict[str, Any] = {
        "ok": error is None,
        "error": error,
        "hands": [hand_output(played.state) for played in match.hands],
        "scores": list(match.scores),
        "winner": match.winner,
        "special": match.special,
        "next": None if status == EXIT_MALFORMED else next_decision(match, hint),
    }
    return out, status, match


def hand_output(state: HandState) -> dict[str, Any]:
    out = {
        "tricks": [t.to_json() for t in state.tricks],
        "complete": state.complete,
        "points": state.points(),
        "score_delta": state.score_delta(),
    }
    out.update(state.summary())
    return out


def next_decision(match: Match, hint: str | None = None) -> dict[str, Any] | None:
    state = match.current
    if match.over or state is None:
        return None
    seat = state.to_act
    assert seat is not None
    out: dict[str, Any] = {"seat": seat, "legal": state.legal_for_output()}
    if hint is not None:
        # The table's hint key asks the same code: a level that searches thinks with the fast budget's fixed work,
        # never a deadline, so the hint and its reason are the same every time.
        rules = match.rules
        given = advise(rules, rules.words_for(match.options), state.view(seat), rules.seat_names(match.players),
                       level=hint)  # fmt: skip
        assert given.action is not None  # no calls are offered out of turn here: the seat decides
        out["hint"] = state.resolve(given.action).to_json()
        out["hint_reason"] = given.reason
    return out
