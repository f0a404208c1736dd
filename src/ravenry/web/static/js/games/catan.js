// The renderer of the Catan family (catan, got-catan, brotherhood): board, players, the
// viewer's hand, action buttons and choosers. It reads only the view, the legal list and the
// templates the server sent, and sends concrete actions through ctx.act.
import { h, s, clear, cap, plural } from "../shell/dom.js";
import { seatClock, paintSeatClock } from "../shell/clocks.js";
import { drawBoard } from "./catan-board.js";
import { north as northPart, heroes, wildlingIcon } from "./brotherhood-board.js";
import { describeEvent, aCard, undoneThing } from "./catan-log.js";
import { tradePanel } from "./catan-trade.js";
import { chip, chips, costChips, actionButton, countPicker, total, actionLabel } from "./catan-ui.js";
import { boardStep, STEPWISE_ABOVE } from "./catan-steps.js";
import {
  PLAYER_COLORS, costOf, devName, heroDoes, heroName, northOf, resourcesOf,
} from "./catan-data.js";

// Phases in which the board's legal spots are the whole decision, so they light up at once.
const BOARD_TYPES = ["place_settlement", "place_road", "place_guard", "move_robber", "place_free_road"];
// Build modes of the main phase: a button lights up these spots. A mode with a `cost` (the
// board's costs: what the rules charge) is a button of its own with that price on it.
const MODES = {
  road: { types: ["build_road"], label: "Road", cost: "road" },
  settlement: { types: ["build_settlement"], label: "Settlement", cost: "settlement" },
  city: { types: ["build_city"], label: "City", cost: "city" },
  guard: { types: ["build_guard"], label: "Guard", cost: "guard" },
  recruits: { types: ["play_new_recruits"], label: "New Recruits" },
  patrol: { types: ["patrol_wildling"], label: "Return a wildling" },
};
const SPOT_FIELDS = ["node", "edge", "hex", "section"];
// Action types this renderer offers somewhere (Brotherhood's heroes': brotherhood-board.js);
// anything else lands in "More actions".
const HANDLED = new Set([
  ...BOARD_TYPES, ...Object.values(MODES).flatMap((m) => m.types), "roll", "end_turn", "buy_dev",
  "discard", "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly",
  "maritime_trade", "offer_trade", "counter_offer", "accept_trade", "decline_trade", "confirm_trade",
  "accept_counter", "cancel_trade", "undo",
]);

function spotKey(a) {
  for (const f of SPOT_FIELDS) if (f in a) return `${f}:${a[f] === null ? "camp" : a[f]}`;
  return null;
}

function spotsFor(legal, types) {
  const spots = new Map();
  for (const a of legal) {
    if (!types.includes(a.type)) continue;
    const key = spotKey(a);
    if (!key) continue;
    if (!spots.has(key)) spots.set(key, []);
    spots.get(key).push(a);
  }
  return spots;
}

function uiFor(ctx) {
  if (!ctx.ui.catan) ctx.ui.catan = { mode: null, panel: null, draft: {}, discard: {}, yop: [], choice: null, phaseKey: "" };
  return ctx.ui.catan;
}

