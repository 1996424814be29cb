"""How French Tarot reads: trumps by their number, the Excuse, contracts, the écart, poignées, the chelem."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol, cast

from cardtable.engine.cards import cards_in
from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, counted, listed, says, signed
from cardtable.games.tricks import beats

if TYPE_CHECKING:
    from cardtable.engine.hints import Findings

    from .rules import TarotView

CONTRACT_LABELS = {
    "pass": "Pass",
    "petite": "Petite",
    "garde": "Garde",
    "garde_sans": "Garde sans (the chien is not taken)",
    "garde_contre": "Garde contre (the chien goes to the defence)",
}
EXCUSE = "EX"
#: The Excuse on a card: too long a word for a card's face, so its first letters.
EXCUSE_FACE = "Exc"


class Count(Protocol):
    """The attack's count as a view gives it: oudlers, card points so far, what they need, the écart's share."""

    @property
    def oudlers(self) -> int: ...

    @property
    def points(self) -> int | float: ...

    @property
    def needed(self) -> int: ...

    @property
    def ecart(self) -> int | float | None: ...


def is_trump(code: str) -> bool:
    """Whether a card is one of the trumps (``T1`` to ``T21``) or the Excuse, which plays like one."""
    return code.startswith("T") or code == EXCUSE


class TarotWords(GameWords[View]):  # no line of a deal reads Tarot's own facts
    def face(self, code: str, ascii_cards: bool = False) -> tuple[str, str]:
        if code == EXCUSE:
            return EXCUSE_FACE, ""
        if code.startswith("T"):
            return code[1:], ""  # a trump shows its number, as on the card itself
        return super().face(code, ascii_cards)

    def glyph(self, code: str) -> str:
        return "Excuse" if code == EXCUSE else super().glyph(code)

    def card_text(self, code: str) -> str:
        """A trump says it is one ("trump 16"): a bare number in a sentence could be anything."""
        if code == EXCUSE:
            return "the Excuse"
        if code.startswith("T"):
            return f"trump {code[1:]}"
        return super().card_text(code)

    def card_list(self, codes: Iterable[str], last: str = "or") -> str:
        """Suit cards as drawn, then the trumps as numbers after one "trump(s)", then the Excuse:
        "K♥, trumps 3, 5 or the Excuse"."""
        cards = list(codes)
        items = [self.glyph(code) for code in cards if not is_trump(code)]
        trumps = [code[1:] for code in cards if code.startswith("T")]
        if trumps:
            items.append(("trump " if len(trumps) == 1 else "trumps ") + trumps[0])
            items.extend(trumps[1:])
        if EXCUSE in cards:
            items.append("the Excuse")
        return listed(items, last)

    def card_name(self, code: str) -> str:
        if code == EXCUSE:
            return "the Excuse"
        if code.startswith("T"):
            return f"trump {code[1:]}" + (" (the Petit)" if code == "T1" else "")
        return super().card_name(code)

    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
        who = names[action.seat]
        if action.verb == "bid" and action.value != "pass":
            return f"{who} {says(who, 'bids')} {action.value.replace('_', ' ')}."
        if action.verb == "king":
            return f"{who} {says(who, 'calls')} {self.card_name(action.value)}."
        if action.verb == "discard":
            shown = [c for c in action.value if is_trump(c)]
            extra = f" (trumps shown: {self.glyphs(shown)})" if shown else ""
            return f"{who} {says(who, 'puts')} {len(action.value)} cards in the écart{extra}."
        if action.verb == "declare":
            if action.value == "poignee":
                cards = action.get("cards") or ()
                return f"{who} {says(who, 'shows')} a poignée of {len(cards)}: {self.glyphs(cards)}."
            if action.value == "chelem":
                return f"{who} {says(who, 'announces')} a chelem!"
            return f"{who} {says(who, 'announces')} no chelem."
        return super().describe_action(action, names, reveal, view)

    def choice_label(self, action: Action) -> str:
        if action.verb == "bid":
            return CONTRACT_LABELS.get(action.value, str(action.value))
        if action.verb == "king":
            return f"Call {self.card_name(action.value)}"
        if action.verb == "declare":
            if action.value == "poignee":
                return f"Show a poignée of {len(action.get('cards') or ())} trumps"
            return {"chelem": "Announce a chelem (all the tricks)", "no_chelem": "No chelem"}[action.value]
        return super().choice_label(action)

    def king_call_label(self, action: Action, held: bool) -> str:
        """A king call in the taker's dialog; calling a card of his own hand means playing alone."""
        label = self.choice_label(action)
        return f"{label}: yours, so you play alone" if held else label

    def chien_label(self, taker: str) -> str:
        """The line over the chien while it lies face up on the table."""
        return f"The chien: {taker} {says(taker, 'takes')} it"

    def chien_heading(self, codes: Iterable[str]) -> str:
        """The écart dialog's reminder of the cards the chien brought (they are in the hand it shows)."""
        return f"The chien brought {self.card_list(codes, 'and')}."

    def count_lines(self, count: Count) -> list[str]:
        """The side panel's count of the attack, under its contract: its oudlers and what they need, the points
        it has taken (the écart's among them, for the taker)."""
        return [f"  {counted(count.oudlers, 'oudler')}: {count.needed} needed",
                f"  {counted(count.points, 'point')} taken"]  # fmt: skip

    def ecart_line(self, codes: Iterable[str], points: int | float | None) -> str:
        """The taker's reminder of his écart, and what it counts for him."""
        worth = f", {counted(points, 'point')}" if points is not None else ""
        return f"Your écart{worth}: {self.glyphs(codes)}"

    def advice(self, action: Action, view: View | None = None) -> str:
        if action.verb == "bid" and action.value != "pass":
            return f"bid {action.value.replace('_', ' ')}"
        if action.verb == "king":
            return f"call {self.card_text(action.value)}"
        if action.verb == "discard":
            return f"put {self.card_list(action.value, 'and')} in the écart"
        if action.verb == "declare":
            if action.value == "poignee":
                return f"show a poignée: {self.card_list(action.get('cards') or (), 'and')}"
            return {"chelem": "announce a chelem", "no_chelem": "announce no chelem"}[action.value]
        return super().advice(action, view)

    # ------------------------------------------------------------- why a hint
    #: The oudlers and the points of a set of cards, in half points, for the facts of a hint (joined in the game's
    #: package: the rule book reads these words and may not be imported by them).
    oudlers: int = 0
    card_half_points: Callable[[int], int] | None = None

    def half_points(self, cards: int) -> int:
        return self.card_half_points(cards) if self.card_half_points is not None else 0

    def hint_facts(self, view: View, action: Action | None, findings: Findings | None, names: Sequence[str]
                   ) -> list[str]:  # fmt: skip
        if action is None or view.phase == "done":
            return []
        view = cast("TarotView", view)
        deck = view.deck
        hand = view.hand
        trumps = (hand & view.trumps).bit_count()
        oudlers = (hand & self.oudlers).bit_count()
        held = f"you hold {counted(trumps, 'trump')} and {counted(oudlers, 'oudler') if oudlers else 'no oudlers'}"
        if action.verb == "bid":
            if action.value == "pass":
                return ["your hand is not strong enough to take", held]
            contract = action.value.replace("_", " ")
            if findings is not None and findings.is_best(action):
                return [f"a {contract} scores best in the deals played out", held]
            return [f"your hand counts enough for a {contract}", held]
        if action.verb == "declare":
            if action.value == "poignee":
                return [f"{counted(len(action.get('cards') or ()), 'trump')} shown earn the poignée's bonus"]
            if action.value == "chelem":
                return ["you may well take every trick", held]
            return ["taking every trick is out of reach", held]
        if action.verb == "king":
            suit = action.value[-1]
            length = sum(1 for c in deck.codes_of(hand) if c[-1] == suit and not c.startswith("T") and c != "EX")
            name = self.suit_names[suit]
            if not length:
                return [f"you hold no {name}: the holder of {self.card_text(action.value)} makes the tricks you cannot"]
            held = counted(length, name.removesuffix("s"), name)
            return [f"you hold {held}: the holder of {self.card_text(action.value)} will help you win them"]
        if action.verb == "discard":
            cards = deck.mask_of(action.value)
            kept = hand & ~cards
            void = [
                self.suit_names[s]
                for s in deck.suits
                if not any(c[-1] == s for c in deck.codes_of(kept) if not c.startswith("T") and c != "EX")
            ]
            facts = [f"the écart puts {self.half_points(cards) / 2:g} points out of the defence's reach"]
            if void:
                facts.append(f"it leaves you void in {listed(void)}, so you can trump them")
            return facts
        if action.verb == "play":
            card = deck.index[action.value]
            if card == view.excuse:
                return ["the Excuse keeps its points for your side whoever wins the trick"]
            return self.play_facts(view, card, self.half_points(1 << card))
        return []

    def play_facts(self, view: View, card: int, half: int) -> list[str]:
        """Why this card: who holds the trick, whether the card takes it, what it is worth."""
        view = cast("TarotView", view)
        deck = view.deck
        trump_suit = deck.suit_of[deck.index["T1"]]
        trick = [(s, c) for s, c in view.trick if c != view.excuse]
        points = f"{half / 2:g} points" if half > 1 else ""
        if not trick:  # leading, or following the Excuse, which leaves the next card to set the suit
            if deck.suit_of[card] == trump_suit:
                return ["lead trumps to draw the defence's" if view.seat == view.taker else "lead a trump"]
            suit = self.suit_names[deck.suits[deck.suit_of[card]]]
            if deck.codes[card].startswith("K"):
                return [f"the king is the highest of the {suit}: it wins unless they trump it"]
            if half <= 1:
                return [f"a low card of {suit} gives nothing away"]
            return [f"lead {suit}"]
        winner = view.winning_seat
        win_card = next((c for s, c in trick if s == winner), None)
        ours = self.same_side(view, winner)
        if win_card is not None and beats(deck, card, win_card, trump_suit) and not ours:
            held = sum(self.half_points(1 << c) for _s, c in trick)
            return [f"it beats {self.card_text(deck.codes[win_card])}",
                    f"the trick holds {held / 2:g} points so far" if held > len(trick) else ""]  # fmt: skip
        if ours and winner is not None:
            side = "your partner is" if view.seat != view.taker and winner != view.taker else "your side is"
            if winner == view.taker and view.seat != view.taker:
                side = "your partner the taker is"
            return [f"{side} winning the trick", self.feeding(view, card, points, trump_suit)]
        if win_card is not None:
            return [f"you cannot take the trick from {self.card_text(deck.codes[win_card])}",
                    "give as little as you can" if not points else ""]  # fmt: skip
        return ["it is the card your count of the hand picks"]

    def feeding(self, view: View, card: int, points: str, trump_suit: int) -> str:
        """What ``card`` does on a trick the seat's side is winning: the points it adds, or that it is the low card
        kept back from the strong ones (never "play low" of a high trump the count chose over a lower one)."""
        view = cast("TarotView", view)
        deck = view.deck
        if points:
            return f"{self.card_text(deck.codes[card])} adds {points}"
        suit = deck.suit_of[card]
        lower = [c for c in cards_in(view.legal_mask & deck.suit_masks[suit]) if c < card and c != view.excuse]
        if not lower:
            return "play low and keep your strong cards"
        if suit == trump_suit:
            return "a high trump leaves the players after you less chance to overtrump it"
        return f"{self.card_text(deck.codes[card])} is worth no more than a low card"

    @staticmethod
    def same_side(view: View, seat: int | None) -> bool:
        """Whether ``seat`` plays on this seat's side, as far as this seat knows."""
        view = cast("TarotView", view)
        if seat is None or seat == view.seat:
            return seat is not None
        taker, partner = view.taker, view.known_partner
        attack = {taker, partner} - {None}
        if view.seat in attack:
            return seat in attack
        if partner is None and view.players == 5:
            return False  # the defence does not know its own side yet
        return seat not in attack

    def search_figures(self, view: View, action: Action | None, findings: Findings | None) -> str:
        if findings is None or not findings.worlds:
            return ""
        # A deal is played out whole for each world: few of them, so the choices' means are worth saying, but
        # only the chosen one's and the two best others'; an écart's against the next best, unnamed (six cards
        # a choice would fill the dialog).
        chosen = findings.index(action)
        if action is not None and action.verb == "discard" and chosen is not None:
            deals, score = counted(findings.worlds, "deal"), signed(findings.means[chosen])
            said = f"played out in {deals}, this écart scores {score}"
            other = findings.runner_up(action)
            if other is not None:
                margin = findings.means[chosen] - findings.means[other]
                if margin >= 0.05:
                    said += f", {margin:.1f} ahead of the next best"
                else:
                    said += f"; another scored {-margin:.1f} more, too few deals to overrule the count of your hand"
            return said
        ranked = sorted(range(len(findings.options)), key=lambda k: -findings.means[k])
        shown = ([chosen] if chosen is not None else []) + [k for k in ranked if k != chosen][:2]
        means = ", ".join(f"{self.option_name(findings.options[k], view)} {signed(findings.means[k])}" for k in shown)
        said = f"played out in {counted(findings.worlds, 'deal')}, your score: {means}"
        if action is not None and not findings.is_best(action):
            said += "; too few deals to overrule the count of your hand"
        return said


WORDS = TarotWords()
