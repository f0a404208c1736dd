"""The games, one package each. Each package declares itself (its ``DECLARATION``: engine,
bots, extras, renderer); :mod:`ravenry.core.registry` imports a package lazily, the first time
its game is asked for, from its one list of packages (``GAME_PACKAGES``)."""
