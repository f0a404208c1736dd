"""A Gymnasium single-agent environment per game: you play one seat, ravenry bots the others.

``observation``: the seat's encoded view (:mod:`ravenry.rl.encoding`), a float32 vector.
``info["action_mask"]``: the int8 mask over the game's action catalogue
(:mod:`ravenry.rl.catalogue`), a new array each step, also given by
:meth:`RavenryEnv.action_masks` (what sb3-contrib's MaskablePPO calls);
``info["legal_actions"]``: the same as a tuple of the mask's indices, ascending (what
catanatron-gym's ``valid_actions`` and OpenSpiel's ``legal_actions()`` give: an agent that samples
among them needs no numpy); ``info["board"]`` after ``reset``: the static board; with ``info_view=True``
also ``info["view"]``: the raw ``observe(seat)`` without the static board (off by default:
building it costs more than the engine actions of a step; the observation does not need it),
both as read-only mappings (vector envs stack infos that are dicts key by key). Actions are
catalogue indices (``Discrete``).

The other seats are bots (``bots=``: one spec per other seat, or one for all; ``random`` by
default), asked through the protocol exactly as the simulation runner asks them
(:class:`ravenry.bots.base.BotSeat`: their own view and legal actions only), each with its own
RNG derived from the game's seed. In a simultaneous decision the bots' answers are chosen from
the same moment the agent observes, before the agent's answer is applied.

An action the mask forbids changes nothing and earns ``illegal_reward`` (with
``info["illegal"] = True``), or raises with ``illegal="raise"``. Rewards, illegal actions and
truncation: :mod:`ravenry.rl.match` (for the agent's seat). ``reset(seed=s)`` plays
``ravenry.new_game(game, players, seed=s, **options)`` with the same bot moves every time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding

from ravenry.bots.base import Bot, BotSeat, bot_factory
from ravenry.bots.random_bot import RandomBot
from ravenry.core.protocol import Action, GameState
from ravenry.core.rng import Rng
from ravenry.observations.turns import Seats
from ravenry.rl.catalogue import Mask
from ravenry.rl.match import OBS_HIGH, Match
from ravenry.sim.runner import derive_seed

ObsType = Any


class ReadOnlyView(Mapping[str, Any]):
    """A view as a read-only mapping that pickles (for async vector envs)."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __getstate__(self) -> Mapping[str, Any]:
        return self._data

    def __setstate__(self, data: Mapping[str, Any]) -> None:
        self._data = data

    def __repr__(self) -> str:
        return f"ReadOnlyView({self._data!r})"


