"""cardkit_crazyeights: a cardkit game plugin."""
