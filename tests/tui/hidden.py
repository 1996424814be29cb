"""What a seat may not know, worked out from the whole hand, and a search of the screen for any of it.

``secret_cards`` reads the engine's full hand state (every hand, the face-down plays, the chien) and
returns the cards a seat may not know now, as its game's rules say; ``None`` stands for nobody at the
keyboard (a hand-over screen, or the table between two people's turns), who may know only what is public.
``leaks`` renders the screen as a person sees it and searches it, and the texts behind it, for any of those
cards in every notation the table uses: drawn (``Q♦``, ``10♣``, ``T16``), in words (``queen of diamonds``,
``four of copas``, ``trump 16``, ``the Excuse``) and as a record code (``QD``, ``T16``, ``EX``).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from typing import Any

from rich.console import Console
from textual.app import App
from textual.geometry import Region
from textual.widgets import OptionList, Static

from cardtable.engine.cards import (
    RANK_NAMES,
    SPANISH_ASCII_SUITS,
    SPANISH_RANK_FACES,
    SPANISH_SUIT_NAMES,
    SUIT_GLYPHS,
    SUIT_NAMES,
    bits,
)
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.card import CardWidget


def _others(state: Any, seat: int | None) -> int:
    """The cards now held by every seat but ``seat``."""
    held = 0
    for other, hand in enumerate(state.hands):
        if other != seat:
            held |= hand
    return held


def _manille(state: Any, seat: int | None) -> int:
    # The turned card stays in the dealer's hand, and everyone saw it turned; a 10 or an ace a seat said it
    # holds is known to be there.  The Belgian dealer's partner may not look at his own cards until the dealer
    # has chosen trump or passed the choice to him.
    public = 1 << state.turned if state.turned is not None else 0
    for statement in state.talk_log:
        if statement.say == "holds":
            public |= 1 << statement.card
    secret = _others(state, seat) & ~public
    if seat is not None and seat == (state.dealer + 2) % 4 and state.partner_hidden():
        secret |= state.hands[seat]
    return secret


def _malilla(state: Any, seat: int | None) -> int:
    public: int = 1 << state.turned
    for card in state.albur or ():  # drawn from a second pack, face up for everyone
        public |= 1 << card
    return _others(state, seat) & ~public


def _truco(state: Any, seat: int | None) -> int:
    from cardtable.games.truco import argentino
    from cardtable.games.truco.rules import DECK

    argentine = isinstance(state, argentino.ArgentinoHand)
    deck = argentino.DECK if argentine else DECK
    secret = _others(state, seat)
    if not argentine and state.kind == "mao_de_ferro" and seat is not None:
        secret |= state.hands[seat]  # nobody sees his own cards in a mão de ferro
    for leader_order_cards in state.history:
        _leader, order, cards, hidden, _winner = leader_order_cards
        for player, card in zip(order, cards, strict=True):
            if player in hidden and player != seat:
                secret |= 1 << card
    for player, card, hidden in state.trick:
        if hidden and player != seat:
            secret |= 1 << card
    dealt = 0
    for hand in state.dealt:
        dealt |= hand
    vira = 1 << state.vira if not argentine and state.vira is not None else 0
    secret |= ((1 << len(deck.codes)) - 1) & ~dealt & ~vira  # the rest of the pack is never seen
    if argentine:
        return secret
    if seat is not None and state.kind == "mao_de_onze" and state.brink_team == seat % 2:
        for partner in range(seat % 2, state.players, 2):  # the team on the brink sees its partners' cards
            if partner != seat:
                secret &= ~state.dealt[partner]
    return secret


def _tarot(state: Any, seat: int | None) -> int:
    from cardtable.games.tarot.rules import DECK

    secret = _others(state, seat)
    if not state.chien_shown:
        secret |= state.chien
    if seat != state.taker:
        secret |= state.discard
    public: int = state.discard & TRUMPS  # trumps put in the écart are shown to everyone
    if state.chien_shown:
        public |= state.chien
    for _who, cards, _level in state.poignees:
        public |= cards
    for cards in state.shown_hands.values():
        public |= cards
    if state.called >= 0:
        public |= 1 << state.called  # the king called is named aloud, not its holder
    if state.phase == "king":
        for action in state.legal_actions():  # the cards the taker may call are named as his choices
            public |= 1 << DECK.index[action.value]
    return secret & ~public


SECRETS = {"manille": _manille, "malilla": _malilla, "truco": _truco, "tarot": _tarot}


def _tarot_trumps() -> int:
    from cardtable.games.tarot.rules import DECK

    return sum(1 << DECK.index[code] for code in DECK.codes if code.startswith("T") or code == "EX")


TRUMPS = _tarot_trumps()


def secret_cards(game: str, state: Any, seat: int | None) -> int:
    """The cards ``seat`` may not know in ``state`` (a deck mask); ``None``: what nobody may see."""
    return SECRETS[game](state, seat)


def secret_phrases(game: str, state: Any, seat: int | None, names: list[str]) -> list[str]:
    """Words that would tell ``seat`` something else it may not know: the secret partner of a Tarot taker."""
    if game == "tarot" and state.partner is not None and state.partner_known_to(-1 if seat is None else seat) is None:
        return [f"Partner: {names[state.partner]}"]
    return []


# ----------------------------------------------------------------------------- notations
_RANK = "|".join(sorted((re.escape(r) for r in RANK_NAMES), key=len, reverse=True))
#: The Spanish pack's court cards go by their own names (sota, caballo, rey) in Malilla and Truco Argentino.
SPANISH_COURTS = {"J": "sota", "N": "caballo", "K": "rey"}
_RANK_WORD = "|".join([*RANK_NAMES.values(), *SPANISH_COURTS.values()])
_SUIT_WORD = "|".join([*SUIT_NAMES.values(), *SPANISH_SUIT_NAMES.values()])
_GLYPH = "".join(SUIT_GLYPHS.values())
#: A card as drawn: its rank as the record has it, or a Spanish court's own letter (S, C, R).
_FACE = "|".join([_RANK, *SPANISH_RANK_FACES.values()])
_SPANISH_MARKS = "".join(SPANISH_ASCII_SUITS.values())
#: The ranks a Spanish card is drawn with (no N, J or K, which would make a word like "No" a card).
_SPANISH_FACE = "|".join(["[2-9]", "A", *SPANISH_RANK_FACES.values()])
#: Any card named in any notation: drawn (in glyphs, or a Spanish card's ASCII), as a record code, or in words.
MENTION = re.compile(
    rf"(?<![A-Za-z0-9])(?P<rank>{_FACE})(?P<glyph>[{_GLYPH}])"
    rf"|(?<![A-Za-z0-9])(?P<spanish_rank>{_SPANISH_FACE})(?P<spanish_mark>[{_SPANISH_MARKS}])(?![A-Za-z0-9])"
    rf"|(?<![A-Za-z0-9])(?P<code>(?:{_RANK})[SHDC]|T(?:2[01]|1[0-9]|[1-9])|EX)(?![A-Za-z0-9])"
    rf"|(?i:(?<![A-Za-z])(?P<rank_word>{_RANK_WORD})\s+of\s+(?P<suit_word>{_SUIT_WORD})(?![A-Za-z]))"
    rf"|(?i:(?<![A-Za-z])trump\s+(?P<trump>2[01]|1[0-9]|[1-9])(?![0-9]))"
    r"|(?i:(?P<excuse>the\s+excuse)(?![A-Za-z]))"
)
_WORD_RANK = {name: rank for names in (RANK_NAMES, SPANISH_COURTS) for rank, name in names.items()}
_WORD_SUIT = {name: suit for names in (SUIT_NAMES, SPANISH_SUIT_NAMES) for suit, name in names.items()}
_GLYPH_SUIT = {glyph: suit for suit, glyph in SUIT_GLYPHS.items()}
_FACE_RANK = {face: rank for rank, face in SPANISH_RANK_FACES.items()}
_MARK_SUIT = {mark: suit for suit, mark in SPANISH_ASCII_SUITS.items()}


def mentions(text: str) -> Iterator[tuple[str, str, int]]:
    """Every card named in ``text``: (its record code, the notation, where)."""
    for found in MENTION.finditer(text):
        if found["glyph"]:
            yield _FACE_RANK.get(found["rank"], found["rank"]) + _GLYPH_SUIT[found["glyph"]], "drawn", found.start()
        elif found["spanish_mark"]:
            rank = found["spanish_rank"]
            yield _FACE_RANK.get(rank, rank) + _MARK_SUIT[found["spanish_mark"]], "drawn", found.start()
        elif found["code"]:
            yield found["code"], "code", found.start()
        elif found["rank_word"]:
            rank = _WORD_RANK[found["rank_word"].lower()]
            yield rank + _WORD_SUIT[found["suit_word"].lower()], "words", found.start()
        elif found["trump"]:
            yield "T" + found["trump"], "words", found.start()
        else:
            yield "EX", "words", found.start()


# ----------------------------------------------------------------------------- what is on screen
def _grid(app: App[Any]) -> list[str]:
    """The terminal as rows of text, drawn by the compositor exactly as ``export_screenshot`` draws it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False,
                      safe_box=False, color_system=None, force_terminal=True)  # fmt: skip
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    rows = console.export_text().split("\n")[:height]
    return [row.ljust(width) for row in rows]


