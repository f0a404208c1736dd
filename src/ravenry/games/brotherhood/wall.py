"""The Wall: guards on four sections of five spaces, their VP tokens, and who wins a siege.

A section is a list of owners, space 1 first; guards always fill the lowest spaces, so the
"oldest guard" of a section is its first element.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event
from ravenry.games.brotherhood.data import (
    GUARD_COST,
    GUARD_VP_THRESHOLDS,
    GUARDS_PER_PLAYER,
    SECTIONS,
    SPACES_PER_SECTION,
)
from ravenry.games.catan.data import can_pay
from ravenry.games.catan.rules import CatanState


class WallRules(CatanState):
    wall: list[list[int]]
    guards_left: list[int]

    def _init_wall(self) -> None:
        self.wall = [[] for _ in range(SECTIONS)]
        self.guards_left = [GUARDS_PER_PLAYER] * self.n

    def guards_on_wall(self, p: int) -> int:
        return GUARDS_PER_PLAYER - self.guards_left[p]

    @staticmethod
    def guard_tokens(count: int) -> int:
        return sum(count >= t for t in GUARD_VP_THRESHOLDS)

    def open_sections(self) -> list[int]:
        return [s for s in range(SECTIONS) if len(self.wall[s]) < SPACES_PER_SECTION]

    def guard_actions(self, p: int, kind: str) -> list[Action]:
        if not self.guards_left[p]:
            return []
        return [(kind, s) for s in self.open_sections()]

    def can_pay_guard(self, p: int) -> bool:
        return can_pay(self.hands[p], GUARD_COST)

    def _add_guard(self, p: int, section: int, events: list[Event], how: str) -> None:
        """Put a guard on the lowest free space of a section; take a VP token at 3 and 5."""
        before = self.guard_tokens(self.guards_on_wall(p))
        self.wall[section].append(p)
        self.guards_left[p] -= 1
        self.public_vp[p] += self.guard_tokens(self.guards_on_wall(p)) - before
        events.append(
            Event(
                "guard_placed",
                {"player": p, "section": section + 1, "space": len(self.wall[section]), "how": how},
            )
        )

    def _remove_oldest_guard(self, section: int, events: list[Event], why: str) -> None:
        """The guard on space 1 goes home; the others move down one space."""
        if not self.wall[section]:
            return
        p = self.wall[section].pop(0)
        before = self.guard_tokens(self.guards_on_wall(p))
        self.guards_left[p] += 1
        self.public_vp[p] += self.guard_tokens(self.guards_on_wall(p)) - before
        events.append(Event("guard_removed", {"player": p, "section": section + 1, "why": why}))

    def _build_guard(self, p: int, a: Action) -> list[Event]:
        self._pay(p, GUARD_COST)
        events: list[Event] = []
        self._add_guard(p, a[1], events, "built")
        return events

    def _place_setup_guard(self, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        self._add_guard(p, a[1], events, "set-up")
        self._advance_setup()
        return events

    def siege_winners(self) -> tuple[int, ...]:
        """Most guards on the Wall; ties: most VP, then the oldest guard (lowest space in any
        section), then the most western guard (closest to the Frostfangs)."""

        def key(p: int) -> tuple[int, int, int, int]:
            spaces = [(i, s) for s in range(SECTIONS) for i, o in enumerate(self.wall[s]) if o == p]
            oldest = min((i for i, _ in spaces), default=SPACES_PER_SECTION)
            western = min((s for _, s in spaces), default=SECTIONS)
            return (-self.guards_on_wall(p), -self.total_vp(p), oldest, western)

        keys = {p: key(p) for p in range(self.n)}
        best = min(keys.values())
        return tuple(p for p in range(self.n) if keys[p] == best)

    def _wall_vp_recount(self, p: int) -> int:
        return self.guard_tokens(sum(o == p for section in self.wall for o in section))
