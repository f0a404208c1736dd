"""Longest road: the longest trail of one player's roads, not passing an opponent's building.

Victory points are kept incrementally by the rules (``public_vp``); :func:`recount_vp` recounts
them from the pieces for conformance tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ravenry.games.catan.topology import Topology

if TYPE_CHECKING:
    from ravenry.games.catan.state import CatanData


def longest_road(topo: Topology, edge_owner: list[int], node_owner: list[int], p: int) -> int:
    """Length of ``p``'s longest simple trail (no path used twice; forks don't add up)."""
    adj: dict[int, list[tuple[int, int]]] = {}
    bit = 0
    edge_nodes = topo.edge_nodes
    for e, o in enumerate(edge_owner):
        if o == p:
            a, b = edge_nodes[e]
            mask = 1 << bit
            adj.setdefault(a, []).append((mask, b))
            adj.setdefault(b, []).append((mask, a))
            bit += 1
    best = 0
    for start in adj:
        length = _longest_trail_from(adj, node_owner, p, start, 0, 0)
        if length > best:
            best = length
    return best


def _longest_trail_from(
    adj: dict[int, list[tuple[int, int]]], node_owner: list[int], p: int, node: int, used: int, length: int
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
