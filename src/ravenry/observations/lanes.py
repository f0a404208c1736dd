"""One game as the RL environments play it, and a batch of them stepped in one call, compiled.

:class:`Lane` owns a game's live bookkeeping: the state, its decision now, the actions counted
against the caps, whether the game was truncated, what the rewards have paid so far, and (for
an agent among bots) the bots and their sealed answers. :class:`ravenry.rl.match.Match` holds
one for the AEC, Parallel and Gymnasium environments; :class:`Batch` holds one per game of
:class:`ravenry.rl.vector_env.RavenryVectorEnv` and steps them all in one compiled call, writing
every game's observation, legal catalogue indices and reward, so that the interpreted code
left per step is a handful of numpy calls for the whole batch.

Truncation: once an action leaves the game unfinished past turn ``turn_cap`` or at
``step_cap`` actions. Rewards (:meth:`Lane.rewards`): documented in :mod:`ravenry.rl.match`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ravenry.core.protocol import Action, Decision, GameState
from ravenry.games.catan.rules import CatanState
from ravenry.games.thrones.state import ThronesData
from ravenry.observations import turns
from ravenry.observations.action_index import ActionIndex
from ravenry.observations.catan_state import CatanStateEncoder
from ravenry.observations.floats import mask_bytes
from ravenry.observations.thrones_state import ThronesStateEncoder
from ravenry.observations.turns import Seats

# The catalogue indices of the offers within a seat's action templates (see legal_now).
Offers = Callable[[Sequence[Mapping[str, Any]]], list[int]]


class Lane:
    """A game of the environments: the state and its bookkeeping (see the module)."""

    def __init__(self, state: GameState, turn_cap: int, step_cap: int, seats: Seats | None = None) -> None:
        self.state = state
        self.turn_cap = turn_cap
        self.step_cap = step_cap
        self.seats = seats  # the bots of a single-agent env (None: every seat is an agent)
        self.now: Decision | None = None  # the decision now, once worked out
        self.steps = 0
        self.truncated = False
        self.paid = False  # whether the end of the game has been rewarded
        self.last_score: list[int] = list(state.scores())
        self.pending: list[tuple[int, Action]] = []  # the bots' sealed answers, after the agent's

    def decision(self) -> Decision:
        """The state's decision now, worked out once per change of the state."""
        now = self.now
        if now is None:
            now = self.now = self.state.decision()
        return now

    def apply(self, seat: int, action: Action) -> None:
        """Apply one seat's action (an illegal one raises with the state unchanged)."""
        self.now = None
        state = self.state
        state.apply(seat, action)
        self.steps += 1
        cut = turns.truncation(state, self.steps, self.step_cap, self.turn_cap)
        if cut is not None:
            self.now, self.truncated = cut, True

    def over(self) -> bool:
        return self.decision().result is not None

    def play_bots(self, agent: int) -> None:
        """Let the bots act until ``agent`` must decide, the game ends or is truncated
        (:func:`ravenry.observations.turns.bots_until_agent`)."""
        seats = self.seats
        assert seats is not None, "a lane without bots has no bots to play"
        if self.truncated:
            self.pending = []
            return
        self.now, self.steps, self.truncated, self.pending = turns.bots_until_agent(
            self.state, agent, seats, self.steps, self.step_cap, self.turn_cap
        )

    def step(self, agent: int, action: Action) -> None:
        """Apply the agent's legal ``action``, the bots' pending answers, then the bots' turns
        until the agent must decide (:func:`ravenry.observations.turns.step`)."""
        seats = self.seats
        assert seats is not None, "a lane without bots has no bots to play"
        self.now = None
        self.now, self.steps, self.truncated, self.pending = turns.step(
            self.state, agent, action, self.pending, seats, self.steps, self.step_cap, self.turn_cap
        )

    def agent_step(
        self, agent: int, action: Action, score: bool, shaping: float, loss_reward: float
    ) -> float:
        """:meth:`step`, then what the agent earns for it (:meth:`rewards`): a single-agent
        environment's step in one call."""
        self.step(agent, action)
        return self.rewards(score, shaping, loss_reward)[agent]

    def rewards(self, score: bool, shaping: float, loss_reward: float) -> list[float]:
        """What each seat earns for what happened since the last call: with ``score``,
        ``shaping`` times the change of its score; at the end of a finished game (once) +1 to
        each winner and ``loss_reward`` to the others."""
        n = len(self.last_score)
        out = [0.0] * n
        if score:
            scores = self.state.scores()
            last = self.last_score
            for p in range(n):
                out[p] += shaping * (scores[p] - last[p])
            self.last_score = list(scores)
        result = self.decision().result
        if result is not None and not self.paid:
            self.paid = True
            winners = result.winners
            for p in range(n):
                out[p] += 1.0 if p in winners else loss_reward
        return out


