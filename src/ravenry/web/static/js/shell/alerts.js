// Telling a person it is their move: the tab's title and favicon, an optional sound (off by
// default; the choice kept in localStorage) and a browser notification while the tab is hidden
// (permission asked once, on the first click on the page). "Your move" is the server's word, not
// a rule worked out here: the page passes whether the last frame gave this seat legal actions,
// which the server sends only to the seats it waits for.

const SOUND_KEY = "ravenry:sound";
const ASKED_KEY = "ravenry:notify-asked";
const ICON = "/static/img/favicon.svg";
const ICON_TURN = "/static/img/favicon-turn.svg";

export class TurnAlerts {
  /** @param {HTMLButtonElement|null} soundButton  the sound on/off toggle, if the page has one */
  constructor(soundButton) {
    this.yourTurn = null; // null until the first frame: a page opened on your move does not ring
    this.soundButton = soundButton;
    this.audio = null;
    this.notification = null;
    if (soundButton) {
      soundButton.hidden = false;
      soundButton.addEventListener("click", () => {
        this.setSound(!this.soundOn());
        if (this.soundOn()) this.beep(); // a sample, and it unlocks audio on this gesture
      });
      this.drawButton();
    }
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && this.notification) { this.notification.close(); this.notification = null; }
    });
  }

  soundOn() {
    try { return localStorage.getItem(SOUND_KEY) === "on"; } catch { return false; }
  }

  setSound(on) {
    try { localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch { /* private mode */ }
    this.drawButton();
  }

  drawButton() {
    const b = this.soundButton;
    if (!b) return;
    const on = this.soundOn();
    b.setAttribute("aria-pressed", String(on));
    b.textContent = on ? "♪ Sound on" : "♪ Sound off";
    b.title = on ? "A sound when it becomes your move (click to turn off)" : "No sound when it becomes your move (click to turn on)";
  }

  /** Ask for notifications once per browser, on a person's click (browsers ignore other asks). */
  askOnFirstGesture(hasSeat) {
    if (!hasSeat || typeof Notification === "undefined" || Notification.permission !== "default") return;
    let asked = false;
    try { asked = localStorage.getItem(ASKED_KEY) === "1"; } catch { /* private mode */ }
    if (asked) return;
    const ask = () => {
      try { localStorage.setItem(ASKED_KEY, "1"); } catch { /* private mode */ }
      try { Notification.requestPermission().catch(() => {}); } catch { /* old API */ }
    };
    // A click (not pointerdown: a touch only counts as a gesture once the finger lifts).
    document.addEventListener("click", ask, { once: true, capture: true });
  }

  /**
   * @param {boolean} yourTurn  the server waits for this seat (it sent legal actions)
   * @param {string} title      the page's title without the alert
   * @param {string} cue        what the move is, in words ("Your turn: place a settlement")
   */
  update(yourTurn, title, cue) {
    document.title = yourTurn ? `▶ Your move – ${title} – ravenry` : `${title} – ravenry`;
    document.body.dataset.yourTurn = String(yourTurn);
    const icon = document.querySelector("link[rel~='icon']");
    if (icon) icon.setAttribute("href", yourTurn ? ICON_TURN : ICON);
    const began = yourTurn && this.yourTurn === false;
    this.yourTurn = yourTurn;
    if (!began) return;
    if (this.soundOn()) this.beep();
    if (document.hidden) this.notify(title, cue);
  }

  beep() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      this.audio = this.audio || new Ctx();
      const ctx = this.audio;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.setValueAtTime(660, ctx.currentTime);
      osc.frequency.setValueAtTime(880, ctx.currentTime + 0.12);
      gain.gain.setValueAtTime(0.0001, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.3);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.32);
    } catch { /* no audio here */ }
  }

  notify(title, cue) {
    if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
    try {
      if (this.notification) this.notification.close();
      const n = new Notification(`Your move – ${title}`, { body: cue || "The game waits for you.", tag: `ravenry:${location.pathname}`, icon: ICON_TURN });
      n.addEventListener("click", () => { window.focus(); n.close(); });
      this.notification = n;
    } catch { /* some browsers allow notifications only from a service worker */ }
  }
}
