"""Malilla (Mexican, 40 Spanish cards, the 7 highest, trump from the dealer's turned card): rules in ``rules.py``."""

from .rules import RULES

__all__ = ["RULES"]
