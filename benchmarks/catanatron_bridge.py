"""The bridge between catanatron 3.2.1 and ravenry's Catan: boards, states and actions translated.

Runs only inside benchmarks/.venv-catanatron (catanatron pinned there, ravenry imported from this
worktree's ``src``; see ``catanatron_bridge_run.py``). Benchmark-only: ravenry never imports it.

- **Boards, once, by geometry.** catanatron names hexes by cube coordinates ``(x, y, z)``
  (pointy-top, ``z`` the row growing south); ravenry by doubled coordinates ``(2x + z, z)``.
  A tile's corners and sides carry the same compass names in both engines, so
  :func:`board_maps` reads catanatron's tiles once and maps every node id and edge (a pair of
  node ids) to ravenry's, checking as it goes that the maps are bijections and that the two
  engines agree on which nodes each edge joins and which hexes touch each node.
- **States.** :func:`ravenry_state` builds a ravenry ``CatanState`` from a catanatron game:
  with ``seat=None`` the whole truth (the differential test), with a seat only what that seat
  may know: its own hand and development cards, the board, the bank, every count that is
  public; the others' hands and the deck are filled in a fixed order from the cards the seat
  has not seen (the search bot redraws them anyway when it samples), so the result never
  depends on catanatron's hidden state.
- **Actions.** Both engines' actions are reduced to one common key (:func:`ravenry_key`,
  :func:`catanatron_key`): the differential test compares the sets, the match plays our choice
  as the catanatron action with the same key.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from catanatron.game import Game
from catanatron.models.enums import ActionPrompt, ActionType
from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS, CatanMap, EdgeRef, LandTile, NodeRef, Port

from ravenry.core.protocol import Action
from ravenry.core.registry import get_game
from ravenry.core.rng import Rng
from ravenry.games.catan.board import Board
from ravenry.games.catan.boards import BoardLayout, classic_topology
from ravenry.games.catan.data import (
    BRICK,
    GENERIC_HARBOR,
    GRAIN,
    KNIGHT,
    LUMBER,
    MONOPOLY,
    N_DEV,
    N_RES,
    ORE,
    ROAD_BUILDING,
    VICTORY_POINT,
    WOOL,
    YEAR_OF_PLENTY,
)
from ravenry.games.catan.game import CatanConfig
from ravenry.games.catan.rules import RESOLVED_SEVEN, CatanState
from ravenry.games.catan.scoring import longest_road, recount_vp
from ravenry.games.catan.state import (
    DISCARD,
    FREE_ROADS,
    MAIN,
    MOVE_ROBBER,
    OVER,
    PRE_ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
)

Coord3 = tuple[int, int, int]
Key = tuple[Any, ...]

# catanatron's resource names → ravenry's resource index, and back.
RESOURCE_INDEX = {"WOOD": LUMBER, "BRICK": BRICK, "SHEEP": WOOL, "WHEAT": GRAIN, "ORE": ORE}
RESOURCE_NAME = {r: name for name, r in RESOURCE_INDEX.items()}
TERRAIN = {"WOOD": "forest", "BRICK": "hills", "SHEEP": "pasture", "WHEAT": "fields", "ORE": "mountains"}
DEV_INDEX = {
    "KNIGHT": KNIGHT,
    "VICTORY_POINT": VICTORY_POINT,
    "ROAD_BUILDING": ROAD_BUILDING,
    "YEAR_OF_PLENTY": YEAR_OF_PLENTY,
    "MONOPOLY": MONOPOLY,
}
# The classic deck (catan-facts.md; catanatron's starting_devcard_bank holds the same).
DECK = {KNIGHT: 14, VICTORY_POINT: 5, ROAD_BUILDING: 2, YEAR_OF_PLENTY: 2, MONOPOLY: 2}
CORNER = {
    NodeRef.NORTH: "N",
    NodeRef.NORTHEAST: "NE",
    NodeRef.SOUTHEAST: "SE",
    NodeRef.SOUTH: "S",
    NodeRef.SOUTHWEST: "SW",
    NodeRef.NORTHWEST: "NW",
}
SIDE = {
    EdgeRef.EAST: "E",
    EdgeRef.SOUTHEAST: "SE",
    EdgeRef.SOUTHWEST: "SW",
    EdgeRef.WEST: "W",
    EdgeRef.NORTHWEST: "NW",
    EdgeRef.NORTHEAST: "NE",
}

GAME = get_game("catan")


def doubled(coord: Coord3) -> tuple[int, int]:
    """catanatron's cube coordinate as ravenry's doubled coordinate (same hex, same place)."""
    x, _, z = coord
    return (2 * x + z, z)


@dataclass(frozen=True)
class BoardMaps:
    """catanatron ids ↔ ravenry indices for hexes, nodes and edges (edges as sorted node pairs)."""

    hex_of: dict[Coord3, int]
    coord_of: tuple[Coord3, ...]
    node_of: tuple[int, ...]  # catanatron node id → ravenry node
    cnode_of: tuple[int, ...]  # ravenry node → catanatron node id
    edge_of: dict[tuple[int, int], int]  # sorted catanatron edge → ravenry edge
    cedge_of: tuple[tuple[int, int], ...]  # ravenry edge → sorted catanatron edge


def board_maps(catan_map: CatanMap) -> BoardMaps:
    """The maps for catanatron's base board, checked to be bijections that agree on adjacency."""
    topo = classic_topology()
    index = {c: i for i, c in enumerate(topo.hex_coords)}
    hex_of: dict[Coord3, int] = {}
    node_of: dict[int, int] = {}
    edge_of: dict[tuple[int, int], int] = {}
    for coord, tile in catan_map.land_tiles.items():
        h = index[doubled(coord)]
        hex_of[coord] = h
        for ref, nid in tile.nodes.items():
            rn = topo.node_at(h, CORNER[ref])
            if node_of.setdefault(nid, rn) != rn:
                raise AssertionError(f"catanatron node {nid} is two ravenry nodes")
        for ref, (a, b) in tile.edges.items():
            re = topo.edge_at(h, SIDE[ref])
            if edge_of.setdefault((min(a, b), max(a, b)), re) != re:
                raise AssertionError(f"catanatron edge {(a, b)} is two ravenry edges")
    if len(hex_of) != topo.n_hexes or sorted(hex_of.values()) != list(range(topo.n_hexes)):
        raise AssertionError("the hex map is not a bijection")
    if sorted(node_of) != list(range(topo.n_nodes)) or sorted(node_of.values()) != list(range(topo.n_nodes)):
        raise AssertionError("the node map is not a bijection")
    if len(edge_of) != topo.n_edges or sorted(edge_of.values()) != list(range(topo.n_edges)):
        raise AssertionError("the edge map is not a bijection")
    for (a, b), re in edge_of.items():
        if tuple(sorted((node_of[a], node_of[b]))) != topo.edge_nodes[re]:
            raise AssertionError(f"catanatron edge {(a, b)} joins other nodes than ravenry edge {re}")
    for nid, tiles in catan_map.adjacent_tiles.items():
        if sorted(hex_of[_coord_of_tile(catan_map, t)] for t in tiles) != list(topo.node_hexes[node_of[nid]]):
            raise AssertionError(f"catanatron node {nid} touches other hexes than ravenry's")
    coord_of = [(0, 0, 0)] * topo.n_hexes
    for coord, h in hex_of.items():
        coord_of[h] = coord
    cnode_of = [0] * topo.n_nodes
    for nid, rn in node_of.items():
        cnode_of[rn] = nid
    cedge_of = [(0, 0)] * topo.n_edges
    for pair, re in edge_of.items():
        cedge_of[re] = pair
    return BoardMaps(
        hex_of=hex_of,
        coord_of=tuple(coord_of),
        node_of=tuple(node_of[i] for i in range(topo.n_nodes)),
        cnode_of=tuple(cnode_of),
        edge_of=edge_of,
        cedge_of=tuple(cedge_of),
    )