function render(areas, model, ctx) {
  const { view } = model;
  const legal = model.legal || [];
  const ui = uiFor(ctx);
  const phaseKey = `${view.phase}:${view.current}:${view.turn}`;
  if (ui.phaseKey !== phaseKey) {
    ui.phaseKey = phaseKey;
    ui.mode = null; ui.choice = null; ui.countering = false; ui.yop = []; ui.heroPicks = [];
    if (view.phase !== "main") ui.panel = null;
    if (view.phase !== "discard") ui.discard = {};
  }
  const types = new Set(legal.map((a) => a.type));
  if (ui.mode && !MODES[ui.mode].types.some((t) => types.has(t))) ui.mode = null;

  // Board.
  const boardTypes = [...BOARD_TYPES, ...(ui.mode ? MODES[ui.mode].types : [])];
  // A stepwise hero choice whose step is a place on the board (Othell's roads) lights it up.
  const heroUses = heroes.uses(model, ctx);
  const heroStep = ui.panel === "hero" && heroUses.length > STEPWISE_ABOVE ? boardStep(heroUses, ui.heroPicks || []) : null;
  const spots = heroStep ? heroStep.spots : spotsFor(legal, boardTypes);
  const onSpot = (key, actions) => {
    if (heroStep && actions.length > 1) { ui.heroPicks = [...(ui.heroPicks || []), heroStep.pickOf.get(key)]; ctx.rerender(); return; }
    if (heroStep) { ui.heroPicks = []; ui.panel = null; }
    if (actions.length === 1) { ctx.act(actions[0]); return; }
    ui.choice = { key, actions };
    ctx.rerender();
  };
  // What the events told is about the latest position: a replay of an earlier one shows none of it.
  const latest = trackFor(ui);
  const track = model.seq >= latest.seq ? latest : { roll: null, fresh: [] };
  const marks = { produced: new Set((track.roll && track.roll.hexes) || []), fresh: new Set(track.fresh) };
  const north = model.board && model.board.north ? northPart : null; // Brotherhood's lands beyond the Wall
  clear(areas.board).append(drawBoard(model.board, view, spots, onSpot, ctx.seatName, marks, north));
  areas.board.dataset.spots = String(spots.size);

  const freshHint = marks.fresh.size
    ? [h("span", { class: "muted fresh-hint", "data-fresh-count": marks.fresh.size }, model.seat === null ? "ringed: placed this turn" : "ringed: placed since your last turn")]
    : [];
  // The undo option's button heads the strip over the board, where the eye is after a build,
  // and never covers a spot on the board.
  const undo = undoButton(model, ctx);
  clear(areas.dice).append(...(undo ? [undo] : []), ...diceStrip(view, ui), ...rollGains(track, model, ctx), ...freshHint);
  placeStrip(areas);
  clear(areas.players).append(...playersPanel(model, ctx));
  clear(areas.me).append(...mePanel(model, ctx));
  clear(areas.actions).append(...actionsPanel(ui, model, ctx, types));
  clear(areas.dialog).append(...dialogs(ui, model, ctx, types));
}

// -- the undo option ------------------------------------------------------------------------------
/** "↶ Undo road" when the server's legal actions hold an undo (the game's undo option), naming
 * what it takes back from the view's ``undoable``; nothing otherwise. Ctrl+Z clicks it. */
function undoButton(model, ctx) {
  const undo = (model.legal || []).find((a) => a.type === "undo");
  if (!undo || model.seat === null || model.seat === undefined) return null;
  const a = model.view.undoable;
  const what = undoneThing(a, model.view);
  const detail = a && a.type === "maritime_trade" ? `: ${a.rate} ${a.give} for 1 ${a.get}` : "";
  return actionButton(`↶ Undo ${what}`, {
    action: undo, kind: "undo", dataAction: "undo",
    title: `Take back your ${what}${detail} (Ctrl+Z)`, ariaLabel: `Undo your ${what}${detail}`,
    onClick: () => ctx.act({ type: "undo" }),
  });
}

document.addEventListener("keydown", (ev) => {
  if (!(ev.ctrlKey || ev.metaKey) || ev.shiftKey || ev.altKey || ev.key.toLowerCase() !== "z") return;
  const t = ev.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return; // the chat's own undo
  const button = document.querySelector('button[data-action="undo"]:not(:disabled)');
  if (button) { ev.preventDefault(); button.click(); }
});

// -- what the events tell: the last roll's production, pieces placed lately, offer answers ------
function trackFor(ui) {
  if (!ui.track) ui.track = { seq: -1, roll: null, fresh: [], lastCurrent: null, lastOffer: null, discards: {}, discardTimer: null };
  return ui.track;
}

