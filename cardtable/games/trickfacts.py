"""Why a card is the one to play, in the trick games that count cards alike (Manille, Malilla): the facts of a
hint's reason, from the seat's view and its card count only.

Each fact is a clause in the game's words ("it wins the trick", "East showed out of hearts", "your partner is
winning the trick"); the first is the point, the rest support it.  Everything comes from the view (the trick,
the cards played) and the count (what each seat showed it lacks), both public or the seat's own, so the facts
stay the same whatever way the unseen cards lie.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import Deck, cards_in
from cardtable.engine.words import GameWords, counted
from cardtable.games.cardcount import CardCount, TrickView
from cardtable.games.endgame import trick_winner
from cardtable.games.tricks import beats


class TrickFacts:
    """The facts of one card decision, for a hint's reason."""

    def __init__(self, words: GameWords[Any], deck: Deck, points: Sequence[int], view: TrickView, count: CardCount,
                 names: Sequence[str], partner: int | None) -> None:  # fmt: skip
        self.words = words
        self.deck = deck
        self.points = points
        self.view = view
        self.count = count
        self.names = names
        self.partner = partner
        self.seat = seat = view.seat
        players = view.players
        self.trick = trick = list(view.trick)
        self.trump = view.trump
        self.later = [(seat + k) % players for k in range(1, players - len(trick))]
        self.opponents_later = [s for s in self.later if s != partner]

    # ----------------------------------------------------------------- words
    def card(self, card: int) -> str:
        return self.words.card_text(self.deck.codes[card])

    def suit(self, suit: int, one: bool = False) -> str:
        name = self.words.suit_names[self.deck.suits[suit]]
        return name[:-1] if one and name.endswith("s") else name

    def who(self, seat: int) -> str:
        return "your partner" if seat == self.partner else self.names[seat]

    # ----------------------------------------------------------------- questions
    def trumps_out(self) -> int:
        """The trumps the other seats may still hold."""
        if self.trump is None:
            return 0
        return self.count.outstanding() & self.deck.suit_masks[self.trump]

    def can_beat(self, seat: int, card: int, led: int) -> bool:
        """Whether ``seat`` may hold a card that takes the trick from ``card`` (the led suit being ``led``)."""
        deck = self.deck
        possible = self.count.possible[seat]
        led_mask = deck.suit_masks[led]
        if deck.suit_of[card] == led and any(beats(deck, c, card, self.trump) for c in cards_in(possible & led_mask)):
            return True
        if self.count.known[seat] & led_mask:
            return False  # it holds the led suit, so it follows it
        return any(beats(deck, c, card, self.trump) for c in cards_in(possible & ~led_mask))

    def beaten_by_any(self, card: int) -> bool:
        """Whether any card the other seats may still hold takes the trick from ``card``: a higher card of its suit,
        or a trump when it is none.  When none does, "nobody has a card above it" would say nothing."""
        return any(beats(self.deck, c, card, self.trump) for c in cards_in(self.count.outstanding()))

    def why_not(self, seat: int, card: int, led: int) -> str:
        """Why ``seat`` cannot take the trick from ``card``: "East showed out of hearts and has no trumps left".

        It names a card "above" ``card`` only when one is still out, so it never says a seat lacks what nobody has.
        """
        who = self.who(seat)
        deck = self.deck
        trump = self.trump
        possible = self.count.possible[seat]
        trumps = possible & deck.suit_masks[trump] if trump is not None else 0
        if not possible & deck.suit_masks[led]:
            out = f"{who} showed out of {self.suit(led)}"
            if trump is None or led == trump:
                return out
            return f"{out} and has no trump{'s left' if not trumps else ' above ' + self.card(card)}"
        if deck.suit_of[card] == led:
            follows = self.count.known[seat] & deck.suit_masks[led] or trump is None or led == trump
            higher_out = any(c > card for c in cards_in(self.count.outstanding() & deck.suit_masks[led]))
            if not higher_out:
                return "" if follows else f"{who} has no trumps left"
            out = f"{who} has no {self.suit(led, one=True)} above {self.card(card)}"
            return out if follows else f"{out} and no trumps left"
        if self.count.known[seat] & deck.suit_masks[led]:
            return f"{who} must follow {self.suit(led)}"
        return f"{who} has no trump above {self.card(card)}"

    # ----------------------------------------------------------------- the facts
    def of_play(self, card: int, legal: int) -> list[str]:
        """Why ``card`` (of the ``legal`` cards) is the one to play now."""
        return self.leading(card) if not self.trick else self.following(card, legal)

    def leading(self, card: int) -> list[str]:
        deck = self.deck
        suit = deck.suit_of[card]
        trump = self.trump
        count = self.count
        opponents = [s for s in range(self.view.players) if s != self.seat and s != self.partner]
        if (1 << card) & count.masters():
            if suit == trump:
                left = self.trumps_out().bit_count()
                return ["it is the highest trump still out", f"{counted(left, 'trump')} still out besides yours"
                        if left else "the others have no trumps left"]  # fmt: skip
            ruffers = [s for s in opponents if count.is_void(s, suit) and count.may_hold_trump(s)]
            if ruffers:
                return [f"it is the highest {self.suit(suit, one=True)} still out",
                        f"but {self.who(ruffers[0])} showed out of {self.suit(suit)} and may trump it"]  # fmt: skip
            facts = [f"it is the highest {self.suit(suit, one=True)} still out"]
            void = [s for s in opponents if count.is_void(s, suit)]
            if void and trump is not None:
                facts.append(f"{self.who(void[0])} showed out of {self.suit(suit)} but has no trumps left")
            return facts
        if suit == trump:
            left = self.trumps_out().bit_count()
            return [f"draw trumps: {counted(left, 'trump')} still out besides yours"]
        partner = self.partner
        if partner is not None and count.is_void(partner, suit) and count.may_hold_trump(partner):
            return [f"your partner showed out of {self.suit(suit)} and may trump it"]
        higher = [c for c in cards_in(self.view.hand & deck.suit_masks[suit]) if c > card]
        if not self.points[card] and higher:
            return [f"a low {self.suit(suit, one=True)} gives nothing away",
                    f"it keeps {self.card(max(higher))} for later"]  # fmt: skip
        if not self.points[card]:
            return [f"a low {self.suit(suit, one=True)} gives nothing away"]
        return [f"lead {self.suit(suit)}"]

    def following(self, card: int, legal: int) -> list[str]:
        deck = self.deck
        trick = self.trick
        led = deck.suit_of[trick[0][1]]
        win_seat, win_card = trick_winner(deck, trick, self.trump)
        held = sum(self.points[c] for _s, c in trick)
        worth = f"the trick holds {counted(held, 'point')}" if held else ""
        if beats(deck, card, win_card, self.trump):
            threats = [s for s in self.opponents_later if self.can_beat(s, card, led)]
            if not threats:
                if not self.later:
                    facts = ["it wins the trick: you play last"]
                elif not self.opponents_later:
                    facts = ["it wins the trick: only your partner plays after you"]
                elif not self.beaten_by_any(card):
                    # Nothing still out beats it: that, not what each seat lacks, is why it wins.
                    suit = deck.suit_of[card]
                    top = "trump" if suit == self.trump else self.suit(suit, one=True)
                    if any(c > card for c in cards_in(self.view.hand & deck.suit_masks[suit])):
                        facts = [f"it wins the trick: only you hold a {top} above {self.card(card)}"]
                    else:
                        facts = [f"it wins the trick: {self.card(card)} is the highest {top} still out"]
                    if deck.suit_of[card] != self.trump and self.trump is not None:
                        facts[0] += " and nobody can trump it"
                else:
                    facts = ["it wins the trick", *(self.why_not(s, card, led) for s in self.opponents_later)]
                if held:
                    won = f"it wins the trick and its {counted(held, 'point')}"
                    facts[0] = facts[0].replace("it wins the trick", won)
                return facts
            if win_seat == self.partner:
                return [f"it covers your partner's {self.card(win_card)}, which {self.who(threats[0])} may beat"]
            return [f"it takes the trick from {self.card(win_card)} for now",
                    f"{self.who(threats[0])} may still beat it"]  # fmt: skip
        if win_seat == self.partner:
            partner_safe = not any(self.can_beat(s, win_card, led) for s in self.opponents_later)
            point = "your partner is winning the trick" + ("" if partner_safe or not self.later else " for now")
            if self.points[card]:
                return [point, f"{self.card(card)} adds {counted(self.points[card], 'point')} to it"]
            return [point, "play low and keep your strong cards"]
        if not any(beats(deck, c, win_card, self.trump) for c in cards_in(legal)):
            facts = [f"you cannot beat {self.card(win_card)}"]
            if not self.points[card]:
                facts.append("throw a card worth nothing")
            return facts
        if held < 2:
            holds = f"only {counted(held, 'point')}" if held else "no points"
            return [f"let {self.card(win_card)} have the trick: it holds {holds}", "keep your strong cards for later"]
        return [f"let {self.card(win_card)} have the trick", worth]
