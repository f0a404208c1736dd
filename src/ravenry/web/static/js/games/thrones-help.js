// The rules on the page for `thrones`: what a Westeros card, an order, a house card or a wildling
// outcome does, shown on hover (a title) and on tap (a popover: a phone has no hover). Every name
// and text is the view's static board (games/thrones/texts.py through views.board_json): this
// module keeps no rule text, it only looks them up and shows them.
//
// Any thrones module attaches help with one call:
//   tapHelp(el, help)      an element with no action of its own (a chip, a card in a list):
//                          hover shows the title, a tap or Enter opens the popover
//   withHelp(el, help)     an element that acts when clicked (a token button, a card to play):
//                          returns a wrapper holding it and an ⓘ button beside it, whose tap opens
//                          the popover and never reaches the element
//   helpButton(help)       the ⓘ button alone, to place inside a clickable element
//   svgHelp(g, help, area) an order token on the map (an SVG <g>): a <title> for hover; a tap
//                          opens the popover, unless its area is lit (then the tap goes to the
//                          area, as before)
// where help = westerosHelp(view, id) | orderHelp(view, kind) | cardHelp(view, card) |
// wildlingHelp(view, id): {title, text}.
// DOM hooks: [data-help] on every element with help (its title), .th-help-btn for the ⓘ,
// the popover [data-help-popover] with [data-help-title], its text, and [data-help-close].
import { h, s } from "../shell/dom.js";

const boardOf = (view) => (view && view.board) || {};

/** A Westeros card's entry of the board ({id, name, text, mammoth}), by its id. */
export function westerosInfo(view, id) {
  return (boardOf(view).westeros_cards || []).find((c) => c.id === id) || null;
}

/** A Westeros card's display name (the board's: never made from its id). */
export function westerosName(view, id) {
  const c = westerosInfo(view, id);
  return c ? c.name : String(id);
}

/** An order kind's entry of the board ({id, name, text, starred}), by number or id. */
export function orderInfo(view, kind) {
  const kinds = boardOf(view).order_kinds || [];
  return typeof kind === "number" ? kinds[kind] || null : kinds.find((k) => k.id === kind) || null;
}

const notes = (view) => boardOf(view).rule_notes || {};

export function westerosHelp(view, id) {
  const c = westerosInfo(view, id);
  if (!c) return { title: String(id), text: "" };
  return { title: c.name, text: c.text, more: c.mammoth ? [notes(view).mammoth] : [] };
}

export function orderHelp(view, kind) {
  const k = orderInfo(view, kind);
  if (!k) return { title: String(kind), text: "" };
  return { title: k.name, text: k.text, star: k.star_adds || "", more: k.starred ? [notes(view).star] : [] };
}

/** A house card (an entry of board.cards): its ability, or that it has none, and its icons. */
export function cardHelp(view, c) {
  if (!c) return { title: "", text: "" };
  const n = notes(view);
  const more = [];
  if (c.swords) more.push(n.swords);
  if (c.forts) more.push(n.forts);
  const icons = [`strength ${c.strength}`, c.swords ? `${c.swords} ⚔` : "", c.forts ? `${c.forts} 🛡` : ""].filter(Boolean).join(" · ");
  return { title: `${c.name} (${icons})`, text: c.text || n.no_ability || "", more };
}

export function wildlingHelp(view, id) {
  const o = (boardOf(view).wildling_outcomes || []).find((x) => x.id === id);
  return o ? { title: o.name, text: o.text } : { title: String(id), text: "" };
}

const titleOf = (help) => [
  help.title && help.text ? `${help.title}: ${help.text}` : help.title || help.text,
  help.star ? `The ★: ${help.star}` : "", ...(help.more || []),
].filter(Boolean).join("\n");

// The hover title (an element's own title, such as what its click does, is kept) and the hook.
function mark(el, help, keep = false) {
  if (!keep || !el.hasAttribute("title")) el.setAttribute("title", titleOf(help));
  el.setAttribute("data-help", help.title || "");
  return el;
}

// -- the popover: one at a time, on top of the page, closed by ✕, Escape or a tap elsewhere ------
let open = null;

export function closeHelp() {
  if (!open) return;
  open.el.remove();
  document.removeEventListener("pointerdown", open.outside, true);
  document.removeEventListener("keydown", open.escape, true);
  open = null;
}

