// Pan and zoom of an SVG board through its viewBox, for any board: the wheel, a drag, a pinch
// with two fingers and the +/−/whole-board buttons. The viewBox is UI state (`ui.vb`, with the
// drag in `ui.pan`), never the game's: a frame that redraws the board mid-drag hands the drag on
// to the new SVG under the same pointer. `full` is the whole board's box [x, y, w, h]; after
// every move the person makes, `changed()` is called (to clamp, redraw buttons, hide hints).
import { h } from "./dom.js";

/** Is box [x0, y0, x1, y1] wholly inside viewBox [x, y, w, h] (within a unit)? */
export const inside = (b, vb) => b[0] >= vb[0] - 1 && b[2] <= vb[0] + vb[2] + 1 && b[1] >= vb[1] - 1 && b[3] <= vb[1] + vb[3] + 1;

/** A viewBox of the given aspect (height / width) holding every box, at least minWidth wide and
 * within the whole board. */
export function fitBoxes(boxes, full, aspect, minWidth) {
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

/** The viewBox moved so that its middle stays on the board: it cannot be dragged away. */
export function clampBox(vb, full) {
  const [fx, fy, fw, fh] = full;
  const [x, y, w, hh] = vb;
  return [Math.min(Math.max(x, fx - w / 2), fx + fw - w / 2), Math.min(Math.max(y, fy - hh / 2), fy + fh - hh / 2), w, hh];
}

/** Zoom `ui.vb` by factor f about (cx, cy) (its middle by default), between the whole board and
 * a sixth of it. */
export function zoomBy(ui, full, f, cx, cy) {
  const [x, y, w, hh] = ui.vb;
  const nw = Math.min(full[2], Math.max(full[2] / 6, w * f));
  const nh = nw * (hh / w);
  const px = cx === undefined ? x + w / 2 : cx;
  const py = cy === undefined ? y + hh / 2 : cy;
  ui.vb = [px - (px - x) * (nw / w), py - (py - y) * (nh / hh), nw, nh];
}

/** The +, − and whole-board buttons ([data-zoom=in|out|reset]). */
export function zoomButtons(ui, full, changed) {
  const btn = (label, act, name) => {
    const b = h("button", { type: "button", class: "btn th-zoom", "data-zoom": name, "aria-label": label, title: label }, name === "in" ? "+" : name === "out" ? "−" : "⟲");
    b.addEventListener("click", (e) => { e.stopPropagation(); act(); changed(); });
    return b;
  };
  return h("div", { class: "th-zoombar", role: "group", "aria-label": "Zoom" }, [
    btn("Zoom in", () => zoomBy(ui, full, 0.7), "in"),
    btn("Zoom out", () => zoomBy(ui, full, 1 / 0.7), "out"),
    btn("Whole map", () => { ui.vb = [...full]; }, "reset"),
  ]);
}

/** Wheel, drag and pinch on `svg`, moving `ui.vb`; a drag is not a click on what lies under it. */
export function attachPanZoom(svg, ui, full, changed) {
  const toBoard = (ev) => {
    const r = svg.getBoundingClientRect();
    const [x, y, w, hh] = ui.vb;
    const scale = Math.max(w / r.width, hh / r.height);
    const ox = (r.width * scale - w) / 2;
    const oy = (r.height * scale - hh) / 2;
    return { x: x - ox + (ev.clientX - r.left) * scale, y: y - oy + (ev.clientY - r.top) * scale, scale };
  };
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const p = toBoard(ev);
    zoomBy(ui, full, ev.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    changed();
  }, { passive: false });
  if (!ui.pan) ui.pan = { pointers: new Map(), drag: null, swallow: false };
  const pan = ui.pan;
  const pointers = pan.pointers;
  svg.addEventListener("pointerdown", (ev) => {
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    pan.swallow = false;
    pan.drag = { moved: false, cx: ev.clientX, cy: ev.clientY, vb: [...ui.vb], scale: toBoard(ev).scale, dist: null };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!pan.drag || !pointers.has(ev.pointerId)) return;
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const drag = pan.drag;
    if (pointers.size === 2) {
      const [p1, p2] = [...pointers.values()];
      const dist = Math.hypot(p1.x - p2.x, p1.y - p2.y);
      const mid = toBoard({ clientX: (p1.x + p2.x) / 2, clientY: (p1.y + p2.y) / 2 });
      if (drag.dist) zoomBy(ui, full, drag.dist / dist, mid.x, mid.y);
      drag.dist = dist;
      drag.moved = true;
      changed();
      return;
    }
    const dx = ev.clientX - drag.cx;
    const dy = ev.clientY - drag.cy;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    drag.moved = true;
    ui.vb = [drag.vb[0] - dx * drag.scale, drag.vb[1] - dy * drag.scale, ui.vb[2], ui.vb[3]];
    changed();
  });
  const end = (ev) => {
    pointers.delete(ev.pointerId);
    if (pan.drag && pan.drag.moved) pan.swallow = true;
    if (!pointers.size) pan.drag = null;
    else if (pan.drag) {
      // A pinch became a drag with the finger left: it pans on from where it is now.
      const [p] = [...pointers.values()];
      pan.drag = { moved: true, cx: p.x, cy: p.y, vb: [...ui.vb], scale: toBoard({ clientX: p.x, clientY: p.y }).scale, dist: null };
    }
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  svg.addEventListener("click", (e) => { if (pan.swallow) { pan.swallow = false; e.stopPropagation(); } }, { capture: true });
}
