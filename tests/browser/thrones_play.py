"""Playing `thrones` in the browser like a person, for the tests: positions written into the
server's database before it starts (it restores unfinished games by replaying their actions),
a click on the element that sends a given action (found by the DOM contract: ``data-action`` and
``data-<field>`` attributes, ``.spot[data-area]`` for an area that opens a chooser), the action the
server applied (found by comparing the seat's new view with the rules' view after each legal
action) and the renderer's frame times.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from browser_tabs import Tab
from thrones_decisions import kind_of
from thrones_kind_positions import new_state, replay, unpack

from ravenry.games.thrones.rules import THRONES_ACTION_FIELDS
from ravenry.server.live import hash_token
from ravenry.server.storage import GameRow, SeatRow, Storage, actions_table, dumps, games_table

ANSWER_WAIT_S = 2.0
# The map is drawn: its geometry arrives by a fetch of its own, so the board's first frame (which
# already shows the game's seq) may come before it, with no area to click yet.
MAP_DRAWN = ".th-board path.th-area"


# -- positions in the database -----------------------------------------------------------------------
def token_for(game_id: str, seat: int) -> str:
    return f"{game_id}-seat{seat}-token-of-the-test"


def write_positions(
    db: Path, positions: dict[str, dict[str, Any]], bots: dict[str, set[int]] | None = None
) -> dict[str, str]:
    """One game per position, every seat human with a known token and already claimed (so the
    game is running and waits for its people), but the seats ``bots[kind]`` (random bots, which
    play on once the server has restored the game); returns kind -> game id."""
    storage = Storage(f"sqlite:///{db}")
    storage.migrate()
    ids: dict[str, str] = {}
    now = time.time()
    for i, (kind, pos) in enumerate(sorted(positions.items())):
        game_id = f"pos{i:02d}"
        state = new_state(pos["players"], pos["seed"], **pos.get("options", {}))
        config = state.config.to_json()
        robots = (bots or {}).get(kind, set())
        seats = [
            SeatRow(s, "bot", "random", f"Bot {s}", None, None)
            if s in robots
            else SeatRow(s, "human", None, f"House {s}", hash_token(token_for(game_id, s)), now)
            for s in range(pos["players"])
        ]
        storage.create_game(
            GameRow(
                id=game_id,
                kind="thrones",
                players=pos["players"],
                config=config,
                options={},
                seed=pos["seed"],
                status="running",
                result=None,
                seq=0,
                host_token_hash=hash_token("host-" + game_id),
                created_at=now + i,
                seats=seats,
            )
        )
        rows = []
        for seq, row in enumerate(pos["prefix"], start=1):
            seat, action = unpack(row)
            payload = dumps(state.game.action_to_json(action))
            rows.append({"game_id": game_id, "seq": seq, "seat": seat, "payload": payload, "cid": None})
        if rows:  # one transaction, not a commit per action as the live server makes them
            with storage.engine.begin() as conn:
                conn.execute(actions_table.insert(), [{**r, "at": now} for r in rows])
                conn.execute(games_table.update().where(games_table.c.id == game_id).values(seq=len(rows)))
        ids[kind] = game_id
    storage.close()
    return ids


def open_seat(tab: Tab, base: str, game_id: str, seat: int) -> int:
    """Open the game as ``seat``; returns the index of its welcome in ``tab.frames`` (the
    frames before it are another game's). Answers to the previous page are dropped."""
    tab.last = {}
    tab.page.goto(f"{base}/play/{game_id}#seat={seat}&token={token_for(game_id, seat)}")
    tab.page.locator(MAP_DRAWN).first.wait_for()
    tab.wait_for(lambda: bool(tab.last) and tab.last.get("seat") == seat, "the welcome")
    tab.answers.clear()
    return max(i for i, m in enumerate(tab.frames) if m.get("t") == "welcome")


# -- clicking an action -----------------------------------------------------------------------------
_ALL = "[data-action], .spot[data-area], [data-bid-pick]"
_SCAN = """(sel) => [...document.querySelectorAll(sel)].map((el, i) => {
  const r = el.getBoundingClientRect();
  const attrs = {};
  for (const a of el.attributes) if (a.name.startsWith('data-')) attrs[a.name.slice(5)] = a.value;
  return {i, attrs, spot: el.classList.contains('spot'), visible: r.width > 0 && r.height > 0,
          disabled: !!el.disabled, text: (el.innerText || el.getAttribute('aria-label') || '').slice(0, 80)};
})"""
# Drafts a person sets before the sender shows the action: attribute -> (action type, field).
PICKERS = {"bid-pick": ("bid", "amount")}


def _attr(attrs: dict[str, str], field: str) -> str | None:
    names = [field, field.replace("_", "-")]
    if field == "order":
        names.insert(0, "order-kind")
    for n in names:
        if n in attrs:
            return attrs[n]
    return None


def _score(el: dict[str, Any], action: tuple[Any, ...]) -> float:
    """How surely clicking ``el`` leads to ``action``: < 0 never; a spot only opens a chooser."""
    attrs = el["attrs"]
    fields = [n for n, _ in THRONES_ACTION_FIELDS[action[0]]]
    values = dict(zip(fields, action[1:], strict=True))
    for attr, (type_, field) in PICKERS.items():
        if attr in attrs and "action" not in attrs:
            return 0.6 if action[0] == type_ and attrs[attr] == str(values[field]) else -1
    if el["spot"] and "action" not in attrs:  # a spot that opens its area's chooser
        if attrs.get("opens") == action[0]:  # ... of actions without an area (casualties)
            return 0.5
        return 0.5 if "area" in values and attrs.get("area") == str(values["area"]) else -1
    if attrs.get("action") != action[0]:
        return -1
    matched = 0
    for f, v in values.items():
        got = _attr(attrs, f)
        if got is None:
            continue
        if got != str(v if v is not None else "null") and not (v is None and got in ("", "-1")):
            return -1
        matched += 1
    return 1 + matched + (10 if matched == len(values) else 0)


# A point where a person's click lands on element ``i`` (it, or a child, is topmost there):
# map areas are bent SVG paths, so the centre of their box may be another area.
# "stale" if the page redrew since the scan and element ``i`` is another one now.
_HIT_POINT = """([sel, i, attrs]) => {
  const el = document.querySelectorAll(sel)[i];
  if (!el) return "stale";
  for (const [k, v] of Object.entries(attrs)) if (el.getAttribute('data-' + k) !== v) return "stale";
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  const W = window.innerWidth, H = window.innerHeight;
  for (const n of [1, 3, 5, 9, 15]) {
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) {
      const x = r.left + r.width * (a + 0.5) / n, y = r.top + r.height * (b + 0.5) / n;
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return [x, y];
    }
  }
  return null;
}"""
# Action types the page may send as a sequence from one click (the march's selected units, the
# tie order): their click waits until the answers stop coming.
SEQUENCES = {"move", "tie_pick"}
unreachable: list[str] = []  # elements no point of the screen reaches (clicked by a DOM event)


def click_towards(
    tab: Tab, targets: list[tuple[Any, ...]], what: str, fallback: list[tuple[Any, ...]] | None = None
) -> dict[str, Any]:
    """Click, like a person, the elements that lead to one of ``targets`` (a spot, then the button
    of its chooser; a draft such as a bid amount, then its sender) until the server answers;
    ``fallback``: other actions to aim at if nothing leads to a target (a tie order's first pick
    is the page's). Returns the (first) answer, ack or reject."""
    answered = len(tab.answers)
    clicked_spots: set[str] = set()
    picked: set[str] = set()
    for _step in range(4):
        tab.settle()
        elements = [e for e in tab.page.evaluate(_SCAN, _ALL) if e["visible"] and not e["disabled"]]
        best, best_score = None, 0.0
        for aims in (targets, fallback or []):
            for el in elements:
                if el["spot"] and el["attrs"].get("area") in clicked_spots:
                    continue
                if any(el["attrs"].get(p) is not None and str(el["i"]) in picked for p in PICKERS):
                    continue
                for a in aims:
                    sc = _score(el, a)
                    if sc > best_score:
                        best, best_score = el, sc
            if best is not None:
                break
        if best is None:
            raise AssertionError(f"{what}: nothing on the page leads to {targets[:3]}")
        drawn = renders(tab)
        point = tab.page.evaluate(_HIT_POINT, [_ALL, best["i"], best["attrs"]])
        if point == "stale":
            continue  # scan the new page again
        if best["spot"]:
            clicked_spots.add(best["attrs"]["area"])
        if any(p in best["attrs"] for p in PICKERS):
            picked.add(str(best["i"]))
        if point:
            tab.page.mouse.click(point[0], point[1])
        else:
            unreachable.append(f"{what}: {best['attrs']}")
            tab.page.locator(_ALL).nth(best["i"]).dispatch_event("click")
        # A spot either sends its one action or opens its chooser (a redraw without an answer).
        deadline = time.monotonic() + ANSWER_WAIT_S
        while time.monotonic() < deadline and len(tab.answers) == answered:
            if renders(tab) != drawn and not best["attrs"].get("action"):
                tab.page.wait_for_timeout(60)  # an answer may be on its way all the same
                if len(tab.answers) == answered:
                    break
            tab.page.wait_for_timeout(20)
        if len(tab.answers) > answered:
            if best["attrs"].get("action") in SEQUENCES:
                _wait_for_quiet(tab)
            answer = tab.answers[answered]
            if answer["t"] == "ack":
                seq = int(tab.answers[-1]["seq"])
                tab.wait_for(lambda seq=seq: tab.last["seq"] >= seq, f"the event of {what}")
            return answer
    raise AssertionError(f"{what}: four clicks and no answer from the server")


def _wait_for_quiet(tab: Tab, quiet_s: float = 0.5) -> None:
    n, since = len(tab.answers), time.monotonic()
    while time.monotonic() - since < quiet_s:
        tab.page.wait_for_timeout(40)
        if len(tab.answers) != n:
            n, since = len(tab.answers), time.monotonic()


def renders(tab: Tab) -> int:
    """How many times the page has drawn the game (play.js counts them)."""
    return int(tab.page.evaluate("window.ravenry ? window.ravenry.renders : 0"))


def applied_action(state: Any, seat: int, tab: Tab, seq: int, start: int = 0) -> list[tuple[Any, ...]]:
    """The legal actions of ``seat`` in ``state`` after which the rules give the seat the view
    the server sent it with update ``seq`` (normally exactly one)."""
    frame = next(m for m in tab.frames[start:] if m.get("t") == "ev" and m.get("seq") == seq)
    sent = frame["view"]
    out = []
    for a in state.legal_actions(seat):
        after = state.clone()
        after.apply(seat, a)
        if json.loads(json.dumps(after.observe(seat, static=False))) == sent:
            out.append(a)
    return out


def kinds_applied(state: Any, seat: int, tab: Tab, seq: int, start: int = 0) -> set[str]:
    return {kind_of(state, seat, a) for a in applied_action(state, seat, tab, seq, start)}


def position_state(pos: dict[str, Any]) -> Any:
    return replay(pos["players"], pos["seed"], pos["prefix"], **pos.get("options", {}))


# -- measuring --------------------------------------------------------------------------------------
# Wraps the thrones renderer's render() (the object the page's registry holds) with
# performance.now(): the JS time of drawing one frame, and the same plus the layout it forces.
TIME_RENDERS = """async () => {
  if (window.__thronesTimes) return true;
  const reg = await import('/static/js/registry.js');
  const r = reg.rendererFor('thrones');
  if (!r) return false;
  window.__thronesTimes = {render: [], layout: []};
  const inner = r.render;
  r.render = function (...args) {
    const t0 = performance.now();
    const out = inner.apply(this, args);
    const t1 = performance.now();
    void document.body.offsetHeight;
    window.__thronesTimes.render.push(t1 - t0);
    window.__thronesTimes.layout.push(performance.now() - t0);
    return out;
  };
  return true;
}"""


def percentiles(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {"n": 0}
    s = sorted(xs)
    return {
        "n": len(s),
        "median": round(statistics.median(s), 3),
        "p95": round(s[min(len(s) - 1, int(0.95 * len(s)))], 3),
        "max": round(s[-1], 3),
    }


# -- playing on -------------------------------------------------------------------------------------
def as_tuple(action: dict[str, Any]) -> tuple[Any, ...]:
    return (action["type"], *(action.get(n) for n, _ in THRONES_ACTION_FIELDS[action["type"]]))


def my_turn_or_over(tab: Tab) -> bool:
    return bool(tab.legal()) or tab.view().get("result") is not None


def pick(rng: Any, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A person's choice that keeps a game going to its end: a random legal action, but marches
    end after a few moves and the orders are done once placed."""
    types = {a["type"] for a in legal}
    if "end_march" in types and rng.random() < 0.4:
        return next(a for a in legal if a["type"] == "end_march")
    if "end_muster" in types and rng.random() < 0.3:
        return next(a for a in legal if a["type"] == "end_muster")
    return legal[rng.randrange(len(legal))]
