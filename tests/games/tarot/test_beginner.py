"""The ``beginner`` Tarot player: one position per behaviour, read from the view the table would show it."""

from __future__ import annotations

import dataclasses

from cardtable.engine.game import Action
from cardtable.games.tarot import beginner
from cardtable.games.tarot.beginner import TarotBeginner
from cardtable.games.tarot.rules import DECK, TarotHand, TarotView
from tests.games.tarot.helpers import act, bids, cards, fill, new_hand, seed_deal, trumps


def view_of(state: TarotHand) -> TarotView:
    assert state.to_act is not None
    view = state.view(state.to_act)
    assert isinstance(view, TarotView)
    return view


def codes(mask: int) -> list[str]:
    return DECK.codes_of(mask)


def card(view: TarotView) -> str:
    return DECK.codes[beginner.play_the_obvious(view)]


def test_the_count_is_trumps_twice_the_oudlers_and_the_kings() -> None:
    state = new_hand(seed_deal(), 4, dealer=3)
    # Seat 2: nine trumps with the Petit and the 21 (9 + 4) and two kings: 15.  Seat 0: four trumps, the Excuse,
    # a king: 7.
    assert [beginner.bid_count(hand) for hand in state.dealt] == [7, 7, 15, 2]


def test_it_bids_petite_from_two_thirds_of_its_cards_garde_from_three_more_and_passes_under_a_higher_bid() -> None:
    state = new_hand(seed_deal(), 4, dealer=3)
    assert beginner.bid_by_count(view_of(state)) == Action(0, "bid", "pass")  # 7 < 12
    act(state, {"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "pass"})
    assert beginner.bid_by_count(view_of(state)) == Action(2, "bid", "garde")  # 15 >= 15
    # Ten trumps with the Petit (10 + 2) and no king: 12, a petite.
    petite_hand = DECK.mask_of(trumps(1, 3, 5, 7, 9, 11, 13, 15, 17, 19) + cards("2H 3H 4H 5H 6H 7H 8H 9H"))
    assert beginner.bid_by_count(dataclasses.replace(view_of(state), hand=petite_hand)) == Action(2, "bid", "petite")
    outbid = new_hand(seed_deal(), 4, dealer=3)
    act(outbid, {"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "garde_sans"})
    assert beginner.bid_by_count(view_of(outbid)) == Action(2, "bid", "pass")


def test_it_discards_its_lowest_cards() -> None:
    state = new_hand(seed_deal(), 4, dealer=3)
    act(state, *bids(4, 0, 2, "petite"))
    action = beginner.discard_lowest(view_of(state))
    assert action == Action(2, "discard", ("5S", "2H", "3H", "5H", "4D", "3C"))


def test_it_never_announces_a_chelem() -> None:
    state = new_hand(seed_deal(), 4, dealer=3)
    act(state, *bids(4, 0, 2, "garde_sans"))
    assert TarotBeginner().decide(view_of(state)) == Action(2, "declare", "no_chelem")


def test_at_five_it_calls_the_king_of_its_longest_suit_it_lacks() -> None:
    taker = cards("KS QS 2H 3H 4H 5H 6D 7D") + trumps(1, 2, 3, 4, 5, 6, 7)
    deal = fill(5, {0: taker}, cards("8S 9S 10S"))
    state = new_hand(deal, 5, dealer=4)
    act(state, *bids(5, 0, 0, "garde"))
    # Four hearts, two diamonds, no clubs; the king of spades is its own.
    assert beginner.call_longest_suit(view_of(state)) == Action(0, "king", "KH")


def test_only_the_taker_shows_a_poignee_the_smallest_with_his_lowest_trumps() -> None:
    taker = trumps(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 21) + cards("KS 2H 3H 4H 5H 6H")
    deal = fill(4, {1: taker}, cards("7S 8S 9S 10S JS QS"))
    state = new_hand(deal, 4, dealer=3)
    act(state, *bids(4, 0, 1, "garde_sans"), {"seat": 1, "declare": "no_chelem"})
    # Seat 0 (a defender, with no poignée) leads; then the taker, with twelve trumps, shows the simple ten.
    assert beginner.poignee_as_taker(view_of(state)) is None
    act(state, {"seat": 0, "play": "AS"})
    shown = beginner.poignee_as_taker(view_of(state))
    assert shown == Action(1, "declare", "poignee", (("cards", tuple(trumps(*range(1, 11)))),))


def test_the_defenders_are_allies_at_four_and_at_five_only_a_known_partner_is() -> None:
    state = new_hand(seed_deal(), 4, dealer=3)
    act(state, *bids(4, 0, 2, "garde_sans"), {"seat": 2, "declare": "no_chelem"})
    view = view_of(state)
    assert beginner.allies_of(view) == {0, 1, 3}
    assert beginner.allies_of(dataclasses.replace(view, seat=2)) == {2}
    five = dataclasses.replace(view, players=5)
    assert beginner.allies_of(five) == {0}
    assert beginner.allies_of(dataclasses.replace(five, known_partner=0)) == {0, 2}


def test_it_leads_its_highest_suit_card_and_follows_low_under_its_sides_trick() -> None:
    state = new_hand(seed_deal(), 4, dealer=3)
    act(state, *bids(4, 0, 2, "garde_sans"), {"seat": 2, "declare": "no_chelem"})
    # Seat 0 leads its king of hearts.
    assert card(view_of(state)) == "KH"
    act(state, {"seat": 0, "play": "KH"})
    # Seat 1, a fellow defender, is void in hearts and must trump: it would take the trick (a king in it) with
    # its cheapest winning trump, the 5.
    assert card(view_of(state)) == "T5"


def test_it_gives_the_excuse_to_a_lost_trick_rather_than_a_court_card_and_before_the_last_trick() -> None:
    state = new_hand(seed_deal(), 4, dealer=3)
    act(state, *bids(4, 0, 3, "garde_sans"), {"seat": 3, "declare": "no_chelem"})
    # Seat 0 leads; make it follow the taker's queen of hearts (higher than its J) holding JH and the Excuse.
    view = view_of(state)
    following = dataclasses.replace(
        view,
        hand=DECK.mask_of(cards("JH 2D EX")),
        legal_mask=DECK.mask_of(cards("JH EX")),
        trick=((3, DECK.index["QH"]),),
        winning_seat=3,
    )
    assert card(following) == "EX"
    two_left = dataclasses.replace(view, hand=DECK.mask_of(cards("2D EX")), legal_mask=DECK.mask_of(cards("2D EX")))
    assert card(two_left) == "EX"
