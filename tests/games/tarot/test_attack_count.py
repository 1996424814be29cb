"""The attack's count in the view: what each seat may count of the taker's oudlers and points, and when."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.players import RandomPlayer, run_now
from cardtable.games.tarot.rules import DECK, RULES, TarotDeal, TarotHand, half_points_of
from cardtable.games.tarot.scoring import ATTACK, NEEDED, number
from tests.games.tarot.helpers import SEED_CHIEN, SEED_HANDS, act, bids, new_hand, seed_deal


def random_hand(players: int, seed: int) -> TarotHand:
    """A dealt hand with a fixed seed (dealer: the last seat)."""
    rng = random.Random(seed)
    options = RULES.parse_options({}, players)
    state = RULES.new_hand(options, players, players - 1, RULES.random_deal(rng, options, players, players - 1),
                           [0] * players)  # fmt: skip
    assert isinstance(state, TarotHand)
    return state


def play_on(state: TarotHand, seed: int, until: int | None = None) -> None:
    """Random legal actions until the hand is over (or ``until`` tricks are finished)."""
    player = RandomPlayer(random.Random(seed))
    while not state.complete and (until is None or len(state.trick_history) < until):
        seat = state.to_act
        assert seat is not None
        state.apply(run_now(player.choose(state.view(seat))))


def test_no_count_before_the_discard_is_made() -> None:
    state = new_hand(seed_deal())
    act(state, *bids(4, 0, 2, "garde"))
    assert all(state.view(seat).attack_count is None for seat in range(4))
    act(state, {"seat": 2, "discard": ["2H", "3H", "5H", "8H", "3C", "8C"]})
    taker = state.view(2).attack_count
    assert taker is not None
    # Before a trick the taker counts only his écart: six small cards, 3 points; no oudler, so 56 needed.
    assert (taker.seats, taker.oudlers, taker.points, taker.needed, taker.ecart) == ((2,), 0, 3, 56, 3)
    for defender in (0, 1, 3):
        count = state.view(defender).attack_count
        assert count is not None and (count.points, count.ecart, count.needed) == (0, None, 56)


@pytest.mark.parametrize("players", [3, 4])
def test_the_count_follows_the_tricks_and_the_ecart_only_for_the_taker(players: int) -> None:
    checked = 0
    for seed in range(150):
        state = random_hand(players, seed)
        play_on(state, seed, until=4)
        if state.complete or state.taker is None or state.contract not in ("petite", "garde"):
            continue
        ecart = half_points_of(state.discard)
        tricks = state.piles.half[ATTACK]
        for seat in range(players):
            count = state.view(seat).attack_count
            assert count is not None
            mine = seat == state.taker
            assert count.points == number(tricks + (ecart if mine else 0))
            assert count.ecart == (number(ecart) if mine else None)
            assert count.oudlers == state.piles.oudlers[ATTACK] + state.shown_oudlers_unplayed().bit_count()
            assert count.needed == NEEDED[count.oudlers]
            public = state.view(seat).public_count
            assert public is not None and public.ecart is None and public.points == number(tricks)
        checked += 1
    assert checked >= 5


def test_at_the_end_every_seat_sees_the_score_s_count() -> None:
    state = random_hand(4, 3)
    play_on(state, 3)
    while state.annulled:
        state = random_hand(4, 100 + len(state.bids))
        play_on(state, 7)
    assert state.result is not None
    for seat in range(4):
        count = state.view(seat).attack_count
        assert count is not None
        assert count.points == number(state.result.facts.attack_half)
        assert count.oudlers == state.result.facts.oudlers and count.needed == state.result.needed


def test_a_partner_nobody_knows_yet_is_not_counted_with_the_attack() -> None:
    found = 0
    for seed in range(200):
        state = random_hand(5, seed)
        play_on(state, seed, until=2)
        if state.complete or state.partner is None or state.partner_revealed or len(state.trick_history) < 2:
            continue
        partner, taker = state.partner, state.taker
        assert taker is not None
        defender = next(s for s in range(5) if s not in (partner, taker))
        seen = state.view(defender).attack_count
        known = state.view(partner).attack_count
        assert seen is not None and known is not None
        assert seen.seats == (taker,)
        assert state.view(partner).public_count == seen == state.view(taker).public_count
        assert known.seats == tuple(sorted((taker, partner)))
        # The partner counts with the true sides, the defender with the taker alone.
        assert known.points == number(state.piles.half[ATTACK])
        assert seen.points == number(state.piles_as_seen(1 << taker).half[ATTACK])
        found += 1
    assert found >= 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_counting_again_with_the_true_sides_gives_the_hand_s_own_piles(players: int) -> None:
    for seed in range(30):
        state = random_hand(players, seed)
        while not state.complete:
            play_on(state, seed, until=len(state.trick_history) + 1)
            if state.taker is not None and not state.annulled:
                again = state.piles_as_seen(state.attack)
                assert (again.half, again.oudlers, again.tricks, again.excuse_to) == (
                    state.piles.half, state.piles.oudlers, state.piles.tricks, state.piles.excuse_to)  # fmt: skip


def test_the_count_and_the_king_call_in_words() -> None:
    from cardtable.engine.game import Action
    from cardtable.games.tarot.rules import AttackCount
    from cardtable.games.tarot.words import WORDS

    count = AttackCount((2,), 1, 23.5, 51, 3)
    assert WORDS.count_lines(count) == ["  1 oudler: 51 needed", "  23.5 points taken"]
    assert WORDS.ecart_line(["2H", "3H"], 1) == "Your écart, 1 point: 2♥ 3♥"
    call = Action(0, "king", "KH")
    assert WORDS.king_call_label(call, held=True) == "Call the king of hearts: yours, so you play alone"
    assert WORDS.king_call_label(call, held=False) == "Call the king of hearts"


def petit_in_the_chien(contract: str) -> TarotHand:
    """The seed's deal with the Petit in the chien (for the 5♠, which goes to seat 2): seat 2 takes ``contract``."""
    hands = [list(held) for held in SEED_HANDS]
    hands[2] = [card if card != "T1" else "5S" for card in hands[2]]
    chien = [card if card != "5S" else "T1" for card in SEED_CHIEN]
    state = new_hand(TarotDeal([DECK.mask_of(h) for h in hands], DECK.mask_of(chien)))
    act(state, *bids(4, 0, 2, contract))
    if contract == "garde":
        act(state, {"seat": 2, "discard": ["2H", "3H", "5H", "8H", "3C", "8C"]})
    return state


