"""Bots think in worker processes (``server/bot_workers.py``), never on the event loop: a game of
bots plays to the end through the pool; while a bot thinks, people's acks, other games, the
lobby and the bot's own game all answer; a choice thought on a position the game has left is
dropped; a worker killed mid-thought is replaced and the game goes on; a decision made in the
pool is the one made in-process (same choice, same bot memory and generator afterwards); and
stopping the server stops its workers.

Waits are for things that must happen (a thought logged, a frame promised), never timings: a
:class:`~bot_support.GateBot` thinks until the test opens its gate, so "the ack came while the
bot was thinking" is a fact of ordering.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import signal
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from bot_support import GateBot, thoughts, wait_for
from conftest import FIXED_SEED, TEST_LIMITS
from server_support import Viewer, create, free_port, running_server, tokens
from starlette.testclient import TestClient

from ravenry.bots import base as bots_base
from ravenry.bots.base import bot_decide, bot_from_spec
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.server.app import create_app
from ravenry.server.bot_workers import BotPool, make_job
from ravenry.server.live import LiveGame
from ravenry.server.storage import Storage

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder for the gate bots' log and gate; the ``gate`` kind registered for every game."""
    monkeypatch.setitem(bots_base._BOTS, ("gate", None), GateBot)
    folder = tmp_path / "gate"
    folder.mkdir()
    return folder


def _client(database_url: str, workers: int = 1) -> TestClient:
    app = create_app(
        database_url, bot_delay=0.0, fixed_seed=FIXED_SEED, limits=TEST_LIMITS, bot_workers=workers
    )
    return TestClient(app)


def _live(client: TestClient, game_id: str) -> LiveGame:
    live: LiveGame = client.app.state.hub.games[game_id]  # type: ignore[attr-defined]
    return live


def test_a_game_of_bots_is_thought_out_in_worker_processes_to_the_end(database_url: str) -> None:
    with _client(database_url) as client:
        created = create(client, "got-catan", ["bot:greedy", "bot:random", "bot:greedy"])
        wait_for(
            lambda: client.get(f"/api/games/{created['id']}").json()["status"] == "finished",
            "the bots to finish",
            timeout=90,
        )
        summary = client.get(f"/api/games/{created['id']}").json()
        pool = client.app.state.hub.bot_pool  # type: ignore[attr-defined]
        assert summary["result"]["winners"] and summary["seq"] > 100
        # Every choice with more than one option was thought out in another process.
        assert pool.answers and os.getpid() not in pool.answers
        assert sum(pool.answers.values()) >= summary["seq"] // 2


def test_while_a_bot_thinks_people_the_lobby_and_its_own_game_are_answered(
    database_url: str, gate: Path
) -> None:
    spec = f"bot:gate:dir={gate}"
    with _client(database_url) as client:
        # thrones begins with every seat placing orders at once: the person may act while the
        # bots think.
        created = create(client, "thrones", ["human", spec, spec])
        other = create(client, "catan", ["human"] * 3)
        game_id = created["id"]
        with (
            client.websocket_connect(f"/ws/{game_id}") as ws,
            client.websocket_connect(f"/ws/{other['id']}") as w0,
            client.websocket_connect(f"/ws/{other['id']}") as w1,
            client.websocket_connect(f"/ws/{other['id']}") as w2,
        ):
            person = Viewer(ws, 0)
            person.hello(tokens(created)[0])
            wait_for(lambda: len(thoughts(gate)) == 1, "a bot to start thinking")
            # The gate is shut: everything below is answered while that bot is still thinking.
            assert person.legal
            assert person.act(person.legal[0])["t"] == "ack"
            strangers = [Viewer(w, n) for n, w in enumerate((w0, w1, w2))]
            for n, stranger in enumerate(strangers):
                stranger.hello(tokens(other)[n])
            (first,) = [s for s in strangers if s.legal]  # the last to arrive sees who goes first
            assert first.act(first.legal[0])["t"] == "ack"
            assert client.get("/api/meta").status_code == 200
            with client.websocket_connect(f"/ws/{game_id}") as spectator_ws:  # the game's lock is free
                assert Viewer(spectator_ws, None).hello(None)["seq"] == 1
            live = _live(client, game_id)
            assert live.seq == 1 and len(thoughts(gate)) == 1 and live.bot_turns.choices_dropped == 0
            (gate / "open").touch()
            # The first bot's choice was thought on position 0, which the person's act left: it is
            # dropped and thought again; then both bots place their orders.
            wait_for(lambda: live.seq >= 3, "the bots' moves")
            assert live.bot_turns.choices_dropped >= 1 and len(thoughts(gate)) >= 3
            assert live.bot_turns.broken == set()
    # Every stored action replays (the rules accepted each one on the position it was made), and
    # every move the game made is stored. Read once the server has stopped, since the bots go on
    # moving when they decide alone; a bot's move whose commit was in flight as the server stopped
    # is stored though the live game never took it up (nobody was told of it): one at most.
    storage = Storage(database_url)
    restored = LiveGame.restore(storage.get_game(game_id), storage, 0.0).seq
    assert live.seq >= 3 and live.seq <= restored <= live.seq + 1


