"""Manille at the table: the turned card or the Belgian choice of trump, the auction's bids, the knock and the
counter, the house rules in force, and table talk.

Everything shown comes from the seat's view: the house and its factors, who chooses trump, the statements
made; the dialogs list only the actions the engine offers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.cards import SUIT_GLYPHS
from cardtable.engine.game import Action, View
from cardtable.games.manille.words import HOUSE_NAMES, ManilleWords, whom

from .base import TableParts, holder

if TYPE_CHECKING:
    from cardtable.tui.dialogs.trump_choice import TrumpChoiceDialog
    from cardtable.tui.screens.table import TableScreen

#: The groups of the talk menu, by statement word.
TALK_GROUPS = (("How many cards you hold", ("count",)), ("Your 10s and aces", ("holds", "lacks")),
               ("Ask your partner", ("lead",)))  # fmt: skip


class ManilleParts(TableParts):
    words: ManilleWords

    def info_lines(self, view: View, names: list[str], private: bool = True) -> list[str]:
        v: Any = view
        lines = super().info_lines(view, names, private)
        house = v.options.house
        # The classic game goes without saying; another house, and table talk, are named first.
        named = [HOUSE_NAMES[house]] if house != "classic" else []
        if v.options.talk:
            named.append("table talk" if named else "Table talk")
        if named:
            lines.insert(0, ", ".join(named))
        if house == "french":
            lines.insert(1, "A point a trick: 68, pass 34")
        if v.phase == "trump":
            chooser = names[v.to_act] if v.to_act is not None else names[v.dealer]
            lines.append(f"Trump: {chooser} to choose" + (" (passed)" if v.trump_passed else ""))
            if v.hand == 0 and v.seat == (v.dealer + 2) % 4:
                lines.append(f"Your cards stay face down until {names[v.dealer]} chooses")
        elif v.no_trump:
            lines.append("No trump")
        if v.turned is not None:
            code = v.deck.codes[v.turned]
            where = holder(names[v.dealer]) if v.turned_in_hand else "played"
            lines.append(f"Turned {code[:-1]}{SUIT_GLYPHS[code[-1]]} ({where})")
        if v.trump_maker is not None and house == "belgian":
            lines.append(f"Trump named by {whom(names[v.trump_maker])}")
        if v.contract is not None:
            seat, value, suit = v.contract
            lines.append(f"Contract: {names[seat]}, {value} in {self.suit_names[v.deck.suits[suit]]}")
        if v.stake > 1:
            lines.append(f"Counts x{v.stake}: " + ", ".join(self.words.stake_factors(v.multiplier, v.no_trump,
                                                                                    v.after_tie)))  # fmt: skip
        lines.append(f"Dealer {names[v.dealer]}")
        return lines

    def seat_note(self, view: View, seat: int) -> str:
        v: Any = view
        for bidder, value, suit in reversed(v.bids):
            if bidder == seat and v.phase == "auction":
                return "passed" if value is None else f"bid {value}{SUIT_GLYPHS[v.deck.suits[suit]]}"
        for statement in reversed(v.talk):
            if statement.seat == seat:
                return f"“{self.words.statement_note(statement.action())}”"
        if v.trump_passed and seat == v.dealer and v.phase == "trump":
            return "passed"
        if v.knocker == seat:
            return "knocked"
        return ""

    def phase_prompt(self, view: View) -> str:
        phase = view.phase
        if phase == "trump":
            return "Choose trump, no trump, or pass the choice."
        if phase == "auction":
            return "Your bid: how many pips will your side take, and in which trump?"
        if phase == "doubling":
            return "Knock to double the stake?" if view.knocker is None else "Counter the knock?"  # type: ignore[attr-defined]
        return "Your turn: pick a card, Enter plays it."

    def calls_hint(self, view: View, calls: list[Action]) -> str:
        if calls and all(action.verb == "say" for action in calls):
            return "c: say something to the table first"
        return super().calls_hint(view, calls)

    def announces(self, action: Action) -> bool:
        return action.verb in ("call", "trump", "say")

    def centre_text(self, view: View) -> str:
        v: Any = view
        if v.no_trump:
            return "no\ntrump"
        if v.phase == "trump":
            return "trump?"
        return super().centre_text(view)

    # ------------------------------------------------------------- the Belgian partner's hidden hand
    def cards_held(self, view: View, players: int) -> list[int]:
        return list(view.held)  # type: ignore[attr-defined]

    def hand_entries(self, view: View) -> list[tuple[int, int | None]]:
        v: Any = view
        if v.hand == 0 and v.phase == "trump":
            return [(-1 - slot, None) for slot in range(v.cards_each)]  # face down: he may not look yet
        return super().hand_entries(view)

    # ------------------------------------------------------------- dialogs
    async def ask(self, table: TableScreen, view: View, actions: list[Action]) -> Action | None:
        if view.phase == "trump":
            return await table.app.push_screen_wait(self.trump_dialog(view, actions, table.names))
        if view.phase != "auction":
            return await super().ask(table, view, actions)
        from cardtable.tui.dialogs.bid import BidDialog

        return await table.app.push_screen_wait(BidDialog(view.seat, actions, self.suit_names))

    def trump_dialog(self, view: View, actions: list[Action], names: list[str]) -> TrumpChoiceDialog:
        from cardtable.tui.dialogs.trump_choice import TrumpChoiceDialog

        v: Any = view
        partner = names[(v.seat + 2) % 4]
        choices = [(self.words.trump_choice_label(action.value, partner), action) for action in actions]
        if v.trump_passed:
            title = f"{names[v.dealer]} leaves the choice of trump to you"
            text = "Name a suit, or play without trump (the hand then counts double). You may not pass it back."
        else:
            title = "You deal: choose trump"
            text = (f"No card is turned. Name a suit, play without trump (the hand then counts double), or let"
                    f" {partner} choose.")  # fmt: skip
        return TrumpChoiceDialog(title, text, choices)

    async def ask_calls(self, table: TableScreen, view: View, calls: list[Action]) -> Action | None:
        if not calls or any(action.verb != "say" for action in calls):
            return await super().ask_calls(table, view, calls)
        from cardtable.tui.dialogs.talk import TalkDialog

        groups = [(heading, [(self.words.statement_text(a), a) for a in calls if a.value in words])
                  for heading, words in TALK_GROUPS]  # fmt: skip
        text = "Everyone hears it; only true statements are offered."
        return await table.app.push_screen_wait(TalkDialog(groups, text))


PARTS = ManilleParts("manille")
