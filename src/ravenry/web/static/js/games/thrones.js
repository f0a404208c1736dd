// The renderer of `thrones` (A Game of Thrones: The Board Game): without map geometry the board
// is a panel of area cards grouped by region (seas apart), beside the tracks, the houses and
// the viewer's cards. It reads only the view and the legal list and sends actions through
// ctx.act: an area action lights its area card up, the other actions are buttons by type.
import { h, clear, plural } from "../shell/dom.js";
import { registerGame } from "../registry.js";
import { THRONES, REGIONS, useBoard } from "./thrones-data.js";
import {
  HOUSE_COLORS, HOUSE_INK, actionLabel, areaName, cardStats, describeEvent, houseCards, houseOf,
  orderName, phaseTitle, trackTitle, units, westerosTitle,
} from "./thrones-labels.js";

// Action types whose choice is an area of the board (its "area" field): they light cards up.
const AREA_TYPES = new Set(["place_order", "raven_swap", "raid", "march", "retreat", "muster", "destroy", "wildling_loss", "support"]);
// The order of the button groups, and each group's heading.
const GROUPS = [
  ["ready", "Orders"], ["raven_pass", "Messenger Raven"], ["move", "Move units"], ["end_march", "March"],
  ["house_card", "Choose a house card"], ["blade", "Valyrian Steel Blade"], ["casualty", "Casualties"],
  ["ability", "Card ability"], ["ability_pass", "Card ability"], ["end_muster", "Mustering"], ["bid", "Your bid"],
  ["tie_pick", "Break the tie"], ["reclaim", "Take a card back"], ["reclaim_pass", "Take a card back"],
];
const AREA_HINTS = {
  place_order: "Click one of your highlighted areas to place an order there.",
  raven_swap: "Messenger Raven: click an area to swap its order, or keep your orders.",
  raid: "Click a highlighted area to resolve its Raid.",
  march: "Click a highlighted area to resolve its March.",
  retreat: "Click a highlighted area to retreat there.",
  muster: "Click a highlighted castle to muster there.",
  destroy: "Click a highlighted area to destroy a unit there.",
  wildling_loss: "Click a highlighted area to lose a unit there.",
  support: "Click your highlighted area to pledge its support.",
};

const color = (view, seat) => HOUSE_COLORS[houseOf(view, seat)] || "#888";
const ink = (view, seat) => HOUSE_INK[houseOf(view, seat)] || "#fff";

function uiFor(ctx) {
  if (!ctx.ui.thrones) ctx.ui.thrones = { area: null, key: "" };
  return ctx.ui.thrones;
}

function render(areas, model, ctx) {
  const { view } = model;
  useBoard(model.board || view.board);
  const legal = model.legal || [];
  const ui = uiFor(ctx);
  const key = `${view.phase}:${view.turn}:${view.current}`;
  if (ui.key !== key) { ui.key = key; ui.area = null; }
  const byArea = new Map();
  for (const a of legal) {
    if (!AREA_TYPES.has(a.type) || typeof a.area !== "number") continue;
    if (!byArea.has(a.area)) byArea.set(a.area, []);
    byArea.get(a.area).push(a);
  }
  if (ui.area !== null && !byArea.has(ui.area)) ui.area = null;
  const onArea = (a) => {
    const acts = byArea.get(a) || [];
    if (acts.length === 1) { ui.area = null; ctx.act(acts[0]); return; }
    ui.area = ui.area === a ? null : a;
    ctx.rerender();
    const box = document.querySelector("[data-dialog=area]");
    if (box) box.scrollIntoView({ block: "nearest" });
  };
  clear(areas.board).append(board(model, ctx, byArea, onArea, ui));
  areas.board.dataset.spots = String(byArea.size);
  clear(areas.dice).append(statusStrip(view));
  clear(areas.players).append(housesPanel(model, ctx));
  clear(areas.me).append(...myCards(model));
  clear(areas.actions).append(...actionsPanel(model, ctx, byArea));
  clear(areas.dialog);
}

