"""The ``heuristic`` Truco player: one position per strategy tip, legality, determinism, bluff rate, strength.

Each tip test cuts a record where the tip applies and asks replay for a hint, the way a player at the table
would.  Where another tip would do something else, the test says what, so a broken order of precedence shows
up as well as a broken tip.  Unless a test says otherwise the vira is 7D: the queens are the manilhas
(QC zap 14, QH 13, QS 12, QD 11), and the 7s are ordinary cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.engine.game import Action
from cardtable.engine.players import computer_levels
from cardtable.engine.records import parse_record
from cardtable.engine.replay import replay
from cardtable.engine.sim import simulate
from cardtable.games import find_game
from cardtable.games.truco import ai
from cardtable.games.truco.ai import Table, TrucoHeuristic
from cardtable.games.truco.argentino_ai import HeuristicByVariant
from cardtable.games.truco.rules import DECIDE, DECK, FERRO, PLAY, RULES, TrucoHand, TrucoView
from tests.games.truco.helpers import action
from tests.support import heuristic_hint, narrowed


def record(hands: list[str], actions: str = "", vira: str | None = "7D", dealer: int | None = None,
           scores: list[int] | None = None, **options: Any) -> dict[str, Any]:  # fmt: skip
    """A one-hand record: ``hands`` as space-separated codes by seat, ``actions`` in the helpers' short form.

    The dealer defaults to the last seat, so seat 0 leads.
    """
    players = len(hands)
    deal: dict[str, Any] = {"hands": [h.split() for h in hands]}
    if vira is not None:
        deal["vira"] = vira
    else:
        options.setdefault("variant", "mineiro")
    return {
        "format": "cardtable-record/1",
        "game": "truco",
        "options": options,
        "players": players,
        "start_scores": scores or [0] * players,
        "hands": [{"dealer": players - 1 if dealer is None else dealer, "deal": deal,
                   "actions": [action(a).to_json() for a in actions.split()]}],
    }  # fmt: skip


def hint(rec: dict[str, Any]) -> dict[str, Any]:
    return heuristic_hint(rec)


def view_at(rec: dict[str, Any]) -> TrucoView:
    """The view of the seat to act at the end of ``rec``."""
    _out, status, match = replay(parse_record(rec, find_game))
    assert status == 0
    state = match.current
    assert state is not None and state.to_act is not None
    view = state.view(state.to_act)
    assert isinstance(view, TrucoView)
    return view


def table_at(rec: dict[str, Any]) -> Table:
    return Table(view_at(rec))


def code(act: Action | None) -> str | None:
    """A card action as its code, with ``!`` for face down; a call as its word."""
    if act is None:
        return None
    if act.verb == "call":
        return str(act.value)
    return str(act.value) + ("!" if act.get("hidden") else "")


def hinted(rec: dict[str, Any]) -> str:
    """The hint in the same short form as ``code``."""
    got = hint(rec)
    if "call" in got:
        return str(got["call"])
    return str(got["play"]) + ("!" if got.get("hidden") else "")


def strengths(vira: str | None) -> dict[str, int]:
    table = ai.know_the_manilhas(None if vira is None else DECK.index[vira])
    return {c: table[i] for i, c in enumerate(DECK.codes)}


# ===================================================================== tip 1: know the manilhas
def test_tip1_ranks_every_card_from_the_vira() -> None:
    s = strengths("3H")  # the manilhas follow the 3: the 4s
    assert (s["4C"], s["4H"], s["4S"], s["4D"]) == (14, 13, 12, 11)
    assert s["3S"] == 10 and s["2D"] == 9 and s["5C"] == 2
    assert s["QS"] < s["JS"] < s["KS"]  # the queen is below the jack
    s = strengths("7D")  # the vira's rank stays ordinary
    assert s["7S"] == 4 and s["QC"] == 14 and s["JH"] == 6
    s = strengths(None)  # Mineiro's fixed manilhas
    assert (s["4C"], s["7H"], s["AS"], s["7D"]) == (14, 13, 12, 11)
    assert (s["4H"], s["7C"], s["AH"]) == (1, 4, 8)


def test_tip1_the_player_beats_a_three_with_a_manilha_of_the_vira() -> None:
    # Vira 3H: the 4D is a manilha and the cheapest card that takes the 3S.
    rec = record(["3S 5D 6D", "KH 4D 5C"], "0:truco 1:accept 0:3S", vira="3H")
    assert hinted(rec) == "4D"


def test_tip1_knows_mineiro_s_fixed_manilhas() -> None:
    # Mineiro: 7D (pica-fumo) takes the 3S; the 7S is an ordinary 7.
    rec = record(["3S 5D 6D", "7S 7D 5C"], "0:truco 1:accept 0:3S", vira=None)
    assert hinted(rec) == "7D"


# ===================================================================== tip 2: keep the zap
def test_tip2_beats_with_the_lower_manilha_and_keeps_the_zap() -> None:
    rec = record(["2S 5D 6D", "QC QS 6S"], "0:truco 1:accept 0:2S")
    table = table_at(rec)
    assert table.level == ai.STRONG_POSITION  # the zap is sure, the espadilha is not: no raise
    assert hinted(rec) == "QS"


# ===================================================================== tip 3: the first trick
def test_tip3_leads_the_middle_card_to_trick_one() -> None:
    rec = record(["5S KH 3D", "4C 6H JS"])
    assert code(ai.take_the_first_trick_seriously(table_at(rec))) == "KH"
    assert hinted(rec) == "KH"


def test_tip3_follows_with_the_lowest_card_that_beats() -> None:
    rec = record(["KH 5D 6D", "3C AS 5H"], "0:truco 1:accept 0:KH")
    assert hinted(rec) == "AS"


def test_tip3_plays_its_lowest_card_face_up_in_trick_one_when_nothing_beats() -> None:
    rec = record(["QC 5D 6D", "3C AS 5H"], "0:truco 1:accept 0:QC")
    assert hinted(rec) == "5H"


FOUR = ["KH 4S 6C", "2H 4D JC", "3D 5S 6S", "3C 5H JD"]


def test_tip3_ties_when_its_team_won_trick_one() -> None:
    # Team 1 won trick 1 (2H); seat 3 cannot beat the 3D but ties it, which wins the hand for its team.
    rec = record(FOUR, "0:KH 1:truco 2:accept 1:2H 2:6S 3:5H 1:4D 2:3D")
    table = table_at(rec)
    assert table.won_first and not table.beaters()
    assert hinted(rec) == "3C"


def test_tip3_gives_its_lowest_card_face_down_from_trick_two_when_it_cannot_win() -> None:
    # As above but team 0 won trick 1: no tie is worth having, so the lowest card goes face down.
    hands = ["2H 4S 6C", "KH 4D JC", "3D 5S 6S", "3C 5H JD"]
    rec = record(hands, "0:2H 1:KH 2:6S 3:truco 0:accept 3:5H 0:4S 1:JC 2:3D")
    assert hinted(rec) == "JD!"


# ===================================================================== tip 4: bluff
def random_views(players: int, variant: str, count: int, seed: int, scores: list[int] | None = None,
                 start_calls: bool = True) -> Iterator[TrucoView]:  # fmt: skip
    """Views of the seat to act, from hands played at random (face up, with random calls if ``start_calls``)."""
    rng = random.Random(seed)
    options = RULES.parse_options({"variant": variant}, players)
    made = 0
    while made < count:
        dealer = rng.randrange(players)
        start = scores or [0] * players
        deal = RULES.random_deal(rng, options, players, dealer)
        state = narrowed(TrucoHand, RULES.new_hand(options, players, dealer, deal, start))
        while not state.complete and made < count:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            yield view
            made += 1
            legal = view.legal_actions()
            plays = [a for a in legal if a.verb == "play" and not a.get("hidden")]
            calls = [a for a in legal if a.verb == "call" and a.value not in ("refuse", "run")]
            pool = calls if calls and start_calls and (not plays or rng.random() < 0.2) else plays or legal
            state.apply(rng.choice(pool))


def bluff_rates() -> dict[bool, list[int]]:
    """Over many views where truco is legal and tip 11 would not call: [calls, views] by "won trick 1"."""
    seen: dict[bool, list[int]] = {True: [0, 0], False: [0, 0]}
    player = TrucoHeuristic()  # no generator of its own: seeded from each view, as hints are
    for players in (2, 4, 6):
        for view in random_views(players, "paulista", 1500, seed=players, start_calls=False):
            table = Table(view)
            if view.phase != PLAY or table.raise_word() != "truco" or ai.when_to_call(table) is not None:
                continue
            after_first = table.won_first and not table.lost_any
            seen[after_first][1] += 1
            seen[after_first][0] += player.decide(view).verb == "call"
    return seen


def test_tip4_bluffs_with_the_intended_frequency() -> None:
    seen = bluff_rates()
    calls, views = seen[False]
    assert views > 1000 and 0.03 < calls / views < 0.075
    calls, views = seen[True]
    assert views > 150 and 0.09 < calls / views < 0.22


def test_tip4_never_bluffs_when_the_opponents_could_reach_the_target() -> None:
    player = TrucoHeuristic()
    for view in random_views(2, "paulista", 600, seed=8, scores=[0, 10], start_calls=False):
        table = Table(view)
        if view.seat == 0 and view.phase == PLAY and table.level < ai.CERTAIN:
            assert player.decide(view).verb == "play"


def test_tip4_never_bluffs_a_raise() -> None:
    player = TrucoHeuristic()
    checked = 0
    for view in random_views(4, "paulista", 3000, seed=9):
        table = Table(view)
        if view.phase == PLAY and table.raise_word() == "raise" and table.level < ai.CERTAIN:
            checked += 1
            assert player.decide(view).verb == "play"
    assert checked > 50


# ===================================================================== tip 5 and tip 12: answers
def test_tip5_refuses_with_nothing_above_a_king_before_any_trick() -> None:
    rec = record(["3S 5D 6D", "5S 6H JC"], "0:truco")
    assert hinted(rec) == "refuse"
    # An ace is enough to accept a truco on a blank hand (rule 12.4); tip 5 would not refuse it.
    rec = record(["3S 5D 6D", "AS 6H JC"], "0:truco")
    assert ai.refuse_a_weak_position(table_at(rec)) is None
    assert hinted(rec) == "accept"


def test_tip5_refuses_a_weak_position_after_losing_a_trick() -> None:
    rec = record(["3D 5D 6D", "5S 6H 4C"], "0:3D 1:5S 0:truco")
    assert table_at(rec).level == ai.WEAK
    assert hinted(rec) == "refuse"


def test_tip12_never_refuses_what_would_give_the_opponents_the_match() -> None:
    # Seat 1 is at 9: refusing its seis would give it 3, the match.  A weak hand accepts ...
    rec = record(["5S 6H 4C", "3S 5D 6D"], "0:truco 1:raise", scores=[0, 9])
    assert hinted(rec) == "accept"
    # ... the same hand refuses at 0 : 0 (tip 5) ...
    assert hinted(record(["5S 6H 4C", "3S 5D 6D"], "0:truco 1:raise")) == "refuse"
    # ... and a certain one raises again.
    assert hinted(record(["QC QH 4C", "3S 5D 6D"], "0:truco 1:raise", scores=[0, 9])) == "raise"


def test_tip12_raises_a_truco_with_the_zap_and_another_manilha() -> None:
    rec = record(["3S 5D 6D", "QC QD 5S"], "0:truco")
    assert table_at(rec).level == ai.STRONG_POSITION
    assert hinted(rec) == "raise"
    # Two manilhas without the zap only accept.
    assert hinted(record(["3S 5D 6D", "QH QD 5S"], "0:truco")) == "accept"
    # Against a seis the same cards only accept (the rule is for truco).
    assert hinted(record(["QC QD 5S", "3S 5D 6D"], "0:truco 1:raise")) == "accept"


def test_tip12_raises_at_level_three() -> None:
    rec = record(["QC QH 5S", "3S 5D 6D"], "0:truco 1:raise")
    assert table_at(rec).level == ai.CERTAIN
    assert hinted(rec) == "raise"


def test_tip12_accepts_a_fair_hand() -> None:
    rec = record(["3S 5D 6D", "QD 5S 6H"], "0:truco")
    assert table_at(rec).level == ai.FAIR
    assert hinted(rec) == "accept"


# ===================================================================== tip 6: play with the partner
def test_tip6_plays_low_when_last_and_the_partner_wins() -> None:
    rec = record(["4C 5D 6D", "2H 4D JC", "KH 5S 6S", "3S AD 5C"], "0:truco 1:accept 0:4C 1:2H 2:KH")
    table = table_at(rec)
    assert code(ai.take_the_first_trick_seriously(table)) == "AD"
    assert hinted(rec) == "5C"


def test_tip6_plays_low_before_the_last_seat_when_the_partners_card_is_sure() -> None:
    hands = ["4C 5D 6D", "QC 4D JC", "5H 5S 6S", "3S AD 5C"]
    rec = record(hands, "1:truco 2:accept 1:QC 2:5H", dealer=0)
    assert hinted(rec) == "5C"
    # With copas instead, the zap is unseen: the partner's card is not sure and seat 3 takes the trick itself.
    hands = ["4C 5D 6D", "QH 4D JC", "5H 5S 6S", "3S AD 5C"]
    rec = record(hands, "1:truco 2:accept 1:QH 2:5H", dealer=0)
    assert ai.play_with_the_partner(table_at(rec)) is None
    assert hinted(rec) == "AD"


def test_tip6_plays_face_down_from_trick_two() -> None:
    # Team 1 won trick 1; in trick 2 the partner's 3D beats both opposing cards and seat 0 plays last.
    hands = ["KH 4S 6C", "2H 4D JC", "3D 5S 6S", "3C 5H JD"]
    rec = record(hands, "0:KH 1:truco 2:accept 1:2H 2:6S 3:5H 1:4D 2:3D 3:JD")
    assert code(ai.take_the_first_trick_seriously(table_at(rec))) == "4S!"  # what tip 3 would do too
    assert code(ai.play_with_the_partner(table_at(rec))) == "4S!"
    assert hinted(rec) == "4S!"


# ===================================================================== tip 7: mão de onze
@pytest.mark.parametrize(
    ("hands", "scores", "call"),
    [
        # 4 players, seat 0 decides with its partner's (seat 2) cards.
        (["QD 5S 6H", "4C 4D JC", "2S 4H 5C", "3C 5H JD"], [11, 0, 11, 0], "play"),  # M 1, T 1
        (["QD 5S 6H", "4C 4D JC", "KS 4H 5C", "3C 5H JD"], [11, 0, 11, 0], "run"),  # M 1, T 0
        (["3S 5S 6H", "4C 4D JC", "2S 3H 5C", "3C 5H JD"], [11, 0, 11, 0], "play"),  # T 3
        (["3S 5S 6H", "4C 4D JC", "2S 4H 5C", "3C 5H JD"], [11, 0, 11, 0], "run"),  # T 2
        # The opponents at 9 would reach 12 with the 3 points: M 1 and T 1 is no longer enough.
        (["QD 5S 6H", "4C 4D JC", "2S 4H 5C", "3C 5H JD"], [11, 9, 11, 9], "run"),
        (["QD 5S 6H", "4C 4D JC", "2S 3H 5C", "3C 5H JD"], [11, 9, 11, 9], "play"),  # M 1, T 2
        # 2 players: only its own cards.
        (["QD 2S 5C", "4C 4D JC"], [11, 0], "play"),
        (["3S 2H 5C", "4C 4D JC"], [11, 0], "play"),
        (["3S 5H 5C", "4C 4D JC"], [11, 0], "run"),
        (["3S 2H 5C", "4C 4D JC"], [11, 9], "run"),
        # 6 players: both partners' cards.
        (["QD 2S 5C", "4C 4D JC", "3H 4H 6S", "KC 5H JD", "5D 6H 6C", "JS JH KS"], [11, 0] * 3, "play"),
        (["QD 2S 5C", "4C 4D JC", "KH 4H 6S", "KC 5H JD", "5D 6H 6C", "JS JH KS"], [11, 0] * 3, "run"),
    ],
)  # fmt: skip
def test_tip7_plays_a_mao_de_onze_only_with_good_cards(hands: list[str], scores: list[int], call: str) -> None:
    rec = record(hands, scores=scores)
    assert view_at(rec).phase == DECIDE
    assert hinted(rec) == call


def test_tip7_the_second_seat_decides_with_its_partners_cards() -> None:
    # Dealer 0: seat 1 is first but on the other team, so seat 2 decides with seat 0's cards.
    rec = record(["QD 5S 6H", "4C 4D JC", "2S 4H 5C", "3C 5H JD"], dealer=0, scores=[11, 0, 11, 0])
    assert view_at(rec).seat == 2
    assert hinted(rec) == "play"


def test_tip7_mineiro_counts_its_fixed_manilhas() -> None:
    # Mão de dez at 10: 4C is the zap and a 3 sits with the partner.
    rec = record(["4C 5S 6H", "KC 4D JC", "3S 4H 5C", "7C 5H JD"], vira=None, scores=[10, 0, 10, 0])
    assert hinted(rec) == "play"


@pytest.mark.parametrize(
    ("hands", "scores", "call"),
    [
        # A single 3 across the team (4H is no manilha in Mineiro) is worth playing for the match.
        (["4H 5S 6H", "KC 4D JC", "3S 4S 5C", "7C 5H JD"], [10, 0, 10, 0], "play"),
        # Nothing above a king across the team, the opponents far from 10: run, and stay on the brink.
        (["4H 5S 6H", "KC 4D JC", "KS 4S 5C", "7C 5H JD"], [10, 0, 10, 0], "run"),
        # The same cards with the opponents at 8: running would bring them to 10, and the next hand would be a
        # mão de ferro, played blind: play.
        (["4H 5S 6H", "KC 4D JC", "KS 4S 5C", "7C 5H JD"], [10, 8, 10, 8], "play"),
        # 2 players: one 2 is enough, even when losing the hand would give the opponents the match.
        (["2H 5S 6H", "KC 4D JC"], [11, 9], "play"),
        (["QH 5S 6H", "KC 4D JC"], [11, 4], "run"),
    ],
)  # fmt: skip
def test_a_mineiro_mao_de_dez_is_run_only_without_a_strong_card_and_while_running_is_safe(
    hands: list[str], scores: list[int], call: str
) -> None:
    rec = record(hands, vira=None, scores=scores)
    assert view_at(rec).phase == DECIDE
    assert hinted(rec) == call


# ===================================================================== tip 8: no call without a plan
def test_tip8_calls_come_only_from_tips_11_and_4() -> None:
    player = TrucoHeuristic()
    calls = 0
    for players in (2, 4, 6):
        for view in random_views(players, "paulista", 600, seed=20 + players):
            if view.phase != PLAY:
                continue
            chosen = player.decide(view)
            if chosen.verb == "call":
                calls += 1
                table = Table(view)
                assert chosen in (ai.when_to_call(table), ai.bluff_now_and_then(table, player.random_for(view)))
    assert calls > 20


def test_tip8_a_fair_hand_does_not_call() -> None:
    rec = record(["QD 5S 6H", "4C 4D JC"])
    table = table_at(rec)
    assert table.level == ai.FAIR and ai.when_to_call(table) is None
    assert hinted(rec) == "6H"


# ===================================================================== tip 9: trick 2 after a tie
def test_tip9_leads_the_highest_card_after_a_tied_first_trick() -> None:
    rec = record(["KH 5S 2D", "KS 4C 6H"], "0:KH 1:KS")
    table = table_at(rec)
    assert table.tied_first
    assert code(ai.take_the_first_trick_seriously(table)) == "5S"
    assert hinted(rec) == "2D"


def test_tip9_follows_with_the_highest_card_after_a_tied_first_trick() -> None:
    hands = ["KH 6S 4C", "KS AD 2C", "5C 5H 6H", "4D JC JD"]
    rec = record(hands, "0:truco 1:accept 0:KH 1:KS 2:5C 3:4D 0:6S")
    table = table_at(rec)
    assert code(ai.take_the_first_trick_seriously(table)) == "AD"
    assert hinted(rec) == "2C"


def test_tip9_spares_the_zap_when_a_lower_card_wins_as_surely() -> None:
    # Last to play after a tied first trick: the 2 takes the 5 as well as the zap would.
    rec = record(["KH 5S 6D", "KS QC 2C"], "0:truco 1:raise 0:accept 0:KH 1:KS 0:5S")
    assert hinted(rec) == "2C"


# ===================================================================== tip 10: hold a sure card
def test_tip10_keeps_the_sure_card_for_trick_three() -> None:
    rec = record(["3D QC 6H", "5S 4C JC"], "0:truco 1:accept 0:3D 1:5S")
    table = table_at(rec)
    assert table.level == ai.CERTAIN and table.raise_word() is None
    assert hinted(rec) == "6H"


def test_tip10_closes_the_hand_without_a_sure_card() -> None:
    rec = record(["3D 2H 6H", "5S 4C JC"], "0:truco 1:accept 0:3D 1:5S")
    table = table_at(rec)
    assert code(ai.take_the_first_trick_seriously(table)) == "6H"
    assert hinted(rec) == "2H"


# ===================================================================== tip 11: when to call
def test_tip11_calls_truco_at_level_two() -> None:
    rec = record(["QS QD 5S", "4C 4D JC"])
    assert table_at(rec).level == ai.STRONG_POSITION
    assert hinted(rec) == "truco"


def test_tip11_raises_only_at_level_three() -> None:
    # Seat 0 won trick 1 after seat 1's accepted truco; now it may raise.
    rec = record(["5S QC QH", "4C 4D JC"], "1:truco 0:accept 1:4C 0:5S", dealer=0)
    assert table_at(rec).raise_word() == "raise"
    assert hinted(rec) == "raise"
    rec = record(["5S QS 2H", "4C 4D JC"], "1:truco 0:accept 1:4C 0:5S", dealer=0)
    assert table_at(rec).level == ai.STRONG_POSITION
    assert hinted(rec) == "QS"  # tip 10: no sure card, so the strongest closes the hand


def test_tip11_calls_near_the_opponents_target_only_at_level_three() -> None:
    assert hinted(record(["QS QD 5S", "4C 4D JC"], scores=[0, 10])) != "truco"
    assert hinted(record(["QC QH 5S", "4C 4D JC"], scores=[0, 10])) == "truco"


# ===================================================================== tip 13: mão de ferro
def test_tip13_plays_a_uniformly_random_blind_card() -> None:
    player = TrucoHeuristic()
    slots: Counter[int] = Counter()
    for view in random_views(4, "paulista", 1200, seed=31, scores=[11, 11, 11, 11]):
        assert view.kind == FERRO
        legal = view.legal_actions()
        chosen = player.decide(view)
        slots[legal.index(chosen) * 10 + len(legal)] += 1
    for held in (3, 2):
        counts = [slots[k * 10 + held] for k in range(held)]
        assert min(counts) > 0.7 * sum(counts) / held


def test_tip13_hint_is_a_blind_slot() -> None:
    rec = record(["QD 5S 6H", "4C 4D JC"], scores=[11, 11])
    assert view_at(rec).kind == FERRO
    assert hint(rec) == hint(rec)


# ===================================================================== tip 14: remember the partners' cards
ONZE_FOUR = ["3S 4D 5C", "5S 6S 6D", "QH QC 4S", "2S JH KD"]


def test_tip14_a_partners_card_is_sure_when_the_partner_holds_what_beats_it() -> None:
    # Mão de onze, dealer 1: seat 2 decides and leads copas; seat 0 saw the zap in seat 2's hand.
    rec = record(ONZE_FOUR, "2:play 2:QH 3:2S", dealer=1, scores=[11, 0, 11, 0])
    table = table_at(rec)
    assert not table.unseen >> DECK.index["QC"] & 1
    assert hinted(rec) == "4D"
    # In a normal hand nobody saw the zap: the copas is not sure and seat 0 beats the 2 itself.
    table = table_at(record(ONZE_FOUR, "2:QH 3:2S", dealer=1))
    assert ai.play_with_the_partner(table) is None
    assert code(ai.take_the_first_trick_seriously(table)) == "3S"


# ===================================================================== every decision is legal and repeatable
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_the_heuristic_only_returns_legal_actions(players: int, variant: str) -> None:
    rng = random.Random(players)
    options = RULES.parse_options({"variant": variant}, players)
    player = TrucoHeuristic(random.Random(1))
    for hand_number in range(40):
        dealer = hand_number % players
        team_scores = [rng.choice([0, 5, 9, 10, 11]), rng.choice([0, 5, 9, 10, 11])]
        scores = [team_scores[s % 2] for s in range(players)]
        deal = RULES.random_deal(rng, options, players, dealer)
        state = narrowed(TrucoHand, RULES.new_hand(options, players, dealer, deal, scores))
        while not state.complete:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            chosen = player.decide(view)
            assert chosen in view.legal_actions()
            # Half the seats play at random so that the heuristic meets odd positions too.
            if seat % 2:
                chosen = rng.choice(view.legal_actions())
            state.apply(chosen)


def test_hints_are_deterministic() -> None:
    for view in random_views(4, "paulista", 400, seed=41):
        assert TrucoHeuristic().decide(view) == TrucoHeuristic().decide(view)
    rec = record(["5S KH 3D", "4C 6H JS"])
    assert hint(rec) == hint(rec)


def test_the_heuristic_is_registered() -> None:
    # One level for the three variants: it hands Paulista and Mineiro views to this player.
    assert computer_levels(RULES)["heuristic"] is HeuristicByVariant
    assert isinstance(HeuristicByVariant().brazilian, TrucoHeuristic)


# ===================================================================== strength
@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "variant", "share"),
    [(2, "paulista", 0.9), (4, "paulista", 0.9), (6, "paulista", 0.85), (2, "mineiro", 0.9), (4, "mineiro", 0.9)],
)
def test_the_heuristic_beats_random(players: int, variant: str, share: float) -> None:
    """Both seatings, the heuristic side first and second; a match won is one its side finished alone ahead."""
    options = RULES.parse_options({"variant": variant}, players)
    won = 0
    for first in ("heuristic", "random"):
        other = "random" if first == "heuristic" else "heuristic"
        seats = [first, other] * (players // 2)
        out = simulate(RULES, seats, options, matches=500, seed=1)
        won += out["sole_wins_by_seat"][seats.index("heuristic")]
    assert won >= share * 1000
