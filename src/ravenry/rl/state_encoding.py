"""The fast path of the RL observations and masks: read straight from a game state, compiled.

:mod:`ravenry.rl.encoding` defines every observation field by what it reads from a seat's view
(``observe(seat)``): that is the specification, and the documentation. Building the view and
reading it back costs more per environment step than the engine actions the step covers, so
for ``catan`` and ``got-catan`` this module writes the very same numbers from the state's own
fields (mypyc compiles it with the rules cores; it runs as plain Python too). It reads exactly
what the view shows: the other seats' hands and development cards only as counts, the viewer's
own cards, public pieces and tokens. The RL tests check, at every step of random games, that it
gives the view encoder's vector and that a hidden-information twin gets the same one.

Output: the places and values of the nonzero dynamic numbers (the static board fields are
worked out once per board by the view encoder), which :class:`ravenry.rl.encoding.Encoding`
sets into a copy of its per-board base vector. No numpy here: lists of native ints and floats.
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

    def nonzero(self, s: CatanState, seat: int, decision: Decision) -> tuple[list[int], list[float]]:
        """The places and values of ``seat``'s nonzero dynamic numbers now (``decision``: the
        state's current one, which the caller holds)."""
        n = self.n
        places: list[int] = []
        values: list[float] = []
        if 0 <= seat < n:
            places.append(self.viewer + seat)
            values.append(1.0)
        current = s.current
        if 0 <= current < n:
            places.append(self.current + current)
            values.append(1.0)
        for p in decision.players:
            if 0 <= p < n:
                places.append(self.deciding + p)
                values.append(1.0)
        places.append(self.phase + self.phase_index.get(s.phase_name(), self.n_phases))
        values.append(1.0)
        _put(places, values, self.turn, s.turn)
        dice = s.dice
        if dice is not None:
            _put(places, values, self.dice, dice[0])
            _put(places, values, self.dice + 1, dice[1])
        robber = s.robber
        places.append(self.robber + (robber if 0 <= robber < self.n_hex else self.n_hex))
        values.append(1.0)
        two_n = 2 * n
        node_level = s.node_level
        for node, owner in enumerate(s.node_owner):
            if owner >= 0:
                places.append(self.buildings + node * two_n + owner * 2 + node_level[node] - 1)
                values.append(1.0)
        for edge, owner in enumerate(s.edge_owner):
            if owner >= 0:
                places.append(self.roads + edge * n + owner)
                values.append(1.0)
        bank = s.bank
        for r in range(N_RES):
            _put(places, values, self.bank + r, bank[r])
        _put(places, values, self.dev_deck, len(s.dev_deck))
        holder = s.longest_road_holder
        places.append(self.longest_road + (holder if 0 <= holder < n else n))
        values.append(1.0)
        holder = s.largest_army_holder
        places.append(self.largest_army + (holder if 0 <= holder < n else n))
        values.append(1.0)
        _put(places, values, self.free_roads, s.free_roads)
        _put(places, values, self.offers_left, s.rules.max_offers_per_turn - s.offers_this_turn)
        if s.offer is not None:
            self._offer(s, places, values)
        width = N_PLAYER_NUMBERS + N_HARBOR_KINDS
        for p in range(n):
            at = self.players + p * width
            _put(places, values, at, sum(s.hands[p]))
            _put(places, values, at + 1, sum(s.dev_hands[p]))
            _put(places, values, at + 2, s.knights_played[p])
            _put(places, values, at + 3, s.public_vp[p])
            _put(places, values, at + 4, s.road_length[p])
            _put(places, values, at + 5, s.roads_left[p])
            _put(places, values, at + 6, s.settlements_left[p])
            _put(places, values, at + 7, s.cities_left[p])
            _put(places, values, at + 8, s.discards_owed[p])
            for kind in s.harbors[p]:
                places.append(at + N_PLAYER_NUMBERS + (0 if kind == GENERIC_HARBOR else 1 + kind))
                values.append(1.0)
        if 0 <= seat < n:  # the viewer's own cards (the view shows them to it alone)
            hand = s.hands[seat]
            for r in range(N_RES):
                _put(places, values, self.hand + r, hand[r])
            dev = s.dev_hands[seat]
            new = s.dev_bought_this_turn[seat]
            for k in range(N_DEV):
                _put(places, values, self.dev_cards + k, dev[k])
                _put(places, values, self.dev_cards_new + k, new[k])
            _put(places, values, self.vp, s.total_vp(seat))
        result = decision.result
        if result is not None:
            for p in result.winners:
                if 0 <= p < n:
                    places.append(self.winners + p)
                    values.append(1.0)
        return places, values

    def _offer(self, s: CatanState, places: list[int], values: list[float]) -> None:
        """The open offer's block (see ``catan_encoding``'s ``offer``)."""
        assert s.offer is not None
        n = self.n
        offerer, give, get = s.offer
        at = self.offer
        places.append(at)
        values.append(1.0)
        if 0 <= offerer < n:
            places.append(at + 1 + offerer)
            values.append(1.0)
        at += 1 + n
        for r in range(N_RES):
            _put(places, values, at + r, give[r])
            _put(places, values, at + N_RES + r, get[r])
        at += 2 * N_RES
        for q in range(n):
            if q != offerer:  # the view lists every other seat's answer
                places.append(at + q * OFFER_RESPONSES + s.responses[q])
                values.append(1.0)
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


def state_encoder_for(state: Any, starts: Mapping[str, int], n: int, n_hex: int, phases: Sequence[str]) -> Any:
    """A :class:`CatanStateEncoder` when ``state`` is a Catan state whose view adds nothing the
    encoding reads (``catan``, ``got-catan``), else None (the view encoder does the work)."""
    if isinstance(state, CatanState) and state.game.id in ("catan", "got-catan"):
        return CatanStateEncoder(starts, n, n_hex, phases)
    return None
