"""The ``heuristic`` computer player for Malilla.

It plays by rules of thumb, each one a function below named by what it does.  A rule returns the card (or
call) it wants, or ``None`` when it does not apply; the rules are tried in the order of ``LEAD_TIPS`` and
``FOLLOW_TIPS`` and the first answer decides.  Protecting the malillas (``spare_malillas``) and keeping the
trumps (``spare_trumps``) also act as filters: ``Table.playable`` is the legal cards less the malillas and
trumps they would spare.  The card count (``count_the_cards``, from ``cardtable.games.cardcount``) is what
every other rule reads.  In the last tricks the player stops guessing: ``endgame_search`` deals the unseen cards in
ways consistent with the count, solves each deal exactly (``cardtable.games.endgame``), and keeps the card
with the best average worth for the match.

The player sees only its seat's view, and its only randomness (the choice of deals to sample when there are
too many) comes from ``random_for(view)``, so a hint is the same every time for the same view.  The deck
comes from the view's options, so the 48-card deck (the 9 on top) is played by the same code: "the 7"
below means the top card of a suit, whichever deck is in use.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from cardtable.engine.cards import Deck, cards_in, lowest
from cardtable.engine.game import Action, Verb
from cardtable.engine.players import ComputerPlayer
from cardtable.games.cardcount import CardCount, count_cards
from cardtable.games.endgame import EndgameRules, best_cards, sample_deals, trick_winner
from cardtable.games.malilla.rules import ANSWER, FOLLOW_RULES, PLAYERS, TRICK_POINT, Call, MalillaView, Pack
from cardtable.games.trickplay import first_answer, low_from_longest, play_card
from cardtable.games.tricks import Duty, legal_follow

#: The endgame search takes over once a seat holds this many cards or fewer.
ENDGAME_TRICKS = 3
#: At most this many deals of the unseen cards are solved per decision; beyond it a seeded sample is drawn.
ENDGAME_DEALS = 40
#: Deals are listed in full (then sampled uniformly) when there can be at most this many.
ENDGAME_ENUMERATION = 3000

#: A follower who may be void in the suit counts as "likely to hold it" below this chance of a void.
LIKELY_VOID = 0.4
#: The trump malilla is spent on a trick holding this many points, or to draw the last trumps.
TRUMP_SEVEN_TRICK_POINTS = 4
#: The trump malilla is led to draw the last opposing trumps when the opponents hold at most this many.
LAST_TRUMPS = 2
#: With a choice of winners, a master is spent on a trick holding this many points.
MASTER_TRICK_POINTS = 4
#: A free seat trumps only a trick holding this many points, with a sure winner.
FREE_TRUMP_POINTS = 5
#: Trumps are led with this many of them, or with the trump malilla and ace (the usual advice is 4; 3 measured better).
TRUMP_LEAD_LENGTH = 3
#: The partner agrees to a redeal with at most this many card points and this many trumps.
REDEAL_AGREE_POINTS = 8
REDEAL_AGREE_TRUMPS = 2
REDEAL_CALL_TRUMPS = 1

#: What deciding the match is worth in the endgame, against at most one hand's result in points.
MATCH_WORTH = 1000.0


@functools.cache
def pack_facts(pack: Pack) -> PackFacts:
    return PackFacts(pack)


class PackFacts:
    """Masks of one deck that the tips use: its malillas, aces and honours, and the tie-break key."""

    def __init__(self, pack: Pack) -> None:
        deck = pack.deck
        self.deck: Deck = deck
        self.points = pack.points
        self.suit_count = len(deck.suits)
        self.suit_masks = deck.suit_masks[: self.suit_count]
        ranks = len(deck.ranks)
        self.sevens = pack.malillas
        self.aces = sum(1 << (suit * ranks + ranks - 2) for suit in range(self.suit_count))
        #: The cards ``give_points_to_partner`` gives a partner: the point cards below the malilla.
        self.honours = sum(
            1 << card for card in range(len(deck.codes)) if pack.points[card] and not self.sevens >> card & 1
        )
        #: Fewest points, then the lowest rank, then the suit order.
        self.tie_key = tuple(
            pack.points[c] * 1000 + deck.strength_of[c] * 10 + deck.suit_of[c] for c in range(len(deck.codes))
        )


def count_the_cards(view: MalillaView) -> CardCount:
    """What is gone, what is still out, and what each seat may hold (voids, failed duties).

    A free discard of a malilla of an unled suit shows that the seat held nothing else it could discard.
    """
    pack = view.options.pack
    deck = pack.deck
    forbidden_sevens = pack.malillas & ~deck.suit_masks[view.trump]
    return count_cards(view, deck, FOLLOW_RULES, deck.full, pack.cards_each, forbidden_sevens)


class Table:
    """The facts of one card decision, gathered once and shared by the tips."""

    def __init__(self, view: MalillaView) -> None:
        self.view = view
        self.pack = pack = view.options.pack
        self.facts = pack_facts(pack)
        self.deck = deck = pack.deck
        self.points = pack.points
        self.suit_of = deck.suit_of
        self.seat = seat = view.seat
        self.partner = (seat + 2) % PLAYERS
        self.opponents = [(seat + 1) % PLAYERS, (seat + 3) % PLAYERS]
        self.trump: int = view.trump
        self.trump_mask = deck.suit_masks[view.trump]
        self.hand = view.hand
        self.legal = view.legal_mask
        self.forbidden = view.forbidden
        self.count: CardCount = count_the_cards(view)
        self.outstanding = self.count.outstanding()
        self.trick = view.trick
        self.leading = not self.trick
        if self.trick:
            self.led_suit = self.suit_of[self.trick[0][1]]
            self.win_seat, self.win_card = trick_winner(deck, self.trick, self.trump)
            self.duty = legal_follow(deck, self.hand, self.led_suit, self.win_card, self.trump,
                                     self.win_seat == self.partner, FOLLOW_RULES)[1]  # fmt: skip
        else:
            self.led_suit = self.win_card = self.win_seat = -1
            self.duty = Duty.LEAD
        self.trick_points = sum(self.points[card] for _seat, card in self.trick)
        self.later = [(seat + k) % PLAYERS for k in range(1, PLAYERS - len(self.trick))]
        self.later_opponents = [s for s in self.later if s != self.partner]
        self.is_last = not self.later and not self.leading
        self.playable = spare_trumps(self, spare_malillas(self, self.legal))

    # ----------------------------------------------------------------- shared judgements
    def partner_winning(self) -> bool:
        return self.win_seat == self.partner

    def suit_length(self, suit: int) -> int:
        return (self.hand & self.deck.suit_masks[suit]).bit_count()

    def void_chance(self, seat: int, suit: int) -> float:
        """The chance that ``seat`` holds no card of ``suit``, with the unknown cards dealt at random."""
        count = self.count
        mask = self.deck.suit_masks[suit]
        if count.known[seat] & mask:
            return 0.0
        maybe = (count.possible[seat] & mask & ~count.known[seat]).bit_count()
        if not maybe:
            return 1.0
        pool = count.unseen
        for other in range(PLAYERS):
            if other != self.seat:
                pool &= ~count.known[other]
        pool_size = pool.bit_count()
        slots = count.remaining[seat] - count.known[seat].bit_count()
        # Hypergeometric: none of the ``maybe`` suit cards among the seat's ``slots`` unknown cards.
        chance = 1.0
        for k in range(slots):
            chance *= max(0, pool_size - maybe - k) / max(1, pool_size - k)
        return chance

    def may_beat(self, seat: int, card: int, led_suit: int) -> bool:
        """Whether ``seat`` may hold a card that would beat ``card`` on a trick led in ``led_suit``."""
        possible = self.count.possible[seat]
        deck = self.deck
        if possible & deck.above[card]:
            return True
        if self.suit_of[card] == self.trump:
            return False
        # A seat known to hold the led suit must follow it and cannot trump.
        if self.count.known[seat] & deck.suit_masks[led_suit]:
            return False
        return bool(possible & self.trump_mask)

    def likely_beaten(self, seat: int, card: int, led_suit: int) -> bool:
        """The judgement: ``seat`` may top ``card`` with a higher card, or is likely void and may trump."""
        possible = self.count.possible[seat]
        if possible & self.deck.above[card]:
            return True
        if self.suit_of[card] == self.trump or not possible & self.trump_mask:
            return False
        return self.void_chance(seat, led_suit) >= LIKELY_VOID

    def sure_for_team(self, card: int) -> bool:
        """Whether our side keeps the trick once we play ``card`` (no later opponent can take it)."""
        return self._kept_by_team(card, self.may_beat)

    def likely_for_team(self, card: int) -> bool:
        """As ``sure_for_team``, but a later opponent that is likely to hold the led suit does not trump."""
        return self._kept_by_team(card, self.likely_beaten)

    def _kept_by_team(self, card: int, can_take: Callable[[int, int, int], bool]) -> bool:
        """Whether our side holds the trick after ``card`` unless a later opponent ``can_take`` it."""
        if self.leading:
            led, win_card, win_seat = self.suit_of[card], card, self.seat
        else:
            led, win_card, win_seat = self.led_suit, self.win_card, self.win_seat
            if self.beats_now(card):
                win_card, win_seat = card, self.seat
        if win_seat != self.seat and win_seat != self.partner:
            return False
        return not any(can_take(o, win_card, led) for o in self.opponents_after())

    def sure_for_team_as_is(self) -> bool:
        """Whether the partner's winning card keeps the trick whatever the opponents still to play hold."""
        return self.partner_winning() and not any(
            self.may_beat(o, self.win_card, self.led_suit) for o in self.later_opponents
        )

    def likely_for_team_as_is(self) -> bool:
        """As ``sure_for_team_as_is``, but trusting an opponent likely to hold the led suit not to trump."""
        return self.partner_winning() and not any(
            self.likely_beaten(o, self.win_card, self.led_suit) for o in self.later_opponents
        )

    def opponents_after(self) -> list[int]:
        """The opponents still to play in this trick after us (both of them when we lead)."""
        return self.opponents if self.leading else self.later_opponents

    def beats_now(self, card: int) -> bool:
        if self.leading:
            return True
        win_card = self.win_card
        if self.suit_of[card] == self.suit_of[win_card]:
            return card > win_card
        return self.suit_of[card] == self.trump

    def winners(self, mask: int) -> int:
        """The cards of ``mask`` that would take the trick from its current winning card."""
        return sum(1 << card for card in cards_in(mask) if self.beats_now(card))

    def my_masters(self) -> int:
        """Our cards that no unplayed card of another hand tops in their suit."""
        outstanding = self.outstanding
        above = self.deck.above
        return sum(1 << card for card in cards_in(self.hand) if not above[card] & outstanding)

    def opponents_may_trump(self) -> bool:
        return any(self.count.may_hold_trump(o) for o in self.opponents)

    def cheapest(self, mask: int) -> int:
        """The card the tie-break prefers among ``mask``: fewest points, lowest rank, then suit order."""
        return min(cards_in(mask), key=self.facts.tie_key.__getitem__)


