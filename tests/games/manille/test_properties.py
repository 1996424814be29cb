"""Random legal play of whole hands and matches, under every combination of the options (and 3 players)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import bits
from cardtable.engine.errors import IllegalAction
from cardtable.engine.game import Action
from cardtable.engine.match import Match
from cardtable.games.manille.rules import DECK, PLAY, RULES, ManilleHand, ManilleOptions
from tests.support import replay_record

MAX_DECISIONS = 400  # far above the longest hand: 4 x 30 bids, 4 calls and 32 cards


@st.composite
def option_sets(draw: st.DrawFn) -> tuple[ManilleOptions, int]:
    players = draw(st.sampled_from([3, 4]))
    raw: dict[str, Any] = {
        "target": draw(st.integers(min_value=1, max_value=120)),
        "partner_exemption": draw(st.booleans()),
        "must_beat": draw(st.booleans()),
        "last_trick_bonus": draw(st.booleans()),
    }
    if players == 4:
        raw["doubling"] = draw(st.booleans())
        raw["auction"] = draw(st.booleans())
    return RULES.parse_options(raw, players), players


def side(seat: int, players: int) -> int:
    return seat % 2 if players == 4 else seat


def choose(state: ManilleHand, legal: list[Action], rng: random.Random) -> Action:
    """A random legal action; in the auction a pass half of the time, so contracts vary."""
    if legal[0].verb == "bid" and rng.random() < 0.5:
        return legal[0]
    return rng.choice(legal)


RANK_ORDER = ("7", "8", "9", "J", "Q", "K", "A", "10")  # low to high, the same in every suit


def reference_legal(state: ManilleHand) -> set[str]:
    """The legal cards by the Play section of the rules, worked out from card codes alone."""
    options, players, seat = state.options, state.players, state.turn
    hand = DECK.codes_of(state.hands[seat])
    if not state.trick:
        return set(hand)  # rule 0
    trump = "SHDC"[state.trump] if state.trump is not None else None
    played = [(s, DECK.codes[c]) for s, c in state.trick]
    led = played[0][1][-1]
    win_seat, win = played[0]
    for s, code in played[1:]:
        if (code[-1] == win[-1] and RANK_ORDER.index(code[:-1]) > RANK_ORDER.index(win[:-1])) or (
            code[-1] == trump and win[-1] != trump
        ):
            win_seat, win = s, code
    of_led = {c for c in hand if c[-1] == led}
    if options.partner_exemption and players == 4 and (win_seat - seat) % 4 == 2:
        return of_led or set(hand)  # rule 1
    above = {c for c in hand if c[-1] == win[-1] and RANK_ORDER.index(c[:-1]) > RANK_ORDER.index(win[:-1])}
    if of_led:  # rule 2
        if options.must_beat and win[-1] == led and above:
            return above
        return of_led
    trumps = {c for c in hand if c[-1] == trump}
    if trumps:  # rule 3
        return above if win[-1] == trump and above else trumps
    return set(hand)  # rule 4


def check_decision(state: ManilleHand) -> list[Action]:
    legal = state.legal_actions()
    assert legal, "no legal action while the hand is not complete"
    for act in legal:
        state.verify(act)  # every legal action passes verification
    if state.phase == PLAY:
        held = state.hands[state.turn]
        legal_cards = {DECK.index[a.value] for a in legal}
        assert legal_cards <= set(bits(held))
        assert {DECK.codes[c] for c in legal_cards} == reference_legal(state)
        for card in bits(held & ~state.legal_play_mask()):
            try:
                state.verify(Action(state.turn, "play", DECK.codes[card]))
            except IllegalAction:
                continue
            raise AssertionError(f"{DECK.codes[card]} is not legal but passes verify")
    return legal


def expected_delta(state: ManilleHand, options: ManilleOptions, players: int) -> list[int | float]:
    """The hand's score per seat, from the Scoring section of the rules."""
    pips = state.points()
    quota = 30 if players == 4 else 20
    if options.auction:
        if state.contract is None:
            return [0] * players
        declarer, value, _suit = state.contract
        made = pips[declarer] >= value
        out = []
        for seat in range(players):
            if side(seat, players) == side(declarer, players):
                out.append(pips[seat] - quota if made else 0)
            else:
                out.append(0 if made else (value - quota) + max(0, pips[seat] - quota))
    else:
        out = [p - quota if p > quota else 0 for p in pips]
    return [d * state.multiplier for d in out]


def check_complete_hand(state: ManilleHand, options: ManilleOptions, players: int) -> None:
    points = state.points()
    delta = state.score_delta()
    assert delta is not None
    if options.auction and state.contract is None:  # passed out
        assert state.tricks == [] and points == [0] * players and delta == [0] * players
        return
    tricks = state.tricks
    assert len(tricks) == (8 if players == 4 else 10)
    total = 61 if options.last_trick_bonus else 60
    assert sum(t.points for t in tricks) == total
    by_side = {side(s, players): points[s] for s in range(players)}
    assert sum(by_side.values()) == total
    for seat in range(players):
        assert points[seat] == by_side[side(seat, players)]  # partners show equal points
        assert delta[seat] == delta[(seat + 2) % players] or players == 3
        assert delta[seat] >= 0
    if players == 4 and not options.auction:
        assert min(delta[0], delta[1]) == 0  # at most one side scores
    assert delta == expected_delta(state, options, players)


def expected_winner(scores: list[int | float], target: int, players: int) -> list[int] | None:
    best = max(scores)
    sides = {side(s, players) for s in range(players) if scores[s] == best}
    if best < target or len(sides) != 1:
        return None
    (top,) = sides
    return [s for s in range(players) if side(s, players) == top]


@settings(deadline=None, database=None)
@given(option_sets(), st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=3))
def test_random_legal_play(setup: tuple[ManilleOptions, int], seed: int, first_dealer: int) -> None:
    options, players = setup
    rng = random.Random(seed)
    match = Match(RULES, options, players)
    first_dealer %= players
    previous_dealer = None
    for _hand in range(4):
        if match.over:
            break
        state = match.deal_new_hand(rng, first_dealer)
        assert isinstance(state, ManilleHand)
        if previous_dealer is not None:
            assert state.dealer == (previous_dealer + 1) % players
        previous_dealer = state.dealer
        before = list(match.scores)
        for _ in range(MAX_DECISIONS):
            if state.complete:
                break
            assert state.score_delta() is None
            match.apply(choose(state, check_decision(state), rng))
        assert state.complete, "the hand did not end"
        assert state.legal_actions() == [] and state.to_act is None
        check_complete_hand(state, options, players)
        assert all(after >= old for after, old in zip(match.scores, before, strict=True))  # scores never go down
        assert match.winner == expected_winner(match.scores, options.target, players)

    # The record the match wrote replays to the same result.
    out, status = replay_record(match.to_record())
    assert status == 0, out["error"]
    assert out["scores"] == match.scores and out["winner"] == match.winner
