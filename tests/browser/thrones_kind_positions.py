"""Positions of `thrones` where some seat must make a decision of a given kind
(thrones_decisions.KINDS): found by random games from seeds, kept as a config and an action
prefix in tests/browser/data/thrones-positions.json (written by tools/thrones_positions.py).

The finder is deterministic: seed ``s`` drives a ``random.Random(s)`` that picks each action,
preferring (half the time) an action of a kind not found yet, so rare kinds (a card ability,
retreat losses, a wildling reward) turn up within a few games. For each kind the shortest
prefix over all games is kept. Actions are stored compactly: ``[seat, type, field values...]``
in the order of THRONES_ACTION_FIELDS.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from thrones_decisions import KINDS, kinds_now

import ravenry
from ravenry.games.thrones.rules import THRONES_ACTION_FIELDS

FIXTURE = Path(__file__).resolve().parent / "data" / "thrones-positions.json"
MAX_ACTIONS = 4000


def new_state(players: int, seed: int, **options: Any) -> Any:
    return ravenry.new_game("thrones", players=players, seed=seed, rng="keyed", **options)


def pack(seat: int, action: tuple[Any, ...]) -> list[Any]:
    return [seat, *action]


def unpack(row: list[Any]) -> tuple[int, tuple[Any, ...]]:
    return int(row[0]), tuple(row[1:])


def to_json(action: tuple[Any, ...]) -> dict[str, Any]:
    names = [n for n, _ in THRONES_ACTION_FIELDS[action[0]]]
    return {"type": action[0], **dict(zip(names, action[1:], strict=True))}


def replay(players: int, seed: int, prefix: list[list[Any]], **options: Any) -> Any:
    state = new_state(players, seed, **options)
    for row in prefix:
        seat, action = unpack(row)
        state.apply(seat, action)
    return state


def explore(players: int, seed: int, found: dict[str, dict[str, Any]]) -> int:
    """Play one game; record in ``found`` each kind met with a shorter prefix than known.
    Returns the number of actions played."""
    rng = random.Random(seed * 7919 + players)
    state = new_state(players, seed)
    prefix: list[list[Any]] = []
    while not state.decision().result and len(prefix) < MAX_ACTIONS:
        now = kinds_now(state)
        for kind, options in now.items():
            known = found.get(kind)
            if known is None or len(known["prefix"]) > len(prefix):
                seat, action = options[0]
                found[kind] = {
                    "players": players,
                    "seed": seed,
                    "seat": seat,
                    "prefix": list(prefix),
                    "example": pack(seat, action),
                }
        unseen = [k for k in now if k not in found or k not in KINDS]
        if unseen and rng.random() < 0.5:
            seat, action = rng.choice(now[rng.choice(sorted(unseen))])
        else:
            options = [o for k in sorted(now) for o in now[k]]
            seat, action = rng.choice(options)
        state.apply(seat, action)
        prefix.append(pack(seat, action))
    return len(prefix)


def find(seeds: range, players: tuple[int, ...] = (3, 4, 5)) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for seed in seeds:
        for n in players:
            explore(n, seed, found)
    return found


def load() -> dict[str, dict[str, Any]]:
    positions: dict[str, dict[str, Any]] = json.loads(FIXTURE.read_text())["positions"]
    return positions


def save(found: dict[str, dict[str, Any]], seeds: range) -> None:
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    ordered = {k: found[k] for k in KINDS if k in found}
    doc = {
        "about": "thrones positions by decision kind: tools/thrones_positions.py writes this file",
        "seeds": [seeds.start, seeds.stop],
        "missing": [k for k in KINDS if k not in found],
        "positions": ordered,
    }
    lines = [
        '{\n  "about": ' + json.dumps(doc["about"]) + ",",
        '  "seeds": ' + json.dumps(doc["seeds"]) + ",",
    ]
    lines.append('  "missing": ' + json.dumps(doc["missing"]) + ",")
    lines.append('  "positions": {')
    items = []
    for kind, pos in ordered.items():
        head = {k: v for k, v in pos.items() if k != "prefix"}
        items.append(
            f"    {json.dumps(kind)}: {{"
            + json.dumps(head)[1:-1]
            + ', "prefix": ['
            + ", ".join(json.dumps(r, separators=(",", ":")) for r in pos["prefix"])
            + "]}"
        )
    lines.append(",\n".join(items))
    lines.append("  }\n}\n")
    FIXTURE.write_text("\n".join(lines))
