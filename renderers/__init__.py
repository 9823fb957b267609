"""Board images: pure functions from an engine's view to PNG bytes (no Discord objects)."""