def test_every_seat_counts_the_petit_it_saw_go_to_the_taker_in_the_chien() -> None:
    state = petit_in_the_chien("garde")
    for seat in range(4):
        for count in (state.view(seat).attack_count, state.view(seat).public_count):
            assert count is not None and (count.oudlers, count.needed) == (1, 51)
    # Once the Petit is played, the trick that took it says whose it is.
    play_on(state, 5, until=18)
    while not any(DECK.index["T1"] in cards for _leader, cards, *_rest in state.trick_history):
        play_on(state, 5, until=len(state.trick_history) + 1)
    count = state.view(0).attack_count
    assert count is not None and count.oudlers == state.piles.oudlers[ATTACK]


def test_a_chien_nobody_saw_is_not_counted() -> None:
    state = petit_in_the_chien("garde_sans")
    for seat in range(4):
        count = state.view(seat).attack_count
        assert count is not None and (count.oudlers, count.needed) == (0, 56)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_views_counts_read_later_are_the_counts_of_its_moment(players: int) -> None:
    # The view works its counts out when they are read, from its own public fields: reading them after the hand
    # has moved on must still give what the hand counted when the view was made.
    for seed in range(12):
        state = random_hand(players, seed)
        player = RandomPlayer(random.Random(seed))
        kept = []
        while not state.complete:
            seat = state.to_act
            assert seat is not None
            for looking in range(players):
                kept.append((state.view(looking), state.attack_count(looking), state.attack_count(-1)))
            state.apply(run_now(player.choose(state.view(seat))))
        kept.extend((state.view(s), state.attack_count(s), state.attack_count(-1)) for s in range(players))
        for view, private, public in kept:
            assert view.attack_count == private
            assert view.public_count == public