function observe(entry, ctx, model, live) {
  const t = trackFor(uiFor(ctx));
  if (entry.seq !== undefined) {
    if (entry.seq <= t.seq) return; // a welcome after a reconnect sends the history again
    t.seq = entry.seq;
  }
  const me = model.seat ?? null;
  const who = (p) => (p === me ? "You" : ctx.seatName(p));
  const notice = (text, kind) => { if (live && ctx.notice) ctx.notice(text, kind); };
  for (const e of entry.events || []) {
    switch (e.type) {
      case "rolled": t.roll = { player: e.player, total: e.total, hexes: [], gains: {} }; break;
      case "produced":
        t.roll = { ...(t.roll || { player: null, total: e.total }), hexes: e.hexes || [], gains: e.gains || {}, shortages: e.shortages || [] };
        break;
      case "built":
        if (e.player !== me) t.fresh.push(e.node !== undefined ? `node:${e.node}` : `edge:${e.edge}`);
        break;
      case "undone": {
        // A piece taken back is no longer there to be ringed.
        const a = e.action || {};
        const key = a.node !== undefined ? `node:${a.node}` : a.edge !== undefined ? `edge:${a.edge}` : null;
        const at = key ? t.fresh.lastIndexOf(key) : -1;
        if (at >= 0) t.fresh.splice(at, 1);
        break;
      }
      case "turn_started":
        // Marks show what the others placed since your last turn: they go when your turn ends.
        if (me === null || (t.lastCurrent === me && e.player !== me)) t.fresh = [];
        t.lastCurrent = e.player;
        t.lastOffer = null;
        break;
      case "trade_offered": t.lastOffer = { player: e.player, give: e.give, get: e.get, answers: {}, closed: null }; break;
      case "trade_answer":
        if (t.lastOffer) t.lastOffer.answers[e.player] = e;
        if (t.lastOffer && t.lastOffer.player === me) {
          const verb = e.answer === "accept" ? "accepts" : e.answer === "counter" ? "counters" : "declines";
          notice(`${ctx.seatName(e.player)} ${verb} your offer`, e.answer === "decline" ? "info" : "good");
        }
        break;
      case "trade_closed": if (t.lastOffer) t.lastOffer.closed = e; break;
      case "stole": {
        const what = aCard(e.resource);
        notice(`${who(e.player)} stole ${what} from ${e.victim === me ? "you" : ctx.seatName(e.victim)}`, e.victim === me ? "bad" : "info");
        break;
      }
      case "discarded":
        // One card per action: gather a player's discards into one notice.
        t.discards[e.player] = (t.discards[e.player] || 0) + 1;
        if (live) {
          clearTimeout(t.discardTimer);
          t.discardTimer = setTimeout(() => {
            for (const [p, n] of Object.entries(t.discards)) notice(`${who(+p)} discarded ${plural(n, "card")}`, "info");
            t.discards = {};
          }, 300);
        } else t.discards = {};
        break;
      default: break;
    }
  }
}

const NOTICE_EVENTS = new Set(["trade_answer", "trade_closed", "stole", "discarded"]);
function classify(e) {
  if (NOTICE_EVENTS.has(e.type)) return "notice-line";
  if (e.type === "produced") return "gain";
  return "";
}

/** Who got what from the last roll, next to the dice. */
function rollGains(track, model, ctx) {
  const roll = track.roll;
  if (!roll || !model.view.dice) return [];
  const gains = Object.entries(roll.gains || {});
  const box = h("div", { class: "roll-gains", "data-roll-gains": gains.length, "aria-label": "What the roll produced" });
  if (!gains.length) {
    box.append(h("span", { class: "muted" }, roll.total === 7 ? "A 7: no production" : "No one produced"));
    return [box];
  }
  for (const [p, cardsGot] of gains) {
    const seat = +p;
    box.append(h("span", { class: "gain", "data-gain-seat": seat, style: `--pc:${PLAYER_COLORS[seat]}` }, [
      h("span", { class: "swatch", "aria-hidden": "true" }),
      h("b", {}, seat === model.seat ? "You" : ctx.seatName(seat).replace(/ · .*/, "")), " +", ...chips(model.view, cardsGot),
    ]));
  }
  return [box];
}

// -- dice -----------------------------------------------------------------------------------------
function die(value, cls = "") {
  const d = h("span", { class: `die ${cls}`, "data-die": value, "aria-label": `die showing ${value}` });
  if (cls.includes("d12")) { d.textContent = String(value); return d; }
  const spots = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] }[value] || [];
  for (let i = 1; i <= 9; i++) d.append(h("i", { class: spots.includes(i) ? "on" : "" }));
  return d;
}

function diceStrip(view, ui) {
  const out = [];
  if (view.dice) {
    out.push(h("div", { class: "dice", "data-dice-total": view.dice[0] + view.dice[1] }, [
      die(view.dice[0]), die(view.dice[1]), h("b", { class: "dice-total" }, `= ${view.dice[0] + view.dice[1]}`),
    ]));
  } else {
    const setup = String(view.phase || "").startsWith("setup");
    out.push(h("div", { class: "dice muted" }, setup ? "No roll yet" : "Not rolled yet this turn"));
  }
  if ("wildling_die" in view) {
    out.push(h("div", { class: "dice wildling-dice", "data-wildling-die": view.wildling_die ?? "" }, [
      h("span", { class: "muted" }, "Wildling die"), view.wildling_die ? die(view.wildling_die, "d12") : h("span", { class: "die d12 blank" }, "–"),
    ]));
    const inGift = Object.values(view.gift_wildlings || {}).reduce((a, w) => a + w.length, 0);
    const end = view.gift_wildlings_to_end;
    out.push(h("div", {
      class: "dice gift-count", "data-gift-count": inGift,
      title: `Wildlings that got over the Wall into the Gift: each blocks its hex's production. ${end} in the Gift end the game.`,
    }, [h("span", { class: "muted" }, `Wildlings in the Gift: ${inGift} of ${end}`)]));
    out.push(h("div", {
      class: "dice token-pool", "data-token-pool": view.token_pool_size,
      title: "Face-down wildling tokens left in the pool. Building a settlement or keep, or taking a special card, reveals tokens: each becomes a wildling that joins its clan's camps. An empty pool is reshuffled from the used tokens.",
    }, [h("span", { class: "muted" }, `Tokens in the pool: ${view.token_pool_size}`)]));
    out.push(northLegend(view, ui));
  }
  return out;
}

