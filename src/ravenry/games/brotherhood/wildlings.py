"""The wildlings, a component the Brotherhood state holds (``state.north``): the tokens,
migration to the clans' camps, advances down the trails, the rush, climbers, giants, breaches of
the Wall, and the wildlings in the Gift.

Its data is its own (:class:`Wildlings`: its fields listed by kind, copied and written to JSON
by name through :class:`~ravenry.games.catan.state.Part`, under the state's keys of the same
names). Its rules take the state as an argument (``s``), named by :class:`WildlingsHost`, what
they use of it: they read the phase (nothing moves once the game is over) and the board, draw
from the state's RNG, push guards off the Wall (``s.watch``) and end the game through
``s.end_siege``.

Camps and clearings are lists of wildling types (camp 1, the hottest fire, first). Wildlings in
the Gift are kept per hex (at most 2 each); the Frostfangs are unlimited, so conservation is
counted with ``wildlings_created`` and ``wildlings_returned``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from ravenry.core.protocol import Event
from ravenry.core.rng import Rng
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
from ravenry.games.catan.board import Board
from ravenry.games.catan.state import OVER, Part
from ravenry.games.got_catan.gift import breach_column


class WildlingsHost(Protocol):
    """What the wildlings' rules use of the state that holds them
    (:class:`~ravenry.games.brotherhood.rules.BrotherhoodState`, which imports this module: a
    protocol, so that nothing here imports it back). A member the rules start to use is added
    here, where the dependency shows."""

    phase: int  # read, never written here: nothing moves once the game is over
    board: Board  # the Gift's columns
    rng: Rng  # an empty pool is refilled with the used tokens, shuffled
    watch: Wall  # giants and breaches push guards off the Wall
    public_vp: list[int]  # the guard VP tokens leave with the guards

    # The wildlings end the game at once (3 breaches, 8 in the Gift): the state names the winners.
    def end_siege(self, reason: str, events: list[Event]) -> None: ...


def column_hexes(board: Board, section: int) -> tuple[int, ...]:
    """Hex indices directly south of a wall section (0-3), nearest the Wall first."""
    coords = board.topo.hex_coords
    return tuple(coords.index(c) for c in breach_column(section + 1))


class Wildlings(Part):
    """Everything north of the Wall and the wildlings in the Gift, with the tokens that make them."""

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

    # The fields by kind, as the state's JSON names them (copied and saved by :class:`Part`).
    NESTED_FIELDS: ClassVar[tuple[str, ...]] = (
        "camps",
        "clearings",
        "gift",
        "settlement_tokens",
        "keep_tokens",
    )
    LIST_FIELDS: ClassVar[tuple[str, ...]] = ("token_pool", "tokens_used")
    SCALAR_FIELDS: ClassVar[tuple[str, ...]] = (
        "breaches",
        "wildling_die",
        "wildlings_created",
        "wildlings_returned",
    )

    # -- set-up, copying, JSON ------------------------------------------------------------------
    @staticmethod
    def new(
        players: int, n_hexes: int, max_keeps: int, settlement_tokens: int, tokens_per_keep: int, rng: Rng
    ) -> Wildlings:
        """A new game's wildlings: none yet; the tokens shuffled, and dealt under each player's
        remaining settlements and keeps on the building cost card."""
        w = Wildlings()
        w.camps = [[] for _ in CLANS]
        w.clearings = [[] for _ in range(SECTIONS)]
        w.gift = [[] for _ in range(n_hexes)]
        w.breaches = 0
        w.token_pool = all_tokens()
        rng.shuffle(w.token_pool)
        w.tokens_used = []
        w.settlement_tokens = [[w.token_pool.pop() for _ in range(settlement_tokens)] for _ in range(players)]
        w.keep_tokens = [
            [w.token_pool.pop() for _ in range(tokens_per_keep * max_keeps)] for _ in range(players)
        ]
        w.wildling_die = 0
        w.wildlings_created = 0
        w.wildlings_returned = 0
        return w

    def copy(self) -> Wildlings:
        other = Wildlings()
        self.copy_fields(other)
        return other

    @staticmethod
    def from_json(obj: dict[str, Any]) -> Wildlings:
        w = Wildlings()
        w.read_json(obj)
        return w

    # -- questions ------------------------------------------------------------------------------
    def wildlings_in_gift(self) -> int:
        return sum(len(ws) for ws in self.gift)

    def wildlings_north(self) -> int:
        return sum(len(c) for c in self.camps) + sum(len(c) for c in self.clearings)

    # -- tokens ---------------------------------------------------------------------------------
    def draw_pool_token(self, rng: Rng, events: list[Event]) -> int:
        """The top token of the pool; an empty pool is first refilled with the used tokens,
        shuffled."""
        if not self.token_pool:
            self.token_pool = self.tokens_used
            self.tokens_used = []
            rng.shuffle(self.token_pool)
            events.append(Event("tokens_remixed", {"pool": len(self.token_pool)}))
        return self.token_pool.pop()

    def reveal(self, s: WildlingsHost, tok: int, events: list[Event], why: str) -> None:
        """A revealed token creates a wildling of its type, which migrates to its clan."""
        self.tokens_used.append(tok)
        clan, kind = divmod(tok, 3)
        events.append(
            Event("token_revealed", {"clan": CLANS[clan], "wildling": WILDLING_TYPES[kind], "why": why})
        )
        self._migrate(s, clan, kind, events)

    def release(self, s: WildlingsHost, p: int, gain: str, events: list[Event]) -> None:
        """What ``p`` gained during play turns up wildling tokens: a settlement the one under it
        on the building cost card, a keep the two under it (and the returned settlement goes back
        onto the card over a fresh token from the pool: Rules Reference, "you release 2 wildling
        tokens. The upgraded settlement piece returns"), a special card one from the pool."""
        if gain == "settlement":
            self.reveal(s, self.settlement_tokens[p].pop(), events, "settlement")
        elif gain == "city":
            tokens = self.keep_tokens[p]
            first, second = tokens.pop(), tokens.pop()
            self.reveal(s, first, events, "keep")
            self.reveal(s, second, events, "keep")
            self.settlement_tokens[p].append(self.draw_pool_token(s.rng, events))
        else:
            self.reveal(s, self.draw_pool_token(s.rng, events), events, gain)

    # -- migration, advance, rush -----------------------------------------------------------------
    def _migrate(self, s: WildlingsHost, clan: int, kind: int, events: list[Event]) -> None:
        if s.phase == OVER:
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
            self._rush(s, clan, events)

    def _rush(self, s: WildlingsHost, clan: int, events: list[Event]) -> None:
        """A fifth wildling in a clan: camp 1 advances down the lower trail, camp 2 down the
        higher one; the other three move down to camps 1-3."""
        camps = self.camps[clan]
        events.append(Event("wildling_rush", {"clan": CLANS[clan]}))
        (_, lower), (_, higher) = TRAILS[clan]
        self._arrive(s, camps.pop(0), lower, events)
        if s.phase == OVER:
            return  # the first ended the game at once: the second never leaves its camp
        self._arrive(s, camps.pop(0), higher, events)

    def advance(self, s: WildlingsHost, face: int, events: list[Event]) -> None:
        """The wildling die: the wildling at the hottest camp of the trail's clan advances to the
        trail's clearing; the others move one camp closer."""
        trail = TRAIL_OF_FACE[face] if 0 < face <= WILDLING_DIE_SIDES else None
        if trail is None or s.phase == OVER:
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
        self._arrive(s, kind, clearing, events)

    def _arrive(self, s: WildlingsHost, kind: int, clearing: int, events: list[Event]) -> None:
        """Climbers jump the Wall (no breach); giants take the oldest guard with them (or breach
        an empty section); regular wildlings wait, and breach when they outnumber the guards."""
        if s.phase == OVER:
            return
        guards = s.watch.sections[clearing]
        if kind == CLIMBER:
            events.append(Event("climber_jumped", {"clearing": clearing + 1}))
            self._jump(s.board, clearing, CLIMBER, events)
            self._check_end(s, events)
            return
        if kind == GIANT and guards:
            s.watch.remove_oldest_guard(clearing, s.public_vp, events, "giant")
            self.wildlings_returned += 1
            events.append(Event("giant_returned", {"clearing": clearing + 1}))
            if len(self.clearings[clearing]) > len(guards):
                self._breach(s, clearing, events)
            return
        crowd = self.clearings[clearing]
        if kind != GIANT and len(crowd) == SPACES_PER_SECTION and len(guards) == SPACES_PER_SECTION:
            # The 6th wildling against 5 guards: it and another wildling go, and so does the
            # oldest guard, leaving 4 against 4.
            crowd.pop()
            self.wildlings_returned += 2
            s.watch.remove_oldest_guard(clearing, s.public_vp, events, "sixth wildling")
            events.append(Event("sixth_wildling", {"clearing": clearing + 1}))
            return
        crowd.append(kind)
        if kind == GIANT or len(crowd) > len(guards):
            self._breach(s, clearing, events)

    def _breach(self, s: WildlingsHost, clearing: int, events: list[Event]) -> None:
        """The guard on space 1 goes home, the others move down; every wildling of the clearing
        jumps over, one by one (until an eighth in the Gift ends the game); the breach marker
        advances."""
        s.watch.remove_oldest_guard(clearing, s.public_vp, events, "breach")
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
            self._jump(s.board, clearing, kind, events)
        if self.breaches >= BREACHES_TO_END:
            s.end_siege(f"the Wall was breached {self.breaches} times", events)
            return
        self._check_end(s, events)

    def _jump(self, board: Board, clearing: int, kind: int, events: list[Event]) -> None:
        """Block the first hex south of the section with no wildling (a second round doubles up)."""
        column = column_hexes(board, clearing)
        for limit in range(1, MAX_WILDLINGS_PER_HEX + 1):
            for h in column:
                if len(self.gift[h]) < limit:
                    self.gift[h].append(kind)
                    events.append(Event("wildling_in_gift", {"hex": h, "wildling": WILDLING_TYPES[kind]}))
                    return
        h = column[0]  # the column is full: 8 wildlings already ended the game
        self.gift[h].append(kind)

    def _check_end(self, s: WildlingsHost, events: list[Event]) -> None:
        if s.phase != OVER and self.wildlings_in_gift() >= GIFT_WILDLINGS_TO_END:
            s.end_siege(f"{self.wildlings_in_gift()} wildlings in the Gift", events)

    # -- removing wildlings ---------------------------------------------------------------------
    def return_from_gift(self, h: int) -> int:
        kind = self.gift[h].pop()
        self.wildlings_returned += 1
        return kind
