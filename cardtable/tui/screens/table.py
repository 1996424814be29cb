"""The table: the seats around, the trick in the middle, your hand at the bottom, the score aside.

One worker runs the match (``GameLoop``); the human seats are ``HumanPlayer`` objects whose turn
shows here and whose answer comes from the keys and clicks below.  Every rule question goes to the
engine: which cards are legal, why one is not, what a hand scores.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
from collections.abc import Callable
from enum import StrEnum
from typing import Any, Generic, TypeVar

from rich.cells import cell_len
from textual import work
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.geometry import Region
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from cardtable.engine.game import PLAY_VERB, Action, FinishedTrick, HandState, Number, View
from cardtable.engine.hints import Hint, advise
from cardtable.engine.loop import ActionTaken, Event, GameLoop, HandDealt, HandScored, MatchOver, TrickWon
from cardtable.engine.match import Match
from cardtable.engine.players import Budget, ComputerPlayer, Player, make_computer
from cardtable.engine.undo import Place, TakenBack, last_decision, take_back
from cardtable.engine.words import counted
from cardtable.games import find_game
from cardtable.saves import MatchSave, SaveFailed, SaveWriter, Settings, TableConfig
from cardtable.tui.compositor import ChangedRegionsCompositor
from cardtable.tui.dialogs.beside_panel import BesideThePanel
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.hinted import HintedDialog
from cardtable.tui.dialogs.message import HandOverScreen
from cardtable.tui.dialogs.undoable import shown_bindings
from cardtable.tui.games import parts_for
from cardtable.tui.games.base import SeenTrick, TableParts, says
from cardtable.tui.host import TableHost
from cardtable.tui.keys import CALL_KEYS, FOOTER_GIVES_WAY, PLACES_WITH_KEYS, TABLE_BINDINGS, first_key
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.motion import CardMotion, Move, centred, motion_wanted
from cardtable.tui.players import HumanPlayer, ThinkingComputer, wait_or_skip
from cardtable.tui.sides import score_lines, side_name, sides
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.card import Face
from cardtable.tui.widgets.footer import KeysFooter, keys_without_room
from cardtable.tui.widgets.hand import HandView, fits_large
from cardtable.tui.widgets.log import TableLog
from cardtable.tui.widgets.painted import PaintedText
from cardtable.tui.widgets.seat import SeatPanel
from cardtable.tui.widgets.spread import CardSpread
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
#: From this size on (columns, lines) the table grows: larger cards, a hand of 18 on one row, the last trick aside.
ROOMY = (120, 40)
#: Below this many lines a large card's trick (three rows of cards seven lines tall) would not fit: the cards stay
#: small whatever the settings say.
LARGE_CARDS_HEIGHT = 37
#: An announcement goes from the notice line when this many tricks have ended since it was made: the trick it
#: was made in, then the next (the log keeps it).
ANNOUNCEMENT_TRICKS = 2
#: A brief hand end shows its line this many computer pauses before the next deal: a line to read, not a sheet.
BRIEF_HAND_END_PAUSES = 3
#: The least height of the trick between the seats (three rows of cards), with small cards and with large: a
#: hint on the notice line takes what the table leaves above the prompt, never this.
TRICK_LEAST = {False: 9, True: 15}
#: A hint worked out longer than this (seconds) says so on the notice line meanwhile.
HINT_WAIT_SHOWN = 0.15
#: How often a new table looks again (and how long it waits, in seconds) for the last table to be gone before it
#: freezes what is alive (``keep_out_of_sweeps``).
FREEZE_TRIES = 5
FREEZE_RETRY = 0.1

V = TypeVar("V", bound=View)


class Next(StrEnum):
    """What the player chooses when a match is over."""

    AGAIN = "again"
    NEW = "new"
    QUIT = "quit"


def keys_below(prompt: str, width: int) -> str:
    """``prompt`` ("Your turn: pick a card.  (Enter plays it; v: truco (3))") with its keys, in brackets, on a
    line of their own when the whole is too wide and they fit: wrapped word by word, "(3))" stood alone."""
    question, bracket, keys = prompt.partition("  (")
    if not bracket or width <= 0 or cell_len(prompt) <= width:
        return prompt
    if cell_len(keys) + 1 > width or cell_len(question) > width:  # three lines would not fit the prompt's two
        return prompt
    return f"{question}\n({keys}"


def after_its_label(line: str, width: int) -> str:
    """``line`` ("Chien: 5♠ 6♥ K♥ 5♣ J♣ K♣") with what follows its label on a line of its own when the whole is
    too wide and that part fits: wrapped word by word, a list of cards would leave its last card alone."""
    label, colon, rest = line.partition(": ")
    if not colon or width <= 0 or cell_len(line) <= width or cell_len(rest) > width:
        return line
    return f"{label}:\n{rest}"


def forced_card(actions: list[Action]) -> bool:
    """Whether ``actions`` (a seat's legal actions) leave it one card to play and nothing else, no call to make."""
    return len(actions) == 1 and actions[0].verb == PLAY_VERB


def rows(text: str, width: int) -> int:
    """The lines ``text`` takes wrapped to ``width`` columns, as a Static wraps it."""
    return len(Content(text).wrap(width))


def fitted(text: str, width: int, room: int, key: str) -> tuple[str, str]:
    """``text`` (a hint) as it fits ``room`` lines of ``width`` columns, and what it had no room for, which the
    hint's ``key`` shows next: its figures (what its closing brackets hold) first; failing that, its last words.
    A text that fits, or that not even a word of would fit, is given whole: it is never cut."""
    if width <= 0 or room <= 0 or rows(text, width) <= room:
        return text, ""
    if text.endswith(").") and " (" in text:
        head, _, figures = text[:-2].rpartition(" (")
        shown = f"{head}.  ({key}: the figures)"
        if figures.count("(") == figures.count(")") and rows(shown, width) <= room:
            return shown, f"The figures: {figures}."
    words = text.split(" ")
    for count in range(len(words) - 1, 0, -1):
        shown = " ".join(words[:count]) + f"…  ({key}: more)"
        if rows(shown, width) <= room:
            return shown, "…" + " ".join(words[count:])
    return text, ""


class Felt(Vertical):
    """The felt: the seats, the trick and the prompt, left of the side panel.

    Its size changes whenever the table is laid out anew (a resize, the side panel widening at 120 columns): a
    dialog over the table then stands again by the side panel and the seats as they are now.
    """

    def on_resize(self) -> None:
        for screen in self.app.screen_stack:
            if isinstance(screen, BesideThePanel):
                screen.stand_beside_the_panel()


class TableScreen(LaidOutOnce, StyledOnce, Screen[None], Generic[V]):
    """The table of one match, drawn from the views of type ``V`` its game's parts read."""

    BINDINGS = [*TABLE_BINDINGS]
    # A roomy terminal (120 x 40 and more) grows the table: a wider side panel with the last trick, larger cards.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (ROOMY[0], "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (ROOMY[1], "-tall")]

    def __init__(
        self,
        config: TableConfig,
        match: Match | None = None,
        save: MatchSave | None = None,
        hints: int = 0,
        undos: int = 0,
    ) -> None:
        super().__init__()
        self._compositor = ChangedRegionsCompositor()
        self.config = config
        #: Hints the table has given in this match, and decisions it took back: a match played with help is
        #: marked so in its record.
        self.hints = hints
        self.undos = undos
        #: The match's save file; a new match gets a new one, taken when it is first written.
        self.save = save if save is not None else MatchSave.new()
        #: Writes the save after each action in a thread: the table goes on while the disk catches up.
        self.writer = SaveWriter(self.save, self._heard_from_writer)
        self.writer_loop: asyncio.AbstractEventLoop | None = None
        #: Why the last save failed (the player has been told), or None.
        self.save_problem: str | None = None
        self.saved = False
        self.rules = find_game(config.game)
        options = self.rules.parse_options(config.options, config.players)
        self.parts: TableParts[V] = parts_for(config.game).for_options(options)
        self.match = match if match is not None else Match(self.rules, options, config.players)
        self.humans = [i for i, seat in enumerate(config.seats) if seat.human]
        self.names = config.names
        #: Several people share the keyboard: each turn of another person is handed over first.
        self.hot_seat = len(self.humans) > 1
        #: Undo is for one person playing against computers: nobody else's decision is ever taken back.
        self.undoes = len(self.humans) == 1
        #: The person whose cards are on show: the only person at the table; with several, the one whose
        #: decision it is (None between their turns, while the keyboard passes and computers play).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: The person who has the keyboard now (None until the first hand-over).
        self.keyboard: int | None = self.viewer
        #: The seat drawn at the bottom: the person to act (a fixed seat when only computers play).
        self.bottom = self.humans[0] if self.humans else 0
        self.waiting: HumanPlayer[V] | None = None
        self.view: V | None = None
        self.message = ""
        #: Why the engine refused the person's last action, said when the turn is asked again.
        self.refusal = ""
        self.skip = asyncio.Event()
        self.history: list[list[Any]] = self.match.scores_by_hand()
        self.match_result: str | None = None
        self.bindings_state: tuple[object, ...] = ()
        self.footer_timer: Timer | None = None
        #: An action is waiting to be saved (after the next frame).
        self.save_pending = False
        self.info_text = ""
        #: The hand (by number) and the height in lines of the info panel as last drawn.
        self.info_rows = (0, 0)
        self.prompt_text = ""
        #: The table's one notice: a hint or a reply to a key, which goes when the turn moves on; or an
        #: announcement (a computer's call, what a call settled), which stays until a person at the keyboard
        #: acts, a newer one replaces it, a new hand is dealt or the trick after it ends (where nobody acts, at
        #: a table of computers or after your last card, it would stay all hand).
        self.notice_text = ""
        #: The notice as it was asked for (its text, and whether it may wrap), laid out again on every resize, and
        #: the end of a hint the notice had no room for (the hint key shows it).
        self.notice_asked = ("", False)
        self.notice_rest = ""
        #: The width the prompt was laid out for.
        self.prompt_width = 0
        #: The log, the notice and prompt lines and the spread, kept at hand: looking them up walks the whole
        #: screen, after every card (asking whether the screen holds a spread at all took 1.5 ms of a card's time).
        self.table_log = TableLog(id="log")
        self.notice_line = PaintedText("", id="notice", markup=False)
        self.prompt_line = PaintedText("", id="prompt", markup=False)
        self.spread_area = CardSpread(id="spread")
        self.notice_lasts = False
        #: Tricks ended since the announcement on the notice line was made.
        self.tricks_since_announced = 0
        #: A hint is being worked out (in a thread: the level that hints may search).
        self.hinting = False
        #: Between two hands, while a brief hand end's line shows: the score sheet key then asks for the sheet,
        #: which the match waits for before dealing (``sheet_asked``).
        self.between_hands = False
        self.sheet_asked = False
        #: The notice is the last hand's result: it stays over the next deal, until the person acts.
        self.result_on_notice = False
        #: The last hint shown and the view it was given for: a dialog opened on that same decision points at it.
        self.standing_hint: tuple[V, Hint] | None = None
        self.last_trick_text = ""
        #: The calls a dialog offers before the person's card (Malilla's redeal), while it is open.
        self.offer_open: list[Action] | None = None
        #: (hand number, seat) pairs already asked about their optional calls.
        self.offered: set[tuple[int, int]] = set()
        #: Cards moving over the table (when motion is on); ``motion_for``: the seat at the bottom and the
        #: person looking when the motion set off (a motion never outlives either).
        self.motion = CardMotion(self, max(POSITIONS))
        self.motion_for: tuple[int, int | None] = (self.bottom, self.viewer)
        #: The seat whose card has been played and has not reached the trick yet (it moves there when it does).
        self.arriving: int | None = None
        #: Where the card the person has just played lay in their hand (it sets off from there).
        self.played_from: Region | None = None
        #: How each card of the trick on the table shows while it moves, by its place.
        self.moving_faces: dict[str, Face] = {}

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        # The classes that style the whole table are set before its widgets exist: set once they do, each styled
        # every widget of the table again (about a tenth of what a table's start cost).
        self.set_class(self.parts.words.spanish_pack, "spanish-pack")  # its four-colour deck has colours of its own
        self.take_breakpoints(self.app.size.width, self.app.size.height)
        with Horizontal(id="table-row"):
            with Felt(id="felt"):
                with Horizontal(id="top-row"):
                    yield SeatPanel(id="top-left", classes="seat")
                    yield SeatPanel(id="top", classes="seat")
                    yield SeatPanel(id="top-right", classes="seat")
                with Horizontal(id="middle"):
                    # A seat at the side is as tall as its lines, in a column that centres it: a change of the
                    # seat (its count, its turn) repaints those lines, not the height of the table.
                    with Vertical(classes="seat-column"):
                        yield SeatPanel(id="left", classes="seat side")
                    yield TrickArea(id="trick")
                    yield self.spread_area
                    with Vertical(classes="seat-column"):
                        yield SeatPanel(id="right", classes="seat side")
                yield self.notice_line
                yield self.prompt_line
            with Vertical(id="side"):
                yield Static("", id="info", markup=False)
                yield Static("", id="last-trick", markup=False)
                yield self.table_log
        # The hand spans the whole width: twelve cards (Malilla's 48-card deck) need 72 columns.
        places = [self.key(f"pick-{n}") for n in range(1, PLACES_WITH_KEYS + 1)]
        yield HandView(id="hand", place_keys=[key if len(key) <= 3 else "" for key in places])
        yield KeysFooter(show_command_palette=False)

    @property
    def host(self) -> TableHost:
        app = self.app
        assert isinstance(app, TableHost), "the table runs inside the cardtable application"
        return app

    @property
    def settings(self) -> Settings:
        return self.host.settings

    def key(self, binding_id: str) -> str:
        """The key that does ``binding_id`` now (the player's keymap may have changed it), for the prompts."""
        return first_key(binding_id, self.host.keymap)

    def on_mount(self) -> None:
        used = set(POSITIONS[self.match.players])
        for position in AROUND:
            seat = self.query_one(f"#{position}", SeatPanel)
            seat.display = position in used
            if seat.has_class("side") and isinstance(seat.parent, Widget):
                seat.parent.display = position in used  # its column too, or the column would keep its width
        self.spread_area.display = False
        self.log_line(f"{self.parts.game_title()}: {', '.join(self.names)}.")
        if self.match.hands:
            self.log_line(f"— Resuming hand {len(self.match.hands)}.")
            self.log_hand_so_far()
        self.run_match()
        self.host.tables.add(self)
        self.call_after_refresh(self.keep_out_of_sweeps)

    def keep_out_of_sweeps(self, tries: int = FREEZE_TRIES) -> None:
        """Keep everything alive now out of the collector's full sweeps while the table shows.

        The table's widgets, styles and caches live as long as it does: once drawn, they are frozen (``gc.freeze``),
        and the sweeps, each of which stopped the table for 30-100 ms (one every 40 cards or so), no longer go
        through them.  But what is frozen stays until the table closes (``gc.unfreeze``), garbage too: the table of
        the last match, still being taken down when this one is first drawn, would be kept all match long.  So
        the freeze waits until no other table of the app is alive, collecting what is left of it first.
        """
        if not self.is_attached:
            return
        tables = self.host.tables
        if any(table is not self for table in tables):
            gc.collect()
            if any(table is not self for table in tables) and tries > 0:
                self.set_timer(FREEZE_RETRY, lambda: self.keep_out_of_sweeps(tries - 1))
                return
        gc.freeze()

    def take_breakpoints(self, width: int, height: int) -> None:
        """The size classes (``-wide``, ``-tall``) for a terminal of this size, before the first layout.

        Textual sets a screen's breakpoint classes when the screen hears of its size, which comes after its
        first layout: the table would be laid out narrow once, and its log's first lines wrapped to the
        narrow side panel before the wide one replaced it (under a dialog pushed at once, they stayed so).
        """
        wide, tall = width >= ROOMY[0], height >= ROOMY[1]
        self.update_classes({"-wide": wide, "-narrow": not wide, "-tall": tall, "-short": not tall})

    def clear_log(self) -> None:
        if self.table_log.is_attached:
            self.table_log.texts.clear()
            self.table_log.clear()

    def on_resize(self) -> None:
        self.end_motion()  # a card in flight would land where its place was before
        self.refresh_table()
        # The size classes (``-wide``, ``-tall``) the resize brings change the side panel's width at the next
        # layout: every text laid out for a width (the prompt, a hint, the side panel's lines) is laid out again
        # once it is done.
        self.call_after_refresh(self.lay_out_texts)

    def lay_out_texts(self) -> None:
        if self.is_mounted:  # not a table closed meanwhile
            self.lay_out_notice()
            self.refresh_table()

    def roomy(self) -> tuple[bool, bool]:
        """Whether the terminal is wide, and tall, enough for the grown table."""
        width, height = self.app.size
        return width >= ROOMY[0], height >= ROOMY[1]

    def large_cards(self) -> bool:
        """Large cards: by the terminal's size (120 x 40), or when the settings ask and the trick has room."""
        size = self.settings.card_size
        if size == "large":
            return self.app.size.height >= LARGE_CARDS_HEIGHT
        return size == "auto" and all(self.roomy())

    def on_screen_suspend(self) -> None:
        # A dialog or a hand-over comes over the table: nothing moves behind it, nothing waits for it.
        self.end_motion()
        # A call to answer or a bid may stand over the notice and the prompt, and asks the prompt's question:
        # both make way rather than show cut pieces of their lines beside it.
        dialog = self.app.screen
        asked = isinstance(dialog, BesideThePanel) and dialog.asks_over_the_prompt()
        for line in (self.notice_line, self.prompt_line):
            line.set_class(asked, "-asked-in-dialog")
        # A dialog that shows the hand itself (the écart) may stand over part of it: the hand makes way too.
        self.query_one("#hand").set_class(isinstance(dialog, BesideThePanel) and dialog.SHOWS_THE_HAND, "-in-dialog")

    def on_screen_resume(self) -> None:
        for line in (self.notice_line, self.prompt_line):
            line.remove_class("-asked-in-dialog")
        self.query_one("#hand").remove_class("-in-dialog")

    def on_unmount(self) -> None:
        self.save_now()
        self.save.release()
        gc.unfreeze()  # what the table held may go now

    def log_hand_so_far(self) -> None:
        """After a resume, tell the last hand as it was told while it was played."""
        if not self.match.hands:
            return
        number = len(self.match.hands) - 1
        hand = self.match.hands[number]
        replica = self.match.up_to(number, 0)
        state = replica.hands[number].state
        self.log_deal(number, hand.dealer, state)
        for action in hand.actions:
            tricks = len(state.tricks)
            replica.apply(action)
            seen = self.parts.seat_view(state, self.bottom)
            self.log_line(self.parts.describe_action(action, self.names, view=seen))
            if len(state.tricks) > tricks:
                self.log_trick(state.tricks[-1])

    # ------------------------------------------------------------------ the match
    def build_players(self) -> list[Player[V]]:
        players: list[Player[V]] = []
        for seat, config in enumerate(self.config.seats):
            if config.human:
                players.append(HumanPlayer(seat, self.names[seat], self.human_turn, self.refused))
            else:
                # At the table a level that searches stops at its budget's time limit (sim and hints do not).
                computer: ComputerPlayer[V] = make_computer(
                    self.rules, config.kind, budget=Budget(self.settings.expert_budget), deadline=True
                )
                players.append(ThinkingComputer(computer, lambda: self.settings.pause, self.skip))
        return players

    @work(exclusive=True, group="game")
    async def run_match(self) -> None:
        """Play the match on (a new run, after an undo, replaces the one before: the group is exclusive)."""
        match = self.match

        async def on_event(event: Event) -> None:
            if match is self.match:  # a loop an undo has stopped tells nothing more
                await self.on_game_event(event)

        loop = GameLoop(match, self.build_players(), seed=self.config.seed,
                        first_dealer=self.config.first_dealer, on_event=on_event)  # fmt: skip
        self.refresh_table()
        await loop.run()

    async def on_game_event(self, event: Event) -> None:
        if isinstance(event, HandDealt):
            self.arriving = None
            state = self.match.current
            if not self.result_on_notice:
                self.say("")  # the last hand's announcement is out of date
            self.result_on_notice = False
            if state is not None:
                self.log_deal(event.hand, event.dealer, state)
                news = self.parts.deal_news(self.parts.seat_view(state, self.bottom), self.names)
                if news:
                    self.announce(" ".join(news))
            self.save_after_frame()
        elif isinstance(event, ActionTaken):
            state = self.match.current
            seen = self.parts.seat_view(state, self.bottom) if state is not None else None
            said = self.parts.describe_action(event.action, self.names, view=seen)
            self.log_line(said)
            if event.action.verb == PLAY_VERB:
                self.arriving = event.action.seat
            # The turn moves on: a hint is out of date; an announcement stays for the person to read.
            if self.parts.announces(event.action) and event.action.seat not in self.humans:
                self.announce(said)
            elif not self.notice_lasts:
                self.say("")
            drawn = self.drawn_view()
            for line in self.parts.news(drawn[0], event.action, self.names) if drawn is not None else ():
                self.log_line(line)
                self.announce(line)  # what the call settled, for everyone at the table
            self.save_after_frame()
            self.refresh_table()
            await self.pause_on_spread()
            return
        elif isinstance(event, TrickWon):
            self.log_trick(event.trick)
            if self.notice_lasts:
                self.tricks_since_announced += 1
                if self.tricks_since_announced >= ANNOUNCEMENT_TRICKS:
                    self.say("")
            self.refresh_table(finished=True)
            await self.pause_after_trick()
            self.gather(event.trick.winner)
        elif isinstance(event, HandScored):
            self.history.append(list(event.scores))
            self.refresh_table()
            if self.brief_hand_end():
                await self.show_hand_result(event)
            else:
                await self.show_score_sheet(final=False)
        elif isinstance(event, MatchOver):
            self.finish_save()
            await self.match_over(event)
            return
        self.refresh_table()

    async def pause_on_spread(self) -> None:
        """Cards just laid on the table (a Tarot chien turned up) stay a moment before a computer takes them."""
        state = self.match.current
        spread = self.spread_area  # taken down once the app is closing under a match the computers play on
        if state is not None and spread.is_attached and spread.display and state.to_act not in self.humans:
            await wait_or_skip(self.skip, self.settings.pause * 3)

    async def pause_after_trick(self) -> None:
        """Leave a finished trick on the table for a moment (a key skips it)."""
        await wait_or_skip(self.skip, self.settings.pause * 1.5)

    def log_deal(self, number: int, dealer_seat: int, state: HandState) -> None:
        dealer = self.names[dealer_seat]
        self.log_line(f"— Hand {number + 1}: {dealer} {says(dealer, 'deals')}.")
        for line in self.parts.deal_lines(self.parts.seat_view(state, self.bottom), self.names):
            self.log_line(line)

    def log_trick(self, trick: FinishedTrick) -> None:
        """Who won a trick, and what it was worth in games whose tricks carry points (not Truco's)."""
        winner = self.names[trick.winner] if trick.winner is not None else "Nobody"
        worth = f", {counted(trick.points, 'point')}" if self.parts.words.trick_points else ""
        self.log_line(f"{winner} {says(winner, 'wins')} the trick{worth}.")

    def autosave(self) -> None:
        """Save now, after any save on its way; if that fails, say so once, and keep trying."""
        self.save_pending = False
        self.writer.wait()  # one writer at a time, and the newest record last
        try:
            self.save.write(self.config, self.record_to_save(), self.parts.save_summary(self.match, self.names))
        except SaveFailed as failure:
            self.saved_or_not(failure)
            return
        self.saved_or_not(None)

    def saved_or_not(self, failure: SaveFailed | None) -> None:
        """What a save came to: a failure is told once (the table keeps trying), and so is the first save after."""
        if failure is not None:
            if self.save_problem is None:
                self.notify(f"The match cannot be saved: {failure.reason}. The table keeps trying after every move.",
                            severity="error", timeout=12)  # fmt: skip
            self.save_problem = failure.reason
            return
        if self.save_problem is not None:
            self.notify("The match is saved again.", timeout=4)  # replaces the failure's toast
        self.save_problem = None
        self.saved = True

    def _heard_from_writer(self, failure: SaveFailed | None) -> None:
        # In the writer's thread: what the save came to is told on the event loop, unless that has closed.
        loop = self.writer_loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is left to tell
                loop.call_soon_threadsafe(self.saved_or_not, failure)

    def save_after_frame(self) -> None:
        """Save once the screen shows what the action changed: a save waits for the disk, the card need not."""
        if not self.save_pending:
            self.save_pending = True
            # Asked for once the widgets changed now have asked to be repainted: a request that reached the
            # screen before them would wake it to paint a first frame without them.
            asyncio.get_running_loop().call_soon(self.call_after_refresh, self.save_soon)

    def save_soon(self) -> None:
        """Hand the save the last actions asked for to the writer, unless the match is over (``finish_save``
        keeps it)."""
        if self.save_pending and not self.match.over:
            self.save_pending = False
            self.writer_loop = asyncio.get_running_loop()
            self.writer.submit(self.config, self.record_to_save(), self.parts.save_summary(self.match, self.names))

    def save_now(self) -> None:
        """Write the save the last actions asked for, and wait until every save asked for is on disk."""
        self.save_soon()
        self.writer.wait()

    def record(self) -> dict[str, Any]:
        """The match's record, marked ``assisted`` when the table helped (hints, decisions taken back)."""
        return self.marked_assisted(self.match.to_record())

    def record_to_save(self) -> dict[str, Any]:
        """The record as the save after every action writes it, each finished hand put into JSON once
        (``Match.to_record_lines``): what that costs stays the same however long the match."""
        return self.marked_assisted(self.match.to_record_lines())

    def marked_assisted(self, record: dict[str, Any]) -> dict[str, Any]:
        if self.hints or self.undos:
            record["assisted"] = {"undos": self.undos, "hints": self.hints}
        return record

    def finish_save(self) -> None:
        self.writer.wait()  # a save still being written would bring the finished match back
        try:
            self.save.finish(self.config, self.record())
        except SaveFailed as failure:
            self.notify(f"The finished match could not be kept: {failure.reason}.", severity="warning", timeout=8)

    async def human_turn(self, player: HumanPlayer[V], view: V) -> None:
        """A human's decision: hand the keyboard over if needed, then show what they may do."""
        if self.hot_seat and self.keyboard != player.seat:
            await self.hand_over(player)
        self.viewer = player.seat
        self.waiting = player
        self.view = view
        # Asked again after a refusal, the cursor stays on the card refused, as the person left it.
        refused_at = self.query_one(HandView).cursor if self.refusal else None
        self.message, self.refusal = self.refusal, ""
        with self.app.batch_update():  # the turn's prompt and its keys in one frame
            self.refresh_table()
            if refused_at is not None:
                self.query_one(HandView).cursor = refused_at
            await self.keys_with_prompt()
        if player.offered:
            await self.ask_optional(player, view)
            return
        actions = view.legal_actions()
        if self.settings.play_forced_cards and forced_card(actions):
            self.submit(actions[0])
            said = self.parts.describe_action(actions[0], self.names, view=view)
            self.announce(f"{said.removesuffix('.')}: the only card you could play.")
            return
        if actions and all(a.verb != PLAY_VERB for a in actions):
            choice = await self.parts.ask(self, view, actions)
            self.submit(choice)
            return
        offers = self.parts.calls_to_offer(view, actions)
        key = (len(self.match.hands), player.seat)
        if offers and key not in self.offered:
            self.offered.add(key)
            choices: list[tuple[str, Action | None]] = [(self.parts.choice_label(a), a) for a in offers]
            choices.append(("No, thanks: play a card", None))
            prompt = self.parts.offer_prompt(view, offers)
            self.offer_open = offers
            try:
                answer = await self.app.push_screen_wait(ChoiceDialog[Action | None](prompt, choices))
            finally:
                self.offer_open = None
            if answer is not None:
                self.submit(answer)

    async def ask_optional(self, player: HumanPlayer[V], view: V) -> None:
        choices: list[tuple[str, Action | None]] = [(self.parts.choice_label(a), a) for a in player.offered]
        choices.append(("No, thanks", None))
        prompt = self.parts.offer_prompt(view, player.offered)
        answer = await self.app.push_screen_wait(ChoiceDialog[Action | None](prompt, choices))
        self.waiting = None
        self.turn_done()
        player.answer(answer)
        self.refresh_table()

    async def hand_over(self, player: HumanPlayer[V]) -> None:
        """Hide the table behind a "Pass to NAME" screen, then turn it so that ``player`` sits at the bottom."""
        self.viewer = None
        self.waiting = None
        self.app.clear_notifications()  # a hint or a refusal names the last person's cards
        self.say("")
        self.refresh_table()
        await self.app.push_screen_wait(HandOverScreen(player.name))
        self.keyboard = self.bottom = player.seat

    def turn_done(self) -> None:
        """A person has answered: with several at the table, their cards (and hints) go out of sight at once."""
        self.say("")
        if self.hot_seat:
            self.viewer = None
            self.app.clear_notifications()

    def submit(self, action: Action | None) -> None:
        """Hand an action to the waiting player. The engine alone checks it: a refusal comes back through
        ``refused`` and the turn is asked again."""
        player = self.waiting
        if player is None or action is None:
            return
        self.waiting = None
        self.message = ""
        self.turn_done()
        player.answer(action)
        self.refresh_table()

    def refused(self, reason: str) -> None:
        """The engine refused the person's action: the turn asked again says why (the match goes on)."""
        self.refusal = reason
        self.app.bell()

    # ------------------------------------------------------------------ drawing
    def position_of(self, seat: int) -> str:
        return POSITIONS[self.match.players][(seat - self.bottom) % self.match.players]

    def face(self, view: V, card: int, key: int | None = None, **marks: Any) -> Face:
        """How ``card`` shows; ``key`` is what the hand remembers it by (the card, or a blind slot)."""
        code = view.deck.codes[card]
        rank, suit = self.parts.card_face(code, self.host.ascii_cards)
        marked = self.parts.is_marked(view, card)
        if key is not None and marked:  # in the hand, a mark beside the suit that shows without colour too
            suit += self.parts.card_mark(view, card, self.host.ascii_cards)
        return Face(card if key is None else key, rank, suit, self.parts.suit_letter(view, card), trump=marked,
                    **marks)  # fmt: skip

    def drawn_view(self) -> tuple[V, bool] | None:
        """The view the table is drawn from, and whether a person is looking at it.

        Nobody looks between two people's turns (and at a table of computers): then only what every seat
        may see is drawn, from the bottom seat's view with its own secrets left out.
        """
        state = self.match.current or (self.match.hands[-1].state if self.match.hands else None)
        if state is None:
            return None
        seat = self.viewer if self.viewer is not None else self.bottom
        return self.parts.seat_view(state, seat), self.viewer is not None

    def seen_trick(self) -> SeenTrick | None:
        """The last finished trick as the table may show it now: face-down cards stay face down."""
        drawn = self.drawn_view()
        if drawn is None:
            return None
        view, private = drawn
        seen = self.parts.last_trick(view)
        if seen is None or private:
            return seen
        cards = tuple(None if (seen.leader + k) % self.match.players in seen.face_down else card
                      for k, card in enumerate(seen.cards))  # fmt: skip
        return seen._replace(cards=cards)

    def refresh_table(self, finished: bool = False) -> None:
        if not self.is_mounted:
            return
        # Every part of the table changes after an action: draw them all in one update, not one by one.
        with self.app.batch_update():
            try:
                self._refresh_table(finished)
            except NoMatches:
                if not self.app.is_running or self.app._exit:  # the app is closing: its widgets go first
                    return
                raise

    def _refresh_table(self, finished: bool = False) -> None:
        if self.motion.moving and self.motion_for != (self.bottom, self.viewer):
            self.end_motion()  # the table turns, or shows another person's cards: what moves was drawn for the last
        drawn = self.drawn_view()
        if drawn is None:
            return
        view, private = drawn
        held = self.parts.cards_held(view)
        to_act = view.to_act
        for other in range(self.match.players):
            if other == self.bottom:
                continue
            panel = self.query_one(f"#{self.position_of(other)}", SeatPanel)
            panel.show(self.names[other], held[other], dealer=other == view.dealer, acting=other == to_act,
                       note=self.parts.seat_note(view, other))  # fmt: skip
        self.refresh_trick(view, private, finished)
        self.refresh_hand(view, held[self.bottom])
        self.refresh_info(view, private)
        self.refresh_last_trick()
        self.refresh_prompt()
        self.refresh_footer()

    def refresh_trick(self, view: V, private: bool, finished: bool = False) -> None:
        """The trick in progress, or the one just won; cards played face down show their backs.

        A seat sees the face of its own face-down card (marked "down"); nobody else does, and when nobody
        is at the keyboard no face-down card shows its face.
        """
        players = self.match.players
        seen = self.seen_trick() if finished else None
        if seen is not None:
            cards = [((seen.leader + k) % players, card) for k, card in enumerate(seen.cards)]
            face_down = seen.face_down
            winning = seen.winner
        else:
            face_down = self.parts.face_down_now(view)
            cards = [(seat, None if seat in face_down and not private else card)
                     for seat, card in self.parts.trick_cards(view)]  # fmt: skip
            winning = self.parts.winning_seat(view)
        placed = {}
        for k, (seat, card) in enumerate(cards):
            best = seat == winning
            # Four letters, as "lead" and "wins": a card's edge has room for no more ("hidden" was cut to "hid…").
            below = "wins" if best else "down" if seat in face_down else ""
            marks: dict[str, Any] = {"title": "lead" if k == 0 else "", "subtitle": below}
            if card is None:
                placed[self.position_of(seat)] = Face(-1, "", "", "", back=True, **marks)
            else:
                placed[self.position_of(seat)] = self.face(view, card, winning=best, **marks)
        aside_card, aside_title, note = self.parts.aside(view)
        aside = self.face(view, aside_card, title=aside_title) if aside_card is not None else None
        trick_area = self.query_one(TrickArea)
        large = self.large_cards()
        moving = {self.position_of(seat): self.moving_face(placed[self.position_of(seat)], seat in face_down)
                  for seat, _ in cards}  # fmt: skip
        self.moving_faces = moving
        arrival = self.arrival(trick_area, moving, large)
        trick_area.show(placed, self.parts.centre_text(view), aside, note, large=large)
        if arrival is not None:
            self.start_motion([arrival], large)
        self.motion_faces(trick_area, moving)
        spread = self.parts.spread(view, self.names)
        spread_area = self.spread_area
        if spread is not None:
            text, shown = spread
            spread_area.show(text, [self.face(view, card) for card in shown])
        if (spread is not None) != spread_area.display:
            spread_area.display = spread is not None
            trick_area.display = spread is None

    # ------------------------------------------------------------------ motion
    def motion_on(self) -> bool:
        """Whether cards move now: motion is wanted, and the table is not under a dialog or a hand-over."""
        return self.is_current and motion_wanted(self.app, self.settings.animations)

    def moving_face(self, face: Face, face_down: bool) -> Face:
        """How a card shows while it moves: a card played face down shows its back, even to its holder."""
        return Face(-1, "", "", "", back=True, title=face.title, subtitle=face.subtitle) if face_down else face

    def seat_region(self, seat: int) -> Region:
        """Where a seat's cards are on screen: its panel, or the hand at the bottom."""
        if seat == self.bottom:
            return self.query_one(HandView).region
        return self.query_one(f"#{self.position_of(seat)}", SeatPanel).region

    def arrival(self, trick_area: TrickArea, moving: dict[str, Face], large: bool) -> Move | None:
        """The card just played, as it moves to its place in the trick, if it has reached the trick now.

        Its place is held empty until it lands. The last card of a trick reaches it with the trick shown won.
        """
        seat = self.arriving
        if seat is None:
            return None
        position = self.position_of(seat)
        if position not in moving:
            return None  # not yet: the trick is shown won next, with this card in it
        played_from, self.arriving, self.played_from = self.played_from, None, None
        end = trick_area.place(position)
        card = trick_area.cards[position]
        if not self.motion_on() or not trick_area.display or not end or card.large != large:
            return None  # no motion, or the trick has not been laid out at this size yet
        start = played_from if seat == self.bottom and played_from else self.seat_region(seat)
        self.motion.finish()  # the last motion lands first: its place shows its card in this very frame
        trick_area.hold(position)
        return Move(moving[position], start, end, lambda: trick_area.release(position))

    def gather(self, winner: int | None) -> None:
        """The won trick moves towards the seat that took it (to the middle when nobody did)."""
        if not self.motion_on():
            return
        trick_area = self.query_one(TrickArea)
        if not trick_area.display:
            return
        self.motion.finish()
        to = self.seat_region(winner) if winner is not None else trick_area.region
        cards = [(self.moving_faces[position], card.region) for position, card in trick_area.cards.items()
                 if position in self.moving_faces and not card.empty and card.region]  # fmt: skip
        if not to or not cards:
            return
        moves = [Move(face, region, Region(*centred(region.size, to), *region.size)) for face, region in cards]
        self.start_motion(moves, trick_area.cards["bottom"].large)

    def start_motion(self, moves: list[Move], large: bool) -> None:
        self.motion_for = (self.bottom, self.viewer)
        self.motion.start(moves, large)

    def motion_faces(self, trick_area: TrickArea, moving: dict[str, Face]) -> None:
        """A card on its way shows what its place would show now; a place emptied meanwhile ends the motion."""
        for position in trick_area.held:
            face = moving.get(position)
            if face is None:
                self.end_motion()
                return
            self.motion.show_face(0, face)  # one card arrives at a time

    def end_motion(self) -> None:
        """Every card in motion lands now (a key, a click, a resize, a screen over the table)."""
        self.motion.finish()

    def get_widget_at(self, x: int, y: int) -> tuple[Widget, Region]:
        # A click goes through a card in motion to what lies under it: the card in the hand the person aims at.
        for widget, region in self.get_widgets_at(x, y):
            if not self.motion.is_flyer(widget):
                return widget, region
        return super().get_widget_at(x, y)

    def refresh_hand(self, view: V, held: int) -> None:
        hand = self.query_one(HandView)
        if self.viewer is None:
            hand.show([], None, large=self.large_cards())
            name = self.names[self.bottom]
            hand.show_title(f"{name}: {held} card{'s' if held != 1 else ''}, face down")
            return
        cards = [
            self.face(view, card, key=key) if card is not None else Face(key, "", "", "", back=True)
            for key, card in self.parts.hand_entries(view)
        ]
        legal: set[int] | None = None
        if self.waiting is not None and self.waiting.seat == self.viewer and not self.waiting.offered:
            legal = self.parts.legal_keys(view) or None  # a bid or a call: no card is marked unplayable
        # Large cards in the hand as long as they fit, fanned if they must (Tarot's 24 do from 101 columns).
        width = self.app.size.width
        large = self.large_cards() and fits_large(len(cards), width)
        hand.show(cards, legal, large=large, row=18 if self.roomy()[0] else 12, width=width)
        hand.show_title(self.names[self.viewer] + (" (dealer)" if view.dealer == self.viewer else ""))

    def refresh_info(self, view: V, private: bool) -> None:
        info = self.query_one("#info", Static)
        width = info.size.width
        lines = [self.parts.heading(view)]
        lines.extend(after_its_label(line, width) for line in self.parts.info_lines(view, self.names, private))
        # Once the hand is scored the match's score is the score (a finished Argentino hand's own count leaves its
        # truco points out), as the brief hand end's line and the score sheet say.
        now = self.parts.scores_now(view) if self.match.current is not None else None
        scored = [(seats, now[seats[0]] if now is not None else score) for seats, score in self.sides_and_scores()]
        packed = len(scored) > 2 and not self.roomy()[1] and width > 2
        info.set_class(packed, "packed")
        if packed:
            # Three to five Tarot players below 40 lines (their hand may take two rows): the scores two to a line
            # after their heading, with no blank line above or below, leave the log room for its last lines.
            by_seat: list[Number] = [0] * self.match.players
            for seats, score in scored:
                for seat in seats:
                    by_seat[seat] = score
            lines.extend(score_lines(self.rules, self.names, by_seat, width, lead="Score: ", indent="  "))
            scored = []
        else:
            lines.extend(("", "Score"))
        for side_seats, score in scored:
            standing = self.parts.standing(view, score)
            line = f"  {self.side_name(side_seats, width - len(f'  : {score}'))}: {score}"
            if not standing:
                lines.append(line)
            elif cell_len(f"{line} ({standing})") <= width or width <= 0:
                lines.append(f"{line} ({standing})")
            elif cell_len(f"{line}, {standing}") <= width:
                lines.append(f"{line}, {standing}")  # one row per side keeps a call dialog clear of the score
            else:
                lines.extend((line, f"    ({standing})"))  # its own line rather than a word wrapped alone
        pts = self.parts.hand_points(view)
        if pts is not None:
            lines.append("This hand")
            for side_seats, _ in self.sides_and_scores():
                points = pts[side_seats[0]]
                lines.append(f"  {self.side_name(side_seats, width - len(f'  : {points}'))}: {points}")
        text = "\n".join(lines)
        # The panel is as tall as its lines once wrapped, and a change of height lays the whole table out again
        # and repaints it (a line such as Truco's "Tricks played" comes and goes within a hand). So within a
        # hand the panel keeps the tallest height it has had, blank lines below, and grows only when it must.
        hand = len(self.match.hands)
        rows = len(Content(text).wrap(width)) if width > 0 else 0
        shown_hand, shown_rows = self.info_rows
        if width > 0 and shown_hand == hand and rows < shown_rows:
            text += "\n" * (shown_rows - rows)
            rows = shown_rows
        if text == self.info_text:
            return
        self.info_text = text
        info.update(text, layout=width <= 0 or rows != shown_rows)
        self.info_rows = (hand, rows)

    def side_name(self, seats: list[int], width: int | None = None) -> str:
        """A side as the table names it; within ``width`` where the side panel gives only that much."""
        return side_name(self.names, seats, width if width is None or width > 0 else None)

    def sides_and_scores(self) -> list[tuple[list[int], Any]]:
        return [(seats, self.match.scores[seats[0]]) for seats in sides(self.rules, self.match.players)]

    def refresh_prompt(self) -> None:
        state = self.match.current
        refused = bool(self.message)
        if refused:
            text = f"✗ {self.message}"
        elif self.between_hands:
            go_on = self.key("play" if self.humans else "faster")  # watching the computers, Enter is not bound
            text = f"Next hand in a moment  ({self.key('scores')}: score sheet; {go_on}: deal now)"
        elif state is None:
            text = ""
        elif self.waiting is not None and self.view is not None:
            text = self.turn_prompt(self.view)
        elif state.to_act is not None:
            drawn = self.drawn_view()
            waiting = self.parts.waiting_text(drawn[0], self.names) if drawn is not None else None
            name = self.names[state.to_act]
            waiting = waiting or f"Waiting for {'you' if name.lower() == 'you' else name}…"
            text = f"{waiting}  ({self.key('faster')}: faster)"
        else:
            text = ""
        prompt = self.prompt_line
        width = prompt.content_region.width if prompt.is_attached else 0
        if text != self.prompt_text or width != self.prompt_width:
            self.prompt_text, self.prompt_width = text, width
            # The prompt has a fixed height of two lines.
            prompt.update(keys_below(text, width), layout=False)
            prompt.set_class(refused, "refused")

    def turn_prompt(self, view: V) -> str:
        """What the person to act is asked, and the keys that answer it (after the player's keymap)."""
        text = self.parts.phase_prompt(view, self.names)
        actions = view.legal_actions()
        if not any(a.verb == PLAY_VERB for a in actions) or (self.waiting is not None and self.waiting.offered):
            return text
        keys = [f"{self.key('play')} plays it"]
        if self.parts.face_down_allowed(view):
            keys.append(f"{self.key('face-down')}: face down")
        keys.extend(f"{self.key(k)}: {self.parts.call_key_label(view, k)}" for k in self.call_keys_now(view))
        unkeyed = self.unkeyed_calls(view)
        if unkeyed:
            keys.append(f"{self.key('calls')}: {self.parts.calls_hint(view, unkeyed)}")
        return f"{text}  ({'; '.join(keys)})"

    def call_keys_now(self, view: V) -> list[str]:
        """The call keys (binding ids) that make a call on this turn: the prompt and the footer offer them."""
        return [key for key in CALL_KEYS if self.parts.call_key_actions(view, key)]

    def unkeyed_calls(self, view: V) -> list[Action]:
        """The calls open now that no call key of their own makes: the calls key offers those."""
        keyed = {a for key in CALL_KEYS for a in self.parts.call_key_actions(view, key)}
        return [a for a in self.open_calls(view) if a not in keyed]

    def calls_all_keyed(self) -> bool:
        """Whether the call keys (Truco's v and e) make every call open now: the footer then names those keys
        and not the calls key, which still opens the list of every call."""
        keyed = any(self.key_calls(key) for key in CALL_KEYS)
        return keyed and self.view is not None and not self.unkeyed_calls(self.view)

    def call_binding(self, view: V, action: Action) -> str:
        """The binding that makes a call, the one the prompt, the footer and the hint name: the call's own call
        key, or else the calls key."""
        return next((key for key in CALL_KEYS if action in self.parts.call_key_actions(view, key)), "calls")

    def refresh_footer(self) -> None:
        """Grey out the keys that do nothing now.

        The footer rebuilds itself whole on every change, and a turn passes through several states in a
        fraction of a second when the computers play fast: look again a moment later and redraw only if the
        keys' state really changed.
        """
        if self.footer_timer is None:
            self.footer_timer = self.set_timer(0.2, self._settle_footer)

    def keys_state(self) -> tuple[object, ...]:
        """Each key the footer would show, as it would name it (a call key's name changes with the stake)."""
        return tuple((a.binding.id, a.binding.description, a.enabled) for a in self.active_bindings.values())

    def _settle_footer(self) -> None:
        self.footer_timer = None
        state = self.keys_state()
        if state != self.bindings_state:
            self.bindings_state = state
            self.refresh_bindings()

    async def keys_with_prompt(self) -> None:
        """The footer's keys for the person's turn now, not a moment later: they stay as they are until the
        person acts, so nothing is gained by waiting, and the prompt that names them is on screen already."""
        if self.footer_timer is not None:
            self.footer_timer.stop()
            self.footer_timer = None
        state = self.keys_state()
        if state != self.bindings_state:
            self.bindings_state = state
            await self.query_one(KeysFooter).show_keys_now(self)

    def say(self, text: str, wrap: bool = False) -> None:
        """Show the table's notice (the last one goes: one at a time); "" clears it.  A notice that may ``wrap``
        (a hint and its reason) takes the lines it needs of those the trick leaves; what finds no room there (its
        figures) the hint key shows next.  Any other keeps to one line, two for a long announcement.  It goes
        when the turn moves on (``announce`` shows one that stays)."""
        self.notice_lasts = False
        self.notice_asked = (text, wrap)
        self.lay_out_notice()

    def notice_room(self) -> int:
        """The lines a hint may take: the felt's height less the seats above, the trick's least and the prompt."""
        # The row of seats above is a plain container, which Textual leaves out of its layout's map (so its size is
        # never set): its height is the stylesheet's.
        top = self.query_one("#top-row").styles.height
        taken = (top.cells or 0 if top is not None else 0) + self.prompt_line.outer_size.height
        return self.query_one("#felt").size.height - taken - TRICK_LEAST[self.large_cards()]

    def lay_out_notice(self) -> None:
        """The notice asked for, fitted to the room it has now (again after a resize)."""
        text, wrap = self.notice_asked
        self.notice_rest = ""
        notice = self.notice_line
        if wrap and notice.is_attached:
            text, self.notice_rest = fitted(text, notice.content_region.width, self.notice_room(), self.key("hint"))
        if text != self.notice_text:
            if notice.is_attached:
                width = notice.content_region.width
                wrapped = notice.has_class("-wrapped")
                notice.set_class(wrap, "-wrapped")
                # Lay the screen out again only when the notice's height may change.
                longer = (cell_len(text) > width) != (cell_len(self.notice_text) > width)
                notice.update(text, layout=wrap or wrapped or longer)
            self.notice_text = text

    def announce(self, text: str) -> None:
        """A notice for everyone at the table that stays while the computers play on, until the person at
        the keyboard acts, a newer announcement replaces it or the trick after it ends."""
        self.say(text)
        self.notice_lasts = bool(text)
        self.tricks_since_announced = 0

    @property
    def logged(self) -> list[str]:
        """Every line of the log so far."""
        return self.table_log.texts

    def log_line(self, text: str) -> None:
        # Not ``is_mounted``: that is only true once ``on_mount`` is over, and the log starts there.
        if self.table_log.is_attached:
            self.table_log.add(text)

    # ------------------------------------------------------------------ keys
    def my_card_turn(self) -> bool:
        return (self.waiting is not None and self.view is not None and not self.waiting.offered
                and bool(self.parts.legal_keys(self.view)))  # fmt: skip

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # False, not None: a key that does nothing now leaves the footer rather than showing there greyed out.
        if action in ("move", "pick", "hint"):
            return self.my_card_turn()
        if action == "face_down":
            view = self.view
            return self.my_card_turn() and view is not None and self.parts.face_down_allowed(view)
        if action == "play":
            return bool(self.humans)  # watching the computers, nobody plays (Enter hurries them, as f does)
        if action == "calls":
            return bool(self.humans)  # watching the computers, nobody calls
        if action == "call_key":
            return bool(self.humans) and bool(self.key_calls(str(parameters[0])))
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
        self.played_from = hand.cards[position].region
        self.submit(self.parts.play_entry(self.view, hand.cards[position].index, face_down=face_down))

    def action_face_down(self) -> None:
        if self.my_card_turn() and self.view is not None and self.parts.face_down_allowed(self.view):
            self.play_position(self.query_one(HandView).cursor, face_down=True)

    async def action_calls(self) -> None:
        extra = self.calls_open_now()
        if extra:
            self.run_worker(self._ask_calls(extra), group="dialog", exclusive=True)
        elif self.waiting is None:
            self.say("Nothing to call now: it is not your turn.")
        else:
            self.say("Nothing to call now.")

    def calls_open_now(self) -> list[Action]:
        """The calls the calls key offers now: none unless the person at the keyboard is to decide."""
        return [] if self.waiting is None or self.view is None else self.open_calls(self.view)

    def open_calls(self, view: V) -> list[Action]:
        """The decisions other than a card open to the seat now (the calls key offers them)."""
        return [a for a in view.legal_actions() if a.verb != PLAY_VERB]

    def key_calls(self, key: str) -> list[Action]:
        """The calls the call key ``key`` makes on this turn (none while an offer waits for its answer)."""
        if self.waiting is None or self.view is None or self.waiting.offered:
            return []
        return self.parts.call_key_actions(self.view, key)

    def action_call_key(self, key: str) -> None:
        """One kind of call by its own key: made at once when it is the only one, else chosen in a dialog."""
        calls = self.key_calls(key)
        if len(calls) == 1:
            self.submit(calls[0])
        elif calls:
            self.run_worker(self._ask_calls(calls), group="dialog", exclusive=True)

    async def _ask_calls(self, extra: list[Action]) -> None:
        if self.view is None:
            return
        answer = await self.parts.ask_calls(self, self.view, extra)
        if answer is not None:
            self.submit(answer)

    def decision_pending(self) -> bool:
        """Whether the person at the keyboard has a decision to make now (the hint key works)."""
        return self.waiting is not None and self.view is not None and self.waiting.seat == self.viewer

    def hint_for(self, view: V, offered: list[Action] | None) -> Hint:
        """The hint for the person's decision in ``view`` (one of the calls ``offered`` out of turn, or none):
        what ``replay --hint`` says for the same record, the level's choice and why, seeing only the view; a bluff
        only when the settings allow hints to suggest one."""
        return advise(self.rules, self.parts.words, view, self.names, offered, bluffs=self.settings.hint_bluffs)

    def hint_sentence(self, hint: Hint, after: str = "") -> str:
        """The notice for a hint: "Hint: play 10♥. It wins the trick — …"; ``after`` follows the advice."""
        advice = self.parts.hint_text(hint.action, self.view) if hint.action is not None else "no, thanks."
        return f"Hint: {advice}{after}" + (f" {hint.reason}" if hint.reason else "")

    def action_hint(self) -> None:
        """The hint for whatever the person decides now: a card, a bid, a call, the écart, an answer.

        The level that hints may search, so it thinks in a thread while the table goes on drawing; a hint that
        takes a moment says it is being worked out.
        """
        player, view = self.waiting, self.view
        if player is None or view is None or not self.decision_pending():
            self.say("Nothing to hint: it is not your decision.")
            return
        if self.notice_rest:  # the end of the hint shown, which the notice had no room for
            self.say(self.notice_rest, wrap=True)
            return
        if self.hinting:
            return  # the hint asked for is still being worked out
        self.hinting = True
        self.run_worker(self.work_out_hint(player, view), group="hint")

    async def work_out_hint(self, player: HumanPlayer[V], view: V) -> None:
        offered = list(player.offered) if player.offered else None
        dialog = self.app.screen
        shown_wait = self.set_timer(HINT_WAIT_SHOWN, lambda: self.show_hint_waiting(dialog))
        try:
            hint = await asyncio.to_thread(self.hint_for, view, offered)
        finally:
            shown_wait.stop()
            self.hinting = False
        if self.waiting is not player or self.view is not view or not self.decision_pending():
            return  # the decision was made meanwhile: the hint is out of date
        self.hints += 1
        self.autosave()  # the count of hints is part of the record
        self.show_hint(hint, view)

    def show_hint_waiting(self, dialog: Screen[Any]) -> None:
        text = "Hint: working it out…"
        if dialog is not self and isinstance(dialog, HintedDialog) and dialog is self.app.screen:
            dialog.show_hint(text)
        else:
            self.say(text)

    def show_hint(self, hint: Hint, view: V) -> None:
        """Show ``hint``: in a dialog it points at its answer, so that Enter takes it; at the table a card is chosen
        under the cursor, and a call is named with the key that makes it."""
        action = hint.action
        self.standing_hint = (view, hint)
        dialog = self.app.screen
        if dialog is not self and isinstance(dialog, HintedDialog):
            self.show_hint_in(dialog, hint, view)
            return
        if action is None or action.verb != PLAY_VERB:
            key = f" (key {self.key(self.call_binding(view, action))})" if action is not None else ""
            advice = f"{self.parts.words.advice(action, view)}{key}." if action is not None else "no, thanks."
            self.say(f"Hint: {advice}" + (f" {hint.reason}" if hint.reason else ""), wrap=True)
            return
        position = self.point_at_card(view, action)
        hand = self.query_one(HandView)
        if position is not None and (face := hand.cards[position].face) is not None and face.back:
            # A blind card: its holder may not know it.
            self.say(f"Hint: play card {position + 1}." + (f" {hint.reason}" if hint.reason else ""), wrap=True)
            return
        self.say(self.hint_sentence(hint), wrap=True)

    def show_hint_in(self, dialog: HintedDialog[Any], hint: Hint, view: V) -> None:
        """Show ``hint`` in ``dialog``: it points at the advised answer, so that Enter takes it."""
        action = hint.action
        if self.offer_open is not None and action not in self.offer_open:
            action = None  # the advice is a card: "No, thanks" to the calls offered first
            hint = Hint(None, hint.reason, hint.findings)
        cards = self.cards_of(view, action) if action is not None else frozenset()
        pointed = dialog.point_at(action, cards)
        after = "  (Enter takes it)" if pointed else ""
        if not pointed and action is not None and action.verb == PLAY_VERB and dialog.check_action("cancel", ()):
            self.point_at_card(view, action)
            after = "  (Esc, then Enter plays it)"  # a call dialog, and the advice is the card under the cursor
        dialog.show_hint(self.hint_sentence(hint, after))

    def point_at_hint(self, dialog: HintedDialog[Any]) -> bool:
        """Point a dialog just opened at the hint already given for this decision (asked at the table before the
        calls key opened the talk menu, say); whether there was one."""
        if self.standing_hint is None or not self.decision_pending():
            return False
        view, hint = self.standing_hint
        if view is not self.view:
            return False  # given for a decision since made
        self.show_hint_in(dialog, hint, view)
        return True

    def point_at_card(self, view: V, action: Action) -> int | None:
        """Put the hand's cursor on the card ``action`` plays; its position, or None."""
        hand = self.query_one(HandView)
        for position, card in enumerate(hand.cards):
            if self.parts.play_entry(view, card.index) == action:
                hand.cursor = position
                return position
        return None

    def cards_of(self, view: V, action: Action) -> frozenset[int]:
        """The cards an action names (an écart, the trumps shown), as deck indexes."""
        named = action.value if isinstance(action.value, tuple) else action.get("cards", ())
        index = {code: card for card, code in enumerate(view.deck.codes)}
        return frozenset(index[code] for code in named if isinstance(code, str) and code in index)

    # ------------------------------------------------------------------ undo
    def undo_offered(self) -> bool:
        """Whether this table takes decisions back at all: one person, every other seat a computer."""
        return self.undoes

    def can_undo(self) -> bool:
        """Whether the undo key takes something back now (the footer shows it only then)."""
        return self.undoes and not self.match.over and last_decision(self.match, self.humans) is not None

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        # What the footer shows; the keys themselves are the binding chain's. The undo key stays bound when
        # there is nothing to undo, so that it says so; the calls key stays bound beside the call keys that
        # make every call (Truco's v and e), so that the footer names one key for each call.
        bindings = shown_bindings(super().active_bindings, self.can_undo())
        unshown = self.keys_left_out()
        bindings = {key: self.named_for_now(active) for key, active in bindings.items()
                    if active.binding.id not in unshown}  # fmt: skip
        crowded = keys_without_room(bindings, self.app.size.width, FOOTER_GIVES_WAY, self.app.get_key_display)
        return {key: active for key, active in bindings.items() if active.binding.id not in crowded}

    def keys_left_out(self) -> set[str]:
        """The bindings the footer leaves out for now, though they stay bound (pressing one says why it does
        nothing): the calls key with no call open (or with every call on a key of its own), the last-trick key
        before the hand's first trick is over, and below the roomy width the rules key, which the keys screen
        and the palette list, so that the keys of the hand and Quit keep to one row of 80 columns."""
        unshown = set()
        if not self.roomy()[0]:
            unshown.add("rules")
        if not self.calls_open_now() or self.calls_all_keyed():
            unshown.add("calls")
        if self.seen_trick() is None:
            unshown.add("last-trick")
        return unshown

    def named_for_now(self, active: ActiveBinding) -> ActiveBinding:
        """A call key as the footer names it: by the call it makes now ("Seis" once truco is accepted), as the
        prompt does, rather than by its first call."""
        key = active.binding.id
        if key not in CALL_KEYS or self.view is None or not self.key_calls(key):
            return active
        label = self.parts.call_key_label(self.view, key).split(" (")[0].capitalize()
        return active._replace(binding=dataclasses.replace(active.binding, description=label))

    def undo_refusal(self) -> str | None:
        """Why the undo key takes nothing back now, or None when it does."""
        if not self.humans:
            return "Nothing to undo: you are watching the computers."
        if self.hot_seat:
            return "Undo is only for you alone against computers."
        if self.match.over:
            return "Nothing to undo: the match is finished."
        if last_decision(self.match, self.humans) is None:
            return "Nothing to undo yet: no decision of yours so far."
        return None

    def action_undo(self) -> None:
        """Take back the person's last decision and all the computers did after it; the match goes on from there.

        Whatever the table was doing stops first: a computer thinking (its answer, when it comes, is dropped),
        a pause, a dialog asking a decision, the score sheet between two hands.
        """
        refusal = self.undo_refusal()
        # A card played by itself was no decision: going back to it would see it played again at once.
        passed_over = self.played_by_itself if self.settings.play_forced_cards else None
        taken = take_back(self.match, self.humans, passed_over) if refusal is None else None
        if taken is None:
            self.tell(refusal or "Nothing to undo.")
            return
        self.stop_play()
        self.undos += 1
        self.go_back_to(taken)
        self.autosave()  # the save is the match as it stands now, and counts the undo
        self.run_match()  # with new computer players, which see only their views of the match gone back to

    def played_by_itself(self, place: Place) -> bool:
        """Whether the action at ``place`` was the only thing its seat could do, a card the table plays by itself."""
        state = self.match.up_to(place.hand, place.index).current
        return state is not None and forced_card(state.legal_actions())

    def stop_computers(self) -> None:
        """Stop the match's run where it waits (the table is closing: nothing more is played on it)."""
        self.workers.cancel_group(self, "game")

    def stop_play(self) -> None:
        """Stop the match's run where it waits, and close the dialogs it had opened over the table."""
        self.stop_computers()
        self.workers.cancel_group(self, "dialog")
        while self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()

    def go_back_to(self, taken: TakenBack) -> None:
        """Show the match taken back: the hand as it was before the decision, the log and score sheet without
        what was undone."""
        self.match = taken.match
        self.waiting = None
        self.view = None
        self.message = ""
        self.offer_open = None
        self.match_result = None
        del self.history[taken.place.hand + 1 :]  # the scores at the start, then after each hand still scored
        # The calls offered before a card come again when the undone decision was one of them.
        number = taken.place.hand + 1
        again = taken.decision.verb != PLAY_VERB
        self.offered = {(n, seat) for n, seat in self.offered if n < number or (n == number and not again)}
        state = self.match.current
        seen = self.parts.seat_view(state, self.bottom) if state is not None else None
        said = self.parts.describe_action(taken.decision, self.names, view=seen)
        self.clear_log()
        self.log_line(f"{self.parts.game_title()}: {', '.join(self.names)}.")
        self.log_hand_so_far()
        later = taken.actions - 1
        after = {0: "", 1: " (and the action after it)"}.get(later, f" (and the {later} actions after it)")
        # The action's sentence ends with its full stop: the count of what went with it goes before that.
        self.log_line(f"— Undone: {said.removesuffix('.')}{after}." if after else f"— Undone: {said}")
        # One line above the prompt (52 columns at 80 x 24): the log says how much went.
        self.say(f"Undone (hand {number}): {said}" if taken.hands else f"Undone: {said}")
        self.refresh_table()

    def tell(self, text: str) -> None:
        """A notice, shown on a dialog asking a decision too when one is open over the table."""
        self.say(text)
        dialog = self.app.screen
        if dialog is not self and isinstance(dialog, HintedDialog):
            dialog.show_hint(text)

    def action_skip_wait(self) -> None:
        self.skip.set()

    def action_speed(self, step: int) -> None:
        speeds = list(Settings.SPEEDS)
        index = speeds.index(self.settings.speed) if self.settings.speed in speeds else 1
        self.settings.speed = speeds[max(0, min(len(speeds) - 1, index + step))]
        self.host.save_settings()
        self.say(f"Computer speed: {self.settings.speed}.")

    def action_last_trick(self) -> None:
        seen = self.seen_trick()
        if seen is None:
            self.say("No trick has been played yet in this hand.")
            return
        from cardtable.tui.dialogs.message import NoticeDialog

        self.app.push_screen(NoticeDialog("Last trick", "\n".join(self.last_trick_lines(seen, self.parts.card_name))))

    def last_trick_lines(self, seen: SeenTrick, card_text: Callable[[str], str]) -> list[str]:
        """Who played what in the last trick, who won it and what it was worth (cards by ``card_text``)."""
        codes = self.match.deck.codes
        lines = []
        width = max(len(name) for name in self.names)
        for k, card in enumerate(seen.cards):
            seat = (seen.leader + k) % self.match.players
            if card is None:
                said = "a card face down"
            else:
                said = card_text(codes[card]) + (" (face down)" if seat in seen.face_down else "")
            lines.append(f"{self.names[seat]:>{width}}: {said}" + ("  (led)" if k == 0 else ""))
        winner = self.names[seen.winner] if seen.winner is not None else "Nobody"
        worth = f", {counted(seen.points, 'point')}" if seen.points is not None else ""
        lines.append(f"{winner} won it{worth}.")
        return lines

    def refresh_last_trick(self) -> None:
        """The side panel's last trick, on a roomy terminal (a smaller one shows it on the key)."""
        panel = self.query_one("#last-trick", Static)
        seen = self.seen_trick() if all(self.roomy()) else None
        text = "" if seen is None else "\n".join(["Last trick", *self.last_trick_lines(seen, self.parts.words.glyph)])
        if text != self.last_trick_text:
            # The panel is as tall as its lines: a trick that takes as many, none wrapped, only repaints (laying
            # the screen out again was most of what the card that ends a trick cost to show on a roomy table).
            width = panel.content_region.width
            same_height = (
                bool(text) == bool(self.last_trick_text)
                and text.count("\n") == self.last_trick_text.count("\n")
                and all(cell_len(line) <= width for line in text.split("\n"))
            )
            self.last_trick_text = text
            panel.update(text, layout=not same_height)

    def action_score_sheet(self) -> None:
        if self.between_hands:  # the match opens the sheet, and deals the next hand once it is closed
            self.sheet_asked = True
            self.skip.set()
            return
        self.run_worker(self.show_score_sheet(final=False, on_demand=True), group="dialog", exclusive=True)

    def action_rules(self) -> None:
        from cardtable.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.config.game))

    def action_help(self) -> None:
        self.host.show_keys()

    def action_next_theme(self) -> None:
        self.say(self.host.next_theme())

    def action_settings(self) -> None:
        self.host.open_settings()

    # ------------------------------------------------------------------ end of hand and match
    async def show_score_sheet(self, final: bool, on_demand: bool = False) -> None:
        from cardtable.tui.screens.score_sheet import ScoreSheetScreen

        # The last hand scored: the one in play, or the one before it (every hand before that one is complete).
        last = next((h.state for h in reversed(self.match.hands[-2:]) if h.state.complete), None)
        drawn = self.drawn_view()
        sides = self.sides_and_scores()
        history = list(self.history)
        # Points that count at once (Malilla's turned card) are in the side panel's score from the deal: the
        # sheet opened during the hand shows them too, as the hand in play's row, so the two never disagree.
        now = self.parts.scores_now(drawn[0]) if drawn is not None and self.match.current is not None else None
        so_far: str | None = None
        if on_demand and now is not None and any(now[seats[0]] != score for seats, score in sides):
            so_far = f"{len(history)} so far"
            history.append(list(now))
            sides = [(seats, now[seats[0]]) for seats, _ in sides]
        if last is None and so_far is None and on_demand:
            self.say("No hand has been scored yet.")
            return
        explanation = last.explain(self.names) if last is not None else []
        for seats, score in sides:
            standing = self.parts.standing(drawn[0], score) if drawn is not None else ""
            if standing:
                explanation.append(f"{self.side_name(seats)}: {counted(score, 'point')} ({standing}).")
        sheet = ScoreSheetScreen(self.parts.game_title(), self.side_name, sides, history, explanation, final=final,
                                 in_play_label=so_far, heading="Last hand" if last is not None else "Now")  # fmt: skip
        await self.app.push_screen_wait(sheet)

    def brief_hand_end(self) -> bool:
        """Whether the hand just scored ends with a line and play goes on: a game of short hands with the setting
        on, and the match not over (its last hand shows the whole sheet)."""
        return self.parts.brief_hand_ends and self.settings.brief_hand_ends and not self.match.over

    async def show_hand_result(self, event: HandScored) -> None:
        """The hand's result in a line, logged and shown for a moment (the play key deals at once); the score
        sheet key opens the sheet of the hand, and the next deal waits for it to close."""
        sides = self.sides_and_scores()
        line = self.parts.hand_result_line(
            [(self.side_name(seats), event.score_delta[seats[0]], score) for seats, score in sides]
        )
        self.log_line(line)
        self.announce(line)
        self.result_on_notice = True
        self.between_hands = True
        self.sheet_asked = False
        self.refresh_prompt()
        self.refresh_footer()
        try:
            await wait_or_skip(self.skip, self.settings.pause * BRIEF_HAND_END_PAUSES)
        finally:
            self.between_hands = False
        self.refresh_prompt()
        if self.sheet_asked:
            await self.show_score_sheet(final=False)

    async def match_over(self, event: MatchOver) -> None:
        if event.winner:
            winners = " & ".join(self.names[s] for s in event.winner)
            special = f" ({event.special})" if event.special else ""
            text = f"{winners} win{'s' if len(event.winner) == 1 else ''} the match{special}!"
        else:
            text = "The match was abandoned."
        self.log_line(text)
        self.match_result = text
        choice = await self.app.push_screen_wait(
            ChoiceDialog(text, [("Play again", Next.AGAIN), ("New game", Next.NEW), ("Quit", Next.QUIT)])
        )
        # What follows starts from the app's own queue, not from this worker: a task started here (the next
        # table's message pump, the new-game form's worker) copies the worker's context, where Textual notes the
        # worker and the message pump running it, this table, and would keep it alive as long as itself.
        self.app.call_later(self.host.after_match, self.config, choice)
