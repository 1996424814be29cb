"""How Manille reads: the turned card or the Belgian choice of trump, the bids, the knock, the counter, and the
statements of table talk."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

from cardtable.engine.cards import SUIT_GLYPHS
from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, counted, says, signed, whom
from cardtable.games.trickfacts import TrickFacts

if TYPE_CHECKING:  # the rule book reads its words: its view is named for the type checker only
    from cardtable.engine.hints import Findings
    from cardtable.games.cardcount import CardCount

    from .rules import ManilleView

CALL_LABELS = {"knock": "Knock (x2)", "counter": "Counter (x4)", "pass": "Pass"}
#: The knock round's calls as advice; a pass says which call it declines (``declined``).
CALL_ADVICE = {"knock": "knock (the hand counts double)", "counter": "counter (the hand counts four times)"}
#: The house rules in force, as the side panel and the log name them.
HOUSE_NAMES = {"classic": "Classic rules", "french": "French rules", "belgian": "Belgian rules"}


@runtime_checkable
class KnockRound(Protocol):
    """What the words read of a Manille view to say which call a pass declines (the view itself is the rules')."""

    knocker: int | None


def declined(view: View | None) -> str | None:
    """The call a pass in the knock round declines: "knock", or "counter" once the other side has knocked.

    ``None`` without a view of the hand (the action alone does not say which round it was).
    """
    if not isinstance(view, KnockRound):
        return None
    return "knock" if view.knocker is None else "counter"


class ManilleWords(GameWords["ManilleView"]):
    def deal_lines(self, view: ManilleView, names: Sequence[str]) -> list[str]:
        v = view
        dealer = names[v.dealer]
        lines = []
        if v.options.house == "belgian":
            partner = whom(names[(v.dealer + 2) % 4])
            lines.append(f"No card is turned: {dealer} {says(dealer, 'names')} trump, no trump, or"
                         f" {says(dealer, 'lets')} {partner} choose.")  # fmt: skip
        elif v.turned is None:
            lines.append("No card is turned: the auction decides trump.")
        else:
            code = v.deck.codes[v.turned]
            lines.append(f"{dealer} {says(dealer, 'turns')} {self.card_name(code)}: {self.suit_names[code[-1]]} are"
                         " trump.")  # fmt: skip
        if v.after_tie:
            lines.append("The last hand ended 30 : 30, so this one counts double.")
        return lines

    def stake_factors(self, knock: int, no_trump: bool, after_tie: bool, *, full: bool = False) -> list[str]:
        """Why a hand counts more than once: the knock or the counter, no trump, the 30 : 30 hand before it.

        Short for the side panel ("countered"), ``full`` for the score sheet ("knocked and countered (x4)").
        """
        factors = []
        if knock > 1:
            if full:
                factors.append("knocked (x2)" if knock == 2 else "knocked and countered (x4)")
            else:
                factors.append("knocked" if knock == 2 else "countered")
        if no_trump:
            factors.append("played without trump (x2)" if full else "no trump")
        if after_tie:
            factors.append("played after a 30 : 30 hand (x2)" if full else "after 30 : 30")
        return factors

    # ------------------------------------------------------------- table talk
    def suit_count(self, count: int, suit: str) -> str:
        """A count of cards of a suit in words: "3 hearts", "1 heart", "no hearts"."""
        name = self.suit_names[suit]
        if count == 0:
            return f"no {name}"
        return f"{count} {name[:-1] if count == 1 else name}"

    def statement_text(self, action: Action) -> str:
        """A statement as its seat says it: "I hold 3 hearts", "I hold the 10♥", "I have no A♠"."""
        word = action.value
        if word == "count":
            return f"I hold {self.suit_count(action.get('count'), action.get('suit'))}"
        if word == "holds":
            return f"I hold the {self.glyph(action.get('card'))}"
        if word == "lacks":
            return f"I have no {self.glyph(action.get('card'))}"
        return f"Please lead {self.suit_names[action.get('suit')]}"

    def statement_note(self, action: Action) -> str:
        """A statement as a short note under its seat's name: "3 hearts", "has 10♥", "no A♠", "asks for ♦"."""
        word = action.value
        if word == "count":
            return self.suit_count(action.get("count"), action.get("suit"))
        if word == "holds":
            return f"has {self.glyph(action.get('card'))}"
        if word == "lacks":
            return f"no {self.glyph(action.get('card'))}"
        return f"asks for {SUIT_GLYPHS[action.get('suit')]}"

    # ------------------------------------------------------------- the Belgian choice of trump
    def trump_choice_label(self, value: str, partner: str = "your partner") -> str:
        """A choice of the Belgian dealer (or his partner): "Hearts ♥ trump", "No trump (...)", "Pass ..."."""
        if value == "none":
            return "No trump (the hand counts double)"
        if value == "pass":
            return f"Pass the choice to {partner}"
        return f"{self.suit_names[value].capitalize()} {SUIT_GLYPHS[value]} trump"

    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
        who = names[action.seat]
        if action.verb == "call":
            if action.value == "pass":
                call = declined(view)
                if call is None:
                    return f"{who} {says(who, 'lets')} the stake stand."
                return f"{who} {says(who, 'does')} not {call}."
            return {"knock": f"{who} {says(who, 'knocks')}: the hand counts double.",
                    "counter": f"{who} {says(who, 'counters')}: the hand counts four times."}[action.value]  # fmt: skip
        if action.verb == "trump":
            if action.value == "pass":
                partner = names[(action.seat + 2) % len(names)]
                return f"{who} {says(who, 'leaves')} the choice of trump to {whom(partner)}."
            if action.value == "none":
                return f"{who} {says(who, 'names')} no trump: the hand counts double."
            return f"{who} {says(who, 'names')} {self.suit_names[action.value]} trump."
        if action.verb == "say":
            return f"{who} {says(who, 'says')}: “{self.statement_text(action)}.”"
        return super().describe_action(action, names, reveal, view)

    def choice_label(self, action: Action) -> str:
        if action.verb == "call":
            return CALL_LABELS[action.value]
        if action.verb == "trump":
            return self.trump_choice_label(action.value)
        if action.verb == "say":
            return f"Say “{self.statement_text(action)}”"
        return super().choice_label(action)

    def advice(self, action: Action, view: View | None = None) -> str:
        if action.verb == "call":
            if action.value == "pass":
                call = declined(view)
                return "let the stake stand" if call is None else f"do not {call}"
            return CALL_ADVICE[action.value]
        if action.verb == "say":
            return f"say “{self.statement_text(action)}”"
        return super().advice(action, view)

    # ------------------------------------------------------------- why a hint
    #: The club player's count of the cards and a card's pips, for the facts of a hint (joined in the game's
    #: package, as its players are: the rule book reads these words and may not import them).
    count_cards: Callable[[ManilleView], CardCount] | None = None
    card_points: Sequence[int] = ()

    def hint_facts(self, view: View, action: Action | None, findings: Findings | None, names: Sequence[str]
                   ) -> list[str]:  # fmt: skip
        if action is None or not isinstance(view, KnockRound):
            return []
        seen = cast("ManilleView", view)
        deck = seen.deck
        hand = seen.hand
        if action.verb == "play":
            if self.count_cards is None:
                return []
            partner = (seen.seat + 2) % 4 if seen.players == 4 else None
            facts = TrickFacts(self, deck, self.card_points, seen, self.count_cards(seen), names, partner)
            return facts.of_play(deck.parse(action.value), seen.legal_mask)
        if action.verb == "call":
            trumps = hand & seen.trumps
            held = f"you hold {counted(trumps.bit_count(), 'trump')}" if trumps else "you hold no trumps"
            tens = [code for code in deck.codes_of(hand) if code.startswith("10")]
            if tens:
                held += f" and {counted(len(tens), 'ten')} ({self.glyphs(tens)})"
            return [held]
        if action.verb == "bid":
            if action.value == "pass":
                return ["no trump suit makes a contract worth bidding"] if findings is not None else []
            suit = action.get("suit")
            length = sum(1 for code in deck.codes_of(hand) if code[-1] == suit)
            best = "make your best contract" if findings is not None else "are your strongest suit"
            return [f"{self.suit_names[suit]} as trump {best}", f"you hold {length} of them"]
        if action.verb == "trump":
            if action.value == "pass":
                return ["your hand is too weak to choose: your partner may do better"]
            if action.value == "none":
                return ["your strength is spread over the suits, and no trump counts double"]
            suit = action.value
            length = sum(1 for code in deck.codes_of(hand) if code[-1] == suit)
            return [f"{self.suit_names[suit]} are your strongest suit", f"you hold {length} of them"]
        if action.verb == "say":
            return [self.why_say(seen, action)]
        return []

    def why_say(self, view: ManilleView, action: Action) -> str:
        """What a statement tells the partner, and why that helps (the talk tips: ask for a suit to trump, show a
        side suit's 10, count a long trump suit)."""
        deck = view.deck
        trump = deck.suits[view.trump] if view.trump is not None else None
        trumps = view.hand & view.trumps
        word = action.value
        if word == "lead":
            suit = self.suit_names[action.get("suit")]
            if trumps and not any(code[-1] == action.get("suit") for code in deck.codes_of(view.hand)):
                return f"you have no {suit} but hold a trump: if your partner leads {suit}, you can trump them"
            return f"ask your partner to lead {suit}, the suit you want led"
        if word == "holds":
            card = action.get("card")
            if card.startswith("10") and card[-1] != trump:
                return (f"your partner then knows the {self.glyph(card)}, the highest {self.suit_names[card[-1]][:-1]},"
                        f" is yours and can lead {self.suit_names[card[-1]]} to it")  # fmt: skip
            return f"your partner then knows the {self.glyph(card)} is yours"
        if word == "count" and action.get("suit") == trump:
            return f"with {counted(action.get('count'), 'trump')}, your partner knows to draw trumps"
        return "tell your partner where your cards are, before you play"

    def search_figures(self, view: View, action: Action | None, findings: Findings | None) -> str:
        if findings is not None and findings.needed is not None and len(findings.options) > 1:
            # An auction: the best contract's expected score against what a bid needs.
            best = max(range(len(findings.options)), key=lambda i: findings.means[i])
            option = findings.options[best]
            said = (
                f"played out in {counted(findings.worlds, 'deal')}, {option.value} in"
                f" {self.suit_names[option.get('suit')]} scores {signed(findings.means[best])} on average"
            )
            return f"{said}; a bid needs {signed(findings.needed)}"
        return super().search_figures(view, action, findings)

    def threshold(self, option: Action, needed: float) -> str:
        return f"a {option.value} needs {signed(needed)}"


WORDS = ManilleWords()
