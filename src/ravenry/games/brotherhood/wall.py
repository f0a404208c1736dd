"""The Wall, a component the Brotherhood state holds (``state.watch``): the guards on four
sections of five spaces, each player's guards in supply, the guards' VP tokens, and who wins a
siege.

Its data is its own (:class:`Wall`: copied and written to JSON by itself, under the state's keys
``"wall"`` and ``"guards_left"``); it reads nothing else of the state. What a guard changes
elsewhere comes in as an argument: the visible points its VP tokens move, the totals a siege is
decided by. A section is a list of owners, space 1 first; guards always fill the lowest spaces,
so the "oldest guard" of a section is its first element.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ravenry.core.protocol import JSON, Action, Event
from ravenry.games.brotherhood.data import (
    GUARD_VP_THRESHOLDS,
    GUARDS_PER_PLAYER,
    SECTIONS,
    SPACES_PER_SECTION,
)
from ravenry.games.catan.state import Part


def guard_tokens(count: int) -> int:
    """The VP tokens a player with ``count`` guards on the Wall holds."""
    tokens = 0
    for threshold in GUARD_VP_THRESHOLDS:
        if count >= threshold:
            tokens += 1
    return tokens


class Wall(Part):
    """The guards on the Wall and in each player's supply."""

    sections: list[list[int]]  # per section (west to east), the owners of its guards, space 1 first
    guards_left: list[int]  # per player, guards in supply

    def __init__(self, sections: list[list[int]], guards_left: list[int]) -> None:
        self.sections = sections
        self.guards_left = guards_left

    @staticmethod
    def new(players: int) -> Wall:
        """The empty Wall of a new game: every guard in supply."""
        return Wall([[] for _ in range(SECTIONS)], [GUARDS_PER_PLAYER] * players)

    def copy(self) -> Wall:
        return Wall([section[:] for section in self.sections], self.guards_left[:])

    def to_json(self, out: dict[str, JSON]) -> None:
        out["wall"] = [list(section) for section in self.sections]
        out["guards_left"] = list(self.guards_left)

    @staticmethod
    def from_json(obj: dict[str, Any]) -> Wall:
        return Wall([list(section) for section in obj["wall"]], list(obj["guards_left"]))

    # -- questions ----------------------------------------------------------------------------------
    def guards_on_wall(self, p: int) -> int:
        return GUARDS_PER_PLAYER - self.guards_left[p]

    def open_sections(self) -> list[int]:
        return [s for s in range(SECTIONS) if len(self.sections[s]) < SPACES_PER_SECTION]

    def guard_actions(self, p: int, kind: str) -> list[Action]:
        """``(kind, section)`` for every section ``p`` may put a guard on now."""
        if not self.guards_left[p]:
            return []
        return [(kind, s) for s in self.open_sections()]

    def siege_winners(self, total_vp: Sequence[int]) -> tuple[int, ...]:
        """Most guards on the Wall; ties: most VP (``total_vp``, per player), then the oldest
        guard (lowest space in any section), then the most western guard (closest to the
        Frostfangs)."""
        n = len(self.guards_left)

        def key(p: int) -> tuple[int, int, int, int]:
            spaces = [(i, s) for s in range(SECTIONS) for i, o in enumerate(self.sections[s]) if o == p]
            oldest = min((i for i, _ in spaces), default=SPACES_PER_SECTION)
            western = min((s for _, s in spaces), default=SECTIONS)
            return (-self.guards_on_wall(p), -total_vp[p], oldest, western)

        keys = {p: key(p) for p in range(n)}
        best = min(keys.values())
        return tuple(p for p in range(n) if keys[p] == best)

    def vp_recount(self, p: int) -> int:
        """``p``'s guard VP tokens counted from the guards on the sections."""
        return guard_tokens(sum(o == p for section in self.sections for o in section))

    # -- changes ------------------------------------------------------------------------------------
    def add_guard(self, p: int, section: int, public_vp: list[int], events: list[Event], how: str) -> None:
        """Put a guard on the lowest free space of a section; a VP token at 3 and 5 guards
        (added to ``public_vp``)."""
        before = guard_tokens(self.guards_on_wall(p))
        self.sections[section].append(p)
        self.guards_left[p] -= 1
        public_vp[p] += guard_tokens(self.guards_on_wall(p)) - before
        events.append(
            Event(
                "guard_placed",
                {"player": p, "section": section + 1, "space": len(self.sections[section]), "how": how},
            )
        )

    def remove_oldest_guard(self, section: int, public_vp: list[int], events: list[Event], why: str) -> None:
        """The guard on space 1 goes home (its VP token too, below 3 or 5 guards); the others
        move down one space."""
        if not self.sections[section]:
            return
        p = self.sections[section].pop(0)
        before = guard_tokens(self.guards_on_wall(p))
        self.guards_left[p] += 1
        public_vp[p] += guard_tokens(self.guards_on_wall(p)) - before
        events.append(Event("guard_removed", {"player": p, "section": section + 1, "why": why}))
