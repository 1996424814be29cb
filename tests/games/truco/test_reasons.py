"""``TrucoHand.verify`` refuses what the rules forbid with a plain sentence that says why."""

from __future__ import annotations

import pytest

from cardtable.engine.errors import IllegalAction
from tests.games.truco.helpers import action, new_hand, play

FOUR = ["3S KD 6C", "2S QH 7D", "AH JS 4C", "KS JD 6H"]  # vira 4H, dealer 3: seat 0 leads
ONZE = [11, 7, 11, 7]
FERRO = [11, 11, 11, 11]


def refusal(before: str, attempt: str, scores: list[int] | None = None, hands: list[str] = FOUR) -> str:
    state = new_hand(hands, scores=scores)
    play(state, before)
    with pytest.raises(IllegalAction) as caught:
        state.verify(action(attempt))
    with pytest.raises(IllegalAction):
        state.apply(action(attempt))
    reason = caught.value.reason
    assert reason[:1].isupper() and reason.rstrip().endswith("."), reason
    for internal in ("Action(", "None", "{", "[", "mask", "Traceback", "_"):
        assert internal not in reason, reason
    return reason.lower()


@pytest.mark.parametrize(
    ("before", "attempt", "scores", "words"),
    [
        ("", "1:2S", None, ["out of turn", "seat 0"]),
        ("", "0:2S", None, ["card not held", "you do not hold 2♠."]),
        ("", "0:3S!", None, ["face down only from the second trick on"]),
        ("0:truco 1:accept 0:3S 1:2S", "2:raise", None, ["a team may not raise twice in a row"]),
        ("0:truco 1:raise 2:accept 0:3S", "1:raise", None, ["a team may not raise twice in a row"]),
        ("0:truco 1:accept 0:3S", "1:truco", None, ["truco has already been called", "raise"]),
        ("", "0:raise", None, ["truco"]),
        ("", "0:accept", None, ["no raise to answer"]),
        ("", "0:refuse", None, ["no raise to answer"]),
        ("", "0:play", None, ["mão de onze"]),
        ("", "0:run", None, ["mão de onze"]),
        ("0:3S", "0:truco", None, ["out of turn", "seat 1"]),
        ("", "1:truco", None, ["out of turn", "seat 0"]),
        ("0:truco", "2:accept", None, ["out of turn", "seat 1"]),
        ("0:truco", "1:2S", None, ["answer", "truco"]),
        ("0:truco", "1:truco", None, ["truco has already been called"]),
        ("0:truco 1:raise 2:raise 3:raise", "0:raise", None, ["12"]),
        ("0:truco 1:raise 2:raise 3:raise 0:accept", "0:raise", None, ["12"]),
        ("0:truco 1:refuse", "0:3S", None, ["the hand is over"]),
        ("", "0:3S", ONZE, ["mão de onze", "play it or run"]),
        ("", "2:run", ONZE, ["out of turn", "seat 0"]),
        ("", "1:play", ONZE, ["out of turn", "seat 0"]),
        ("", "0:truco", ONZE, ["no raises in a mão de onze"]),
        ("", "0:accept", ONZE, ["mão de onze"]),
        ("0:play", "0:truco", ONZE, ["no raises in a mão de onze"]),
        ("0:play 0:3S", "1:truco", ONZE, ["no raises in a mão de onze"]),
        ("0:play", "0:run", ONZE, ["already decided"]),
        ("", "0:truco", FERRO, ["no calls in a mão de ferro"]),
        ("", "0:run", FERRO, ["mão de onze to decide"]),
        ("0:3S 1:2S 2:AH 3:KS", "0:KD!", FERRO, ["no face-down cards in a mão de ferro"]),
    ],
)
def test_reasons(before: str, attempt: str, scores: list[int] | None, words: list[str]) -> None:
    reason = refusal(before, attempt, scores)
    for word in words:
        assert word in reason, (word, reason)


def test_mineiro_names_the_mao_de_dez() -> None:
    state = new_hand(FOUR, vira=None, scores=[10, 7, 10, 7], variant="mineiro")
    with pytest.raises(IllegalAction, match="mão de dez"):
        state.verify(action("0:truco"))


def test_refused_action_leaves_the_hand_unchanged() -> None:
    state = new_hand(FOUR)
    play(state, "0:truco 1:accept 0:3S 1:2S")
    before = (state.turn, state.phase, state.value, list(state.hands), state.calls)
    with pytest.raises(IllegalAction):
        state.apply(action("2:raise"))
    assert (state.turn, state.phase, state.value, list(state.hands), state.calls) == before
