"""The win-probability graph of an analysis as a PNG: one line per seat in its colour on the page
(matplotlib, the ``rl``/``dev`` extras)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def write_png(analysis: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table = analysis["win_probability"]
    fig, ax = plt.subplots(figsize=(9, 3.6))
    for p, (name, colour) in enumerate(zip(analysis["seats"], analysis["colours"], strict=True)):
        ax.plot(range(len(table)), [row[p] for row in table], color=colour, label=name, linewidth=1.6)
        for d in analysis["mistakes"][p]:
            ax.plot(d["step"], table[d["step"]][p], marker="v", color=colour, markersize=7)
    ax.set_ylim(0, 1)
    ax.set_xlim(0, max(1, len(table) - 1))
    ax.set_xlabel("step")
    ax.set_ylabel("chance of winning")
    ax.set_title(f"{analysis['game']}: who was winning (▼ each seat's biggest mistakes)")
    ax.legend(loc="upper left", ncols=min(6, analysis["players"]))
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
