"""Write tests/browser/data/thrones-positions.json: for every kind of decision of `thrones`
(tests/browser/thrones_decisions.py), the shortest action prefix found by the deterministic
random games of tests/browser/thrones_kind_positions.py that reaches a state where some seat must
make a decision of that kind.

    .venv/bin/python tools/thrones_positions.py [FIRST_SEED] [LAST_SEED]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from thrones_decisions import KINDS
from thrones_kind_positions import FIXTURE, find, save


def main() -> int:
    first = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    last = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    seeds = range(first, last + 1)
    t0 = time.monotonic()
    found = find(seeds)
    save(found, seeds)
    missing = [k for k in KINDS if k not in found]
    extra = sorted(k for k in found if k not in KINDS)
    longest = max(len(p["prefix"]) for p in found.values())
    print(f"{len(found)} kinds in {time.monotonic() - t0:.1f}s; longest prefix {longest}; -> {FIXTURE}")
    if missing:
        print("not found:", ", ".join(missing))
    if extra:
        print("outside the catalogue:", ", ".join(extra))
    return 1 if extra else 0


if __name__ == "__main__":
    sys.exit(main())
