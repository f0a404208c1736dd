"""Generate the thrones map drawing, ``src/ravenry/web/static/data/thrones-map.json``, from layout.py.

Run by hand (never by the server or CI) after editing ``layout.py``:

    .venv/bin/pip install shapely numpy cairosvg   # cairosvg only for --png
    .venv/bin/python tools/thrones_map/generate.py [--png var/thrones-map.png] [--tune N]

Method: the mainland is the smoothed ``COAST`` ring, the islands are ellipses. Land areas are the
cells of a Voronoi diagram of the land seeds clipped to the mainland (an area is the union of its
seeds' cells); seas are the cells of a second diagram of the sea seeds clipped to the water (the
frame outside the land). A stray piece of a cell cut off by the coast joins the neighbour it
shares most border with. Where two land areas share a border the rules do not make adjacent
(``data.ADJACENT``: rivers without a crossing), that border becomes a river: a thin strip taken
out of both areas, drawn as a line (``rivers``). Anchors (label, units, order, power token) are
placed so that what the renderer draws there (the name block with its icons, the pieces: boxes of
the renderer's sizes, below) lies inside the area and over nothing else, smallest areas first.
The drawing's adjacency is compared with the rules' and every mismatch is printed; ``--tune N``
runs N rounds of a deterministic seeded search that moves seeds to remove mismatches and prints
the moved seeds to paste into layout.py. Everything is deterministic: same layout, same JSON byte for byte.

The JSON holds geometry and display regions only, keyed by area id; the rules' facts (names,
kinds, icons, adjacency) come from the server's view.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import re
import sys
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge, polygonize, polylabel, unary_union

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import layout  # noqa: E402

from ravenry.games.thrones import data  # noqa: E402

OUT = ROOT / "src" / "ravenry" / "web" / "static" / "data" / "thrones-map.json"
FRAME = box(0, 0, layout.WIDTH, layout.HEIGHT)
RIVER_HALF_WIDTH = 5.0
# The adjacency measure of the test: borders shorter than this are corners.
MIN_BORDER = 8.0
# What the generator aims for, with room to spare: rules-adjacent pairs share at least this much.
GOOD_BORDER = 30.0
TOLERANCE = 0.25

Pair = tuple[str, str]


def chaikin(points: list[tuple[float, float]], rounds: int) -> list[tuple[float, float]]:
    """Corner-cutting smoothing of a closed ring."""
    for _ in range(rounds):
        out: list[tuple[float, float]] = []
        n = len(points)
        for i in range(n):
            (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        points = out
    return points


def mainland() -> Polygon:
    # The top edge stays straight: smooth, then clip back to the frame.
    ring = chaikin(list(layout.COAST), 3)
    return Polygon(ring).buffer(0).intersection(FRAME)


def ellipse(centre: tuple[float, float], radii: tuple[float, float], degrees: float) -> Polygon:
    cx, cy = centre
    rx, ry = radii
    t = math.radians(degrees)
    pts = []
    for k in range(40):
        a = 2 * math.pi * k / 40
        x, y = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t)))
    return Polygon(pts)


def rules_pairs() -> set[Pair]:
    pairs: set[Pair] = set()
    for i, area in enumerate(data.AREA_IDS):
        for j in data.ADJACENT[i]:
            pairs.add(tuple(sorted((area, data.AREA_IDS[j]))))  # type: ignore[arg-type]
    return pairs


RULES = rules_pairs()
IS_SEA = {a: data.AREA_IS_SEA[i] for i, a in enumerate(data.AREA_IDS)}


XY = tuple[float, float]
Seeds = dict[str, tuple[XY, ...]]


def all_seeds(seeds: Seeds, land: Polygon) -> dict[str, list[XY]]:
    """The layout's seeds plus the four-corner seeds, placed about the corner's point on the coast."""
    ring = land.exterior
    corner = ring.interpolate(ring.project(Point(layout.FOUR_CORNER)))
    out = {a: list(s) for a, s in seeds.items()}
    for north, south, (dx, dy) in layout.FOUR_CORNER_SEEDS:
        out[north].insert(0, (corner.x + dx, corner.y - dy))
        out[south].insert(0, (corner.x + dx, corner.y + dy))
    return out


def voronoi(points: list[XY], owners: list[str], domain: BaseGeometry) -> dict[str, BaseGeometry]:
    cells = shapely.voronoi_polygons(MultiPoint(points), extend_to=FRAME, ordered=True)
    parts: dict[str, list[BaseGeometry]] = {}
    for owner, cell in zip(owners, cells.geoms, strict=True):
        parts.setdefault(owner, []).append(cell.intersection(domain))
    return {a: unary_union(p) for a, p in parts.items()}


def pieces(geom: BaseGeometry) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon) and g.area > 1e-6]


def border(a: BaseGeometry, b: BaseGeometry) -> float:
    """Length of the border a and b share (a corner shares ~0)."""
    if a.distance(b) > TOLERANCE:
        return 0.0
    return float(a.boundary.intersection(b.buffer(TOLERANCE)).length)


def merge_strays(areas: dict[str, BaseGeometry]) -> dict[str, Polygon]:
    """Keep each area's largest piece; every other piece joins the neighbour it touches most."""
    main: dict[str, Polygon] = {}
    strays: list[tuple[str, Polygon]] = []
    for a, g in areas.items():
        ps = sorted(pieces(g), key=lambda p: -p.area)
        if not ps:
            continue
        main[a] = ps[0]
        strays.extend((a, p) for p in ps[1:])
    for owner, piece in strays:
        best, length = None, 0.0
        for a, g in main.items():
            if a != owner and IS_SEA[a] == IS_SEA[owner]:
                shared = border(piece, g)
                if shared > length:
                    best, length = a, shared
        if best is not None:
            merged = unary_union([main[best], piece])
            main[best] = max(pieces(merged), key=lambda p: p.area)
    return main


