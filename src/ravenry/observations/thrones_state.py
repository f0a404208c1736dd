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

Output: the whole observation as the bytes of its float32 numbers, written field by field in
the encoding's order (:mod:`ravenry.observations.floats`: compiled, each number is a store, and
numpy reads the bytes in one call). The board's fields, the same for every seat, are written
once per change of the board (:meth:`ThronesStateEncoder.board`: most steps, orders placed face
down, bids, cards, leave it as it was), only the numbers that changed written again, and copied
into each seat's bytes; one-hot fields are copied from tables of their possible bytes. No numpy
here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from librt.strings import BytesWriter, write_f32_le

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
from ravenry.observations.floats import (
    count_bytes,
    counts_bytes,
    f32_bytes,
    fields_end,
    flags_table,
    hot_table,
    joined,
    seat_mask,
)

N_TRACKS: Final = 3
N_BID_FOR: Final = N_TRACKS + 1  # the three tracks, then the Night's Watch (encoding.py's bid_for)
N_WESTEROS: Final = len(WESTEROS_NAMES)
N_DECKS: Final = 3
N_UNIT_TYPES: Final = 3
N_SUPPORT_SIDES: Final = 3  # attacker, defender, none
_ALL_WESTEROS: Final = (1 << N_WESTEROS) - 1