/** What north of the Wall means: the pieces, the camps, trails, clearings, the breach track. */
function northLegend(view, ui) {
  const icon = (kind) => {
    const svg = s("svg", { viewBox: "-10 -10 20 20", width: 18, height: 18, "aria-hidden": "true" });
    svg.append(wildlingIcon(view, 0, 0, kind, 0.13));
    return svg;
  };
  const row = (mark, text) => h("li", {}, [h("span", { class: "legend-mark" }, mark), h("span", {}, text)]);
  const { camps_per_clan: camps, spaces_per_section: spaces, wildlings } = northOf(view);
  // Drawn anew with every event: whether it is open lives in the renderer's UI state.
  const box = h("details", { class: "legend", "data-legend": "north", open: !!ui.legendOpen }, [
    h("summary", {}, "Legend"),
    h("ul", {}, [
      ...wildlings.map((w) => row(icon(w.kind), w.does)),
      row(h("span", { class: "legend-camp" }), `Camps: each clan's ${camps} camps, the hottest fire (orange) first. A wildling filling the last camp is a rush: the hottest camps send one wildling down each of the clan's trails.`),
      row(h("span", { class: "legend-trail" }, "4"), "Trails: the wildling die's faces; the wildling at the hottest camp of that trail's clan goes to the clearing below."),
      row(h("span", { class: "legend-wall" }), `Wall: ${spaces} guard spaces a section; a breach sends the wildlings of its clearing into the Gift.`),
      row(h("span", { class: "legend-breach" }, "1"), `Breaches: ${view.breaches_to_end} end the game.`),
      row(h("span", { class: "legend-gift" }), `A dark ring on a hex: wildlings in the Gift block it (${view.gift_wildlings_to_end} in the Gift end the game).`),
    ]),
  ]);
  box.addEventListener("toggle", () => { ui.legendOpen = box.open; });
  return box;
}

// -- players --------------------------------------------------------------------------------------
// The players strip: one compact card per player above the board (the page's Players card moves
// there once), so every name, score and count stays in view at 1280x800 while the side column
// keeps the buttons, the hand, the trade answers and the log. Every number is the view's.
function placeStrip(areas) {
  const card = areas.players.closest(".card");
  const column = areas.board.closest(".board-area");
  if (!card || !column || card.parentElement === column) return;
  card.classList.add("player-strip");
  column.insertBefore(card, column.firstChild);
}

function stat(kind, n, label) {
  return h("span", { class: `stat stat-${kind}`, title: label, "aria-label": label }, [
    h("i", { class: `ico ico-${kind}`, "aria-hidden": "true" }), String(n),
  ]);
}

