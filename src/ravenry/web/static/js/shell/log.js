// The game log: readable lines from the events each viewer received, newest at the top (the
// panel stays in view; what just happened is where the eye lands first).
import { h } from "./dom.js";

const MAX_LINES = 400;

export class GameLog {
  constructor(list) {
    this.list = list;
  }

  clear() {
    this.list.textContent = "";
  }

  add(entry, describe, classify = () => "") {
    for (const e of entry.events || []) {
      let text = null;
      try { text = describe(e); } catch { text = e.type; }
      if (!text) continue;
      const cls = e.type === "turn_started" ? "turn" : e.type === "game_over" ? "over" : classify(e);
      this.list.prepend(h("li", { class: cls, "data-seq": entry.seq, "data-event": e.type }, text));
    }
    this.trim();
  }

  note(text, cls = "note") {
    this.list.prepend(h("li", { class: cls }, text));
    this.trim();
  }

  trim() {
    while (this.list.childNodes.length > MAX_LINES) this.list.removeChild(this.list.lastChild);
    this.list.scrollTop = 0;
  }
}

/** Short notices over the board (a bot's answer, a steal, a discard): a few at a time, each for
 * some seconds; the log keeps them for good. */
export class Notices {
  constructor(box, { max = 4, lifetime = 7000 } = {}) {
    this.box = box;
    this.max = max;
    this.lifetime = lifetime;
  }

  show(text, kind = "info") {
    const item = h("div", { class: `notice notice-${kind}`, role: "status" }, text);
    this.box.prepend(item);
    while (this.box.childNodes.length > this.max) this.box.removeChild(this.box.lastChild);
    setTimeout(() => item.remove(), this.lifetime);
  }
}
