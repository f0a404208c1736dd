"""The pages name the action kinds the server tells them (``/api/meta``'s ``actions``, from the
game's declaration: thrones' one table of actions, brotherhood's heroes' table), never a list of
their own: the thrones page picks a decision's panel and cue by the phase whose kinds the server
lists, Brotherhood's hero buttons (in ``brotherhood-board.js``) know a hero action by the facts
the server gives it, and every kind a script still spells (a panel's own, a label's) is one the
server lists. A scan of the scripts, no browser needed."""

from __future__ import annotations

import re
from pathlib import Path

from ravenry.core.registry import declaration
from ravenry.games.brotherhood.heroes import HERO_ACTIONS, HERO_PHASES
from ravenry.games.thrones.rules import PHASES
from ravenry.games.thrones.state import PHASE_NAMES

JS = Path(__file__).resolve().parents[2] / "src/ravenry/web/static/js/games"
THRONES_KINDS = set(declaration("thrones").action_kinds())
BROTHERHOOD_KINDS = set(declaration("brotherhood").action_kinds())
LITERAL = re.compile(r'"([a-z][a-z_]*)"')


def _literals(text: str) -> list[str]:
    return LITERAL.findall(text)


def _object_keys(text: str, name: str) -> set[str]:
    """The keys of ``const NAME = { key: ..., }`` (one key a line)."""
    body = text.split(f"const {name} = {{", 1)[1].split("\n};", 1)[0]
    return set(re.findall(r"^  ([a-z_]+):", body, re.M))


def _thrones_scripts() -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(JS.glob("thrones*.js"))}


def test_every_kind_the_thrones_page_spells_is_one_the_server_lists() -> None:
    kind_like = re.compile(
        r'(?:ofType\([^)]*|types\.has\(|case |type: |\.type [!=]== |"data-action": )"([a-z_]+)"'
    )
    spelled = {
        (name, m.group(1))
        for name, text in _thrones_scripts().items()
        for m in kind_like.finditer(text)
        if m.group(1) != "button"  # an HTML button's type, not an action's
    }
    # thrones-labels.js words events too (``case "order_placed"``): only its actionLabel is kinds.
    labels = _thrones_scripts()["thrones-labels.js"]
    action_label = labels.split("export function actionLabel", 1)[1].split("\n}\n", 1)[0]
    spelled = {(n, k) for n, k in spelled if n != "thrones-labels.js"}
    spelled |= {("thrones-labels.js", k) for k in re.findall(r'case "([a-z_]+)"', action_label)}
    assert spelled, "the scan found nothing"
    assert {k for _, k in spelled} <= THRONES_KINDS, sorted(x for x in spelled if x[1] not in THRONES_KINDS)


def test_no_thrones_script_keeps_a_list_of_the_action_kinds() -> None:
    for name, text in _thrones_scripts().items():
        for group in re.findall(r"\[[^\[\]]*\]|new Set\(\[[^\]]*\]\)", text):
            kinds = [k for k in _literals(group) if k in THRONES_KINDS]
            assert len(kinds) <= 2, f"{name} lists kinds {kinds}: they come from ctx.game.actions"


def test_the_thrones_page_has_a_panel_and_a_cue_for_every_deciding_phase() -> None:
    scripts = _thrones_scripts()
    deciding = {PHASE_NAMES[ph] for ph, entry in enumerate(PHASES) if entry is not None}
    assert _object_keys(scripts["thrones-decide.js"], "PANELS") == deciding
    assert _object_keys(scripts["thrones.js"], "CUES") == deciding
    assert "ctx.game && ctx.game.actions" in scripts["thrones-decide.js"]


def test_brotherhoods_hero_buttons_live_in_its_module_and_name_no_hero_action() -> None:
    catan = (JS / "catan.js").read_text()
    north = (JS / "brotherhood-board.js").read_text()
    heroes = north.split("// -- the heroes", 1)[1]
    for name, text in (("catan.js", catan), ("brotherhood-board.js", heroes)):
        named = [k for k in _literals(text) if k in HERO_ACTIONS]
        assert not named, f"{name} names hero actions {named}: the server's facts tell them"
        assert 'startsWith("use_")' not in text
    assert "ctx.game && ctx.game.actions" in heroes
    assert "heroes.dialogs(" in catan and "heroes.useButton(" in catan
    # The questions of the heroes' own phases, by the phases' names (the view's).
    assert _object_keys(heroes, "HERO_QUESTIONS") == set(HERO_PHASES.values())


def test_every_hero_kind_a_catan_script_words_is_one_the_server_lists() -> None:
    for path in sorted(JS.glob("catan*.js")):
        if path.name == "catan-log.js":
            continue  # it words events (``hero_used``), not actions
        words = {k for k in _literals(path.read_text()) if k.startswith(("use_", "hero_"))}
        assert words <= BROTHERHOOD_KINDS, (path.name, sorted(words - BROTHERHOOD_KINDS))
