// The lobby: create a game (game, 3 or 4 players, options from /api/meta, each seat a person or
// a bot: a level, easy / medium / hard, or a bot kind; signed in, one seat may be "you", kept in
// your account), the invite links of the seats, and the open, running and finished games. The
// top bar links the leaderboard and, signed in, your profile.
import { h, clear } from "./shell/dom.js";
import { api } from "./shell/api.js";
import { drawAfterRelease } from "./shell/held.js";
import { rememberHost, hostToken, storedSeat, storageKey } from "./shell/seats.js";
import { yourGames } from "./your-games.js";
import { me } from "./shell/account.js";

const PLAYER_COLORS = ["#d62839", "#1f5fd1", "#f08c00", "#7b3fbf"];
const $ = (id) => document.getElementById(id);
let meta = null;
const form = { game: null, players: 4, seats: [], options: {} };
let tab = "open";
let account = null; // {username, csrf} while signed in (GET /api/me)

function flash(text, kind = "info") {
  const t = $("toast");
  t.textContent = text; t.dataset.kind = kind; t.hidden = false;
  clearTimeout(flash.timer);
  flash.timer = setTimeout(() => { t.hidden = true; }, 4000);
}

function gameMeta(id) {
  return meta.games.find((g) => g.id === id);
}

function defaultSeats(n, g) {
  const bots = g.bots || [];
  const levels = (g.levels || []).map((l) => l.level);
  const first = levels.includes("medium") ? "medium" : levels[0] || bots[0] || "random";
  return Array.from({ length: n }, (_, i) => form.seats[i] || (i === 0
    ? { kind: "human", name: "" }
    : { kind: "bot", bot: first }));
}

/** What seat i is at a table of n in game g (meta): the game's own identity for it (a house, in
 * its colours) if the server gives one, else a numbered seat in the lobby's colours. */
function seatIdentity(g, n, i) {
  const own = g && g.seats && g.seats[String(n)] ? g.seats[String(n)][i] : null;
  return own ? { name: own.name, fill: own.fill, ink: own.ink } : { name: null, fill: PLAYER_COLORS[i], ink: "#fff" };
}

// A bot seat as people name it: its level if its spec is one, else the spec.
function botName(game, spec) {
  const level = ((gameMeta(game) || {}).levels || []).find((l) => l.bot === spec || l.level === spec);
  return level ? level.level : spec;
}

// The level options of a seat's menu, with the bot they seat as a tooltip ("hard: search:ms=800");
// then the bot kinds themselves, for those who know them (what the API and CLI take).
function botOptions(g, seat) {
  const chosen = (value) => seat.kind === "bot" && seat.bot === value;
  const levels = (g.levels || []).map((l) => h("option", {
    value: `bot:${l.level}`, selected: chosen(l.level), title: `${l.level}: the ${l.kind} bot (${l.bot})`, "data-level": l.level,
  }, `Bot: ${l.level}`));
  const kinds = (g.bots || []).map((b) => h("option", { value: `bot:${b}`, selected: chosen(b) }, `Kind: ${b}`));
  return [h("optgroup", { label: "Bots" }, levels), h("optgroup", { label: "Bot kinds" }, kinds)];
}

