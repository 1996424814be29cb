"""The scores of a resumable match on the start screen: each seat's, a name never parted from its score."""

from __future__ import annotations

from cardtable.games import find_game
from cardtable.tui.sides import score_line, score_lines


def test_five_tarot_players_take_two_lines_and_every_seat_keeps_its_score() -> None:
    names = ["You", "East", "North-east", "North-west", "West"]
    scores = [-160, 80, 80, 80, -80]
    lines = score_lines(find_game("tarot"), names, scores, 46)
    assert lines == ["You -160 · East 80 · North-east 80", "North-west 80 · West -80"]
    assert " · ".join(lines) == score_line(find_game("tarot"), names, scores)


def test_partners_share_one_score_on_one_line() -> None:
    lines = score_lines(find_game("manille"), ["You", "East", "North", "West"], [12, 8, 12, 8], 46)
    assert lines == ["You & North 12 · East & West 8"]
