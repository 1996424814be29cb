"""The ``heuristic`` computer player for Manille.

It plays nineteen strategy tips, each one a function below named after its tip, in a fixed order of
precedence.  A tip returns the card (or call, or statement) it wants, or ``None`` when it does not apply, and
the first answer decides.  Card counting (``cardtable.games.cardcount``) tells the tips who may still hold
what, from the cards played and from what the other seats said at the table.  In the last tricks the player
stops guessing: ``endgame_search`` deals the unseen cards in every way consistent with the count, solves each
deal exactly (``cardtable.games.endgame``), and keeps the card with the best average.

The player sees only its seat's view, and its only randomness (the choice of deals to sample when there are
too many) comes from ``random_for(view)``, so a hint is the same every time for the same view.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from cardtable.engine.cards import cards_in, lowest
from cardtable.engine.game import Action, Verb
from cardtable.engine.players import ComputerPlayer
from cardtable.games.cardcount import CardCount, count_cards
from cardtable.games.endgame import EndgameRules, best_cards, sample_deals, trick_winner
from cardtable.games.manille.rules import (
    ACE,
    AUCTION,
    COUNT,
    DECK,
    DOUBLING,
    FRENCH,
    FULL_DECK,
    HOLDS,
    LEAD,
    NO_TRUMP,
    PIPS,
    QUOTA,
    SAY_VERB,
    TEN,
    THREE_PLAYER_DECK,
    TRUMP_CHOICE,
    TRUMP_VERB,
    Call,
    ManilleView,
    Statement,
    follow_rules,
    learn_from_talk,
)
from cardtable.games.trickplay import first_answer, low_from_longest, play_card
from cardtable.games.tricks import FollowRules

SUIT_COUNT = len(DECK.suits)
SUIT_MASKS = DECK.suit_masks[:SUIT_COUNT]
SUIT_OF = DECK.suit_of
STRENGTH = DECK.strength_of
RANKS_PER_SUIT = len(DECK.ranks)
TENS = sum(1 << (suit * RANKS_PER_SUIT + TEN) for suit in range(SUIT_COUNT))
ACES = sum(1 << (suit * RANKS_PER_SUIT + ACE) for suit in range(SUIT_COUNT))
KINGS = sum(1 << (suit * RANKS_PER_SUIT + ACE - 1) for suit in range(SUIT_COUNT))
#: The spec's tie-break: fewest pips, then the lowest rank, then the suit order S, H, D, C.
TIE_KEY = tuple(PIPS[c] * 100 + STRENGTH[c] * 10 + SUIT_OF[c] for c in range(len(DECK.codes)))

#: The endgame search takes over once a seat holds this many cards or fewer.
ENDGAME_TRICKS = 3
#: At most this many deals of the unseen cards are solved per decision; beyond it a seeded sample is drawn.
ENDGAME_DEALS = 40
#: Deals are listed in full (then sampled uniformly) when there can be at most this many.  Three cards a seat
#: leave at most 9 unseen cards, so at most C(9, 3) x C(6, 3) = 1680 deals: every endgame is listed in full.
ENDGAME_ENUMERATION = 3000

# The knock round's and the auction's constants, as the rules file gives them.
KNOCK_STRENGTH = 9
COUNTER_STRENGTH = 11
COUNTER_STRENGTH_WITH_MAKER = 9
AUCTION_BASE = 14
AUCTION_PER_TRUMP = 4
AUCTION_PER_TEN = 5
AUCTION_PER_ACE = 2
AUCTION_MARGIN = 2
AUCTION_OVER_PARTNER = 5
#: The trick points a side can expect on top of its pips in the French house.
AUCTION_FRENCH_TRICKS = 4
# The Belgian trump choice: no trump with this many top cards; a suit with this many cards, or one
# card fewer with its 10.
NO_TRUMP_TOP_CARDS = 4
TRUMP_SUIT_LENGTH = 4
# A seat with this many trumps counts them for its partner.
TRUMPS_WORTH_COUNTING = 4


def cheapest(mask: int) -> int:
    """The card the tie-break prefers among ``mask`` (which must not be empty)."""
    return min(cards_in(mask), key=TIE_KEY.__getitem__)


def richest(mask: int) -> int:
    """The card of ``mask`` with the most pips; ties go to the lowest rank, then the suit order."""
    return min(cards_in(mask), key=lambda card: (-PIPS[card], STRENGTH[card], SUIT_OF[card]))


class Table:
    """The facts of one card decision, gathered once and shared by the tips."""

    def __init__(self, view: ManilleView) -> None:
        self.view = view
        self.seat = seat = view.seat
        self.players = players = view.players
        self.trump: int = view.trump if view.trump is not None else -1
        self.trump_mask = SUIT_MASKS[self.trump] if view.trump is not None else 0
        self.hand = view.hand
        self.legal = view.legal_mask
        self.rules: FollowRules = follow_rules(view.options)
        in_play = THREE_PLAYER_DECK if players == 3 else FULL_DECK
        self.count: CardCount = count_cards(view, DECK, self.rules, in_play)
        learn_from_talk(self.count, view)
        self.partner: int | None = (seat + 2) % 4 if players == 4 else None
        self.opponents = [s for s in range(players) if s != seat and s != self.partner]
        self.others = [s for s in range(players) if s != seat]
        self.trick = view.trick
        self.leading = not self.trick
        if self.trick:
            self.led_suit = SUIT_OF[self.trick[0][1]]
            self.win_seat, self.win_card = trick_winner(DECK, self.trick, view.trump)
        else:
            self.led_suit = self.win_card = self.win_seat = -1
        self.trick_pips = sum(PIPS[card] for _seat, card in self.trick)
        self.later = [(seat + k) % players for k in range(1, players - len(self.trick))]
        self.is_last = not self.later and not self.leading
        self.playable = self._spare_trump_ten(self.legal)
        #: What every trick is worth besides its pips (the French house's point).
        self.trick_point = view.options.trick_point if players == 4 else 0

    # ----------------------------------------------------------------- shared judgements
    def is_opponent(self, seat: int) -> bool:
        return seat != self.seat and seat != self.partner

    def partner_winning(self) -> bool:
        return self.partner is not None and self.win_seat == self.partner

    def nobody_else_may_trump(self) -> bool:
        return not any(self.count.may_hold_trump(s) for s in self.others)

    def no_opponent_may_trump(self) -> bool:
        return not any(self.count.may_hold_trump(s) for s in self.opponents)

    def winners(self, mask: int) -> int:
        """The cards of ``mask`` that would take the trick from its current winning card."""
        if self.leading:
            return 0
        win_card = self.win_card
        higher = mask & DECK.above[win_card]
        if SUIT_OF[win_card] == self.trump:
            return higher
        return higher | (mask & self.trump_mask)

    def cheapest_winner(self, winners: int) -> int:
        """The cheapest winner: a card of the led suit before a trump, the lowest-ranked of those."""
        in_suit = winners & SUIT_MASKS[self.led_suit]
        pool = in_suit or winners
        return (pool & -pool).bit_length() - 1

    def suit_length(self, suit: int) -> int:
        return (self.hand & SUIT_MASKS[suit]).bit_count()

    def _spare_trump_ten(self, legal: int) -> int:
        """The guard: keep the trump 10 out of every choice unless one of its three cases holds."""
        if self.trump < 0:
            return legal
        trump_ten = 1 << (self.trump * RANKS_PER_SUIT + TEN)
        if not legal & trump_ten or legal == trump_ten:
            return legal
        if self.trick_pips >= 4 and not self.leading:
            return legal  # the trump 10 wins any trick it is played to
        if self.nobody_else_may_trump():
            return legal
        return legal & ~trump_ten


# ===================================================================== leading
def cash_side_tens(table: Table) -> int | None:
    """Lead a side-suit 10 that no opponent is known to be void in (longest such suit first)."""
    tens = table.playable & TENS & ~table.trump_mask
    safe = [card for card in cards_in(tens) if not any(table.count.is_void(o, SUIT_OF[card]) for o in table.opponents)]
    if not safe:
        return None
    longest = max(table.suit_length(SUIT_OF[card]) for card in safe)
    return cheapest(sum(1 << card for card in safe if table.suit_length(SUIT_OF[card]) == longest))


def listen_to_partner(table: Table) -> int | None:
    """Lead what the partner's statements of this hand ask for, the most recent first.

    His request for a side suit we hold (while he may still trump it), his 10 of a side suit we can lead low
    to, or his four trumps and more (then we draw trumps with our lowest, not the trump 10).
    """
    if table.partner is None:
        return None
    hand = table.playable
    for statement in reversed(table.view.talk):
        if statement.seat != table.partner:
            continue
        if statement.say == LEAD and statement.suit is not None and statement.suit != table.trump:
            ours = hand & SUIT_MASKS[statement.suit]
            if ours and table.count.may_hold_trump(table.partner):
                return lowest(ours)
        elif statement.say == HOLDS and statement.card is not None and STRENGTH[statement.card] == TEN:
            suit = SUIT_OF[statement.card]
            ours = hand & SUIT_MASKS[suit]
            unplayed = not table.count.played >> statement.card & 1
            if suit != table.trump and unplayed and ours:
                return lowest(ours)
        elif (
            statement.say == COUNT
            and statement.suit == table.trump
            and statement.number is not None
            and statement.number >= TRUMPS_WORTH_COUNTING
        ):
            trump_ten = 1 << (table.trump * RANKS_PER_SUIT + TEN)
            ours = hand & table.trump_mask & ~trump_ten
            if ours:
                return lowest(ours)
    return None


def draw_trumps_low(table: Table) -> int | None:
    """Holding the trump 10 and two more trumps, lead the lowest trump to pull the others' trumps."""
    trumps = table.hand & table.trump_mask
    if not trumps or not trumps >> (table.trump * RANKS_PER_SUIT + TEN) & 1 or trumps.bit_count() < 3:
        return None
    return (trumps & -trumps).bit_length() - 1


