"""Hook implementations of cardkit_tonk (filled in by the game)."""
