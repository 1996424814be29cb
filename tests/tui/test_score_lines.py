"""The scores of a resumable match on the start screen (each seat's, a name never parted from its score), and the
score sheet's chart of the totals."""

from __future__ import annotations

from cardtable.games import find_game
from cardtable.tui.screens.score_sheet import sparkline
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


def test_the_side_panel_packs_five_tarot_scores_after_their_heading() -> None:
    """At 80x24 the side panel's 23 columns hold "Score: " and two scores a line, the next lines indented."""
    names = ["You", "East", "North-east", "North-west", "West"]
    lines = score_lines(find_game("tarot"), names, [0, 0, 0, 0, 0], 23, lead="Score: ", indent="  ")
    assert lines == ["Score: You 0 · East 0", "  North-east 0", "  North-west 0 · West 0"]
    assert all(len(line) <= 23 for line in lines)


def test_a_name_too_long_to_follow_the_heading_goes_under_it() -> None:
    lines = score_lines(
        find_game("tarot"), ["Maximiliana", "Bo", "Cy"], [120, 0, -120], 18, lead="Score: ", indent="  "
    )
    assert lines == ["Score:", "  Maximiliana 120", "  Bo 0 · Cy -120"]


def test_the_totals_chart_draws_every_total_even_the_lowest() -> None:
    assert sparkline([0, -27, -54], -54, 27) == "▆▃▁"
    assert sparkline([0, 27], -54, 27) == "▆█"
    assert sparkline([0, 0], 0, 0) == "▁▁"  # a side still at nothing has its line too