def shared_line(a: Polygon, b: Polygon) -> BaseGeometry:
    line = a.boundary.intersection(b.buffer(TOLERANCE))
    lines = [g for g in getattr(line, "geoms", [line]) if isinstance(g, LineString)]
    return linemerge(lines) if lines else LineString()


class Drawing:
    """The built map: one polygon per area, the coast rings and the river lines."""

    def __init__(self, seeds: Seeds) -> None:
        land = mainland()
        islands = {a: ellipse(*spec) for a, spec in layout.ISLANDS.items()}
        water = FRAME.difference(unary_union([land, *islands.values()]))
        seeds_all = all_seeds(seeds, land)
        land_pts, land_owners, sea_pts, sea_owners = [], [], [], []
        for area, pts in seeds_all.items():
            for p in pts:
                if IS_SEA[area]:
                    sea_pts.append(p)
                    sea_owners.append(area)
                else:
                    land_pts.append(p)
                    land_owners.append(area)
        raw = voronoi(land_pts, land_owners, land)
        raw.update(voronoi(sea_pts, sea_owners, water))
        self.areas: dict[str, Polygon] = merge_strays(raw)
        self.areas.update(islands)
        self.land = land
        self.islands = islands
        self.rivers: list[BaseGeometry] = []
        self._cut_rivers()

    def _cut_rivers(self) -> None:
        names = sorted(a for a in self.areas if not IS_SEA[a] and a not in self.islands)
        cuts: dict[str, list[BaseGeometry]] = {}
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                if (a, b) in RULES:
                    continue
                if border(self.areas[a], self.areas[b]) > 1.0:
                    line = shared_line(self.areas[a], self.areas[b])
                    self.rivers.append(line)
                    strip = line.buffer(RIVER_HALF_WIDTH, cap_style="flat")
                    cuts.setdefault(a, []).append(strip)
                    cuts.setdefault(b, []).append(strip)
        for a, strips in cuts.items():
            cut = self.areas[a].difference(unary_union(strips))
            self.areas[a] = max(pieces(cut), key=lambda p: p.area)

    def borders(self) -> dict[Pair, float]:
        names = sorted(self.areas)
        out: dict[Pair, float] = {}
        tree = shapely.STRtree([self.areas[a] for a in names])
        for a in names:
            for j in tree.query(self.areas[a].buffer(TOLERANCE)):
                b = names[int(j)]
                if b > a:
                    length = border(self.areas[a], self.areas[b])
                    if length > 0:
                        out[(a, b)] = length
        return out

    def mismatches(self) -> tuple[list[Pair], list[Pair], list[Pair]]:
        """(rules pairs missing on the drawing, drawn pairs the rules lack, rules pairs that are short)."""
        drawn = self.borders()
        missing = sorted(p for p in RULES if drawn.get(p, 0.0) < MIN_BORDER and p not in CORNER_PAIRS)
        extra = sorted(p for p, length in drawn.items() if length >= MIN_BORDER and p not in RULES)
        short = sorted(
            p for p in RULES if MIN_BORDER <= drawn.get(p, 0.0) < GOOD_BORDER and p not in CORNER_PAIRS
        )
        return missing, extra, short


