// A rating history drawn as an SVG chart by the page itself (no library, nothing from another
// host): the conservative rating (mu - 3 sigma, what the leaderboard sorts by) as the line, the
// band mu ± sigma behind it, and the bots' fixed ratings (the anchors) as dashed reference lines.
// Drawn at the width it is given, so its text stays legible on a phone.
import { s } from "./shell/dom.js";

const HEIGHT = 220;
const PAD = { left: 40, right: 12, top: 14, bottom: 26 };

function niceStep(span) {
  const raw = span / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= raw) || raw;
}

/**
 * The chart of `points` ([{mu, sigma, ordinal, rank}], oldest first) after `start` ({mu, sigma}),
 * with `anchors` ([{level, ordinal}]) as reference lines, `width` px wide.
 */
export function ratingChart({ start, points, anchors = [], width = 600, label = "Rating history" }) {
  const series = [start ? { ...start, ordinal: start.mu - 3 * start.sigma } : null, ...points].filter(Boolean);
  const values = series.flatMap((p) => [p.ordinal, p.mu + p.sigma, p.mu - p.sigma]).concat(anchors.map((a) => a.ordinal));
  let lo = Math.min(...values); let hi = Math.max(...values);
  if (hi - lo < 10) { lo -= 5; hi += 5; }
  const step = niceStep(hi - lo);
  lo = Math.floor(lo / step) * step; hi = Math.ceil(hi / step) * step;
  const w = Math.max(260, Math.round(width));
  const x = (i) => PAD.left + (series.length > 1 ? (i * (w - PAD.left - PAD.right)) / (series.length - 1) : (w - PAD.left - PAD.right) / 2);
  const y = (v) => PAD.top + ((hi - v) * (HEIGHT - PAD.top - PAD.bottom)) / (hi - lo);
  const svg = s("svg", { class: "rating-chart", viewBox: `0 0 ${w} ${HEIGHT}`, width: w, height: HEIGHT, role: "img", "aria-label": label });
  for (let v = lo; v <= hi + 1e-9; v += step) {
    svg.append(s("line", { class: "grid", x1: PAD.left, x2: w - PAD.right, y1: y(v), y2: y(v) }));
    svg.append(s("text", { class: "tick", x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(Math.round(v))));
  }
  for (const a of anchors) {
    svg.append(s("line", { class: "anchor", "data-anchor": a.level, x1: PAD.left, x2: w - PAD.right, y1: y(a.ordinal), y2: y(a.ordinal) }));
    svg.append(s("text", { class: "anchor-label", x: w - PAD.right - 2, y: y(a.ordinal) - 4, "text-anchor": "end" }, `${a.level} bot`));
  }
  const band = series.map((p, i) => `${x(i)},${y(p.mu + p.sigma)}`).concat(series.map((p, i) => `${x(i)},${y(p.mu - p.sigma)}`).reverse());
  svg.append(s("polygon", { class: "band", points: band.join(" ") }));
  svg.append(s("polyline", { class: "line", points: series.map((p, i) => `${x(i)},${y(p.ordinal)}`).join(" ") }));
  series.forEach((p, i) => {
    const first = start && i === 0;
    const dot = s("circle", { class: first ? "dot start" : `dot rank-${Math.min(p.rank ?? 1, 3)}`, cx: x(i), cy: y(p.ordinal), r: 4, "data-point": i });
    dot.append(s("title", {}, first ? `start: ${p.ordinal.toFixed(1)}` : `game ${i}: place ${(p.rank ?? 0) + 1}, rating ${p.ordinal.toFixed(1)} (mu ${p.mu.toFixed(1)} ± ${p.sigma.toFixed(1)})`));
    svg.append(dot);
  });
  svg.append(s("text", { class: "tick", x: PAD.left, y: HEIGHT - 6 }, start ? "start" : "1"));
  svg.append(s("text", { class: "tick", x: w - PAD.right, y: HEIGHT - 6, "text-anchor": "end" }, `${points.length} rated game${points.length === 1 ? "" : "s"}`));
  return svg;
}
