// The step-by-step chooser: a long list of legal actions (Jeor Mormont's 54 demands, Bowen
// Marsh's 12 trades) narrowed one field at a time. It groups the server's actions by the value of
// the next field that still differs, so every button leads to at least one legal action and the
// last click sends one of them unchanged; the JS never builds an action of its own.
import { h } from "../shell/dom.js";
import { hexName } from "./catan-board.js";
import { heroName, northOf, resourcesOf } from "./catan-data.js";
import { chip, actionButton } from "./catan-ui.js";

// More actions than this and a flat list of buttons becomes a stepwise chooser.
export const STEPWISE_ABOVE = 6;

const SEAT_FIELDS = new Set(["first", "second", "victim", "player"]);

// The question each field answers, per action type ("@field" is replaced by a chosen value).
const PROMPTS = {
  use_mormont: {
    resource: "Demand which resource?",
    first: "From whom?",
    give_first: "Give @first which card back?",
    second: "Demand from a second player too?",
    give_second: "Give @second which card back?",
  },
  use_marsh: { give: "Give which card to the supply?", get: "Take which resource from the supply?" },
  use_thorne: { section: "Guard on which wall section?", replace: "Which resource of the price do you replace?", with: "Pay with which resource instead?" },
  use_melisandre: { replace: "Replace a resource of the price?", with: "Pay with which resource instead?" },
  use_othell: { remove: "Lift which road?", build: "Rebuild it on which path?" },
  use_benjen: { area: "Remove a wildling from where?", index: "Which camp?" },
  use_mance: { victim: "Whose hand do you look at?" },
};

// How a picked value reads in the summary line ("@" is the value's label).
const SUMMARY = {
  use_mormont: { resource: "demand @", first: "from @", give_first: "give @", second: "and from @", give_second: "give @" },
  use_marsh: { give: "give @ to the supply", get: "take @" },
  use_thorne: { section: "@", replace: "replace @", with: "with @" },
  use_melisandre: { replace: "replace @", with: "with @" },
  use_othell: { remove: "lift @", build: "rebuild on @" },
  use_benjen: { area: "@", index: "@" },
};

// Fields whose values are places on the board: those steps also light the places up.
const BOARD_FIELDS = {
  use_othell: { remove: "edge", build: "edge" },
  use_thorne: { section: "section" },
  use_ygritte: { hex: "hex" },
};
const BOARD_WORDS = { edge: "paths", section: "wall sections", hex: "hexes" };

/**
 * The board spots of the chooser's current step, if its field is a place on the board: a Map
 * from spot key ("edge:12") to the legal actions there, and the pick each spot stands for.
 */
export function boardStep(actions, picks) {
  const { field, groups, left } = nextStep(actions, picks);
  const kind = field && left.length ? (BOARD_FIELDS[left[0].type] || {})[field] : null;
  if (!kind) return null;
  const spots = new Map();
  const pickOf = new Map();
  for (const g of groups) {
    spots.set(`${kind}:${g.value}`, g.actions);
    pickOf.set(`${kind}:${g.value}`, [field, g.value]);
  }
  return { spots, pickOf };
}

function clanName(view, area) {
  return northOf(view).clans[area] || `clan ${area + 1}`;
}

/** The words (or chip) for one value of one field of an action type. */
export function valueLabel(type, field, value, view, seatName, picks = []) {
  if (field === "type") {
    const id = String(value).replace(/^use_/, "");
    const name = heroName(view, id);
    return name !== id ? name : String(value).replace(/_/g, " ");
  }
  if (value === null) {
    if (type === "use_mormont" && field === "second") return "No one else";
    if (type === "use_melisandre") return "No: the printed price";
    return "none";
  }
  if (typeof value === "string" && resourcesOf(view).includes(value)) return chip(value);
  if (SEAT_FIELDS.has(field)) return seatName(value);
  if (field === "section") return `Wall section ${value + 1}`;
  if (field === "hex") return `the ${hexName(view.board, value)}`;
  if (type === "use_othell") return `path ${value}`;
  if (type === "use_benjen" && field === "area") {
    // Areas: the clans' camps first, then the clearings (games/brotherhood/heroes.py).
    const clans = northOf(view).clans.length;
    return value < clans ? `${clanName(view, value)} camps` : `Clearing ${value - clans + 1}`;
  }
  if (type === "use_benjen" && field === "index") {
    const area = (picks.find(([f]) => f === "area") || [])[1];
    const kind = area === undefined ? null : ((view.camps || {})[clanName(view, area)] || [])[value];
    return `Camp ${value + 1}${kind ? `: a ${kind}` : ""}${value === 0 ? " (hottest)" : ""}`;
  }
  return String(value);
}