CORNER_PAIRS: set[Pair] = {("highgarden", "redwyne-straights"), ("oldtown", "sunset-sea")}


# -- anchors ---------------------------------------------------------------------------------


# The sizes of what the renderer draws (map units), which the anchors make room for, written
# once here and into the JSON ("sizes"), where thrones-map.js and the tests read them: a name in
# lines of NAME_LINE (about NAME_CHAR a letter at the CSS's 20 px, its baseline NAME_ASCENT below
# the block's top) with a row of ICON_STEP-wide icons under it; the units centred on their anchor
# (two kinds side by side on land, ships alone at sea), the order token and the power token.
# Half widths and heights.
NAME_CHAR = 11.6
NAME_LINE = 23.0
NAME_WRAP = 10
NAME_ASCENT = 17.0
ICON_STEP = 22.0
ICON_ROW = 20.0
UNITS_LAND = (36.0, 21.0)
UNITS_SEA = (22.0, 21.0)
ORDER = (22.0, 22.0)
TOKEN = (13.0, 13.0)
PIECE_GAP = 4.0
SIZES = {
    "name_char": NAME_CHAR,
    "name_line": NAME_LINE,
    "name_wrap": NAME_WRAP,
    "name_ascent": NAME_ASCENT,
    "icon_step": ICON_STEP,
    "icon_row": ICON_ROW,
    "units_land": list(UNITS_LAND),
    "units_sea": list(UNITS_SEA),
    "order": list(ORDER),
    "token": list(TOKEN),
}
FIT_MARGIN = 3.0


def label_lines(name: str) -> list[str]:
    """How the renderer wraps a name: up to NAME_WRAP letters on one line, else two lines split
    at the space that makes the longer line shortest."""
    words = name.split()
    if len(name) <= NAME_WRAP or len(words) == 1:
        return [name]
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    first, second = min(splits, key=lambda s: (max(len(s[0]), len(s[1])), len(s[1])))
    return [first, second]


def icon_count(i: int) -> int:
    """The icons under an area's name: castle or stronghold, barrels, crowns, home shield."""
    return (data.AREA_CASTLE[i] > 0) + data.AREA_SUPPLY[i] + data.AREA_POWER[i] + (data.AREA_HOME[i] >= 0)


def label_half(area: str) -> tuple[float, float]:
    """Half the width and height of an area's label block (name lines and the icon row)."""
    i = data.AREA_INDEX[area]
    lines = label_lines(data.AREA_NAMES[i])
    icons = icon_count(i)
    half_w = max(max(len(s) for s in lines) * NAME_CHAR / 2, icons * ICON_STEP / 2) + 2
    half_h = (len(lines) * NAME_LINE + (ICON_ROW if icons else 0)) / 2 + 2
    return half_w, half_h


def signed_depth(poly: Polygon, xs: Any, ys: Any) -> Any:
    """How far each point lies inside poly (negative: outside)."""
    import numpy as np

    pts = shapely.points(xs, ys)
    depth = shapely.distance(poly.boundary, pts)
    return np.where(shapely.contains_xy(poly, xs, ys), depth, -depth)


def box_samples(half: tuple[float, float]) -> list[tuple[float, float]]:
    """Points on a box's outline (corners and edge points), relative to its centre."""
    hw, hh = half
    return [
        (fx * hw, fy * hh)
        for fx in (-1, -0.5, 0, 0.5, 1)
        for fy in (-1, -0.5, 0, 0.5, 1)
        if abs(fx) == 1 or abs(fy) == 1
    ]


