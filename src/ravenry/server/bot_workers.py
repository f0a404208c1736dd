"""Where the server's bots think: a pool of worker processes (:class:`BotPool`), never the event
loop, so a search bot's second of thought delays nobody's ``ack``.

A decision travels as a :class:`BotJob`: the game's state as JSON (``to_json(history=False)``, a
few KB), the seat, the bot object pickled, and the seat's generator as JSON. The worker rebuilds
the state and asks the bot through :func:`~ravenry.bots.base.bot_decide`, exactly as the server
did in-process: the bot is shown only its seat's view, legal actions and templates, and a
search bot samples hidden information with a :class:`~ravenry.bots.base.Sampler` over that
state, never the state itself. The state (seed and generator included) only crosses a pipe to a
process of the server's own; nothing of it goes to a player.

Decisions are stateless for the worker: the :class:`BotAnswer` brings back the action, the bot
object as it stands after deciding (its memory: the offers a search bot made this turn, the turn
a greedy bot last proposed in) and the generator as it stands after deciding. The game keeps
them only if it applies the action (``bot_turns.py``), so a decision that is thrown away (the game
moved on meanwhile) or lost with a worker changes nothing, and the same seat generator gives the
same choices whichever worker decided, or whether a worker decided at all (``workers=0``). Any
worker can take any job: no routing, and a worker lost mid-thought is replaced and the job
asked again (``retries`` times) before :class:`BotWorkerLost` is raised. (A lost worker fails
every job queued in the pool at that moment, not only its own, and each is asked again: a job
that kills its worker every time takes its own tries and may take those of jobs queued with it.)
What the pool does not add: a seat's generator is drawn from the OS at its first decision after
the server starts, as before, so a bot's choices are reproducible within a server's life (and
with an ``iters`` budget, not a time budget), not across a restart.

Workers are forked from a fork server that has imported the games and bots once (a forked
worker starts in milliseconds, and never inherits the server's threads or sockets); they run
at a lower priority (``BOT_WORKER_NICE``) than the event loop, and leave by themselves if the
server is killed outright (``_exit_with_server``). ``workers=0`` thinks on one
thread of the server's own process instead: the same jobs and answers, for tests and debugging
(a thread shares the interpreter lock, so a slow bot does slow the loop there).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ravenry.bots.base import Bot, bot_decide
from ravenry.core.protocol import GameState
from ravenry.core.registry import get_game
from ravenry.core.rng import Rng, rng_from_json

log = logging.getLogger("ravenry.server")

DEFAULT_BOT_WORKERS = 1  # two cores: one for the event loop, one for the bots
# The workers yield the CPU to the event loop when both want it (a search bot's budget is wall
# time: on a busy machine it thinks less, and people's acks keep their CPU).
BOT_WORKER_NICE = 10
DEFAULT_RETRIES = 2  # a job is asked again this many times after losing its worker
SERVER_CHECK_S = 1.0  # how often a worker checks that the server is still there
# Imported once by the fork server, so that every worker starts with them.
PRELOAD = (
    "ravenry.games.catan",
    "ravenry.games.got_catan",
    "ravenry.games.brotherhood",
    "ravenry.games.thrones",
    "ravenry.bots.greedy",
    "ravenry.bots.random_bot",
    "ravenry.bots.search",
    "ravenry.bots.expert",
    "ravenry.analysis",
    "ravenry.server.bot_workers",
)


class BotWorkerLost(RuntimeError):
    """A decision's worker died (killed, out of memory, crashed) on every try."""


@dataclass(frozen=True)
class BotJob:
    """One decision to make: everything a worker needs, nothing it keeps."""

    game: str  # the game id
    state: str  # the state's JSON text, without its history
    seat: int
    bot: bytes  # the bot object, pickled
    rng: str  # the seat's generator, as JSON


@dataclass(frozen=True)
class BotAnswer:
    action: dict[str, Any]  # the action's JSON
    bot: bytes  # the bot object after deciding, pickled
    rng: str  # the generator after deciding
    seconds: float  # how long the bot thought
    pid: int  # the process that decided

    def restore(self) -> tuple[Bot, Rng]:
        bot: Bot = pickle.loads(self.bot)
        return bot, rng_from_json(self.rng)


def make_job(state: GameState, seat: int, bot: Bot, rng: Rng) -> BotJob:
    """The job for ``bot``'s decision at ``seat`` now (copies: the game's objects stay as they are)."""
    text = json.dumps(state.to_json(history=False), separators=(",", ":"))
    return BotJob(state.game.id, text, seat, pickle.dumps(bot), rng.to_json())


def decide(job: BotJob) -> BotAnswer:
    """Run one job (in a worker): the bot's choice through :func:`bot_decide`."""
    started = time.perf_counter()
    game = get_game(job.game)
    state: GameState = game.state_from_json(json.loads(job.state))
    bot: Bot = pickle.loads(job.bot)
    rng = rng_from_json(job.rng)
    choice = bot_decide(bot, state, job.seat, rng)
    return BotAnswer(
        game.action_to_json(choice),
        pickle.dumps(bot),
        rng.to_json(),
        time.perf_counter() - started,
        os.getpid(),
    )


