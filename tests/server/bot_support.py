"""Bots for the bot-pool tests, in a module of their own: a worker process unpickles a bot by
importing its class's module, and this one is light (no test framework to import)."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ravenry.core.rng import Rng

GATE_TIMEOUT = 30.0  # a gate nobody opens stops holding the bot after this many seconds


class GateBot:
    """Thinks until the test opens its gate (the file ``DIR/open`` appears), then takes the first
    legal action. Each time it starts thinking it appends its process id to ``DIR/thoughts``, so a
    test knows that (and where) a bot is thinking without reading any clock."""

    kind = "gate"
    uses_view = False

    def __init__(self, dir: str = "") -> None:
        self.dir = dir

    def act(self, view: dict[str, Any], legal: Sequence[Any], rng: Rng) -> Any:
        folder = Path(self.dir)
        with (folder / "thoughts").open("a") as log:
            log.write(f"{os.getpid()}\n")
        deadline = time.monotonic() + GATE_TIMEOUT
        while not (folder / "open").exists() and time.monotonic() < deadline:
            time.sleep(0.005)
        return legal[0]


def thoughts(folder: Path) -> list[int]:
    """The process ids of every thought the gate bots of ``folder`` started, in order."""
    path = folder / "thoughts"
    return [int(line) for line in path.read_text().split()] if path.exists() else []


def wait_for(condition: Any, what: str, timeout: float = 30.0) -> None:
    """Poll ``condition()`` until it is true; fail with ``what`` after ``timeout`` seconds (a
    guard against a hang, not a measurement)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)
