"""The ``heuristic`` computer player for Truco Argentino.

It plays by rules of thumb, each one a function below named by what it does.  Calls come first: the flor when
it is due (``sing_the_flor``), the answers to a flor (``flor_contest``), to an envido (``answer_the_envido``)
and to a truco (``envido_first`` puts the envido first, then ``answer_truco``); on its own turn the seat
considers the envido (``envido_by_count``, then the rare ``bluff_envido``) before the truco (``call_truco``,
then ``bluff_truco``).  Then the card: ``play_with_the_partner`` (the partner wins), ``the_second_trick``,
``card_play`` (everything else), each choosing the lowest card that does the job (``keep_the_ancho``).  No
rule ever answers ``mazo``: folding pays the opponents at least as much as losing the hand, and one point
more while the envido is open.

``Table`` gathers once what the rules judge by: the cards held by strength, the cards this seat has not seen,
the sure cards, the tricks still needed and the level of the position.  The player sees only its seat's
view; its random choices (the two bluffs) come from ``random_for(view)``, so a hint is the same every time
for the same view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine.cards import bits
from cardtable.engine.game import Action, View
from cardtable.engine.hints import bluffing
from cardtable.engine.players import ComputerPlayer
from cardtable.games.truco.ai import TrucoHeuristic
from cardtable.games.truco.argentino import (
    CALLS,
    DECK,
    ENVIDO_POINTS,
    HIDDEN_PLAYS,
    STRENGTH,
    TOP_VALUE,
    ArgentinoView,
    Call,
    Phase,
    envido_allows,
)
from cardtable.games.truco.rules import TrucoView

# Strengths the tips name (rules of the variant, Cards).
ANCHO = 13  # the ancho de bastos; the ancho de espadas (14) is above it
THREE = 10
BRAVA = 11
STRONG = 9  # a 2: "strong" cards are the bravas, the 3s and the 2s
FALSE_ACE = 8  # "nothing better than a king" means no card of this strength or more

# Levels of a position.
CERTAIN, STRONG_POSITION, FAIR, WEAK = 3, 2, 1, 0

#: The envido word called on one's own turn, by the lowest count that calls it (best first).
ENVIDO_BY_COUNT = ((32, Call.FALTA_ENVIDO), (30, Call.REAL_ENVIDO), (27, Call.ENVIDO))
#: Raising an envido chain, by the lowest count that raises with each word (best first).
ENVIDO_RAISES = ((32, Call.FALTA_ENVIDO), (30, Call.REAL_ENVIDO), (29, Call.ENVIDO))
#: The count that accepts a single envido, a chain worth 3 to 5, and one worth 7 or a falta.
ACCEPT_ENVIDO, ACCEPT_CHAIN, ACCEPT_BIG_CHAIN = 26, 28, 30
#: By the call to answer, the lowest flor count for each answer (best first); below all, refuse.
FLOR_ANSWERS = {
    Call.FLOR: ((36, Call.CONTRAFLOR_AL_RESTO), (33, Call.CONTRAFLOR), (30, Call.ACCEPT)),
    Call.CONTRAFLOR: ((36, Call.CONTRAFLOR_AL_RESTO), (32, Call.ACCEPT)),
    Call.CONTRAFLOR_AL_RESTO: ((34, Call.ACCEPT),),
}
#: How often a hand that call_truco would not call calls truco anyway, and the dealer's envido bluff.
BLUFF_AFTER_WINNING_FIRST_TRICK = 0.15
BLUFF_OTHERWISE = 0.05
BLUFF_ENVIDO_AS_DEALER = 0.10
#: A bluffed envido proposes 2 points (it is never bluffed when those would give the opponents the match).
ENVIDO_BLUFF_STAKE = ENVIDO_POINTS[Call.ENVIDO]


# ===================================================================== the facts of a decision
def keep_the_ancho(cards: Sequence[int]) -> int:
    """The lowest of ``cards`` that all do the job: the anchos are spent only when nothing lower will do."""
    return min(cards, key=lambda card: (STRENGTH[card], card))


class Table:
    """The facts of one decision, gathered once and shared by the tips."""

    def __init__(self, view: ArgentinoView) -> None:
        self.view = view
        self.seat = seat = view.seat
        self.team = team = seat % 2
        self.players = view.players
        self.target = view.target
        self.our_score = view.team_scores[team]
        self.their_score = view.team_scores[1 - team]
        self.mano = view.mano == seat
        self.dealer = view.dealer == seat
        #: The cards held, weakest first.
        self.cards = sorted(bits(view.hand), key=lambda card: (STRENGTH[card], card))
        self.results = results = view.results
        self.finished = len(view.tricks)
        self.won_first = bool(results) and results[0] == team
        self.tied_first = bool(results) and results[0] is None
        self.lost_any = 1 - team in results
        trick = view.trick
        self.leading = not trick
        self.in_trick = any(s == seat for s, _card in trick)
        self.last_to_play = len(trick) == view.players - 1 and not self.in_trick
        # A face-down card (None to the other seats) has strength 0.
        opposing = [STRENGTH[card] if card is not None else 0 for s, card in trick if s % 2 != team]
        ours = [STRENGTH[card] if card is not None else 0 for s, card in trick if s % 2 == team]
        self.opposing_top = max(opposing, default=-1)
        self.team_top = max(ours, default=-1)
        self.unseen = DECK.full & ~self.seen()
        self.unseen_top = max((STRENGTH[card] for card in bits(self.unseen)), default=0)
        # Once this seat has played to the trick, its held cards are for later tricks, which this trick's cards miss.
        beaten_by = max(self.unseen_top, self.opposing_top) if not self.in_trick else self.unseen_top
        #: Held cards that nothing unseen (nor an opposing card in this trick) can beat or tie, weakest first.
        self.sure = [card for card in self.cards if STRENGTH[card] > beaten_by]
        self.needed = 2 if self.finished == 0 or (self.finished == 1 and results[0] == 1 - team) else 1
        self.level = self.position_level()

    def seen(self) -> int:
        """Own cards and every card played face up (and this seat's own face-down cards)."""
        view = self.view
        seen = view.hand
        for _leader, cards, _hidden, _winner in view.tricks:
            for card in cards:
                if card is not None:
                    seen |= 1 << card
        for _seat, card in view.trick:
            if card is not None:
                seen |= 1 << card
        return seen

    def count(self, at_least: int) -> int:
        return sum(1 for card in self.cards if STRENGTH[card] >= at_least)

    def position_level(self) -> int:
        if len(self.sure) >= self.needed:
            return CERTAIN
        bravas = self.count(BRAVA)
        strong = self.count(STRONG)
        if (
            bravas >= 2
            or (self.finished == 0 and self.count(ANCHO) >= 1 and strong >= 2)
            or (self.needed == 1 and self.count(THREE) >= 1)
        ):
            return STRONG_POSITION
        if bravas == 1 or strong >= 2 or (self.won_first and not self.lost_any):
            return FAIR
        return WEAK

    # ----------------------------------------------------------------- actions
    def play(self, card: int) -> Action:
        return self.view.plays[card]

    def play_low(self, card: int) -> Action:
        """A card given up: face down from trick 2 on, so the opponents learn nothing from it."""
        return HIDDEN_PLAYS[self.seat][card] if self.finished else self.view.plays[card]

    def call(self, word: Call) -> Action:
        return CALLS[self.seat][word]

    def may(self, word: Call) -> bool:
        return self.call(word) in self.view.legal

    def beaters(self) -> list[int]:
        """Held cards that beat every opposing card in the trick, weakest first."""
        return [card for card in self.cards if STRENGTH[card] > self.opposing_top]

    def raise_word(self) -> Call | None:
        """``truco`` or ``raise`` when this seat may call one now, else None."""
        for word in (Call.TRUCO, Call.RAISE):
            if self.may(word):
                return word
        return None

    def opponents_would_reach_target(self, points: int) -> bool:
        return self.their_score + points >= self.target


# ===================================================================== card choice
def card_play(table: Table) -> Action:
    """Lead the middle card; follow with the lowest card that beats, a tie after winning trick 1, or the lowest."""
    cards = table.cards
    if table.leading:
        return table.play(cards[(len(cards) - 1) // 2])
    beaters = table.beaters()
    if beaters:
        return table.play(keep_the_ancho(beaters))
    if table.won_first:
        ties = [card for card in cards if STRENGTH[card] == table.opposing_top]
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


def the_second_trick(table: Table) -> Action | None:
    """Trick 2 after a parda decides the hand: play the highest card (or a lower one that does as well).
    Leading trick 2 after winning trick 1: keep a sure card for trick 3, else lead the strongest card.

    (Leading trick 2 after losing trick 1 never arises: the winner of trick 1 leads trick 2.)
    """
    if table.finished != 1:
        return None
    cards = table.cards
    if table.tied_first:
        if table.leading:
            # Any sure card wins the hand as well as the highest one.
            return table.play(table.sure[0] if table.sure else cards[-1])
        beaters = table.beaters()
        if beaters:
            sure_beaters = [card for card in beaters if card in table.sure]
            if table.last_to_play:
                return table.play(beaters[0])
            return table.play(sure_beaters[0] if sure_beaters else cards[-1])
        ties = [card for card in cards if STRENGTH[card] == table.opposing_top]
        if ties:  # a second parda sends the hand to trick 3, which beats losing it here
            return table.play(ties[0])
        return table.play_low(cards[0])
    if table.leading and table.won_first:
        if table.sure:
            others = [card for card in cards if card not in table.sure]
            return table.play(others[0] if others else table.sure[0])
        return table.play(cards[-1])
    return None


def choose_card(table: Table) -> Action:
    return play_with_the_partner(table) or the_second_trick(table) or card_play(table)


# ===================================================================== the flor
def sing_the_flor(table: Table) -> Action:
    """The flor is compulsory: when it is due, singing it is the only legal action."""
    return table.call(Call.FLOR)


def flor_contest(table: Table) -> Action:
    """Answer a flor by the own flor count; never refuse what would give the opponents the match."""
    view = table.view
    assert view.flor is not None and view.flor_count is not None and view.refuse_worth is not None
    allowance = 1 if table.mano else 0  # the mano wins equal counts
    for needs, word in FLOR_ANSWERS[view.flor.calls[-1]]:
        if view.flor_count >= needs - allowance:
            return table.call(word)
    if table.opponents_would_reach_target(view.refuse_worth):
        return table.call(Call.ACCEPT)
    return table.call(Call.REFUSE)


# ===================================================================== the envido
def envido_word_for(count: int) -> Call | None:
    """The envido word for an envido count, or None below 27."""
    return next((word for needs, word in ENVIDO_BY_COUNT if count >= needs), None)


def envido_by_count(table: Table) -> Action | None:
    """Open the envido on one's own turn: falta envido at 32 or more, real envido at 30-31, envido at 27-29."""
    word = envido_word_for(table.view.envido_count)
    return table.call(word) if word is not None and table.may(word) else None


def chain_needs(chain: Sequence[Call]) -> int:
    """The count that accepts this chain (a single envido, a chain worth 3 to 5, or more)."""
    if Call.FALTA_ENVIDO in chain:
        return ACCEPT_BIG_CHAIN
    worth = sum(ENVIDO_POINTS[word] for word in chain)
    if worth <= ENVIDO_POINTS[Call.ENVIDO]:
        return ACCEPT_ENVIDO
    return ACCEPT_CHAIN if worth <= 5 else ACCEPT_BIG_CHAIN


def answer_the_envido(table: Table) -> Action:
    """Raise with a big count, accept by the count against the chain's worth, and never refuse into the target.

    The mano wins equal counts, so it raises and accepts with one point less.
    """
    view = table.view
    assert view.envido is not None and view.refuse_worth is not None
    chain = view.envido.calls
    count = view.envido_count + (1 if table.mano else 0)
    for needs, word in ENVIDO_RAISES:
        if count >= needs and envido_allows(chain, word):
            return table.call(word)
    if count >= chain_needs(chain) or table.opponents_would_reach_target(view.refuse_worth):
        return table.call(Call.ACCEPT)
    return table.call(Call.REFUSE)


def envido_first(table: Table) -> Action | None:
    """Answering the first truco while the envido is open: call the envido word of ``envido_by_count`` first (none
    below 27)."""
    view = table.view
    if view.phase is not Phase.ANSWER or not view.envido_open:
        return None
    return envido_by_count(table)


# ===================================================================== the truco and the bluffs
def call_truco(table: Table) -> Action | None:
    """Truco at level 2, a raise only at level 3; when the opponents could reach the target, only at level 3."""
    word = table.raise_word()
    if word is None:
        return None
    needs = STRONG_POSITION
    if word is Call.RAISE or table.opponents_would_reach_target(table.view.value + 1):
        needs = CERTAIN
    return table.call(word) if table.level >= needs else None


def answer_truco(table: Table) -> Action:
    """Accept far more often than refuse: accepting value n over giving c pays above (n - c) / 2n."""
    view = table.view
    assert view.proposed is not None
    raise_now = table.level == CERTAIN and view.proposed < TOP_VALUE
    if table.opponents_would_reach_target(view.value):
        return table.call(Call.RAISE if raise_now else Call.ACCEPT)
    if raise_now:
        return table.call(Call.RAISE)
    hopeless = table.lost_any or (table.finished == 0 and table.count(FALSE_ACE) == 0)
    if table.level == WEAK and hopeless:
        return table.call(Call.REFUSE)
    return table.call(Call.ACCEPT)


def bluff_truco(table: Table, rng: random.Random) -> Action | None:
    """Call truco now and then without the cards for it, more often after winning trick 1."""
    if table.raise_word() is not Call.TRUCO or table.opponents_would_reach_target(table.view.value + 1):
        return None
    chance = BLUFF_AFTER_WINNING_FIRST_TRICK if table.won_first and not table.lost_any else BLUFF_OTHERWISE
    return table.call(Call.TRUCO) if rng.random() < chance else None


def bluff_envido(table: Table, rng: random.Random) -> Action | None:
    """The dealer, without the count for it, calls envido now and then."""
    if not table.dealer or not table.may(Call.ENVIDO) or table.opponents_would_reach_target(ENVIDO_BLUFF_STAKE):
        return None
    return table.call(Call.ENVIDO) if rng.random() < BLUFF_ENVIDO_AS_DEALER else None


# ===================================================================== the player
class ArgentinoHeuristic(ComputerPlayer[ArgentinoView]):
    """Calls, answers and plays by the variant's strategy tips, seeing only its own seat."""

    level = "heuristic"

    def decide(self, view: View) -> Action:
        assert isinstance(view, ArgentinoView)
        table = Table(view)
        phase = view.phase
        if phase is Phase.SING_FLOR:
            return sing_the_flor(table)
        if phase is Phase.ANSWER_FLOR:
            return flor_contest(table)
        if phase is Phase.ANSWER_ENVIDO:
            return answer_the_envido(table)
        if phase is Phase.ANSWER:
            return envido_first(table) or answer_truco(table)
        rng = self.random_for(view)
        if view.envido_open:
            call = envido_by_count(table) or bluffing(self, bluff_envido(table, rng))
            if call is not None:
                return call
        if table.raise_word() is not None:
            call = call_truco(table) or bluffing(self, bluff_truco(table, rng))
            if call is not None:
                return call
        return choose_card(table)


class HeuristicByVariant(ComputerPlayer[View]):
    """Truco's ``heuristic`` level: the Paulista and Mineiro player, or the Argentine one, by the view it gets."""

    level = "heuristic"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self.brazilian = TrucoHeuristic(rng)
        self.argentine = ArgentinoHeuristic(rng)

    def decide(self, view: View) -> Action:
        self.brazilian.bluffs = self.argentine.bluffs = self.bluffs
        if isinstance(view, ArgentinoView):
            return self.argentine.decide(view)
        assert isinstance(view, TrucoView)
        return self.brazilian.decide(view)
