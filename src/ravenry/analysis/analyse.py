"""The analysis of one game record (see the package's docstring for what it holds).

- **Win probability after each step** (``win_probability[k]``: after the first ``k``
  actions): each seat's own chance as the game's evaluator judges it from that seat's view,
  scaled to sum to 1 (:meth:`~ravenry.evaluators.evaluator.Evaluator.table`); the final step is
  the result.
- **Each decision** (a seat's move among two or more legal ones): every legal move is played on
  ``samples`` worlds sampled from what that seat knew then (``sample_hidden``: the others'
  hidden cards and the dice or draws to come redrawn), the same worlds for every move (common
  random numbers), and valued by the evaluator from the seat's view after it. ``loss`` is the
  best move's value less the move played's.
- **Mistakes**: each seat's ``MISTAKES`` decisions of the largest loss above ``MISTAKE_FLOOR``;
  **turning points**: the ``TURNING_POINTS`` steps where a seat's chance moved the most.

Deterministic: the samples are drawn from ``seed`` and the step, so the same record gives the
same analysis.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ravenry.analysis.colours import seat_colours
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, GameState
from ravenry.core.record import GameRecord, _game
from ravenry.core.rng import Rng
from ravenry.evaluators import Evaluator, evaluator_for
from ravenry.sim.runner import derive_seed

SCHEMA: Final = 1
MISTAKES: Final = 3
MISTAKE_FLOOR: Final = 0.02  # a loss of less than two points of win chance is no mistake
TURNING_POINTS: Final = 5
MAX_CHOICES: Final = 48  # the legal moves valued at one decision at most (the played one always)
NOT_CHOICES: Final = frozenset({"undo"})
CATAN_SEATS: Final = ("Red", "Blue", "Orange", "Purple", "White", "Green")


def seat_names(state: GameState) -> list[str]:
    """What the analysis calls each seat: its house in ``thrones``, its colour otherwise."""
    n = state.config.players
    if state.game.id == "thrones":
        houses = state.observe(None).get("houses")
        if isinstance(houses, list) and len(houses) == n:
            return [str(h) for h in houses]
    return [CATAN_SEATS[p] if p < len(CATAN_SEATS) else f"Seat {p + 1}" for p in range(n)]


def _choices(state: GameState, seat: int, played: Action) -> list[Action]:
    legal = [a for a in state.legal_actions(seat) if a[0] not in NOT_CHOICES]
    if played not in legal:  # a parametric move (a trade offer): valued beside the listed ones
        legal.append(played)
    if len(legal) > MAX_CHOICES:
        legal = [played, *[a for a in legal if a != played][: MAX_CHOICES - 1]]
    return legal


def _values(
    evaluator: Evaluator, state: GameState, seat: int, choices: Sequence[Action], samples: int, rng: Rng
) -> list[float | None]:
    """Each choice's mean value for ``seat`` over ``samples`` worlds sampled from its view
    (None for a choice a world refuses)."""
    totals: list[float] = [0.0] * len(choices)
    counts = [0] * len(choices)
    for _ in range(samples):
        world = state.sample_hidden(seat, rng)
        after: list[GameState] = []
        which: list[int] = []
        for i, action in enumerate(choices):
            child = world.clone()
            try:
                child.apply(seat, action)
            except IllegalAction:
                continue
            after.append(child)
            which.append(i)
        for i, v in zip(which, evaluator.values(after, seat), strict=True):
            totals[i] += v
            counts[i] += 1
    return [totals[i] / counts[i] if counts[i] else None for i in range(len(choices))]


def analyse(
    record: GameRecord, samples: int = 4, seed: int = 0, evaluator: Evaluator | None = None
) -> dict[str, Any]:
    """The analysis of ``record`` as JSON-ready data (schema :data:`SCHEMA`; the record is
    replayed through the rules, so an illegal record raises ``IllegalAction``)."""
    if samples < 1:
        raise ValueError("samples must be at least 1")
    game = _game(record.game)
    state: GameState = game.new_state(game.config_from_json(record.config))
    n = state.config.players
    judge = evaluator if evaluator is not None else evaluator_for(game.id, n)
    names = seat_names(state)
    table = [judge.table(state)]
    decisions: list[dict[str, Any]] = []
    for step, (seat, action) in enumerate(record.actions):
        if seat in state.decision().players:
            choices = _choices(state, seat, action)
            if len(choices) > 1:
                rng = Rng.from_seed(derive_seed(seed, step))
                values = _values(judge, state, seat, choices, samples, rng)
                made = values[choices.index(action)]
                scored = [(v, i) for i, v in enumerate(values) if v is not None]
                if made is not None and scored:
                    best_value, best_i = max(scored, key=lambda t: (t[0], -t[1]))
                    decisions.append(
                        {
                            "step": step,
                            "seat": seat,
                            "turn": state.turn_number(),
                            "phase": str(state.observe(None).get("phase", "")),
                            "played": game.action_to_json(action),
                            "value": round(made, 4),
                            "best": game.action_to_json(choices[best_i]),
                            "best_value": round(best_value, 4),
                            "loss": round(max(0.0, best_value - made), 4),
                            "choices": len(choices),
                        }
                    )
        state.apply(seat, action)
        table.append(judge.table(state))
    result = state.decision().result
    mistakes: list[list[dict[str, Any]]] = []
    for p in range(n):
        own = [
            d for d in decisions if d["seat"] == p and d["loss"] >= MISTAKE_FLOOR and d["best"] != d["played"]
        ]
        own.sort(key=lambda d: (-d["loss"], d["step"]))
        mistakes.append(own[:MISTAKES])
    swings = []
    for k in range(1, len(table)):
        for p in range(n):
            delta = table[k][p] - table[k - 1][p]
            swings.append((abs(delta), k, p, delta))
    swings.sort(key=lambda t: (-t[0], t[1], t[2]))
    turning = []
    for _, k, p, _delta in swings[:TURNING_POINTS]:
        by, action = record.actions[k - 1]
        turning.append(
            {
                "step": k,
                "seat": p,
                "before": round(table[k - 1][p], 4),
                "after": round(table[k][p], 4),
                "by": by,
                "action": game.action_to_json(action),
            }
        )
    return {
        "schema": SCHEMA,
        "game": game.id,
        "players": n,
        "seats": names,
        "colours": seat_colours(game.id, names),
        "seed": record.config.get("seed"),
        "finished": result is not None,
        "winners": list(result.winners) if result is not None else [],
        "evaluator": judge.kind,
        "samples": samples,
        "steps": len(record.actions),
        "win_probability": [[round(x, 4) for x in row] for row in table],
        "decisions": decisions,
        "mistakes": mistakes,
        "turning_points": turning,
    }


def _percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def summary_lines(analysis: dict[str, Any]) -> list[str]:
    """The analysis in a few lines of text (what ``ravenry analyse`` prints)."""
    names = analysis["seats"]
    lines = [
        f"{analysis['game']}, {analysis['players']} players, {analysis['steps']} steps "
        f"(evaluator: {analysis['evaluator']}, {analysis['samples']} samples a move)"
    ]
    if analysis["winners"]:
        lines.append("winner: " + ", ".join(names[p] for p in analysis["winners"]))
    lines.append("turning points:")
    for t in analysis["turning_points"]:
        lines.append(
            f"  step {t['step']}: {names[t['seat']]} {_percent(t['before'])} -> {_percent(t['after'])} "
            f"after {names[t['by']]}'s {t['action']}"
        )
    for p, own in enumerate(analysis["mistakes"]):
        if not own:
            lines.append(f"{names[p]}: no mistake found")
            continue
        lines.append(f"{names[p]}'s biggest mistakes:")
        for d in own:
            lines.append(
                f"  step {d['step']} (turn {d['turn']}, {d['phase']}): played {d['played']} "
                f"({_percent(d['value'])}); {d['best']} was worth {_percent(d['best_value'])}"
            )
    return lines
