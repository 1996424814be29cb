"""Manille at the table: the turned card or the Belgian choice of trump, the auction's bids, the knock and the
counter, the house rules in force, and table talk.

Everything shown comes from the seat's view: the house and its factors, who chooses trump, the statements
made; the dialogs list only the actions the engine offers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.cards import SUIT_GLYPHS
from cardtable.engine.game import CALL_VERB, Action
from cardtable.engine.options import option_fields, option_phrase
from cardtable.engine.words import whom
from cardtable.games.manille.rules import (
    AUCTION,
    BELGIAN,
    CLASSIC,
    COUNTER,
    DOUBLING,
    FRENCH,
    KNOCK,
    PASS,
    SAY_VERB,
    TRUMP_CHOICE,
    TRUMP_VERB,
    ManilleView,
)
from cardtable.games.manille.words import HOUSE_NAMES, ManilleWords
from cardtable.tui.dialogs.beside_panel import BETWEEN_SEATS
from cardtable.tui.dialogs.choice import ChoiceDialog

from ..base import Table, TableParts, TargetHeading, TrumpSuitFacts, TrumpSuitView, holder

if TYPE_CHECKING:
    from .trump_choice import TrumpChoiceDialog

#: The groups of the talk menu, by statement word.
TALK_GROUPS = (("How many cards you hold", ("count",)), ("Your 10s and aces", ("holds", "lacks")),
               ("Ask your partner", ("lead",)))  # fmt: skip


#: A seat's word in the knock round, under its name.
KNOCK_NOTES: dict[str, str] = {KNOCK: "knocked", COUNTER: "countered", PASS: "no knock"}


class ManilleParts(TargetHeading, TrumpSuitFacts, TableParts[ManilleView]):
    words: ManilleWords

    def setup_title(self, options: object, players: int) -> str:
        # The house as the side panel names it ("Belgian rules"), rather than as the form's list does.
        title = super().setup_title(options, players)
        house = getattr(options, "house", CLASSIC)
        said = option_phrase(next(f for f in option_fields(type(options)) if f.name == "house"), house)
        return title.replace(said, HOUSE_NAMES[house])

    def info_lines(self, view: ManilleView, names: list[str], private: bool = True) -> list[str]:
        v = view
        lines = self.trump_lines(view)
        house = v.options.house
        # The classic game goes without saying; another house, and table talk, are named first.
        named = [HOUSE_NAMES[house]] if house != CLASSIC else []
        if v.options.talk:
            named.append("table talk" if named else "Table talk")
        if named:
            lines.insert(0, ", ".join(named))
        if house == FRENCH:
            lines.insert(1, "A point a trick: 68, pass 34")
        if v.phase == TRUMP_CHOICE:
            chooser = names[v.to_act] if v.to_act is not None else names[v.dealer]
            lines.append(f"Trump: {chooser} to choose" + (" (passed)" if v.trump_passed else ""))
            if v.hand == 0 and v.seat == v.partner(v.dealer):
                lines.append(f"Your cards stay face down until {names[v.dealer]} chooses")
        elif v.no_trump:
            lines.append("No trump")
        if v.turned is not None:
            code = v.deck.codes[v.turned]
            where = holder(names[v.dealer]) if v.turned_in_hand else "played"
            lines.append(f"Turned {self.words.glyph(code)} ({where})")
        if v.trump_maker is not None and house == BELGIAN:
            lines.append(f"Trump named by {whom(names[v.trump_maker])}")
        if v.contract is not None:
            seat, value, suit = v.contract
            lines.append(f"Contract: {names[seat]}, {value} in {self.suit_names[v.deck.suits[suit]]}")
        if v.stake > 1:
            reasons = self.words.stake_factors(v.multiplier, v.no_trump, v.after_tie)
            lines.append(f"Counts x{v.stake}: " + ", ".join(reasons))
        lines.append(f"Dealer {names[v.dealer]}")
        return lines

    def seat_note(self, view: ManilleView, seat: int) -> str:
        if view.phase == DOUBLING:  # the knock round's words so far (a pass after a knock declines to counter)
            note = ""
            knocked = False
            for speaker, word in view.doubling_calls:
                if speaker == seat:
                    note = "no counter" if knocked and word == PASS else KNOCK_NOTES[word]
                knocked = knocked or word == KNOCK
            if note:
                return note
        for bidder, value, suit in reversed(view.bids):
            if bidder == seat and view.phase == AUCTION:
                if value is None or suit is None:
                    return "passed"
                return f"bid {value}{SUIT_GLYPHS[view.deck.suits[suit]]}"
        # The seat's latest statement that the play has not made untrue since (the log keeps every one).
        for statement in reversed(view.talk):
            if statement.seat == seat and view.stands(statement):
                return f"“{self.words.statement_note(statement.action())}”"
        if view.trump_passed and seat == view.dealer and view.phase == TRUMP_CHOICE:
            return "passed"
        if view.knocker == seat:
            return "knocked"
        return ""

    def phase_prompt(self, view: ManilleView, names: Sequence[str]) -> str:
        phase = view.phase
        if phase == TRUMP_CHOICE:
            return "Choose trump, no trump, or pass the choice."
        if phase == AUCTION:
            return "Your bid: how many pips will your side take, and in which trump?"
        if phase == DOUBLING:
            return "Knock to double the stake?" if view.knocker is None else "Counter the knock?"
        return "Your turn: pick a card."

    def calls_hint(self, view: ManilleView, calls: list[Action]) -> str:
        if calls and all(action.verb == SAY_VERB for action in calls):
            return "say something to the table first"
        return super().calls_hint(view, calls)

    def announces(self, action: Action) -> bool:
        return action.verb in (CALL_VERB, TRUMP_VERB, SAY_VERB)

    def centre_text(self, view: TrumpSuitView) -> str:
        if isinstance(view, ManilleView) and view.no_trump:
            return "no\ntrump"
        if isinstance(view, ManilleView) and view.phase == TRUMP_CHOICE:
            return "trump?"
        return super().centre_text(view)

    # ------------------------------------------------------------- the Belgian partner's hidden hand
    def hand_entries(self, view: ManilleView) -> list[tuple[int, int | None]]:
        if view.hand == 0 and view.phase == TRUMP_CHOICE:
            return [(-1 - slot, None) for slot in range(view.cards_each)]  # face down: he may not look yet
        return super().hand_entries(view)

    # ------------------------------------------------------------- dialogs
    def to_beat(self, view: ManilleView, names: Sequence[str]) -> str:
        """The auction so far as the bidder heard it: the bid to beat and whose it is ("To beat: 34♥, East")."""
        for bidder, value, suit in reversed(view.bids):
            if value is not None and suit is not None:
                return f"To beat: {value}{SUIT_GLYPHS[view.deck.suits[suit]]}, {names[bidder]}"
        return "No bid to beat yet" if view.bids else "You speak first"

    def knocks_so_far(self, view: ManilleView, names: Sequence[str]) -> str:
        """The knock round so far, for the seat to speak: who knocked, and what the hand counts now."""
        if view.knocker is not None:
            return f"{names[view.knocker]} knocked: the hand counts x{view.multiplier}"
        passed = [names[seat] for seat, word in view.doubling_calls if word == PASS]
        return f"{passed[0]} did not knock" if passed else "Nobody has knocked yet"

    async def ask(self, table: Table[ManilleView], view: ManilleView, actions: list[Action]) -> Action | None:
        if view.phase == TRUMP_CHOICE:
            return await table.app.push_screen_wait(self.trump_dialog(view, actions, table.names))
        # The auction and the knock round are asked between the seats, where each seat's word stays in view.
        if view.phase == DOUBLING:
            labels = [(self.choice_label(action), action) for action in actions]
            question = ChoiceDialog(self.phase_prompt(view, table.names), labels,
                                    text=self.knocks_so_far(view, table.names))  # fmt: skip
            question.add_class(BETWEEN_SEATS)
            return await table.app.push_screen_wait(question)
        if view.phase != AUCTION:
            return await super().ask(table, view, actions)
        from .bid import BidDialog

        bid = BidDialog(view.seat, actions, self.suit_names, text=self.to_beat(view, table.names))
        bid.add_class(BETWEEN_SEATS)
        return await table.app.push_screen_wait(bid)

    def trump_dialog(self, view: ManilleView, actions: list[Action], names: Sequence[str]) -> TrumpChoiceDialog:
        from .trump_choice import TrumpChoiceDialog

        partner = names[view.partner(view.seat)]
        choices = [(self.words.trump_choice_label(action.value, partner), action) for action in actions]
        if view.trump_passed:
            title = f"{names[view.dealer]} leaves the choice of trump to you"
            text = "Name a suit, or play without trump (the hand then counts double). You may not pass it back."
        else:
            title = "You deal: choose trump"
            text = (f"No card is turned. Name a suit, play without trump (the hand then counts double), or let"
                    f" {partner} choose.")  # fmt: skip
        return TrumpChoiceDialog(title, text, choices)

    async def ask_calls(self, table: Table[ManilleView], view: ManilleView, calls: list[Action]) -> Action | None:
        if not calls or any(action.verb != SAY_VERB for action in calls):
            return await super().ask_calls(table, view, calls)
        from .talk import TalkDialog

        groups = [(heading, [(self.words.statement_text(a), a) for a in calls if a.value in words])
                  for heading, words in TALK_GROUPS]  # fmt: skip
        text = "Everyone hears it; only true statements are offered."
        return await table.app.push_screen_wait(TalkDialog(groups, text))


PARTS = ManilleParts("manille", ManilleView)
