// The trade panel: the bank and harbor rates the server's legal maritime trades give, offers to
// players within the server's templates (or, without a template, the enumerated legal offers),
// answers (accept / decline / counter) and the offerer's confirm.
import { h } from "../shell/dom.js";
import { resourcesOf } from "./catan-data.js";
import { chip, chips, countPicker, actionButton, total, clean } from "./catan-ui.js";

const offerKey = (give, get) => JSON.stringify([clean(give), clean(get)]);

/** Bounds for a domestic offer of `type` ("offer_trade" or "counter_offer"), or null. */
export function offerBounds(model, type) {
  const tpl = (model.templates || []).find((t) => t.type === type);
  if (tpl) {
    return { give: tpl.give || {}, get: tpl.get || {}, minGive: tpl.min_give ?? 1, minGet: tpl.min_get ?? 1,
      maxGive: tpl.max_give ?? Infinity, maxGet: tpl.max_get ?? Infinity, disjoint: !!tpl.disjoint, allowed: null };
  }
  const list = (model.legal || []).filter((a) => a.type === type);
  if (!list.length) return null;
  const give = {}, get = {};
  const allowed = new Set();
  for (const a of list) {
    for (const [r, n] of Object.entries(a.give)) give[r] = Math.max(give[r] || 0, n);
    for (const [r, n] of Object.entries(a.get)) get[r] = Math.max(get[r] || 0, n);
    allowed.add(offerKey(a.give, a.get));
  }
  return { give, get, minGive: 1, minGet: 1, maxGive: Infinity, maxGet: Infinity, disjoint: false, allowed };
}

function offerProblem(view, bounds, give, get) {
  const g = total(give), t = total(get);
  if (g < bounds.minGive) return `give at least ${bounds.minGive}`;
  if (t < bounds.minGet) return `ask for at least ${bounds.minGet}`;
  if (g > bounds.maxGive) return `give at most ${bounds.maxGive}`;
  if (t > bounds.maxGet) return `ask for at most ${bounds.maxGet}`;
  for (const r of resourcesOf(view)) {
    if ((give[r] || 0) > (bounds.give[r] || 0)) return `you can give at most ${bounds.give[r] || 0} ${r}`;
    if ((get[r] || 0) > (bounds.get[r] || 0)) return `you can ask for at most ${bounds.get[r] || 0} ${r}`;
  }
  if (bounds.disjoint && resourcesOf(view).some((r) => give[r] && get[r])) return "a resource cannot be on both sides";
  if (bounds.allowed && !bounds.allowed.has(offerKey(give, get))) return "the rules do not allow this offer";
  return null;
}

/** The offer builder: what you give, what you get, and the send button. */
function offerBuilder(ui, model, ctx, type, title) {
  const bounds = offerBounds(model, type);
  if (!bounds) return null;
  const draft = ui.draft[type] || (ui.draft[type] = { give: {}, get: {} });
  const box = h("div", { class: "offer-builder", "data-builder": type });
  box.append(h("h4", {}, title));
  box.append(h("div", { class: "builder-cols" }, [
    h("div", {}, [h("div", { class: "col-label" }, "You give"),
      countPicker(model.view, draft.give, bounds.give, (c) => { draft.give = c; ctx.rerender(); }, { label: "You give", idPrefix: `${type}-give` })]),
    h("div", {}, [h("div", { class: "col-label" }, "You get"),
      countPicker(model.view, draft.get, bounds.get, (c) => { draft.get = c; ctx.rerender(); }, { label: "You get", idPrefix: `${type}-get` })]),
  ]));
  const problem = offerProblem(model.view, bounds, draft.give, draft.get);
  const send = actionButton(type === "offer_trade" ? "Offer to players" : "Send counter-offer", {
    dataAction: type, kind: "primary", enabled: !problem,
    onClick: async () => {
      const res = await ctx.act({ type, give: clean(draft.give), get: clean(draft.get) });
      if (res.ok) ui.draft[type] = { give: {}, get: {} };
    },
  });
  box.append(h("div", { class: "builder-foot" }, [send, problem ? h("span", { class: "hint" }, problem) : null]));
  return box;
}

