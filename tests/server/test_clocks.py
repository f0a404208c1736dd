"""Clocks and absent players: the ``clock`` and ``away_after`` options, timeouts made by a stand-in
bot from the seat's own view, away seats played by a bot until their person takes them back, and
deadlines that survive a restart (SQLite, and PostgreSQL when it is reachable).

No test sleeps: the server reads a :class:`ManualClock` that moves only when a test advances it,
and a test waits for the watcher task the deadline wakes, or for the frame the protocol promises.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from conftest import FIXED_SEED, TEST_LIMITS
from fastapi import FastAPI
from server_support import Viewer, create, tokens
from starlette.testclient import TestClient

from ravenry.bots import base as bots_base
from ravenry.core.rng import Rng
from ravenry.server import timekeeper
from ravenry.server.app import create_app
from ravenry.server.bot_workers import BotPool
from ravenry.server.clocks import ClockSpec, ManualClock, SeatClock, parse_clock
from ravenry.server.hub import Hub
from ravenry.server.live import Connection, LiveGame
from ravenry.server.messages import CreateGame
from ravenry.server.storage import Storage

pytestmark = pytest.mark.timeout(60)


# -- the option ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"clock": "move:2"}, "a move clock takes 5 s to 3600 s, not 2 s"),
        ({"clock": "move:2h"}, "a move clock takes 5 s to 3600 s, not 7200 s"),
        ({"clock": "blitz:60"}, "option 'clock' must be none, move:S, chess:B+I or slow:S"),
        ({"clock": "chess:ten+5"}, "a chess clock's bank must be whole seconds"),
        ({"clock": "chess:10m+11m"}, "a chess clock's increment may be at most 600 s"),
        ({"clock": "slow:30m"}, "a slow clock takes 3600 s to 1.2096e+06 s, not 1800 s"),
        ({"clock": 60}, "option 'clock' must be text"),
        ({"away_after": 0}, "option 'away_after' must be a whole number from 1 to 20"),
        ({"away_after": "2"}, "option 'away_after' must be a whole number from 1 to 20"),
    ],
)
def test_a_bad_clock_is_refused_with_its_reason(
    client: TestClient, options: dict[str, Any], reason: str
) -> None:
    body = {"game": "catan", "seats": [{"kind": "human"}] * 3, "options": options}
    response = client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "bad_options"
    assert reason in response.json()["reason"]


def test_clock_options_are_offered_parsed_and_kept_for_a_rematch(client: TestClient) -> None:
    catan = next(g for g in client.get("/api/meta").json()["games"] if g["id"] == "catan")
    clock = next(o for o in catan["options"] if o["name"] == "clock")
    assert clock["default"] == "none" and "slow:24h" in clock["choices"]
    assert len(clock["labels"]) == len(clock["choices"])
    assert parse_clock("chess:10m+5s") == ClockSpec("chess", 600.0, 5.0)
    assert parse_clock("slow:24h") == ClockSpec("slow", 86400.0)
    assert parse_clock("none") == parse_clock(None) == ClockSpec("none")
    created = create(client, "catan", ["human"] * 3, clock="move:60", away_after=3, board="variable")
    live = client.app.state.hub.games[created["id"]]  # type: ignore[attr-defined]
    assert (live.timekeeper.spec, live.timekeeper.away_after) == (ClockSpec("move", 60.0), 3)
    row = client.app.state.hub.storage.get_game(created["id"])  # type: ignore[attr-defined]
    assert row.options == {"clock": "move:60", "away_after": 3, "board": "variable"}


# -- chess clock arithmetic ---------------------------------------------------------------------
def test_a_chess_clock_spends_the_bank_and_adds_the_increment() -> None:
    spec = ClockSpec("chess", 600.0, 5.0)
    clock = SeatClock()
    clock.start(spec, now=1000.0)
    assert clock.deadline == 1600.0 and clock.remaining(spec, 1100.0) == 500.0
    clock.stop(spec, now=1030.0)  # 30 s used, 5 s added
    assert (clock.deadline, clock.bank) == (None, 575.0)
    assert clock.remaining(spec, 5000.0) == 575.0  # the bank does not run between decisions
    clock.start(spec, now=2000.0)
    assert clock.deadline == 2575.0
    clock.stop(spec, now=2575.0, timed_out=True)  # a timeout empties the bank, then the increment
    assert clock.bank == 5.0
    per_move = ClockSpec("move", 60.0)
    other = SeatClock()
    other.start(per_move, now=10.0)
    other.stop(per_move, now=20.0)
    assert (other.deadline, other.bank) == (None, None)  # nothing carries over between decisions


# -- a table in memory, driven directly -----------------------------------------------------------
class Table:
    """A hub on a SQLite (or PostgreSQL) database with a manual clock, every person connected."""

    def __init__(self, url: str, wall: ManualClock) -> None:
        self.storage = Storage(url)
        self.wall = wall
        # Bots think on a thread of this process: a stand-in spy's record is readable here.
        self.hub = Hub(self.storage, 0.0, FIXED_SEED, TEST_LIMITS, wall, BotPool(0))
        self.conns: dict[int, Connection] = {}
        self.live: LiveGame

    async def start(self, game: str, humans: int, **options: Any) -> LiveGame:
        await self.hub.start()
        body = {"game": game, "seats": [{"kind": "human"}] * humans, "options": options}
        created = await self.hub.lobby.create(CreateGame.model_validate(body))
        self.live = self.hub.games[created["id"]]
        for seat in range(humans):
            self.conns[seat] = Connection(seat)
            await self.live.attach(self.conns[seat])
        await self.settle()
        return self.live

    async def reopen(self, game_id: str) -> LiveGame:
        await self.hub.start()
        self.live = self.hub.games[game_id]
        await self.settle()
        return self.live

    async def close(self) -> None:
        await self.settle()
        await self.hub.stop()
        self.storage.close()

    async def settle(self) -> None:
        """Let every bot move and every save finish (bots at delay 0 need only the loop)."""
        for _ in range(200):
            await asyncio.sleep(0)
            if self.live is not None and self.live.bot_turns.tasks:
                await asyncio.gather(*list(self.live.bot_turns.tasks.values()), return_exceptions=True)
        async with self.live.lock:
            pass

    async def advance(self, seconds: float) -> None:
        """Move the clock; if that passes the earliest deadline, wait for its watcher to finish."""
        task = self.live.timekeeper.task
        self.wall.advance(seconds)
        deadlines = [s.clock.deadline for s in self.live.seats if s.clock.deadline is not None]
        if task is not None and deadlines and min(deadlines) <= self.wall.now():
            await task
        await self.settle()

    def deciding(self) -> tuple[int, ...]:
        return self.live.state.decision().players

    async def act(self, seat: int) -> None:
        legal = self.live.state.legal_actions(seat)
        action = self.live.game.action_to_json(legal[0])
        outcome = await self.live.act(self.conns[seat], seat, f"t{self.live.seq}", None, action)
        assert outcome.code is None, outcome
        await self.settle()

    def frames(self, seat: int) -> list[dict[str, Any]]:
        out = []
        queue = self.conns[seat].outbox
        while not queue.empty():
            text = queue.get_nowait()
            if text is not None:
                out.append(json.loads(text))
        return out


def run(url: str, scenario: Callable[[Table], Awaitable[None]]) -> None:
    async def main() -> None:
        table = Table(url, ManualClock())
        try:
            await scenario(table)
        finally:
            await table.close()

    asyncio.run(main())


class SpyBot:
    """A stand-in that records what it was shown and takes the first legal action. A bot is
    asked as a copy (the bot pool pickles it): every copy records in the one class-level list."""

    seen: ClassVar[list[tuple[dict[str, Any], list[Any]]]] = []

    def act(self, view: dict[str, Any], legal: Sequence[Any], rng: Rng) -> Any:
        self.seen.append((view, list(legal)))
        return legal[0]


def test_a_timeout_appends_one_action_for_that_seat_chosen_from_its_view_only(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = SpyBot()
    monkeypatch.setattr(SpyBot, "seen", [])
    monkeypatch.setitem(bots_base._BOTS, ("clock-spy", None), SpyBot)
    monkeypatch.setattr(timekeeper, "stand_in_spec", lambda game_id: "clock-spy")

    async def scenario(t: Table) -> None:
        live = await t.start("catan", 3, clock="move:60")
        (seat,) = t.deciding()
        start = t.wall.now()
        assert live.seats[seat].clock.deadline == start + 60
        view_then = json.loads(json.dumps(live.state.observe(seat)))
        legal_then = list(live.state.legal_actions(seat))
        await t.advance(59)
        assert live.seq == 0 and spy.seen == []
        await t.advance(2)
        assert live.seq == 1 and len(spy.seen) == 1
        view, legal = spy.seen[0]
        assert json.loads(json.dumps(view)) == view_then  # that seat's view, nothing more
        assert legal == legal_then
        actions = t.storage.actions(live.id)
        assert [(a.seq, a.seat, a.cid) for a in actions] == [(1, seat, "~timeout:0")]
        assert actions[0].payload == live.game.action_to_json(legal_then[0])
        # Everyone hears of it as a timeout, with the seat's clock running again for its road.
        for other in t.conns:
            ev = [f for f in t.frames(other) if f["t"] == "ev"][-1]
            assert (ev["seq"], ev["by"], ev["timeout"]) == (1, seat, True)
            shown = ev["clocks"]["seats"][seat]
            assert shown["waiting"] and shown["deadline"] == t.wall.now() + 60 and shown["timeouts"] == 1
        assert t.deciding() == (seat,) and live.seats[seat].clock.deadline == start + 61 + 60
        await t.act(seat)  # the person places its road itself: the count of timeouts starts over
        assert live.seats[seat].clock.timeouts == 0 and len(spy.seen) == 1

    run(database_url, scenario)


def test_simultaneous_decisions_time_out_seat_by_seat(database_url: str) -> None:
    async def scenario(t: Table) -> None:
        live = await t.start("thrones", 3, clock="move:60", away_after=5)
        assert t.deciding() == (0, 1, 2) and live.state.decision().simultaneous
        await t.advance(10)
        await t.act(0)  # seat 0 places an order at +10 s: its next one is due at +70 s
        await t.advance(51)  # +61 s: seats 1 and 2 are due, seat 0 is not
        by_seat = [a.seat for a in t.storage.actions(live.id)]
        assert by_seat == [0, 1, 2]
        assert [s.clock.timeouts for s in live.seats] == [0, 1, 1]
        assert live.seats[0].clock.deadline == t.wall.now() - 51 + 60

    run(database_url, scenario)


def test_timeouts_in_a_row_make_a_seat_away_a_bot_plays_it_and_its_person_takes_it_back(
    database_url: str,
) -> None:
    async def scenario(t: Table) -> None:
        live = await t.start("catan", 3, clock="move:60", away_after=2)
        (seat,) = t.deciding()
        await t.advance(61)  # its settlement
        assert not live.seats[seat].clock.away and t.deciding() == (seat,)
        await t.advance(61)  # its road: two in a row
        assert live.seats[seat].clock.away and live.seats[seat].clock.deadline is None
        assert live.public_seats()[seat]["away"] is True
        # A bot plays the away seat whenever it decides; the others play by hand.
        while live.seq < 30:
            others = [s for s in t.deciding() if s != seat]
            assert others, "an away seat is played by its bot at once"
            await t.act(others[0])
        cids = [a.cid or "" for a in t.storage.actions(live.id) if a.seat == seat]
        assert cids[:2] == ["~timeout:0", "~timeout:1"] and cids[2:]
        assert all(c.startswith("~away:") for c in cids[2:])
        refused = await live.act(t.conns[seat], seat, "mine", None, {"type": "end_turn"})
        assert refused.code == "away"
        t.frames(seat)
        assert await live.take_over(t.conns[seat]) is None
        assert not live.seats[seat].clock.away and live.seats[seat].clock.timeouts == 0
        welcome = next(f for f in t.frames(seat) if f["t"] == "welcome")
        assert welcome["clocks"]["seats"][seat]["away"] is False
        # From now on the person decides: when its turn comes, its clock runs and nobody moves.
        while seat not in t.deciding():
            await t.act(t.deciding()[0])
        seq = live.seq
        await t.settle()
        assert live.seq == seq and live.seats[seat].clock.deadline == t.wall.now() + 60
        refusal = await live.take_over(t.conns[seat])
        assert refusal is not None and refusal["code"] == "not_away"
        stored = t.storage.get_game(live.id)
        assert stored is not None and stored.seats[seat].away is False

    run(database_url, scenario)


def test_a_chess_clock_bank_runs_down_across_decisions(database_url: str) -> None:
    async def scenario(t: Table) -> None:
        live = await t.start("catan", 3, clock="chess:60+5")
        (seat,) = t.deciding()
        await t.advance(20)
        await t.act(seat)  # settlement after 20 s: 40 left, +5
        assert t.deciding() == (seat,)
        assert live.seats[seat].clock.deadline == t.wall.now() + 45
        await t.act(seat)  # road at once: +5
        assert live.seats[seat].clock.bank == 50
        after = live.timekeeper.json()["seats"][seat]
        assert after["remaining"] == 50 and after["deadline"] is None and not after["waiting"]

    run(database_url, scenario)


def _restart_keeps_the_deadline(url: str) -> None:
    wall = ManualClock()

    async def first() -> tuple[str, int, float]:
        t = Table(url, wall)
        live = await t.start("catan", 3, clock="move:60")
        (seat,) = t.deciding()
        await t.advance(61)  # one timeout; its road is due at +121
        deadline = live.seats[seat].clock.deadline
        assert deadline == wall.now() + 60
        wall.advance(30)  # half of it passes while the server is running...
        await t.close()
        return live.id, seat, deadline

    async def second(game_id: str, seat: int, deadline: float) -> None:
        wall.advance(40)  # ...and the rest while it is down: due once it starts again
        t = Table(url, wall)
        try:
            live = await t.reopen(game_id)
            assert t.storage.get_game(game_id).clock_seq is not None  # type: ignore[union-attr]
            for _ in range(50):  # the watcher, then its stand-in thinking on the bot pool's thread
                if live.seq == 2:
                    break
                if live.timekeeper.task is not None:
                    await asyncio.wait_for(asyncio.shield(live.timekeeper.task), 10)
                else:
                    await asyncio.sleep(0.01)
            assert live.seq == 2, "the deadline that passed while the server was down fired at start"
            assert [a.cid for a in t.storage.actions(game_id)] == ["~timeout:0", "~timeout:1"]
            assert live.seats[seat].clock.timeouts == 2
        finally:
            await t.close()

    game_id, seat, deadline = asyncio.run(first())
    asyncio.run(second(game_id, seat, deadline))


def test_clocks_saved_before_the_last_action_start_afresh_after_a_restart(database_url: str) -> None:
    """A crash between an action's commit and the clocks' save: the seat deciding then gets a
    whole new decision's time, not a deadline left from the position before."""
    wall = ManualClock()

    async def first() -> tuple[str, int]:
        t = Table(database_url, wall)
        live = await t.start("catan", 3, clock="move:60")
        (seat,) = t.deciding()
        await t.advance(50)
        await t.act(seat)
        await t.close()
        return live.id, seat

    async def second(game_id: str, seat: int) -> None:
        storage = Storage(database_url)
        storage.save_clocks(game_id, 0, [(seat, (wall.now() - 100.0, None, 0, False))])
        storage.close()
        wall.advance(5)
        t = Table(database_url, wall)
        try:
            live = await t.reopen(game_id)
            assert live.seq == 1 and live.seats[seat].clock.deadline == wall.now() + 60
            assert t.storage.get_game(game_id).clock_seq == 1  # type: ignore[union-attr]
        finally:
            await t.close()

    game_id, seat = asyncio.run(first())
    asyncio.run(second(game_id, seat))