# ===================================================================== the malillas and trumps kept back, as filters
def spare_malillas(table: Table, legal: int) -> int:
    """Take out the malillas that should not be played now, unless nothing else is legal.

    A side malilla stays in only when it is likely to win for our side (every opponent still to play is
    likely to hold the suit, or has no trump left); the trump malilla only on a trick of 4 points or more,
    or as a lead that draws the opponents' last trumps.
    """
    facts = table.facts
    sevens = legal & facts.sevens
    if not sevens or sevens == legal:
        return legal
    spared = 0
    for seven in cards_in(sevens):
        if table.suit_of[seven] == table.trump:
            if table.leading:
                opposing = table.count.others_may_hold(table.opponents) & table.trump_mask & table.outstanding
                useful = bool(opposing) and opposing.bit_count() <= LAST_TRUMPS
            else:
                useful = table.trick_points >= TRUMP_SEVEN_TRICK_POINTS
            if not useful:
                spared |= 1 << seven
        elif not table.likely_for_team(seven):
            spared |= 1 << seven
    return legal & ~spared or legal


def spare_trumps(table: Table, legal: int) -> int:
    """A free seat keeps its trumps, unless the trick holds 5 points and a trump surely takes it."""
    if table.duty is not Duty.FREE or table.leading:
        return legal
    trumps = legal & table.trump_mask
    if not trumps or trumps == legal:
        return legal
    if table.trick_points >= FREE_TRUMP_POINTS and any(table.sure_for_team(t) for t in cards_in(trumps)):
        return legal
    return legal & ~trumps