// -- the status strip: round, phase, wildlings, Westeros ------------------------------------------
function statusStrip(view) {
  const items = [
    h("span", { class: "th-stat", "data-round": view.turn }, [h("b", {}, `Round ${view.turn}`), " of 10"]),
    h("span", { class: "th-stat", "data-phase": view.phase }, phaseTitle(view.phase)),
    h("span", { class: `th-stat${view.wildlings >= 10 ? " warn" : ""}`, "data-wildlings": view.wildlings, title: "wildling threat (the attack comes at 12)" }, `Wildlings ${view.wildlings}/12`),
    h("span", { class: "th-stat", title: "castles and strongholds to win" }, `${view.castles_to_win} castles win`),
  ];
  const west = (view.westeros || []).filter(Boolean);
  if (west.length) items.push(h("span", { class: "th-stat", title: "this round's Westeros cards" }, `Westeros: ${west.map(westerosTitle).join(" · ")}`));
  if ((view.restrictions || []).length) items.push(h("span", { class: "th-stat warn" }, `In force: ${view.restrictions.map(westerosTitle).join(", ")}`));
  if (view.phase === "bidding" && view.bid_for) items.push(h("span", { class: "th-stat" }, `Bidding for ${trackTitle(view.bid_for)}`));
  return h("div", { class: "th-status", "aria-label": "Round and phase" }, items);
}

// -- the board: tracks and area cards by region -----------------------------------------------------
function board(model, ctx, byArea, onArea, ui) {
  const { view } = model;
  const root = h("div", { class: "th-board", "aria-label": "Board" });
  root.append(tracks(view, model.seat));
  if (view.battle) root.append(battlePanel(view));
  for (const [region, list] of REGIONS) {
    const cards = list.map((a) => areaCard(model, a, byArea.get(a), onArea, ui.area === a));
    // The chooser of a clicked area opens right under its region, next to where the eye is.
    const chooser = list.includes(ui.area) ? areaChooser(model, ctx, byArea, ui) : null;
    root.append(h("section", { class: `th-region${region === "Seas" ? " seas" : ""}`, "data-region": region }, [
      h("h3", {}, region), h("div", { class: "th-areas" }, cards), chooser,
    ]));
  }
  return root;
}

function tracks(view, me) {
  const rows = Object.entries(view.tracks || {}).map(([id, order]) => h("div", { class: "th-track", "data-track": id }, [
    h("b", {}, trackTitle(id)),
    h("ol", {}, order.map((seat) => h("li", {
      class: `th-house-chip${seat === me ? " me" : ""}`, style: `--hc:${color(view, seat)};--hi:${ink(view, seat)}`, "data-seat": seat,
    }, houseOf(view, seat)))),
  ]));
  return h("section", { class: "th-tracks", "aria-label": "Influence tracks" }, rows);
}

function battlePanel(view) {
  const b = view.battle;
  const att = b.attacking || [];
  const force = [0, 1, 2].filter((u) => att[u]).map((u) => units(att[u], u)).join(", ") || "nothing";
  const card = (side, seat) => {
    const c = b.cards && b.cards[side];
    if (c !== null && c !== undefined && seat !== null && seat >= 0) return houseCards(view, seat)[c]?.name || `card ${c}`;
    return b.chosen && b.chosen[side] ? "chosen, face down" : "not chosen";
  };
  const defender = b.neutral ? `a neutral force (${b.neutral})` : houseOf(view, b.defender);
  return h("section", { class: "th-battle", "data-battle-area": b.area }, [
    h("b", {}, `Battle in ${areaName(b.area)}`),
    h("span", {}, `${houseOf(view, b.attacker)} attacks from ${areaName(b.from)} with ${force} against ${defender}.`),
    h("span", {}, `Cards: ${card(0, b.attacker)} / ${b.neutral ? "none" : card(1, b.defender)}`),
    b.support && b.support.length ? h("span", {}, `Support: ${b.support.map(([a, s]) => `${areaName(a)} → ${["attacker", "defender", "nobody"][s] || s}`).join(", ")}`) : null,
  ]);
}

