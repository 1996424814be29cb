"""Views hold only what their seat may see: no blind cards, no other seat's face-down card, partners only at eleven."""

from __future__ import annotations

import dataclasses
import random

from cardtable.engine.cards import bits
from cardtable.engine.players import RandomPlayer
from cardtable.games.truco.rules import DECK, RULES, TrucoHand, TrucoView
from tests.games.truco.helpers import new_hand, play

FOUR = ["3S KD 6C", "2S QH 7D", "AH JS 4C", "KS JD 6H"]  # vira 4H, dealer 3: seat 0 leads
SIX = ["4S 5S 6S", "3C 4H 5H", "KS KH QS", "AS AH JS", "7S 7H QH", "2S 2D JH"]


def data_of(view: TrucoView) -> str:
    """Every field of a view as text, except its play handles (one per card of the deck, seen or not)."""
    names = [field.name for field in dataclasses.fields(TrucoView)]
    return repr({name: getattr(view, name) for name in names if name not in ("plays", "hidden_plays")})


def test_normal_view_shows_own_cards_only() -> None:
    state = new_hand(FOUR)
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        assert view.held == (3, 3, 3, 3)
        assert view.partner_cards == ()
        others = [h for s, h in enumerate(state.hands) if s != seat]
        assert all(str(h) not in data_of(view) for h in others)
        assert view.vira == DECK.index["4H"]


def test_face_down_card_is_known_only_to_its_player() -> None:
    state = new_hand(FOUR)
    play(state, "0:3S 1:2S 2:AH 3:KS 0:KD!")
    kd = DECK.index["KD"]
    assert state.view(0).trick == ((0, kd),)
    for seat in (1, 2, 3):  # the partner (seat 2) does not see it either
        view = state.view(seat)
        assert view.trick == ((0, None),) and view.trick_hidden == (0,)
    play(state, "1:QH 2:JS! 3:JD")
    assert state.tricks[1].cards == ("KD", "QH", "JS", "JD") and state.tricks[1].hidden == (0, 2)
    _leader, cards, hidden, _winner = state.view(1).tricks[1]
    assert cards == (None, DECK.index["QH"], None, DECK.index["JD"]) and hidden == (0, 2)
    assert state.view(0).tricks[1][1] == (kd, DECK.index["QH"], None, DECK.index["JD"])
    assert state.view(2).tricks[1][1] == (None, DECK.index["QH"], DECK.index["JS"], DECK.index["JD"])
    assert "KD" not in state.view(1).fingerprint() and str(kd) not in repr(state.view(1).tricks)


def test_mao_de_ferro_view_has_no_own_cards() -> None:
    state = new_hand(FOUR, scores=[11, 11, 11, 11])
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == 0 and view.slots == 3 and view.legal_mask == 0 and not view.only_plays
        assert str(state.hands[seat]) not in data_of(view)
        assert str(state.hands[seat]) not in view.fingerprint()
    view = state.view(0)
    slots = [view.slot_action(k) for k in range(view.slots)]
    assert view.legal_actions() == slots
    assert all(a.verb == "play" and a.value is None for a in slots)  # a slot names no card
    cards = [state.resolve(a) for a in slots]
    assert {DECK.index[a.value] for a in cards} == set(bits(state.hands[0]))
    assert all(a.extra == () for a in cards)  # turned face up as played: no face-down plays
    assert state.view(1).legal_actions() == []  # not its turn: nothing to press
    play(state, f"0:{cards[1].value}")
    # Once played the card is face up for everyone, its player included.
    assert state.view(0).trick == ((0, DECK.index[cards[1].value]),)
    assert state.view(0).slots == 2 and state.view(1).slots == 3


