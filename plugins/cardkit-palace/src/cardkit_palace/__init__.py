"""cardkit_palace: a cardkit game plugin."""
