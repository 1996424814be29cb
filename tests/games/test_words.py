"""Each game's words: cards as the table draws them and names them, actions in sentences, no record code.

The table's parts and ``cardtable replay`` read the same words modules; these tests pin the forms a player
reads and their grammar (``test_no_record_code.py`` reads every sentence of whole hands for record codes).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardtable.engine.game import Action
from cardtable.engine.history import hand_history
from cardtable.engine.match import Match
from cardtable.engine.players import make_computer
from cardtable.engine.records import load_record_text, parse_record
from cardtable.engine.replay import replay
from cardtable.engine.words import GameWords, counted, gerund, holder, listed, says, whose
from cardtable.games import find_game, game_names
from cardtable.games.malilla.words import WORDS as MALILLA
from cardtable.games.manille.words import WORDS as MANILLE
from cardtable.games.tarot.words import WORDS as TAROT
from cardtable.games.truco.words import ARGENTINO_WORDS as ARGENTINO
from cardtable.games.truco.words import WORDS as TRUCO
from cardtable.tui.games import parts_for
from cardtable.tui.games.truco import TrucoParts
from tests.support import TESTS, narrowed

NAMES = ["You", "East", "North", "West", "Seat 4", "Seat 5"]


@pytest.mark.parametrize(
    ("words", "code", "glyph", "name"),
    [
        (MANILLE, "QD", "Q♦", "the queen of diamonds"),
        (MANILLE, "10C", "10♣", "the ten of clubs"),
        (MALILLA, "7H", "7♥", "the seven of copas"),
        (MALILLA, "NS", "C♠", "the caballo of espadas"),
        (MALILLA, "JD", "S♦", "the sota of oros"),
        (MALILLA, "KC", "R♣", "the rey of bastos"),
        (TRUCO, "4H", "4♥", "the four of hearts"),
        (TRUCO, "QC", "Q♣", "the queen of clubs"),
        (TAROT, "T16", "16", "trump 16"),
        (TAROT, "T1", "1", "trump 1 (the Petit)"),
        (TAROT, "EX", "Excuse", "the Excuse"),
        (TAROT, "NH", "N♥", "the knight of hearts"),
    ],
)
def test_a_card_has_its_glyph_and_its_name(words: GameWords[Any], code: str, glyph: str, name: str) -> None:
    assert words.glyph(code) == glyph
    assert words.card_name(code) == name


def test_the_table_draws_tarot_trumps_by_their_number() -> None:
    assert TAROT.face("T21") == ("21", "") and TAROT.face("EX", ascii_cards=True) == ("Exc", "")
    assert MANILLE.face("10H", ascii_cards=True) == ("10", "H") and MANILLE.face("10H") == ("10", "♥")


def test_verbs_agree_with_you_and_cards_have_holders() -> None:
    assert says("You", "plays") == "play" and says("You", "passes") == "pass" and says("West", "plays") == "plays"
    assert holder("You") == "yours" and holder("West") == "West's"


@pytest.mark.parametrize(
    ("words", "action", "sentence"),
    [
        (MANILLE, Action(3, "play", "AH"), "West plays the ace of hearts."),
        (MANILLE, Action(0, "play", "AH"), "You play the ace of hearts."),
        (MANILLE, Action(0, "call", "knock"), "You knock: the hand counts double."),
        (MANILLE, Action(1, "bid", 34, (("suit", "H"),)), "East bids 34 in hearts."),
        (MANILLE, Action(1, "bid", "pass"), "East passes (no bid)."),
        (MANILLE, Action(1, "call", "pass"), "East lets the stake stand."),
        (TAROT, Action(0, "bid", "pass"), "You pass (no bid)."),
        (MALILLA, Action(2, "call", "redeal"), "North asks for a redeal (seven cards of one suit)."),
        (MALILLA, Action(2, "play", "NH"), "North plays the caballo of copas."),
        (TRUCO, Action(3, "play", "4C", (("hidden", True),)), "West plays a card face down."),
        (TRUCO, Action(3, "call", "truco"), "West calls TRUCO!"),
        (TAROT, Action(1, "bid", "garde_sans"), "East bids garde sans."),
        (TAROT, Action(1, "king", "KH"), "East calls the king of hearts."),
        (TAROT, Action(1, "discard", ("2H", "T5", "3C")), "East puts 3 cards in the écart (trumps shown: 5)."),
        (TAROT, Action(1, "declare", "poignee", (("cards", ("T1", "T7", "EX")),)),
         "East shows a poignée of 3: 1 7 Excuse."),
    ],
)  # fmt: skip
def test_actions_read_as_sentences(words: GameWords[Any], action: Action, sentence: str) -> None:
    assert words.describe_action(action, NAMES) == sentence


def test_a_face_down_card_is_named_only_when_revealed() -> None:
    hidden = Action(3, "play", "4C", (("hidden", True),))
    assert TRUCO.describe_action(hidden, NAMES, reveal=True) == "West plays a card face down (the four of clubs)."
    assert TRUCO.played_card(hidden) == "(face down)" and TRUCO.played_card(hidden, reveal=True) == "(4♣ face down)"
    assert TRUCO.choice_label(hidden) == "Play 4♣ face down" and TRUCO.hint_text(hidden) == "play 4♣ face down."


@pytest.mark.parametrize(
    ("words", "action", "label"),
    [
        (MANILLE, Action(0, "call", "counter"), "Counter (x4)"),
        (MALILLA, Action(0, "call", "agree"), "Agree to the redeal"),
        (TRUCO, Action(0, "call", "refuse"), "Refuse (give up the hand)"),
        (TAROT, Action(0, "bid", "garde_contre"), "Garde contre (the chien goes to the defence)"),
        (TAROT, Action(0, "king", "QS"), "Call the queen of spades"),
        (TAROT, Action(0, "declare", "chelem"), "Announce a chelem (all the tricks)"),
    ],
)
def test_choices_have_labels(words: GameWords[Any], action: Action, label: str) -> None:
    assert words.choice_label(action) == label


@pytest.mark.parametrize("game", game_names())
def test_the_tables_parts_say_what_the_words_say(game: str) -> None:
    parts, words = parts_for(game), find_game(game).words
    action = Action(1, "play", find_game(game).deck(find_game(game).parse_options({}, 4), 4)[0].codes[5])
    assert parts.describe_action(action, NAMES) == words.describe_action(action, NAMES)
    assert parts.card_name(action.value) == words.card_name(action.value)
    assert parts.hint_text(action) == words.hint_text(action) and parts.choice_label(action) == words.choice_label(
        action
    )


# ----------------------------------------------------------------- grammar and sense


def test_verbs_agree_with_a_team_and_numbers_with_their_nouns() -> None:
    assert says("South & North", "wins") == "win" and says("You & North", "scores") == "score"
    assert says("North", "wins") == "wins" and says("You", "goes") == "go" and says("You", "does") == "do"
    assert whose("You", start=True) == "Your" and whose("West") == "West's"
    assert counted(1, "trick") == "1 trick" and counted(8, "point") == "8 points"
    assert counted(0.5, "point") == "0.5 points"
    assert listed(["J♠"]) == "J♠" and listed(["J♠", "Q♠", "K♠"], "or") == "J♠, Q♠ or K♠"


@pytest.mark.parametrize(
    ("words", "codes", "last", "said"),
    [
        (MANILLE, ["JS", "QS", "KS"], "or", "J♠, Q♠ or K♠"),
        (MALILLA, ["NH"], "and", "C♥"),
        (TAROT, ["T17", "T19", "T21"], "or", "trumps 17, 19 or 21"),
        (TAROT, ["KH", "T3", "EX"], "or", "K♥, trump 3 or the Excuse"),
        (TAROT, ["EX"], "or", "the Excuse"),
    ],
)
def test_cards_in_a_rule_are_listed_as_drawn(words: GameWords[Any], codes: list[str], last: str, said: str) -> None:
    assert words.card_list(codes, last) == said


@pytest.mark.parametrize(
    ("words", "action", "hint"),
    [
        (MANILLE, Action(0, "play", "QD"), "play Q♦."),
        (MANILLE, Action(0, "bid", 34, (("suit", "H"),)), "bid 34 in hearts."),
        (MANILLE, Action(0, "bid", "pass"), "pass (no bid)."),
        (MANILLE, Action(0, "call", "knock"), "knock (the hand counts double)."),
        (MALILLA, Action(0, "play", "NC"), "play C♣."),
        (MALILLA, Action(0, "call", "redeal"), "ask for a redeal."),
        (TAROT, Action(0, "play", "T16"), "play trump 16."),
        (TAROT, Action(0, "play", "EX"), "play the Excuse."),
        (TAROT, Action(0, "bid", "garde_sans"), "bid garde sans."),
        (TAROT, Action(0, "king", "KH"), "call K♥."),
        (TAROT, Action(0, "declare", "no_chelem"), "announce no chelem."),
        (TRUCO, Action(0, "call", "truco"), "call truco."),
        (TRUCO, Action(0, "call", "accept"), "accept."),
        (TRUCO, Action(0, "play", "4C", (("hidden", True),)), "play 4♣ face down."),
        (TRUCO, Action(0, "play", None, (("slot", 1),)), "play the card in place 2."),
        (ARGENTINO, Action(0, "call", "envido"), "call envido."),
        (ARGENTINO, Action(0, "call", "flor"), "sing flor."),
        (ARGENTINO, Action(0, "play", "NS"), "play C♠."),
    ],
)
def test_every_game_hints_in_one_form(words: GameWords[Any], action: Action, hint: str) -> None:
    """What follows "Hint: ": a lower-case verb, the card as the table draws it, a full stop."""
    assert words.hint_text(action) == hint


def test_a_pass_in_the_knock_round_says_what_it_declines() -> None:
    rules = find_game("manille")
    match = Match(rules, rules.parse_options({"doubling": True}, 4), 4)
    state = match.deal_new_hand(random.Random(3))
    first = state.to_act
    assert first is not None
    second = (first + 2) % 4
    said = []
    for word in ("pass", "knock", "pass"):
        seat = state.to_act
        assert seat is not None
        action = Action(seat, "call", word)
        match.apply(action)
        said.append(MANILLE.describe_action(action, NAMES, view=state.view(seat)))
    assert said[0] == f"{NAMES[first]} does not knock." and said[1].startswith(f"{NAMES[second]} knocks")
    assert said[2].endswith(" not counter.")
    assert MANILLE.hint_text(Action(0, "call", "pass"), state.view(0)) == "do not counter."
    # The readable history has the hand at hand: it says what each pass declined.
    parsed = parse_record(match.to_record(), find_game)
    out, _status, replayed = replay(parsed)
    story = hand_history(parsed, replayed, out)
    assert " not knock." in story and " not counter." in story and "passes" not in story


def test_a_single_players_side_takes_the_singular() -> None:
    rules = find_game("truco")
    match = Match(rules, rules.parse_options({}, 2), 2)
    state = match.deal_new_hand(random.Random(5))
    while not state.complete:
        seat = state.to_act
        assert seat is not None
        match.apply(make_computer(rules, "random", random.Random(seat)).decide(state.view(seat)))
    lines = state.explain(["You", "North"])
    assert any(re.search(r"\b(?:You win|North wins|You score|North scores)\b", line) for line in lines), lines
    assert not any(re.search(r"\b(?:You wins|North win|You scores|North score)\b", line) for line in lines), lines


def test_a_team_with_one_trick_has_won_one_trick() -> None:
    rules = find_game("malilla")
    for seed in range(400):
        match = Match(rules, rules.parse_options({"redeal_seven": False}, 4), 4)
        state = match.deal_new_hand(random.Random(seed))
        while not state.complete:
            seat = state.to_act
            assert seat is not None
            match.apply(make_computer(rules, "random", random.Random(seed * 4 + seat)).decide(state.view(seat)))
        lines = state.explain(NAMES[:4])
        if any("(1 trick)" in line for line in lines):
            assert not any("1 tricks" in line or " 1 points" in line for line in lines), lines
            return
    raise AssertionError("no hand of 400 left a team one trick")


def test_the_spanish_court_cards_have_one_name_everywhere() -> None:
    """Malilla and Truco Argentino say sota, caballo and rey in the log, the rules' sentences and the hints."""
    for words in (MALILLA, ARGENTINO):
        assert [words.card_name(f"{rank}D") for rank in "JNK"] == ["the sota of oros", "the caballo of oros",
                                                                     "the rey of oros"]  # fmt: skip
    assert MALILLA.rank_names is ARGENTINO.rank_names


