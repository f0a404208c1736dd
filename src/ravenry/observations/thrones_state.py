"""The fast path of the Thrones RL observation: read straight from the state, compiled.

:func:`ravenry.rl.encoding.thrones_encoding` defines every field by what it reads from a seat's
view (``observe(seat)``, :mod:`ravenry.games.thrones.views`): that is the specification. Building
the view (with its planning panel, march targets and battle strengths, which the encoding does
not read) and reading it back cost more per environment step than the engine actions the step
covers, so this module writes the very same numbers from the state's own fields (mypyc compiles
it with the rules cores; it runs as plain Python too).

It reads exactly what the view shows the seat: the board, tokens, tracks and the public hands
and discards; the seat's own face-down orders only (``pending[seat]``); while bidding, the other
houses' power and pools as hidden and the seat's own bid alone; in a battle, a house card only
once both are revealed or when it is the seat's own. The RL tests check, at every step of random
games, that it gives the view encoder's vector and that a hidden-information twin gets the same.

Output: lists of ints, no numpy here. :meth:`ThronesStateEncoder.board` gives the board's counts
(in the fixed order of :meth:`ThronesStateEncoder.board_places`) and 1s, the same for every seat
and rebuilt only when the board changes; :meth:`ThronesStateEncoder.encode` the rest for one
seat: counts (in the order of :meth:`ThronesStateEncoder.dense_places`) and the places of the 1s.
:class:`ravenry.rl.match.Match` sets the board's into a base vector it keeps while the board
stays, and the rest into a copy of it each step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ravenry.games.thrones.data import (
    ALL_CARDS,
    AREA_IS_SEA,
    CARDS_PER_HOUSE,
    N_AREAS,
    N_ORDER_KINDS,
    WESTEROS_NAMES,
)
from ravenry.games.thrones.map import CASTLE_AREAS
from ravenry.games.thrones.state import BID_WILDLINGS, P_BID, P_MARCH_MOVE, P_OVER, ThronesData

N_TRACKS: Final = 3
N_BID_FOR: Final = N_TRACKS + 1  # the three tracks, then the Night's Watch (encoding.py's bid_for)
N_WESTEROS: Final = len(WESTEROS_NAMES)
N_SUPPORT_SIDES: Final = 3  # attacker, defender, none
_ALL_WESTEROS: Final = (1 << N_WESTEROS) - 1
# The bits set in each mask below 1 << N_WESTEROS: restrictions in force, and house cards in a
# hand (CARDS_PER_HOUSE, 7, is below N_WESTEROS, 11).
_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c for c in range(N_WESTEROS) if (mask >> c) & 1) for mask in range(1 << N_WESTEROS)
)


class ThronesStateEncoder:
    """The fields of a Thrones observation (``thrones_encoding``) from the state, for ``n``
    seats; ``starts``: each field's first index in the observation, by field name."""

    def __init__(self, starts: Mapping[str, int], n: int) -> None:
        self.n = n
        self.viewer = starts["viewer"]
        self.current = starts["current"]
        self.phase = starts["phase"]
        self.turn = starts["turn"]
        self.castles_to_win = starts["castles_to_win"]
        self.units = starts["units"]
        self.routed = starts["routed"]
        self.owner = starts["owner"]
        self.power_tokens = starts["power_tokens"]
        self.neutral = starts["neutral"]
        self.home = starts["home"]
        self.orders = starts["orders"]
        self.my_orders = starts["my_orders"]
        self.power = starts["power"]
        self.pool = starts["pool"]
        self.supply = starts["supply"]
        self.castles = starts["castles"]
        self.tracks = starts["tracks"]
        self.hands = starts["hands"]
        self.discards = starts["discards"]
        self.wildlings = starts["wildlings"]
        self.restrictions = starts["restrictions"]
        self.westeros = starts["westeros"]
        self.deck_sizes = starts["deck_sizes"]
        self.blade_used = starts["blade_used"]
        self.raven_used = starts["raven_used"]
        self.ready = starts["ready"]
        self.march_area = starts["march_area"]
        self.raid_area = starts["raid_area"]
        self.muster_points = starts["muster_points"]
        self.loss_points = starts["loss_points"]
        self.bids = starts["bids"]
        self.battle = starts["battle"]
        self.winners = starts["winners"]
        # Within ``battle``: the places after "present" and the area, origin, seat one-hots.
        self.battle_attacking = self.battle + 1 + 2 * (N_AREAS + 1) + 3 * (n + 1)
        self.battle_support = self.battle_attacking + 4
        self.battle_neutral = self.battle_support + N_AREAS * N_SUPPORT_SIDES
        self.battle_cards = self.battle_neutral + 2
        # The board's lists as :meth:`board` last read them, and what it made of them.
        self._units: list[int] = []
        self._routed: list[int] = []
        self._owner: list[int] = []
        self._token: list[int] = []
        self._order: list[int] = []
        self._order_owner: list[int] = []
        self._neutral: list[int] = []
        self._home: list[int] = []
        self._muster_points: list[int] = []
        self._board: tuple[list[int], list[int]] = ([], [])

    def board_places(self) -> list[int]:
        """Where the numbers of :meth:`board`'s first list go, in its order."""
        out = list(range(self.units, self.units + 3 * N_AREAS))
        out += list(range(self.routed, self.routed + 3 * N_AREAS))
        out += list(range(self.neutral, self.neutral + N_AREAS))
        out += list(range(self.castles, self.castles + self.n))
        out += list(range(self.muster_points, self.muster_points + N_AREAS))
        return out

    def dense_places(self) -> list[int]:
        """Where the numbers of :meth:`encode`'s first list go, in its order."""
        n = self.n
        out = [self.turn, self.castles_to_win]
        out += list(range(self.power, self.power + n))
        out += list(range(self.pool, self.pool + n))
        out += list(range(self.supply, self.supply + n))
        out += list(range(self.tracks, self.tracks + N_TRACKS * n))
        out += [self.wildlings]
        out += list(range(self.deck_sizes, self.deck_sizes + 3))
        out += [self.blade_used, self.raven_used]
        out += list(range(self.loss_points, self.loss_points + n))
        bids = self.bids + N_BID_FOR + 1
        out += list(range(bids, bids + n))  # the last revealed bids
        out.append(bids + n + n + N_BID_FOR + 1)  # your bid
        at = self.battle_attacking
        out += [at, at + 1, at + 2, at + 3]  # attacking units, March bonus + 1
        out += [self.battle_neutral, self.battle_neutral + 1]  # neutral strength, casualties
        return out

    def board(self, s: ThronesData) -> tuple[list[int], list[int]]:
        """The board's fields, the same for every seat: the counts of :meth:`board_places` in
        order (units, routed units, neutral forces, castles held, mustering points) and the
        places of the 1s (owners, power tokens, home areas, revealed orders). The same tuple
        object as long as the board is the same, so that a caller may keep what it built from
        it: most steps (orders placed face down, bids, cards) leave the board as it was, and
        comparing its lists (in C) costs far less than reading them again."""
        if (
            s.units == self._units
            and s.routed == self._routed
            and s.owner == self._owner
            and s.token == self._token
            and s.order == self._order
            and s.order_owner == self._order_owner
            and s.neutral == self._neutral
            and s.home == self._home
            and s.mustering.points == self._muster_points
        ):
            return self._board
        n = self.n
        counts = s.units + s.routed
        counts += s.neutral
        counts += _castles(s, n)
        counts += s.mustering.points
        width = n + 1
        at = self.owner
        ones = [at + a * width + (x if 0 <= x < n else n) for a, x in enumerate(s.owner)]
        at = self.power_tokens
        ones += [at + a * width + (x if 0 <= x < n else n) for a, x in enumerate(s.token)]
        at = self.home
        ones += [at + a * width + (x if 0 <= x < n else n) for a, x in enumerate(s.home)]
        order_owner = s.order_owner
        order_width = n + N_ORDER_KINDS
        for a, k in enumerate(s.order):
            if k >= 0:
                at = self.orders + a * order_width
                ones.append(at + order_owner[a])
                ones.append(at + n + k)
        self._units = s.units[:]
        self._routed = s.routed[:]
        self._owner = s.owner[:]
        self._token = s.token[:]
        self._order = s.order[:]
        self._order_owner = order_owner[:]
        self._neutral = s.neutral[:]
        self._home = s.home[:]
        self._muster_points = s.mustering.points[:]
        self._board = (counts, ones)
        return self._board

    def encode(self, s: ThronesData, seat: int) -> tuple[list[int], list[int]]:
        """``seat``'s numbers now but :meth:`board`'s: those of :meth:`dense_places` in order,
        and the places of the 1s."""
        n = self.n
        mine = 0 <= seat < n
        bidding = s.phase == P_BID
        # -- the counts
        dense = [s.turn, s.castles_to_win]
        if bidding:  # another house's power and pool are hidden while bidding
            dense += [s.power[p] if p == seat else 0 for p in range(n)]
            dense += [s.pool[p] if p == seat else 0 for p in range(n)]
        else:
            dense += s.power
            dense += s.pool
        dense += s.supply
        for track in s.tracks:
            dense += track
        dense.append(s.wildlings)
        dense += [len(d) for d in s.decks]
        dense.append(1 if s.blade_used else 0)
        dense.append(1 if s.raven_used else 0)
        dense += s.loss_points
        last = s.bidding.last
        if last:
            dense += last[1:]
        else:
            dense += [0] * n
        my_bid = s.bidding.bids[seat] if bidding and mine else -1
        dense.append(my_bid if my_bid >= 0 else 0)
        battle = s.battle
        fighting = battle.area >= 0
        if fighting:
            dense += battle.attacking
            dense.append(battle.march_bonus + 1)
            dense.append(battle.neutral)
            dense.append(battle.casualties)
        else:
            dense += [0, 0, 0, 0, 0, 0]
        # -- the 1s
        ones: list[int] = []
        if mine:
            ones.append(self.viewer + seat)
        current = s.current if s.phase != P_OVER else -1
        ones.append(self.current + (current if 0 <= current < n else n))
        ones.append(self.phase + s.phase)
        if mine:
            at = self.my_orders
            ones += [at + a * N_ORDER_KINDS + k for a, k in enumerate(s.pending[seat]) if k >= 0]
        if bidding:
            for p in range(n):
                if p != seat:
                    ones.append(self.power + n + p)
                    ones.append(self.pool + n + p)
        at = self.hands
        for mask in s.hand:
            ones += [at + c for c in _BITS[mask & ALL_CARDS]]
            at += CARDS_PER_HOUSE
        at = self.discards
        for mask in s.discard:
            ones += [at + c for c in _BITS[mask & ALL_CARDS]]
            at += CARDS_PER_HOUSE
        at = self.restrictions
        ones += [at + c for c in _BITS[s.restrictions & _ALL_WESTEROS]]
        at = self.westeros
        for c in s.revealed:
            ones.append(at + (c if 0 <= c < N_WESTEROS else N_WESTEROS))
            at += N_WESTEROS + 1
        for p in range(n):
            if s.ready[p]:
                ones.append(self.ready + p)
        area = s.march.area
        ones.append(self.march_area + (area if 0 <= area < N_AREAS else N_AREAS))
        area = s.raid.area
        ones.append(self.raid_area + (area if 0 <= area < N_AREAS else N_AREAS))
        # bids: what the last revealed bids were for, who has bid now, what for
        at = self.bids
        ones.append(at + ((N_BID_FOR - 1 if last[0] == BID_WILDLINGS else last[0]) if last else N_BID_FOR))
        at += N_BID_FOR + 1 + n
        if bidding:
            bids = s.bidding.bids
            for p in range(n):
                if bids[p] >= 0:
                    ones.append(at + p)
            context = s.bidding.context
            ones.append(at + n + (N_BID_FOR - 1 if context == BID_WILDLINGS else context))
        else:
            ones.append(at + n + N_BID_FOR)
        if fighting:
            self._battle(s, seat, ones)
        if s.phase == P_OVER:
            for p in s.winners:
                ones.append(self.winners + p)
        return dense, ones

    def _battle(self, s: ThronesData, seat: int, ones: list[int]) -> None:
        """The battle block's 1s (see ``thrones_encoding``'s ``battle``)."""
        n = self.n
        b = s.battle
        at = self.battle
        ones.append(at)
        at += 1
        ones.append(at + (b.area if 0 <= b.area < N_AREAS else N_AREAS))
        at += N_AREAS + 1
        ones.append(at + (b.origin if 0 <= b.origin < N_AREAS else N_AREAS))
        at += N_AREAS + 1
        for x in (b.attacker, b.defender, b.winner):
            ones.append(at + (x if 0 <= x < n else n))
            at += n + 1
        if s.phase != P_MARCH_MOVE:  # pledges left from an earlier battle are not this one's
            support = b.support
            at = self.battle_support
            for a in range(N_AREAS):
                side = support[a]
                if side >= 0:
                    ones.append(at + a * N_SUPPORT_SIDES + side)
        at = self.battle_cards
        for side in (0, 1):
            c = b.cards[side]
            holder = b.attacker if side == 0 else b.defender
            shown = c >= 0 and (b.cards_revealed != 0 or seat == holder)
            ones.append(at + (c if shown and c < CARDS_PER_HOUSE else CARDS_PER_HOUSE))
            at += CARDS_PER_HOUSE + 1
        for side in (0, 1):
            if b.cards[side] >= 0:
                ones.append(at + side)


def _castles(s: ThronesData, n: int) -> list[int]:
    """Castles and strongholds each seat controls (``scoring.castles``, in one pass)."""
    out = [0] * n
    units_owner = s.owner
    token = s.token
    home = s.home
    for a in CASTLE_AREAS:
        who = units_owner[a]
        if who < 0 and not AREA_IS_SEA[a]:
            who = token[a]
            if who < 0:
                who = home[a]
        if 0 <= who < n:
            out[who] += 1
    return out


def thrones_encoder_for(state: object, starts: Mapping[str, int], n: int) -> ThronesStateEncoder | None:
    """A :class:`ThronesStateEncoder` when ``state`` is a Thrones state, else None."""
    if isinstance(state, ThronesData):
        return ThronesStateEncoder(starts, n)
    return None
