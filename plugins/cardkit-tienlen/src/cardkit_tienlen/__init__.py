"""cardkit_tienlen: a cardkit game plugin."""
