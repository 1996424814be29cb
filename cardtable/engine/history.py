"""A readable hand history of a replayed match (``cardtable replay`` without ``--json``)."""

from __future__ import annotations

from typing import Any

from .match import Match


def hand_history(match: Match, out: dict[str, Any]) -> str:
    rules = match.rules
    names = rules.seat_names(match.players)
    lines = [f"{rules.title}, {match.players} players"]
    for h, played in enumerate(match.hands):
        state = played.state
        summary = state.summary()
        head = f"Hand {h + 1}: {names[played.dealer]} deals"
        if summary.get("trump"):
            head += f", trump {summary['trump']}"
        lines.append("")
        lines.append(head)
        for action in played.actions:
            if action.verb != "play":
                lines.append(f"  {names[action.seat]}: {action.verb} {_value(action.value)}"
                             + "".join(f" {k}={v}" for k, v in action.extra))  # fmt: skip
        for t, trick in enumerate(state.tricks, start=1):
            winner = names[trick.winner] if trick.winner is not None else "nobody (tie)"
            lines.append(f"  trick {t:>2}: {names[trick.leader]} leads {' '.join(trick.cards)}"
                         f"  -> {winner}, {trick.points} points")  # fmt: skip
        delta = state.score_delta()
        if delta is None:
            lines.append("  (hand in progress)")
        else:
            lines.append(f"  points {state.points()}, score {delta}")
    lines.append("")
    lines.append(f"Scores: {out['scores']}")
    if out["winner"]:
        lines.append(
            "Winner: "
            + ", ".join(names[s] for s in out["winner"])
            + (f" ({out['special']})" if out.get("special") else "")
        )
    if out["error"]:
        err = out["error"]
        lines.append(f"Stopped at hand {err['hand']}, action {err['action']}: {err['reason']}")
    if out["next"]:
        lines.append(f"Next: {names[out['next']['seat']]} to act")
    return "\n".join(lines)


def _value(value: Any) -> str:
    return " ".join(value) if isinstance(value, tuple) else str(value)