def _cut(rows: list[str], region: Region) -> str:
    """The text inside ``region``, its rows joined by spaces (so a phrase wrapped over two lines reads whole)."""
    return " ".join(row[region.x : region.right] for row in rows[region.y : region.bottom])


def visible_screens(app: App[Any]) -> list[Any]:
    return [*app._background_screens, app.screen]


def screen_texts(app: App[Any], table: TableScreen[Any], log: list[tuple[int, str]]) -> list[tuple[str, str]]:
    """(where, text) pairs: each row on screen, each text widget's area read whole, each widget's own text.

    Two parts of the table are read from their text rather than from the screen.  The play-by-play log keeps
    earlier hands, whose cards are in other hands now: it is read from the lines the table wrote during this
    hand.  The side panel and the note beside the trick name the manilhas of a Truco hand, which are facts
    about the deck, not about who holds them: the panel's text is read without that line, the note not at all.
    """
    rows = _grid(app)
    screens = visible_screens(app)
    top = app.screen
    texts: list[tuple[str, str]] = []
    if table in screens:
        covered = [w.region for w in top.query(".dialog, Toast")]
        for widget in (table.query_one("#log"), table.query_one("#info"), table.query_one(".aside-note")):
            area = widget.region.intersection(Region(0, 0, len(rows[0]), len(rows)))  # what of it is on screen
            for y in range(area.y, area.bottom):
                row = list(rows[y])
                for x in range(area.x, area.right):
                    if not any(r.contains(x, y) for r in covered):
                        row[x] = " "
                rows[y] = "".join(row)
        info = str(table.query_one("#info", Static).content).splitlines()
        texts.append(("the side panel", "\n".join(line for line in info if not line.startswith("Manilhas "))))
        hand = len(table.match.hands)
        texts.extend(("the log", line) for number, line in log if number == hand)
    texts.extend((f"row {y}", row) for y, row in enumerate(rows))
    # A card's face is read from the card widget itself: a Tarot trump is drawn as a bare number ("16").
    deck = table.match.deck
    for screen in screens:
        for card in screen.query(CardWidget):
            if card.region and card.face is not None and not card.face.back and 0 <= card.face.index < len(deck.codes):
                texts.append((f"the face of {card!r}", deck.codes[card.face.index]))
    # Notifications are drawn only when a test asks for them (they slow every key down): read them too.
    texts.extend(("a notification", f"{note.title} {note.message}") for note in app._notifications)
    for screen in screens:
        for widget in screen.query(".dialog, Static, Button, OptionList"):
            if not widget.region or widget.id == "info" or widget.has_class("aside-note"):
                continue
            texts.append((f"the area of {widget!r}", _cut(rows, widget.region)))
            if isinstance(widget, Static):
                texts.append((f"the text of {widget!r}", str(widget.content)))
            elif isinstance(widget, OptionList):
                for index in range(widget.option_count):
                    texts.append((f"an option of {widget!r}", str(widget.get_option_at_index(index).prompt)))
    return texts


#: A card named as one its speaker does not hold ("I have no A♠", a seat's note "no A♠"): that tells where the
#: card is not, which the speaker knows from its own hand, and the rules let it say so to everyone.
LACKED = re.compile(r"(?i:\bno\s+)$")


def leaks(secret: int, codes: tuple[str, ...], texts: Iterable[tuple[str, str]]) -> list[str]:
    """Each secret card named in the texts: which card, in which notation, where, and the text around it."""
    hidden = {codes[card] for card in bits(secret)}
    found = []
    for where, text in texts:
        for code, notation, at in mentions(text):
            if code in hidden and not LACKED.search(text[max(0, at - 4) : at]):
                found.append(f"{code} ({notation}) in {where}: …{text[max(0, at - 30) : at + 30]}…")
    return found
