"""The game-agnostic core: cards, records, the game interface, players, the match loop.  No Textual here."""