# ===================================================================== leading
def draw_trumps(table: Table) -> int | None:
    """With four trumps, or the trump malilla and ace, lead trumps while the opponents may hold some."""
    trumps = table.hand & table.trump_mask
    facts = table.facts
    top_two = trumps & (facts.sevens | facts.aces)
    if trumps.bit_count() < TRUMP_LEAD_LENGTH and top_two.bit_count() < 2:
        return None
    if not table.opponents_may_trump():
        return None
    masters = trumps & table.my_masters()
    if masters:
        return masters.bit_length() - 1
    return lowest(trumps)


def lead_masters(table: Table) -> int | None:
    """Lead a side-suit master no opponent will trump, the richest first."""
    count = table.count
    masters = table.my_masters() & table.playable & ~table.trump_mask
    safe = [
        card
        for card in cards_in(masters)
        if not any(count.is_void(o, table.suit_of[card]) and count.may_hold_trump(o) for o in table.opponents)
    ]
    if not safe:
        return None
    return max(safe, key=lambda card: (table.points[card], -table.suit_of[card]))


def open_the_malillas_suit(table: Table) -> int | None:
    """Lead early in a suit where we hold its (still forbidden) malilla, so it never gets stuck."""
    stuck = table.hand & table.forbidden
    if not stuck:
        return None
    for seven in sorted(cards_in(stuck), key=lambda card: -table.suit_length(table.suit_of[card])):
        others = table.hand & table.deck.suit_masks[table.suit_of[seven]] & ~(1 << seven)
        if others:
            return lowest(others)
    return None


