"""The win-probability graph of an analysis as a PNG: one line per seat in its colour on the page
(matplotlib, the ``rl``/``dev`` extras)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

# The page's colours (web/static/js/games/catan-data.js PLAYER_COLORS; css/thrones.css houses).
CATAN_COLOURS: Final = ("#d62839", "#1f5fd1", "#f08c00", "#7b3fbf", "#9a9a9a", "#2f7d32")
HOUSE_COLOURS: Final = {
    "Stark": "#5f6f7f",
    "Lannister": "#b0171f",
    "Baratheon": "#d9a400",
    "Greyjoy": "#222222",
    "Tyrell": "#2f7d32",
}


def seat_colours(analysis: dict[str, Any]) -> list[str]:
    if analysis["game"] == "thrones":
        return [HOUSE_COLOURS.get(name, "#888888") for name in analysis["seats"]]
    return [CATAN_COLOURS[p % len(CATAN_COLOURS)] for p in range(analysis["players"])]


def write_png(analysis: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table = analysis["win_probability"]
    fig, ax = plt.subplots(figsize=(9, 3.6))
    for p, (name, colour) in enumerate(zip(analysis["seats"], seat_colours(analysis), strict=True)):
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
