"""The scores of a resumable match on the start screen (each seat's, a name never parted from its score), and the
score sheet's chart of the totals."""

from __future__ import annotations

from cardtable.games import find_game
from cardtable.tui.games.truco.lines import next_raise_line
from cardtable.tui.screens.score_sheet import sparkline
from cardtable.tui.screens.table import after_its_label
from cardtable.tui.sides import SIDE_TEXT, score_line, score_lines, side_name


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


SIX = ["You", "East", "North-east", "North", "North-west", "West"]


def test_a_team_of_three_is_named_by_its_players_and_fits_the_narrow_side_panel() -> None:
    """Six-player Truco: every player of a side named, shortened only as far as the room asks."""
    you, them = [0, 2, 4], [1, 3, 5]
    assert side_name(SIX, you) == "You, North-east & North-west" and side_name(SIX, them) == "East, North & West"
    # "  NAME: 12" in the side panel's 23 columns at 80x24
    room = SIDE_TEXT - len("  : 12")
    assert (side_name(SIX, you, room), side_name(SIX, them, room)) == ("You/NE/NW", "East/North/West")
    assert side_name(SIX, them, 8) == "E/N/W" and side_name(["Ana", "Bo"], [0, 1], 3) == "Ana & Bo"


def test_the_raise_line_names_the_other_team_by_its_players_within_the_side_panel() -> None:
    line = next_raise_line([1], 6, 0, SIX)
    assert line == "Next raise: East, North & West"  # the team on a line of its own in the narrow panel
    assert after_its_label(line, SIDE_TEXT) == "Next raise:\nEast, North & West"
    hot_seat = next_raise_line([0], 6, 1, SIX)
    assert hot_seat == "Next raise: You/NE/NW"
    assert next_raise_line([0], 6, 0, SIX) == "Next raise: your team"
    assert next_raise_line([1], 4, 0, ["You", "East", "North", "West"]) == "Next raise: East & West"


def test_the_start_screen_names_each_of_six_players_with_their_side() -> None:
    lines = score_lines(find_game("truco"), SIX, [3, 5] * 3, 46)
    assert lines == ["You, North-east & North-west 3", "East, North & West 5"]
