"""The browser client: static files only (``static/``), served by :mod:`ravenry.server`.

The pages are vanilla ES modules with no build step and load nothing from any other host.
:data:`STATIC_DIR` is where the server mounts them from.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

STATIC_DIR: Final = Path(__file__).resolve().parent / "static"
