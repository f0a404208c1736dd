// The live connection to one game: hello/welcome, acts with exactly one ack or reject each,
// events checked for sequence gaps, automatic reconnect with backoff. It keeps no game state of
// its own beyond the last seq: the page draws what the server last sent.

const PING_EVERY_MS = 25000;
const MAX_BACKOFF_MS = 8000;

export class Connection {
  /**
   * @param {string} gameId
   * @param {string|null} token  seat token, or null for a spectator
   * @param {object} handlers    {welcome(msg), ev(msg), presence(msg), reject(msg), ack(msg),
   *                              error(msg), status(text)}
   */
  constructor(gameId, token, handlers) {
    this.gameId = gameId;
    this.token = token;
    this.handlers = handlers;
    this.seq = -1;
    this.ws = null;
    this.backoff = 500;
    this.closedForGood = false;
    this.cidCounter = 0;
    this.pending = new Map(); // cid -> {resolve, action}
    this.pingTimer = null;
    this.resyncs = 0; // sequence gaps seen (each one answered by a fresh welcome)
  }

  connect() {
    if (this.closedForGood) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(this.gameId)}`);
    this.ws = ws;
    this.handlers.status("connecting");
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ t: "hello", token: this.token }));
      this.pingTimer = setInterval(() => this.send({ t: "ping" }), PING_EVERY_MS);
    });
    ws.addEventListener("message", (e) => this.onMessage(ws, e.data));
    ws.addEventListener("close", () => this.onClose(ws));
    ws.addEventListener("error", () => { /* close follows; reconnect happens there */ });
  }

  onMessage(ws, data) {
    if (ws !== this.ws) return;
    let msg;
    try { msg = JSON.parse(data); } catch { return; }
    switch (msg.t) {
      case "welcome":
        this.backoff = 500;
        this.seq = msg.seq;
        this.handlers.status("online");
        this.handlers.welcome(msg);
        break;
      case "ev":
        if (msg.seq !== this.seq + 1) {
          // A gap: our picture may be wrong. Start over with a fresh welcome.
          this.resync();
          return;
        }
        this.seq = msg.seq;
        this.handlers.ev(msg);
        break;
      case "ack": {
        this.handlers.ack && this.handlers.ack(msg);
        this.settle(msg.cid, { ok: true, seq: msg.seq });
        break;
      }
      case "reject":
        this.handlers.reject(msg);
        this.settle(msg.cid, { ok: false, code: msg.code, reason: msg.reason });
        break;
      case "presence":
        this.handlers.presence(msg);
        break;
      case "error":
        this.handlers.error(msg);
        if (msg.code === "unauthorized" || msg.code === "revoked") {
          // A seat link that no longer works: go on watching as a spectator.
          if (this.token) { this.token = null; this.backoff = 250; } else this.closedForGood = true;
        }
        break;
      default:
        if (this.handlers[msg.t]) this.handlers[msg.t](msg);
    }
  }

  settle(cid, outcome) {
    const p = this.pending.get(cid);
    if (!p) return;
    this.pending.delete(cid);
    p.resolve(outcome);
  }

  onClose(ws) {
    if (ws !== this.ws) return;
    clearInterval(this.pingTimer);
    this.ws = null;
    for (const cid of [...this.pending.keys()]) this.settle(cid, { ok: false, code: "disconnected", reason: "connection lost" });
    if (this.closedForGood) { this.handlers.status("closed"); return; }
    this.handlers.status("reconnecting");
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    setTimeout(() => this.connect(), wait + Math.random() * 200);
  }

  resync() {
    this.resyncs += 1;
    const ws = this.ws;
    this.ws = null;
    clearInterval(this.pingTimer);
    if (ws) ws.close();
    for (const cid of [...this.pending.keys()]) this.settle(cid, { ok: false, code: "resync", reason: "resynchronising" });
    this.connect();
  }

  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  /** Send one action; resolves to {ok, seq} or {ok:false, code, reason}. */
  act(action, at = this.seq) {
    const cid = `c${Date.now().toString(36)}${(this.cidCounter++).toString(36)}`;
    return new Promise((resolve) => {
      this.pending.set(cid, { resolve, action });
      if (!this.send({ t: "act", cid, at, a: action })) {
        this.settle(cid, { ok: false, code: "disconnected", reason: "not connected" });
      }
    });
  }

  chat(text) {
    this.send({ t: "chat", text });
  }

  close() {
    this.closedForGood = true;
    if (this.ws) this.ws.close();
  }
}
