// The page of liar's dice, the tutorial's game (examples/liars_dice, docs/adding-a-game.md).
// It draws only what the seat's view holds: its own cup, the others' dice counts, the round's
// bids and the last challenge's lifted cups; the legal actions the server sent make the controls.
import { h, s, clear, cap } from "../shell/dom.js";

const COLOURS = ["#c8553d", "#2e86ab", "#e0a526", "#5b8e3e"];
const PIPS = {
  1: [[20, 20]],
  2: [[11, 11], [29, 29]],
  3: [[11, 11], [20, 20], [29, 29]],
  4: [[11, 11], [29, 11], [11, 29], [29, 29]],
  5: [[11, 11], [29, 11], [20, 20], [11, 29], [29, 29]],
  6: [[11, 10], [29, 10], [11, 20], [29, 20], [11, 30], [29, 30]],
};
const NUMBER = ["none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** The stylesheet travels with the renderer: the page shell never names a game's. */
function ensureStyles() {
  if (document.querySelector("link[data-liars-dice]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/css/liars-dice.css", "data-liars-dice": "" }));
}

/** One die as SVG: its face's pips, or a "?" for a die under another player's cup. */
function die(face, { hidden = false, hit = false, size = 40 } = {}) {
  const cls = `ld-die${hidden ? " hidden" : ""}${hit ? " hit" : ""}`;
  const body = [s("rect", { x: 1.5, y: 1.5, width: 37, height: 37, rx: 8, class: "ld-die-body" })];
  if (hidden) body.push(s("text", { x: 20, y: 27, "text-anchor": "middle", class: "ld-die-mark", text: "?" }));
  else for (const [cx, cy] of PIPS[face] || []) body.push(s("circle", { cx, cy, r: 3.6, class: "ld-pip" }));
  return s("svg", { class: cls, viewBox: "0 0 40 40", width: size, height: size, role: "img", "aria-label": hidden ? "hidden die" : `a ${face}` }, body);
}

function count(n) {
  return NUMBER[n] || String(n);
}

/** "one 6", "three 5s". */
function bidText(c, face) {
  return `${count(c)} ${face}${c === 1 ? "" : "s"}`;
}

/** "there were none", "there was one", "there were three". */
function thereWere(n) {
  return n === 0 ? "there were none" : n === 1 ? "there was one" : `there were ${count(n)}`;
}

function colour(seat) {
  return COLOURS[seat % COLOURS.length];
}

function uiFor(ctx) {
  if (!ctx.ui.liarsDice) ctx.ui.liarsDice = { key: "", count: null, face: null };
  return ctx.ui.liarsDice;
}

// -- the table ----------------------------------------------------------------------------------
function bidPanel(view, ctx) {
  const last = view.bids[view.bids.length - 1];
  if (view.result) {
    const winner = view.result.winners[0];
    return h("div", { class: "ld-bid" }, [h("div", { class: "ld-bid-who" }, "Game over"), h("div", { class: "ld-bid-big" }, `${ctx.seatName(winner)} wins`)]);
  }
  if (!last) {
    return h("div", { class: "ld-bid" }, [
      h("div", { class: "ld-bid-who" }, `Round ${view.round}`),
      h("div", { class: "ld-bid-big" }, `${ctx.seatName(view.turn)} opens`),
      h("div", { class: "ld-bid-hint" }, `${view.total_dice} dice on the table`),
    ]);
  }
  return h("div", { class: "ld-bid", "data-bid": `${last.count}x${last.face}` }, [
    h("div", { class: "ld-bid-who" }, `${ctx.seatName(last.seat)} bids at least`),
    h("div", { class: "ld-bid-big" }, [h("span", {}, `${last.count} ×`), die(last.face, { size: 54 })]),
    h("div", { class: "ld-bid-hint" }, `of ${view.total_dice} dice on the table · round ${view.round}`),
  ]);
}