def lead_low_from_longest(table: Table) -> int:
    """Lead the lowest card of the longest side suit, not away from an ace whose malilla is out."""
    facts = table.facts
    side = table.playable & ~table.trump_mask
    if not side:
        return lowest(table.playable)
    suits = [suit for suit in range(facts.suit_count) if side & facts.suit_masks[suit]]
    risky_aces = table.hand & facts.aces & ~table.trump_mask
    guarded = set()
    for ace in cards_in(risky_aces):
        seven = ace + 1
        if table.outstanding >> seven & 1:
            guarded.add(table.suit_of[ace])
    count = table.count

    def preference(suit: int) -> tuple[bool, bool, int, int]:
        trumped = any(count.is_void(o, suit) and count.may_hold_trump(o) for o in table.opponents)
        return (
            suit in guarded,
            trumped,
            -table.suit_length(suit),
            table.deck.strength_of[lowest(side & facts.suit_masks[suit])],
        )

    best = min(suits, key=preference)
    return lowest(side & facts.suit_masks[best])


# ===================================================================== following
def give_points_to_partner(table: Table) -> int | None:
    """The partner's card will keep the trick: give it our richest A, K, N or J."""
    if not table.partner_winning() or not table.likely_for_team_as_is():
        return None
    facts = table.facts
    legal = table.legal
    gifts = legal & facts.honours & ~(table.trump_mask & facts.aces)
    sevens = legal & facts.sevens & ~table.trump_mask
    for seven in cards_in(sevens):
        if table.suit_length(table.suit_of[seven]) == 1 or legal == sevens:
            gifts |= 1 << seven
    if not gifts:
        return None
    return max(
        cards_in(gifts), key=lambda card: (table.points[card], -table.deck.strength_of[card], -table.suit_of[card])
    )


def trump_a_rich_trick(table: Table) -> int | None:
    """Free to discard, trump anyway a trick of 5 points or more that our trump surely takes."""
    if table.duty is not Duty.FREE or table.trick_points < FREE_TRUMP_POINTS:
        return None
    if table.partner_winning() and table.sure_for_team_as_is():
        return None
    sure = [t for t in cards_in(table.playable & table.trump_mask) if table.sure_for_team(t)]
    return min(sure) if sure else None


def second_hand_low(table: Table) -> int | None:
    """An opponent led and our partner plays after us: play low unless forced to beat.

    Forced to beat with the master of the led suit on a trick with points, play the master.
    """
    if len(table.trick) != 1:
        return None
    forced = table.duty in (Duty.BEAT, Duty.TRUMP, Duty.OVERTRUMP)
    if not forced:
        return discard_low(table)
    if table.trick_points:
        masters = table.playable & table.my_masters() & table.deck.suit_masks[table.led_suit]
        if masters:
            return lowest(masters)
    return None


