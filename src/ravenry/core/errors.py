"""Errors raised by the protocol. Each carries a human-readable reason."""


class IllegalAction(Exception):
    """An action that the rules do not allow now. The state is left untouched."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedAction(IllegalAction):
    """Input that does not even describe an action of this game (bad JSON shape, unknown type)."""


class NotYourTurn(IllegalAction):
    """The player is not among those who must decide now."""


class GameOver(IllegalAction):
    """The game has ended; nobody may act."""
