// The lobby's "Your games": signed in, the account's games (waiting for you first, with the time
// left on your clock), refreshed while the page is open, and the games this browser opened by
// invite that the account does not keep yet (a button keeps them); signed out, a sign-in form and
// the games whose invites this browser opened, from its own storage.
import { h, clear } from "./shell/dom.js";
import { me, signIn, signUp, signOut, myGames, claim } from "./shell/account.js";
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

function item(g, extra) {
  const mark = g.your_turn ? h("span", { class: "badge your-turn", "data-your-turn": "" }, "Your turn") : null;
  const status = g.status === "finished" ? "finished" : g.status === "open" ? "waiting for players" : "running";
  return h("li", { class: `game-item${g.your_turn ? " waiting" : ""}`, "data-my-game": g.id }, [
    h("div", { class: "row wrap" }, [
      h("b", {}, nameOf(g.game)), mark,
      h("span", { class: "muted" }, [`seat ${g.seat + 1} · ${status}`, g.your_turn && g.deadline ? ` · ${timeLeft(g.deadline)}` : ""].join("")),
    ]),
    h("div", { class: "row wrap" }, [
      h("a", { class: "btn primary", href: g.play || `/play/${encodeURIComponent(g.id)}` }, g.status === "finished" ? "Replay" : "Open"),
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
    box.append(signInForm());
    if (!opened.length) list.append(h("li", { class: "hint" }, "Games you open by invite show here. Sign in to find them from any device."));
    for (const s of await described(opened)) list.append(item(s));
    return;
  }
  const out = h("button", { type: "button", class: "btn", "data-account": "sign-out" }, "Sign out");
  out.addEventListener("click", async () => { try { await signOut(); await draw(); } catch (err) { flash(err.message, "error"); } });
  box.append(h("span", { "data-signed-in": who.username }, ["Signed in as ", h("b", {}, who.username)]), out);
  const games = await myGames();
  const kept = new Set(games.map((g) => g.id));
  if (!games.length) list.append(h("li", { class: "hint" }, "No games in your account yet: create one, or keep one you opened by invite."));
  for (const g of games) list.append(item(g));
  for (const s of await described(opened.filter((x) => !kept.has(x.id)))) {
    const keep = h("button", { type: "button", class: "btn", "data-keep": s.id }, "Keep in my account");
    keep.addEventListener("click", async () => {
      try { await claim(s.id, s.token); flash("Kept: it opens from any device you sign in on."); await draw(); } catch (err) { flash(err.message, "error"); }
    });
    list.append(item(s, [keep]));
  }
}

/** Draw "Your games" and keep it current; `name(gameId)` says a game's name, `toast` shows a message. */
export function yourGames(name, toast) {
  nameOf = name;
  flash = toast;
  draw().catch((err) => toast(err.message, "error"));
  setInterval(() => { if (!document.hidden && !document.activeElement?.closest?.(".account-form")) draw().catch(() => {}); }, 10000);
  return { redraw: () => draw().catch(() => {}) };
}