/** Open the popover of `help` by `anchor` (an element, or a point {x, y} in the viewport). */
export function openHelp(anchor, help) {
  const same = open && open.title === help.title;
  closeHelp();
  if (same) return; // a second tap on the same help closes it
  const close = h("button", { type: "button", class: "btn th-help-close", "data-help-close": "", "aria-label": "Close" }, "✕");
  const el = h("div", { class: "th-help-pop", role: "dialog", "aria-label": help.title, "data-help-popover": help.title }, [
    h("div", { class: "th-help-head" }, [h("b", { "data-help-title": "" }, help.title), close]),
    help.text ? h("p", { class: "th-help-text" }, help.text) : null,
    help.star ? h("p", { class: "th-help-star", "data-help-star": "" }, [h("b", {}, "The ★: "), help.star]) : null,
    ...(help.more || []).filter(Boolean).map((x) => h("p", { class: "th-help-more" }, x)),
  ]);
  close.addEventListener("click", (e) => { e.stopPropagation(); closeHelp(); });
  el.addEventListener("click", (e) => e.stopPropagation());
  document.body.append(el);
  // Below the anchor (above it if there is no room), kept inside the viewport.
  const r = anchor instanceof Element ? anchor.getBoundingClientRect() : { left: anchor.x, right: anchor.x, top: anchor.y, bottom: anchor.y };
  const w = el.offsetWidth;
  const hgt = el.offsetHeight;
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const left = Math.max(6, Math.min(vw - w - 6, (r.left + r.right) / 2 - w / 2));
  const top = r.bottom + 6 + hgt <= vh ? r.bottom + 6 : Math.max(6, r.top - 6 - hgt);
  el.style.setProperty("left", `${Math.round(left)}px`);
  el.style.setProperty("top", `${Math.round(top)}px`);
  const outside = (e) => { if (!el.contains(e.target) && !(e.target.closest && e.target.closest(".th-help-btn, [data-help-tap]"))) closeHelp(); };
  const escape = (e) => { if (e.key === "Escape") closeHelp(); };
  document.addEventListener("pointerdown", outside, true);
  document.addEventListener("keydown", escape, true);
  open = { el, outside, escape, title: help.title };
}

// -- attaching help --------------------------------------------------------------------------
/** Help on an element with no action of its own: hover title, tap or Enter opens the popover. */
export function tapHelp(el, help) {
  if (!help || !(help.title || help.text)) return el;
  mark(el, help);
  el.setAttribute("data-help-tap", "");
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
  el.addEventListener("click", (e) => { e.stopPropagation(); openHelp(el, help); });
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); openHelp(el, help); } });
  return el;
}

/** The ⓘ button of `help`: its tap opens the popover and goes no further. */
export function helpButton(help) {
  const b = h("button", { type: "button", class: "th-help-btn", "aria-label": `What ${help.title} does`, title: titleOf(help), "data-help": help.title || "" });
  const stop = (e) => { e.stopPropagation(); };
  b.addEventListener("click", (e) => { e.stopPropagation(); e.preventDefault(); openHelp(b, help); });
  b.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); openHelp(b, help); } });
  b.addEventListener("pointerdown", stop);
  return b;
}

/** An element that acts when clicked, with help: the element gets the hover title (unless it
 *  has one, saying what its click does), and the returned wrapper holds it and an ⓘ button
 *  beside it, whose own title is the help. */
export function withHelp(el, help) {
  if (!help || !(help.title || help.text)) return el;
  mark(el, help, true);
  return h("span", { class: "th-help-wrap" }, [el, helpButton(help)]);
}

/** Help on an order token of the map (an SVG <g>): `area` is its area's number. */
export function svgHelp(g, help, area) {
  if (!help || !help.title) return g;
  g.prepend(s("title", { text: titleOf(help) }));
  g.setAttribute("data-help", help.title);
  g.classList.add("th-help-token");
  g.addEventListener("click", (e) => {
    const svg = g.ownerSVGElement;
    const path = svg && svg.querySelector(`path.th-area[data-area="${area}"]`);
    e.stopPropagation();
    if (path && path.classList.contains("spot")) { path.dispatchEvent(new MouseEvent("click", { bubbles: true })); return; }
    openHelp({ x: e.clientX, y: e.clientY }, help);
  });
  return g;
}
