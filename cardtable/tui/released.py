"""What Textual keeps of widgets that are gone, let go of: the one fenced use of Textual's private modules.

Textual (8.2) remembers a colour pair computed for each widget's styles in a cache of the class (an ``lru_cache``
on the method ``StylesCache.get_inner_outer``, keyed by the instance: Textual issue #6665), and each entry keeps
the widget's ``StylesCache`` alive with every line it painted, long after the widget was removed: a thousand
widgets' paint, or some 20 MB after a dozen matches.  No public API reaches that cache, so the private use is
kept here alone, behind a switch: with ``RELEASE_STYLES_CACHES`` off, or once a Textual upgrade moves or drops
the cache, the table runs on plain Textual (it only keeps more memory).  The pair is cheap to compute again.
"""

from __future__ import annotations

from collections.abc import Callable

#: Whether the table clears Textual's cache of colour pairs when another screen shows.
RELEASE_STYLES_CACHES = True


def _private_cache_clear() -> Callable[[], None] | None:
    try:
        from textual._styles_cache import StylesCache
    except ImportError:
        return None
    clear = getattr(getattr(StylesCache, "get_inner_outer", None), "cache_clear", None)
    return clear if callable(clear) else None


_CLEAR = _private_cache_clear()


def release_styles_caches() -> None:
    """Forget the colour pairs Textual remembered, and with them the paint of every widget removed since."""
    if RELEASE_STYLES_CACHES and _CLEAR is not None:
        _CLEAR()