function playersPanel(model, ctx) {
  const { view } = model;
  const deciding = new Set((view.decision && view.decision.players) || []);
  const heroes = new Map((view.heroes || []).map((x) => [x.seat, x]));
  const knights = view.game === "catan" ? "knights" : "patrols";
  const list = h("ul", { class: "players strip", "aria-label": "Players" });
  for (const p of view.players) {
    const me = p.seat === model.seat;
    const hero = heroes.get(p.seat);
    const presence = ctx.presence(p.seat);
    const clock = seatClock(p.seat);
    const name = ctx.seatName(p.seat);
    // A bot's name ends in its level ("Bot 2 · greedy"): shown whole, the level set in small type.
    const cut = presence === "bot" ? name.indexOf(" · ") : -1;
    const nameEl = h("b", { class: "player-name", title: name },
      cut < 0 ? [name] : [name.slice(0, cut), h("span", { class: "bot-level" }, name.slice(cut))]);
    const vp = p.vp !== undefined ? p.vp : p.visible_vp;
    const marks = [];
    if (view.current === p.seat && !view.result) marks.push(h("span", { class: "turn-mark", title: "whose turn" }, "turn"));
    else if (deciding.has(p.seat)) marks.push(h("span", { class: "turn-mark alt", title: "the game waits for this player" }, "deciding"));
    // The shell's presence (from the seats the server sent): not connected, or the clock ran out
    // too often and a bot plays the seat until its person takes it back.
    if (presence === "away") marks.push(h("span", { class: "away-mark", title: "away: not connected, or a bot plays the seat after timeouts" }, "away"));
    // The seat's time, ticking (shell/clocks.js paints it; hidden in a game without a clock).
    const time = h("span", { class: "seat-clock", "data-seat-clock": p.seat, title: "time left" });
    paintSeatClock(time, clock);
    marks.push(time);
    if (view.longest_road_holder === p.seat) marks.push(h("span", { class: "badge", "data-badge": "road", title: "holds Longest Road" }, "Longest Road"));
    if (view.largest_army_holder === p.seat) marks.push(h("span", { class: "badge", "data-badge": "army", title: `holds ${view.names.army}` }, view.names.army));
    const limit = model.board.discard_limit;
    const many = p.resource_count > limit;
    list.append(h("li", {
      class: `player${view.current === p.seat ? " current" : ""}${deciding.has(p.seat) ? " deciding" : ""}${me ? " me" : ""}`,
      "data-seat": p.seat, style: `--pc:${PLAYER_COLORS[p.seat]}`,
    }, [
      // The points come before the name: floated right, the name's lines flow around them.
      h("div", { class: "player-head" }, [
        h("span", { class: `presence ${presence}`, title: presence }),
        h("span", { class: "vp", "data-vp": vp, title: "victory points" }, [String(vp), h("small", {}, " VP")]),
        nameEl,
      ]),
      h("div", { class: "player-marks" }, marks),
      h("div", { class: "player-stats" }, [
        h("span", {
          class: `stat stat-res${many ? " warn" : ""}`, "data-resource-count": p.resource_count,
          title: many ? `${p.resource_count} resource cards: more than ${limit}, a 7 takes half` : `${p.resource_count} resource cards`,
          "aria-label": `${p.resource_count} resource cards`,
        }, [h("i", { class: "ico ico-res", "aria-hidden": "true" }), String(p.resource_count)]),
        h("span", { class: "stat stat-dev", "data-dev-count": p.dev_card_count, title: `${p.dev_card_count} development cards`, "aria-label": `${p.dev_card_count} development cards` },
          [h("i", { class: "ico ico-dev", "aria-hidden": "true" }), String(p.dev_card_count)]),
        stat("knight", p.knights_played, `${p.knights_played} ${knights} played`),
        stat("road", p.longest_road, `longest road: ${p.longest_road}`),
        p.guards_on_wall !== undefined ? stat("guard", p.guards_on_wall, `${p.guards_on_wall} guards on the Wall`) : null,
        p.discards_owed ? h("span", { class: "stat warn", title: "cards this player must discard" }, `discards ${p.discards_owed}`) : null,
      ]),
      hero ? h("div", { class: "player-hero", title: heroDoes(view, hero.hero) }, `${hero.hero ? heroName(view, hero.hero) : "no hero"} (${hero.side})`) : null,
    ]));
  }
  // What the small icons mean (a phone has no tooltips), said once under the cards.
  const key = (kind, word) => h("span", {}, [h("i", { class: `ico ico-${kind}`, "aria-hidden": "true" }), ` ${word}`]);
  const legend = h("p", { class: "strip-key", "aria-hidden": "true" }, [
    key("res", "resource cards"), key("dev", "development cards"), key("knight", `${knights} played`), key("road", "longest road"),
    view.players.some((p) => p.guards_on_wall !== undefined) ? key("guard", "guards on the Wall") : null,
  ]);
  return [list, legend];
}

