"""Rich renderings for the command line: simulation statistics, and a Catan-family game as a
spectator sees it (the board's hexes, each player's pieces, the scores and the winner); a thrones
game through ``thrones_display.py``. Seats' colours are ``seat_styles.py``'s.

Everything is drawn from JSON a spectator may see (``state.observe(None)``), never the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ravenry.bots.catan_board import board_facts
from ravenry.sim.runner import GameSummary
from ravenry.sim.seat_styles import player_style
from ravenry.sim.stats import ExtraStats, SimulationStats, WinRecord

TERRAIN_STYLE = {
    "hills": ("Hil", "red3"),
    "forest": ("For", "green4"),
    "mountains": ("Mtn", "grey62"),
    "fields": ("Fld", "gold3"),
    "pasture": ("Pas", "chartreuse3"),
    "desert": ("Des", "khaki3"),
    "ice": ("Ice", "light_cyan1"),
}
CELL = 8  # characters per hex; a row of hexes steps half a cell per unit of doubled x


# -- simulations ------------------------------------------------------------------------------------
def stats_table(stats: SimulationStats, title: str) -> Group:
    table = Table(title=title)
    for column, justify in (("", "left"), ("wins", "right"), ("of", "right"), ("win rate", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    table.add_column("95% interval", justify="right")
    table.add_column("avg points", justify="right")
    for section, records in (("per bot", stats.kinds), ("per seat", stats.seats)):
        table.add_section()
        table.add_row(Text(section, style="italic"))
        for record in records:
            table.add_row(*_record_cells(record))
    turns = "—" if stats.average_turns is None else f"{stats.average_turns:.1f}"
    footer = Text(
        f"{stats.games} games, {stats.unfinished} unfinished (turn cap), "
        f"average {turns} turns per finished game, "
        f"{stats.average_steps:.0f} actions per game; {stats.elapsed_seconds:.1f} s, "
        f"{stats.games_per_second:.1f} games/s"
    )
    if not stats.extras:
        return Group(table, footer)
    return Group(table, footer, *extras_tables(stats.extras, [s.label for s in stats.seats]))


def extras_tables(extras: ExtraStats, seat_labels: Sequence[str]) -> list[Table]:
    """The game's own facts: one table per category (count and share of games), one of the
    averaged numbers, and one of the per-seat numbers (per seat, then per bot kind)."""
    tables = []
    for name, counts in extras.categories.items():
        table = Table(title=f"{name} ({extras.games} games)")
        table.add_column(name)
        table.add_column("games", justify="right")
        table.add_column("share", justify="right")
        for category, n in counts.items():
            table.add_row(category, str(n), f"{extras.share(name, category):.1%}")
        tables.append(table)
    if extras.averages:
        table = Table(title="averages at the end")
        table.add_column("")
        table.add_column("average", justify="right")
        for name, average in extras.averages.items():
            table.add_row(name, f"{average:.2f}")
        tables.append(table)
    if extras.seat_averages:
        names = list(extras.seat_averages)
        table = Table(title="averages at the end, per seat and per bot")
        table.add_column("")
        for name in names:
            table.add_column(name, justify="right")
        table.add_row(Text("per seat", style="italic"))
        for seat, label in enumerate(seat_labels):
            table.add_row(label, *(f"{extras.seat_averages[n][seat]:.2f}" for n in names))
        table.add_section()
        table.add_row(Text("per bot", style="italic"))
        for kind in extras.kind_averages[names[0]]:
            table.add_row(kind, *(f"{extras.kind_averages[n].get(kind, 0.0):.2f}" for n in names))
        tables.append(table)
    return tables


def _record_cells(record: WinRecord) -> list[str]:
    low, high = record.interval
    return [
        record.label,
        str(record.wins),
        str(record.trials),
        f"{record.rate:.1%}",
        f"{low:.1%} – {high:.1%}",
        f"{record.average_points:.2f}",
    ]


# -- one game -----------------------------------------------------------------------------------------
def board_text(view: Mapping[str, Any]) -> Text:
    """The hexes in their rows: terrain, number, and ``R`` where the robber stands."""
    hexes = view["board"]["hexes"]
    robber = view.get("robber")
    xs = [h["coord"][0] for h in hexes]
    x_min = min(xs)
    rows: dict[int, list[Mapping[str, Any]]] = {}
    for h in hexes:
        rows.setdefault(h["coord"][1], []).append(h)
    out = Text()
    for y in sorted(rows):
        column = 0
        for h in sorted(rows[y], key=lambda h: h["coord"][0]):
            start = (h["coord"][0] - x_min) * CELL // 2
            out.append(" " * (start - column))
            label, style = TERRAIN_STYLE.get(h["terrain"], (h["terrain"][:3].title(), "default"))
            number = "/".join(str(n) for n in h["numbers"]) or "--"
            mark = "R" if h["id"] == robber else " "
            cell = f"{label}{number:>3}{mark}"
            out.append(cell, style=style + (" reverse" if mark == "R" else ""))
            column = start + len(cell)
        out.append("\n")
    legend = ", ".join(f"{abbr} {name}" for name, (abbr, _) in TERRAIN_STYLE.items())
    out.append(f"{legend}; R: the {view.get('names', {}).get('robber', 'robber')}", style="dim")
    return out


def _node_label(view: Mapping[str, Any], node: int) -> str:
    facts = board_facts(view["board"])
    hexes = view["board"]["hexes"]
    parts = []
    for h in facts.node_hexes[node]:
        abbr = TERRAIN_STYLE.get(hexes[h]["terrain"], (hexes[h]["terrain"][:3],))[0]
        parts.append(abbr + "".join(str(n) for n in hexes[h]["numbers"]))
    harbor = next((hb["kind"] for hb in view["board"].get("harbors", ()) if node in hb["nodes"]), None)
    label = f"{node}({'/'.join(parts)})"
    return label + (f"⚓{harbor}" if harbor else "")


def _plural(word: str) -> str:
    return word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"


def players_text(view: Mapping[str, Any], bots: Sequence[str] | None = None) -> Text:
    """Each player's points, buildings (by the hexes around them), roads and special cards."""
    names = view.get("names", {})
    city = _plural(str(names.get("city", "city")))
    out = Text()
    for p, info in enumerate(view["players"]):
        mine = [(node, level) for node, owner, level in view["buildings"] if owner == p]
        special = []
        if view.get("longest_road_holder") == p:
            special.append("Longest Road")
        if view.get("largest_army_holder") == p:
            special.append(str(names.get("army", "Largest Army")))
        points = info.get("vp", info["visible_vp"])
        out.append(f"Seat {p}" + (f" ({bots[p]})" if bots else ""), style=player_style(p))
        out.append(f": {points} points" + (f" — {', '.join(special)}" if special else "") + "\n")
        settlements = [_node_label(view, n) for n, level in mine if level == 1]
        cities = [_node_label(view, n) for n, level in mine if level == 2]
        roads = sum(1 for _, o in view["roads"] if o == p)
        out.append(f"  settlements: {', '.join(settlements) or '—'}\n")
        out.append(f"  {city}: {', '.join(cities) or '—'}\n")
        trail, knights = info["longest_road"], info["knights_played"]
        out.append(f"  roads: {roads} (longest trail {trail}), knights played: {knights}\n")
    out.append("A building is shown as intersection(hexes around it); ⚓ marks a harbor.", style="dim")
    return out


