"""The fast path of the RL observations and masks: read straight from a game state, compiled.

:mod:`ravenry.rl.encoding` defines every observation field by what it reads from a seat's view
(``observe(seat)``): that is the specification, and the documentation. Building the view and
reading it back costs more per environment step than the engine actions the step covers, so
for ``catan`` and ``got-catan`` this module writes the very same numbers from the state's own
fields (mypyc compiles it with the rules cores; it runs as plain Python too). It reads exactly
what the view shows: the other seats' hands and development cards only as counts, the viewer's
own cards, public pieces and tokens. The RL tests check, at every step of random games, that it
gives the view encoder's vector and that a hidden-information twin gets the same one.

Output: the whole observation as the bytes of its float32 numbers, little-endian, written field
by field in the encoding's order (``librt.strings.BytesWriter``: compiled, each number is a
store, not a Python object; numpy reads the bytes in one call). The run from the board's
static fields to the pieces' 1s is kept as bytes: the static numbers come from the caller
(:meth:`CatanStateEncoder.set_static`, once a board), and only the places whose piece changed
are rewritten when one is placed; one-hot fields are copied from tables of their possible bytes.
No numpy here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from librt.strings import BytesWriter, write_f32_le

from ravenry.core.protocol import Decision
from ravenry.games.catan.data import GENERIC_HARBOR, N_DEV, N_RES
from ravenry.games.catan.rules import CatanState
from ravenry.observations.floats import f32_bytes, fields_end, flags_table, hot_table, joined, seat_mask

N_PLAYER_NUMBERS: Final = 9  # resource and development counts ... discards owed (encoding.py)
N_HARBOR_KINDS: Final = 1 + N_RES
OFFER_RESPONSES: Final = 4  # pending, accepted, declined, countered (state.py's order)
_ONE: Final = f32_bytes([1.0])


class CatanStateEncoder:
    """A Catan-family observation (``catan_encoding``) from the state.

    ``starts``: each field's first index in the observation, by field name (checked against the
    order :meth:`encode` writes them in); ``phases``: the phase names of the ``phase`` one-hot,
    in order. A variant's own fields follow the Catan family's (:meth:`_variant_fields`)."""

    def __init__(self, starts: Mapping[str, int], n: int, n_hex: int, phases: Sequence[str]) -> None:
        self.n = n
        self.n_hex = n_hex
        self.phase_index: dict[str, int] = {name: i for i, name in enumerate(phases)}
        self.n_phases = len(phases)
        self.offer_size = 1 + n + 2 * N_RES + n * OFFER_RESPONSES + n * 2 * N_RES
        self.buildings = starts["buildings"]
        self.roads = starts["roads"]
        # The fields in the order :meth:`encode` writes them, each right after the one before.
        order = [
            ("viewer", n),
            ("current", n),
            ("deciding", n),
            ("phase", self.n_phases + 1),
            ("turn", 1),
            ("dice", 2),
            ("robber", n_hex + 1),
            ("hexes", -1),  # to "bank": the caller's bytes (static fields, pieces)
            ("bank", N_RES),
            ("dev_deck", 1),
            ("longest_road", n + 1),
            ("largest_army", n + 1),
            ("free_roads", 1),
            ("offers_left", 1),
            ("offer", self.offer_size),
            ("players", n * (N_PLAYER_NUMBERS + N_HARBOR_KINDS)),
            ("hand", N_RES),
            ("dev_cards", N_DEV),
            ("dev_cards_new", N_DEV),
            ("vp", 1),
            ("winners", n),
        ]
        self.written = fields_end(starts, order, 0)  # the Catan family's numbers (a variant's follow)
        self.middle = (starts["hexes"], starts["bank"])
        self._seat_hot = hot_table(n)
        self._phase_hot = hot_table(self.n_phases + 1)
        self._robber_hot = hot_table(n_hex + 1)
        self._holder_hot = hot_table(n + 1)
        self._response_hot = hot_table(OFFER_RESPONSES)
        self._seat_flags = flags_table(n)
        self._harbor_flags = flags_table(N_HARBOR_KINDS)
        self._no_offer = f32_bytes([0.0] * self.offer_size)
        self._no_counter = f32_bytes([0.0] * (2 * N_RES))
        self._not_seated = f32_bytes([0.0] * (N_RES + 2 * N_DEV + 1))  # a spectator's own fields
        # The run from ``hexes`` to ``bank``: the board's static numbers (set_static) with a 1 at
        # the place of each piece of the lists kept here (by node, by edge; empty: none yet).
        self._static = b""
        self._middle = bytearray()
        self._node_owner: list[int] = []
        self._node_level: list[int] = []
        self._edge_owner: list[int] = []
        self._harbors_held: list[int] = []  # each seat's harbor kinds as bits (flags_table's index)
        # The state the kept lists were last checked against, and its piece counts then
        # (``board_version``, ``buildings_version``: bumped by every change of a piece, undo
        # included): the same state with the same counts has the same pieces. Held, not just
        # its id, so that no other state can take its place in memory.
        self._seen: CatanState | None = None
        self._seen_board = -1
        self._seen_buildings = -1
        # The phase one-hot's place by the state's phase number (``phase_name`` looks its name
        # up each call; a game's phase numbers keep their names).
        self._phase_places: dict[int, int] = {}

    def set_static(self, base: bytes) -> None:
        """The board's static numbers: ``base``, the encoding's base for the board (every field
        0 but the static ones) as float32 bytes, of which the encoder keeps the run from the
        ``hexes`` field to the ``bank`` field; the same numbers again (a new game on an equal
        board) change nothing."""
        start, end = self.middle
        static = base[4 * start : 4 * end]
        if len(static) != 4 * (end - start):
            raise ValueError(f"{len(base)} bytes of static numbers: too few for this encoding")
        if static != self._static:
            self._static = static
            self._middle = bytearray(static)
            self._node_owner, self._node_level, self._edge_owner = [], [], []
            self._seen = None

    def encode(self, s: CatanState, seat: int, decision: Decision) -> bytearray:
        """``seat``'s observation now (``decision``: the state's current one, which the caller
        holds), as the float32 bytes of a new bytearray: the Catan family's fields, then a
        variant's own (:meth:`_variant_fields`). The board's static numbers come from
        :meth:`set_static`."""
        n = self.n
        w = BytesWriter()  # (a new one each call: a writer does not pickle, an encoder does)
        seated = 0 <= seat < n
        w.write(self._seat_hot[seat if seated else n])
        current = s.current
        w.write(self._seat_hot[current if 0 <= current < n else n])
        w.write(self._seat_flags[seat_mask(decision.players, n)])
        phase = self._phase_places.get(s.phase, -1)
        if phase < 0:  # a phase not met before: its name says its place
            phase = self._phase_places[s.phase] = self.phase_index.get(s.phase_name(), self.n_phases)
        w.write(self._phase_hot[phase])
        write_f32_le(w, float(s.turn))
        dice = s.dice
        if dice is None:
            write_f32_le(w, 0.0)
            write_f32_le(w, 0.0)
        else:
            write_f32_le(w, float(dice[0]))
            write_f32_le(w, float(dice[1]))
        robber = s.robber
        w.write(self._robber_hot[robber if 0 <= robber < self.n_hex else self.n_hex])
        head = w.getvalue()
        middle = self._synced_middle(s)
        w = BytesWriter()
        for count in s.bank:
            write_f32_le(w, float(count))
        write_f32_le(w, float(len(s.dev_deck)))
        holder = s.longest_road_holder
        w.write(self._holder_hot[holder if 0 <= holder < n else n])
        holder = s.largest_army_holder
        w.write(self._holder_hot[holder if 0 <= holder < n else n])
        write_f32_le(w, float(s.free_roads))
        write_f32_le(w, float(s.rules.max_offers_per_turn - s.offers_this_turn))
        if s.offer is None:
            w.write(self._no_offer)
        else:
            self._offer(w, s)
        hands = s.hands
        dev_hands = s.dev_hands
        knights = s.knights_played
        public_vp = s.public_vp
        road_length = s.road_length
        roads_left = s.roads_left
        settlements_left = s.settlements_left
        cities_left = s.cities_left
        discards_owed = s.discards_owed
        harbors_held = self._harbors_held
        for p in range(n):
            write_f32_le(w, float(_total(hands[p])))
            write_f32_le(w, float(_total(dev_hands[p])))
            write_f32_le(w, float(knights[p]))
            write_f32_le(w, float(public_vp[p]))
            write_f32_le(w, float(road_length[p]))
            write_f32_le(w, float(roads_left[p]))
            write_f32_le(w, float(settlements_left[p]))
            write_f32_le(w, float(cities_left[p]))
            write_f32_le(w, float(discards_owed[p]))
            w.write(self._harbor_flags[harbors_held[p]])
        if seated:  # the viewer's own cards (the view shows them to it alone)
            for count in hands[seat]:
                write_f32_le(w, float(count))
            for count in dev_hands[seat]:
                write_f32_le(w, float(count))
            for count in s.dev_bought_this_turn[seat]:
                write_f32_le(w, float(count))
            write_f32_le(w, float(s.total_vp(seat)))
        else:
            w.write(self._not_seated)
        result = decision.result
        w.write(self._seat_flags[0 if result is None else seat_mask(result.winners, n)])
        self._variant_fields(w, s, seat)
        return joined(head, middle, w.getvalue())

    def _variant_fields(self, w: BytesWriter, s: CatanState, seat: int) -> None:
        """Hook: a variant's own fields, after the Catan family's (``catan`` and ``got-catan``
        have none)."""

    def _synced_middle(self, s: CatanState) -> bytearray:
        """The run from ``hexes`` to ``bank`` with the 1s of the pieces now: each building or
        road whose owner or level changed since the last call has its old place given back its
        static number (a settlement becoming a city leaves its settlement's place) and its new
        place a 1. Pieces change a few dozen times a game: comparing the lists kept of them (in
        C) costs far less than reading them again."""
        if not self._static:
            raise ValueError("set_static first: the board's static numbers are not known")
        middle = self._middle
        board, buildings = s.board_version, s.buildings_version
        if s is self._seen and board == self._seen_board and buildings == self._seen_buildings:
            return middle  # (most steps: no piece placed since)
        if s.node_owner != self._node_owner or s.node_level != self._node_level:
            self._rewrite_buildings(middle, s.node_owner, s.node_level)
            # A seat's harbors are those its buildings stand on: they change only with them.
            self._harbors_held = [_harbor_bits(kinds) for kinds in s.harbors]
        if s.edge_owner != self._edge_owner:
            self._rewrite_roads(middle, s.edge_owner)
        self._seen, self._seen_board, self._seen_buildings = s, board, buildings
        return middle

    def _rewrite_buildings(self, middle: bytearray, owners: list[int], levels: list[int]) -> None:
        """Move the 1s of the buildings whose owner or level changed (see :meth:`_synced_middle`)."""
        kept_owner, kept_level = self._node_owner, self._node_level
        if len(kept_owner) != len(owners):  # no building written yet
            kept_owner[:] = [-1] * len(owners)
            kept_level[:] = [0] * len(owners)
        two_n = 2 * self.n
        at = self.buildings - 1 - self.middle[0]  # a building's place: at + node * 2n + owner * 2 + level
        static = self._static
        for node, owner in enumerate(owners):
            level = levels[node]
            was, was_level = kept_owner[node], kept_level[node]
            if owner != was or level != was_level:
                if was >= 0:
                    place = 4 * (at + node * two_n + was * 2 + was_level)
                    middle[place : place + 4] = static[place : place + 4]
                if owner >= 0:
                    place = 4 * (at + node * two_n + owner * 2 + level)
                    middle[place : place + 4] = _ONE
                kept_owner[node] = owner
                kept_level[node] = level

    def _rewrite_roads(self, middle: bytearray, owners: list[int]) -> None:
        """Move the 1s of the roads whose owner changed (see :meth:`_synced_middle`)."""
        kept = self._edge_owner
        if len(kept) != len(owners):  # no road written yet
            kept[:] = [-1] * len(owners)
        n = self.n
        at = self.roads - self.middle[0]  # a road's place: at + edge * n + owner
        static = self._static
        for edge, owner in enumerate(owners):
            was = kept[edge]
            if owner != was:
                if was >= 0:
                    place = 4 * (at + edge * n + was)
                    middle[place : place + 4] = static[place : place + 4]
                if owner >= 0:
                    place = 4 * (at + edge * n + owner)
                    middle[place : place + 4] = _ONE
                kept[edge] = owner

    def _offer(self, w: BytesWriter, s: CatanState) -> None:
        """The open offer's block (see ``catan_encoding``'s ``offer``)."""
        assert s.offer is not None
        n = self.n
        offerer, give, get = s.offer
        write_f32_le(w, 1.0)
        w.write(self._seat_hot[offerer if 0 <= offerer < n else n])
        for count in give:
            write_f32_le(w, float(count))
        for count in get:
            write_f32_le(w, float(count))
        for q in range(n):  # the view lists every other seat's answer
            w.write(self._response_hot[OFFER_RESPONSES if q == offerer else s.responses[q]])
        counters = s.counters
        for q in range(n):
            counter = counters.get(q)
            if counter is None:
                w.write(self._no_counter)
            else:
                for count in counter[0]:
                    write_f32_le(w, float(count))
                for count in counter[1]:
                    write_f32_le(w, float(count))


def _harbor_bits(kinds: set[int]) -> int:
    """Harbor kinds as the bits of the ``harbors`` flags (bit 0 the generic 3:1 harbor, then
    one per resource)."""
    held = 0
    for kind in kinds:
        held |= 1 << (0 if kind == GENERIC_HARBOR else 1 + kind)
    return held


def _total(counts: list[int]) -> int:
    """The sum of ``counts`` (a compiled loop: the builtin ``sum`` is a call into the interpreter)."""
    out = 0
    for c in counts:
        out += c
    return out


def state_encoder_for(
    state: Any, starts: Mapping[str, int], n: int, n_hex: int, phases: Sequence[str], size: int
) -> CatanStateEncoder | None:
    """A :class:`CatanStateEncoder` when ``state`` is a Catan state whose view adds nothing the
    encoding reads (``catan``, ``got-catan``), else None (the view encoder does the work)."""
    if isinstance(state, CatanState) and state.game.id in ("catan", "got-catan"):
        encoder = CatanStateEncoder(starts, n, n_hex, phases)
        fields_end(starts, [], encoder.written, size)  # nothing after the Catan family's fields
        return encoder
    return None
