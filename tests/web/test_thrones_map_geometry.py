"""The thrones map drawing (static/data/thrones-map.json) is the rules' map (thrones/data.py).

Two areas are neighbours on the drawing when their shapes share a border at least
``MIN_BORDER`` long (corners do not count); that must hold exactly for the pairs
``data.ADJACENT`` names, land and sea alike. Besides: one shape per area and no other, no
overlaps, land inside the coastline and sea outside it, everything inside the viewBox; and what is
drawn at the anchors (the name with its icons, the units, the order and power tokens, as boxes of
the renderer's sizes) inside its area and over nothing else, in its own area or another's.
The checker is also run on perturbed copies (the data changed alone, the drawing changed alone)
to show that it catches the change.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

import ravenry
from ravenry.games.thrones import data

MAP_FILE = Path(ravenry.__file__).resolve().parent / "web" / "static" / "data" / "thrones-map.json"
MIN_BORDER = 8.0  # shorter shared borders are corners
TOLERANCE = 0.25  # coordinates are rounded to 0.1
ANCHOR_MARGIN = 8.0  # from the area's border
ANCHORS = ("label", "units", "order", "token")

# The rules make Highgarden, Oldtown, the Sunset Sea and the Redwyne Straights pairwise adjacent,
# which no plane drawing of the whole map allows (test_rules_map_is_not_planar proves it). The
# drawing lets these two pairs touch at one corner where all four meet on the coast.
CORNER_PAIRS = frozenset({("highgarden", "redwyne-straights"), ("oldtown", "sunset-sea")})

# A subdivided K3,3 in the rules' adjacency (Kuratowski: no plane drawing exists): branch areas
# {highgarden, three-towers, the-summer-sea} and {redwyne-straights, oldtown, yronwood}, joined
# by nine paths with no area in common but their ends.
K33_PATHS = (
    ("highgarden", "redwyne-straights"),
    ("highgarden", "oldtown"),
    ("highgarden", "dornish-marches", "the-boneway", "yronwood"),
    ("three-towers", "redwyne-straights"),
    ("three-towers", "oldtown"),
    ("three-towers", "princes-pass", "yronwood"),
    ("the-summer-sea", "redwyne-straights"),
    (
        "the-summer-sea",
        "shipbreaker-bay",
        "the-narrow-sea",
        "widows-watch",
        "white-harbor",
        "moat-cailin",
        "the-twins",
        "seagard",
        "riverrun",
        "the-golden-sound",
        "sunset-sea",
        "oldtown",
    ),
    ("the-summer-sea", "sunspear", "yronwood"),
)

Pair = tuple[str, str]


def rules_pairs() -> set[Pair]:
    pairs: set[Pair] = set()
    for i, area in enumerate(data.AREA_IDS):
        for j in data.ADJACENT[i]:
            a, b = sorted((area, data.AREA_IDS[j]))
            pairs.add((a, b))
    return pairs


def parse_path(d: str) -> list[list[tuple[float, float]]]:
    """The rings of an SVG path made only of M, L and Z commands."""
    rings: list[list[tuple[float, float]]] = []
    tokens = re.findall(r"[MLZ]|-?\d+(?:\.\d+)?", d)
    k = 0
    while k < len(tokens):
        command = tokens[k]
        k += 1
        if command == "M":
            rings.append([])
        if command in "ML":
            rings[-1].append((float(tokens[k]), float(tokens[k + 1])))
            k += 2
            while k < len(tokens) and tokens[k] not in "MLZ":
                rings[-1].append((float(tokens[k]), float(tokens[k + 1])))
                k += 2
        elif command != "Z":
            raise ValueError(f"unexpected path command {command!r}")
    return rings


def shape_of(entry: dict[str, Any]) -> Polygon:
    return Polygon(entry["polygon"], entry.get("holes", []))


def shared_border(a: Polygon, b: Polygon) -> float:
    if a.distance(b) > TOLERANCE:
        return 0.0
    return float(a.boundary.intersection(b.buffer(TOLERANCE)).length)


def drawn_borders(shapes: dict[str, Polygon]) -> dict[Pair, float]:
    out: dict[Pair, float] = {}
    for a, b in itertools.combinations(sorted(shapes), 2):
        length = shared_border(shapes[a], shapes[b])
        if length > 0:
            out[(a, b)] = length
    return out


def check_map(doc: dict[str, Any], rules: set[Pair]) -> list[str]:
    """Every way the drawing differs from the rules' map, one line each (empty: none)."""
    problems: list[str] = []
    ids = set(data.AREA_IDS)
    drawn_ids = set(doc["areas"])
    problems += [f"no shape for {a}" for a in sorted(ids - drawn_ids)]
    problems += [f"shape for unknown area {a}" for a in sorted(drawn_ids - ids)]
    x0, y0, width, height = doc["viewBox"]
    frame = box(x0, y0, x0 + width, y0 + height)
    shapes: dict[str, Polygon] = {}
    for area in sorted(ids & drawn_ids):
        entry = doc["areas"][area]
        shape = shape_of(entry)
        rings = parse_path(entry["path"])
        if [list(map(tuple, r)) for r in [entry["polygon"], *entry.get("holes", [])]] != rings:
            problems.append(f"{area}: path and polygon differ")
        if not shape.is_valid or shape.area < 100:
            problems.append(f"{area}: not one valid polygon")
            continue
        if not frame.contains(shape):
            problems.append(f"{area}: outside the viewBox")
        shapes[area] = shape
    borders = drawn_borders(shapes)
    drawn = {p for p, length in borders.items() if length >= MIN_BORDER}
    for pair in sorted(rules - drawn):
        if pair in CORNER_PAIRS:
            if shapes[pair[0]].distance(shapes[pair[1]]) > 0.5:
                problems.append(f"corner pair {pair} do not touch")
        else:
            problems.append(f"adjacent in the rules, no border on the drawing: {pair}")
    problems += [f"border on the drawing, not adjacent in the rules: {p}" for p in sorted(drawn - rules)]
    for a, b in itertools.combinations(sorted(shapes), 2):
        overlap = shapes[a].intersection(shapes[b]).area
        if overlap > 1.0:
            problems.append(f"{a} and {b} overlap by {overlap:.1f}")
    coast = unary_union([Polygon(parse_path(d)[0]) for d in doc["coastline"]])
    decoration = [LineString(ring) for d in doc["rivers"] for ring in parse_path(d)]
    if not frame.contains(coast) or not all(frame.covers(line) for line in decoration):
        problems.append("coastline or rivers outside the viewBox")
    sea_kind = {a: data.AREA_IS_SEA[data.AREA_INDEX[a]] for a in shapes}
    for area, shape in shapes.items():
        outside = shape.difference(coast).area if not sea_kind[area] else shape.intersection(coast).area
        if outside > 1.0:
            problems.append(f"{area}: {outside:.1f} on the wrong side of the coastline")
    # The seas tile the frame outside the land; the land not in any area is only thin strips (rivers).
    seas = unary_union([s for a, s in shapes.items() if sea_kind[a]])
    water = frame.difference(coast)
    if abs(seas.area - water.area) > 0.001 * water.area:
        problems.append(f"the seas cover {seas.area:.0f} of {water.area:.0f} water")
    land = unary_union([s for a, s in shapes.items() if not sea_kind[a]])
    gaps = coast.difference(land).buffer(-7)
    if not gaps.is_empty:
        problems.append(f"land in no area, wider than a river, near {gaps.representative_point()}")
    # What is drawn at the anchors (the name with its icons, the units, the order and power
    # tokens): inside the area, and nothing over anything else, in one area or across areas.
    footprints = {area: footprints_of(area, doc["areas"][area]) for area in shapes}
    for area, shape in shapes.items():
        for key, fp in footprints[area].items():
            if not shape.contains(fp.centroid) or shape.exterior.distance(fp.centroid) < ANCHOR_MARGIN:
                problems.append(f"{area}: {key} anchor not {ANCHOR_MARGIN:g} inside its shape")
            outside = fp.difference(shape).area / fp.area
            if outside > MAX_OUTSIDE:
                problems.append(f"{area}: {outside:.0%} of the {key} outside its shape")
        for (k1, f1), (k2, f2) in itertools.combinations(footprints[area].items(), 2):
            if f1.intersection(f2).area > 1.0:
                problems.append(f"{area}: the {k1} and the {k2} overlap")
    for a, b in itertools.combinations(sorted(footprints), 2):
        for k1, f1 in footprints[a].items():
            for k2, f2 in footprints[b].items():
                if f1.intersection(f2).area > 1.0:
                    problems.append(f"the {k1} of {a} and the {k2} of {b} overlap")
    return problems


