"""A virtualenv with the working tree's ravenry compiled by mypyc, rebuilt whenever the sources change.

Used by ``make test-compiled`` (``.venv-compiled``, with the dev extras, to run the test suite against
the compiled package) and by ``catan_speed.py`` (``benchmarks/.venv-ravenry-mypyc``, engine
``ravenry-mypyc``). Standard library only, so that a bare ``python3.11`` can run it on a fresh machine.

The build never happens in the checkout: setuptools would reuse a stale ``build/`` folder there and
leave ``build/`` and ``*.egg-info`` behind. Instead ``src/``, ``setup.py``, ``pyproject.toml`` and
``README.md`` are copied (without caches, egg-info or compiled files) into a temporary folder, and
``RAVENRY_COMPILE=1 pip install --no-build-isolation`` builds from that copy. The venv keeps a digest
of the copied sources (``src/ravenry/**/*.py``, ``setup.py``, ``pyproject.toml``, and each plug-in's
files) and is rebuilt whenever the working tree's digest differs.

``--plugin examples/liars_dice`` also installs a game package of the tree beside the compiled
ravenry (not compiled, not editable, from the same copy), so that the registry finds it through its
entry point as it does in the dev install.

    python3.11 benchmarks/compiled_venv.py .venv-compiled --extras dev --plugin examples/liars_dice
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DIGEST_FILE = ".ravenry-source-digest"
# mypy is the compiler (mypyc); setuptools and wheel build the extension without build isolation.
BUILD_REQUIREMENTS = ("mypy>=1.11", "setuptools>=68", "wheel")
COPIED_FILES = ("setup.py", "pyproject.toml", "README.md")
SKIPPED_IN_COPY = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so", "*.pyd", "*.pyc", "build")
BUILD_TIMEOUT_SECONDS = 1800


class CompileUnavailable(Exception):
    """The compiled build cannot be made or used here; the message says why (shown as 'skipped')."""


def _plugin_files(folder: Path) -> list[Path]:
    """A plug-in's files as they are copied (no caches, egg-info or build output)."""
    skipped = ("__pycache__", "build")
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and not any(part in skipped or part.endswith(".egg-info") for part in p.parts)
    )


def _digested_files(root: Path, plugins: Iterable[str] = ()) -> list[Path]:
    sources = sorted(p for p in (root / "src" / "ravenry").rglob("*.py") if "__pycache__" not in p.parts)
    extra = [path for plugin in plugins for path in _plugin_files(root / plugin)]
    return [*sources, root / "setup.py", root / "pyproject.toml", *extra]


def source_digest(root: Path = REPO, plugins: Iterable[str] = ()) -> str:
    """SHA-256 over the relative path and bytes of every file the compiled build depends on."""
    digest = hashlib.sha256()
    for path in _digested_files(root, plugins):
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def missing_toolchain() -> str | None:
    """Why a C extension cannot be compiled here (no compiler, no Python headers), or None."""
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        return f"no C compiler ({compiler.split()[0]} not found on PATH)"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return f"no Python headers ({headers} missing; install the python3.11 development package)"
    return None


