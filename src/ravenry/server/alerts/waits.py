"""What a wait is, and when it is alerted.

A seat *waits* (the game waits for it) from the action after which it became one of those
deciding (``state.decision().players``) until it no longer is. A wait is named by (game, seat,
the seq at which it began): several actions of one turn (a Catan turn's builds, another seat's
answer in a simultaneous phase) do not begin a new one, so a seat hears of its turn once.

:class:`WaitStarts` follows one game's states (the live game feeds it every committed state, and
its restore every replayed one, so that a wait keeps its name across a restart). What to alert
is decided from it by :func:`alerts_due`: the running game's human seats that wait and are not
played by a bot (away), each alert a :class:`Wait` of kind ``turn``; a slow game's reminder is
the same wait's kind ``reminder``, due when a quarter of the seat's time is left
(:func:`reminder_time`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ravenry.core.protocol import GameState

__all__ = ["Wait", "WaitStarts", "alerts_due", "reminder_time"]


@dataclass(frozen=True)
class Wait:
    game_id: str
    seat: int
    seq: int  # the seq at which the wait began
    kind: str = "turn"  # turn | reminder


@dataclass
class WaitStarts:
    """For each seat deciding now, the seq at which it began to (one game's)."""

    starts: dict[int, int] = field(default_factory=dict)
    seq: int | None = None  # the seq of the last state seen (None: none yet)

    def see(self, seq: int, state: GameState) -> None:
        decision = state.decision()
        deciding = set() if decision.result is not None else set(decision.players)
        self.starts = {s: self.starts.get(s, seq) for s in sorted(deciding)}
        self.seq = seq


def alerts_due(
    game_id: str, status: str, starts: WaitStarts, seats: Iterable[tuple[int, str, bool]]
) -> list[Wait]:
    """The waits a running game has now that may be alerted; ``seats``: (seat, kind, away) of
    each. Human seats only: never a bot, never a seat a bot plays for (away)."""
    if status != "running":
        return []
    return [
        Wait(game_id, seat, starts.starts[seat])
        for seat, kind, away in seats
        if seat in starts.starts and kind == "human" and not away
    ]


def reminder_time(mode: str, seconds: float, deadline: float | None, fraction: float) -> float | None:
    """When a slow game's reminder is due (``fraction`` of the seat's time left), or None: only
    slow clocks (``slow:24h``) get one; live games are played with the page open."""
    if mode != "slow" or deadline is None or seconds <= 0:
        return None
    return deadline - seconds * fraction
