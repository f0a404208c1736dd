"""The wildlings: tokens, migration to the clans' camps, advances down the trails, the rush,
climbers, giants, breaches of the Wall, and the wildlings in the Gift.

Camps and clearings are lists of wildling types (camp 1, the hottest fire, first). Wildlings in
the Gift are kept per hex (at most 2 each); the Frostfangs are unlimited, so conservation is
counted with ``wildlings_created`` and ``wildlings_returned``.
"""

from __future__ import annotations

from ravenry.core.protocol import Event
from ravenry.games.brotherhood.data import (
    BREACHES_TO_END,
    CAMPS_PER_CLAN,
    CLANS,
    CLIMBER,
    GIANT,
    GIFT_WILDLINGS_TO_END,
    MAX_WILDLINGS_PER_HEX,
    SECTIONS,
    SPACES_PER_SECTION,
    TRAIL_OF_FACE,
    TRAILS,
    WILDLING_DIE_SIDES,
    WILDLING_TYPES,
    all_tokens,
)
from ravenry.games.brotherhood.wall import Wall
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.state import OVER
from ravenry.games.got_catan.gift import breach_column


class WildlingRules(CatanState):
    watch: Wall  # the guards on the Wall (``wall.py``), a component the state holds
    camps: list[list[int]]  # per clan, wildling types in camp order
    clearings: list[list[int]]  # per clearing (facing wall sections 1-4)
    gift: list[list[int]]  # per hex of the board, wildling types on it
    breaches: int
    token_pool: list[int]  # face down; the next token drawn is the last
    tokens_used: list[int]  # face up beside the board
    settlement_tokens: list[list[int]]  # under each settlement on a player's building cost card
    keep_tokens: list[list[int]]  # two under each keep on the card
    wildling_die: int
    wildlings_created: int
    wildlings_returned: int

    # -- set-up ---------------------------------------------------------------------------------
    def _init_wildlings(self, settlement_tokens: int, tokens_per_keep: int) -> None:
        self.camps = [[] for _ in CLANS]
        self.clearings = [[] for _ in range(SECTIONS)]
        self.gift = [[] for _ in range(self.board.topo.n_hexes)]
        self.breaches = 0
        self.token_pool = all_tokens()
        self.rng.shuffle(self.token_pool)
        self.tokens_used = []
        self.settlement_tokens = [
            [self.token_pool.pop() for _ in range(settlement_tokens)] for _ in range(self.n)
        ]
        self.keep_tokens = [
            [self.token_pool.pop() for _ in range(tokens_per_keep * self.rules.max_cities)]
            for _ in range(self.n)
        ]
        self.wildling_die = 0
        self.wildlings_created = 0
        self.wildlings_returned = 0

    def column_hexes(self, section: int) -> tuple[int, ...]:
        """Hex indices directly south of a wall section (0-3), nearest the Wall first."""
        coords = self.board.topo.hex_coords
        return tuple(coords.index(c) for c in breach_column(section + 1))

    def wildlings_in_gift(self) -> int:
        return sum(len(ws) for ws in self.gift)

    def wildlings_north(self) -> int:
        return sum(len(c) for c in self.camps) + sum(len(c) for c in self.clearings)

    # -- tokens ---------------------------------------------------------------------------------
    def _draw_pool_token(self, events: list[Event]) -> int:
        if not self.token_pool:
            self.token_pool = self.tokens_used
            self.tokens_used = []
            self.rng.shuffle(self.token_pool)
            events.append(Event("tokens_remixed", {"pool": len(self.token_pool)}))
        return self.token_pool.pop()

    def _reveal(self, tok: int, events: list[Event], why: str) -> None:
        """A revealed token creates a wildling of its type, which migrates to its clan."""
        self.tokens_used.append(tok)
        clan, kind = divmod(tok, 3)
        events.append(
            Event("token_revealed", {"clan": CLANS[clan], "wildling": WILDLING_TYPES[kind], "why": why})
        )
        self._migrate(clan, kind, events)

    # -- migration, advance, rush -----------------------------------------------------------------
    def _migrate(self, clan: int, kind: int, events: list[Event]) -> None:
        if self.phase == OVER:
            return
        self.wildlings_created += 1
        camps = self.camps[clan]
        camps.append(kind)
        events.append(
            Event(
                "wildling_migrated",
                {"clan": CLANS[clan], "wildling": WILDLING_TYPES[kind], "camp": len(camps)},
            )
        )
        if len(camps) == CAMPS_PER_CLAN:
            self._rush(clan, events)

    def _rush(self, clan: int, events: list[Event]) -> None:
        """A fifth wildling in a clan: camp 1 advances down the lower trail, camp 2 down the
        higher one; the other three move down to camps 1-3."""
        camps = self.camps[clan]
        events.append(Event("wildling_rush", {"clan": CLANS[clan]}))
        (_, lower), (_, higher) = TRAILS[clan]
        self._arrive(camps.pop(0), lower, events)
        if self.phase == OVER:
            return  # the first ended the game at once: the second never leaves its camp
        self._arrive(camps.pop(0), higher, events)

    def _advance_wildlings(self, face: int, events: list[Event]) -> None:
        """The wildling die: the wildling at the hottest camp of the trail's clan advances to the
        trail's clearing; the others move one camp closer."""
        trail = TRAIL_OF_FACE[face] if 0 < face <= WILDLING_DIE_SIDES else None
        if trail is None or self.phase == OVER:
            return
        clan, clearing = trail
        if not self.camps[clan]:
            return
        kind = self.camps[clan].pop(0)
        events.append(
            Event(
                "wildling_advanced",
                {"clan": CLANS[clan], "wildling": WILDLING_TYPES[kind], "clearing": clearing + 1},
            )
        )
        self._arrive(kind, clearing, events)

    def _arrive(self, kind: int, clearing: int, events: list[Event]) -> None:
        """Climbers jump the Wall (no breach); giants take the oldest guard with them (or breach
        an empty section); regular wildlings wait, and breach when they outnumber the guards."""
        if self.phase == OVER:
            return
        guards = self.watch.sections[clearing]
        if kind == CLIMBER:
            events.append(Event("climber_jumped", {"clearing": clearing + 1}))
            self._jump(clearing, CLIMBER, events)
            self._check_wildling_end(events)
            return
        if kind == GIANT and guards:
            self.watch.remove_oldest_guard(clearing, self.public_vp, events, "giant")
            self.wildlings_returned += 1
            events.append(Event("giant_returned", {"clearing": clearing + 1}))
            if len(self.clearings[clearing]) > len(guards):
                self._breach(clearing, events)
            return
        crowd = self.clearings[clearing]
        if kind != GIANT and len(crowd) == SPACES_PER_SECTION and len(guards) == SPACES_PER_SECTION:
            # The 6th wildling against 5 guards: it and another wildling go, and so does the
            # oldest guard, leaving 4 against 4.
            crowd.pop()
            self.wildlings_returned += 2
            self.watch.remove_oldest_guard(clearing, self.public_vp, events, "sixth wildling")
            events.append(Event("sixth_wildling", {"clearing": clearing + 1}))
            return
        crowd.append(kind)
        if kind == GIANT or len(crowd) > len(guards):
            self._breach(clearing, events)

    def _breach(self, clearing: int, events: list[Event]) -> None:
        """The guard on space 1 goes home, the others move down; every wildling of the clearing
        jumps over, one by one (until an eighth in the Gift ends the game); the breach marker
        advances."""
        self.watch.remove_oldest_guard(clearing, self.public_vp, events, "breach")
        crowd = self.clearings[clearing]
        self.clearings[clearing] = []
        self.breaches += 1
        events.append(
            Event(
                "wall_breached",
                {"clearing": clearing + 1, "wildlings": len(crowd), "breaches": self.breaches},
            )
        )
        for i, kind in enumerate(crowd):
            if self.wildlings_in_gift() >= GIFT_WILDLINGS_TO_END:
                # The eighth ended the game at once (at most 2 per hex): the rest stay behind.
                self.clearings[clearing] = crowd[i:]
                break
            self._jump(clearing, kind, events)
        if self.breaches >= BREACHES_TO_END:
            self._end_siege(f"the Wall was breached {self.breaches} times", events)
            return
        self._check_wildling_end(events)

    def _jump(self, clearing: int, kind: int, events: list[Event]) -> None:
        """Block the first hex south of the section with no wildling (a second round doubles up)."""
        column = self.column_hexes(clearing)
        for limit in range(1, MAX_WILDLINGS_PER_HEX + 1):
            for h in column:
                if len(self.gift[h]) < limit:
                    self.gift[h].append(kind)
                    events.append(Event("wildling_in_gift", {"hex": h, "wildling": WILDLING_TYPES[kind]}))
                    return
        h = column[0]  # the column is full: 8 wildlings already ended the game
        self.gift[h].append(kind)

    def _check_wildling_end(self, events: list[Event]) -> None:
        if self.phase != OVER and self.wildlings_in_gift() >= GIFT_WILDLINGS_TO_END:
            self._end_siege(f"{self.wildlings_in_gift()} wildlings in the Gift", events)

    def siege_winners(self) -> tuple[int, ...]:
        """Who wins when the wildlings end the game: the most guards on the Wall (ties: see
        :meth:`Wall.siege_winners`)."""
        return self.watch.siege_winners([self.total_vp(p) for p in range(self.n)])

    def _end_siege(self, reason: str, events: list[Event]) -> None:
        if self.phase == OVER:
            return
        winners = self.siege_winners()
        self._finish(winners[0] if len(winners) == 1 else -1, reason, events)
        self.siege_tie = list(winners) if len(winners) > 1 else []

    # -- removing wildlings ---------------------------------------------------------------------
    def _return_from_gift(self, h: int) -> int:
        kind = self.gift[h].pop()
        self.wildlings_returned += 1
        return kind
