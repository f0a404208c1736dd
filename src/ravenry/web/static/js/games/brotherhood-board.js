// North of the Gift (Brotherhood of the Watch): the Wall with its sections of guard spaces,
// the clearings in front of it, the clans' camps and their trails, the breach track, Tormund's
// camp, and the wildlings that have crossed into the Gift. How many of each, and which die faces
// lead where, are the board's (`board.north`, from the rules' data); this file only draws them.
// The Catan board draws this part when the renderer hands it over (`north`, below).
// Brotherhood's heroes are here too (`heroes`, at the end): the hero card in the hand, the "Use
// hero" button and its chooser, and the questions of the heroes' own phases. Which action kinds
// are the heroes' comes from the server (ctx.game.actions, /api/meta: a hero action has `hero`,
// the id of the hero it uses or null), never a list of this file's own.
import { h, s, clickable } from "../shell/dom.js";
import { PLAYER_COLORS, WILDLING_LETTER, WILDLING_COLORS, heroDoes, heroName, wildlingDoes } from "./catan-data.js";
import { U, drawRobberCamp, spotLabel } from "./catan-board.js";
import { actionButton, actionLabel, chip, chips } from "./catan-ui.js";
import { stepChooser, STEPWISE_ABOVE } from "./catan-steps.js";

const SQ3 = Math.sqrt(3);
const px = (v) => (v * U).toFixed(1);
const SECTION_W = SQ3;
const WALL_TOP = -1.98, WALL_BOTTOM = -1.5;
const CLEARING_Y = -2.75;
const CLAN_Y = -4.3;
// "Ice River" for the "Ice River clan": the short name under its camps.
const clanShort = (name) => name.replace(/ clan$/, "");
const CAMP_GAP = 0.3;
const TORMUND_CAMP = [-2.25, -2.75];

const sectionX = (sec) => sec * SECTION_W; // section 0 sits above hex (0, 0)
const clanX = (c) => SQ3 / 2 + c * SECTION_W;

export function northBounds(board) {
  return { minX: TORMUND_CAMP[0] - 0.8, maxX: sectionX(board.north.sections - 1) + 3.1, minY: -5.4 };
}

/** A wildling token of ``kind``; its tooltip says what it does (the board's ``north.wildlings``). */
export function wildlingIcon(view, x, y, kind, r = 0.13) {
  const g = s("g", { class: `wildling wildling-${kind}`, "data-wildling": kind });
  g.append(s("title", { text: wildlingDoes(view, kind) || `${kind} wildling` }));
  if (kind === "giant") {
    g.append(s("rect", { x: px(x - r * 1.1), y: px(y - r * 1.1), width: px(r * 2.2), height: px(r * 2.2), rx: px(0.04), fill: WILDLING_COLORS[kind], class: "wildling-body" }));
  } else if (kind === "climber") {
    g.append(s("path", { d: `M${px(x)},${px(y - r * 1.25)} L${px(x + r * 1.2)},${px(y + r)} L${px(x - r * 1.2)},${px(y + r)} Z`, fill: WILDLING_COLORS[kind], class: "wildling-body" }));
  } else {
    g.append(s("circle", { cx: px(x), cy: px(y), r: px(r), fill: WILDLING_COLORS[kind], class: "wildling-body" }));
  }
  g.append(s("text", { x: px(x), y: px(y + 0.01), class: "wildling-letter", text: WILDLING_LETTER[kind] || "?" }));
  return g;
}