def arrangements(
    label: tuple[float, float], pieces: list[tuple[float, float]]
) -> list[list[tuple[float, float]]]:
    """Offsets of (units, order, token) from the label centre such that no two boxes overlap: a
    row under or over the name, a column beside it, the units on one side and the tokens on the
    other, the units under the name and the tokens beside it."""
    lw, lh = label
    g = PIECE_GAP
    (uw, uh), (ow, oh), (tw, th) = pieces
    tall = max(uh, oh, th)
    row_w = 2 * (uw + ow + tw) + 2 * g
    xs = [-row_w / 2 + uw, -row_w / 2 + 2 * uw + g + ow, row_w / 2 - tw]
    out = []
    for sign in (1, -1):
        y = sign * (lh + g + tall)
        out.append([(x, y) for x in xs])
    col_h = 2 * (uh + oh + th) + 2 * g
    ys = [-col_h / 2 + uh, -col_h / 2 + 2 * uh + g + oh, col_h / 2 - th]
    for sign in (1, -1):
        out.append([(sign * (lw + g + w), y) for w, y in zip((uw, ow, tw), ys, strict=True)])
    pair_h = 2 * (oh + th) + g
    for sign in (1, -1):
        # units on one side, order over power token on the other
        out.append(
            [
                (sign * (lw + g + uw), 0.0),
                (-sign * (lw + g + ow), -pair_h / 2 + oh),
                (-sign * (lw + g + tw), pair_h / 2 - th),
            ]
        )
        # units and order on one side, the token on the other
        out.append(
            [
                (sign * (lw + g + uw), 0.0),
                (sign * (lw + 2 * uw + 2 * g + ow), 0.0),
                (-sign * (lw + g + tw), 0.0),
            ]
        )
        # all three in a line on one side
        out.append(
            [
                (sign * (lw + g + uw), 0.0),
                (sign * (lw + 2 * uw + 2 * g + ow), 0.0),
                (sign * (lw + 2 * uw + 2 * ow + 3 * g + tw), 0.0),
            ]
        )
    for vsign in (1, -1):
        y = vsign * (lh + g + uh)
        for sign in (1, -1):
            # the units under (over) the name, the tokens beside it
            out.append(
                [
                    (0.0, y),
                    (sign * (lw + g + ow), -vsign * (th + g / 2)),
                    (sign * (lw + g + tw), vsign * (oh + g / 2)),
                ]
            )
            out.append(
                [(sign * (uw / 2), y), (-sign * (lw + g + ow), 0.0), (sign * (max(lw, 1.5 * uw) + g + tw), y)]
            )
    boxes = [label, *pieces]
    return [
        a
        for a in out
        if not any(
            boxes_overlap(p, q)
            for p, q in itertools.combinations(zip([(0.0, 0.0), *a], boxes, strict=True), 2)
        )
    ]


def boxes_overlap(
    a: tuple[tuple[float, float], tuple[float, float]], b: tuple[tuple[float, float], tuple[float, float]]
) -> bool:
    """Whether two boxes ((centre), (half width, half height)) overlap."""
    (ax, ay), (aw, ah) = a
    (bx, by), (bw, bh) = b
    return abs(ax - bx) < aw + bw - 0.01 and abs(ay - by) < ah + bh - 0.01


