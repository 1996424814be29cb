"""Truco (Paulista, with the Mineiro variant; 2, 4 or 6 players): the rule book in ``rules.py``, the computer
player in ``ai.py``, joined here so that the rules never import the player that reads them."""

from .argentino_ai import HeuristicByVariant
from .rules import RULES

# The heuristic level hands Paulista and Mineiro views to their player, Argentino views to its own.
RULES.add_level("heuristic", HeuristicByVariant)

__all__ = ["RULES"]