export function drawNorth(board, view, spots, onSpot, seatName, centers, robberName, bounds) {
  const north = board.north;
  const last = north.sections - 1;
  const g = s("g", { class: "north" });
  const left = sectionX(0) - SECTION_W / 2, right = sectionX(last) + SECTION_W / 2;

  g.append(s("rect", { x: px(bounds.minX), y: px(bounds.minY), width: px(bounds.maxX - bounds.minX), height: px(WALL_TOP + 0.2 - bounds.minY), class: "frostfangs" }));
  g.append(s("text", { x: px((left + right) / 2), y: px(-5.05), class: "north-title", text: "The Frostfangs" }));

  // Trails from each clan to its two clearings, labelled with the wildling die faces.
  north.trails.forEach((pair, c) => {
    pair.forEach(({ faces, clearing }, i) => {
      const x1 = clanX(c) + (i ? 0.25 : -0.25), y1 = CLAN_Y + 0.3;
      const x2 = sectionX(clearing), y2 = CLEARING_Y - 0.35;
      g.append(s("line", { x1: px(x1), y1: px(y1), x2: px(x2), y2: px(y2), class: "trail", "data-trail": `${c}:${clearing}` }));
      const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
      const badge = s("circle", { cx: px(mx), cy: px(my), r: px(0.17), class: "trail-badge" });
      badge.append(s("title", { text: `Wildling die ${faces.join(" or ")}: the ${clanShort(north.clans[c])}'s front wildling goes to clearing ${clearing + 1}` }));
      g.append(badge);
      g.append(s("text", { x: px(mx), y: px(my + 0.01), class: "trail-faces", text: faces.join(",") }));
    });
  });

  // The clans and their camps (camp 1, the hottest fire, on the left).
  const camps = view.camps || {};
  Object.keys(camps).forEach((clanName, c) => {
    const cx = clanX(c);
    const cg = s("g", { class: "clan", "data-clan": c, "aria-label": clanName });
    cg.append(s("text", { x: px(cx), y: px(CLAN_Y - 0.38), class: "clan-name", text: clanShort(clanName) }));
    for (let i = 0; i < north.camps_per_clan; i++) {
      const x = cx + (i - (north.camps_per_clan - 1) / 2) * CAMP_GAP;
      const camp = s("circle", { cx: px(x), cy: px(CLAN_Y), r: px(0.14), class: `camp${i === 0 ? " hottest" : ""}`, "data-camp": `${c}:${i}` });
      camp.append(s("title", { text: `${clanName}, camp ${i + 1}${i === 0 ? " (the hottest fire: its wildling moves first)" : ""}` }));
      cg.append(camp);
      const kind = camps[clanName][i];
      if (kind) cg.append(wildlingIcon(view, x, CLAN_Y, kind, 0.11));
    }
    g.append(cg);
  });

  // Clearings facing each wall section.
  (view.clearings || []).forEach((crowd, sec) => {
    const x = sectionX(sec);
    const cg = s("g", { class: "clearing", "data-clearing": sec });
    const area = s("rect", { x: px(x - SECTION_W / 2 + 0.08), y: px(CLEARING_Y - 0.33), width: px(SECTION_W - 0.16), height: px(0.66), rx: px(0.2), class: "clearing-area" });
    area.append(s("title", { text: `Clearing ${sec + 1}: ${crowd.length} wildling${crowd.length === 1 ? "" : "s"} facing ${(view.wall || [])[sec] ? view.wall[sec].length : 0} guard(s) on Wall ${sec + 1}` }));
    cg.append(area);
    crowd.forEach((kind, i) => {
      const wx = x + (i - (crowd.length - 1) / 2) * 0.27;
      cg.append(wildlingIcon(view, wx, CLEARING_Y, kind, 0.11));
    });
    if (!crowd.length) cg.append(s("text", { x: px(x), y: px(CLEARING_Y + 0.02), class: "clearing-empty", text: `clearing ${sec + 1}` }));
    g.append(cg);
  });

  // The Wall: its sections of guard spaces.
  (view.wall || []).forEach((guards, sec) => {
    const x0 = sectionX(sec) - SECTION_W / 2;
    const wg = s("g", { class: "wall-section", "data-wall-section": sec });
    wg.append(s("rect", { x: px(x0 + 0.02), y: px(WALL_TOP), width: px(SECTION_W - 0.04), height: px(WALL_BOTTOM - WALL_TOP), class: "wall-stone" }));
    for (let i = 0; i < north.spaces_per_section; i++) {
      const gx = x0 + (i + 0.5) * (SECTION_W / north.spaces_per_section);
      const gy = (WALL_TOP + WALL_BOTTOM) / 2;
      const owner = guards[i];
      if (owner === undefined) {
        wg.append(s("circle", { cx: px(gx), cy: px(gy), r: px(0.11), class: "guard-space" }));
      } else {
        const gd = s("g", { class: "guard", "data-guard": `${sec}:${i}`, "data-owner": owner });
        gd.append(s("title", { text: `Guard of ${seatName(owner)} (section ${sec + 1}, space ${i + 1})` }));
        gd.append(s("path", {
          d: `M${px(gx - 0.13)},${px(gy - 0.14)} L${px(gx + 0.13)},${px(gy - 0.14)} L${px(gx + 0.13)},${px(gy + 0.02)} Q${px(gx)},${px(gy + 0.2)} ${px(gx - 0.13)},${px(gy + 0.02)} Z`,
          fill: PLAYER_COLORS[owner], class: "piece",
        }));
        wg.append(gd);
      }
    }
    wg.append(s("text", { x: px(sectionX(sec)), y: px(WALL_TOP - 0.08), class: "wall-label", text: `Wall ${sec + 1}` }));
    g.append(wg);
  });

  // Breach track.
  const bx = sectionX(last) + SECTION_W / 2 + 0.35;
  const bt = s("g", { class: "breach-track", "data-breaches": view.breaches || 0 });
  bt.append(s("title", { text: `Breaches of the Wall: ${view.breaches || 0} of ${view.breaches_to_end}; the last ends the game` }));
  const slotsW = (view.breaches_to_end - 1) * 0.7 + 0.56;
  bt.append(s("text", { x: px(bx + slotsW / 2), y: px(CLEARING_Y - 0.5), class: "breach-title", text: "Breaches" }));
  for (let i = 0; i < view.breaches_to_end; i++) {
    bt.append(s("rect", {
      x: px(bx + i * 0.7), y: px(CLEARING_Y - 0.3), width: px(0.56), height: px(0.56), rx: px(0.08),
      class: `breach-slot${i < (view.breaches || 0) ? " breached" : ""}`, "data-breach-slot": i,
    }));
    bt.append(s("text", { x: px(bx + i * 0.7 + 0.28), y: px(CLEARING_Y), class: "breach-num", text: i + 1 }));
  }
  g.append(bt);

  // Tormund's camp (he starts there and may be sent back).
  g.append(drawRobberCamp(TORMUND_CAMP[0], TORMUND_CAMP[1], view, spots, onSpot, robberName, board));

  // Wildlings in the Gift: they block their hex.
  for (const [hexId, kinds] of Object.entries(view.gift_wildlings || {})) {
    const [cx, cy] = centers[+hexId];
    const hg = s("g", { class: "gift-wildlings", "data-gift-hex": hexId });
    hg.append(s("title", { text: `Blocked by ${kinds.length} wildling${kinds.length > 1 ? "s" : ""} in the Gift: this hex produces nothing until a patrol returns them` }));
    hg.append(s("circle", { cx: px(cx), cy: px(cy), r: px(0.62), class: "blocked-ring" }));
    // Below the number token: the resource name sits above it.
    kinds.forEach((kind, i) => hg.append(wildlingIcon(view, cx + (i - (kinds.length - 1) / 2) * 0.34, cy + 0.5, kind, 0.14)));
    g.append(hg);
  }

  // Clickable wall sections and Tormund's camp.
  for (const [key, actions] of spots) {
    const [kind, id] = key.split(":");
    if (kind === "section") {
      const x0 = sectionX(+id) - SECTION_W / 2;
      const el = s("rect", {
        x: px(x0), y: px(WALL_TOP - 0.05), width: px(SECTION_W), height: px(WALL_BOTTOM - WALL_TOP + 0.1), rx: px(0.06),
        class: "spot spot-section", "data-section": id, "data-action": actions[0].type,
      });
      g.append(clickable(el, spotLabel(actions, view, board), () => onSpot(key, actions)));
    }
  }
  return g;
}