def test_blind_slots_are_repeatable_and_not_the_deck_order() -> None:
    options = RULES.parse_options({}, 2)
    reordered = False
    for seed in range(40):
        deal = RULES.random_deal(random.Random(seed), options, 2, 0)
        one = RULES.new_hand(options, 2, 0, deal, [11, 11])
        two = RULES.new_hand(options, 2, 0, deal, [11, 11])
        assert isinstance(one, TrucoHand) and isinstance(two, TrucoHand)
        order = [one.resolve(a).value for a in one.view(1).legal_actions()]
        assert order == [two.resolve(a).value for a in two.view(1).legal_actions()]
        reordered |= order != DECK.codes_of(deal.hands[1])
    assert reordered


def test_mao_de_onze_brink_team_sees_partners_cards() -> None:
    state = new_hand(FOUR, scores=[11, 7, 11, 7])  # dealer 3: seat 0 decides
    dealt = list(state.hands)
    assert state.view(0).partner_cards == ((2, dealt[2]),)
    assert state.view(2).partner_cards == ((0, dealt[0]),)
    assert state.view(1).partner_cards == () and state.view(3).partner_cards == ()
    assert state.view(0).hand == dealt[0]
    # Still the cards seen at the decision after play goes on: a partner's face-down card stays unknown.
    play(state, "0:play 0:3S 1:2S 2:AH 3:KS 0:KD 1:QH 2:JS! ")
    assert state.view(0).partner_cards == ((2, dealt[2]),)
    assert state.view(0).trick[-1] == (2, None)


def test_mao_de_onze_six_players_both_partners_two_players_nobody() -> None:
    state = new_hand(SIX, vira="2H", dealer=1, scores=[3, 11, 3, 11, 3, 11])
    assert state.to_act == 3
    dealt = list(state.hands)
    assert state.view(3).partner_cards == ((1, dealt[1]), (5, dealt[5]))
    assert state.view(5).partner_cards == ((1, dealt[1]), (3, dealt[3]))
    assert all(state.view(s).partner_cards == () for s in (0, 2, 4))
    duel = new_hand(["3S KD 6C", "2S QH 7D"], scores=[11, 5])
    assert duel.view(0).partner_cards == () and duel.view(1).partner_cards == ()


def test_no_partner_cards_outside_mao_de_onze() -> None:
    for scores in ([0, 0, 0, 0], [11, 11, 11, 11], [10, 10, 10, 10]):
        state = new_hand(FOUR, scores=scores)
        assert all(state.view(s).partner_cards == () for s in range(4))


def test_view_legal_actions_match_the_hand() -> None:
    state = new_hand(FOUR)
    for step in ("0:truco", "1:raise", "2:accept", "0:3S", "1:2S", "2:AH", "3:KS", "0:raise"):
        seat = state.to_act
        assert seat is not None
        assert state.view(seat).legal_actions() == state.legal_actions()
        assert all(state.view(s).legal_actions() == [] for s in range(4) if s != seat)
        play(state, step)


def test_only_plays_path_and_random_player() -> None:
    # A mão de onze after play, trick 1: face-up plays only, so the view offers them as a mask.
    state = new_hand(FOUR, scores=[11, 7, 11, 7])
    play(state, "0:play")
    view = state.view(0)
    assert view.only_plays and view.legal_mask == state.hands[0]
    player = RandomPlayer(random.Random(1))
    assert player.decide(view) in state.legal_actions()
    # With calls open the player goes through legal_actions().
    normal = new_hand(FOUR)
    assert not normal.view(0).only_plays
    assert player.decide(normal.view(0)) in normal.legal_actions()
    ferro = new_hand(FOUR, scores=[11, 11, 11, 11])
    assert ferro.resolve(player.decide(ferro.view(0))) in ferro.legal_actions()


def test_fingerprints() -> None:
    state = new_hand(FOUR)
    assert state.view(0).fingerprint() == state.view(0).fingerprint()
    assert state.view(0).fingerprint() != state.view(1).fingerprint()
    assert state.view(1).points() == [0, 0, 0, 0]
    play(state, "0:3S 1:2S 2:AH 3:KS")
    assert state.view(1).points() == [1, 0, 1, 0]
