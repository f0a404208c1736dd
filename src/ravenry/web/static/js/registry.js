// Game renderers keyed by the view's "game" id. A game module registers itself here; the shell
// looks it up and never knows any game's rules.
//
// A renderer is an object with:
//   title(view)                          -> string
//   render(root, model, ctx)             -> draws board and game panels into root
//   describe(event, ctx)                 -> a readable log line (string) or null to skip
//   turnCue(model, ctx)                  -> short text about what the viewer must do, or null
//   banner(view, ctx)      (optional)    -> {head, rows: [[seat, name, text]]}: the end banner's
//                                           heading and ranked lines, maybe none (default: the
//                                           seats' names and scores)
// where model = {view, legal, templates, seat, seq} and ctx = {act, actMany, seatName,
// seatColor, flash} (see play.js).
const renderers = new Map();

export function registerGame(ids, renderer) {
  for (const id of ids) renderers.set(id, renderer);
}

export function rendererFor(gameId) {
  return renderers.get(gameId) || null;
}
