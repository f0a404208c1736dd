"""The README stays a short way in: at most 150 lines, its two commands first, every picture and
link pointing at a file (and heading) that exists. The documentation site checks its own links
(`make docs`, mkdocs --strict)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
GAMES = ("catan", "got-catan", "brotherhood", "thrones")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _github_anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading: lower case, punctuation but ``-`` and ``_``
    dropped, spaces as hyphens."""
    text = heading.strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return {_github_anchor(line.lstrip("#")) for line in lines if re.match(r"#{1,6} ", line)}


def test_the_readme_is_short_and_starts_with_the_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    assert text.index("make play") < text.index("make test") < text.index("## ")


def test_every_link_and_picture_of_the_readme_resolves() -> None:
    text = README.read_text(encoding="utf-8")
    targets = [t for t in LINK.findall(text) if not t.startswith(("http://", "https://"))]
    assert targets
    for target in targets:
        path, _, anchor = target.partition("#")
        file = ROOT / path
        assert file.exists(), f"README links to {path}, which does not exist"
        if anchor:
            assert anchor in _anchors(file), f"README links to {target}: no such heading"


def test_the_readme_shows_each_games_page() -> None:
    text = README.read_text(encoding="utf-8")
    for game in GAMES:
        shot = f"docs/assets/screenshots/{game}.png"
        assert f"]({shot})" in text, f"the README shows no screenshot of {game}"
        assert (ROOT / shot).stat().st_size > 10_000
