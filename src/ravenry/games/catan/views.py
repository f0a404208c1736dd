"""What each seat (or a spectator) may see of a Catan state: JSON-ready, with secrets removed.

Hidden: other players' hands (only counts), everyone's unplayed development cards (only
counts; your own are shown to you), the deck order and the RNG state.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, cast

from ravenry.core.protocol import JSON, Action, copy_json
from ravenry.games.catan.data import (
    CITY_COST,
    DEV_CARD_COST,
    DEV_CARD_IDS,
    GENERIC_HARBOR,
    N_DEV,
    PIPS,
    RESOURCES,
    ROAD_COST,
    SETTLEMENT_COST,
    TERRAIN_RESOURCE,
    VICTORY_POINT,
    named_counts,
)
from ravenry.games.catan.state import OVER, CatanData

# The numbers of a view's player entry that every seat sees, in the order the RL encoding and the
# learned evaluators read them.
PUBLIC_PLAYER_NUMBERS = (
    "resource_count",
    "dev_card_count",
    "knights_played",
    "visible_vp",
    "longest_road",
    "roads_left",
    "settlements_left",
    "cities_left",
    "discards_owed",
)


def board_json(state: CatanData) -> dict[str, Any]:
    """The static board: hexes with coordinates, terrain and numbers; harbors; node/edge geometry.
    Built once per board, handed out as a new copy each call (callers may change theirs)."""
    cached = state.board.json_cache.get("board")
    if cached is None:
        cached = state.board.json_cache["board"] = _build_board_json(state)
    return _copy_board(cached)


def _copy_board(board: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of what :func:`_build_board_json` makes, four times faster than a generic
    one (every observation carries the board)."""
    return {
        "layout": board["layout"],
        "hexes": [{**h, "coord": h["coord"][:], "numbers": h["numbers"][:]} for h in board["hexes"]],
        "nodes": [xy[:] for xy in board["nodes"]],
        "edges": [e[:] for e in board["edges"]],
        "harbors": [{**h, "nodes": h["nodes"][:]} for h in board["harbors"]],
    }


def _build_board_json(state: CatanData) -> dict[str, Any]:
    topo = state.board.topo
    layout = state.board.layout
    return {
        "layout": layout.name,
        "hexes": [
            {
                "id": h,
                "coord": list(topo.hex_coords[h]),
                "terrain": layout.terrain[h],
                "numbers": list(layout.numbers[h]),
            }
            for h in range(topo.n_hexes)
        ],
        "nodes": [[round(x, 4), round(y, 4)] for x, y in topo.node_xy],
        "edges": [list(e) for e in topo.edge_nodes],
        "harbors": [
            {
                "edge": e,
                "nodes": list(topo.edge_nodes[e]),
                "kind": "3:1" if k == GENERIC_HARBOR else RESOURCES[k],
            }
            for e, k in layout.harbors
        ],
    }


def rules_json(state: CatanData) -> dict[str, Any]:
    """The facts of the rules the page prints, static for a game (sent with the board, so the
    browser keeps no copy of them): the resources in the order hands list them, the building
    costs, the development cards' names, the resource each terrain yields, the ways to roll each
    number token's number with two dice (its pips), the hand size above which a 7 takes half.
    A variant adds its own with :meth:`CatanGame.extend_static` (Brotherhood: the guard's cost,
    the heroes, the lands north of the Wall). New JSON each call."""
    rules = state.rules
    facts: dict[str, Any] = {
        "resources": list(RESOURCES),
        "costs": {
            "road": named_counts(ROAD_COST),
            "settlement": named_counts(SETTLEMENT_COST),
            "city": named_counts(CITY_COST),
            "dev": named_counts(DEV_CARD_COST),
        },
        "dev_cards": dict(zip(DEV_CARD_IDS, rules.dev_card_names, strict=True)),
        "terrain_resources": {
            terrain: None if r is None else RESOURCES[r] for terrain, r in TERRAIN_RESOURCE.items()
        },
        "number_pips": {str(n): ways for n, ways in PIPS.items()},
        "discard_limit": rules.discard_limit,
    }
    # The game's hook (CatanGame.extend_static), named by a Protocol: game.py imports the rules,
    # which import this module, so importing CatanGame here would close a circle.
    cast("_ExtendsStatic", state.game).extend_static(facts)
    return facts


class _ExtendsStatic(Protocol):
    def extend_static(self, facts: dict[str, Any]) -> None: ...


class _Rules(Protocol):
    """What a view asks of the rules (``CatanState``, which imports this module: named by this
    Protocol so that no import, not even one for the checker, points back up)."""

    def total_vp(self, p: int) -> int: ...
    def phase_name(self) -> str: ...
    def iter_buildings(self) -> Iterator[tuple[int, int, int]]: ...
    def undoable(self) -> Action | None: ...
    def extend_view(self, view: dict[str, JSON], viewer: int | None) -> None: ...


