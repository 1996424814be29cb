"""cardtable: traditional partnership and trick-taking card games at a terminal table."""

__version__ = "0.1.0"
