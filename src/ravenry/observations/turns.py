"""The other seats' turns of a single-agent RL environment, compiled.

Between two steps of :class:`ravenry.rl.gym_env.RavenryEnv` the bots play every turn until
the agent must decide again: about three engine actions per step in four-player Catan. The
interpreted loop around them (the decision, whose turn it is, the step count, the turn cap)
cost about as much as the bots' own choices, so it lives here, compiled with the rules cores
(it runs as plain Python too). It plays the one-seat-at-a-time decisions only; a simultaneous
decision goes back to the environment, which asks its bots from the moment the agent sees.

Each seat is asked through the ``decide`` callable it was given (the env passes
:meth:`ravenry.bots.base.BotSeat.decide`: the bot sees its own view and legal actions only),
with its own generator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ravenry.core.protocol import Action, Decision, GameState
from ravenry.core.rng import Rng

Decide = Callable[[GameState, int, Rng], Action]


def play_others(
    state: GameState,
    agent: int,
    decide: Sequence[Decide],
    rngs: Sequence[Rng],
    steps: int,
    step_cap: int,
    turn_cap: int,
) -> tuple[Decision, int, bool]:
    """Apply the other seats' choices (``decide[p](state, p, rngs[p])``) while a single seat
    other than ``agent`` must decide. Stops at the agent's turn, a simultaneous decision, the
    end of the game, or truncation: once an action leaves the game unfinished past turn
    ``turn_cap`` or at ``step_cap`` actions (``steps`` counts the actions so far).

    Returns the decision now, the actions counted, and whether the game was truncated."""
    while True:
        decision = state.decision()
        deciders = decision.players
        if not deciders or decision.simultaneous or deciders[0] == agent:
            return decision, steps, False
        p = deciders[0]
        state.apply(p, decide[p](state, p, rngs[p]))
        steps += 1
        if state.turn_number() > turn_cap or steps >= step_cap:
            decision = state.decision()
            if decision.result is None:
                return decision, steps, True
