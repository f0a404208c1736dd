"""Standard reinforcement-learning environments for every ravenry game (``pip install ravenry[rl]``).

- :func:`aec_env` — a PettingZoo AEC environment (every seat an agent);
- :func:`parallel_env` — a PettingZoo Parallel environment (simultaneous decisions in one step);
- :func:`gym_env` — a Gymnasium single-agent environment (the other seats are ravenry bots),
  registered as ``ravenry/catan-v0``, ``ravenry/got-catan-v0``, ``ravenry/brotherhood-v0`` and
  ``ravenry/thrones-v0`` for :func:`gymnasium.make` once this package is imported;
- :func:`vector_env` — a Gymnasium vector environment of many such games stepped in one
  compiled call (what ``gymnasium.make_vec`` gives for those ids).

Observations (:mod:`ravenry.rl.encoding`) come from each seat's own view only (every game
writes the same numbers straight from the state: :mod:`ravenry.observations.catan_state`,
``brotherhood_state`` and ``thrones_state``, compiled with the rules cores); actions index a
fixed catalogue per game (:mod:`ravenry.rl.catalogue`) with a mask from the engine's legal
actions and templates. ``docs/rl.md`` has the field tables and catalogue sizes.
The core package never imports this one: ``import ravenry`` needs none of its dependencies.
"""

from __future__ import annotations

from typing import Any

from ravenry.rl.aec import RavenryAEC, RavenryParallel
from ravenry.rl.gym_env import ENV_IDS, RavenryEnv, register_envs
from ravenry.rl.match import GAMES
from ravenry.rl.vector_env import RavenryVectorEnv

register_envs()


def aec_env(game: str = "catan", **options: Any) -> RavenryAEC:
    """A PettingZoo AEC environment of ``game``. Options: ``players`` (3-4 Catan family, 3-5
    Thrones; default 4 and 5), ``turn_cap``, ``reward`` (``win``/``score``), ``loss_reward``,
    ``shaping``, and any game option (``board="variable"``, ``max_offers_per_turn=3``...)."""
    return RavenryAEC(game, **options)


def parallel_env(game: str = "catan", **options: Any) -> RavenryParallel:
    """A PettingZoo Parallel environment of ``game`` (options as :func:`aec_env`)."""
    return RavenryParallel(game, **options)


def gym_env(game: str = "catan", **options: Any) -> RavenryEnv:
    """A Gymnasium environment of ``game``: the agent plays ``seat`` (default 0), ``bots`` the
    others (default ``random``); ``info_view=True`` adds the raw view to each step's info;
    other options as :func:`aec_env`."""
    return RavenryEnv(game, **options)


def vector_env(game: str = "catan", num_envs: int = 8, **options: Any) -> RavenryVectorEnv:
    r"""A Gymnasium vector environment of ``num_envs`` games of ``game`` (options as
    :func:`gym_env`, but for ``info_view``): the games of ``num_envs`` :func:`gym_env`\ s in a
    ``SyncVectorEnv``, stepped together in one compiled call."""
    return RavenryVectorEnv(num_envs, game, **options)


__all__ = [
    "ENV_IDS",
    "GAMES",
    "RavenryAEC",
    "RavenryEnv",
    "RavenryParallel",
    "RavenryVectorEnv",
    "aec_env",
    "gym_env",
    "parallel_env",
    "vector_env",
]
