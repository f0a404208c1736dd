"""Play one game between bots through the public protocol and summarise it.

The runner asks :meth:`~ravenry.core.protocol.GameState.decision` who must act, shows each such
seat's bot only that seat's view and legal actions, and applies the answers. For a simultaneous
decision every deciding bot answers from the same moment's view before any answer is applied
(seat order), so nobody sees another's simultaneous choice. A seat with a single legal action
is not asked. Games that pass the turn cap stop and are reported as unfinished.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ravenry.bots.base import Bot, bot_from_spec, bot_label
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, GameState
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng

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
    seats: list[Bot] = [bot_from_spec(b, game_id) if isinstance(b, str) else b for b in bots]
    labels = tuple(bot_label(b) for b in bots)
    rngs = [Rng.from_seed(derive_seed(seed, seat)) for seat in range(players)]
    max_steps = turn_cap * STEPS_PER_TURN_LIMIT
    steps = 0
    while True:
        decision = state.decision()
        if decision.result is not None:
            r, turns = decision.result, _turn(state)
            return GameSummary(game_id, seed, labels, True, r.winners, r.reason, turns, r.scores, steps)
        if _turn(state) > turn_cap or steps >= max_steps:
            capped = steps < max_steps
            reason = f"turn cap {turn_cap} reached" if capped else f"step limit {max_steps} reached"
            # The turn that has just begun is not played: report the turns completed.
            turns = min(_turn(state), turn_cap) if capped else _turn(state)
            standing = _standing(state, players)
            return GameSummary(game_id, seed, labels, False, (), reason, turns, standing, steps)
        deciding = decision.players if decision.simultaneous else decision.players[:1]
        # Every simultaneous answer is chosen before any is applied: nobody sees another's choice.
        answers = [(p, _ask(state, p, seats[p], rngs[p])) for p in sorted(deciding)]
        for p, action in answers:
            # An earlier simultaneous answer may already have closed this decision.
            if p not in state.decision().players:
                continue
            try:
                state.apply(p, action)
            except IllegalAction as exc:
                raise BotError(
                    f"{game_id} seed {seed}: bot {labels[p]!r} at seat {p} chose {action!r}: {exc.reason}"
                ) from exc
            steps += 1


def _ask(state: GameState, seat: int, bot: Bot, rng: Rng) -> Action:
    legal = state.legal_actions(seat)
    if not legal:
        raise BotError(f"seat {seat} must decide but has no legal action")
    if len(legal) == 1:
        return legal[0]
    return bot.act(state.observe(seat), legal, rng)


def _turn(state: GameState) -> int:
    turn = getattr(state, "turn", None)
    return turn if isinstance(turn, int) else 0


def _standing(state: GameState, players: int) -> tuple[int, ...]:
    """Points of an unfinished game, each read from that seat's own view (which counts its
    hidden points; other seats' views would not)."""
    scores = []
    for p in range(players):
        info = state.observe(p).get("players", [{}] * players)[p]
        scores.append(int(info.get("vp", info.get("visible_vp", 0))))
    return tuple(scores)
