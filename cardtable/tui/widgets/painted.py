"""What a widget's paint depends on besides its content: shared by the widgets that reuse lines painted before."""

from __future__ import annotations

from textual.widget import Widget


def styled_look(widget: Widget) -> tuple[object, ...]:
    """The widget's styles as the stylesheet and its own set them, the colours it inherits, the line filters (no
    colour, ASCII), its opacity and the terminal's colours: two widgets of the same size and content that agree
    on these paint the same lines."""
    styles = widget.styles
    app = widget.app
    return (frozenset(styles.base._rules.items()), frozenset(styles.inline._rules.items()),
            widget.background_colors, widget.visual_style, tuple(widget.get_line_filters()), widget.opacity,
            id(app.ansi_theme), app.native_ansi_color)  # fmt: skip
