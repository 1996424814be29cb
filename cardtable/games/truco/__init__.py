"""Truco (Paulista, with the Mineiro variant; 2, 4 or 6 players): rules in ``rules.py``."""

from .rules import RULES

__all__ = ["RULES"]