def test_the_spanish_court_cards_are_drawn_by_their_names_and_ascii_suits_read_one_way() -> None:
    """Sota, caballo and rey are drawn S, C and R, on the card and in a sentence; in ASCII no suit mark is a
    letter any rank is drawn with, so a two-letter card reads one way only."""
    for words in (MALILLA, ARGENTINO):
        assert [words.glyph(f"{rank}H") for rank in "JNK"] == ["S♥", "C♥", "R♥"]
        assert words.face("NH", ascii_cards=True) == ("C", "c")
        assert words.hint_text(Action(0, "play", "KS")) == "play R♠."
        malilla = find_game("malilla")
        ranks = {words.face(code)[0] for code in malilla.deck(malilla.parse_options(None, 4), 4)[0].codes}
        marks = set(words.ascii_suit_marks().values())
        assert len(marks) == 4 and not marks & ranks and all(mark.islower() for mark in marks)
    assert [TRUCO.glyph(f"{rank}H") for rank in "JQK"] == ["J♥", "Q♥", "K♥"]  # the French pack keeps its letters
    assert TRUCO.face("KC", ascii_cards=True) == ("K", "C")


def test_truco_tricks_carry_no_points_in_the_history() -> None:
    record = TESTS / "records" / "truco" / "face_down_card_not_held.json"
    parsed = load_record_text(record.read_text(), find_game)
    out, _status, match = replay(parsed)
    tricks = [line for line in hand_history(parsed, match, out).splitlines() if line.lstrip().startswith("trick")]
    assert tricks and not any("point" in line for line in tricks)