function cup(view, p, ctx) {
  const mine = view.you && view.you.seat === p.seat;
  const out = p.dice === 0;
  const dice = mine ? view.you.dice.map((f) => die(f, { size: 50 })) : Array.from({ length: p.dice }, () => die(0, { hidden: true, size: 38 }));
  const turn = view.turn === p.seat && !view.result;
  const bids = view.bids.filter((b) => b.seat === p.seat);
  const last = bids[bids.length - 1];
  const foot = out ? "\u00a0" : last ? `bid ${bidText(last.count, last.face)}` : turn ? (mine ? "your turn" : "thinking…") : "\u00a0";
  return h("div", {
    class: `ld-cup${turn ? " turn" : ""}${out ? " out" : ""}${mine ? " mine" : ""}`,
    style: { "--pc": colour(p.seat) },
    "data-cup": String(p.seat),
  }, [
    h("div", { class: "ld-cup-head" }, [h("span", { class: "ld-cup-name" }, ctx.seatName(p.seat)), h("span", { class: "ld-cup-count" }, out ? "out" : `${p.dice} ${p.dice === 1 ? "die" : "dice"}`)]),
    h("div", { class: "ld-cup-dice" }, out ? [h("span", { class: "ld-none" }, "no dice left")] : dice),
    h("div", { class: "ld-cup-foot" }, foot),
  ]);
}

function revealPanel(view, ctx) {
  const r = view.reveal;
  if (!r) return null;
  const stood = r.actual >= r.count;
  const rows = r.dice.map((faces, seat) => faces.length ? h("div", { class: "ld-reveal-row", style: { "--pc": colour(seat) } }, [
    h("span", { class: "ld-reveal-name" }, ctx.seatName(seat)),
    h("span", { class: "ld-reveal-dice" }, faces.map((f) => die(f, { size: 26, hit: f === r.face }))),
  ]) : null);
  return h("div", { class: "ld-reveal", "data-reveal": "" }, [
    h("div", { class: "ld-reveal-head" }, [
      h("strong", {}, `${ctx.seatName(r.challenger)} called ${bidText(r.count, r.face)} a lie. `),
      h("span", {}, `${cap(thereWere(r.actual))}: ${stood ? "the bid stood" : "it was a lie"}, and ${ctx.seatName(r.loser)} lost a die.`),
    ]),
    ...rows,
  ]);
}

function table(view, ctx) {
  return h("div", { class: "ld-table" }, [
    h("div", { class: "ld-cups" }, view.players.map((p) => cup(view, p, ctx))),
    bidPanel(view, ctx),
    revealPanel(view, ctx),
  ]);
}