function text(label) {
  return typeof label === "string" ? label : label.textContent;
}

/** Field names in the order the server lists them; the type first if more than one is legal. */
export function fieldsOf(actions) {
  const fields = [];
  if (new Set(actions.map((a) => a.type)).size > 1) fields.push("type");
  for (const a of actions) for (const k of Object.keys(a)) if (k !== "type" && !fields.includes(k)) fields.push(k);
  return fields;
}

const key = (v) => JSON.stringify(v === undefined ? null : v);

/** The actions that agree with every pick so far ([field, value] pairs). */
export function narrowed(actions, picks) {
  return actions.filter((a) => picks.every(([f, v]) => key(a[f]) === key(v)));
}

/** The next field whose value still differs among the actions, and the actions per value. */
export function nextStep(actions, picks) {
  const left = narrowed(actions, picks);
  const done = new Set(picks.map(([f]) => f));
  for (const field of fieldsOf(left)) {
    if (done.has(field)) continue;
    const groups = new Map();
    for (const a of left) {
      const k = key(a[field]);
      if (!groups.has(k)) groups.set(k, { value: a[field] === undefined ? null : a[field], actions: [] });
      groups.get(k).actions.push(a);
    }
    if (groups.size > 1) return { field, groups: [...groups.values()], left };
  }
  return { field: null, groups: [], left };
}

function prompt(type, field, picks, view, seatName) {
  const q = (PROMPTS[type] || {})[field] || (field === "type" ? "Which hero action?" : `Choose the ${field.replace(/_/g, " ")}`);
  return q.replace(/@(\w+)/g, (_, f) => {
    const pick = picks.find(([pf]) => pf === f);
    return pick ? text(valueLabel(type, f, pick[1], view, seatName)) : f;
  });
}

/**
 * A card that asks for one field at a time. ``picks`` is the list of [field, value] chosen so far;
 * ``onPicks(list)`` stores a new list and redraws; ``onSend(action)`` sends a legal action;
 * ``onClose()`` leaves the chooser (Back on the first step).
 */
export function stepChooser({ title, actions, picks, view, seatName, onPicks, onSend, onClose, dataDialog }) {
  let { field, groups, left } = nextStep(actions, picks);
  if (!left.length) { picks = []; ({ field, groups, left } = nextStep(actions, picks)); }
  const type = left.length ? left[0].type : "";
  const summary = picks.map(([f, v]) => {
    const t = picks.find(([pf]) => pf === "type");
    const kind = t ? t[1] : type;
    const pattern = (SUMMARY[kind] || {})[f] || "@";
    return pattern.replace("@", text(valueLabel(kind, f, v, view, seatName, picks)));
  });
  const box = h("section", { class: "card dialog steps", "data-dialog": dataDialog, "data-step": field || "send", "data-left": left.length }, [
    h("h3", {}, title),
  ]);
  box.append(h("p", { class: "step-summary", "data-summary": "" }, summary.length ? summary.join(" · ") : h("span", { class: "muted" }, `${left.length} choices in all, narrowed one step at a time`)));
  if (field) {
    box.append(h("p", { class: "step-prompt" }, h("b", {}, prompt(type, field, picks, view, seatName))));
    box.append(h("div", { class: "row wrap step-options" }, groups.map((g) => {
      const label = valueLabel(type, field, g.value, view, seatName, picks);
      const last = g.actions.length === 1;
      return actionButton(label, {
        kind: last ? "primary" : "", dataAction: `step-${field}`,
        ariaLabel: `${prompt(type, field, picks, view, seatName)} ${text(label)}${last ? " (sends)" : ""}`,
        onClick: () => (last ? onSend(g.actions[0]) : onPicks([...picks, [field, g.value]])),
      });
    })));
    const place = (BOARD_FIELDS[type] || {})[field];
    if (place) box.append(h("p", { class: "hint" }, `Or click one of the lit ${BOARD_WORDS[place]} on the board.`));
    if (groups.some((g) => g.actions.length === 1)) box.append(h("p", { class: "hint" }, "A blue choice is the last step: clicking it sends the action."));
  } else if (left.length) {
    box.append(actionButton("Confirm", { kind: "primary", dataAction: left[0].type, onClick: () => onSend(left[0]) }));
  }
  box.append(h("div", { class: "row" }, [
    actionButton(picks.length ? "Back" : "Cancel", {
      dataAction: "step-back", onClick: () => (picks.length ? onPicks(picks.slice(0, -1)) : onClose()),
    }),
  ]));
  return box;
}
