"""Clocks of a game table: the ``clock`` and ``away_after`` options, each seat's clock, and the
wall clock the server reads (injectable, so tests drive a fake one and never sleep).

The rules cores never see time. A deadline is an absolute wall-clock time (seconds since the
epoch) kept per seat in the database; when it passes, the server makes the seat's choice with a
bot that sees only that seat's view and commits it like any move (``timekeeper``). Modes:

- ``none``: no clock.
- ``move:S``: every decision of a person gets S seconds (a live game, 5 s to 1 h).
- ``chess:B+I``: each person has a bank of B seconds that runs while they decide, plus I seconds
  after each decision (a chess clock with increment). A timeout empties the bank (then + I).
- ``slow:S``: an asynchronous game, S seconds per decision (1 h to 14 days).

The table's third option, ``rated`` (true or false, :func:`check_rated`), needs a clock: a rated
game is played to its end, a stand-in bot playing a seat whose time ran out.

Durations are whole seconds, or a number with ``s``, ``m``, ``h`` or ``d`` (``chess:10m+5s``,
``slow:24h``).
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

# The options the table (not the rules) owns; they are stored with the game's other options.
TABLE_OPTIONS = ("clock", "away_after", "rated")
DEFAULT_AWAY_AFTER = 2
AWAY_AFTER_RANGE = (1, 20)
MOVES_REMEMBERED = 16  # clocks kept for undo: more than the rules let be taken back in a row

# name: (lowest, highest) seconds per decision or bank
_RANGES = {"move": (5.0, 3600.0), "chess": (30.0, 4 * 3600.0), "slow": (3600.0, 14 * 86400.0)}
_INCREMENT_MAX = 600.0
_UNITS = {"": 1.0, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_DURATION = re.compile(r"^(\d{1,7})([smhd]?)$")

# What the lobby offers (any other valid spec is accepted through the API).
CLOCK_PRESETS: list[tuple[str, str]] = [
    ("none", "No clock"),
    ("move:60", "Live: 60 s per decision"),
    ("move:30", "Live, fast: 30 s per decision"),
    ("chess:10m+5s", "Chess clock: 10 min each, +5 s a decision"),
    ("chess:30m+10s", "Chess clock: 30 min each, +10 s a decision"),
    ("slow:24h", "Slow (asynchronous): 24 h per decision"),
]


@dataclass(frozen=True)
class ClockSpec:
    mode: str  # none | move | chess | slow
    seconds: float = 0.0  # per decision (move, slow) or the starting bank (chess)
    increment: float = 0.0  # chess only

    @property
    def on(self) -> bool:
        return self.mode != "none"

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "seconds": self.seconds, "increment": self.increment}


NO_CLOCK = ClockSpec("none")


def _duration(text: str, what: str) -> float:
    match = _DURATION.match(text.strip().lower())
    if match is None:
        raise ValueError(f"{what} must be whole seconds or a number with s, m, h or d (like 90, 10m, 24h)")
    return int(match.group(1)) * _UNITS[match.group(2)]


def _seconds(value: float) -> str:
    return f"{value:g} s"


def parse_clock(value: object) -> ClockSpec:
    """The clock a ``clock`` option asks for; ValueError with the reason if it is not one."""
    if value is None:
        return NO_CLOCK
    if not isinstance(value, str):
        raise ValueError("option 'clock' must be text such as none, move:60, chess:10m+5s or slow:24h")
    text = value.strip().lower()
    if text == "none":
        return NO_CLOCK
    mode, sep, rest = text.partition(":")
    if not sep or mode not in _RANGES:
        raise ValueError("option 'clock' must be none, move:S, chess:B+I or slow:S (like move:60, slow:24h)")
    increment = 0.0
    if mode == "chess":
        bank_text, plus, increment_text = rest.partition("+")
        seconds = _duration(bank_text, "a chess clock's bank")
        if plus:
            increment = _duration(increment_text, "a chess clock's increment")
        if increment > _INCREMENT_MAX:
            raise ValueError(f"a chess clock's increment may be at most {_seconds(_INCREMENT_MAX)}")
    else:
        seconds = _duration(rest, f"a {mode} clock's time")
    low, high = _RANGES[mode]
    if not low <= seconds <= high:
        raise ValueError(f"a {mode} clock takes {_seconds(low)} to {_seconds(high)}, not {_seconds(seconds)}")
    return ClockSpec(mode, seconds, increment)


def parse_away_after(value: object) -> int:
    if value is None:
        return DEFAULT_AWAY_AFTER
    low, high = AWAY_AFTER_RANGE
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"option 'away_after' must be a whole number from {low} to {high}")
    return value


def parse_rated(value: object) -> bool:
    """Whether the game is rated (issue 31 §4: its accounts' ratings change when it ends)."""
    if value is None:
        return False
    if type(value) is not bool:
        raise ValueError("option 'rated' must be true or false")
    return value


def check_rated(options: Mapping[str, object]) -> None:
    """A rated game needs a clock (nobody stalls a rated game forever: a stand-in bot plays a
    seat whose time ran out) and no ``undo`` (the Catan family's option: a rated move is
    final). ValueError with the reason otherwise."""
    if not parse_rated(options.get("rated")):
        return
    if not parse_clock(options.get("clock")).on:
        raise ValueError(
            "a rated game needs a clock (option 'clock', e.g. move:60, chess:10m+5s or slow:24h)"
        )
    if options.get("undo") is True:
        raise ValueError("a rated game cannot allow undo (option 'undo'): its moves are final")


def table_options(options: Mapping[str, object]) -> tuple[ClockSpec, int]:
    """The clock and the timeouts in a row after which a seat is away, from a game's options."""
    return parse_clock(options.get("clock")), parse_away_after(options.get("away_after"))


def option_specs() -> list[dict[str, Any]]:
    """The table options as the lobby shows them (beside each game's own options)."""
    return [
        {
            "name": "clock",
            "table": True,  # the lobby shows the table's options apart from the game's
            "default": "none",
            "choices": [spec for spec, _label in CLOCK_PRESETS],
            "labels": [label for _spec, label in CLOCK_PRESETS],
            "description": "Time per decision; when it runs out a bot makes that seat's choice.",
        },
        {
            "name": "away_after",
            "table": True,
            "default": DEFAULT_AWAY_AFTER,
            "choices": [1, 2, 3, 5],
            "labels": [f"away after {n} timeout{'s' if n > 1 else ''} in a row" for n in (1, 2, 3, 5)],
            "description": "Timeouts in a row after which a bot plays the seat until its person is back.",
        },
        {
            "name": "rated",
            "table": True,
            "default": False,
            "choices": [False, True],
            "labels": ["not rated", "rated (needs a clock; counts when two accounts play)"],
            "description": "A rated game changes the ratings of the accounts seated in it when it ends.",
        },
    ]


@dataclass
class SeatClock:
    """One person's clock: a running deadline (absolute) while they decide; in chess mode the bank
    left while they do not. ``timeouts`` counts timeouts in a row; ``away``: a bot plays the seat."""

    deadline: float | None = None
    bank: float | None = None
    timeouts: int = 0
    away: bool = False
    # (deadline, bank) before each of the person's moves in the decision now, newest last: an
    # undo (the Catan family's option) puts the clock back as it stood before the move it takes
    # back. Kept in memory only: after a restart an undo just leaves the clock running.
    before_moves: list[tuple[float | None, float | None]] = field(default_factory=list)

    def start(self, spec: ClockSpec, now: float) -> None:
        if spec.mode == "chess":
            if self.bank is None:
                self.bank = spec.seconds
            self.deadline = now + self.bank
        elif spec.on:
            self.deadline = now + spec.seconds

    def stop(self, spec: ClockSpec, now: float, timed_out: bool = False, moved: bool = False) -> None:
        """The seat stopped deciding: in chess mode the time it used leaves its bank, and the
        increment is added (after a timeout too: the bank is then just the increment).
        ``moved``: it was the person's own move (see :meth:`moved`), which an undo may take back."""
        if moved:
            self.before_moves.append((self.deadline, self.bank))
            del self.before_moves[:-MOVES_REMEMBERED]
        else:
            self.before_moves.clear()
        if self.deadline is not None and spec.mode == "chess":
            left = 0.0 if timed_out else max(0.0, self.deadline - now)
            self.bank = left + spec.increment
        self.deadline = None

    def moved(self, spec: ClockSpec, now: float, undo: bool) -> None:
        """The person's own move: the clock stops (see :meth:`stop`). An ``undo`` does not stop
        it: the clock stands again as before the move it took back (that deadline, that bank), so
        that moves taken back never gain time (no fresh move clock, no increment)."""
        if not undo:
            self.stop(spec, now, moved=True)
        elif self.before_moves:
            self.deadline, self.bank = self.before_moves.pop()

    def remaining(self, spec: ClockSpec, now: float) -> float | None:
        if self.deadline is not None:
            return max(0.0, self.deadline - now)
        return self.bank if spec.mode == "chess" else None


class WallClock(Protocol):
    """Where the server reads the time and waits for a deadline."""

    def now(self) -> float: ...

    async def sleep_until(self, when: float) -> None: ...


class SystemClock:
    """The real wall clock. Waits are cut into slices of at most a minute, so a day-long deadline
    still fires on time if the system clock is set while it waits."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        while (left := when - time.time()) > 0:
            await asyncio.sleep(min(left, 60.0))


class ManualClock:
    """A clock that moves only when told (:meth:`advance`), from any thread: the tests' clock.
    A waiter wakes on its own event loop once the time reaches its deadline."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._waiters: list[tuple[float, asyncio.AbstractEventLoop, asyncio.Future[None]]] = []
        self._lock = threading.Lock()  # advance() runs on the test's thread, waiters on the server's

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += seconds
            due = [w for w in self._waiters if w[0] <= self._now]
            self._waiters = [w for w in self._waiters if w[0] > self._now]
        for _when, loop, future in due:
            loop.call_soon_threadsafe(_wake, future)

    async def sleep_until(self, when: float) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        entry = (when, loop, future)
        with self._lock:
            if when <= self._now:
                future.set_result(None)
            else:
                self._waiters.append(entry)
        try:
            await future
        finally:
            with self._lock:
                if entry in self._waiters:
                    self._waiters.remove(entry)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
