// The renderer of `thrones` (A Game of Thrones: The Board Game, first edition): the map of
// Westeros (thrones-map.js, geometry from /static/data/thrones-map.json joined to the view's
// board by area id) with the tracks beside it, and on the right the decision of the moment
// (thrones-decide.js), the battle, the viewer's house and the houses. It reads only the view
// and the legal list and sends actions through ctx.act; it keeps no game state, only UI drafts
// in ctx.ui.thrones (selected area, unit counts, a bid, a tie order, the map's viewBox).
//
// DOM hooks (browser tests rely on them):
//   map areas      <path class="th-area [spot]" data-area="<index>" data-area-id="<id>"> with
//                  aria-label and <title>; a clickable one has class `spot` and, when one click
//                  sends one action, data-action="<type>" and data-<field> of that action; one
//                  that opens a chooser of actions without an area: data-opens="<type>"
//   senders        every element that sends an action: data-action="<type>" and data-<field>
//                  for each of its fields (data-area, data-order, data-from, data-to, data-unit,
//                  data-card, data-amount, data-seat, data-side, data-use, data-what, data-target,
//                  data-leave_power_token); greyed tokens: button[disabled][data-blocked=<kind>];
//                  a placed order's chooser [data-dialog=change][data-area]: its Take back
//                  button [data-action=clear_order][data-area], and per kind it may become
//                  [data-action=clear_order][data-area][data-change-to=<kind>], which sends
//                  the clear_order and then the place_order of that kind in sequence
//   panels         data-panel="orders|raven|raid|march|support|cards|blade|casualties|ability|westeros|
//                  retreat|muster|destroy|wildlings|bid|tie|reclaim|battle|battle-result|end|
//                  tracks|my-house|wait"; the end's standings tr[data-rank-seat=<seat>][data-rank]
//   drafts         march unit steppers [data-unit-count=<unit>] with [data-unit-more|less];
//                  a battle-starting move asks first: [data-confirm=battle] with its Attack button;
//                  bid amounts [data-bid-pick=<n>] then the bid button; tie list
//                  [data-tie-group] li[data-tie-seat] with [data-tie-up|down]; its Confirm
//                  [data-action=tie_pick][data-seat=<first pick>][data-tie-order] sends every
//                  tie_pick of the list in sequence
//   readiness      [data-ready-seat=<seat>][data-ready=0|1]
//   pieces         [data-order-token], [data-my-order], [data-power-token], [data-neutral],
//                  .th-unit[data-unit-kind]; the tracks [data-track=<id>]
//   pan and zoom   [data-zoom=in|out|reset] buttons; [data-zoom=lit][data-off-view=<n>] brings
//                  the lit areas into view (hidden while all are in view)
import { h, clear } from "../shell/dom.js";
import { mapFailure, mapGeometry } from "./thrones-data.js";
import { battlePanel, decide } from "./thrones-decide.js";
import { describeEvent, bidTitle, houseOf, reasonWords } from "./thrones-labels.js";
import { drawMap, fitAboveCover } from "./thrones-map.js";
import { endPanel, housesPanel, myHouse, statusStrip, tracksColumn, westerosPanel } from "./thrones-panels.js";

const NARROW = "(max-width: 820px)";

function uiFor(ctx) {
  if (!ctx.ui.thrones) ctx.ui.thrones = { sel: null, key: "", latest: null, vb: null };
  return ctx.ui.thrones;
}

/** The houses' colours (the board's house_colors) as CSS variables, which the .house-* chips
 * of thrones.css read: the colours live in the rules' data only. */
function houseVars(view) {
  const b = view.board || {};
  const root = document.documentElement.style;
  (b.houses || []).forEach((name, i) => {
    const c = (b.house_colors || [])[i];
    if (!c) return;
    root.setProperty(`--house-${name.toLowerCase()}`, c.fill);
    root.setProperty(`--house-${name.toLowerCase()}-ink`, c.ink);
  });
}