def anchors(
    area: str, poly: Polygon, placed: list[tuple[float, float, float, float]]
) -> dict[str, list[float]]:
    """Label and the three piece anchors, placed where the label block and the pieces' boxes sit
    deepest inside the area without overlapping each other (a row under the name preferred)."""
    import numpy as np

    label = label_half(area)
    sea = data.AREA_IS_SEA[data.AREA_INDEX[area]]
    pieces = [UNITS_SEA if sea else UNITS_LAND, ORDER, TOKEN]
    options = arrangements(label, pieces)
    # The signed depth on a grid around the area, once; a box's fit at a candidate point is read
    # off the grid at the offsets of its outline (rounded to the grid, hence the margin).
    step = 4.0
    reach = max(
        max(abs(x) + half[0], abs(y) + half[1])
        for a in options
        for (x, y), half in zip(a, pieces, strict=True)
    )
    reach = max(reach, *label) + step
    minx, miny, maxx, maxy = poly.bounds
    xs = np.arange(minx - reach, maxx + reach + step, step)
    ys = np.arange(miny - reach, maxy + reach + step, step)
    gx, gy = np.meshgrid(xs, ys)
    depth = signed_depth(poly, gx.ravel(), gy.ravel()).reshape(gx.shape)
    pad = math.ceil(reach / step)
    inner = depth[pad:-pad, pad:-pad]
    cand = inner > 10
    if not cand.any():
        cand = inner > 0
    iy, ix = np.nonzero(cand)
    cx, cy = gx[pad:-pad, pad:-pad][cand], gy[pad:-pad, pad:-pad][cand]

    def fit_of(ox: float, oy: float, half: tuple[float, float]) -> Any:
        vals = []
        for dx, dy in box_samples(half):
            kx, ky = round((ox + dx) / step), round((oy + dy) / step)
            vals.append(depth[iy + pad + ky, ix + pad + kx])
        return np.min(vals, axis=0)

    near = [
        b
        for b in placed
        if b[0] < maxx + reach and b[2] > minx - reach and b[1] < maxy + reach and b[3] > miny - reach
    ]
    others = np.array(near).reshape(-1, 4)

    def overlap_of(ox: float, oy: float, half: tuple[float, float]) -> Any:
        """The area a box at each candidate shares with the boxes already placed."""
        if not len(others):
            return 0.0
        x0, x1 = (cx + ox - half[0])[:, None], (cx + ox + half[0])[:, None]
        y0, y1 = (cy + oy - half[1])[:, None], (cy + oy + half[1])[:, None]
        w = np.clip(np.minimum(x1, others[:, 2]) - np.maximum(x0, others[:, 0]), 0, None)
        h = np.clip(np.minimum(y1, others[:, 3]) - np.maximum(y0, others[:, 1]), 0, None)
        return (w * h).sum(axis=1)

    centre = Point(layout.LABEL_NEAR[area]) if area in layout.LABEL_NEAR else polylabel(poly, 1.0)
    label_fit = fit_of(0.0, 0.0, label)
    label_overlap = overlap_of(0.0, 0.0, label)
    best = None
    for rank, arrangement in enumerate(options):
        fits = [label_fit] + [
            fit_of(ox, oy, half) for (ox, oy), half in zip(arrangement, pieces, strict=True)
        ]
        fit = np.min(fits, axis=0)
        overlap = label_overlap + sum(
            overlap_of(ox, oy, half) for (ox, oy), half in zip(arrangement, pieces, strict=True)
        )
        centres = np.min(
            [depth[iy + pad + round(oy / step), ix + pad + round(ox / step)] for ox, oy in arrangement],
            axis=0,
        )
        score = (
            np.minimum(fit, 14.0)
            + 6.0 * np.minimum(centres - 16.0, 0.0)  # each piece's anchor well inside
            - 3.0 * overlap  # never over another area's name or pieces
            + 6.0 * np.minimum(fit - FIT_MARGIN, 0.0)  # everything inside comes first
            - (0.1 if area in layout.LABEL_NEAR else 0.02) * np.hypot(cx - centre.x, cy - centre.y)
            - (0.0 if rank < 2 else 3.0)  # a row under or over the name unless another fits clearly better
        )
        k = int(np.argmax(score))
        if best is None or score[k] > best[0]:
            best = (float(score[k]), float(cx[k]), float(cy[k]), arrangement, float(fit[k]))
    assert best is not None
    _, lx, ly, arrangement, fit_k = best
    if fit_k < FIT_MARGIN:
        print(f"  cramped: {area}: label and pieces {fit_k:.0f} inside")
    out = {"label": [round(lx, 1), round(ly, 1)]}
    placed.append((lx - label[0], ly - label[1], lx + label[0], ly + label[1]))
    for key, (dx, dy), half in zip(("units", "order", "token"), arrangement, pieces, strict=True):
        out[key] = [round(lx + dx, 1), round(ly + dy, 1)]
        placed.append((lx + dx - half[0], ly + dy - half[1], lx + dx + half[0], ly + dy + half[1]))
    return out


# -- output ---------------------------------------------------------------------------------


def ring_coords(coords: Any) -> list[list[float]]:
    pts = [[round(x, 1), round(y, 1)] for x, y in list(coords)[:-1]]
    out: list[list[float]] = []  # without the repeats rounding makes
    for p in pts:
        if not out or p != out[-1]:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def rings_of(poly: Polygon) -> tuple[list[list[float]], list[list[list[float]]]]:
    """The outer ring and the holes (islands), oriented so the path fills with either fill rule."""
    poly = shapely.geometry.polygon.orient(poly, 1.0)
    return ring_coords(poly.exterior.coords), [ring_coords(r.coords) for r in poly.interiors]


