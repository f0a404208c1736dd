"""A Gymnasium vector environment: many games of one seat among bots, stepped in one call.

``gymnasium.make_vec("ravenry/catan-v0", num_envs=64)`` (or :func:`ravenry.rl.vector_env`)
gives :class:`RavenryVectorEnv`: the same games as ``num_envs`` copies of
:class:`ravenry.rl.gym_env.RavenryEnv` in a ``gymnasium.vector.SyncVectorEnv`` — the same
observations, rewards, terminations, truncations and masks for the same seeds, a test checks
it — but every game is stepped by one compiled call
(:class:`ravenry.observations.lanes.Batch`: the agent's actions, the bots' turns, the rewards,
the observations' bytes, the legal indices), and numpy reads the whole batch at once: about
twice the steps/s of that ``SyncVectorEnv`` (``benchmarks/README.md``; ``rl_speed.py``'s loop
``vector``).

Batched like ``SyncVectorEnv``: observations ``(num_envs, size)`` float32 (a new array each
step), rewards float64, terminations and truncations bool; ``infos["action_mask"]``
``(num_envs, catalogue)`` int8 (with ``infos["_action_mask"]``), also given by
:meth:`RavenryVectorEnv.action_masks`; :meth:`RavenryVectorEnv.legal_actions` gives each game's
legal indices as a tuple (``info["legal_actions"]`` of the single env). Autoreset
``NEXT_STEP``: the step after a game ends starts that game's next one (its action is ignored,
its reward 0), seeded from the game's own generator as ``RavenryEnv.reset()`` is.
``reset(seed=s)`` seeds game ``i`` with ``s + i`` (a list gives each its own). An action the
mask forbids changes nothing in its game and earns ``illegal_reward`` (``infos["illegal"]``),
or raises before any game moves with ``illegal="raise"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ravenry.observations.catan_state import CatanStateEncoder
from ravenry.observations.lanes import Batch
from ravenry.observations.thrones_state import ThronesStateEncoder
from ravenry.rl.catalogue import NOT_FOR_AGENTS, Mask
from ravenry.rl.gym_env import bot_makers, bot_seats, bot_specs
from ravenry.rl.match import FLOAT32, OBS_HIGH, Match

Seeds = int | Sequence[int | None] | None


class RavenryVectorEnv(VectorEnv[Any, Any, Any]):
    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        num_envs: int = 8,
        game: str = "catan",
        seat: int = 0,
        bots: str | Sequence[str] = "random",
        **options: Any,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        match = Match(game, **options)
        specs = bot_specs(match, seat, bots)
        self.match = match  # the catalogue, the encoding, the options (its own game is unused)
        self.seat = seat
        self.bot_specs = specs
        self.bot_makers = bot_makers(match, specs)
        self.num_envs = num_envs
        self.single_observation_space = gymnasium.spaces.Box(
            0.0, OBS_HIGH, (match.encoding.size,), np.float32
        )
        self.single_action_space = gymnasium.spaces.Discrete(match.catalogue.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        catalogue = match.catalogue
        self.batch = Batch(
            seat,
            catalogue.action_index,
            catalogue.actions,
            NOT_FOR_AGENTS,
            (match.reward_kind == "score", match.shaping, match.loss_reward, match.illegal_reward),
            [self._encoder() for _ in range(num_envs)],
            catalogue.offers,
        )
        self._generators: list[np.random.Generator | None] = [None] * num_envs
        self._autoreset = [False] * num_envs

    # -- gymnasium ------------------------------------------------------------------------------------
    def reset(
        self, *, seed: Seeds = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, (int, np.integer)):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"reset needs {n} seeds (one a game) or one, got {len(seeds)}")
        for i, s in enumerate(seeds):
            self._new_game(i, s)
        self._autoreset = [False] * n
        return self._observations(self.batch.observations()), self._infos()

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be {self.num_envs} catalogue indices, got {chosen.dtype} {chosen.shape}"
            )
        picks: list[int] = chosen.tolist()
        fresh = self._autoreset
        if self.match.illegal == "raise":
            for i, (a, legal) in enumerate(zip(picks, self.batch.legal, strict=True)):
                if not fresh[i] and a not in legal:
                    raise ValueError(f"game {i}: action {a} is not legal now (see the action_mask)")
        for i in range(self.num_envs):
            if fresh[i]:
                self._new_game(i, None)
        data, rewards, ended, cut, refused = self.batch.step(picks, fresh)
        self._autoreset = [e or c for e, c in zip(ended, cut, strict=True)]
        infos = self._infos()
        if any(refused):
            infos["illegal"] = infos["_illegal"] = np.array(refused, dtype=np.bool_)
        return (
            self._observations(data),
            np.array(rewards, dtype=np.float64),
            np.array(ended, dtype=np.bool_),
            np.array(cut, dtype=np.bool_),
            infos,
        )

    def action_masks(self) -> Mask:
        """The masks of the agent's legal catalogue actions in every game now, one row a game."""
        size = self.match.catalogue.size
        masks = np.zeros((self.num_envs, size), dtype=np.int8)
        places = self.batch.mask_places(size)
        if places:
            masks.reshape(-1)[np.array(places, dtype=np.intp)] = 1
        return masks

    def legal_actions(self) -> list[tuple[int, ...]]:
        """Each game's legal catalogue indices now, ascending (empty when the game has ended)."""
        return list(self.batch.legal)

    # -- the games ------------------------------------------------------------------------------------
    def _new_game(self, i: int, seed: int | None) -> None:
        """Game ``i`` starts anew: from ``seed``, or (None) the game's generator's next seed,
        as ``RavenryEnv.reset(seed=...)`` does; the bots play up to the agent's first decision."""
        generator = self._generators[i]
        if seed is not None or generator is None:
            self._generators[i], _ = seeding.np_random(seed)
        if seed is None:
            generator = self._generators[i]
            assert generator is not None
            seed = int(generator.integers(0, 2**63))
        match = self.match
        lane = match.new_lane(seed, bot_seats(match, self.seat, self.bot_makers, seed))
        lane.play_bots(self.seat)
        encoder = self.batch.encoders[i]
        if isinstance(encoder, CatanStateEncoder):  # its board's static numbers (a variable board)
            encoder.set_static(match.static_bytes(match.board_of(lane.state)))
        self.batch.set_lane(i, lane)

    def _encoder(self) -> CatanStateEncoder | ThronesStateEncoder:
        match = self.match
        encoder = match.new_fast_encoder() or match.new_thrones_encoder()
        if encoder is None:
            raise ValueError(f"{match.game_id} with these options has no compiled encoder for a vector env")
        return encoder

    def _observations(self, data: bytearray) -> Any:
        return np.frombuffer(data, FLOAT32).reshape(self.num_envs, -1)

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "_action_mask": np.ones(self.num_envs, dtype=np.bool_)}
