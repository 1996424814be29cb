"""The ``heuristic`` computer player for French Tarot (3, 4 and 5 players).

It plays by rules of thumb, each one a function below named by what it does.  The calls (bidding, the king
call, the discard, the chelem, the poignée) are one rule each.  In the play a rule returns the card it wants,
or ``None`` when it does not apply, and the first answer in the order of precedence (``LEAD_TIPS``,
``FOLLOW_TIPS``) decides.  Three rules are guards rather than choices: those of the Petit, the Excuse and the
21 keep those cards out of ``Table.playable`` unless their moment has come.

Card counting is ``Table``: from the seat's view alone it works out which cards each other seat may
still hold (voids shown, undertrumps, the chien and the discarded trumps), and which seats are surely on this
seat's side.  At 5 players the partner is unknown to the taker and the defenders until the called card is
played, so every seat not surely an ally is treated as a possible opponent.

The player makes no random choice, so a hint is a function of the view.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine.cards import bits, cards_in
from cardtable.engine.game import Action
from cardtable.engine.players import ComputerPlayer
from cardtable.games.tarot.rules import (
    BID,
    CHELEM,
    DECK,
    DISCARD,
    EXCUSE,
    EXCUSE_BIT,
    HALF_POINTS,
    KING,
    KINGS,
    MONDE,
    PETIT,
    SUIT_CARDS,
    SUIT_MASKS,
    TRUMP_SUIT,
    TRUMPS,
    TRUMPS_ABOVE,
    TarotView,
    card_set_action,
)
from cardtable.games.tarot.scoring import CONTRACTS

SUIT_OF = DECK.suit_of
SUIT_COUNT = len(SUIT_MASKS)
PETIT_BIT = 1 << PETIT
MONDE_BIT = 1 << MONDE
#: Bit index of the first card of each suit: a card's rank within its suit is ``card - SUIT_START[suit]``.
SUIT_START = tuple((mask & -mask).bit_length() - 1 for mask in SUIT_MASKS)
RANK_J, RANK_N, RANK_Q, RANK_K = 10, 11, 12, 13


def trump(number: int) -> int:
    return DECK.index[f"T{number}"]


def court(rank: int, suit: int) -> int:
    return SUIT_START[suit] + rank


COURTS_BELOW_KING = sum(1 << court(rank, suit) for suit in range(SUIT_COUNT) for rank in (RANK_J, RANK_N, RANK_Q))
OUDLER_CARDS = PETIT_BIT | MONDE_BIT | EXCUSE_BIT
HIGH_TRUMPS = sum(1 << trump(k) for k in range(16, 22))

# ----------------------------------------------------------------- the bidding count and its thresholds
COUNT_MONDE = 10
COUNT_EXCUSE = 8
#: The Petit's worth by the number of trumps held (the Excuse counting as one): fewer than 5, 5, 6, 7 or more.
COUNT_PETIT_BY_TRUMPS = {5: 5, 6: 7}
COUNT_PETIT_LONG = 9
COUNT_PETIT_FROM_TRUMPS = 5
COUNT_PER_TRUMP = 2
COUNT_LONG_TRUMPS_FROM = 5
COUNT_HIGH_TRUMP = 2
COUNT_HIGH_TRUMP_NEIGHBOUR = 1
COUNT_KING_AND_QUEEN = 10
COUNT_KING = 6
COUNT_QUEEN = 3
COUNT_KNIGHT = 2
COUNT_JACK = 1
#: A suit of 5, 6, 7 or more cards.
COUNT_SUIT_LENGTH = {5: 5, 6: 7}
COUNT_SUIT_LONG = 9
COUNT_VOID = 6
COUNT_SINGLETON = 3
#: The count is for 4 players; at 3 and 5 players it is scaled before the thresholds are compared.
COUNT_SCALE = {3: 3 / 4, 4: 1.0, 5: 6 / 5}
#: The petite threshold by the number of players, tuned so that heuristic self-play makes about half of its
#: contracts (``cardtable sim tarot --seats heuristic,... --matches 300 --seed 1``): the usual count of 40 gives 65 % at
#: 3 players, 50.5 % at 4 and 72 % at 5; 34 gives 50 % at 3, and 30 gives 60 % at 5 (where nearly every deal
#: already has a taker, so a lower threshold only makes weak hands bid).
PETITE_FROM = {3: 34, 4: 40, 5: 30}
GARDE_FROM = 56
GARDE_SANS_FROM = 71
GARDE_CONTRE_ABOVE = 80
#: "With two or three oudlers a bid is almost always right": such a hand bids at least a petite.
OUDLERS_FOR_A_BID = 2
#: At five players a hand counting this much (scaled) bids garde contre outright.  Four other seats speak, so a
#: petite or a garde is nearly always overbid, and a defender's gains are shared with two other defenders: the
#: seat that wants to finish a match strictly first must take deals itself, at the one contract nobody can
#: overbid.  ``benchmarks/tarot_five_players.py`` measures what it is worth against random seats and against
#: heuristic seats without it; 35 and 50 measured lower than 40 against both.
FIVE_PLAYER_CONTRE_FROM = 40

# ----------------------------------------------------------------- play constants
#: The 21 goes only on a trick already worth this many half points (a king or an oudler).
MONDE_RICH_TRICK_HALF = 9
#: The Excuse goes on a lost trick when the card it spares is worth at least this (a jack or better).
EXCUSE_SPARES_HALF = 3
#: With this many cards left the Excuse goes on any trick, before the last trick can catch it.
EXCUSE_BY_CARDS_LEFT = 2
#: With this many cards left the coming trick is the last before the last trick.
PETIT_LAST_CHANCE = 2
#: A suit of this many cards or fewer is short, and its king is cashed on the first round.
SHORT_SUIT = 2
#: A king of a long suit is cashed by this round of the suit at the latest.
LONG_KING_LAST_ROUND = 2
#: A defender leads trumps only with this many.
DEFENDER_TRUMP_LEAD = 5
#: A seat not known to be void in a suit is still taken to be able to ruff it once fewer than this many cards
#: of the suit per other seat are unseen.
RUFF_RISK_PER_SEAT = 1.0


def count_hand(hand: int, with_shape: bool) -> int:
    """The point count of a hand for 4 players (voids and singletons only when ``with_shape``)."""
    count = 0
    trumps = hand & TRUMPS
    trump_count = trumps.bit_count() + (1 if hand & EXCUSE_BIT else 0)
    if hand & MONDE_BIT:
        count += COUNT_MONDE
    if hand & EXCUSE_BIT:
        count += COUNT_EXCUSE
    if hand & PETIT_BIT and trump_count >= COUNT_PETIT_FROM_TRUMPS:
        count += COUNT_PETIT_BY_TRUMPS.get(trump_count, COUNT_PETIT_LONG)
    if trump_count >= COUNT_LONG_TRUMPS_FROM:
        count += COUNT_PER_TRUMP * trump_count
    for card in bits(trumps & HIGH_TRUMPS):
        count += COUNT_HIGH_TRUMP
        if (hand & HIGH_TRUMPS) & ((1 << (card - 1)) | (1 << (card + 1))):
            count += COUNT_HIGH_TRUMP_NEIGHBOUR
    for suit in range(SUIT_COUNT):
        held = hand & SUIT_MASKS[suit]
        has = [bool(held >> court(rank, suit) & 1) for rank in (RANK_J, RANK_N, RANK_Q, RANK_K)]
        jack, knight, queen, king = has
        if king and queen:
            count += COUNT_KING_AND_QUEEN
        elif king:
            count += COUNT_KING
        elif queen:
            count += COUNT_QUEEN
        count += COUNT_KNIGHT * knight + COUNT_JACK * jack
        length = held.bit_count()
        if length >= 5:
            count += COUNT_SUIT_LENGTH.get(length, COUNT_SUIT_LONG)
        if with_shape:
            count += COUNT_VOID if length == 0 else COUNT_SINGLETON if length == 1 else 0
    return count


def scaled_count(hand: int, players: int, with_shape: bool) -> float:
    return count_hand(hand, with_shape) * COUNT_SCALE[players]


def bid_by_the_count(view: TarotView, five_player_contre_from: float = FIVE_PLAYER_CONTRE_FROM) -> Action:
    """Pass, petite or garde by the count; garde sans or contre only with voids and singletons;
    at five players garde contre from ``five_player_contre_from``."""
    hand = view.hand
    plain = scaled_count(hand, view.players, with_shape=False)
    shaped = scaled_count(hand, view.players, with_shape=True)
    if shaped > GARDE_CONTRE_ABOVE or (view.players == 5 and plain >= five_player_contre_from):
        wanted = "garde_contre"
    elif shaped >= GARDE_SANS_FROM:
        wanted = "garde_sans"
    elif plain >= GARDE_FROM:
        wanted = "garde"
    elif plain >= PETITE_FROM[view.players] or (hand & OUDLER_CARDS).bit_count() >= OUDLERS_FOR_A_BID:
        wanted = "petite"
    else:
        return Action(view.seat, "bid", "pass")
    highest = max((CONTRACTS.index(word) for _seat, word in view.bids if word != "pass"), default=-1)
    if CONTRACTS.index(wanted) > highest:
        return Action(view.seat, "bid", wanted)
    return Action(view.seat, "bid", "pass")


# ----------------------------------------------------------------- the king call
def call_a_king(view: TarotView) -> Action:
    """The king of the longest suit without a king, preferring one with the queen or knight; with every king,
    the queen of the shortest suit (and so on down the court cards)."""
    hand = view.hand
    callable_cards = [DECK.index[a.value] for a in view.legal_actions()]
    rank_of = {card: card - SUIT_START[SUIT_OF[card]] for card in callable_cards}
    lowest_rank = min(rank_of.values())
    # The lowest court rank open is the one to call: kings, or queens when every king is held, and so on.
    candidates = [card for card in callable_cards if rank_of[card] == lowest_rank and not hand >> card & 1]
    if not candidates:
        candidates = [card for card in callable_cards if rank_of[card] == lowest_rank]

    def length(card: int) -> int:
        return (hand & SUIT_MASKS[SUIT_OF[card]]).bit_count()

    if lowest_rank == RANK_K:

        def preference(card: int) -> tuple[int, int, int]:
            suit = SUIT_OF[card]
            honours = hand >> court(RANK_Q, suit) & 1 or hand >> court(RANK_N, suit) & 1
            return (-int(bool(honours)), -length(card), suit)

        chosen = min(candidates, key=preference)
    else:
        chosen = min(candidates, key=lambda card: (length(card), SUIT_OF[card]))
    return Action(view.seat, "king", DECK.codes[chosen])


# ----------------------------------------------------------------- the discard
def discard_lowest_without_points(view: TarotView) -> Action:
    """Void the shortest kingless suits, then save court cards of kingless suits, then the shortest suit's lows;
    trumps only when the rule forces them, and then the lowest."""
    (_verb, pattern), *_ = view.card_sets()
    need = pattern.choose
    pool = pattern.pool
    if pattern.must:
        # Forced trumps: the lowest ones.
        return card_set_action(view.seat, "discard", pattern.must | _lowest_cards(pool, need))
    hand = view.hand
    chosen = 0
    kingless = [suit for suit in range(SUIT_COUNT) if not hand & KINGS & SUIT_MASKS[suit] and pool & SUIT_MASKS[suit]]
    for suit in sorted(kingless, key=lambda s: ((pool & SUIT_MASKS[s]).bit_count(), s)):
        cards = pool & SUIT_MASKS[suit]
        if cards.bit_count() > need - chosen.bit_count():
            break
        chosen |= cards
    courts = pool & COURTS_BELOW_KING & ~chosen & sum(SUIT_MASKS[s] for s in kingless)
    for card in sorted(cards_in(courts), key=lambda c: (-HALF_POINTS[c], c)):
        if chosen.bit_count() == need:
            break
        chosen |= 1 << card
    # The shortest suit is picked once and then emptied from the bottom (a suit without a king first on a tie):
    # picking again after every card would drain whichever suit the last card made shortest.
    remaining = [s for s in range(SUIT_COUNT) if pool & ~chosen & SUIT_MASKS[s]]
    remaining.sort(key=lambda s: ((hand & SUIT_MASKS[s] & ~chosen).bit_count(), bool(hand & KINGS & SUIT_MASKS[s]), s))
    for suit in remaining:
        for card in cards_in(pool & ~chosen & SUIT_MASKS[suit]):
            if chosen.bit_count() == need:
                break
            chosen |= 1 << card
    return card_set_action(view.seat, "discard", chosen)


def _lowest_cards(pool: int, count: int) -> int:
    out = 0
    for card in cards_in(pool)[:count]:
        out |= 1 << card
    return out


# ----------------------------------------------------------------- the chelem
def announce_a_chelem_only_with_a_sure_run(view: TarotView) -> Action:
    """Announce only a sure chelem: trumps, kings and the Excuse only, the 21, and a run from it as long as the
    trumps outside the hand."""
    hand = view.hand
    trumps = hand & TRUMPS
    outside = (TRUMPS & ~trumps & ~view.discard).bit_count()
    run = 0
    for number in range(21, 0, -1):
        if not trumps >> trump(number) & 1:
            break
        run += 1
    sure = not hand & SUIT_CARDS & ~KINGS and bool(hand & MONDE_BIT) and run >= outside
    return Action(view.seat, "declare", "chelem" if sure else "no_chelem")


# ----------------------------------------------------------------- the poignée
def show_the_largest_poignee(view: TarotView) -> Action | None:
    """The taker shows his largest poignée when his count reached a garde; a defender only against a petite.

    Spare trumps stay hidden: the Petit first, then the lowest.
    """
    choices = [pattern for verb, pattern in view.card_sets() if verb == "poignee"]
    if not choices or view.taker is None:
        return None
    if view.seat == view.taker:
        if scaled_count(dealt_hand(view), view.players, with_shape=False) < GARDE_FROM:
            return None
    elif view.known_partner == view.seat or view.contract != "petite":
        return None
    largest = max(choices, key=lambda p: p.must.bit_count() + p.choose)
    if largest.choose == 0:
        shown = largest.must
    else:
        order = sorted(cards_in(largest.pool), key=lambda c: (c != PETIT, c), reverse=True)
        shown = largest.must | sum(1 << card for card in order[: largest.choose])
    return card_set_action(view.seat, "poignee", shown)


def dealt_hand(view: TarotView) -> int:
    """The taker's hand as dealt: what he holds and has played, without the chien he took, with what he discarded."""
    mine = view.hand
    for leader, cards, *_rest in view.tricks:
        for offset, card in enumerate(cards):
            if (leader + offset) % view.players == view.seat:
                mine |= 1 << card
    for seat, card in view.trick:
        if seat == view.seat:
            mine |= 1 << card
    if view.seat == view.taker and view.chien:
        mine = (mine | view.discard) & ~view.chien
    return mine


