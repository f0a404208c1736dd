"""Numeric observations written straight from a game's state, compiled with the rules cores.

A module here reads a state and writes the very numbers ``ravenry.rl.encoding`` would write from
the seat's view (only what that view shows), as the bytes of float32 numbers (``floats``), for
the RL environments' fast path. It lives outside ``ravenry.rl`` because mypyc compiles it with
the rules cores: ``ravenry.rl``'s package imports numpy and gymnasium, which a compiled build
does not need to have installed.
Layers: ``core`` and ``games`` below, ``ravenry.rl`` above.
"""
