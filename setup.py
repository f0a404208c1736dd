"""Optional compilation: ``RAVENRY_COMPILE=1 pip install --no-build-isolation .`` (with mypy
installed) compiles the rules cores with mypyc, about 2-3x faster; a plain install stays pure Python.
"""

import os
from pathlib import Path

from setuptools import setup

COMPILED = [
    "src/ravenry/core/draws.py",
    "src/ravenry/core/errors.py",
    "src/ravenry/core/protocol.py",
    "src/ravenry/core/record.py",
    "src/ravenry/core/rng.py",
    *sorted(
        str(p)
        # The shared engine; the variants' own modules subclass it and stay interpreted.
        for game in ("catan", "got_catan", "brotherhood", "thrones")
        for p in Path("src/ravenry/games", game).glob("*.py")
        if p.name not in ("__init__.py", "game.py", "scenario.py", "invariants.py")
    ),
    # The RL observations' fast path (bytes and plain lists out, for numpy to read: the rest of
    # ravenry.rl, numpy's side, stays interpreted).
    "src/ravenry/observations/brotherhood_state.py",
    "src/ravenry/observations/catan_state.py",
    "src/ravenry/observations/floats.py",
    "src/ravenry/observations/lanes.py",
    "src/ravenry/observations/thrones_state.py",
    "src/ravenry/observations/turns.py",
]

ext_modules = []
if os.environ.get("RAVENRY_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
