"""Fast playouts of a Tarot deal for the ``expert`` level's search.

A search deals itself a world (every hand filled in), tries a card (or a bid) in it and plays the rest of the
deal out to see what the choice is worth: that is a *rollout*, and a decision plays hundreds of them.  The
heuristic player builds a view and a card count at every card, which costs a rollout some twenty times what
the cards themselves cost, so the policy here works on the hand state's own masks and never builds a view.

Each seat plays the heuristic's strategy in outline, knowing the sides and the other hands of the world
(a double-dummy playout: cheaper and a little optimistic for both sides alike):

* leading, the attack draws trumps with its masters while it holds more trumps than the defence, and
  everyone cashes a side-suit master no opponent can ruff, brings the Petit home once no opponent holds a
  trump, then leads low: the attack from its shortest suit, the defence in a suit the taker lacks or its
  longest;
* following, a trick our side surely keeps gets the Petit or our richest card; otherwise a trick we can surely
  take is taken with the cheapest card that does it; otherwise the cheapest card goes, with the Excuse instead
  when it spares a card worth keeping;
* the Excuse goes before the last trick, where it would change side.

A rollout's worth is the deciding seat's score for the deal (``score_delta``): the contract made or lost, the
Petit au bout and the chelem, as the deal would be settled.
"""

from __future__ import annotations

from cardtable.engine.cards import cards_in

from .rules import (
    EXCUSE,
    EXCUSE_BIT,
    FOLLOW_DECK,
    HALF_POINTS,
    KINGS,
    MONDE,
    PETIT,
    SUIT_MASKS,
    TABLES,
    TRUMP_SUIT,
    TRUMPS,
    TRUMPS_ABOVE,
    TarotHand,
)

PETIT_BIT = 1 << PETIT
MONDE_BIT = 1 << MONDE
#: The cards of each suit (and of the trumps, the fifth) above each card: one mask per card.
ABOVE = FOLLOW_DECK.above
SUIT_OF = TABLES[4].suit_of
#: The four plain suits and the trumps, indexed as ``SUIT_OF`` is (-1 for the Excuse, of no suit).
FOLLOW_MASKS = (*SUIT_MASKS, TRUMPS)
#: A trick worth this many half points (a knight and two low cards, say) is worth a card that may not hold it.
RICH_TRICK_HALF = 9
#: The Excuse goes on a lost trick when the card it spares is worth this many half points (a jack or better).
EXCUSE_SPARES_HALF = 3
#: Sort keys: the cheapest card to lose first (points, trumps after suit cards, the oudlers last), and the
#: cheapest card that wins (suit cards before trumps, low before high, the 21 last).
LOSE_KEY = tuple(
    HALF_POINTS[c] * 1000 + (500 if SUIT_OF[c] == TRUMP_SUIT else 0) + (400 if c in (PETIT, MONDE) else 0) + c
    for c in range(EXCUSE + 1)
)
WIN_KEY = tuple((200 if SUIT_OF[c] == TRUMP_SUIT else 0) + (100 if c == MONDE else 0) + c for c in range(EXCUSE + 1))
FEED_KEY = tuple(-HALF_POINTS[c] * 1000 + (500 if SUIT_OF[c] == TRUMP_SUIT else 0) + c for c in range(EXCUSE + 1))


def cheapest(mask: int, key: tuple[int, ...]) -> int:
    best = -1
    best_key = 0
    for card in cards_in(mask):
        k = key[card]
        if best < 0 or k < best_key:
            best, best_key = card, k
    return best


