"""The tutorial on adding a game (docs/adding-a-game.md) cannot rot: every code excerpt in it
(but the shell commands) is found word for word in the example's files, and its steps come in
the issue's order."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "adding-a-game.md"
SOURCES = [
    *sorted((ROOT / "examples" / "liars_dice").rglob("*.py")),
    ROOT / "examples" / "liars_dice" / "pyproject.toml",
    ROOT / "src" / "ravenry" / "web" / "static" / "js" / "games" / "liars-dice.js",
    ROOT / "tests" / "examples" / "test_liars_dice.py",
]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.S | re.M)


def _excerpts() -> list[tuple[str, str]]:
    return [(lang, body) for lang, body in FENCE.findall(PAGE.read_text(encoding="utf-8")) if lang != "bash"]


def test_every_excerpt_is_the_examples_own_code() -> None:
    code = "\n".join(path.read_text(encoding="utf-8") for path in SOURCES)
    excerpts = _excerpts()
    assert len(excerpts) >= 15
    missing = [body for _, body in excerpts if body.rstrip("\n") not in code]
    assert not missing, "excerpts no longer in the example's files:\n\n" + "\n---\n".join(missing)


def test_the_steps_come_in_order() -> None:
    headings = re.findall(r"^## (.+)$", PAGE.read_text(encoding="utf-8"), re.M)
    assert headings == [
        "1. The declaration",
        "2. State, actions and refusals",
        "3. Views per seat",
        "4. `sample_hidden`",
        "5. The conformance kit",
        "6. A bot",
        "7. A page renderer",
        "Running it",
    ]


def test_the_commands_name_what_exists() -> None:
    page = PAGE.read_text(encoding="utf-8")
    for path in re.findall(r"`((?:examples|tests|src)/[\w/.-]+)`", page):
        assert (ROOT / path).exists(), path
    assert "pip install -q -e examples/liars_dice" in (ROOT / "Makefile").read_text(encoding="utf-8")
