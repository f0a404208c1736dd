// The game log: readable lines from the events each viewer received, newest at the top (the
// panel stays in view; what just happened is where the eye lands first).
import { h } from "./dom.js";

const MAX_LINES = 400;

// While a replay shows an earlier position, the log shows that position's past (showAt) and the
// live lines wait aside, still kept up to date (a chat line said meanwhile); restore() puts them
// back.
export class GameLog {
  constructor(list) {
    this.list = list;
    this.live = null; // the live lines, set aside while a replay shows its own (a fragment)
  }

  get lines() {
    return this.live || this.list;
  }

  clear() {
    this.lines.textContent = "";
  }

  add(entry, describe, classify = () => "") {
    GameLog.fill(this.lines, entry, describe, classify);
    this.trim();
  }

  static fill(into, entry, describe, classify) {
    for (const e of entry.events || []) {
      let text = null;
      try { text = describe(e); } catch { text = e.type; }
      if (!text) continue;
      const cls = e.type === "turn_started" ? "turn" : e.type === "game_over" ? "over" : classify(e);
      into.prepend(h("li", { class: cls, "data-seq": entry.seq, "data-event": e.type }, text));
    }
  }

  note(text, cls = "note") {
    this.lines.prepend(h("li", { class: cls }, text));
    this.trim();
  }

  /** Show only the lines of these entries (a replay step's log: the steps up to it). */
  showAt(entries, describe, classify = () => "") {
    if (!this.live) {
      this.live = document.createDocumentFragment();
      this.live.append(...this.list.childNodes);
    }
    this.list.textContent = "";
    for (const entry of entries) GameLog.fill(this.list, entry, describe, classify);
    this.list.dataset.replay = "";
    this.list.scrollTop = 0;
  }

  /** Back to the live lines after a replay. */
  restore() {
    if (!this.live) return;
    this.list.textContent = "";
    this.list.append(this.live);
    this.live = null;
    delete this.list.dataset.replay;
    this.trim();
  }

  trim() {
    const lines = this.lines;
    while (lines.childNodes.length > MAX_LINES) lines.removeChild(lines.lastChild);
    this.list.scrollTop = 0;
  }
}

/** Short notices over the board (a bot's answer, a steal, a discard): a few at a time, each for
 * some seconds; the log keeps them for good. They cover a corner of the board (Tormund's camp
 * in the Game of Thrones Catans): with the pointer over them, or a tap under them, they fade to
 * let the board be seen (clicks always go through them to the board). */
export class Notices {
  constructor(box, { max = 4, lifetime = 7000 } = {}) {
    this.box = box;
    this.max = max;
    this.lifetime = lifetime;
    this.pointer = null; // where the pointer is over the board, if it is
    const host = box.parentElement;
    if (host) {
      const seen = (e) => { this.pointer = { x: e.clientX, y: e.clientY }; this.fade(); };
      host.addEventListener("pointermove", seen);
      host.addEventListener("pointerdown", seen);
      host.addEventListener("pointerleave", () => { this.pointer = null; this.fade(); });
    }
  }

  /** See-through while the pointer is over the notices (or near: 12 px). */
  fade() {
    const p = this.pointer;
    let over = false;
    if (p && this.box.childNodes.length) {
      const r = this.box.getBoundingClientRect();
      over = p.x >= r.left - 12 && p.x <= r.right + 12 && p.y >= r.top - 12 && p.y <= r.bottom + 12;
    }
    this.box.classList.toggle("see-through", over);
  }

  show(text, kind = "info") {
    const item = h("div", { class: `notice notice-${kind}`, role: "status" }, text);
    this.box.prepend(item);
    while (this.box.childNodes.length > this.max) this.box.removeChild(this.box.lastChild);
    this.fade();
    setTimeout(() => { item.remove(); this.fade(); }, this.lifetime);
  }
}
