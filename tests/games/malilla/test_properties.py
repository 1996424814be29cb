"""Random legal play of whole matches under every option set, checked against the rules worked out from codes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.errors import IllegalAction
from cardtable.engine.game import Action
from cardtable.engine.match import Match
from cardtable.games.malilla.rules import RULES, MalillaHand, MalillaOptions
from tests.games.malilla.helpers import cards
from tests.support import narrowed

MAX_HANDS = 300
RANK_ORDER = {"spanish40": cards("2 3 4 5 6 J N K A 7"), "spanish48": cards("2 3 4 5 6 7 8 J N K A 9")}


@st.composite
def option_sets(draw: st.DrawFn) -> MalillaOptions:
    deck = draw(st.sampled_from(["spanish40", "spanish48"]))
    long_game = draw(st.booleans())
    target = {"spanish40": (35, 70), "spanish48": (40, 80)}[deck][long_game]
    raw = {"deck": deck, "target": target, "albur": draw(st.booleans()), "redeal_seven": draw(st.booleans())}
    return RULES.parse_options(raw, 4)


def higher(a: str, b: str, order: list[str]) -> bool:
    return order.index(a[:-1]) > order.index(b[:-1])


def reference_legal(state: MalillaHand) -> set[str]:
    """Section 5's legal cards, from card codes alone."""
    codes = state.deck.codes
    order = RANK_ORDER[state.options.deck]
    assert state.trump is not None  # played: trump is named
    trump = state.deck.suits[state.trump]
    seat = state.turn
    hand = {codes[c] for c in range(len(codes)) if state.hands[seat] >> c & 1}
    if not state.trick:
        return hand
    played = [(s, codes[c]) for s, c in state.trick]
    led = played[0][1][-1]
    win_seat, win = played[0]
    for s, code in played[1:]:
        if (code[-1] == win[-1] and higher(code, win, order)) or (code[-1] == trump and win[-1] != trump):
            win_seat, win = s, code
    opponent_winning = (win_seat - seat) % 2 == 1
    of_led = {c for c in hand if c[-1] == led}
    if of_led:
        above = {c for c in of_led if win[-1] == led and higher(c, win, order)}
        return above if opponent_winning and above else of_led
    trumps = {c for c in hand if c[-1] == trump}
    if opponent_winning and trumps:
        if win[-1] != trump:
            return trumps
        over = {c for c in trumps if higher(c, win, order)}
        if over:
            return over
    led_suits = {codes[cards[0]][-1] for _l, cards, _w, _p in state.trick_history} | {led}
    forbidden = {c for c in hand if c[:-1] == order[-1] and c[-1] != trump and c[-1] not in led_suits}
    return (hand - forbidden) or hand


def choose(legal: list[Action], rng: random.Random) -> Action:
    """A random legal action; redeal calls are rare and agreed half of the time, as at a real table."""
    plays = [a for a in legal if a.verb == "play"]
    calls = [a for a in legal if a.verb == "call"]
    if plays and (not calls or rng.random() < 0.8):
        return rng.choice(plays)
    return rng.choice(calls)


