// The leaderboard page (/leaderboard?game=ID): the accounts rated in a game, best conservative
// rating (mu - 3 sigma) first, each linking to its profile; the bots' anchors (their levels'
// fixed ratings, measured by the bot ladder) sit among them as reference rows, marked as bots.
import { h, clear } from "./shell/dom.js";
import { api } from "./shell/api.js";

const $ = (id) => document.getElementById(id);
const fmt = (v) => v.toFixed(1);

function playerCell(p) {
  if (p.deleted) return h("span", { class: "muted", "data-deleted": "" }, "deleted player");
  return h("a", { href: `/players/${encodeURIComponent(p.username)}`, "data-player": p.username }, p.username);
}

function rows(board) {
  // People and anchors in one order, by conservative rating; an anchor is a reference, not a place.
  const all = [
    ...board.players.map((p) => ({ kind: "player", ordinal: p.ordinal, p })),
    ...board.anchors.map((a) => ({ kind: "anchor", ordinal: a.ordinal, a })),
  ].sort((x, y) => y.ordinal - x.ordinal || (x.kind === "anchor") - (y.kind === "anchor"));
  return all.map((r) => (r.kind === "player"
    ? h("tr", { "data-place": r.p.place }, [
      h("td", { class: "num" }, String(r.p.place)), h("td", {}, playerCell(r.p)),
      h("td", { class: "num strong" }, fmt(r.p.ordinal)), h("td", { class: "num muted" }, `${fmt(r.p.mu)} ± ${fmt(r.p.sigma)}`),
      h("td", { class: "num" }, String(r.p.games)),
    ])
    : h("tr", { class: "anchor-row", "data-anchor": r.a.level, title: `the ${r.a.level} bot (${r.a.bot}): a fixed rating measured by the bot ladder` }, [
      h("td", { class: "num" }, "—"), h("td", {}, [h("span", { class: "badge" }, "bot"), ` ${r.a.level}`]),
      h("td", { class: "num" }, fmt(r.a.ordinal)), h("td", { class: "num muted" }, `${fmt(r.a.mu)} ± ${fmt(r.a.sigma)}`),
      h("td", { class: "num muted" }, "fixed"),
    ])));
}

async function show(game) {
  const box = clear($("board"));
  let board;
  try { board = await api("GET", `/api/leaderboard/${encodeURIComponent(game)}`); } catch (err) { box.append(h("p", { class: "warn" }, err.message)); return; }
  box.dataset.game = game;
  if (!board.players.length) box.append(h("p", { class: "hint", "data-empty": "" }, `Nobody is rated in ${board.name} yet: a rated game counts once two accounts play it to its end.`));
  box.append(h("div", { class: "table-wrap" }, h("table", { class: "ratings-table", "aria-label": `${board.name} leaderboard` }, [
    h("thead", {}, h("tr", {}, [h("th", { class: "num" }, "#"), h("th", {}, "Player"), h("th", { class: "num" }, "Rating"), h("th", { class: "num" }, "μ ± σ"), h("th", { class: "num" }, "Games")])),
    h("tbody", {}, rows(board)),
  ])));
}

async function main() {
  let meta;
  try { meta = await api("GET", "/api/meta"); } catch (err) { $("board").append(h("p", { class: "warn" }, err.message)); return; }
  const asked = new URLSearchParams(location.search).get("game");
  let game = meta.games.some((g) => g.id === asked) ? asked : (meta.games.find((g) => g.id === "catan") || meta.games[0]).id;
  const tabs = $("board-tabs");
  const draw = () => {
    clear(tabs);
    for (const g of meta.games) {
      const b = h("button", { type: "button", class: "btn", role: "tab", "aria-selected": String(g.id === game), "data-board": g.id }, g.name);
      b.addEventListener("click", () => { game = g.id; history.replaceState(null, "", `?game=${encodeURIComponent(game)}`); draw(); show(game); });
      tabs.append(b);
    }
  };
  draw();
  await show(game);
}

main();