function drawForm() {
  const el = $("create-form");
  const g = gameMeta(form.game);
  form.seats = defaultSeats(form.players, g).slice(0, form.players);
  const gameSel = h("select", { id: "f-game", name: "game", "aria-label": "Game" }, meta.games.map((x) =>
    h("option", { value: x.id, selected: x.id === form.game }, x.name)));
  gameSel.addEventListener("change", () => { form.game = gameSel.value; form.options = {}; drawForm(); });
  const seg = h("div", { class: "seg", role: "group", "aria-label": "Number of players" });
  for (let n = g.min_players; n <= g.max_players; n++) {
    const b = h("button", { type: "button", "aria-pressed": String(form.players === n), "data-players": n }, `${n} players`);
    b.addEventListener("click", () => { form.players = n; drawForm(); });
    seg.append(b);
  }
  const seatRows = form.seats.map((seat, i) => {
    const kind = h("select", { "aria-label": `Seat ${i + 1}`, name: `seat-${i}`, "data-seat-kind": i }, [
      account ? h("option", { value: "me", selected: Boolean(seat.me), "data-seat-me": i }, `You (${account.username})`) : null,
      h("option", { value: "human", selected: seat.kind === "human" && !seat.me }, "Person"),
      ...botOptions(g, seat),
    ]);
    const level = (g.levels || []).find((l) => seat.kind === "bot" && l.level === seat.bot);
    if (level) kind.title = `${level.level}: the ${level.kind} bot (${level.bot})`;
    kind.addEventListener("change", () => {
      if (kind.value === "me") form.seats.forEach((x) => { delete x.me; }); // one seat is yours at most
      form.seats[i] = kind.value === "me" ? { kind: "human", me: true, name: "" }
        : kind.value === "human" ? { kind: "human", name: "" } : { kind: "bot", bot: kind.value.slice(4) };
      drawForm();
    });
    const name = h("input", {
      type: "text", placeholder: seat.me ? account.username : seat.kind === "human" ? `Player ${i + 1}` : "bot", "aria-label": `Name of seat ${i + 1}`,
      value: seat.name || "", disabled: seat.kind !== "human", maxlength: 24, "data-seat-name": i,
    });
    name.addEventListener("input", () => { form.seats[i].name = name.value; });
    const who = seatIdentity(g, form.players, i);
    const mark = who.name
      ? h("span", { class: "seat-house", "data-seat-house": who.name, style: { background: who.fill, color: who.ink }, title: `seat ${i + 1} plays House ${who.name}` }, who.name)
      : h("span", { class: "seat-dot", style: `background:${who.fill}`, title: `seat ${i + 1}` });
    return h("div", { class: "seat-row" }, [mark, kind, name]);
  });
  const optionRow = (o) => {
    const id = `opt-${o.name}`;
    let input;
    if (Array.isArray(o.choices)) {
      input = h("select", { id, name: o.name }, o.choices.map((c, i) => h("option", {
        value: JSON.stringify(c), selected: JSON.stringify(form.options[o.name] ?? o.default) === JSON.stringify(c),
      }, o.labels ? o.labels[i] : c === null ? "game default" : String(c))));
      input.addEventListener("change", () => { form.options[o.name] = JSON.parse(input.value); });
    } else {
      input = h("input", { id, name: o.name, type: "text", inputmode: "numeric", placeholder: o.default === null ? "game default" : String(o.default), value: form.options[o.name] ?? "" });
      input.addEventListener("input", () => {
        const v = input.value.trim();
        if (v === "") delete form.options[o.name];
        else form.options[o.name] = /^-?\d+$/.test(v) ? Number(v) : v;
      });
    }
    const label = o.name.replace(/_/g, " ");
    // What the option means, as the game's server describes it (never a copy kept here).
    const help = o.description ? h("p", { class: "hint option-help", id: `${id}-help`, "data-option-help": o.name }, o.description) : null;
    if (help) input.setAttribute("aria-describedby", help.id);
    return h("div", { class: "form-row" }, [h("label", { for: id }, label), input, help]);
  };
  // The table's options (the clock) are shown apart from the game's own rules options.
  const tableOptions = (g.options || []).filter((o) => o.table).map(optionRow);
  const options = (g.options || []).filter((o) => !o.table).map(optionRow);
  const submit = h("button", { type: "submit", class: "btn primary big", "data-action": "create" }, "Create game");
  clear(el).append(
    h("div", { class: "form-row" }, [h("label", { for: "f-game" }, "Game"), gameSel,
      // The whole name again on a phone, where the closed menu is too narrow for the longest.
      h("p", { class: "hint game-name", "data-game-name": g.id }, [h("span", { class: "game-full-name" }, `${g.name} · `), `${g.min_players}–${g.max_players} players`])]),
    h("div", { class: "form-row" }, [h("span", { class: "field-label" }, "Players"), seg]),
    h("div", { class: "form-row" }, [h("span", { class: "field-label" }, "Seats"), ...seatRows]),
    ...tableOptions,
    h("details", {}, [h("summary", {}, "Options"), ...options]),
    h("div", { class: "row", style: "margin-top:.6rem" }, [submit]),
  );
}

