// The SVG board of the Catan family: hexes, numbers, harbors or trade routes, roads,
// settlements, cities or keeps, the robber or Tormund, and (brotherhood) the Wall and the lands
// north of it (a part the renderer hands over: brotherhood-board.js, which imports this file's
// pieces, never the other way round). It draws one view and lights up the spots it is given;
// it decides nothing.
import { s, clickable } from "../shell/dom.js";
import { TERRAIN_FILLS, RESOURCE_COLORS, PLAYER_COLORS, mostPips, pipsOf, terrainResource } from "./catan-data.js";

const SQ3 = Math.sqrt(3);
export const U = 60; // pixels per hex radius in the viewBox

export function hexCenter(hex) {
  return [hex.coord[0] * (SQ3 / 2), hex.coord[1] * 1.5];
}

function hexPoints(cx, cy, r = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${((cx + r * Math.cos(a)) * U).toFixed(1)},${((cy + r * Math.sin(a)) * U).toFixed(1)}`);
  }
  return pts.join(" ");
}

const px = (v) => (v * U).toFixed(1);

/**
 * Draw the board.
 * @param {object} board    the static board from the welcome view
 * @param {object} view     the latest view
 * @param {Map<string, object[]>} spots  key ("node:3", "edge:7", "hex:2", "section:0", "hex:camp")
 *                          → legal actions there; those spots light up
 * @param {(key: string, actions: object[]) => void} onSpot
 * @param {(seat: number) => string} seatName
 * @param {{produced: Set<number>, fresh: Set<string>}} marks  hexes the last roll paid from (lit),
 *                          pieces placed since the viewer's last turn ("node:3", "edge:7")
 * @param {{bounds: Function, draw: Function}|null} north  the lands north of the Wall to draw
 *                          above the hexes (brotherhood-board.js's `north`), or null
 */
export function drawBoard(board, view, spots, onSpot, seatName, marks = { produced: new Set(), fresh: new Set() }, north = null) {
  const nodes = board.nodes;
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const [x, y] of nodes) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const margin = 1.1;
  minX -= margin; maxX += margin; minY -= margin; maxY += margin;
  if (north) {
    const nb = north.bounds(board);
    minX = Math.min(minX, nb.minX); maxX = Math.max(maxX, nb.maxX); minY = Math.min(minY, nb.minY);
  }
  const svg = s("svg", {
    class: "board", role: "group", "aria-label": "Game board",
    viewBox: `${px(minX)} ${px(minY)} ${px(maxX - minX)} ${px(maxY - minY)}`,
    preserveAspectRatio: "xMidYMid meet",
  });
  svg.append(s("rect", { class: "sea", x: px(minX), y: px(minY), width: px(maxX - minX), height: px(maxY - minY), rx: 18 }));

  const gHex = s("g", { class: "hexes" });
  const gHarbor = s("g", { class: "harbors" });
  const gRoads = s("g", { class: "roads" });
  const gBuild = s("g", { class: "buildings" });
  const gSpots = s("g", { class: "spots" });
  const centers = board.hexes.map(hexCenter);
  const robberName = (view.names && view.names.robber) || "robber";

  // Hexes, number tokens.
  for (const hex of board.hexes) {
    const [cx, cy] = centers[hex.id];
    const fill = TERRAIN_FILLS[hex.terrain] || TERRAIN_FILLS.desert;
    const resource = terrainResource(board, hex.terrain);
    const lit = marks.produced.has(hex.id);
    const g = s("g", { class: `hex terrain-${hex.terrain}${lit ? " produced" : ""}`, "data-hex": hex.id, "data-terrain": hex.terrain, "data-produced": lit ? "1" : null });
    g.append(s("polygon", { points: hexPoints(cx, cy, 0.97), fill, class: "hex-face" }));
    if (lit) g.append(s("polygon", { points: hexPoints(cx, cy, 0.9), class: "hex-lit" }));
    g.append(s("polygon", { points: hexPoints(cx, cy, 0.86), fill: "none", class: "hex-inner" }));
    if (resource) {
      // Above the number token: the corners (where pieces stand) and the edges stay clear of it.
      g.append(s("text", { x: px(cx), y: px(cy - 0.56), class: "hex-label", text: resource }));
    }
    if (hex.numbers.length) drawToken(g, cx, cy, hex.numbers, board);
    gHex.append(g);
  }

  // Harbors or trade routes.
  for (const hb of board.harbors) {
    const [a, b] = hb.nodes.map((n) => nodes[n]);
    const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
    let best = null, bestD = Infinity;
    for (const c of centers) {
      const d = Math.hypot(c[0] - mx, c[1] - my);
      if (d < bestD) { bestD = d; best = c; }
    }
    let ox = mx - best[0], oy = my - best[1];
    const len = Math.hypot(ox, oy) || 1;
    ox /= len; oy /= len;
    const hx = mx + ox * 0.62, hy = my + oy * 0.62;
    const generic = hb.kind === "3:1";
    const label = generic ? "3:1" : "2:1";
    const g = s("g", { class: "harbor", "data-harbor": hb.edge, "data-kind": hb.kind });
    g.append(s("title", { text: generic ? "Harbor: any 3 alike for 1" : `Harbor: 2 ${hb.kind} for 1` }));
    for (const p of [a, b]) g.append(s("line", { x1: px(p[0]), y1: px(p[1]), x2: px(hx), y2: px(hy), class: "pier" }));
    g.append(s("circle", { cx: px(hx), cy: px(hy), r: px(0.3), class: "harbor-disc", fill: generic ? "#fdf6e3" : RESOURCE_COLORS[hb.kind] }));
    g.append(s("text", { x: px(hx), y: px(hy + 0.02), class: "harbor-rate", text: label }));
    if (!generic) g.append(s("text", { x: px(hx + ox * 0.5), y: px(hy + oy * 0.5 + (Math.abs(oy) < 0.5 ? 0.42 : 0)), class: "harbor-kind", text: hb.kind }));
    gHarbor.append(g);
  }

  // Roads.
  for (const [e, owner] of view.roads) {
    const [n1, n2] = board.edges[e];
    const [a, b] = [nodes[n1], nodes[n2]];
    const sx = a[0] + (b[0] - a[0]) * 0.14, sy = a[1] + (b[1] - a[1]) * 0.14;
    const ex = a[0] + (b[0] - a[0]) * 0.86, ey = a[1] + (b[1] - a[1]) * 0.86;
    const fresh = marks.fresh.has(`edge:${e}`);
    const g = s("g", { class: `road${fresh ? " fresh" : ""}`, "data-road": e, "data-owner": owner, "data-fresh": fresh ? "1" : null });
    g.append(s("title", { text: `Road of ${seatName(owner)}${fresh ? " (new since your last turn)" : ""}` }));
    if (fresh) g.append(s("line", { x1: px(sx), y1: px(sy), x2: px(ex), y2: px(ey), class: "fresh-halo" }));
    g.append(s("line", { x1: px(sx), y1: px(sy), x2: px(ex), y2: px(ey), class: "road-outline" }));
    g.append(s("line", { x1: px(sx), y1: px(sy), x2: px(ex), y2: px(ey), class: "road-body", stroke: PLAYER_COLORS[owner] }));
    gRoads.append(g);
  }

  // Settlements and cities / keeps.
  const cityName = (view.names && view.names.city) || "city";
  for (const [node, owner, level] of view.buildings) {
    const [x, y] = nodes[node];
    const kind = level >= 2 ? cityName : "settlement";
    const fresh = marks.fresh.has(`node:${node}`);
    const g = s("g", { class: `building ${level >= 2 ? "city" : "settlement"}${fresh ? " fresh" : ""}`, "data-building": node, "data-owner": owner, "data-fresh": fresh ? "1" : null });
    g.append(s("title", { text: `${kind} of ${seatName(owner)}${fresh ? " (new since your last turn)" : ""}` }));
    if (fresh) g.append(s("circle", { cx: px(x), cy: px(y), r: px(0.38), class: "fresh-halo" }));
    const X = (v) => px(x + v), Y = (v) => px(y + v);
    const shape = level >= 2
      ? `M${X(-0.3)},${Y(0.22)} L${X(-0.3)},${Y(-0.12)} L${X(-0.3)},${Y(-0.3)} L${X(-0.18)},${Y(-0.3)} L${X(-0.18)},${Y(-0.18)} L${X(-0.06)},${Y(-0.18)} L${X(-0.06)},${Y(-0.3)} L${X(0.06)},${Y(-0.3)} L${X(0.06)},${Y(-0.18)} L${X(0.18)},${Y(-0.18)} L${X(0.18)},${Y(-0.3)} L${X(0.3)},${Y(-0.3)} L${X(0.3)},${Y(0.22)} Z`
      : `M${X(-0.2)},${Y(0.17)} L${X(-0.2)},${Y(-0.05)} L${X(0)},${Y(-0.24)} L${X(0.2)},${Y(-0.05)} L${X(0.2)},${Y(0.17)} Z`;
    g.append(s("path", { d: shape, fill: PLAYER_COLORS[owner], class: "piece" }));
    gBuild.append(g);
  }

  // The robber / Tormund.
  if (view.robber !== null && view.robber !== undefined) {
    const [cx, cy] = centers[view.robber];
    const robber = drawRobber(cx - 0.45, cy - 0.05, robberName);
    robber.setAttribute("data-hex", String(view.robber)); // where it stands, for tests and tools
    gBuild.append(robber);
  }

  svg.append(gHex, gHarbor, gRoads, gBuild);
  if (north) svg.append(north.draw(board, view, spots, onSpot, seatName, centers, robberName, { minX, maxX, minY }));
  else if (view.game !== "catan" || view.robber === null || spots.has("hex:camp")) {
    // A robber with a home off the board (Tormund): his camp sits in the sea's top-left corner.
    svg.append(drawRobberCamp(minX + 1.3, minY + 1.25, view, spots, onSpot, robberName, board));
  }

  // Legal spots on top of everything.
  for (const [key, actions] of spots) {
    const [kind, id] = key.split(":");
    const label = spotLabel(actions, view, board);
    let el = null;
    if (kind === "node") {
      const [x, y] = nodes[+id];
      el = s("circle", { cx: px(x), cy: px(y), r: px(0.2), class: "spot spot-node", "data-node": id, "data-action": actions[0].type });
    } else if (kind === "edge") {
      const [n1, n2] = board.edges[+id];
      const [a, b] = [nodes[n1], nodes[n2]];
      // A thin rectangle, not a line: a vertical line has no width to click or to be seen.
      const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1;
      const nx = (-dy / len) * 0.09, ny = (dx / len) * 0.09;
      const p1 = [a[0] + dx * 0.2, a[1] + dy * 0.2], p2 = [a[0] + dx * 0.8, a[1] + dy * 0.8];
      const pts = [[p1[0] + nx, p1[1] + ny], [p2[0] + nx, p2[1] + ny], [p2[0] - nx, p2[1] - ny], [p1[0] - nx, p1[1] - ny]];
      el = s("polygon", {
        points: pts.map(([x, y]) => `${px(x)},${px(y)}`).join(" "),
        class: "spot spot-edge", "data-edge": id, "data-action": actions[0].type,
      });
    } else if (kind === "hex" && id !== "camp") {
      const [cx, cy] = centers[+id];
      el = s("polygon", { points: hexPoints(cx, cy, 0.9), class: "spot spot-hex", "data-hex": id, "data-action": actions[0].type });
    }
    if (!el) continue; // wall sections and Tormund's camp are drawn by the north part
    gSpots.append(clickable(el, label, () => onSpot(key, actions)));
  }
  svg.append(gSpots);
  return svg;
}

// A number token with its pips (the board's: the ways two dice roll it); the likeliest are hot.
function drawToken(g, cx, cy, numbers, board) {
  const pips = (n) => pipsOf(board, n);
  const hottest = mostPips(board);
  const hot = numbers.some((n) => pips(n) === hottest);
  g.append(s("circle", { cx: px(cx), cy: px(cy), r: px(0.34), class: "token" }));
  const label = numbers.join("·");
  g.append(s("text", {
    x: px(cx), y: px(cy + 0.04), class: `token-number${hot ? " hot" : ""}${numbers.length > 1 ? " small" : ""}`, text: label,
  }));
  const dots = Math.max(...numbers.map(pips));
  const n = numbers.length > 1 ? numbers.reduce((a, b) => a + pips(b), 0) : dots;
  for (let i = 0; i < n; i++) {
    const dx = (i - (n - 1) / 2) * 0.075;
    g.append(s("circle", { cx: px(cx + dx), cy: px(cy + 0.2), r: px(0.025), class: `pip${hot ? " hot" : ""}` }));
  }
}

/** The robber's home off the board (Tormund's camp): he starts there and may be sent back. */
export function drawRobberCamp(x, y, view, spots, onSpot, robberName, board) {
  const camp = s("g", { class: "tormund-camp" });
  camp.append(s("circle", { cx: px(x), cy: px(y), r: px(0.48), class: "tormund-camp-ring" }));
  camp.append(s("text", { x: px(x), y: px(y - 0.62), class: "camp-label", text: `${robberName}'s camp` }));
  if (view.robber === null || view.robber === undefined) camp.append(drawRobber(x, y - 0.05, robberName));
  const home = spots.get("hex:camp");
  if (home) {
    const el = s("circle", { cx: px(x), cy: px(y), r: px(0.5), class: "spot spot-hex", "data-hex": "camp", "data-action": home[0].type });
    camp.append(clickable(el, spotLabel(home, view, board), () => onSpot("hex:camp", home)));
  }
  return camp;
}

