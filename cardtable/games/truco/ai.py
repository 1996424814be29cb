"""The ``heuristic`` computer player for Truco.

It plays by rules of thumb, each one a function below named by what it does.  A card rule returns the action
it wants, or ``None`` when it does not apply, and the first answer in this order decides: ``mao_de_ferro``
(every seat blind), ``play_with_the_partner`` (the partner is winning), ``second_trick_after_a_tie_or_loss``,
``hold_a_sure_card_for_the_end`` (leading trick 2 after winning trick 1), ``take_the_first_trick_seriously``
(everything else).  Calls come from ``when_to_call`` and ``bluff_now_and_then`` (gathered by
``call_only_with_a_plan``), answers from ``when_to_answer`` (with ``refuse_a_weak_position``), the mão de onze
from ``mao_de_onze`` (in Mineiro, the mão de dez from ``mao_de_dez``, which runs far less often).

``Table`` gathers once what every rule judges by: the strength of each card (``know_the_manilhas``), the cards
this seat has not seen (``remember_the_partners_cards`` adds the partners' cards of a mão de onze), the sure
cards, the tricks still needed and the level of the position.  The player sees only its seat's view; its one
random choice (the bluff, the blind card of a mão de ferro) comes from ``random_for(view)``, so a hint is the
same every time for the same view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine.cards import bits
from cardtable.engine.game import Action
from cardtable.engine.hints import bluffing
from cardtable.engine.players import ComputerPlayer
from cardtable.games.truco.rules import (
    ANSWER,
    CALLS,
    DECIDE,
    DECK,
    FERRO,
    FIRST_MANILHA,
    HIDDEN_PLAYS,
    MINEIRO_STRENGTH,
    NORMAL,
    PAULISTA_STRENGTH,
    PLAY,
    TOP_VALUE,
    Call,
    TrucoView,
)

# Strengths the tips name (rules file, Cards).
ZAP = 14
COPAS = 13
THREE = 10
STRONG = 9  # a 2: "strong" cards are the manilhas, the 3s and the 2s
ACE = 8  # refuse_a_weak_position's "nothing higher than a king" means no card of this strength or more

# Levels of a position (rules file, Strategy tips).
CERTAIN, STRONG_POSITION, FAIR, WEAK = 3, 2, 1, 0

# How often a hand that when_to_call would not raise calls truco anyway.
BLUFF_AFTER_WINNING_FIRST_TRICK = 0.15
BLUFF_OTHERWISE = 0.05

#: By player count, the (manilhas, 3s and 2s) pairs of which any one is enough to play a mão de onze.
ONZE_PLAY = {2: ((2, 0), (1, 1), (0, 2)), 4: ((2, 0), (1, 1), (0, 3)), 6: ((2, 0), (1, 2), (0, 4))}
#: The same when losing the played hand would give the opponents the match.
ONZE_PLAY_AT_RISK = {2: ((2, 0), (1, 1)), 4: ((2, 0), (1, 2)), 6: ((2, 0), (1, 2))}


# ===================================================================== what the rules judge by
def know_the_manilhas(vira: int | None) -> Sequence[int]:
    """Every card's strength from what the seat sees: the vira (Paulista) or, without one, Mineiro's manilhas."""
    return PAULISTA_STRENGTH[vira] if vira is not None else MINEIRO_STRENGTH


def keep_the_zap(cards: Sequence[int], strength: Sequence[int]) -> int:
    """The lowest of ``cards`` that all do the job: the zap (or the best manilha left) is spent last."""
    return min(cards, key=lambda card: (strength[card], card))


def remember_the_partners_cards(view: TrucoView) -> int:
    """In a mão de onze the team on the brink keeps the partners' cards it saw at the decision in mind."""
    known = 0
    for _seat, cards in view.partner_cards:
        known |= cards
    return known


