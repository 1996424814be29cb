"""The score sheet's sentences and the extra per-hand fields of replay."""

from __future__ import annotations

from cardtable.games.truco.rules import RULES
from tests.games.truco.helpers import new_hand, play

FOUR = ["3S KD 6C", "2S QH 7D", "AH JS 4C", "KS JD 6H"]  # vira 4H, dealer 3: seat 0 leads


def text(lines: list[str]) -> str:
    assert all(line[:1].isupper() and line.endswith(".") for line in lines), lines
    return " ".join(lines)


def test_nothing_while_unfinished() -> None:
    state = new_hand(FOUR)
    assert state.explain() == [] and state.score_delta() is None


def test_won_by_tricks_with_accepted_truco() -> None:
    state = new_hand(FOUR)
    play(state, "0:truco 1:accept 0:3S 1:2S 2:AH 3:KS 0:KD 1:7D 2:4C 3:6H")
    said = text(state.explain())
    assert "South & North win the hand, worth 3 (truco accepted)" in said
    assert "Tricks won: South & North 2, East & West 0" in said
    assert state.summary() == {"vira": "4H", "kind": "normal", "value": 3, "ending": "won"}


def test_refused_raise() -> None:
    state = new_hand(FOUR)
    play(state, "0:truco 1:raise 2:refuse")
    said = text(state.explain(["Ana", "Bia", "Caio", "Duda"]))
    assert "Bia's raise was refused" in said and "Bia & Duda score the value before it, 3" in said


def test_run_from_mao_de_onze() -> None:
    state = new_hand(FOUR, scores=[11, 7, 11, 7])
    play(state, "0:run")
    assert "ran from the mão de onze" in text(state.explain()) and "base value, 1" in text(state.explain())


def test_three_ties() -> None:
    state = new_hand(["KH QS 3C", "KD QD 3H"], vira="4D")
    play(state, "0:KH 1:KD 0:QS 1:QD 0:3C 1:3H")
    assert "nobody scores" in text(state.explain())
    assert state.score_delta() == [0, 0] and state.summary()["ending"] == "tied"


def test_mao_de_ferro_and_two_player_names() -> None:
    state = new_hand(["QC JH 3S", "QD KH 2S"], vira="7D", scores=[11, 11])
    for card in ("JH", "QD", "2S", "3S", "QC", "KH"):
        play(state, f"{state.to_act}:{card}")
    assert "South wins the hand, worth 1 (a mão de ferro)" in text(state.explain())
    assert RULES.seat_names(2) == ["South", "North"] and RULES.seat_names(6)[5] == "Seat 5"


def test_a_team_of_three_is_named_as_the_table_names_it() -> None:
    """Six players: "You, Cy & Eli", as the side panel and the start screen say it, not "You & Cy & Eli"."""
    six = new_hand([*FOUR, "5S 5H 5D", "6S 6H 6D"])
    play(six, "0:truco 1:refuse")
    said = text(six.explain(["You", "Bo", "Cy", "Di", "Eli", "Fay"]))
    assert said == "Your raise was refused: You, Cy & Eli score the value before it, 1."
