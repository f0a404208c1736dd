// Sending actions: one button per legal action carrying all of the action's fields as data-*
// attributes (the browser tests find them so), and the sequence sender of multi-step choices
// (a march's units, a tie order) that re-reads the legal list before each step.
import { h } from "../shell/dom.js";

/** data-<field> attributes of an action (all of its fields but the type). */
export function actionData(a) {
  const out = { "data-action": a.type };
  for (const [k, v] of Object.entries(a)) if (k !== "type" && v !== null && v !== undefined) out[`data-${k}`] = String(v);
  return out;
}

export function sameAction(a, b) {
  if (a.type !== b.type) return false;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) if ((a[k] ?? null) !== (b[k] ?? null)) return false;
  return true;
}

/** A button sending the legal action `a`. */
export function actButton(a, label, ctx, cls = "", extra = {}) {
  const b = h("button", { type: "button", class: `btn ${cls}`.trim(), ...actionData(a), ...extra }, label);
  b.addEventListener("click", (e) => { e.stopPropagation(); ctx.act(a); });
  return b;
}

/** A plain button (no action): opens, selects, steps. */
export function uiButton(label, onClick, attrs = {}) {
  const b = h("button", { type: "button", class: "btn", ...attrs }, label);
  b.addEventListener("click", (e) => { e.stopPropagation(); onClick(); });
  return b;
}

/**
 * Send the actions matched by `wanted` (a list of partial actions) one at a time; before each,
 * look the action up in the legal list now (`latest()`), and stop if it is no longer legal.
 */
export async function sendInSequence(wanted, latest, ctx) {
  for (const w of wanted) {
    const legal = (latest() && latest().legal) || [];
    const a = legal.find((x) => Object.entries(w).every(([k, v]) => (x[k] ?? null) === v));
    if (!a) {
      ctx.flash("That step is no longer possible; the map shows what is.", "info");
      return false;
    }
    const res = await ctx.act(a);
    if (!res.ok) return false;
  }
  return true;
}
