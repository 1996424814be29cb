"""Large cards (120x40 and up): pips and court marks for every pack, a long hand fanned, the chosen card lifted."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.geometry import Region

from cardtable.games import available_games, find_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.ascii import to_ascii
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.card import COURTS, LARGE_LINES, LARGE_WIDTH, large_face
from cardtable.tui.widgets.hand import HandView
from tests.support import narrowed
from tests.tui.driver import table_config, table_of, wait_for
from tests.tui.test_hand import layouts_asked_of_the_hand


@pytest.mark.parametrize("game", available_games())
def test_every_card_of_every_pack_has_a_large_face_that_names_it(game: str) -> None:
    """Each card of the pack: five lines of seven cells, its rank and suit in the top corner, as many pips as its
    number says (an ace one in a frame), its letter between two suit marks for a court, stars for a trump."""
    rules = find_game(game)
    players = rules.default_players
    deck, _ = rules.deck(rules.parse_options({}, players), players)
    for code in deck.codes:
        rank, suit = rules.words.face(code)
        lines = large_face(rank, suit).split("\n")
        assert len(lines) == LARGE_LINES and all(cell_len(line) == LARGE_WIDTH for line in lines), code
        assert lines[0].startswith(rank + suit) and lines[-1].endswith(suit + rank), code
        middle = "".join(lines[1:-1])
        if not suit:  # a Tarot trump or the Excuse
            assert "★" in middle and rank in middle
        elif rank in COURTS:
            assert f"{suit}{rank}{suit}" in middle, code
        elif rank.isdigit():
            pips = 1 if rank == "1" else int(rank)
            assert middle.count(suit) == pips, code
        else:
            assert rank == "A" and middle.count(suit) == 1, code
        assert to_ascii(large_face(*rules.words.face(code, ascii_cards=True))).isascii()


async def test_a_long_hand_of_large_cards_is_fanned_and_the_chosen_card_lifted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tarot for three at 120x40: the 24 cards are large, overlapping to fit the width, each showing its corner
    and its key; the chosen card stands a line above the others, and moving the cursor lays nothing out."""
    app = CardTableApp(table_config("tarot", ["human", "random", "random"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and len(t.query_one(HandView).cards) == 24)
        hand = narrowed(TableScreen, table_of(app)).query_one(HandView)
        await wait_for(pilot, lambda: hand.cards[0].region.height == 8)
        cards = hand.cards
        assert all(card.large for card in cards)
        assert [card.place_mark for card in cards] == list("123456789ABCDEFGHIJKLMNO")
        assert all(card.region.width == 4 for card in cards[:-1]) and cards[-1].region.width == 9
        assert cards[0].region.x >= 0 and cards[-1].region.right <= 120
        asked = layouts_asked_of_the_hand(monkeypatch)
        for cursor in (0, 5):
            hand.cursor = cursor
            await pilot.pause()
            assert not asked
            # The chosen card's frame is drawn a line higher than the others' (the line below it is the felt).
            tops = [card.render_lines(Region(0, 0, *card.outer_size))[0].text.strip() for card in cards]
            assert [bool(top) for top in tops] == [k == cursor for k in range(24)]


async def test_small_cards_where_large_ones_do_not_fit() -> None:
    app = CardTableApp(table_config("tarot", ["human", "random", "random", "random"]))
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and len(t.query_one(HandView).cards) == 18)
        hand = narrowed(TableScreen, table_of(app)).query_one(HandView)
        assert not any(card.large for card in hand.cards) and hand.has_class("two-rows")
