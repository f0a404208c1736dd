// Step through a finished game, forward and back; the server runs the rules
// (GET /api/games/{id}/replay/{k}), the browser only draws the spectator view it gets, and the
// chat said while the game stood at that position.
import { h, clear } from "./dom.js";
import { api } from "./api.js";

export class ReplayViewer {
  constructor(host, gameId, onShow, describe, chatLine = (c) => `${c.name}: ${c.text}`) {
    this.host = host;
    this.chatLine = chatLine; // (chat frame) => string: one line of table talk
    this.chat = [];
    this.describe = describe; // (events) => string[]: readable lines of one step's events
    this.events = [];
    this.gameId = gameId;
    this.onShow = onShow; // (replayStep|null) => void
    this.k = null;
    this.total = null;
    this.busy = false;
    this.keyHandler = (e) => {
      if (this.k === null || e.target.closest("input, textarea, select")) return;
      if (e.key === "ArrowRight") this.go(this.k + 1);
      if (e.key === "ArrowLeft") this.go(this.k - 1);
    };
  }

  async open(k = 0) {
    this.host.hidden = false;
    document.addEventListener("keydown", this.keyHandler);
    await this.go(k);
  }

  close() {
    this.k = null;
    this.host.hidden = true;
    document.removeEventListener("keydown", this.keyHandler);
    this.onShow(null);
  }

  async go(k) {
    if (this.busy) return;
    if (this.total !== null) k = Math.max(0, Math.min(this.total, k));
    this.busy = true;
    try {
      const step = await api("GET", `/api/games/${encodeURIComponent(this.gameId)}/replay/${k}`);
      this.k = step.seq;
      this.total = step.total;
      this.events = step.events || [];
      this.chat = step.chat || []; // what was said while the game stood here
      this.status = null;
      this.onShow(step);
    } catch (err) {
      this.onShow(null);
      this.status = err.message;
    } finally {
      this.busy = false;
      this.draw();
    }
  }

  draw() {
    const btn = (label, aria, to, enabled) => {
      const b = h("button", { type: "button", class: "btn", "aria-label": aria, "data-replay": aria.split(" ")[0].toLowerCase(), disabled: !enabled }, label);
      b.addEventListener("click", () => this.go(to));
      return b;
    };
    const k = this.k ?? 0, n = this.total ?? 0;
    const close = h("button", { type: "button", class: "btn", "data-replay": "close" }, "Back to the end");
    close.addEventListener("click", () => this.close());
    clear(this.host).append(
      h("span", { class: "replay-title" }, "Replay"),
      btn("|◀", "First move", 0, k > 0),
      btn("◀", "Previous move", k - 1, k > 0),
      h("output", { class: "replay-pos", "data-replay-k": k }, `${k} / ${n}`),
      btn("▶", "Next move", k + 1, k < n),
      btn("▶|", "Last move", n, k < n),
      close,
    );
    const lines = k > 0 ? this.describe(this.events) : ["The start of the game."];
    this.host.append(h("div", { class: "replay-events", "data-replay-events": k }, lines.length ? lines.join(" ") : "…"));
    if (this.chat.length) {
      this.host.append(h("ul", { class: "replay-chat", "data-replay-chat": k }, this.chat.map((c) => h("li", { class: "chat" }, this.chatLine(c)))));
    }
    if (this.status) this.host.append(h("span", { class: "hint" }, this.status));
  }
}
