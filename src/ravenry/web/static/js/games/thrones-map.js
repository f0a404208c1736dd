// The map of Westeros as SVG: one <path> per area (from the geometry asset, joined to the
// view's board by area id), with its pieces at the asset's anchor points: units by house colour
// and kind with counts, routed units, an attacking army in the contested area, neutral forces,
// order tokens (face down where the view's face_down says), power tokens, castle/stronghold, barrels, crowns and home shields. What is clickable
// is what the caller passes in `plan` (built from the legal actions); no rule lives here.
// Pan and zoom (shell/panzoom.js) move the viewBox (wheel, drag, pinch, the +/− buttons).
// On a phone the map opens zoomed on the viewer's home area (a spectator's on the middle of the
// land) so names are legible at once; when a decision lights areas out of view, the map moves to
// them if none is in view, and a "show lit areas" button brings them all into view.
import { s, h } from "../shell/dom.js";
import { attachPanZoom, clampBox, fitBoxes, inside, zoomButtons } from "../shell/panzoom.js";
import { orderHelp, svgHelp } from "./thrones-help.js";
import { areaName, houseColors, houseOf, orderName, unitTypes, units as unitWords } from "./thrones-labels.js";

const REGION_TINTS = ["#e9dfc4", "#e3e6c8", "#eadbc9", "#dfe3d0", "#ece2c0", "#e5d9c0", "#efdcc0", "#e0d6c8"];
const ORDER_GLYPH = { march: "M", raid: "R", support: "S", consolidate_power: "C", defense: "D" };

export const houseColor = (view, seat) => houseColors(view, seat).fill;
export const houseInk = (view, seat) => houseColors(view, seat).ink;

/** A short face of an order token: "M+1★", "D+2", "C". */
export function orderGlyph(id) {
  const star = id.endsWith("*");
  const base = id.replace("*", "");
  const m = /^([a-z_]+?)([+-]\d)?$/.exec(base);
  const type = m ? m[1] : base;
  const bonus = m && m[2] && m[2] !== "+0" ? m[2].replace("-", "−") : "";
  return `${ORDER_GLYPH[type] || "?"}${bonus}${star ? "★" : ""}`;
}

/** In words, what an area holds (its hover text). */
export function describeArea(view, a) {
  const info = view.board.areas[a];
  const bits = [info.name + (info.sea ? " (sea)" : "")];
  const icons = [];
  if (info.castle === 2) icons.push("stronghold");
  if (info.castle === 1) icons.push("castle");
  if (info.supply) icons.push(`${info.supply} supply barrel${info.supply > 1 ? "s" : ""}`);
  if (info.power) icons.push(`${info.power} power crown${info.power > 1 ? "s" : ""}`);
  if (icons.length) bits.push(icons.join(", "));
  if (view.home[a] >= 0) bits.push(`home of ${houseOf(view, view.home[a])}`);
  const owner = view.owner[a];
  const u = view.units[a] || [0, 0, 0];
  const r = (view.routed && view.routed[a]) || [0, 0, 0];
  const force = unitTypes(view).filter((k) => u[k]).map((k) => unitWords(view, u[k], k) + (r[k] ? ` (${r[k]} routed)` : ""));
  if (force.length) bits.push(`${houseOf(view, owner)}: ${force.join(", ")}`);
  const b = view.battle;
  if (b && b.area === a && b.attacking && b.attacking.some(Boolean)) {
    bits.push(`attacking: ${houseOf(view, b.attacker)} with ${unitTypes(view).filter((k) => b.attacking[k]).map((k) => unitWords(view, b.attacking[k], k)).join(", ")}`);
  }
  if (view.neutral[a]) bits.push(`neutral force of strength ${view.neutral[a]}`);
  if (view.power_tokens[a] >= 0) bits.push(`power token of ${houseOf(view, view.power_tokens[a])}`);
  const order = view.orders[a];
  const mine = view.my_orders ? view.my_orders[a] : null;
  if (order) bits.push(`order: ${orderName(view, order[1])} (${houseOf(view, order[0])})`);
  else if (mine) bits.push(`your order: ${orderName(view, mine)} (face down)`);
  return bits.join(" · ");
}