class ThronesStateEncoder:
    """A Thrones observation (``thrones_encoding``) from the state, for ``n`` seats;
    ``starts``: each field's first index in the observation, by field name (checked against the
    order :meth:`encode` writes them in)."""

    def __init__(self, starts: Mapping[str, int], n: int, size: int) -> None:
        self.n = n
        width = n + 1
        self.battle_size = 1 + 2 * (N_AREAS + 1) + 3 * width + (N_UNIT_TYPES + 1)
        self.battle_size += N_AREAS * N_SUPPORT_SIDES + 2 + 2 * (CARDS_PER_HOUSE + 1) + 2
        order = [
            ("viewer", n),
            ("current", width),
            ("phase", -1),  # the phases' one-hot: its size is the encoding's
            ("turn", 1),
            ("castles_to_win", 1),
            ("units", N_AREAS * N_UNIT_TYPES),  # from here to my_orders: board()'s run
            ("routed", N_AREAS * N_UNIT_TYPES),
            ("owner", N_AREAS * width),
            ("power_tokens", N_AREAS * width),
            ("neutral", N_AREAS),
            ("home", N_AREAS * width),
            ("orders", N_AREAS * (n + N_ORDER_KINDS)),
            ("my_orders", N_AREAS * N_ORDER_KINDS),
            ("power", 2 * n),
            ("pool", 2 * n),
            ("supply", n),
            ("castles", n),
            ("tracks", N_TRACKS * n),
            ("hands", n * CARDS_PER_HOUSE),
            ("discards", n * CARDS_PER_HOUSE),
            ("wildlings", 1),
            ("restrictions", N_WESTEROS),
            ("westeros", N_DECKS * (N_WESTEROS + 1)),
            ("deck_sizes", N_DECKS),
            ("blade_used", 1),
            ("raven_used", 1),
            ("ready", n),
            ("march_area", N_AREAS + 1),
            ("raid_area", N_AREAS + 1),
            ("muster_points", N_AREAS),
            ("loss_points", n),
            ("bids", (N_BID_FOR + 1) + n + n + (N_BID_FOR + 1) + 1),
            ("battle", self.battle_size),
            ("winners", n),
        ]
        fields_end(starts, order, 0, size)
        n_phases = starts["turn"] - starts["phase"]
        self._seat_hot = hot_table(n)  # entry n: no 1 (a spectator)
        self._seat_or_none = hot_table(width)  # entry n: the "none" place's 1
        self._phase_hot = hot_table(n_phases)
        self._order_hot = hot_table(N_ORDER_KINDS)  # entry N_ORDER_KINDS: no order
        self._area_or_none = hot_table(N_AREAS + 1)
        self._westeros_hot = hot_table(N_WESTEROS + 1)
        self._bid_for_hot = hot_table(N_BID_FOR + 1)
        self._card_hot = hot_table(CARDS_PER_HOUSE + 1)
        self._cards = flags_table(CARDS_PER_HOUSE)
        self._seat_flags = flags_table(n)
        # A revealed order's run: 1 at its owner and at n + its kind; the last entry: no order.
        self._orders = [
            f32_bytes([1.0 if i == p or i == n + k else 0.0 for i in range(n + N_ORDER_KINDS)])
            for p in range(n)
            for k in range(N_ORDER_KINDS)
        ]
        self._orders.append(f32_bytes([0.0] * (n + N_ORDER_KINDS)))
        self._no_my_orders = f32_bytes([0.0] * (N_AREAS * N_ORDER_KINDS))
        self._no_westeros = self._westeros_hot[N_WESTEROS + 1]
        self._no_battle = f32_bytes([0.0] * self.battle_size)
        self._no_support = f32_bytes([0.0] * N_SUPPORT_SIDES)
        self._support_hot = hot_table(N_SUPPORT_SIDES)
        self._no_last_bids = f32_bytes([0.0] * n)
        # The board's lists as :meth:`board` last read them, and the bytes it made of them.
        self._units: list[int] = []
        self._routed: list[int] = []
        self._owner: list[int] = []
        self._token: list[int] = []
        self._order: list[int] = []
        self._order_owner: list[int] = []
        self._neutral: list[int] = []
        self._home: list[int] = []
        self._muster_points: list[int] = []
        self._run = bytearray()  # the run from units to orders (board), rewritten in place
        # The last face-down orders written (none at first), and their run, rewritten in place.
        self._last_face_down = [-1] * N_AREAS
        self._face_down_run = bytearray(self._no_my_orders)
        # Where each of the run's fields starts in it, in bytes (units ... orders).
        board_fields = ("units", "routed", "owner", "power_tokens", "neutral", "home", "orders")
        self._at = [4 * (starts[name] - starts["units"]) for name in board_fields]
        self._board: tuple[bytes | bytearray, bytes, bytes] = (b"", b"", b"")

    def board(self, s: ThronesData) -> tuple[bytes | bytearray, bytes, bytes]:
        """The board's fields, the same for every seat, as float32 bytes: the run from
        ``units`` to ``orders`` (units, routed units, owners, power tokens, neutral forces, home
        areas, revealed orders), the castles each seat holds, and the mustering points. The
        same tuple as long as the board is the same: comparing its lists (in C) costs far less
        than writing them again, and most steps (orders placed face down, bids, cards) leave
        them as they were. When one changes, only its numbers that changed are written again
        and copied into the list kept of it (the run is kept, and rewritten in place: copy it
        to keep it); the castles only when a seat's hold on an area may have changed."""
        order_owner = s.order_owner
        points = s.mustering.points
        if (
            s.units == self._units
            and s.routed == self._routed
            and s.owner == self._owner
            and s.token == self._token
            and s.order == self._order
            and order_owner == self._order_owner
            and s.neutral == self._neutral
            and s.home == self._home
            and points == self._muster_points
        ):
            return self._board
        run, castles, muster_points = self._board
        if len(s.units) != len(self._units):  # the first board: all of it
            run = self._run = bytearray(self._whole_board(s))
            self._units = s.units[:]
            self._routed = s.routed[:]
            self._owner = s.owner[:]
            self._token = s.token[:]
            self._order = s.order[:]
            self._order_owner = order_owner[:]
            self._neutral = s.neutral[:]
            self._home = s.home[:]
            held = True
        else:
            run = self._run
            at = self._at
            _rewrite_counts(run, at[0], s.units, self._units)
            _rewrite_counts(run, at[1], s.routed, self._routed)
            held = self._rewrite_seats(run, at[2], s.owner, self._owner)
            held = self._rewrite_seats(run, at[3], s.token, self._token) or held
            _rewrite_counts(run, at[4], s.neutral, self._neutral)
            held = self._rewrite_seats(run, at[5], s.home, self._home) or held
            self._rewrite_orders(run, at[6], s.order, order_owner)
        if held:
            castles = counts_bytes(_castles(s, self.n))
        if points != self._muster_points:
            self._muster_points = points[:]
            muster_points = counts_bytes(points)
        self._board = (run, castles, muster_points)
        return self._board

    def _whole_board(self, s: ThronesData) -> bytes:
        """The run from ``units`` to ``orders`` (see :meth:`board`), all of it."""
        n = self.n
        w = BytesWriter()
        for count in s.units:
            write_f32_le(w, float(count))
        for count in s.routed:
            write_f32_le(w, float(count))
        seat_or_none = self._seat_or_none
        for x in s.owner:
            w.write(seat_or_none[x if 0 <= x < n else n])
        for x in s.token:
            w.write(seat_or_none[x if 0 <= x < n else n])
        for count in s.neutral:
            write_f32_le(w, float(count))
        for x in s.home:
            w.write(seat_or_none[x if 0 <= x < n else n])
        order_owner = s.order_owner
        no_order = n * N_ORDER_KINDS
        for a, k in enumerate(s.order):
            w.write(self._orders[order_owner[a] * N_ORDER_KINDS + k if k >= 0 else no_order])
        return w.getvalue()

    def _rewrite_seats(self, run: bytearray, at: int, now: list[int], kept: list[int]) -> bool:
        """Write again, in ``run`` from byte ``at``, the seat-or-none one-hots of ``now`` that
        differ from ``kept``, and copy them into ``kept``; whether any did."""
        if now == kept:
            return False
        n = self.n
        size = 4 * (n + 1)
        seat_or_none = self._seat_or_none
        for i, x in enumerate(now):
            if x != kept[i]:
                kept[i] = x
                run[at + i * size : at + (i + 1) * size] = seat_or_none[x if 0 <= x < n else n]
        return True

    def _rewrite_orders(self, run: bytearray, at: int, order: list[int], order_owner: list[int]) -> None:
        """Write again, in ``run`` from byte ``at``, the revealed orders (kind and owner) that
        changed, and copy them into the lists kept of them."""
        kept, kept_owner = self._order, self._order_owner
        if order == kept and order_owner == kept_owner:
            return
        size = 4 * (self.n + N_ORDER_KINDS)
        no_order = self.n * N_ORDER_KINDS
        for a, k in enumerate(order):
            owner = order_owner[a]
            if k != kept[a] or owner != kept_owner[a]:
                kept[a] = k
                kept_owner[a] = owner
                run[at + a * size : at + (a + 1) * size] = self._orders[
                    owner * N_ORDER_KINDS + k if k >= 0 else no_order
                ]

    def encode(self, s: ThronesData, seat: int) -> bytearray:
        """``seat``'s observation now, as the float32 bytes of a new bytearray."""
        n = self.n
        mine = 0 <= seat < n
        bidding = s.phase == P_BID
        board, castles, muster_points = self.board(s)
        w = BytesWriter()
        w.write(self._seat_hot[seat if mine else n])
        current = s.current if s.phase != P_OVER else -1
        w.write(self._seat_or_none[current if 0 <= current < n else n])
        w.write(self._phase_hot[s.phase])
        write_f32_le(w, float(s.turn))
        write_f32_le(w, float(s.castles_to_win))
        head = w.getvalue()
        w = BytesWriter()
        if mine:
            w.write(self._face_down(s.pending[seat]))
        else:
            w.write(self._no_my_orders)
        # Power and pool: the counts, then whether each is hidden (another house's, while bidding).
        hidden = 0
        if bidding:
            hidden = ((1 << n) - 1) & ~(1 << seat if mine else 0)
        for counts in (s.power, s.pool):
            for p in range(n):
                write_f32_le(w, 0.0 if (hidden >> p) & 1 else float(counts[p]))
            w.write(self._seat_flags[hidden])
        for count in s.supply:
            write_f32_le(w, float(count))
        w.write(castles)
        for track in s.tracks:
            for x in track:
                write_f32_le(w, float(x))
        cards = self._cards
        for mask in s.hand:
            w.write(cards[mask & ALL_CARDS])
        for mask in s.discard:
            w.write(cards[mask & ALL_CARDS])
        write_f32_le(w, float(s.wildlings))
        restrictions = s.restrictions & _ALL_WESTEROS
        for c in range(N_WESTEROS):
            write_f32_le(w, float((restrictions >> c) & 1))
        shown = 0
        for c in s.revealed:
            w.write(self._westeros_hot[c if 0 <= c < N_WESTEROS else N_WESTEROS])
            shown += 1
        for _ in range(N_DECKS - shown):
            w.write(self._no_westeros)
        for deck in s.decks:
            write_f32_le(w, float(len(deck)))
        write_f32_le(w, 1.0 if s.blade_used else 0.0)
        write_f32_le(w, 1.0 if s.raven_used else 0.0)
        ready = 0
        for p in range(n):
            if s.ready[p]:
                ready |= 1 << p
        w.write(self._seat_flags[ready])
        area = s.march.area
        w.write(self._area_or_none[area if 0 <= area < N_AREAS else N_AREAS])
        area = s.raid.area
        w.write(self._area_or_none[area if 0 <= area < N_AREAS else N_AREAS])
        w.write(muster_points)
        for points in s.loss_points:
            write_f32_le(w, float(points))
        self._bids(w, s, seat, bidding and mine, bidding)
        if s.battle.area >= 0:
            self._battle(w, s, seat)
        else:
            w.write(self._no_battle)
        w.write(self._seat_flags[seat_mask(s.winners, n) if s.phase == P_OVER else 0])
        return joined(head, board, w.getvalue())

    def _face_down(self, orders: list[int]) -> bytearray:
        """The ``my_orders`` run of a seat's face-down ``orders`` (area → kind, -1: none),
        rewritten in place: only the areas whose order differs from the last orders written
        (most steps place none, a planning step one; copy the run to keep it)."""
        kept = self._last_face_down
        run = self._face_down_run
        if orders != kept:
            order_hot = self._order_hot
            size = 4 * N_ORDER_KINDS
            for a, k in enumerate(orders):
                if k != kept[a]:
                    kept[a] = k
                    run[a * size : (a + 1) * size] = order_hot[k if k >= 0 else N_ORDER_KINDS]
        return run

    def _bids(self, w: BytesWriter, s: ThronesData, seat: int, my_bid: bool, bidding: bool) -> None:
        """The ``bids`` block: what the last revealed bids were for and the bids, who has bid
        now, what for, and the seat's own bid."""
        last = s.bidding.last
        if last:
            w.write(self._bid_for_hot[N_BID_FOR - 1 if last[0] == BID_WILDLINGS else last[0]])
            for x in last[1:]:
                write_f32_le(w, float(x))
        else:
            w.write(self._bid_for_hot[N_BID_FOR])
            w.write(self._no_last_bids)
        bids = s.bidding.bids
        if bidding:
            has_bid = 0
            for p in range(self.n):
                if bids[p] >= 0:
                    has_bid |= 1 << p
            w.write(self._seat_flags[has_bid])
            context = s.bidding.context
            w.write(self._bid_for_hot[N_BID_FOR - 1 if context == BID_WILDLINGS else context])
        else:
            w.write(self._seat_flags[0])
            w.write(self._bid_for_hot[N_BID_FOR])
        mine = bids[seat] if my_bid else -1
        write_f32_le(w, float(mine) if mine >= 0 else 0.0)

    def _battle(self, w: BytesWriter, s: ThronesData, seat: int) -> None:
        """The ``battle`` block (see ``thrones_encoding``'s ``battle``)."""
        n = self.n
        b = s.battle
        write_f32_le(w, 1.0)
        w.write(self._area_or_none[b.area if 0 <= b.area < N_AREAS else N_AREAS])
        w.write(self._area_or_none[b.origin if 0 <= b.origin < N_AREAS else N_AREAS])
        # While the march still moves units in, the winner and casualties held are the last
        # battle's (kept until this one begins): the view shows none, and so does this.
        started = s.phase != P_MARCH_MOVE
        for x in (b.attacker, b.defender, b.winner if started else -1):
            w.write(self._seat_or_none[x if 0 <= x < n else n])
        for count in b.attacking:
            write_f32_le(w, float(count))
        write_f32_le(w, float(b.march_bonus + 1))
        if s.phase != P_MARCH_MOVE:  # pledges left from an earlier battle are not this one's
            support_hot = self._support_hot
            for side in b.support:
                w.write(support_hot[side if 0 <= side < N_SUPPORT_SIDES else N_SUPPORT_SIDES])
        else:
            for _ in range(N_AREAS):
                w.write(self._no_support)
        write_f32_le(w, float(b.neutral))
        write_f32_le(w, float(b.casualties if started else 0))
        for side in (0, 1):
            c = b.cards[side]
            holder = b.attacker if side == 0 else b.defender
            shown = c >= 0 and (b.cards_revealed != 0 or seat == holder)
            w.write(self._card_hot[c if shown and c < CARDS_PER_HOUSE else CARDS_PER_HOUSE])
        for side in (0, 1):
            write_f32_le(w, 1.0 if b.cards[side] >= 0 else 0.0)


def _rewrite_counts(run: bytearray, at: int, now: list[int], kept: list[int]) -> None:
    """Write again, in ``run`` from byte ``at``, the counts of ``now`` that differ from
    ``kept`` (one float each), and copy them into ``kept``."""
    if now != kept:
        for i, count in enumerate(now):
            if count != kept[i]:
                kept[i] = count
                place = at + 4 * i
                run[place : place + 4] = count_bytes(count)


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


def thrones_encoder_for(
    state: object, starts: Mapping[str, int], n: int, size: int
) -> ThronesStateEncoder | None:
    """A :class:`ThronesStateEncoder` when ``state`` is a Thrones state, else None."""
    if isinstance(state, ThronesData):
        return ThronesStateEncoder(starts, n, size)
    return None
