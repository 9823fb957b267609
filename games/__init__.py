"""The service layer: a game's life (create, join, start, answer, persist, notify).

It is the only code that holds per-game locks and talks to storage; ``bot/`` calls it,
and it calls ``engines/``.
"""