# The sizes of what thrones-map.js draws at the anchors (map units, half width and height), as
# the map's JSON gives them to the renderer ("sizes"): the name in lines of name_line, name_char
# a letter, split in two beyond name_wrap letters, with a row of icons under it; the units (two
# kinds side by side on land, ships alone at sea), the order and power tokens.
SIZES = json.loads(MAP_FILE.read_text())["sizes"]
NAME_CHAR = float(SIZES["name_char"])
NAME_LINE = float(SIZES["name_line"])
NAME_WRAP = int(SIZES["name_wrap"])
ICON_STEP = float(SIZES["icon_step"])
ICON_ROW = float(SIZES["icon_row"])
PIECES = {key: (float(SIZES[key][0]), float(SIZES[key][1])) for key in ("order", "token")}
PIECES["units"] = (float(SIZES["units_land"][0]), float(SIZES["units_land"][1]))
SEA_UNITS = (float(SIZES["units_sea"][0]), float(SIZES["units_sea"][1]))  # ships only
MAX_OUTSIDE = 0.3  # a cramped area's pieces may reach over its border a little


def name_lines(name: str) -> list[str]:
    words = name.split()
    if len(name) <= NAME_WRAP or len(words) == 1:
        return [name]
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return list(min(splits, key=lambda s: (max(len(s[0]), len(s[1])), len(s[1]))))


