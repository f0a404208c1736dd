"""The fast path of the Brotherhood of the Watch RL observation: read straight from the state,
compiled.

Brotherhood's observation is the Catan family's (written from the state by
:class:`ravenry.observations.catan_state.CatanStateEncoder`: its view of those fields is
Catan's) followed by Brotherhood's own fields (``_brotherhood_fields`` in
:mod:`ravenry.rl.encoding`, the specification): the Wall, the camps, clearings and Gift, the
wildling die and token pool, each seat's guards and tokens, the heroes. This module writes those
from the state's components (``watch``, ``north``, ``heroes``) as the view shows them: every one
public but the hand looked at with Mance Rayder and the three cards looked at with Melisandre,
which only the hero's user sees (during that hero's phase). The RL tests check, at every step
of random games, that it gives the view encoder's vector and that a hidden-information twin
gets the same one. No numpy here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ravenry.core.protocol import Decision
from ravenry.games.brotherhood.data import CLANS, SECTIONS, WILDLING_TYPES
from ravenry.games.brotherhood.heroes import HERO_IDS, HERO_MANCE, HERO_MELISANDRE
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.data import DEV_CARD_IDS, N_RES
from ravenry.games.catan.rules import CatanState
from ravenry.observations.catan_state import CatanStateEncoder, Extra

N_KINDS = len(WILDLING_TYPES)
N_HEROES = len(HERO_IDS)
N_DEV_IDS = len(DEV_CARD_IDS)
MELISANDRE_CARDS = 3  # the top three development cards she looks at


class BrotherhoodStateEncoder(CatanStateEncoder):
    """A Brotherhood observation (``catan_encoding`` with Brotherhood's fields) from the state:
    :meth:`encode` lists Brotherhood's numbers (the Catan family's bytes leave them at 0)."""

    def __init__(
        self, starts: Mapping[str, int], n: int, n_hex: int, phases: Sequence[str], size: int
    ) -> None:
        super().__init__(starts, n, n_hex, phases, size)
        self.n_hex_north = n_hex
        self.wall = starts["wall"]
        self.camps = starts["camps"]
        self.clearings = starts["clearings"]
        self.gift = starts["gift_wildlings"]
        self.breaches = starts["breaches"]
        self.wildling_die = starts["wildling_die"]
        self.token_pool = starts["token_pool"]
        self.brotherhood_players = starts["brotherhood_players"]
        self.heroes = starts["heroes"]
        self.hero_display = starts["hero_display"]
        self.mance_hand = starts["mance_hand"]
        self.melisandre_cards = starts["melisandre_cards"]

    def encode(self, s: CatanState, seat: int, decision: Decision, middle: bytes) -> tuple[bytes, Extra]:
        data, (ones, places, values) = super().encode(s, seat, decision, middle)
        assert isinstance(s, BrotherhoodState)
        n = self.n
        north = s.north
        watch = s.watch
        # The Wall: guards per section and seat (counts: a seat may hold several spaces).
        guards = [0] * (SECTIONS * n)
        for section, owners in enumerate(watch.sections[:SECTIONS]):
            for owner in owners:
                guards[section * n + owner] += 1
        for i, count in enumerate(guards):
            _put(places, values, self.wall + i, count)
        _tokens(places, values, self.camps, north.camps[: len(CLANS)])
        _tokens(places, values, self.clearings, north.clearings[:SECTIONS])
        _tokens(places, values, self.gift, north.gift[: self.n_hex_north])
        _put(places, values, self.breaches, north.breaches)
        _put(places, values, self.wildling_die, north.wildling_die)
        _put(places, values, self.token_pool, len(north.token_pool))
        at = self.brotherhood_players
        for p in range(n):
            _put(places, values, at, watch.guards_left[p])
            _put(places, values, at + 1, watch.guards_on_wall(p))
            _put(places, values, at + 2, len(north.settlement_tokens[p]) + len(north.keep_tokens[p]))
            at += 3
        heroes = s.heroes
        at = self.heroes
        for p in range(n):
            hero = heroes.hero[p]
            if 0 <= hero < N_HEROES:
                ones.append(at + hero)
            if heroes.hero_b_side[p]:
                ones.append(at + N_HEROES)
            if heroes.hero_ready(s, p):
                ones.append(at + N_HEROES + 1)
            at += N_HEROES + 2
        for hero in heroes.hero_display:
            ones.append(self.hero_display + hero)
        looking = seat == heroes.hero_actor
        if looking and s.phase == HERO_MANCE:  # the hand the hero's user looks at
            victim = heroes.hero_choice[0]
            hand = s.hands[victim]
            for r in range(N_RES):
                _put(places, values, self.mance_hand + r, hand[r])
        at = self.melisandre_cards
        shown = heroes.hero_choice[:MELISANDRE_CARDS] if looking and s.phase == HERO_MELISANDRE else []
        for card in shown:
            ones.append(at + (card if 0 <= card < N_DEV_IDS else N_DEV_IDS))
            at += N_DEV_IDS + 1
        for _ in range(MELISANDRE_CARDS - len(shown)):
            ones.append(at + N_DEV_IDS)  # no card: the "none" place
            at += N_DEV_IDS + 1
        return data, (ones, places, values)


def _tokens(places: list[int], values: list[float], at: int, lists: Sequence[Sequence[int]]) -> None:
    """Per list (a camp, a clearing, a hex of the Gift), how many wildlings of each type."""
    for tokens in lists:
        if tokens:
            for kind in range(N_KINDS):
                _put(places, values, at + kind, tokens.count(kind))
        at += N_KINDS


def _put(places: list[int], values: list[float], place: int, value: int) -> None:
    if value:
        places.append(place)
        values.append(float(value))


def brotherhood_encoder_for(
    state: object, starts: Mapping[str, int], n: int, n_hex: int, phases: Sequence[str], size: int
) -> BrotherhoodStateEncoder | None:
    """A :class:`BrotherhoodStateEncoder` when ``state`` is a Brotherhood state, else None."""
    if isinstance(state, BrotherhoodState):
        return BrotherhoodStateEncoder(starts, n, n_hex, phases, size)
    return None