class Table:
    """The facts of one decision, gathered once and shared by the tips."""

    def __init__(self, view: TrucoView) -> None:
        self.view = view
        self.seat = seat = view.seat
        self.team = team = seat % 2
        self.players = view.players
        self.strength = strength = know_the_manilhas(view.vira)
        self.variant = view.options.rules
        self.target = view.options.target
        # Partners' scores are equal, so seat 0 and seat 1 carry the two teams' scores.
        self.our_score = view.scores[team]
        self.their_score = view.scores[1 - team]
        self.hand = view.hand
        #: The cards held, weakest first.
        self.cards = sorted(bits(view.hand), key=lambda card: (strength[card], card))
        self.results = results = view.results
        self.finished = len(view.tricks)
        self.won_first = bool(results) and results[0] == team
        self.tied_first = bool(results) and results[0] is None
        self.lost_first = bool(results) and results[0] == 1 - team
        self.lost_any = 1 - team in results
        self.trick = trick = view.trick
        self.leading = not trick
        self.in_trick = any(s == seat for s, _card in trick)
        self.last_to_play = len(trick) == view.players - 1 and not self.in_trick
        # A face-down card (None to the other seats) has strength 0.
        opposing = [strength[card] if card is not None else 0 for s, card in trick if s % 2 != team]
        ours = [strength[card] if card is not None else 0 for s, card in trick if s % 2 == team]
        self.opposing_top = max(opposing, default=-1)
        self.team_top = max(ours, default=-1)
        self.unseen = DECK.full & ~self.seen(view)
        self.unseen_top = max((strength[card] for card in bits(self.unseen)), default=0)
        # Once this seat has played to the trick, its held cards are for later tricks, which this trick's cards miss.
        beaten_by = max(self.unseen_top, self.opposing_top) if not self.in_trick else self.unseen_top
        #: Held cards that nothing unseen (nor an opposing card in this trick) can beat or tie, weakest first.
        self.sure = [card for card in self.cards if strength[card] > beaten_by]
        self.needed = self.tricks_needed()
        self.level = self.position_level()

    def seen(self, view: TrucoView) -> int:
        """Own cards, the partners' cards of a mão de onze, every card played face up and the vira."""
        seen = view.hand | remember_the_partners_cards(view)
        for _leader, cards, _hidden, _winner in view.tricks:
            for card in cards:
                if card is not None:
                    seen |= 1 << card
        for _seat, card in view.trick:
            if card is not None:
                seen |= 1 << card
        if view.vira is not None:
            seen |= 1 << view.vira
        return seen

    def tricks_needed(self) -> int:
        if self.finished == 0 or (self.finished == 1 and self.lost_first):
            return 2
        return 1

    def count(self, at_least: int) -> int:
        return sum(1 for card in self.cards if self.strength[card] >= at_least)

    def position_level(self) -> int:
        if len(self.sure) >= self.needed:
            return CERTAIN
        manilhas = self.count(FIRST_MANILHA)
        strong = self.count(STRONG)
        if (
            manilhas >= 2
            or (self.finished == 0 and self.count(COPAS) >= 1 and strong >= 2)
            or (self.needed == 1 and self.count(THREE) >= 1)
        ):
            return STRONG_POSITION
        if manilhas == 1 or strong >= 2 or (self.won_first and not self.lost_any):
            return FAIR
        return WEAK

    # ----------------------------------------------------------------- actions
    def play(self, card: int) -> Action:
        return self.view.plays[card]

    def play_low(self, card: int) -> Action:
        """A card given up: face down from trick 2 on, so the opponents learn nothing from it."""
        if self.finished and self.view.kind != FERRO:
            return HIDDEN_PLAYS[self.seat][card]
        return self.view.plays[card]

    def call(self, word: Call) -> Action:
        return CALLS[self.seat][word]

    def beaters(self) -> list[int]:
        """Held cards that beat every opposing card in the trick, weakest first."""
        return [card for card in self.cards if self.strength[card] > self.opposing_top]

    def raise_word(self) -> Call | None:
        """``truco`` or ``raise`` when this seat may call one now, else None."""
        view = self.view
        if view.phase != PLAY or view.kind != NORMAL or view.value >= TOP_VALUE:
            return None
        if view.last_raise_team is None:
            return Call.TRUCO
        return Call.RAISE if view.last_raise_team != self.team else None

    def proposed_value(self) -> int:
        return self.variant.next_value(self.view.value)


