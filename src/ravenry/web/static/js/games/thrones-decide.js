// The viewer's decisions: for the legal actions of the moment, what lights up on the map (a
// `plan` for drawMap) and the panel that explains and sends the choice. Everything clickable
// comes from `model.legal`; every number shown is the view's (planning tokens, march targets
// and battle previews, battle strengths, tie groups). UI drafts (selected area, unit counts,
// a bid, a tie order) live in `ui` (ctx.ui.thrones) only.
import { h, plural } from "../shell/dom.js";
import { actButton, actionData, sendInSequence, uiButton } from "./thrones-act.js";
import { actionLabel, areaName, houseCards, houseOf, orderName, bidTitle, unitTypes, unitWord, units as unitWords } from "./thrones-labels.js";
import { cardFace } from "./thrones-panels.js";
import { orderHelp, withHelp } from "./thrones-help.js";

const casualtyWords = (n) => `${n} ${n === 1 ? "casualty" : "casualties"}`;

function newPlan() {
  return { spots: new Map(), marks: new Map(), routes: [], selected: null, dim: true };
}

const ofType = (legal, ...types) => legal.filter((a) => types.includes(a.type));
const panel = (name, title, children, cls = "") => h("section", { class: `card th-panel ${cls}`.trim(), "data-panel": name, "aria-label": title }, [h("h3", {}, title), ...children.filter(Boolean)]);
const hint = (text) => h("p", { class: "hint th-hint" }, text);

function readiness(view, key) {
  const flags = key === "bids" ? view.bids_in || [] : view.ready || [];
  return h("ul", { class: "th-ready" }, view.houses.map((house, p) => h("li", { "data-ready-seat": p, "data-ready": flags[p] ? "1" : "0", class: flags[p] ? "yes" : "no" }, `${house}: ${flags[p] ? "ready" : "deciding"}`)));
}

// -- planning ------------------------------------------------------------------------------------
// A face-down order of yours (a clear_order in the legal list) opens its own chooser: take it
// back, or change it for one of the kinds the view lists for it (planning.changes, the kinds
// legal there once it is back), sent as the clear and then the place.
function changeChooser(view, ctx, ui, clear, info) {
  const area = clear.area;
  const now = view.my_orders ? view.my_orders[area] : null;
  const change = (info.changes || []).find((c) => c.area === area);
  const kinds = change ? change.orders : [];
  const buttons = kinds.map((k) => {
    const b = h("button", { type: "button", class: "btn th-token-btn", ...actionData(clear), "data-change-to": String(k), title: `Change it to ${orderName(view, k)}` }, [h("b", {}, orderName(view, k))]);
    b.addEventListener("click", (e) => {
      e.stopPropagation();
      sendInSequence([{ type: "clear_order", area }, { type: "place_order", area, order: k }], () => ui.latest, ctx);
    });
    return b;
  });
  return h("div", { class: "th-chooser", "data-dialog": "change", "data-area": area }, [
    h("b", {}, `${orderName(view, now)} in ${areaName(view, area)}`),
    h("div", { class: "action-row" }, [actButton(clear, "Take it back", ctx, "", { title: actionLabel(clear, view) })]),
    kinds.length ? h("p", { class: "muted" }, "…or change it to:") : null,
    kinds.length ? h("div", { class: "th-tokens" }, buttons) : null,
  ].filter(Boolean));
}

