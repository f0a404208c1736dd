// The host's webhook for a game (docs/server-protocol.md, "Turn alerts"): a field beside the host's
// other controls where a chat's webhook URL (Discord's, or anything taking {"content"}) is pasted;
// every human seat's turn is posted there. Only the host's browser (it keeps the host token) sees
// it; the server answers with the URL's host only, so the field shows where it posts, not the secret.
import { h } from "./dom.js";
import { api } from "./api.js";

export function mountWebhook(after, gameId, hostToken, flash) {
  if (!after || !hostToken) return null;
  const path = `/api/games/${encodeURIComponent(gameId)}/webhook`;
  const input = h("input", { type: "url", inputmode: "url", placeholder: "https://discord.com/api/webhooks/…", "aria-label": "Webhook URL for turn alerts", "data-action": "webhook-url" });
  const save = h("button", { type: "submit", class: "btn", "data-action": "webhook-save" }, "Set");
  const clearBtn = h("button", { type: "button", class: "btn", "data-action": "webhook-clear", hidden: true }, "Remove");
  const state = h("span", { class: "hint", "data-webhook-state": "" });
  const form = h("form", { class: "host-webhook", "aria-label": "Turn alerts webhook" }, [
    h("label", { class: "host-webhook-label" }, "Post turns to a chat webhook"),
    h("div", { class: "row" }, [input, save, clearBtn]),
    state,
  ]);
  const show = (webhook) => {
    state.textContent = webhook ? `Posting each turn to ${webhook}.` : "Each person's turn can be posted to a Discord (or similar) channel.";
    clearBtn.hidden = !webhook;
  };
  const set = async (url) => {
    try {
      const res = await api("POST", path, { url }, hostToken);
      input.value = "";
      show(res.webhook);
      flash(res.webhook ? "Turns will be posted to the webhook." : "The webhook is removed.", "info");
    } catch (err) { flash(`Webhook not set: ${err.message}`, "error"); }
  };
  form.addEventListener("submit", (e) => { e.preventDefault(); if (input.value.trim()) set(input.value.trim()); });
  clearBtn.addEventListener("click", () => set(null));
  after.after(form);
  api("GET", path, undefined, hostToken).then((res) => show(res.webhook)).catch(() => show(null));
  return form;
}