def meet_obligations(table: Table) -> int | None:
    """Made to beat or to trump, win with the cheapest card, or with a master on a rich trick.

    ``take_tricks_cheaply`` picks among the cheapest winners: a card without points when one can win.
    """
    if table.duty not in (Duty.BEAT, Duty.TRUMP, Duty.OVERTRUMP):
        return None
    winners = table.winners(table.playable)
    if not winners:
        return None
    cheapest = lowest(winners)
    if table.sure_for_team(cheapest) or table.trick_points < MASTER_TRICK_POINTS:
        return take_tricks_cheaply(table, winners) or cheapest
    sure = [card for card in cards_in(winners) if table.sure_for_team(card)]
    if sure:
        return min(sure)
    return cheapest


def secure_partners_trick(table: Table) -> int | None:
    """For a trick our partner is winning but may lose: on a rich trick, take it over with a sure winner."""
    if not table.partner_winning() or table.trick_points < MASTER_TRICK_POINTS or table.likely_for_team_as_is():
        return None
    sure = [card for card in cards_in(table.winners(table.playable)) if table.sure_for_team(card)]
    return min(sure, key=table.facts.tie_key.__getitem__) if sure else None


def take_tricks_cheaply(table: Table, winners: int) -> int | None:
    """Every trick is worth a point: take it with a card without points when one surely does."""
    free_of_points = [card for card in cards_in(winners) if not table.points[card] and table.sure_for_team(card)]
    return min(free_of_points) if free_of_points else None


def win_the_trick_point(table: Table) -> int | None:
    """Not forced, but a card without points surely takes the trick for us: play it."""
    if table.partner_winning():
        return None
    return take_tricks_cheaply(table, table.winners(table.playable & ~table.trump_mask))


def discard_lowest_without_points(table: Table) -> int | None:
    """Free to discard, throw the lowest card without points from the longest side suit.

    A malilla that may be discarded goes only when every other choice is worth more.
    """
    if table.duty is not Duty.FREE:
        return None
    facts = table.facts
    pool = table.playable
    if pool & ~facts.sevens:
        pool &= ~facts.sevens
    return low_from_longest(pool, table.points, table.deck, table.hand, table.trump)


def discard_low(table: Table) -> int:
    """Not winning the trick: play the legal card with the fewest points, the lowest rank of those."""
    pool = table.playable
    if pool & ~table.facts.sevens:
        pool &= ~table.facts.sevens
    return table.cheapest(pool)


LEAD_TIPS: tuple[Callable[[Table], int | None], ...] = (
    draw_trumps,
    lead_masters,
    open_the_malillas_suit,
    lead_low_from_longest,
)
FOLLOW_TIPS: tuple[Callable[[Table], int | None], ...] = (
    give_points_to_partner,
    trump_a_rich_trick,
    second_hand_low,
    meet_obligations,
    secure_partners_trick,
    win_the_trick_point,
    discard_lowest_without_points,
    discard_low,
)


def tips_choice(table: Table) -> int:
    """The card the tips pick, trying each in order of precedence."""
    card = first_answer(LEAD_TIPS if table.leading else FOLLOW_TIPS, table)
    return table.cheapest(table.legal) if card is None else card


# ===================================================================== the redeal
def call_redeal(view: MalillaView) -> bool:
    """Call when the long suit is not trumps and we hold at most one trump."""
    deck = view.options.pack.deck
    hand = view.hand
    length = view.options.pack.redeal_length
    trumps = (hand & deck.suit_masks[view.trump]).bit_count()
    long_side = any(
        (hand & mask).bit_count() >= length
        for suit, mask in enumerate(deck.suit_masks[: len(deck.suits)])
        if suit != view.trump
    )
    return long_side and trumps <= REDEAL_CALL_TRUMPS


def answer_redeal(view: MalillaView) -> Action:
    """As the partner, agree with at most 8 card points and two trumps; otherwise decline."""
    deck = view.options.pack.deck
    hand = view.hand
    points = sum(view.card_points[card] for card in cards_in(hand))
    trumps = (hand & deck.suit_masks[view.trump]).bit_count()
    agree = points <= REDEAL_AGREE_POINTS and trumps <= REDEAL_AGREE_TRUMPS
    return Action(view.seat, Verb.CALL, Call.AGREE if agree else Call.DECLINE)


