// The live connection to one game: hello/welcome, acts with exactly one ack or reject each,
// events checked for sequence gaps, automatic reconnect with backoff. It keeps no game state of
// its own beyond the last seq: the page draws what the server last sent.

// The heartbeat: a ping every PING_EVERY_MS, which the server answers at once (pong). A server
// that says nothing for PONG_WAIT_MS after a ping is stalled (a process alive but stuck, whose
// socket never closes): the page drops that socket and reconnects, reaching whichever process
// owns the game now. A test may shorten both (window.__ravenryHeartbeat = {every, wait}).
const PING_EVERY_MS = 15000;
const PONG_WAIT_MS = 5000;
const MAX_BACKOFF_MS = 8000;

function heartbeat() {
  const h = (typeof window !== "undefined" && window.__ravenryHeartbeat) || {};
  return { every: h.every || PING_EVERY_MS, wait: h.wait || PONG_WAIT_MS };
}

export class Connection {
  /**
   * @param {string} gameId
   * @param {string|null} token  seat token, or null for a spectator
   * @param {object} handlers    {welcome(msg), ev(msg), presence(msg), reject(msg), ack(msg),
   *                              error(msg), status(text)}
   * @param {number|null} keptSeat  without a token: the seat the signed-in account keeps
   */
  constructor(gameId, token, handlers, keptSeat = null) {
    this.gameId = gameId;
    this.token = token;
    this.keptSeat = keptSeat;
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
      const hello = !this.token && this.keptSeat != null ? { t: "hello", seat: this.keptSeat } : { t: "hello", token: this.token };
      ws.send(JSON.stringify(hello));
      const beat = heartbeat();
      this.heard = Date.now();
      this.pingTimer = setInterval(() => this.beat(ws, beat.wait), beat.every);
    });
    ws.addEventListener("message", (e) => this.onMessage(ws, e.data));
    ws.addEventListener("close", () => this.onClose(ws));
    ws.addEventListener("error", () => { /* close follows; reconnect happens there */ });
  }

  /** Ping, and drop the socket if nothing at all is heard back within `wait` ms. */
  beat(ws, wait) {
    if (ws !== this.ws) return;
    this.send({ t: "ping" });
    if (this.pongTimer) return; // an earlier ping still waits for its answer
    const sent = Date.now();
    this.pongTimer = setTimeout(() => {
      this.pongTimer = null;
      if (ws !== this.ws || this.heard >= sent) return;
      this.ws = null; // a silent server: this socket is given up, its close may never come
      try { ws.close(); } catch { /* already closing */ }
      this.lost();
    }, wait);
  }

  onMessage(ws, data) {
    if (ws !== this.ws) return;
    this.heard = Date.now();
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
    this.ws = null;
    this.lost();
  }

  /** The socket is gone (closed, or given up as silent): settle what waits, reconnect with backoff. */
  lost() {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.pongTimer = null;
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
    clearTimeout(this.pongTimer);
    this.pongTimer = null;
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