def path_of(*rings: list[list[float]]) -> str:
    return " ".join("M " + " L ".join(f"{x:g} {y:g}" for x, y in ring) + " Z" for ring in rings)


def line_path(line: BaseGeometry) -> list[str]:
    out = []
    for g in getattr(line, "geoms", [line]):
        if isinstance(g, LineString) and g.length > 1:
            out.append("M " + " L ".join(f"{round(x, 1):g} {round(y, 1):g}" for x, y in g.coords))
    return out


def region_of() -> dict[str, str]:
    return {a: region for region, areas in layout.REGIONS.items() for a in areas}


GRID = 0.1


def faces_of(lines: list[BaseGeometry]) -> list[Polygon]:
    """The faces of the line network, noded and snapped to the grid."""
    net = unary_union(shapely.set_precision(unary_union(lines), GRID))
    return [f for f in polygonize(net.geoms) if f.area > 1e-6]


def assign(
    faces: list[Polygon], reference: dict[str, BaseGeometry]
) -> tuple[dict[str, list[Polygon]], list[Polygon]]:
    """Each face to the reference shape that holds most of it (a representative point can be fooled
    by snapping); the faces no shape holds are returned apart."""
    names = sorted(reference)
    tree = shapely.STRtree([reference[a] for a in names])
    owned: dict[str, list[Polygon]] = {a: [] for a in names}
    unowned: list[Polygon] = []
    for face in faces:
        overlaps = [
            (reference[names[int(k)]].intersection(face).area, names[int(k)]) for k in tree.query(face)
        ]
        share, owner = max(overlaps, default=(0.0, ""))
        if share > 0.5 * face.area:
            owned[owner].append(face)
        else:
            unowned.append(face)
    return owned, unowned


def join_slivers(owned: dict[str, list[Polygon]], slivers: list[Polygon], allowed: Any) -> None:
    """Slivers left by the snapping join the shape they share most border with."""
    for face in slivers:
        best = max(
            (a for a in owned if allowed(a, face)),
            key=lambda a: border(face, unary_union(owned[a])) if owned[a] else 0.0,
        )
        owned[best].append(face)


def chaikin_open(points: list[XY], rounds: int) -> list[XY]:
    for _ in range(rounds):
        out = [points[0]]
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        out.append(points[-1])
        points = out
    return points


def wiggle(line: LineString) -> LineString:
    """A hand-drawn look for a straight Voronoi border: deterministic midpoint displacement (seeded
    by the border's ends, so the same border always bends the same way), then corner cutting.
    The ends stay put, so junctions and corners do not move."""
    pts: list[XY] = [(float(x), float(y)) for x, y in line.coords]
    if pts[0] > pts[-1]:
        pts.reverse()
    rng = random.Random(f"{pts[0][0]:.1f},{pts[0][1]:.1f},{pts[-1][0]:.1f},{pts[-1][1]:.1f}")
    for level in range(2):
        out = [pts[0]]
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            length = math.hypot(x1 - x0, y1 - y0)
            if length > 14:
                amp = min(WIGGLE * length, WIGGLE_MAX / 2**level) * rng.uniform(-1.0, 1.0)
                nx, ny = -(y1 - y0) / length, (x1 - x0) / length
                out.append(((x0 + x1) / 2 + nx * amp, (y0 + y1) / 2 + ny * amp))
            out.append((x1, y1))
        pts = out
    return LineString(chaikin_open(pts, 2))


WIGGLE = 0.07
WIGGLE_MAX = 9.0