const FOLD_KEY = "ravenry:thrones:tracks-folded";

/** The tracks column beside the map, folded away to a button (and back) by the viewer; the
 * choice is kept in this browser. Folding gives the map the column's width. */
function foldable(tracks, ui, ctx) {
  if (ui.tracksFolded === undefined) {
    try { ui.tracksFolded = localStorage.getItem(FOLD_KEY) === "1"; } catch { ui.tracksFolded = false; }
  }
  const folded = ui.tracksFolded;
  const button = h("button", {
    type: "button", class: "btn th-fold", "data-fold": "tracks", "aria-expanded": String(!folded),
    title: folded ? "Show the tracks, supply and castles" : "Fold the tracks away: a wider map",
  }, folded ? "‹ Tracks" : "Fold ›");
  button.addEventListener("click", (e) => {
    e.stopPropagation(); // not a click on the board (which explains a click beside the spots)
    ui.tracksFolded = !folded;
    if (!ui.moved) ui.fitted = false; // the map's box changes: fit its width again
    try { localStorage.setItem(FOLD_KEY, ui.tracksFolded ? "1" : "0"); } catch { /* private mode */ }
    ctx.rerender();
  });
  return h("div", { class: `th-side-col${folded ? " folded" : ""}`, "data-side-col": "tracks" }, folded ? [button] : [button, tracks]);
}

function render(areas, model, ctx) {
  const { view } = model;
  houseVars(view);
  const ui = uiFor(ctx);
  ui.latest = model; // the sequence sender reads the legal list of the newest frame
  const key = `${view.phase}:${view.turn}:${view.current}:${view.march_area}`;
  if (ui.key !== key) { ui.key = key; ui.sel = null; ui.target = null; ui.changing = null; }
  const geometry = mapGeometry(() => ctx.rerender());
  const { plan, panels } = decide(model, ctx, ui);
  let mapEl;
  if (geometry) mapEl = drawMap(model, geometry, plan, ui, () => ctx.rerender());
  else if (mapFailure()) mapEl = h("p", { class: "hint" }, `The map could not be loaded (${mapFailure()}).`);
  else mapEl = h("p", { class: "hint th-loading" }, "Loading the map…");
  // On a phone the decision comes right under the map; the tracks go with the houses.
  const narrow = window.matchMedia(NARROW);
  if (!ui.watchingWidth) { ui.watchingWidth = true; narrow.addEventListener("change", () => ctx.rerender()); }
  const tracks = tracksColumn(model);
  document.body.classList.add("game-thrones"); // the page's wide layout for the map (thrones.css)
  const board = narrow.matches ? [mapEl] : [mapEl, foldable(tracks, ui, ctx)];
  clear(areas.board).append(h("div", { class: `th-board${ui.tracksFolded && !narrow.matches ? " tracks-folded" : ""}` }, board));
  areas.board.dataset.spots = String(plan.spots.size);
  // This round's Westeros cards, under the strip (never over the decision) until closed.
  const west = westerosPanel(model, ui, ctx);
  clear(areas.dice).append(statusStrip(view), ...(west ? [west] : []));
  clear(areas.players).append(...(narrow.matches ? [tracks] : []), housesPanel(model, ctx));
  clear(areas.me).append(...myHouse(model));
  const battle = battlePanel(model, ui, ctx);
  const end = view.result ? endPanel(model, ctx) : null;
  const sheet = narrow.matches ? asSheet(panels[0], model, ui, ctx) : null;
  document.body.classList.toggle("th-sheet-open", !!sheet);
  if (!sheet) ui.cover = 0; // nothing covers the map now
  clear(areas.actions).append(...(end ? [end] : []), ...panels, ...(battle ? [battle] : []));
  clear(areas.dialog);
  if (sheet) requestAnimationFrame(() => keepMapAboveSheet(sheet, ui, key));
}