function bankTrade(ui, model, ctx) {
  const trades = (model.legal || []).filter((a) => a.type === "maritime_trade");
  if (!trades.length) return null;
  const best = {};
  for (const a of trades) best[a.give] = Math.min(best[a.give] || 99, a.rate);
  const box = h("div", { class: "bank-trade" }, [h("h4", {}, "Trade with the bank")]);
  const gives = resourcesOf(model.view).filter((r) => best[r]);
  if (!gives.includes(ui.bankGive)) ui.bankGive = null;
  box.append(h("div", { class: "row wrap" }, gives.map((r) => {
    const b = h("button", {
      type: "button", class: `btn res-btn${ui.bankGive === r ? " selected" : ""}`, "data-bank-give": r,
      "aria-pressed": ui.bankGive === r ? "true" : "false", "aria-label": `Give ${best[r]} ${r} (${best[r]}:1)`,
    }, [chip(r, best[r]), h("small", {}, ` ${best[r]}:1`)]);
    b.addEventListener("click", () => { ui.bankGive = ui.bankGive === r ? null : r; ctx.rerender(); });
    return b;
  })));
  if (ui.bankGive) {
    const rate = best[ui.bankGive];
    const gets = trades.filter((a) => a.give === ui.bankGive && a.rate === rate);
    box.append(h("div", { class: "row wrap" }, [h("span", { class: "muted" }, "for 1:"), ...gets.map((a) =>
      actionButton(chip(a.get), {
        action: a, kind: "res-btn", ariaLabel: `Trade ${rate} ${a.give} for 1 ${a.get}`,
        onClick: () => ctx.act(a),
      }))]));
  } else {
    box.append(h("p", { class: "hint" }, "Choose what to give; your harbors' rates are applied."));
  }
  return box;
}

/** The current offer, everyone's answers, and what the viewer may do about it. */
function offerStatus(ui, model, ctx) {
  const { view } = model;
  const offer = view.offer;
  if (!offer) return null;
  const legal = model.legal || [];
  const has = (t) => legal.some((a) => a.type === t);
  const mine = offer.player === model.seat;
  const box = h("div", { class: "offer-status", "data-offer-from": offer.player });
  box.append(h("h4", {}, mine ? "Your offer" : `${ctx.seatName(offer.player)} offers`));
  box.append(h("div", { class: "offer-line" }, [h("span", { class: "muted" }, mine ? "you give " : "gives "), ...chips(model.view, offer.give),
    h("span", { class: "muted" }, mine ? " for " : " and wants "), ...chips(model.view, offer.get)]));
  const answers = h("ul", { class: "answers" });
  for (const [q, r] of Object.entries(offer.responses)) {
    const counter = offer.counters && offer.counters[q];
    answers.append(h("li", { "data-answer": q, class: `answer-${r}` }, [
      h("b", {}, ctx.seatName(+q)), `: ${r}`,
      counter ? h("span", {}, [" — gives ", ...chips(model.view, counter.give), " for ", ...chips(model.view, counter.get)]) : null,
    ]));
  }
  box.append(answers);
  const buttons = h("div", { class: "row wrap" });
  if (has("accept_trade") || has("decline_trade")) {
    if (has("accept_trade")) buttons.append(actionButton("Accept", { action: { type: "accept_trade" }, kind: "primary", onClick: () => ctx.act({ type: "accept_trade" }) }));
    else buttons.append(actionButton("Accept", { dataAction: "accept_trade", enabled: false, title: "you lack the cards asked for" }));
    if (has("decline_trade")) buttons.append(actionButton("Decline", { action: { type: "decline_trade" }, onClick: () => ctx.act({ type: "decline_trade" }) }));
    if (offerBounds(model, "counter_offer")) {
      buttons.append(actionButton(ui.countering ? "Hide counter-offer" : "Counter…", {
        dataAction: "counter", onClick: () => {
          ui.countering = !ui.countering;
          if (ui.countering) ui.draft.counter_offer = { give: { ...offer.get }, get: { ...offer.give } };
          ctx.rerender();
        },
      }));
    }
  }
  for (const a of legal.filter((x) => x.type === "confirm_trade")) {
    buttons.append(actionButton(`Trade with ${ctx.seatName(a.with)}`, { action: a, kind: "primary", onClick: () => ctx.act(a) }));
  }
  for (const a of legal.filter((x) => x.type === "accept_counter")) {
    buttons.append(actionButton(`Take ${ctx.seatName(a.from)}'s counter-offer`, { action: a, kind: "primary", onClick: () => ctx.act(a) }));
  }
  if (has("cancel_trade")) buttons.append(actionButton("Cancel offer", { action: { type: "cancel_trade" }, onClick: () => ctx.act({ type: "cancel_trade" }) }));
  if (buttons.childNodes.length) box.append(buttons);
  else box.append(h("p", { class: "hint" }, mine ? "Waiting for answers…" : "Waiting for the others…"));
  if (ui.countering && (has("accept_trade") || has("decline_trade"))) {
    const b = offerBuilder(ui, model, ctx, "counter_offer", "Your counter-offer");
    if (b) box.append(b);
  }
  return box;
}