// -- the viewer's own hand --------------------------------------------------------------------
function mePanel(model, ctx) {
  const { view } = model;
  if (model.seat === null || model.seat === undefined) {
    return [h("section", { class: "card me" }, [h("h3", {}, "Watching"), h("p", { class: "hint" }, "You are a spectator: hands are hidden.")])];
  }
  const p = view.players[model.seat];
  const hand = p.hand || {};
  const cards = h("div", { class: "hand", "aria-label": "Your resource cards" }, resourcesOf(view).map((r) =>
    h("div", { class: `card-res res-${r}${hand[r] ? "" : " none"}`, "data-hand": r, "data-count": hand[r] || 0 }, [
      h("span", { class: "n" }, String(hand[r] || 0)), h("span", { class: "name" }, r),
    ])));
  const devs = Object.entries(p.dev_cards || {});
  const dev = h("div", { class: "devs" }, devs.length ? devs.map(([card, n]) => {
    const fresh = (p.dev_cards_new || {})[card] || 0;
    return h("span", { class: "dev-card", "data-dev": card }, [`${devName(view, card)} ×${n}`, fresh ? h("small", {}, ` (${fresh} new)`) : null]);
  }) : [h("span", { class: "muted" }, "No development cards")]);
  const out = [h("section", { class: "card me", "aria-label": "Your hand" }, [
    h("h3", {}, [`Your hand `, h("span", { class: "muted" }, `· ${p.vp ?? p.visible_vp} VP · ${plural(total(hand), "card")}`)]), cards, dev,
  ])];
  const heroCard = heroes.handCard(view, model.seat);
  if (heroCard) out[0].append(heroCard);
  return out;
}

// -- buttons ------------------------------------------------------------------------------------
function actionsPanel(ui, model, ctx, types) {
  const { view } = model;
  const legal = model.legal || [];
  const first = (t) => legal.find((a) => a.type === t);
  const row = h("div", { class: "action-row", role: "toolbar", "aria-label": "Actions" });
  if (model.seat === null || model.seat === undefined) return [];
  const myTurn = view.current === model.seat && !["discard"].includes(view.phase);
  // Roll and end turn.
  if (view.phase === "pre_roll" || types.has("roll")) {
    row.append(actionButton("Roll dice", { dataAction: "roll", kind: "primary big", enabled: types.has("roll"), onClick: () => ctx.act({ type: "roll" }) }));
  }
  // Build modes.
  if (view.phase === "main" || view.phase === "pre_roll") {
    for (const [mode, m] of Object.entries(MODES)) {
      if (!m.cost) continue;
      const cost = costOf(view, m.cost);
      if (!cost) continue; // a guard outside Brotherhood
      const on = m.types.some((t) => types.has(t));
      const label = mode === "city" ? cap(view.names.city) : m.label;
      row.append(actionButton(label, {
        dataAction: `mode-${mode}`, kind: `mode${ui.mode === mode ? " selected" : ""}`, enabled: on, extra: costChips(view, cost),
        ariaLabel: `Build a ${label.toLowerCase()}`,
        onClick: () => { ui.mode = ui.mode === mode ? null : mode; ui.choice = null; ctx.rerender(); },
      }));
    }
    row.append(actionButton("Dev card", { dataAction: "buy_dev", enabled: types.has("buy_dev"), extra: costChips(view, costOf(view, "dev")), ariaLabel: "Buy a development card", onClick: () => ctx.act({ type: "buy_dev" }) }));
    row.append(actionButton("Trade", {
      dataAction: "open-trade", kind: ui.panel === "trade" ? "selected" : "",
      enabled: types.has("maritime_trade") || types.has("offer_trade") || (model.templates || []).some((t) => t.type === "offer_trade"),
      onClick: () => { ui.panel = ui.panel === "trade" ? null : "trade"; ctx.rerender(); },
    }));
  }
  // Development cards to play.
  const plays = [];
  if (types.has("play_knight")) plays.push(actionButton(view.game === "catan" ? "Play Knight" : `Patrol: move ${view.names.robber}`, { action: first("play_knight"), onClick: () => ctx.act({ type: "play_knight" }) }));
  if (types.has("patrol_wildling")) plays.push(modeButton(ui, ctx, "patrol", "Patrol: return a wildling"));
  if (types.has("play_road_building")) plays.push(actionButton("Play Road Building", { action: first("play_road_building"), onClick: () => ctx.act({ type: "play_road_building" }) }));
  if (types.has("play_year_of_plenty")) plays.push(actionButton(`Play ${devName(view, "year_of_plenty")}`, { dataAction: "play_year_of_plenty", onClick: () => { ui.panel = "yop"; ctx.rerender(); } }));
  if (types.has("play_monopoly")) plays.push(actionButton("Play Monopoly", { dataAction: "play_monopoly", onClick: () => { ui.panel = "monopoly"; ctx.rerender(); } }));
  if (types.has("play_new_recruits")) plays.push(modeButton(ui, ctx, "recruits", "Play New Recruits"));
  const useHero = heroes.useButton(ui, model, ctx);
  if (useHero) plays.push(useHero);
  if (plays.length) row.append(h("span", { class: "sep" }), ...plays);
  if (view.phase === "main" || types.has("end_turn")) {
    row.append(actionButton("End turn", { dataAction: "end_turn", kind: "end", enabled: types.has("end_turn"), onClick: () => ctx.act({ type: "end_turn" }) }));
  }
  const out = [row];
  if (ui.mode) out.push(h("p", { class: "hint mode-hint" }, `Click a highlighted spot to place your ${MODES[ui.mode].label.toLowerCase()}, or press the button again to cancel.`));
  if (!myTurn && !legal.length && view.phase !== "over") out.push(h("p", { class: "hint" }, `Waiting for ${waitingFor(view, ctx)}…`));
  return out;
}