function planning(model, ctx, ui, plan) {
  const { view } = model;
  const legal = model.legal;
  const places = ofType(legal, "place_order");
  const clears = ofType(legal, "clear_order");
  const areas = [...new Set(places.map((a) => a.area))];
  const placed = clears.map((a) => a.area);
  // A placed order's chooser stays open only when the person opened it (ui.changing): once a
  // token is placed from the picker, the selection moves on to the next area without one.
  if (ui.sel !== null && !areas.includes(ui.sel) && !(placed.includes(ui.sel) && ui.changing === ui.sel)) ui.sel = null;
  if (ui.sel === null && areas.length) ui.sel = areas[0];
  if (areas.includes(ui.sel)) ui.changing = null;
  for (const a of areas) plan.spots.set(a, { label: `${areaName(view, a)}: place an order`, onClick: () => { ui.sel = a; ctx.rerender(); } });
  for (const a of placed) plan.spots.set(a, { label: `${areaName(view, a)}: change or take back your order`, onClick: () => { ui.sel = a; ui.changing = a; ctx.rerender(); } });
  plan.selected = ui.sel;
  const info = view.planning || { tokens: [], stars: 0, stars_used: 0, changes: [] };
  const children = [];
  children.push(hint(areas.length
    ? `${plural(areas.length, "area")} of yours still without an order. Click one on the map, then pick a token.`
    : "Every area has its order. Press Done when you are happy — the others never see them before the reveal."));
  if (placed.length) children.push(hint("Click one of your orders to change it or take it back (until you press Done)."));
  const clearing = clears.find((a) => a.area === ui.sel);
  if (clearing) children.push(changeChooser(view, ctx, ui, clearing, info));
  else if (ui.sel !== null) {
    const here = places.filter((a) => a.area === ui.sel);
    const sea = view.board.areas[ui.sel].sea;
    const tokens = info.tokens.map((t) => {
      const a = here.find((x) => x.order === t.kind);
      const face = [h("b", {}, orderName(view, t.name)), h("span", { class: "muted" }, ` ×${t.left}`)];
      if (a) return actButton(a, face, ctx, "th-token-btn", { title: actionLabel(a, view) });
      const why = t.blocked || (t.land_only && sea ? "Consolidate Power: land areas only" : "not here");
      return h("button", { type: "button", class: "btn th-token-btn", disabled: true, "data-blocked": t.kind, title: why }, [...face, h("span", { class: "th-why" }, why)]);
    }).map((el, i) => withHelp(el, orderHelp(view, info.tokens[i].name)));
    children.push(h("div", { class: "th-chooser", "data-dialog": "area", "data-area": ui.sel }, [
      h("b", {}, `Order for ${areaName(view, ui.sel)}`),
      h("div", { class: "th-tokens" }, tokens),
    ]));
  }
  children.push(h("p", { class: "muted th-stars" }, `Star orders: ${info.stars_used} of ${info.stars} used (King's Court position).`));
  const ready = ofType(legal, "ready")[0];
  if (ready) children.push(actButton(ready, "Done: my orders are placed", ctx, areas.length ? "" : "primary"));
  children.push(readiness(view, "ready"));
  return panel("orders", "Planning: your orders", children);
}

function waitingPlanning(view) {
  return panel("orders", "Planning", [hint("Your orders are in. Waiting for the other houses…"), readiness(view, "ready")]);
}

// -- the Messenger Raven --------------------------------------------------------------------------
function raven(model, ctx, ui, plan) {
  const { view } = model;
  const swaps = ofType(model.legal, "raven_swap");
  const areas = [...new Set(swaps.map((a) => a.area))];
  if (ui.sel !== null && !areas.includes(ui.sel)) ui.sel = null;
  for (const a of areas) plan.spots.set(a, { label: `${areaName(view, a)}: swap this order`, onClick: () => { ui.sel = a; ctx.rerender(); } });
  plan.selected = ui.sel;
  const here = swaps.filter((a) => a.area === ui.sel);
  return panel("raven", "Messenger Raven", [
    hint("You hold the Messenger Raven: you may swap one of your orders on the board for an unused one. Click an order's area, or keep them."),
    ui.sel !== null ? h("div", { class: "th-tokens" }, here.map((a) => actButton(a, `→ ${orderName(view, a.order)}`, ctx, "th-token-btn"))) : null,
    ...ofType(model.legal, "raven_pass").map((a) => actButton(a, "Keep my orders", ctx)),
  ]);
}

// -- raids ----------------------------------------------------------------------------------------
function raid(model, ctx, ui, plan) {
  const { view } = model;
  const raids = ofType(model.legal, "raid");
  const origins = [...new Set(raids.map((a) => a.area))];
  if (ui.sel !== null && !origins.includes(ui.sel)) ui.sel = null;
  if (ui.sel === null && origins.length === 1) ui.sel = origins[0];
  const children = [];
  if (ui.sel === null) {
    for (const a of origins) plan.spots.set(a, { label: `Resolve the Raid in ${areaName(view, a)}`, onClick: () => { ui.sel = a; ctx.rerender(); } });
    children.push(hint("Click the Raid order to resolve."));
  } else {
    plan.marks.set(ui.sel, "from");
    const here = raids.filter((a) => a.area === ui.sel);
    for (const a of here.filter((x) => x.target !== null && x.target !== undefined)) {
      const o = view.orders[a.target];
      plan.spots.set(a.target, { label: `Raid ${o ? `the ${orderName(view, o[1])} of ${houseOf(view, o[0])}` : "the order"} in ${areaName(view, a.target)}`, action: a, onClick: () => ctx.act(a) });
    }
    children.push(hint(`Raid from ${areaName(view, ui.sel)}: click a lit order to remove it.`));
    children.push(h("div", { class: "th-choices" }, here.map((a) => actButton(a, actionLabel(a, view), ctx))));
    if (origins.length > 1) children.push(uiButton("Another Raid", () => { ui.sel = null; ctx.rerender(); }, { "data-ui": "back" }));
  }
  return panel("raid", "Raid", children);
}

// -- marches --------------------------------------------------------------------------------------
function marchChoose(model, ctx, plan) {
  const { view } = model;
  const list = ofType(model.legal, "march");
  for (const a of list) plan.spots.set(a.area, { label: `Resolve the March in ${areaName(view, a.area)}`, action: a, onClick: () => ctx.act(a) });
  return panel("march", "March", [hint("Click the March order to resolve now."), h("div", { class: "th-choices" }, list.map((a) => actButton(a, actionLabel(a, view), ctx)))]);
}

