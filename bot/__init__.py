"""The Discord layer: thin cogs over the game service, one translation layer, persistent views.

Run with ``python -m bot`` (needs ``DISCORD_TOKEN``), try it offline with
``python -m bot sandbox``.
"""