// The label block's sizes come with the geometry (thrones-map.json "sizes", written by
// tools/thrones_map/generate.py, which places the anchors to leave room for exactly this block):
// drawMap hands them to pieces() and nameLines() with each drawing.

// A name of up to `wrap` letters (the sizes' name_wrap) on one line, else two, split where the
// longer line is shortest (the generator wraps the same way).
export function nameLines(name, wrap) {
  const words = name.split(" ");
  if (name.length <= wrap || words.length === 1) return [name];
  let best = null;
  for (let k = 1; k < words.length; k++) {
    const first = words.slice(0, k).join(" ");
    const second = words.slice(k).join(" ");
    const key = [Math.max(first.length, second.length), second.length];
    if (!best || key[0] < best.key[0] || (key[0] === best.key[0] && key[1] < best.key[1])) best = { key, lines: [first, second] };
  }
  return best.lines;
}

function unitShape(kind, x, y, fill, ink, count, routed) {
  const g = s("g", { class: `th-unit${routed ? " routed" : ""}`, "data-unit-kind": kind, transform: `translate(${x},${y}) scale(1.2)` });
  if (kind === 0) g.append(s("circle", { r: 13, fill, stroke: "#111", "stroke-width": 2 }));
  else if (kind === 1) g.append(s("path", { d: "M-14,-13 L14,-13 L14,3 L0,15 L-14,3 Z", fill, stroke: "#111", "stroke-width": 2 }));
  else g.append(s("path", { d: "M-17,-2 L17,-2 L10,12 L-10,12 Z M-2,-2 L-2,-16 L10,-6 L-2,-6", fill, stroke: "#111", "stroke-width": 2 }));
  g.append(s("text", { class: "th-count", y: kind === 2 ? 10 : 5, fill: ink, "text-anchor": "middle" }, String(count)));
  return g;
}

/** Pieces of one area at its anchors; `sizes`: the geometry's label block sizes; `attackAt`: where
 * an attacking army in it is drawn (toward the area it came from), if one is. */
