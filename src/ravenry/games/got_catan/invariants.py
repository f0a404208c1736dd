"""What must hold in every ``got-catan`` state on top of classic Catan's invariants.

:class:`GotCatanInvariants` adds the Gift to :class:`~ravenry.games.catan.invariants.CatanInvariants`
(which already allows Tormund's camp, hex -1, and counts the 23-card deck from the ruleset):

- the board is a Gift of 16 or 21 hexes with the right terrain and number tokens and no desert
  (``standard`` exactly as printed in ``gift.py``; red numbers never adjacent on ``random``);
- five 2:1 trade routes on the borderland, one per resource, and no 3:1 harbor; each player's
  trade routes and supply rates follow from their buildings (2:1 on a controlled route, else the
  ruleset's supply rate);
- Tormund waits in his camp until the first production roll.

The hidden information is classic Catan's, so ``scramble_hidden`` is Catan's.
"""

from __future__ import annotations

from collections import Counter

from ravenry.core.protocol import GameState
from ravenry.games.catan.boards import red_numbers_adjacent
from ravenry.games.catan.data import GENERIC_HARBOR, N_RES
from ravenry.games.catan.invariants import CatanInvariants, scramble_hidden
from ravenry.games.catan.rules import CatanState
from ravenry.games.got_catan.gift import (
    GIFT_3P,
    GIFT_4P,
    NUMBERS_3P,
    NUMBERS_4P,
    STANDARD_3P,
    STANDARD_4P,
    TERRAIN_POOL_3P,
    TERRAIN_POOL_4P,
)

__all__ = ["GotCatanInvariants", "scramble_hidden"]


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise AssertionError(message)


class GotCatanInvariants(CatanInvariants):
    """Callable: ``GotCatanInvariants()(state)`` raises AssertionError naming the broken rule."""

    def __init__(self) -> None:
        super().__init__()
        self._boards_seen: set[int] = set()  # ids of boards already checked (boards are shared)
        self._routes_memo: tuple[object, tuple[int, ...]] | None = None

    def __call__(self, state: GameState) -> None:
        super().__call__(state)
        assert isinstance(state, CatanState)
        self.check_gift(state)
        self.check_trade_routes(state)

    def check_gift(self, s: CatanState) -> None:
        """The board itself; checked once per board object."""
        board = s.board
        if id(board) in self._boards_seen:
            return
        three = s.n == 3
        coords = GIFT_3P if three else GIFT_4P
        layout = board.layout
        _require(board.topo.hex_coords == coords, f"Gift hexes {board.topo.hex_coords} for {s.n} players")
        pool = TERRAIN_POOL_3P if three else TERRAIN_POOL_4P
        _require(Counter(layout.terrain) == Counter(pool), f"Gift terrain {Counter(layout.terrain)}")
        _require(all(r >= 0 for r in board.hex_resource), "a hex of the Gift produces nothing (no desert)")
        numbers = NUMBERS_3P if three else NUMBERS_4P
        _require(Counter(layout.numbers) == Counter(numbers), f"Gift number tokens {layout.numbers}")
        if layout.name == "standard":
            standard = STANDARD_3P if three else STANDARD_4P
            _require(
                list(zip(layout.terrain, layout.numbers, strict=True)) == list(standard),
                "the standard layout differs from gift.py",
            )
        if layout.name == "random":
            _require(not red_numbers_adjacent(board.topo, layout.numbers), "red numbers on adjacent hexes")
        kinds = sorted(kind for _, kind in layout.harbors)
        _require(kinds == list(range(N_RES)), f"trade routes {kinds}: want one 2:1 route per resource")
        _require(GENERIC_HARBOR not in kinds, "a 3:1 harbor on the Gift")
        coast = set(board.topo.coast_edges)
        for edge, kind in layout.harbors:
            _require(edge in coast, f"trade route {kind} on path {edge}, not on the borderland")
        _require(layout.robber_start == -1, "Tormund must start in his camp")
        self._boards_seen.add(id(board))

    def check_robber(self, s: CatanState) -> None:
        super().check_robber(s)
        if s.turn == 0:
            _require(s.robber == -1, f"Tormund left his camp for hex {s.robber} during set-up")

    def check_trade_routes(self, s: CatanState) -> None:
        """Routes held follow from the buildings; rates are 2:1 on them, else the supply rate."""
        key = tuple(s.node_owner)
        memo = self._routes_memo
        if memo is not None and memo[0] is s.board and memo[1] == key:
            return
        bank_rate = s.rules.bank_trade_rate
        for p in range(s.n):
            held = {
                kind
                for n, o in enumerate(s.node_owner)
                if o == p and (kind := s.board.node_harbor[n]) is not None
            }
            _require(s.harbors[p] == held, f"player {p} holds routes {s.harbors[p]}, buildings give {held}")
            rates = s.player_rates(p)
            for r in range(N_RES):
                want = (2, bank_rate) if r in held else (bank_rate,)
                _require(rates[r] == want, f"player {p} trades resource {r} at {rates[r]}, want {want}")
        self._routes_memo = (s.board, key)
