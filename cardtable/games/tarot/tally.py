"""What the statistics count of a Tarot player: the contracts they took, and made, by contract."""

from __future__ import annotations

from typing import ClassVar

from cardtable.engine.game import HandState, SeatTally

from .rules import TarotHand
from .scoring import CONTRACTS

NAMES = {"petite": "Petite", "garde": "Garde", "garde_sans": "Garde sans", "garde_contre": "Garde contre"}


class TarotTally(SeatTally):
    labels: ClassVar[dict[str, str]] = {
        key: label
        for contract in CONTRACTS
        for key, label in (
            (f"taken_{contract}", f"{NAMES[contract]} taken"),
            (f"made_{contract}", f"{NAMES[contract]} made"),
        )
    }

    def after_hand(self, state: HandState) -> None:
        if not isinstance(state, TarotHand) or state.taker != self.seat or state.contract is None:
            return
        self.counts[f"taken_{state.contract}"] += 1
        if state.result is not None and state.result.made:
            self.counts[f"made_{state.contract}"] += 1