/** The marcher's strength with the units chosen now: the view's number for that choice
 * (battle.attacker_strength_by_sending, keyed "footmen,knights,ships"), never a sum made here. */
function strengthSending(b, units, counts) {
  const key = [0, 1, 2].map((u) => (units.includes(u) ? counts[u] || 0 : 0)).join(",");
  const by = b.attacker_strength_by_sending || {};
  return key in by ? by[key] : null;
}

function battleWords(view, b, sending, strength) {
  const foe = b.neutral ? `a neutral force of ${b.neutral}` : `${houseOf(view, b.defender)} (strength ${b.defender_strength} before cards and support)`;
  const sup = b.supporters.length ? ` Support orders next to it: ${b.supporters.map((x) => `${houseOf(view, x.seat)} in ${view.board.areas[x.area].name} (+${x.strength})`).join(", ")}.` : " No support order next to it.";
  return `Battle! Attacking ${foe} with strength ${strength ?? "?"} (${sending}, the March bonus counted).${sup}`;
}

function marchMove(model, ctx, ui, plan) {
  const { view } = model;
  const m = view.march;
  const ends = ofType(model.legal, "end_march");
  const children = [];
  if (!m) return panel("march", "March", ends.map((a) => actButton(a, actionLabel(a, view), ctx)));
  plan.marks.set(m.area, "from");
  const key = `${m.area}:${m.free.join(",")}`;
  if (ui.marchKey !== key) { ui.marchKey = key; ui.counts = [...m.free]; ui.target = null; }
  const counts = ui.counts;
  const targets = m.targets.filter((t) => t.units.some((u) => counts[u] > 0));
  if (ui.target !== null && !targets.some((t) => t.to === ui.target)) ui.target = null;
  const send = async (t) => {
    const wanted = [];
    for (const u of t.units) for (let i = 0; i < counts[u]; i++) wanted.push({ type: "move", from: m.area, to: t.to, unit: u });
    ui.target = null;
    await sendInSequence(wanted, () => ui.latest, ctx);
  };
  for (const t of targets) {
    const first = t.units.find((u) => counts[u] > 0);
    const what = t.units.filter((u) => counts[u] > 0).map((u) => unitWords(view, counts[u], u)).join(", ");
    const label = `Move ${what} to ${areaName(view, t.to)}${t.via.length ? " by ship" : ""}${t.battle ? " — battle" : ""}`;
    plan.spots.set(t.to, {
      label, action: { type: "move", from: m.area, to: t.to, unit: first },
      onClick: () => { if (t.battle) { ui.target = t.to; ctx.rerender(); } else send(t); },
    });
    plan.marks.set(t.to, t.battle ? "battle-target" : t.via.length ? "by-sea" : "reach");
    if (t.via.length) plan.routes.push([m.area, ...t.via, t.to]);
  }
  plan.selected = ui.target;
  // The units to send, with counts.
  const steppers = unitTypes(view).filter((u) => m.free[u] > 0).map((u) => {
    const minus = uiButton("−", () => { counts[u] = Math.max(0, counts[u] - 1); ctx.rerender(); }, { "data-unit-less": u, "aria-label": `one ${unitWord(view, u)} fewer` });
    const plus = uiButton("+", () => { counts[u] = Math.min(m.free[u], counts[u] + 1); ctx.rerender(); }, { "data-unit-more": u, "aria-label": `one ${unitWord(view, u)} more` });
    return h("div", { class: "th-stepper", "data-unit-count": u, "data-count": counts[u] }, [minus, h("span", {}, `${counts[u]} of ${unitWords(view, m.free[u], u)}`), plus]);
  });
  children.push(hint(`March from ${areaName(view, m.area)}: choose the units, then click a lit area (blue dashes: by ship; red: a battle).`));
  children.push(h("div", { class: "th-steppers" }, steppers));
  const t = m.targets.find((x) => x.to === ui.target);
  if (t && t.battle) {
    const sending = t.units.filter((u) => counts[u] > 0).map((u) => unitWords(view, counts[u], u)).join(", ");
    children.push(h("div", { class: "th-confirm warn", "data-confirm": "battle", "data-to": t.to }, [
      h("b", {}, `${areaName(view, t.to)}`),
      h("p", { "data-attack-strength": strengthSending(t.battle, t.units, counts) ?? "" }, battleWords(view, t.battle, sending || "units", strengthSending(t.battle, t.units, counts))),
      h("div", { class: "action-row" }, [
        uiButton(`Attack with ${sending}`, () => send(t), { class: "btn primary", ...actionData({ type: "move", from: m.area, to: t.to, unit: t.units.find((u) => counts[u] > 0) }) }),
        uiButton("Cancel", () => { ui.target = null; ctx.rerender(); }, { "data-ui": "cancel" }),
      ]),
    ]));
  }
  if (targets.length) {
    // The same targets as buttons (keyboard, screen readers): one click sends the units chosen.
    children.push(h("div", { class: "th-reach", role: "group", "aria-label": "Areas in reach" }, targets.map((x) => {
      const first = x.units.find((u) => counts[u] > 0);
      const foe = x.battle ? (x.battle.neutral ? ` — battle: neutral force ${x.battle.neutral}` : ` — battle: ${houseOf(view, x.battle.defender)} ${x.battle.defender_strength}`) : "";
      const via = x.via.length ? ` by ship via ${x.via.map((s) => areaName(view, s)).join(", ")}` : "";
      return uiButton(`→ ${areaName(view, x.to)}${via}${foe}`, () => { if (x.battle) { ui.target = x.to; ctx.rerender(); } else send(x); }, {
        class: `btn th-target${x.battle ? " battle" : ""}`, ...(x.battle ? { "data-opens": "battle", "data-area": x.to } : actionData({ type: "move", from: m.area, to: x.to, unit: first })),
      });
    })));
  } else children.push(hint("No area in reach for these units."));
  const endLabel = (a) => (a.leave_power_token ? `End the march, leave a power token in ${areaName(view, m.area)}` : "End the march");
  children.push(h("div", { class: "action-row" }, ends.map((a) => actButton(a, endLabel(a), ctx, a.leave_power_token ? "" : targets.length ? "" : "primary"))));
  return panel("march", "March", children);
}

