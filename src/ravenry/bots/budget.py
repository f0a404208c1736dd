"""A search bot's budget per decision — iterations (``iters``, reproducible) or wall-clock
milliseconds (``ms``) — and the checks of its whole-number options: one place for every search
bot kind (``bots/search.py`` for the Catan family, ``bots/thrones_search.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

DEFAULT_MS: Final = 500  # given neither budget
MAX_ITERS: Final = 1_000_000  # the iterations of a bot with only a time budget


def check_whole_numbers(options: Sequence[tuple[str, object, int]]) -> None:
    """Raise :class:`ValueError` unless each ``(name, value, least)`` is None or an int >= least."""
    for name, value, least in options:
        if value is not None and (type(value) is not int or value < least):
            raise ValueError(f"{name} must be a whole number of at least {least}")


def decision_budget(iters: int | None, ms: float | None) -> tuple[int, float | None]:
    """``(iterations, milliseconds)`` a decision may spend: given neither, ``DEFAULT_MS``; given
    only ``ms``, ``MAX_ITERS`` iterations; given both, whichever ends first. Checks both."""
    check_whole_numbers((("iters", iters, 1),))
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, (int, float)) or ms <= 0):
        raise ValueError("ms must be a positive number of milliseconds")
    if iters is None and ms is None:
        ms = DEFAULT_MS
    return (iters if iters is not None else MAX_ITERS), ms
