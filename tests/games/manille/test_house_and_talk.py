"""The house rules and table talk beyond what the records show: the refusals' words, the views (the Belgian
partner's hidden cards, the statements everyone hears), the score sheet's sentences and the random player."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardtable.engine.game import Action
from cardtable.engine.players import RandomPlayer
from cardtable.games.manille.rules import (
    DECK,
    RULES,
    TRUMP_CHOICE,
    ManilleHand,
    Say,
    Statement,
)
from cardtable.games.manille.words import WORDS
from tests.games.manille.helpers import new_hand, play
from tests.support import TESTS, replay_record

RECORDS = TESTS / "records" / "manille"
D1 = [["9S", "8S", "AH", "10H", "10D", "KD", "10C", "8C"], ["KS", "10S", "QH", "7H", "JD", "9D", "9C", "QC"],
      ["JS", "7S", "JH", "KH", "QD", "AD", "7C", "KC"], ["QS", "AS", "8H", "9H", "8D", "7D", "JC", "AC"]]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "fragments"),
    [
        ("belgian_illegal_undertrump", ["may not under-trump 8♦", "K♠, A♠, 10♠, 9♣, K♣, A♣ or 10♣"]),
        ("belgian_partner_may_not_pass_back", ["partner must name trump", "cannot be passed back"]),
        ("belgian_card_before_trump_is_named", ["A trump choice is expected", "not a card play"]),
        ("trump_verb_in_the_classic_house", ["A card play is expected", "not a trump choice"]),
        ("belgian_turned_card_not_allowed", ["deal.turned", "belgian"]),
        ("french_auction_first_bid_from_35", ["at least 35"]),
        ("french_auction_bid_above_68", ["68 points"]),
        ("talk_off_refused", ["Table talk is off"]),
        ("talk_one_statement_per_turn", ["One statement per turn"]),
        ("talk_only_a_ten_or_an_ace", ["Only a 10 or an ace", "K♦"]),
        ("talk_card_on_the_table", ["already been played", "10♥"]),
        ("talk_card_in_a_finished_trick", ["already been played", "A♠"]),
        ("talk_false_holds", ["False statement", "do not hold A♠"]),
        ("talk_false_lacks", ["False statement", "you hold 10♥"]),
        ("talk_false_statement", ["False statement", "2 cards of spades, not 3"]),
        ("talk_not_in_the_doubling_round", ["doubling call", "not a statement"]),
        ("talk_not_while_trump_is_named", ["trump choice is expected", "not a statement"]),
        ("talk_not_in_the_auction", ["A bid is expected", "not a statement"]),
        ("talk_out_of_turn", ["Out of turn"]),
        ("malformed_say_upper_case_word", ["action.say", "count, holds, lacks or lead"]),
        ("malformed_say_count_not_integer", ["action.count"]),
        ("malformed_say_holds_with_suit", ["action.suit does not go with a holds statement"]),
        ("malformed_trump_word_upper_case", ["action.trump", '"none"']),
        ("house_french_with_last_trick_bonus", ["options.last_trick_bonus", "french"]),
        ("house_belgian_with_auction", ["options.auction", "belgian"]),
    ],
)
def test_refusals_say_why(name: str, fragments: list[str]) -> None:
    path = RECORDS / f"{name}.json"
    if not path.exists():
        path = TESTS / "cases" / "manille" / f"{name}.json"
    out, _status = replay_record(path.read_text())
    reason = out["error"]["reason"]
    for fragment in fragments:
        assert fragment in reason, reason


def test_no_refusal_of_a_statement_or_a_trump_choice_shows_a_record_code() -> None:
    for path in [*RECORDS.glob("talk_*.json"), *RECORDS.glob("belgian_*.json")]:
        if path.name.endswith(".expect.json"):
            continue
        out, status = replay_record(path.read_text())
        if status == 1:
            words = set(out["error"]["reason"].replace(",", " ").replace(".", " ").split())
            assert not words & set(DECK.codes), out["error"]["reason"]


# ===================================================================== views
def belgian(dealer: int = 3, **options: Any) -> ManilleHand:
    return new_hand(D1, dealer=dealer, house="belgian", **options)


def test_the_belgian_partner_does_not_see_his_cards_until_trump_is_chosen_or_passed() -> None:
    state = belgian()
    assert state.phase == TRUMP_CHOICE and state.to_act == 3
    assert state.view(1).hand == 0 and state.view(1).trump_passed is False
    assert [state.view(seat).hand for seat in (0, 2, 3)] == [DECK.mask_of(D1[seat]) for seat in (0, 2, 3)]
    play(state, {"seat": 3, "trump": "pass"})
    assert state.view(1).hand == DECK.mask_of(D1[1]) and state.view(1).trump_passed
    named = belgian()
    play(named, {"seat": 3, "trump": "H"})
    assert named.view(1).hand == DECK.mask_of(D1[1]) and named.view(1).trump == DECK.suits.index("H")


def test_the_belgian_views_carry_the_maker_and_the_house_factors() -> None:
    state = belgian(doubling=True)
    play(state, {"seat": 3, "trump": "none"}, {"seat": 0, "call": "knock"}, {"seat": 1, "call": "counter"})
    view = state.view(2)
    assert (view.trump, view.no_trump, view.trump_maker, view.after_tie) == (None, True, 3, False)
    assert (view.multiplier, view.house_factor, view.stake) == (4, 2, 8)


def test_statements_are_public_typed_and_close_the_turn_to_talk() -> None:
    state = new_hand(D1, "AC", talk=True)
    first = state.view(0)
    assert first.only_plays and first.legal_mask == DECK.mask_of(D1[0])
    assert sum(a.verb == "say" for a in first.legal) == 16 and not first.spoke
    play(state, {"seat": 0, "say": "holds", "card": "10H"})
    heard = Statement(0, Say.HOLDS, None, DECK.index["10H"], None, 0)
    assert all(state.view(seat).talk == (heard,) for seat in range(4))
    after = state.view(0)
    assert after.spoke and after.legal == ()
    assert [a.value for a in after.legal_actions()] == DECK.codes_of(DECK.mask_of(D1[0]))
    assert json.loads(json.dumps(heard.to_json())) == {"seat": 0, "say": "holds", "card": "10H", "trick": 0}
    play(state, {"seat": 0, "play": "10H"})
    assert not state.view(1).spoke and any(a.verb == "say" for a in state.view(1).legal)


def test_the_random_player_never_talks() -> None:
    rng = random.Random(4)
    options = RULES.parse_options({"talk": True}, 4)
    for dealer in range(4):
        state = RULES.new_hand(options, 4, dealer, RULES.random_deal(rng, options, 4, dealer), [0] * 4)
        while not state.complete:
            seat = state.to_act
            assert seat is not None
            action = RandomPlayer(rng).decide(state.view(seat))
            assert action.verb == "play"
            state.apply(action)
        assert isinstance(state, ManilleHand) and state.talk_log == ()


# ===================================================================== the score sheet's sentences
def test_the_french_count_explains_pips_and_tricks() -> None:
    out, _ = replay_record((TESTS / "cases" / "manille" / "french_trick_points_41_27.json").read_text())
    assert out["hands"][0]["score_delta"] == [7, 0, 7, 0]
    state = _final_state("french_trick_points_41_27", cases=True)
    lines = state.explain(["S", "E", "N", "W"])
    assert lines[0] == "S & N took 36 pips and 5 tricks: 41 points, E & W took 24 pips and 3 tricks: 27 points."
    assert lines[1] == "S & N score their points above 34: 41 - 34 = 7."


def test_the_belgian_factors_are_explained() -> None:
    state = _final_state("belgian_sixteen_times")
    assert state.explain()[-1] == ("The hand was knocked and countered (x4), played without trump (x2) and played"
                                   " after a 30 : 30 hand (x2): every score counts x16.")  # fmt: skip
    tie = _final_state("belgian_after_a_tie_counts_double", hand=0)
    assert tie.explain()[-1] == "The hand ended 30 : 30: the next hand counts double."


def _final_state(name: str, hand: int = -1, cases: bool = False) -> ManilleHand:
    from cardtable.engine.records import load_record_text
    from cardtable.engine.replay import replay
    from cardtable.games import find_game

    folder = TESTS / "cases" / "manille" if cases else RECORDS
    _out, _status, match = replay(load_record_text((folder / f"{name}.json").read_text(), find_game))
    state = match.hands[hand].state
    assert isinstance(state, ManilleHand)
    return state


# ===================================================================== words
@pytest.mark.parametrize(
    ("action", "sentence", "label"),
    [
        (Action(1, "say", "count", (("count", 3), ("suit", "H"))), "East says: “I hold 3 hearts.”",
         "Say “I hold 3 hearts”"),
        (Action(1, "say", "count", (("count", 1), ("suit", "S"))), "East says: “I hold 1 spade.”",
         "Say “I hold 1 spade”"),
        (Action(0, "say", "count", (("count", 0), ("suit", "D"))), "You say: “I hold no diamonds.”",
         "Say “I hold no diamonds”"),
        (Action(2, "say", "holds", (("card", "10H"),)), "North says: “I hold the 10♥.”", "Say “I hold the 10♥”"),
        (Action(3, "say", "lacks", (("card", "AS"),)), "West says: “I have no A♠.”", "Say “I have no A♠”"),
        (Action(3, "say", "lead", (("suit", "D"),)), "West says: “Please lead diamonds.”",
         "Say “Please lead diamonds”"),
        (Action(3, "trump", "H"), "West names hearts trump.", "Hearts ♥ trump"),
        (Action(3, "trump", "none"), "West names no trump: the hand counts double.",
         "No trump (the hand counts double)"),
        (Action(3, "trump", "pass"), "West leaves the choice of trump to East.", "Pass the choice to your partner"),
    ],
)  # fmt: skip
def test_statements_and_trump_choices_read_as_sentences(action: Action, sentence: str, label: str) -> None:
    assert WORDS.describe_action(action, ["You", "East", "North", "West"]) == sentence
    assert WORDS.choice_label(action) == label
    assert WORDS.trump_choice_label("pass", "North") == "Pass the choice to North"


def test_the_deal_lines_name_the_belgian_choice_and_the_double_count() -> None:
    state = _final_state("belgian_after_a_tie_counts_double")
    view = state.view(0)
    assert WORDS.deal_lines(view, ["You", "East", "North", "West"]) == [
        "No card is turned: East names trump, no trump, or lets West choose.",
        "The last hand ended 30 : 30, so this one counts double.",
    ]


def test_the_deal_line_agrees_with_you_as_the_belgian_dealer() -> None:
    state = _final_state("belgian_after_a_tie_counts_double")
    view = state.view(0)
    lines = WORDS.deal_lines(view, ["West", "You", "East", "North"])
    assert lines[0] == "No card is turned: You name trump, no trump, or let North choose."


def test_a_statement_stands_until_the_cards_played_since_make_it_untrue() -> None:
    state = new_hand(D1, "AC", talk=True)

    def standing(seat: int = 0) -> list[str]:
        view = state.view(seat)
        return [WORDS.statement_note(s.action()) for s in view.talk if view.stands(s)]

    play(state, {"seat": 0, "say": "count", "suit": "S", "count": 2}, {"seat": 0, "play": "9S"})
    assert standing() == []  # South has played one of its two spades: it holds one now
    play(state, {"seat": 1, "say": "holds", "card": "10S"})
    assert standing(3) == ["has 10♠"]
    play(state, {"seat": 1, "play": "10S"}, {"seat": 2, "say": "count", "suit": "H", "count": 2})
    play(state, {"seat": 2, "play": "7S"}, {"seat": 3, "say": "lead", "suit": "H"})
    assert standing() == ["2 hearts", "asks for ♥"]  # a spade leaves North's hearts as they were
    play(state, {"seat": 3, "play": "QS"})
    assert standing(2) == ["2 hearts", "asks for ♥"]  # East won the trick and has not led yet
    play(state, {"seat": 1, "say": "lacks", "card": "AS"}, {"seat": 1, "play": "QH"})
    assert standing(1) == ["2 hearts", "no A♠"]  # East, West's partner, has led: the request has its answer
    play(state, {"seat": 2, "play": "KH"})
    assert standing(1) == ["no A♠"]
