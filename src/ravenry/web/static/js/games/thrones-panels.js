// The table around the map: the status strip (round, phase, Westeros cards, wildlings), the
// tracks column (Iron Throne, Fiefdoms, King's Court, supply with army limits, castles held,
// wildling threat, the holders of the Throne, Blade and Raven), the houses (power, cards),
// the viewer's own house cards, and the Westeros cards drawn this round with what each does
// (westerosPanel). All numbers are the view's, the rules' counts (rounds, the wildling track)
// and texts its board's; every card, chip and order carries its help (thrones-help.js).
import { h } from "../shell/dom.js";
import { houseCards, houseOf, bidTitle, phaseTitle, trackTitle } from "./thrones-labels.js";
import { cardHelp, helpButton, tapHelp, westerosHelp, westerosName, wildlingHelp } from "./thrones-help.js";
import { houseColor } from "./thrones-map.js";

const chip = (view, seat, me, extra = "") => h("span", {
  class: `th-chip house-${houseOf(view, seat).toLowerCase()}${seat === me ? " me" : ""}${extra}`, "data-seat": seat,
}, houseOf(view, seat));

export function statusStrip(view) {
  const items = [
    h("span", { class: "th-stat", "data-round": view.turn }, [h("b", {}, `Round ${view.turn}`), ` of ${view.board.turns}`]),
    h("span", { class: "th-stat", "data-phase": view.phase }, phaseTitle(view.phase)),
  ];
  // Each card a chip of its own: hover or tap it for what it does.
  const chips = (ids) => ids.map((id) => tapHelp(h("span", { class: "th-help-chip", "data-westeros-card": id }, westerosName(view, id)), westerosHelp(view, id)));
  const west = (view.westeros || []).filter(Boolean);
  if (west.length) items.push(h("span", { class: "th-stat", "data-westeros": west.join(",") }, ["Westeros: ", ...chips(west)]));
  if ((view.restrictions || []).length) items.push(h("span", { class: "th-stat warn", "data-restrictions": view.restrictions.join(",") }, ["In force: ", ...chips(view.restrictions)]));
  if (view.phase === "bidding" && view.bid_for) items.push(h("span", { class: "th-stat warn" }, `Bidding for ${bidTitle(view.bid_for)}`));
  return h("div", { class: "th-status", "aria-label": "Round and phase" }, items);
}

// "3, 2 and 2": the army sizes a supply level allows.
const inWords = (xs) => (xs.length > 1 ? `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}` : String(xs[0] ?? "none"));

/** The column of tracks beside the map. */
export function tracksColumn(model) {
  const { view } = model;
  const me = model.seat;
  const col = h("section", { class: "th-tracks", "data-panel": "tracks", "aria-label": "Tracks" });
  const holder = [["iron_throne", "holds the Throne"], ["fiefdoms", "Blade"], ["kings_court", "Raven"]];
  for (const [id, token] of holder) {
    const order = view.tracks[id] || [];
    const used = id === "fiefdoms" ? view.valyrian_blade_used : id === "kings_court" ? view.raven_used : false;
    col.append(h("div", { class: "th-track", "data-track": id }, [
      h("div", { class: "th-track-head" }, [h("b", {}, trackTitle(id)), h("span", { class: "muted", "data-holder": order[0] }, id === "iron_throne" ? ` · ${houseOf(view, order[0])} ${token}` : ` · ${token}${used ? " (used)" : ""}: ${houseOf(view, order[0])}`)]),
      h("ol", {}, order.map((seat) => h("li", {}, chip(view, seat, me)))),
    ]));
  }
  // Supply: each house's level and the armies it allows.
  const table = view.board.supply_table || [];
  const supply = h("div", { class: "th-track", "data-track": "supply" }, [h("b", {}, "Supply"), h("ul", { class: "th-rows" }, view.houses.map((_, p) => h("li", { "data-supply-seat": p, "data-supply": view.supply[p] }, [
    chip(view, p, me), h("span", {}, ` ${view.supply[p]}:`), h("span", { class: "muted", title: "An army is two or more units in one area; this supply level allows these armies at most" }, ` armies of ${inWords(table[view.supply[p]] || [])}`),
  ])))]);
  col.append(supply);
  const castles = h("div", { class: "th-track", "data-track": "castles" }, [h("b", {}, `Castles held (${view.castles_to_win} win)`), h("ul", { class: "th-rows" }, view.houses.map((_, p) => h("li", { "data-castles-seat": p, "data-castles": view.castles[p] }, [
    chip(view, p, me), h("span", {}, ` ${view.castles[p]}`), h("span", { class: "th-bar" }, [h("span", { class: `th-bar-fill w${Math.min(100, Math.round((100 * view.castles[p]) / view.castles_to_win / 10) * 10)}` })]),
  ])))]);
  col.append(castles);
  const { wildling_max: max, wildling_step: step } = view.board;
  const steps = [];
  for (let i = 0; i <= max; i += step) steps.push(h("span", { class: `th-wstep${view.wildlings === i ? " now" : ""}${i === max ? " attack" : ""}` }, String(i)));
  // One step short of the attack: the next Mammoth card brings the wildlings.
  col.append(h("div", { class: `th-track${view.wildlings >= max - step ? " warn" : ""}`, "data-track": "wildlings", "data-wildlings": view.wildlings }, [
    h("b", {}, `Wildlings ${view.wildlings}/${max}`), h("div", { class: "th-wsteps" }, steps),
  ]));
  return col;
}

