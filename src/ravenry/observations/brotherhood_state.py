"""The fast path of the Brotherhood of the Watch RL observation: read straight from the state,
compiled.

Brotherhood's observation is the Catan family's (written from the state by
:class:`ravenry.observations.catan_state.CatanStateEncoder`: its view of those fields is
Catan's) followed by Brotherhood's own fields (``_brotherhood_fields`` in
:mod:`ravenry.rl.encoding`, the specification): the Wall, the camps, clearings and Gift, the
wildling die and token pool, each seat's guards and tokens, the heroes. This module writes those
(as float32 bytes after Catan's, in the encoding's order: :meth:`BrotherhoodStateEncoder._variant_fields`)
from the state's components (``watch``, ``north``, ``heroes``) as the view shows them: every one
public but the hand looked at with Mance Rayder and the three cards looked at with Melisandre,
which only the hero's user sees (during that hero's phase). The RL tests check, at every step
of random games, that it gives the view encoder's vector and that a hidden-information twin
gets the same one. No numpy here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from librt.strings import BytesWriter, write_f32_le

from ravenry.games.brotherhood.data import CLANS, SECTIONS, WILDLING_TYPES
from ravenry.games.brotherhood.heroes import HERO_IDS, HERO_MANCE, HERO_MELISANDRE
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.data import DEV_CARD_IDS, N_RES
from ravenry.games.catan.rules import CatanState
from ravenry.observations.catan_state import CatanStateEncoder
from ravenry.observations.floats import f32_bytes, fields_end, flags_table, hot_table

N_KINDS = len(WILDLING_TYPES)
N_HEROES = len(HERO_IDS)
N_DEV_IDS = len(DEV_CARD_IDS)
MELISANDRE_CARDS = 3  # the top three development cards she looks at


class BrotherhoodStateEncoder(CatanStateEncoder):
    """A Brotherhood observation (``catan_encoding`` with Brotherhood's fields) from the state:
    the Catan family's fields, then Brotherhood's, written in the encoding's order."""

    def __init__(
        self, starts: Mapping[str, int], n: int, n_hex: int, phases: Sequence[str], size: int
    ) -> None:
        super().__init__(starts, n, n_hex, phases)
        self.n_hex_north = n_hex
        order = [
            ("wall", SECTIONS * n),
            ("camps", len(CLANS) * N_KINDS),
            ("clearings", SECTIONS * N_KINDS),
            ("gift_wildlings", n_hex * N_KINDS),
            ("breaches", 1),
            ("wildling_die", 1),
            ("token_pool", 1),
            ("brotherhood_players", 3 * n),
            ("heroes", n * (N_HEROES + 2)),
            ("hero_display", N_HEROES),
            ("mance_hand", N_RES),
            ("melisandre_cards", MELISANDRE_CARDS * (N_DEV_IDS + 1)),
        ]
        fields_end(starts, order, self.written, size)
        self._no_tokens = f32_bytes([0.0] * N_KINDS)
        self._hero_hot = hot_table(N_HEROES)  # entry N_HEROES: no hero
        self._side_and_ready = flags_table(2)
        self._no_hand = f32_bytes([0.0] * N_RES)
        self._card_hot = hot_table(N_DEV_IDS + 1)  # entry N_DEV_IDS: the "none" place's 1

    def _variant_fields(self, w: BytesWriter, s: CatanState, seat: int) -> None:
        assert isinstance(s, BrotherhoodState)
        n = self.n
        north = s.north
        watch = s.watch
        # The Wall: guards per section and seat (counts: a seat may hold several spaces).
        guards = [0] * (SECTIONS * n)
        for section, owners in enumerate(watch.sections[:SECTIONS]):
            for owner in owners:
                guards[section * n + owner] += 1
        for count in guards:
            write_f32_le(w, float(count))
        self._tokens(w, north.camps, len(CLANS))
        self._tokens(w, north.clearings, SECTIONS)
        self._tokens(w, north.gift, self.n_hex_north)
        write_f32_le(w, float(north.breaches))
        write_f32_le(w, float(north.wildling_die))
        write_f32_le(w, float(len(north.token_pool)))
        for p in range(n):
            write_f32_le(w, float(watch.guards_left[p]))
            write_f32_le(w, float(watch.guards_on_wall(p)))
            write_f32_le(w, float(len(north.settlement_tokens[p]) + len(north.keep_tokens[p])))
        heroes = s.heroes
        for p in range(n):
            hero = heroes.hero[p]
            w.write(self._hero_hot[hero if 0 <= hero < N_HEROES else N_HEROES])
            flags = (1 if heroes.hero_b_side[p] else 0) | (2 if heroes.hero_ready(s, p) else 0)
            w.write(self._side_and_ready[flags])
        displayed = 0
        for hero in heroes.hero_display:
            displayed |= 1 << hero
        for hero in range(N_HEROES):
            write_f32_le(w, float((displayed >> hero) & 1))
        looking = seat == heroes.hero_actor
        if looking and s.phase == HERO_MANCE:  # the hand the hero's user looks at
            for count in s.hands[heroes.hero_choice[0]]:
                write_f32_le(w, float(count))
        else:
            w.write(self._no_hand)
        shown = heroes.hero_choice[:MELISANDRE_CARDS] if looking and s.phase == HERO_MELISANDRE else []
        for card in shown:
            w.write(self._card_hot[card if 0 <= card < N_DEV_IDS else N_DEV_IDS])
        for _ in range(MELISANDRE_CARDS - len(shown)):
            w.write(self._card_hot[N_DEV_IDS])  # no card: the "none" place

    def _tokens(self, w: BytesWriter, lists: Sequence[Sequence[int]], count: int) -> None:
        """Per list of the first ``count`` (a camp, a clearing, a hex of the Gift; missing ones
        empty), how many wildlings of each type."""
        for i in range(count):
            tokens = lists[i] if i < len(lists) else []
            if tokens:
                for kind in range(N_KINDS):
                    write_f32_le(w, float(tokens.count(kind)))
            else:
                w.write(self._no_tokens)


def brotherhood_encoder_for(
    state: object, starts: Mapping[str, int], n: int, n_hex: int, phases: Sequence[str], size: int
) -> BrotherhoodStateEncoder | None:
    """A :class:`BrotherhoodStateEncoder` when ``state`` is a Brotherhood state, else None."""
    if isinstance(state, BrotherhoodState):
        return BrotherhoodStateEncoder(starts, n, n_hex, phases, size)
    return None
