// Move around a finished game: step forward and back, drag a slider over every step, jump to a
// chapter (each turn of a Catan-family game, each round and phase of thrones). The server runs
// the rules (GET /api/games/{id}/replay/{k}) and names the chapters (GET /api/games/{id}/replay);
// the browser only draws the spectator view it gets, the log as it stood then, and the chat said
// while the game stood at that position.
//
// No input is dropped: a press, a click or a slider move sets the step wanted (the target);
// while a step is being fetched, more input only moves the target, and when the fetch ends the
// latest target is fetched if it differs from the step shown.
import { h, clear } from "./dom.js";
import { api } from "./api.js";

const CHAPTER_WORD = /^(\p{L}+) \d+/u; // "Round 3 · Westeros" -> "Round": what a chapter is called

export class ReplayViewer {
  constructor(host, gameId, onShow, describe, chatLine = (c) => `${c.name}: ${c.text}`, seatName = (p) => `Player ${p + 1}`) {
    this.host = host;
    this.chatLine = chatLine; // (chat frame) => string: one line of table talk
    this.seatName = seatName; // (seat) => string: a chapter's player, as the page names seats
    this.chat = [];
    this.describe = describe; // (events) => string[]: readable lines of one step's events
    this.events = [];
    this.gameId = gameId;
    this.onShow = onShow; // (replayStep|null) => void
    this.k = null; // the step shown
    this.target = null; // the step wanted (input moves it; the fetches follow it)
    this.total = null;
    this.chapters = []; // [{k, label, seat}] from the server, in order of k
    this.pumping = null; // the fetches under way (a promise), or null
    this.status = null;
    this.ui = null; // the controls, built once (a redraw under a pointer would drop clicks)
    this.keyHandler = (e) => {
      if (this.target === null || e.target.closest("input, textarea, select")) return;
      const moves = { ArrowRight: () => this.target + 1, ArrowLeft: () => this.target - 1, PageDown: () => this.chapterAfter(), PageUp: () => this.chapterBefore() };
      if (!moves[e.key]) return;
      e.preventDefault();
      this.go(moves[e.key]());
    };
  }

  async open(k = 0) {
    this.host.hidden = false;
    document.addEventListener("keydown", this.keyHandler);
    this.build();
    const outline = this.loadOutline();
    await Promise.all([this.go(k), outline]);
  }

  close() {
    this.k = null;
    this.target = null;
    this.host.hidden = true;
    document.removeEventListener("keydown", this.keyHandler);
    this.onShow(null);
  }

  // The game's length and chapters, asked once per opening (the server keeps them).
  async loadOutline() {
    try {
      const outline = await api("GET", `/api/games/${encodeURIComponent(this.gameId)}/replay`);
      this.total = outline.total;
      this.chapters = outline.chapters || [];
    } catch (err) {
      this.status = err.message;
    }
    this.fillChapters();
    this.update();
  }

  /** Show step k (clamped to the game): at once if nothing is being fetched, else once the
   * fetch under way ends. Returns when the step shown is the latest one wanted. */
  go(k) {
    if (this.total !== null) k = Math.max(0, Math.min(this.total, k));
    else k = Math.max(0, k);
    if (!Number.isFinite(k)) return this.pumping || Promise.resolve();
    this.target = k;
    this.update();
    if (!this.pumping) this.pumping = this.pump().finally(() => { this.pumping = null; });
    return this.pumping;
  }

  async pump() {
    while (this.target !== null && this.target !== this.k) {
      const want = this.target;
      try {
        const step = await api("GET", `/api/games/${encodeURIComponent(this.gameId)}/replay/${want}`);
        if (this.target === null) return; // closed meanwhile
        this.k = step.seq;
        this.total = step.total;
        this.events = step.events || [];
        this.chat = step.chat || []; // what was said while the game stood here
        this.status = null;
        this.onShow(step);
      } catch (err) {
        this.status = err.message;
        this.target = this.k; // stop here: the same failing ask is not repeated in a loop
        if (this.k === null) this.onShow(null);
      }
      this.update();
    }
  }

  // -- chapters ---------------------------------------------------------------------------------
  /** The chapter step k is in (the last one that begins at or before it), or null. */
  chapterAt(k) {
    let found = null;
    for (const c of this.chapters) if (c.k <= k) found = c;
    return found;
  }

  chapterName(c) {
    return c.seat === null || c.seat === undefined ? c.label : `${c.label} · ${this.seatName(c.seat)}`;
  }

  // A chapter's group: "Round 3" of "Round 3 · Westeros", "Turn 12" of "Turn 12"; the round
  // buttons jump between groups, the list to every chapter.
  static group(c) {
    return c.label.split(" · ")[0];
  }

  /** The first step of the next group (a round, a turn), or the last step. */
  chapterAfter() {
    const here = this.chapterAt(this.target);
    const next = this.chapters.find((c) => c.k > this.target && (!here || ReplayViewer.group(c) !== ReplayViewer.group(here)));
    return next ? next.k : this.total ?? this.target;
  }

  /** The first step of this group if the replay stands past it, else of the group before. */
  chapterBefore() {
    const starts = [];
    for (const c of this.chapters) {
      const last = starts[starts.length - 1];
      if (!last || ReplayViewer.group(last) !== ReplayViewer.group(c)) starts.push(c);
    }
    const before = starts.filter((c) => c.k < this.target);
    return before.length ? before[before.length - 1].k : 0;
  }

