"""``ManilleHand.verify`` refuses what the rules forbid, with a plain sentence that says why."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.errors import IllegalAction
from cardtable.games.manille.rules import DECK, RULES
from tests.games.manille.helpers import deal, new_hand, play


def refusal(state: Any, raw: dict[str, Any]) -> str:
    act = RULES.parse_action(raw, state.options, state.players)
    with pytest.raises(IllegalAction) as caught:
        state.verify(act)
    reason = caught.value.reason
    assert_plain_sentence(reason)
    return reason


def assert_plain_sentence(reason: str) -> None:
    assert reason[:1].isupper(), reason
    assert reason.rstrip().endswith("."), reason
    for internal in ("Action(", "Duty", "None", "{", "[", "mask", "0b", "Traceback"):
        assert internal not in reason, reason


def test_follow_suit_names_the_suit_and_the_cards() -> None:
    state = new_hand(deal({0: ["7S"], 1: ["JS", "QS", "KS", "9D"], 3: ["8C"]}, {1: "S"}), "8C", must_beat=False)
    play(state, {"seat": 0, "play": "7S"})
    reason = refusal(state, {"seat": 1, "play": "9D"})
    assert "follow suit" in reason and "spades" in reason
    assert reason == "You must follow suit (spades): you hold J♠, Q♠ and K♠."


def test_must_beat_names_the_card_to_beat() -> None:
    state = new_hand(deal({0: ["KS"], 1: ["AS", "10S", "7S"], 3: ["8C"]}, {1: "S"}), "8C")
    play(state, {"seat": 0, "play": "KS"})
    reason = refusal(state, {"seat": 1, "play": "7S"})
    assert reason == "You must beat K♠: play A♠ or 10♠."


def test_off_suit_card_when_beating_is_owed_mentions_following() -> None:
    state = new_hand(deal({0: ["KS"], 1: ["AS", "10S", "7S"], 3: ["8C"]}, {1: "S"}), "8C")
    play(state, {"seat": 0, "play": "KS"})
    off_suit = next(code for code in state_cards(state, 1) if not code.endswith("S"))
    reason = refusal(state, {"seat": 1, "play": off_suit})
    assert "follow suit" in reason and "beat" in reason


def test_must_trump_names_the_trumps() -> None:
    state = new_hand(deal({0: ["KH"], 1: ["7D", "QD", "7S"], 3: ["9D"]}, {1: "HD"}), "9D")
    play(state, {"seat": 0, "play": "KH"})
    reason = refusal(state, {"seat": 1, "play": "7S"})
    assert "trump" in reason and "hearts" in reason
    assert reason == "You must trump: you have no hearts, and you hold the trumps 7♦ and Q♦."


def test_must_overtrump_names_the_trump_to_beat() -> None:
    state = new_hand(deal({0: ["KH"], 1: ["8D"], 2: ["7D", "QD"], 3: ["9D"]}, {1: "HD", 2: "HD"}), "9D")
    play(state, {"seat": 0, "play": "KH"}, {"seat": 1, "play": "8D"})
    reason = refusal(state, {"seat": 2, "play": "7D"})
    assert reason == "You must overtrump 8♦: play Q♦."


def test_forced_undertrump_is_explained() -> None:
    state = new_hand(deal({0: ["KH"], 1: ["AD"], 2: ["7D", "JD", "7S"], 3: ["9D"]}, {1: "HD", 2: "HD"}), "9D")
    play(state, {"seat": 0, "play": "KH"}, {"seat": 1, "play": "AD"})
    reason = refusal(state, {"seat": 2, "play": "7S"})
    assert reason == "You must trump even though you cannot overtrump A♦: play 7♦ or J♦."


def test_card_not_held() -> None:
    state = new_hand(deal({1: ["7S"], 3: ["8C"]}), "8C")
    reason = refusal(state, {"seat": 0, "play": "7S"})
    assert reason == "You do not hold 7♠."


def test_out_of_turn_names_the_seat_to_act() -> None:
    state = new_hand(deal({3: ["8C"]}), "8C")
    reason = refusal(state, {"seat": 2, "play": state_cards(state, 2)[0]})
    assert "turn" in reason.lower() and "0" in reason


@pytest.mark.parametrize(
    ("opts", "raw", "words"),
    [
        ({}, {"seat": 0, "bid": "pass"}, ("card", "expected")),
        ({}, {"seat": 0, "call": "knock"}, ("card", "expected")),
        ({"doubling": True}, {"seat": 0, "play": "7S"}, ("call", "expected")),
        ({"doubling": True}, {"seat": 0, "bid": 35, "suit": "S"}, ("call", "expected")),
        ({"auction": True}, {"seat": 0, "play": "7S"}, ("bid", "expected")),
        ({"auction": True}, {"seat": 0, "call": "pass"}, ("bid", "expected")),
    ],
)
def test_wrong_verb_for_the_phase(opts: dict[str, bool], raw: dict[str, Any], words: tuple[str, ...]) -> None:
    state = new_hand(deal({0: ["7S"], 3: ["8C"]}), None if opts.get("auction") else "8C", **opts)
    reason = refusal(state, raw)
    assert all(word in reason.lower() for word in words), reason


def test_bid_too_low_first_and_later() -> None:
    state = new_hand(deal({}), None, auction=True)
    first = refusal(state, {"seat": 0, "bid": 30, "suit": "S"})
    assert "too low" in first.lower() and "31" in first
    play(state, {"seat": 0, "bid": 40, "suit": "S"})
    later = refusal(state, {"seat": 1, "bid": 40, "suit": "C"})
    assert "too low" in later.lower() and "40" in later


@pytest.mark.parametrize(("bonus", "value", "limit"), [(False, 61, "60"), (True, 62, "61")])
def test_bid_above_the_deal(bonus: bool, value: int, limit: str) -> None:
    state = new_hand(deal({}), None, auction=True, last_trick_bonus=bonus)
    reason = refusal(state, {"seat": 0, "bid": value, "suit": "H"})
    assert limit in reason


def test_counter_without_knock_and_knock_after_knock() -> None:
    state = new_hand(deal({3: ["8C"]}), "8C", doubling=True)
    assert "knock" in refusal(state, {"seat": 0, "call": "counter"}).lower()
    play(state, {"seat": 0, "call": "knock"})
    assert "counter" in refusal(state, {"seat": 1, "call": "knock"}).lower()


def test_passed_seat_may_not_bid_again() -> None:
    state = new_hand(deal({}), None, auction=True)
    play(state, {"seat": 0, "bid": "pass"}, {"seat": 1, "bid": 31, "suit": "S"}, {"seat": 2, "bid": "pass"})
    play(state, {"seat": 3, "bid": 32, "suit": "S"})
    reason = refusal(state, {"seat": 0, "bid": 33, "suit": "S"})
    assert "turn" in reason.lower()


def test_action_after_the_hand_is_over() -> None:
    state = new_hand(deal({}), None, auction=True)
    play(state, *({"seat": seat, "bid": "pass"} for seat in (0, 1, 2, 3)))
    assert state.complete
    assert "over" in refusal(state, {"seat": 0, "bid": 31, "suit": "S"}).lower()


def state_cards(state: Any, seat: int) -> list[str]:
    return DECK.codes_of(state.hands[seat])
