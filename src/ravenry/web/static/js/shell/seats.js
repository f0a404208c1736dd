// Where a browser keeps its seat tokens: the invite link's fragment moves into localStorage
// (so the token never reaches the server's logs) and the address bar is cleaned.
export function storageKey(gameId) {
  return `ravenry:${gameId}`;
}

export function takeInviteFromUrl(gameId) {
  const frag = new URLSearchParams(location.hash.replace(/^#/, ""));
  const token = frag.get("token");
  if (token) {
    const seat = Number(frag.get("seat"));
    localStorage.setItem(storageKey(gameId), JSON.stringify({ seat, token }));
    history.replaceState(null, "", location.pathname + location.search);
  }
}

export function storedSeat(gameId) {
  try {
    const v = JSON.parse(localStorage.getItem(storageKey(gameId)) || "null");
    return v && typeof v.token === "string" ? v : null;
  } catch {
    return null;
  }
}

export function hostToken(gameId) {
  return localStorage.getItem(`ravenry-host:${gameId}`);
}

export function rememberHost(gameId, token) {
  localStorage.setItem(`ravenry-host:${gameId}`, token);
}

/** Every game whose invite this browser opened: [{id, seat, token}]. */
export function storedSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("ravenry:")) continue;
    const id = key.slice("ravenry:".length);
    const seat = storedSeat(id);
    if (seat) out.push({ id, seat: seat.seat, token: seat.token });
  }
  return out;
}
