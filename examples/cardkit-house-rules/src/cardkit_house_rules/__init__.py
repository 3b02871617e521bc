"""cardkit_house_rules: house rules and presets for Palace and Tonk."""
