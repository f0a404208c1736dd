// Names, colours and costs of the Catan family, for drawing and labels only (the rules live on
// the server; nothing here decides what is legal).
export const RESOURCES = ["brick", "lumber", "ore", "grain", "wool"];

export const RESOURCE_COLORS = {
  brick: "#c2562f", lumber: "#2e7d32", ore: "#7d8597", grain: "#e9b924", wool: "#87c54b",
};

export const TERRAIN = {
  hills: { fill: "#d9774f", resource: "brick" },
  forest: { fill: "#3f8f46", resource: "lumber" },
  mountains: { fill: "#9aa3b5", resource: "ore" },
  fields: { fill: "#f0cf5a", resource: "grain" },
  pasture: { fill: "#a6d86b", resource: "wool" },
  desert: { fill: "#e8d6a6", resource: null },
};

export const PLAYER_COLORS = ["#d62839", "#1f5fd1", "#f08c00", "#7b3fbf"];
export const PLAYER_COLOR_NAMES = ["red", "blue", "orange", "purple"];

export const COSTS = {
  road: { brick: 1, lumber: 1 },
  settlement: { brick: 1, lumber: 1, grain: 1, wool: 1 },
  city: { grain: 2, ore: 3 },
  dev: { ore: 1, grain: 1, wool: 1 },
  guard: { brick: 1, lumber: 1, wool: 1 },
};

const DEV_NAMES_CATAN = {
  knight: "Knight", victory_point: "Victory Point", road_building: "Road Building",
  year_of_plenty: "Year of Plenty", monopoly: "Monopoly", new_recruits: "New Recruits",
};
const DEV_NAMES_GOT = {
  knight: "Ranger Patrol", victory_point: "Victory Point", road_building: "Road Building",
  year_of_plenty: "Winter is Coming", monopoly: "Monopoly", new_recruits: "New Recruits",
};

export function devName(view, card) {
  const names = view.game === "catan" ? DEV_NAMES_CATAN : DEV_NAMES_GOT;
  return names[card] || card;
}

export const HERO_NAMES = {
  mormont: "Jeor Mormont", marsh: "Bowen Marsh", tarly: "Samwell Tarly", othell: "Othell Yarwyck",
  thorne: "Ser Alliser Thorne", melisandre: "Melisandre", mance: "Mance Rayder",
  benjen: "Benjen Stark", ygritte: "Ygritte", yoren: "Yoren", qhorin: "Qhorin Half-Hand",
};
// Index order of the heroes as the server numbers them (hero_swap's "hero").
export const HERO_ORDER = ["mormont", "marsh", "tarly", "othell", "thorne", "melisandre", "mance",
  "benjen", "ygritte", "yoren", "qhorin"];

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