// -- battles -------------------------------------------------------------------------------------
const PART_WORDS = { units: "units", order: "order", support: "support", card: "house card", blade: "Valyrian Steel Blade", neutral: "neutral force" };

export function battlePanel(model, ui = null, ctx = null) {
  const { view } = model;
  const b = view.battle;
  if (!b) return view.last_battle ? battleTally(model, ui, ctx) : null;
  const side = (i) => {
    const seat = i === 0 ? b.attacker : b.defender;
    const name = i === 1 && b.neutral ? "Neutral force" : houseOf(view, seat);
    const force = i === 0 ? b.attacking : view.units[b.area];
    const words = unitTypes(view).filter((u) => force && force[u]).map((u) => unitWords(view, force[u], u)).join(", ") || (b.neutral && i === 1 ? `strength ${b.neutral}` : "none");
    const parts = (b.parts || [])[i] || {};
    const c = b.cards ? b.cards[i] : null;
    let card = "—";
    if (!(i === 1 && b.neutral)) {
      if (c !== null && c !== undefined) card = houseCards(view, seat)[c]?.name || `card ${c}`;
      else card = b.chosen && b.chosen[i] ? "chosen, face down" : "not chosen yet";
    }
    const pledged = (b.supporters || []).filter((x) => x.side === i).map((x) => `${areaName(view, x.area)} (+${x.strength})`);
    return h("div", { class: `th-side side-${i}`, "data-side": i }, [
      h("b", { class: `th-chip house-${i === 1 && b.neutral ? "neutral" : houseOf(view, seat).toLowerCase()}` }, `${i === 0 ? "Attacker" : "Defender"}: ${name}`),
      h("div", {}, words),
      h("div", { class: "muted" }, `Card: ${card}`),
      pledged.length ? h("div", { class: "muted" }, `Supported from ${pledged.join(", ")}`) : null,
      h("ul", { class: "th-parts" }, Object.entries(parts).filter(([, v]) => v).map(([k, v]) => h("li", {}, `${PART_WORDS[k] || k} ${v > 0 ? "+" : ""}${v}`))),
      h("div", { class: "th-total", "data-strength": (b.strength || [])[i] }, `Strength ${(b.strength || [])[i] ?? "?"}`),
    ]);
  };
  const queue = (b.supporters || []).filter((x) => x.side === null).map((x) => `${houseOf(view, x.seat)} in ${areaName(view, x.area)} (+${x.strength})`);
  return panel("battle", `Battle for ${areaName(view, b.area)}`, [
    h("div", { class: "th-sides" }, [side(0), h("span", { class: "th-vs" }, "vs"), side(1)]),
    b.cards_counted ? null : h("p", { class: "muted" }, "House cards count once both are revealed."),
    queue.length ? h("p", { class: "muted" }, `Still to pledge support: ${queue.join(", ")}`) : null,
    b.winner !== null && b.winner !== undefined && b.winner >= 0 ? h("p", { class: "th-result", "data-winner": b.winner }, `${houseOf(view, b.winner)} wins${b.casualties ? `; ${casualtyWords(b.casualties)} to take` : ""}.`) : null,
  ], "th-battle");
}

/** A unit list in words: "2 footmen, 1 knight" ("none" if empty). */
const unitList = (view, counts) => unitTypes(view).filter((u) => counts && counts[u]).map((u) => unitWords(view, counts[u], u)).join(", ") || "none";

/**
 * The last resolved battle's closing tally (view.last_battle: every number is the view's), until
 * the next battle or the next round's orders; the viewer may close it (a UI draft only).
 */