def game_report(view: Mapping[str, Any], summary: GameSummary) -> Group:
    """Board, players, and how the game ended."""
    if summary.finished and summary.winners:
        winners = ", ".join(f"seat {w} ({summary.bots[w]})" for w in summary.winners)
        ending = Text(f"Winner: {winners} — {summary.reason} after {summary.turns} turns", style="bold")
    else:
        ending = Text(f"Unfinished: {summary.reason} after {summary.turns} turns", style="bold yellow")
    scores = Text("Scores: " + ", ".join(f"seat {p}: {s}" for p, s in enumerate(summary.scores)))
    if view.get("game") == "thrones":
        from ravenry.sim.thrones_display import thrones_text

        parts = [thrones_text(view, summary.bots), Text(), scores, ending]
    else:
        parts = [board_text(view), Text(), players_text(view, summary.bots), Text(), scores, ending]
    facts = [f"{name}: {_number(value)}" for name, value in summary.extras.items()]
    for name, values in summary.seat_extras.items():
        facts.append(f"{name}: " + ", ".join(f"seat {p}: {_number(v)}" for p, v in enumerate(values)))
    if facts:
        parts.append(Text("; ".join(facts)))
    return Group(*parts)


def _number(value: float | str) -> str:
    if isinstance(value, str):
        return value
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"
