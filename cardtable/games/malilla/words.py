"""How Malilla reads: the Spanish suits and court cards, the turned card and its bonus, the albur, the redeal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.cards import SPANISH_RANK_NAMES, SPANISH_SUIT_NAMES
from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, says

if TYPE_CHECKING:  # the rule book reads its words: its types are named for the type checker only
    from .rules import Bonus, MalillaView

BONUS_NAMES = {"trump": "turned card", "albur": "albur"}
CALL_LABELS = {"redeal": "Ask for a redeal", "agree": "Agree to the redeal", "decline": "Decline the redeal"}


class MalillaWords(GameWords["MalillaView"]):
    """The Spanish pack's suits and court cards by their own names (the sota, the caballo and the rey)."""

    suit_names = SPANISH_SUIT_NAMES
    rank_names = SPANISH_RANK_NAMES

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
            winner = names[v.albur_winner]
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


WORDS = MalillaWords()
