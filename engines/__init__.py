"""Pure rules engines: no Discord, SQL, images or asyncio here.

Each game is a package (``engines.duel`` ...) exposing an :class:`engines.core.Engine`.
Use :func:`engines.registry.get_engine` to look one up by name.
"""
