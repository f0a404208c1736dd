// Readable log lines for the events of the Catan family (as each viewer receives them: a
// secret field is null for those not allowed to see it).
import { devName, heroName, northOf } from "./catan-data.js";
import { hexName } from "./catan-board.js";

function cards(counts) {
  const parts = Object.entries(counts || {}).filter(([, n]) => n).map(([r, n]) => `${n} ${r}`);
  return parts.length ? parts.join(", ") : "nothing";
}

/** "an ore", "a wool", or "a card" when the viewer may not see which. */
export function aCard(resource) {
  if (!resource) return "a card";
  return `${/^[aeiou]/.test(resource) ? "an" : "a"} ${resource}`;
}

// "a grain", "an ore"; null stays null (a hidden card).
function a(res) {
  return res ? aCard(res) : null;
}

// What a hero did, from the public fields of its ``hero_used`` event (the events after it tell
// the rest: the forced trades, the guard placed, the card looked at).
function heroEffect(e, who, hex) {
  switch (e.hero) {
    case "mormont": return `: demanded ${e.resource}`;
    case "marsh": return `: gave ${a(e.gave)} to the supply for ${a(e.got)}`;
    case "tarly": return `: took ${a(e.resource)} from the supply`;
    case "othell": return `: moved a road (path ${e.removed} to path ${e.rebuilt})`;
    case "thorne": return `: built a guard paying ${cards(e.paid)}`;
    case "melisandre": return `: bought a development card paying ${cards(e.paid)}`;
    case "mance": return ` on ${who(e.victim)}`;
    case "benjen": return `: removed a wildling from ${e.removed_from}`;
    case "ygritte": return `: the wildling on ${hex(e.hex)} goes back`;
    case "yoren": return ": discarded a played ranger patrol for a free guard";
    case "qhorin": return `: Tormund goes home from ${hex(e.hex)}${e.resource ? `, taking ${a(e.resource)}` : " (no card of that land left)"}`;
    default: return "";
  }
}

/** What an undo takes back, in a word or two ("road", "keep", "trade"), from the action's JSON:
 * the view's ``undoable`` (what the current player may take back now) or an ``undone`` event's. */
export function undoneThing(a, view) {
  const names = (view && view.names) || { city: "city" };
  switch (a && a.type) {
    case "build_road": case "place_road": return "road";
    case "build_settlement": case "place_settlement": return "settlement";
    case "build_city": return names.city;
    case "build_guard": return "guard";
    case "maritime_trade": return "trade";
    default: return a ? a.type.replace(/_/g, " ") : "move";
  }
}

