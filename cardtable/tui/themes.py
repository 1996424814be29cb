"""The table's themes: each one colours the felt, the cards and the side panel, and pairs them with a Textual theme.

A table theme's colours reach the stylesheet as variables (``$felt``, ``$card-face``...): the app gives the
chosen theme's as its variable defaults, under the Textual theme it is paired with, which colours the dialogs,
the footer and the other screens. A Textual theme chosen in the command palette instead gets table colours
made from its own (``palette_colours``), so every variable always has a value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from textual.theme import Theme

from cardtable.engine.visible import visible

#: Every colour the table's stylesheet takes from its theme, and what it colours.
TABLE_COLOURS = {
    "felt": "the felt: the table around the trick",
    "felt-text": "names, the prompt and other text on the felt",
    "felt-muted": "quieter text on the felt (the trick's centre, notes beside it)",
    "felt-acting": "the seat whose turn it is",
    "felt-notice": "the notice line: a hint, a computer's call",
    "felt-refused": "the prompt when a card or call is refused",
    "trick-area": "the middle of the table, where the trick is played",
    "side-panel": "the side panel's background (scores, the log)",
    "side-text": "the side panel's text",
    "side-edge": "the line between the felt and the side panel",
    "hand-edge": "the line above your hand",
    "card-face": "a card's face",
    "card-ink": "spades and clubs (espadas and bastos), and the rank of every card",
    "card-edge": "a card's frame",
    "suit-red": "hearts and diamonds (copas and oros) in the two-colour deck; hearts and copas always",
    "deck4-diamonds": "diamonds in the four-colour deck",
    "deck4-clubs": "clubs in the four-colour deck",
    "spanish-oros": "oros in the four-colour deck",
    "spanish-espadas": "espadas in the four-colour deck",
    "spanish-bastos": "bastos in the four-colour deck",
    "card-back": "the pattern of a card's back",
    "card-back-face": "the ground of a card's back",
    "card-trump-edge": "the square frame of a trump",
    "card-selected-edge": "the heavy frame of the chosen card",
    "card-selected-face": "the face of the chosen card",
    "card-winning-edge": "the double frame of the card winning the trick",
    "card-chosen-face": "a card picked for the écart",
    "card-illegal-opacity": "how strongly a card you may not play shows its ink (an opacity, not a colour)",
}

#: The Textual theme of the high-contrast table: white on black, yellow for what has focus.
HIGH_CONTRAST_TEXTUAL = Theme(
    name="cardtable-high-contrast",
    primary="#FFFF00",
    secondary="#00FFFF",
    accent="#FFFF00",
    warning="#FFFF00",
    error="#FF8080",
    success="#00FF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1A1A1A",
    boost="#FFFFFF14",
    dark=True,
    text_alpha=1.0,
    variables={"text-muted": "#E0E0E0", "footer-key-foreground": "#FFFF00", "footer-description-foreground": "#FFFFFF"},
)
#: Textual themes the table brings with it (registered by the app).
OWN_TEXTUAL_THEMES = (HIGH_CONTRAST_TEXTUAL,)


class TableTheme(NamedTuple):
    label: str
    #: The Textual theme of the dialogs, the footer and the other screens.
    textual: str
    #: A colour for each of ``TABLE_COLOURS``.
    colours: Mapping[str, str]
    #: The deck the theme draws when the player leaves the deck style to the theme: four colours or two.
    four_colour: bool = False


GREEN_FELT = TableTheme("Green felt", "textual-dark", {
    "felt": "#0B5D32", "felt-text": "#F4F4EE", "felt-muted": "#C4DCCB", "felt-acting": "#FFD866",
    "felt-notice": "#FFE08A", "felt-refused": "#FFD0D0", "trick-area": "#0E6A3A", "side-panel": "#0A3320",
    "side-text": "#E6EFE9", "side-edge": "#3C9A66", "hand-edge": "#3C9A66",
    "card-face": "#FAF8F0", "card-ink": "#141414", "card-edge": "#6F6A5C", "suit-red": "#C0102A",
    "deck4-diamonds": "#1348B0", "deck4-clubs": "#127436",
    "spanish-oros": "#8C5E00", "spanish-espadas": "#1348B0", "spanish-bastos": "#127436",
    "card-back": "#F2E2C4", "card-back-face": "#8E1B2A", "card-trump-edge": "#A86A00",
    "card-selected-edge": "#8A4B00", "card-selected-face": "#FFEFB0", "card-winning-edge": "#127436",
    "card-chosen-face": "#BDE5C8", "card-illegal-opacity": "40%",
})  # fmt: skip

BLUE_BAIZE = TableTheme("Blue baize", "nord", {
    "felt": "#1D3557", "felt-text": "#ECEFF4", "felt-muted": "#BAC6D8", "felt-acting": "#EBCB8B",
    "felt-notice": "#EBCB8B", "felt-refused": "#F4B4B4", "trick-area": "#22406A", "side-panel": "#2E3440",
    "side-text": "#D8DEE9", "side-edge": "#5E81AC", "hand-edge": "#5E81AC",
    "card-face": "#ECEFF4", "card-ink": "#2E3440", "card-edge": "#6B7891", "suit-red": "#A3303C",
    "deck4-diamonds": "#2A5696", "deck4-clubs": "#3A6E2E",
    "spanish-oros": "#80590A", "spanish-espadas": "#2A5696", "spanish-bastos": "#3A6E2E",
    "card-back": "#D8DEE9", "card-back-face": "#3B5B8C", "card-trump-edge": "#8F6A00",
    "card-selected-edge": "#7A4E00", "card-selected-face": "#FBEBC0", "card-winning-edge": "#3A6E2E",
    "card-chosen-face": "#C9DFC0", "card-illegal-opacity": "40%",
})  # fmt: skip

NIGHT = TableTheme("Night", "textual-dark", {
    "felt": "#101A24", "felt-text": "#D7DEE6", "felt-muted": "#97A6B6", "felt-acting": "#F2C14E",
    "felt-notice": "#F2C14E", "felt-refused": "#FF9A9A", "trick-area": "#14222F", "side-panel": "#0B1219",
    "side-text": "#C9D1D9", "side-edge": "#34506B", "hand-edge": "#34506B",
    "card-face": "#1E2732", "card-ink": "#E6E9ED", "card-edge": "#6E7F91", "suit-red": "#FF8A94",
    "deck4-diamonds": "#82B4FF", "deck4-clubs": "#6CCF8A",
    "spanish-oros": "#E8C15A", "spanish-espadas": "#82B4FF", "spanish-bastos": "#6CCF8A",
    "card-back": "#8FB0D9", "card-back-face": "#24364A", "card-trump-edge": "#E0A030",
    "card-selected-edge": "#F2C14E", "card-selected-face": "#303C4A", "card-winning-edge": "#6CCF8A",
    "card-chosen-face": "#2F5A3E", "card-illegal-opacity": "45%",
})  # fmt: skip

DAY = TableTheme("Day (light)", "textual-light", {
    "felt": "#CFE3D4", "felt-text": "#102A1C", "felt-muted": "#3C5646", "felt-acting": "#7A3E00",
    "felt-notice": "#7A3E00", "felt-refused": "#A3001B", "trick-area": "#C2DAC8", "side-panel": "#ECF1ED",
    "side-text": "#1F1F1F", "side-edge": "#6E9A7E", "hand-edge": "#6E9A7E",
    "card-face": "#FFFFFF", "card-ink": "#1A1A1A", "card-edge": "#7D7D7D", "suit-red": "#B3001E",
    "deck4-diamonds": "#0047B3", "deck4-clubs": "#1B6E2E",
    "spanish-oros": "#8A5C00", "spanish-espadas": "#0047B3", "spanish-bastos": "#1B6E2E",
    "card-back": "#FFFFFF", "card-back-face": "#2F5D9E", "card-trump-edge": "#946400",
    "card-selected-edge": "#8A4B00", "card-selected-face": "#FFF0C2", "card-winning-edge": "#1B6E2E",
    "card-chosen-face": "#BFE3C8", "card-illegal-opacity": "40%",
})  # fmt: skip

# Black and white, yellow for what is chosen: text reaches 7:1 against its ground and more.
HIGH_CONTRAST = TableTheme("High contrast", HIGH_CONTRAST_TEXTUAL.name, {
    "felt": "#000000", "felt-text": "#FFFFFF", "felt-muted": "#E0E0E0", "felt-acting": "#FFFF00",
    "felt-notice": "#FFFF00", "felt-refused": "#FF9E9E", "trick-area": "#000000", "side-panel": "#000000",
    "side-text": "#FFFFFF", "side-edge": "#FFFFFF", "hand-edge": "#FFFFFF",
    "card-face": "#FFFFFF", "card-ink": "#000000", "card-edge": "#000000", "suit-red": "#A00000",
    "deck4-diamonds": "#0000C0", "deck4-clubs": "#005C00",
    "spanish-oros": "#5C3D00", "spanish-espadas": "#0000C0", "spanish-bastos": "#005C00",
    "card-back": "#FFFFFF", "card-back-face": "#000080", "card-trump-edge": "#6A00A8",
    "card-selected-edge": "#000000", "card-selected-face": "#FFFF00", "card-winning-edge": "#006000",
    "card-chosen-face": "#00FF00", "card-illegal-opacity": "75%",
})  # fmt: skip

# For colour-blind players: a neutral slate felt (no green or red ground for the suits to sink into) and a
# four-colour deck whose hues differ in lightness and in blue-yellow as well as in red-green, so that
# deuteranopes and protanopes tell them apart: a deep red, a strong blue and a bluish green, with black.
# In a Spanish pack red copas and gold oros would look alike to them: oros are drawn in black instead.
COLOUR_BLIND = TableTheme("Colour-blind safe", "textual-dark", {
    "felt": "#2B3440", "felt-text": "#FFFFFF", "felt-muted": "#C8D0DA", "felt-acting": "#FFD34D",
    "felt-notice": "#FFD34D", "felt-refused": "#FFBE99", "trick-area": "#323D4A", "side-panel": "#1E252E",
    "side-text": "#E8ECF1", "side-edge": "#56B4E9", "hand-edge": "#56B4E9",
    "card-face": "#FFFFFF", "card-ink": "#000000", "card-edge": "#5A6470", "suit-red": "#B00000",
    "deck4-diamonds": "#0044CC", "deck4-clubs": "#007A5E",
    "spanish-oros": "#000000", "spanish-espadas": "#0044CC", "spanish-bastos": "#007A5E",
    "card-back": "#FFFFFF", "card-back-face": "#0A4F80", "card-trump-edge": "#0072B2",
    "card-selected-edge": "#000000", "card-selected-face": "#FFF3B8", "card-winning-edge": "#007A5E",
    "card-chosen-face": "#A8E0FF", "card-illegal-opacity": "45%",
}, four_colour=True)  # fmt: skip

#: The table themes, in the order the theme key goes through them.
TABLE_THEMES = {
    "green-felt": GREEN_FELT,
    "blue-baize": BLUE_BAIZE,
    "night": NIGHT,
    "day": DAY,
    "high-contrast": HIGH_CONTRAST,
    "colour-blind": COLOUR_BLIND,
}
DEFAULT_THEME = "green-felt"
#: Settings written before the table had themes of its own name a Textual theme: the table theme drawn for it.
FORMER_THEMES = {"textual-dark": "night", "textual-light": "day"}


def table_theme_name(setting: str) -> str | None:
    """The table theme a theme setting stands for; None for a Textual theme chosen in the palette."""
    if setting in TABLE_THEMES:
        return setting
    return FORMER_THEMES.get(setting)


def table_theme_for_textual(textual: str) -> str | None:
    """The table theme a Textual theme chosen in the palette stands for: the only table theme paired with it,
    or the one drawn for a former setting of that name; None when it is a Textual theme alone."""
    paired = [name for name, theme in TABLE_THEMES.items() if theme.textual == textual]
    return paired[0] if len(paired) == 1 else FORMER_THEMES.get(textual)


def next_theme(setting: str) -> str:
    """The table theme after ``setting`` (a Textual theme of the palette goes back to the first)."""
    names = list(TABLE_THEMES)
    current = table_theme_name(setting)
    return names[(names.index(current) + 1) % len(names)] if current is not None else names[0]


def theme_label(setting: str) -> str:
    """How the table names a theme setting: "Green felt", or a palette theme's own name."""
    current = table_theme_name(setting)
    return TABLE_THEMES[current].label if current is not None else visible(setting)


def palette_colours(system: Mapping[str, str]) -> dict[str, str]:
    """Table colours for a Textual theme of the palette, made from that theme's colour system (``generate()``)."""
    return {
        "felt": system["boost"], "felt-text": system["foreground"], "felt-muted": system["text-muted"],
        "felt-acting": system["accent"], "felt-notice": system["warning"], "felt-refused": system["error"],
        "trick-area": "transparent", "side-panel": system["background"], "side-text": system["foreground"],
        "side-edge": f"{system['primary']} 50%", "hand-edge": f"{system['primary']} 40%",
        "card-face": system["surface"], "card-ink": system["foreground"], "card-edge": f"{system['foreground']} 60%",
        "suit-red": system["error"], "deck4-diamonds": system["primary"], "deck4-clubs": system["success"],
        "spanish-oros": system["warning"], "spanish-espadas": system["primary"], "spanish-bastos": system["success"],
        "card-back": system["primary"], "card-back-face": system["surface"], "card-trump-edge": system["warning"],
        "card-selected-edge": system["accent"], "card-selected-face": f"{system['accent']} 20%",
        "card-winning-edge": system["success"], "card-chosen-face": f"{system['success']} 40%",
        "card-illegal-opacity": "40%",
    }  # fmt: skip
