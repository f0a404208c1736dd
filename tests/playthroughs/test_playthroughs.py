"""Pinned playthroughs (OpenSpiel-style): one seeded bots' game per game and board, its record
and a digest of every state along the way stored in ``golden/``. Any change in behaviour —
a rule, the RNG, the JSON form, the bots — shows up here and must be reviewed.

Regenerate after an intended change with ``RAVENRY_UPDATE_PLAYTHROUGHS=1 pytest tests/playthroughs``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from ravenry.core.record import GameRecord, replay
from ravenry.sim.runner import run_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("catan", 4, 11, {"board": "beginner"}),
    ("catan", 3, 12, {"board": "variable"}),
    ("got-catan", 4, 13, {"board": "standard"}),
    ("got-catan", 3, 14, {"board": "random"}),
    ("brotherhood", 4, 15, {"board": "standard"}),
    ("brotherhood", 3, 16, {"board": "variable"}),
]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _playthrough(game: str, players: int, seed: int, options: dict[str, str]) -> dict[str, object]:
    summary, state = run_game(game, players, seed, ["greedy"] * players, turn_cap=300, options=options)
    record = GameRecord.of(state).to_json()
    # The digest of every intermediate state, replayed through the checked path.
    rebuilt = replay(GameRecord(record["game"], record["config"], []))
    chain = hashlib.sha256()
    for player, action in GameRecord.from_json(record).actions:
        rebuilt.apply(player, action)
        chain.update(rebuilt.to_json_text().encode())
    assert rebuilt == state
    return {
        "game": game,
        "players": players,
        "seed": seed,
        "options": options,
        "winners": list(summary.winners),
        "reason": summary.reason,
        "turns": summary.turns,
        "actions": len(record["actions"]),
        "final_state_sha256": _digest(state.to_json_text()),
        "state_chain_sha256": chain.hexdigest(),
        "record": record,
    }


@pytest.mark.parametrize(("game", "players", "seed", "options"), CASES)
def test_playthrough_is_pinned(game: str, players: int, seed: int, options: dict[str, str]) -> None:
    got = _playthrough(game, players, seed, options)
    path = GOLDEN / f"{game}-{players}p-seed{seed}.json"
    if os.environ.get("RAVENRY_UPDATE_PLAYTHROUGHS") == "1" or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
        if os.environ.get("RAVENRY_UPDATE_PLAYTHROUGHS") != "1":
            pytest.fail(f"{path.name} was missing and has been written: review and commit it")
    want = json.loads(path.read_text())
    for key in ("winners", "reason", "turns", "actions", "final_state_sha256", "state_chain_sha256"):
        assert got[key] == want[key], f"{path.name}: {key} changed ({want[key]!r} -> {got[key]!r})"
    assert got["record"] == want["record"]