function pieces(view, a, geo, me, sizes, attackAt = null) {
  const info = view.board.areas[a];
  const out = [];
  const { label, units: up, order: op, token: tp } = geo;
  // The label block, centred on its anchor: the name in one or two lines, the icons under it
  // (the generator, tools/thrones_map, leaves room for exactly this block and the pieces).
  const icons = [];
  if (info.castle) icons.push(["castle", info.castle]);
  for (let i = 0; i < info.supply; i++) icons.push(["barrel"]);
  for (let i = 0; i < info.power; i++) icons.push(["crown"]);
  if (view.home[a] >= 0 || info.home >= 0) icons.push(["home", view.home[a] >= 0 ? view.home[a] : -1]);
  const lines = nameLines(info.name, sizes.name_wrap);
  const { name_line: lineH, icon_row: iconRow, icon_step: iconStep, name_ascent: ascent } = sizes;
  const top = label.y - (lines.length * lineH + (icons.length ? iconRow : 0)) / 2;
  const name = s("text", { class: `th-name${info.sea ? " sea" : ""}`, x: label.x, y: top + ascent, "text-anchor": "middle" },
    lines.map((line, i) => s("tspan", { x: label.x, dy: i ? lineH : 0 }, line)));
  out.push(name);
  let ix = label.x - ((icons.length - 1) * iconStep) / 2;
  const iy = top + lines.length * lineH + iconRow / 2 - 2;
  for (const [kind, val] of icons) {
    if (kind === "castle") {
      out.push(s("path", {
        class: "th-icon castle", "data-icon": val === 2 ? "stronghold" : "castle",
        d: val === 2
          ? `M${ix - 9},${iy + 8} v-12 h4 v3 h3 v-3 h4 v3 h3 v-3 h4 v12 Z`
          : `M${ix - 6},${iy + 8} v-9 h3 v3 h3 v-3 h3 v3 h3 v-3 h0 v9 Z`,
        fill: "#4a3f2c",
      }));
    } else if (kind === "barrel") {
      out.push(s("rect", { class: "th-icon barrel", "data-icon": "barrel", x: ix - 5, y: iy - 4, width: 10, height: 12, rx: 3, fill: "#8a5a2b", stroke: "#4a2f12" }));
    } else if (kind === "crown") {
      out.push(s("path", { class: "th-icon crown", "data-icon": "crown", d: `M${ix - 7},${iy + 7} l0,-10 l4,5 l3,-7 l3,7 l4,-5 l0,10 Z`, fill: "#e0b020", stroke: "#7a5a00" }));
    } else if (kind === "home" && val >= 0) {
      out.push(s("path", { class: "th-icon home", "data-icon": "home", d: `M${ix - 7},${iy - 4} h14 v7 l-7,6 l-7,-6 Z`, fill: houseColor(view, val), stroke: "#111" }));
    }
    ix += iconStep;
  }
  // Units (or the neutral force).
  const owner = view.owner[a];
  const u = view.units[a] || [0, 0, 0];
  const r = (view.routed && view.routed[a]) || [0, 0, 0];
  const kinds = unitTypes(view).filter((k) => u[k]);
  // The kinds side by side, centred on the units anchor.
  let x = up.x - (kinds.length - 1) * 17;
  for (const k of kinds) {
    out.push(unitShape(k, x, up.y, houseColor(view, owner), houseInk(view, owner), u[k], r[k] > 0 && r[k] === u[k]));
    if (r[k] > 0 && r[k] < u[k]) out.push(s("text", { class: "th-routed", x: x + 12, y: up.y - 12 }, `${r[k]}↓`));
    x += 34;
  }
  // The attacking army, off its area while the battle is fought: drawn in the contested area,
  // below the defenders, marked as attackers.
  const b = view.battle;
  if (b && b.area === a && b.attacking && b.attacking.some(Boolean)) {
    const ak = unitTypes(view).filter((k) => b.attacking[k]);
    const at = attackAt || { x: up.x, y: up.y + 36 };
    let ax = at.x - (ak.length - 1) * 17;
    const ay = at.y;
    const group = s("g", { class: "th-attackers", "data-attacking": b.attacking.join(","), "data-attacker": b.attacker });
    group.append(s("text", { class: "th-attack-mark", x: ax - 30, y: ay + 7, "text-anchor": "middle" }, "⚔"));
    for (const k of ak) {
      const piece = unitShape(k, ax, ay, houseColor(view, b.attacker), houseInk(view, b.attacker), b.attacking[k], false);
      piece.classList.add("attacking");
      group.append(piece);
      ax += 34;
    }
    out.push(group);
  }
  if (view.neutral[a]) {
    out.push(s("g", { class: "th-neutral", transform: `translate(${up.x},${up.y})`, "data-neutral": view.neutral[a] }, [
      s("path", { d: "M-15,-15 H15 V3 L0,17 L-15,3 Z", fill: "#ddd", stroke: "#555", "stroke-width": 2 }),
      s("text", { class: "th-count", y: 5, "text-anchor": "middle", fill: "#222" }, String(view.neutral[a])),
    ]));
  }
  // Order token.
  const order = view.orders[a];
  const mine = view.my_orders ? view.my_orders[a] : null;
  if (order) {
    out.push(svgHelp(s("g", { class: "th-order-token", transform: `translate(${op.x},${op.y}) scale(1.15)`, "data-order-token": order[1], "data-order-seat": order[0] }, [
      s("circle", { r: 17, fill: houseColor(view, order[0]), stroke: "#f4e7c0", "stroke-width": 3 }),
      s("text", { class: "th-order-text", y: 5, "text-anchor": "middle", fill: houseInk(view, order[0]) }, orderGlyph(order[1])),
    ]), orderHelp(view, order[1]), a));
  } else if (mine) {
    out.push(svgHelp(s("g", { class: "th-order-token mine", transform: `translate(${op.x},${op.y}) scale(1.15)`, "data-my-order": mine }, [
      s("circle", { r: 17, fill: "#fff", stroke: houseColor(view, me), "stroke-width": 3, "stroke-dasharray": "4 2" }),
      s("text", { class: "th-order-text", y: 5, "text-anchor": "middle", fill: "#1f2328" }, orderGlyph(mine)),
    ]), orderHelp(view, mine), a));
  } else if (view.face_down && view.face_down[a] >= 0) {
    const q = view.face_down[a];
    out.push(s("g", { class: "th-order-token down", transform: `translate(${op.x},${op.y}) scale(1.15)`, "data-order-token": "face-down", "data-order-seat": q }, [
      s("circle", { r: 15, fill: "#3a3a3a", stroke: houseColor(view, q), "stroke-width": 3 }),
    ]));
  }
  // Power token (control of an emptied land area).
  if (view.power_tokens[a] >= 0) {
    const t = view.power_tokens[a];
    out.push(s("g", { class: "th-power-token", transform: `translate(${tp.x},${tp.y})`, "data-power-token": t }, [
      s("circle", { r: 11, fill: houseColor(view, t), stroke: "#e0b020", "stroke-width": 3 }),
    ]));
  }
  return out;
}