export function drawRobber(x, y, name) {
  const g = s("g", { class: "robber", "data-robber": "1" });
  g.append(s("title", { text: name }));
  g.append(s("ellipse", { cx: px(x), cy: px(y + 0.2), rx: px(0.16), ry: px(0.06), class: "robber-shadow" }));
  g.append(s("path", {
    d: `M${px(x - 0.14)},${px(y + 0.2)} Q${px(x - 0.16)},${px(y - 0.05)} ${px(x - 0.06)},${px(y - 0.12)} A${px(0.1)},${px(0.1)} 0 1 1 ${px(x + 0.06)},${px(y - 0.12)} Q${px(x + 0.16)},${px(y - 0.05)} ${px(x + 0.14)},${px(y + 0.2)} Z`,
    class: "robber-body",
  }));
  return g;
}

/** "brick 8": a hex named as a player reads it (resource and number). */
export function hexName(board, h) {
  const hex = board && board.hexes && board.hexes[h];
  if (!hex) return `hex ${h}`;
  const what = terrainResource(board, hex.terrain) || hex.terrain;
  return `${what}${hex.numbers.length ? ` ${hex.numbers.join("/")}` : ""}`;
}

/** The hexes around an intersection, e.g. "brick 8, grain 11". */
export function nodeName(board, n) {
  const [x, y] = board.nodes[n];
  const around = board.hexes.filter((hex) => {
    const [cx, cy] = hexCenter(hex);
    return Math.hypot(cx - x, cy - y) < 1.05;
  });
  return around.map((hex) => hexName(board, hex.id)).join(", ") || "the coast";
}

