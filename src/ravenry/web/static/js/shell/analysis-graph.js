// A finished game's analysis above the replay (GET /api/games/{id}/analysis): each seat's chance
// of winning after every step as one line in the seat's colour, a cursor at the replay's step,
// and each player's three biggest mistakes, marked on the graph and listed under it. Clicking
// the graph moves the replay to that step; choosing a mistake moves it to the position before
// that decision and says which move the analysis found better. Everything drawn comes from the
// analysis the server sends; the page works out no rule. Only a finished game's replay opens it.
import { h, s, clear } from "./dom.js";
import { api } from "./api.js";

const W = 640, H = 120, PAD_L = 34, PAD_R = 8, PAD_T = 8, PAD_B = 18;
const POLL_MS = 1500;

const pct = (x) => `${Math.round(100 * x)}%`;

// {type: "build_road", edge: 36} -> "build road (edge 36)"
export function moveText(action) {
  if (!action || typeof action !== "object") return String(action);
  const { type, ...rest } = action;
  const parts = Object.entries(rest).map(([k, v]) => {
    const value = v && typeof v === "object" ? Object.entries(v).map(([a, b]) => `${b} ${a}`).join(", ") : v;
    return `${k.replace(/_/g, " ")} ${value}`;
  });
  const name = String(type || "move").replace(/_/g, " ");
  return parts.length ? `${name} (${parts.join("; ")})` : name;
}

export class AnalysisPanel {
  constructor(host, gameId, onJump, seatName = null) {
    this.host = host;
    this.seatName = seatName; // (seat) => the page's name for it (else the analysis's own)
    this.gameId = gameId;
    this.onJump = onJump; // (step) => void: show the replay at that step
    this.data = null;
    this.k = 0;
    this.chosen = null; // the mistake selected, if any
    this.timer = null;
    this.status = "";
  }

  async show(k) {
    this.k = k;
    this.host.hidden = false;
    if (!this.data && !this.timer && this.status !== "loading") await this.load();
    this.draw();
  }

  hide() {
    this.host.hidden = true;
    clearTimeout(this.timer);
    this.timer = null;
  }

  async load() {
    this.status = "loading";
    try {
      const got = await api("GET", `/api/games/${encodeURIComponent(this.gameId)}/analysis`);
      if (got && got.status === "computing") {
        this.status = "Analysing the game…";
        this.timer = setTimeout(() => { this.timer = null; this.load().then(() => this.draw()); }, POLL_MS);
      } else {
        this.data = got;
        this.status = "";
      }
    } catch (err) {
      this.status = `No analysis: ${err.message}`;
    }
  }

  x(k) {
    const n = Math.max(1, this.data.steps);
    return PAD_L + (W - PAD_L - PAD_R) * (k / n);
  }

  y(p) {
    return PAD_T + (H - PAD_T - PAD_B) * (1 - p);
  }

  draw() {
    clear(this.host);
    if (!this.data) {
      this.host.append(h("p", { class: "analysis-status", "data-analysis-status": "" }, this.status || "Analysing the game…"));
      return;
    }
    const a = this.data;
    const name = (p) => (this.seatName ? this.seatName(p) : a.seats[p]);
    const svg = s("svg", { class: "analysis-graph", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Each player's chance of winning, move by move", "data-analysis-graph": "" });
    for (const p of [0, 0.5, 1]) {
      svg.append(s("line", { x1: PAD_L, x2: W - PAD_R, y1: this.y(p), y2: this.y(p), class: "analysis-grid" }));
      svg.append(s("text", { x: PAD_L - 4, y: this.y(p) + 4, class: "analysis-axis", "text-anchor": "end" }, pct(p)));
    }
    a.seats.forEach((_, p) => {
      const points = a.win_probability.map((row, k) => `${this.x(k).toFixed(1)},${this.y(row[p]).toFixed(1)}`).join(" ");
      svg.append(s("polyline", { points, fill: "none", stroke: a.colours[p], "stroke-width": 2, "data-analysis-seat": p }, [s("title", {}, name(p))]));
    });
    svg.append(s("line", { x1: this.x(this.k), x2: this.x(this.k), y1: PAD_T, y2: H - PAD_B, class: "analysis-cursor", "data-analysis-cursor": this.k }));
    a.mistakes.forEach((own, p) => own.forEach((m) => {
      const cx = this.x(m.step), cy = this.y(a.win_probability[m.step][p]);
      const mark = s("path", {
        d: `M${cx - 6},${cy - 9} L${cx + 6},${cy - 9} L${cx},${cy} Z`, fill: a.colours[p], class: "analysis-mistake",
        "data-mistake-step": m.step, "data-mistake-seat": p,
      }, [s("title", {}, `${name(p)}: mistake at move ${m.step + 1}`)]);
      mark.addEventListener("click", (e) => { e.stopPropagation(); this.choose(m); });
      svg.append(mark);
    }));
    svg.addEventListener("click", (e) => {
      const box = svg.getBoundingClientRect();
      const fx = ((e.clientX - box.left) / box.width) * W;
      const k = Math.round(((fx - PAD_L) / (W - PAD_L - PAD_R)) * a.steps);
      this.chosen = null;
      this.onJump(Math.max(0, Math.min(a.steps, k)));
    });
    // One line a seat: its colour, its chance at this step, its three biggest mistakes.
    const list = h("div", { class: "analysis-mistakes" }, a.seats.map((_, p) => h("div", { class: "analysis-seat-mistakes", "data-analysis-row": p }, [
      h("i", { class: "analysis-swatch", style: `background:${a.colours[p]}` }),
      h("span", { class: "analysis-key" }, `${name(p)} ${pct(a.win_probability[this.k][p])}`),
      ...(a.mistakes[p].length ? [h("span", { class: "muted" }, "mistakes:")] : []),
      ...a.mistakes[p].map((m) => {
        const b = h("button", { type: "button", class: `btn${this.chosen === m ? " on" : ""}`, "data-mistake": m.step, title: `${moveText(m.played)}` }, `move ${m.step + 1} −${pct(m.loss)}`);
        b.addEventListener("click", () => this.choose(m));
        return b;
      }),
    ])));
    this.host.append(h("div", { class: "analysis-head" }, [h("b", {}, "Who was winning"), h("span", { class: "muted" }, ` · estimated by the ${a.evaluator === "network" ? "learned evaluator" : "heuristic"}; click to jump`)]), svg, list);
    if (this.chosen) {
      const m = this.chosen;
      this.host.append(h("p", { class: "analysis-better", "data-better-move": m.step }, [
        `${name(m.seat)} played ${moveText(m.played)} (${pct(m.value)} to win); `,
        h("b", {}, `the better move: ${moveText(m.best)} (${pct(m.best_value)})`),
        `, turn ${m.turn}.`,
      ]));
    }
  }

  choose(m) {
    this.chosen = m;
    this.onJump(m.step); // the position before the decision
  }
}
