// The lobby's "Your games": signed in, the account's games in three groups (waiting for you, with
// the time left on your clock; your other games; finished, with the result for you and a link to
// the replay and its analysis), redrawn the moment one of them changes (the server's event stream,
// GET /api/me/games/events, with a slow poll behind it), and the games this browser opened by
// invite that the account does not keep yet (a button keeps them); signed out, a sign-in form and
// the games whose invites this browser opened, from its own storage.
import { h, clear } from "./shell/dom.js";
import { me, signIn, signUp, signOut, myGames, claim, alertSettings, seatAlerts } from "./shell/account.js";
import { storedSeats } from "./shell/seats.js";
import { api } from "./shell/api.js";

const $ = (id) => document.getElementById(id);
let nameOf = (id) => id;
let flash = () => {};

function timeLeft(deadline) {
  if (deadline == null) return "";
  const s = Math.max(0, Math.round(deadline - Date.now() / 1000));
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min left`;
  if (s >= 60) return `${Math.floor(s / 60)} min left`;
  return `${s} s left`;
}

function signInForm() {
  const user = h("input", { type: "text", name: "username", autocomplete: "username", placeholder: "Username", "aria-label": "Username", "data-account": "username" });
  const pass = h("input", { type: "password", name: "password", autocomplete: "current-password", placeholder: "Password", "aria-label": "Password", "data-account": "password" });
  const go = (fn) => async (e) => {
    e.preventDefault();
    try { await fn(user.value, pass.value); await draw(); } catch (err) { flash(err.message, "error"); }
  };
  const inBtn = h("button", { type: "submit", class: "btn primary", "data-account": "sign-in" }, "Sign in");
  const upBtn = h("button", { type: "button", class: "btn", "data-account": "sign-up" }, "Create account");
  upBtn.addEventListener("click", go(signUp));
  const form = h("form", { class: "account-form", "aria-label": "Sign in" }, [user, pass, inBtn, upBtn]);
  form.addEventListener("submit", go(signIn));
  return form;
}

const FINISHED_SHOWN = 5; // finished games listed before "Show all"
let showAllFinished = false;

/** The result as the server says it for you: "You won", "Won by …", "Draw". */
function resultBadge(g) {
  if (g.status !== "finished" || !g.outcome) return null;
  const text = g.outcome === "won" ? "You won" : g.outcome === "draw" ? "Draw" : `Won by ${g.winners.join(", ") || "another player"}`;
  return h("span", { class: `badge outcome ${g.outcome}`, "data-outcome": g.outcome }, text);
}

function item(g, extra) {
  const mark = g.your_turn ? h("span", { class: "badge your-turn", "data-your-turn": "" }, "Your turn") : resultBadge(g);
  const status = g.status === "finished" ? "finished" : g.status === "open" ? "waiting for players" : "running";
  const others = (g.players || []).filter((p) => !p.you).map((p) => p.name);
  return h("li", { class: `game-item${g.your_turn ? " waiting" : ""}`, "data-my-game": g.id, "data-waiting": g.your_turn }, [
    h("div", { class: "row wrap" }, [
      h("b", {}, nameOf(g.game)), mark,
      h("span", { class: "muted" }, [`seat ${g.seat + 1} · ${status}`, g.your_turn && g.deadline ? ` · ${timeLeft(g.deadline)}` : ""].join("")),
    ]),
    others.length ? h("div", { class: "muted small" }, `with ${others.join(", ")}`) : null,
    h("div", { class: "row wrap" }, [
      h("a", { class: `btn${g.status === "finished" ? "" : " primary"}`, href: g.play || `/play/${encodeURIComponent(g.id)}` }, g.status === "finished" ? "Replay and analysis" : "Open"),
      ...(extra || []),
    ]),
  ]);
}

/** The games this browser opened, with their kind and status from the lobby (the 20 newest). */
async function described(opened) {
  const rows = await Promise.all(opened.slice(-20).map(async (s) => {
    try {
      const g = await api("GET", `/api/games/${encodeURIComponent(s.id)}`);
      return { ...s, game: g.game, status: g.status, your_turn: false };
    } catch { return null; } // gone (an open game nobody came to expires)
  }));
  return rows.filter(Boolean);
}

async function draw() {
  const who = await me().catch(() => null);
  const box = clear($("account"));
  const list = clear($("my-games"));
  const opened = storedSeats();
  if (!who) {
    follow(false);
    box.append(signInForm());
    if (!opened.length) list.append(h("li", { class: "hint" }, "Games you open by invite show here. Sign in to find them from any device."));
    for (const s of await described(opened)) list.append(item(s));
    return;
  }
  const out = h("button", { type: "button", class: "btn", "data-account": "sign-out" }, "Sign out");
  out.addEventListener("click", async () => { try { await signOut(); await draw(); } catch (err) { flash(err.message, "error"); } });
  box.append(h("span", { "data-signed-in": who.username }, ["Signed in as ", h("b", {}, who.username)]), out);
  const [games, alerts] = await Promise.all([myGames(), alertSettings()]);
  const kept = new Set(games.map((g) => g.id));
  const muted = new Set(((alerts && alerts.seats_off) || []).map((s) => `${s.game}:${s.seat}`));
  // A running game's own switch for the turn alerts (the account's channels are set below).
  const bell = (g) => {
    if (g.status === "finished" || !alerts || !(alerts.email_on || alerts.push_on)) return [];
    const on = !muted.has(`${g.id}:${g.seat}`);
    const button = h("button", { type: "button", class: "btn", "aria-pressed": String(on), "data-seat-alerts": g.id, title: "Turn alerts for this game (email, this device)" }, on ? "Alerts on" : "Alerts off");
    button.addEventListener("click", async () => {
      try { await seatAlerts(g.id, g.seat, !on); await draw(); } catch (err) { flash(err.message, "error"); }
    });
    return [button];
  };
  if (!games.length) list.append(h("li", { class: "hint" }, "No games in your account yet: create one, or keep one you opened by invite."));
  const waiting = games.filter((g) => g.your_turn);
  const finished = games.filter((g) => g.status === "finished");
  const others = games.filter((g) => !g.your_turn && g.status !== "finished");
  const group = (title, key, rows) => {
    if (!rows.length) return;
    list.append(h("li", { class: "group-head", "data-group": key }, `${title} (${rows.length})`));
    for (const g of rows) list.append(item(g, bell(g)));
  };
  group("Waiting for you", "waiting", waiting);
  group("Your other games", "others", others);
  group("Finished", "finished", showAllFinished ? finished : finished.slice(0, FINISHED_SHOWN));
  if (finished.length > FINISHED_SHOWN) {
    const more = h("button", { type: "button", class: "btn", "data-show-finished": "" }, showAllFinished ? "Show fewer" : `Show all ${finished.length} finished games`);
    more.addEventListener("click", () => { showAllFinished = !showAllFinished; draw().catch(() => {}); });
    list.append(h("li", {}, more));
  }
  follow(true);
  for (const s of await described(opened.filter((x) => !kept.has(x.id)))) {
    const keep = h("button", { type: "button", class: "btn", "data-keep": s.id }, "Keep in my account");
    keep.addEventListener("click", async () => {
      try { await claim(s.id, s.token); flash("Kept: it opens from any device you sign in on."); await draw(); } catch (err) { flash(err.message, "error"); }
    });
    list.append(item(s, [keep]));
  }
}

// Signed in, the server says when one of the account's games changed; the list is then drawn
// again (a burst of notices is one redraw). Signed out, nothing is followed.
let stream = null;
let pending = null;
function follow(on) {
  if (!on) { if (stream) stream.close(); stream = null; return; }
  if (stream || typeof EventSource === "undefined") return;
  stream = new EventSource("/api/me/games/events");
  stream.addEventListener("changed", () => {
    if (pending) return;
    pending = setTimeout(() => { pending = null; if (!typing()) draw().catch(() => {}); }, 250);
  });
}
const typing = () => Boolean(document.activeElement?.closest?.(".account-form"));

/** Draw "Your games" and keep it current; `name(gameId)` says a game's name, `toast` shows a message. */
export function yourGames(name, toast) {
  nameOf = name;
  flash = toast;
  draw().catch((err) => toast(err.message, "error"));
  // Behind the stream (a game another server process plays does not notify this one; the time
  // left counts down), a slow poll.
  setInterval(() => { if (!document.hidden && !typing()) draw().catch(() => {}); }, 30000);
  return { redraw: () => draw().catch(() => {}) };
}
