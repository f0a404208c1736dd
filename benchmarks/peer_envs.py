"""The peer engines' private virtualenvs (benchmarks/.venv-<peer>) and running worker scripts.

Each peer is installed, pinned, into its own venv so that it never becomes a dependency of ravenry
and its Python can differ from ours (fastcatan needs 3.12+). A venv that already holds the pinned
version is reused as it is; otherwise it is created with ``python -m venv`` and filled with pip.
A peer that cannot be set up (no suitable Python, no network) is reported as skipped, with why.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
INSTALL_TIMEOUT_SECONDS = 900
PYENV_VERSIONS = Path.home() / ".pyenv" / "versions"


@dataclass(frozen=True)
class Peer:
    """One engine to compare against: its pinned PyPI requirement, Python floor and worker script
    (``pins``: other distributions pinned with it; ``module``: what to import, default ``name``)."""

    name: str
    distribution: str
    version: str
    min_python: tuple[int, int]
    worker: str
    pins: tuple[str, ...] = ()
    module: str = ""

    @property
    def venv(self) -> Path:
        return BENCH_DIR / f".venv-{self.name}"

    @property
    def venv_python(self) -> Path:
        return self.venv / "bin" / "python"


# Pinned: the worker scripts are written against these exact APIs.
CATANATRON = Peer("catanatron", "catanatron", "3.2.1", (3, 11), "catanatron_worker.py")
FASTCATAN = Peer("fastcatan", "fastcatan", "2.0.0", (3, 12), "fastcatan_worker.py")
PEERS = (CATANATRON, FASTCATAN)
# The Gymnasium env built on catanatron (benchmarks/rl_vs_catanatron_gym.py). It requires
# ``catanatron`` unpinned and ``gymnasium==0.29.1``; 4.0.0 runs on catanatron 3.2.1, pinned too.
CATANATRON_GYM = Peer(
    "catanatron-gym",
    "catanatron-gym",
    "4.0.0",
    (3, 11),
    "catanatron_gym_worker.py",
    pins=("catanatron==3.2.1",),
    module="catanatron_gym",
)


class PeerUnavailable(Exception):
    """The peer cannot be run on this machine; the message says why (shown as 'skipped')."""


def _python_version(python: str | Path) -> tuple[int, int] | None:
    try:
        out = subprocess.run(
            [str(python), "-c", "import sys; print(*sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout.split()
        return int(out[0]), int(out[1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def _candidate_pythons(minimum: tuple[int, int]) -> list[str]:
    """Interpreters to try for a new venv: this one, then pythonX.Y on PATH, then pyenv's."""
    candidates = [sys.executable]
    for minor in range(minimum[1], minimum[1] + 6):
        found = shutil.which(f"python{minimum[0]}.{minor}")
        if found:
            candidates.append(found)
    if PYENV_VERSIONS.is_dir():
        for version_dir in sorted(PYENV_VERSIONS.iterdir()):
            found_here = sorted(version_dir.glob("bin/python3.*"))
            candidates.extend(str(p) for p in found_here if p.name[-1].isdigit())
    return candidates


def find_python(minimum: tuple[int, int], override: str | None, flag: str) -> str:
    """A working interpreter of at least ``minimum``: ``override`` alone if given, else searched."""
    candidates = [override] if override else _candidate_pythons(minimum)
    for candidate in candidates:
        found = _python_version(candidate)
        if found is not None and found >= minimum:
            return candidate
    wanted = f"{minimum[0]}.{minimum[1]}"
    raise PeerUnavailable(
        f"needs Python >= {wanted}; none found (tried {', '.join(candidates)}); "
        f"install one or pass its path with {flag}"
    )