  wordForChapters() {
    for (const c of this.chapters) {
      const m = CHAPTER_WORD.exec(c.label);
      if (m) return m[1].toLowerCase();
    }
    return "chapter";
  }

  // -- the controls -----------------------------------------------------------------------------
  build() {
    const btn = (label, aria, name, to) => {
      const b = h("button", { type: "button", class: "btn", "aria-label": aria, title: aria, "data-replay": name }, label);
      b.addEventListener("click", () => this.go(to()));
      return b;
    };
    const close = h("button", { type: "button", class: "btn replay-close", "data-replay": "close" }, "Back to the end");
    close.addEventListener("click", () => this.close());
    const slider = h("input", { type: "range", class: "replay-slider", min: 0, max: 0, value: 0, step: 1, "aria-label": "Move to step", "data-replay": "slider" });
    slider.addEventListener("input", () => this.go(Number(slider.value)));
    const chapters = h("select", { class: "replay-chapters", "aria-label": "Jump to", "data-replay": "chapters" });
    chapters.addEventListener("change", () => { if (chapters.value !== "") this.go(Number(chapters.value)); });
    this.ui = {
      first: btn("|◀", "First move", "first", () => 0),
      previous: btn("◀", "Previous move", "previous", () => this.target - 1),
      pos: h("output", { class: "replay-pos", "data-replay-k": 0 }, "0 / 0"),
      next: btn("▶", "Next move", "next", () => this.target + 1),
      last: btn("▶|", "Last move", "last", () => this.total ?? this.target),
      slider,
      chapterPrevious: btn("◀◀", "Previous chapter", "chapter-previous", () => this.chapterBefore()),
      chapters,
      chapterNext: btn("▶▶", "Next chapter", "chapter-next", () => this.chapterAfter()),
      where: h("span", { class: "replay-where", "data-replay-chapter": "" }),
      details: h("div", { class: "replay-details" }),
    };
    const u = this.ui;
    clear(this.host).append(
      h("div", { class: "replay-row replay-steps" }, [h("span", { class: "replay-title" }, "Replay"), u.first, u.previous, u.pos, u.next, u.last, close]),
      h("div", { class: "replay-row replay-scrub" }, [u.slider]),
      h("div", { class: "replay-row replay-jumps", hidden: true }, [u.chapterPrevious, u.chapters, u.chapterNext]),
      u.where,
      u.details,
    );
    this.fillChapters();
    this.update();
  }

  fillChapters() {
    if (!this.ui) return;
    const u = this.ui;
    const word = this.wordForChapters();
    const name = word.charAt(0).toUpperCase() + word.slice(1);
    u.chapterPrevious.setAttribute("aria-label", `Previous ${word}`);
    u.chapterPrevious.title = `Previous ${word}`;
    u.chapterPrevious.textContent = `◀ ${name}`;
    u.chapterNext.setAttribute("aria-label", `Next ${word}`);
    u.chapterNext.title = `Next ${word}`;
    u.chapterNext.textContent = `${name} ▶`;
    clear(u.chapters).append(...this.chapters.map((c) => h("option", { value: c.k, "data-chapter-k": c.k }, `${this.chapterName(c)} (move ${c.k})`)));
    u.chapters.closest(".replay-jumps").hidden = !this.chapters.length;
  }

  // Bring the controls up to date in place: the slider and list follow the step wanted, the
  // position (data-replay-k) and the lines say what the board shows.
  update() {
    if (!this.ui) return;
    const u = this.ui;
    const k = this.k ?? 0, n = this.total ?? 0, want = this.target ?? k;
    u.first.disabled = want <= 0;
    u.previous.disabled = want <= 0;
    u.next.disabled = want >= n;
    u.last.disabled = want >= n;
    // Only a step the board shows: none before the first one has come.
    if (this.k === null) delete u.pos.dataset.replayK; else u.pos.dataset.replayK = k;
    u.pos.textContent = this.k === null ? `… / ${n || "…"}` : `${k} / ${n}`;
    u.slider.max = String(n);
    if (document.activeElement !== u.slider || Number(u.slider.value) !== want) u.slider.value = String(want);
    u.slider.setAttribute("aria-valuetext", `move ${want} of ${n}`);
    const here = this.chapterAt(want);
    u.chapterPrevious.disabled = want <= 0 || !this.chapters.length;
    u.chapterNext.disabled = want >= n || !this.chapters.length;
    if (here) u.chapters.value = String(here.k);
    const shown = this.chapterAt(k);
    u.where.textContent = shown ? this.chapterName(shown) : "";
    u.where.dataset.replayChapter = shown ? shown.k : "";
    const lines = k > 0 ? this.describe(this.events) : ["The start of the game."];
    const details = [h("div", { class: "replay-events", "data-replay-events": k }, lines.length ? lines.join(" ") : "…")];
    if (this.chat.length) {
      details.push(h("ul", { class: "replay-chat", "data-replay-chat": k }, this.chat.map((c) => h("li", { class: "chat" }, this.chatLine(c)))));
    }
    if (this.status) details.push(h("span", { class: "hint" }, this.status));
    clear(u.details).append(...details);
  }
}
