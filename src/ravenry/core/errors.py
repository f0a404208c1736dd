"""Errors raised by the protocol. Each carries a human-readable reason.

Reasons may quote untrusted input, but only through :func:`describe`: a short prefix of a plain
value, or the name of its type, so that no caller can make an error message large, slow to
build, or run code of its own (a ``__repr__``).
"""

from __future__ import annotations

from typing import Final

ECHO_LIMIT: Final = 40  # characters of untrusted input an error message may quote


class IllegalAction(Exception):
    """An action that the rules do not allow now. The state is left untouched."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedAction(IllegalAction):
    """Input that does not even describe an action of this game (bad JSON shape, unknown type)."""


class NotYourTurn(IllegalAction):
    """The player is not among those who must decide now."""


class InvalidSeat(IllegalAction):
    """Not a seat of this game: seats are the integers 0 to players - 1 (never negative indexes)."""


class GameOver(IllegalAction):
    """The game has ended; nobody may act."""


# The refusals of a seat that may not act now, worded once: the rules raise them and a server
# that checks the turn before the rules do (ravenry.server.live) answers with the same words.
def game_over() -> GameOver:
    return GameOver("the game is over")


def not_your_turn(seat: int, deciding: tuple[int, ...]) -> NotYourTurn:
    who = ", ".join(str(p) for p in deciding)
    return NotYourTurn(f"player {seat} may not act now; waiting for player(s) {who}")


def _cut(text: str) -> str:
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 3] + "..."


def describe(value: object) -> str:
    """A short, safe description of an untrusted value for an error message.

    Only exact ``None``, ``bool``, ``int``, ``float`` and ``str`` values are quoted (cut to
    :data:`ECHO_LIMIT` characters); anything else is named by its type, so no user-defined
    ``__repr__`` runs and no nested container is walked."""
    kind = type(value)
    if value is None or kind is bool or kind is float:
        return _cut(repr(value))
    if isinstance(value, int) and kind is int:
        if -(10**30) < value < 10**30:
            return repr(value)
        return "a very large integer"
    if isinstance(value, str) and kind is str:
        return _cut(repr(value[: ECHO_LIMIT + 1]))
    if kind is tuple or kind is list or kind is dict:
        return f"a {kind.__name__}"
    return _cut(f"an object of type {kind.__name__}")
