"""What one seat of a Tarot hand knows of where the unseen cards are, and worlds dealt to fit it.

The unseen cards lie in the other hands, in the chien while it is face down (in the bidding, and all hand long
in a garde sans or a garde contre), and, for every seat but the taker, in the taker's discard (whose trumps
were shown).  Everything the seat saw narrows where each card may be:

* the play: a seat that did not follow suit has none of it, one that did not trump has no trump, one that did
  not overtrump has no trump above the trick's highest (``ruled_out_by_play`` on the duties); the Excuse, always
  allowed, says nothing;
* the chien once turned up: its cards went to the taker, in his hand or his discard;
* the discard: no king and no oudler; trumps only when the taker had too few other cards, so a discard showing
  trumps leaves the taker no plain card but kings;
* a poignée: the trumps shown stay in that hand until played, and one that shows the Excuse holds no other
  trump;
* the king call at five players: calling a queen (a knight, a jack) means the taker was dealt every card of the
  ranks above it.

``sample_hidden`` deals the unseen cards uniformly among the ways that respect all of it (``UniformDealer``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from cardtable.games.cardcount import ruled_out_by_play
from cardtable.games.tricks import played_seats
from cardtable.games.worlds import UniformDealer, draw_deals

from .rules import (
    COURT,
    DECK,
    EXCUSE,
    EXCUSE_BIT,
    FOLLOW_DECK,
    FOLLOW_RULES,
    KINGS,
    SIZES,
    SUIT_CARDS,
    TRUMP_SUIT,
    TRUMPS,
    TarotHidden,
    TarotView,
    dealt_from_view,
    is_petit_sec,
)


def ruled_out_by_following(view: TarotView) -> list[int]:
    """Per seat, the cards it showed it does not hold by the way it followed (public)."""
    ruled_out = [0] * view.players
    suit_of = FOLLOW_DECK.suit_of
    tricks = [(leader, cards) for leader, cards, *_rest in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(card for _seat, card in view.trick)))
    for leader, cards in tricks:
        led_suit = win_card = -1
        for offset, card in enumerate(cards):
            if card == EXCUSE:
                continue
            seat = (leader + offset) % view.players
            if win_card < 0:
                led_suit, win_card = suit_of[card], card
                continue
            ruled_out[seat] |= ruled_out_by_play(FOLLOW_DECK, led_suit, win_card, TRUMP_SUIT, False, FOLLOW_RULES, card)
            if (card > win_card) if suit_of[card] == suit_of[win_card] else suit_of[card] == TRUMP_SUIT:
                win_card = card
    return ruled_out


def hidden_places(view: TarotView) -> tuple[int, list[int], list[int], list[str | int]]:
    """The unseen cards, and per place (each other seat, then the face-down chien and the hidden part of the
    discard when this seat cannot see them) which of them may be there and how many are."""
    seat = view.seat
    players = view.players
    size = SIZES[players]
    taker = view.taker
    played = 0
    for _seat, card in played_seats(view.tricks, view.trick, players):
        played |= 1 << card
    pool = DECK.full & ~view.hand & ~played & ~view.discard
    if taker == seat:
        pool &= ~view.chien
    ruled_out = ruled_out_by_following(view)
    places: list[str | int] = []
    possible: list[int] = []
    need: list[int] = []
    # Cards only one seat may hold: a poignée's unplayed trumps, and the court cards a king call proves.
    only: dict[int, int] = {}
    no_trumps = 0
    for shower, cards, _level in view.poignees:
        only[shower] = only.get(shower, 0) | (cards & pool)
        if cards & EXCUSE_BIT:
            no_trumps |= 1 << shower
    if view.called is not None and taker is not None and taker != seat:
        for rank in COURT:
            if rank >> view.called & 1:
                break
            only[taker] = only.get(taker, 0) | (rank & pool)
    claimed = 0
    for cards in only.values():
        claimed |= cards
    for other in range(players):
        if other == seat:
            continue
        mask = pool & ~ruled_out[other] & ~claimed | only.get(other, 0)
        if no_trumps >> other & 1:
            mask &= ~(TRUMPS & ~only.get(other, 0))
        if other != taker:
            # The chien, turned up, went to the taker.
            mask &= ~view.chien
        elif view.discarded and view.discard & TRUMPS and seat != taker:
            # Trumps in the discard: the taker kept no plain card but kings.
            mask &= ~(SUIT_CARDS & ~KINGS)
        places.append(other)
        possible.append(mask)
        need.append(view.held[other])
    if not view.chien:
        places.append("chien")
        possible.append(pool & ~claimed)
        need.append(size.chien)
    if view.discarded and seat != taker:
        places.append("discard")
        possible.append(pool & SUIT_CARDS & ~KINGS & ~claimed)
        need.append(size.chien - (view.discard & TRUMPS).bit_count())
    return pool, possible, need, places


#: Draws a world sampler makes per world wanted before it gives up (a world with a petit sec is drawn again).
ATTEMPTS = 4


def sample_hidden(view: TarotView, rng: random.Random, count: int) -> list[TarotHidden]:
    """``count`` worlds drawn uniformly among those that fit the view (each once when there are at most
    ``count``).

    A hand being played was dealt no petit sec (that annuls the deal): worlds that deal one are drawn again.
    """
    pool, possible, need, places = hidden_places(view)
    dealer = UniformDealer(pool, possible, need)
    worlds: list[TarotHidden] = []
    for _ in range(ATTEMPTS):
        deals = draw_deals(dealer, rng, count - len(worlds))
        worlds.extend(world for world in _worlds(view, places, deals) if not _petit_sec_dealt(view, world))
        if len(worlds) >= count or len(deals) < count:
            # Enough, or every world was listed.
            break
    return worlds[:count]


def _petit_sec_dealt(view: TarotView, world: TarotHidden) -> bool:
    return not view.shown_hands and any(is_petit_sec(hand) for hand in dealt_from_view(view, world))


def _worlds(view: TarotView, places: list[str | int], deals: Iterable[list[int]]) -> Iterator[TarotHidden]:
    for deal in deals:
        hands = [view.hand] * view.players
        chien = view.chien
        discard = view.discard
        for place, cards in zip(places, deal, strict=True):
            if place == "chien":
                chien = cards
            elif place == "discard":
                discard |= cards
            else:
                assert isinstance(place, int)
                hands[place] = cards
        yield TarotHidden(tuple(hands), chien, discard)