# ===================================================================== counting the cards
class Table:
    """The facts of one play decision, gathered once from the view and shared by the tips."""

    def __init__(self, view: TarotView) -> None:
        self.view = view
        self.seat = seat = view.seat
        self.players = players = view.players
        self.hand = view.hand
        self.legal = view.legal_mask
        assert view.taker is not None
        self.taker = taker = view.taker
        self.trick = view.trick
        self.tricks = view.tricks
        self.cards_left = self.hand.bit_count()
        self._sides()
        self._count()
        self.led, self.win_seat, self.win_card = self._trick_state()
        self.leading = self.led < 0
        self.later = [(seat + k) % players for k in range(1, players - len(self.trick))]
        self.later_foes = [s for s in self.later if not self.is_ally(s)]
        self.trick_half = sum(HALF_POINTS[card] for _seat, card in self.trick)
        self.last_trick = self.cards_left == 1
        self.side_won_all = all(self.is_ally(winner) for _l, _c, winner, *_rest in self.tricks)
        self.petit_au_bout_plan = self._petit_au_bout_plan()
        self.playable = self._guarded(self.legal)
        self.is_taker = seat == taker

    # ----------------------------------------------------------------- sides
    def _sides(self) -> None:
        view, seat, taker = self.view, self.seat, self.taker
        everyone = range(self.players)
        partner = view.known_partner
        called = view.called
        alone = self.players < 5 or partner is not None
        if not alone and called is not None:
            # The called card in the shown chien, or in the taker's own hand: he plays alone.
            mine_ever = dealt_hand(view) if seat == taker else 0
            alone = bool((view.chien | mine_ever | (view.discard if seat == taker else 0)) >> called & 1)
        attack = {taker} | ({partner} if partner is not None else set())
        self.attacking = seat in attack
        if alone:
            self.allies = attack if self.attacking else set(everyone) - attack
        else:
            self.allies = {seat}
        self.foes = [s for s in everyone if s not in self.allies]

    def is_ally(self, seat: int) -> bool:
        return seat in self.allies

    # ----------------------------------------------------------------- who may hold what
    def _count(self) -> None:
        view, players = self.view, self.players
        played = 0
        voids = [0] * players
        ceiling = [DECK.full] * players
        self.rounds = [0] * (SUIT_COUNT + 1)
        for leader, cards, *_rest in self.tricks:
            played |= self._read_trick(leader, cards, voids, ceiling)
        if self.trick:
            played |= self._read_trick(self.trick[0][0], tuple(c for _s, c in self.trick), voids, ceiling)
        self.played = played
        seen_discard = view.discard
        self.unseen = unseen = DECK.full & ~self.hand & ~played & ~seen_discard
        self.voids = voids
        possible = []
        for s in range(players):
            if s == self.seat:
                possible.append(self.hand)
                continue
            mask = unseen & ceiling[s]
            for suit in range(SUIT_COUNT + 1):
                if voids[s] >> suit & 1:
                    mask &= ~(SUIT_MASKS[suit] if suit < SUIT_COUNT else TRUMPS)
            if s != self.taker:
                mask &= ~view.chien
            elif self.seat != self.taker and view.discard & TRUMPS:
                # Trumps in the discard mean he had to throw every suit card but his kings.
                mask &= TRUMPS | KINGS | EXCUSE_BIT
            possible.append(mask)
        self.possible = possible

    def _read_trick(self, leader: int, cards: tuple[int, ...], voids: list[int], ceiling: list[int]) -> int:
        """Voids and trump ceilings shown by one trick; returns the trick's cards as a mask."""
        led = -1
        high_trump = -1
        mask = 0
        for offset, card in enumerate(cards):
            mask |= 1 << card
            if card == EXCUSE:
                continue
            seat = (leader + offset) % self.players
            suit = SUIT_OF[card]
            if led < 0:
                led = suit
                self.rounds[suit] += 1
            elif suit != led:
                voids[seat] |= 1 << led
                if suit != TRUMP_SUIT:
                    voids[seat] |= 1 << TRUMP_SUIT
            if suit == TRUMP_SUIT:
                if 0 <= card < high_trump:
                    # An undertrump: no trump above the one that was winning.
                    ceiling[seat] &= ~TRUMPS_ABOVE[high_trump]
                high_trump = max(high_trump, card)
        return mask

    def may_hold_trump(self, seat: int) -> bool:
        return bool(self.possible[seat] & TRUMPS)

    def foes_may_hold_trumps(self) -> bool:
        return any(self.possible[s] & TRUMPS for s in self.foes)

    def may_be_void(self, seat: int, suit: int) -> bool:
        """Known void, or so few cards of the suit unseen that the seat may well have none."""
        if not self.possible[seat] & SUIT_MASKS[suit]:
            return True
        unseen = (self.unseen & SUIT_MASKS[suit]).bit_count()
        return unseen < RUFF_RISK_PER_SEAT * (self.players - 1)

    def may_beat(self, seat: int, card: int) -> bool:
        """Whether ``seat``, still to play, may take the trick from ``card``."""
        possible = self.possible[seat]
        if SUIT_OF[card] == TRUMP_SUIT:
            return bool(possible & TRUMPS_ABOVE[card])
        if possible & DECK.above[card]:
            return True
        return bool(possible & TRUMPS) and self.may_be_void(seat, SUIT_OF[card])

    def known_ruffer_later(self, suit: int) -> bool:
        """A later possible opponent who has shown a void in ``suit`` and may hold trumps."""
        return any(self.voids[s] >> suit & 1 and self.may_hold_trump(s) for s in self.later_foes)

    # ----------------------------------------------------------------- the trick in progress
    def _trick_state(self) -> tuple[int, int, int]:
        led = win_seat = win_card = -1
        for seat, card in self.trick:
            if card == EXCUSE:
                continue
            if led < 0:
                led, win_seat, win_card = SUIT_OF[card], seat, card
            elif beats(card, win_card):
                win_seat, win_card = seat, card
        return led, win_seat, win_card

    def wins_now(self, card: int) -> bool:
        if card == EXCUSE:
            return False
        return self.win_card < 0 or beats(card, self.win_card)

    def sure_winner(self, card: int) -> bool:
        """``card`` would take the trick, and no later possible opponent can beat it."""
        return self.wins_now(card) and not any(self.may_beat(s, card) for s in self.later_foes)

    def side_sure_to_win(self) -> bool:
        """An ally holds the trick and no later possible opponent can take it."""
        if self.win_seat < 0 or not self.is_ally(self.win_seat):
            return False
        return not any(self.may_beat(s, self.win_card) for s in self.later_foes)

    def side_losing(self) -> bool:
        """The trick is held by a possible opponent and no card of ours is a sure winner."""
        if self.win_seat < 0 or self.is_ally(self.win_seat):
            return False
        return not any(self.sure_winner(card) for card in cards_in(self.legal & ~EXCUSE_BIT))

    # ----------------------------------------------------------------- the guards of the Petit, the Excuse and the 21
    def _petit_au_bout_plan(self) -> bool:
        """Keep the Petit for the last trick only when no opponent will have a trump left there.

        The Petit au bout goes to the side that wins the last trick, so a Petit caught there scores for the
        opponents.  The taker counts on drawing the trumps still out, which takes one master trump (above
        every trump an opponent may hold) for each; everyone else waits until no opponent may hold a trump.
        """
        if not self.hand & PETIT_BIT:
            return False
        foe_trumps = 0
        for s in self.foes:
            foe_trumps |= self.possible[s] & TRUMPS
        if not foe_trumps:
            return True
        if self.seat != self.taker:
            return False
        top = foe_trumps.bit_length() - 1
        masters = self.hand & TRUMPS_ABOVE[top]
        return masters.bit_count() >= foe_trumps.bit_count()

    def petit_safe_now(self) -> bool:
        """The Petit cannot be beaten, or it joins a trick our side surely wins."""
        if not self.legal & PETIT_BIT:
            return False
        if self.leading:
            return not any(self.possible[s] & TRUMPS & ~PETIT_BIT for s in self.foes)
        if self.side_sure_to_win() and SUIT_OF[self.win_card] == TRUMP_SUIT:
            return True
        return self.sure_winner(PETIT)

    def _guarded(self, legal: int) -> int:
        """The legal cards the tips may pick freely: no Petit, Excuse or 21 unless their tip allows it."""
        guarded = legal & ~EXCUSE_BIT
        if legal & PETIT_BIT and not (self.last_trick or (self.petit_safe_now() and not self.petit_au_bout_plan)):
            guarded &= ~PETIT_BIT
        if legal & MONDE_BIT and not self.monde_worth_playing():
            guarded &= ~MONDE_BIT
        if guarded:
            return guarded
        without_excuse = legal & ~EXCUSE_BIT
        if without_excuse == MONDE_BIT and legal & EXCUSE_BIT and not self.last_trick:
            # Only the 21 or the Excuse, on a trick not worth the 21: the Excuse goes, the 21 waits.
            return EXCUSE_BIT
        return without_excuse or legal

    def monde_worth_playing(self) -> bool:
        """The 21 takes a rich trick or rescues our Petit; otherwise it waits (it cannot be captured)."""
        if self.leading:
            return self.cards_left <= 1
        if self.trick_half >= MONDE_RICH_TRICK_HALF:
            return True
        return any(card == PETIT and self.is_ally(seat) for seat, card in self.trick)

    # ----------------------------------------------------------------- small helpers
    def suit_length(self, suit: int) -> int:
        return (self.hand & SUIT_MASKS[suit]).bit_count()

    def trump_count(self) -> int:
        return (self.hand & TRUMPS).bit_count()

    def outstanding_trumps(self) -> int:
        """The count: 21 minus my trumps, those played and those discarded face up."""
        return (self.unseen & TRUMPS).bit_count()


