"""The other seats' turns of a single-agent RL environment, compiled.

Between two steps of :class:`ravenry.rl.gym_env.RavenryEnv` the bots play every turn until
the agent must decide again: about three engine actions per step in four-player Catan. The
interpreted loop around them (the decision, whose turn it is, the step count, the turn cap,
the bots' sealed answers to a simultaneous decision) cost about as much as the bots' own
choices, so it lives here, compiled with the rules cores (it runs as plain Python too):
:func:`step` applies the agent's action and the answers the bots chose at the same moment,
then :func:`bots_until_agent` plays the bots until the agent must decide. In a simultaneous
decision that includes the agent, the bots' answers are chosen from the state the agent
observes and applied after the agent's action.

Each seat is asked through :class:`Seats`: the ``decide`` callable it was given (the env passes
:meth:`ravenry.bots.base.BotSeat.decide`: the bot sees its own view and legal actions only),
with its own generator. A ``random`` bot's choice (a uniform draw among its legal actions,
:func:`ravenry.core.draws.draw_uniform`) is made here without the interpreted call when it has
no offer to make: the same draws from the same generator, so the same games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ravenry.core.draws import draw_uniform
from ravenry.core.protocol import Action, Decision, GameState
from ravenry.core.rng import Rng

Decide = Callable[[GameState, int, Rng], Action]


class Seats:
    """How the loop asks each seat (by seat): ``decide[p](state, p, rngs[p])``; for a seat
    whose ``uniform[p]`` is not None, a ``random`` bot that leaves out those action types
    (``BotSeat.exclude``), the draw is made here, asking for offer templates first when
    ``templates[p]`` (a bot that may make offers: one that could is asked through ``decide``)."""

    def __init__(
        self,
        decide: Sequence[Decide],
        rngs: Sequence[Rng],
        uniform: Sequence[frozenset[str] | None],
        templates: Sequence[bool],
    ) -> None:
        self.decide = list(decide)
        self.rngs = list(rngs)
        self.uniform = list(uniform)
        self.templates = list(templates)

    def choose(self, state: GameState, p: int) -> Action:
        rng = self.rngs[p]
        exclude = self.uniform[p]
        if exclude is not None:
            # BotSeat.decide and RandomBot.act for a bot without templates to offer from.
            legal = state.legal_actions(p, exclude)
            if not legal and exclude:
                legal = state.legal_actions(p)
            if legal and not (self.templates[p] and _offers(state, p, exclude)):
                return legal[0] if len(legal) == 1 else draw_uniform(legal, rng)
        return self.decide[p](state, p, rng)


def _offers(state: GameState, p: int, exclude: frozenset[str]) -> bool:
    """Whether ``p`` has a template the bot is shown (BotSeat.decide's filter)."""
    return any(template["type"] not in exclude for template in state.action_templates(p))


def play_others(
    state: GameState,
    agent: int,
    seats: Seats,
    steps: int,
    step_cap: int,
    turn_cap: int,
) -> tuple[Decision, int, bool]:
    """Apply the other seats' choices while a single seat other than ``agent`` must decide.
    Stops at the agent's turn, a simultaneous decision, the end of the game, or truncation:
    once an action leaves the game unfinished past turn ``turn_cap`` or at ``step_cap``
    actions (``steps`` counts the actions so far).

    Returns the decision now, the actions counted, and whether the game was truncated."""
    while True:
        decision = state.decision()
        deciders = decision.players
        if not deciders or decision.simultaneous or deciders[0] == agent:
            return decision, steps, False
        p = deciders[0]
        state.apply(p, seats.choose(state, p))
        steps += 1
        cut = truncation(state, steps, step_cap, turn_cap)
        if cut is not None:
            return cut, steps, True


Turn = tuple[Decision, int, bool, list[tuple[int, Action]]]


def bots_until_agent(
    state: GameState, agent: int, seats: Seats, steps: int, step_cap: int, turn_cap: int
) -> Turn:
    """Let the bots act until the agent must decide, the game ends or is truncated (see
    :func:`play_others`). At a simultaneous decision that includes the agent the other
    deciders' answers are chosen now, from the state the agent observes, and returned (to be
    applied after the agent's); one without the agent is answered and applied at once.

    Returns the decision now, the actions counted, whether the game was truncated, and the
    bots' pending answers (seat, action) in seat order."""
    while True:
        decision, steps, truncated = play_others(state, agent, seats, steps, step_cap, turn_cap)
        deciders = decision.players
        if truncated or not deciders or not decision.simultaneous:
            return decision, steps, truncated, []
        answers = [(p, seats.choose(state, p)) for p in sorted(deciders) if p != agent]
        if agent in deciders:
            return decision, steps, False, answers
        steps, cut = _apply_answers(state, answers, steps, step_cap, turn_cap)
        if cut is not None:
            return cut, steps, True, []


def step(
    state: GameState,
    agent: int,
    action: Action,
    pending: list[tuple[int, Action]],
    seats: Seats,
    steps: int,
    step_cap: int,
    turn_cap: int,
) -> Turn:
    """Apply the agent's ``action``, then the bots' ``pending`` answers chosen at the same
    moment (of the seats still deciding), then :func:`bots_until_agent`."""
    state.apply(agent, action)
    steps += 1
    cut = truncation(state, steps, step_cap, turn_cap)
    if cut is None:
        steps, cut = _apply_answers(state, pending, steps, step_cap, turn_cap)
    if cut is not None:
        return cut, steps, True, []
    return bots_until_agent(state, agent, seats, steps, step_cap, turn_cap)


def _apply_answers(
    state: GameState, answers: list[tuple[int, Action]], steps: int, step_cap: int, turn_cap: int
) -> tuple[int, Decision | None]:
    """Apply the sealed ``answers`` of the seats still deciding, in order, until the game is
    truncated. Returns the actions counted, and the decision if the game was truncated."""
    for p, answer in answers:
        if p in state.decision().players:
            state.apply(p, answer)
            steps += 1
            cut = truncation(state, steps, step_cap, turn_cap)
            if cut is not None:
                return steps, cut
    return steps, None


def truncation(state: GameState, steps: int, step_cap: int, turn_cap: int) -> Decision | None:
    """The decision now if the last action truncates the game (past turn ``turn_cap`` or at
    ``step_cap`` actions, the game unfinished), else None."""
    if state.turn_number() > turn_cap or steps >= step_cap:
        decision = state.decision()
        if decision.result is None:
            return decision
    return None