def coverage(drawing: Drawing) -> tuple[dict[str, Polygon], list[Polygon]]:
    """The areas as an exact coverage on the 0.1 grid (neighbours share identical vertices) and the
    coast rings (mainland, islands): all boundaries are noded together, snapped to the grid and
    polygonized; each face goes to the area it lies in, faces in no area are river strips. Then
    the borders between two land areas are given a hand-drawn wiggle and the faces re-made."""
    lines = [FRAME.boundary, drawing.land.boundary, *(p.boundary for p in drawing.areas.values())]
    dry = unary_union([drawing.land, *drawing.islands.values()])
    owned, unowned = assign(faces_of(lines), drawing.areas)
    rivers = [f for f in unowned if dry.contains(f.representative_point()) and f.area > 1.0]
    slivers = [f for f in unowned if not (dry.contains(f.representative_point()) and f.area > 1.0)]
    join_slivers(owned, slivers, lambda a, f: IS_SEA[a] != dry.contains(f.representative_point()))
    shapes = {a: unary_union(fs) for a, fs in owned.items()}
    shapes.update({f"river-{k}": r for k, r in enumerate(rivers)})
    names = sorted(shapes)
    simple = dict(zip(names, shapely.coverage_simplify([shapes[a] for a in names], 0.4), strict=True))
    # the hand-drawn borders
    tree = shapely.STRtree([simple[a] for a in names])
    chains = linemerge(unary_union([g.boundary for g in simple.values()]))
    drawn: list[BaseGeometry] = []
    for chain in getattr(chains, "geoms", [chains]):
        middle = chain.interpolate(0.5, normalized=True)
        sides = [names[int(k)] for k in tree.query(middle, "dwithin", 0.05)]
        # borders between two land areas or two seas (not the coast, rivers or the frame)
        same_kind = (
            len(sides) == 2 and all(a in IS_SEA for a in sides) and IS_SEA[sides[0]] == IS_SEA[sides[1]]
        )
        drawn.append(wiggle(chain) if same_kind and chain.length > 20 else chain)
    owned, slivers = assign(faces_of(drawn), simple)
    join_slivers(owned, slivers, lambda a, f: True)
    merged = {a: unary_union(fs) for a, fs in owned.items()}
    # on the grid (crossings made new nodes off it); shared nodes round alike for both neighbours
    final = {a: shapely.set_precision(shapely.simplify(g, 0.0), GRID) for a, g in merged.items()}
    out: dict[str, Polygon] = {}
    for name in drawing.areas:
        ps = sorted(pieces(final[name]), key=lambda p: -p.area)
        if not ps or sum(p.area for p in ps[1:]) > 1.0 or not ps[0].is_valid:
            raise SystemExit(f"{name} is in {len(ps)} pieces")
        out[name] = ps[0]
    coast = pieces(unary_union([g for a, g in final.items() if not IS_SEA.get(a, False)]))
    return out, coast


def to_json(drawing: Drawing) -> dict[str, Any]:
    regions = region_of()
    shapes, coast = coverage(drawing)
    entries: dict[str, Any] = {}
    placed: list[tuple[float, float, float, float]] = []  # boxes of the areas done so far
    # The smallest areas first: the roomy ones then make way for what spills over a border.
    for area in sorted(data.AREA_IDS, key=lambda a: (shapes[a].area, a)):
        outer, holes = rings_of(shapes[area])
        entry: dict[str, Any] = {"path": path_of(outer, *holes), "polygon": outer}
        if holes:
            entry["holes"] = holes
        entry.update(anchors(area, Polygon(outer, holes), placed))
        entry["region"] = None if IS_SEA[area] else regions[area]
        entries[area] = entry
    areas = {area: entries[area] for area in data.AREA_IDS}
    return {
        "version": 1,
        "viewBox": [0, 0, layout.WIDTH, layout.HEIGHT],
        "coastline": [path_of(rings_of(p)[0]) for p in sorted(coast, key=lambda p: -p.area)],
        "areas": areas,
        "rivers": [p for line in drawing.rivers for p in line_path(line)],
        "sizes": SIZES,
        "generated_by": "tools/thrones_map/generate.py",
    }


