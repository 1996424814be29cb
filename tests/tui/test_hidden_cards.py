"""No screen ever shows a card its seat may not know: hot-seat matches of every game and player count.

Each match opens from a record near an interesting phase (the bidding, the redeal call, a mão de onze, a
mão de ferro, the last tricks) and is played from the keyboard to its end.  At every human decision the
table is searched for every card that seat may not know (``tests.tui.hidden``), and so are the screens
that seat can open then: the last trick, the score sheet, the hint, the calls and each dialog of the turn.
Between two people's turns, and on the hand-over screen, nothing but what is public may show.  The table
must also hand the keyboard over before every turn that follows another person's, and turn with it.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

import pytest
from textual.pilot import Pilot

from cardtable.engine.game import Action
from cardtable.engine.loop import deal_rng, resume_match
from cardtable.engine.match import Match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.saves import SeatConfig, TableConfig
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.message import HandOverScreen, NoticeDialog
from cardtable.tui.games import parts_for
from cardtable.tui.games.manille.bid import BidDialog
from cardtable.tui.games.manille.talk import TalkDialog
from cardtable.tui.games.manille.trump_choice import TrumpChoiceDialog
from cardtable.tui.games.tarot.pick_cards import PickCardsDialog
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import POSITIONS, TableScreen
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.seat import SeatPanel
from cardtable.tui.widgets.trick import TrickArea
from tests.tui.driver import hint_worked_out, pick_cards, settle
from tests.tui.hidden import leaks, mentions, screen_texts, secret_cards, secret_phrases

NAMES = ["Ana", "Bea", "Cy", "Dee", "Eli", "Fay"]


def hidden(seat: int, card: str) -> Action:
    return Action(seat, "play", card, (("hidden", True),))


@dataclass
class Scenario:
    """A match to open at a table, as a record resumed from a seeded deal, and who sits where.

    The record holds ``hands_before`` hands played at random, then the ``scripted`` actions of the next, then
    random ones until ``left`` cards are still in the hands.
    The quick battery plays ``quick`` decisions of its people (to the match's end when None; 0: not at all),
    and must open at least the screens named in ``opens`` on the way.
    """

    game: str
    players: int
    humans: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)
    start_scores: list[int | float] | None = None
    seed: int = 1
    first_dealer: int = 0
    scripted: list[Action] = field(default_factory=list)
    left: int | None = None
    hands_before: int = 0
    quick: int | None = 2
    opens: frozenset[str] = frozenset()
    #: A record to open instead of a dealt one.
    record: dict[str, Any] | None = None

    def match(self) -> Match:
        rules = find_game(self.game)
        if self.record is not None:
            return resume_match(parse_record(self.record, find_game))
        match = Match(rules, rules.parse_options(self.options, self.players), self.players, self.start_scores)
        rng = random.Random(self.seed)
        for number in range(self.hands_before):
            state = match.deal_new_hand(deal_rng(self.seed, number), self.first_dealer)
            while not state.complete:
                match.apply(rng.choice(state.legal_actions()))
        hand: Any = match.deal_new_hand(deal_rng(self.seed, self.hands_before), self.first_dealer)
        for action in self.scripted:
            match.apply(action)
        while self.left is not None and not hand.complete and sum(h.bit_count() for h in hand.hands) > self.left:
            match.apply(rng.choice(hand.legal_actions()))
        return resume_match(parse_record(match.to_record(), find_game))  # a record, resumed as a save is

    def config(self) -> TableConfig:
        seats = [SeatConfig(NAMES[s], "human" if s in self.humans else "random") for s in range(self.players)]
        return TableConfig(self.game, self.players, seats, self.options, self.seed, self.first_dealer)


def malilla_redeal_record() -> dict[str, Any]:
    """Seat 2 (Cy) holds seven spades and may ask for a redeal before the first lead; Ana is the partner."""
    hands = [["KH", "7D", "AD", "KD", "ND", "7C", "AC", "KC", "4S", "3S"],
             ["JD", "6D", "5D", "4D", "3D", "AH", "NH", "JH", "NC", "JC"],
             ["7S", "AS", "KS", "NS", "JS", "6S", "5S", "2D", "2C", "2H"],
             ["7H", "6H", "5H", "4H", "3H", "6C", "5C", "4C", "3C", "2S"]]  # fmt: skip
    return {"format": "cardtable-record/1", "game": "malilla", "players": 4, "options": {"target": 35},
            "start_scores": [30, 30, 30, 30], "hands": [{"dealer": 0, "deal": {"hands": hands, "turned": "KH"},
                                                          "actions": []}]}  # fmt: skip


#: Ana wins the first trick, then leads the second face down; Bea wins it and leads the third.
FACE_DOWN_LEAD = [Action(1, "play", "6S"), Action(0, "play", "3C"), hidden(0, "2S"), Action(1, "play", "KH")]
PASS = "bid", "pass"
ARGENTINO = {"variant": "argentino"}
#: What the quick battery must open in a scenario (each kind of screen once a scenario).
HINT = frozenset({"hint"})
LAST_TRICK_FACE_DOWN = frozenset({"the last trick", "hint", "face down"})
#: The last trick of a match: the score sheet and the end.
TO_THE_END = frozenset({"the last trick", "hint", "ScoreSheetScreen"})

SCENARIOS = {
    # Truco: Ana's face-down card in the last trick, seen by Bea in hot-seat, and by Bea alone against Ana.
    "truco-2-face-down": Scenario(
        "truco", 2, (0, 1), {"target": 3}, scripted=FACE_DOWN_LEAD, quick=1, opens=LAST_TRICK_FACE_DOWN
    ),
    "truco-2-solo": Scenario(
        "truco", 2, (1,), {"target": 3}, scripted=FACE_DOWN_LEAD, quick=1, opens=LAST_TRICK_FACE_DOWN
    ),
    # The first turn of a match with two people (a mão de dez later on), Mineiro.
    "truco-2-mineiro": Scenario("truco", 2, (0, 1), {"variant": "mineiro", "target": 4}, seed=3, quick=1, opens=HINT),
    # A mão de onze: the decider (Ana) sees her partner's cards, for her decision only.
    "truco-4-paulista": Scenario("truco", 4, (0, 1), {}, [11, 10, 11, 10], seed=2, first_dealer=3, quick=0),
    # Partners in hot-seat, in the second trick of the second hand: face-down plays, the first hand's score.
    "truco-4-mineiro": Scenario(
        "truco",
        4,
        (0, 2),
        {"variant": "mineiro"},
        seed=3,
        hands_before=1,
        left=8,
        opens=LAST_TRICK_FACE_DOWN | {"the score sheet"},
    ),
    # Six players, a mão de onze where the decider sees both partners' cards.
    "truco-6-paulista": Scenario(
        "truco",
        6,
        (0, 3),
        {},
        [11, 10, 11, 10, 11, 10],
        seed=4,
        first_dealer=5,
        quick=1,
        opens=frozenset({"ChoiceDialog"}),
    ),
    # Six players, a mão de ferro: blind hands, nobody sees his own cards, not even in a hint.
    "truco-6-mineiro": Scenario("truco", 6, (0, 1), {"variant": "mineiro"}, [10] * 6, seed=6, quick=1, opens=HINT),
    # Manille: partners in the last trick of a hand that ends the match; the score sheet; the end.
    "manille-4-partners": Scenario("manille", 4, (0, 2), {}, [97, 97, 97, 97], left=4, quick=None, opens=TO_THE_END),
    # Opponents through the auction and the knock, from the first bid.
    "manille-4-auction": Scenario(
        "manille", 4, (0, 1), {"auction": True, "doubling": True, "target": 1}, seed=9, opens=frozenset({"BidDialog"})
    ),
    "manille-3": Scenario("manille", 3, (0, 1), {"target": 1}, left=3, quick=None, opens=TO_THE_END),
    # Belgian and talking: West passes the choice of trump to Bea, whose cards stay hidden until then; the
    # talk menu (which names the 10s and aces its seat lacks) and what the others said.
    "manille-4-belgian-talk": Scenario(
        "manille",
        4,
        (0, 1),
        {"house": "belgian", "talk": True, "target": 30},
        first_dealer=3,
        scripted=[Action(3, "trump", "pass")],
        quick=3,
        opens=frozenset({"TrumpChoiceDialog", "TalkDialog"}),
    ),
    # Alone against three computers as the Belgian dealer's partner: the hand face down while North chooses
    # (the slow battery; the table tests check the face-down hand at a slow speed).
    "manille-4-belgian-partner": Scenario(
        "manille", 4, (0,), {"house": "belgian", "talk": True, "target": 30}, seed=4, first_dealer=2, quick=0
    ),
    # Malilla: the out-of-turn redeal call and its answer, by two people, and the first card.
    "malilla-4": Scenario(
        "malilla", 4, (0, 2), record=malilla_redeal_record(), quick=3, opens=HINT | {"ChoiceDialog", "refusal"}
    ),
    # Tarot: Ana takes: the chien shown to everyone, her écart, her chelem question.
    "tarot-3": Scenario(
        "tarot",
        3,
        (0, 2),
        {"deals": 1},
        seed=11,
        scripted=[Action(1, *PASS), Action(2, *PASS)],
        quick=3,
        opens=frozenset({"ChoiceDialog", "PickCardsDialog"}),
    ),
    # The last trick of a one-deal match, with the score sheet and the end.
    "tarot-4": Scenario(
        "tarot",
        4,
        (1, 2),
        {"deals": 1},
        seed=12,
        scripted=[Action(1, "bid", "garde")],
        left=4,
        quick=None,
        opens=TO_THE_END,
    ),
    # Five players: Eli and Ana bid, Ana takes and calls a king, whose holder stays secret until it is played.
    "tarot-5": Scenario(
        "tarot",
        5,
        (4, 0),
        {"deals": 1},
        seed=13,
        scripted=[Action(s, *PASS) for s in (1, 2, 3)],
        quick=3,
        opens=frozenset({"ChoiceDialog"}),
    ),
    # Truco Argentino (the mano is Bea, after Ana's deal). Two people: Bea's envido, answered by Ana in a dialog.
    "argentino-2": Scenario(
        "truco",
        2,
        (0, 1),
        ARGENTINO,
        scripted=[Action(1, "call", "envido")],
        quick=2,
        opens=frozenset({"CallDialog", "hint"}),
    ),
    # Partners with the flor, in the second trick: face-down plays, the flor's counts once answered.
    "argentino-4": Scenario(
        "truco", 4, (0, 2), {**ARGENTINO, "flor": True}, seed=5, left=8, quick=2, opens=LAST_TRICK_FACE_DOWN
    ),
    # Six players: Bea calls truco, Cy may put the envido first; Ana and Cy are opponents of Bea.
    "argentino-6": Scenario(
        "truco",
        6,
        (0, 2),
        ARGENTINO,
        seed=6,
        scripted=[Action(1, "call", "truco")],
        quick=3,
        opens=frozenset({"CallDialog", "hint"}),
    ),
    # To 15 from 14 : 14: Ana accepts Bea's envido, which ends the match in the middle of the hand.
    "argentino-2-end": Scenario(
        "truco",
        2,
        (0, 1),
        {**ARGENTINO, "target": 15},
        [14, 14],
        seed=8,
        scripted=[Action(1, "call", "envido")],
        quick=None,
        opens=frozenset({"CallDialog", "ScoreSheetScreen"}),
    ),
    # Whole matches from the first deal, for the slow battery only.
    "manille-4-whole": Scenario("manille", 4, (0, 1), {"target": 1}, seed=21, quick=0),
    "manille-3-whole": Scenario("manille", 3, (0, 1, 2), {"target": 1}, seed=22, quick=0),
    "tarot-4-whole": Scenario("tarot", 4, (0, 2), {"deals": 1}, seed=23, quick=0),
    "truco-6-whole": Scenario("truco", 6, (0, 1, 2), {"target": 3}, seed=24, quick=0),
}


@dataclass
class Run:
    """What the driver saw: the screens searched, the hand-overs, and every leak found."""

    checked: int = 0
    handovers: int = 0
    decisions: int = 0
    opened: set[str] = field(default_factory=set)
    leaks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class Driver:
    """Plays a hot-seat table from the keyboard, searching every screen a person can reach on the way."""

    def __init__(
        self, pilot: Pilot[None], table: TableScreen[Any], scenario: Scenario, opened: set[object] | None
    ) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.table = table
        self.scenario = scenario
        self.run = Run()
        self.log: list[tuple[int, str]] = []
        self.seen: set[object] = set()
        #: The person who had the keyboard last, and whether the hand-over to the next one was shown.
        self.keyboard: int | None = None
        self.handed_to: int | None = None
        self.turns = 0
        #: Thorough (None): open every screen for each person in each hand.  Else each kind of screen once a
        #: game, over all the scenarios that share ``opened`` (but the last trick each time it holds a card
        #: played face down, and the hint at every turn of a blind hand).
        self.thorough = opened is None
        self.opened: set[object] = set() if opened is None else opened
        write = table.log_line

        def logged(text: str) -> None:
            self.log.append((len(table.match.hands), text))
            write(text)

        table.log_line = logged  # type: ignore[method-assign]  # this table's log, read by the search
        start, land = table.motion.start, table.motion._land

        def started(moves: Any, large: bool) -> None:
            start(moves, large)
            table.call_after_refresh(self.search_in_motion)  # once the cards in flight are on screen

        def landing() -> None:
            self.search_in_motion()  # where the cards were last painted, if they ever were
            land()

        table.motion.start = started  # type: ignore[method-assign]  # searched while cards fly
        table.motion._land = landing  # type: ignore[method-assign]  # and as they land

    # ------------------------------------------------------------------ searching
    def at_keyboard(self) -> int | None:
        """The person the screen is for now: the one whose decision it is, or nobody between turns."""
        humans = self.scenario.humans
        if len(humans) == 1:
            return humans[0]
        waiting = self.table.waiting
        return waiting.seat if waiting is not None else None

    def search(self, what: str) -> None:
        table = self.table
        state = table.match.current or table.match.hands[-1].state
        seat = None if isinstance(self.app.screen, HandOverScreen) else self.at_keyboard()
        secret = secret_cards(self.scenario.game, state, seat)
        texts = screen_texts(self.app, table, self.log)
        found = leaks(secret, table.match.deck.codes, texts)
        for phrase in secret_phrases(self.scenario.game, state, seat, NAMES):
            found.extend(f"{phrase!r} in {where}" for where, text in texts if phrase in text)
        who = "nobody" if seat is None else NAMES[seat]
        self.run.leaks.extend(f"{what}, for {who}: {leak}" for leak in found[:3])
        self.run.checked += 1

    def search_in_motion(self) -> None:
        if any(flight.flyer.region for flight in self.table.motion.flights):
            self.search("a card in motion")
            self.run.opened.add("a card in motion")

    async def search_once(self) -> None:
        hand = self.table.match.hands[-1]
        key = (type(self.app.screen).__name__, len(self.table.match.hands), len(hand.actions), self.at_keyboard())
        if key not in self.seen:
            self.seen.add(key)
            self.search(type(self.app.screen).__name__)

    # ------------------------------------------------------------------ a person's decision
    def decision(self, seat: int) -> None:
        """A person is asked something: the keyboard must have been handed over, and the table turned."""
        table = self.table
        if len(self.scenario.humans) > 1 and seat != self.keyboard and self.handed_to != seat:
            before = "the start" if self.keyboard is None else NAMES[self.keyboard]
            self.run.problems.append(f"{NAMES[seat]}'s turn came without a hand-over since {before}")
        if table.bottom != seat:
            self.run.problems.append(f"{NAMES[seat]} acts, but {NAMES[table.bottom]} sits at the bottom")
        title = str(table.query_one(HandView).border_title or "")
        if not title.startswith(NAMES[seat]):
            self.run.problems.append(f"{NAMES[seat]} acts under the name {title!r}")
        view = table.view
        trick_area = table.query_one(TrickArea)
        for player, card in getattr(view, "trick", ()):
            place = table.position_of(player)
            if place in trick_area.held:
                continue  # the card is on its way there (searched as it moves)
            shown = trick_area.cards[place]
            if shown.styles.visibility != "visible" or shown.face is None:
                self.run.problems.append(f"{NAMES[player]}'s card is not in front of {NAMES[player]} ({place})")
            elif card is not None and shown.face.index != card:
                self.run.problems.append(f"the card in front of {NAMES[player]} ({place}) is not the one played")
            if place != "bottom" and NAMES[player] not in table.query_one(f"#{place}", SeatPanel).shown:
                self.run.problems.append(f"{NAMES[player]}'s card lies at {place}, which is not {NAMES[player]}'s seat")
        self.keyboard = seat
        self.handed_to = None
        self.run.decisions += 1

    async def open_and_search(self, key: str, screen_type: type | tuple[type, ...], name: str) -> None:
        """Press ``key``, search the screen it opens, and close it again."""
        await self.pilot.press(key)
        await self.pilot.pause()
        if isinstance(self.app.screen, screen_type):
            self.search(name)
            self.run.opened.add(name)
            await self.pilot.press("escape" if isinstance(self.app.screen, ChoiceDialog | TalkDialog) else "enter")
            await self.pilot.pause()

    def first_time(self, kind: str, seat: int, hand: int, *more: object) -> bool:
        key = (kind, seat, hand, *more) if self.thorough else (kind, self.scenario.game, *more)
        if key in self.opened:
            return False
        self.opened.add(key)
        return True

    async def card_turn(self) -> None:
        table = self.table
        assert table.waiting is not None and table.view is not None
        seat = table.waiting.seat
        self.decision(seat)
        self.turns += 1
        state = table.match.current
        assert state is not None
        hand = len(table.match.hands)
        # The screens this person may open now: the last trick whenever a card in it was played face down
        # (else once a hand), the score sheet once, the calls and the hint once a hand (a blind hand: always).
        if table.seen_trick() is not None:
            face_down = bool(getattr(state.tricks[-1], "hidden", ()))
            if self.first_time("w", seat, hand, *((id(self), len(state.tricks)) if face_down else ())):
                await self.open_and_search("w", NoticeDialog, "the last trick")
        if any(h.state.complete for h in table.match.hands) and self.first_time("s", seat, 0):
            await self.open_and_search("s", ScoreSheetScreen, "the score sheet")
        if self.thorough and table.open_calls(table.view) and self.first_time("c", seat, hand):
            await self.open_and_search("c", (ChoiceDialog, TalkDialog), "the calls")
        hand_view = table.query_one(HandView)
        legal = table.parts.legal_keys(table.view)
        blind = any(card is None for _key, card in table.parts.hand_entries(table.view))
        if self.first_time("t", seat, hand, self.turns if blind else 0):
            await self.pilot.press("t")
            await self.pilot.pause()
            await hint_worked_out(self.pilot, table)
            self.search("the hint")
            self.run.opened.add("hint")
            # Play another card than the one hinted, so that a hint left on screen would name a secret.
            others = [p for p, card in enumerate(hand_view.cards) if card.index in legal and p != hand_view.cursor]
            if others:
                hand_view.cursor = others[0]
        illegal = [p for p, card in enumerate(hand_view.cards[:9]) if card.index not in legal]
        playable = [p for p, card in enumerate(hand_view.cards[:9]) if card.index in legal]
        if illegal and playable and self.first_time("refused", seat, hand):
            cursor = hand_view.cursor
            await self.pilot.press(str(illegal[0] + 1))  # refused, with the rule's reason on screen
            await self.pilot.pause()
            self.search("a refused card")
            self.run.opened.add("refusal")
            hand_view.cursor = cursor if cursor in playable else playable[0]
        # Then play: face down once in each match and every other turn, or make a call once a hand.
        once = self.first_time("d", seat, hand, id(self))
        if table.check_action("face_down", ()) and (once or self.turns % 2 == 0):
            await self.pilot.press("d")
            self.run.opened.add("face down")
        elif table.open_calls(table.view) and self.first_time("call", seat, hand, id(self)):
            await self.pilot.press("c")  # the calls dialog is answered on the next step
        else:
            await self.pilot.press("enter")

    async def dialog_turn(self, screen: Any) -> None:
        waiting = self.table.waiting
        if waiting is not None:
            self.decision(waiting.seat)
        if isinstance(screen, BidDialog):
            await self.pilot.press("enter" if self.turns % 2 == 0 else "p")
            self.turns += 1
        elif isinstance(screen, TrumpChoiceDialog | TalkDialog):
            await self.pilot.press("enter")  # the first choice: a suit, or the first true statement
            self.turns += 1
        elif isinstance(screen, PickCardsDialog):
            if self.thorough:
                await pick_cards(self.pilot, screen)
            else:  # choose at once: the dialog's screen was searched, its keys are tested elsewhere
                allowed = sorted(screen.allowed - screen.must)
                screen.chosen = set(screen.must) | set(allowed[: screen.count - len(screen.must)])
                await self.pilot.press("enter")
        else:
            labels = [label for label, _ in screen.choices]
            # Take a bid, a call or a redeal when offered (a partner declines it); otherwise the first choice.
            wanted = next((i for i, label in enumerate(labels)
                           if label.startswith(("Petite", "Garde", "Ask for a redeal", "Decline the redeal", "Accept",
                                                "Play the hand", "Truco", "Knock"))), 0)  # fmt: skip
            await self.pilot.press(*["down"] * wanted, "enter")

    async def play(self, decisions: int | None = None, seconds: float = 600.0) -> None:
        """Play until the match is over, or until ``decisions`` people's decisions have been made."""
        app = self.app
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            await settle(self.pilot)
            screen = app.screen
            await self.search_once()
            if isinstance(screen, ChoiceDialog) and screen.choices and screen.choices[0][1] == "again":
                return
            if decisions is not None and self.run.decisions >= decisions:
                return
            if isinstance(screen, HandOverScreen):
                if self.table.motion.moving:
                    self.run.problems.append("a card still moves behind the hand-over screen")
                self.run.handovers += 1
                self.handed_to = next(s for s in self.scenario.humans if NAMES[s] == screen.player_name)
                await self.pilot.press("enter")
            elif isinstance(screen, ScoreSheetScreen | NoticeDialog):
                self.run.opened.add(type(screen).__name__)
                await self.pilot.press("enter")
            elif isinstance(screen, BidDialog | PickCardsDialog | ChoiceDialog | TrumpChoiceDialog | TalkDialog):
                self.run.opened.add(type(screen).__name__)
                await self.dialog_turn(screen)
            elif isinstance(screen, TableScreen) and screen.my_card_turn():
                await self.card_turn()
            else:
                await asyncio.sleep(0.002)  # the computers think in a thread
        raise AssertionError("the match did not end")


async def play_scenario(pilot: Pilot[None], name: str, opened: set[object] | None = None,
                        decisions: int | None = None) -> Run:  # fmt: skip
    """Open the scenario's table in the running app, play it, and close it again.

    Thorough (no ``opened``): to the match's end, every screen for each person in each hand.  Else the
    scenario's quick number of decisions, and the screens not opened yet (see ``Driver``).
    """
    scenario = SCENARIOS[name]
    app = pilot.app
    table: TableScreen[Any] = TableScreen(scenario.config(), scenario.match())
    driver = Driver(pilot, table, scenario, opened)
    await app.push_screen(table)
    await driver.play(None if opened is None else decisions or scenario.quick)
    while app.screen is not table:
        app.pop_screen()
    await app.pop_screen()
    await pilot.pause()
    return driver.run


def judge(name: str, run: Run) -> list[str]:
    """What went wrong in a scenario: leaks, hand-over and seating problems, or too little seen."""
    problems = [f"{name}: {leak}" for leak in run.leaks[:5]] + [f"{name}: {p}" for p in run.problems[:5]]
    if run.decisions < 1 or run.checked < 3:
        problems.append(f"{name}: only {run.decisions} decisions and {run.checked} screens searched")
    if len(SCENARIOS[name].humans) > 1 and run.handovers < 1:
        problems.append(f"{name}: the keyboard was never handed over")
    return problems


#: The screens each game's quick battery must open at least once (besides the table itself).
QUICK_SCREENS = {
    "manille": {"BidDialog", "the last trick", "hint", "ScoreSheetScreen", "TrumpChoiceDialog", "TalkDialog"},
    "malilla": {"hint", "refusal", "ChoiceDialog"},
    "truco": {"the last trick", "the score sheet", "hint", "face down", "ChoiceDialog"},
    "tarot": {"the last trick", "hint", "ScoreSheetScreen", "ChoiceDialog", "PickCardsDialog"},
}
#: The quick battery: one test per scenario, so that the suite's workers share them out.
QUICK = [name for name, scenario in SCENARIOS.items() if scenario.quick != 0]


def test_the_quick_battery_opens_every_kind_of_screen_in_some_game() -> None:
    every = {"the last trick", "the score sheet", "ScoreSheetScreen", "hint", "refusal", "face down", "BidDialog",
             "ChoiceDialog", "PickCardsDialog", "TrumpChoiceDialog", "TalkDialog"}  # fmt: skip
    assert set().union(*QUICK_SCREENS.values()) == every
    for game, wanted in QUICK_SCREENS.items():
        opened = set().union(*(SCENARIOS[name].opens for name in QUICK if SCENARIOS[name].game == game))
        assert wanted <= opened, f"{game}: no scenario opens {wanted - opened}"


async def quick_run(name: str, decisions: int | None = None) -> Run:
    """The scenario's quick run (or ``decisions`` of its people's decisions) in a fresh app, judged."""
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        run = await play_scenario(pilot, name, set(), decisions)
    problems = judge(name, run)
    assert not problems, "\n".join(problems)
    return run


@pytest.mark.parametrize("name", QUICK)
async def test_no_screen_shows_a_card_its_seat_may_not_know(name: str) -> None:
    """A scenario for a few decisions (or to the match's end), each kind of screen opened once on the way."""
    run = await quick_run(name)
    wanted = SCENARIOS[name].opens
    assert wanted <= run.opened, f"never opened: {wanted - run.opened} (opened: {run.opened})"


#: Scenarios played again with motion on, and for how many decisions: alone against three computers (a card
#: is sure to be on its way when your turn comes), partners in hot-seat with cards played face down (there the
#: hand-over may land a card before it is painted).
IN_MOTION = {"manille-4-belgian-partner": 3, "truco-4-mineiro": 1}


@pytest.mark.parametrize("name", list(IN_MOTION))
async def test_no_card_in_motion_shows_what_its_seat_may_not_know(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards moving into the trick and gathering to its winner are searched as they move (a card played face
    down moves face down); no card still moves behind a hand-over."""
    monkeypatch.delenv("CARDTABLE_NO_ANIMATION")
    # A second a motion: a loaded machine still paints a card on its way (Pilot's keys wait for it to land).
    monkeypatch.setattr("cardtable.tui.motion.MOTION_SECONDS", 1.0)
    run = await quick_run(name, IN_MOTION[name])
    assert "a card in motion" in run.opened or len(SCENARIOS[name].humans) > 1, "no card was ever seen in motion"


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SCENARIOS))
async def test_whole_matches_show_no_card_their_seats_may_not_know(name: str) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        run = await play_scenario(pilot, name)
    problems = judge(name, run)
    assert not problems, "\n".join(problems)


def test_the_positions_keep_the_playing_order_from_the_bottom() -> None:
    for players, positions in POSITIONS.items():
        assert positions[0] == "bottom" and len(set(positions)) == players
        if players % 2 == 0 and players != 6:
            assert positions[players // 2] == "top"  # the partner opposite


@pytest.mark.parametrize(
    ("game", "players", "raw_options"),
    [("manille", 4, None), ("malilla", 4, None), ("truco", 4, None), ("truco", 2, ARGENTINO), ("tarot", 4, None)],
)
def test_the_search_knows_every_notation_the_table_uses(game: str, players: int, raw_options: Any) -> None:
    """Each card as the game names it, draws it (in glyphs and in ASCII) and records it is found as itself."""
    rules = find_game(game)
    options = rules.parse_options(raw_options, players)
    parts = parts_for(game).for_options(options)
    deck, _in_play = rules.deck(options, players)
    for code in deck.codes:
        rank, suit = parts.card_face(code, ascii_cards=False)
        ascii_rank, ascii_suit = parts.card_face(code, ascii_cards=True)
        faces = [rank + suit, ascii_rank + ascii_suit]
        # A Tarot trump's face is its bare number and the Excuse's "Exc": the search reads those from the card
        # widgets themselves (a number alone in a text could be anything).
        faces = [face for face in faces if not face.isdigit() and face != "Exc"]
        for text in (parts.card_name(code), parts.card_name(code).capitalize(), *faces,
                     code, f"Hint: {parts.hint_text(Action(0, 'play', code))}"):  # fmt: skip
            assert [found for found, _notation, _at in mentions(f"({text}).")] == [code], text


async def test_between_two_peoples_turns_nothing_of_either_hand_shows() -> None:
    """While the computers think between Ana's turn and Cy's, neither hand shows, nor Ana's hint."""
    scenario = SCENARIOS["manille-4-partners"]
    app = CardTableApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.settings.speed = "slow"  # the computers wait before each card: the table stays between turns
        match = Scenario("manille", 4, (0, 2), {}, [97] * 4, left=8).match()
        table: TableScreen[Any] = TableScreen(scenario.config(), match)
        driver = Driver(pilot, table, scenario, set())
        await app.push_screen(table)
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, HandOverScreen):
                await pilot.press("enter")
            elif table.my_card_turn():
                break
        assert table.waiting is not None and table.view is not None
        await pilot.press("t")  # the hint names a card, and Ana plays another one
        await hint_worked_out(pilot, table)
        hand = table.query_one(HandView)
        legal = table.parts.legal_keys(table.view)
        hinted = hand.cursor
        hand.cursor = next((p for p, c in enumerate(hand.cards) if c.index in legal and p != hinted), hinted)
        await pilot.press("enter")
        await pilot.pause()
        assert table.waiting is None and table.viewer is None
        driver.search("the table between turns")
        assert driver.run.leaks == []
        assert not table.query_one(HandView).cards
