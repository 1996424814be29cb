"""The footer every screen shows: Textual's, rebuilt only when the keys it shows change."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual.binding import ActiveBinding, Binding
from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen

#: The columns a key takes in the footer besides its key and its name: a space before the key, one between them
#: and one after the name (Textual's footer, not compact).
KEY_MARGINS = 3
#: Seconds a turn's frame waits at most for the footer to build its keys (it takes some 50 ms).
KEYS_BUILT_WITHIN = 0.5


class KeysFooter(Footer):
    """Textual's footer, which builds all its keys again whenever its screen's bindings are refreshed: on each
    focus change, each dialog opened or closed over the screen, each key greyed out.  Most of those leave the
    keys as they were, and building them is dear (every key is a widget styled anew), so this footer compares
    what it would show with what it shows, and builds again only when they differ.
    """

    #: What the footer shows now: each key's binding, whether it is enabled, its tooltip and how it is written.
    _keys_shown: tuple[object, ...] | None = None

    def keys_of(self, screen: Screen[Any]) -> tuple[object, ...]:
        """What the footer would show for ``screen``'s bindings now."""
        return tuple(
            (binding, enabled, tooltip, self.app.get_key_display(binding))
            for _node, binding, enabled, tooltip in screen.active_bindings.values()
        )

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            shown = self.keys_of(screen)
            if self._bindings_ready and shown == self._keys_shown:
                return
            self._keys_shown = shown
        super().bindings_changed(screen)

    async def show_keys_now(self, screen: Screen[Any]) -> None:
        """Build the keys again at once if they changed, rather than after the next frame as Textual's footer
        does: a caller that holds the frames (``batch_update``) meanwhile shows them in the frame it draws."""
        if not (screen.app.app_focus and self.is_attached and screen is self.screen):
            self.bindings_changed(screen)
            return
        shown = self.keys_of(screen)
        if shown == self._keys_shown:
            return
        self._keys_shown = shown
        # The keys are composed by the footer itself (each binds to its ``compact``): the caller waits for them.
        built: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        async def build() -> None:
            try:
                await self.recompose()
            finally:
                if not built.done():  # not given up on (``wait_for`` cancels it)
                    built.set_result(None)

        if self.call_later(build):
            # The caller holds the frames meanwhile: a footer taken down before it builds them holds them no longer.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(built, KEYS_BUILT_WITHIN)

    async def recompose(self) -> None:
        # The old keys go before the new ones come: drawn between the two, the footer would flash empty.
        with self.app.batch_update():
            await super().recompose()


def keys_without_room(bindings: dict[str, ActiveBinding], width: int, give_way: Sequence[str],
                      key_display: Callable[[Binding], str]) -> set[str]:  # fmt: skip
    """The binding ids, among ``give_way`` and in its order, that leave a footer of ``width`` columns so that
    the rest of ``bindings`` fit on it (the keys stay bound: only the footer leaves them out)."""
    shown: dict[str, Binding] = {}  # by action: the footer shows one key for the keys of one action
    for active in bindings.values():
        if active.binding.show:
            shown.setdefault(active.binding.action, active.binding)
    columns = [(b.id, cell_len(key_display(b)) + cell_len(b.description) + KEY_MARGINS) for b in shown.values()]
    needed = sum(width for _key, width in columns)
    by_id = {key: width for key, width in columns if key is not None}
    left_out: set[str] = set()
    for key in give_way:
        if needed <= width:
            break
        if key in by_id:
            needed -= by_id[key]
            left_out.add(key)
    return left_out
