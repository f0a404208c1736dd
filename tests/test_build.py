"""The build a test run imports is the one its make target says it tests (pure or compiled)."""

from __future__ import annotations

import os

import pytest

from ravenry.build import build_name, compiled, probe_file

EXPECTED = {"pure": False, "compiled": True}


def test_the_run_imports_the_build_its_target_names() -> None:
    expected = os.environ.get("RAVENRY_EXPECT_BUILD")
    if expected is None:
        pytest.skip("RAVENRY_EXPECT_BUILD is set by `make pytest` (pure) and `make test-compiled`")
    assert expected in EXPECTED, f"RAVENRY_EXPECT_BUILD must be one of {sorted(EXPECTED)}"
    assert compiled() is EXPECTED[expected], f"{expected} run imported the rules from {probe_file()}"
    assert build_name() == ("compiled (mypyc)" if EXPECTED[expected] else "pure Python")