async function create(e) {
  e.preventDefault();
  const body = {
    game: form.game, players: form.players,
    seats: form.seats.map((s, i) => (s.me ? { kind: "human", me: true, ...((s.name || "").trim() ? { name: s.name.trim() } : {}) }
      : s.kind === "human" ? { kind: "human", name: (s.name || "").trim() || `Player ${i + 1}` } : { kind: "bot", bot: s.bot })),
    options: form.options,
  };
  // A seat of yours is kept in your account: the change is made with your session and its CSRF token.
  const extra = body.seats.some((s) => s.me) && account ? { "X-CSRF-Token": account.csrf } : {};
  try {
    const created = await api("POST", "/api/games", body, null, extra);
    showCreated(created);
    loadGames();
  } catch (err) {
    flash(`Could not create the game: ${err.message}`, "error");
  }
}

function copyButton(text) {
  const b = h("button", { type: "button", class: "btn", "data-action": "copy" }, "Copy");
  b.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(text); flash("Link copied."); } catch { flash("Select the link and copy it."); }
  });
  return b;
}

function showCreated(created) {
  if (created.host_token) rememberHost(created.id, created.host_token);
  const base = location.origin;
  const rows = (created.seats || []).map((s) => {
    if (s.seat === created.me) { // your own seat: kept in your account, it opens with no invite
      return h("div", { class: "row wrap" }, [h("span", { class: "field-label" }, `Seat ${s.seat + 1}: you (${s.name})`),
        h("a", { class: "btn primary", href: `/play/${encodeURIComponent(created.id)}`, "data-play-seat": s.seat, "data-play-mine": "" }, "Play your seat")]);
    }
    if (!s.invite) return h("div", { class: "muted", title: s.bot || "" }, `Seat ${s.seat + 1}: ${s.level ? `${s.level} bot` : `bot ${s.bot || ""}`}`);
    const url = base + s.invite;
    const play = h("a", { class: "btn primary", href: s.invite, "data-play-seat": s.seat }, `Play as ${s.name || `seat ${s.seat + 1}`}`);
    return h("div", {}, [
      h("div", { class: "field-label" }, `Seat ${s.seat + 1}: ${s.name || "person"} — send this link, or play here`),
      h("div", { class: "invite" }, [h("input", { type: "text", readonly: true, value: url, "aria-label": `Invite link for seat ${s.seat + 1}`, "data-invite": s.seat }), copyButton(url), play]),
    ]);
  });
  clear($("created")).append(h("section", { class: "card created", "data-created": created.id }, [
    h("h2", {}, "Game created"),
    h("p", { class: "hint" }, "Each person's link is their seat: keep it private. Anyone may watch with the watch link."),
    ...rows,
    h("div", { class: "invite" }, [h("input", { type: "text", readonly: true, value: base + created.watch, "aria-label": "Watch link" }), copyButton(base + created.watch), h("a", { class: "btn", href: created.watch + "?watch" }, "Watch")]),
  ]));
}

function drawTabs() {
  const el = clear($("tabs"));
  for (const t of ["open", "running", "finished"]) {
    const b = h("button", { type: "button", class: "btn", role: "tab", "aria-selected": String(t === tab), "data-tab": t }, t[0].toUpperCase() + t.slice(1));
    b.addEventListener("click", () => { tab = t; drawTabs(); loadGames(); });
    el.append(b);
  }
}

// The list is fetched every few seconds; a click on one of its buttons is not lost to a redraw
// that lands while the button is held (shell/held.js).
let listed = []; // the games the server last listed on this tab
const drawListed = drawAfterRelease(() => drawGames(listed));

async function loadGames() {
  const asked = tab;
  let data;
  try { data = await api("GET", `/api/games?status=${asked}`); } catch (err) { clear($("games")).append(h("li", { class: "hint" }, err.message)); return; }
  if (asked !== tab) return; // the person switched tabs meanwhile: that tab's answer draws
  listed = data.games || [];
  drawListed();
}