def _installed_version(peer: Peer) -> str | None:
    if not peer.venv_python.exists():
        return None
    module = peer.module or peer.name
    probe = f"from importlib.metadata import version; import {module}; print(version({peer.distribution!r}))"
    try:
        done = subprocess.run(
            [str(peer.venv_python), "-c", probe], capture_output=True, text=True, timeout=120, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _run_setup_step(command: list[str], what: str) -> None:
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_SECONDS, check=False
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise PeerUnavailable(f"{what} failed: {exc}") from exc
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise PeerUnavailable(f"{what} failed: {' / '.join(tail)}")


def ensure_venv(peer: Peer, python_override: str | None, say: Callable[[str], None]) -> Path:
    """Return the peer venv's interpreter, creating the venv and installing the pin if needed."""
    if _installed_version(peer) == peer.version:
        return peer.venv_python
    if not peer.venv_python.exists() or (_python_version(peer.venv_python) or (0, 0)) < peer.min_python:
        python = find_python(peer.min_python, python_override, f"--{peer.name}-python")
        say(f"creating {peer.venv.relative_to(BENCH_DIR.parent)} with {python}")
        if peer.venv.exists():
            shutil.rmtree(peer.venv)
        _run_setup_step([python, "-m", "venv", str(peer.venv)], f"python -m venv ({python})")
    requirement = f"{peer.distribution}=={peer.version}"
    say(f"installing {requirement} into {peer.venv.relative_to(BENCH_DIR.parent)}")
    pip = [str(peer.venv_python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    _run_setup_step([*pip, requirement, *peer.pins], f"pip install {requirement}")
    if _installed_version(peer) != peer.version:
        raise PeerUnavailable(f"{requirement} installed but cannot be imported")
    return peer.venv_python


@cache
def fixed_address_layout_prefix() -> tuple[str, ...]:
    """``setarch <arch> -R`` (address-space randomisation off) where that works here, else nothing."""
    setarch = shutil.which("setarch")
    if setarch is None:
        return ()
    prefix = (setarch, platform.machine(), "-R")
    try:
        done = subprocess.run([*prefix, "true"], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return ()
    return prefix if done.returncode == 0 else ()


def run_worker(
    worker: str,
    python: Path,
    first_seed: int,
    games: int,
    turn_cap: int,
    warmup: int,
    extra_args: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Run a worker script of this folder with ``python`` (one process, one thread), parse its JSON line."""
    env = dict(os.environ)
    # One thread everywhere: OpenMP/BLAS pools would otherwise use every core.
    env.update(OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    # catanatron's choices depend on set and dict order over hashed objects (string hashes and
    # object addresses), so the same game seed plays a different game in every process unless both
    # the hash seed and the address layout are fixed.
    env["PYTHONHASHSEED"] = "0"
    env.pop("PYTHONPATH", None)
    command = [
        *fixed_address_layout_prefix(),
        str(python),
        str(BENCH_DIR / worker),
        "--first-seed",
        str(first_seed),
        "--games",
        str(games),
        "--turn-cap",
        str(turn_cap),
        "--warmup",
        str(warmup),
        *extra_args,
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-3:]
        raise PeerUnavailable(f"worker exited with {done.returncode}: {' / '.join(tail)}")
    try:
        totals: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError) as exc:
        raise PeerUnavailable(f"worker printed no JSON: {done.stdout[-200:]!r}") from exc
    return totals


def ensure_extra_packages(peer: Peer, requirements: tuple[str, ...], say: Callable[[str], None]) -> None:
    """Install ``requirements`` into the peer's venv if one is missing (the catanatron bridge
    needs ravenry's runtime dependencies there: ``mypy_extensions``, and ``numpy`` for the
    expert bot's evaluator)."""
    names = [r.split("=")[0].split(">")[0].replace("-", "_") for r in requirements]
    probe = "; ".join(f"import {name}" for name in names) or "pass"
    done = subprocess.run([str(peer.venv_python), "-c", probe], capture_output=True, timeout=120, check=False)
    if done.returncode == 0:
        return
    say(f"installing {', '.join(requirements)} into {peer.venv.relative_to(BENCH_DIR.parent)}")
    pip = [str(peer.venv_python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    _run_setup_step([*pip, *requirements], f"pip install {' '.join(requirements)}")