function areaCard(model, a, acts, onArea, selected) {
  const { view } = model;
  const info = THRONES.areas[a];
  const owner = view.owner[a];
  const u = view.units[a] || [0, 0, 0];
  const routed = (view.routed && view.routed[a]) || [0, 0, 0];
  const badges = [];
  if (info.castle === 2) badges.push(h("span", { class: "th-badge castle", title: "stronghold: 2 mustering points" }, "Stronghold"));
  if (info.castle === 1) badges.push(h("span", { class: "th-badge castle", title: "castle: 1 mustering point" }, "Castle"));
  if (info.supply) badges.push(h("span", { class: "th-badge", title: "supply barrels" }, `Supply ${info.supply}`));
  if (info.power) badges.push(h("span", { class: "th-badge", title: "power icons" }, `Power ${info.power}`));
  const home = view.home[a];
  const lines = [];
  const force = [0, 1, 2].filter((k) => u[k]).map((k) => units(u[k], k) + (routed[k] ? ` (${routed[k]} routed)` : ""));
  if (force.length) lines.push(h("div", { class: "th-units", "data-units": u.join(",") }, force.join(", ")));
  if (view.neutral[a]) lines.push(h("div", { class: "th-neutral", "data-neutral": view.neutral[a] }, `Neutral force ${view.neutral[a]}`));
  const order = view.orders[a];
  const mine = view.my_orders ? view.my_orders[a] : null;
  if (order) {
    lines.push(h("div", { class: "th-order", "data-order": order[1], style: `--hc:${color(view, order[0])};--hi:${ink(view, order[0])}` }, orderName(order[1])));
  } else if (mine) {
    lines.push(h("div", { class: "th-order mine", "data-my-order": mine }, `${orderName(mine)} (sealed)`));
  } else if (view.phase === "planning" && owner >= 0 && owner !== model.seat && view.ready[owner]) {
    lines.push(h("div", { class: "th-order down", "data-order": "face-down" }, "Order face down"));
  }
  if (view.power_tokens[a] >= 0) lines.push(h("div", { class: "th-token", "data-power-token": view.power_tokens[a] }, `Power token: ${houseOf(view, view.power_tokens[a])}`));
  const ownerStyle = owner >= 0 ? `--hc:${color(view, owner)};--hi:${ink(view, owner)}` : "";
  const card = h("div", {
    class: `th-area${info.sea ? " sea" : ""}${owner >= 0 ? " owned" : ""}${acts ? " spot" : ""}${selected ? " selected" : ""}`,
    "data-area": a, "data-owner": owner, style: ownerStyle,
  }, [
    h("div", { class: "th-area-head" }, [
      h("span", { class: "th-area-name" }, info.name),
      owner >= 0 ? h("span", { class: "th-owner" }, houseOf(view, owner)) : null,
    ]),
    badges.length ? h("div", { class: "th-badges" }, badges) : null,
    home >= 0 ? h("div", { class: "th-home muted" }, `Home of ${houseOf(view, home)}`) : null,
    ...lines,
  ]);
  if (acts) {
    const types = [...new Set(acts.map((x) => x.type))];
    card.dataset.action = types[0];
    const label = acts.length === 1 ? actionLabel(acts[0], view) : `${areaName(a)}: ${plural(acts.length, "choice")} (${types.map((t) => t.replace(/_/g, " ")).join(", ")})`;
    card.setAttribute("role", "button");
    card.setAttribute("tabindex", "0");
    card.setAttribute("aria-label", label);
    card.title = label;
    card.addEventListener("click", (e) => { e.stopPropagation(); onArea(a); });
    card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onArea(a); } });
  }
  return card;
}

