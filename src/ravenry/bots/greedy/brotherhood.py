"""The ``greedy`` bot for Brotherhood of the Watch: the Game of Thrones Catan bot plus the Wall.

- Set-up guard: on the section whose next breach would block most of its hexes (and which has
  the fewest guards).
- Guards are built when the siege may end soon and it would not win it (most guards wins after 3
  breaches or 8 wildlings in the Gift) — before anything else; when a guard reaches a VP token
  (3 and 5 guards), when it trails on the Wall, or when a breach threatens its hexes — after
  cities and settlements; and to spend a hand too big for a 7. Each goes where it stops the most
  likely breach of the bot's own hexes.
- New Recruits is played at once (a free guard). A ranger patrol returns a wildling that blocks
  one of its hexes (option 2) when that frees more than moving Tormund would.
- Heroes: see :mod:`ravenry.bots.greedy.heroes`.
"""

from __future__ import annotations

from ravenry.bots.base import argmax
from ravenry.bots.greedy import heroes
from ravenry.bots.greedy.catan import HAND_LIMIT, Step
from ravenry.bots.greedy.got_catan import GreedyGotCatanBot
from ravenry.bots.greedy.situation import Situation
from ravenry.bots.greedy.watch import GUARD_URGENT, GUARD_USEFUL, WatchSituation
from ravenry.core.protocol import Action

Acts = dict[str, list[Action]]


def _watch(s: Situation) -> WatchSituation:
    assert isinstance(s, WatchSituation), "the Brotherhood bot reads Brotherhood views"
    return s


class GreedyBrotherhoodBot(GreedyGotCatanBot):
    situation_type: type[Situation] = WatchSituation

    def _choose(self, s: Situation, acts: Acts) -> Action | None:
        w = _watch(s)
        if "place_guard" in acts:
            return self._on_best_section(w, acts["place_guard"])
        if "hero_flip" in acts or "hero_swap" in acts:
            return heroes.after_use(w, acts)
        if "hero_pass" in acts:
            return heroes.tarly(w, acts)
        if "mance_take" in acts:
            return heroes.mance_take(w, acts)
        if "melisandre_pick" in acts:
            return heroes.melisandre_pick(w, acts)
        return super()._choose(s, acts)

    @staticmethod
    def _on_best_section(s: WatchSituation, options: list[Action]) -> Action:
        return argmax(options, lambda a: s.section_value(a[1]))

    # -- Tormund and the wildlings ----------------------------------------------------------------
    def _robber_hex_score(self, s: Situation, h: int) -> float:
        # Wildlings already block the hex: Tormund there hurts nobody, ourselves included.
        if h >= 0 and _watch(s).gift.get(h, 0):
            return 0.0
        return super()._robber_hex_score(s, h)

    def _patrol(self, s: WatchSituation, acts: Acts) -> Action | None:
        """Ranger patrol option 2 on a wildling that alone blocks my hex, when that frees more
        than moving Tormund off my hex would."""
        options = [a for a in acts.get("patrol_wildling", []) if a[1] in s.blocking_wildlings()]
        freed = [a for a in options if s.gift.get(a[1], 0) == 1]
        if not freed:
            return None
        best = argmax(freed, lambda a: s.my_harm(a[1]))
        if s.robber_blocks_me() and s.robber is not None and s.my_harm(s.robber) >= s.my_harm(best[1]):
            return None
        return best

    def _before_roll(self, s: Situation, acts: Acts) -> Action:
        w = _watch(s)
        hero = heroes.use_hero(w, acts, heroes.BEFORE_ROLL)
        if hero is not None:
            return hero
        patrol = self._patrol(w, acts)
        if patrol is not None:
            return patrol
        return super()._before_roll(s, acts)

    # -- the main phase -----------------------------------------------------------------------------
    def _main_steps(self) -> tuple[Step, ...]:
        return (
            self._play_development,
            self._gain_with_hero,
            self._build,
            self._trade_with_bank,
            self._offer,
            self._move_road_with_hero,
        )

    def _gain_with_hero(self, s: Situation, acts: Acts) -> Action | None:
        return heroes.use_hero(_watch(s), acts, heroes.GAINS)

    def _move_road_with_hero(self, s: Situation, acts: Acts) -> Action | None:
        return heroes.use_hero(_watch(s), acts, heroes.ROADS)

    def _play_development(self, s: Situation, acts: Acts) -> Action | None:
        w = _watch(s)
        if "play_new_recruits" in acts:
            return self._on_best_section(w, acts["play_new_recruits"])
        patrol = self._patrol(w, acts)
        if patrol is not None:
            return patrol
        return super()._play_development(s, acts)

    def _build(self, s: Situation, acts: Acts) -> Action | None:
        w = _watch(s)
        urgency = w.guard_urgency
        guard = self._guard(w, acts)
        if guard is not None and urgency == GUARD_URGENT:
            return guard
        building = self._build_city_or_settlement(s, acts)
        if building is not None:
            return building
        if guard is not None and urgency == GUARD_USEFUL:
            return guard
        # Melisandre buys a development card better than the plain purchase: three to choose from.
        dev = heroes.use_hero(w, acts, heroes.DEV_BUYERS)
        if dev is not None:
            return dev
        rest = self._build_dev_or_road(s, acts)
        if rest is not None:
            return rest
        if "build_guard" in acts and sum(w.hand) > HAND_LIMIT:
            return self._on_best_section(w, acts["build_guard"])
        return None

    def _guard(self, s: WatchSituation, acts: Acts) -> Action | None:
        """The guard to build if one is wanted: at the printed price, else with Ser Alliser Thorne."""
        if "build_guard" in acts:
            return self._on_best_section(s, acts["build_guard"])
        return heroes.use_hero(s, acts, heroes.GUARD_BUILDERS)
