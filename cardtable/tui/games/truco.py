"""Truco at the table: the vira and the manilhas, the stake and its raises, mão de onze and mão de ferro.

Truco hands are three cards and tricks have no points, so the side panel shows the stake, the tricks
won and who may raise; the calls are keys (c) and dialogs; a card can be played face down (d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.cards import bits
from cardtable.engine.game import Action, View

from .base import SeenTrick, TableParts

if TYPE_CHECKING:
    from cardtable.tui.screens.table import TableScreen

ZAP_STRENGTH = 14


class TrucoParts(TableParts):
    def not_at_table(self, options: Any) -> str | None:
        if getattr(options, "variant", None) == "argentino":
            return "Truco Argentino is not at the table yet (try 'cardtable sim')."
        return None

    def face_text(self, code: str) -> str:
        return self.words.glyph(code)

    def is_marked(self, view: View, card: int) -> bool:
        return bool(view.manilhas >> card & 1)  # type: ignore[attr-defined]

    def trump_suit(self, view: View) -> str | None:
        return None  # Truco has manilhas, not a trump suit

    def variant(self, view: View) -> Any:
        return view.options.rules  # type: ignore[attr-defined]

    def manilha_line(self, view: View) -> str:
        deck = view.deck
        manilhas = sorted(bits(view.manilhas), key=lambda c: view.strength[c])  # type: ignore[attr-defined]
        zap = manilhas[-1] if manilhas else None
        if view.vira is not None:  # type: ignore[attr-defined]
            if zap is None:
                return ""
            rank = self.words.rank_plural(deck.codes[zap][:-1])  # type: ignore[attr-defined]
            return f"Manilhas: {rank}, zap {self.face_text(deck.codes[zap])}"
        return "Manilhas: " + " ".join(self.face_text(deck.codes[c]) for c in reversed(manilhas))

    def info_lines(self, view: View, names: list[str], private: bool = True) -> list[str]:
        v: Any = view
        variant = self.variant(view)
        lines = [f"{variant.name.capitalize()}"]
        if v.vira is not None:
            lines.append(f"Vira {self.face_text(v.deck.codes[v.vira])}")
        lines.append(self.manilha_line(view))
        kind = {"mao_de_onze": variant.brink_hand, "mao_de_ferro": "mão de ferro (blind)"}.get(v.kind)
        if kind:
            lines.append(kind.capitalize())
        lines.append(f"Hand worth {v.value}" + (f", {v.proposed} asked" if v.proposed else ""))
        won = [sum(1 for r in v.results if r == team) for team in (0, 1)]
        lines.append(f"Tricks {won[0]} : {won[1]}" + (f" ({len(v.results)} played)" if v.results else ""))
        raiser = self.next_raiser(view, names)
        if raiser:
            lines.append(raiser)
        lines.append(f"Dealer {names[v.dealer]}")
        return lines

    def next_raiser(self, view: View, names: list[str]) -> str:
        teams = view.raising_teams  # type: ignore[attr-defined]
        if not teams:
            return ""
        if len(teams) == 2:
            return "Either team may call truco"
        seats = view.teams[teams[0]]  # type: ignore[attr-defined]
        if view.seat in seats and names[view.seat].lower() == "you":
            return "Next raise: you" if len(seats) == 1 else "Next raise: your team"
        return "Next raise: " + " & ".join(names[seat] for seat in seats)

    def centre_text(self, view: View) -> str:
        return f"worth\n{view.value}"  # type: ignore[attr-defined]

    def cards_held(self, view: View, players: int) -> list[int]:
        return list(view.held)  # type: ignore[attr-defined]

    def sorted_hand(self, view: View) -> list[int]:
        return sorted(bits(view.hand), key=lambda c: view.strength[c])  # type: ignore[attr-defined]

    def hand_entries(self, view: View) -> list[tuple[int, int | None]]:
        v: Any = view
        if v.kind == "mao_de_ferro":
            return [(slot, None) for slot in range(v.slots)]
        return super().hand_entries(view)

    def legal_keys(self, view: View) -> set[int]:
        v: Any = view
        if v.kind == "mao_de_ferro":
            return set(range(v.slots)) if v.to_act == v.seat and v.phase == "play" else set()
        return set(bits(v.legal_mask))

    def play_entry(self, view: View, key: int, face_down: bool = False) -> Action | None:
        v: Any = view
        if v.kind == "mao_de_ferro":
            return None if face_down else v.slot_action(key)
        action: Action = v.play_action(key)
        if not face_down:
            return action
        hidden = Action(action.seat, "play", action.value, (("hidden", True),))
        return hidden if hidden in v.legal_actions() else None

    def can_play_face_down(self, view: View | None) -> bool:
        v: Any = view
        return v is not None and bool(v.tricks) and v.kind != "mao_de_ferro" and v.phase == "play"

    def last_trick(self, view: View) -> SeenTrick | None:
        tricks = view.tricks  # type: ignore[attr-defined]
        if not tricks:
            return None
        leader, cards, face_down, winner = tricks[-1]
        return SeenTrick(leader, cards, face_down, winner, None)

    def face_down_now(self, view: View) -> tuple[int, ...]:
        return view.trick_hidden  # type: ignore[attr-defined,no-any-return]

    def seat_note(self, view: View, seat: int) -> str:
        v: Any = view
        for caller, word in reversed(v.calls):
            if caller == seat:
                return str({"truco": "TRUCO!", "raise": "raised", "accept": "accepted", "refuse": "refused",
                            "play": "plays it", "run": "runs"}.get(word, word))  # fmt: skip
        return ""

    def phase_prompt(self, view: View) -> str:
        v: Any = view
        if v.phase == "answer":
            return f"The other team raises to {v.proposed}: accept, refuse or raise again?"
        if v.phase == "decide":
            return f"{self.variant(view).brink_hand.capitalize()}: play the hand (worth more) or run?"
        if v.kind == "mao_de_ferro":
            return "Mão de ferro: nobody sees their cards. Pick one blind, Enter plays it."
        extra = " (d: face down)" if self.can_play_face_down(view) else ""
        return f"Your turn: pick a card, Enter plays it{extra}."

    def decision_title(self, view: View, names: list[str]) -> str:
        """The question of a mão de onze (or de dez) with the partners' cards it lets the deciding seat see."""
        v: Any = view
        shown = "; ".join(
            f"{names[seat]}: " + " ".join(self.face_text(v.deck.codes[c]) for c in bits(cards))
            for seat, cards in v.partner_cards
        )
        partners = "Your partner holds" if len(v.partner_cards) == 1 else "Your partners hold"
        return f"{self.phase_prompt(view)}\n{partners} {shown}."

    async def ask(self, table: TableScreen, view: View, actions: list[Action]) -> Action | None:
        v: Any = view
        if v.phase == "decide" and v.partner_cards:
            from cardtable.tui.dialogs.choice import ChoiceDialog

            title = self.decision_title(view, table.names)
            return await table.app.push_screen_wait(ChoiceDialog(title, [(self.choice_label(a), a) for a in actions]))
        return await super().ask(table, view, actions)


PARTS = TrucoParts("truco")
