"""A simulation's results streamed to a JSON-lines file, one line per finished game, and resumed.

The first line is a header naming the run (``{"ravenry_simulation": 1, "run": {...}}``: game,
players, bots, seed, turn cap, rotation, options); every later line is one finished game,
``{"index": i, "elapsed": s, ...}`` with the fields of :meth:`GameSummary.to_json`. ``index``
is the game's place in the run (its seed is ``derive_seed(seed, index)``), so lines may come in
any order (workers finish out of order) and a game is never written twice. ``elapsed`` is the
run's wall-clock seconds when the game was written, counted over every session that wrote to
the file, so the games/s of a resumed run covers all its games and all the time spent on them.

Each line is written whole and flushed as its game completes, so a run killed at any moment
loses at most the games still in flight: on resume (:meth:`ResultsFile.open`) a torn last line
(no newline: the writer died mid-line) is cut off, the finished games are read back, and only the
missing indices are played. A file from another run (any field of the header differs), a
corrupt line in the middle or a game beyond the run's length is refused with a clear error and
the file is left as it was. Durable against a killed process, not a power cut (no fsync per line).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from ravenry.sim.runner import GameSummary

FORMAT_KEY = "ravenry_simulation"
FORMAT_VERSION = 1


class ResultsFileError(ValueError):
    """The results file cannot be resumed (another run's, corrupt, unreadable); says why."""


def summary_from_json(data: Mapping[str, Any]) -> GameSummary:
    """The :class:`GameSummary` that :meth:`GameSummary.to_json` wrote."""
    return GameSummary(
        game_id=str(data["game"]),
        seed=int(data["seed"]),
        bots=tuple(str(b) for b in data["bots"]),
        finished=bool(data["finished"]),
        winners=tuple(int(w) for w in data["winners"]),
        reason=str(data["reason"]),
        turns=int(data["turns"]),
        scores=tuple(int(s) for s in data["scores"]),
        steps=int(data["steps"]),
        extras=dict(data.get("extras", {})),
        seat_extras={k: tuple(float(x) for x in v) for k, v in data.get("seat_extras", {}).items()},
    )


class ResultsFile:
    """An open results file: the games it already holds, and :meth:`append` for new ones."""

    def __init__(self, path: Path, handle: IO[str], done: dict[int, GameSummary], elapsed: float) -> None:
        self.path = path
        self._handle = handle
        self.done = done  # index -> summary of every game already in the file
        self.elapsed_before = elapsed  # the run's seconds spent in earlier sessions

    @classmethod
    def open(cls, path: Path | str, run: Mapping[str, Any], games: int) -> ResultsFile:
        """Open ``path`` for the run described by ``run`` (JSON-ready), creating it with a header
        if it is missing or empty, else reading the games it holds (a torn last line is cut off)."""
        path = Path(path)
        # Through JSON and back, so the run compares equal to what a header read back holds.
        header = {FORMAT_KEY: FORMAT_VERSION, "run": json.loads(json.dumps(dict(run), sort_keys=True))}
        done: dict[int, GameSummary] = {}
        elapsed = 0.0
        try:
            text = path.read_text(encoding="utf-8") if path.exists() else ""
        except (OSError, UnicodeDecodeError) as exc:
            raise ResultsFileError(f"cannot read {path}: {exc}") from None
        keep = len(text)
        if text:
            lines = text.split("\n")
            if not text.endswith("\n"):
                # The writer died mid-line: that game is played again.
                keep = len(text) - len(lines[-1])
            complete = lines[:-1]
            if not complete:
                raise ResultsFileError(f"{path} has no complete header line; remove it to start afresh")
            _check_header(path, complete[0], header)
            for number, line in enumerate(complete[1:], start=2):
                index, seconds, summary = _read_game(path, number, line, games)
                done[index] = summary
                elapsed = max(elapsed, seconds)
        try:
            handle = path.open("r+" if text else "w", encoding="utf-8")
            if text:
                handle.truncate(len(text[:keep].encode("utf-8")))
                handle.seek(0, os.SEEK_END)
            else:
                handle.write(json.dumps(header, sort_keys=True) + "\n")
                handle.flush()
        except OSError as exc:
            raise ResultsFileError(f"cannot write {path}: {exc.strerror}") from None
        return cls(path, handle, done, elapsed)

    def append(self, index: int, summary: GameSummary, session_seconds: float) -> None:
        """Write one finished game (and flush it: a killed run keeps it)."""
        line = {"index": index, "elapsed": round(self.elapsed_before + session_seconds, 6)}
        line.update(summary.to_json())
        self._handle.write(json.dumps(line) + "\n")
        self._handle.flush()
        self.done[index] = summary

    def close(self) -> None:
        self._handle.close()


def _check_header(path: Path, line: str, expected: Mapping[str, Any]) -> None:
    try:
        found = json.loads(line)
    except json.JSONDecodeError:
        found = None
    if not isinstance(found, dict) or found.get(FORMAT_KEY) != FORMAT_VERSION:
        raise ResultsFileError(f"{path} is not a ravenry results file (version {FORMAT_VERSION})")
    if found.get("run") != expected["run"]:
        theirs, ours = found.get("run") or {}, expected["run"]
        differ = sorted(k for k in set(theirs) | set(ours) if theirs.get(k) != ours.get(k))
        raise ResultsFileError(
            f"{path} holds another run (it differs in {', '.join(differ)}); "
            "use another file or the same game, players, bots, seed, turn cap, rotation and options"
        )


def _read_game(path: Path, number: int, line: str, games: int) -> tuple[int, float, GameSummary]:
    try:
        data = json.loads(line)
        index = int(data["index"])
        seconds = float(data["elapsed"])
        summary = summary_from_json(data)
    except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
        raise ResultsFileError(f"{path} line {number} is not a finished game's record") from None
    if not 0 <= index < games:
        raise ResultsFileError(f"{path} line {number} holds game {index}, beyond a run of {games} games")
    return index, seconds, summary