function battleTally(model, ui, ctx) {
  const { view } = model;
  const t = view.last_battle;
  const key = JSON.stringify(t);
  if (ui && ui.closedTally === key) return null;
  const neutral = t.neutral > 0;
  const winSide = t.winner === null ? 1 : t.winner === t.attacker ? 0 : 1;
  const side = (i) => {
    const seat = i === 0 ? t.attacker : t.defender;
    const name = i === 1 && neutral ? "Neutral force" : houseOf(view, seat);
    const parts = t.parts[i] || {};
    const c = t.cards[i];
    const card = c === null || c === undefined ? null : houseCards(view, seat)[c]?.name || `card ${c}`;
    const lost = t.lost[i] || [0, 0, 0];
    return h("div", { class: `th-side side-${i}${i === winSide ? " won" : ""}`, "data-side": i }, [
      h("b", { class: `th-chip house-${i === 1 && neutral ? "neutral" : houseOf(view, seat).toLowerCase()}` }, `${i === 0 ? "Attacker" : "Defender"}: ${name}`),
      card ? h("div", { class: "muted" }, `Card: ${card}`) : null,
      h("ul", { class: "th-parts" }, Object.entries(parts).filter(([, v]) => v).map(([k, v]) => h("li", {}, `${PART_WORDS[k] || k} ${v > 0 ? "+" : ""}${v}`))),
      h("div", { class: "th-total", "data-strength": t.strength[i] }, `Strength ${t.strength[i]}`),
      lost.some(Boolean) ? h("div", { class: "th-lost", "data-lost": lost.join(",") }, `Lost ${unitList(view, lost)}`) : null,
    ]);
  };
  const winner = t.winner === null ? "The neutral force holds" : `${houseOf(view, t.winner)} wins`;
  const loser = t.winner === null ? t.attacker : t.winner === t.attacker ? t.defender : t.attacker;
  const lines = [];
  if (t.casualties) lines.push(`${casualtyWords(t.casualties)} inflicted (swords less fortifications).`);
  if (t.no_retreat) lines.push(`${houseOf(view, loser)} had nowhere to retreat: its army was destroyed.`);
  else if (t.retreat !== null && loser >= 0) lines.push(`${houseOf(view, loser)} ${loser === t.attacker ? "went back" : "retreated"} to ${areaName(view, t.retreat)}${neutral ? "" : ", routed"}.`);
  return panel("battle-result", `Battle for ${areaName(view, t.area)}: the result`, [
    h("p", { class: "th-result", "data-winner": t.winner === null ? -1 : t.winner }, `${winner}, ${t.strength[winSide]} against ${t.strength[1 - winSide]}.`),
    h("div", { class: "th-sides" }, [side(0), h("span", { class: "th-vs" }, "vs"), side(1)]),
    ...lines.map((x) => h("p", { class: "muted th-tally-line" }, x)),
    ui && ctx ? h("div", { class: "action-row" }, [uiButton("Close", () => { ui.closedTally = key; ctx.rerender(); }, { "data-ui": "close-tally" })]) : null,
  ], "th-battle th-tally");
}

function support(model, ctx, plan) {
  const { view } = model;
  const acts = ofType(model.legal, "support");
  const area = acts[0].area;
  plan.marks.set(area, "from");
  plan.selected = area;
  const words = ["Support the attacker", "Support the defender", "Support nobody"];
  return panel("support", "Support", [
    hint(`Your Support order in ${areaName(view, area)} may add ${((view.battle && view.battle.supporters) || []).find((x) => x.area === area)?.strength ?? "its strength"} to one side (before house cards).`),
    h("div", { class: "action-row" }, acts.map((a) => actButton(a, words[a.side] || actionLabel(a, view), ctx))),
  ]);
}

function houseCardChooser(model, ctx) {
  const { view } = model;
  const acts = ofType(model.legal, "house_card");
  const cards = houseCards(view, model.seat);
  return panel("cards", "Choose your house card", [
    hint("Your card stays face down until both sides have chosen."),
    h("div", { class: "th-cards choose" }, acts.map((a) => {
      const c = cards[a.card];
      const el = cardFace(c, { ...actionData(a), class: "th-card pick", role: "button", tabindex: "0", "aria-label": `Play ${c.name}` }, null, view);
      el.addEventListener("click", (e) => { e.stopPropagation(); ctx.act(a); });
      el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.act(a); } });
      return el;
    })),
  ]);
}

function simpleChoices(model, ctx, name, title, text, types) {
  const { view } = model;
  return panel(name, title, [hint(text), h("div", { class: "th-choices" }, ofType(model.legal, ...types).map((a) => actButton(a, actionLabel(a, view), ctx)))]);
}