/**
 * The map. `plan`: {spots: Map(area -> {label, action?, opens?, onClick}), marks: Map(area -> class),
 * routes: [[area, ...]], selected: area|null}. `ui`: {vb} for pan and zoom.
 */
export function drawMap(model, geometry, plan, ui, redraw) {
  const { view } = model;
  const board = view.board;
  const me = model.seat;
  const [vx, vy, vw, vh] = geometry.viewBox;
  if (!ui.vb) ui.vb = firstView(view, geometry, me);
  const lit = [...plan.spots.keys()].map((a) => geometry.areas.get(board.areas[a].id)).filter(Boolean).map((g) => piecesBox(g, geometry.viewBox));
  // A new set of lit areas, none of them wholly in view: go to them (a decision is never hidden).
  const litKey = [...plan.spots.keys()].sort((a, b) => a - b).join(",");
  if (litKey !== ui.litKey) {
    ui.litKey = litKey;
    // ... at the zoom the viewer has (or wider, if the lit areas need it).
    if (lit.length && !lit.some((b) => inside(b, seenPart(ui)))) ui.vb = fitBoxes(lit, geometry.viewBox, ui.vb[3] / ui.vb[2], Math.max(PHONE_VIEW_WIDTH, ui.vb[2]));
  }
  const svg = s("svg", { class: "th-map", viewBox: ui.vb.join(" "), role: "group", "aria-label": "Map of Westeros", preserveAspectRatio: "xMidYMid meet" });
  svg.append(s("rect", { class: "th-water", x: vx - vw, y: vy - vh, width: vw * 3, height: vh * 3 }));
  const regions = [];
  const shapes = s("g", { class: "th-areas" });
  const overlay = s("g", { class: "th-pieces" });
  const missing = [];
  board.areas.forEach((info, a) => {
    const geo = geometry.areas.get(info.id);
    if (!geo) { missing.push(info.id); return; }
    if (geo.region && !regions.includes(geo.region)) regions.push(geo.region);
    const owner = view.controller[a]; // the rules' controller of the area (the view says it)
    const spot = plan.spots.get(a);
    const mark = plan.marks.get(a);
    let cls = `th-area${info.sea ? " sea" : " land"}`;
    if (spot) cls += " spot";
    if (mark) cls += ` ${mark}`;
    if (plan.selected === a) cls += " selected";
    if (plan.spots.size && !spot && !mark && plan.dim) cls += " dim";
    const fill = info.sea ? "#9cc3e0" : REGION_TINTS[regions.indexOf(geo.region) % REGION_TINTS.length] || REGION_TINTS[0];
    const title = spot ? `${spot.label} — ${describeArea(view, a)}` : describeArea(view, a);
    const path = s("path", { class: cls, d: geo.path, fill, "data-area": a, "data-area-id": info.id, "aria-label": spot ? spot.label : info.name });
    path.append(s("title", { text: title }));
    if (spot) {
      if (spot.action) {
        path.dataset.action = spot.action.type;
        for (const [k, v] of Object.entries(spot.action)) if (k !== "type" && v !== null && v !== undefined) path.dataset[k] = String(v);
      }
      if (spot.opens) path.dataset.opens = spot.opens; // the action type its chooser sends
      path.setAttribute("role", "button");
      path.setAttribute("tabindex", "0");
      path.addEventListener("click", (e) => { e.stopPropagation(); spot.onClick(); });
      path.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); spot.onClick(); } });
    }
    shapes.append(path);
    // The controller's colour as a wash over the land it holds.
    if (owner >= 0 && !info.sea) shapes.append(s("path", { class: "th-control", d: geo.path, fill: houseColor(view, owner), "fill-opacity": 0.28, "pointer-events": "none" }));
    overlay.append(...pieces(view, a, geo, me, geometry.sizes, view.battle && view.battle.area === a ? attackPoint(view, geometry, geo) : null));
  });
  svg.append(shapes);
  for (const d of geometry.rivers || []) svg.append(s("path", { class: "th-river", d, "pointer-events": "none" }));
  for (const d of geometry.coast) svg.append(s("path", { class: "th-coast", d, fill: "none", "pointer-events": "none" }));
  // Routes (a march's ship transport): a dashed line through the seas' label points.
  for (const route of plan.routes || []) {
    const pts = route.map((a) => geometry.areas.get(board.areas[a].id)).filter(Boolean).map((g) => `${g.units.x},${g.units.y}`);
    if (pts.length > 1) svg.append(s("polyline", { class: "th-route", points: pts.join(" "), fill: "none", "pointer-events": "none" }));
  }
  svg.append(overlay);
  const showLit = h("button", { type: "button", class: "btn th-show-lit", "data-zoom": "lit", title: "Move the map to show every area you can click now" });
  showLit.addEventListener("click", (e) => {
    e.stopPropagation();
    const aspect = ui.vb[3] / ui.vb[2];
    const part = fitBoxes(lit, geometry.viewBox, aspect * (1 - (ui.cover || 0)), PHONE_VIEW_WIDTH);
    ui.vb = [part[0], part[1], part[2], part[2] * aspect];
    setBox(svg, ui);
  });
  svg.thLit = { lit, button: showLit };
  svg.thFull = geometry.viewBox;
  // How to move the map, until the viewer has moved it once.
  const hint = ui.moved ? null : h("p", { class: "th-pan-hint", "aria-hidden": "true" }, "Drag to move the map · pinch or +/− to zoom");
  // A move the viewer makes: the view stays on the map, the lit-areas button and hint follow.
  const changed = () => { moved(svg, ui); setBox(svg, ui); };
  const wrap = h("div", { class: "th-map-wrap", "data-map": "westeros", "data-missing": missing.join(",") || null }, [svg, ...(hint ? [hint] : []), showLit, zoomButtons(ui, geometry.viewBox, changed)]);
  svg.thHint = hint;
  attachPanZoom(svg, ui, geometry.viewBox, changed);
  setBox(svg, ui);
  if (!ui.fitted && !window.matchMedia(NARROW).matches) {
    // On a wide screen the map first fills its box's width (names legible at once: the whole
    // map would fit the height and shrink them), around the viewer's home; "Whole map" shows all.
    requestAnimationFrame(() => {
      const now = document.querySelector("svg.th-map");
      const r = now ? now.getBoundingClientRect() : null;
      if (ui.fitted || ui.moved || !r || !r.width || !r.height) return;
      ui.fitted = true;
      ui.vb = widthView(view, geometry, me, r.height / r.width);
      setBox(now, ui);
    });
  }
  return wrap;
}