def lead_sure_winners(table: Table) -> int | None:
    """Once no opponent can trump, lead a card that is the highest unplayed one of its suit."""
    if not table.no_opponent_may_trump():
        return None
    sure = table.count.my_masters()
    if table.nobody_else_may_trump():
        sure |= table.hand & table.trump_mask
    sure &= table.playable
    return cheapest(sure) if sure else None


def lead_short_suit(table: Table) -> int | None:
    """Lead the lowest card of the shortest side suit (trumps only when nothing else is held)."""
    side_cards = table.playable & ~table.trump_mask
    if not side_cards:
        return cheapest(table.playable)
    best_suit = min(
        (suit for suit in range(SUIT_COUNT) if side_cards & SUIT_MASKS[suit]),
        key=lambda suit: (table.suit_length(suit), STRENGTH[lowest(side_cards & SUIT_MASKS[suit])], suit),
    )
    return lowest(side_cards & SUIT_MASKS[best_suit])


# ===================================================================== following
def capture_opponents_ten(table: Table) -> int | None:
    """An opponent's 10 lies in the trick: take it with the cheapest winning card."""
    if not any(table.is_opponent(seat) and STRENGTH[card] == TEN for seat, card in table.trick):
        return None
    winners = table.winners(table.playable)
    return table.cheapest_winner(winners) if winners else None


