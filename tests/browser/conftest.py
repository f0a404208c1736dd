"""Fixtures of the real-browser tests (see browser_support for what they need and where the
screenshots go)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Server, missing, skip_or_fail


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = missing()
    if reason:
        skip_or_fail(reason)
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Server]:
    if missing():
        skip_or_fail(missing() or "")
    seed = int(os.environ.get("RAVENRY_BROWSER_SEED", getattr(request, "param", 7)))
    srv = Server(tmp_path / "browser.sqlite", seed)
    srv.start()
    yield srv
    srv.stop()
