"""Building: roads, settlements, cities and the piece limits (rulebook "3. Build" and the FAQ)."""

from __future__ import annotations

from ravenry.games.catan.data import GRAIN
from ravenry.games.catan.scenario import Position, rig_dice

SETTLEMENT_CARDS = {"brick": 1, "lumber": 1, "grain": 1, "wool": 1}


def west_field() -> tuple[Position, int]:
    """Player 0's settlement on the north corner of fields 9, with a road down to its east corner."""
    pos = Position("catan", players=4)
    fields9 = pos.hex("fields", 9)
    pos.settlement(0, pos.node(fields9, "N")).road_path(0, [pos.node(fields9, "N"), pos.node(fields9, "NE")])
    return pos, fields9


def test_road_must_connect_to_own_road_or_building(refused, one_event) -> None:
    """Rulebook: "A new road must always connect to 1 of your existing roads, settlements, or cities"."""
    pos, fields9 = west_field()
    pos.hand(0, brick=2, lumber=2)
    state = pos.state
    north, north_east = pos.node(fields9, "N"), pos.node(fields9, "NE")
    topo = state.board.topo
    touching = {e for n in (north, north_east) for e in topo.node_edges[n] if state.edge_owner[e] < 0}
    assert {a[1] for a in state.legal_actions(0) if a[0] == "build_road"} == touching
    far = pos.edge(pos.hex("pasture", 11), "SE")
    refused(state, 0, ("build_road", far), "connected")
    edge = pos.edge(fields9, "E")  # from the east corner further south-east
    events = state.apply(0, ("build_road", edge))
    assert one_event(events, "built").data == {"player": 0, "piece": "road", "edge": edge}
    assert state.edge_owner[edge] == 0
    assert state.hands[0] == [1, 1, 0, 0, 0]  # "Road — Requires: Brick & Lumber"
    assert state.roads_left[0] == 15 - 2


def test_road_needs_brick_and_lumber(refused) -> None:
    """Rulebook: "To build, you must pay specific combinations of resource cards" — a road is brick
    and lumber."""
    pos, fields9 = west_field()
    pos.hand(0, brick=1, grain=3)
    state = pos.state
    assert not any(a[0] == "build_road" for a in state.legal_actions(0))
    refused(state, 0, ("build_road", pos.edge(fields9, "E")), "resources")


def test_road_not_through_an_opponents_settlement(refused) -> None:
    """Rulebook: "Your longest road ... may not run through an opponent's settlement" — nor may a new road be
    built onward from an intersection an opponent has settled."""
    pos, fields9 = west_field()
    fields_se = pos.node(fields9, "SE")
    forest11 = pos.hex("forest", 11)
    pos.road_path(0, [pos.node(fields9, "NE"), fields_se])
    pos.settlement(1, fields_se).road(1, pos.edge(forest11, "SW"))  # player 1 settled the corner
    pos.hand(0, brick=3, lumber=3)
    state = pos.state
    legal = {a[1] for a in state.legal_actions(0) if a[0] == "build_road"}
    beyond = pos.edge(fields9, "SE")  # continues from the settled corner toward the coast
    assert beyond not in legal
    refused(state, 0, ("build_road", beyond), "connected")


def test_only_one_road_per_path(refused) -> None:
    """Rulebook: "Only 1 road can be built on any given path (i.e., the edge of a terrain hex)"."""
    pos, fields9 = west_field()
    north = pos.node(fields9, "N")
    west = pos.node(fields9, "NW")
    pos.settlement(1, pos.node(fields9, "SW")).road_path(1, [pos.node(fields9, "SW"), west, north])
    pos.hand(0, brick=1, lumber=1)
    state = pos.state
    taken = pos.edge(fields9, "NW")
    assert state.edge_owner[taken] == 1
    refused(state, 0, ("build_road", taken), "taken")


def test_settlement_distance_rule_even_own_settlements(refused) -> None:
    """Rulebook: "You may only build a settlement at an intersection if all of the adjacent intersections are
    vacant (i.e., none are occupied by any settlements or cities—even yours)"."""
    pos, fields9 = west_field()
    east, south_east, south = (pos.node(fields9, c) for c in ("NE", "SE", "S"))
    pos.road_path(0, [east, south_east, south])
    pos.hand(0, brick=2, lumber=2, grain=2, wool=2)
    state = pos.state
    refused(state, 0, ("build_settlement", east), "distance rule")  # next to player 0's own
    assert {a[1] for a in state.legal_actions(0) if a[0] == "build_settlement"} == {south_east, south}
    state.apply(0, ("build_settlement", south_east))
    assert state.public_vp[0] == 2
    assert state.hands[0] == [1, 1, 0, 1, 1]  # "Settlement — Requires: Brick, Lumber, Wool, & Grain"
    # Now the south corner is next to the new settlement: refused for the same reason.
    refused(state, 0, ("build_settlement", south), "distance rule")