def drop_ten_on_partners_lead(table: Table) -> int | None:
    """Partner led the A or K of a side suit: drop our 10 of that suit on it.

    The point is that our side takes the trick, so it is not done once an opponent has trumped in.
    """
    if table.partner is None or table.trick[0][0] != table.partner:
        return None
    led_card = table.trick[0][1]
    if SUIT_OF[led_card] == table.trump or not (1 << led_card) & (ACES | KINGS):
        return None
    if SUIT_OF[table.win_card] == table.trump and table.is_opponent(table.win_seat):
        return None
    ten = table.led_suit * RANKS_PER_SUIT + TEN
    return ten if table.legal >> ten & 1 else None


def load_partners_trick(table: Table) -> int | None:
    """Partner's trick is safe: give it our richest card, never the trump 10 or trump A."""
    if not table.partner_winning():
        return None
    if not table.is_last:
        if len(table.later) != 1:
            return None
        after = table.later[0]
        if not table.is_opponent(after):
            return None
        if not table.count.is_void(after, table.led_suit) or table.count.may_hold_trump(after):
            return None
    allowed = table.legal
    if table.trump >= 0:
        allowed &= ~(table.trump_mask & (TENS | ACES))
    return richest(allowed) if allowed else None


def win_cheaply_when_last(table: Table) -> int | None:
    """Last to play and able to win: win with the cheapest card, unless that spends pips on an empty trick."""
    if not table.is_last or table.partner_winning():
        return None
    winners = table.winners(table.playable)
    if not winners:
        return None
    winner = table.cheapest_winner(winners)
    if table.trick_pips >= 1 or PIPS[winner] == 0 or table.trick_point:
        return winner
    return play_fewest_pips(table)