# What a batch step gives: every game's observation bytes (one after another), reward, whether it
# ended, whether it was truncated, and whether its action was refused (the legal indices now:
# Batch.legal).
Stepped = tuple[bytearray, list[float], list[bool], list[bool], list[bool]]


class Batch:
    """Games of one agent seat among bots, stepped together (see the module). ``index``: the
    catalogue's index of each action; ``actions``: the catalogue's actions by index; ``skip``:
    the action types left out of the catalogue; ``rewards``: (score shaping on, its factor, the
    loser's reward, the illegal action's); ``encoders``: one fast encoder a game (each keeps
    what it wrote of its game's board: a Catan-family one is given its board's static numbers
    before the game is set); ``offers(templates)``: the catalogue indices of the offers within
    a seat's action templates (None: the catalogue lists none)."""

    def __init__(
        self,
        agent: int,
        index: ActionIndex,
        actions: list[Action],
        skip: frozenset[str],
        rewards: tuple[bool, float, float, float],
        encoders: Sequence[CatanStateEncoder | ThronesStateEncoder],
        offers: Offers | None,
    ) -> None:
        self.agent = agent
        self.index = index
        self.actions = actions
        self.skip = skip
        self.score, self.shaping, self.loss_reward, self.illegal_reward = rewards
        self.encoders = list(encoders)
        self.offers = offers
        self.lanes: list[Lane] = []
        self.legal: list[tuple[int, ...]] = []  # each game's legal indices for the agent now

    def set_lane(self, i: int, lane: Lane) -> None:
        """Game ``i`` is ``lane`` from now on (a new game: the bots have played up to the agent)."""
        if i == len(self.lanes):  # (the first games are set in order)
            self.lanes.append(lane)
            self.legal.append(())
        self.lanes[i] = lane
        # What happened before the agent's first decision is not its reward.
        lane.rewards(self.score, self.shaping, self.loss_reward)
        self.legal[i] = self._legal(lane)

    def step(self, chosen: Sequence[int], fresh: Sequence[bool]) -> Stepped:
        """Step every game: game ``i`` plays catalogue action ``chosen[i]``, unless ``fresh[i]``
        (a game just set, whose action is ignored) or the action is not legal now (refused,
        nothing changes, the agent earns the illegal reward)."""
        agent = self.agent
        n = len(self.lanes)
        rewards = [0.0] * n
        ended = [False] * n
        cut = [False] * n
        refused = [False] * n
        for i in range(n):
            if fresh[i]:
                continue  # a new game: reward 0, not over
            lane = self.lanes[i]
            a = chosen[i]
            if a in self.legal[i]:
                lane.step(agent, self.actions[a])
                rewards[i] = lane.rewards(self.score, self.shaping, self.loss_reward)[agent]
                self.legal[i] = self._legal(lane)
            else:
                refused[i] = True
                rewards[i] = self.illegal_reward
            ended[i] = lane.over()
            cut[i] = lane.truncated
        return self.observations(), rewards, ended, cut, refused

    def mask_places(self, width: int) -> list[int]:
        """Where the 1s of every game's mask lie in a ``(games, width)`` array, flattened."""
        out: list[int] = []
        for i in range(len(self.legal)):
            row = i * width
            for j in self.legal[i]:
                out.append(row + j)
        return out

    def observations(self) -> bytearray:
        """Every game's observation for the agent, one after another, in a new bytearray (numpy
        reads it in place, writable: no second copy of a batch's observations)."""
        agent = self.agent
        return bytearray().join(
            [observation_bytes(self.lanes[i], agent, self.encoders[i]) for i in range(len(self.lanes))]
        )

    def _legal(self, lane: Lane) -> tuple[int, ...]:
        """The agent's legal catalogue indices now, ascending (none if it need not act)."""
        return legal_now(lane, self.agent, self.index, self.skip, self.offers)