class TarotPlayout:
    """Plays deals out to their end for one seat, whose score is the worth of each rollout."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def final_score(self, state: TarotHand) -> float:
        """Play ``state`` (a clone, in the play: it is played on) to the end; the seat's score for the deal."""
        choose = self.choose
        while not state.complete:
            state.play_card(choose(state))
        delta = state.delta
        return float(delta[self.seat]) if delta is not None else 0.0

    # ----------------------------------------------------------------- the policy
    def choose(self, state: TarotHand) -> int:
        """The card the seat to act plays in ``state``."""
        legal = state.legal_play_mask()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        seat = state.turn
        hands = state.hands
        attack = state.attack
        ours = attack >> seat & 1
        players = state.players
        foes = 0
        allies = 0
        for other in range(players):
            if other != seat:
                if (attack >> other & 1) == ours:
                    allies |= hands[other]
                else:
                    foes |= hands[other]
        hand = hands[seat]
        cards_left = hand.bit_count()
        if legal & EXCUSE_BIT and cards_left == 2:
            # Kept to the last trick the Excuse would change side.
            return EXCUSE
        if state.win_card < 0:
            return self._lead(state, seat, hand, legal & ~EXCUSE_BIT or legal, ours, foes, allies)
        return self._follow(state, seat, hand, legal, ours)

    def _lead(self, state: TarotHand, seat: int, hand: int, legal: int, ours: int, foes: int, allies: int) -> int:
        hands = state.hands
        attack = state.attack
        players = state.players
        foe_hands = [hands[o] for o in range(players) if o != seat and (attack >> o & 1) != ours]
        foe_trumps = foes & TRUMPS
        trumps = legal & TRUMPS
        if legal & PETIT_BIT and not foe_trumps:
            return PETIT
        # The attack draws trumps with its masters while it holds more of them than the defence.
        if ours and foe_trumps and trumps & ~PETIT_BIT:
            mine = trumps & ~PETIT_BIT
            if mine.bit_count() > foe_trumps.bit_count():
                masters = mine & TRUMPS_ABOVE[foe_trumps.bit_length() - 1]
                return (masters & -masters).bit_length() - 1 if masters else (mine & -mine).bit_length() - 1
        live = foes | allies
        # A side-suit master no opponent can ruff: the richest first.
        best = -1
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            mine = legal & mask
            if not mine:
                continue
            top = mine.bit_length() - 1
            if live & ABOVE[top]:
                continue
            if any(not h & mask and h & TRUMPS for h in foe_hands):
                continue
            if best < 0 or HALF_POINTS[top] > HALF_POINTS[best]:
                best = top
        if best >= 0 and (HALF_POINTS[best] > 1 or not ours):
            return best
        side = legal & ~TRUMPS
        if side:
            suits = [s for s in range(4) if side & SUIT_MASKS[s]]

            def length(suit: int) -> int:
                return (hand & SUIT_MASKS[suit]).bit_count()

            if ours:
                # Low from the shortest suit, to ruff it later.
                suit = min(suits, key=length)
            else:
                # Low in a suit the taker must trump, else in the longest suit.
                taker = state.taker
                assert taker is not None
                taker_hand = hands[taker]
                lacking = [s for s in suits if not taker_hand & SUIT_MASKS[s]]
                suit = max(lacking if lacking and taker_hand & TRUMPS else suits, key=length)
            pool = side & SUIT_MASKS[suit]
            low = pool & ~KINGS or pool
            return (low & -low).bit_length() - 1
        spare = legal & ~PETIT_BIT & ~MONDE_BIT or legal & ~PETIT_BIT or legal
        return (spare & -spare).bit_length() - 1

    def _follow(self, state: TarotHand, seat: int, hand: int, legal: int, ours: int) -> int:
        hands = state.hands
        attack = state.attack
        players = state.players
        trick = state.trick
        led = state.led_suit
        win_card = state.win_card
        led_mask = FOLLOW_MASKS[led]
        later_foes = []
        for k in range(1, players - len(trick)):
            other = (seat + k) % players
            if (attack >> other & 1) != ours:
                later_foes.append(hands[other])

        def beaten(card: int) -> bool:
            """Whether a later opponent takes the trick from ``card`` (winning it now)."""
            card_is_trump = SUIT_OF[card] == TRUMP_SUIT
            for other in later_foes:
                if other & led_mask:
                    # Following suit, it beats only a card of the led suit, with a higher one.
                    if (led == TRUMP_SUIT or not card_is_trump) and other & ABOVE[card]:
                        return True
                elif card_is_trump:
                    if other & TRUMPS_ABOVE[card]:
                        return True
                elif other & TRUMPS:
                    return True
            return False

        trick_half = 0
        for _seat, card in trick:
            trick_half += HALF_POINTS[card]
        ally_winning = (attack >> state.win_seat & 1) == ours
        plain = legal & ~EXCUSE_BIT
        if ally_winning and not beaten(win_card):
            if plain & PETIT_BIT:
                return PETIT
            gifts = plain & ~TRUMPS
            if gifts:
                return cheapest(gifts, FEED_KEY)
            spare = plain & ~MONDE_BIT or plain or legal
            return (spare & -spare).bit_length() - 1
        # The cards that would take the trick now, and those no later opponent can beat.
        if SUIT_OF[win_card] == TRUMP_SUIT:
            winners = plain & TRUMPS_ABOVE[win_card]
        else:
            winners = plain & (ABOVE[win_card] | TRUMPS)
        sure = 0
        for card in cards_in(winners):
            if not beaten(card):
                sure |= 1 << card
        if sure and (not ally_winning or trick_half >= RICH_TRICK_HALF):
            if sure & PETIT_BIT:
                return PETIT
            return cheapest(sure, WIN_KEY)
        if winners and trick_half >= 2 * RICH_TRICK_HALF and not ally_winning and winners & ~PETIT_BIT:
            # A rich trick we may not hold: the highest card that takes it now.
            top = winners & ~PETIT_BIT
            return top.bit_length() - 1
        # Lose cheaply, the Excuse sparing a card worth keeping.
        pool = plain & ~PETIT_BIT & ~MONDE_BIT or plain & ~PETIT_BIT or plain
        if not pool:
            return EXCUSE
        spared = cheapest(pool, LOSE_KEY)
        if legal & EXCUSE_BIT and not ally_winning and (HALF_POINTS[spared] >= EXCUSE_SPARES_HALF or spared >= PETIT):
            return EXCUSE
        return spared


__all__ = ["TarotPlayout"]