function drawGames(games) {
  const list = clear($("games"));
  if (!games.length) list.append(h("li", { class: "hint" }, `No ${tab} games.`));
  for (const g of games) {
    const mine = storedSeat(g.id);
    const name = (gameMeta(g.game) || { name: g.game }).name;
    const buttons = h("div", { class: "row wrap" });
    if (mine) buttons.append(h("a", { class: "btn primary", href: `/play/${encodeURIComponent(g.id)}` }, g.status === "finished" ? "Open" : "Continue"));
    buttons.append(h("a", { class: "btn", href: `/play/${encodeURIComponent(g.id)}?watch`, "data-watch": g.id }, g.status === "finished" ? "Replay" : "Watch"));
    const token = hostToken(g.id) || (mine && mine.token);
    if (g.status === "finished" && token) {
      const rm = h("button", { type: "button", class: "btn", "data-rematch": g.id }, "Rematch");
      rm.addEventListener("click", async () => {
        try { showCreated(await api("POST", `/api/games/${encodeURIComponent(g.id)}/rematch`, {}, token)); loadGames(); window.scrollTo(0, 0); } catch (err) { flash(err.message, "error"); }
      });
      buttons.append(rm);
    }
    const seatLabel = (s) => (s.kind === "bot" ? `Bot ${s.seat + 1} · ${s.level || botName(g.game, s.bot)}` : s.name || `seat ${s.seat + 1}`);
    const winners = g.result && g.result.winners ? g.result.winners : [];
    const result = winners.length ? ` · won by ${winners.map((w) => { const s = (g.seats || []).find((x) => x.seat === w); return s ? seatLabel(s) : `seat ${w + 1}`; }).join(", ")}` : "";
    list.append(h("li", { class: "game-item", "data-game": g.id }, [
      h("div", { class: "row wrap" }, [h("b", {}, name), h("span", { class: "muted" }, `${g.players} players · ${g.seq} moves${result}`)]),
      h("div", { class: "seats" }, (g.seats || []).map((s) => h("span", {}, [
        ((who) => (who.name
          ? h("span", { class: "seat-house small", "data-seat-house": who.name, style: { background: who.fill, color: who.ink } }, who.name)
          : h("span", { class: "seat-dot", style: `display:inline-block;width:10px;height:10px;background:${who.fill}` })))(seatIdentity(gameMeta(g.game), g.players, s.seat)), " ",
        s.kind === "bot" ? seatLabel(s) : `${s.name || "open seat"}${s.away ? " · away (a bot plays)" : s.connected ? " · online" : ""}`,
      ]))),
      buttons,
    ]));
  }
}

// The top bar's links: the leaderboard, and signed in, your profile under your name.
function drawLinks() {
  const nav = $("site-links");
  nav.querySelector("[data-link=profile]")?.remove();
  if (account) nav.append(h("a", { href: `/players/${encodeURIComponent(account.username)}`, "data-link": "profile", title: "Your profile and ratings" }, account.username));
}

// Who is signed in follows "Your games" (your-games.js signs in and out there): its account box
// names the account (data-signed-in); on each change, the links and the seats' menus follow.
async function followAccount() {
  const name = () => document.querySelector("#account [data-signed-in]")?.dataset.signedIn || null;
  let shown;
  const update = async () => {
    const now = name();
    if (now === shown) return;
    shown = now;
    account = now ? await me().catch(() => null) : null;
    if (!account) form.seats.forEach((x) => { delete x.me; });
    drawLinks();
    if (meta) drawForm();
  };
  new MutationObserver(() => { update(); }).observe($("account"), { childList: true, subtree: true });
  await update();
}

async function main() {
  try { meta = await api("GET", "/api/meta"); } catch (err) { flash(`The server did not answer: ${err.message}`, "error"); return; }
  form.game = (meta.games.find((g) => g.id === "catan") || meta.games[0]).id;
  drawForm();
  $("create-form").addEventListener("submit", create);
  const created = new URLSearchParams(location.search).get("created");
  if (created) {
    try { const c = JSON.parse(sessionStorage.getItem("ravenry:created") || "null"); if (c && c.id === created) showCreated(c); } catch { /* nothing to show */ }
  }
  drawTabs();
  loadGames();
  setInterval(loadGames, 5000);
  yourGames((id) => (gameMeta(id) || { name: id || "A game" }).name, flash);
  followAccount();
}

void storageKey;
main();
