"""The database schema as numbered SQL files (``NNNN_name.sql``), shipped as package data
and applied in order at start-up by ``games.storage.migrate``."""