def _coord_of_tile(catan_map: CatanMap, tile: LandTile) -> Coord3:
    for coord, t in catan_map.land_tiles.items():
        if t is tile:
            return coord
    raise KeyError(tile)


_MAPS: BoardMaps | None = None
# Boards by catanatron map (a game's map is shared by all its copies); kept small.
_BOARDS: dict[int, tuple[CatanMap, Board]] = {}


def maps_for(catan_map: CatanMap) -> BoardMaps:
    """The maps, built once; every later board must number its nodes and edges the same way."""
    global _MAPS
    if _MAPS is None:
        _MAPS = board_maps(catan_map)
    return _MAPS


def layout_of(catan_map: CatanMap, maps: BoardMaps) -> BoardLayout:
    """catanatron's board as a ravenry layout: terrain, numbers, its harbors, robber on the desert."""
    topo = classic_topology()
    terrain = ["desert"] * topo.n_hexes
    numbers: list[tuple[int, ...]] = [()] * topo.n_hexes
    for coord, tile in catan_map.land_tiles.items():
        h = maps.hex_of[coord]
        if tile.resource is not None:
            terrain[h] = TERRAIN[tile.resource]
            numbers[h] = (tile.number,)
    harbors: list[tuple[int, int]] = []
    for tile in catan_map.tiles.values():
        if isinstance(tile, Port):
            a_ref, b_ref = PORT_DIRECTION_TO_NODEREFS[tile.direction]
            a, b = maps.node_of[tile.nodes[a_ref]], maps.node_of[tile.nodes[b_ref]]
            edge = topo.edge_between(a, b)
            if edge not in topo.coast_edges:
                raise AssertionError(f"catanatron port {tile.id} is not on a coastal path")
            kind = GENERIC_HARBOR if tile.resource is None else RESOURCE_INDEX[tile.resource]
            harbors.append((edge, kind))
    desert = terrain.index("desert")
    return BoardLayout("catanatron", tuple(terrain), tuple(numbers), tuple(sorted(harbors)), desert)


