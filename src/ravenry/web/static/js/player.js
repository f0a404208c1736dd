// A player's profile (/players/NAME): finished games played and won, by game and by house or
// seat colour, and per rated game id the rating with its history drawn as a chart
// (rating-chart.js), the bots' anchors as reference lines.
import { h, clear } from "./shell/dom.js";
import { api } from "./shell/api.js";
import { ratingChart } from "./rating-chart.js";
import { PLAYER_COLORS, PLAYER_COLOR_NAMES } from "./games/catan-data.js";

const $ = (id) => document.getElementById(id);
// Seats without a house are named by their colour where the page knows it: the Catan family's
// renderer's (catan-data.js); other games' seats by number.
const CATAN_RENDERER = "/static/js/games/catan.js";
let renderers = {}; // game id -> its renderer module (/api/meta)
const fmt = (v) => v.toFixed(1);
const pct = (won, played) => (played ? `${Math.round((100 * won) / played)}%` : "–");

function seatMark(s) {
  if (s.house) return h("span", { class: "seat-house small", "data-seat-house": s.house, style: { background: s.fill, color: s.ink } }, s.house);
  const catan = renderers[s.game] === CATAN_RENDERER && PLAYER_COLORS[s.seat];
  const dot = h("span", { class: "seat-dot", style: { background: catan ? PLAYER_COLORS[s.seat] : "#adb5bd" } });
  return h("span", { class: "row" }, [dot, catan ? `seat ${s.seat + 1} (${PLAYER_COLOR_NAMES[s.seat]})` : `seat ${s.seat + 1}`]);
}

function chartBox(g) {
  const box = h("div", { class: "chart-box", "data-chart": g.game });
  const draw = () => {
    const width = box.clientWidth || 600;
    clear(box).append(
      ratingChart({ start: g.start, points: g.history, anchors: g.anchors, width, label: `${g.name}: rating history` }),
      h("p", { class: "hint chart-key" }, ["The line: the rating (μ − 3σ) after each rated game; the band: μ ± σ",
        g.anchors.length ? "; dashed: the bots' fixed ratings." : "."]),
    );
  };
  requestAnimationFrame(draw);
  let last = 0;
  addEventListener("resize", () => { if (Math.abs(box.clientWidth - last) > 4) { last = box.clientWidth; draw(); } });
  return box;
}

function gameCard(g, seats) {
  const r = g.rating;
  const head = h("div", { class: "row wrap rating-head" }, [
    h("h2", {}, g.name),
    r ? h("span", { class: "rating-value", "data-rating": g.game, title: "conservative rating: mu − 3 sigma" }, fmt(r.ordinal)) : h("span", { class: "muted" }, "not rated yet"),
    r ? h("span", { class: "muted" }, `μ ${fmt(r.mu)} ± ${fmt(r.sigma)} · ${r.games} rated game${r.games === 1 ? "" : "s"}`) : null,
    h("a", { class: "btn", href: `/leaderboard?game=${encodeURIComponent(g.game)}` }, "Leaderboard"),
  ]);
  const stats = h("p", { class: "hint" }, `${g.played} finished game${g.played === 1 ? "" : "s"} · ${g.won} won (${pct(g.won, g.played)})`);
  const bySeat = seats.length ? h("div", { class: "table-wrap" }, h("table", { class: "ratings-table", "aria-label": `${g.name}: wins by seat` }, [
    h("thead", {}, h("tr", {}, [h("th", {}, "House / colour"), h("th", { class: "num" }, "Games"), h("th", { class: "num" }, "Won"), h("th", { class: "num" }, "Share")])),
    h("tbody", {}, seats.map((s) => h("tr", { "data-seat-row": s.house || s.seat }, [
      h("td", {}, seatMark(s)), h("td", { class: "num" }, String(s.played)), h("td", { class: "num" }, String(s.won)), h("td", { class: "num" }, pct(s.won, s.played)),
    ]))),
  ])) : null;
  const history = g.history.length ? h("details", { class: "rating-games" }, [
    h("summary", {}, "Rated games"),
    h("ol", { class: "games" }, g.history.slice().reverse().map((p) => h("li", { class: "game-item" }, [
      h("div", { class: "row wrap" }, [
        h("b", {}, `place ${p.rank + 1}`),
        h("span", { class: "muted" }, `${new Date(p.at * 1000).toLocaleDateString()} · rating ${fmt(p.ordinal)}`),
        p.others.length ? h("span", { class: "muted" }, ["with ", ...p.others.flatMap((o, i) => [i ? ", " : "", o.deleted ? h("i", {}, o.name) : h("a", { href: `/players/${encodeURIComponent(o.name)}` }, o.name)])]) : null,
        h("a", { class: "btn", href: `/play/${encodeURIComponent(p.game_id)}?watch` }, "Replay"),
      ]),
    ]))),
  ]) : null;
  return h("section", { class: "card", "data-profile-game": g.game }, [head, stats, g.history.length ? chartBox(g) : null, bySeat, history]);
}

async function main() {
  const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  const box = $("profile");
  let p;
  try { p = await api("GET", `/api/players/${encodeURIComponent(name)}`); } catch (err) { clear(box).append(h("section", { class: "card" }, [h("h1", {}, name), h("p", { class: "warn", "data-error": err.code }, err.message)])); return; }
  document.title = `${p.username} – ravenry`;
  try { renderers = Object.fromEntries((await api("GET", "/api/meta")).games.map((g) => [g.id, g.renderer])); } catch { /* seats by number */ }
  clear(box).append(
    h("section", { class: "card" }, [
      h("h1", { "data-profile": p.username }, p.username),
      h("p", {}, `${p.played} finished game${p.played === 1 ? "" : "s"} · ${p.won} won (${pct(p.won, p.played)})`),
      p.games.length ? null : h("p", { class: "hint" }, "No finished games yet."),
    ]),
    ...p.games.map((g) => gameCard(g, p.seats.filter((s) => s.game === g.game))),
  );
}

main();