/** The offer that just closed, with every answer, kept in view until the turn ends (bots answer
 * at once, and the offer is gone from the view before anyone could read the answers). */
function lastOfferSummary(last, model, ctx) {
  if (!last || !last.closed) return null;
  const mine = last.player === model.seat;
  const box = h("div", { class: "offer-status last-offer", "data-last-offer": last.player });
  box.append(h("h4", {}, mine ? "Your last offer" : `${ctx.seatName(last.player)}'s last offer`));
  box.append(h("div", { class: "offer-line" }, [h("span", { class: "muted" }, "gives "), ...chips(model.view, last.give), h("span", { class: "muted" }, " for "), ...chips(model.view, last.get)]));
  const answers = h("ul", { class: "answers" });
  for (const [q, a] of Object.entries(last.answers)) {
    const word = { accept: "accepted", decline: "declined", counter: "countered" }[a.answer] || a.answer;
    answers.append(h("li", { "data-answer": q, class: `answer-${word}` }, [
      h("b", {}, ctx.seatName(+q)), `: ${word}`,
      a.answer === "counter" ? h("span", {}, [" — gives ", ...chips(model.view, a.give), " for ", ...chips(model.view, a.get)]) : null,
    ]));
  }
  box.append(answers);
  const tw = last.closed.traded_with;
  box.append(h("p", { class: "hint" }, tw === null || tw === undefined ? "Closed, no deal." : `Traded with ${ctx.seatName(tw)}.`));
  return box;
}

export function tradePanel(ui, model, ctx, lastOffer = null) {
  const parts = [];
  const status = offerStatus(ui, model, ctx);
  if (status) parts.push(status);
  else {
    const last = lastOfferSummary(lastOffer, model, ctx);
    if (last) parts.push(last);
  }
  if (!model.view.offer) {
    if (ui.panel === "trade") {
      const bank = bankTrade(ui, model, ctx);
      const domestic = offerBuilder(ui, model, ctx, "offer_trade", `Offer to players (${model.view.offers_left} offers left this turn)`);
      if (bank) parts.push(bank);
      if (domestic) parts.push(domestic);
      if (!bank && !domestic) parts.push(h("p", { class: "hint" }, "No trade is possible now."));
    }
  } else {
    ui.panel = ui.panel === "trade" ? null : ui.panel;
  }
  return parts.length ? h("section", { class: "card trade-panel", "aria-label": "Trade" }, parts) : null;
}
