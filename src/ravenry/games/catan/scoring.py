"""Longest road: the longest trail of one player's roads, not passing an opponent's building.

Victory points are kept incrementally by the rules (``public_vp``); :func:`recount_vp` recounts
them from the pieces for conformance tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ravenry.games.catan.topology import Topology

if TYPE_CHECKING:
    from ravenry.games.catan.state import CatanData


def longest_road(topo: Topology, edge_owner: list[int], node_owner: list[int], p: int) -> int:
    """Length of ``p``'s longest simple trail (no path used twice; forks don't add up)."""
    # adj[node]: (bit of the path, node at its other end) for each of p's paths at node
    adj: list[list[tuple[int, int]]] = [_NO_PATHS] * topo.n_nodes
    touched: list[int] = []
    bit = 0
    edge_nodes = topo.edge_nodes
    for e, o in enumerate(edge_owner):
        if o == p:
            a, b = edge_nodes[e]
            mask = 1 << bit
            for here, there in ((a, b), (b, a)):
                if not adj[here]:
                    adj[here] = []
                    touched.append(here)
                adj[here].append((mask, there))
            bit += 1
    best = 0
    for start in touched:
        length = _longest_trail_from(adj, node_owner, p, start, 0, 0)
        if length > best:
            best = length
    return best


_NO_PATHS: Final[list[tuple[int, int]]] = []  # shared placeholder, never appended to


def _longest_trail_from(
    adj: list[list[tuple[int, int]]], node_owner: list[int], p: int, node: int, used: int, length: int
) -> int:
    """The longest trail that continues from ``node`` with the ``used`` paths (a bit mask) spent."""
    if length and node_owner[node] >= 0 and node_owner[node] != p:
        return length  # an opponent's building cuts the road here
    best = length
    for mask, other in adj[node]:
        if not used & mask:
            found = _longest_trail_from(adj, node_owner, p, other, used | mask, length + 1)
            if found > best:
                best = found
    return best


def recount_vp(state: CatanData, p: int) -> int:
    """Public victory points of ``p`` recounted from the board and special cards."""
    vp = 0
    for owner, level in zip(state.node_owner, state.node_level, strict=True):
        if owner == p:
            vp += level
    if state.longest_road_holder == p:
        vp += state.rules.longest_road_vp
    if state.largest_army_holder == p:
        vp += state.rules.largest_army_vp
    return vp
