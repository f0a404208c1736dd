"""Which build of ravenry is running: pure Python, or the rules cores compiled with mypyc.

``setup.py`` compiles the rules cores when ``RAVENRY_COMPILE=1`` (``make compiled`` builds such an
environment); both builds play the very same games, the compiled one about three times faster.
"""

from __future__ import annotations

import importlib
import importlib.machinery

# A module setup.py compiles: imported from a .py file, the install is the pure one.
COMPILED_PROBE_MODULE = "ravenry.games.catan.rules"


def probe_file() -> str:
    """The file the probe module was imported from."""
    return importlib.import_module(COMPILED_PROBE_MODULE).__file__ or ""


def compiled() -> bool:
    """Whether the running ravenry is the mypyc build (its rules are an extension module)."""
    return probe_file().endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def build_name() -> str:
    return "compiled (mypyc)" if compiled() else "pure Python"
