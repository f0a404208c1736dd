"""Support of the real-browser tests: `ravenry serve` in a subprocess, Debian's chromium.

Browsers cannot be downloaded here, so Playwright launches /usr/bin/chromium through
``executable_path``. Without chromium or the playwright package the tests skip with the reason,
unless CI=true, where they fail instead. Screenshots go to test-artifacts/browser/.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install playwright; never `playwright install`)"
    return None


def skip_or_fail(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One `ravenry serve` process on a fresh SQLite file."""

    def __init__(self, db: Path, seed: int) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.db = db
        self.seed = seed
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, attempts: int = 3) -> None:
        """Start the server; on a fresh start, a port taken in the meantime means another port."""
        for attempt in range(attempts):
            if self._launch():
                return
            if self.proc is not None and self.proc.poll() is None:
                break  # running but silent: not a port clash
            if attempt + 1 < attempts:
                self.port = _free_port()
                self.base = f"http://127.0.0.1:{self.port}"
        log = self.log_path.read_text(errors="replace")[-2000:] if self.log_path.exists() else ""
        raise RuntimeError(f"ravenry serve did not start: {log}")

    def restart(self) -> None:
        """Start again on the same port and database (the pages reconnect to that address)."""
        if not self._launch():
            raise RuntimeError(f"ravenry serve did not restart: {self.log_path.read_text()[-2000:]}")

    @property
    def log_path(self) -> Path:
        return self.db.with_suffix(".log")

    def _launch(self) -> bool:
        cmd = [
            sys.executable, "-c", "import sys; from ravenry.cli import main; sys.exit(main())",
            "serve", "--port", str(self.port), "--database", f"sqlite:///{self.db}",
            "--bot-delay", "0", "--fixed-seed", str(self.seed),
        ]  # fmt: skip
        # The log goes to a file: a pipe nobody reads would block the server once it is full.
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(self.base + "/api/meta", timeout=1) as r:
                    if r.status == 200:
                        return True
            except OSError:
                time.sleep(0.1)
        return False

    def kill(self) -> None:
        """SIGKILL, as a crash would: nothing is flushed or closed politely."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
