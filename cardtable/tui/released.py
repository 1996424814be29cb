"""What Textual keeps of widgets that are gone, let go of.

Textual (8.2) remembers a colour pair computed for each widget's styles in a cache of the class (an ``lru_cache``
on the method ``StylesCache.get_inner_outer``, keyed by the instance: Textual issue #6665), and each entry keeps
the widget's ``StylesCache`` alive with every line it painted, long after the widget was removed: a thousand
widgets' paint, or some 20 MB after a dozen matches.  No public API reaches that cache, so this is the one place
the table reaches into Textual's private modules for it; the pair is cheap to compute again.
"""

from __future__ import annotations

from textual._styles_cache import StylesCache


def release_styles_caches() -> None:
    """Forget the colour pairs Textual remembered, and with them the paint of every widget removed since."""
    StylesCache.get_inner_outer.cache_clear()
