"""Manille (Belgian and French, 32 cards, the 10 highest): the rule book in ``rules.py``, the computer player
in ``ai.py``, joined here so that the rules never import the player that reads them."""

from .ai import ManilleHeuristic
from .rules import RULES

RULES.add_level("heuristic", ManilleHeuristic)

__all__ = ["RULES"]
