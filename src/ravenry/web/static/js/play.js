// The game page shell: connection, seats, log, turn cue, banner, replay. It knows games only
// through the protocol and hands the drawing to the renderer the server names for the game
// (the welcome's "renderer": the game module it loads, see registry.js).
import { h, clear } from "./shell/dom.js";
import { Connection } from "./shell/connection.js";
import { GameLog, Notices } from "./shell/log.js";
import { ReplayViewer } from "./shell/replay.js";
import { AnalysisPanel } from "./shell/analysis-graph.js";
import { TurnAlerts } from "./shell/alerts.js";
import { ClockPanel } from "./shell/clocks.js";
import { api } from "./shell/api.js";
import { drawAfterRelease } from "./shell/held.js";
import { takeInviteFromUrl, storedSeat, hostToken, storageKey, rememberHost } from "./shell/seats.js";
import { accountSeat, me } from "./shell/account.js";
import { mountWebhook } from "./shell/webhook.js";
import { loadRenderer, rendererFor } from "./registry.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
takeInviteFromUrl(gameId);
const watchOnly = new URLSearchParams(location.search).has("watch");
const mine = watchOnly ? null : storedSeat(gameId);
// No invite in this browser: the seat the signed-in account keeps, if any (else a spectator).
const keptSeat = watchOnly || mine ? null : await accountSeat(gameId);

const areas = { board: $("board"), dice: $("dice"), players: $("players"), me: $("me"), actions: $("actions"), dialog: $("dialog") };
const log = new GameLog($("log"));
const notices = new Notices($("notices"));
let model = null; // {board, view, legal, templates, seat, seq}
let gameName = ""; // the game's name, as the server's welcome gives it
let seats = [];
let replayStep = null;
let rematchInvite = null; // this seat's invite to the rematch once someone asked for one
const seqWaiters = [];
let spectatorsMuted = false;
const alerts = new TurnAlerts(mine ? $("sound") : null); // a spectator never has a move
alerts.askOnFirstGesture(!!mine);
const ui = {}; // renderers' own UI state (modes, drafts); never game state

function seatName(p) {
  const s = seats.find((x) => x.seat === p);
  let name = s && s.kind !== "bot" && s.name ? s.name : `Player ${p + 1}`;
  if (s && s.kind === "bot") name = `Bot ${p + 1} · ${s.level || s.bot || "bot"}`;
  if (model && p === model.seat) name += " (you)";
  return name;
}

function presence(p) {
  const s = seats.find((x) => x.seat === p);
  if (!s) return "unknown";
  if (s.kind === "bot") return "bot";
  if (s.away) return "away"; // its clock ran out too often: a bot plays it for now
  return s.connected ? "online" : "away";
}

function flash(text, kind = "info") {
  const t = $("toast");
  t.textContent = text;
  t.dataset.kind = kind;
  t.hidden = false;
  clearTimeout(flash.timer);
  flash.timer = setTimeout(() => { t.hidden = true; }, kind === "error" ? 5000 : 2500);
}

const ctx = {
  ui,
  game: null, // what the server says of the game (its /api/meta entry: its action kinds, ...)
  seatName,
  presence,
  flash,
  notice: (text, kind) => notices.show(text, kind),
  rerender: () => render(),
  act: async (action) => {
    if (!model || replayStep) return { ok: false, reason: "not now" };
    const res = await conn.act(action, model.seq);
    if (!res.ok && res.code !== "resync") flash(res.reason || res.code, "error");
    if (res.ok) await waitForSeq(res.seq);
    return res;
  },
  // One action after another, each after the previous one's ack and event (discards).
  actMany: async (actions) => {
    for (const a of actions) {
      const res = await ctx.act(a);
      if (!res.ok) return res;
    }
    return { ok: true };
  },
};

function waitForSeq(seq) {
  if (model && model.seq >= seq) return Promise.resolve();
  return new Promise((resolve) => {
    seqWaiters.push({ seq, resolve });
    setTimeout(resolve, 4000); // never hang a chooser on a lost event; a resync follows a gap
  });
}

function settleWaiters() {
  for (let i = seqWaiters.length - 1; i >= 0; i--) {
    if (model && model.seq >= seqWaiters[i].seq) { seqWaiters[i].resolve(); seqWaiters.splice(i, 1); }
  }
}

