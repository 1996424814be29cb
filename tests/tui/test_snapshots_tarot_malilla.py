"""Snapshots of Tarot's and Malilla's own moments: the bid between the seats, the chien on the table, the écart
dialog, a 5-player table, Malilla's redeal question; and the écart dialog holding every card of the taker's hand at
each table size.

Update them after a deliberate change with ``pytest tests/tui/test_snapshots_tarot_malilla.py --snapshot-update``
and look at the SVGs before committing them.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

import cardtable.tui
from cardtable.engine.cards import bits
from cardtable.engine.game import Action
from cardtable.engine.loop import resume_match
from cardtable.engine.match import Match
from cardtable.engine.players import RandomPlayer, run_now
from cardtable.engine.records import load_record_file, parse_record
from cardtable.games import find_game
from cardtable.games.tarot.rules import TarotHand
from cardtable.games.tarot.words import WORDS
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.games.tarot.pick_cards import PickCardsDialog
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.themes import DEFAULT_THEME, TABLE_THEMES
from cardtable.tui.widgets.card import Face
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.spread import CardSpread
from tests.games.tarot.helpers import SEED_CHIEN, SEED_HANDS
from tests.support import TESTS, narrowed
from tests.tui.driver import table_config, table_of, wait_for
from tests.tui.test_snapshots import SIZES

TAROT = find_game("tarot")


def seed_match(actions: list[dict[str, Any]]) -> Match:
    """The rules' worked example (dealer West, seat 3; North, seat 2, takes a garde) after ``actions``."""
    hand = {"dealer": 3, "deal": {"hands": SEED_HANDS, "chien": SEED_CHIEN}, "actions": actions}
    record = {"format": "cardtable-record/1", "game": "tarot", "players": 4, "options": {"deals": 1}, "hands": [hand]}
    return resume_match(parse_record(record, find_game))


def bids(*words: str) -> list[dict[str, Any]]:
    return [{"seat": seat, "bid": word} for seat, word in enumerate(words)]


def dealt_to_discard(players: int, seed: int) -> Match:
    """A match whose first hand waits for seat 0's écart: seat 0 bids a garde, the others pass."""
    rng = random.Random(seed)
    match = Match(TAROT, TAROT.parse_options({"deals": 1}, players), players)
    dealer = players - 1
    match.begin_hand(dealer, TAROT.random_deal(rng, match.options, players, dealer))
    for seat in range(players):
        match.apply(Action(seat, "bid", "garde" if seat == 0 else "pass"))
    if players == 5:
        match.apply(Action(0, "king", "KS"))
    return match


def slow_computers(home: Path) -> None:
    """The computers wait as at a real table (the settings the snapshot was drawn with)."""
    (home / "settings.json").write_text(json.dumps({"speed": "slow"}))


class TableHoldingTheChien(TableScreen[Any]):
    """A table whose turned-up chien stays until the test ends, however slowly a busy machine gets to the
    snapshot (at a real table it stays a few seconds, then the taker takes it)."""

    async def pause_on_spread(self) -> None:
        spread = self.query(CardSpread)
        if spread and spread.first().display:
            await asyncio.sleep(600)  # cancelled when the app closes


