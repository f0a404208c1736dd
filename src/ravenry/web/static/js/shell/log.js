// The game log: readable lines from the events each viewer received, newest at the bottom.
import { h } from "./dom.js";

const MAX_LINES = 400;

export class GameLog {
  constructor(list) {
    this.list = list;
  }

  clear() {
    this.list.textContent = "";
  }

  add(entry, describe) {
    for (const e of entry.events || []) {
      let text = null;
      try { text = describe(e); } catch { text = e.type; }
      if (!text) continue;
      const cls = e.type === "turn_started" ? "turn" : e.type === "game_over" ? "over" : "";
      this.list.append(h("li", { class: cls, "data-seq": entry.seq, "data-event": e.type }, text));
    }
    while (this.list.childNodes.length > MAX_LINES) this.list.removeChild(this.list.firstChild);
    this.list.scrollTop = this.list.scrollHeight;
  }

  note(text, cls = "note") {
    this.list.append(h("li", { class: cls }, text));
    this.list.scrollTop = this.list.scrollHeight;
  }
}
