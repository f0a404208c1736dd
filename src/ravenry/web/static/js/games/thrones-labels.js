// Words of the Thrones renderer: names of areas, orders, units, cards and phases, the readable
// label of each legal action, and the log line of each event. Only names: no rule lives here.
// Every name comes from the view's static board (`view.board`, from games/thrones/data.py).

/** A seat's house colours ({fill, ink}): the rules' data, sent in the board (house_colors). */
export function houseColors(view, seat) {
  const b = boardOf(view);
  const i = (b.houses || []).indexOf(houseOf(view, seat));
  return (b.house_colors || [])[i] || { fill: "#888", ink: "#fff" };
}
const TRACK_TITLES = { iron_throne: "Iron Throne", fiefdoms: "Fiefdoms", kings_court: "King's Court", nights_watch: "the Night's Watch" };
const PHASE_TITLES = {
  planning: "Planning", messenger_raven: "Messenger Raven", raid: "Action: raids", march_choose: "Action: marches",
  march_move: "Action: marching", support: "Battle: support", house_cards: "Battle: house cards",
  valyrian_steel_blade: "Battle: Valyrian Steel Blade", casualties: "Battle: casualties", card_ability: "Battle: card ability",
  retreat: "Battle: retreat", supply: "Westeros: supply", mustering: "Westeros: mustering", bidding: "Westeros: bidding",
  tie: "Bidding: tie", wildling_reward: "Wildlings: reward", wildling_losses: "Wildlings: losses", over: "Game over",
  westeros: "Westeros", raids: "Action: raids", marches: "Action: marches", bids: "Bidding", action_end: "Action: end",
  retreat_losses: "Battle: retreat losses",
};

const boardOf = (view) => (view && view.board) || { areas: [], orders: [], houses: [], cards: [], units: [] };

export function areaName(view, a) {
  const x = boardOf(view).areas[a];
  return x ? x.name : `area ${a}`;
}

export function orderName(view, kind) {
  const id = typeof kind === "number" ? boardOf(view).orders[kind] : kind;
  if (!id) return "an order";
  const named = (boardOf(view).order_kinds || []).find((k) => k.id === id); // the rules' name
  if (named) return named.name;
  const star = id.endsWith("*");
  const base = id.replace("*", "");
  const m = /^([a-z_]+?)([+-]\d)?$/.exec(base);
  const word = (m ? m[1] : base).split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
  const bonus = m && m[2] ? ` ${m[2].replace("-", "−")}` : "";
  return `${word}${bonus}${star ? " ★" : ""}`;
}

/** The unit types by number (0 footman, 1 knight, 2 ship: the board's ``units``, in its order). */
export function unitTypes(view) {
  return (boardOf(view).units || []).map((_, i) => i);
}

/** "3 footmen", "1 knight": ``unit`` a type's number or name; the words are the board's. */
export function units(view, n, unit) {
  const types = boardOf(view).units || [];
  const type = typeof unit === "number" ? types[unit] : types.find((w) => w.name === unit);
  if (!type) return `${n} ${unit}`;
  return `${n} ${n === 1 ? type.name : type.plural}`;
}

export function unitWord(view, unit) {
  const type = (boardOf(view).units || [])[unit];
  return type ? type.name : String(unit);
}

/** What a bid is for, in a sentence: "the Iron Throne track", "the Night's Watch". */
export function bidTitle(id) {
  return id === "nights_watch" ? trackTitle(id) : `the ${trackTitle(id)} track`;
}

export function trackTitle(id) {
  return TRACK_TITLES[id] || id;
}

export function phaseTitle(id) {
  return PHASE_TITLES[id] || id;
}

/** A Westeros card's display name: the board's (texts.py), never made from the id. */
export function westerosTitle(id, view) {
  const c = (boardOf(view).westeros_cards || []).find((x) => x.id === id);
  return c ? c.name : String(id).replace(/_/g, " ");
}

export function houseOf(view, seat) {
  return view && view.houses && view.houses[seat] ? view.houses[seat] : `Seat ${seat + 1}`;
}

/** The seven cards of a seat's house (empty if unknown). */
export function houseCards(view, seat) {
  const b = boardOf(view);
  const i = b.houses.indexOf(houseOf(view, seat));
  return i >= 0 ? b.cards[i] : [];
}

