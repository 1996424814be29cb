"""Truco (Paulista, with the Mineiro variant; 2, 4 or 6 players): the rule book in ``rules.py``, the computer
player in ``ai.py``, joined here so that the rules never import the player that reads them."""

from .ai import TrucoHeuristic
from .rules import RULES

RULES.add_level("heuristic", TrucoHeuristic)

__all__ = ["RULES"]