// -- houses: power, supply, castles, cards -----------------------------------------------------
function housesPanel(model, ctx) {
  const { view } = model;
  const list = h("ul", { class: "players", "aria-label": "Houses" });
  const throne = (view.tracks.iron_throne || [])[0];
  const blade = (view.tracks.fiefdoms || [])[0];
  const raven = (view.tracks.kings_court || [])[0];
  view.houses.forEach((house, p) => {
    const tokens = [];
    if (p === throne) tokens.push("Iron Throne");
    if (p === blade) tokens.push(`Valyrian Steel Blade${view.valyrian_blade_used ? " (used)" : ""}`);
    if (p === raven) tokens.push(`Messenger Raven${view.raven_used ? " (used)" : ""}`);
    const power = view.power[p];
    const discards = (view.discards[p] || []).map((c) => houseCards(view, p)[c]?.name).filter(Boolean);
    list.append(h("li", { class: `player${p === model.seat ? " me" : ""}${view.current === p ? " current" : ""}`, "data-seat": p, style: `--pc:${color(view, p)}` }, [
      h("div", { class: "player-head" }, [
        h("span", { class: "swatch", "aria-hidden": "true" }),
        h("span", { class: `presence ${ctx.presence(p)}`, title: ctx.presence(p) }),
        h("b", { class: "player-name" }, `${house} · ${ctx.seatName(p)}`),
        view.current === p ? h("span", { class: "turn-mark" }, "turn") : null,
        view.phase === "planning" && view.ready[p] ? h("span", { class: "turn-mark alt", title: "all orders placed" }, "ready") : null,
        view.bids_in && view.bids_in[p] ? h("span", { class: "turn-mark alt" }, "bid in") : null,
      ]),
      h("div", { class: "player-stats" }, [
        h("span", { "data-castles": view.castles[p], title: "castles and strongholds held" }, `${view.castles[p]} castles`),
        h("span", { "data-supply": view.supply[p], title: "supply level" }, `supply ${view.supply[p]}`),
        h("span", { "data-power": power ?? "", title: "power tokens available" }, power === null || power === undefined ? "power hidden" : `${power} power`),
        h("span", { title: "house cards in hand" }, `${(view.hands[p] || []).length} cards`),
      ]),
      tokens.length ? h("div", { class: "badges" }, tokens.map((t) => h("span", { class: "badge" }, t))) : null,
      discards.length ? h("div", { class: "hint" }, `Discarded: ${discards.join(", ")}`) : null,
    ]));
  });
  return list;
}

function myCards(model) {
  const { view } = model;
  if (model.seat === null || model.seat === undefined) return [h("section", { class: "card me" }, [h("h3", {}, "Watching"), h("p", { class: "hint" }, "You are a spectator.")])];
  const cards = houseCards(view, model.seat);
  const hand = view.hands[model.seat] || [];
  const discards = view.discards[model.seat] || [];
  const row = (c, i, cls) => h("li", { class: `th-card ${cls}`, "data-card": i }, [h("b", {}, c.name), h("span", { class: "muted" }, cardStats(c))]);
  return [h("section", { class: "card me", "aria-label": "Your house cards" }, [
    h("h3", {}, [`House ${houseOf(view, model.seat)} `, h("span", { class: "muted" }, `· ${view.power[model.seat] ?? "?"} power · ${view.pool ? view.pool[model.seat] ?? "?" : "?"} in the pool`)]),
    h("ul", { class: "th-cards", "aria-label": "In hand" }, hand.map((i) => row(cards[i], i, "in-hand"))),
    discards.length ? h("p", { class: "hint" }, `Discarded: ${discards.map((i) => cards[i].name).join(", ")}`) : null,
    view.my_bid !== undefined ? h("p", { class: "hint" }, `Your bid: ${view.my_bid}`) : null,
  ])];
}

// -- the viewer's choices ---------------------------------------------------------------------------
function button(a, view, ctx, kind = "") {
  const b = h("button", { type: "button", class: `btn ${kind}`, "data-action": a.type }, actionLabel(a, view));
  for (const f of ["area", "order", "from", "to", "unit", "amount", "card", "seat", "what", "side", "target"]) {
    if (f in a && a[f] !== null) b.dataset[f === "order" ? "orderKind" : f] = String(a[f]);
  }
  b.addEventListener("click", (e) => { e.stopPropagation(); ctx.act(a); });
  return b;
}