/** The part of the board north of the Gift, for drawBoard (catan-board.js), which knows nothing
 * of it: the renderer hands it over for a game with a Wall. */
export const north = { bounds: northBounds, draw: drawNorth };

// -- the heroes ---------------------------------------------------------------------------------
const kindFacts = (ctx, type) => ((ctx.game && ctx.game.actions) || {})[type] || {};
const dialog = (title, body, attrs = {}) => h("section", { class: "card dialog", ...attrs }, [h("h3", {}, title), ...body]);
const choiceList = (actions, view, ctx) => h("div", { class: "choice-list" }, actions.map((a) =>
  actionButton(actionLabel(a, view, ctx.seatName), { action: a, onClick: () => ctx.act(a) })));

// The question of each hero's own phase (the view's phase name), asked of the hero's user: its
// legal actions are the whole of it.
const HERO_QUESTIONS = {
  hero_after_use: { title: "After using your hero", cue: "Flip your hero or take another", dialog: "hero-after", body: (acts, view, ctx) => [choiceList(acts, view, ctx)] },
  hero_tarly: {
    title: "Samwell Tarly: take a resource?", cue: "Samwell Tarly: take a resource?", dialog: "tarly",
    body: (acts, view, ctx) => [h("div", { class: "row wrap" }, acts.map((a) =>
      actionButton(a.resource === undefined ? "Pass" : chip(a.resource), { action: a, onClick: () => ctx.act(a) })))],
  },
  hero_mance: {
    title: "Mance Rayder: take a card", cue: "Mance Rayder: take a card", dialog: "mance",
    body: (acts, view, ctx) => [view.mance_hand ? h("div", {}, chips(view, view.mance_hand)) : null, h("div", { class: "row wrap" }, acts.map((a) =>
      actionButton(chip(a.resource), { action: a, onClick: () => ctx.act(a) })))],
  },
  hero_melisandre: { title: "Melisandre: choose a card", cue: "Melisandre: choose a card", dialog: "melisandre", body: (acts, view, ctx) => [choiceList(acts, view, ctx)] },
};

