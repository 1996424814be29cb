"""The table's keys, written once: each binding has an id, the player's keymap may give it other keys.

The keymap is ``settings.json``'s ``keymap``, binding ids to keys (``{"calls": "x", "hint": "t,f2"}``), given
to Textual's ``App.set_keymap``. The keys screen and README's key table are both made from these bindings
(``key_rows``), the keys screen after the keymap; a test holds README to them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from textual.binding import Binding
from textual.keys import KEY_NAME_REPLACEMENTS, Keys, format_key, key_to_character

from cardtable.engine.errors import quote
from cardtable.engine.visible import is_visible

#: The bindings that make one kind of call at once (the game's parts say which calls each makes now).
CALL_KEYS = ("envido", "truco", "mazo")
#: The card places share one row of the keys screen.
CARD_PLACES = Binding.Group("play the card at that place (its key is on its lower edge)")
#: The key of each place in your hand, in order: the digits for the first nine, then capital letters (Shift and
#: the letter), which no other key of the table uses, for the rest of Tarot's longest hand (24 cards).  Every card
#: shows its key on its lower edge, whichever row it lies in.
PLACE_KEYS = "123456789ABCDEFGHIJKLMNO"
PLACES_WITH_KEYS = len(PLACE_KEYS)


def _card_place(n: int) -> Binding:
    return Binding(PLACE_KEYS[n - 1], f"pick({n})", f"Card {n}", show=False,
                   tooltip=f"play the card at place {n}", id=f"pick-{n}", group=CARD_PLACES)  # fmt: skip


#: Undo, at the table and in the dialogs that ask a decision: one binding, so that a keymap moves it everywhere.
UNDO_BINDING = Binding("u,ctrl+z", "undo", "Undo", id="undo",
                       tooltip="undo your last decision and all after it")  # fmt: skip

TABLE_BINDINGS = (
    Binding("left,h", "move(-1)", "Left", show=False, tooltip="choose the card on the left", id="move-left"),
    Binding("right,l", "move(1)", "Right", show=False, tooltip="choose the card on the right", id="move-right"),
    Binding("enter,space", "play", "Play", tooltip="play the chosen card, or skip a pause", id="play"),
    *map(_card_place, range(1, PLACES_WITH_KEYS + 1)),
    Binding("c", "calls", "Calls", tooltip="calls: bids, knocks, the redeal…", id="calls"),
    Binding("d", "face_down", "Face down", tooltip="play the chosen card face down (Truco)", id="face-down"),
    Binding("e", "call_key('envido')", "Envido", tooltip="envido, real or falta envido", id="envido"),
    Binding("v", "call_key('truco')", "Truco", tooltip="truco, or raise the stake", id="truco"),
    Binding("m", "call_key('mazo')", "Mazo", tooltip="go to the deck (give up the hand)", id="mazo"),
    Binding("t", "hint", "Hint", tooltip="hint: what the computer would choose (a card, a bid, a call…)", id="hint"),
    UNDO_BINDING,
    Binding("w", "last_trick", "Last", tooltip="the last trick", id="last-trick"),
    Binding("s", "score_sheet", "Scores", tooltip="the score sheet", id="scores"),
    Binding("f", "skip_wait", "Faster", show=False, tooltip="skip the computer's pause", id="faster"),
    Binding("plus,equals_sign", "speed(1)", "Speed+", show=False, tooltip="computers play faster", id="speed-up"),
    Binding("minus", "speed(-1)", "Speed-", show=False, tooltip="computers play slower", id="speed-down"),
    Binding("b", "next_theme", "Theme", show=False, tooltip="the next table theme (felt and card colours)", id="theme"),
    Binding("o", "settings", "Settings", show=False, tooltip="settings: speed, theme, deck, cards", id="settings"),
    Binding("r", "rules", "Rules", tooltip="the rules of the game", id="rules"),
    Binding("question_mark", "help", "Keys", tooltip="all the keys (this screen)", id="keys"),
)
#: When the table's footer has no room for every key it offers now, these leave it first, in this order (they
#: still work, and the keys screen lists them): the last trick and the scores are a look away, and a turn's own
#: keys (a card face down, a call, going to the deck) matter more.
FOOTER_GIVES_WAY = ("last-trick", "scores", "hint", "undo")
QUIT_BINDING = Binding("ctrl+q", "quit_table", "Quit", priority=True, tooltip="quit: the match is kept for next time",
                       id="quit")  # fmt: skip
#: Every key a keymap may change, in the order the keys screen lists them.
KEYMAP_BINDINGS = (*TABLE_BINDINGS, QUIT_BINDING)

MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
#: Keys with a name of their own (Textual's), besides those of printable characters.
NAMED_KEYS = frozenset(key.value for key in Keys if "+" not in key.value and not key.value.startswith("<"))
#: How the keys screen writes the named keys whose Textual name is a symbol or a lower-case word.
SHOWN_AS = {
    "enter": "Enter", "space": "Space", "escape": "Esc", "tab": "Tab", "backspace": "Backspace", "delete": "Del",
    "insert": "Ins", "home": "Home", "end": "End", "pageup": "PgUp", "pagedown": "PgDn",
}  # fmt: skip


class KeyRow(NamedTuple):
    """A row of the keys screen and of README's key table."""

    keys: str
    ids: str
    what: str


#: What the keys screen and README list beside the bindings: the mouse, and Textual's command palette.
OTHER_KEYS = (
    KeyRow("mouse", "", "click a card to choose it, again to play it"),
    KeyRow("Ctrl+P", "", "command palette: settings, themes, card style, keys"),
)