function actionsPanel(model, ctx, byArea) {
  const { view } = model;
  const legal = model.legal || [];
  if (model.seat === null || model.seat === undefined) return [];
  const out = [];
  const areaTypes = [...new Set(legal.filter((a) => AREA_TYPES.has(a.type)).map((a) => a.type))];
  for (const t of areaTypes) out.push(h("p", { class: "hint th-hint", "data-hint": t }, `${AREA_HINTS[t]} (${plural(new Set(legal.filter((a) => a.type === t).map((a) => a.area)).size, "area")})`));
  const seen = new Set();
  for (const [type, title] of GROUPS) {
    const acts = legal.filter((a) => a.type === type);
    if (!acts.length) continue;
    const group = title && !seen.has(title) ? h("h4", { class: "th-group" }, title) : null;
    seen.add(title);
    const many = acts.length > 4;
    out.push(group, h("div", { class: many ? "choice-list" : "action-row", role: "group", "aria-label": title, "data-group": type },
      acts.map((a) => button(a, view, ctx, acts.length === 1 && !many ? "primary" : ""))));
  }
  const known = new Set([...AREA_TYPES, ...GROUPS.map((g) => g[0])]);
  const other = legal.filter((a) => !known.has(a.type) && !(AREA_TYPES.has(a.type) && typeof a.area === "number"));
  if (other.length) out.push(h("h4", { class: "th-group" }, "More actions"), h("div", { class: "choice-list" }, other.map((a) => button(a, view, ctx))));
  if (!legal.length && !view.result) out.push(h("p", { class: "hint" }, "Waiting for the other houses…"));
  return out.filter(Boolean);
}

function areaChooser(model, ctx, byArea, ui) {
  const { view } = model;
  const acts = byArea.get(ui.area) || [];
  const back = h("button", { type: "button", class: "btn", "data-action": "back" }, "Back");
  back.addEventListener("click", (e) => { e.stopPropagation(); ui.area = null; ctx.rerender(); });
  return h("div", { class: "card dialog th-chooser", "data-dialog": "area", "data-area": ui.area, role: "group", "aria-label": `Choices in ${areaName(ui.area)}` }, [
    h("h3", {}, `${areaName(ui.area)}: choose`),
    h("div", { class: "th-choices" }, acts.map((a) => button(a, view, ctx))),
    back,
  ]);
}

// -- the rest of the renderer interface --------------------------------------------------------
function turnCue(model) {
  const { view } = model;
  const legal = model.legal || [];
  if (view.result || !legal.length) return null;
  const types = new Set(legal.map((a) => a.type));
  if (types.has("place_order")) return "Planning: place your orders";
  if (types.has("ready")) return "Planning: all orders placed — press Done";
  if (types.has("raven_swap") || types.has("raven_pass")) return "Messenger Raven: swap an order?";
  if (types.has("raid")) return "Resolve a Raid";
  if (types.has("march")) return "Resolve a March";
  if (types.has("move") || types.has("end_march")) return "March: move your units";
  if (types.has("support")) return "Battle: pledge your support";
  if (types.has("house_card")) return "Battle: choose a house card";
  if (types.has("blade")) return "Battle: use the Valyrian Steel Blade?";
  if (types.has("casualty") || types.has("destroy")) return "Battle: choose your losses";
  if (types.has("retreat")) return "Battle: retreat";
  if (types.has("ability") || types.has("ability_pass")) return "Battle: use your card's ability?";
  if (types.has("muster") || types.has("end_muster")) return "Mustering: raise units";
  if (types.has("bid")) return `Bid for ${trackTitle(view.bid_for)}`;
  if (types.has("tie_pick")) return "Break the tie";
  if (types.has("wildling_loss")) return "Wildlings: choose your losses";
  if (types.has("reclaim") || types.has("reclaim_pass")) return "Take a house card back?";
  return "Your move";
}

registerGame(["thrones"], {
  title: () => "A Game of Thrones: The Board Game",
  render,
  describe: (e, ctx, view) => { useBoard(view && view.board); return describeEvent(e, view); },
  turnCue: (model, ctx) => { useBoard(model.board || (model.view && model.view.board)); return turnCue(model, ctx); },
});
