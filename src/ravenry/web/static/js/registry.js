// Game renderers by game id. Which module draws a game is part of the game's one declaration
// on the server (ravenry.core.registry.GameDeclaration.renderer): the welcome names it, the page
// loads it here, and the module's default export is the renderer. The shell never knows any
// game's rules, nor a list of games.
//
// A renderer is an object with (the page's title is the game's name, from the server):
//   render(root, model, ctx)             -> draws board and game panels into root
//   describe(event, ctx)                 -> a readable log line (string) or null to skip
//   turnCue(model, ctx)                  -> short text about what the viewer must do, or null
//   banner(view, ctx)      (optional)    -> {head, rows: [[seat, name, text]]}: the end banner's
//                                           heading and ranked lines, maybe none (default: the
//                                           seats' names and scores)
// where model = {view, legal, templates, seat, seq} and ctx = {act, actMany, seatName,
// seatColor, flash, game} (see play.js); ctx.game is the game's /api/meta entry, whose
// `actions` (kind → {fields, and the game's facts of it}) name the action kinds a renderer knows.
const renderers = new Map();

/** Loads (once) the renderer of `gameId` from `modulePath`, the module the server named; a game
 *  without one (null) has no renderer. */
export async function loadRenderer(gameId, modulePath) {
  if (!renderers.has(gameId) && modulePath) renderers.set(gameId, (await import(modulePath)).default);
  return rendererFor(gameId);
}

export function rendererFor(gameId) {
  return renderers.get(gameId) || null;
}
