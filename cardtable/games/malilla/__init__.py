"""Malilla (Mexican, 40 Spanish cards, the 7 highest, trump from the dealer's turned card): the rule book in
``rules.py``, the computer player in ``ai.py``, joined here so that the rules never import the player."""

from .ai import MalillaHeuristic
from .rules import RULES

RULES.add_level("heuristic", MalillaHeuristic)

__all__ = ["RULES"]
