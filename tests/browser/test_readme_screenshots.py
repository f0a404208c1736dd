"""The README's and the docs' screenshots, one of each game's page, kept current by this test.

Greedy bots play a game of each kind from a fixed seed to a fixed point in the middle of play;
the game is stored with every seat a person (so nothing moves once the server restores it), and
seat 0's page is opened at 1280x800, the other seats' pages beside it (no one is shown away).
The picture is written to docs/assets/screenshots/<game>.png only when its pixels differ from
the one there (a page that did not change leaves the file, and git, alone).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import DESKTOP, Server, missing, skip_or_fail
from browser_tabs import Tab

import ravenry
from ravenry.bots.base import bot_decide, make_bot
from ravenry.core.rng import Rng
from ravenry.server.live import hash_token
from ravenry.server.storage import GameRow, SeatRow, Storage, actions_table, dumps, games_table

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "assets" / "screenshots"
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
# (game, players, seed, steps the bots play before seat 0's page is photographed)
GAMES = [
    ("catan", 4, 3, 260),
    ("got-catan", 4, 3, 260),
    ("brotherhood", 4, 3, 260),
    ("thrones", 5, 3, 500),
]


def _token(game_id: str, seat: int) -> str:
    return f"{game_id}-seat{seat}-token-of-the-screenshots"


def _waits_for_seat_0(state: Any) -> bool:
    decision = state.decision()
    return 0 in tuple(decision.players) and decision.result is None


def _write_game(db: Path, game: str, players: int, seed: int, steps: int) -> None:
    """Greedy bots play ``steps`` actions, then on until seat 0 has a decision; stored running."""
    state = ravenry.new_game(game, players=players, seed=seed)
    bot, rng = make_bot("greedy", game), Rng.from_seed(seed)
    played: list[tuple[int, Any]] = []
    while len(played) < steps or not _waits_for_seat_0(state):
        decision = state.decision()
        assert decision.result is None, "the game ended before the position was reached"
        seat = decision.players[0]
        action = bot_decide(bot, state, seat, rng)
        state.apply(seat, action)
        played.append((seat, action))
    storage = Storage(f"sqlite:///{db}")
    storage.migrate()
    now = time.time()
    fresh = ravenry.new_game(game, players=players, seed=seed)
    seats = [SeatRow(s, "human", None, NAMES[s], hash_token(_token(game, s)), now) for s in range(players)]
    storage.create_game(
        GameRow(
            id=game,
            kind=game,
            players=players,
            config=fresh.config.to_json(),
            options={},
            seed=seed,
            status="running",
            result=None,
            seq=0,
            host_token_hash=hash_token("host-" + game),
            created_at=now,
            seats=seats,
        )
    )
    rows = [
        {"game_id": game, "seq": i, "seat": seat, "payload": dumps(fresh.game.action_to_json(a))}
        | {"cid": None, "at": now}
        for i, (seat, a) in enumerate(played, start=1)
    ]
    with storage.engine.begin() as conn:
        conn.execute(actions_table.insert(), rows)
        conn.execute(games_table.update().where(games_table.c.id == game).values(seq=len(rows)))
    storage.close()


@pytest.fixture(params=GAMES, ids=[g[0] for g in GAMES])
def table(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Server, str]]:
    if missing():
        skip_or_fail(missing() or "")
    game, players, seed, steps = request.param
    db = tmp_path / "shots.sqlite"
    _write_game(db, game, players, seed, steps)
    srv = Server(db, 1)
    srv.start()
    yield srv, game
    srv.stop()


def _same_pixels(a: Path, b: Path) -> bool:
    from PIL import Image, ImageChops

    with Image.open(a) as x, Image.open(b) as y:
        if x.size != y.size:
            return False
        return ImageChops.difference(x.convert("RGB"), y.convert("RGB")).getbbox() is None


def test_each_games_page_is_photographed(browser: Any, table: tuple[Server, str], tmp_path: Path) -> None:
    server, game = table
    tab = Tab(browser, f"readme-{game}", DESKTOP)
    page = tab.page
    players = next(n for g, n, _, _ in GAMES if g == game)
    for seat in range(1, players):  # every friend at the table, so no seat is shown away
        other = tab.context.new_page()
        other.goto(f"{server.base}/play/{game}#seat={seat}&token={_token(game, seat)}")
    page.goto(f"{server.base}/play/{game}#seat=0&token={_token(game, 0)}")
    board = ".th-board path.th-area" if game == "thrones" else "#players .player"
    page.locator(board).first.wait_for()
    tab.wait_for(lambda: bool(tab.last) and bool(tab.legal()), "seat 0's decision")
    if game != "thrones":
        page.wait_for_function("() => !document.querySelector('#players .away-mark')", timeout=10_000)
    page.mouse.move(0, 0)  # no hover effect or tooltip in the picture
    page.wait_for_timeout(600)  # fades and the map's first zoom
    assert not tab.errors, tab.errors
    assert not tab.external, tab.external

    fresh = tmp_path / f"{game}.png"
    page.screenshot(path=str(fresh), animations="disabled")  # the same pixels run after run
    SHOTS.mkdir(parents=True, exist_ok=True)
    kept = SHOTS / f"{game}.png"
    if not kept.exists() or not _same_pixels(fresh, kept):
        kept.write_bytes(fresh.read_bytes())
    tab.context.close()