export function describeEvent(e, ctx, view) {
  const who = (p) => (p === null || p === undefined ? "someone" : ctx.seatName(p));
  const v = view || {};
  const names = v.names || { city: "city", robber: "robber", army: "Largest Army" };
  const robber = names.robber === "robber" ? "the robber" : names.robber;
  const hex = (h) => `the ${hexName(v.board, h)}`;
  switch (e.type) {
    case "starting_player": return `${who(e.player)} starts (highest roll).`;
    case "built": {
      const piece = e.piece === "city" ? names.city : e.piece;
      return `${who(e.player)} ${e.setup ? "placed" : "built"} a ${e.free ? "free " : ""}${piece}.`;
    }
    case "starting_resources": return `${who(e.player)} takes starting resources: ${cards(e.cards)}.`;
    case "rolled": return `${who(e.player)} rolled ${e.dice[0]} + ${e.dice[1]} = ${e.total}.`;
    case "wildling_die": return `Wildling die: ${e.face}.`;
    case "produced": {
      const gains = Object.entries(e.gains || {}).map(([p, c]) => `${who(+p)} ${cards(c)}`);
      const short = (e.shortages || []).length ? ` (shortage: ${e.shortages.join(", ")})` : "";
      return gains.length ? `Production: ${gains.join("; ")}${short}.` : `No one produces${short}.`;
    }
    case "must_discard": {
      const owed = (e.owed || []).map((n, p) => (n ? `${who(p)} ${n}` : null)).filter(Boolean);
      return owed.length ? `Discard half: ${owed.join(", ")}.` : null;
    }
    case "discarded": return `${who(e.player)} discarded ${aCard(e.resource)}.`;
    case "robber_moved": return e.hex === null ? `${who(e.player)} sent ${robber} back to his camp.` : `${who(e.player)} moved ${robber} to ${hex(e.hex)}.`;
    case "stole": return `${who(e.player)} stole ${aCard(e.resource)} from ${who(e.victim)}.`;
    case "bought_dev": return `${who(e.player)} bought a development card${e.card ? ` (${devName(v, e.card)})` : ""}.`;
    case "played_dev": {
      let extra = "";
      if (e.cards) extra = `: ${cards(e.cards)}`;
      if (e.option === "return_wildling") extra = " to return a wildling";
      if (e.resource) extra = `: ${e.resource}`;
      if (e.taken !== undefined) extra += ` (took ${e.taken})`;
      return `${who(e.player)} played ${devName(v, e.card)}${extra}.`;
    }
    case "longest_road": return `${who(e.player)} takes Longest Road (${e.length}).`;
    case "largest_army": return `${who(e.player)} takes ${names.army} (${e.knights}).`;
    case "maritime_trade": return `${who(e.player)} traded ${cards(e.gave)} to the bank for ${cards(e.got)}.`;
    case "trade_offered": return `${who(e.player)} offers ${cards(e.give)} for ${cards(e.get)}.`;
    case "trade_answer":
      if (e.answer === "counter") return `${who(e.player)} counters: gives ${cards(e.give)} for ${cards(e.get)}.`;
      return `${who(e.player)} ${e.answer === "accept" ? "accepts" : "declines"}.`;
    case "trade_closed": return e.traded_with === null ? "Trade offer closed, no deal." : `${who(e.player)} traded with ${who(e.traded_with)}.`;
    case "forced_trade":
      // ``exchanged`` is public; the card given back is null for all but the two players.
      if (e.exchanged === false) return `${who(e.with)} had no ${e.demanded || "such card"}: nothing exchanged.`;
      return `${who(e.with)} handed ${who(e.player)} ${a(e.got) || "a card"}, getting ${a(e.gave) || "a card"} back.`;
    case "undone": {
      const a = e.action || {};
      const detail = a.type === "maritime_trade" ? ` with the bank (${a.rate} ${a.give} for 1 ${a.get})` : "";
      return `${who(e.player)} took back their ${undoneThing(a, v)}${detail}.`;
    }
    case "turn_ended": return null;
    case "turn_started": return `Turn ${e.turn}: ${who(e.player)}`;
    case "game_over": return `Game over: ${e.winner === null || e.winner < 0 ? "a tie" : `${who(e.winner)} wins`} (${e.reason}).`;
    case "guard_placed": return `${who(e.player)} put a guard on wall section ${e.section} (${e.how}).`;
    case "guard_removed": return `A guard of ${who(e.player)} left wall section ${e.section} (${e.why}).`;
    case "token_revealed": return `A ${e.wildling} of the ${e.clan} appears (${e.why}).`;
    case "tokens_remixed": return "The wildling tokens are reshuffled.";
    case "wildling_migrated": return `The ${e.clan} gains a ${e.wildling} (camp ${e.camp}).`;
    case "wildling_rush": return `Rush! The ${e.clan} charges.`;
    case "wildling_advanced": return `A ${e.wildling} of the ${e.clan} advances to clearing ${e.clearing}.`;
    case "climber_jumped": return `A climber scales the Wall at clearing ${e.clearing}.`;
    case "giant_returned": return `A giant at clearing ${e.clearing} takes a guard and leaves.`;
    case "sixth_wildling": {
      const full = northOf(v).spaces_per_section; // guards that fill a section
      return `Wildling ${full + 1} at clearing ${e.clearing} faces ${full} guards: it, another wildling and the oldest guard fall.`;
    }
    case "wall_breached": return `The Wall is breached at section ${e.clearing}! (${e.breaches} of ${v.breaches_to_end})`;
    case "wildling_in_gift": return `A ${e.wildling} wildling blocks ${hex(e.hex)}.`;
    case "wildling_returned": return `${who(e.player)} returned a wildling from ${hex(e.hex)}${e.resource ? ` and took ${e.resource}` : ""}.`;
    case "hero_used": return `${who(e.player)} used ${heroName(v, e.hero)}${heroEffect(e, who, hex)}.`;
    case "hero_flipped": return `${who(e.player)} flipped ${heroName(v, e.hero)} to side B.`;
    case "hero_swapped": return `${who(e.player)} returned ${heroName(v, e.returned)} and took ${heroName(v, e.took)}.`;
    case "hero_passed": return `${who(e.player)} passed.`;
    case "looked_at_hand": return `${who(e.player)} looked at the hand of ${who(e.victim)}${e.hand ? `: ${cards(e.hand)}` : ""}.`;
    case "melisandre_cards": return `${who(e.player)} looks at ${e.count} development cards${e.cards ? `: ${e.cards.map((c) => devName(v, c)).join(", ")}` : ""}.`;
    default: {
      const rest = Object.entries(e).filter(([k]) => k !== "type").map(([k, x]) => `${k} ${JSON.stringify(x)}`);
      return `${e.type.replace(/_/g, " ")}${rest.length ? `: ${rest.join(", ")}` : ""}.`;
    }
  }
}
