"""The two ways an input can be wrong: its form (a malformed record) or its legality (a rule broken)."""

from __future__ import annotations


class RecordError(ValueError):
    """A record, option or action that does not have the required form; ``reason`` names the field."""

    def __init__(self, reason: str, hand: int | None = None, action: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hand = hand
        self.action = action

    def to_json(self) -> dict[str, object]:
        return {"hand": self.hand, "action": self.action, "reason": self.reason}


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow at this point; ``reason`` is a player's sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