def test_the_clocks_commit_in_the_same_transaction_as_the_action(any_database: str) -> None:
    """An action and the clocks after it are one commit. Every other write of the clocks fails
    here, as if the server died right after each action's commit: the stored clocks are still
    those after the last action (clock_seq), never those of the position before."""

    async def scenario(t: Table) -> None:
        live = await t.start("catan", 3, clock="move:60")

        def died(*_args: Any) -> None:
            raise OSError("the server died after the action's commit")

        t.storage.save_clocks = died  # type: ignore[method-assign]
        for _ in range(4):
            t.wall.advance(7)
            (seat,) = t.deciding()
            await t.act(seat)
            stored = await t.storage.call(t.storage.get_game, live.id)
            assert stored is not None and stored.clock_seq == live.seq
            assert [(s.clock_deadline, s.clock_bank, s.timeouts, s.away) for s in stored.seats] == [
                (s.clock.deadline, s.clock.bank, s.clock.timeouts, s.clock.away) for s in live.seats
            ]
            assert live.seats[t.deciding()[0]].clock.deadline == t.wall.now() + 60

    run(any_database, scenario)


def test_a_deadline_survives_a_restart_on_sqlite(database_url: str) -> None:
    _restart_keeps_the_deadline(database_url)


def test_a_deadline_survives_a_restart_on_postgresql(postgres_url: str) -> None:
    _restart_keeps_the_deadline(postgres_url)


