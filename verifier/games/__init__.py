"""Game-specific properties, one module per game (found automatically)."""