def second_and_third_hand(table: Table) -> int | None:
    """Not last and able to win: win only with a sure winner; otherwise leave the choice to
    ``keep_ten_from_trumpers`` and ``play_fewest_pips``."""
    if table.is_last or table.partner_winning():
        return None
    winners = table.winners(table.playable)
    if not winners:
        return None
    count = table.count
    later_opponents = [s for s in table.later if table.is_opponent(s)]
    sure = 0
    led_mask = SUIT_MASKS[table.led_suit]
    master_of_led = table.count.masters() & led_mask
    if winners & master_of_led and not any(
        count.is_void(o, table.led_suit) and count.may_hold_trump(o) for o in later_opponents
    ):
        sure |= winners & master_of_led
    if table.trump >= 0:
        top_later_trump = max((count.highest_possible(o, table.trump) for o in later_opponents), default=-1)
        if top_later_trump >= 0:
            sure |= winners & table.trump_mask & DECK.above[top_later_trump]
        else:
            sure |= winners & table.trump_mask
    return cheapest(sure) if sure else None


def keep_ten_from_trumpers(table: Table) -> int | None:
    """Hold back our 10 of a side suit that a later opponent could trump: play another card of the suit."""
    suit = table.led_suit
    if suit == table.trump:
        return None
    ten = suit * RANKS_PER_SUIT + TEN
    if not table.hand >> ten & 1:
        return None
    count = table.count
    if not any(count.is_void(o, suit) and count.may_hold_trump(o) for o in table.later if table.is_opponent(o)):
        return None
    others = table.legal & SUIT_MASKS[suit] & ~(1 << ten)
    return cheapest(others) if others else None


def keep_trumps_in_french(table: Table) -> int | None:
    """French house: void, an opponent's trump winning and none of ours able to beat it: keep our trumps."""
    if table.view.options.house != FRENCH or table.trump < 0 or table.hand & SUIT_MASKS[table.led_suit]:
        return None
    if SUIT_OF[table.win_card] != table.trump or not table.is_opponent(table.win_seat):
        return None
    if table.winners(table.legal):
        return None
    return play_low_from(table, table.playable & ~table.trump_mask or table.playable)


def play_fewest_pips(table: Table) -> int:
    """Play the card with the fewest pips, from the longest side suit, keeping 10s and aces when possible."""
    return play_low_from(table, table.playable)


def play_low_from(table: Table, pool: int) -> int:
    """Among ``pool``: the fewest pips, from the longest side suit, 10s and aces only when nothing else."""
    if pool & ~(TENS | ACES):
        pool &= ~(TENS | ACES)
    return low_from_longest(pool, PIPS, DECK, table.hand, table.trump)


LEAD_TIPS: tuple[Callable[[Table], int | None], ...] = (
    cash_side_tens,
    listen_to_partner,
    draw_trumps_low,
    lead_sure_winners,
    lead_short_suit,
)
FOLLOW_TIPS: tuple[Callable[[Table], int | None], ...] = (
    capture_opponents_ten,
    drop_ten_on_partners_lead,
    load_partners_trick,
    win_cheaply_when_last,
    second_and_third_hand,
    keep_ten_from_trumpers,
    keep_trumps_in_french,
    play_fewest_pips,
)


