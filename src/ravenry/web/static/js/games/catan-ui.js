// Small building blocks of the Catan panels: resource chips, steppers, buttons, labels.
import { h } from "../shell/dom.js";
import { hexName } from "./catan-board.js";
import { devName, heroAt, heroDoes, heroName, northOf, resourcesOf } from "./catan-data.js";

export function chip(res, n) {
  return h("span", { class: `res res-${res}`, title: res }, [n === undefined ? res : `${n} ${res}`]);
}

/** Chips for the counts, in the view's order of resources. */
export function chips(view, counts) {
  const out = [];
  for (const r of resourcesOf(view)) if (counts && counts[r]) out.push(chip(r, counts[r]));
  return out.length ? out : [h("span", { class: "muted" }, "nothing")];
}

export function costChips(view, cost) {
  return h("span", { class: "cost" }, resourcesOf(view).filter((r) => cost[r]).map((r) =>
    h("span", { class: `pip-res res-${r}`, title: `${cost[r]} ${r}` }, cost[r] > 1 ? String(cost[r]) : "")));
}

/** A button that sends an action (or runs fn); disabled when not allowed. */
export function actionButton(label, { action, onClick, enabled = true, kind = "", dataAction, extra, title, ariaLabel } = {}) {
  const b = h("button", {
    type: "button", class: `btn ${kind}`, disabled: !enabled,
    "data-action": dataAction || (action && action.type) || undefined, title, "aria-label": ariaLabel,
  }, [label, extra]);
  b.addEventListener("click", () => onClick && onClick());
  return b;
}

/** Steppers for a count per resource, each bounded by max[res]. */
export function countPicker(view, counts, max, onChange, { label = "", idPrefix = "pick" } = {}) {
  const wrap = h("div", { class: "picker", role: "group", "aria-label": label });
  for (const r of resourcesOf(view)) {
    const limit = max[r] || 0;
    const n = counts[r] || 0;
    const minus = h("button", { type: "button", class: "step", "aria-label": `${label}: one ${r} fewer`, disabled: n <= 0, "data-step": `${idPrefix}-${r}-minus` }, "−");
    const plus = h("button", { type: "button", class: "step", "aria-label": `${label}: one ${r} more`, disabled: n >= limit, "data-step": `${idPrefix}-${r}-plus` }, "+");
    minus.addEventListener("click", () => onChange({ ...counts, [r]: n - 1 }));
    plus.addEventListener("click", () => onChange({ ...counts, [r]: n + 1 }));
    wrap.append(h("div", { class: `pick-row${limit ? "" : " dim"}` }, [
      chip(r), minus, h("output", { class: "pick-n", "data-count": `${idPrefix}-${r}` }, String(n)), plus,
    ]));
  }
  return wrap;
}

export function total(counts) {
  return Object.values(counts || {}).reduce((a, b) => a + (b || 0), 0);
}

/** The counts without zeros, keyed in one fixed order (so two equal counts print alike). */
export function clean(counts) {
  const out = {};
  for (const r of Object.keys(counts).sort()) if (counts[r]) out[r] = counts[r];
  return out;
}

/** A readable label for any action (used by hero choosers and the fallback list). */
export function actionLabel(a, view, seatName) {
  const f = { ...a };
  delete f.type;
  switch (a.type) {
    case "use_marsh": return `Give 1 ${a.give}, take 1 ${a.get}`;
    case "use_tarly": return `Take 1 ${a.resource}`;
    case "use_thorne": return `Guard on section ${a.section + 1}, paying ${a.with} instead of ${a.replace}`;
    case "use_melisandre": return a.replace ? `Buy, paying ${a.with} instead of ${a.replace}` : "Buy at the printed price";
    case "melisandre_pick": return `Take card ${a.index + 1}${view.melisandre_cards ? ` (${devName(view, view.melisandre_cards[a.index])})` : ""}`;
    case "use_mance": return `Look at ${seatName(a.victim)}'s hand`;
    case "mance_take": return `Take a ${a.resource}`;
    case "use_benjen": {
      // Areas: the clans' camps first, then the clearings (games/brotherhood/heroes.py).
      const clans = northOf(view).clans.length;
      return a.area < clans ? `Remove the wildling at camp ${a.index + 1} of clan ${a.area + 1}` : `Remove a wildling from clearing ${a.area - clans + 1}`;
    }
    case "use_ygritte": return `Move the wildling off the ${hexName(view.board, a.hex)}`;
    case "use_yoren": return `Free guard on section ${a.section + 1}`;
    case "use_qhorin": return "Send Tormund home and take a resource";
    case "use_othell": return `Move your road from path ${a.remove} to path ${a.build}`;
    case "use_mormont": {
      const second = a.second === null ? "" : ` and ${seatName(a.second)} (give ${a.give_second})`;
      return `Demand ${a.resource} from ${seatName(a.first)} (give ${a.give_first})${second}`;
    }
    case "hero_flip": return "Flip to side B and keep";
    case "hero_swap": {
      const id = heroAt(view, a.hero);
      const does = heroDoes(view, id);
      return `Take ${id ? heroName(view, id) : `hero ${a.hero}`}${does ? ` — ${does}` : ""}`;
    }
    case "hero_pass": return "Pass";
    default: {
      const parts = Object.entries(f).map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
      return `${a.type.replace(/_/g, " ")}${parts.length ? ` (${parts.join(", ")})` : ""}`;
    }
  }
}