def test_settlement_distance_rule_against_an_opponents_city(refused) -> None:
    """Rulebook: "none are occupied by any settlements or cities" — an opponent's city blocks its
    neighbours."""
    pos, fields9 = west_field()
    forest8 = pos.hex("forest", 8)
    pos.road_path(0, [pos.node(fields9, "NE"), pos.node(fields9, "SE"), pos.node(forest8, "NE")])
    pos.city(2, pos.node(forest8, "SE"))  # next to forest 8's north-east corner
    pos.hand(0, **SETTLEMENT_CARDS)
    state = pos.state
    refused(state, 0, ("build_settlement", pos.node(forest8, "NE")), "distance rule")


def test_settlement_must_connect_to_own_road(refused) -> None:
    """Rulebook: "Each of your settlements must connect to at least 1 of your own roads"."""
    pos, _ = west_field()
    pasture11 = pos.hex("pasture", 11)
    pos.settlement(1, pos.node(pasture11, "N"))
    pos.road_path(1, [pos.node(pasture11, c) for c in ("N", "NE", "SE")])
    pos.hand(0, **SETTLEMENT_CARDS)
    state = pos.state
    lonely = pos.node(pos.hex("mountains", 8), "N")  # free, far from every road
    refused(state, 0, ("build_settlement", lonely), "connected", "road")
    at_opponents_road = pos.node(pasture11, "SE")  # reached by player 1's road only
    refused(state, 0, ("build_settlement", at_opponents_road), "road")


def test_city_only_by_upgrading_own_settlement_returns_the_settlement(refused, one_event) -> None:
    """Rulebook: "You may only establish a city by upgrading one of your settlements ... put the settlement
    (house) piece back in your supply and replace it with a city piece"."""
    pos, fields9 = west_field()
    home = pos.node(fields9, "N")
    hills5 = pos.hex("hills", 5)
    pos.settlement(1, pos.node(hills5, "N")).road(1, pos.edge(hills5, "NW"))
    pos.city(1, pos.node(hills5, "SE")).road(1, pos.edge(hills5, "E"))
    pos.hand(0, ore=6, grain=4)
    state = pos.state
    assert [a for a in state.legal_actions(0) if a[0] == "build_city"] == [("build_city", home)]
    refused(state, 0, ("build_city", pos.node(hills5, "N")), "your own settlements")  # opponent's
    refused(state, 0, ("build_city", pos.node(fields9, "SE")), "your own settlements")  # empty
    assert (state.settlements_left[0], state.cities_left[0], state.public_vp[0]) == (4, 4, 1)
    events = state.apply(0, ("build_city", home))
    assert one_event(events, "built").data == {"player": 0, "piece": "city", "node": home}
    assert state.node_level[home] == 2
    assert (state.settlements_left[0], state.cities_left[0], state.public_vp[0]) == (5, 3, 2)
    assert state.hands[0] == [0, 0, 3, 2, 0]  # "City — Requires: 3 Ore & 2 Grain"
    refused(state, 0, ("build_city", home), "your own settlements")  # already a city


def test_city_produces_two_cards() -> None:
    """Rulebook: "you receive 2 resource cards for each city you have adjacent to that terrain hex"."""
    pos, fields9 = west_field()
    pos.hand(0, ore=3, grain=2).turn(0, "main")
    state = pos.state
    state.apply(0, ("build_city", pos.node(fields9, "N")))
    state.apply(0, ("end_turn",))
    rig_dice(state, 4, 5)
    state.apply(1, ("roll",))
    assert state.hands[0][GRAIN] == 2


