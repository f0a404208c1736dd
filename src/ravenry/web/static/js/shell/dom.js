// Tiny DOM helpers shared by every page: element and SVG builders, no framework.
const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.setAttribute("class", v);
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") for (const [dk, dv] of Object.entries(v)) el.dataset[dk] = dv;
    else if (k === "style") setStyle(el, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of [children].flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// The page's Content-Security-Policy refuses style="..." attributes, but not properties set
// through the CSSOM: {style: "--pc:#c00;width:10px"} (or an object) is applied property by property.
function setStyle(el, v) {
  const pairs = typeof v === "string"
    ? v.split(";").map((d) => d.split(/:(.*)/s)).filter((d) => d.length > 1)
    : Object.entries(v);
  for (const [prop, value] of pairs) el.style.setProperty(prop.trim(), String(value).trim());
}

/** h("div", {class: "x", onclick: f}, [children]) */
export function h(tag, attrs, children) {
  return apply(document.createElement(tag), attrs, children);
}

/** s("circle", {cx, cy, r}) builds an SVG element. */
export function s(tag, attrs, children) {
  return apply(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Make an element act like a button for mouse, keyboard and assistive technology. */
export function clickable(el, label, onActivate) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (e) => { e.stopPropagation(); onActivate(e); });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onActivate(e); }
  });
  const title = s("title", { text: label });
  el.prepend(title);
  return el;
}

export function cap(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