def beats(card: int, winning: int) -> bool:
    """Whether ``card`` takes a trick that ``winning`` holds (the Excuse never does)."""
    if card == EXCUSE:
        return False
    suit, win_suit = SUIT_OF[card], SUIT_OF[winning]
    if suit == win_suit:
        return card > winning
    return suit == TRUMP_SUIT


def lowest_of(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def cheapest(mask: int, table: Table) -> int:
    """The cheap loss: the card of least value; suit cards before trumps, from the shortest suit, lowest."""

    def cost(card: int) -> tuple[int, int, int, int]:
        suit = SUIT_OF[card]
        is_trump = suit == TRUMP_SUIT
        length = 0 if is_trump else table.suit_length(suit)
        return (HALF_POINTS[card], is_trump, length, card)

    return min(cards_in(mask), key=cost)


def richest(mask: int) -> int:
    """The load: the card of most value, suit cards before trumps."""
    return min(cards_in(mask), key=lambda card: (-HALF_POINTS[card], SUIT_OF[card] == TRUMP_SUIT, card))


# ===================================================================== leading
def slam_excuse(table: Table) -> int | None:
    """The one time the Excuse goes to the last trick: led by a side that has won every other trick."""
    if table.last_trick and table.legal & EXCUSE_BIT and table.side_won_all and table.tricks:
        return EXCUSE
    return None


def excuse_before_the_end(table: Table) -> int | None:
    """Play the Excuse before the last trick, where it would change side (unless a slam lead is still on).

    The taker keeps it for the slam lead after an announced chelem, or when every trick so far is his and the
    card he leads now is sure to win the last but one: kept to a last trick he does not lead, it is lost.
    """
    if not table.legal & EXCUSE_BIT or table.last_trick or table.cards_left > EXCUSE_BY_CARDS_LEFT:
        return None
    if table.side_won_all and table.tricks and table.is_taker:
        if table.view.chelem:
            return None
        others = table.legal & ~EXCUSE_BIT
        if table.leading and any(table.sure_winner(card) for card in cards_in(others)):
            return None
    return EXCUSE


def chelem_run(table: Table) -> int | None:
    """After announcing a chelem: trumps from the top until the defence has none, then the rest, Excuse last."""
    if not (table.is_taker and table.view.chelem):
        return None
    trumps = table.legal & TRUMPS
    if trumps and table.foes_may_hold_trumps():
        return trumps.bit_length() - 1
    rest = table.legal & ~EXCUSE_BIT
    if not rest:
        return None
    return max(cards_in(rest), key=lambda c: (SUIT_OF[c] != TRUMP_SUIT, c))


def draw_trumps(table: Table) -> int | None:
    """The taker leads trumps while he holds more than the others together, or hunts an outstanding Petit."""
    if not table.is_taker:
        return None
    mine = table.playable & TRUMPS & ~PETIT_BIT
    if not mine or not table.foes_may_hold_trumps():
        return None
    outstanding = table.outstanding_trumps()
    spare = (table.hand & TRUMPS & ~PETIT_BIT).bit_count()
    petit_out = any(table.possible[s] & PETIT_BIT for s in table.foes)
    drawing = table.trump_count() > outstanding
    hunting = petit_out and spare >= max(2, outstanding)
    if not (drawing or hunting):
        return None
    foe_top = max((table.possible[s] & TRUMPS).bit_length() - 1 for s in table.foes)
    masters = mine & ~((2 << foe_top) - 1) if foe_top >= 0 else mine
    masters &= ~MONDE_BIT
    if masters:
        return lowest_of(masters)
    spendable = mine & ~MONDE_BIT
    return lowest_of(spendable) if spendable else None


def lead_king(table: Table) -> int | None:
    """Cash a king of a short suit before the opponents are void in it; a long suit's by its second round."""
    kings = table.playable & KINGS
    for card in sorted(cards_in(kings), key=lambda c: (table.suit_length(SUIT_OF[c]), c)):
        suit = SUIT_OF[card]
        if any(table.voids[s] >> suit & 1 and table.may_hold_trump(s) for s in table.foes):
            continue
        short = table.suit_length(suit) <= SHORT_SUIT
        if (short and table.rounds[suit] == 0) or table.rounds[suit] < LONG_KING_LAST_ROUND:
            return card
    return None


def defender_lead(table: Table) -> int | None:
    """Lead the suit the taker lacks (lowest card); else the longest suit, lowest first; trumps only with 5."""
    if table.attacking:
        return None
    taker = table.taker
    suits = [s for s in range(SUIT_COUNT) if table.playable & SUIT_MASKS[s]]
    void_suits = [s for s in suits if table.voids[taker] >> s & 1 or not table.possible[taker] & SUIT_MASKS[s]]
    if void_suits and table.may_hold_trump(taker):
        suit = max(void_suits, key=lambda s: (table.suit_length(s), -s))
        return _lowest_non_king(table.playable & SUIT_MASKS[suit])
    if suits:
        # The shown chien hints at his shape: a suit it was rich in is one he may have thrown away.
        chien = table.view.chien

        def preference(s: int) -> tuple[int, int, int]:
            return (table.suit_length(s), (chien & SUIT_MASKS[s]).bit_count(), -s)

        suit = max(suits, key=preference)
        return _lowest_non_king(table.playable & SUIT_MASKS[suit])
    if table.trump_count() >= DEFENDER_TRUMP_LEAD and table.playable & TRUMPS:
        return lowest_of(table.playable & TRUMPS)
    return None


def _lowest_non_king(mask: int) -> int:
    rest = mask & ~KINGS
    return lowest_of(rest or mask)


def attack_lead(table: Table) -> int | None:
    """The attack without the trump lead: sure winners when nobody can ruff, else a short suit to ruff it later."""
    if not table.attacking:
        return None
    suits = [s for s in range(SUIT_COUNT) if table.playable & SUIT_MASKS[s]]
    for suit in suits:
        top = (table.playable & SUIT_MASKS[suit]).bit_length() - 1
        higher_out = table.unseen & DECK.above[top]
        if not higher_out and not any(table.may_be_void(s, suit) and table.may_hold_trump(s) for s in table.foes):
            return top
    if not suits:
        return None
    suit = min(suits, key=lambda s: (table.suit_length(s), s))
    return _lowest_non_king(table.playable & SUIT_MASKS[suit])


def lead_low(table: Table) -> int:
    """Nothing better: the cheapest card, trumps last."""
    non_trumps = table.playable & ~TRUMPS
    return cheapest(non_trumps or table.playable, table)


# ===================================================================== following
def release_petit(table: Table) -> int | None:
    """A Petit that found no safe trick goes now, before the last trick, where an opponent would catch it.

    Caught in the last trick it would also give the opponents the Petit au bout; caught now it costs only itself.
    It stays when the highest trump still out can only be an ally's, who may then take the last trick with it.
    """
    if table.cards_left != PETIT_LAST_CHANCE or not table.legal & PETIT_BIT or table.petit_au_bout_plan:
        return None
    out = table.unseen & TRUMPS
    if not out:
        return None
    top = out.bit_length() - 1
    if not any(table.possible[s] >> top & 1 for s in table.foes):
        return None
    return PETIT


def catch_the_petit(table: Table) -> int | None:
    """An opponent whose only trump left is the Petit must give it up; catch it in the last trick if we can.

    With two cards left, lead a card of the suit his other card must be of: he follows, his Petit comes to the last
    trick, and our trump takes it there with the Petit au bout.  If he may lack that suit he could win this trick
    with the Petit, so lead the trump instead, under which he must play it now.
    """
    if table.cards_left != PETIT_LAST_CHANCE or not table.leading or table.played & PETIT_BIT:
        return None
    holders = [s for s in range(table.players) if s != table.seat and table.possible[s] & PETIT_BIT]
    if len(holders) != 1 or table.is_ally(holders[0]) or table.possible[holders[0]] & TRUMPS != PETIT_BIT:
        return None
    trumps = table.legal & TRUMPS
    if not trumps:
        return None
    top = trumps.bit_length() - 1
    if any(table.possible[s] & TRUMPS_ABOVE[top] for s in table.foes):
        return None
    # His other card is one of these: a suit that holds them all is a suit he must follow.
    other_card = table.possible[holders[0]] & ~TRUMPS & ~EXCUSE_BIT
    for card in cards_in(table.legal & SUIT_CARDS):
        if other_card and not other_card & ~SUIT_MASKS[SUIT_OF[card]]:
            return card
    return top


def play_petit_safely(table: Table) -> int | None:
    """Save the Petit: play it when our side surely takes the trick or it cannot be beaten.

    The taker with trumps to keep it for the last trick waits; everyone else, and so a defender with
    four trumps or fewer, takes the first sure trick, since every later trump lead may force it out.
    """
    if not table.playable & PETIT_BIT or table.petit_au_bout_plan:
        return None
    if table.last_trick or table.petit_safe_now():
        return PETIT
    return None


def excuse_saves_petit(table: Table) -> int | None:
    """The Petit would have to go under a higher trump of the opponents: give the Excuse instead."""
    legal = table.legal
    if not legal & EXCUSE_BIT or table.last_trick or legal & ~EXCUSE_BIT != PETIT_BIT or table.petit_safe_now():
        return None
    return EXCUSE


def monde(table: Table) -> int | None:
    """The 21 on a rich trick or to rescue our Petit, when the trick is not ours already."""
    if not table.playable & MONDE_BIT or table.leading or table.side_sure_to_win():
        return None
    return MONDE


def load_points(table: Table) -> int | None:
    """Our side surely wins: give it our richest card (never a trump we could keep)."""
    if not table.side_sure_to_win():
        return None
    non_trumps = table.playable & ~TRUMPS
    if non_trumps:
        return richest(non_trumps)
    return lowest_of(table.playable & TRUMPS)


def king_on_lead(table: Table) -> int | None:
    """The suit is led and our king takes it: cash it on the first round (short suit) or by the second (long)."""
    if table.led < 0 or table.led == TRUMP_SUIT:
        return None
    king = court(RANK_K, table.led)
    if not table.playable >> king & 1 or not table.wins_now(king) or table.known_ruffer_later(table.led):
        return None
    rounds_before = table.rounds[table.led] - 1
    short = table.suit_length(table.led) <= SHORT_SUIT
    if (short and rounds_before == 0) or rounds_before < LONG_KING_LAST_ROUND:
        return king
    return None


def win_cheaply(table: Table) -> int | None:
    """An opponent holds the trick and we can surely take it: with the cheapest winning card."""
    if table.win_seat >= 0 and table.is_ally(table.win_seat):
        return None
    winners = [card for card in cards_in(table.playable) if table.sure_winner(card)]
    if not winners:
        return None
    return min(winners, key=lambda card: (SUIT_OF[card] == TRUMP_SUIT, card))


def excuse_on_lost_trick(table: Table) -> int | None:
    """The trick is lost for us: the Excuse spares a card worth keeping (a court card, a trump)."""
    if not table.legal & EXCUSE_BIT or table.last_trick or not table.side_losing():
        return None
    spared = cheapest(table.playable, table)
    if HALF_POINTS[spared] >= EXCUSE_SPARES_HALF or SUIT_OF[spared] == TRUMP_SUIT:
        return EXCUSE
    return None


def lose_cheaply(table: Table) -> int:
    """We cannot win or need not: the card of least value."""
    return cheapest(table.playable, table)


LeadTip = Callable[[Table], int | None]
LEAD_TIPS: tuple[LeadTip, ...] = (
    slam_excuse,
    chelem_run,
    excuse_before_the_end,
    play_petit_safely,
    release_petit,
    catch_the_petit,
    draw_trumps,
    lead_king,
    defender_lead,
    attack_lead,
)
FOLLOW_TIPS: tuple[LeadTip, ...] = (
    excuse_before_the_end,
    excuse_saves_petit,
    play_petit_safely,
    release_petit,
    monde,
    load_points,
    king_on_lead,
    win_cheaply,
    excuse_on_lost_trick,
)


def choose_card(table: Table) -> int:
    """The card the tips pick, in the order of precedence."""
    tips = LEAD_TIPS if table.leading else FOLLOW_TIPS
    for tip in tips:
        card = tip(table)
        if card is not None and table.legal >> card & 1:
            return card
    return lead_low(table) if table.leading else lose_cheaply(table)


# ===================================================================== the player
class TarotHeuristic(ComputerPlayer[TarotView]):
    """Tarot's ``heuristic`` level: the rules' strategy tips with card counting."""

    level = "heuristic"
    #: The five-player count from which a hand bids garde contre (``benchmarks/tarot_five_players.py`` plays
    #: a heuristic without it, at infinity, to measure what it is worth).
    five_player_contre_from: float = FIVE_PLAYER_CONTRE_FROM

    def decide(self, view: TarotView) -> Action:
        phase = view.phase
        if phase == BID:
            return bid_by_the_count(view, self.five_player_contre_from)
        if phase == KING:
            return call_a_king(view)
        if phase == DISCARD:
            return discard_lowest_without_points(view)
        if phase == CHELEM:
            return announce_a_chelem_only_with_a_sure_run(view)
        if not view.only_plays:
            poignee = show_the_largest_poignee(view)
            if poignee is not None:
                return poignee
        legal = view.legal_mask
        if legal & (legal - 1) == 0:
            return view.plays[legal.bit_length() - 1]
        return view.plays[choose_card(Table(view))]
