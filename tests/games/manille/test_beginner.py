"""The ``beginner`` Manille player: one position per behaviour, read from the view the table would show it."""

from __future__ import annotations

import dataclasses

from cardtable.engine.game import Action, HandState
from cardtable.games.manille import beginner
from cardtable.games.manille.beginner import ManilleBeginner
from cardtable.games.manille.rules import DECK, ManilleView
from tests.games.manille.helpers import new_hand, play
from tests.support import seat_to_act


def view_of(state: HandState) -> ManilleView:
    view = state.view(seat_to_act(state))
    assert isinstance(view, ManilleView)
    return view


def decided(view: ManilleView) -> Action:
    return ManilleBeginner().decide(view)


def card(view: ManilleView) -> str:
    return DECK.codes[beginner.play_the_obvious(view)]


# Trump clubs (the dealer, seat 3, turned the 9C); seat 0 leads.
HANDS = [
    ["10S", "8S", "AD", "9H", "7C"],
    ["KS", "9S", "7H", "10H", "8C"],
    ["QS", "7S", "JH", "KH", "9D"],
    ["AS", "JS", "AH", "8D", "9C"],
]


def test_leading_it_plays_its_highest_side_card_so_its_tens_and_aces_go_early() -> None:
    state = new_hand(HANDS, turned="9C")
    assert card(view_of(state)) == "10S"


def test_under_its_partners_winning_card_it_throws_its_lowest() -> None:
    state = new_hand(HANDS, turned="9C")
    play(state, {"seat": 0, "play": "10S"}, {"seat": 1, "play": "9S"})
    # Seat 2 follows spades: its partner's 10 holds the trick, so the 7 rather than the queen.
    assert card(view_of(state)) == "7S"


def test_it_takes_a_trick_holding_pips_with_its_cheapest_winner_and_throws_low_under_an_empty_one() -> None:
    hands = [["9H", "8S", "9S", "AD", "7C"], ["7H", "10H", "KS", "QS", "8C"], ["JH", "KH", "7S", "JS", "9D"],
             ["8H", "QH", "AH", "8D", "9C"]]  # fmt: skip
    state = new_hand(hands, turned="9C", must_beat=False)
    play(state, {"seat": 0, "play": "9H"})
    # Seat 1 could take the 9 with its 10, but the trick holds no pip: its 7.
    assert card(view_of(state)) == "7H"
    play(state, {"seat": 1, "play": "7H"}, {"seat": 2, "play": "JH"})
    # Seat 3 faces seat 0's 9 with the jack's pip in the trick: the queen, its cheapest heart that wins.
    assert card(view_of(state)) == "QH"


def test_it_knocks_and_counters_with_four_trumps() -> None:
    four = [["7C", "8C", "9C", "JC", "8S"], ["7S", "9S", "8H", "9H", "10C"], ["QS", "KS", "JH", "QH", "AS"],
            ["JS", "10S", "KH", "AH", "QC"]]  # fmt: skip
    state = new_hand(four, turned="QC", doubling=True)
    view = view_of(state)
    assert view.seat == 0
    assert beginner.knock_by_trumps(view) == Action(0, "call", "knock")
    play(state, {"seat": 0, "call": "knock"})
    view = view_of(state)
    # Seat 1 holds one trump: no counter.
    assert beginner.knock_by_trumps(view) == Action(1, "call", "pass")


def test_it_bids_the_lowest_value_in_a_long_suit_and_never_outbids_its_partner() -> None:
    hands = [["7H", "8H", "9H", "10H", "AS"], ["7S", "8S", "9S", "JS", "QS"], ["KH", "AH", "JD", "QD", "KD"],
             ["10S", "KS", "7D", "8D", "9D"]]  # fmt: skip
    state = new_hand(hands, dealer=3, auction=True)
    # Seat 0: four hearts and a 10, so up to 26 + 8 + 2 = 36: it opens at 31 in hearts.
    assert beginner.bid_by_length(view_of(state)) == Action(0, "bid", 31, (("suit", "H"),))
    play(state, {"seat": 0, "bid": 31, "suit": "H"})
    # Seat 1: five spades and no 10, up to 36: 32 in spades.
    assert beginner.bid_by_length(view_of(state)) == Action(1, "bid", 32, (("suit", "S"),))
    play(state, {"seat": 1, "bid": 32, "suit": "S"})
    # Seat 2: three diamonds only: pass.
    assert beginner.bid_by_length(view_of(state)) == Action(2, "bid", "pass")
    play(state, {"seat": 2, "bid": "pass"}, {"seat": 3, "bid": "pass"})
    # Seat 0 again, over seat 1's 32: 33 is within its 36.
    assert beginner.bid_by_length(view_of(state)) == Action(0, "bid", 33, (("suit", "H"),))