# ===================================================================== the endgame
def endgame_rules(table: Table) -> EndgameRules:
    pack = table.pack
    return EndgameRules(table.deck, pack.points, table.trump, FOLLOW_RULES, PLAYERS, trick_bonus=TRICK_POINT,
                        unled_forbidden=pack.malillas & ~table.trump_mask)  # fmt: skip


def endgame_search(table: Table, rng: random.Random) -> int:
    """Deal the unseen cards every way the count allows, solve each deal, keep the best average.

    With too many deals a seeded sample is solved instead.  What is averaged is the hand's worth for the
    match (see ``hand_worth``).  Cards whose averages tie go to the tips' choice, then to the tie-break.
    """
    deals = sample_deals(table.count, rng, ENDGAME_DEALS, ENDGAME_ENUMERATION)
    so_far = table.view.side_pips[table.seat % 2]
    best = best_cards(endgame_rules(table), table.count, table.trick, table.legal, deals, hand_worth(table.view),
                      so_far, table.forbidden)  # fmt: skip
    preferred = tips_choice(table)
    if best >> preferred & 1:
        return preferred
    return table.cheapest(best)


def hand_worth(view: MalillaView) -> list[float]:
    """For each point total our side may end the hand with, what that is worth to us in the match.

    Deciding the match is worth ``MATCH_WORTH`` either way; otherwise the worth is our score gain less
    theirs, with the points themselves as a small tie-break so that a lost cause still fights.
    """
    us = view.seat % 2
    start = (view.scores[us], view.scores[1 - us])
    worth = []
    for ours, (new_ours, new_theirs, decided) in enumerate(hand_ends(view)):
        if decided is None:
            value = float(new_ours - start[0] - (new_theirs - start[1]))
        else:
            value = MATCH_WORTH if decided else -MATCH_WORTH
        worth.append(value + ours / 1000)
    return worth


def hand_ends(view: MalillaView) -> list[tuple[int, int, bool | None]]:
    """For each point total our side may end the hand with: the match scores it leaves (ours, theirs) and whether
    it decides the match for us (True), for them (False) or not at all (None)."""
    pack = view.options.pack
    total = 2 * pack.half
    us = view.seat % 2
    target = view.options.target
    start = (view.scores[0], view.scores[1])
    counted = [0, 0]
    held = []
    for bonus in view.bonuses:
        if bonus.held_back:
            held.append(bonus)
        else:
            counted[bonus.team] += bonus.points
    ends = []
    for ours in range(total + 1):
        taken = (ours, total - ours) if us == 0 else (total - ours, ours)
        result = [0, 0]
        capote = None
        for team in (0, 1):
            if taken[team] == total:
                capote = team
                result[team] = pack.half
            elif taken[team] > pack.half:
                result[team] = taken[team] - pack.half
        new = [int(start[t] + counted[t] + result[t]) for t in (0, 1)]
        if capote is not None:
            decided: int | None = capote
        elif max(new) >= target:
            decided = 0 if new[0] >= target else 1
        elif held:
            decided = held[0].team
        else:
            decided = None
        ends.append((new[us], new[1 - us], None if decided is None else decided == us))
    return ends


# ===================================================================== the player
class MalillaHeuristic(ComputerPlayer[MalillaView]):
    """Malilla's ``heuristic`` level: the rules' strategy tips with card counting and an endgame search."""

    level = "heuristic"

    def decide(self, view: MalillaView) -> Action:
        if view.phase == ANSWER:
            return answer_redeal(view)
        if not view.only_plays:
            call = Action(view.seat, Verb.CALL, Call.REDEAL)
            if call in view.legal_actions() and call_redeal(view):
                return call
        return play_card(self, view, Table, tips_choice, endgame_search, ENDGAME_TRICKS)

    def consider(self, view: MalillaView, calls: list[Action]) -> Action | None:
        """Out of turn: make the redeal call when the hand is the kind ``call_redeal`` looks for."""
        for call in calls:
            if call.verb == Verb.CALL and call.value == Call.REDEAL and call_redeal(view):
                return call
        return None