export function cardName(view, seat, card) {
  const c = houseCards(view, seat)[card];
  return c ? c.name : `card ${card}`;
}

export function cardStats(c) {
  const parts = [`strength ${c.strength}`];
  if (c.swords) parts.push(`${c.swords} sword${c.swords === 1 ? "" : "s"}`);
  if (c.forts) parts.push(`${c.forts} fort${c.forts === 1 ? "" : "s"}`);
  return parts.join(", ");
}

// The card the winner of the battle in progress played (for its ability's targets).
function winnerCard(view) {
  const b = view.battle;
  if (!b || b.winner === null || b.winner === undefined || b.winner < 0) return null;
  const side = b.winner === b.attacker ? 0 : 1;
  const card = b.cards && b.cards[side];
  return card === null || card === undefined ? null : cardName(view, b.winner, card);
}

/** A readable label of one legal action, from its own fields only. */
export function actionLabel(a, view) {
  switch (a.type) {
    case "place_order": return `Place ${orderName(view, a.order)} in ${areaName(view, a.area)}`;
    case "clear_order": return `Take back the order in ${areaName(view, a.area)}`;
    case "ready": return "Done: my orders are placed";
    case "raven_swap": return `Raven: swap the order in ${areaName(view, a.area)} for ${orderName(view, a.order)}`;
    case "raven_pass": return "Raven: keep my orders";
    case "raid": return a.target === null || a.target === undefined
      ? `Remove the Raid in ${areaName(view, a.area)} without raiding`
      : `Raid from ${areaName(view, a.area)} into ${areaName(view, a.target)}`;
    case "march": return `Resolve the March in ${areaName(view, a.area)}`;
    case "move": return `Move 1 ${unitWord(view, a.unit)} ${areaName(view, a.from)} → ${areaName(view, a.to)}`;
    case "end_march": return a.leave_power_token ? "End the march, leaving a power token" : "End the march";
    case "support": return a.side === 0 ? `Support the attacker from ${areaName(view, a.area)}`
      : a.side === 1 ? `Support the defender from ${areaName(view, a.area)}` : `Support nobody from ${areaName(view, a.area)}`;
    case "house_card": {
      const c = houseCards(view, view.viewer)[a.card];
      return c ? `Play ${c.name} (${cardStats(c)})` : `Play card ${a.card}`;
    }
    case "blade": return a.use ? "Use the Valyrian Steel Blade (+1)" : "Keep the Valyrian Steel Blade";
    case "casualty": return `Lose 1 ${unitWord(view, a.unit)}`;
    case "ability": {
      const card = winnerCard(view) || "card";
      const b = view.battle || {};
      if (a.target === null || a.target === undefined || a.target < 0) return `${card}: use the ability`;
      if (card.startsWith("Maester Luwin")) return `${card}: take back ${cardName(view, view.viewer, a.target)}`;
      if (card.startsWith("Melisandre")) {
        const loser = b.winner === b.attacker ? b.defender : b.attacker;
        return `${card}: discard ${cardName(view, loser, a.target)}`;
      }
      return `${card}: remove the order in ${areaName(view, a.target)}`;
    }
    case "ability_pass": return "Do not use the card's ability";
    case "retreat": return `Retreat to ${areaName(view, a.area)}`;
    case "destroy": return `Destroy 1 ${unitWord(view, a.unit)} in ${areaName(view, a.area)}`;
    case "muster": {
      if (a.what === boardOf(view).upgrade) return `Upgrade a footman to a knight in ${areaName(view, a.area)}`;
      const where = a.to === a.area ? areaName(view, a.area) : `${areaName(view, a.to)} (from ${areaName(view, a.area)})`;
      return `Muster 1 ${unitWord(view, a.what)} in ${where}`;
    }
    case "end_muster": return "Done mustering";
    case "bid": return `Bid ${a.amount}`;
    case "tie_pick": return `Place ${houseOf(view, a.seat)} first`;
    case "reclaim": return `Take back ${cardName(view, view.viewer, a.card)}`;
    case "reclaim_pass": return "Take no card back";
    case "wildling_loss": return `Lose 1 ${unitWord(view, a.unit)} in ${areaName(view, a.area)}`;
    default: return a.type.replace(/_/g, " ");
  }
}