def board_for(catan_map: CatanMap) -> Board:
    found = _BOARDS.get(id(catan_map))
    if found is not None and found[0] is catan_map:
        return found[1]
    if len(_BOARDS) > 8:
        _BOARDS.clear()
    board = Board.build(classic_topology(), layout_of(catan_map, maps_for(catan_map)))
    _BOARDS[id(catan_map)] = (catan_map, board)
    return board


# -- states ------------------------------------------------------------------------------------------
def _hand(ps: dict[str, Any], key: str) -> list[int]:
    hand = [0] * N_RES
    for name, r in RESOURCE_INDEX.items():
        hand[r] = ps[f"{key}_{name}_IN_HAND"]
    return hand


def _devs(ps: dict[str, Any], key: str) -> list[int]:
    devs = [0] * N_DEV
    for name, k in DEV_INDEX.items():
        devs[k] = ps[f"{key}_{name}_IN_HAND"]
    return devs


def _turn_actions(game: Game) -> list[Any]:
    """The actions of the current turn (after the last END_TURN, or of the set-up)."""
    actions = game.state.actions
    for i in range(len(actions) - 1, -1, -1):
        if actions[i].action_type == ActionType.END_TURN:
            return list(actions[i + 1 :])
    return list(actions)


def ravenry_state(game: Game, seat: int | None = None) -> CatanState:
    """A ravenry state of ``game`` now: the whole truth (``seat=None``) or only what ``seat`` may
    know, the unseen cards dealt in a fixed order (see the module's docstring)."""
    cs = game.state
    n = len(cs.colors)
    ps = cs.player_state
    board = board_for(cs.board.map)
    maps = maps_for(cs.board.map)
    # Two seats are allowed here (catanatron's 1v1); ravenry's own games are for 3-4.
    config = CatanConfig(players=n, seed=0, board="random", max_offers_per_turn=0)
    s = CatanState(GAME, config, board, GAME.rules_for(config), Rng(0))
    seat_of = cs.color_to_index

    # Pieces, and the pieces left, counted from the board.
    for nid, (color, kind) in cs.board.buildings.items():
        rn = maps.node_of[nid]
        p = seat_of[color]
        s.node_owner[rn] = p
        s.node_level[rn] = 2 if kind == "CITY" else 1
    for edge, color in cs.board.roads.items():
        s.edge_owner[maps.edge_of[(min(edge), max(edge))]] = seat_of[color]
    for p in range(n):
        s.settlements_left[p] = s.rules.max_settlements - sum(
            1 for o, lv in zip(s.node_owner, s.node_level, strict=True) if o == p and lv == 1
        )
        s.cities_left[p] = s.rules.max_cities - sum(
            1 for o, lv in zip(s.node_owner, s.node_level, strict=True) if o == p and lv == 2
        )
        s.roads_left[p] = s.rules.max_roads - s.edge_owner.count(p)
    s.robber = maps.hex_of[cs.board.robber_coordinate]

    # Resources: the bank is public; so is how many cards each player holds.
    for name, r in RESOURCE_INDEX.items():
        s.bank[r] = cs.resource_freqdeck[("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE").index(name)]
    true_hands = [_hand(ps, f"P{p}") for p in range(n)]
    if seat is None:
        s.hands = true_hands
    else:
        s.hands = _dealt_hands(s, seat, true_hands)

    # Development cards: played ones are public, the seat's own hand is its own.
    played = [0] * N_DEV
    for p in range(n):
        s.knights_played[p] = ps[f"P{p}_PLAYED_KNIGHT"]
        for name, k in DEV_INDEX.items():
            played[k] += ps[f"P{p}_PLAYED_{name}"]
    true_devs = [_devs(ps, f"P{p}") for p in range(n)]
    current = cs.current_turn_index
    bought = Counter(
        DEV_INDEX[a.value]
        for a in _turn_actions(game)
        if a.action_type == ActionType.BUY_DEVELOPMENT_CARD and seat_of[a.color] == current
    )
    if seat is None:
        s.dev_hands = true_devs
        s.dev_deck = [DEV_INDEX[c] for c in cs.development_listdeck]  # the top is the last, as ours
        for k, count in bought.items():
            s.dev_bought_this_turn[current][k] = min(count, true_devs[current][k])
    else:
        _deal_dev_cards(s, seat, true_devs, played, current, sum(bought.values()), bought)

    # Special cards: who holds them is public (catanatron's own verdict); lengths are ours.
    for p in range(n):
        if ps[f"P{p}_HAS_ROAD"]:
            s.longest_road_holder = p
        if ps[f"P{p}_HAS_ARMY"]:
            s.largest_army_holder = p
    s.road_length = [longest_road(board.topo, s.edge_owner, s.node_owner, p) for p in range(n)]
    s.public_vp = [recount_vp(s, p) for p in range(n)]

    # The turn.
    s.first_player = 0  # catanatron's seat 0 places first and starts
    s.dev_played = bool(ps[f"P{current}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"])
    s.current = current
    if cs.is_initial_build_phase:
        s.turn = 0
        s.setup_index = len(cs.actions)
        if cs.current_prompt == ActionPrompt.BUILD_INITIAL_ROAD:
            s.phase = SETUP_ROAD
            s.setup_node = maps.node_of[cs.buildings_by_color[cs.colors[current]]["SETTLEMENT"][-1]]
        else:
            s.phase = SETUP_SETTLEMENT
    else:
        s.setup_index = 4 * n
        s.turn = 1 + sum(1 for a in cs.actions if a.action_type == ActionType.END_TURN)
        rolls = [a.value for a in _turn_actions(game) if a.action_type == ActionType.ROLL]
        rolled = bool(ps[f"P{current}_HAS_ROLLED"])
        s.dice = (rolls[-1][0], rolls[-1][1]) if rolled and rolls else None
        prompt = cs.current_prompt
        if prompt == ActionPrompt.DISCARD:
            s.phase = DISCARD
            s.resume_phase = RESOLVED_SEVEN
            # catanatron asks the discarders one after another, in seat order from the roller's
            # seat 0 upward; those before the one asked now have discarded already.
            for q in range(cs.current_player_index, n):
                total = sum(true_hands[q])
                if total > cs.discard_limit:
                    s.discards_owed[q] = total // 2
        elif prompt == ActionPrompt.MOVE_ROBBER:
            s.phase = MOVE_ROBBER
            last = cs.actions[-1].action_type if cs.actions else None
            if not rolled:
                s.resume_phase = PRE_ROLL
            elif last == ActionType.PLAY_KNIGHT_CARD:
                s.resume_phase = MAIN
            else:
                s.resume_phase = RESOLVED_SEVEN
        elif cs.is_road_building:
            s.phase = FREE_ROADS
            s.free_roads = cs.free_roads_available
            s.resume_phase = MAIN
        elif not rolled:
            s.phase = PRE_ROLL
        else:
            s.phase = MAIN
    # Whether someone has won reads hidden victory point cards: only the whole truth asks (a
    # seat is only asked to decide while the game runs).
    winner = game.winning_color() if seat is None else None
    if winner is not None:
        s.phase = OVER
        s.winner = seat_of[winner]
        s.end_reason = "catanatron"
    s.history = []
    s.rebuild_caches()
    s.forget_legal_actions()
    return s