def test_it_passes_when_its_partner_holds_the_bid() -> None:
    hands = [["7H", "8H", "9H", "JH", "AS"], ["7S", "8S", "9S", "KC", "QS"], ["KH", "AH", "10H", "QH", "KD"],
             ["10S", "KS", "7D", "8D", "9D"]]  # fmt: skip
    state = new_hand(hands, dealer=3, auction=True)
    play(state, {"seat": 0, "bid": 31, "suit": "H"}, {"seat": 1, "bid": "pass"})
    assert beginner.bid_by_length(view_of(state)) == Action(2, "bid", "pass")


def test_a_decision_it_has_no_rule_for_gets_the_first_legal_action() -> None:
    state = new_hand(HANDS, turned="9C")
    view = view_of(state)
    # A call of a newer version of the game, say naming trump: no card is due, and this level has no rule for it.
    offered = (Action(0, "trump", "S"), Action(0, "trump", "pass"))
    newer = "name_trump"
    unknown = dataclasses.replace(view, phase=newer, legal_mask=0, only_plays=False, legal=offered)  # type: ignore[arg-type]  # no Phase of this version names it
    assert decided(unknown) == offered[0]


def test_with_a_statement_on_offer_it_still_plays_a_card() -> None:
    state = new_hand(HANDS, turned="9C")
    view = view_of(state)
    talking = dataclasses.replace(view, only_plays=False, legal=(*view.legal_actions(), Action(0, "say", "count")))
    assert decided(talking) == view.plays[DECK.index["10S"]]


# ----------------------------------------------------------------- the houses and table talk
def test_in_the_french_house_it_takes_even_a_trick_without_pips() -> None:
    hands = [["9H", "8S", "9S", "AD", "7C"], ["7H", "10H", "KS", "QS", "8C"], ["JH", "KH", "7S", "JS", "9D"],
             ["8H", "QH", "AH", "8D", "9C"]]  # fmt: skip
    state = new_hand(hands, turned="9C", must_beat=False, house="french")
    play(state, {"seat": 0, "play": "9H"})
    # The classic house throws the 7 here (no pip in the trick); the French trick is worth its point.
    assert card(view_of(state)) == "10H"


BELGIAN_HANDS = [["10S", "8S", "AD", "9H", "7C"], ["KS", "9S", "7H", "10H", "8C"], ["QS", "7S", "JH", "KH", "9D"],
                 ["AS", "JS", "9C", "QC", "KC"]]  # fmt: skip


def test_the_belgian_dealer_names_a_four_card_suit() -> None:
    hands = [*BELGIAN_HANDS[:3], ["AS", "JC", "9C", "QC", "KC"]]
    state = new_hand(hands, house="belgian")
    assert decided(view_of(state)) == Action(3, "trump", "C")


def test_the_belgian_dealer_without_a_long_suit_passes_and_his_partner_names_his_longest() -> None:
    state = new_hand(BELGIAN_HANDS, house="belgian")
    # Seat 3 holds three clubs at most: it leaves the choice; seat 1 (two spades, two hearts) takes spades.
    assert decided(view_of(state)) == Action(3, "trump", "pass")
    play(state, {"seat": 3, "trump": "pass"})
    assert decided(view_of(state)) == Action(1, "trump", "S")


def test_at_a_talking_table_it_asks_once_for_the_suit_it_can_trump() -> None:
    hands = [["10S", "8S", "AS", "9H", "7C"], ["KS", "9S", "7H", "10H", "8C"], ["QS", "7S", "JH", "KH", "9D"],
             ["AD", "JS", "9C", "QH", "KC"]]  # fmt: skip
    state = new_hand(hands, turned="9C", talk=True)
    # Seat 0 holds a trump and no diamond.
    request = Action(0, "say", "lead", (("suit", "D"),))
    assert decided(view_of(state)) == request
    play(state, request.to_json())
    assert decided(view_of(state)).verb == "play"


def test_leading_after_its_partner_asked_for_a_suit_it_leads_that_suit() -> None:
    state = new_hand(HANDS, turned="9C", talk=True)
    play(state, {"seat": 0, "play": "10S"}, {"seat": 1, "play": "9S"}, {"seat": 2, "say": "lead", "suit": "H"},
         {"seat": 2, "play": "7S"}, {"seat": 3, "play": "JS"})  # fmt: skip
    # Seat 0 took the trick and leads: its highest side card would be the ace of diamonds; its partner asked for
    # hearts, so its heart.
    assert card(view_of(state)) == "9H"
