// The map of Westeros as SVG: one <path> per area (from the geometry asset, joined to the
// view's board by area id), with its pieces at the asset's anchor points: units by house colour
// and kind with counts, routed units, neutral forces, order tokens (face down for others while
// planning), power tokens, castle/stronghold, barrels, crowns and home shields. What is clickable
// is what the caller passes in `plan` (built from the legal actions); no rule lives here.
// Pan and zoom move the viewBox (wheel, drag, pinch, the +/− buttons); the viewBox is UI state.
// On a phone the map opens zoomed on the viewer's home area (a spectator's on the middle of the
// land) so names are legible at once; when a decision lights areas out of view, the map moves to
// them if none is in view, and a "show lit areas" button brings them all into view.
import { s, h } from "../shell/dom.js";
import { orderHelp, svgHelp } from "./thrones-help.js";
import { HOUSE_COLORS, HOUSE_INK, areaName, houseOf, orderName, unitTypes, units as unitWords } from "./thrones-labels.js";

const REGION_TINTS = ["#e9dfc4", "#e3e6c8", "#eadbc9", "#dfe3d0", "#ece2c0", "#e5d9c0", "#efdcc0", "#e0d6c8"];
const ORDER_GLYPH = { march: "M", raid: "R", support: "S", consolidate_power: "C", defense: "D" };

export const houseColor = (view, seat) => HOUSE_COLORS[houseOf(view, seat)] || "#888";
export const houseInk = (view, seat) => HOUSE_INK[houseOf(view, seat)] || "#fff";

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