def render_svg(doc: dict[str, Any]) -> str:
    """A quick look at the drawing (names from data.py), for checking by eye."""
    colours = {
        "The North": "#d9dccf",
        "The Vale": "#cfd8e6",
        "The Riverlands": "#c9dcc4",
        "Iron Islands": "#c9c9c9",
        "The Westerlands": "#e6d3b3",
        "The Crownlands": "#e2c9c9",
        "The Stormlands": "#d6cde3",
        "The Reach": "#d3e3b5",
        "Dorne": "#ead9a8",
    }
    w, h = layout.WIDTH, layout.HEIGHT
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">']
    out.append(f'<rect width="{w}" height="{h}" fill="#c8dde8"/>')
    for d in doc["coastline"]:
        out.append(f'<path d="{d}" fill="#b9c9a0"/>')
    for e in doc["areas"].values():
        fill = "#8fb6cc" if e["region"] is None else colours[e["region"]]
        out.append(f'<path d="{e["path"]}" fill="{fill}" stroke="#444" stroke-width="1.5"/>')
    for d in doc["rivers"]:
        out.append(f'<path d="{d}" fill="none" stroke="#3a78b0" stroke-width="5"/>')
    for area, e in doc["areas"].items():
        name = data.AREA_NAMES[data.AREA_INDEX[area]]
        lines = label_lines(name)
        x, y = e["label"]
        y0 = y - (len(lines) - 1) * 12
        for k, s in enumerate(lines):
            out.append(
                f'<text x="{x}" y="{y0 + 24 * k + 8}" font-size="22" font-family="sans-serif" '
                f'text-anchor="middle" fill="#222">{s}</text>'
            )
        for key, colour in (("units", "#b03030"), ("order", "#303030"), ("token", "#d0a020")):
            ux, uy = e[key]
            out.append(f'<circle cx="{ux}" cy="{uy}" r="17" fill="{colour}" opacity="0.8"/>')
    out.append("</svg>")
    return "\n".join(out)


# -- tuning ---------------------------------------------------------------------------------


def cost(seeds: Seeds) -> tuple[int, int]:
    d = Drawing(seeds)
    missing, extra, short = d.mismatches()
    return len(missing) + len(extra), len(short)


def tune(rounds: int) -> Seeds:
    rng = random.Random(12)
    seeds = dict(layout.SEEDS)
    best = cost(seeds)
    print("start", best)
    names = sorted(seeds)
    for r in range(rounds):
        missing, extra, short = Drawing(seeds).mismatches()
        if not missing and not extra and not short:
            break
        involved = sorted({a for p in [*missing, *extra, *short] for a in p if a in seeds})
        area = rng.choice(involved if involved and rng.random() < 0.8 else names)
        pts = list(seeds[area])
        k = rng.randrange(len(pts))
        x, y = pts[k]
        step = rng.choice((8, 15, 30))
        pts[k] = (round(x + rng.uniform(-step, step)), round(y + rng.uniform(-step, step)))
        trial = dict(seeds)
        trial[area] = tuple(pts)
        c = cost(trial)
        if c < best or (c == best and step <= 8):
            if c < best:
                print(r, area, pts[k], c)
            seeds, best = trial, c
    for area in names:
        if seeds[area] != layout.SEEDS[area]:
            print(f"    {area!r}: {seeds[area]},")
    return seeds


def write_seeds(seeds: Seeds) -> None:
    """Put tuned seeds back into layout.py (one line per area in SEEDS)."""
    path = Path(layout.__file__)
    text = path.read_text()
    head, text = text.split("\nSEEDS: Final", 1)
    for area, pts in seeds.items():
        if pts != layout.SEEDS[area]:
            inner = ", ".join(f"({x:g}, {y:g})" for x, y in pts) + ("," if len(pts) == 1 else "")
            text, n = re.subn(rf'(\n    "{area}": )\(.*?\),\n', rf"\g<1>({inner}),\n", text, count=1)
            assert n == 1, area
    path.write_text(head + "\nSEEDS: Final" + text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--png", type=Path, help="also render the drawing to this PNG (needs cairosvg)")
    parser.add_argument("--svg", type=Path, help="also write the check-by-eye SVG here")
    parser.add_argument(
        "--tune", type=int, default=0, help="rounds of seed search (writes the moved seeds into layout.py)"
    )
    args = parser.parse_args()
    seeds = tune(args.tune) if args.tune else dict(layout.SEEDS)
    if args.tune:
        write_seeds(seeds)
    drawing = Drawing(seeds)
    missing, extra, short = drawing.mismatches()
    for label, pairs in (("missing", missing), ("extra", extra), ("short", short)):
        print(f"{label}: {len(pairs)} {pairs}")
    doc = to_json(drawing)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    print("wrote", OUT.relative_to(ROOT))
    svg = render_svg(doc)
    if args.svg:
        args.svg.write_text(svg)
    if args.png:
        import cairosvg

        cairosvg.svg2png(bytestring=svg.encode(), write_to=str(args.png), output_width=700)
        print("wrote", args.png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
