"""cardkit_tonk: a cardkit game plugin."""