def observation_bytes(lane: Lane, seat: int, encoder: CatanStateEncoder | ThronesStateEncoder) -> bytearray:
    """``seat``'s observation in ``lane`` now, written by the game's fast ``encoder``."""
    state = lane.state
    if isinstance(encoder, CatanStateEncoder):
        assert isinstance(state, CatanState)
        return encoder.encode(state, seat, lane.decision())
    assert isinstance(state, ThronesData)
    return encoder.encode(state, seat)


# What a single-agent environment's step gives (AgentSeat.turn): the agent's reward, whether the
# game ended, whether it was truncated, the observation's bytes, the legal catalogue indices and
# the mask's bytes.
Turned = tuple[float, bool, bool, bytearray, tuple[int, ...], bytearray]


class AgentSeat:
    """The agent's seat of a single-agent environment, what it sees and each step, one compiled
    call each (the interpreted layers of an env step cost a few percent of it). ``index``,
    ``skip``, ``offers``: how its legal actions become catalogue indices (:func:`legal_now`);
    ``actions``: the catalogue's actions by index; ``encoder``: the game's fast encoder;
    ``mask_size``: the catalogue's size; ``rewards``: (score shaping on, its factor, the loser's
    reward)."""

    def __init__(
        self,
        seat: int,
        index: ActionIndex,
        actions: list[Action],
        skip: frozenset[str],
        offers: Offers | None,
        encoder: CatanStateEncoder | ThronesStateEncoder,
        mask_size: int,
        rewards: tuple[bool, float, float],
    ) -> None:
        self.seat = seat
        self.index = index
        self.actions = actions
        self.skip = skip
        self.offers = offers
        self.encoder = encoder
        self.mask_size = mask_size
        self.score, self.shaping, self.loss_reward = rewards

    def view(self, lane: Lane) -> tuple[bytearray, tuple[int, ...], bytearray]:
        """What the seat is shown in ``lane`` now: its observation's bytes
        (:func:`observation_bytes`), its legal catalogue indices (:func:`legal_now`) and its
        mask's bytes (int8, 1 at each of them)."""
        seat = self.seat
        legal = legal_now(lane, seat, self.index, self.skip, self.offers)
        return observation_bytes(lane, seat, self.encoder), legal, mask_bytes(self.mask_size, legal)

    def turn(self, lane: Lane, chosen: int) -> Turned:
        """Play catalogue action ``chosen`` (legal: the caller checked) and the bots' turns
        after it (:meth:`Lane.agent_step`), then what the seat is shown (:meth:`view`)."""
        reward = lane.agent_step(self.seat, self.actions[chosen], self.score, self.shaping, self.loss_reward)
        data, legal, mask = self.view(lane)
        return reward, lane.over(), lane.truncated, data, legal, mask


def legal_now(
    lane: Lane,
    seat: int,
    index: ActionIndex,
    skip: frozenset[str],
    offers: Offers | None,
) -> tuple[int, ...]:
    """``seat``'s legal catalogue indices in ``lane`` now, ascending (none if the seat need not
    act or the game was truncated): its listed actions (by ``index``, leaving out the types in
    ``skip``; :class:`KeyError` with an action neither in the catalogue nor skipped) and
    ``offers(templates)``, its catalogue offers within its action templates (asked only when it
    has some)."""
    if lane.truncated or seat not in lane.decision().players:
        return ()
    state = lane.state
    places = index.indices(state.legal_actions(seat), skip)
    if offers is not None:
        templates = state.action_templates(seat)
        if templates:
            places += offers(templates)
    places.sort()
    return tuple(places)