def tips_choice(table: Table) -> int:
    """The card the tips pick, trying each in the rules' order of precedence."""
    card = first_answer(LEAD_TIPS if table.leading else FOLLOW_TIPS, table)
    return cheapest(table.legal) if card is None else card


# ===================================================================== calls
def hand_strength(hand: int, trump: int) -> int:
    """The count: 3 for the trump 10 and the trump A, 1 per other trump, 2 per side 10, 1 per side A."""
    trump_mask = SUIT_MASKS[trump]
    trumps = hand & trump_mask
    top_trumps = trumps & (TENS | ACES)
    side = hand & ~trump_mask
    return (
        3 * top_trumps.bit_count()
        + (trumps & ~top_trumps).bit_count()
        + 2 * (side & TENS).bit_count()
        + (side & ACES).bit_count()
    )


def no_trump_strength(hand: int) -> int:
    """The count for a hand without trump: 2 per 10, 1 per ace."""
    return 2 * (hand & TENS).bit_count() + (hand & ACES).bit_count()


def knock_or_counter_by_strength(view: ManilleView) -> Action:
    """Knock with strength 9+, counter with 11+ (9+ when the partner fixed trump), otherwise pass."""
    strength = no_trump_strength(view.hand) if view.trump is None else hand_strength(view.hand, view.trump)
    maker = view.trump_maker if view.trump_maker is not None else view.dealer
    if view.knocker is None:
        word = Call.KNOCK if strength >= KNOCK_STRENGTH else Call.PASS
    else:
        threshold = COUNTER_STRENGTH_WITH_MAKER if maker == (view.seat + 2) % 4 else COUNTER_STRENGTH
        word = Call.COUNTER if strength >= threshold else Call.PASS
    return Action(view.seat, Verb.CALL, word)


def auction_estimate(hand: int, suit: int, french: bool = False) -> int:
    """The estimate of the points our side takes with ``suit`` as trump (trick points in the French house)."""
    return (
        AUCTION_BASE
        + AUCTION_PER_TRUMP * (hand & SUIT_MASKS[suit]).bit_count()
        + AUCTION_PER_TEN * (hand & TENS).bit_count()
        + AUCTION_PER_ACE * (hand & ACES).bit_count()
        + (AUCTION_FRENCH_TRICKS if french else 0)
    )


def bid_what_the_hand_covers(view: ManilleView) -> Action:
    """Bid the lowest legal value in the best suit when the estimate covers it; otherwise pass."""
    french = view.options.house == FRENCH
    estimates = [auction_estimate(view.hand, suit, french) for suit in range(SUIT_COUNT)]
    best_suit = max(range(SUIT_COUNT), key=lambda suit: (estimates[suit], -suit))
    estimate = estimates[best_suit]
    high_seat, high_value = None, None
    for seat, value, _suit in view.bids:
        if value is not None:
            high_seat, high_value = seat, value
    lowest = view.options.quota + 1 if high_value is None else high_value + 1
    if high_seat == (view.seat + 2) % 4 and high_value is not None and estimate < high_value + AUCTION_OVER_PARTNER:
        return Action(view.seat, Verb.BID, Call.PASS)
    if lowest <= estimate - AUCTION_MARGIN and lowest <= deal_total(view):
        return Action(view.seat, Verb.BID, lowest, (("suit", DECK.suits[best_suit]),))
    return Action(view.seat, Verb.BID, Call.PASS)


def deal_total(view: ManilleView) -> int:
    """The points in a whole deal: 60 pips, a point a trick in the French house, the last-trick bonus."""
    return 60 + view.options.trick_point * view.cards_each + (1 if view.options.last_trick_bonus else 0)


# ===================================================================== the Belgian trump choice
def top_cards(hand: int) -> int:
    """The top cards: every 10, and every ace whose 10 is in the same hand."""
    tens = hand & TENS
    return tens | (hand & ACES & (tens >> (TEN - ACE)))