def _dealt_hands(s: CatanState, seat: int, true_hands: list[list[int]]) -> list[list[int]]:
    """The seat's own hand; the others' hands of their true sizes dealt, in seat order, from the
    resources the seat cannot see (19 - bank - own hand, per kind), lowest kind first."""
    pool: list[int] = []
    for r in range(N_RES):
        pool += [r] * (s.rules.bank_per_resource - s.bank[r] - true_hands[seat][r])
    hands = []
    for q, hand in enumerate(true_hands):
        if q == seat:
            hands.append(list(hand))
            continue
        dealt = [0] * N_RES
        for _ in range(sum(hand)):
            dealt[pool.pop(0)] += 1
        hands.append(dealt)
    if pool:
        raise AssertionError("the public resource counts do not add up")
    return hands


def _deal_dev_cards(
    s: CatanState,
    seat: int,
    true_devs: list[list[int]],
    played: list[int],
    current: int,
    bought_count: int,
    bought: Counter[int],
) -> None:
    """The seat's own cards; the others' cards (their true counts) and the deck dealt, lowest
    kind first, from the classic deck less the seat's cards and every card played."""
    unseen = [DECK.get(k, 0) - true_devs[seat][k] - played[k] for k in range(N_DEV)]
    pool = [k for k in range(N_DEV) for _ in range(unseen[k])]
    for q in range(s.n):
        if q == seat:
            s.dev_hands[q] = list(true_devs[q])
            if q == current:
                for k, count in bought.items():
                    s.dev_bought_this_turn[q][k] = min(count, true_devs[q][k])
            continue
        hand = [0] * N_DEV
        new = [0] * N_DEV
        size = sum(true_devs[q])
        fresh = min(bought_count, size) if q == current else 0
        for i in range(size):
            k = pool.pop(0)
            hand[k] += 1
            if i < fresh:
                new[k] += 1
        s.dev_hands[q] = hand
        s.dev_bought_this_turn[q] = new
    s.dev_deck = pool


