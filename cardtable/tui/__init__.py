"""The terminal table: the only package that imports Textual."""