def test_a_worker_killed_mid_thought_is_replaced_and_the_game_goes_on(database_url: str, gate: Path) -> None:
    spec = f"bot:gate:dir={gate}"
    with _client(database_url) as client:
        created = create(client, "catan", [spec] * 3)
        live = _live(client, created["id"])
        pool = client.app.state.hub.bot_pool  # type: ignore[attr-defined]
        wait_for(lambda: len(thoughts(gate)) == 1, "a bot to start thinking")
        (victim,) = thoughts(gate)
        assert victim != os.getpid() and victim in pool.worker_pids()
        os.kill(victim, signal.SIGKILL)
        wait_for(lambda: len(thoughts(gate)) == 2, "the bot to think again in a new worker")
        assert thoughts(gate)[1] != victim and pool.replaced == 1
        assert live.seq == 0  # nothing was lost or taken twice
        (gate / "open").touch()
        wait_for(lambda: live.seq >= 4, "the game to go on")
        assert live.bot_turns.broken == set()


@pytest.mark.parametrize(
    ("game", "players", "specs", "workers"),
    [
        ("catan", 3, ("greedy", "random", "search:iters=12:horizon=1"), 1),
        ("brotherhood", 4, ("greedy", "random", "greedy", "search:iters=8:horizon=1"), 0),
        ("thrones", 3, ("greedy", "random", "greedy"), 0),
    ],
)
def test_a_decision_in_the_pool_is_the_decision_in_process(
    game: str, players: int, specs: tuple[str, ...], workers: int
) -> None:
    """Same seat generator, same bot: the same choices, and the same bot memory and generator
    after each (what the game keeps), whether a worker decided or this process."""
    state = new_game(game, players=players, seed=2024)
    here = [(bot_from_spec(s, game), Rng(100 + n)) for n, s in enumerate(specs)]
    there = [(bot_from_spec(s, game), Rng(100 + n)) for n, s in enumerate(specs)]
    pool = BotPool(workers)

    async def play(steps: int) -> int:
        asked = 0
        for _ in range(steps):
            decision = state.decision()
            if decision.result is not None:
                break
            seat = decision.players[0]
            bot, rng = here[seat]
            expected = bot_decide(bot, state, seat, rng)
            answer = await pool.decide(make_job(state, seat, *there[seat]))
            there[seat] = answer.restore()
            assert answer.action == state.game.action_to_json(expected)
            assert answer.rng == rng.to_json()
            assert vars(there[seat][0]) == vars(bot)  # the bot's memory, as the game keeps it
            state.apply(seat, expected)
            asked += 1
        return asked

    try:
        assert asyncio.run(play(40 if game == "catan" else 30)) >= 30
    finally:
        pool.close()
    if workers:
        assert os.getpid() not in pool.answers


def test_every_bot_kind_travels_to_a_worker_and_back() -> None:
    """A bot is sent pickled: every registered kind, for every game it plays, must pickle."""
    from ravenry.core.registry import available_games

    for game in available_games():
        for kind in bots_base.bot_kinds(game):
            bot = bot_from_spec(kind, game)
            copy: Any = pickle.loads(pickle.dumps(bot))
            assert type(copy) is type(bot), (game, kind)


def test_stopping_the_server_stops_its_bot_workers(database_url: str) -> None:
    with _client(database_url, workers=2) as client:
        created = create(client, "catan", ["bot:greedy"] * 3)
        live = _live(client, created["id"])
        wait_for(lambda: live.seq >= 5, "a few bot moves")
        pids = client.app.state.hub.bot_pool.worker_pids()  # type: ignore[attr-defined]
        assert pids and os.getpid() not in pids
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_the_pool_refuses_a_bad_size() -> None:
    for bad in (-1, 1.5, "2"):
        with pytest.raises(ValueError, match="bot workers must be a whole number"):
            BotPool(bad)  # type: ignore[arg-type]


def _descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (Linux /proc), running or a zombie not yet reaped."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"


def test_the_workers_leave_when_the_server_is_killed_outright(tmp_path: Path) -> None:
    """SIGKILL leaves the server no time to stop its pool: the workers notice and leave."""
    port = free_port()
    url = f"sqlite:///{tmp_path / 'killed.sqlite'}"
    with running_server(url, port, tmp_path / "server.log") as proc:
        base = f"http://127.0.0.1:{port}"
        body = {"game": "catan", "seats": [{"kind": "bot", "bot": "greedy"}] * 3}
        game_id = httpx.post(f"{base}/api/games", json=body).json()["id"]
        wait_for(lambda: httpx.get(f"{base}/api/games/{game_id}").json()["seq"] >= 3, "the bots to move")
        helpers = _descendants(proc.pid)
        assert len(helpers) >= 2  # the fork server and at least one worker (and the resource tracker)
        proc.kill()
        proc.wait(timeout=10)
    wait_for(lambda: all(_gone(pid) for pid in helpers), "every bot process to leave", timeout=20)
