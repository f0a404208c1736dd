// The table's clocks: each seat's time left, ticking locally from the server's absolute deadlines
// (corrected by the server's "now", so a page whose own clock is off still shows the right time),
// the seat being waited for, away seats (a bot plays them after timeouts) and, for the person of
// an away seat, the button that takes it back. Every number comes from the server's frames.
import { h, clear } from "./dom.js";

const TICK_MS = 250;
const LOW_SECONDS = 10;
let shown = null; // the page's clock panel, for seatClock()

export function formatSeconds(s) {
  const t = Math.max(0, Math.ceil(s));
  const d = Math.floor(t / 86400), hr = Math.floor((t % 86400) / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
  if (d) return `${d}d ${hr}h`;
  if (hr) return `${hr}h ${String(m).padStart(2, "0")}m`;
  return `${m}:${String(sec).padStart(2, "0")}`;
}

// "8 s", "10 min", "24 h", "2 d": how long a clock option is, in words.
export function duration(s) {
  for (const [unit, size] of [["d", 86400], ["h", 3600], ["min", 60]]) {
    if (s >= size && s % size === 0) return `${s / size} ${unit}`;
  }
  return s >= 60 ? formatSeconds(s) : `${s} s`;
}

const MODE_TEXT = {
  move: (c) => `${duration(c.seconds)} per decision`,
  chess: (c) => `chess clock: ${duration(c.seconds)} each, +${duration(c.increment)} a decision`,
  slow: (c) => `slow game: ${duration(c.seconds)} per decision`,
};

export class ClockPanel {
  /**
   * @param {HTMLElement} el      the panel (hidden while the game has no clock)
   * @param {HTMLElement} cueEl   the top bar's clock of the seat being waited for
   * @param {object} opts         {seatName(p), mySeat(), takeover()}
   */
  constructor(el, cueEl, opts) {
    this.el = el;
    this.cueEl = cueEl;
    this.opts = opts;
    this.clocks = null;
    this.offsetMs = 0; // server time minus this page's time
    this.timer = null;
    shown = this;
  }

  update(clocks) {
    if (!clocks) return;
    this.clocks = clocks;
    this.offsetMs = clocks.now * 1000 - Date.now();
    this.draw();
    if (!this.timer) this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  left(seat) {
    if (seat.deadline === null || seat.deadline === undefined) return seat.remaining;
    return seat.deadline - (Date.now() + this.offsetMs) / 1000;
  }

  draw() {
    const c = this.clocks;
    this.el.hidden = false;
    const mine = this.opts.mySeat();
    const rows = c.seats.map((s) => {
      const name = this.opts.seatName(s.seat);
      const status = s.away ? "away · a bot plays" : s.waiting ? "deciding" : "";
      const time = h("span", { class: "clock-time", "data-clock-time": s.seat }, s.timed ? this.text(s) : "bot");
      const row = h("li", {
        class: `clock-row${s.waiting ? " waiting" : ""}${s.away ? " away" : ""}`,
        "data-clock-seat": s.seat, "data-waiting": String(!!s.waiting), "data-away": String(!!s.away),
      }, [h("span", { class: "clock-name" }, name), h("span", { class: "clock-status muted" }, status), time]);
      if (s.away && s.seat === mine) {
        const b = h("button", { type: "button", class: "btn primary", "data-action": "takeover" }, "Take my seat back");
        b.addEventListener("click", () => this.opts.takeover());
        row.append(b);
      }
      return row;
    });
    const away = c.away_after;
    const rule = `When time runs out a bot chooses for the seat, and after ${away} timeout${away > 1 ? "s" : ""} in a row it plays the seat until its person takes it back.`;
    clear(this.el).append(
      h("h3", { title: rule }, ["Clocks ", h("span", { class: "muted clock-mode" }, `· ${(MODE_TEXT[c.mode] || (() => c.mode))(c)}`)]),
      h("ol", { class: "clocks-list" }, rows),
    );
    this.tick();
  }

  /** One seat's clock as the server last sent it ({timed, away, waiting, text, low, running}),
   * or null when the game has none; ``running`` when it has a time to show (not "–"). */
  seat(seat) {
    const s = this.clocks && this.clocks.seats.find((x) => x.seat === seat);
    if (!s) return null;
    const left = s.timed ? this.left(s) : null;
    const known = left !== null && left !== undefined;
    return {
      timed: !!s.timed, away: !!s.away, waiting: !!s.waiting, running: known,
      text: known ? formatSeconds(left) : "–", low: !!s.waiting && known && left <= LOW_SECONDS,
    };
  }

  text(s) {
    const left = this.left(s);
    return left === null || left === undefined ? "–" : formatSeconds(left);
  }

  tick() {
    const c = this.clocks;
    if (!c) return;
    let cue = null;
    for (const s of c.seats) {
      const info = this.seat(s.seat);
      // A renderer's player cards may show the same clock ([data-seat-clock]): it ticks here too.
      for (const mirror of document.querySelectorAll(`[data-seat-clock="${s.seat}"]`)) paintSeatClock(mirror, info);
      const el = this.el.querySelector(`[data-clock-time="${s.seat}"]`);
      if (!el || !s.timed) continue;
      el.textContent = info.text;
      el.classList.toggle("low", info.low);
      const left = this.left(s);
      if (s.waiting && s.deadline !== null && (cue === null || left < cue.left)) cue = { seat: s.seat, left };
    }
    if (!this.cueEl) return;
    this.cueEl.hidden = cue === null;
    if (cue) {
      const who = cue.seat === this.opts.mySeat() ? "Your time" : this.opts.seatName(cue.seat);
      this.cueEl.textContent = `${who}: ${formatSeconds(cue.left)}`;
      this.cueEl.classList.toggle("low", cue.left <= LOW_SECONDS);
    }
  }
}

/** Shows a seat's clock in a renderer's element: hidden while it has no time to show. */
export function paintSeatClock(el, info) {
  el.hidden = !info || !info.running;
  if (!info) return;
  el.textContent = info.text;
  el.classList.toggle("low", info.low);
  el.classList.toggle("waiting", info.waiting);
}

/** The clock of one seat on this page ({timed, away, waiting, text, low}), or null when the game
 * has no clock: what a renderer shows in its player cards. */
export function seatClock(seat) {
  return shown ? shown.seat(seat) : null;
}