function modeButton(ui, ctx, mode, label) {
  return actionButton(label, { dataAction: `mode-${mode}`, kind: ui.mode === mode ? "selected" : "", onClick: () => { ui.mode = ui.mode === mode ? null : mode; ctx.rerender(); } });
}

function waitingFor(view, ctx) {
  const ps = (view.decision && view.decision.players) || [];
  return ps.length ? ps.map((p) => ctx.seatName(p)).join(", ") : "the server";
}

// -- choosers -----------------------------------------------------------------------------------
function dialogs(ui, model, ctx, types) {
  const { view } = model;
  const legal = model.legal || [];
  const out = [];
  const card = (title, body, attrs = {}) => h("section", { class: "card dialog", ...attrs }, [h("h3", {}, title), ...body]);

  if (ui.choice) {
    const { actions } = ui.choice;
    const robber = actions[0].type === "move_robber";
    out.push(card(robber ? "Steal from whom?" : "Choose", [h("div", { class: "row wrap" }, actions.map((a) =>
      actionButton(robber ? (a.victim === null ? "Nobody" : `${ctx.seatName(a.victim)} (${view.players[a.victim].resource_count} cards)`) : actionLabel(a, view, ctx.seatName), {
        action: a, kind: "primary", dataAction: robber ? "steal" : a.type, onClick: () => { ui.choice = null; ctx.act(a); },
      }))), actionButton("Back", { dataAction: "back", onClick: () => { ui.choice = null; ctx.rerender(); } })], { "data-dialog": robber ? "victim" : "choice" }));
  }

  if (types.has("discard")) out.push(discardChooser(ui, model, ctx));
  else if (view.phase === "discard" && model.seat !== null) {
    const owed = view.players.filter((p) => p.discards_owed).map((p) => `${ctx.seatName(p.seat)} (${p.discards_owed})`);
    if (owed.length) out.push(card("Discarding", [h("p", { class: "hint" }, `Waiting for ${owed.join(", ")} to discard.`)]));
  }

  if (types.has("move_robber") && !ui.choice) {
    out.push(card(`Move ${view.names.robber === "robber" ? "the robber" : view.names.robber}`, [h("p", { class: "hint" }, "Click a highlighted hex.")], { "data-dialog": "robber" }));
  }

  if (ui.panel === "yop" && types.has("play_year_of_plenty")) out.push(yopChooser(ui, model, ctx));
  if (ui.panel === "monopoly" && types.has("play_monopoly")) {
    out.push(card("Monopoly: take every card of one resource", [h("div", { class: "row wrap" }, legal.filter((a) => a.type === "play_monopoly").map((a) =>
      actionButton(chip(a.resource), { action: a, kind: "res-btn", ariaLabel: `Monopoly on ${a.resource}`, onClick: () => ctx.act(a) })))], { "data-dialog": "monopoly" }));
  }
  // Brotherhood's heroes: the "Use hero" chooser and the questions of their own phases.
  out.push(...heroes.dialogs(ui, model, ctx));

  const latest = trackFor(ui);
  const trade = tradePanel(ui, model, ctx, model.seq >= latest.seq ? latest.lastOffer : null);
  if (trade) out.push(trade);

  // Anything this renderer does not know yet stays reachable.
  const unknown = legal.filter((a) => !HANDLED.has(a.type) && !heroes.isHeroAction(ctx, a.type));
  if (unknown.length) {
    out.push(card("More actions", [h("div", { class: "choice-list" }, unknown.slice(0, 40).map((a) =>
      actionButton(actionLabel(a, view, ctx.seatName), { action: a, onClick: () => ctx.act(a) })))]));
  }
  return out;
}

