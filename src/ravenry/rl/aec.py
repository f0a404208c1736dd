"""PettingZoo AEC and Parallel environments for every ravenry game.

Agents are ``"player_0"`` … ``"player_{n-1}"`` (seat order). Each agent's observation is a dict
``{"observation": float32 vector, "action_mask": int8 vector}`` — the seat's encoded view
(:mod:`ravenry.rl.encoding`) and its mask over the game's action catalogue
(:mod:`ravenry.rl.catalogue`); an agent that need not decide has an all-zero mask. ``infos[agent]``
holds ``"view"``, the raw ``observe(seat)`` (without the static board; the board is in
``infos[agent]["board"]`` after ``reset``), for the agents that must act.

**AEC stepping.** ``agent_selection`` is the seat that must decide. In a simultaneous decision
(Thrones' orders, bids and house cards; the discards after a 7 and the answers to a trade offer
in the Catan family) the deciding seats are selected one after the other in seat order and each
is observed *before any of their answers is applied*; the answers are applied together (seat
order) once the last one is in, as the simulation runner does. Nobody sees another's
simultaneous choice. Thrones' planning is a run of such rounds: each round every undecided house
places one order (or declares itself ready).

**Parallel stepping.** Every live agent gets an observation each step, and ``step`` takes an
action from each. Only the deciding agents' actions count (their mask is not all zero): in a
simultaneous decision all of them are applied together; in a one-player decision only that
player's; the others' actions (any value, e.g. a sample from an all-zero mask) are ignored.
If a decider's action is illegal or missing, nothing is applied that step (see ``illegal`` in
:mod:`ravenry.rl.match`) and that decider earns ``illegal_reward``.
So a Catan turn is a sequence of parallel steps with one actor each, and a Thrones planning
round is one parallel step.

An illegal action in the AEC environment changes nothing and the same agent is asked again.
Rewards, illegal actions and truncation: :mod:`ravenry.rl.match`. ``reset(seed=s)`` plays the very game
``ravenry.new_game(game, players, seed=s, **options)``; without a seed, the next game's seed is
drawn from the environment's own generator (seeded by the first seeded reset).
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from ravenry.rl.match import OBS_HIGH, Match


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class _Spaces:
    """The agents and their (cached) spaces for one :class:`Match`."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.names = [agent_name(p) for p in range(match.players)]
        self.seat_of = {name: p for p, name in enumerate(self.names)}
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0.0, OBS_HIGH, (match.encoding.size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (match.catalogue.size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.names}
        self.action_spaces = {a: gymnasium.spaces.Discrete(match.catalogue.size) for a in self.names}
        self.rng = np.random.default_rng()

    def next_seed(self, seed: int | None) -> int:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
            return int(seed)
        return int(self.rng.integers(0, 2**63))

    def observe(self, seat: int) -> dict[str, Any]:
        return {"observation": self.match.observation(seat), "action_mask": self.match.mask(seat)}


class RavenryAEC(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment of one ravenry game (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "ravenry_v0", "is_parallelizable": True}

    def __init__(self, game: str = "catan", **options: Any) -> None:
        super().__init__()
        self.match = Match(game, **options)
        self._spaces = _Spaces(self.match)
        self.possible_agents = list(self._spaces.names)
        self.metadata = {**self.metadata, "name": f"ravenry_{game.replace('-', '_')}_v0"}  # type: ignore[misc]
        self.render_mode = None
        self._round: list[int] = []  # seats still to answer in this simultaneous round
        self._answers: list[tuple[int, int]] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._spaces.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._spaces.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        return self._spaces.observe(self._spaces.seat_of[agent])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match.reset(self._spaces.next_seed(seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._round = []
        self._answers = []
        self._select()
        if self.match.board is not None:
            self.infos[self.agent_selection]["board"] = self.match.board

    def _select(self) -> None:
        """Point ``agent_selection`` at the next seat to decide (a new round if needed)."""
        if not self._round:
            deciders = self.match.deciders()
            self._round = sorted(deciders) if self.match.simultaneous else list(deciders[:1])
            self._answers = []
        seat = self._round[0]
        self.agent_selection = agent_name(seat)
        self.infos[self.agent_selection] = {"view": self.match.view(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._spaces.seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        if not self.match.allowed(seat, action):
            # Nothing changes; the same agent is asked again.
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = self.match.illegal_reward
            self._accumulate_rewards()
            return
        index = int(action)
        self._answers.append((seat, index))
        self._round.pop(0)
        if self._round:  # others of this simultaneous round still to answer: nothing applied yet
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._select()
            self._accumulate_rewards()
            return
        for p, i in self._answers:
            if p in self.match.deciders():  # an earlier answer may have closed the decision
                self.match.apply(p, self.match.action(i))
        self._answers = []
        rewards = self.match.rewards()
        self.rewards = {a: rewards[p] for p, a in enumerate(self.possible_agents) if a in self.agents}
        if self.match.done:
            over = self.match.over
            for a in self.agents:
                self.terminations[a] = over
                self.truncations[a] = not over
            view = self.match.state.observe(None, static=False)
            for a in self.agents:
                self.infos[a] = {"result": view.get("result")}
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> None:
        return None

    def close(self) -> None:
        return None


class RavenryParallel(ParallelEnv):  # type: ignore[misc]
    """A PettingZoo Parallel environment of one ravenry game (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "ravenry_v0"}

    def __init__(self, game: str = "catan", **options: Any) -> None:
        self.match = Match(game, **options)
        self._spaces = _Spaces(self.match)
        self.possible_agents = list(self._spaces.names)
        self.agents: list[str] = []
        self.metadata = {**self.metadata, "name": f"ravenry_{game.replace('-', '_')}_v0"}  # type: ignore[misc]
        self.render_mode = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._spaces.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._spaces.action_spaces[agent]

    def _observe_all(self) -> tuple[dict[str, Any], dict[str, Any]]:
        obs: dict[str, Any] = {}
        infos: dict[str, Any] = {}
        for a in self.agents:
            seat = self._spaces.seat_of[a]
            view = self.match.view(seat)
            obs[a] = {"observation": self.match.observation(seat, view), "action_mask": self.match.mask(seat)}
            infos[a] = {"view": view}
        return obs, infos

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.match.reset(self._spaces.next_seed(seed))
        self.agents = list(self.possible_agents)
        obs, infos = self._observe_all()
        if self.match.board is not None:
            for info in infos.values():
                info["board"] = self.match.board
        return obs, infos

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        deciders = self.match.deciders()
        chosen = []
        refused = []
        for seat in sorted(deciders) if self.match.simultaneous else deciders[:1]:
            agent = agent_name(seat)
            if self.match.allowed(seat, actions.get(agent)):
                chosen.append((seat, int(actions[agent])))
            else:
                refused.append(seat)
        if not refused:  # an illegal (or missing) answer of a decider: nothing is applied
            for seat, index in chosen:
                if seat in self.match.deciders():
                    self.match.apply(seat, self.match.action(index))
        rewards_list = self.match.rewards()
        for seat in refused:
            rewards_list[seat] += self.match.illegal_reward
        rewards = {a: rewards_list[self._spaces.seat_of[a]] for a in self.agents}
        done = self.match.done
        terminations = dict.fromkeys(self.agents, done and self.match.over)
        truncations = dict.fromkeys(self.agents, done and not self.match.over)
        obs, infos = self._observe_all()
        if done:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> None:
        return None

    def close(self) -> None:
        return None