def _named(counts: list[int]) -> dict[str, int]:
    return {RESOURCES[r]: n for r, n in enumerate(counts)}


def observe(state: CatanData, viewer: int | None, static: bool = True) -> dict[str, Any]:
    """``viewer``'s view; the static part, the board (:func:`board_json`) with the rules' facts
    (:func:`rules_json`), only when ``static``."""
    asked = cast("_Rules", state)
    rules = state.rules
    decision = state.decision()
    over = decision.result is not None
    players = []
    for p in range(state.n):
        mine = viewer == p
        info: dict[str, Any] = {
            "seat": p,
            "resource_count": sum(state.hands[p]),
            "dev_card_count": sum(state.dev_hands[p]),
            "knights_played": state.knights_played[p],
            "visible_vp": state.public_vp[p],
            "longest_road": state.road_length[p],
            "roads_left": state.roads_left[p],
            "settlements_left": state.settlements_left[p],
            "cities_left": state.cities_left[p],
            "discards_owed": state.discards_owed[p],
            "harbors": sorted("3:1" if k == GENERIC_HARBOR else RESOURCES[k] for k in state.harbors[p]),
        }
        if mine:
            info["hand"] = _named(state.hands[p])
            info["dev_cards"] = {
                DEV_CARD_IDS[k]: state.dev_hands[p][k] for k in range(N_DEV) if state.dev_hands[p][k]
            }
            info["dev_cards_new"] = {
                DEV_CARD_IDS[k]: state.dev_bought_this_turn[p][k]
                for k in range(N_DEV)
                if state.dev_bought_this_turn[p][k]
            }
            info["vp"] = asked.total_vp(p)
        if over:
            info["victory_point_cards"] = state.dev_hands[p][VICTORY_POINT]
            info["vp"] = asked.total_vp(p)
        players.append(info)
    offer = None
    if state.offer is not None:
        o, give, get = state.offer
        offer = {
            "player": o,
            "give": {RESOURCES[r]: n for r, n in enumerate(give) if n},
            "get": {RESOURCES[r]: n for r, n in enumerate(get) if n},
            "responses": {
                str(q): ("pending", "accepted", "declined", "countered")[state.responses[q]]
                for q in range(state.n)
                if q != o
            },
            "counters": {
                str(q): {
                    "give": {RESOURCES[r]: n for r, n in enumerate(g) if n},
                    "get": {RESOURCES[r]: n for r, n in enumerate(t) if n},
                }
                for q, (g, t) in sorted(state.counters.items())
            },
        }
    view: dict[str, Any] = {
        "game": state.game.id,
        "viewer": viewer,
        "n_players": state.n,
        **({"board": {**board_json(state), **rules_json(state)}} if static else {}),
        "names": {"city": rules.city_name, "robber": rules.robber_name, "army": rules.army_name},
        "phase": asked.phase_name(),
        "decision": decision.to_json(),
        "turn": state.turn,
        "first_player": state.first_player,
        "starting_rolls": copy_json(state.starting_rolls),
        "current": state.current,
        "dice": None if state.dice is None else list(state.dice),
        "robber": None if state.robber < 0 else state.robber,
        "buildings": [[node, owner, level] for node, owner, level in asked.iter_buildings()],
        "roads": [[e, o] for e, o in enumerate(state.edge_owner) if o >= 0],
        "bank": _named(state.bank),
        "dev_deck_size": len(state.dev_deck),
        "longest_road_holder": None if state.longest_road_holder < 0 else state.longest_road_holder,
        "largest_army_holder": None if state.largest_army_holder < 0 else state.largest_army_holder,
        "free_roads": state.free_roads,
        "offer": offer,
        "offers_left": rules.max_offers_per_turn - state.offers_this_turn,
        "players": players,
        "result": None if decision.result is None else decision.result.to_json(),
    }
    if state.undo_stack is not None:
        # The undo option: what the current player may take back now (public: everyone saw it).
        undoable = asked.undoable()
        view["undoable"] = None if undoable is None else state.game.action_to_json(undoable)
    asked.extend_view(view, viewer)
    return view


def chapter(state: CatanData) -> str | tuple[str, int | None]:
    """The part of a Catan-family game a state is in, for a replay's jumps: the set-up, a turn
    (counted from the first roll) with the seat whose turn it is, or the end."""
    if state.phase == OVER:
        return "The end"
    return "Set-up" if state.turn == 0 else (f"Turn {state.turn}", state.current)
