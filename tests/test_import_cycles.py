"""No import circle among ravenry's modules.

The graph is read with ``ast`` from the source (src/ravenry), not by importing it. An edge A → B
is any import of B that runs when A is imported or used: at module level, in a class body and
inside a function (a function-level import is how a circle hides, and it still ties the two
modules together). Imports under ``if TYPE_CHECKING:`` never run, but a circle they close still
ties the modules together for a reader and the checker: a second test counts them too, and
finds none. A part names its host by a small Protocol of what it uses
(``server.lobby.LobbyHost``; the Brotherhood components' ``WildlingsHost`` and ``HeroesHost``,
which the state satisfies) or not at all (``core.record.GameRecord.of(state)``).

Importing ``a.b.c`` also runs the packages ``a`` and ``a.b``: an edge to each, except to the
importing module's own packages (already being imported when it runs). A game declaration's
``"module:attribute"`` strings, imported through ``ravenry.core.registry.load_reference``, are
not imports here: that is the point of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import ravenry

SOURCE = Path(ravenry.__file__).parent


def module_files(root: Path) -> dict[str, Path]:
    """Dotted module name → file, for every module under the package directory ``root``."""
    out: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The dotted names an import statement in ``module`` may load (modules or attributes)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def import_graph(root: Path, type_only: bool = False) -> dict[str, set[str]]:
    """Module → the modules of the same tree its running imports load (see the module docstring);
    with ``type_only`` its imports under ``if TYPE_CHECKING:`` as well."""
    files = module_files(root)
    graph: dict[str, set[str]] = {name: set() for name in files}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        stack: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"), str(path))]
        while stack:
            node = stack.pop()
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and _is_type_checking(child) and not type_only:
                    stack.extend(child.orelse)
                elif isinstance(child, (ast.Import, ast.ImportFrom)):
                    for name in _imported(child, module, is_package):
                        while name and name not in files:  # an attribute: its module
                            name = name.rpartition(".")[0]
                        if name:
                            targets.add(name)
                else:
                    stack.append(child)
        for target in list(targets):
            parts = target.split(".")
            targets.update(".".join(parts[:i]) for i in range(1, len(parts)))
        own_packages = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)}
        graph[module] = {t for t in targets if t in files and t != module and t not in own_packages}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each strongly connected group of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_circle(graph, group) for group in groups]


def _circle(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """A path start → ... → start inside ``group``: what a reader follows to see the circle."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        v = frontier.pop(0)
        for w in sorted(graph[v] & members):
            if w == start:
                return [*paths[v], start]
            if w not in paths:
                paths[w] = [*paths[v], w]
                frontier.append(w)
    raise AssertionError(f"{group} is not a cycle")


def test_ravenry_has_no_import_circle() -> None:
    graph = import_graph(SOURCE)
    assert len(graph) > 100 and graph["ravenry.bots.base"], "the graph missed ravenry's modules"
    found = cycles(graph)
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_no_circle_even_through_type_checking_imports() -> None:
    found = cycles(import_graph(SOURCE, type_only=True))
    assert not found, "circles through type-checking imports:\n" + "\n".join(" -> ".join(c) for c in found)


BROTHERHOOD = "ravenry.games.brotherhood"
# The modules that may name the Brotherhood state's class: the declaration that assembles the
# game, and the conformance checks and test positions, which take the whole state from outside.
# The components the state holds (and whatever else the package grows) name it by a protocol.
BROTHERHOOD_STATE_USERS = {BROTHERHOOD, f"{BROTHERHOOD}.invariants", f"{BROTHERHOOD}.scenario"}


def test_the_brotherhood_parts_never_import_the_state() -> None:
    # Type-checking imports counted: heroes.py and wildlings.py once named BrotherhoodState under
    # TYPE_CHECKING, a circle with rules.py, which imports them (sampling.py with them).
    graph = import_graph(SOURCE, type_only=True)
    package = {m for m in graph if m == BROTHERHOOD or m.startswith(BROTHERHOOD + ".")}
    assert {f"{BROTHERHOOD}.heroes", f"{BROTHERHOOD}.wildlings"} <= package
    importers = {m for m in package if f"{BROTHERHOOD}.rules" in graph[m]}
    assert importers <= BROTHERHOOD_STATE_USERS, (
        f"import brotherhood.rules: {importers - BROTHERHOOD_STATE_USERS}"
    )


def test_the_check_sees_every_kind_of_import(tmp_path: Path) -> None:
    # A circle closed by a function-level import and one by a relative import are found; one
    # closed only under TYPE_CHECKING is not.
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.b import B\n")
    (package / "b.py").write_text("B = 1\ndef f():\n    from pkg import a\n")
    (package / "c.py").write_text("from . import d\n")
    (package / "d.py").write_text("class D:\n    from .c import d as again\n")
    (package / "e.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.f import F\n"
    )
    (package / "f.py").write_text("import pkg.e\nF = 1\n")
    found = cycles(import_graph(package))
    assert found == [["pkg.a", "pkg.b", "pkg.a"], ["pkg.c", "pkg.d", "pkg.c"]]
    found = cycles(import_graph(package, type_only=True))
    assert found == [["pkg.a", "pkg.b", "pkg.a"], ["pkg.c", "pkg.d", "pkg.c"], ["pkg.e", "pkg.f", "pkg.e"]]