/** Whether an action kind is one of the heroes' (the server says so). */
const isHeroAction = (ctx, type) => "hero" in kindFacts(ctx, type);

/** The uses of the viewer's hero offered under "Use hero": its legal actions that use a hero,
 *  outside the heroes' own phases (whose questions ask on their own). */
function uses(model, ctx) {
  if (HERO_QUESTIONS[model.view.phase]) return [];
  return (model.legal || []).filter((a) => kindFacts(ctx, a.type).hero);
}

/** The viewer's hero card, for the hand (null without a hero). */
function handCard(view, seat) {
  const hero = (view.heroes || []).find((x) => x.seat === seat);
  if (!hero || !hero.hero) return null;
  return h("div", { class: `hero-card${hero.ready ? " ready" : ""}`, "data-hero": hero.hero }, [
    h("b", {}, `${heroName(view, hero.hero)} · side ${hero.side}`),
    h("span", { class: "hint" }, heroDoes(view, hero.hero)),
    h("span", { class: "muted" }, hero.ready ? "ready" : "not ready this turn"),
  ]);
}

/** The "Use hero" button among the plays, or null when the hero has no use now. */
function useButton(ui, model, ctx) {
  if (!uses(model, ctx).length) return null;
  return actionButton("Use hero", { dataAction: "hero", kind: ui.panel === "hero" ? "selected" : "", onClick: () => { ui.panel = ui.panel === "hero" ? null : "hero"; ui.heroPicks = []; ctx.rerender(); } });
}

/** The hero's chooser (the "Use hero" panel open) and the question of a hero's own phase. */
function dialogs(ui, model, ctx) {
  const { view } = model;
  const out = [];
  const list = uses(model, ctx);
  if (ui.panel === "hero") {
    const hero = (view.heroes || []).find((x) => x.seat === model.seat);
    const title = `Use ${hero && hero.hero ? heroName(view, hero.hero) : "your hero"}`;
    if (list.length > STEPWISE_ABOVE) {
      out.push(stepChooser({
        title, actions: list, picks: ui.heroPicks || [], view, seatName: ctx.seatName, dataDialog: "hero",
        onPicks: (picks) => { ui.heroPicks = picks; ctx.rerender(); },
        onSend: (a) => { ui.heroPicks = []; ui.panel = null; ctx.act(a); },
        onClose: () => { ui.heroPicks = []; ui.panel = null; ctx.rerender(); },
      }));
    } else if (list.length) {
      out.push(dialog(title, [choiceList(list, view, ctx)], { "data-dialog": "hero" }));
    }
  }
  const question = HERO_QUESTIONS[view.phase];
  const asked = (model.legal || []).filter((a) => isHeroAction(ctx, a.type));
  if (question && asked.length) out.push(dialog(question.title, question.body(asked, view, ctx), { "data-dialog": question.dialog }));
  return out;
}

/** The turn cue of a hero's own phase, or null. */
function cue(model, ctx) {
  const question = HERO_QUESTIONS[model.view.phase];
  return question && (model.legal || []).some((a) => isHeroAction(ctx, a.type)) ? question.cue : null;
}

export const heroes = { isHeroAction, uses, handCard, useButton, dialogs, cue };