# -- actions -------------------------------------------------------------------------------------------
def ravenry_key(state: CatanState, action: Action) -> Key:
    """A ravenry action as the key both engines share."""
    kind = action[0]
    if kind in ("place_settlement", "build_settlement"):
        return ("settlement", action[1])
    if kind in ("place_road", "build_road", "place_free_road"):
        return ("road", action[1])
    if kind == "build_city":
        return ("city", action[1])
    if kind == "play_year_of_plenty":
        return ("year_of_plenty", tuple(sorted(r for r in action[1:] if r >= 0)))
    if kind == "play_monopoly":
        return ("monopoly", action[1])
    if kind == "move_robber":
        return ("robber", action[1], action[2])
    if kind == "maritime_trade":
        return ("maritime", action[1], action[2], action[3])
    if kind == "discard":
        return ("discard",)  # catanatron discards for the player, at random
    simple = {
        "roll": "roll",
        "end_turn": "end_turn",
        "buy_dev": "buy_dev",
        "play_knight": "knight",
        "play_road_building": "road_building",
        "end_road_building": "end_road_building",
    }
    return (simple.get(kind, kind),)


def catanatron_key(game: Game, action: Any) -> Key:
    """A catanatron action as the key both engines share."""
    maps = maps_for(game.state.board.map)
    t, v = action.action_type, action.value
    if t == ActionType.BUILD_SETTLEMENT:
        return ("settlement", maps.node_of[v])
    if t == ActionType.BUILD_ROAD:
        return ("road", maps.edge_of[(min(v), max(v))])
    if t == ActionType.BUILD_CITY:
        return ("city", maps.node_of[v])
    if t == ActionType.PLAY_YEAR_OF_PLENTY:
        return ("year_of_plenty", tuple(sorted(RESOURCE_INDEX[r] for r in v)))
    if t == ActionType.PLAY_MONOPOLY:
        return ("monopoly", RESOURCE_INDEX[v])
    if t == ActionType.MOVE_ROBBER:
        coord, color = v[0], v[1]
        return ("robber", maps.hex_of[coord], -1 if color is None else game.state.color_to_index[color])
    if t == ActionType.MARITIME_TRADE:
        given = [r for r in v[:-1] if r is not None]
        return ("maritime", RESOURCE_INDEX[given[0]], len(given), RESOURCE_INDEX[v[-1]])
    simple = {
        ActionType.ROLL: "roll",
        ActionType.END_TURN: "end_turn",
        ActionType.BUY_DEVELOPMENT_CARD: "buy_dev",
        ActionType.PLAY_KNIGHT_CARD: "knight",
        ActionType.PLAY_ROAD_BUILDING: "road_building",
        ActionType.DISCARD: "discard",
    }
    return (simple[t],)