SEATS_WEST_HUMAN = ["heuristic", "heuristic", "heuristic", "human"]
NAMES_WEST_HUMAN = ["East", "North", "West", "You"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tarot_chien_on_the_table(snap_compare: Any, size: tuple[int, int], table_home: Path) -> None:
    slow_computers(table_home)
    config = table_config("tarot", SEATS_WEST_HUMAN, names=NAMES_WEST_HUMAN, options={"deals": 1})
    app = CardTableApp()

    async def pass_and_see_the_chien(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(TableHoldingTheChien(config, seed_match(bids("pass", "pass", "garde"))))
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("enter")  # the dealer passes: North takes the garde and the chien is turned up
        # Once the footer has settled, too: it shows the undo key for the pass just made.
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and t.query_one(CardSpread).display
                       and t.footer_timer is None)  # fmt: skip

    assert snap_compare(app, terminal_size=size, run_before=pass_and_see_the_chien)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tarot_bid_between_the_seats(snap_compare: Any, size: tuple[int, int]) -> None:
    """You bid last: the dialog says the garde to beat and whose it is, and stands between the seats, each of
    which shows its bid under its name; the side panel stays whole beside it."""
    config = table_config("tarot", SEATS_WEST_HUMAN, names=NAMES_WEST_HUMAN, options={"deals": 1})
    app = CardTableApp()

    async def to_your_bid(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(TableScreen(config, seed_match(bids("pass", "garde", "pass"))))
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))

    assert snap_compare(app, terminal_size=size, run_before=to_your_bid)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tarot_ecart_dialog(snap_compare: Any, size: tuple[int, int]) -> None:
    seats = ["heuristic", "heuristic", "human", "heuristic"]
    config = table_config("tarot", seats, names=["East", "North", "You", "West"], options={"deals": 1})
    app = CardTableApp()

    async def choose_two_and_try_a_king(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(TableScreen(config, seed_match(bids("pass", "pass", "garde", "pass"))))
        await wait_for(pilot, lambda: isinstance(app.screen, PickCardsDialog))
        # 5♠ and 9♠ are chosen; K♠ is refused, and the cursor stays on it.
        await pilot.press("space", "right", "space", "right", "right", "space")
        dialog = app.screen
        assert isinstance(dialog, PickCardsDialog)
        await wait_for(pilot, lambda: len(dialog.chosen) == 2 and dialog.query_one(HandView).cursor == 3)

    assert snap_compare(app, terminal_size=size, run_before=choose_two_and_try_a_king)


def five_players_in_the_play() -> Match:
    """A 5-player hand three tricks in, seat 0 to play (random players, fixed seeds)."""
    for seed in range(50):
        rng = random.Random(seed)
        match = Match(TAROT, TAROT.parse_options({"deals": 1}, 5), 5)
        state = match.begin_hand(4, TAROT.random_deal(rng, match.options, 5, 4))
        player = RandomPlayer(random.Random(seed))
        while state.to_act is not None and not (len(state.tricks) >= 3 and state.to_act == 0):
            match.apply(run_now(player.choose(state.view(state.to_act))))
        if state.to_act == 0 and getattr(state, "taker", None) not in (None, 0):
            return match
    raise AssertionError("no seed gave a hand in the play")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tarot_five_players(snap_compare: Any, size: tuple[int, int]) -> None:
    seats = ["human", "heuristic", "heuristic", "heuristic", "heuristic"]
    names = ["You", "East", "North-east", "North-west", "West"]
    config = table_config("tarot", seats, names=names, options={"deals": 1})
    app = CardTableApp()

    async def your_turn(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(TableScreen(config, five_players_in_the_play()))
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())

    assert snap_compare(app, terminal_size=size, run_before=your_turn)


def three_players_at_the_first_lead() -> Match:
    """A 3-player hand where you (seat 0, 24 cards) lead the first trick: East took a garde and made his écart."""
    match = Match(TAROT, TAROT.parse_options({"deals": 1}, 3), 3)
    state = match.begin_hand(2, TAROT.random_deal(random.Random(4), match.options, 3, 2))
    for seat, word in enumerate(["pass", "garde", "pass"]):
        match.apply(Action(seat, "bid", word))
    east = RandomPlayer(random.Random(1))
    while state.to_act == 1:
        match.apply(run_now(east.choose(state.view(1))))
    return match


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tarot_three_players_hand_of_24(snap_compare: Any, size: tuple[int, int]) -> None:
    """Your 24 cards: at 80x24 two rows of small cards, the trumps starting the second, every card with its key;
    at 120x40 one fanned row of large cards, the chosen one lifted."""
    config = table_config("tarot", ["human", "heuristic", "heuristic"], names=["You", "East", "West"],
                          options={"deals": 1})  # fmt: skip
    app = CardTableApp()

    async def your_lead(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(TableScreen(config, three_players_at_the_first_lead()))
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())

    assert snap_compare(app, terminal_size=size, run_before=your_lead)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_malilla_redeal_question(snap_compare: Any, size: tuple[int, int]) -> None:
    # Example 7 of the rules: North (seat 2) holds seven spades before East's first lead.
    record = load_record_file(TESTS / "records" / "malilla" / "ex7_redeal_offered.json", find_game)
    config = table_config("malilla", ["heuristic", "heuristic", "human", "heuristic"],
                          names=["South", "East", "You", "West"])  # fmt: skip
    app = CardTableApp()

    async def the_question(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(TableScreen(config, resume_match(record)))
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))

    assert snap_compare(app, terminal_size=size, run_before=the_question)


class DialogOnly(App[None]):
    """Just the table's stylesheet and a dialog: the écart dialog measured without a match around it."""

    CSS_PATH = Path(cardtable.tui.__file__).parent / "cardtable.tcss"

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(TABLE_THEMES[DEFAULT_THEME].colours)  # the stylesheet's table colours


async def test_the_ecart_dialog_shows_every_card_of_the_takers_hand() -> None:
    """30 cards at 3 players, 24 at 4, 18 at 5: each one whole inside the dialog, at 80x24 and at 120x40."""
    app = DialogOnly()
    async with app.run_test(size=SIZES[0]) as pilot:
        for players, held in ((3, 30), (4, 24), (5, 18)):
            view = narrowed(TarotHand, dealt_to_discard(players, seed=players).current).view(0)
            assert view.hand.bit_count() == held
            faces = [Face(card, *WORDS.face(view.deck.codes[card]), "s") for card in bits(view.hand)]
            dialog = PickCardsDialog("Your écart: choose 6", faces, allowed=set(bits(view.hand)), must=set(),
                                     count=6, reason=str, note="The chien brought …")  # fmt: skip
            await app.push_screen(dialog)
            # At the table the dialog also says the hint key is there, and a refusal takes a line more.
            dialog.show_hint("(t: a hint)")
            dialog.refresh_hand("Kings can never be discarded: not K♥.")
            for size in SIZES:
                await pilot.resize_terminal(*size)
                await pilot.pause()
                inside = dialog.query_one("#pick-cards").content_region
                cards = dialog.query_one(HandView).cards
                assert len(cards) == held
                for card in cards:
                    assert card.region.width == 6 and card.region.height == 3
                    assert inside.contains_region(card.region), f"{card.face} is clipped at {size}, {players} players"
                assert inside.contains_region(dialog.query_one("#done").region), f"Done is cut off at {size}"
            app.pop_screen()
