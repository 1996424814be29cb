"""How Malilla reads: the Spanish suits and court cards, the turned card and its bonus, the albur, the redeal."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, SpanishPack, counted, says, signed, whom
from cardtable.games.trickfacts import TrickFacts

if TYPE_CHECKING:  # the rule book reads its words: its types are named for the type checker only
    from cardtable.engine.hints import Findings
    from cardtable.games.cardcount import CardCount

    from .rules import Bonus, MalillaView

BONUS_NAMES = {"trump": "turned card", "albur": "albur"}
#: A mean worth this much or more, for a search, means the match is won or lost in some of the deals tried:
#: the club player counts a decided match as worth far more than any hand's points.
DECIDES_THE_MATCH = 100.0
CALL_LABELS = {"redeal": "Ask for a redeal", "agree": "Agree to the redeal", "decline": "Decline the redeal"}


class MalillaWords(SpanishPack, GameWords["MalillaView"]):
    """Malilla is played with the Spanish pack (``SpanishPack``): its suits and courts by their own names."""

    def team_name(self, seats: Sequence[int], names: Sequence[str]) -> str:
        """A team by its two players (the view's ``teams`` says who): "South & North"."""
        return " & ".join(names[seat] for seat in seats)

    def bonus_kind(self, bonus: Bonus) -> str:
        return BONUS_NAMES.get(bonus.kind, bonus.kind)

    def deal_lines(self, view: MalillaView, names: Sequence[str]) -> list[str]:
        v = view
        dealer = names[v.dealer]
        code = v.deck.codes[v.turned]
        lines = [f"{dealer} {says(dealer, 'turns')} {self.card_name(code)}: {self.suit_names[code[-1]]} are trump."]
        lines.extend(self.bonus_lines(view, names))
        if v.albur is not None and v.albur_winner is not None:
            first, second = (self.card_name(v.deck.codes[c]) for c in v.albur)
            winner = whom(names[v.albur_winner])
            wins, leads = says(winner, "wins"), says(winner, "leads")
            lines.append(f"Albur: {first} against {second}; {winner} {wins} it and {leads}.")
        return lines

    def bonus_lines(self, view: MalillaView, names: Sequence[str]) -> list[str]:
        """Who scores a bonus at the deal (the turned card, the albur), or why it is held back."""
        lines = []
        for bonus in view.bonuses:
            team = self.team_name(view.teams[bonus.team], names)
            kind = self.bonus_kind(bonus)
            if bonus.held_back:
                lines.append(f"The {kind} ({bonus.points}) for {team} is held back: it would reach the target.")
            else:
                lines.append(f"{team} score the {kind}: {bonus.points}.")
        return lines

    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
        who = names[action.seat]
        if action.verb == "call":
            if action.value == "redeal":
                return f"{who} {says(who, 'asks')} for a redeal (seven cards of one suit)."
            if action.value == "agree":
                return f"{who} {says(who, 'agrees')}: the cards are dealt again by the same dealer."
            return f"{who} {says(who, 'declines')} the redeal: play goes on."
        return super().describe_action(action, names, reveal, view)

    def redeal_waiting(self, caller: str, answerer: str) -> str:
        """The status line while a partner who is not at the keyboard answers a redeal call."""
        return f"{caller} {says(caller, 'asks')} for a redeal: {answerer} {says(answerer, 'decides')}…"

    #: The status line while the player at the keyboard may ask for a redeal before another seat leads.
    REDEAL_OFFERED = "Your decision: ask your partner for a redeal before the first card is played?"
    #: The same question, asked of the seat that leads.
    REDEAL_AT_LEAD = "Your lead: first, you may ask your partner for a redeal."

    def choice_label(self, action: Action) -> str:
        if action.verb == "call" and action.value in CALL_LABELS:
            return CALL_LABELS[action.value]
        return super().choice_label(action)

    # ------------------------------------------------------------- why a hint
    #: The club player's count of the cards, for the facts of a hint (joined in the game's package, as its
    #: players are: the rule book reads these words and may not import them).
    count_cards: Callable[[MalillaView], CardCount] | None = None

    def hint_facts(self, view: View, action: Action | None, findings: Findings | None, names: Sequence[str]
                   ) -> list[str]:  # fmt: skip
        if view.phase not in ("play", "answer"):
            return []
        view = cast("MalillaView", view)
        pack = view.options.pack
        deck = pack.deck
        trumps = (view.hand & deck.suit_masks[view.trump]).bit_count()
        held = f"you hold {counted(trumps, 'trump')}" if trumps else "you hold no trumps"
        if action is not None and action.verb == "play":
            if self.count_cards is None:
                return []
            facts = TrickFacts(self, deck, pack.points, view, self.count_cards(view), names, (view.seat + 2) % 4)
            return facts.of_play(deck.parse(action.value), view.legal_mask)
        partner = (view.seat + 2) % 4
        if action is None or (action.verb == "call" and action.value == "decline"):
            asked = "your partner asked for a redeal, but " if view.caller == partner and action is not None else ""
            return [f"{asked}your hand is worth playing", held]
        if action.value == "redeal":
            return ["your hand is weak: a new one is likely better", held]
        if action.value == "agree":
            asked = "your partner asked for a redeal" if view.caller == partner else "a redeal is asked"
            return [asked, f"and your hand is weak too: {held}"]
        return []

    def search_figures(self, view: View, action: Action | None, findings: Findings | None) -> str:
        if findings is None or not findings.worlds or max(abs(m) for m in findings.means) < DECIDES_THE_MATCH:
            return super().search_figures(view, action, findings)
        # The match is decided in some of the deals tried: say so, rather than a mean of points and matches.
        deals = counted(findings.worlds, "deal")
        if findings.needed is not None and len(findings.options) == 1:
            side = "your side" if findings.means[0] > 0 else "the other side"
            return f"played out in {deals}, the hand often wins the match for {side}"
        chosen = findings.index(action)
        if chosen is None or not findings.best_in:
            return ""
        return f"best in {findings.best_in[chosen]} of the {deals} tried, where it often decides the match"

    def threshold(self, option: Action, needed: float) -> str:
        return f"a redeal is worth it at {signed(needed)} or less"


WORDS = MalillaWords()
