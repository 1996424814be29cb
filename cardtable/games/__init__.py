"""The games.  Each package holds one game's rules, scoring and computer player side by side."""
