"""Manille (Belgian and French, 32 cards, the 10 highest): rules in ``rules.py``."""

from .rules import RULES

__all__ = ["RULES"]