const SPOT_VERBS = {
  place_settlement: "Place a settlement", place_road: "Place a road", build_road: "Build a road",
  build_settlement: "Build a settlement", build_city: "Build a city", place_free_road: "Place a free road",
  move_robber: "Move the robber", patrol_wildling: "Return the wildling", use_ygritte: "Ygritte: move the wildling",
  place_guard: "Place a guard", build_guard: "Build a guard", play_new_recruits: "New Recruits: place a guard",
  use_yoren: "Yoren: place a guard", use_thorne: "Thorne: build a guard", use_othell: "Othell Yarwyck: this path",
};

export function spotLabel(actions, view, board = view.board) {
  const a = actions[0];
  let verb = SPOT_VERBS[a.type] || a.type.replace(/_/g, " ");
  if (a.type === "build_city" && view.names) verb = `Build a ${view.names.city}`;
  if (a.type === "move_robber" && view.names) verb = `Move ${view.names.robber === "robber" ? "the robber" : view.names.robber}`;
  if ("node" in a) return `${verb} at intersection ${a.node} (${nodeName(board, a.node)})`;
  if ("edge" in a) return `${verb} on path ${a.edge}`;
  if ("section" in a) return `${verb} on wall section ${a.section + 1}`;
  if (a.type === "move_robber" && a.hex === null) return `${verb} back to his camp`;
  if ("hex" in a) return `${verb} to hex ${a.hex} (${hexName(board, a.hex)})`;
  return verb;
}
