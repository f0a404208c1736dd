// Colours and words of the Catan family, for drawing and labels only. The rules' facts (the
// resources' order, costs, card and hero names, what each hero does, the heroes' order, the pips
// of the number tokens) are the view's: read them with the helpers below. Nothing here decides
// what is legal.

export const RESOURCE_COLORS = {
  brick: "#c2562f", lumber: "#2e7d32", ore: "#7d8597", grain: "#e9b924", wool: "#87c54b",
};

// The colour of each terrain's hexes; which resource a terrain yields is the board's
// (``terrain_resources``).
export const TERRAIN_FILLS = {
  hills: "#d9774f", forest: "#3f8f46", mountains: "#9aa3b5", fields: "#f0cf5a", pasture: "#a6d86b", desert: "#e8d6a6",
};

export const PLAYER_COLORS = ["#d62839", "#1f5fd1", "#f08c00", "#7b3fbf"];
export const PLAYER_COLOR_NAMES = ["red", "blue", "orange", "purple"];

// The facts of the rules come with the board, the view's static part (games/catan/views.py
// rules_json): the resources, costs, the development cards' and heroes' names, the heroes'
// order, the number tokens' pips, the North.
const facts = (view) => (view && view.board) || {};

/** The resources in the order hands and costs list them ("brick", "lumber", …). */
export function resourcesOf(view) {
  return facts(view).resources || [];
}

/** The name of a development card in this game ("Ranger Patrol" for got-catan's knight). */
export function devName(view, card) {
  return (facts(view).dev_cards || {})[card] || card;
}

/** A hero's name by its id. */
export function heroName(view, id) {
  const hero = (facts(view).heroes || []).find((x) => x.id === id);
  return hero ? hero.name : id;
}

/** What a hero does, in a line ("" if the view does not say). */
export function heroDoes(view, id) {
  const hero = (facts(view).heroes || []).find((x) => x.id === id);
  return (hero && hero.does) || "";
}

/** The id of the hero a ``hero_swap`` numbers ``index``. */
export function heroAt(view, index) {
  const hero = (facts(view).heroes || [])[index];
  return hero ? hero.id : null;
}

/** What building ``thing`` costs ("road", "settlement", "city", "dev", "guard"): {resource: n}. */
export function costOf(view, thing) {
  return (facts(view).costs || {})[thing] || null;
}

/** The lands north of the Wall (Brotherhood): clans, camps, trails, sections; null elsewhere. */
export function northOf(view) {
  return facts(view).north || null;
}

/** The terrain's resource (null for the desert), by the board's rules. */
export function terrainResource(board, terrain) {
  return ((board && board.terrain_resources) || {})[terrain] ?? null;
}

export const WILDLING_LETTER = { regular: "W", climber: "C", giant: "G" };
export const WILDLING_COLORS = { regular: "#3d4451", climber: "#2a7fb8", giant: "#8a3b12" };

/** What a kind of wildling does at the Wall, in a line (Brotherhood's board; "" elsewhere). */
export function wildlingDoes(view, kind) {
  const entry = ((northOf(view) || {}).wildlings || []).find((w) => w.kind === kind);
  return entry ? entry.does : "";
}

/** The pips under a number token: the ways two dice roll ``n`` (0 for a number no roll makes). */
export function pipsOf(board, n) {
  return ((board && board.number_pips) || {})[n] || 0;
}

/** The most pips any number has: its tokens are the hot ones (drawn red). */
export function mostPips(board) {
  return Math.max(0, ...Object.values((board && board.number_pips) || {}));
}