def longest_suit(hand: int, suits: range | list[int]) -> int:
    """The longest of ``suits`` in ``hand``; between equal lengths the most pips, then the order S, H, D, C."""
    return min(suits, key=lambda suit: (-(hand & SUIT_MASKS[suit]).bit_count(),
                                        -sum(PIPS[c] for c in cards_in(hand & SUIT_MASKS[suit])), suit))  # fmt: skip


def name_trump_by_the_hand(view: ManilleView) -> Action:
    """No trump with four top cards; else a long suit (4 cards, or 3 with its 10); else pass, or (the partner,
    who may not pass) the longest suit."""
    hand = view.hand
    if top_cards(hand).bit_count() >= NO_TRUMP_TOP_CARDS:
        return Action(view.seat, TRUMP_VERB, NO_TRUMP)
    fit = [suit for suit in range(SUIT_COUNT) if (length := (hand & SUIT_MASKS[suit]).bit_count()) >= TRUMP_SUIT_LENGTH
           or (length == TRUMP_SUIT_LENGTH - 1 and hand >> (suit * RANKS_PER_SUIT + TEN) & 1)]  # fmt: skip
    if fit:
        return Action(view.seat, TRUMP_VERB, DECK.suits[longest_suit(hand, fit)])
    if not view.trump_passed:
        return Action(view.seat, TRUMP_VERB, Call.PASS)
    return Action(view.seat, TRUMP_VERB, DECK.suits[longest_suit(hand, range(SUIT_COUNT))])


# ===================================================================== table talk
def already_said(view: ManilleView, statement: Action) -> bool:
    """Whether this seat has made ``statement`` before in the hand (a statement is never repeated)."""
    return any(made.action() == statement for made in view.talk if made.seat == view.seat)


def call_for_a_ruff(view: ManilleView) -> Action | None:
    """Holding a trump and void in a side suit we have not asked for yet: ask the partner to lead it."""
    if view.trump is None or not view.hand & SUIT_MASKS[view.trump]:
        return None
    for suit in range(SUIT_COUNT):
        if suit == view.trump or view.hand & SUIT_MASKS[suit]:
            continue
        request = Statement(view.seat, LEAD, suit, None, None, len(view.tricks)).action()
        if not already_said(view, request):
            return request
    return None


def show_the_manille(view: ManilleView) -> Action | None:
    """Holding the 10 of a side suit we have not shown yet: say so, so that the partner leads that suit low."""
    for suit in range(SUIT_COUNT):
        ten = suit * RANKS_PER_SUIT + TEN
        if suit == view.trump or not view.hand >> ten & 1:
            continue
        statement = Statement(view.seat, HOLDS, None, ten, None, len(view.tricks)).action()
        if not already_said(view, statement):
            return statement
    return None


def count_the_trumps(view: ManilleView) -> Action | None:
    """At our first card of the hand, with four trumps or more: say how many, so that the partner draws trumps."""
    if view.trump is None or view.hand.bit_count() != view.cards_each:
        return None
    trumps = (view.hand & SUIT_MASKS[view.trump]).bit_count()
    if trumps < TRUMPS_WORTH_COUNTING:
        return None
    statement = Statement(view.seat, COUNT, view.trump, None, trumps, len(view.tricks)).action()
    return None if already_said(view, statement) else statement


TALK_TIPS: tuple[Callable[[ManilleView], Action | None], ...] = (
    call_for_a_ruff,
    show_the_manille,
    count_the_trumps,
)


def statement_to_make(view: ManilleView, card_to_play: Callable[[], Action] | None = None) -> Action | None:
    """The statement the talk tips make now, or ``None``: they speak only when the view offers statements.

    ``card_to_play`` gives the card the seat would play now (asked only when a statement names a card): "I hold
    the 10♠" said just before leading the 10♠ tells the partner nothing the card itself does not, so that
    statement is left out and the next tip speaks, or the seat plays.
    """
    if not any(action.verb == SAY_VERB for action in view.legal):
        return None
    for tip in TALK_TIPS:
        statement = tip(view)
        if statement is None or statement not in view.legal:
            continue
        if card_to_play is not None and statement.value == HOLDS and names_card_played(statement, card_to_play()):
            continue
        return statement
    return None


