// Colours and words of the Catan family, for drawing and labels only. The rules' facts (costs,
// card and hero names, the heroes' order) are the view's: read them with the helpers below.
// Nothing here decides what is legal.
export const RESOURCES = ["brick", "lumber", "ore", "grain", "wool"];

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
// rules_json): costs, the development cards' and heroes' names, the heroes' order, the North.
const facts = (view) => (view && view.board) || {};

/** The name of a development card in this game ("Ranger Patrol" for got-catan's knight). */
export function devName(view, card) {
  return (facts(view).dev_cards || {})[card] || card;
}

/** A hero's name by its id. */
export function heroName(view, id) {
  const hero = (facts(view).heroes || []).find((x) => x.id === id);
  return hero ? hero.name : id;
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

// What each hero does, in a line (the card's text in short; the rules are the server's).
export const HERO_HINTS = {
  mormont: "demand a resource from up to two opponents, giving a different card back",
  marsh: "trade one resource with the supply 1:1",
  tarly: "after a production roll that paid you nothing, take one resource",
  othell: "move one of your roads",
  thorne: "build a guard, paying one of its resources with another",
  melisandre: "buy a development card choosing from the top three",
  mance: "look at the hand of a player with more points and take a card",
  benjen: "remove a wildling north of the Wall",
  ygritte: "move a wildling out of a hex of the Gift",
  yoren: "discard a ranger patrol to place a free guard",
  qhorin: "send Tormund home and take a resource of the land he left",
};

export const WILDLING_LETTER = { regular: "W", climber: "C", giant: "G" };
export const WILDLING_COLORS = { regular: "#3d4451", climber: "#2a7fb8", giant: "#8a3b12" };

export function pips(n) {
  return n >= 2 && n <= 12 && n !== 7 ? 6 - Math.abs(7 - n) : 0;
}
