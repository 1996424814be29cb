"""What the statistics count of a Malilla player: capotes (every trick of a hand) and zapatos (a match won
with the other team still at nought), made and suffered."""

from __future__ import annotations

from typing import ClassVar

from cardtable.engine.game import HandState, SeatTally

from .rules import MalillaHand


class MalillaTally(SeatTally):
    labels: ClassVar[dict[str, str]] = {
        "capotes": "Capotes made",
        "capotes_against": "Capotes suffered",
        "zapatos": "Zapatos made",
        "zapatos_against": "Zapatos suffered",
    }

    def after_hand(self, state: HandState) -> None:
        if isinstance(state, MalillaHand) and state.capote is not None:
            self.counts["capotes" if state.capote == self.seat % 2 else "capotes_against"] += 1

    def after_match(self, winner: list[int] | None, special: str | None) -> None:
        if special == "zapato" and winner:
            self.counts["zapatos" if self.seat in winner else "zapatos_against"] += 1