/**
 * On a phone the viewer's decision is a sheet over the lower part of the map (thrones.css), so
 * that the chooser and the lit areas are seen together, without scrolling between them. It can
 * be lowered to its title bar and raised again. Returns the panel if it became a sheet.
 */
function asSheet(panel, model, ui, ctx) {
  if (!panel || !model.legal || !model.legal.length) return null;
  panel.classList.add("th-sheet");
  if (ui.sheetDown) panel.classList.add("down");
  const toggle = h("button", {
    type: "button", class: "btn th-sheet-toggle", "data-sheet-toggle": "", "aria-expanded": String(!ui.sheetDown),
    "aria-label": ui.sheetDown ? "Raise the decision" : "Lower the decision to see the map",
  }, ui.sheetDown ? "▴" : "▾");
  toggle.addEventListener("click", (e) => { e.stopPropagation(); ui.sheetDown = !ui.sheetDown; ctx.rerender(); });
  panel.prepend(toggle);
  return panel;
}

/** After the sheet is laid out: the part of the map it covers, the lit areas moved into the part
 * still seen, and (once per decision) the map brought to the top of the screen. */
function keepMapAboveSheet(sheet, ui, key) {
  const svg = document.querySelector("svg.th-map");
  if (!svg || !sheet.isConnected) return;
  const wrap = svg.closest(".th-map-wrap");
  if (ui.sheetKey !== key) {
    ui.sheetKey = key;
    const top = wrap.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 3) wrap.scrollIntoView({ block: "start" });
  }
  const m = svg.getBoundingClientRect();
  const s = sheet.getBoundingClientRect();
  fitAboveCover(svg, ui, Math.min(0.8, Math.max(0, (m.bottom - s.top) / m.height)));
}

// The cue of each phase that waits for the viewer, by its name (the legal actions are always the
// phase's, as the server's table of actions says: see thrones-decide.js).
const CUES = {
  planning: (view, types) => (types.has("place_order") ? "Planning: place your orders" : "Planning: all orders placed — press Done"),
  messenger_raven: () => "Messenger Raven: swap an order?",
  raid: () => "Resolve a Raid",
  march_choose: () => "Resolve a March",
  march_move: () => "March: move your units",
  support: () => "Battle: pledge your support",
  house_cards: () => "Battle: choose a house card",
  valyrian_steel_blade: () => "Battle: use the Valyrian Steel Blade?",
  casualties: () => "Battle: choose your losses",
  supply: () => "Destroy units over your supply",
  retreat_losses: () => "Destroy units over your supply",
  retreat: () => "Battle: retreat",
  card_ability: () => "Battle: use your card's ability?",
  mustering: () => "Mustering: raise units",
  bidding: (view) => `Bid for ${bidTitle(view.bid_for)}`,
  tie: () => "Break the tie",
  wildling_losses: () => "Wildlings: choose your losses",
  wildling_reward: () => "Take a house card back?",
};

function turnCue(model) {
  const { view } = model;
  const legal = model.legal || [];
  if (view.result || !legal.length) return null;
  const cue = CUES[view.phase];
  return cue ? cue(view, new Set(legal.map((a) => a.type))) : `Your move, ${houseOf(view, model.seat)}`;
}

/** The shell's end banner: the winning house (and who played it); the standings are the end
 *  panel's (endPanel), not repeated here. */
function banner(view, ctx) {
  const res = view.result || {};
  const who = (p) => `House ${houseOf(view, p)} (${ctx.seatName(p)})`;
  const winners = res.winners || [];
  const head = winners.length === 1 ? `${who(winners[0])} wins!` : winners.length ? `Tie: ${winners.map(who).join(", ")}` : "Game over: a draw";
  const why = reasonWords(res.reason, view);
  return { head, rows: [], sub: why ? `The game ended because ${why}.` : "" };
}

// The renderer: play.js loads this module when the server names it for a game (its declaration).
export default {
  render,
  banner,
  describe: (e, ctx, view) => describeEvent(e, view),
  turnCue: (model) => turnCue(model),
};