/** The houses: power, pool, readiness, cards in hand and played. */
export function housesPanel(model, ctx) {
  const { view } = model;
  const list = h("ul", { class: "players th-houses", "aria-label": "Houses" });
  const simultaneous = view.phase === "planning" || view.phase === "bidding" || view.phase === "house_cards";
  view.houses.forEach((house, p) => {
    const power = view.power[p];
    const cards = houseCards(view, p);
    const hand = (view.hands[p] || []).map((c) => cards[c]).filter(Boolean);
    const used = (view.discards[p] || []).map((c) => cards[c]).filter(Boolean);
    let ready = null;
    if (view.phase === "planning") ready = view.ready[p];
    if (view.phase === "bidding" && view.bids_in) ready = view.bids_in[p];
    if (view.phase === "house_cards" && view.battle) {
      const side = p === view.battle.attacker ? 0 : p === view.battle.defender ? 1 : -1;
      ready = side >= 0 ? view.battle.chosen[side] : null;
    }
    const li = h("li", { class: `player${p === model.seat ? " me" : ""}${view.current === p && !simultaneous ? " current" : ""}`, "data-seat": p }, [
      h("div", { class: "player-head" }, [
        h("span", { class: `th-swatch house-${house.toLowerCase()}`, "aria-hidden": "true" }),
        h("span", { class: `presence ${ctx.presence(p)}`, title: ctx.presence(p) }),
        h("b", { class: "player-name" }, `${house} · ${ctx.seatName(p)}`),
        view.current === p && !simultaneous ? h("span", { class: "turn-mark" }, "to play") : null,
        ready === null ? null : h("span", { class: `turn-mark ${ready ? "alt" : "wait"}`, "data-ready-seat": p, "data-ready": ready ? "1" : "0" }, ready ? "ready" : "deciding"),
      ]),
      h("div", { class: "player-stats" }, [
        h("span", { "data-power": power ?? "", title: "power tokens in hand" }, power === null || power === undefined ? "power hidden" : `${power} power`),
        h("span", { "data-castles": view.castles[p] }, `${view.castles[p]} castles`),
        h("span", { "data-supply": view.supply[p] }, `supply ${view.supply[p]}`),
      ]),
      hand.length ? h("div", { class: "th-mini-cards", "aria-label": "house cards in hand" }, hand.map((c) => tapHelp(h("span", { class: "th-mini" }, `${c.name} ${c.strength}`), cardHelp(view, c)))) : null,
      used.length ? h("div", { class: "th-mini-cards used", "aria-label": "house cards played" }, used.map((c) => tapHelp(h("span", { class: "th-mini used" }, `${c.name} ${c.strength}`), cardHelp(view, c)))) : null,
    ]);
    list.append(li);
  });
  return list;
}

/** A house card's face; `view` given, it carries its help (hover title, and an ⓘ whose tap
 *  opens the popover without playing the card). */
export function cardFace(c, attrs = {}, extra = null, view = null) {
  const help = view ? cardHelp(view, c) : null;
  return h("div", { class: "th-card", ...attrs }, [
    h("div", { class: "th-card-head" }, [h("b", {}, c.name), help ? helpButton(help) : null, h("span", { class: "th-card-str", title: "strength" }, String(c.strength))]),
    h("div", { class: "th-card-icons" }, [
      c.swords ? h("span", { class: "th-swords", title: "swords" }, `${c.swords} sword${c.swords > 1 ? "s" : ""}`) : null,
      c.forts ? h("span", { class: "th-forts", title: "fortifications" }, `${c.forts} fort${c.forts > 1 ? "s" : ""}`) : null,
    ]),
    c.text ? h("p", { class: "th-card-text" }, c.text) : null,
    extra,
  ]);
}

export function myHouse(model) {
  const { view } = model;
  if (model.seat === null || model.seat === undefined) return [h("section", { class: "card me" }, [h("h3", {}, "Watching"), h("p", { class: "hint" }, "You are a spectator: you see what every house sees.")])];
  const p = model.seat;
  const cards = houseCards(view, p);
  const hand = view.hands[p] || [];
  const discards = view.discards[p] || [];
  return [h("section", { class: "card me", "data-panel": "my-house", "aria-label": "Your house" }, [
    h("h3", {}, [`House ${houseOf(view, p)} `, h("span", { class: "muted" }, `· ${view.power[p] ?? "?"} power in hand · ${view.pool ? view.pool[p] ?? "?" : "?"} in the pool`)]),
    h("div", { class: "th-cards", "aria-label": "In hand" }, hand.map((i) => cardFace(cards[i], { "data-card": i, class: "th-card in-hand" }, null, view))),
    discards.length ? h("p", { class: "hint", "data-discards": "" }, ["Played: ", ...discards.map((i) => tapHelp(h("span", { class: "th-help-chip", "data-card": i }, cards[i].name), cardHelp(view, cards[i])))]) : null,
    view.my_bid !== undefined ? h("p", { class: "hint" }, `Your sealed bid: ${view.my_bid}`) : null,
  ])];
}