def test_settling_all_five_settlements_then_upgrade_before_a_sixth(refused) -> None:
    """FAQ: "What happens if I have built all 5 of my settlements? ... you must upgrade 1 of your
    settlements to a city before you can build another settlement"."""
    pos = Position("catan", players=4)
    fields12, mountains10, hills6 = pos.hex("fields", 12), pos.hex("mountains", 10), pos.hex("hills", 6)
    forest9, hills10 = pos.hex("forest", 9), pos.hex("hills", 10)
    # A road along the south edge of the top row, a settlement on every other intersection.
    trail = [pos.node(fields12, "NW"), pos.node(mountains10, "SW"), pos.node(mountains10, "S")]
    trail += [pos.node(mountains10, "SE"), pos.node(hills6, "NE"), pos.node(forest9, "SW")]
    trail += [pos.node(forest9, "S"), pos.node(forest9, "SE"), pos.node(hills10, "NE")]
    pos.road_path(0, trail).settlement(0, *trail[::2])
    sixth_spot = pos.node(fields12, "S")
    pos.road_path(0, [trail[2], pos.node(fields12, "SE"), sixth_spot])
    pos.hand(0, brick=1, lumber=1, grain=3, wool=1, ore=3)
    state = pos.state
    assert state.settlements_left[0] == 0
    assert not any(a[0] == "build_settlement" for a in state.legal_actions(0))
    refused(state, 0, ("build_settlement", sixth_spot), "no settlements left", "upgrade")
    state.apply(0, ("build_city", trail[0]))
    assert state.settlements_left[0] == 1
    assert ("build_settlement", sixth_spot) in state.legal_actions(0)
    state.apply(0, ("build_settlement", sixth_spot))
    assert state.settlements_left[0] == 0
    assert state.longest_road_holder == 0  # the 8-road trail
    assert state.public_vp[0] == 2 + 5 + 2  # the city, five settlements and Longest Road
    assert state.hands[0] == [0, 0, 0, 0, 0]


def test_no_more_than_fifteen_roads(refused) -> None:
    """Rulebook: "You cannot build more pieces than what is available in your pool—a maximum of ...
    15 roads"."""
    pos = Position("catan", players=4)
    mountains10 = pos.hex("mountains", 10)
    pos.settlement(0, pos.node(mountains10, "NW"))
    # A 15-road trail from mountains 10 zig-zagging east along the first row boundary and back
    # west along the second (intersection numbers, north to south, west to east).
    trail = [3, 7, 12, 8, 13, 9, 14, 10, 15, 20, 25, 19, 24, 18, 23, 17]
    assert trail[0] == pos.node(mountains10, "NW")
    pos.road_path(0, trail).hand(0, brick=1, lumber=1)
    state = pos.state
    assert state.roads_left[0] == 0
    assert not any(a[0] == "build_road" for a in state.legal_actions(0))
    free = pos.edge(pos.hex("fields", 12), "NW")
    refused(state, 0, ("build_road", free), "no roads left")


def test_no_more_than_four_cities(refused) -> None:
    """Rulebook: "a maximum of 5 settlements, 4 cities, or 15 roads"."""
    pos = Position("catan", players=4)
    corners = [pos.node(pos.hex("fields", 6), c) for c in ("N", "SW", "SE")]
    corners.append(pos.node(pos.hex("mountains", 10), "N"))
    pos.city(0, *corners)
    spare = pos.node(pos.hex("forest", 9), "NE")
    pos.settlement(0, spare).road(0, pos.edge(pos.hex("forest", 9), "NE"))
    pos.hand(0, ore=3, grain=2)
    state = pos.state
    assert state.cities_left[0] == 0
    assert not any(a[0] == "build_city" for a in state.legal_actions(0))
    refused(state, 0, ("build_city", spare), "no cities left")


def test_building_on_the_coast(one_event) -> None:
    """FAQ: "You can build a road along a coast. You can build settlements and upgrade settlements to
    cities on coastal intersections"."""
    pos = Position("catan", players=4)
    mountains10 = pos.hex("mountains", 10)
    top, north_west, south_west = (pos.node(mountains10, c) for c in ("N", "NW", "SW"))
    pos.settlement(0, top).road_path(0, [top, north_west])
    pos.hand(0, brick=2, lumber=2, grain=3, wool=1, ore=3)
    state = pos.state
    coast = pos.edge(mountains10, "W")
    assert len(state.board.topo.edge_hexes[coast]) == 1  # the sea on one side
    state.apply(0, ("build_road", coast))
    assert len(state.board.topo.node_hexes[south_west]) == 2
    state.apply(0, ("build_settlement", south_west))
    state.apply(0, ("build_city", south_west))
    assert state.node_level[south_west] == 2
    assert state.hands[0] == [0, 0, 0, 0, 0]
