"""Position builders for scenario tests on the Gift: ``got-catan`` and ``brotherhood``.

:class:`GiftPosition` adds to the Catan :class:`~ravenry.games.catan.scenario.Position` a way to
name hexes by their place on the Gift and to re-tile a hex (an example that needs a "hills 6"
or two ice fields gets one). :class:`BrotherhoodPosition` adds the lands north of the Wall::

    pos = BrotherhoodPosition(players=4)
    pos.guards(2, RED, BLUE)                     # wall section 3 (0-based 2): red on space 1
    pos.camp("cave people", "regular", "giant")  # camp 1 first
    pos.clearing(2, "regular", "regular")
    pos.token_pool(wildling_token("cave people", "giant"))  # the next token drawn
    pos.turn(RED, "pre_roll")
    state = pos.state
    rig_dice(state, 2, 3, 5)                     # production 5, wildling die 5

Wildling tokens are conserved: tokens a test names are taken from the 57, every other slot
(under the settlements and keeps left on each building cost card, the rest of the pool) is
filled from the remaining tokens in the game's own shuffled order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ravenry.games.brotherhood.data import (
    CLANS,
    GUARDS_PER_PLAYER,
    SECTIONS,
    SPACES_PER_SECTION,
    TOKENS_PER_KEEP,
    WILDLING_TYPES,
    all_tokens,
    token,
)
from ravenry.games.brotherhood.heroes import HERO_IDS
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.board import Board
from ravenry.games.catan.scenario import Position, rig_dice

__all__ = ["BrotherhoodPosition", "GiftPosition", "clan_index", "rig_dice", "wildling_kind", "wildling_token"]


def clan_index(clan: str | int) -> int:
    """A clan by (part of) its name, case-insensitive: "ice river", "cave people", "hornfoot"."""
    if isinstance(clan, int):
        return clan
    matches = [c for c, name in enumerate(CLANS) if clan.lower() in name.lower()]
    if len(matches) != 1:
        raise ValueError(f"no single clan is called {clan!r}")
    return matches[0]


def wildling_kind(kind: str | int) -> int:
    """A wildling type by name: "regular", "climber" or "giant"."""
    return kind if isinstance(kind, int) else WILDLING_TYPES.index(kind)


def wildling_token(clan: str | int, kind: str | int) -> int:
    """The token id of a clan and wildling type, e.g. ``wildling_token("cave people", "giant")``."""
    return token(clan_index(clan), wildling_kind(kind))


class GiftPosition(Position):
    """A position on the Gift; works for ``got-catan`` and ``brotherhood``."""

    def hex_at(self, x: int, y: int) -> int:
        """A hex by its doubled coordinate: row ``y`` from the Wall (0) south, ``x`` along it."""
        return self._state.board.topo.hex_coords.index((x, y))

    def retile(self, h: int, terrain: str, *numbers: int) -> GiftPosition:
        """Give hex ``h`` another terrain and number token(s) (none for ice fields)."""
        s = self._state
        layout = s.board.layout
        terrain_row = list(layout.terrain)
        number_row = list(layout.numbers)
        terrain_row[h] = terrain
        number_row[h] = tuple(numbers)
        new_layout = replace(layout, terrain=tuple(terrain_row), numbers=tuple(number_row))
        s.board = Board.build(s.board.topo, new_layout)
        return self


class BrotherhoodPosition(GiftPosition):
    """A ``brotherhood`` position: the Wall, the wildlings, the tokens and the heroes by name.

    Sections, clearings and clans are 0-based (section 0 is the rulebook's wall section 1, the
    westernmost). Starting heroes are dealt as if seat 0 were player 1."""

    def __init__(self, players: int = 4, seed: int = 0, **options: Any) -> None:
        super().__init__("brotherhood", players=players, seed=seed, **options)
        s = self._bh
        s.heroes.deal_starting_heroes(s.n, s.first_player)
        self._settlement_tokens: dict[int, list[int]] = {}
        self._keep_tokens: dict[int, list[int]] = {}
        self._pool_top: list[int] = []
        self._pool_only = False
        self._used: list[int] = []

    @property
    def _bh(self) -> BrotherhoodState:
        assert isinstance(self._state, BrotherhoodState)
        return self._state

    # -- the Wall -------------------------------------------------------------------------------
    def guards(self, section: int, *owners: int) -> BrotherhoodPosition:
        """The guards on one wall section, space 1 (the oldest) first."""
        if len(owners) > SPACES_PER_SECTION:
            raise ValueError(f"a wall section has {SPACES_PER_SECTION} spaces")
        self._bh.watch.sections[section] = list(owners)
        return self

    def breaches(self, count: int) -> BrotherhoodPosition:
        self._bh.north.breaches = count
        return self

    # -- wildlings ------------------------------------------------------------------------------
    def camp(self, clan: str | int, *kinds: str | int) -> BrotherhoodPosition:
        """The wildlings in a clan area, camp 1 (hottest fire, next to advance) first."""
        self._bh.north.camps[clan_index(clan)] = [wildling_kind(k) for k in kinds]
        return self

    def clearing(self, clearing: int, *kinds: str | int) -> BrotherhoodPosition:
        self._bh.north.clearings[clearing] = [wildling_kind(k) for k in kinds]
        return self

    def gift_wildlings(self, h: int, *kinds: str | int) -> BrotherhoodPosition:
        """Wildlings standing on (blocking) a hex of the Gift."""
        self._bh.north.gift[h] = [wildling_kind(k) for k in kinds]
        return self

    # -- wildling tokens --------------------------------------------------------------------------
    def token_pool(self, *tokens: int, only: bool = False) -> BrotherhoodPosition:
        """The next tokens drawn from the pool, first drawn first. ``only``: the pool holds just
        these; every other token lies face up beside the board (used)."""
        self._pool_top = list(tokens)
        self._pool_only = only
        return self

    def settlement_tokens(self, p: int, *tokens: int) -> BrotherhoodPosition:
        """Tokens under the settlements on ``p``'s building cost card, first revealed first."""
        self._settlement_tokens[p] = list(tokens)
        return self

    def keep_tokens(self, p: int, *tokens: int) -> BrotherhoodPosition:
        """Tokens under the keeps on ``p``'s card, first revealed first (two per keep built)."""
        self._keep_tokens[p] = list(tokens)
        return self

    def used_tokens(self, *tokens: int) -> BrotherhoodPosition:
        """Tokens lying face up beside the board."""
        self._used = list(tokens)
        return self

    # -- heroes -----------------------------------------------------------------------------------
    def hero(self, p: int, hero_id: str, b_side: bool = False) -> BrotherhoodPosition:
        """Give seat ``p`` a hero by id ("tarly", "yoren", ...); its old hero goes to the display."""
        heroes = self._bh.heroes
        h = HERO_IDS.index(hero_id)
        holder = heroes.hero.index(h) if h in heroes.hero else -1
        if holder >= 0 and holder != p:
            raise ValueError(f"seat {holder} already has {hero_id}")
        if heroes.hero[p] >= 0 and heroes.hero[p] != h:
            heroes.hero_display.append(heroes.hero[p])
        if h in heroes.hero_display:
            heroes.hero_display.remove(h)
        heroes.hero_display.sort()
        heroes.hero[p] = h
        heroes.hero_b_side[p] = int(b_side)
        return self

    # -- the finished state -------------------------------------------------------------------------
    @property
    def state(self) -> BrotherhoodState:
        s = self._bh
        watch, north = s.watch, s.north
        watch.guards_left = [
            GUARDS_PER_PLAYER - sum(o == p for sec in watch.sections for o in sec) for p in range(s.n)
        ]
        if any(left < 0 for left in watch.guards_left):
            raise ValueError(f"a player has only {GUARDS_PER_PLAYER} guards")
        self._deal_tokens(s)
        north.wildlings_created = north.wildlings_north() + north.wildlings_in_gift()
        north.wildlings_returned = 0
        state = super().state  # recounts VP, the guards' VP tokens included
        assert isinstance(state, BrotherhoodState) and len(state.watch.sections) == SECTIONS
        return state

    def _deal_tokens(self, s: BrotherhoodState) -> None:
        rest = _shuffled_order(s)
        named = (
            self._pool_top
            + self._used
            + [t for ts in self._settlement_tokens.values() for t in ts]
            + [t for ts in self._keep_tokens.values() for t in ts]
        )
        for t in named:
            if t not in rest:
                raise ValueError(f"wildling token {t} is named more often than the game has it")
            rest.remove(t)

        def slots(named_first: list[int], count: int) -> list[int]:
            if len(named_first) > count:
                raise ValueError(f"{len(named_first)} tokens named for {count} places")
            fillers = [rest.pop() for _ in range(count - len(named_first))]
            return fillers + named_first[::-1]  # the last element is revealed first

        north = s.north
        north.settlement_tokens = [
            slots(self._settlement_tokens.get(p, []), s.settlements_left[p]) for p in range(s.n)
        ]
        north.keep_tokens = [
            slots(self._keep_tokens.get(p, []), TOKENS_PER_KEEP * s.cities_left[p]) for p in range(s.n)
        ]
        if self._pool_only:
            north.token_pool = self._pool_top[::-1]
            north.tokens_used = self._used + rest
        else:
            north.token_pool = rest + self._pool_top[::-1]
            north.tokens_used = list(self._used)


def _shuffled_order(s: BrotherhoodState) -> list[int]:
    """All 57 tokens, in the order the game dealt them (so fillers stay random-looking)."""
    north = s.north
    dealt = list(north.token_pool) + [t for ts in north.settlement_tokens for t in ts]
    dealt += [t for ts in north.keep_tokens for t in ts] + list(north.tokens_used)
    assert sorted(dealt) == sorted(all_tokens())
    return dealt