@settings(deadline=None)
@given(options=option_sets(), seed=st.integers(min_value=0, max_value=2**32))
def test_random_legal_play_always_ends_and_scores_add_up(options: MalillaOptions, seed: int) -> None:
    rng = random.Random(seed)
    match = Match(RULES, options, 4)
    pack = options.pack
    total = sum(pack.points) + pack.cards_each
    while not match.over:
        assert len(match.hands) < MAX_HANDS
        before = list(match.scores)
        state = match.deal_new_hand(rng, seed % 4)
        assert isinstance(state, MalillaHand)
        for _ in range(pack.cards_each * 4 + 8):
            if state.complete:
                break
            legal = state.legal_actions()
            assert legal, "a decision always has a legal action"
            seat = state.to_act
            assert seat is not None
            own = [a for a in legal if a.seat == seat]
            assert own and all(a.verb == "call" and a.value == "redeal" for a in legal if a.seat != seat)
            plays = {a.value for a in own if a.verb == "play"}
            if state.phase == "play":
                assert plays == reference_legal(state)
                assert set(state.deck.codes_of(state.legal_play_mask())) == plays
            view_legal = state.view(seat).legal_actions()
            assert set(view_legal) == set(own)
            # A card outside the legal set is refused with a sentence, and the state does not change.
            held = state.hands[seat] & ~state.legal_play_mask() if state.phase == "play" else 0
            if held:
                card = state.deck.codes[(held & -held).bit_length() - 1]
                try:
                    state.verify(Action(seat, "play", card))
                    raise AssertionError(f"{card} should be refused")
                except IllegalAction as refused:
                    assert refused.reason.endswith(".")
            match.apply(choose(legal, rng))
        assert state.complete, "a hand ends after its tricks (or an agreed redeal)"
        delta = state.score_delta()
        assert delta is not None and delta[0] == delta[2] and delta[1] == delta[3]
        assert min(delta) >= 0, "scores never decrease"
        assert match.scores == [b + d for b, d in zip(before, delta, strict=True)]
        points = state.points()
        if state.redealt:
            assert points == [0, 0, 0, 0] and delta == [0, 0, 0, 0] and not state.tricks
        else:
            assert points[0] + points[1] == total and points[0] == points[2] and points[1] == points[3]
            assert len(state.tricks) == pack.cards_each
            for trick in state.tricks:
                card_points = sum(pack.points[pack.deck.index[c]] for c in trick.cards)
                assert trick.points == card_points + 1
    assert match.winner in ([0, 2], [1, 3])
    team = match.winner[0]
    if match.special == "capote":
        assert narrowed(MalillaHand, match.hands[-1].state).capote == team
    else:
        assert match.scores[team] >= options.target
    assert match.scores[1 - team] < options.target
    assert (match.special == "zapato") == (match.special != "capote" and match.scores[1 - team] == 0)


#: Seats 1 (the leader, seven diamonds) and 2 (seven spades) may both call for a redeal.
TWO_CALLERS = [
    cards("KH 7D 3D 7C AC KC JC 4S 3S 2S"),
    cards("AD KD ND JD 6D 5D 4D AH NH NC"),
    cards("7S AS KS NS JS 6S 5S 2D 2C 2H"),
    cards("7H JH 6H 5H 4H 3H 6C 5C 4C 3C"),
]


@settings(deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), call_rate=st.floats(min_value=0.0, max_value=1.0))
def test_redeal_calls_in_any_order_keep_the_hand_consistent(seed: int, call_rate: float) -> None:
    rng = random.Random(seed)
    options = RULES.parse_options({}, 4)
    deck = options.pack.deck
    match = Match(RULES, options, 4)
    deal = RULES.parse_deal({"hands": TWO_CALLERS, "turned": "KH"}, options, 4, 0)
    state = match.begin_hand(0, deal)
    assert isinstance(state, MalillaHand)
    called: list[int] = []
    while not state.complete:
        legal = state.legal_actions()
        assert legal
        calls = [a for a in legal if a.verb == "call"]
        action = rng.choice(calls) if calls and rng.random() < call_rate else rng.choice(legal)
        if action.value == "redeal":
            assert action.seat not in called and not state.trick and not state.tricks
            called.append(action.seat)
            match.apply(action)
            assert state.to_act == (action.seat + 2) % 4 and state.optional_calls() == {}
            continue
        match.apply(action)
    if state.redealt:
        assert state.score_delta() == [0, 0, 0, 0] and RULES.next_dealer(state) == 0
        assert state.calls[-1][1] == "agree" and state.calls[-2] == (state.calls[-1][0] ^ 2, "redeal")
    else:
        assert len(state.tricks) == 10 and RULES.next_dealer(state) == 1
        assert sum(state.points()[:2]) == 70
        # The trump bonus (KH, 3) went to the dealer's team at once.
        delta = state.score_delta()
        assert delta is not None and delta[0] >= 3
    assert set(called) <= {1, 2}
    assert deck.codes[state.turned] == "KH"