def names_card_played(statement: Action, play: Action) -> bool:
    """Whether ``statement`` ("I hold the 10♠") names the card of ``play``."""
    return bool(statement.get("card") == play.value)


# ===================================================================== the endgame search
def endgame_rules(table: Table) -> EndgameRules:
    """Manille's tricks for the shared solver: pips by card, the French trick point, and the last trick's pip
    when the option is on."""
    return EndgameRules(DECK, PIPS, table.view.trump, table.rules, table.players, trick_bonus=table.trick_point,
                        last_trick_bonus=1 if table.view.options.last_trick_bonus else 0)  # fmt: skip


def endgame_search(table: Table, rng: random.Random) -> int:
    """Deal the unseen cards every way the count allows, solve each deal exactly, keep the best average.

    With too many deals a seeded sample is solved instead.  What is averaged is the hand's worth to our side
    (see ``hand_worth``).  Cards whose averages tie go to the tips' choice, then to the general tie-break.
    """
    deals = sample_deals(table.count, rng, ENDGAME_DEALS, ENDGAME_ENUMERATION)
    pips_so_far = table.view.side_pips[table.seat % 2 if table.players == 4 else table.seat]
    best = best_cards(endgame_rules(table), table.count, table.trick, table.legal, deals, hand_worth(table),
                      pips_so_far)  # fmt: skip
    preferred = tips_choice(table)
    if best >> preferred & 1:
        return preferred
    return cheapest(best)


def hand_worth(table: Table) -> list[float]:
    """For each pip total our side may end the hand with, what that is worth to us.

    The worth is what the hand adds to our score less what it adds to the other side's (the quota, the
    auction contract), with the pips themselves as a small tie-break so that a lost cause still fights.
    """
    if table.players == 3:
        quota = QUOTA[3]
        return [max(0, ours - quota) + ours / 1000 for ours in range(deal_total(table.view) + 1)]
    gains = hand_gains(table)
    return [gained - lost + ours / 1000 for ours, (gained, lost) in enumerate(gains)]


def hand_gains(table: Table) -> list[tuple[int, int]]:
    """At four players, for each pip total our side may end the hand with, what each side adds to its score (ours,
    theirs) before the hand's factors: the points above the quota, or the auction contract's."""
    view = table.view
    total = deal_total(view)
    quota = view.options.quota
    gains = []
    for ours in range(total + 1):
        theirs = total - ours
        if view.contract is None:
            gains.append((max(0, ours - quota), max(0, theirs - quota)))
            continue
        declarer, value, _suit = view.contract
        attack, defence = (ours, theirs) if declarer % 2 == table.seat % 2 else (theirs, ours)
        if attack >= value:
            attack_gain, defence_gain = attack - quota, 0
        else:
            attack_gain, defence_gain = 0, (value - quota) + max(0, defence - quota)
        gains.append((attack_gain, defence_gain) if declarer % 2 == table.seat % 2 else (defence_gain, attack_gain))
    return gains


# ===================================================================== the player
class ManilleHeuristic(ComputerPlayer[ManilleView]):
    """Manille's ``heuristic`` level: the rules' strategy tips with card counting and an endgame search."""

    level = "heuristic"

    def decide(self, view: ManilleView) -> Action:
        if view.phase == TRUMP_CHOICE:
            return name_trump_by_the_hand(view)
        if view.phase == AUCTION:
            return bid_what_the_hand_covers(view)
        if view.phase == DOUBLING:
            return knock_or_counter_by_strength(view)
        # The card is worked out at most once, and only if a statement would name one.
        planned = functools.cache(lambda: play_card(self, view, Table, tips_choice, endgame_search, ENDGAME_TRICKS))
        statement = statement_to_make(view, planned)
        if statement is not None:
            return statement
        return planned()
