"""Each game's words: cards as the table draws them and names them, actions in sentences, no record code.

The table's parts and ``cardtable replay`` read the same words modules; these tests pin the forms a player
reads and check, over whole random hands of every game, that no sentence, label or hint shows a card code.
"""

from __future__ import annotations

import random
import re

import pytest

from cardtable.engine.game import Action
from cardtable.engine.match import Match
from cardtable.engine.players import make_computer
from cardtable.engine.words import holder, says
from cardtable.games import find_game, game_names
from cardtable.games.malilla.words import WORDS as MALILLA
from cardtable.games.manille.words import WORDS as MANILLE
from cardtable.games.tarot.words import WORDS as TAROT
from cardtable.games.truco.words import WORDS as TRUCO
from cardtable.tui.games import parts_for

NAMES = ["You", "East", "North", "West", "Seat 4", "Seat 5"]


@pytest.mark.parametrize(
    ("words", "code", "glyph", "name"),
    [
        (MANILLE, "QD", "Q♦", "the queen of diamonds"),
        (MANILLE, "10C", "10♣", "the ten of clubs"),
        (MALILLA, "7H", "7♥", "the seven of copas"),
        (MALILLA, "NS", "N♠", "the caballo of espadas"),
        (MALILLA, "JD", "J♦", "the sota of oros"),
        (MALILLA, "KC", "K♣", "the rey of bastos"),
        (TRUCO, "4H", "4♥", "the four of hearts"),
        (TRUCO, "QC", "Q♣", "the queen of clubs"),
        (TAROT, "T16", "16", "trump 16"),
        (TAROT, "T1", "1", "trump 1 (the Petit)"),
        (TAROT, "EX", "Excuse", "the Excuse"),
        (TAROT, "NH", "N♥", "the knight of hearts"),
    ],
)
def test_a_card_has_its_glyph_and_its_name(words: object, code: str, glyph: str, name: str) -> None:
    assert words.glyph(code) == glyph  # type: ignore[attr-defined]
    assert words.card_name(code) == name  # type: ignore[attr-defined]


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
        (MANILLE, Action(1, "bid", "pass"), "East passes."),
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
def test_actions_read_as_sentences(words: object, action: Action, sentence: str) -> None:
    assert words.describe_action(action, NAMES) == sentence  # type: ignore[attr-defined]


def test_a_face_down_card_is_named_only_when_revealed() -> None:
    hidden = Action(3, "play", "4C", (("hidden", True),))
    assert TRUCO.describe_action(hidden, NAMES, reveal=True) == "West plays a card face down (the four of clubs)."
    assert TRUCO.played_card(hidden) == "(face down)" and TRUCO.played_card(hidden, reveal=True) == "(4♣ face down)"
    assert TRUCO.choice_label(hidden) == "Play 4♣ face down" and TRUCO.hint_text(hidden) == "Play 4♣ face down."


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
def test_choices_have_labels(words: object, action: Action, label: str) -> None:
    assert words.choice_label(action) == label  # type: ignore[attr-defined]


def test_engine_sentences_get_glyphs_for_codes_but_words_stay() -> None:
    deck = find_game("tarot").deck(find_game("tarot").parse_options({}, 4), 4)[0]
    said = TAROT.glyphs_in("You must overtrump the T16: play T17, T21 or EX. AS in ASK stays.", deck)
    assert said == "You must overtrump the 16: play 17, 21 or Excuse. A♠ in ASK stays."


@pytest.mark.parametrize("game", game_names())
def test_the_tables_parts_say_what_the_words_say(game: str) -> None:
    parts, words = parts_for(game), find_game(game).words
    action = Action(1, "play", find_game(game).deck(find_game(game).parse_options({}, 4), 4)[0].codes[5])
    assert parts.describe_action(action, NAMES) == words.describe_action(action, NAMES)
    assert parts.card_name(action.value) == words.card_name(action.value)
    assert parts.hint_text(action) == words.hint_text(action) and parts.choice_label(action) == words.choice_label(
        action
    )


def _tokens(text: str) -> set[str]:
    return set(re.split(r"[\s,.:;()!?]+", text))


@pytest.mark.parametrize(("game", "players", "raw"), [
    ("malilla", 4, {}), ("manille", 4, {}), ("manille", 3, {}), ("manille", 4, {"house": "belgian", "talk": True}),
    ("truco", 2, {}), ("truco", 6, {}), ("tarot", 3, {}), ("tarot", 5, {})])  # fmt: skip
def test_no_sentence_label_or_hint_shows_a_record_code(game: str, players: int, raw: dict[str, object]) -> None:
    """Whole random hands: every action taken and every action offered, in every form a player reads."""
    rules = find_game(game)
    options = rules.parse_options(raw, players)
    words, names = rules.words, NAMES[:players]
    codes = set(rules.deck(options, players)[0].codes)
    rng = random.Random(f"words:{game}:{players}")
    checked = 0
    for hand in range(3):
        match = Match(rules, options, players)
        state = match.deal_new_hand(rng, hand)
        computers = [make_computer(rules, "random", random.Random(seat)) for seat in range(players)]
        checked += _check_deal(words, state, names, codes)
        while not state.complete:
            seat = state.to_act
            assert seat is not None
            offered = state.legal_actions()
            for action in offered[:40]:
                texts = [words.describe_action(action, names), words.choice_label(action), words.hint_text(action)]
                for text in texts:
                    assert not _tokens(text) & codes, f"{game}: {text!r}"
                checked += 1
            match.apply(computers[seat].decide(state.view(seat)))
    assert checked > 50


def _check_deal(words: object, state: object, names: list[str], codes: set[str]) -> int:
    view = state.view(0)  # type: ignore[attr-defined]
    for line in words.deal_story(view, names) + words.deal_lines(view, names):  # type: ignore[attr-defined]
        assert not _tokens(line) & codes, line
    return 1
