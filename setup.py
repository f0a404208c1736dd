"""Optional compilation: ``RAVENRY_COMPILE=1 pip install --no-build-isolation .`` (with mypy
installed) compiles the rules cores with mypyc, about 2-3x faster; a plain install stays pure Python.
"""

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

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
    "src/ravenry/observations/action_index.py",
    "src/ravenry/observations/brotherhood_state.py",
    "src/ravenry/observations/catan_state.py",
    "src/ravenry/observations/floats.py",
    "src/ravenry/observations/lanes.py",
    "src/ravenry/observations/thrones_state.py",
    "src/ravenry/observations/turns.py",
]


class ParallelBuildExt(build_ext):
    """Compiles an extension's C files on every core at once (setuptools compiles them one by one).

    With ``multi_file`` mypyc writes one C file per module, not one file of all of them: gcc then
    needs about half the CPU time (the build went from about 3:50 to 1:20 on 2 cores), and the
    engine is as fast (``ravenry_playout.py``, ``thrones_speed.py``: the same steps/s within 1%).
    """

    def build_extension(self, ext: Extension) -> None:
        compile_one_by_one: Callable[..., list[str]] = self.compiler.compile

        def compile_in_parallel(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                parts = pool.map(lambda source: compile_one_by_one([source], *args, **kwargs), sources)
                return [obj for part in parts for obj in part]

        self.compiler.compile = compile_in_parallel
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_one_by_one


ext_modules = []
if os.environ.get("RAVENRY_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3", multi_file=True)

setup(ext_modules=ext_modules, cmdclass={"build_ext": ParallelBuildExt})