# -- over the socket ------------------------------------------------------------------------------
def test_clocks_reach_every_viewer_and_takeover_works_over_the_socket(tmp_path: Path) -> None:
    wall = ManualClock()
    url = f"sqlite:///{tmp_path / 'clocks.sqlite'}"
    app: FastAPI = create_app(url, bot_delay=0.0, fixed_seed=FIXED_SEED, limits=TEST_LIMITS, wall=wall)
    with TestClient(app) as client:
        created = create(client, "catan", ["human"] * 3, clock="move:60", away_after=1)
        live = app.state.hub.games[created["id"]]
        (first,) = live.state.decision().players
        seat_tokens = tokens(created)
        other = (first + 1) % 3
        path = f"/ws/{created['id']}"
        with (
            client.websocket_connect(path) as ws,
            client.websocket_connect(path) as other_ws,
            client.websocket_connect(path) as third_ws,
        ):
            me, them = Viewer(ws, first), Viewer(other_ws, other)
            me.hello(seat_tokens[first])
            them.hello(seat_tokens[other])
            Viewer(third_ws, 3 - first - other).hello(seat_tokens[3 - first - other])
            # The last person's arrival starts the game and its clocks, for every viewer.
            clocks = them.recv_until("clocks")["clocks"]
            assert clocks["mode"] == "move" and clocks["now"] == wall.now()
            mine = clocks["seats"][first]
            assert mine["waiting"] and mine["timed"] and mine["deadline"] == wall.now() + 60
            assert clocks["seats"][other]["deadline"] is None and not clocks["seats"][other]["waiting"]
            assert me.recv_until("clocks")["clocks"] == clocks
            wall.advance(61)
            ev = me.recv_until("ev")
            assert ev["by"] == first and ev["timeout"] is True and ev["legal"] is None
            assert ev["clocks"]["seats"][first]["away"] is True
            seen = them.recv_until("ev")
            assert seen["timeout"] is True and seen["clocks"]["seats"][first]["away"] is True
            assert me.recv_until("ev")["by"] == first  # its road: the away seat's bot at once
            me.send({"t": "act", "cid": "~timeout:9", "a": {"type": "end_turn"}})
            assert me.recv_until("reject")["code"] == "bad_message"  # "~" cids are the server's
            me.send({"t": "takeover"})
            welcome = me.recv_until("welcome")
            assert welcome["clocks"]["seats"][first]["away"] is False
            assert live.seats[first].clock.away is False
            assert them.recv_until("clocks")["clocks"]["seats"][first]["away"] is False
