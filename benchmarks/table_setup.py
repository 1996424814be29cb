"""What the table benchmarks share: their arguments, which tables and sizes to open, a home for their settings
and saves, and the calibration row printed first."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

from bare_reference import bare_deals_per_second
from textual.pilot import Pilot

#: The terminal sizes measured when none is named.
SIZES = [(80, 24), (120, 40)]


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", help="GAME or GAME:PLAYERS (repeatable)")
    parser.add_argument("--size", action="append", help="WIDTHxHEIGHT (repeatable); default 80x24 and 120x40")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")


def tables_and_sizes(
    args: argparse.Namespace, tables: list[tuple[str, int]]
) -> tuple[list[tuple[str, int]], list[tuple[int, int]]]:
    """The (game, players) and (width, height) the arguments name, or ``tables`` and ``SIZES``."""
    if args.game:
        tables = [(g.split(":")[0], int(g.split(":")[1]) if ":" in g else 4) for g in args.game]
    sizes = [(int(s.split("x")[0]), int(s.split("x")[1])) for s in args.size] if args.size else SIZES
    return tables, sizes


def table_home(prefix: str, speed: str) -> str:
    """A fresh home for the table's settings and saves, at ``speed``, with motion off twice over (the setting
    and the environment): a card in flight is drawn over the frames that follow, which would be measured as
    the card's own; the figures are those of the table itself."""
    home = tempfile.mkdtemp(prefix=prefix)
    os.environ["CARDTABLE_HOME"] = home
    os.environ["CARDTABLE_NO_ANIMATION"] = "1"
    Path(home, "settings.json").write_text(json.dumps({"speed": speed, "animations": False}))
    return home


def begin(
    parser: argparse.ArgumentParser, tables: list[tuple[str, int]], home_prefix: str, speed: str | None = None
) -> tuple[argparse.Namespace, list[tuple[str, int]], list[tuple[int, int]], float]:
    """Parse the arguments (the table ones added), make the home (at ``speed``, or the ``--speed`` given), and
    measure and print the machine's calibration: the arguments, the tables, the sizes and the calibration."""
    add_table_arguments(parser)
    args = parser.parse_args()
    chosen, sizes = tables_and_sizes(args, tables)
    table_home(home_prefix, speed if speed is not None else args.speed)
    reference = bare_deals_per_second(1.0, 0)
    print(f"load average {os.getloadavg()[0]:.2f}; calibration: bare Manille loop {reference:,.0f} deals/s")
    return args, chosen, sizes, reference


async def answer_the_table(pilot: Pilot[None]) -> bool:
    """Answer what the table asks now as a player would: the card under the cursor, the first choice of a
    dialog, a pass at a bid, the first cards a pick allows; False once the match-over question shows."""
    from cardtable.tui.dialogs.choice import ChoiceDialog
    from cardtable.tui.dialogs.message import HandOverScreen, NoticeDialog
    from cardtable.tui.games.manille.bid import BidDialog
    from cardtable.tui.games.tarot.pick_cards import PickCardsDialog
    from cardtable.tui.screens.score_sheet import ScoreSheetScreen
    from cardtable.tui.screens.table import TableScreen
    from cardtable.tui.widgets.hand import HandView

    screen = pilot.app.screen
    if isinstance(screen, ChoiceDialog) and screen.choices and screen.choices[0][1] == "again":
        return False
    if isinstance(screen, ScoreSheetScreen | NoticeDialog | HandOverScreen | ChoiceDialog):
        await pilot.press("enter")
    elif isinstance(screen, BidDialog):
        await pilot.press("p")
    elif isinstance(screen, PickCardsDialog):
        hand = screen.query_one(HandView)
        for position, card in enumerate(hand.cards):
            if len(screen.chosen) >= screen.count:
                break
            if card.index in screen.allowed and card.index not in screen.chosen:
                while hand.cursor != position:
                    await pilot.press("right")
                await pilot.press("space")
        await pilot.press("enter")
    elif isinstance(screen, TableScreen) and screen.my_card_turn():
        await pilot.press("enter")
    return True
