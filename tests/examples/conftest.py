"""The tutorial's game (examples/liars_dice) for its tests. The dev install (``make``) and the
compiled build's venv (``make test-compiled``) install it with its entry point; an install without
it imports it from the tree and declares it with ``registry.register`` for the session."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ravenry.core.registry import available_games, registered

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "liars_dice"
if str(EXAMPLE) not in sys.path:
    sys.path.append(str(EXAMPLE))


@pytest.fixture(scope="session", autouse=True)
def liars_dice_declared() -> Iterator[None]:
    if "liars-dice" in available_games():
        yield
        return
    from liars_dice import DECLARATION

    with registered(DECLARATION):
        yield