function discardChooser(ui, model, ctx) {
  const { view } = model;
  const me = view.players[model.seat];
  const owed = me.discards_owed;
  const hand = me.hand || {};
  const picks = ui.discard;
  const n = total(picks);
  const box = h("section", { class: "card dialog discard", "data-dialog": "discard" }, [
    h("h3", {}, `Discard ${plural(owed, "card")}`),
    h("p", { class: "hint" }, `A 7 was rolled and you hold ${total(hand)} cards. Choose exactly ${owed}.`),
    countPicker(view, picks, hand, (c) => { ui.discard = c; ctx.rerender(); }, { label: "Discard", idPrefix: "discard" }),
  ]);
  const ready = n === owed && !ui.sending;
  box.append(h("div", { class: "builder-foot" }, [
    actionButton(`Discard ${n} of ${owed}`, {
      dataAction: "discard", kind: "primary", enabled: ready,
      onClick: async () => {
        const list = [];
        for (const r of resourcesOf(view)) for (let i = 0; i < (picks[r] || 0); i++) list.push({ type: "discard", resource: r });
        ui.sending = true;
        const res = await ctx.actMany(list);
        ui.sending = false;
        ui.discard = {};
        if (!res.ok) ctx.flash(`Discard stopped: ${res.reason}`, "error");
        ctx.rerender();
      },
    }),
    n !== owed ? h("span", { class: "hint" }, n < owed ? `${owed - n} more to choose` : `${n - owed} too many`) : null,
  ]));
  return box;
}

function yopChooser(ui, model, ctx) {
  const { view } = model;
  const options = (model.legal || []).filter((a) => a.type === "play_year_of_plenty");
  const picks = ui.yop;
  const match = options.find((a) =>
    (a.first === picks[0] && a.second === (picks[1] ?? null)) || (a.first === picks[1] && a.second === picks[0]));
  const canAdd = (r) => picks.length < 2 && options.some((a) =>
    picks.length === 0 ? a.first === r || a.second === r : (a.first === picks[0] && a.second === r) || (a.first === r && a.second === picks[0]));
  return h("section", { class: "card dialog", "data-dialog": "year_of_plenty" }, [
    h("h3", {}, `${devName(view, "year_of_plenty")}: take two resources`),
    h("div", { class: "row wrap" }, resourcesOf(view).map((r) => actionButton(chip(r), {
      dataAction: `yop-${r}`, kind: "res-btn", enabled: canAdd(r), ariaLabel: `Take ${r}`,
      onClick: () => { ui.yop = [...picks, r]; ctx.rerender(); },
    }))),
    h("p", {}, ["Chosen: ", ...(picks.length ? picks.map((r) => chip(r)) : [h("span", { class: "muted" }, "none")])]),
    h("div", { class: "row" }, [
      actionButton("Take them", { dataAction: "play_year_of_plenty", kind: "primary", enabled: !!match, onClick: () => { ui.yop = []; ctx.act(match); } }),
      actionButton("Clear", { dataAction: "yop-clear", onClick: () => { ui.yop = []; ctx.rerender(); } }),
    ]),
  ]);
}

// -- the rest of the renderer interface -----------------------------------------------------------
function turnCue(model, ctx) {
  const { view } = model;
  const legal = model.legal || [];
  if (view.result) return null;
  if (!legal.length) return null;
  const types = new Set(legal.map((a) => a.type));
  if (types.has("place_settlement")) return "Your turn: place a settlement";
  if (types.has("place_road")) return "Your turn: place a road next to it";
  if (types.has("place_guard")) return "Your turn: place a guard on the Wall";
  if (types.has("discard")) return "Discard half your cards";
  if (types.has("move_robber")) return `Move ${view.names.robber === "robber" ? "the robber" : view.names.robber}`;
  if (types.has("place_free_road")) return "Place a free road";
  if (types.has("accept_trade") || types.has("decline_trade")) return `${ctx.seatName(view.offer.player)} offers you a trade`;
  if (types.has("confirm_trade") || types.has("accept_counter") || types.has("cancel_trade")) return "Answer to your offer: confirm or cancel";
  const heroCue = heroes.cue(model, ctx);
  if (heroCue) return heroCue;
  if (types.has("roll")) return "Your turn: roll the dice";
  if (types.has("end_turn")) return "Your turn: build, trade or end your turn";
  return "Your move";
}

// The renderer: play.js loads this module when the server names it for a game (its declaration).
export default {
  render,
  describe: (e, ctx, view) => describeEvent(e, ctx, view),
  classify,
  observe,
  turnCue,
};

