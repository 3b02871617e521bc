"""Hook implementations of cardkit_crazyeights (filled in by the game)."""