def analyse_record(record: dict[str, Any]) -> dict[str, Any]:
    """Run one analysis (in a worker): the record is the game's JSON record (``record_json``)."""
    from ravenry.analysis import analyse
    from ravenry.core.record import GameRecord

    return analyse(GameRecord.from_json(record))


def _worker_started(nice: int, server: int) -> None:
    # Ctrl-C reaches the whole process group: the server shuts the pool down itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    threading.Thread(target=_exit_with_server, args=(server,), daemon=True).start()


def _exit_with_server(server: int) -> None:
    # A server killed outright (SIGKILL, out of memory) cannot stop its pool, and a worker would
    # wait for jobs for ever (its parent is the fork server, which itself waits for its workers):
    # each worker watches the server's process and leaves after it.
    while _running(server):
        time.sleep(SERVER_CHECK_S)
    os._exit(0)


def _running(pid: int) -> bool:
    """Whether process ``pid`` is running (a zombie, dead but not yet reaped, is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel whether the pid exists
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    return stat.rsplit(")", 1)[-1].split()[0] != "Z"


class BotPool:
    """The server's bot executor: ``workers`` processes (0: one thread in this process)."""

    def __init__(
        self, workers: int = DEFAULT_BOT_WORKERS, retries: int = DEFAULT_RETRIES, nice: int = BOT_WORKER_NICE
    ) -> None:
        if type(workers) is not int or workers < 0:
            raise ValueError(f"bot workers must be a whole number of at least 0, not {workers!r}")
        self.workers = workers
        self.retries = retries
        self.nice = nice
        self._executor: Executor | None = None
        self.replaced = 0  # pools replaced after losing a worker (for logs and tests)
        self.answers: dict[int, int] = {}  # decisions made, by the process that made them

    def _current(self) -> Executor:
        # Started at the first decision (a server without bots starts no process).
        if self._executor is None:
            if self.workers == 0:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ravenry-bot")
            else:
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(list(PRELOAD))
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=context,
                    initializer=_worker_started,
                    initargs=(self.nice, os.getpid()),
                )
        return self._executor

    def warm(self) -> None:
        """Start every worker now and wait until each has answered once (blocking: for start-up,
        before the server listens; the first start launches the fork server, which imports the
        games and bots, and would otherwise stall the event loop at the first bot's move)."""
        executor = self._current()
        for future in [executor.submit(os.getpid) for _ in range(max(1, self.workers))]:
            future.result(timeout=60)

    async def decide(self, job: BotJob) -> BotAnswer:
        """The answer to ``job``, thought out of this process (or on the pool's thread). Raises
        what the bot raised, or :class:`BotWorkerLost` after ``retries`` lost workers."""
        loop = asyncio.get_running_loop()
        for attempt in range(self.retries + 1):
            executor = self._current()
            try:
                answer = await loop.run_in_executor(executor, decide, job)
                self.answers[answer.pid] = self.answers.get(answer.pid, 0) + 1
                return answer
            except BrokenProcessPool:
                tries = self.retries + 1
                log.warning("a bot worker died (try %d of %d); starting a new pool", attempt + 1, tries)
                self._replace(executor)
        raise BotWorkerLost(f"the bot's worker died {self.retries + 1} times in a row")

    async def analyse(self, record: dict[str, Any]) -> dict[str, Any]:
        """The analysis of a finished game's record (:func:`ravenry.analysis.analyse`), worked
        out in a worker like a bot's decision (never on the event loop). Raises
        :class:`BotWorkerLost` after ``retries`` lost workers."""
        loop = asyncio.get_running_loop()
        for attempt in range(self.retries + 1):
            executor = self._current()
            try:
                return await loop.run_in_executor(executor, analyse_record, record)
            except BrokenProcessPool:
                log.warning("a worker died analysing (try %d of %d)", attempt + 1, self.retries + 1)
                self._replace(executor)
        raise BotWorkerLost(f"the analysis's worker died {self.retries + 1} times in a row")

    def _replace(self, broken: Executor) -> None:
        # Every job of a broken pool fails at once: the first to notice replaces it, the others
        # find a new one already there.
        if self._executor is broken:
            self._executor = None
            self.replaced += 1
            broken.shutdown(wait=False, cancel_futures=True)

    def worker_pids(self) -> list[int]:
        """The worker processes running now (tests kill one)."""
        processes: dict[int, Any] = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in list(processes.values()) if p.is_alive()]

    def close(self) -> None:
        """Stop every worker: queued decisions are dropped, a decision under way is cut short
        (its game re-asks its bots when the server starts again). A later decision would start
        a new pool."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=2)