// -- the seat's controls ------------------------------------------------------------------------
function controls(model, ctx) {
  const legal = model.legal || [];
  if (!legal.length) return [];
  const view = model.view;
  const bids = legal.filter((a) => a.type === "bid");
  const ui = uiFor(ctx);
  const key = `${model.seq}`;
  if (ui.key !== key) {
    // The likeliest-looking opening: the lowest legal count of the face the seat holds most of.
    const held = (f) => view.you.dice.filter((d) => d === f).length;
    const first = bids[0];
    const best = bids.filter((b) => b.count === first.count).sort((a, b) => held(b.face) - held(a.face) || a.face - b.face)[0] || first;
    Object.assign(ui, { key, count: best ? best.count : null, face: best ? best.face : null });
  }
  const isLegal = (c, f) => bids.some((b) => b.count === c && b.face === f);
  const counts = [...new Set(bids.map((b) => b.count))];
  const pick = (c, f) => {
    ui.count = c;
    ui.face = isLegal(c, f) ? f : bids.find((b) => b.count === c).face;
    ctx.rerender();
  };
  const step = (d) => {
    const i = counts.indexOf(ui.count) + d;
    if (i >= 0 && i < counts.length) pick(counts[i], ui.face);
  };
  const parts = [h("h3", {}, view.bids.length ? "Raise the bid, or call it a lie" : "Open the bidding")];
  if (bids.length) {
    const i = counts.indexOf(ui.count);
    parts.push(h("div", { class: "ld-stepper" }, [
      h("button", { type: "button", class: "btn", "data-step": "down", disabled: i <= 0, "aria-label": "fewer dice", onclick: () => step(-1) }, "−"),
      h("span", { class: "ld-count", "data-count": String(ui.count) }, `${ui.count} ×`),
      h("button", { type: "button", class: "btn", "data-step": "up", disabled: i >= counts.length - 1, "aria-label": "more dice", onclick: () => step(1) }, "+"),
    ]));
    parts.push(h("div", { class: "ld-faces" }, [1, 2, 3, 4, 5, 6].map((f) => h("button", {
      type: "button",
      class: `btn ld-face${ui.face === f ? " selected" : ""}`,
      "data-face": String(f),
      disabled: !isLegal(ui.count, f),
      "aria-label": `face ${f}`,
      onclick: () => pick(ui.count, f),
    }, [die(f, { size: 30 })]))));
  }
  const row = h("div", { class: "ld-buttons" });
  if (bids.length) {
    row.append(h("button", { type: "button", class: "btn primary big", "data-action": "bid", onclick: () => ctx.act({ type: "bid", count: ui.count, face: ui.face }) }, `Bid ${bidText(ui.count, ui.face)}`));
  }
  if (legal.some((a) => a.type === "challenge")) {
    const last = view.bids[view.bids.length - 1];
    row.append(h("button", { type: "button", class: "btn big ld-liar", "data-action": "challenge", title: `${ctx.seatName(last.seat)}'s ${bidText(last.count, last.face)} is a lie`, onclick: () => ctx.act({ type: "challenge" }) }, "Liar!"));
  }
  parts.push(row);
  return [h("section", { class: "card ld-controls" }, parts)];
}

function players(model, ctx) {
  const view = model.view;
  return view.players.map((p) => h("div", { class: `player${view.turn === p.seat && !view.result ? " current" : ""}`, style: { "--pc": colour(p.seat) } }, [
    h("div", { class: "row" }, [
      h("span", { class: "swatch" }),
      h("strong", {}, ctx.seatName(p.seat)),
      h("span", { class: `presence ${ctx.presence(p.seat)}`, title: ctx.presence(p.seat) }),
      h("span", { class: "muted ld-left" }, p.dice ? `${p.dice} ${p.dice === 1 ? "die" : "dice"}` : "out"),
    ]),
  ]));
}

function render(areas, model, ctx) {
  ensureStyles();
  clear(areas.board).append(table(model.view, ctx));
  clear(areas.dice);
  clear(areas.players).append(...players(model, ctx));
  clear(areas.me);
  clear(areas.actions).append(...controls(model, ctx));
  clear(areas.dialog);
}

function describe(e, ctx) {
  switch (e.type) {
    case "round": return `Round ${e.round}: everyone rolls; ${ctx.seatName(e.starter)} opens.`;
    case "rolled": return e.dice ? `You rolled ${e.dice.join(" ")}.` : null;
    case "bid": return `${ctx.seatName(e.seat)} bids ${bidText(e.count, e.face)}.`;
    case "challenge": return `${ctx.seatName(e.challenger)} calls ${bidText(e.count, e.face)} a lie: ${thereWere(e.actual)}. ${ctx.seatName(e.loser)} loses a die.`;
    case "won": return `${ctx.seatName(e.seat)} wins: the last player with dice.`;
    default: return null;
  }
}

function turnCue(model) {
  const legal = model.legal || [];
  if (!legal.length) return null;
  return legal.some((a) => a.type === "challenge") ? "Your turn: raise the bid or call “Liar!”" : "Your turn: open the bidding";
}

function banner(view, ctx) {
  const ranked = view.players.slice().sort((a, b) => b.dice - a.dice);
  return {
    head: `${ctx.seatName(view.result.winners[0])} wins!`,
    rows: ranked.map((p) => [p.seat, ctx.seatName(p.seat), p.dice ? ` — ${p.dice} ${p.dice === 1 ? "die" : "dice"} left` : " — out"]),
  };
}

export default { render, describe, turnCue, banner };
