"""A readable hand history of a replayed match (``cardtable replay`` without ``--json``).

It tells the match as the table's log does, in the game's own words: what is said at each deal, every
call and bid in turn, each trick as the table draws its cards, and how each hand scored.  A card played
face down is shown face down unless ``reveal`` asks for it; record codes stay in ``--json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import RecordError
from .game import Action, FinishedTrick, Number
from .match import Match
from .records import Record
from .words import GameWords, counted, says


def hand_history(record: Record, match: Match, out: dict[str, Any], reveal: bool = False) -> str:
    """The story of ``match`` (``record`` replayed as far as it went) ending with ``out``'s verdict."""
    rules = match.rules
    words = rules.words_for(match.options)
    names = rules.seat_names(match.players)
    lines = [f"{rules.title}, {match.players} players: {', '.join(names)}"]
    if any(match.start_scores):
        lines.append(f"Scores at the start: {_scores(names, match.start_scores)}")
    # The match is told again from the start, so that each deal is said as it looked when it was dealt.
    told = Match(rules, match.options, match.players, match.start_scores)
    for h, played in enumerate(match.hands):
        lines.append("")
        lines.extend(_hand_lines(told, h, played.dealer, played.deal, played.actions, names, words, reveal))
    lines.append("")
    lines.extend(_verdict(record, match, out, names, words, reveal))
    return "\n".join(lines)


def _hand_lines(told: Match, h: int, dealer: int, deal: Any, actions: Sequence[Action], names: Sequence[str],
                words: GameWords[Any], reveal: bool) -> list[str]:  # fmt: skip
    state = told.begin_hand(dealer, deal)
    lines = [f"Hand {h + 1}: {names[dealer]} {says(names[dealer], 'deals')}."]
    lines.extend(f"  {line}" for line in words.deal_story(state.view(dealer), names))
    plays: list[Action] = []
    for action in actions:
        finished = len(state.tricks)
        told.apply(action)
        if action.verb == "play":
            plays.append(action)
        else:
            lines.append(f"  {words.describe_action(action, names, reveal, state.view(action.seat))}")
        if len(state.tricks) > finished:
            lines.append(_trick_line(len(state.tricks), state.tricks[-1], plays, names, words, reveal))
            plays = []
    if plays:
        cards = " ".join(words.played_card(a, reveal) for a in plays)
        status = "so far" if not state.complete else "not finished"
        lines.append(f"  trick {len(state.tricks) + 1:>2} ({status}): {names[plays[0].seat]} leads {cards}")
    if not state.complete:
        lines.append("  (hand in progress)")
        return lines
    lines.extend(f"  {line}" for line in state.explain(names))
    lines.append(f"  Scores after the hand: {_scores(names, told.scores)}")
    return lines


def _trick_line(number: int, trick: FinishedTrick, plays: Sequence[Action], names: Sequence[str], words: GameWords[Any],
                reveal: bool) -> str:  # fmt: skip
    cards = " ".join(words.played_card(a, reveal) for a in plays)
    winner = names[trick.winner] if trick.winner is not None else "nobody (a tie)"
    points = f", {counted(trick.points, 'point')}" if words.trick_points else ""
    return f"  trick {number:>2}: {names[trick.leader]} leads {cards}  -> {winner}{points}"


def _verdict(record: Record, match: Match, out: dict[str, Any], names: Sequence[str], words: GameWords[Any],
             reveal: bool) -> list[str]:  # fmt: skip
    lines = [f"Scores: {_scores(names, out['scores'])}"]
    if out["winner"]:
        special = f" ({out['special']})" if out.get("special") else ""
        lines.append("Winner: " + " & ".join(names[s] for s in out["winner"]) + special)
    error = out["error"]
    if error:
        h, i = error["hand"], error["action"]
        reason = error["reason"]
        if i is None:
            lines.append(f"Stopped before hand {h + 1}: {reason}")
        else:
            tried = record.hands[h].actions[i]
            if tried.get("hidden") and not reveal:  # the reason may name the card: it stays face down
                reason = reason.replace(words.card_text(tried.value), "that card")
            said = words.describe_action(tried, names, reveal)
            lines.append(f"Refused at hand {h + 1}, action {i + 1}: {said} {reason}")
    upcoming = out["next"]
    if upcoming:
        lines.append(f"Next: {names[upcoming['seat']]} to act.")
        if "hint" in upcoming:
            reason = upcoming.get("hint_reason")
            lines.append(f"Hint: {_hint(match, upcoming['hint'], words)}" + (f" {reason}" if reason else ""))
    return lines


def _hint(match: Match, hint: dict[str, Any], words: GameWords[Any]) -> str:
    try:
        action = match.rules.parse_action(hint, match.options, match.players)
    except RecordError:  # a hint is made by the engine's own players, so this would be a bug of theirs
        return str(hint)
    return words.hint_text(action)


def _scores(names: Sequence[str], scores: Sequence[Number]) -> str:
    return ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))
