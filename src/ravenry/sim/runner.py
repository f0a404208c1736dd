"""Play one game between bots through the public protocol and summarise it.

The runner asks :meth:`~ravenry.core.protocol.GameState.decision` who must act, asks each such
seat's bot through :class:`~ravenry.bots.base.BotSeat` (the path of
:func:`~ravenry.bots.base.bot_decide`, which the server uses too: that seat's view, legal
actions and, for bots that want them, action templates), and applies the answers. For a
simultaneous decision every deciding bot answers from the same moment's view before any answer
is applied (seat order), so nobody sees another's simultaneous choice. A seat with a single
legal action (and no template) is not asked. Games that pass the turn cap stop and are reported
as unfinished.

Optional bot attributes save work: ``excluded_actions`` (action types the bot never chooses;
the rules then need not even list them, unless nothing else is left), ``uses_view = False``
(the bot ignores the view, so none is built: it gets an empty dict) and ``uses_templates``
(only then are the action templates built). The summary carries the game's registered extras
(:mod:`ravenry.sim.extras`), read from the final spectator view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ravenry.bots.base import Bot, BotSeat, bot_from_spec, bot_label
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, GameState
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.sim.extras import ExtraValue, game_extras

DEFAULT_TURN_CAP = 1000
# A safety net for games that do not count turns: at most this many actions per allowed turn.
STEPS_PER_TURN_LIMIT = 500
_MASK64 = (1 << 64) - 1


def derive_seed(base: int, index: int) -> int:
    """A well-mixed 63-bit seed for item ``index`` of a run seeded with ``base`` (SplitMix64)."""
    z = (base * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) >> 1


class BotError(RuntimeError):
    """A bot answered with an action the rules refused."""


@dataclass(frozen=True)
class GameSummary:
    """How one game went. ``winners`` is empty for an unfinished (capped) game."""

    game_id: str
    seed: int
    bots: tuple[str, ...]  # bot kind per seat
    finished: bool
    winners: tuple[int, ...]
    reason: str
    turns: int
    scores: tuple[int, ...]
    steps: int
    # The game's own facts about the end (see ravenry.sim.extras): per game, and per seat.
    extras: Mapping[str, ExtraValue] = field(default_factory=dict)
    seat_extras: Mapping[str, tuple[float, ...]] = field(default_factory=dict)

    @property
    def winner(self) -> int | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "seed": self.seed,
            "bots": list(self.bots),
            "finished": self.finished,
            "winners": list(self.winners),
            "reason": self.reason,
            "turns": self.turns,
            "scores": list(self.scores),
            "steps": self.steps,
            "extras": dict(self.extras),
            "seat_extras": {k: list(v) for k, v in self.seat_extras.items()},
        }


def play_game(
    game_id: str,
    players: int,
    seed: int,
    bots: Sequence[Bot | str],
    turn_cap: int = DEFAULT_TURN_CAP,
    options: Mapping[str, Any] | None = None,
) -> GameSummary:
    """Play one game. ``bots`` holds one bot (or bot spec such as ``"random:offers=false"``)
    per seat; each seat's bot gets its own RNG derived from ``seed``."""
    return run_game(game_id, players, seed, bots, turn_cap, options)[0]


def run_game(
    game_id: str,
    players: int,
    seed: int,
    bots: Sequence[Bot | str],
    turn_cap: int = DEFAULT_TURN_CAP,
    options: Mapping[str, Any] | None = None,
) -> tuple[GameSummary, GameState]:
    """:func:`play_game`, also returning the final state (for displays and records)."""
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bots)}")
    state = new_game(game_id, players=players, seed=seed, **dict(options or {}))
    return play_state(state, bots, seed, turn_cap), state


def play_state(
    state: GameState, bots: Sequence[Bot | str], seed: int, turn_cap: int = DEFAULT_TURN_CAP
) -> GameSummary:
    """Play ``state`` (a new game or any position) to its end or the turn cap, in place.
    ``seed`` seeds the bots' RNGs and is reported in the summary."""
    game_id = state.game.id
    players = state.config.players
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bots)}")
    if turn_cap < 1:
        raise ValueError("turn_cap must be at least 1")
    # Per seat: the bot with what it declares it needs (read once) and its own RNG.
    deciders = [BotSeat(bot_from_spec(b, game_id) if isinstance(b, str) else b) for b in bots]
    rngs = [Rng.from_seed(derive_seed(seed, p)) for p in range(players)]
    labels = tuple(bot_label(b) for b in bots)
    max_steps = turn_cap * STEPS_PER_TURN_LIMIT
    steps = 0
    # The loop runs once per action of every game a simulation plays: it calls the bots and the
    # rules directly (no helper per step), which keeps `simulate` close to a bare playout loop.
    while True:
        decision = state.decision()
        result = decision.result
        turn = state.turn_number()
        if result is not None:
            finished, winners, reason, scores = True, result.winners, result.reason, result.scores
            break
        if turn > turn_cap or steps >= max_steps:
            capped = steps < max_steps
            reason = f"turn cap {turn_cap} reached" if capped else f"step limit {max_steps} reached"
            # The turn that has just begun is not played: report the turns completed.
            turn = min(turn, turn_cap) if capped else turn
            finished, winners, scores = False, (), state.scores()
            break
        if not decision.simultaneous:
            p = decision.players[0]
            try:
                action = deciders[p].decide(state, p, rngs[p])
            except (ValueError, IllegalAction) as exc:
                raise _bot_failed(state, p, exc) from exc
            try:
                state.apply(p, action)
            except IllegalAction as exc:
                raise _illegal(state, p, action, labels[p], seed, exc) from exc
            steps += 1
            continue
        # Every simultaneous answer is chosen before any is applied: nobody sees another's choice.
        answers = []
        for p in sorted(decision.players):
            try:
                answers.append((p, deciders[p].decide(state, p, rngs[p])))
            except (ValueError, IllegalAction) as exc:
                raise _bot_failed(state, p, exc) from exc
        for p, action in answers:
            # An earlier simultaneous answer may already have closed this decision.
            if p in state.decision().players:
                try:
                    state.apply(p, action)
                except IllegalAction as exc:
                    raise _illegal(state, p, action, labels[p], seed, exc) from exc
                steps += 1
    extras = game_extras(state)
    return GameSummary(
        game_id, seed, labels, finished, winners, reason, turn, scores, steps, extras.values, extras.per_seat
    )


def _bot_failed(state: GameState, seat: int, exc: Exception) -> BotError:
    if isinstance(exc, IllegalAction):  # a bot's JSON answer the codec could not read
        return BotError(f"{state.game.id}: the bot at seat {seat} answered junk: {exc.reason}")
    return BotError(f"seat {seat} must decide but has no legal action")


def _illegal(
    state: GameState, seat: int, action: Action, label: str, seed: int, exc: IllegalAction
) -> BotError:
    return BotError(
        f"{state.game.id} seed {seed}: bot {label!r} at seat {seat} chose {action!r}: {exc.reason}"
    )
