"""A greedy bot's reading of a Brotherhood of the Watch view: the Wall, the wildlings north of it
and in the Gift, the siege's end, and the heroes.

Only the view is read. The wildling trails come from the game's published data (which die faces
lead which clan's wildlings to which clearing).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from ravenry.bots.greedy.situation import Counts, Situation, missing
from ravenry.games.brotherhood.data import (
    BREACHES_TO_END,
    CLANS,
    GIFT_WILDLINGS_TO_END,
    GUARD_COST,
    GUARD_VP_THRESHOLDS,
    MAX_WILDLINGS_PER_HEX,
    SECTIONS,
    SPACES_PER_SECTION,
    TRAILS,
    WILDLING_DIE_SIDES,
)

# Per clan, per clearing: the chance one roll of the wildling die advances that clan toward it.
TRAIL_CHANCE: tuple[tuple[float, ...], ...] = tuple(
    tuple(
        sum(len(faces) for faces, clearing in trails if clearing == c) / WILDLING_DIE_SIDES
        for c in range(SECTIONS)
    )
    for trails in TRAILS
)
# A clan with this many wildlings rushes (two of them advance) on its next revealed token.
RUSH_AT = 4
# The chance per round that a clan about to rush reveals a token (some player builds).
RUSH_CHANCE = 0.3
CLIMBER = "climber"
# A section with no guard to spare is breached by the next wildling; even with no clan ready
# to advance one may arrive within the round (tokens revealed by building migrate at once).
UNSEEN_ARRIVAL_RISK = 0.3
# Guard urgency: none, useful (a VP token, a breach threatening our hexes, behind on the Wall),
# urgent (the siege may end soon and we would not win it).
NO_GUARD, GUARD_USEFUL, GUARD_URGENT = range(3)
# Hexes nearer the Wall are hit first, so they count fully; the next ones less.
EXPOSURE_DECAY = 0.6
# Where a guard goes, after the breach risk: the crowd pressing on the section, then (to break
# ties) my production anywhere in its column.
PRESSURE_WEIGHT = 0.1
COLUMN_WEIGHT = 0.01
# The siege is near its end this close to 3 breaches or 8 wildlings in the Gift (expected).
SIEGE_WARNING_BREACHES = 1.5
SIEGE_WARNING_WILDLINGS = 3


class WatchSituation(Situation):
    """The Catan reading plus the Wall, the wildlings and the heroes."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__(view)
        self.wall: list[list[int]] = [list(section) for section in view["wall"]]
        self.clearings: list[list[str]] = [list(c) for c in view["clearings"]]
        camps = view["camps"]
        self.camps: list[list[str]] = [list(camps.get(clan, ())) for clan in CLANS]
        self.gift: dict[int, int] = {int(h): len(ws) for h, ws in view["gift_wildlings"].items()}
        self.columns: list[list[int]] = [list(c) for c in view["columns"]]
        self.breaches = int(view["breaches"])
        self.heroes: list[Mapping[str, Any]] = list(view.get("heroes", ()))

    # -- costs and plans ------------------------------------------------------------------------
    def cost_of(self, kind: str) -> Counts:
        return GUARD_COST if kind == "guard" else super().cost_of(kind)

    def target_options(self) -> list[tuple[float, float, str]]:
        options = super().target_options()
        urgency = self.guard_urgency
        if urgency == GUARD_URGENT:
            options.append((missing(GUARD_COST, self.hand) - 1.0, -1, "guard"))
        elif urgency == GUARD_USEFUL:
            options.append((missing(GUARD_COST, self.hand) + 0.5, 1.5, "guard"))
        return options

    # -- hexes ------------------------------------------------------------------------------------
    def my_harm(self, h: int) -> float:
        """My pips lost while ``h`` is blocked (cities twice)."""
        facts = self.facts
        return float(
            sum(facts.hex_pips[h] * self.level[n] for n in facts.hex_nodes[h] if self.owner[n] == self.me)
        )

    def blocking_wildlings(self) -> list[int]:
        """Hexes where wildlings (alone: not also Tormund) block my production."""
        return [h for h in sorted(self.gift) if h != self.robber and self.my_harm(h) > 0]

    def connected_end(self, edge: int) -> int:
        """The end of my road ``edge`` that my buildings or my other roads reach."""
        a, b = self.facts.edge_nodes[edge]
        node_edges = self.facts.node_edges
        for n in (a, b):
            if self.owner[n] == self.me or any(
                self.edge_owner.get(f) == self.me for f in node_edges[n] if f != edge
            ):
                return n
        return a

    def wildlings_in_gift(self) -> int:
        return sum(self.gift.values())

    # -- north of the Wall ------------------------------------------------------------------------
    def guards_of(self, p: int) -> int:
        return int(self.players[p]["guards_on_wall"])

    @property
    def guards_left(self) -> int:
        return int(self.players[self.me]["guards_left"])

    def arrivals(self, section: int) -> float:
        """Wildlings expected at the clearing of ``section`` within a round (one roll per player),
        climbers aside (they jump the Wall without breaching it)."""
        rolls = len(self.players)
        expected = 0.0
        for clan, camp in enumerate(self.camps):
            if camp and camp[0] != CLIMBER:
                expected += rolls * TRAIL_CHANCE[clan][section]
            if len(camp) >= RUSH_AT:
                (_, lower), (_, higher) = TRAILS[clan]
                if section in (lower, higher):
                    expected += RUSH_CHANCE
        return expected

    def margin(self, section: int) -> int:
        """Guards minus waiting wildlings: at 0 or below the next wildling breaches."""
        return len(self.wall[section]) - len(self.clearings[section])

    def breach_risk(self, section: int) -> float:
        """A rough chance that ``section`` is breached within a round."""
        margin = self.margin(section)
        arriving = self.arrivals(section)
        if margin <= 0:
            return min(1.0, UNSEEN_ARRIVAL_RISK + arriving)
        if margin == 1:
            return min(1.0, arriving * arriving / 2)
        return 0.0

    def exposure(self, section: int) -> float:
        """My pips on the hexes the next breach of ``section`` would block (all the waiting
        wildlings and the one breaching jump, each onto the next free hex of the column)."""
        jumpers = len(self.clearings[section]) + 1
        counts = dict(self.gift)
        harm = 0.0
        weight = 1.0
        for _ in range(jumpers):
            h = _next_free_hex(self.columns[section], counts)
            if h is None:
                break
            if counts.get(h, 0) == 0 and h != self.robber:
                harm += weight * self.my_harm(h)
            counts[h] = counts.get(h, 0) + 1
            weight *= EXPOSURE_DECAY
        return harm

    def section_value(self, section: int) -> float:
        """How much one more guard on ``section`` is worth to me: it stops breaches there, most
        of all those that would block my hexes."""
        if len(self.wall[section]) >= SPACES_PER_SECTION:
            return -1.0
        risk = self.breach_risk(section)
        pressure = len(self.clearings[section]) + self.arrivals(section) - len(self.wall[section])
        return (
            risk * (1.0 + self.exposure(section))
            + PRESSURE_WEIGHT * pressure
            + COLUMN_WEIGHT * self.column_share(section)
        )

    def column_share(self, section: int) -> float:
        """My pips anywhere in the column south of ``section``."""
        return sum(self.my_harm(h) for h in self.columns[section])

    def best_section(self, sections: list[int]) -> int:
        return max(sections, key=lambda s: (self.section_value(s), -s))

    # -- the siege ----------------------------------------------------------------------------------
    def siege_end_near(self) -> bool:
        """The Wall may fall (3 breaches) or the Gift fill up (8 wildlings) soon."""
        risky = sum(self.breach_risk(s) for s in range(SECTIONS))
        # A breach brings two wildlings into the Gift on average.
        return (
            self.breaches + risky >= BREACHES_TO_END - SIEGE_WARNING_BREACHES
            or self.wildlings_in_gift() + 2 * risky >= GIFT_WILDLINGS_TO_END - SIEGE_WARNING_WILDLINGS
        )

    def wins_siege(self) -> bool:
        """Whether I would win a siege ending now: the most guards, a tie going to the most
        (visible) points."""
        others = [p for p in range(len(self.players)) if p != self.me]
        mine = self.guards_of(self.me)
        best = max((self.guards_of(p) for p in others), default=-1)
        if mine != best:
            return mine > best
        return all(self.vp(self.me) > self.vp(p) for p in others if self.guards_of(p) == best)

    @cached_property
    def guard_urgency(self) -> int:
        if self.guards_left <= 0:
            return NO_GUARD
        winning = self.wins_siege()
        if not winning and (self.breaches > 0 or self.siege_end_near()):
            return GUARD_URGENT
        if not winning or self.guards_of(self.me) + 1 in GUARD_VP_THRESHOLDS:
            return GUARD_USEFUL
        if any(self.breach_risk(s) >= 0.5 and self.exposure(s) > 0 for s in range(SECTIONS)):
            return GUARD_USEFUL
        return NO_GUARD

    # -- heroes -------------------------------------------------------------------------------------
    @property
    def my_hero(self) -> str | None:
        for info in self.heroes:
            if info["seat"] == self.me:
                hero = info["hero"]
                return hero if isinstance(hero, str) else None
        return None


def _next_free_hex(column: list[int], counts: Mapping[int, int]) -> int | None:
    """Where the next jumping wildling lands: the first hex of the column with none, then the
    first with one (at most two a hex)."""
    for limit in range(1, MAX_WILDLINGS_PER_HEX + 1):
        for h in column:
            if counts.get(h, 0) < limit:
                return h
    return None
