"""The auction and the doubling round: who speaks, in what order, with which legal calls, and what follows."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.games.manille.rules import ManilleHand
from tests.games.manille.helpers import deal, legal_json, new_hand, play

SUITS = "SHDC"


def bids(seat: int, lowest: int, highest: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"seat": seat, "bid": "pass"}]
    out += [{"seat": seat, "bid": v, "suit": x} for v in range(lowest, highest + 1) for x in SUITS]
    return out


def canon(actions: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return sorted(tuple(sorted((k, str(v)) for k, v in a.items())) for a in actions)


def auction_hand(dealer: int = 3, **opts: Any) -> ManilleHand:
    return new_hand(deal({}), None, dealer, auction=True, **opts)


# ----------------------------------------------------------------------------------------------- auction
@pytest.mark.parametrize("dealer", range(4))
def test_first_bidder_and_bids(dealer: int) -> None:
    state = auction_hand(dealer)
    first = (dealer + 1) % 4
    assert state.to_act == first
    legal = legal_json(state)
    assert len(legal) == 1 + 30 * 4
    assert canon(legal) == canon(bids(first, 31, 60))


@pytest.mark.parametrize(("bonus", "top"), [(False, 60), (True, 61)])
@pytest.mark.parametrize("high", [31, 45, 59])
def test_later_bids_strictly_higher_up_to_the_maximum(bonus: bool, top: int, high: int) -> None:
    state = auction_hand(3, last_trick_bonus=bonus)
    play(state, {"seat": 0, "bid": high, "suit": "C"})
    assert canon(legal_json(state)) == canon(bids(1, high + 1, top))


@pytest.mark.parametrize(("bonus", "top"), [(False, 60), (True, 61)])
def test_at_the_maximum_only_pass_is_left(bonus: bool, top: int) -> None:
    state = auction_hand(3, last_trick_bonus=bonus)
    play(state, {"seat": 0, "bid": top, "suit": "H"})
    assert legal_json(state) == [{"seat": 1, "bid": "pass"}]


def test_turn_skips_passed_seats_and_the_high_bidder_is_never_asked() -> None:
    state = auction_hand(0)
    order = []
    script = [(1, 31), (2, None), (3, 33), (0, None), (1, 35), (3, 36), (1, None)]
    for seat, value in script:
        order.append(state.to_act)
        bid: dict[str, Any] = (
            {"seat": seat, "bid": "pass"} if value is None else {"seat": seat, "bid": value, "suit": "D"}
        )
        play(state, bid)
    assert order == [1, 2, 3, 0, 1, 3, 1]
    # Three seats passed (2, 0, 1): the auction ended with seat 3 as declarer, who leads.
    assert state.contract == (3, 36, 2)
    assert state.to_act == 3
    assert all("play" in a for a in legal_json(state))


def test_fourth_seat_bid_after_three_passes_ends_the_auction() -> None:
    state = auction_hand(3)
    play(state, *({"seat": s, "bid": "pass"} for s in (0, 1, 2)))
    assert canon(legal_json(state)) == canon(bids(3, 31, 60))
    play(state, {"seat": 3, "bid": 31, "suit": "s"})
    assert state.contract == (3, 31, 0)
    assert state.to_act == 3 and all("play" in a for a in legal_json(state))


def test_all_pass_is_a_complete_hand_scoring_nothing() -> None:
    state = auction_hand(1, doubling=True)
    play(state, *({"seat": s, "bid": "pass"} for s in (2, 3, 0, 1)))
    assert state.complete and state.to_act is None
    assert state.legal_actions() == []
    assert state.tricks == []
    assert state.points() == [0, 0, 0, 0]
    assert state.score_delta() == [0, 0, 0, 0]


def test_bid_suit_sets_trump() -> None:
    state = auction_hand(0)
    play(state, {"seat": 1, "bid": 38, "suit": "H"}, *({"seat": s, "bid": "pass"} for s in (2, 3, 0)))
    assert state.trump == 1  # hearts, the second suit
    assert state.to_act == 1


# ----------------------------------------------------------------------------------------------- doubling
def calls(seat: int, first: str) -> list[dict[str, Any]]:
    return [{"seat": seat, "call": first}, {"seat": seat, "call": "pass"}]


@pytest.mark.parametrize("dealer", range(4))
def test_knock_seats_follow_the_dealer(dealer: int) -> None:
    state = new_hand(deal({dealer: ["9H"]}), "9H", dealer, doubling=True)
    assert legal_json(state) == calls((dealer + 1) % 4, "knock")
    play(state, {"seat": (dealer + 1) % 4, "call": "pass"})
    assert legal_json(state) == calls((dealer + 3) % 4, "knock")
    play(state, {"seat": (dealer + 3) % 4, "call": "pass"})
    assert state.multiplier == 1
    assert state.to_act == (dealer + 1) % 4 and all("play" in a for a in legal_json(state))


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("second_knocks", [False, True])
def test_counter_seats_follow_the_knocker(dealer: int, second_knocks: bool) -> None:
    state = new_hand(deal({dealer: ["9H"]}), "9H", dealer, doubling=True)
    knocker = (dealer + 3) % 4 if second_knocks else (dealer + 1) % 4
    if second_knocks:
        play(state, {"seat": (dealer + 1) % 4, "call": "pass"})
    play(state, {"seat": knocker, "call": "knock"})
    assert state.multiplier == 2
    assert legal_json(state) == calls((knocker + 1) % 4, "counter")
    play(state, {"seat": (knocker + 1) % 4, "call": "pass"})
    assert legal_json(state) == calls((knocker + 3) % 4, "counter")
    # Both counter seats are on the dealer's side.
    assert {(knocker + 1) % 4, (knocker + 3) % 4} == {dealer, (dealer + 2) % 4}
    play(state, {"seat": (knocker + 3) % 4, "call": "counter"})
    assert state.multiplier == 4
    assert state.to_act == (dealer + 1) % 4 and all("play" in a for a in legal_json(state))


def test_counter_by_the_first_counter_seat_starts_play_at_once() -> None:
    state = new_hand(deal({3: ["9H"]}), "9H", 3, doubling=True)
    play(state, {"seat": 0, "call": "knock"}, {"seat": 1, "call": "counter"})
    assert state.multiplier == 4 and state.to_act == 0
    assert all("play" in a for a in legal_json(state))


def test_knock_not_countered_keeps_two() -> None:
    state = new_hand(deal({3: ["9H"]}), "9H", 3, doubling=True)
    play(state, {"seat": 0, "call": "knock"}, {"seat": 1, "call": "pass"}, {"seat": 3, "call": "pass"})
    assert state.multiplier == 2 and state.to_act == 0


@pytest.mark.parametrize("declarer", range(4))
def test_auction_then_doubling_turns_around_the_declarer(declarer: int) -> None:
    dealer = (declarer + 3) % 4  # the declarer speaks first and bids; the other three pass
    state = new_hand(deal({}), None, dealer, auction=True, doubling=True)
    play(state, {"seat": declarer, "bid": 40, "suit": "C"})
    play(state, *({"seat": (declarer + k) % 4, "bid": "pass"} for k in (1, 2, 3)))
    assert legal_json(state) == calls((declarer + 1) % 4, "knock")
    play(state, {"seat": (declarer + 1) % 4, "call": "pass"})
    assert legal_json(state) == calls((declarer + 3) % 4, "knock")
    play(state, {"seat": (declarer + 3) % 4, "call": "knock"})
    assert legal_json(state) == calls(declarer, "counter")
    play(state, {"seat": declarer, "call": "pass"})
    assert legal_json(state) == calls((declarer + 2) % 4, "counter")
    play(state, {"seat": (declarer + 2) % 4, "call": "pass"})
    assert state.multiplier == 2
    assert state.to_act == declarer  # the declarer leads
