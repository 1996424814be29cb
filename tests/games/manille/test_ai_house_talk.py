"""The heuristic in the French and Belgian houses and at a talking table: tips 14 to 19, the changes the houses
bring to tips 9, 11 and 12, what the card count learns from statements, and every decision legal."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable.engine.game import Action
from cardtable.games import endgame
from cardtable.games.manille import ai
from cardtable.games.manille.ai import ManilleHeuristic, Table
from cardtable.games.manille.rules import (
    COUNT,
    DECK,
    HOLDS,
    LACKS,
    LEAD,
    RULES,
    TRUMP_CHOICE,
    ManilleHand,
    Statement,
    statement_of,
)
from tests.games import trick_ai_helpers as shared
from tests.games.manille.helpers import deal
from tests.games.manille.test_ai import TIP9_DEAL, code, plays, record, table_at
from tests.games.trick_ai_helpers import hint, hinted_card, view_at
from tests.support import seat_to_act


def fixed(seat: int, cards: str, others: dict[int, str] | None = None) -> list[str]:
    """A whole deal as space-separated hands: ``cards`` for ``seat``, the rest of the deck dealt around."""
    hands = deal({seat: cards.split(), **{s: c.split() for s, c in (others or {}).items()}})
    return [" ".join(h) for h in hands]


def belgian_hint(cards: str, actions: Sequence[tuple[int, str, Any]] = (), seat: int = 3) -> dict[str, Any]:
    return hint(record(fixed(seat, cards), 3, None, actions, house="belgian"))


# ===================================================================== tip 14: the Belgian choice of trump
def test_tip14_names_no_trump_with_four_top_cards() -> None:
    # 10S, AS (with its 10), 10H, 10D: four top cards.
    assert ai.top_cards(DECK.mask_of(["10S", "AS", "10H", "10D", "7C", "8C", "9C", "7H"])).bit_count() == 4
    assert belgian_hint("10S AS 10H 10D 7C 8C 9C 7H") == {"seat": 3, "trump": "none"}


def test_tip14_an_ace_without_its_ten_is_not_a_top_card_and_a_four_card_suit_is_named() -> None:
    assert ai.top_cards(DECK.mask_of(["10S", "10H", "10D", "AC", "7C", "8C", "9C", "7S"])).bit_count() == 3
    assert belgian_hint("10S 10H 10D AC 7C 8C 9C 7S") == {"seat": 3, "trump": "C"}


def test_tip14_names_three_cards_with_their_ten() -> None:
    assert belgian_hint("10H 8H 7H 9S 8S 9D 8D 7C") == {"seat": 3, "trump": "H"}


def test_tip14_prefers_a_qualifying_suit_to_a_richer_one_of_equal_length() -> None:
    # Spades (A K Q, 9 pips) are as long as hearts, but only hearts hold their 10.
    assert belgian_hint("AS KS QS 10H 7H 8H 7D 7C") == {"seat": 3, "trump": "H"}


def test_tip14_breaks_ties_by_pips_then_suit_order() -> None:
    assert belgian_hint("7S 8S 9S JS 7H 8H 9H QH") == {"seat": 3, "trump": "H"}
    assert belgian_hint("7S 8S 9S JS 7D 8D 9D JD") == {"seat": 3, "trump": "S"}


def test_tip14_the_dealer_passes_a_hand_without_a_long_suit() -> None:
    assert belgian_hint("7S 8S 9S 7H 8H 7D 8D 7C") == {"seat": 3, "trump": "pass"}


def test_tip14_the_partner_after_a_pass_names_his_longest_suit() -> None:
    rec = record(fixed(1, "7S 8S JS 7H 8H 7D 8D 9D", {3: "9S QS 9H QH 9C JC QC KC"}), 3, None,
                 [(3, "trump", "pass")], house="belgian")  # fmt: skip
    # Seat 3 would have named clubs; after its pass seat 1 has spades (1 pip) and diamonds (0) three long.
    assert hint(rec) == {"seat": 1, "trump": "S"}


# ===================================================================== the houses' changes to tips 9, 11, 12, 15
def test_tip9_in_the_french_house_wins_even_an_empty_trick() -> None:
    rec = record(TIP9_DEAL, 3, "KC", plays((0, "9H"), (1, "7H"), (2, "7S")), must_beat=False, house="french")
    assert code(ai.win_cheaply_when_last(table_at(rec))) == "JH"  # the classic house plays 8H here
    assert hinted_card(rec) == "JH"


def test_tip11_counts_tens_and_aces_without_trump() -> None:
    hands = fixed(0, "10S AS 10H 10D 10C 7S 7H 7D")
    assert ai.no_trump_strength(DECK.mask_of(hands[0].split())) == 9
    rec = record(hands, 3, None, [(3, "trump", "none")], house="belgian", doubling=True)
    assert hint(rec) == {"seat": 0, "call": "knock"}
    weak = fixed(0, "10S AS 10H 10D 7C 7S 7H 7D")
    assert hint(record(weak, 3, None, [(3, "trump", "none")], house="belgian", doubling=True)) == {
        "seat": 0, "call": "pass"}  # fmt: skip


def test_tip11_the_belgian_maker_is_the_one_who_named_trump() -> None:
    # Dealer 3 passes, seat 1 names no trump: seat 2 then seat 0 may knock; seat 2 knocks.
    hands = fixed(2, "10S AS 10H 10D 10C 7S 7H 7D")
    rec = record(hands, 3, None, [(3, "trump", "pass"), (1, "trump", "none")], house="belgian", doubling=True)
    assert view_at(rec).trump_maker == 1 and hint(rec) == {"seat": 2, "call": "knock"}


def test_tip12_adds_the_french_trick_points_and_starts_at_35() -> None:
    hands = ["10S AS KS QS JS 10H AD 7C", "7S 8S 9S 7H 8H 9H 7D 8D", "JH QH KH 9D JD QD 8C 9C",
             "AH 10D KD 10C AC KC QC JC"]  # fmt: skip
    assert ai.auction_estimate(DECK.mask_of(hands[0].split()), 0, french=True) == 52
    assert hint(record(hands, 3, None, [], auction=True, house="french")) == {"seat": 0, "bid": 35, "suit": "S"}


# Example 11 with seat 2's 9C and seat 3's QC exchanged: seat 2 cannot overtrump seat 1's 8D.
TIP15_DEAL = ["KH 7H 8H 9H 10H JH QH AH", "8D 7S 8S 9S JS QS 7C 8C", "7D 10S AS KS 10C AC KC QC",
              "9D 10D JD QD KD AD JC 9C"]  # fmt: skip


def test_tip15_keeps_the_trumps_in_the_french_house() -> None:
    rec = record(TIP15_DEAL, 3, "9D", plays((0, "KH"), (1, "8D")), house="french")
    table = table_at(rec)
    assert code(ai.play_fewest_pips(table)) == "7D"  # a 0-pip trump is tip 6's cheapest card
    assert code(ai.keep_trumps_in_french(table)) == "QC"
    assert hinted_card(rec) == "QC"
    # In the classic house the under-trump is forced, and tip 15 does not apply.
    classic = table_at(record(TIP15_DEAL, 3, "9D", plays((0, "KH"), (1, "8D"))))
    assert ai.keep_trumps_in_french(classic) is None and DECK.codes_of(classic.legal) == ["7D"]


def test_a_no_trump_hand_leads_and_follows_without_trumps() -> None:
    # No trump: tip 2 may lead any suit and the tips never treat a suit as trump.
    rec = record(TIP15_DEAL, 3, None, [(3, "trump", "none")], house="belgian")
    table = table_at(rec)
    assert table.trump == -1 and table.trump_mask == 0
    assert hint(rec)["play"] in DECK.codes_of(table.legal)


# ===================================================================== talk: tips 16, 17, 18
# Example 11's deal with diamonds trump: seat 0 holds every heart, seat 1 one trump (8D) and no heart.
E11 = ["KH 7H 8H 9H 10H JH QH AH", "8D 7S 8S 9S JS QS 7C 8C", "7D 10S AS KS 10C AC KC 9C",
       "9D 10D JD QD KD AD JC QC"]  # fmt: skip


def test_tip16_calls_for_a_ruff_in_the_suit_it_is_void_in() -> None:
    rec = record(E11, 3, "9D", [], talk=True)
    rec["hands"][0]["actions"] = [{"seat": 0, "say": "holds", "card": "10H"}, {"seat": 0, "play": "KH"}]
    assert hint(rec) == {"seat": 1, "say": "lead", "suit": "H"}
    # Once asked, it is not asked again: with nothing else to say, seat 1 plays.
    rec["hands"][0]["actions"].append({"seat": 1, "say": "lead", "suit": "H"})
    assert hint(rec) == {"seat": 1, "play": "8D"}
    view = view_at(rec)
    assert ai.call_for_a_ruff(view) is None


def test_tip17_shows_the_manille_of_a_side_suit() -> None:
    rec = record(E11, 3, "9D", [], talk=True)
    view = view_at(rec)
    assert ai.call_for_a_ruff(view) is None  # seat 0 holds no trump
    assert hint(rec) == {"seat": 0, "say": "holds", "card": "10H"}


def test_tip18_counts_four_trumps_at_the_first_card_only() -> None:
    hands = fixed(0, "7D 8D 9D JD 7S 8S 7H 7C", {3: "QD"})
    rec = record(hands, 3, "QD", [], talk=True)
    assert ai.call_for_a_ruff(view_at(rec)) is None and ai.show_the_manille(view_at(rec)) is None
    assert hint(rec) == {"seat": 0, "say": "count", "suit": "D", "count": 4}
    # Later in the hand the same hand says nothing.
    later = dataclasses.replace(view_at(rec), hand=DECK.mask_of(["7D", "8D", "9D", "JD", "7S", "8S", "7H"]))
    assert ai.count_the_trumps(later) is None


def test_the_talk_tips_come_in_order_and_never_repeat() -> None:
    # Void in hearts with trumps, the 10S, and four trumps: tip 16 first, then 17, then 18, then nothing.
    view = view_at(record(fixed(0, "7D 8D 9D JD 10S 8S 7C 8C", {3: "QD"}), 3, "QD", [], talk=True))
    said = []
    while (statement := ai.statement_to_make(view)) is not None:
        said.append(statement.to_json())
        # As if each had been said at an earlier turn of the hand: heard, and not to be said again.
        view = dataclasses.replace(view, talk=(*view.talk, statement_of(statement, 0)))
    assert said == [{"seat": 0, "say": "lead", "suit": "H"}, {"seat": 0, "say": "holds", "card": "10S"},
                    {"seat": 0, "say": "count", "count": 4, "suit": "D"}]  # fmt: skip


def test_the_heuristic_says_nothing_without_talk_or_once_it_has_spoken() -> None:
    assert ai.statement_to_make(view_at(record(E11, 3, "9D", []))) is None
    spoken = record(E11, 3, "9D", [], talk=True)
    spoken["hands"][0]["actions"] = [{"seat": 0, "say": "lead", "suit": "S"}]
    assert ai.statement_to_make(view_at(spoken)) is None
    assert hint(spoken)["play"] in E11[0].split()


# ===================================================================== talk: tip 19, listening
# Seat 0 wins trick 1 with the 10S; in it seat 2 (void in hearts, holding clubs, the trump) asked for hearts.
TIP19_DEAL = ["10S 7H 8H 9H KD QD 7C 8C", "KS QS JS 9S 10H AH KH QH", "7S 8S 9C JC 7D 8D 9D JD",
              "AS JH 10D AD 10C AC KC QC"]  # fmt: skip
TIP19_ACTIONS = [{"seat": 0, "play": "10S"}, {"seat": 1, "play": "9S"}, {"seat": 2, "say": "lead", "suit": "H"},
                 {"seat": 2, "play": "7S"}, {"seat": 3, "play": "AS"}]  # fmt: skip


def talk_record(*extra: dict[str, Any]) -> dict[str, Any]:
    rec = record(TIP19_DEAL, 3, "QC", [], talk=True)
    rec["hands"][0]["actions"] = [*TIP19_ACTIONS, *extra]
    return rec


def test_tip19_leads_the_suit_the_partner_asked_for() -> None:
    rec = talk_record()
    # Seat 0 first makes its own statement (void in spades with trumps: tip 16), then leads.
    assert hint(rec) == {"seat": 0, "say": "lead", "suit": "S"}
    rec = talk_record({"seat": 0, "say": "lead", "suit": "S"})
    table = table_at(rec)
    assert code(ai.listen_to_partner(table)) == "7H"
    assert code(ai.lead_short_suit(table)) == "QD"  # what it would lead without listening
    assert hinted_card(rec) == "7H"


def test_tip19_leads_low_to_the_partners_ten_and_draws_trumps_for_four() -> None:
    table = table_at(talk_record({"seat": 0, "say": "lead", "suit": "S"}))
    view = table.view
    ten = Statement(2, HOLDS, None, DECK.index["10D"], None, 0)
    assert code(ai.listen_to_partner(Table(dataclasses.replace(view, talk=(ten,))))) == "QD"
    four = Statement(2, COUNT, DECK.suits.index("C"), None, 4, 0)
    assert code(ai.listen_to_partner(Table(dataclasses.replace(view, talk=(four,))))) == "7C"
    # The most recent statement first: a later request for hearts wins over the older count.
    ask = Statement(2, LEAD, DECK.suits.index("H"), None, None, 0)
    assert code(ai.listen_to_partner(Table(dataclasses.replace(view, talk=(four, ask))))) == "7H"
    # An opponent's statement is not followed.
    theirs = Statement(1, LEAD, DECK.suits.index("D"), None, None, 0)
    assert ai.listen_to_partner(Table(dataclasses.replace(view, talk=(theirs,)))) is None


# ===================================================================== what the count learns from talk
def test_the_count_places_a_held_card_and_rules_out_a_lacked_one() -> None:
    table = table_at(talk_record({"seat": 0, "say": "lead", "suit": "S"}))
    view = table.view
    talk = (Statement(1, HOLDS, None, DECK.index["AH"], None, 0),
            Statement(3, LACKS, None, DECK.index["10H"], None, 0))  # fmt: skip
    count = Table(dataclasses.replace(view, talk=talk)).count
    ah, ten = DECK.mask_of(["AH"]), DECK.mask_of(["10H"])
    assert count.known[1] & ah and not (count.possible[2] | count.possible[3]) & ah
    assert not count.possible[3] & ten and count.possible[1] & ten


def test_the_count_reads_a_count_of_zero_as_a_void_and_a_full_count_as_known() -> None:
    view = table_at(talk_record({"seat": 0, "say": "lead", "suit": "S"})).view
    diamonds = DECK.suits.index("D")
    # All true: seat 1 has no diamond, seat 3 holds the 10D and the AD, seat 2 holds four diamonds.
    ten, ace = DECK.index["10D"], DECK.index["AD"]
    talk = (Statement(1, COUNT, diamonds, None, 0, 0), Statement(3, HOLDS, None, ten, None, 0),
            Statement(3, HOLDS, None, ace, None, 0), Statement(2, COUNT, diamonds, None, 4, 0))  # fmt: skip
    count = Table(dataclasses.replace(view, talk=talk)).count
    assert count.is_void(1, diamonds)
    assert count.known[2] & DECK.suit_masks[diamonds] == DECK.mask_of(["7D", "8D", "9D", "JD"])
    # Cards played after a count are taken off it: seat 3's count of spades (AS) at trick 0 leaves none now.
    spades = DECK.suits.index("S")
    assert Table(dataclasses.replace(view, talk=(Statement(3, COUNT, spades, None, 1, 0),))).count.is_void(3, spades)


def test_the_count_stays_true_when_statements_are_made_at_random() -> None:
    """Random seats that talk at random: nothing the count rules out or places is ever wrong."""
    rng = random.Random(12)
    for raw in ({"talk": True}, {"talk": True, "house": "belgian"}, {"talk": True, "house": "french"}):
        options = RULES.parse_options(raw, 4)
        for dealer in range(4):
            state = RULES.new_hand(options, 4, dealer, RULES.random_deal(rng, options, 4, dealer), [0] * 4)
            assert isinstance(state, ManilleHand)
            while not state.complete:
                seat = state.to_act
                assert seat is not None
                view = state.view(seat)
                if view.phase == "play":
                    count = Table(view).count
                    for other in range(4):
                        assert state.hands[other] & ~count.possible[other] == 0
                        assert count.known[other] & ~state.hands[other] == 0
                state.apply(rng.choice(view.legal_actions()))
            assert state.talk_log


# ===================================================================== every decision legal, every house
@pytest.mark.parametrize(
    "options_raw",
    [{"house": "french"}, {"house": "belgian"}, {"house": "belgian", "doubling": True, "talk": True},
     {"house": "french", "auction": True, "doubling": True}, {"talk": True}, {"talk": True, "auction": True}],
)  # fmt: skip
def test_the_heuristic_only_returns_legal_actions_in_every_house(options_raw: dict[str, Any]) -> None:
    options = RULES.parse_options(options_raw, 4)
    shared.assert_only_legal_actions(RULES, options, 4, ManilleHeuristic(random.Random(2)))


def test_the_heuristic_plays_a_belgian_hand_from_the_choice_of_trump() -> None:
    options = RULES.parse_options({"house": "belgian", "talk": True}, 4)
    state = RULES.new_hand(options, 4, 1, RULES.random_deal(random.Random(3), options, 4, 1), [0] * 4)
    assert state.phase == TRUMP_CHOICE
    player = ManilleHeuristic(random.Random(0))
    while not state.complete:
        state.apply(player.decide(state.view(seat_to_act(state))))
    assert state.complete


def belgian_endgames(raw: dict[str, Any], count: int, seed: int) -> list[ManilleHand]:
    """Hands of the house played at random (trump named first) until three cards or fewer are left a seat."""
    rng = random.Random(seed)
    options = RULES.parse_options(raw, 4)
    out: list[ManilleHand] = []
    while len(out) < count:
        state = RULES.new_hand(options, 4, 0, RULES.random_deal(rng, options, 4, 0), [0] * 4)
        assert isinstance(state, ManilleHand)
        if state.phase == TRUMP_CHOICE:
            state.apply(Action(0, "trump", rng.choice(["S", "H", "D", "C", "none"])))
        stop = rng.randrange(20, 30)
        while not state.complete and 32 - sum(h.bit_count() for h in state.hands) < stop:
            view = state.view(seat_to_act(state))
            state.play_card(rng.choice([c for c in range(32) if view.legal_mask >> c & 1]))
        if not state.complete and state.view(seat_to_act(state)).legal_mask.bit_count() > 1:
            out.append(state)
    return out


@pytest.mark.parametrize("raw", [{"house": "french"}, {"house": "belgian"}])
def test_the_endgame_solver_agrees_with_the_engine_in_each_house(raw: dict[str, Any]) -> None:
    for state in belgian_endgames(raw, 5, seed=31):
        table = Table(state.view(seat_to_act(state)))
        solver = endgame.Solver(ai.endgame_rules(table), table.seat, table.trick, table.hand.bit_count())
        shared.assert_solver_agrees_with_the_engine(state, solver)


def test_the_heuristic_never_says_it_holds_a_card_it_then_plays_at_once() -> None:
    """ "I hold the 10♠" and the 10♠ led in the same breath tells the partner nothing the card does not."""
    options = RULES.parse_options({"talk": True, "house": "belgian"}, 4)
    holds = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = RULES.new_hand(options, 4, seed % 4, RULES.random_deal(rng, options, 4, seed % 4), [0] * 4)
        said: Action | None = None
        while not state.complete:
            action = ManilleHeuristic(random.Random(seed)).decide(state.view(seat_to_act(state)))
            if said is not None and action.verb == "play" and action.seat == said.seat:
                assert action.value != said.get("card"), f"seed {seed}: {said} then {action}"
            said = action if action.verb == "say" and action.value == HOLDS else None
            holds += said is not None
            state.apply(action)
    assert holds  # the heuristic still shows a manille it keeps