// The loser picks its casualties on the map: its army's area (the battle's) lights up, a click
// opens the chooser of its unit kinds with the counts the view gives (battle.casualty_pool).
function casualties(model, ctx, ui, plan) {
  const { view } = model;
  const b = view.battle;
  const acts = ofType(model.legal, "casualty");
  const children = [];
  const left = b && b.casualties ? plural(b.casualties, "unit") : "units";
  if (!b) return panel("casualties", "Casualties", [h("div", { class: "action-row" }, acts.map((a) => actButton(a, actionLabel(a, view), ctx)))]);
  const attacking = b.attacker === model.seat;
  const where = areaName(view, b.area);
  const open = () => { ui.sel = b.area; ctx.rerender(); };
  plan.spots.set(b.area, { label: `Choose your casualties in the battle for ${where}`, opens: "casualty", onClick: open });
  plan.selected = ui.sel === b.area ? b.area : null;
  if (b.from >= 0 && attacking) plan.marks.set(b.from, "from");
  children.push(hint(`You lost the battle for ${where}: ${left} to lose, one at a time. Click your ${attacking ? "attacking army" : "army"} on the map (${where}) and pick the unit.`));
  if (ui.sel === b.area) {
    const pool = b.casualty_pool || [0, 0, 0];
    children.push(h("div", { class: "th-chooser", "data-dialog": "area", "data-area": b.area }, [
      h("b", {}, `Lose which unit? (${left} left)`),
      h("div", { class: "th-choices" }, acts.map((a) => actButton(a, [
        h("b", {}, `Lose 1 ${unitWord(view, a.unit)}`), h("span", { class: "muted" }, ` · ${unitWords(view, pool[a.unit], a.unit)} in the battle`),
      ], ctx, "", { title: actionLabel(a, view), "data-count": pool[a.unit] }))),
    ]));
  } else {
    children.push(uiButton(`Choose here instead (${unitList(view, b.casualty_pool)})`, open, { "data-ui": "open-chooser" }));
  }
  return panel("casualties", "Casualties", children);
}

function areaUnitChoice(model, ctx, ui, plan, types, name, title, text) {
  const { view } = model;
  const acts = ofType(model.legal, ...types);
  const areas = [...new Set(acts.map((a) => a.area))];
  if (ui.sel !== null && !areas.includes(ui.sel)) ui.sel = null;
  for (const a of areas) {
    const here = acts.filter((x) => x.area === a);
    plan.spots.set(a, { label: here.length === 1 ? actionLabel(here[0], view) : `${areaName(view, a)}: choose`, action: here.length === 1 ? here[0] : null, onClick: () => { if (here.length === 1) ctx.act(here[0]); else { ui.sel = a; ctx.rerender(); } } });
  }
  plan.selected = ui.sel;
  const list = ui.sel === null ? acts : acts.filter((a) => a.area === ui.sel);
  return panel(name, title, [hint(text), h("div", { class: "th-choices" }, list.map((a) => actButton(a, actionLabel(a, view), ctx)))]);
}

function abilityChoice(model, ctx, plan) {
  const { view } = model;
  const info = view.ability || { card: null, text: "", targets: "none" };
  const acts = ofType(model.legal, "ability", "ability_pass");
  if (info.targets === "areas") {
    for (const a of acts.filter((x) => x.type === "ability")) plan.spots.set(a.target, { label: actionLabel(a, view), action: a, onClick: () => ctx.act(a) });
  }
  return panel("ability", `${info.card || "Your card"}: its ability`, [
    hint(`You won. ${info.text}${info.targets === "areas" ? " Click a lit order on the map, or:" : ""}`),
    h("div", { class: "th-choices" }, acts.map((a) => actButton(a, actionLabel(a, view), ctx))),
  ]);
}

function retreat(model, ctx, plan) {
  const { view } = model;
  const acts = ofType(model.legal, "retreat");
  for (const a of acts) plan.spots.set(a.area, { label: `Retreat to ${areaName(view, a.area)}`, action: a, onClick: () => ctx.act(a) });
  if (view.battle) plan.marks.set(view.battle.area, "battle-target");
  return panel("retreat", "Retreat", [hint("Your army lost: click a lit area to retreat to (its units are routed)."), h("div", { class: "th-choices" }, acts.map((a) => actButton(a, actionLabel(a, view), ctx)))]);
}

// -- mustering -----------------------------------------------------------------------------------
function muster(model, ctx, ui, plan) {
  const { view } = model;
  const acts = ofType(model.legal, "muster");
  const areas = [...new Set(acts.map((a) => a.area))];
  if (ui.sel !== null && !areas.includes(ui.sel)) ui.sel = null;
  if (ui.sel === null && areas.length === 1) ui.sel = areas[0];
  for (const a of areas) plan.spots.set(a, { label: `Muster in ${areaName(view, a)} (${view.muster_points[a]} points)`, onClick: () => { ui.sel = a; ctx.rerender(); } });
  plan.selected = ui.sel;
  const children = [hint(areas.length ? "Click a lit castle or stronghold, then what to raise there." : "Nothing more to raise.")];
  if (ui.sel !== null) {
    const here = acts.filter((a) => a.area === ui.sel);
    for (const a of here) if (a.to !== a.area) plan.marks.set(a.to, "reach");
    children.push(h("div", { class: "th-chooser", "data-dialog": "area", "data-area": ui.sel }, [
      h("b", {}, `${areaName(view, ui.sel)}: ${plural(view.muster_points[ui.sel], "point")} left`),
      h("div", { class: "th-choices" }, here.map((a) => actButton(a, actionLabel(a, view), ctx))),
    ]));
  }
  children.push(...ofType(model.legal, "end_muster").map((a) => actButton(a, "Done mustering", ctx, areas.length ? "" : "primary")));
  return panel("muster", "Mustering", children);
}

