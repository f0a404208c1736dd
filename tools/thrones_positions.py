"""Write tests/browser/data/thrones-positions.json: for every kind of decision of `thrones`
(tests/browser/thrones_decisions.py), the shortest action prefix found by the deterministic
random games of tests/browser/thrones_kind_positions.py that reaches a state where some seat must
make a decision of that kind.

    .venv/bin/python tools/thrones_positions.py [FIRST_SEED] [LAST_SEED]
    .venv/bin/python tools/thrones_positions.py --keep [FIRST_SEED] [LAST_SEED]

With ``--keep`` the positions already in the file stay as they are and only the kinds it lacks
(a kind new to the catalogue) are searched for: the other kinds' game ids in the browser tests
stay stable, although a new action type changes the random games the finder plays.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from thrones_decisions import KINDS
from thrones_kind_positions import FIXTURE, find, load, save


def main() -> int:
    args = sys.argv[1:]
    keep = "--keep" in args
    args = [a for a in args if a != "--keep"]
    first = int(args[0]) if len(args) > 0 else 1
    last = int(args[1]) if len(args) > 1 else 12
    seeds = range(first, last + 1)
    t0 = time.monotonic()
    found = find(seeds)
    if keep:
        kept = load()
        found = {**{k: v for k, v in found.items() if k not in kept}, **kept}
        seeds = range(*json.loads(FIXTURE.read_text())["seeds"])
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
