"""Hook implementations of cardkit_tienlen (filled in by the game)."""