/** The log line of one event as this viewer received it (secret fields are null for others). */
export function describeEvent(e, view) {
  const v = view || {};
  const house = (p) => (p === null || p === undefined || p < 0 ? "nobody" : houseOf(v, p));
  const list = (xs) => (xs || []).map((x, p) => `${house(p)} ${x}`).join(", ");
  switch (e.type) {
    case "order_placed": return e.area === null || e.area === undefined
      ? `${house(e.seat)} placed an order face down.` : `You placed ${orderName(view, e.order)} in ${areaName(view, e.area)}.`;
    case "order_cleared": return e.area === null || e.area === undefined
      ? `${house(e.seat)} took an order back.` : `You took back ${orderName(view, e.order)} from ${areaName(view, e.area)}.`;
    case "orders_ready": return `${house(e.seat)} is done placing orders.`;
    case "orders_revealed": return `Orders revealed: ${(e.orders || []).length} on the board.`;
    case "raven_swapped": return `${house(e.seat)} used the Messenger Raven in ${areaName(view, e.area)}.`;
    case "raven_passed": return `${house(e.seat)} kept its orders.`;
    case "raid_done": return e.raided
      ? `${house(e.seat)}'s Raid order in ${areaName(view, e.area)} is spent.`
      : `${house(e.seat)} removed its Raid order in ${areaName(view, e.area)} without raiding.`;
    case "raided": return `${house(e.seat)} raided from ${areaName(view, e.from)} the ${orderName(view, e.order)} of ${house(e.victim)} in ${areaName(view, e.area)}${e.pillaged ? " and pillaged a power token" : ""}.`;
    case "march_started": return `${house(e.seat)} marches from ${areaName(view, e.area)}.`;
    case "unit_moved": return `${house(e.seat)} moved 1 ${e.unit} ${areaName(view, e.from)} → ${areaName(view, e.to)}.`;
    case "unit_attacks": return `${house(e.seat)} attacks ${areaName(view, e.to)} from ${areaName(view, e.from)} with 1 ${e.unit}.`;
    case "march_ended": return `${house(e.seat)} ended its march from ${areaName(view, e.area)}.`;
    case "control_established": return `${house(e.seat)} leaves a power token in ${areaName(view, e.area)}.`;
    case "battle": return `Battle in ${areaName(view, e.area)}: ${house(e.attacker)} attacks ${e.neutral ? `a neutral force (${e.neutral})` : house(e.defender)}.`;
    case "support": return `${house(e.seat)} supports ${e.side === "none" ? "nobody" : `the ${e.side}`} from ${areaName(view, e.area)}.`;
    case "house_card_chosen": return `${house(e.seat)} chose a house card${e.card === null || e.card === undefined ? "" : `: ${cardName(v, e.seat, e.card)}`}.`;
    case "house_cards_revealed": return `House cards: ${e.attacker_card || "none"} against ${e.defender_card || "none"}.`;
    case "valyrian_steel_blade": return `${house(e.seat)} used the Valyrian Steel Blade.`;
    case "battle_result": return `Strength ${e.attacker_strength} against ${e.defender_strength}: ${house(e.winner)} wins${e.casualties ? `, ${e.casualties} casualt${e.casualties === 1 ? "y" : "ies"}` : ""}.`;
    case "casualty": return `${house(e.seat)} lost 1 ${e.unit}.`;
    case "card_ability": return `${e.card} (${house(e.seat)}) used its ability.`;
    case "retreat": return `${house(e.seat)} retreats to ${areaName(view, e.to)} with ${(e.units || []).join(", ") || "nothing"}.`;
    case "battle_over": {
      if (e.attacker_strength === undefined || e.attacker_strength === null) return `The battle in ${areaName(view, e.area)} is over: ${house(e.winner)} won.`;
      const won = e.winner === e.attacker ? [e.attacker_strength, e.defender_strength] : [e.defender_strength, e.attacker_strength];
      return `The battle in ${areaName(view, e.area)} is over: ${house(e.winner)} won, strength ${won[0]} against ${won[1]} (${house(e.attacker)} attacking ${house(e.defender)}).`;
    }
    case "consolidated_power": return `Power gained: ${list(e.power)}.`;
    case "westeros_cards": return `Round ${e.turn}: ${(e.cards || []).map((c) => westerosTitle(c, view)).join(", ")}; wildling threat ${e.wildlings}.`;
    case "supply_levels": return `Supply: ${list(e.supply)}.`;
    case "mustered": return e.unit === "upgrade"
      ? `${house(e.seat)} upgraded a footman to a knight in ${areaName(view, e.to)}.`
      : `${house(e.seat)} mustered 1 ${e.unit} in ${areaName(view, e.to)}${e.to === e.area ? "" : ` (from ${areaName(view, e.area)})`}.`;
    case "mustering_skipped": return e.reason === "no_castle"
      ? `${house(e.seat)} has no castle or stronghold to muster in.`
      : `${house(e.seat)} can muster nothing: no unit fits its supply or its remaining units.`;
    case "mustering_done": return `${house(e.seat)} is done mustering.`;
    case "game_of_thrones": return `${westerosTitle("game_of_thrones", view)}: ${list(e.power)} power.`;
    case "bidding": return `Bidding for ${bidTitle(e.for)}.`;
    case "bid_placed": return `${house(e.seat)} placed a bid${e.amount === null || e.amount === undefined ? "" : ` of ${e.amount}`}.`;
    case "bids_revealed": return `Bids: ${list(e.bids)}.`;
    case "tie_broken": return `${house(e.seat)}, holding the Iron Throne, breaks the tie: ${e.picked === e.seat ? "itself" : house(e.picked)} goes first.`;
    case "track": return `${trackTitle(e.track)}: ${(e.order || []).map(house).join(", ")}.`;
    case "wildlings_defeated": return `The Night's Watch (${e.watch}) holds against the wildlings (${e.threat}); ${house(e.top_bidder)} bid most.`;
    case "wildlings_victorious": return `The wildlings (${e.threat}) overrun the Night's Watch (${e.watch}); ${house(e.lowest_bidder)} bid least.`;
    case "wildling_loss": return `${house(e.seat)} lost 1 ${e.unit} in ${areaName(view, e.area)} to the wildlings.`;
    case "winter_is_coming": return `${westerosTitle("winter_is_coming", view)}: a deck is reshuffled.`;
    case "power_token_removed": return `${house(e.seat)}'s power token leaves ${areaName(view, e.area)}.`;
    case "neutral_force_held": return `The neutral force in ${areaName(view, e.area)} holds against ${house(e.seat)}${e.strength === undefined ? "" : ` (strength ${e.strength})`}.`;
    case "neutral_force_defeated": return `${house(e.seat)} defeats the neutral force in ${areaName(view, e.area)} with strength ${e.strength}.`;
    case "retreat_destroyed": return `${house(e.seat)} loses 1 retreated ${e.unit} in ${areaName(view, e.area)} (supply).`;
    case "supply_destroyed": return `${house(e.seat)} destroys 1 ${e.unit} in ${areaName(view, e.area)} to fit its supply.`;
    case "routed_destroyed": return `${e.count} routed ${e.unit}${e.count === 1 ? "" : "s"} destroyed in ${areaName(view, e.area)}.`;
    case "no_retreat": return `${house(e.seat)} has nowhere to retreat: its army in ${areaName(view, e.area)} is destroyed.`;
    case "card_reclaimed": return `${house(e.seat)} took back ${cardName(v, e.seat, e.card)}.`;
    case "game_over": return `Game over (${reasonWords(e.reason, v)}): ${(e.winners || []).map(house).join(", ")} win${(e.winners || []).length === 1 ? "s" : ""}.`;
    default: return e.type.replace(/_/g, " ");
  }
}

/** Why the game ended, in words ("castles" is the rules' reason id, not a sentence). */
export function reasonWords(reason, view) {
  const rounds = boardOf(view).turns;
  if (reason === "castles") return "a house holds enough castles and strongholds";
  if (reason === `turn ${rounds}`) return `round ${rounds} is over`;
  if (reason === "draw") return `round ${rounds} is over, and the best houses are equal`;
  return String(reason || "");
}
