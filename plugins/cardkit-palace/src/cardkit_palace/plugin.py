"""Hook implementations of cardkit_palace (filled in by the game)."""
