"""The ``heuristic`` Tarot player: one position per strategy tip, card counting, legality, determinism, strength.

Each tip test cuts a record where the tip applies and asks replay for a hint, the way a player at the table
would, or builds the view directly.  Where another tip would pick a different card, the test says which, so a
broken order of precedence shows up as well as a broken tip.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine.game import Action
from cardtable.engine.players import RandomPlayer
from cardtable.engine.records import parse_record
from cardtable.engine.replay import replay
from cardtable.engine.sim import simulate
from cardtable.games import find_game
from cardtable.games.tarot import ai
from cardtable.games.tarot.ai import Table, TarotHeuristic, count_hand
from cardtable.games.tarot.beginner import TarotBeginner
from cardtable.games.tarot.expert import TarotExpert
from cardtable.games.tarot.rules import (
    DECK,
    EXCUSE_BIT,
    RULES,
    SIZES,
    SUIT_MASKS,
    TRUMP_SUIT,
    TRUMPS,
    TarotHand,
    TarotView,
)
from tests.games.tarot.helpers import bids, fill, new_hand
from tests.support import heuristic_hint, replay_record

# ===================================================================== building positions


def deal_json(players: int, hands: dict[int, str], chien: str) -> dict[str, Any]:
    """A deal: the seats in ``hands`` get exactly those cards, the others the rest of the deck in deck order."""
    fixed = [card for held in hands.values() for card in held.split()] + chien.split()
    assert len(fixed) == len(set(fixed)), "a card is given twice"
    deal = fill(players, {seat: held.split() for seat, held in hands.items()}, chien.split())
    return {"hands": [DECK.codes_of(h) for h in deal.hands], "chien": DECK.codes_of(deal.chien)}


def record(players: int, hands: dict[int, str], chien: str, actions: list[dict[str, Any]], dealer: int | None = None,
           **options: Any) -> dict[str, Any]:  # fmt: skip
    return {
        "format": "cardtable-record/1",
        "game": "tarot",
        "players": players,
        "options": options,
        "hands": [
            {
                "dealer": players - 1 if dealer is None else dealer,
                "deal": deal_json(players, hands, chien),
                "actions": actions,
            }
        ],
    }


def plays(*steps: str) -> list[dict[str, Any]]:
    """Plays written as ``"seat card"``."""
    out = []
    for step in steps:
        seat, card = step.split()
        out.append({"seat": int(seat), "play": card})
    return out


def hint(rec: dict[str, Any]) -> dict[str, Any]:
    return heuristic_hint(rec, among_legal=False)


def hinted_card(rec: dict[str, Any]) -> str:
    card: str = hint(rec)["play"]
    return card


def state_at(rec: dict[str, Any]) -> TarotHand:
    _out, status, match = replay(parse_record(rec, find_game))
    assert status == 0
    state = match.current
    assert isinstance(state, TarotHand) and state.to_act is not None
    return state


def view_at(rec: dict[str, Any]) -> TarotView:
    state = state_at(rec)
    assert state.to_act is not None
    return state.view(state.to_act)


def table_at(rec: dict[str, Any]) -> Table:
    return Table(view_at(rec))


def code(card: int | None) -> str | None:
    return None if card is None else DECK.codes[card]


# ===================================================================== tip 1 and tip 16: the bidding
CALIBRATION_GARDE = "T21 T19 T12 T6 T1 EX KH NH 10H 8H AH JD 8D QC NC 7C 6S 4S"
CALIBRATION_PASS = "T20 T18 T14 T13 T9 T8 T6 KH 10H 5H 4H KD QD 8C 7C 8S 7S 5S"
#: Count 67 without shape (a garde), 73 with the club void (a garde sans).
SHAPED_HAND = "T1 T5 T7 T9 T11 T13 T15 T16 T18 T20 T21 KS QS KH 2H 3H 4D 5D"


def test_tip1_count_matches_the_rules_calibration() -> None:
    assert count_hand(DECK.mask_of(CALIBRATION_GARDE.split()), with_shape=False) == 60
    assert count_hand(DECK.mask_of(CALIBRATION_PASS.split()), with_shape=False) == 34


def test_tip1_bids_garde_on_60_and_passes_on_34() -> None:
    assert hint(record(4, {0: CALIBRATION_GARDE}, "2S 3S 5S 7S 8S 9S", [])) == {"seat": 0, "bid": "garde"}
    assert hint(record(4, {0: CALIBRATION_PASS}, "2S 3S 4S 6S 9S 10S", [])) == {"seat": 0, "bid": "pass"}


def test_tip1_bids_only_above_the_highest_bid() -> None:
    # Seat 0 bids garde sans first; seat 1's garde hand is not enough to go higher.
    rec = record(4, {1: CALIBRATION_GARDE}, "2S 3S 5S 7S 8S 9S", [{"seat": 0, "bid": "garde_sans"}])
    assert hint(rec) == {"seat": 1, "bid": "pass"}


def test_tip1_scales_the_count_by_the_number_of_players() -> None:
    # 60 is a garde at 4 players; at 3 players it counts 45, a petite.
    hand = CALIBRATION_GARDE + " 9S 10S JS 2C 3C 4C"
    assert ai.scaled_count(DECK.mask_of(hand.split()), 3, with_shape=False) < ai.GARDE_FROM
    assert hint(record(3, {0: hand}, "2S 3S 5S 7S 8S AS", [])) == {"seat": 0, "bid": "petite"}


def test_tip1_two_oudlers_bid_at_least_a_petite() -> None:
    weak = "T21 T1 T2 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C"
    assert ai.scaled_count(DECK.mask_of(weak.split()), 4, with_shape=False) < ai.PETITE_FROM[4]
    assert hint(record(4, {0: weak}, "6S 7S 8S 9S 10S JS", [])) == {"seat": 0, "bid": "petite"}


def test_tip16_voids_and_singletons_lift_a_garde_to_a_garde_sans() -> None:
    hand = DECK.mask_of(SHAPED_HAND.split())
    assert count_hand(hand, with_shape=False) == 67 and count_hand(hand, with_shape=True) == 73
    assert hint(record(4, {0: SHAPED_HAND}, "2S 3S 4S 5S 6S 7S", [])) == {"seat": 0, "bid": "garde_sans"}


def test_at_five_players_a_hand_worth_a_bid_from_40_takes_it_as_garde_contre() -> None:
    # 38 at 4 players (a pass there), 45.6 scaled at five: a petite by the count, a garde contre at five.
    hand = "T21 T20 T12 T10 T5 KS 2S 3S KH 2H 3H 4D 5D 6C 7C"
    assert ai.PETITE_FROM[5] <= ai.scaled_count(DECK.mask_of(hand.split()), 5, with_shape=False) < ai.GARDE_FROM
    assert hint(record(5, {0: hand}, "4S 5S 6S", [])) == {"seat": 0, "bid": "garde_contre"}
    # After a garde sans it still takes the deal; after a garde contre it can only pass.
    assert hint(record(5, {1: hand}, "4S 5S 6S", [{"seat": 0, "bid": "garde_sans"}])) == {
        "seat": 1,
        "bid": "garde_contre",
    }
    assert hint(record(5, {1: hand}, "4S 5S 6S", [{"seat": 0, "bid": "garde_contre"}])) == {"seat": 1, "bid": "pass"}
    # Below 40 the count bids a petite as before.
    weaker = "T21 T12 T10 T5 T3 KS 2S 3S QH 2H 3H 4D 5D 6C 7C"
    assert hint(record(5, {0: weaker}, "4S 5S 6S", [])) == {"seat": 0, "bid": "petite"}


# ===================================================================== tip 15: the king call
def call_record(hand: str, chien: str) -> dict[str, Any]:
    """Seat 0 takes a garde at 5 players and calls; seat 1 holds the Petit with a second trump (no petit sec)."""
    passes = [{"seat": s, "bid": "pass"} for s in (1, 2, 3, 4)]
    return record(5, {0: hand, 1: "T1 T2"}, chien, [{"seat": 0, "bid": "garde"}, *passes])


def test_tip15_calls_the_king_of_a_kingless_suit_with_an_honour() -> None:
    # Kings of spades held; hearts is the longest kingless suit but diamonds holds the queen.
    hand = "KS 2S T21 T20 T19 T18 T17 T16 2H 3H 4H 5H QD 2D 3D"
    rec = call_record(hand, "AS 3S 4S")
    assert hint(rec) == {"seat": 0, "king": "KD"}


def test_tip15_calls_the_longest_kingless_suit_without_honours() -> None:
    hand = "KS 2S T21 T20 T19 T18 T17 T16 2H 3H 4H 5H AD 2D 3D"
    rec = call_record(hand, "AS 3S 4S")
    assert hint(rec) == {"seat": 0, "king": "KH"}


def test_tip15_with_every_king_calls_the_queen_of_the_shortest_suit() -> None:
    hand = "KS KH KD KC 2S 3S 4S 2H 3H 2D T21 T20 T19 T18 T17"
    rec = call_record(hand, "AS 5S 6S")
    assert hint(rec) == {"seat": 0, "king": "QC"}


# ===================================================================== tip 6: the discard
def test_tip6_voids_the_shortest_kingless_suit_then_saves_court_cards() -> None:
    # After the chien: clubs (3C 8C, no king) is voided; then the queen and knight of kingless hearts.
    taker = "T21 T20 T19 T18 T17 T16 T15 T14 KS 2S 3S KD 4D 5D QH NH 2H 3C"
    chien = "8C 4H 5H 6S 7S 8S"
    rec = record(4, {0: taker}, chien, bids(4, 0, 0, "garde"))
    discard = set(hint(rec)["discard"])
    assert discard == {"3C", "8C", "QH", "NH", "2H", "4H"}


def test_tip6_discards_the_lowest_trumps_only_when_forced() -> None:
    taker = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 KS KH 2S"
    chien = "T2 T3 T4 KD KC 3S"
    rec = record(4, {0: taker}, chien, bids(4, 0, 0, "garde"))
    assert set(hint(rec)["discard"]) == {"2S", "3S", "T2", "T3", "T4", "T7"}


def test_tip6_on_the_seed_example_voids_clubs() -> None:
    hands = {
        0: "7S 8S 6H 9H 10H JH KH AD 2D ND 2C JC NC T2 T11 T16 T17 EX",
        1: "AS 3S 10S NS 7D 10D 4C 5C 6C 7C 9C T5 T6 T7 T9 T13 T14 T19",
        2: "T1 T3 T4 T8 T10 T12 T15 T18 T21 9S QS KS 2H 5H 4D KD 3C 8C",
    }
    rec = record(4, hands, "5S 3H 8H 6D JD 10C", [{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "pass"},
                                                  {"seat": 2, "bid": "garde"}, {"seat": 3, "bid": "pass"}])  # fmt: skip
    # Clubs (three cards, no king) go whole; hearts (four) do not fit, so its three lowest follow.
    assert set(hint(rec)["discard"]) == {"3C", "8C", "10C", "2H", "3H", "5H"}


# ===================================================================== tip 14: the chelem
CHELEM_HAND = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 EX KS KH"


def test_tip14_announces_a_sure_chelem() -> None:
    rec = record(4, {0: CHELEM_HAND}, "2S 3S 4S 5S 6S 7S", bids(4, 0, 0, "garde_sans"))
    assert hint(rec) == {"seat": 0, "declare": "chelem"}


def test_tip14_no_chelem_with_a_loose_suit_card() -> None:
    hand = CHELEM_HAND.replace("KH", "QH")
    rec = record(4, {0: hand}, "2S 3S 4S 5S 6S 7S", bids(4, 0, 0, "garde_sans"))
    assert hint(rec) == {"seat": 0, "declare": "no_chelem"}


def test_tip14_and_tip10_the_chelem_is_played_out_with_the_excuse_last() -> None:
    rec = record(4, {0: CHELEM_HAND}, "2S 3S 4S 5S 6S 7S", bids(4, 0, 0, "garde_sans"))
    state = state_at(rec)
    players = [TarotHeuristic(random.Random(1))] + [RandomPlayer(random.Random(s)) for s in (2, 3, 4)]
    while not state.complete:
        seat = state.to_act
        assert seat is not None
        state.apply(players[seat].decide(state.view(seat)))
    assert state.chelem is True
    assert all(winner == 0 for _leader, _cards, winner, *_rest in state.trick_history)
    # The Excuse led to the last trick wins it (the slam exception).
    last_leader, last_cards, *_ = state.trick_history[-1]
    assert last_leader == 0 and last_cards[0] == DECK.index["EX"] and state.excuse_won_last


# ===================================================================== tip 13: the poignée
def test_tip13_taker_shows_his_largest_poignee_hiding_the_petit() -> None:
    # Eleven trumps with the Petit: a simple poignée of ten, the Petit hidden.
    taker = "T1 T5 T7 T9 T11 T13 T15 T16 T18 T20 T21 KS QS KH KD KC QC EX"
    actions = [*bids(4, 0, 0, "garde_sans"), {"seat": 0, "declare": "no_chelem"}]
    rec = record(4, {0: taker}, "2S 3S 4S 5S 6S 7S", actions)
    action = hint(rec)
    assert action["declare"] == "poignee"
    assert set(action["cards"]) == {"T5", "T7", "T9", "T11", "T13", "T15", "T16", "T18", "T20", "T21"}


def advance(rec: dict[str, Any], seat: int) -> dict[str, Any]:
    """Let the heuristic act for every other seat until ``seat`` is to act."""
    while True:
        out, status = replay_record(rec, hint="heuristic")
        assert status == 0 and out["next"] is not None, out["error"]
        if out["next"]["seat"] == seat:
            return rec
        rec["hands"][0]["actions"].append(out["next"]["hint"])


def test_tip13_defender_shows_only_against_a_petite() -> None:
    defender = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 2S 3S 4S 5S 2H 3H 4H 5H"

    def first_action(contract: str) -> dict[str, Any]:
        taker_bids = [{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": contract}, {"seat": 2, "bid": "pass"},
                      {"seat": 3, "bid": "pass"}]  # fmt: skip
        return hint(advance(record(4, {0: defender, 1: "T1 T12"}, "6S 7S 8S 9S 10S JS", taker_bids), 0))

    assert "play" in first_action("garde")
    shown = first_action("petite")
    assert shown["declare"] == "poignee" and set(shown["cards"]) == {f"T{k}" for k in range(2, 12)}


# ===================================================================== the defenders' deal: tips 4, 5, 7, 8, 9, 10
# Seat 1 takes a garde sans and has no hearts; seat 0 leads first.
DEFENCE_HANDS = {
    0: "2H 3H 4H KS 3S AD 2D 3D 4D 5D 6D 7D AC 2C T2 T3 T4 T5",
    1: "T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 JS 2S KD QD KC QC NC JC",
    2: "AS 5S 6S 7S 8S 9S 10S NS QS AH 5H 6H 7H 8H 9H 10H JH 9C",
    3: "4S NH QH KH 3C 4C 5C 6C 7C 8C T1 T6 T7 T8 T9 T10 T11 EX",
}
DEFENCE_CHIEN = "8D 9D 10D JD ND 10C"
DEFENCE_BIDS = [{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "garde_sans"}, {"seat": 2, "bid": "pass"},
                {"seat": 3, "bid": "pass"}]  # fmt: skip


def defence(*steps: str) -> dict[str, Any]:
    return record(4, DEFENCE_HANDS, DEFENCE_CHIEN, DEFENCE_BIDS + plays(*steps), bonuses=False)


def test_tip5_a_defender_leads_his_short_king_before_the_taker_is_void() -> None:
    rec = defence()
    assert hinted_card(rec) == "KS"
    # Without the king, tip 4 would lead the longest suit from the bottom.
    assert code(ai.defender_lead(table_at(rec))) == "AD"


def test_tip4_a_defender_leads_the_suit_the_taker_lacks() -> None:
    rec = defence("0 2H", "1 T12", "2 AH", "3 NH", "1 2S", "2 5S", "3 4S", "0 KS")
    assert hinted_card(rec) == "3H"


def test_tip7_counts_voids_and_trumps() -> None:
    rec = defence("0 2H", "1 T12", "2 AH", "3 NH", "1 2S", "2 5S", "3 4S", "0 KS", "0 3H", "1 T13", "2 5H", "3 QH",
                  "1 JS", "2 6S", "3 T6")  # fmt: skip
    table = table_at(rec)
    hearts, spades = DECK.suit_of[DECK.index["2H"]], DECK.suit_of[DECK.index["2S"]]
    # The taker trumped hearts; seat 3 trumped spades.
    assert table.voids[1] >> hearts & 1 and not table.voids[1] >> TRUMP_SUIT & 1
    assert table.voids[3] >> spades & 1
    assert table.possible[1] & SUIT_MASKS[hearts] == 0
    # 21 trumps, less seat 0's four and the three played.
    assert table.outstanding_trumps() == 21 - 4 - 3


def test_tip7_counts_undertrumps_and_trump_voids() -> None:
    table = table_at(attack("0 T9", "1 T2", "2 T3", "3 T5", "0 T10", "1 T1", "2 T4", "3 T7"))
    # Seat 2 played T3 under T9 and T4 under T10: of the trumps still out (T6, T8, T21 is the taker's), only
    # those below T9 may remain with it.
    assert DECK.codes_of(table.possible[2] & TRUMPS) == ["T6", "T8"]
    # A spade on a trump lead: no trump at all.
    table = table_at(attack("0 T9", "1 T2", "2 T3", "3 T5", "0 T10", "1 T1", "2 T4", "3 T7", "0 T11", "1 AS",
                            "2 T6", "3 T8"))  # fmt: skip
    assert table.voids[1] >> TRUMP_SUIT & 1 and not table.may_hold_trump(1)


def test_tip9_loads_the_king_on_a_partners_sure_trick() -> None:
    # Seat 2's queen of spades holds the trick and seat 0 plays last: load the king rather than the 3.
    rec = defence("0 2H", "1 T12", "2 AH", "3 NH", "1 2S", "2 QS", "3 4S")
    table = table_at(rec)
    assert code(ai.load_points(table)) == "KS"
    assert code(ai.lose_cheaply(table)) == "3S"
    assert hinted_card(rec) == "KS"


def test_tip8_a_lost_trick_gets_the_least_valuable_card() -> None:
    # The taker trumps a heart; seat 2 (no trumps) must follow hearts with its lowest.
    rec = defence("0 2H", "1 T12")
    assert hinted_card(rec) == "AH"


def test_tip8_wins_with_the_cheapest_sure_winner_and_tip2_saves_the_petit_first() -> None:
    # Seat 3 plays last on the taker's jack of spades, void in spades: the lowest trump would take it, but the
    # Petit cannot be beaten either, and saving it comes first.
    rec = defence("0 2H", "1 T12", "2 AH", "3 NH", "1 2S", "2 5S", "3 4S", "0 KS", "0 3H", "1 T13", "2 5H", "3 QH",
                  "1 JS", "2 6S")  # fmt: skip
    table = table_at(rec)
    assert code(ai.play_petit_safely(table)) == "T1"
    assert hinted_card(rec) == "T1"


def test_tip8_wins_with_the_cheapest_sure_winner() -> None:
    # The taker ruffs the first heart: every trump still out is below T12, so T12 wins as surely as T21.
    rec = defence("0 2H")
    assert code(ai.win_cheaply(table_at(rec))) == "T12"
    assert hinted_card(rec) == "T12"


def test_tip10_the_excuse_spares_a_court_card_on_a_lost_trick() -> None:
    # The taker has trumped a heart and seat 3 must follow with the queen or king: the Excuse instead.
    rec = defence("0 2H", "1 T12", "2 AH", "3 NH", "1 2S", "2 5S", "3 4S", "0 KS", "0 3H", "1 T13", "2 5H")
    assert hinted_card(rec) == "EX"


def test_tip10_the_excuse_is_played_before_the_last_trick() -> None:
    rng = random.Random(5)
    for _ in range(30):
        deal = RULES.random_deal(rng, RULES.parse_options({}, 4), 4, 3)
        state = new_hand(deal, bonuses=False)
        randoms = [RandomPlayer(random.Random(s)) for s in range(4)]
        while not state.complete:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            if view.phase == "play" and view.hand >> DECK.index["EX"] & 1 and view.hand.bit_count() == 2:
                assert TarotHeuristic().decide(view) == Action(seat, "play", "EX")
                break
            state.apply(randoms[seat].decide(view))


# ===================================================================== the taker's deal: tips 3, 12, 2
# Seat 0 takes a garde sans with thirteen trumps; the defenders share T2-T8 and seat 3 holds the Excuse.
ATTACK_HANDS = {
    0: "T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 KS KH KD KC QS",
    1: "T1 T2 AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H 8H 9H",
    2: "T3 T4 T6 AD 2D 3D 4D 5D 6D 7D 8D 9D 10D AC 2C 3C 4C 5C",
}
ATTACK_CHIEN = "JD ND QD 6C 7C 8C"


def attack(*steps: str) -> dict[str, Any]:
    return record(4, ATTACK_HANDS, ATTACK_CHIEN, bids(4, 0, 0, "garde_sans") + plays(*steps), bonuses=False)


def test_tip3_the_taker_draws_trumps_with_his_lowest_master() -> None:
    # Thirteen trumps against eight: T9 is above every trump outstanding.
    assert hinted_card(attack()) == "T9"


def test_tip3_stops_drawing_when_the_defence_has_no_trump_left() -> None:
    # Seat 3 holds T5 T7 T8 and the Excuse.  After three rounds the defence is out of trumps.
    rec = attack("0 T9", "1 T2", "2 T3", "3 T5", "0 T10", "1 T1", "2 T4", "3 T7", "0 T11", "1 AS", "2 T6", "3 T8")
    table = table_at(rec)
    assert not table.foes_may_hold_trumps()
    assert ai.draw_trumps(table) is None
    assert hinted_card(rec) in {"KS", "KH", "KD", "KC"}


def test_tip3_keeps_drawing_while_the_defence_may_hold_trumps() -> None:
    rec = attack("0 T9", "1 T2", "2 T3", "3 T5")
    assert hinted_card(rec) == "T10"


# ===================================================================== tip 2, 11 and 12: the Petit and the 21
# Seat 1 takes a garde sans without clubs; seat 2 holds the 21, the Excuse and no clubs; seat 3 the Petit, four
# more trumps and no clubs; seat 0 leads clubs.
PETIT_HANDS = {
    0: "AC 2C 3C 4C 5C 6C 7C 8C 9C KC AS 2S 3S 4S 5S T4 T5 AD",
    1: "T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 KH QH KD QD KS QS 6S",
    2: "T21 T8 T9 EX AH 2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D 5D 6D",
}
PETIT_CHIEN = "10C JC NC QC 7S 8S"
PETIT_BIDS = [{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "garde_sans"}, {"seat": 2, "bid": "pass"},
              {"seat": 3, "bid": "pass"}]  # fmt: skip


def petit(*steps: str) -> dict[str, Any]:
    return record(4, PETIT_HANDS, PETIT_CHIEN, PETIT_BIDS + plays(*steps), bonuses=False)


def test_petit_deal_gives_seat_3_the_petit_and_four_more_trumps() -> None:
    held = state_at(petit()).hands[3]
    assert DECK.codes_of(held & TRUMPS) == ["T1", "T2", "T3", "T6", "T7"]


def test_tip11_the_21_takes_a_rich_trick() -> None:
    # The taker ruffs the king of clubs with T10: the 21 takes king and all.
    assert hinted_card(petit("0 KC", "1 T10")) == "T21"


def test_tip11_and_tip10_the_21_stays_out_of_a_poor_trick() -> None:
    # On the ace of clubs ruffed by T10, seat 2 may only give the 21 or the Excuse: the 21 waits.
    table = table_at(petit("0 AC", "1 T10"))
    assert not table.playable >> DECK.index["T21"] & 1
    assert hinted_card(petit("0 AC", "1 T10")) == "EX"


def test_tip2_a_defender_drops_the_petit_on_a_trick_his_side_surely_wins() -> None:
    assert hinted_card(petit("0 KC", "1 T10", "2 T21")) == "T1"


def test_tip2_the_petit_is_not_played_under_the_takers_trump() -> None:
    rec = petit("0 AC", "1 T10", "2 EX")
    assert hinted_card(rec) == "T2"


def test_tip2_the_excuse_saves_a_petit_that_would_fall() -> None:
    # Seat 3 holds T1 T2 and the Excuse.  After trumping the first club with T2, it meets the taker's trump
    # lead with the Petit as its only trump: the Excuse goes instead.
    hands = {
        0: "AC 2C 3C 4C 5C 6C 7C 8C 9C KC AS 2S 3S 4S 5S T4 T5 T21",
        1: PETIT_HANDS[1],
        2: "T8 T9 T3 T6 T7 AH 2H 3H 4H 5H 6H 7H 8H 9H 10H 2D 3D 4D",
    }
    rec = record(4, hands, PETIT_CHIEN, PETIT_BIDS + plays("0 AC", "1 T10", "2 T3", "3 T2", "1 T11", "2 T6"),
                 bonuses=False)  # fmt: skip
    assert DECK.codes_of(state_at(rec).hands[3] & (TRUMPS | EXCUSE_BIT)) == ["T1", "EX"]
    assert hinted_card(rec) == "EX"


def test_tip12_the_taker_keeps_the_petit_for_the_last_trick() -> None:
    # Seat 0 holds the Petit among fourteen trumps; once the defence is out of trumps it is safe, but it waits.
    hands = dict(ATTACK_HANDS)
    hands[0] = "T1 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 KS KH KD KC"
    hands[1] = "QS T2 AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H 8H 9H"
    rec = record(4, hands, ATTACK_CHIEN, bids(4, 0, 0, "garde_sans") +
                 plays("0 T9", "1 T2", "2 T3", "3 T5", "0 T10", "1 QS", "2 T4", "3 T7", "0 T11", "1 AS", "2 T6",
                       "3 T8"), bonuses=False)  # fmt: skip
    table = table_at(rec)
    assert table.petit_safe_now() and table.petit_au_bout_plan
    assert ai.play_petit_safely(table) is None
    assert hinted_card(rec) != "T1"


# ===================================================================== the end of the hand: tips 2, 10, 12 and 13
# Positions found in heuristic play, each a record cut at the decision (the deal and every action before it).
POSITIONS = Path(__file__).parent / "positions"


def position(name: str) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads((POSITIONS / f"{name}.json").read_text())
    return rec


def played_out(rec: dict[str, Any]) -> TarotHand:
    """The hand of ``rec`` finished by the heuristic at every seat."""
    state = state_at(rec)
    player = TarotHeuristic()
    while not state.complete:
        seat = state.to_act
        assert seat is not None
        state.apply(player.decide(state.view(seat)))
    return state


def petit_au_bout_of(rec: dict[str, Any]) -> tuple[int, int]:
    """Played out by the heuristic: who wins the last trick, which must hold the Petit, and its Petit au bout."""
    state = played_out(rec)
    _leader, cards, winner, *_ = state.trick_history[-1]
    assert DECK.index["T1"] in cards and state.result is not None
    return winner, state.result.petit


@pytest.mark.parametrize(
    "name",
    [
        # Defender seat 1 holds T1 T5 and must trump a diamond before the taker, who may hold T19.
        "release_petit_defender",
        # Taker seat 1 holds T1 T18 and must trump a club; the defence may still hold T17 and T11.
        "release_petit_taker",
    ],
)
def test_tip2_a_petit_that_found_no_safe_trick_goes_before_the_last_trick(name: str) -> None:
    # Kept to the last trick it would be caught there and give the opponents the Petit au bout as well.
    table = table_at(position(name))
    assert table.cards_left == 2 and not table.petit_au_bout_plan and not table.petit_safe_now()
    assert code(ai.release_petit(table)) == "T1"
    assert hinted_card(position(name)) == "T1"


def test_tip2_the_petit_waits_when_only_an_ally_may_hold_the_top_trump() -> None:
    # Defender seat 2 leads with 9C and T1; T19, the highest trump out, can only be with defender seat 0 or 1.
    rec = position("keep_petit_for_an_allys_trump")
    assert ai.release_petit(table_at(rec)) is None
    assert hinted_card(rec) == "9C"
    # Seat 1's T19 takes the last trick with the Petit in it: the Petit au bout goes to the defence.
    assert petit_au_bout_of(rec) == (1, -10)


def test_tip12_leads_the_suit_the_petit_holder_must_follow() -> None:
    # Defender seat 0 holds 9D T21; the taker's only trump is T1 and his other card can only be a diamond.
    rec = position("catch_petit_in_the_last_trick")
    table = table_at(rec)
    assert code(ai.catch_the_petit(table)) == "9D"
    assert hinted_card(rec) == "9D"
    # T21 takes the taker's Petit in the last trick: the Petit au bout goes to the defence.
    assert petit_au_bout_of(rec) == (0, -10)


def test_tip12_takes_the_petit_now_when_its_holder_may_ruff_the_lead() -> None:
    # Seat 3 holds NC T18; the taker (T1 and a card that may be of any suit) could trump a club with T1 and win.
    rec = position("catch_petit_now")
    assert code(ai.catch_the_petit(table_at(rec))) == "T18"
    assert hinted_card(rec) == "T18"


def test_tip12_the_taker_keeps_the_petit_when_his_master_trumps_can_draw_the_rest() -> None:
    # The taker, last to play on a spade, holds JD T1 T18 T20; the only trump out is T4: T18 and T20 are masters.
    table = table_at(position("petit_plan_with_master_trumps"))
    assert table.foes_may_hold_trumps() and table.petit_safe_now() and table.petit_au_bout_plan
    assert hinted_card(position("petit_plan_with_master_trumps")) == "T18"


def test_tip12_without_master_trumps_the_taker_saves_the_petit_at_once() -> None:
    # T21 is still out and may be with a defender: however many trumps he holds, the Petit could be caught at the
    # end.  Last to play on a diamond he is void in, T1 wins this trick for sure.
    table = table_at(position("petit_safe_without_master_trumps"))
    assert not table.petit_au_bout_plan and table.petit_safe_now()
    assert code(ai.play_petit_safely(table)) == "T1"
    assert hinted_card(position("petit_safe_without_master_trumps")) == "T1"


def test_tip10_an_unannounced_slam_keeps_the_excuse_only_behind_a_sure_trick() -> None:
    # The taker has won sixteen tricks without announcing a chelem and holds the Excuse with one other card.
    # With 2H (the defence still has higher hearts) the Excuse goes now: kept, it would change side.
    assert hinted_card(position("unannounced_slam_excuse_goes_early")) == "EX"
    # With the master KH he leads it and keeps the Excuse for the slam lead, which wins the last trick.
    rec = position("unannounced_slam_excuse_kept_for_the_lead")
    assert hinted_card(rec) == "KH"
    state = played_out(rec)
    assert state.excuse_won_last and state.result is not None and state.result.chelem == 200


def test_tip13_the_taker_shows_his_discarded_trump_again() -> None:
    # Four kings and fifteen trumps after the chien: T7 had to go to the discard, and the triple poignée shows it.
    rec = json.loads((Path(__file__).parents[2] / "records" / "tarot" /
                      "poignee_taker_shows_his_discarded_trump.json").read_text())  # fmt: skip
    rec["hands"][0]["actions"] = rec["hands"][0]["actions"][:6]
    action = hint(rec)
    assert action["declare"] == "poignee" and action["cards"] == [f"T{k}" for k in range(7, 22)]


# ===================================================================== legality, determinism, speed, strength
def play_out(players: int, bonuses: bool, seed: int, levels: list[str]) -> int:
    """Play one random deal with the given levels; check every heuristic action is legal. Returns decisions."""
    rng = random.Random(seed)
    options = RULES.parse_options({"bonuses": bonuses}, players)
    deal = RULES.random_deal(rng, options, players, seed % players)
    state = RULES.new_hand(options, players, seed % players, deal, [0] * players)
    assert isinstance(state, TarotHand)
    seats = [TarotHeuristic() if level == "heuristic" else RandomPlayer(random.Random(seed * 10 + s))
             for s, level in enumerate(levels)]  # fmt: skip
    decisions = 0
    while not state.complete:
        seat = state.to_act
        assert seat is not None
        action = seats[seat].decide(state.view(seat))
        if isinstance(seats[seat], TarotHeuristic):
            state.verify(action)
            decisions += 1
        state.apply(action)
    return decisions


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("bonuses", [True, False])
def test_only_legal_actions_in_random_positions(players: int, bonuses: bool) -> None:
    decisions = 0
    for seed in range(40):
        # Mixed tables give the heuristic positions its own kind would not reach.
        levels = ["heuristic" if (seed + s) % 2 == 0 or seed % 3 == 0 else "random" for s in range(players)]
        decisions += play_out(players, bonuses, seed, levels)
    assert decisions > 100


def test_hints_are_deterministic() -> None:
    rec = defence("0 2H", "1 T12", "2 AH")
    first = [hint(rec) for _ in range(3)]
    assert first[0] == first[1] == first[2]
    state = state_at(defence("0 2H"))
    view = state.view(1)
    assert TarotHeuristic().decide(view) == TarotHeuristic(random.Random(9)).decide(view)


def test_registered_as_the_heuristic_level() -> None:
    assert RULES.computer_levels() == {"beginner": TarotBeginner, "heuristic": TarotHeuristic, "expert": TarotExpert}
    assert SIZES[4].cards_each == 18


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_strength_against_random_players(players: int) -> None:
    seats = ["heuristic"] + ["random"] * (players - 1)
    result = simulate(RULES, seats, RULES.parse_options({}, players), matches=300, seed=1)
    assert result["wins_by_seat"][0] >= 0.7 * 300
