"""The trick core shared by Manille, Malilla and Tarot: its fast legal cards agree with ``legal_follow``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.engine.cards import nth_bit
from cardtable.games import find_game
from cardtable.games.tarot.rules import EXCUSE
from cardtable.games.tricks import FREE, LEAD, TrickHand, legal_follow


def reference_legal(state: TrickHand[tuple[object, ...]]) -> int:
    """The legal cards as the rules state them, through ``legal_follow`` and the game's own cards."""
    hand = state.hands[state.turn]
    if state.win_card < 0:
        forbidden = state.first_lead_forbidden if not state.trick and not state.trick_history else 0
        return hand & ~forbidden or hand
    table = state.table
    partner_winning = table.partners_opposite and (state.win_seat - state.turn) % 4 == 2
    legal, duty = legal_follow(table.follow_deck, hand, state.led_suit, state.win_card, state.trump,
                               partner_winning, table.rules)  # fmt: skip
    if duty is FREE:
        return hand & ~state.held_until_led or hand
    return legal | hand & table.excuse_bit


def card_turns(game: str, players: int, raw: dict[str, object], seed: int, deals: int) -> Iterator[TrickHand[Any]]:
    """Each hand of ``deals`` random ones at every card to play (other decisions are taken at random)."""
    rules = find_game(game)
    options = rules.parse_options(raw, players)
    rng = random.Random(seed)
    for deal in range(deals):
        dealer = deal % players
        state = rules.new_hand(options, players, dealer, rules.random_deal(rng, options, players, dealer),
                               [0] * players)  # fmt: skip
        assert isinstance(state, TrickHand)
        while not state.complete:
            if state.phase != "play":
                actions = state.legal_actions()
                state.apply(actions[int(rng.random() * len(actions))])
                continue
            yield state
            legal = state.legal_play_mask()
            state.play_card(nth_bit(legal, int(rng.random() * legal.bit_count())))


@pytest.mark.parametrize(
    ("game", "players", "raw"),
    [("manille", 4, {}), ("manille", 4, {"partner_exemption": True, "must_beat": False}), ("manille", 3, {}),
     ("manille", 4, {"house": "french"}), ("manille", 4, {"house": "belgian"}),
     ("malilla", 4, {}), ("malilla", 4, {"deck": "spanish48"}), ("tarot", 4, {}), ("tarot", 5, {}), ("tarot", 3, {})],
)  # fmt: skip
def test_the_fast_legal_cards_are_the_rules_legal_cards(game: str, players: int, raw: dict[str, object]) -> None:
    follows = 0
    for state in card_turns(game, players, raw, seed=3, deals=12):
        legal = state.legal_play_mask()
        assert legal == reference_legal(state)
        assert legal & ~state.hands[state.turn] == 0 and legal
        cards, duty = state.follow_duty()
        assert cards == legal and (duty is LEAD) == (state.win_card < 0)
        follows += state.win_card >= 0
    assert follows > 150


def test_the_excuse_follows_no_suit_and_never_wins() -> None:
    excuse_leads = 0
    for state in card_turns("tarot", 4, {}, seed=8, deals=60):
        if state.hands[state.turn] >> EXCUSE & 1:
            assert state.legal_play_mask() >> EXCUSE & 1 or state.win_card < 0, "the Excuse may always be played"
            if not state.trick and state.legal_play_mask() >> EXCUSE & 1:
                # Lead it: the next card leads the trick in its place.
                state.play_card(EXCUSE)
                assert state.win_card < 0 and state.trick == [(state.leader, EXCUSE)]
                excuse_leads += 1
        if state.trick and state.win_card >= 0:
            assert state.win_card != EXCUSE
    assert excuse_leads > 2