const NARROW = "(max-width: 820px)";
// On a phone, how much of the map's width the first view shows at least (map units): enough
// around the home area to see its neighbours, little enough that names stay legible.
const PHONE_VIEW_WIDTH = 560;

/** The bounding box [x0, y0, x1, y1] of an area's shape (from its path), cached. */
function boundsOf(geo) {
  if (!geo.bounds) {
    const nums = (geo.path.match(/-?\d+(?:\.\d+)?/g) || []).map(Number);
    const b = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i + 1 < nums.length; i += 2) {
      b[0] = Math.min(b[0], nums[i]); b[1] = Math.min(b[1], nums[i + 1]);
      b[2] = Math.max(b[2], nums[i]); b[3] = Math.max(b[3], nums[i + 1]);
    }
    geo.bounds = b;
  }
  return geo.bounds;
}

/** Where an area's name and pieces are drawn (what must be seen to click it knowingly). */
function piecesBox(geo, [fx, fy, fw, fh]) {
  const pts = [geo.label, geo.units, geo.order, geo.token];
  return [Math.max(fx, Math.min(...pts.map((p) => p.x)) - 50), Math.max(fy, Math.min(...pts.map((p) => p.y)) - 30),
    Math.min(fx + fw, Math.max(...pts.map((p) => p.x)) + 50), Math.min(fy + fh, Math.max(...pts.map((p) => p.y)) + 30)];
}


