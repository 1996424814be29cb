"""A hand seen from the code: views, reason sentences, card-set choices for computer players, match bookkeeping."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine.errors import IllegalAction
from cardtable.engine.game import Action
from cardtable.engine.match import Match
from cardtable.engine.players import RandomPlayer, run_now
from cardtable.engine.records import load_record_file
from cardtable.engine.replay import replay
from cardtable.games import find_game
from cardtable.games.tarot.rules import (
    DECK,
    DISCARD,
    DISCARD_SAMPLE,
    PLAY,
    RULES,
    SIZES,
    TarotDeal,
    TarotHand,
    poignee_refusal,
)
from tests.games.tarot.helpers import SEED_CHIEN, act, bids, cards, fill, new_hand, seed_deal, trumps
from tests.support import TESTS, seat_to_act


def refusal(state: TarotHand, raw: dict[str, object]) -> str:
    action = RULES.parse_action(raw, state.options, state.players)
    with pytest.raises(IllegalAction) as error:
        state.verify(action)
    with pytest.raises(IllegalAction):
        state.apply(action)
    return error.value.reason


def seed_after_bidding(contract: str = "garde", **raw: Any) -> TarotHand:
    state = new_hand(seed_deal(), **raw)
    act(state, *bids(4, 0, 2, contract))
    return state


# ----------------------------------------------------------------- views hide what they must


def test_a_view_holds_only_the_seats_own_cards() -> None:
    state = new_hand(seed_deal())
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        assert not hasattr(view, "hands")
        assert view.chien == 0
    assert state.view(0).fingerprint() != state.view(1).fingerprint()


@pytest.mark.parametrize(("contract", "shown"), [("petite", True), ("garde", True), ("garde_sans", False),
                                                 ("garde_contre", False)])  # fmt: skip
def test_the_chien_is_shown_only_for_petite_and_garde(contract: str, shown: bool) -> None:
    state = seed_after_bidding(contract)
    for seat in range(4):
        assert state.view(seat).chien == (DECK.mask_of(SEED_CHIEN) if shown else 0)


def test_only_discarded_trumps_are_shown_to_the_others() -> None:
    deal = fill(4, {0: trumps(1, *range(5, 22))}, cards("KH KD 2S 3S T2 T3"))
    state = new_hand(deal)
    act(state, *bids(4, 0, 0, "garde"), {"seat": 0, "discard": cards("2S 3S T2 T3 T5 T6")})
    assert DECK.codes_of(state.view(0).discard) == cards("2S 3S T2 T3 T5 T6")
    for seat in (1, 2, 3):
        assert DECK.codes_of(state.view(seat).discard) == cards("T2 T3 T5 T6")


def test_the_partner_is_secret_until_the_called_card_is_played() -> None:
    s0 = cards("KS AS 2S 3S AH 2H EX T2 T3 AD 5D 6D AC 2C 3C")
    s1 = cards("KH KD KC T1 T4 T5 T6 T7 T8 T9 T10 4S 5S 6S 7S")
    state = new_hand(fill(5, {0: s0, 1: s1}, cards("2D 3D 4D")), players=5)
    act(state, *bids(5, 0, 1, "garde"), {"seat": 1, "king": "KS"})
    assert state.partner == 0
    # The chien is turned up only after the call.
    assert state.phase == DISCARD and state.view(3).chien == DECK.mask_of(cards("2D 3D 4D"))
    assert [state.view(s).known_partner for s in range(5)] == [0, None, None, None, None]
    # What everyone knows: the partner's own view too says nobody is revealed yet.
    assert [state.view(s).revealed_partner for s in range(5)] == [None] * 5
    assert state.summary()["partner"] is None
    act(state, {"seat": 1, "discard": cards("2D 3D 4D")}, {"seat": 1, "declare": "no_chelem"},
        {"seat": 0, "play": "KS"})  # fmt: skip
    assert [state.view(s).known_partner for s in range(5)] == [0] * 5
    assert [state.view(s).revealed_partner for s in range(5)] == [0] * 5
    assert state.summary()["partner"] == 0


def test_a_petit_sec_hand_is_shown_to_everyone() -> None:
    deal = fill(4, {2: cards("T1 AH"), 0: [*trumps(*range(2, 19)), "EX"]}, cards("AS 2S 3S 4S 5S 6S"))
    state = new_hand(deal, dealer=0)
    assert state.complete and state.annulled == "petit_sec" and state.to_act is None
    assert state.view(1).shown_hands == {2: deal.hands[2]}
    assert state.legal_actions() == [] and state.legal_for_output() == []
    assert "Petit sec" in state.explain()[0]


# ----------------------------------------------------------------- reason sentences


def test_reason_sentences() -> None:
    state = seed_after_bidding()
    assert refusal(state, {"seat": 2, "discard": cards("KS 2H 3H 5H 8H 3C")}) == (
        "Kings can never be discarded: not K♠."
    )
    assert refusal(state, {"seat": 2, "discard": cards("2H 3H 5H 8H 3C")}) == "The discard is exactly 6 cards, not 5."
    act(state, {"seat": 2, "discard": cards("2H 3H 5H 8H 3C 8C")}, {"seat": 2, "declare": "no_chelem"},
        {"seat": 0, "play": "KH"})  # fmt: skip
    assert refusal(state, {"seat": 1, "play": "AS"}) == (
        "You have no hearts, so you must trump: play trumps 5, 6, 7, 9, 13, 14 or 19."
    )
    act(state, {"seat": 1, "play": "T5"})
    assert refusal(state, {"seat": 2, "play": "T4"}) == (
        "You must overtrump the 5: play trumps 8, 10, 12, 15, 18 or 21."
    )
    assert refusal(state, {"seat": 2, "play": "AS"}) == "You do not hold A♠."
    assert refusal(state, {"seat": 3, "play": "AH"}).startswith("Out of turn")
    act(state, {"seat": 2, "play": "T12"})
    assert refusal(state, {"seat": 3, "play": "T20"}) == "You must follow suit (hearts): play A♥, 4♥, 7♥, N♥ or Q♥."


def test_reasons_name_trumps_and_contracts_as_a_player_says_them() -> None:
    bidding = new_hand(seed_deal())
    act(bidding, {"seat": 0, "bid": "garde"})
    assert refusal(bidding, {"seat": 1, "bid": "petite"}) == (
        "Your bid must be higher than garde: bid garde sans or garde contre, or pass."
    )
    state = seed_after_bidding()
    assert refusal(state, {"seat": 2, "discard": cards("T3 2H 3H 5H 8H 3C")}) == (
        "You may discard trumps only when you have too few other cards: discard suit cards other than kings "
        "instead of trump 3."
    )
    assert refusal(state, {"seat": 2, "discard": cards("T1 2H 3H 5H 8H 3C")}) == (
        "The oudlers (trumps 1 and 21, and the Excuse) can never be discarded: not trump 1."
    )
    assert refusal(state, {"seat": 2, "discard": cards("EX 2H 3H 5H 8H 3C")}) == "You do not hold the Excuse."
    hand = DECK.mask_of([*trumps(*range(1, 11)), "EX", "2S"])
    shown = DECK.mask_of([*trumps(*range(1, 10)), "EX"])
    assert poignee_refusal(hand, shown, 10, SIZES[4]) == (
        "The Excuse may stand in for a trump only when you show every trump you hold (trump 10 is missing)."
    )


def test_the_first_lead_of_the_called_suit_names_the_called_card() -> None:
    state = new_hand(fill(5, {1: cards("KH KD KC T1 T4 T5 T6 T7 T8 T9 T10 4S 5S 6S 7S")}, cards("KS 3D 4D")), 5)
    act(state, *bids(5, 0, 1, "petite"), {"seat": 1, "king": "KS"})
    player = RandomPlayer(random.Random(1))
    while state.phase != PLAY:
        state.apply(run_now(player.choose(state.view(seat_to_act(state)))))
    assert state.to_act == 0 and state.hands[0] >> DECK.index["2S"] & 1
    assert refusal(state, {"seat": 0, "play": "2S"}) == (
        "The first card of the hand may not be a spade, the suit of the called K♠, unless it is K♠ itself."
    )


def test_every_refusal_is_a_sentence() -> None:
    state = seed_after_bidding()
    attempts = [
        {"seat": 2, "bid": "garde_sans"},
        {"seat": 2, "king": "KH"},
        {"seat": 2, "play": "KS"},
        {"seat": 2, "discard": cards("T3 2H 3H 5H 8H 3C")},
        {"seat": 2, "discard": cards("EX 2H 3H 5H 8H 3C")},
        {"seat": 2, "declare": "chelem"},
        {"seat": 2, "declare": "poignee", "cards": trumps(*range(1, 11))},
    ]
    for raw in attempts:
        reason = refusal(state, raw)
        assert reason[0].isupper() and reason.endswith(".")


# ----------------------------------------------------------------- card-set choices for computer players


def test_the_discard_sample_is_legal_distinct_and_repeatable() -> None:
    state = seed_after_bidding()
    sample = state.legal_actions()
    assert len(sample) == DISCARD_SAMPLE == len({a.value for a in sample})
    assert sample == state.legal_actions() == state.view(2).legal_actions()
    for action in sample:
        state.verify(action)
    ((verb, pattern),) = state.view(2).card_sets()
    assert verb == "discard" and pattern.count() == 1716  # 13 choose 6
    for seed in range(20):
        state.verify(Action(2, "discard", tuple(DECK.codes_of(pattern.random(random.Random(seed))))))


def test_a_small_pattern_is_listed_whole() -> None:
    deal = fill(4, {0: trumps(1, *range(5, 22))}, cards("2S 3S 4S 5S 6S 7S"))
    state = new_hand(deal)
    act(state, *bids(4, 0, 0, "garde"))
    assert state.legal_actions() == [Action(0, "discard", tuple(cards("2S 3S 4S 5S 6S 7S")))]


def test_the_random_player_discards_and_declares_legally() -> None:
    deal = fill(4, {0: trumps(1, *range(5, 22))}, cards("KH KD 2S 3S T2 T3"))
    declared = 0
    for seed in range(30):
        state = new_hand(deal)
        act(state, *bids(4, 0, 0, "garde"))
        player = RandomPlayer(random.Random(seed))
        while state.phase != PLAY or not state.started & 1:
            action = player.decide(state.view(seat_to_act(state)))
            declared += action.verb == "declare" and action.value == "poignee"
            state.apply(action)
    assert declared > 0


def test_a_poignee_seat_is_offered_plays_and_a_few_poignees() -> None:
    deal = fill(4, {0: [*trumps(*range(2, 14)), "EX"], 1: trumps(1, *range(14, 22))}, cards("AH 2H 3H 4H 5H 6H"))
    state = new_hand(deal)
    act(state, *bids(4, 0, 1, "garde_sans"), {"seat": 1, "declare": "no_chelem"})
    view = state.view(0)
    assert not view.only_plays
    legal = view.legal_actions()
    poignees = [a for a in legal if a.verb == "declare"]
    assert len([a for a in legal if a.verb == "play"]) == 18 and 1 < len(poignees) <= 3
    for action in poignees:
        state.verify(action)
    act(state, {"seat": 0, "declare": "poignee", "cards": trumps(*range(4, 14))})
    assert state.view(0).only_plays and state.to_act == 0


def test_five_players_first_lead_falls_back_to_any_card() -> None:
    # Not reachable with 15 cards (a hand cannot be all spades), so the position is set up by hand.
    state = new_hand(fill(5, {}, cards("2D 3D 4D")), players=5)
    state.hands[0] = DECK.mask_of(cards("2S 3S"))
    state.called, state.phase, state.turn = DECK.index["KS"], PLAY, 0
    assert DECK.codes_of(state.legal_play_mask()) == cards("2S 3S")


def test_calling_a_card_in_the_chien_plays_alone() -> None:
    s1 = cards("KH KD KC T1 T4 T5 T6 T7 T8 T9 T10 4S 5S 6S 7S")
    state = new_hand(fill(5, {1: s1}, cards("KS 3D 4D")), players=5)
    act(state, *bids(5, 0, 1, "petite"), {"seat": 1, "king": "KS"})
    assert state.partner is None and state.attack == 0b10
    # The chien's king joins the taker's hand and can not be discarded.
    pattern = state.discard_choice()
    assert not pattern.pool & DECK.mask_of(cards("KS KH KD KC"))
    players = [RandomPlayer(random.Random(seat)) for seat in range(5)]
    while not state.complete:
        seat = state.to_act
        assert seat is not None
        state.apply(run_now(players[seat].choose(state.view(seat))))
    names = ["You", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert "Seat 1 called the king of spades and played alone." in state.explain(names)


# ----------------------------------------------------------------- the match


def test_annulled_hands_pass_the_deal_and_do_not_count() -> None:
    match = Match(RULES, RULES.parse_options({"deals": 1}, 4), 4)
    deal = fill(4, {2: cards("T1 AH"), 0: [*trumps(*range(2, 19)), "EX"]}, cards("AS 2S 3S 4S 5S 6S"))
    annulled = match.begin_hand(0, deal)
    assert annulled.complete and match.winner is None
    assert RULES.next_dealer(annulled) == 1 and match.next_dealer() == 1
    state = match.begin_hand(1, TarotDeal(list(seed_deal().hands), seed_deal().chien))
    assert isinstance(state, TarotHand) and state.deals_before == 0
    for raw in bids(4, 2, 2, "pass"):
        match.apply(RULES.parse_action(raw, match.options, 4))
    assert state.annulled == "all_pass" and match.winner is None
    assert "Everybody passed" in state.explain()[0]
    assert state.side(0) != state.side(1)


def test_stats_and_sides_of_a_played_hand() -> None:
    rng = random.Random(3)
    match = Match(RULES, RULES.parse_options({}, 4), 4)
    state = match.deal_new_hand(rng)
    player = RandomPlayer(rng)
    while not state.complete:
        match.apply(player.decide(state.view(seat_to_act(state))))
    assert isinstance(state, TarotHand)
    if state.annulled:
        assert state.stats() == {}
        return
    assert state.result is not None and state.taker is not None  # a contract was played
    assert state.stats() == {"contracts": 1, "contracts_made": int(state.result.made)}
    assert state.side(state.taker) == 0
    lines = state.explain(["A", "B", "C", "D"])
    assert any(line.startswith("S = ") for line in lines) and len([x for x in lines if x[1:3] == " ("]) == 4


def test_several_poignees_in_one_hand_all_count() -> None:
    deal = fill(4, {0: [*trumps(*range(2, 12)), "EX"], 1: trumps(1, *range(12, 22))}, cards("AH 2H 3H 4H 5H 6H"))
    state = new_hand(deal)
    act(state, *bids(4, 0, 1, "garde_sans"), {"seat": 1, "declare": "no_chelem"})
    act(state, {"seat": 0, "declare": "poignee", "cards": trumps(*range(2, 12))}, {"seat": 0, "play": "AS"})
    # The taker, a defender's opponent, shows his own at his first turn (10 of his 11 trumps).
    act(state, {"seat": 1, "declare": "poignee", "cards": trumps(*range(12, 22))})
    assert [(seat, level) for seat, _cards, level in state.poignees] == [(0, 0), (1, 0)]
    assert [p["seat"] for p in state.summary()["poignees"]] == [0, 1]


@pytest.mark.parametrize(
    ("record", "line"),
    [
        ("cases/tarot/petit_au_bout_captured_by_taker", "Petit au bout: the Petit was in the last trick, and the "
                                                        "attack won it."),
        ("cases/tarot/petit_au_bout_captured_by_defence", "Petit au bout: the Petit was in the last trick, and the "
                                                          "defence won it."),
        ("records/tarot/slam_excuse_wins_last_trick_petit_before", "Petit au bout: the slam's Excuse won the last "
                                                                   "trick, so the trick before counts; the Petit was "
                                                                   "in it, and the attack won it."),
        ("records/tarot/excuse_last_trick_defender_to_taker", "The Excuse, played to the last trick, changed side: "
                                                              "it counts for the attack."),
        ("records/tarot/five_taker_excuse_last_trick_partner_wins", "The Excuse, played to the last trick, changed "
                                                                    "side: it counts for the defence."),
    ],
)  # fmt: skip
def test_the_score_sheet_says_where_the_excuse_and_the_petit_au_bout_went(record: str, line: str) -> None:
    _out, _status, match = replay(load_record_file(TESTS / f"{record}.json", find_game))
    state = match.hands[-1].state
    assert isinstance(state, TarotHand) and line in state.explain()
