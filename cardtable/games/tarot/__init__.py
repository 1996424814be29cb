"""French Tarot (78 cards, 3 to 5 players, bidding, chien, poignées and chelem): rules in ``rules.py``."""

from .rules import RULES

__all__ = ["RULES"]