function describeFor(view) {
  const r = rendererFor(view.game);
  return (e) => (r ? r.describe(e, ctx, view) : `${e.type}`);
}

function classifierFor(view) {
  const r = rendererFor(view.game);
  return (e) => (r && r.classify ? r.classify(e, ctx, view) : "");
}

// A renderer may follow the events themselves (what a roll produced, pieces placed lately,
// answers to an offer); `live` is false for the welcome's history (no notices for old news).
function observe(entry, view, live) {
  const r = rendererFor(view.game);
  if (!r || !r.observe) return;
  try { r.observe(entry, ctx, { ...(model || {}), view }, live); } catch (err) { console.warn("observe", err); }
}

const clocks = new ClockPanel($("clocks"), $("clock-cue"), {
  seatName,
  mySeat: () => (model ? model.seat : null),
  takeover: () => { if (!conn.send({ t: "takeover" })) flash("Not connected: try again in a moment.", "error"); },
});

// The game's entry of /api/meta, read once with the renderer: its action kinds (each with its
// fields and the game's facts of it) are the names a renderer uses, never a copy of its own.
async function loadGameMeta(gameKind) {
  if (ctx.game && ctx.game.id === gameKind) return;
  try {
    const meta = await api("GET", "/api/meta");
    ctx.game = (meta.games || []).find((g) => g.id === gameKind) || null;
  } catch (err) {
    console.warn("meta", err);
  }
}

// Messages are handled one after another: the first welcome waits for its renderer to load, and
// what arrives meanwhile waits for the welcome.
function inOrder(handlers) {
  let done = Promise.resolve();
  const queued = (name, handle) => (msg) => {
    done = done.then(() => handle(msg)).catch((err) => console.error(name, err));
  };
  return Object.fromEntries(Object.entries(handlers).map(([name, handle]) => [name, queued(name, handle)]));
}

const conn = new Connection(gameId, mine ? mine.token : null, inOrder({
  status: (s) => { const c = $("conn"); c.dataset.status = s; c.textContent = s; },
  welcome: async (msg) => {
    await Promise.all([loadRenderer(msg.view.game, msg.renderer), loadGameMeta(msg.view.game)]);
    gameName = msg.name || "";
    seats = msg.seats || [];
    model = { board: msg.view.board, view: msg.view, legal: msg.legal || null, templates: msg.templates || null, seat: msg.seat ?? null, seq: msg.seq };
    log.clear();
    const describe = describeFor(msg.view);
    const classify = classifierFor(msg.view);
    for (const entry of msg.log || []) {
      log.add(entry, describe, classify);
      observe(entry, msg.view, false);
    }
    for (const line of msg.chat || []) showChat(line);
    setMuted(!!msg.spectators_muted);
    rematchInvite = msg.rematch ? msg.rematch.invite : null;
    render();
    clocks.update(msg.clocks);
    settleWaiters();
    sendVisibility();
  },
  ev: (msg) => {
    if (!model) return;
    model = { ...model, view: { ...msg.view, board: msg.view.board || model.board }, legal: msg.legal || null, templates: msg.templates || null, seq: msg.seq };
    log.add(msg, describeFor(model.view), classifierFor(model.view));
    observe(msg, model.view, true);
    if (msg.clocks) seats = seats.map((s) => ({ ...s, away: !!(msg.clocks.seats[s.seat] || s).away }));
    if (msg.timeout) log.note(`${seatName(msg.by)} ran out of time: a bot chose for them.`, "timeout");
    render();
    clocks.update(msg.clocks);
    settleWaiters();
  },
  presence: (msg) => { seats = msg.seats || seats; render(); if (clocks.clocks) clocks.draw(); },
  clocks: (msg) => { seats = msg.seats || seats; render(); clocks.update(msg.clocks); },
  // Someone asked for the rematch: the server sends each seat its own invite, never another's.
  rematch: (msg) => {
    rematchInvite = msg.invite;
    flash("A rematch is ready: join it from the banner.", "info");
    render();
  },
  reject: (msg) => {
    if (msg.code === "stale") flash("The game moved on; here is the fresh position.", "info");
    else if (msg.code === "away") flash("A bot is playing your seat: take it back first.", "info");
  },
  error: (msg) => {
    if (msg.code === "unauthorized" || msg.code === "revoked") {
      localStorage.removeItem(storageKey(gameId));
      flash("This seat link is no longer valid: you are watching instead.", "error");
    } else flash(msg.reason || msg.code, "error");
  },
  chat: (msg) => showChat(msg),
  chat_mute: (msg) => { setMuted(!!msg.spectators); flash(msg.spectators ? "The host muted spectators' chat." : "Spectators may chat again.", "info"); },
}), keptSeat);

