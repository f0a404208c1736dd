// The lobby's "Turn alerts" panel, under "Your games" (docs/playing.md, "Turn alerts"): for a
// signed-in person, an email address with its on/off switch, and "alerts on this device" (the
// service worker at /sw.js, then a Web Push subscription the server keeps for the account).
// Signed out it is hidden; it redraws when the account box above changes (sign-in, sign-out).
import { h, clear } from "./shell/dom.js";
import { me } from "./shell/account.js";
import { api } from "./shell/api.js";

const box = document.getElementById("alerts-settings");
const account = document.getElementById("account");

function say(el, text, kind = "info") {
  el.textContent = text;
  el.dataset.kind = kind;
}

function keyBytes(base64url) {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function deviceSubscription() {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? reg.pushManager.getSubscription() : null;
}

async function subscribeDevice(csrf) {
  if (!pushSupported()) throw new Error("this browser cannot show alerts with the tab closed");
  if (!window.isSecureContext) throw new Error("alerts on a device need the site on https");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("notifications are blocked for this site in the browser's settings");
  const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const { key } = await api("GET", "/api/push/key");
  const sub = (await reg.pushManager.getSubscription())
    || (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  return api("POST", "/api/me/push", sub.toJSON(), null, { "X-CSRF-Token": csrf });
}

async function unsubscribeDevice(csrf) {
  const sub = await deviceSubscription();
  if (!sub) return null;
  const answer = await api("DELETE", "/api/me/push", { endpoint: sub.endpoint }, null, { "X-CSRF-Token": csrf });
  await sub.unsubscribe();
  return answer;
}

function emailPart(settings, csrf, status) {
  const address = h("input", { type: "email", name: "email", autocomplete: "email", placeholder: "you@example.org", "aria-label": "Email address for turn alerts", "data-alerts": "email", value: settings.email || "" });
  const on = h("input", { type: "checkbox", "data-alerts": "email-on" });
  on.checked = !!settings.email_on;
  const save = h("button", { type: "submit", class: "btn", "data-alerts": "save-email" }, "Save");
  const form = h("form", { class: "alerts-email", "aria-label": "Email alerts" }, [
    h("label", { class: "alerts-switch" }, [on, " Email me when it is my turn"]),
    h("div", { class: "row alerts-email-row" }, [address, save]),
  ]);
  if (!settings.email_available) {
    on.disabled = true;
    form.append(h("p", { class: "hint" }, "This server sends no email (its host set no SMTP server)."));
  }
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const next = await api("POST", "/api/me/alerts", { email: address.value.trim() || null, email_on: on.checked }, null, { "X-CSRF-Token": csrf });
      on.checked = !!next.email_on;
      say(status, next.email_on ? `Email alerts go to ${next.email}.` : "Email alerts are off.", "ok");
    } catch (err) { say(status, err.message, "error"); }
  });
  on.addEventListener("change", () => form.requestSubmit());
  return form;
}

function devicePart(settings, csrf, status) {
  const button = h("button", { type: "button", class: "btn", "data-alerts": "device" }, "Alerts on this device");
  const state = h("span", { class: "muted", "data-alerts": "device-state" });
  const row = h("div", { class: "row wrap alerts-device" }, [button, state]);
  let subscribed = false;
  const show = () => {
    button.textContent = subscribed ? "Stop alerts on this device" : "Alerts on this device";
    button.classList.toggle("primary", !subscribed);
    const others = Math.max(0, (settings.devices || 0) - (subscribed ? 1 : 0));
    state.textContent = [subscribed ? "On here." : "Off here.", others ? `${others} other device${others > 1 ? "s" : ""}.` : ""].join(" ").trim();
  };
  if (!pushSupported() || !settings.push_available) {
    button.disabled = true;
    state.textContent = pushSupported() ? "The server is starting; try again soon." : "This browser cannot show alerts with the tab closed.";
    return row;
  }
  deviceSubscription().then((sub) => { subscribed = !!sub; show(); }).catch(() => show());
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const next = subscribed ? await unsubscribeDevice(csrf) : await subscribeDevice(csrf);
      if (next) settings = next;
      subscribed = !subscribed;
      say(status, subscribed ? "This device will show an alert when it is your turn, with the tab closed." : "No more alerts on this device.", "ok");
    } catch (err) { say(status, err.message, "error"); }
    button.disabled = false;
    show();
  });
  show();
  return row;
}

async function draw() {
  if (!box) return;
  const who = await me().catch(() => null);
  clear(box);
  box.hidden = !who;
  if (!who) return;
  let settings;
  try { settings = await api("GET", "/api/me/alerts"); } catch { box.hidden = true; return; }
  const status = h("p", { class: "hint alerts-status", role: "status", "aria-live": "polite" });
  box.append(
    h("h3", {}, "Turn alerts"),
    h("p", { class: "hint" }, "When a game waits for you and its page is not open: by email, or as a notification on this device. The host of a game can also post its turns to a chat webhook (on the game's page)."),
    emailPart(settings, who.csrf, status),
    devicePart(settings, who.csrf, status),
    status,
  );
}

// "Your games" redraws its account box on sign-in and sign-out: follow it.
let pending = null;
if (account) {
  new MutationObserver(() => {
    clearTimeout(pending);
    pending = setTimeout(draw, 50);
  }).observe(account, { childList: true });
}
draw();
