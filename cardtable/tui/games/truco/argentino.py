"""Truco Argentino at the table: the envido and the flor beside the truco, the malas and the buenas.

The Spanish cards show in their fixed order of strength; the side panel says what the hand is worth, where
the envido (or the flor) stands and, to you alone, your own count; the calls have keys (e envido, v truco,
m mazo; c lists them all) and every call to answer is a dialog at the side of the table saying who called
what and what each answer is worth.  When an envido or a flor is settled, the counts shown and who won
them go to the log and a notice, and the score sheet keeps them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from cardtable.engine.cards import bits
from cardtable.engine.game import Action, Number, partnership_side
from cardtable.engine.words import GameWords
from cardtable.games.truco.argentino import ArgentinoView, Contest, Result, describe_contest
from cardtable.games.truco.words import (
    ARGENTINO_NOTES,
    ARGENTINO_STAKES,
    ARGENTINO_WORDS,
    ENVIDO_CALLS,
    FLOR_CALLS,
)
from cardtable.tui.sides import side_name

from ..base import SeenTrick, Table, TableParts, TrickFacts
from .call import CallDialog
from .lines import next_raise_line, tricks_line

#: The words each call key makes.
KEY_CALLS = {"envido": ENVIDO_CALLS, "truco": ("truco", "raise"), "mazo": ("mazo",)}
KEY_LABELS = {"envido": "envido", "mazo": "to the deck"}


def envido_pending(view: ArgentinoView) -> bool:
    """An envido has been called and not yet answered."""
    return view.envido is not None and view.envido.result == Result.PENDING


class ArgentinoParts(TrickFacts, TableParts[ArgentinoView]):
    brief_hand_ends = True

    def __init__(self) -> None:
        super().__init__("truco", ArgentinoView)
        self.words = cast("GameWords[ArgentinoView]", ARGENTINO_WORDS)

    def game_title(self) -> str:
        return "Truco Argentino"

    def heading(self, view: ArgentinoView) -> str:
        return f"{self.game_title()} — to {view.target}"

    # ------------------------------------------------------------- cards
    def sorted_hand(self, view: ArgentinoView) -> list[int]:
        return sorted(bits(view.hand), key=lambda c: view.strength[c])

    def play_entry(self, view: ArgentinoView, key: int, face_down: bool = False) -> Action | None:
        if not face_down:
            return view.play_action(key)
        code = view.deck.codes[key]
        return next((a for a in view.legal if a.verb == "play" and a.value == code and a.get("hidden")), None)

    def face_down_allowed(self, view: ArgentinoView) -> bool:
        return view.face_down_allowed

    def last_trick(self, view: ArgentinoView) -> SeenTrick | None:
        if not view.tricks:
            return None
        leader, cards, face_down, winner = view.tricks[-1]
        return SeenTrick(leader, cards, face_down, winner, None)

    def face_down_now(self, view: ArgentinoView) -> tuple[int, ...]:
        return view.trick_hidden

    def hand_points(self, view: ArgentinoView) -> list[int]:
        return view.points()

    # ------------------------------------------------------------- what the table shows aside
    def team_name(self, view: ArgentinoView, team: int | None, names: Sequence[str]) -> str:
        """A team in a sentence, every seat named ("Bo, Di & Fe"), as the score sheet names it."""
        return side_name(names, range(team or 0, view.players, 2))

    def contest_line(self, view: ArgentinoView, kind: str, contest: Contest, names: list[str]) -> str:
        return ARGENTINO_WORDS.contest_line(kind, contest, names, self.team_name(view, contest.team, names))

    def info_lines(self, view: ArgentinoView, names: list[str], private: bool = True) -> list[str]:
        v = view
        lines = ["Con flor" if v.flor_option else "Sin flor (envido only)"]
        value = f"Hand worth {v.value}" + (f" ({ARGENTINO_STAKES[v.value]})" if v.value > 1 else "")
        lines.append(value + (f", {v.proposed} asked" if v.proposed else ""))
        if v.flor is not None:
            lines.append(self.contest_line(v, "flor", v.flor, names))
        if v.envido is not None:
            lines.append(self.contest_line(v, "envido", v.envido, names))
        elif v.envido_open:
            lines.append("Envido: open")
        if private and v.flor_count is not None:  # a person looks at their own cards: their count is theirs
            lines.append(f"Your flor: {v.flor_count}")
        elif private and v.flor is None and (v.envido_open or envido_pending(v)):  # a hand with a flor has no envido
            # Once the envido is settled (or may no longer be called) the count has done its work.
            lines.append(f"Your envido: {v.envido_count}")
        if v.results:
            lines.append(tricks_line(v.results, "parda"))
        if len(v.raising_teams) == 1:  # before any truco both teams may call it: nothing to say
            lines.append(next_raise_line(v.raising_teams, v.players, v.seat, names))
        lines.append(f"Mano {names[v.mano]}, dealer {names[v.dealer]}")
        return lines

    def scores_now(self, view: ArgentinoView) -> list[int]:
        return [view.team_scores[partnership_side(seat, view.players)] for seat in range(view.players)]

    def standing(self, view: ArgentinoView, score: Number) -> str:
        return ARGENTINO_WORDS.standing(view.half(int(score)))

    def centre_text(self, view: ArgentinoView) -> str:
        return f"worth\n{view.value}"

    def seat_note(self, view: ArgentinoView, seat: int) -> str:
        raises = 1
        note = ""
        for caller, word in view.calls:
            if word in ("truco", "raise"):
                raises += 1
            if caller == seat:
                note = ARGENTINO_STAKES[raises].upper() + "!" if word == "raise" else ARGENTINO_NOTES.get(word, word)
        return note

    # ------------------------------------------------------------- words
    def phase_prompt(self, view: ArgentinoView, names: Sequence[str]) -> str:
        return ARGENTINO_WORDS.question(view, names)

    def news(self, view: ArgentinoView, action: Action, names: list[str]) -> list[str]:
        """The envido or the flor once settled by ``action``: every count shown, who won, who scores."""
        if action.verb != "call" or not view.calls:
            return []
        settled: tuple[str, Contest | None] | None = None
        if action.value in ("accept", "refuse") and len(view.calls) > 1:
            answered = str(view.calls[-2][1])
            if answered in ENVIDO_CALLS:
                settled = "envido", view.envido
            elif answered in FLOR_CALLS:
                settled = "flor", view.flor
        elif action.value == "flor" and view.flor is not None and view.flor.result == "uncontested":
            settled = "flor", view.flor
        if settled is None:
            return []
        kind, contest = settled
        if contest is None:
            return []
        teams = [self.team_name(view, team, names) for team in (0, 1)]
        return [describe_contest(kind, contest, names, teams)]

    # ------------------------------------------------------------- decisions
    async def ask(self, table: Table[ArgentinoView], view: ArgentinoView, actions: list[Action]) -> Action | None:
        question = ARGENTINO_WORDS.question(view, table.names)
        labels = [(ARGENTINO_WORDS.call_label_now(a, view), a) for a in actions]
        counts = any(a.value in (*ENVIDO_CALLS, *FLOR_CALLS) for a in actions) or view.phase != "answer"
        text = ARGENTINO_WORDS.own_count(view) if counts else ""
        return await table.app.push_screen_wait(CallDialog(question, labels, text=text))

    async def ask_calls(self, table: Table[ArgentinoView], view: ArgentinoView, calls: list[Action]) -> Action | None:
        choices = [(ARGENTINO_WORDS.call_label_now(a, view), a) for a in calls]
        text = ARGENTINO_WORDS.own_count(view) if any(a.value in ENVIDO_CALLS for a in calls) else ""
        return await table.app.push_screen_wait(CallDialog("Make a call", choices, can_cancel=True, text=text))

    def call_key_actions(self, view: ArgentinoView, key: str) -> list[Action]:
        words = KEY_CALLS.get(key, ())
        return [a for a in view.legal if a.verb == "call" and a.value in words]

    def call_key_label(self, view: ArgentinoView, key: str) -> str:
        if key == "truco":
            return ARGENTINO_STAKES[view.next_raise] if view.next_raise is not None else "truco"
        return KEY_LABELS.get(key, key)


ARGENTINO_PARTS = ArgentinoParts()