# ===================================================================== card choice
def take_the_first_trick_seriously(table: Table) -> Action:
    """Lead the middle card; follow with the lowest card that beats, a tie after winning trick 1, or the lowest."""
    cards = table.cards
    if table.leading:
        return table.play(cards[(len(cards) - 1) // 2])
    beaters = table.beaters()
    if beaters:
        return table.play(keep_the_zap(beaters, table.strength))
    if table.won_first:
        ties = [card for card in cards if table.strength[card] == table.opposing_top]
        if ties:
            return table.play(ties[0])
    return table.play_low(cards[0])


def play_with_the_partner(table: Table) -> Action | None:
    """The partner's card already takes the trick, for sure or because nobody plays after us: play low."""
    if table.leading or table.team_top <= table.opposing_top:
        return None
    if table.last_to_play or table.team_top > table.unseen_top:
        return table.play_low(table.cards[0])
    return None


def second_trick_after_a_tie_or_loss(table: Table) -> Action | None:
    """Trick 2 after a tied first trick decides the hand: play the highest card (or a lower one that does as well).

    The tip's other half, leading the highest card after losing trick 1, never arises: the winner of trick 1
    leads trick 2.  Following after a lost trick 1 is take_the_first_trick_seriously's.
    """
    if table.finished != 1 or not table.tied_first:
        return None
    strength, cards = table.strength, table.cards
    if table.leading:
        # Any sure card wins the hand as well as the highest one.
        return table.play(table.sure[0] if table.sure else cards[-1])
    beaters = table.beaters()
    if beaters:
        sure_beaters = [card for card in beaters if card in table.sure]
        if table.last_to_play:
            return table.play(beaters[0])
        if sure_beaters:
            return table.play(sure_beaters[0])
        return table.play(cards[-1])
    ties = [card for card in cards if strength[card] == table.opposing_top]
    if ties:
        # A second tie sends the hand to trick 3, which beats losing it here.
        return table.play(ties[0])
    return table.play_low(cards[0])


def hold_a_sure_card_for_the_end(table: Table) -> Action | None:
    """Leading trick 2 after winning trick 1: keep a sure card for trick 3, else close the hand now."""
    if table.finished != 1 or not table.leading or not table.won_first:
        return None
    if table.sure:
        others = [card for card in table.cards if card not in table.sure]
        return table.play(others[0] if others else table.sure[0])
    return table.play(table.cards[-1])


def mao_de_ferro(view: TrucoView, rng: random.Random) -> Action:
    """Blind: no card is better than another to this seat, so pick a slot at random."""
    return view.slot_action(int(rng.random() * view.slots))


def choose_card(table: Table) -> Action:
    for tip in (play_with_the_partner, second_trick_after_a_tie_or_loss, hold_a_sure_card_for_the_end):
        action = tip(table)
        if action is not None:
            return action
    return take_the_first_trick_seriously(table)


# ===================================================================== calls
def opponents_would_reach_target(table: Table, points: int) -> bool:
    return table.their_score + points >= table.target


def when_to_call(table: Table) -> Action | None:
    """Truco at level 2, a raise only at level 3; near the opponents' target only at level 3."""
    word = table.raise_word()
    if word is None:
        return None
    near_their_target = opponents_would_reach_target(table, table.proposed_value())
    needs = CERTAIN if word == Call.RAISE or near_their_target else STRONG_POSITION
    return table.call(word) if table.level >= needs else None


def bluff_now_and_then(table: Table, rng: random.Random) -> Action | None:
    """Call truco now and then without the cards for it, more often after winning trick 1."""
    if table.raise_word() != Call.TRUCO or opponents_would_reach_target(table, table.proposed_value()):
        return None
    chance = BLUFF_AFTER_WINNING_FIRST_TRICK if table.won_first and not table.lost_any else BLUFF_OTHERWISE
    return table.call(Call.TRUCO) if rng.random() < chance else None


def call_only_with_a_plan(table: Table, rng: random.Random, player: ComputerPlayer[TrucoView]
                               ) -> Action | None:  # fmt: skip
    """A call comes from ``when_to_call`` (the cards justify it) or ``bluff_now_and_then`` (a deliberate, rare
    bluff, when ``player`` may bluff: a hint does not unless the person allowed it), never otherwise."""
    return when_to_call(table) or bluffing(player, bluff_now_and_then(table, rng))


def refuse_a_weak_position(table: Table) -> Action | None:
    """Giving the current value away beats paying the raised one with a hand that cannot win."""
    if table.level != WEAK:
        return None
    if table.lost_any or (table.finished == 0 and table.count(ACE) == 0):
        return table.call(Call.REFUSE)
    return None


def when_to_answer(table: Table) -> Action:
    """Accept far more often than refuse: accepting value n over giving c pays above (n - c) / 2n."""
    view = table.view
    assert view.proposed is not None
    may_raise = view.proposed < TOP_VALUE
    certain = table.level == CERTAIN
    if opponents_would_reach_target(table, view.value):
        return table.call(Call.RAISE if certain and may_raise else Call.ACCEPT)
    answering_truco = view.proposed == table.variant.ladder[1]
    two_manilhas_with_zap = table.count(FIRST_MANILHA) >= 2 and table.count(ZAP) >= 1
    if may_raise and (certain or (answering_truco and two_manilhas_with_zap)):
        return table.call(Call.RAISE)
    return refuse_a_weak_position(table) or table.call(Call.ACCEPT)


def mao_de_onze(table: Table) -> Action:
    """Play the hand worth 3 (Mineiro 4) only with good cards across the team, stricter if losing it loses the match.

    Mineiro's mão de dez is decided by ``mao_de_dez``: there the tip's counts would run from most such hands.
    """
    manilhas, threes_and_twos = team_strong_cards(table)
    if table.variant.name == "mineiro":
        return mao_de_dez(table, manilhas, threes_and_twos)
    at_risk = opponents_would_reach_target(table, table.variant.brink_value)
    enough = (ONZE_PLAY_AT_RISK if at_risk else ONZE_PLAY)[table.players]
    good = any(manilhas >= m and threes_and_twos >= t for m, t in enough)
    return table.call(Call.PLAY if good else Call.RUN)


def team_strong_cards(table: Table) -> tuple[int, int]:
    """The mão de onze's counts over the team's cards (its own and the partners' seen at the decision): the
    manilhas, and the 3s and 2s that are not manilhas."""
    team_cards = table.hand | remember_the_partners_cards(table.view)
    strength = table.strength
    manilhas = sum(1 for card in bits(team_cards) if strength[card] >= FIRST_MANILHA)
    threes_and_twos = sum(1 for card in bits(team_cards) if STRONG <= strength[card] < FIRST_MANILHA)
    return manilhas, threes_and_twos


def mao_de_dez(table: Table, manilhas: int, threes_and_twos: int) -> Action:
    """Mineiro's hand on the brink: play it unless the team holds no strong card at all and a run is safe.

    A Mineiro team is on the brink at 10 and at 11, so a run leaves it there: it gives the opponents 2 and the
    next hand is again a mão de dez, with new cards.  Running a hopeless hand is therefore cheap, but only while
    those 2 points leave the opponents short of the brink themselves: once both teams are on it the next hand is
    a mão de ferro, played blind, a toss of a coin for the match.  Any manilha, 3 or 2 across the team makes the
    hand worth playing (it wins the match when it is won), so the decider runs only with none of them, and never
    when the run would bring the opponents to the brink.
    """
    brink = table.target - table.variant.base
    run_is_safe = table.their_score + table.variant.base < brink
    hopeless = manilhas == 0 and threes_and_twos == 0
    return table.call(Call.RUN if hopeless and run_is_safe else Call.PLAY)


# ===================================================================== the player
class TrucoHeuristic(ComputerPlayer[TrucoView]):
    """Calls, answers and plays by the rules file's strategy tips, seeing only its own seat."""

    level = "heuristic"

    def decide(self, view: TrucoView) -> Action:
        if view.kind == FERRO:
            return mao_de_ferro(view, self.random_for(view))
        table = Table(view)
        if view.phase == DECIDE:
            return mao_de_onze(table)
        if view.phase == ANSWER:
            return when_to_answer(table)
        if table.raise_word() is not None:
            call = call_only_with_a_plan(table, self.random_for(view), self)
            if call is not None:
                return call
        return choose_card(table)


def weak_position(view: TrucoView) -> bool:
    """Whether this player would call the seat's position weak: the measure the statistics judge a bluff by."""
    return Table(view).level == WEAK