// -- bids and ties -------------------------------------------------------------------------------
function bid(model, ctx, ui) {
  const { view } = model;
  const acts = ofType(model.legal, "bid");
  const amounts = acts.map((a) => a.amount);
  const max = Math.max(...amounts);
  if (ui.bidKey !== `${view.bid_for}:${view.turn}`) { ui.bidKey = `${view.bid_for}:${view.turn}`; ui.bid = 0; }
  if (!amounts.includes(ui.bid)) ui.bid = 0;
  const pick = acts.find((a) => a.amount === ui.bid);
  const quick = h("div", { class: "th-amounts", role: "group", "aria-label": "Bid" }, acts.map((a) => uiButton(String(a.amount), () => { ui.bid = a.amount; ctx.rerender(); }, { class: `btn th-amount${a.amount === ui.bid ? " on" : ""}`, "data-bid-pick": a.amount, "aria-pressed": a.amount === ui.bid ? "true" : "false" })));
  return panel("bid", `Bid for ${bidTitle(view.bid_for)}`, [
    hint(`Bid power tokens, sealed until every house has bid. You have ${max}.`),
    quick,
    actButton(pick, `Bid ${ui.bid}`, ctx, "primary"),
    readiness(view, "bids"),
  ]);
}

function waitingBid(view) {
  return panel("bid", `Bid for ${bidTitle(view.bid_for)}`, [hint(`Your bid${view.my_bid !== undefined ? ` (${view.my_bid})` : ""} is in, sealed. Waiting for the others…`), readiness(view, "bids")]);
}

function tie(model, ctx, ui) {
  const { view } = model;
  const t = view.tie || { groups: [ofType(model.legal, "tie_pick").map((a) => a.seat)] };
  const key = JSON.stringify(t.groups);
  if (ui.tieKey !== key) { ui.tieKey = key; ui.tieOrder = t.groups.map((g) => [...g]); }
  const order = ui.tieOrder;
  const move = (g, i, d) => { const o = order[g]; [o[i], o[i + d]] = [o[i + d], o[i]]; ctx.rerender(); };
  const lists = order.map((g, gi) => h("ol", { class: "th-tie-list", "data-tie-group": gi }, g.map((seat, i) => h("li", { "data-tie-seat": seat }, [
    h("b", {}, houseOf(view, seat)), h("span", { class: "muted" }, ` bid ${t.bids ? t.bids[seat] : "?"}`),
    i > 0 ? uiButton("↑", () => move(gi, i, -1), { "data-tie-up": seat, "aria-label": `${houseOf(view, seat)} up` }) : null,
    i < g.length - 1 ? uiButton("↓", () => move(gi, i, 1), { "data-tie-down": seat, "aria-label": `${houseOf(view, seat)} down` }) : null,
  ]))));
  const confirm = uiButton("Confirm this order", async () => {
    const wanted = [];
    // As many picks as the rules ask for each group (the view's tie.picks): a track needs all but
    // the last of a group, the Night's Watch only the first.
    order.forEach((g, gi) => { for (const seat of g.slice(0, t.picks ? t.picks[gi] : g.length - 1)) wanted.push({ type: "tie_pick", seat }); });
    await sendInSequence(wanted, () => ui.latest, ctx);
  }, { class: "btn primary", "data-action": "tie_pick", "data-seat": order[0] ? order[0][0] : null, "data-tie-order": order.map((g) => g.join(",")).join(";") });
  return panel("tie", "Break the tie", [
    hint(t.choose === "top"
      ? "You hold the Iron Throne. The Night's Watch holds, and these houses bid the same most: put first the one that counts as the top bidder."
      : t.choose === "lowest"
        ? "You hold the Iron Throne. The wildlings win, and these houses bid the same least: put first the one that counts as the lowest bidder."
        : `You hold the Iron Throne: order the tied houses for ${bidTitle(view.bid_for || (view.last_bids && view.last_bids.for))}, best first.`),
    ...lists, confirm,
  ]);
}

// The action kinds each phase takes come from the server (ctx.game.actions, the game's
// /api/meta entry: kind → {fields, phases}, read from the rules' one table of actions); the page
// keeps no list of them. A phase is named as the view names it (view.phase).
function phaseKinds(ctx) {
  const byPhase = new Map();
  for (const [kind, facts] of Object.entries((ctx.game && ctx.game.actions) || {})) {
    for (const phase of facts.phases || []) byPhase.set(phase, [...(byPhase.get(phase) || []), kind]);
  }
  return byPhase;
}