class RavenryEnv(gymnasium.Env[ObsType, np.int64]):
    metadata = {"render_modes": []}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: str = "catan",
        seat: int = 0,
        bots: str | Sequence[str] = "random",
        info_view: bool = False,
        **options: Any,
    ) -> None:
        self.match = Match(game, **options)
        self.seat = seat
        self.bot_specs = bot_specs(self.match, seat, bots)
        self.bot_makers = bot_makers(self.match, self.bot_specs)
        self.info_view = bool(info_view)
        self.observation_space = gymnasium.spaces.Box(0.0, OBS_HIGH, (self.match.encoding.size,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.match.catalogue.size)
        self._legal: tuple[int, ...] = ()  # the agent's legal indices now (info["legal_actions"])
        self._agent = self.match.agent_seat(seat)  # the agent's compiled steps (None: none)

    # -- gymnasium ------------------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        if seed is not None:
            game_seed = int(seed)
            self._seed_pending = game_seed  # (np_random is seeded from it when first asked for)
        else:
            game_seed = int(self.np_random.integers(0, 2**63))
        self.match.reset(game_seed, bot_seats(self.match, self.seat, self.bot_makers, game_seed))
        self.match.play_bots(self.seat)
        self.match.rewards()  # what happened before the agent's first decision is not its reward
        obs, info = self._observe()
        if self.match.board is not None:
            info["board"] = ReadOnlyView(self.match.board)
        return obs, info

    def step(self, action: Any) -> tuple[ObsType, float, bool, bool, dict[str, Any]]:
        index = action.item() if isinstance(action, np.ndarray) else action
        match = self.match
        # (a plain int the mask allows, the common case, without the general check)
        if not (type(index) is int and index in self._legal):
            if not match.allowed(self.seat, index):
                obs, info = self._observe()
                info["illegal"] = True
                return obs, match.illegal_reward, False, False, info
            index = int(index)  # (a numpy integer the mask allows)
        agent = self._agent
        if agent is None:  # (no compiled encoder for this game: the view encoder's way)
            lane = match.lane
            reward = lane.agent_step(
                self.seat,
                match.catalogue.actions[index],
                match.reward_kind == "score",
                match.shaping,
                match.loss_reward,
            )
            obs, info = self._observe()
            return obs, reward, lane.over(), lane.truncated, info
        obs, reward, over, truncated, legal, mask = match.agent_turn(agent, index)
        return obs, reward, over, truncated, self._info(legal, mask)

    # Gymnasium's generator (``np_random``, ``np_random_seed``: gymnasium.Env reads and sets
    # these two attributes), seeded by ``reset(seed=...)`` only when first asked for: seeding
    # a numpy generator costs about a tenth of a new Catan game's set-up, and the env itself
    # draws from it only on a reset without a seed.
    _seed_pending: int | None = None
    _rng: np.random.Generator | None = None
    _rng_seed: int | None = None

    @property
    def _np_random(self) -> np.random.Generator | None:
        if self._seed_pending is not None:
            self._rng, self._rng_seed = seeding.np_random(self._seed_pending)
            self._seed_pending = None
        return self._rng

    @_np_random.setter
    def _np_random(self, value: np.random.Generator | None) -> None:
        self._seed_pending = None
        self._rng = value

    @property
    def _np_random_seed(self) -> int | None:
        return self._seed_pending if self._seed_pending is not None else self._rng_seed

    @_np_random_seed.setter
    def _np_random_seed(self, value: int | None) -> None:
        self._rng_seed = value

    def action_masks(self) -> Mask:
        """The mask of the agent's legal catalogue actions now (for MaskablePPO)."""
        return self.match.catalogue.mask_of(self._legal)

    def _observe(self) -> tuple[ObsType, dict[str, Any]]:
        # The env checks the next action against the tuple (it cannot change), so the mask, a
        # new array each step, is the caller's without a copy (Thrones has 21,025 actions).
        obs, legal, mask = self.match.agent_view(self.seat, self._agent)
        return obs, self._info(legal, mask)

    def _info(self, legal: tuple[int, ...], mask: Mask) -> dict[str, Any]:
        """The info of the agent's ``legal`` indices and ``mask`` now (kept to check its next action)."""
        self._legal = legal
        info: dict[str, Any] = {"action_mask": mask, "legal_actions": legal}
        if self.info_view:
            # Read-only mappings, not dicts: gymnasium.vector stacks the dicts of infos key by
            # key, which views (a key None in one game, a dict in another) do not survive.
            info["view"] = ReadOnlyView(self.match.view(self.seat))
        return info


def bot_specs(match: Match, seat: object, bots: str | Sequence[str]) -> list[str]:
    """The bot spec of each seat but the agent's ``seat`` (one spec for all, or one each);
    :class:`ValueError` for a seat outside the game or the wrong number of specs."""
    n = match.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
    specs = [bots] * (n - 1) if isinstance(bots, str) else list(bots)
    if len(specs) != n - 1:
        raise ValueError(f"{n} players need {n - 1} bot specs, got {len(specs)}")
    return specs


def bot_makers(match: Match, specs: Sequence[str]) -> list[Callable[[], Bot]]:
    """What makes each other seat's bot (:func:`ravenry.bots.base.bot_factory`, one per spec
    of :func:`bot_specs`): a bad spec raises here, when the environment is made."""
    return [bot_factory(spec, match.game_id) for spec in specs]


def bot_seats(match: Match, agent: int, makers: Sequence[Callable[[], Bot]], game_seed: int) -> Seats:
    """New bots for the seats other than ``agent`` (one maker each, in seat order; see
    :func:`bot_makers`) for the game of ``game_seed``, each with its own RNG derived from that
    seed, as the compiled loop of the bots' turns asks them
    (:class:`ravenry.observations.turns.Seats`; the agent's seat is never asked)."""
    others = [p for p in range(match.players) if p != agent]
    bots = {
        p: (BotSeat(make()), Rng.from_seed(derive_seed(game_seed, p)))
        for p, make in zip(others, makers, strict=True)
    }
    seats = [bots.get(p) for p in range(match.players)]
    return Seats(
        [s[0].decide if s else _agent_decides for s in seats],
        [s[1] if s else Rng(0) for s in seats],
        [_uniform(s[0]) if s else None for s in seats],
        [s[0].uses_templates if s else False for s in seats],
    )


def _agent_decides(state: GameState, seat: int, rng: Rng) -> Action:
    raise AssertionError(f"seat {seat} is the agent's: the environment's caller decides for it")


def _uniform(seat: BotSeat) -> frozenset[str] | None:
    """The action types a ``random`` bot leaves out, for the compiled loop to draw its choice
    itself (:class:`ravenry.observations.turns.Seats`); None for any other bot."""
    if type(seat.bot) is RandomBot and not seat.uses_view and not seat.uses_sampler:
        return seat.exclude
    return None


ENV_IDS = {
    "catan": "ravenry/catan-v0",
    "got-catan": "ravenry/got-catan-v0",
    "brotherhood": "ravenry/brotherhood-v0",
    "thrones": "ravenry/thrones-v0",
}


def register_envs() -> None:
    """Register ``ravenry/<game>-v0`` for :func:`gymnasium.make` and :func:`gymnasium.make_vec`
    (:class:`ravenry.rl.vector_env.RavenryVectorEnv` unless a ``vectorization_mode`` is given;
    done on ``import ravenry.rl``)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="ravenry.rl.gym_env:RavenryEnv",
                vector_entry_point="ravenry.rl.vector_env:RavenryVectorEnv",
                kwargs={"game": game},
            )