def footprints_of(area: str, entry: dict[str, Any]) -> dict[str, Polygon]:
    i = data.AREA_INDEX[area]
    lines = name_lines(data.AREA_NAMES[i])
    icons = (data.AREA_CASTLE[i] > 0) + data.AREA_SUPPLY[i] + data.AREA_POWER[i] + (data.AREA_HOME[i] >= 0)
    halves = {
        "label": (
            max(max(map(len, lines)) * NAME_CHAR / 2, icons * ICON_STEP / 2),
            (len(lines) * NAME_LINE + (ICON_ROW if icons else 0)) / 2,
        ),
        **PIECES,
    }
    if data.AREA_IS_SEA[i]:
        halves["units"] = SEA_UNITS
    out = {}
    for key, (hw, hh) in halves.items():
        x, y = entry[key]
        out[key] = box(x - hw, y - hh, x + hw, y + hh)
    return out


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(MAP_FILE.read_text())
    return loaded


def test_drawing_is_the_rules_map(doc: dict[str, Any]) -> None:
    assert check_map(doc, rules_pairs()) == []


def test_drawing_holds_geometry_only(doc: dict[str, Any]) -> None:
    # names, kinds, icons and adjacency come from the server's view, not from a second copy here
    allowed = {"path", "polygon", "holes", "region", *ANCHORS}
    for area, entry in doc["areas"].items():
        assert set(entry) <= allowed, area
        assert (entry["region"] is None) == data.AREA_IS_SEA[data.AREA_INDEX[area]], area
    assert doc["version"] == 1


def test_rules_map_is_not_planar() -> None:
    """Why CORNER_PAIRS exist: the rules' adjacency contains a subdivided K3,3."""
    rules = rules_pairs()
    left = {"highgarden", "three-towers", "the-summer-sea"}
    right = {"redwyne-straights", "oldtown", "yronwood"}
    ends = {(p[0], p[-1]) for p in K33_PATHS}
    assert ends == set(itertools.product(left, right))
    inner = [a for p in K33_PATHS for a in p[1:-1]]
    assert len(inner) == len(set(inner)) and not set(inner) & (left | right)
    for path in K33_PATHS:
        for a, b in itertools.pairwise(path):
            assert tuple(sorted((a, b))) in rules, (a, b)
    assert rules >= CORNER_PAIRS


def test_checker_sees_a_changed_adjacency(doc: dict[str, Any]) -> None:
    rules = rules_pairs()
    dropped = ("kings-landing", "the-reach")
    assert check_map(doc, rules - {dropped}) == [
        f"border on the drawing, not adjacent in the rules: {dropped}"
    ]
    added = ("karhold", "white-harbor")
    assert check_map(doc, rules | {added}) == [f"adjacent in the rules, no border on the drawing: {added}"]


def test_checker_sees_a_moved_vertex(doc: dict[str, Any]) -> None:
    moved = copy.deepcopy(doc)
    entry = moved["areas"]["harrenhal"]
    shape = shape_of(entry)
    centre = shape.centroid
    # push the vertex farthest from the centre 60 units further out, into a neighbour
    k = max(range(len(entry["polygon"])), key=lambda i: centre.distance(Point(entry["polygon"][i])))
    x, y = entry["polygon"][k]
    dx, dy = x - centre.x, y - centre.y
    norm = (dx * dx + dy * dy) ** 0.5
    entry["polygon"][k] = [round(x + 60 * dx / norm, 1), round(y + 60 * dy / norm, 1)]
    problems = check_map(moved, rules_pairs())
    assert "harrenhal: path and polygon differ" in problems
    assert any("harrenhal" in p and "overlap" in p for p in problems), problems


def test_checker_sees_pieces_over_a_name(doc: dict[str, Any]) -> None:
    moved = copy.deepcopy(doc)
    # White Harbor's units onto its name (the fault the renderer once had), Karhold's name onto
    # the Shivering Sea's next to it
    moved["areas"]["white-harbor"]["units"] = list(moved["areas"]["white-harbor"]["label"])
    x, y = moved["areas"]["the-shivering-sea"]["label"]
    moved["areas"]["karhold"]["label"] = [x - 30, y]
    problems = check_map(moved, rules_pairs())
    assert "white-harbor: the label and the units overlap" in problems, problems
    assert "the label of karhold and the label of the-shivering-sea overlap" in problems, problems
    assert any(p.startswith("karhold: label anchor not") for p in problems), problems
