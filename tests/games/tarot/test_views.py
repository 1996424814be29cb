"""Tarot's view gives the facts the table shows: card-set choices with their poignée levels and the reason a
card is refused (the hand's own sentence), the trump test, and nothing of the hand state behind it."""

from __future__ import annotations

import random

from cardtable.engine.cards import bits
from cardtable.engine.errors import IllegalAction
from cardtable.games.tarot.rules import (
    DECK,
    EXCUSE,
    PLAY,
    RULES,
    TRUMPS,
    CardSet,
    TarotHand,
    TarotView,
    card_set_action,
)
from tests.games.tarot.helpers import act, bids, fill, new_hand, seed_deal, trumps


def engine_reason(state: TarotHand, view: TarotView, verb: str, pattern: CardSet, card: int) -> str:
    """What verifying a set made of ``card`` and the pattern's first other cards says (as the table used to ask)."""
    others = [c for c in bits(pattern.pool) if c != card][: max(0, pattern.choose - 1)]
    chosen = pattern.must | (1 << card) | sum(1 << c for c in others)
    try:
        state.verify(card_set_action(view.seat, verb, chosen))
    except IllegalAction as refused:
        return refused.reason
    return "That card cannot be chosen here."


def test_discard_reasons_come_from_the_view_and_match_the_hand() -> None:
    rng = random.Random(4)
    checked = 0
    for deal_number in range(10):
        deal = RULES.random_deal(rng, RULES.parse_options({}, 4), 4, 3)
        state = RULES.new_hand(RULES.parse_options({}, 4), 4, 3, deal, [0] * 4)
        assert isinstance(state, TarotHand)
        if state.complete:
            continue
        taker = deal_number % 4
        act(state, *bids(4, 0, taker, "garde"))
        view = state.view(taker)
        ((verb, pattern),) = view.card_sets()
        assert verb == "discard" and view.poignee_levels == ()
        allowed = pattern.pool | pattern.must
        for card in bits(view.hand & ~allowed):
            reason = view.refusal(verb, pattern, card)
            assert reason == engine_reason(state, view, verb, pattern, card)
            checked += 1
        assert all(state.view(seat).card_sets() == [] for seat in range(4) if seat != taker)
    assert checked > 30


def test_poignee_levels_and_reasons() -> None:
    # South holds thirteen trumps and the Excuse at four players: a single and a double poignée (10 and 13).
    south = [*trumps(*range(1, 14)), "EX", "AS", "2S", "3S", "4S"]
    state = new_hand(fill(4, {0: south}, ["5S", "6S", "7S", "8S", "9S", "10S"]), dealer=3)
    act(state, *bids(4, 0, 1, "garde_sans"), {"seat": 1, "declare": "no_chelem"})
    assert state.phase == PLAY and state.to_act == 0
    view = state.view(0)
    assert view.poignee_levels == (0, 1)
    patterns = [pattern for verb, pattern in view.card_sets() if verb == "poignee"]
    assert [p.must.bit_count() + p.choose for p in patterns] == [10, 13]
    for pattern in patterns:
        for card in bits(view.hand & ~(pattern.pool | pattern.must)):
            assert view.refusal("poignee", pattern, card) == engine_reason(state, view, "poignee", pattern, card)
    assert "trumps, not" in view.refusal("poignee", patterns[0], DECK.index["AS"])
    assert state.view(1).poignee_levels == () and state.view(1).card_sets() == []


def test_the_trump_test_and_the_cards_held_are_in_the_view() -> None:
    state = new_hand(seed_deal())
    act(state, *bids(4, 0, 2, "garde"))
    for seat in range(4):
        view = state.view(seat)
        assert view.trumps == TRUMPS and view.unsuited == TRUMPS | 1 << EXCUSE and view.excuse == EXCUSE
        assert {DECK.codes[c] for c in bits(view.unsuited)} == {*trumps(*range(1, 22)), "EX"}
        # The taker holds the chien until he discards: everyone sees 24 cards there, 18 elsewhere.
        assert view.held == (18, 18, 24, 18)