def test_the_truco_table_names_the_team_to_raise_and_the_partners_shown() -> None:
    from tests.games.truco.helpers import new_hand, play

    parts = narrowed(TrucoParts, parts_for("truco"))
    state = new_hand(["3S KD 6C", "2S QH 7D", "AH JS 4C", "KS JD 6H"])
    play(state, "0:truco 1:accept")
    names = ["You", "East", "North", "West"]
    assert parts.manilha_line(state.view(0)) == "Manilhas fives, zap 5♣"
    assert parts.next_raiser(state.view(0), names) == "Next raise: East & West"
    play(state, "0:3S 1:raise 2:accept 1:2S")
    assert parts.next_raiser(state.view(0), names) == "Next raise: your team"
    onze = new_hand(["3S KD 6C", "2S QH 7D", "AH JS 4C", "KS JD 6H"], scores=[11, 7, 11, 7])
    title = parts.decision_title(onze.view(0), names)
    assert "Your partner holds North: J♠ A♥ 4♣." in title and "partners" not in title
    six = new_hand(["3S KD 6C", "2S QH 7D", "AH JS 4C", "KS JD 6H", "5S 5H 5D", "6S 6H 6D"], scores=[11, 7] * 3)
    six_names = ["You", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5"]
    assert "Your partners hold Seat 2: " in parts.decision_title(six.view(0), six_names)


def test_an_advice_compared_in_a_hint_reads_as_the_thing_done() -> None:
    assert gerund("accept") == "accepting"
    assert gerund("call real envido") == "calling real envido"
    assert gerund("refuse (give up the hand)") == "refusing (giving up the hand)"
    assert gerund("run (concede)") == "running (conceding)"
    assert gerund("raise (retruco, vale cuatro)") == "raising (retruco, vale cuatro)"
    assert gerund("do not knock") == "not knocking"
    assert gerund("go to the deck") == "going to the deck"
