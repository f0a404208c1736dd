"""A :class:`Board`: one layout on one topology, with the lookup tables production and trade use.

Built once per game and shared (never copied) between clones of a state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ravenry.games.catan.boards import BoardLayout
from ravenry.games.catan.data import TERRAIN_RESOURCE
from ravenry.games.catan.topology import Topology


@dataclass(frozen=True, eq=False)
class Board:
    topo: Topology
    layout: BoardLayout
    hex_resource: tuple[int, ...]  # resource index, or -1 for a hex that produces nothing
    # dice sum → hexes that produce on it
    hexes_by_number: tuple[tuple[int, ...], ...]
    # node → harbor kind (GENERIC_HARBOR, resource index) or None
    node_harbor: tuple[int | None, ...]
    # edges where no road may be built (between two ice fields)
    edge_buildable: tuple[bool, ...]
    # hexes the robber may stand on (land hexes; desert included)
    robber_hexes: tuple[int, ...]
    # JSON of the static board, built once for all views of every state on this board
    json_cache: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def build(cls, topo: Topology, layout: BoardLayout) -> Board:
        if len(layout.terrain) != topo.n_hexes:
            raise ValueError(
                f"layout {layout.name!r} has {len(layout.terrain)} hexes, board has {topo.n_hexes}"
            )
        hex_resource = tuple(
            -1 if TERRAIN_RESOURCE[t] is None else int(TERRAIN_RESOURCE[t] or 0) for t in layout.terrain
        )
        by_number: list[list[int]] = [[] for _ in range(13)]
        for h, nums in enumerate(layout.numbers):
            for n in nums:
                if hex_resource[h] >= 0:
                    by_number[n].append(h)
        node_harbor: list[int | None] = [None] * topo.n_nodes
        for edge, kind in layout.harbors:
            for n in topo.edge_nodes[edge]:
                node_harbor[n] = kind
        edge_buildable = tuple(
            not (len(hs) == 2 and all(layout.terrain[h] == "ice" for h in hs)) for hs in topo.edge_hexes
        )
        return cls(
            topo=topo,
            layout=layout,
            hex_resource=hex_resource,
            hexes_by_number=tuple(tuple(hs) for hs in by_number),
            node_harbor=tuple(node_harbor),
            edge_buildable=edge_buildable,
            robber_hexes=tuple(range(topo.n_hexes)),
        )