def key_name(key: str) -> str:
    """A key as Textual's bindings name it: ``?`` is ``question_mark`` and ``+`` is ``plus``, as in ``set_keymap``."""
    key = key.strip()
    if len(key) != 1 or key.isalnum():
        return key
    try:
        name = unicodedata.name(key).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return key
    return KEY_NAME_REPLACEMENTS.get(name, name)


def is_key(key: str) -> bool:
    """Whether ``key`` (``x``, ``?``, ``f5``, ``ctrl+left``...) names a key Textual can bind."""
    if not is_visible(key):  # a control character or a direction override is no key to bind, and no key to show
        return False
    *modifiers, name = key_name(key).split("+")
    if not name or any(modifier not in MODIFIERS for modifier in modifiers):
        return False
    return name in NAMED_KEYS or name in KEY_NAME_REPLACEMENTS.values() or key_to_character(name) is not None


def key_label(key: str) -> str:
    """How the keys screen writes a key: ``←``, ``Enter``, ``?``, ``Ctrl+Q``, ``F5``."""
    *modifiers, name = key_name(key).split("+")
    if name in SHOWN_AS:
        text = SHOWN_AS[name]
    elif re.fullmatch(r"f\d+", name):
        text = name.upper()
    else:
        text = format_key(name)
        if modifiers:
            text = text.upper()
    return "+".join([*(modifier.capitalize() for modifier in modifiers), text])


def keys_of(binding: Binding, keymap: Mapping[str, str]) -> list[str]:
    """The keys of ``binding`` once ``keymap`` has been applied, Textual's names."""
    keys = keymap.get(binding.id, binding.key) if binding.id is not None else binding.key
    return [key_name(key) for key in keys.split(",")]


def key_rows(bindings: Sequence[Binding], keymap: Mapping[str, str]) -> list[KeyRow]:
    """One row per binding (a group of bindings in one row), with its keys after ``keymap``."""
    rows: list[KeyRow] = []
    grouped: set[int] = set()
    for index, binding in enumerate(bindings):
        if index in grouped:
            continue
        members = [binding]
        if binding.group is not None:
            members = [other for other in bindings if other.group == binding.group]
            grouped.update(k for k, other in enumerate(bindings) if other.group == binding.group)
        keys = " ".join(shown_keys(member, keymap) for member in members)
        if len(members) > 1 and keys.replace(" ", "") == PLACE_KEYS:
            keys = "1 … 9, A … O"  # the card places, as the keymap left them
        ids = (members[0].id or "") if len(members) == 1 else f"{members[0].id} … {members[-1].id}"
        what = binding.group.description if binding.group is not None else binding.tooltip
        rows.append(KeyRow(keys, ids, what))
    return rows


def table_keymap(wanted: Mapping[str, str], bindings: Sequence[Binding]) -> tuple[dict[str, str], list[str]]:
    """The keymap the table can apply of the player's, and a notice for each entry it cannot.

    An entry is left out when its id names no binding, when a key in it is not a key, or when it would give
    a key to two bindings (the later entry of a clash gives way, so that swapping two keys works).
    """
    by_id = {binding.id: binding for binding in bindings if binding.id is not None}
    keymap: dict[str, str] = {}
    notices: list[str] = []
    for binding_id, keys in wanted.items():
        if binding_id not in by_id:
            notices.append(f"In your settings, the keymap names {quote(binding_id)}, which is no key of the table "
                           "(the keys screen, ?, lists their ids): it is left out.")  # fmt: skip
            continue
        bad = [key.strip() for key in keys.split(",") if not is_key(key)]
        if bad:
            notices.append(f"In your settings, the keymap gives {binding_id} {quote(bad[0])}, which is not a key: "
                           f"{binding_id} keeps {shown_keys(by_id[binding_id], {})}.")  # fmt: skip
            continue
        keymap[binding_id] = ",".join(key_name(key) for key in keys.split(","))
    while clash := first_clash(bindings, keymap):
        key, holders = clash
        gives_way = [binding_id for binding_id in keymap if binding_id in holders][-1]
        del keymap[gives_way]
        others = " and ".join(holder for holder in holders if holder != gives_way)
        notices.append(f"In your settings, the keymap gives {key_label(key)} to {gives_way} and to {others}: "
                       f"{gives_way} keeps {shown_keys(by_id[gives_way], keymap)}.")  # fmt: skip
    return keymap, notices


def first_clash(bindings: Sequence[Binding], keymap: Mapping[str, str]) -> tuple[str, list[str]] | None:
    """A key that ``keymap`` gives to several bindings, and their ids; None when every key has one binding."""
    holders: dict[str, list[str]] = {}
    for binding in bindings:
        for key in dict.fromkeys(keys_of(binding, keymap)):
            holders.setdefault(key, []).append(binding.id or binding.action)
    for key, ids in holders.items():
        if len(ids) > 1 and any(binding_id in keymap for binding_id in ids):
            return key, ids
    return None


def shown_keys(binding: Binding, keymap: Mapping[str, str]) -> str:
    return " ".join(key_label(key) for key in keys_of(binding, keymap))


def first_key(binding_id: str, keymap: Mapping[str, str]) -> str:
    """The first key of a table binding after ``keymap``, as the prompts name it ("c", "Enter")."""
    binding = next(binding for binding in KEYMAP_BINDINGS if binding.id == binding_id)
    return key_label(keys_of(binding, keymap)[0])
