"""The browser UI's JavaScript modules (web/static/js) import one another without a circle, and
every relative import names a file that exists.

A circle of ES modules loads, but one of its members runs before the other has defined what it
exports: a name read at the top level (a constant, a class) is then undefined, or a
ReferenceError, depending on which module the page happens to import first. The graph is read
from the sources' static ``import ... from "..."`` / ``export ... from "..."`` / ``import "..."``
lines (dynamic ``import()`` runs later and cannot be caught in such a half-loaded circle). The
parser and the circle finder are tested on small made-up graphs too, so that a graph they cannot
read does not pass for one without circles.
"""

from __future__ import annotations

import re
from pathlib import Path

import ravenry

STATIC = Path(ravenry.__file__).resolve().parent / "web" / "static"
JS_ROOT = STATIC / "js"

# Static imports and re-exports: `import x from "a"`, `import { a,\n b } from "a"`,
# `import * as m from "a"`, `export { a } from "a"`, `export * from "a"`, `import "a"`.
_FROM = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']""", re.MULTILINE | re.DOTALL)
_BARE = re.compile(r"""^\s*import\s*["']([^"']+)["']""", re.MULTILINE)
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def imports_of(source: str) -> list[str]:
    """The module specifiers a module's source imports statically, in order of appearance."""
    code = _COMMENT.sub("", source)
    found = [(m.start(), m.group(1)) for m in _FROM.finditer(code)]
    found += [(m.start(), m.group(1)) for m in _BARE.finditer(code)]
    return [spec for _, spec in sorted(found)]


def resolve(module: Path, spec: str) -> Path:
    """The file a specifier names: relative to the module, or under /static/ from the site root."""
    if spec.startswith("/static/"):
        return (STATIC / spec.removeprefix("/static/")).resolve()
    if spec.startswith("./") or spec.startswith("../"):
        return (module.parent / spec).resolve()
    raise AssertionError(f"{module.relative_to(JS_ROOT)} imports {spec!r}: not a path the page can load")


def module_graph(root: Path) -> dict[Path, list[Path]]:
    """Every .js module under ``root`` and the modules it imports."""
    return {
        path.resolve(): [
            resolve(path.resolve(), spec) for spec in imports_of(path.read_text(encoding="utf-8"))
        ]
        for path in sorted(root.rglob("*.js"))
    }


def find_cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """One circle of the graph as its path (first node repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def _named(graph: dict[Path, list[Path]]) -> dict[str, list[str]]:
    name = lambda p: str(p.relative_to(STATIC.resolve()))  # noqa: E731
    return {name(k): [name(v) for v in vs] for k, vs in graph.items()}


def test_every_relative_import_names_an_existing_module() -> None:
    graph = module_graph(JS_ROOT)
    assert len(graph) > 10, "the UI's modules were not found"
    missing = [(str(m), str(t)) for m, targets in graph.items() for t in targets if not t.is_file()]
    assert not missing, f"imports of files that do not exist: {missing}"


def test_the_ui_modules_import_one_another_without_a_circle() -> None:
    graph = _named(module_graph(JS_ROOT))
    # The graph was read: the game renderers import their parts.
    assert "js/games/catan-board.js" in graph["js/games/catan.js"]
    cycle = find_cycle(graph)
    assert cycle is None, "an import circle: " + " -> ".join(cycle or [])


def test_the_parser_reads_every_form_of_static_import() -> None:
    source = """// import { x } from "./commented.js";
import { h, s } from "../shell/dom.js";
import {
  RESOURCES, PLAYER_COLORS,
} from "./catan-data.js";
import * as all from './all.js';
import "./side-effect.js";
export { a } from "./re-export.js";
export * from "./star.js";
/* import nothing from "./block-comment.js"; */
const later = () => import("./dynamic.js");
const s = "import x from './in-a-string-not-at-line-start.js'";
"""
    assert imports_of(source) == [
        "../shell/dom.js",
        "./catan-data.js",
        "./all.js",
        "./side-effect.js",
        "./re-export.js",
        "./star.js",
    ]


def test_the_circle_finder_finds_a_circle_and_only_a_circle() -> None:
    assert find_cycle({"a": ["b"], "b": ["c"], "c": []}) is None
    assert find_cycle({"a": ["b", "c"], "b": ["c"], "c": []}) is None  # a diamond is no circle
    assert find_cycle({"a": ["b"], "b": ["a"]}) == ["a", "b", "a"]
    assert find_cycle({"a": ["b"], "b": ["c"], "c": ["b"]}) == ["b", "c", "b"]
    assert find_cycle({"a": ["a"]}) == ["a", "a"]
