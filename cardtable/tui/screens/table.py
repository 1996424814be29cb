"""The table: the seats around, the trick in the middle, your hand at the bottom, the score aside.

One worker runs the match (``GameLoop``); the human seats are ``HumanPlayer`` objects whose turn
shows here and whose answer comes from the keys and clicks below.  Every rule question goes to the
engine: which cards are legal, why one is not, what a hand scores.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from cardtable.engine.errors import IllegalAction
from cardtable.engine.game import Action, View
from cardtable.engine.loop import ActionTaken, Event, GameLoop, HandDealt, HandScored, MatchOver, TrickWon
from cardtable.engine.match import Match
from cardtable.engine.players import computer_levels, make_computer, run_now
from cardtable.engine.registry import find_game
from cardtable.saves import Settings, TableConfig, finish_autosave, write_autosave
from cardtable.tui.dialogs.message import HandOverScreen
from cardtable.tui.games import parts_for
from cardtable.tui.games.base import says
from cardtable.tui.players import HumanPlayer, ThinkingComputer, wait_or_skip
from cardtable.tui.widgets.card import Face
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.seat import SeatPanel
from cardtable.tui.widgets.trick import TrickArea

#: Where each seat sits on screen, counted from the bottom seat in playing order (the next is on your right).
POSITIONS = {
    2: ["bottom", "top"],
    3: ["bottom", "right", "left"],
    4: ["bottom", "right", "top", "left"],
    5: ["bottom", "right", "top-right", "top-left", "left"],
    6: ["bottom", "right", "top-right", "top", "top-left", "left"],
}
AROUND = ("top-left", "top", "top-right", "left", "right")


class TableScreen(Screen[None]):
    BINDINGS = [
        Binding("left,h", "move(-1)", "Left", show=False),
        Binding("right,l", "move(1)", "Right", show=False),
        Binding("enter,space", "play", "Play"),
        *[Binding(str(n), f"pick({n})", f"Card {n}", show=False) for n in range(1, 10)],
        Binding("c", "calls", "Calls"),
        Binding("d", "face_down", "Face down", show=False),
        Binding("t", "hint", "Hint"),
        Binding("w", "last_trick", "Last"),
        Binding("s", "score_sheet", "Scores"),
        Binding("f", "skip_wait", "Faster", show=False),
        Binding("plus,equals_sign", "speed(1)", "Speed+", show=False),
        Binding("minus", "speed(-1)", "Speed-", show=False),
        Binding("r", "rules", "Rules"),
        Binding("question_mark", "help", "Keys"),
    ]

    def __init__(self, config: TableConfig, match: Match | None = None) -> None:
        super().__init__()
        self.config = config
        self.rules = find_game(config.game)
        self.parts = parts_for(config.game)
        options = self.rules.parse_options(config.options, config.players)
        self.match = match if match is not None else Match(self.rules, options, config.players)
        self.names = [seat.name for seat in config.seats]
        self.humans = [i for i, seat in enumerate(config.seats) if seat.human]
        #: The human whose cards are on show (None while the keyboard passes between players).
        self.viewer: int | None = self.humans[0] if self.humans else None
        self.bottom = self.viewer if self.viewer is not None else 0
        self.waiting: HumanPlayer | None = None
        self.view: View | None = None
        self.message = ""
        self.skip = asyncio.Event()
        self.history: list[list[Any]] = [list(self.match.scores)]
        self.match_result: str | None = None
        self.bindings_state: tuple[bool | None, ...] = ()
        self.footer_timer: Timer | None = None
        self.info_text = ""
        self.prompt_text = ""
        #: (hand number, seat) pairs already asked about their optional calls.
        self.offered: set[tuple[int, int]] = set()

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="table-row"):
            with Vertical(id="felt"):
                with Horizontal(id="top-row"):
                    yield SeatPanel(id="top-left", classes="seat")
                    yield SeatPanel(id="top", classes="seat")
                    yield SeatPanel(id="top-right", classes="seat")
                with Horizontal(id="middle"):
                    yield SeatPanel(id="left", classes="seat side")
                    yield TrickArea(id="trick")
                    yield SeatPanel(id="right", classes="seat side")
                yield Static("", id="prompt")
            with Vertical(id="side"):
                yield Static("", id="info")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=10)
        # The hand spans the whole width: twelve cards (Malilla's 48-card deck) need 72 columns.
        yield HandView(id="hand")
        yield Footer(show_command_palette=False)

    @property
    def settings(self) -> Settings:
        return self.app.settings  # type: ignore[attr-defined,no-any-return]

    def on_mount(self) -> None:
        used = set(POSITIONS[self.match.players])
        for position in AROUND:
            self.query_one(f"#{position}").display = position in used
        self.log_line(f"{self.rules.title}: {', '.join(self.names)}.")
        if self.match.hands:
            self.log_line(f"— Resuming hand {len(self.match.hands)}.")
            for action in self.match.hands[-1].actions:
                self.log_line(self.parts.describe_action(action, self.names))
        self.run_match()

    # ------------------------------------------------------------------ the match
    def build_players(self) -> list[Any]:
        players: list[Any] = []
        for seat, config in enumerate(self.config.seats):
            if config.human:
                players.append(HumanPlayer(seat, config.name, self.human_turn))
            else:
                computer = make_computer(self.rules, config.kind)
                players.append(ThinkingComputer(computer, lambda: self.settings.pause, self.skip))
        return players

    @work(exclusive=True, group="game")
    async def run_match(self) -> None:
        loop = GameLoop(self.match, self.build_players(), seed=self.config.seed,
                        first_dealer=self.config.first_dealer, on_event=self.on_game_event)  # fmt: skip
        self.refresh_table()
        await loop.run()

    async def on_game_event(self, event: Event) -> None:
        if isinstance(event, HandDealt):
            dealer = self.names[event.dealer]
            self.log_line(f"— Hand {event.hand + 1}: {dealer} {says(dealer, 'deals')}.")
            state = self.match.current
            if state is not None:
                for line in self.parts.deal_lines(state.view(self.bottom), self.names):
                    self.log_line(line)
            self.autosave()
        elif isinstance(event, ActionTaken):
            said = self.parts.describe_action(event.action, self.names)
            self.log_line(said)
            if event.action.verb == "call" and event.action.seat not in self.humans:
                self.notify(said, timeout=3)  # a computer's call or bid, announced
            self.autosave()
        elif isinstance(event, TrickWon):
            trick = event.trick
            winner = self.names[trick.winner] if trick.winner is not None else "Nobody"
            self.log_line(f"{winner} {says(winner, 'wins')} the trick, {trick.points} points.")
            self.refresh_table(trick=trick)
            await self.pause_after_trick()
        elif isinstance(event, HandScored):
            self.history.append(list(event.scores))
            self.refresh_table()
            await self.show_score_sheet(final=False)
        elif isinstance(event, MatchOver):
            finish_autosave()
            await self.match_over(event)
            return
        self.refresh_table()

    async def pause_after_trick(self) -> None:
        """Leave a finished trick on the table for a moment (a key skips it)."""
        await wait_or_skip(self.skip, self.settings.pause * 1.5)

    def autosave(self) -> None:
        try:
            write_autosave(self.config, self.match.to_record())
        except OSError as error:
            self.notify(f"Could not save the match: {error}", severity="error", timeout=6)

    async def human_turn(self, player: HumanPlayer, view: View) -> None:
        """A human's decision: hand the keyboard over if needed, then show what they may do."""
        if len(self.humans) > 1 and self.viewer != player.seat:
            self.viewer = None
            self.waiting = None
            self.refresh_table()
            await self.app.push_screen_wait(HandOverScreen(player.name))
        self.viewer = player.seat
        self.waiting = player
        self.view = view
        self.message = ""
        self.refresh_table()
        if player.offered:
            await self.ask_optional(player, view)
            return
        actions = view.legal_actions()
        if actions and all(a.verb != "play" for a in actions):
            choice = await self.parts.ask(self, view, actions)
            self.submit(choice)
            return
        offers = self.parts.calls_to_offer(view, actions)
        key = (len(self.match.hands), player.seat)
        if offers and key not in self.offered:
            self.offered.add(key)
            from cardtable.tui.dialogs.choice import ChoiceDialog

            choices: list[tuple[str, Action | None]] = [(self.parts.choice_label(a), a) for a in offers]
            choices.append(("No, thanks: play a card", None))
            answer = await self.app.push_screen_wait(ChoiceDialog(self.parts.offer_prompt(view, offers), choices))
            if answer is not None:
                self.submit(answer)

    async def ask_optional(self, player: HumanPlayer, view: View) -> None:
        from cardtable.tui.dialogs.choice import ChoiceDialog

        choices: list[tuple[str, Action | None]] = [(self.parts.choice_label(a), a) for a in player.offered]
        choices.append(("No, thanks", None))
        prompt = self.parts.offer_prompt(view, player.offered)
        answer = await self.app.push_screen_wait(ChoiceDialog(prompt, choices))
        self.waiting = None
        player.answer(answer)

    def submit(self, action: Action | None) -> None:
        """Check an action with the engine and hand it to the waiting player, or say why it is refused."""
        player = self.waiting
        if player is None or action is None:
            return
        state = self.match.current
        if state is None:
            return
        try:
            state.verify(action)
        except IllegalAction as refused:
            self.message = refused.reason
            self.refresh_prompt()
            self.app.bell()
            return
        self.waiting = None
        self.message = ""
        player.answer(action)
        self.refresh_table()

    # ------------------------------------------------------------------ drawing
    def position_of(self, seat: int) -> str:
        return POSITIONS[self.match.players][(seat - self.bottom) % self.match.players]

    def face(self, view: View, card: int, key: int | None = None, **marks: Any) -> Face:
        """How ``card`` shows; ``key`` is what the hand remembers it by (the card, or a blind slot)."""
        code = view.deck.codes[card]
        rank, suit = self.parts.card_face(code, self.settings.ascii_cards)
        marked = self.parts.is_marked(view, card)
        return Face(card if key is None else key, rank, suit, self.parts.suit_letter(code), trump=marked, **marks)

    def refresh_table(self, trick: Any = None) -> None:
        if not self.is_mounted:
            return
        # Every part of the table changes after an action: draw them all in one update, not one by one.
        with self.app.batch_update():
            self._refresh_table(trick)

    def _refresh_table(self, trick: Any = None) -> None:
        state = self.match.current or (self.match.hands[-1].state if self.match.hands else None)
        if state is None:
            return
        seat = self.viewer if self.viewer is not None else self.bottom
        view = state.view(seat)
        held = self.parts.cards_held(view, self.match.players)
        to_act = state.to_act
        for other in range(self.match.players):
            if other == self.bottom:
                continue
            panel = self.query_one(f"#{self.position_of(other)}", SeatPanel)
            panel.show(self.names[other], held[other], dealer=other == state.dealer, acting=other == to_act,
                       note=self.parts.seat_note(view, other))  # fmt: skip
        self.refresh_trick(view, trick)
        self.refresh_hand(view)
        self.refresh_info(view)
        self.refresh_prompt()
        self.refresh_footer()

    def refresh_trick(self, view: View, finished: Any = None) -> None:
        if finished is not None:
            players = self.match.players
            cards = [((finished.leader + k) % players, self.parts.finished_card(view, finished, k))
                     for k in range(len(finished.cards))]  # fmt: skip
            winning = finished.winner
        else:
            cards = list(view.trick)  # type: ignore[attr-defined]
            winning = self.parts.winning_seat(view)
        placed = {}
        for k, (seat, card) in enumerate(cards):
            best = seat == winning
            marks: dict[str, Any] = {"title": "lead" if k == 0 else "", "subtitle": "wins" if best else ""}
            if card is None:  # a card played face down shows its back
                placed[self.position_of(seat)] = Face(-1, "", "", "", back=True, **marks)
            else:
                placed[self.position_of(seat)] = self.face(view, card, winning=best, **marks)
        self.query_one(TrickArea).show(placed, self.parts.centre_text(view))

    def refresh_hand(self, view: View) -> None:
        hand = self.query_one(HandView)
        if self.viewer is None:
            hand.show([], None)
            return
        cards = [
            self.face(view, card, key=key) if card is not None else Face(key, "", "", "", back=True)
            for key, card in self.parts.hand_entries(view)
        ]
        legal: set[int] | None = None
        if self.waiting is not None and self.waiting.seat == self.viewer and not self.waiting.offered:
            legal = self.parts.legal_keys(view)
        hand.show(cards, legal)
        hand.border_title = f"{self.names[self.viewer]}" + (" (dealer)" if view.dealer == self.viewer else "")

    def refresh_info(self, view: View) -> None:
        match = self.match
        lines = [f"{self.rules.title}"]
        target = getattr(match.options, "target", None)
        if target is not None:
            lines[0] += f" — to {target}"
        lines.extend(self.parts.info_lines(view, self.names))
        lines.append("")
        lines.append("Score")
        for side_seats, score in self.sides_and_scores():
            lines.append(f"  {self.side_name(side_seats)}: {score}")
        points = getattr(view, "points", None)
        if callable(points):
            pts = points()
            lines.append("This hand")
            for side_seats, _ in self.sides_and_scores():
                lines.append(f"  {self.side_name(side_seats)}: {pts[side_seats[0]]}")
        text = "\n".join(lines)
        if text != self.info_text:
            self.info_text = text
            self.query_one("#info", Static).update(text)

    def side_name(self, seats: list[int]) -> str:
        """ "Ana & Bo" for a pair; "Ana +2" for a larger team (six-player Truco), to fit the side panel."""
        if len(seats) <= 2:
            return " & ".join(self.names[s] for s in seats)
        return f"{self.names[seats[0]]} +{len(seats) - 1}"

    def sides_and_scores(self) -> list[tuple[list[int], Any]]:
        players = self.match.players
        sides: dict[int, list[int]] = {}
        for seat in range(players):
            sides.setdefault(self.rules.side_of(seat, players), []).append(seat)
        return [(seats, self.match.scores[seats[0]]) for seats in sides.values()]

    def refresh_prompt(self) -> None:
        state = self.match.current
        refused = bool(self.message)
        if refused:
            text = f"✗ {self.message}"
        elif state is None:
            text = ""
        elif self.waiting is not None and self.view is not None:
            actions = self.view.legal_actions()
            extra = [a for a in actions if a.verb != "play"]
            text = self.parts.phase_prompt(self.view)
            if extra and any(a.verb == "play" for a in actions):
                text += "  (c: " + ", ".join(self.parts.choice_label(a).lower() for a in extra) + ")"
        elif state.to_act is not None:
            text = f"Waiting for {self.names[state.to_act]}…  (f: faster)"
        else:
            text = ""
        if text != self.prompt_text:
            self.prompt_text = text
            prompt = self.query_one("#prompt", Static)
            prompt.update(text, layout=False)  # the prompt has a fixed height of two lines
            prompt.set_class(refused, "refused")

    def refresh_footer(self) -> None:
        """Grey out the keys that do nothing now.

        The footer rebuilds itself whole on every change, and a turn passes through several states in a
        fraction of a second when the computers play fast: look again a moment later and redraw only if the
        keys' state really changed.
        """
        if self.footer_timer is None:
            self.footer_timer = self.set_timer(0.2, self._settle_footer)

    def _settle_footer(self) -> None:
        self.footer_timer = None
        state = tuple(self.check_action(name, ()) for name in ("move", "calls", "last_trick"))
        if state != self.bindings_state:
            self.bindings_state = state
            self.refresh_bindings()

    def log_line(self, text: str) -> None:
        if self.is_mounted:
            self.query_one("#log", RichLog).write(text)

    # ------------------------------------------------------------------ keys
    def my_card_turn(self) -> bool:
        return (self.waiting is not None and self.view is not None and not self.waiting.offered
                and bool(self.parts.legal_keys(self.view)))  # fmt: skip

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "pick", "hint"):
            return True if self.my_card_turn() else None
        if action == "face_down":
            return True if self.my_card_turn() and self.parts.can_play_face_down(self.view) else None
        if action == "play":
            return True
        if action == "calls":
            if self.waiting is not None and self.view is not None:
                return True if any(a.verb != "play" for a in self.view.legal_actions()) else None
            return None
        if action == "last_trick":
            state = self.match.current or (self.match.hands[-1].state if self.match.hands else None)
            return True if state is not None and state.tricks else None
        return True

    def action_move(self, step: int) -> None:
        self.query_one(HandView).move(step)

    def action_pick(self, number: int) -> None:
        hand = self.query_one(HandView)
        if number <= len(hand.cards):
            hand.cursor = number - 1
            self.play_position(number - 1)

    def action_play(self) -> None:
        if not self.my_card_turn():
            self.skip.set()
            return
        self.play_position(self.query_one(HandView).cursor)

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        if self.my_card_turn():
            self.play_position(message.position)

    def play_position(self, position: int, face_down: bool = False) -> None:
        hand = self.query_one(HandView)
        if self.view is None or not 0 <= position < len(hand.cards):
            return
        self.submit(self.parts.play_entry(self.view, hand.cards[position].index, face_down=face_down))

    def action_face_down(self) -> None:
        if self.my_card_turn() and self.view is not None and self.parts.can_play_face_down(self.view):
            self.play_position(self.query_one(HandView).cursor, face_down=True)

    async def action_calls(self) -> None:
        if self.waiting is None or self.view is None:
            return
        extra = [a for a in self.view.legal_actions() if a.verb != "play"]
        if extra:
            self.run_worker(self._ask_calls(extra), group="dialog", exclusive=True)

    async def _ask_calls(self, extra: list[Action]) -> None:
        if self.view is None:
            return
        answer = await self.parts.ask_calls(self, self.view, extra)
        if answer is not None:
            self.submit(answer)

    def action_hint(self) -> None:
        if not self.my_card_turn() or self.view is None:
            return
        levels = computer_levels(self.rules)
        level = "heuristic" if "heuristic" in levels else "random"
        action = run_now(make_computer(self.rules, level).choose(self.view))
        hand = self.query_one(HandView)
        if action.verb == "play":
            for position, card in enumerate(hand.cards):
                if self.parts.play_entry(self.view, card.index) == action:
                    hand.cursor = position
            self.notify(f"Hint: {self.parts.hint_text(action)}", timeout=4)
        else:
            self.notify(f"Hint: {self.parts.choice_label(action)}.", timeout=4)

    def action_skip_wait(self) -> None:
        self.skip.set()

    def action_speed(self, step: int) -> None:
        speeds = list(Settings.SPEEDS)
        index = speeds.index(self.settings.speed) if self.settings.speed in speeds else 1
        self.settings.speed = speeds[max(0, min(len(speeds) - 1, index + step))]
        self.app.save_settings()  # type: ignore[attr-defined]
        self.notify(f"Computer speed: {self.settings.speed}", timeout=2)

    def action_last_trick(self) -> None:
        state = self.match.current or (self.match.hands[-1].state if self.match.hands else None)
        if state is None or not state.tricks:
            return
        from cardtable.tui.dialogs.message import NoticeDialog

        trick = state.tricks[-1]
        lines = []
        for k, code in enumerate(trick.cards):
            seat = (trick.leader + k) % self.match.players
            lines.append(f"{self.names[seat]:>10}: {self.parts.card_name(code)}" + ("  (led)" if k == 0 else ""))
        winner = self.names[trick.winner] if trick.winner is not None else "nobody"
        lines.append(f"\n{winner} won it, {trick.points} points.")
        self.app.push_screen(NoticeDialog("Last trick", "\n".join(lines)))

    def action_score_sheet(self) -> None:
        self.run_worker(self.show_score_sheet(final=False, on_demand=True), group="dialog", exclusive=True)

    def action_rules(self) -> None:
        from cardtable.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.config.game))

    def action_help(self) -> None:
        from cardtable.tui.screens.keys import KeysScreen

        self.app.push_screen(KeysScreen())

    # ------------------------------------------------------------------ end of hand and match
    async def show_score_sheet(self, final: bool, on_demand: bool = False) -> None:
        from cardtable.tui.screens.score_sheet import ScoreSheetScreen

        hands = [h.state for h in self.match.hands if h.state.complete]
        if not hands and on_demand:
            self.notify("No hand has been scored yet.", timeout=3)
            return
        sheet = ScoreSheetScreen(self.rules.title, self.side_name, self.sides_and_scores(), self.history,
                                 hands[-1].explain(self.names) if hands else [], final=final)  # fmt: skip
        await self.app.push_screen_wait(sheet)

    async def match_over(self, event: MatchOver) -> None:
        from cardtable.tui.dialogs.choice import ChoiceDialog

        if event.winner:
            winners = " & ".join(self.names[s] for s in event.winner)
            special = f" ({event.special})" if event.special else ""
            text = f"{winners} win{'s' if len(event.winner) == 1 else ''} the match{special}!"
        else:
            text = "The match was abandoned."
        self.log_line(text)
        self.match_result = text
        choice = await self.app.push_screen_wait(
            ChoiceDialog(text, [("Play again", "again"), ("New game", "new"), ("Quit", "quit")])
        )
        await self.app.after_match(self, choice)  # type: ignore[attr-defined]
