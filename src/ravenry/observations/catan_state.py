"""The fast path of the RL observations and masks: read straight from a game state, compiled.

:mod:`ravenry.rl.encoding` defines every observation field by what it reads from a seat's view
(``observe(seat)``): that is the specification, and the documentation. Building the view and
reading it back costs more per environment step than the engine actions the step covers, so
for ``catan`` and ``got-catan`` this module writes the very same numbers from the state's own
fields (mypyc compiles it with the rules cores; it runs as plain Python too). It reads exactly
what the view shows: the other seats' hands and development cards only as counts, the viewer's
own cards, public pieces and tokens. The RL tests check, at every step of random games, that it
gives the view encoder's vector and that a hidden-information twin gets the same one.

Output: the dynamic numbers (the static board fields are worked out once per board by the view
encoder) as lists — the counts in a fixed order of places, the places of the 1s, and the open
offer's counts — which :class:`ravenry.rl.encoding.Encoding` sets into a copy of a base vector:
the board's static fields and the pieces' 1s (:meth:`CatanStateEncoder.pieces`, rebuilt only
when a piece is placed). No numpy here: lists of native ints and floats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ravenry.core.protocol import Action, Decision
from ravenry.games.catan.data import GENERIC_HARBOR, N_DEV, N_RES
from ravenry.games.catan.rules import CatanState

N_PLAYER_NUMBERS: Final = 9  # resource and development counts ... discards owed (encoding.py)
N_HARBOR_KINDS: Final = 1 + N_RES
OFFER_RESPONSES: Final = 4  # pending, accepted, declined, countered (state.py's order)


class CatanStateEncoder:
    """The dynamic fields of a Catan-family observation (``catan_encoding``), from the state.

    ``starts``: each field's first index in the observation, by field name; ``phases``: the
    phase names of the ``phase`` one-hot, in order."""

    def __init__(self, starts: Mapping[str, int], n: int, n_hex: int, phases: Sequence[str]) -> None:
        self.n = n
        self.n_hex = n_hex
        self.phase_index: dict[str, int] = {name: i for i, name in enumerate(phases)}
        self.n_phases = len(phases)
        self.viewer = starts["viewer"]
        self.current = starts["current"]
        self.deciding = starts["deciding"]
        self.phase = starts["phase"]
        self.turn = starts["turn"]
        self.dice = starts["dice"]
        self.robber = starts["robber"]
        self.buildings = starts["buildings"]
        self.roads = starts["roads"]
        self.bank = starts["bank"]
        self.dev_deck = starts["dev_deck"]
        self.longest_road = starts["longest_road"]
        self.largest_army = starts["largest_army"]
        self.free_roads = starts["free_roads"]
        self.offers_left = starts["offers_left"]
        self.offer = starts["offer"]
        self.players = starts["players"]
        self.hand = starts["hand"]
        self.dev_cards = starts["dev_cards"]
        self.dev_cards_new = starts["dev_cards_new"]
        self.vp = starts["vp"]
        self.winners = starts["winners"]
        # The board's pieces as :meth:`pieces` last saw them, and their 1s: pieces change a few
        # dozen times a game, and comparing the lists (in C) costs far less than re-reading them.
        self._node_owner: list[int] = []
        self._node_level: list[int] = []
        self._edge_owner: list[int] = []
        self._pieces: list[int] = []
        # The phase one-hot's place by the state's phase number (``phase_name`` looks its name
        # up each call; a game's phase numbers keep their names).
        self._phase_places: dict[int, int] = {}

    def dense_places(self) -> list[int]:
        """Where the numbers of :meth:`encode`'s first list go, in its order."""
        out = [self.turn, self.dice, self.dice + 1]
        out += [self.bank + r for r in range(N_RES)]
        out += [self.dev_deck, self.free_roads, self.offers_left]
        width = N_PLAYER_NUMBERS + N_HARBOR_KINDS
        for p in range(self.n):
            out += [self.players + p * width + k for k in range(N_PLAYER_NUMBERS)]
        out += [self.hand + r for r in range(N_RES)]
        out += [self.dev_cards + k for k in range(N_DEV)]
        out += [self.dev_cards_new + k for k in range(N_DEV)]
        out.append(self.vp)
        return out

    def encode(
        self, s: CatanState, seat: int, decision: Decision
    ) -> tuple[list[float], list[int], list[int], list[float]]:
        """``seat``'s dynamic numbers now (``decision``: the state's current one, which the
        caller holds): the numbers of :meth:`dense_places` in order, the places of the other
        1s but the pieces' (one-hots, flags), and the places and values of the open offer's
        counts."""
        n = self.n
        dice = s.dice
        bank = s.bank
        dense: list[float] = [
            float(s.turn),
            0.0 if dice is None else float(dice[0]),
            0.0 if dice is None else float(dice[1]),
            float(bank[0]),
            float(bank[1]),
            float(bank[2]),
            float(bank[3]),
            float(bank[4]),
            float(len(s.dev_deck)),
            float(s.free_roads),
            float(s.rules.max_offers_per_turn - s.offers_this_turn),
        ]
        hands = s.hands
        dev_hands = s.dev_hands
        knights = s.knights_played
        public_vp = s.public_vp
        road_length = s.road_length
        roads_left = s.roads_left
        settlements_left = s.settlements_left
        cities_left = s.cities_left
        discards_owed = s.discards_owed
        for p in range(n):
            dense += [
                float(sum(hands[p])),
                float(sum(dev_hands[p])),
                float(knights[p]),
                float(public_vp[p]),
                float(road_length[p]),
                float(roads_left[p]),
                float(settlements_left[p]),
                float(cities_left[p]),
                float(discards_owed[p]),
            ]
        if 0 <= seat < n:  # the viewer's own cards (the view shows them to it alone)
            dense += [float(x) for x in s.hands[seat]]
            dense += [float(x) for x in s.dev_hands[seat]]
            dense += [float(x) for x in s.dev_bought_this_turn[seat]]
            dense.append(float(s.total_vp(seat)))
        else:
            dense += [0.0] * (N_RES + 2 * N_DEV + 1)
        ones: list[int] = []
        if 0 <= seat < n:
            ones.append(self.viewer + seat)
        current = s.current
        if 0 <= current < n:
            ones.append(self.current + current)
        for p in decision.players:
            if 0 <= p < n:
                ones.append(self.deciding + p)
        phase = self._phase_places.get(s.phase, -1)
        if phase < 0:  # a phase not met before: its name says its place
            phase = self._phase_places[s.phase] = self.phase + self.phase_index.get(
                s.phase_name(), self.n_phases
            )
        ones.append(phase)
        robber = s.robber
        ones.append(self.robber + (robber if 0 <= robber < self.n_hex else self.n_hex))
        holder = s.longest_road_holder
        ones.append(self.longest_road + (holder if 0 <= holder < n else n))
        holder = s.largest_army_holder
        ones.append(self.largest_army + (holder if 0 <= holder < n else n))
        width = N_PLAYER_NUMBERS + N_HARBOR_KINDS
        for p in range(n):
            at = self.players + p * width + N_PLAYER_NUMBERS
            for kind in s.harbors[p]:
                ones.append(at + (0 if kind == GENERIC_HARBOR else 1 + kind))
        result = decision.result
        if result is not None:
            for p in result.winners:
                if 0 <= p < n:
                    ones.append(self.winners + p)
        places: list[int] = []
        values: list[float] = []
        if s.offer is not None:
            self._offer(s, ones, places, values)
        return dense, ones, places, values

    def pieces(self, s: CatanState) -> list[int]:
        """The places of the buildings' and roads' 1s (the same for every seat; not in
        :meth:`encode`'s lists). The same list object as long as the board's pieces are the
        same, so that a caller may keep what it built from it."""
        if (
            s.node_owner == self._node_owner
            and s.node_level == self._node_level
            and s.edge_owner == self._edge_owner
        ):
            return self._pieces
        n = self.n
        two_n = 2 * n
        node_level = s.node_level
        at = self.buildings - 1
        out = [at + i * two_n + o * 2 + node_level[i] for i, o in enumerate(s.node_owner) if o >= 0]
        at = self.roads
        out += [at + i * n + o for i, o in enumerate(s.edge_owner) if o >= 0]
        self._node_owner = list(s.node_owner)
        self._node_level = list(node_level)
        self._edge_owner = list(s.edge_owner)
        self._pieces = out
        return out

    def _offer(self, s: CatanState, ones: list[int], places: list[int], values: list[float]) -> None:
        """The open offer's block (see ``catan_encoding``'s ``offer``)."""
        assert s.offer is not None
        n = self.n
        offerer, give, get = s.offer
        at = self.offer
        ones.append(at)
        if 0 <= offerer < n:
            ones.append(at + 1 + offerer)
        at += 1 + n
        for r in range(N_RES):
            _put(places, values, at + r, give[r])
            _put(places, values, at + N_RES + r, get[r])
        at += 2 * N_RES
        for q in range(n):
            if q != offerer:  # the view lists every other seat's answer
                ones.append(at + q * OFFER_RESPONSES + s.responses[q])
        at += n * OFFER_RESPONSES
        for q, (g, t) in s.counters.items():
            if not 0 <= q < n:
                continue
            base = at + q * 2 * N_RES
            for r in range(N_RES):
                _put(places, values, base + r, g[r])
                _put(places, values, base + N_RES + r, t[r])


def _put(places: list[int], values: list[float], place: int, value: int) -> None:
    if value:
        places.append(place)
        values.append(float(value))


def legal_indices(index: Mapping[Action, int], legal: Sequence[Action], skip: frozenset[str]) -> list[int]:
    """The catalogue indices of ``legal``, leaving out the action types in ``skip``; an action
    neither in the catalogue nor skipped raises :class:`KeyError` with the action."""
    out: list[int] = []
    for action in legal:
        i = index.get(action)
        if i is None:
            if action[0] in skip:
                continue
            raise KeyError(action)
        out.append(i)
    return out


def state_encoder_for(
    state: Any, starts: Mapping[str, int], n: int, n_hex: int, phases: Sequence[str]
) -> CatanStateEncoder | None:
    """A :class:`CatanStateEncoder` when ``state`` is a Catan state whose view adds nothing the
    encoding reads (``catan``, ``got-catan``), else None (the view encoder does the work)."""
    if isinstance(state, CatanState) and state.game.id in ("catan", "got-catan"):
        return CatanStateEncoder(starts, n, n_hex, phases)
    return None