def compiled_check(python: Path, cwd: Path = REPO) -> str | None:
    """Why ``python`` (run from ``cwd``, as pytest is) would not import the compiled ravenry, or None."""
    probe = "import sys, ravenry.build as b; print(b.probe_file()); sys.exit(0 if b.compiled() else 1)"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    try:
        done = subprocess.run(
            [str(python), "-c", probe], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return f"cannot run {python}: {exc}"
    if done.returncode == 0:
        return None
    found = done.stdout.strip() or (done.stderr.strip().splitlines() or ["nothing"])[-1]
    return f"ravenry's rules are not compiled in {python} (imported {found})"


def _runs(python: Path) -> bool:
    try:
        return subprocess.run([str(python), "-c", "pass"], capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _run(command: list[str], what: str, env: dict[str, str] | None = None) -> None:
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=BUILD_TIMEOUT_SECONDS, check=False
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise CompileUnavailable(f"{what} failed: {exc}") from exc
    if done.returncode != 0:
        lines = [line for line in (done.stderr + done.stdout).splitlines() if "error" in line.lower()]
        tail = (lines or (done.stderr or done.stdout).strip().splitlines())[-3:]
        raise CompileUnavailable(f"{what} failed: {' / '.join(tail)}")


def copy_tree(destination: Path, root: Path = REPO, plugins: Iterable[str] = ()) -> None:
    """Copy what the build needs into ``destination``, leaving out caches and earlier build output."""
    shutil.copytree(root / "src", destination / "src", ignore=SKIPPED_IN_COPY)
    for name in COPIED_FILES:
        shutil.copy2(root / name, destination / name)
    for plugin in plugins:
        shutil.copytree(root / plugin, destination / plugin, ignore=SKIPPED_IN_COPY)


def ensure_compiled_venv(
    venv: Path,
    extras: Iterable[str] = (),
    say: Callable[[str], None] = print,
    python: str = sys.executable,
    plugins: Iterable[str] = (),
) -> Path:
    """Return the interpreter of ``venv`` with the working tree installed compiled (building if
    needed), and the game packages ``plugins`` (folders of the tree) installed beside it."""
    extras = tuple(extras)
    plugins = tuple(plugins)
    stamp = venv / DIGEST_FILE
    wanted = f"{source_digest(plugins=plugins)} extras={','.join(extras)}"
    if (
        venv_python(venv).exists()
        and stamp.exists()
        and stamp.read_text() == wanted
        and compiled_check(venv_python(venv)) is None
    ):
        say(f"{venv} is up to date with the sources")
        return venv_python(venv)
    problem = missing_toolchain()
    if problem is not None:
        raise CompileUnavailable(problem)
    started = time.perf_counter()
    stamp.unlink(missing_ok=True)
    if not _runs(venv_python(venv)):
        say(f"creating {venv} with {python}")
        if venv.exists():
            shutil.rmtree(venv)
        _run([python, "-m", "venv", str(venv)], f"{python} -m venv")
    pip = [str(venv_python(venv)), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    _run([*pip, *BUILD_REQUIREMENTS], "pip install (build requirements)")
    with tempfile.TemporaryDirectory(prefix="ravenry-compile-") as temporary:
        tree = Path(temporary) / "ravenry"
        copy_tree(tree, plugins=plugins)
        # The digest of the copy, not of the checkout: other edits may land while this builds.
        built = f"{source_digest(tree, plugins)} extras={','.join(extras)}"
        target = f"{tree}[{','.join(extras)}]" if extras else str(tree)
        say(f"compiling ravenry with mypyc into {venv} (a minute or two)")
        env = {**os.environ, "RAVENRY_COMPILE": "1"}
        # A local folder is always rebuilt and reinstalled; dependencies already there are kept.
        _run([*pip, "--no-build-isolation", target], "RAVENRY_COMPILE=1 pip install", env=env)
        for plugin in plugins:
            # Its dependency, ravenry, is the compiled build just installed: pip must not replace it.
            _run([*pip, "--no-build-isolation", "--no-deps", str(tree / plugin)], f"pip install {plugin}")
    problem = compiled_check(venv_python(venv))
    if problem is not None:
        raise CompileUnavailable(problem)
    stamp.write_text(built)
    say(f"compiled build ready in {time.perf_counter() - started:.0f} s")
    return venv_python(venv)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("venv", type=Path, help="the virtualenv to make or update (e.g. .venv-compiled)")
    parser.add_argument("--extras", default="", help="comma-separated extras of ravenry to install (dev)")
    parser.add_argument(
        "--plugin", action="append", default=[], help="a game package folder of the tree to install beside it"
    )
    args = parser.parse_args(argv)
    extras = [name.strip() for name in args.extras.split(",") if name.strip()]
    venv = args.venv if args.venv.is_absolute() else Path.cwd() / args.venv
    try:
        ensure_compiled_venv(
            venv, extras, say=lambda text: print(f"compiled_venv: {text}", flush=True), plugins=args.plugin
        )
    except CompileUnavailable as exc:
        print(f"compiled_venv: cannot build the compiled ravenry: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
