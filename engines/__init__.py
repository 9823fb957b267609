"""Pure rules engines: no Discord, SQL, images or asyncio here.

Each game is a package (``engines.duel`` ...) whose ``__init__`` exports ``ENGINE``, an
:class:`engines.core.Engine` named like the package; ``engines.registry`` discovers them
(adding a game edits no list). ``engines.core`` holds what every game shares: the
contract, suspension (``core.suspend``), the undo window (``core.undo``) and the random
playout (``core.playout``). Use :func:`engines.registry.get_engine` to look one up by name.
"""