/** The first view: the whole map on a wide screen (until widthView fits it to the box); on a phone the viewer's home area with its
 * neighbourhood (a spectator: the middle of the land), in the shape of the phone's map box. */
function firstView(view, geometry, me) {
  if (!window.matchMedia(NARROW).matches) return [...geometry.viewBox];
  const aspect = 1600 / 1000; // .th-map-wrap's aspect-ratio on a phone
  const home = view.board.areas.findIndex((info, a) => view.home[a] === me && me !== null && me !== undefined);
  const geo = home >= 0 ? geometry.areas.get(view.board.areas[home].id) : null;
  const [x, y, w, hh] = geometry.viewBox;
  const box = geo ? boundsOf(geo) : [x + w / 2 - 100, y + hh / 2 - 100, x + w / 2 + 100, y + hh / 2 + 100];
  return fitBoxes([box], geometry.viewBox, aspect, PHONE_VIEW_WIDTH);
}

/** Where the attacking army is drawn in the contested area: from its units, 40 map units toward
 * the area the attack came from (its side of the fight); below them if that is not known. */
function attackPoint(view, geometry, geo) {
  const from = view.battle.from >= 0 ? geometry.areas.get(view.board.areas[view.battle.from].id) : null;
  if (!from) return null;
  const dx = from.units.x - geo.units.x;
  const dy = from.units.y - geo.units.y;
  const d = Math.hypot(dx, dy) || 1;
  return { x: geo.units.x + (dx / d) * 40, y: geo.units.y + (dy / d) * 40 };
}

/** The whole width of the map in a box of the given aspect (height / width), around the
 * viewer's home area (a spectator: the north); the whole map if it fits. */
function widthView(view, geometry, me, aspect) {
  const full = geometry.viewBox;
  if (full[2] * aspect >= full[3]) return [...full];
  const home = view.board.areas.findIndex((info, a) => view.home[a] === me && me !== null && me !== undefined);
  const geo = home >= 0 ? geometry.areas.get(view.board.areas[home].id) : null;
  const box = geo ? boundsOf(geo) : [full[0], full[1], full[0] + full[2], full[1] + 10];
  return fitBoxes([box], full, aspect, full[2]);
}

/** The part of the viewBox not under a phone's decision sheet (ui.cover: the fraction of the
 * map's height it covers, from the bottom). */
const seenPart = (ui) => [ui.vb[0], ui.vb[1], ui.vb[2], ui.vb[3] * (1 - (ui.cover || 0))];

/** A sheet covers the lower `cover` of the map: unless a lit area is wholly in the part still
 * seen, move the view (at its zoom, or wider if they need it) so that they all are. */
export function fitAboveCover(svg, ui, cover) {
  ui.cover = cover;
  const state = svg.thLit;
  if (state && state.lit.length && !state.lit.some((b) => inside(b, seenPart(ui)))) {
    const aspect = ui.vb[3] / ui.vb[2];
    const part = fitBoxes(state.lit, svg.thFull, aspect * (1 - cover), Math.max(PHONE_VIEW_WIDTH, ui.vb[2]));
    ui.vb = [part[0], part[1], part[2], part[2] * aspect];
  }
  setBox(svg, ui);
}

/** The viewer moved the map (not the map moving itself to lit areas): the hint has done its job. */
function moved(svg, ui) {
  ui.moved = true;
  if (svg.thHint) svg.thHint.hidden = true;
}

function setBox(svg, ui) {
  // The middle of the part seen (above a phone's decision sheet, if one covers the map) stays
  // on the map.
  const seen = clampBox(seenPart(ui), svg.thFull || ui.vb);
  ui.vb = [seen[0], seen[1], ui.vb[2], ui.vb[3]];
  svg.setAttribute("viewBox", ui.vb.map((v) => Math.round(v * 10) / 10).join(" "));
  const state = svg.thLit;
  if (!state) return;
  const off = state.lit.filter((b) => !inside(b, seenPart(ui))).length;
  state.button.hidden = off === 0;
  state.button.textContent = state.lit.length === 1 ? "Show the lit area" : `Show all ${state.lit.length} lit areas`;
  state.button.dataset.offView = String(off);
}

export { areaName };