/** Pieces of one area at its anchors; `sizes`: the geometry's label block sizes. */
function pieces(view, a, geo, me, sizes) {
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
  } else if (view.phase === "planning" && owner >= 0 && owner !== me && view.ready[owner]) {
    out.push(s("g", { class: "th-order-token down", transform: `translate(${op.x},${op.y}) scale(1.15)`, "data-order-token": "face-down" }, [
      s("circle", { r: 15, fill: "#3a3a3a", stroke: houseColor(view, owner), "stroke-width": 3 }),
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
    if (lit.length && !lit.some((b) => inside(b, ui.vb))) ui.vb = fitBoxes(lit, geometry, ui.vb[3] / ui.vb[2]);
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
    const owner = view.controller ? view.controller[a] : view.owner[a] >= 0 ? view.owner[a] : view.power_tokens[a] >= 0 ? view.power_tokens[a] : -1;
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
    overlay.append(...pieces(view, a, geo, me, geometry.sizes));
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
  showLit.addEventListener("click", (e) => { e.stopPropagation(); ui.vb = fitBoxes(lit, geometry, ui.vb[3] / ui.vb[2]); setBox(svg, ui); });
  svg.thLit = { lit, button: showLit };
  svg.thFull = geometry.viewBox;
  // How to move the map, until the viewer has moved it once.
  const hint = ui.moved ? null : h("p", { class: "th-pan-hint", "aria-hidden": "true" }, "Drag to move the map · pinch or +/− to zoom");
  const wrap = h("div", { class: "th-map-wrap", "data-map": "westeros", "data-missing": missing.join(",") || null }, [svg, ...(hint ? [hint] : []), showLit, zoomButtons(ui, geometry, redraw, svg)]);
  svg.thHint = hint;
  panZoom(svg, ui, geometry);
  setBox(svg, ui);
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

const inside = (b, vb) => b[0] >= vb[0] - 1 && b[2] <= vb[0] + vb[2] + 1 && b[1] >= vb[1] - 1 && b[3] <= vb[1] + vb[3] + 1;

/** A viewBox of the given aspect (height / width) holding every box, at least minWidth wide and
 * within the whole map. */
function fitBoxes(boxes, geometry, aspect, minWidth = PHONE_VIEW_WIDTH) {
  const full = geometry.viewBox;
  const pad = 30;
  const x0 = Math.min(...boxes.map((b) => b[0])) - pad;
  const y0 = Math.min(...boxes.map((b) => b[1])) - pad;
  const x1 = Math.max(...boxes.map((b) => b[2])) + pad;
  const y1 = Math.max(...boxes.map((b) => b[3])) + pad;
  let w = Math.min(full[2], Math.max(minWidth, x1 - x0, (y1 - y0) / aspect));
  let hh = w * aspect;
  if (hh > full[3]) { hh = full[3]; w = hh / aspect; }
  const cx = Math.min(Math.max((x0 + x1) / 2, full[0] + w / 2), full[0] + full[2] - w / 2);
  const cy = Math.min(Math.max((y0 + y1) / 2, full[1] + hh / 2), full[1] + full[3] - hh / 2);
  return [cx - w / 2, cy - hh / 2, w, hh];
}

/** The first view: the whole map on a wide screen; on a phone the viewer's home area with its
 * neighbourhood (a spectator: the middle of the land), in the shape of the phone's map box. */
function firstView(view, geometry, me) {
  if (!window.matchMedia(NARROW).matches) return [...geometry.viewBox];
  const aspect = 1600 / 1000; // .th-map-wrap's aspect-ratio on a phone
  const home = view.board.areas.findIndex((info, a) => view.home[a] === me && me !== null && me !== undefined);
  const geo = home >= 0 ? geometry.areas.get(view.board.areas[home].id) : null;
  const [x, y, w, hh] = geometry.viewBox;
  const box = geo ? boundsOf(geo) : [x + w / 2 - 100, y + hh / 2 - 100, x + w / 2 + 100, y + hh / 2 + 100];
  return fitBoxes([box], geometry, aspect);
}

/** The viewer moved the map (not the map moving itself to lit areas): the hint has done its job. */
function moved(svg, ui) {
  ui.moved = true;
  if (svg.thHint) svg.thHint.hidden = true;
}

function setBox(svg, ui) {
  // The middle of the view stays on the map: it cannot be dragged away.
  const [fx, fy, fw, fh] = svg.thFull || [ui.vb[0], ui.vb[1], ui.vb[2], ui.vb[3]];
  const [x, y, w, hh] = ui.vb;
  ui.vb = [Math.min(Math.max(x, fx - w / 2), fx + fw - w / 2), Math.min(Math.max(y, fy - hh / 2), fy + fh - hh / 2), w, hh];
  svg.setAttribute("viewBox", ui.vb.map((v) => Math.round(v * 10) / 10).join(" "));
  const state = svg.thLit;
  if (!state) return;
  const off = state.lit.filter((b) => !inside(b, ui.vb)).length;
  state.button.hidden = off === 0;
  state.button.textContent = state.lit.length === 1 ? "Show the lit area" : `Show all ${state.lit.length} lit areas`;
  state.button.dataset.offView = String(off);
}

function zoomBy(ui, geometry, f, cx, cy) {
  const [x, y, w, hh] = ui.vb;
  const full = geometry.viewBox;
  const nw = Math.min(full[2], Math.max(full[2] / 6, w * f));
  const nh = nw * (hh / w);
  const px = cx === undefined ? x + w / 2 : cx;
  const py = cy === undefined ? y + hh / 2 : cy;
  ui.vb = [px - (px - x) * (nw / w), py - (py - y) * (nh / hh), nw, nh];
}

function zoomButtons(ui, geometry, redraw, svg) {
  const btn = (label, act, name) => {
    const b = h("button", { type: "button", class: "btn th-zoom", "data-zoom": name, "aria-label": label, title: label }, name === "in" ? "+" : name === "out" ? "−" : "⟲");
    b.addEventListener("click", (e) => { e.stopPropagation(); act(); moved(svg, ui); setBox(svg, ui); });
    return b;
  };
  return h("div", { class: "th-zoombar", role: "group", "aria-label": "Zoom" }, [
    btn("Zoom in", () => zoomBy(ui, geometry, 0.7), "in"),
    btn("Zoom out", () => zoomBy(ui, geometry, 1 / 0.7), "out"),
    btn("Whole map", () => { ui.vb = [...geometry.viewBox]; }, "reset"),
  ]);
}

function panZoom(svg, ui, geometry) {
  const toMap = (ev) => {
    const r = svg.getBoundingClientRect();
    const [x, y, w, hh] = ui.vb;
    const scale = Math.max(w / r.width, hh / r.height);
    const ox = (r.width * scale - w) / 2;
    const oy = (r.height * scale - hh) / 2;
    return { x: x - ox + (ev.clientX - r.left) * scale, y: y - oy + (ev.clientY - r.top) * scale, scale };
  };
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const p = toMap(ev);
    zoomBy(ui, geometry, ev.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    moved(svg, ui);
    setBox(svg, ui);
  }, { passive: false });
  // The drag lives in the UI state, not in this SVG: a frame that redraws the map mid-drag (a
  // bot's move) hands the drag on to the new SVG under the same pointer.
  if (!ui.pan) ui.pan = { pointers: new Map(), drag: null, swallow: false };
  const pan = ui.pan;
  const pointers = pan.pointers;
  svg.addEventListener("pointerdown", (ev) => {
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    pan.swallow = false;
    pan.drag = { moved: false, cx: ev.clientX, cy: ev.clientY, vb: [...ui.vb], scale: toMap(ev).scale, dist: null };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!pan.drag || !pointers.has(ev.pointerId)) return;
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const drag = pan.drag;
    if (pointers.size === 2) {
      const [p1, p2] = [...pointers.values()];
      const dist = Math.hypot(p1.x - p2.x, p1.y - p2.y);
      const mid = toMap({ clientX: (p1.x + p2.x) / 2, clientY: (p1.y + p2.y) / 2 });
      if (drag.dist) zoomBy(ui, geometry, drag.dist / dist, mid.x, mid.y);
      drag.dist = dist;
      drag.moved = true;
      moved(svg, ui);
      setBox(svg, ui);
      return;
    }
    const dx = ev.clientX - drag.cx;
    const dy = ev.clientY - drag.cy;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    drag.moved = true;
    moved(svg, ui);
    ui.vb = [drag.vb[0] - dx * drag.scale, drag.vb[1] - dy * drag.scale, ui.vb[2], ui.vb[3]];
    setBox(svg, ui);
  });
  const end = (ev) => {
    pointers.delete(ev.pointerId);
    if (pan.drag && pan.drag.moved) pan.swallow = true;
    if (!pointers.size) pan.drag = null;
    else if (pan.drag) {
      // A pinch became a drag with the finger left: it pans on from where it is now.
      const [p] = [...pointers.values()];
      pan.drag = { moved: true, cx: p.x, cy: p.y, vb: [...ui.vb], scale: toMap({ clientX: p.x, clientY: p.y }).scale, dist: null };
    }
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  // A drag is not a click on the area under the pointer.
  svg.addEventListener("click", (e) => { if (pan.swallow) { pan.swallow = false; e.stopPropagation(); } }, { capture: true });
}

export { areaName };