export { houseColor };

const TIEBREAK_WORDS = { castles: "castles and strongholds held", supply: "supply", power: "power tokens in hand" };

/** The end of the game: the winning house, why, and every house's standing (view.result). */
export function endPanel(model, ctx) {
  const { view } = model;
  const res = view.result;
  const winners = res.winners || [];
  const rows = res.standings || [];
  const title = winners.length === 1 ? `House ${houseOf(view, winners[0])} wins` : winners.length ? `Tie: ${winners.map((p) => houseOf(view, p)).join(", ")}` : "The game ends in a draw";
  const order = (res.tiebreak || []).map((k) => TIEBREAK_WORDS[k] || k).join(", then ");
  let why = "";
  const rounds = view.board.turns;
  if (res.reason === "castles" && winners.length) why = `${houseOf(view, winners[0])} holds ${view.castles[winners[0]]} castles and strongholds: ${view.castles_to_win} win at once.`;
  else if (res.reason === `turn ${rounds}`) why = `Round ${rounds} is over: the houses rank by ${order}.`;
  else if (res.reason === "draw") why = `Round ${rounds} is over and the best houses are equal in ${order}.`;
  const cols = [["#", "rank"], ["House", ""], ["Castles", "castles and strongholds held"], ["Strong\u00adholds", "of them strongholds"], ["Supply", "supply level"], ["Power", "power tokens in hand"]];
  const head = h("tr", {}, cols.map(([x, title]) => h("th", { scope: "col", title: title || null }, x)));
  const body = rows.map((r) => h("tr", {
    class: `${winners.includes(r.seat) ? "won" : ""}${r.seat === model.seat ? " me" : ""}`.trim() || null,
    "data-rank-seat": r.seat, "data-rank": r.rank,
  }, [
    h("td", {}, String(r.rank)),
    h("th", { scope: "row" }, [chip(view, r.seat, model.seat), h("span", { class: "muted th-seat-name" }, ctx.seatName(r.seat))]),
    h("td", { "data-castles": r.castles }, String(r.castles)),
    h("td", {}, String(r.strongholds)),
    h("td", { "data-supply": r.supply }, String(r.supply)),
    h("td", { "data-power": r.power }, String(r.power)),
  ]));
  return h("section", { class: "card th-panel th-end", "data-panel": "end", "aria-label": "The end of the game" }, [
    h("h3", { "data-winner": winners.join(",") }, title),
    why ? h("p", { class: "hint" }, why) : null,
    h("div", { class: "th-standings-wrap" }, h("table", { class: "th-standings" }, [h("thead", {}, head), h("tbody", {}, body)])),
  ]);
}

// The phases of the Westeros phase and the planning after it: the panel shows in these only.
const WESTEROS_TO_PLANNING = new Set(["westeros", "supply", "mustering", "bidding", "bids", "tie", "wildling_reward", "wildling_losses", "planning"]);

/** The Westeros cards drawn this round, each with what it does (and, for a Wildling Attack,
 *  what victory and defeat do): shown from the Westeros phase through the planning until the
 *  person closes it (ui.westerosClosed = the round); null otherwise. */
export function westerosPanel(model, ui, ctx) {
  const { view } = model;
  const drawn = view.westeros_drawn || [];
  if (!drawn.length || view.result || !WESTEROS_TO_PLANNING.has(view.phase) || ui.westerosClosed === view.turn) return null;
  const rows = drawn.map((id) => {
    const help = westerosHelp(view, id);
    const outcomes = id === "wildling_attack" ? (view.board.wildling_outcomes || []).map((o) => wildlingHelp(view, o.id)) : [];
    return h("li", { class: "th-west-card", "data-westeros-card": id }, [
      h("b", {}, help.title),
      h("p", { class: "th-west-text" }, help.text),
      ...(help.more || []).filter(Boolean).map((x) => h("p", { class: "th-west-more" }, x)),
      outcomes.length ? h("ul", { class: "th-west-outcomes" }, outcomes.map((o) => h("li", {}, [h("b", {}, `${o.title}: `), o.text]))) : null,
    ]);
  });
  const close = h("button", { type: "button", class: "btn", "data-ui": "close-westeros" }, "Got it");
  close.addEventListener("click", (e) => { e.stopPropagation(); ui.westerosClosed = view.turn; ctx.rerender(); });
  return h("section", { class: "th-westeros", "data-panel": "westeros", "aria-label": "This round's Westeros cards" }, [
    h("div", { class: "th-westeros-head" }, [h("h3", {}, `Round ${view.turn}: the Westeros cards drawn`), close]),
    h("ol", { class: "th-west-list" }, rows),
  ]);
}
