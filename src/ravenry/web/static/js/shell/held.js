// Drawing that waits for a held pointer button. A frame that lands between a press and its
// release (a presence or clock frame, another player's move) rebuilds the element under the
// pointer, and the browser then drops the click: its press and its release hit different
// elements. While a button is held, drawing waits until just after the release's click (a drag
// of the map sees the game move on when it ends), or until the hold has lasted `maxMs`, in case
// a release never reaches the page.

/** `draw` wrapped: called at once, unless a pointer button is held; then once, after the
 * release (or after `maxMs` of holding), however many frames asked for it meanwhile. */
export function drawAfterRelease(draw, { maxMs = 10000, root = document } = {}) {
  let heldSince = 0; // performance.now() of the press, 0 when no button is held
  let waiting = false; // a draw was asked for while held
  let timer = 0;
  const flush = () => {
    clearTimeout(timer);
    if (!waiting) return;
    waiting = false;
    draw();
  };
  root.addEventListener("pointerdown", () => { heldSince = performance.now(); }, true);
  const release = () => {
    if (!heldSince) return;
    heldSince = 0;
    // After this task: the click the release makes is dispatched first, on the element pressed.
    if (waiting) setTimeout(flush, 0);
  };
  root.addEventListener("pointerup", release, true);
  root.addEventListener("pointercancel", release, true);
  return () => {
    const held = heldSince ? performance.now() - heldSince : Infinity;
    if (held >= maxMs) { waiting = false; clearTimeout(timer); draw(); return; }
    if (!waiting) {
      waiting = true;
      timer = setTimeout(flush, maxMs - held);
    }
  };
}
