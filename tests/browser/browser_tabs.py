"""A player's browser tab for the tests: what the server sent it (WebSocket frames), what it
logged (console errors), what it tried to fetch (only 127.0.0.1 is allowed), and how a person
acts on it (clicks on highlighted spots, buttons and choosers)."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

from browser_support import ARTIFACTS, DESKTOP, PHONE

FRAME_WAIT_S = 10.0


def box_of(locator: Any, timeout: float = FRAME_WAIT_S) -> dict[str, float]:
    """The element's box on the screen, waiting for one: a frame redraws a game's board (the
    thrones map is drawn anew for each bot's move), and an element replaced between being found
    and being measured has no box for that moment."""
    deadline = time.monotonic() + timeout
    while True:
        locator.wait_for(state="visible", timeout=timeout * 1000)
        box = locator.bounding_box()
        if box is not None:
            return dict(box)
        assert time.monotonic() < deadline, f"{locator} has no box on the screen"
        time.sleep(0.05)


class Tab:
    def __init__(self, browser: Any, name: str, viewport: dict[str, int] | None = None) -> None:
        self.name = name
        self.context = browser.new_context(viewport=viewport or DESKTOP)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.external: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.frame_bytes: list[tuple[str, int]] = []  # (message type, UTF-8 size) of each frame
        self.last: dict[str, Any] = {}  # the latest welcome/ev: seq, legal, view
        self.board: dict[str, Any] = {}  # the static board, sent only in the welcome
        self.context.route("**/*", self._route)
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("websocket", self._on_socket)
        self.shots = 0
        self.socket: Any = None
        self.answers: list[dict[str, Any]] = []  # acks and rejects of this tab's own actions

    # -- what the tab saw ------------------------------------------------------------------------
    def _route(self, route: Any) -> None:
        host = urlparse(route.request.url).hostname
        if host in ("127.0.0.1", None):
            route.continue_()
        else:
            self.external.append(route.request.url)
            route.abort()

    def _on_socket(self, ws: Any) -> None:
        # Frames of a socket the page has already replaced may still be on their way: only the
        # newest socket speaks for the page.
        self.socket = ws
        ws.on("framereceived", lambda payload: self._on_frame(payload) if ws is self.socket else None)

    def _on_frame(self, payload: Any) -> None:
        if isinstance(payload, bytes):
            payload = payload.decode()
        msg = json.loads(payload)
        self.frames.append(msg)
        self.frame_bytes.append((str(msg.get("t")), len(payload.encode())))
        if msg.get("t") in ("ack", "reject"):
            self.answers.append(msg)
        if msg.get("t") == "welcome":
            self.last = {
                "seq": msg["seq"],
                "legal": msg.get("legal"),
                "view": msg["view"],
                "seat": msg.get("seat"),
                "templates": msg.get("templates"),
            }
            self.board = msg["view"]["board"]
        elif msg.get("t") == "ev":
            self.last = {
                **self.last,
                "seq": msg["seq"],
                "legal": msg.get("legal"),
                "templates": msg.get("templates"),
                "view": msg["view"],
            }

    def legal(self) -> list[dict[str, Any]]:
        return list(self.last.get("legal") or [])

    def types(self) -> set[str]:
        return {a["type"] for a in self.legal()}

    def view(self) -> dict[str, Any]:
        return dict(self.last.get("view") or {})

    def me(self) -> dict[str, Any]:
        return dict(self.view()["players"][self.last["seat"]])

    def page_seq(self) -> int:
        return int(
            self.page.evaluate("window.ravenry && window.ravenry.model ? window.ravenry.model.seq : -1")
        )

    def settle(self) -> None:
        """Wait until the page has drawn the last frame the server sent."""
        deadline = time.monotonic() + FRAME_WAIT_S
        while time.monotonic() < deadline:
            if self.last and self.page_seq() == self.last["seq"]:
                return
            self.page.wait_for_timeout(30)
        raise AssertionError(f"{self.name}: the page did not catch up with seq {self.last.get('seq')}")

    def wait_for(self, predicate: Any, what: str, timeout: float = FRAME_WAIT_S) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                self.settle()
                return
            self.page.wait_for_timeout(30)
        raise AssertionError(f"{self.name}: timed out waiting for {what}; legal={sorted(self.types())}")

    def wait_past(self, seq: int, what: str, timeout: float = FRAME_WAIT_S) -> None:
        self.wait_for(lambda: self.last["seq"] > seq, what, timeout)

    def shot(self, label: str, phone_too: bool = True) -> None:
        self.shots += 1
        stem = f"{self.name}-{self.shots:02d}-{label}"
        self.page.screenshot(path=str(ARTIFACTS / f"{stem}-desktop.png"))
        if phone_too:
            size = self.page.viewport_size
            self.page.set_viewport_size(PHONE)
            self.page.wait_for_timeout(150)
            self.page.screenshot(path=str(ARTIFACTS / f"{stem}-phone.png"), full_page=True)
            overflow = self.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{stem}: the page runs {overflow}px off a phone's screen"
            self.page.set_viewport_size(size or DESKTOP)
            self.page.wait_for_timeout(100)

    def assert_in_view(self, selector: str) -> None:
        """The element is wholly inside the window as it is, without scrolling the page."""
        box = box_of(self.page.locator(selector).first)
        size = self.page.viewport_size or DESKTOP
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, (
            f"{selector} is off the screen: {box}"
        )
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, (
            f"{selector} is off the screen: {box}"
        )

    def assert_log_newest_first(self) -> None:
        """The log's first line belongs to the newest event that has a line."""
        seqs = [
            int(s)
            for s in self.page.locator("#log li[data-seq]").evaluate_all("els => els.map(e => e.dataset.seq)")
        ]
        assert seqs and seqs == sorted(seqs, reverse=True), seqs[:10]

    # -- acting like a person --------------------------------------------------------------------
    def create_in_lobby(self, base: str, game: str, players: int, name: str) -> None:
        """Make a game in the lobby's form (seat 0 a person called ``name``, the others the
        form's default bots) and take seat 0."""
        self.page.goto(base + "/")
        self.page.select_option("#f-game", game)
        self.page.click(f"[data-players='{players}']")
        self.page.fill("[data-seat-name='0']", name)
        self.page.click("[data-action=create]")
        self.page.locator("[data-play-seat='0']").wait_for()
        self.page.click("[data-play-seat='0']")

    def create_finished_bots_game(self, base: str, limit: float = 90.0) -> str:
        """Make a catan game of three greedy bots in the lobby's form, wait until it is over, and
        return its id."""
        page = self.page
        page.goto(base + "/")
        page.select_option("#f-game", "catan")
        page.click("[data-players='3']")
        page.select_option("[data-seat-kind='0']", "bot:greedy")
        page.click("[data-action=create]")
        created = page.locator("[data-created]")
        created.wait_for()
        game_id = created.get_attribute("data-created") or ""
        deadline = time.monotonic() + limit
        while True:
            with urllib.request.urlopen(f"{base}/api/games/{game_id}", timeout=10) as answer:
                if json.load(answer)["status"] == "finished":
                    return game_id
            assert time.monotonic() < deadline, f"the bots' game did not finish in {limit:g} s"
            time.sleep(0.2)

    def click_spot(self, rng: random.Random, action_type: str | None = None) -> str:
        spots = self.page.locator("#board .spot" + (f"[data-action={action_type}]" if action_type else ""))
        n = spots.count()
        assert n > 0, f"{self.name}: no highlighted spot for {action_type}"
        spot = spots.nth(rng.randrange(n))
        label = spot.get_attribute("aria-label") or ""
        answered = len(self.answers)
        spot.click()
        if self.page.locator("[data-dialog=victim]").count():
            self.page.locator("[data-dialog=victim] [data-action=steal]").first.click()
        self.wait_for_ack(answered, label)
        return label

    def click_action(self, data_action: str) -> None:
        selector = f"#actions [data-action={data_action}], #dialog [data-action={data_action}]"
        self.click_and_wait(selector, data_action)

    def click_and_wait(self, selector: str, what: str) -> None:
        """Click the first element matching ``selector`` and wait for the server to accept."""
        answered = len(self.answers)
        try:
            self.page.locator(selector).first.click(timeout=FRAME_WAIT_S * 1000)
        except Exception as exc:
            self.page.screenshot(path=str(ARTIFACTS / f"{self.name}-failed-{what}.png"))
            recent = [
                (m.get("t"), m.get("seq"), sorted({a["type"] for a in m.get("legal") or []}),
                 [e["type"] for e in m.get("events", [])])
                for m in self.frames[-8:]
            ]  # fmt: skip
            raise AssertionError(
                f"{self.name}: nothing to click for {what} at page seq {self.page_seq()}; "
                f"resyncs={self.page.evaluate('window.ravenry.conn.resyncs')}; "
                f"renders={self.page.evaluate('window.ravenry.renders')} frames={len(self.frames)}; "
                f"legal={sorted(self.types())}; errors={self.errors}; recent frames={recent}"
            ) from exc
        self.wait_for_ack(answered, what)

    def wait_for_ack(self, answered: int, what: str) -> None:
        """Wait for the answer to this tab's next action (others' moves also advance seq, so
        a higher seq alone proves nothing in a simultaneous decision), then for its event."""
        self.wait_for(lambda: len(self.answers) > answered, f"the answer to {what}")
        answer = self.answers[answered]
        assert answer["t"] == "ack", f"{self.name}: {what} was refused: {answer}"
        self.wait_for(lambda: self.last["seq"] >= answer["seq"], f"the event of {what}")

    def discard(self) -> int:
        """Choose exactly the owed cards with the steppers, one resource after another."""
        owed = self.me()["discards_owed"]
        hand = dict(self.me()["hand"])
        dialog = self.page.locator("[data-dialog=discard]")
        button = dialog.locator("button[data-action=discard]")
        assert button.is_disabled(), "the discard button must wait for the exact count"
        picked = 0
        for res, n in sorted(hand.items(), key=lambda kv: -kv[1]):
            for _ in range(n):
                if picked == owed:
                    break
                dialog.locator(f"[data-step=discard-{res}-plus]").click()
                picked += 1
                if picked < owed:
                    assert button.is_disabled(), "the discard button is enabled before the exact count"
        assert button.is_enabled()
        answered = len(self.answers)
        button.click()
        self.wait_for(lambda: len(self.answers) >= answered + owed, "an answer to every discard")
        assert all(a["t"] == "ack" for a in self.answers[answered:]), self.answers[answered:]
        self.wait_for(lambda: self.me()["discards_owed"] == 0, "the discards to be accepted")
        return owed

    def close(self) -> None:
        self.context.close()


def _keys(obj: Any) -> Iterator[str]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _keys(v)


def assert_no_hidden_info(frames: list[dict[str, Any]], seat: int | None) -> None:
    """No frame shows this viewer another seat's cards, a stolen card it was not part of, the
    seed, the RNG or the face-down token pool."""
    assert frames
    for msg in frames:
        view = msg.get("view")
        if view and view.get("result") is None:
            for p in view["players"]:
                if p["seat"] != seat:
                    assert "hand" not in p and "dev_cards" not in p, (
                        f"seat {seat} saw seat {p['seat']}'s cards"
                    )
        for e in msg.get("events", []):
            if e["type"] == "stole" and seat not in (e["player"], e["victim"]):
                assert e["resource"] is None, f"seat {seat} saw a stolen card's type"
            if e["type"] == "bought_dev" and e["player"] != seat:
                assert e["card"] is None, f"seat {seat} saw another's development card"
        assert not {"seed", "rng", "token_pool", "dev_deck"} & set(_keys(msg))