function chatLine(msg) {
  const who = msg.from === null || msg.from === undefined ? `${msg.name || "spectator"} (watching)` : seatName(msg.from);
  return `${who}: ${msg.text}`;
}

function showChat(msg) {
  log.note(chatLine(msg), "chat");
}

// Spectators see why they cannot chat; the host (the creator's browser) gets the switch.
function setMuted(muted) {
  spectatorsMuted = muted;
  const spectator = !model || model.seat === null;
  const input = $("chat-text");
  input.disabled = muted && spectator;
  input.placeholder = muted && spectator ? "The host has muted spectators' chat" : "Say something…";
  const box = $("chat-mute");
  box.hidden = !hostToken(gameId);
  box.querySelector("input").checked = muted;
}

$("chat-mute").querySelector("input").addEventListener("change", async (e) => {
  const want = e.target.checked;
  try {
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/chat/mute`, { spectators: want }, hostToken(gameId));
    setMuted(!!res.spectators_muted);
  } catch (err) {
    e.target.checked = spectatorsMuted;
    flash(`Could not change the chat setting: ${err.message}`, "error");
  }
});

// The server sends no turn alert to a seat whose page is open and visible: tell it which.
function sendVisibility() { conn.send({ t: "visibility", visible: document.visibilityState === "visible" }); }
document.addEventListener("visibilitychange", sendVisibility);

// The host's webhook for turn alerts, beside the host's chat switch.
mountWebhook($("chat-mute"), gameId, hostToken(gameId), flash);

$("chat-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  if (conn.send({ t: "chat", text: text.slice(0, 500) })) input.value = "";
  else flash("Not connected: the message was not sent.", "error");
});

// The analysis is asked for only when a finished game's replay opens (a running game has none).
const analysis = new AnalysisPanel($("analysis"), gameId, (k) => replay.go(k), (p) => seatName(p));
const replay = new ReplayViewer($("replay"), gameId, (step) => {
  replayStep = step;
  if (step) analysis.show(step.seq); else analysis.hide();
  // The log follows the replay: what had happened up to the step shown, never the game's end.
  if (step && model) log.showAt(step.log || [], describeFor(model.view), classifierFor(model.view));
  else log.restore();
  render();
}, (events) => {
  if (!model) return [];
  const describe = describeFor(model.view);
  return events.map((e) => { try { return describe(e); } catch { return e.type; } }).filter(Boolean);
}, chatLine, (p) => seatName(p));

let renders = 0;
// Every frame redraws; a click in progress is not lost to it (see shell/held.js).
const render = drawAfterRelease(renderNow);
function renderNow() {
  if (!model) return;
  renders += 1;
  const shown = replayStep
    ? { board: replayStep.view.board || model.board, view: { ...replayStep.view, board: replayStep.view.board || model.board }, legal: null, templates: null, seat: null, seq: replayStep.seq }
    : model;
  const r = rendererFor(shown.view.game);
  $("game-title").textContent = gameName || shown.view.game;
  if (!r) {
    clear(areas.board).append(h("p", { class: "hint" }, `No renderer for ${shown.view.game} yet.`));
    return;
  }
  r.render(areas, { ...shown, board: shown.board }, ctx);
  const chapter = replayStep ? replay.chapterAt(replayStep.seq) : null;
  const cue = replayStep
    ? `Replay: move ${replayStep.seq} of ${replayStep.total}${chapter ? ` · ${replay.chapterName(chapter)}` : ""}`
    : r.turnCue(model, ctx);
  const cueEl = $("cue");
  cueEl.textContent = cue || (model.view.result ? "Game over" : model.seat === null ? "Watching" : "Waiting for the others");
  cueEl.classList.toggle("your-turn", !!cue && !replayStep);
  document.body.classList.toggle("my-turn", !!cue && !replayStep);
  // The server sends legal actions only to the seats it waits for: that is "your move".
  const yourTurn = !replayStep && !model.view.result && Array.isArray(model.legal);
  alerts.update(yourTurn, gameName || shown.view.game, cue || "");
  drawBanner(model.view, r);
}

function drawBanner(view, r) {
  const b = $("banner");
  if (!view.result) { b.hidden = true; return; }
  b.hidden = false;
  const res = view.result;
  const winners = res.winners || [];
  // A renderer may word the result itself (its houses, its standings): banner(view, ctx).
  const own = r && r.banner ? r.banner(view, ctx) : null;
  const head = own ? own.head : winners.length === 1 ? `${seatName(winners[0])} wins!` : winners.length ? `Tie: ${winners.map(seatName).join(", ")}` : "Game over";
  const rows = own ? own.rows : (res.scores || []).map((sc, p) => [p, sc]).sort((a, b2) => b2[1] - a[1]).map(([p, sc]) => [p, seatName(p), ` — ${sc} VP`]);
  const actions = h("div", { class: "row wrap" });
  if (!replayStep) {
    const rb = h("button", { type: "button", class: "btn primary", "data-action": "replay" }, "Replay the game");
    rb.addEventListener("click", () => replay.open(0));
    actions.append(rb);
  }
  const token = hostToken(gameId) || (mine && mine.token);
  if (rematchInvite && !replayStep) {
    actions.append(h("a", { class: "btn primary", href: rematchInvite, "data-rematch-invite": "" }, "Join the rematch"));
  } else if (token) {
    const rm = h("button", { type: "button", class: "btn", "data-action": "rematch" }, "Rematch");
    rm.addEventListener("click", async () => {
      try {
        const created = await api("POST", `/api/games/${encodeURIComponent(gameId)}/rematch`, {}, token);
        if (created.host_token) rememberHost(created.id, created.host_token);
        sessionStorage.setItem("ravenry:created", JSON.stringify(created));
        const seat = mine ? created.seats.find((s) => s.seat === mine.seat && s.invite) : null;
        location.href = seat ? seat.invite : `/?created=${encodeURIComponent(created.id)}`;
      } catch (err) { flash(`Rematch failed: ${err.message}`, "error"); }
    });
    actions.append(rm);
  }
  const rec = h("a", { class: "btn", href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `${gameId}.json` }, "Download record");
  actions.append(rec, h("a", { class: "btn", href: "/" }, "Lobby"));
  clear(b).append(
    h("h2", { "data-winner": winners.join(",") }, head),
    h("p", { class: "muted", "data-result-reason": res.reason || "" }, own && own.sub ? own.sub : res.reason || ""),
    ...(rows.length ? [h("ol", { class: "scores" }, rows.map(([p, name, text]) => h("li", { "data-score-seat": p }, [h("b", {}, name), text])))] : []),
    actions,
  );
}

// A click on the board outside the highlighted spots explains itself instead of doing nothing.
areas.board.addEventListener("click", (e) => {
  if (e.target.closest(".spot")) return;
  if (!model || replayStep) return;
  const n = Number(areas.board.dataset.spots || 0);
  if (!model.legal) flash(model.view.result ? "The game is over." : "It is not your move.", "info");
  else if (n) flash("That is not a legal spot: choose one of the highlighted spots.", "info");
  else flash("Nothing to place on the board now: use the buttons.", "info");
});

if (!gameId) flash("No game id in the address.", "error");
else conn.connect();
// Opened with no invite and signed out (a turn alert's link, say): how to take one's seat.
if (gameId && !watchOnly && !mine && keptSeat == null) {
  me().then((who) => {
    if (!who) setTimeout(() => notices.show("You are watching. If this game waits for you, sign in under “Your games” in the lobby and open it from there.", "info"), 1200);
  }).catch(() => {});
}
window.ravenry = { get model() { return model; }, get renders() { return renders; }, conn };
