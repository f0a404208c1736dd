"""A simulation's games as Ray tasks (the optional ``ravenry[ray]`` extra): a local Ray instance,
the cluster running on this machine (``auto``) or any cluster by address.

:func:`ray_session` connects (or starts a local instance with ``cpus`` CPUs) unless Ray is
already initialised in this process, and shuts down only what it started, so a caller that ran
``ray.init(...)`` itself keeps its session. :func:`run_tasks` sends each chunk of game indices as
one task (one CPU each) and yields the chunks as they finish, in whatever order; what a game
plays does not depend on where it runs (its seed comes from its index), so the results equal
the process pool's. Every machine of a cluster needs ravenry installed (the same version) in
the Python that runs Ray's workers.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

RAY_LOCAL = "local"  # start a Ray instance for this run (or join RAY_ADDRESS's cluster, as ray.init does)
RAY_AUTO = "auto"  # the cluster already running on this machine (`ray start --head`)

Config = TypeVar("Config")
Result = TypeVar("Result")


class RayUnavailable(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached; says what to do."""


@contextmanager
def ray_session(address: str, cpus: int | None = None) -> Iterator[Any]:
    """Yields the ``ray`` module, connected: for :data:`RAY_LOCAL`, to a new local instance with
    ``cpus`` CPUs (all, if ``None``), or to the cluster ``RAY_ADDRESS`` names if it is set (as
    ``ray.init()`` does); else to the cluster at ``address`` (``auto``, ``HOST:PORT`` or
    ``ray://HOST:10001``)."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable("running on Ray needs Ray: pip install 'ravenry[ray]'") from None
    started = False
    if not ray.is_initialized():
        try:
            if address == RAY_LOCAL and not os.environ.get("RAY_ADDRESS"):
                ray.init(num_cpus=cpus, include_dashboard=False, logging_level=logging.WARNING)
            elif address == RAY_LOCAL:  # ray.init() joins that cluster, whose CPUs are its own
                ray.init(logging_level=logging.WARNING)
            else:
                ray.init(address=address, logging_level=logging.WARNING)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = f"the Ray cluster at {address!r}"
            if address == RAY_LOCAL:
                joined = os.environ.get("RAY_ADDRESS")
                where = f"the Ray cluster RAY_ADDRESS={joined!r} names" if joined else "a local Ray instance"
            raise RayUnavailable(f"cannot start or reach {where}: {exc}") from None
        started = True
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def cluster_cpus(ray: Any) -> int:
    """How many CPUs the connected Ray cluster offers (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def run_tasks(
    ray: Any,
    task: Callable[[Config, Sequence[int]], list[Result]],
    config: Config,
    chunks: Sequence[Sequence[int]],
) -> Iterator[tuple[Sequence[int], list[Result]]]:
    """``task(config, chunk)`` for every chunk as a Ray task, yielded as each finishes. Tasks not
    yet finished when the caller stops (an interruption, an error) are cancelled."""
    remote = ray.remote(num_cpus=1)(task)
    shared = ray.put(config)
    pending = {remote.remote(shared, tuple(chunk)): chunk for chunk in chunks}
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                chunk = pending.pop(ref)
                yield chunk, ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