def catanatron_scores(game: Game) -> list[int]:
    ps = game.state.player_state
    return [ps[f"P{p}_ACTUAL_VICTORY_POINTS"] for p in range(len(game.state.colors))]


def scramble_hidden(game: Game, seat: int, rng: Any) -> None:
    """Change what ``seat`` cannot see, in place, keeping everything it can: the others' resource
    cards are dealt anew among them (each keeps its hand size; the bank and the seat's own hand
    stay) and their unplayed development cards are shuffled with the deck (each keeps its count).
    For the no-peeking test: a bot that only sees its seat must choose the same after this."""
    cs = game.state
    ps = cs.player_state
    n = len(cs.colors)
    others = [q for q in range(n) if q != seat]
    names = ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")
    cards = [r for q in others for r in names for _ in range(ps[f"P{q}_{r}_IN_HAND"])]
    sizes = {q: sum(ps[f"P{q}_{r}_IN_HAND"] for r in names) for q in others}
    rng.shuffle(cards)
    for q in others:
        for r in names:
            ps[f"P{q}_{r}_IN_HAND"] = 0
        for _ in range(sizes[q]):
            ps[f"P{q}_{cards.pop()}_IN_HAND"] += 1
    devs = list(DEV_INDEX)
    pool = list(cs.development_listdeck)
    dev_sizes = {q: sum(ps[f"P{q}_{d}_IN_HAND"] for d in devs) for q in others}
    for q in others:
        for d in devs:
            pool += [d] * ps[f"P{q}_{d}_IN_HAND"]
            ps[f"P{q}_{d}_IN_HAND"] = 0
    rng.shuffle(pool)
    for q in others:
        for _ in range(dev_sizes[q]):
            ps[f"P{q}_{pool.pop()}_IN_HAND"] += 1
        vp = ps[f"P{q}_VICTORY_POINT_IN_HAND"]
        ps[f"P{q}_ACTUAL_VICTORY_POINTS"] = ps[f"P{q}_VICTORY_POINTS"] + vp
    cs.development_listdeck = pool


def check_maps(catan_map: CatanMap) -> dict[str, int]:
    """The maps' checks (bijections, edge ends, node hexes: :func:`board_maps` raises on any
    failure) and, beyond them, that both engines give every node the same neighbours."""
    from catanatron.models.board import STATIC_GRAPH

    maps = board_maps(catan_map)
    topo = classic_topology()
    for nid in range(topo.n_nodes):
        theirs = sorted(maps.node_of[m] for m in STATIC_GRAPH.neighbors(nid) if m in catan_map.land_nodes)
        if theirs != list(topo.node_neighbors[maps.node_of[nid]]):
            raise AssertionError(f"catanatron node {nid} has other neighbours than ravenry's")
    return {"hexes": len(maps.hex_of), "nodes": len(maps.node_of), "edges": len(maps.edge_of)}
