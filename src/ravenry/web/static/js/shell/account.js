// The signed-in account, if any (docs/server-protocol.md, "Accounts"): who it is, its CSRF token
// for the changes made with its cookie, its games, and keeping a seat opened by invite in it.
// The session itself is an HttpOnly cookie this module never sees.
import { api } from "./api.js";

let current = null; // {username, csrf} or null, as GET /api/me last said

/** Who is signed in ({username, csrf}), or null. */
export async function me() {
  const answer = await api("GET", "/api/me");
  current = answer && answer.username ? answer : null;
  return current;
}

const csrf = () => ({ "X-CSRF-Token": current ? current.csrf : "" });

export async function signIn(username, password) {
  current = await api("POST", "/api/session", { username, password });
  return current;
}

export async function signUp(username, password) {
  current = await api("POST", "/api/accounts", { username, password });
  return current;
}

export async function signOut() {
  await api("DELETE", "/api/session", undefined, null, csrf());
  current = null;
}

/** The account's games, waiting for it first (GET /api/me/games); [] when signed out. */
export async function myGames() {
  if (!current && !(await me())) return [];
  try { return (await api("GET", "/api/me/games")).games || []; } catch (err) { if (err.status === 401) return []; throw err; }
}

/** The account's turn alerts settings (GET /api/me/alerts), or null. */
export async function alertSettings() {
  try { return await api("GET", "/api/me/alerts"); } catch { return null; }
}

/** One kept seat's turn alerts on or off. */
export async function seatAlerts(gameId, seat, on) {
  return api("POST", "/api/me/alerts/seats", { game: gameId, seat, on }, null, csrf());
}

/** Keep the seat of an invite token in the account. */
export async function claim(gameId, token) {
  return api("POST", `/api/games/${encodeURIComponent(gameId)}/claim`, { token }, null, csrf());
}

/** The seat the signed-in account keeps in a game, or null (a page opened with no invite). */
export async function accountSeat(gameId) {
  try {
    if (!(await me())) return null;
    const games = await myGames();
    const g = games.find((x) => x.id === gameId);
    return g ? g.seat : null;
  } catch { return null; }
}