const destroyText = (view) => view.phase === "supply"
  ? "Your armies no longer fit your supply: click an army and choose the units to destroy."
  : "Not every retreated unit fits your supply: choose the ones destroyed.";

// The panel of each phase that waits for the viewer, by the phase's name; `kinds` are the
// kinds the server says it takes.
const PANELS = {
  planning: (model, ctx, ui, plan) => planning(model, ctx, ui, plan),
  messenger_raven: (model, ctx, ui, plan) => raven(model, ctx, ui, plan),
  raid: (model, ctx, ui, plan) => raid(model, ctx, ui, plan),
  march_choose: (model, ctx, ui, plan) => marchChoose(model, ctx, plan),
  march_move: (model, ctx, ui, plan) => marchMove(model, ctx, ui, plan),
  support: (model, ctx, ui, plan) => support(model, ctx, plan),
  house_cards: (model, ctx) => houseCardChooser(model, ctx),
  valyrian_steel_blade: (model, ctx, ui, plan, kinds) => panel("blade", "Valyrian Steel Blade", [hint("You hold the Valyrian Steel Blade: add +1 to your side in this battle? (Once per round.)"), h("div", { class: "action-row" }, ofType(model.legal, ...kinds).map((a) => actButton(a, a.use ? "Use the Blade (+1)" : "Keep it", ctx, a.use ? "primary" : "")))]),
  casualties: (model, ctx, ui, plan) => casualties(model, ctx, ui, plan),
  card_ability: (model, ctx, ui, plan) => abilityChoice(model, ctx, plan),
  retreat: (model, ctx, ui, plan) => retreat(model, ctx, plan),
  mustering: (model, ctx, ui, plan) => muster(model, ctx, ui, plan),
  supply: (model, ctx, ui, plan, kinds) => areaUnitChoice(model, ctx, ui, plan, kinds, "destroy", "Destroy units", destroyText(model.view)),
  retreat_losses: (model, ctx, ui, plan, kinds) => areaUnitChoice(model, ctx, ui, plan, kinds, "destroy", "Destroy units", destroyText(model.view)),
  wildling_losses: (model, ctx, ui, plan, kinds) => areaUnitChoice(model, ctx, ui, plan, kinds, "wildlings", "Wildlings: losses", "The wildlings won: choose the units you lose, one at a time."),
  bidding: (model, ctx, ui) => bid(model, ctx, ui),
  tie: (model, ctx, ui) => tie(model, ctx, ui),
  wildling_reward: (model, ctx, ui, plan, kinds) => simpleChoices(model, ctx, "reclaim", "The Night's Watch holds", "You bid most: take one of your played house cards back?", kinds),
};
// While the others answer a sealed phase, the viewer who has answered waits.
const WAITING = { planning: (view) => waitingPlanning(view), bidding: (view) => waitingBid(view) };

/** The plan (map highlights) and the panel of the viewer's decision now. */
export function decide(model, ctx, ui) {
  const { view } = model;
  const legal = model.legal || [];
  const plan = newPlan();
  const types = new Set(legal.map((a) => a.type));
  const byPhase = phaseKinds(ctx);
  let p = null;
  const known = new Set();
  for (const [phase, kinds] of byPhase) if (PANELS[phase]) kinds.forEach((k) => known.add(k));
  if (model.seat !== null && model.seat !== undefined) {
    // The phase whose kinds the legal actions are (the view's own first: `destroy` is two's).
    const open = [...byPhase].filter(([ph, ks]) => PANELS[ph] && ks.some((k) => types.has(k)));
    const [phase, kinds] = open.find(([ph]) => ph === view.phase) || open[0] || [];
    if (phase) p = PANELS[phase](model, ctx, ui, plan, kinds);
    else if (WAITING[view.phase]) p = WAITING[view.phase](view);
  }
  // Anything else the engine allows still gets a button.
  const other = legal.filter((a) => !known.has(a.type));
  const extra = other.length ? panel("other", "More", [h("div", { class: "th-choices" }, other.map((a) => actButton(a, actionLabel(a, view), ctx)))]) : null;
  if (!p && model.seat !== null && model.seat !== undefined && !legal.length && !view.result) {
    p = panel("wait", "Waiting", [hint(view.current !== null && view.current !== undefined ? `${houseOf(view, view.current)} is deciding…` : "Waiting for the other houses…")]);
  }
  if (view.battle && !plan.marks.has(view.battle.area)) plan.marks.set(view.battle.area, "battle-target");
  if (view.battle && view.battle.from >= 0 && !plan.marks.has(view.battle.from)) plan.marks.set(view.battle.from, "from");
  if (!plan.spots.size) plan.dim = false;
  return { plan, panels: [p, extra].filter(Boolean) };
}
