"""Building in the base game: roads (blocked by a foreign settlement, never between two ice
fields), the distance rule, settlements, keeps, the piece limits, and the Longest Road examples
with their special case.

Roads are laid along the Gift's zig-zag lines of intersections (west to east); each line is named
by the row of hexes north of it. Intersections are topology indices; the comments say where they are.
"""

from __future__ import annotations

from ravenry.games.brotherhood.scenario import GiftPosition, rig_dice

RED, BLUE, BLACK, YELLOW = 0, 1, 2, 3

# The zig-zag lines of intersections across the 4-player Gift, west to east.
WALL_LINE = (4, 0, 5, 1, 6, 2, 7, 3, 8)  # the Wall's borderland, north of row 0
LINE_0_1 = (14, 9, 15, 10, 16, 11, 17, 12, 18, 13, 19)  # between hex rows 0 and 1
LINE_1_2 = (26, 20, 27, 21, 28, 22, 29, 23, 30, 24, 31, 25, 32)
LINE_2_3 = (40, 33, 41, 34, 42, 35, 43, 36, 44, 37, 45, 38, 46)
SOUTH_LINE = (47, 54, 48, 55, 49, 56, 50, 57, 51, 58, 52, 59, 53)  # the southern borderland


def road_money(pos: GiftPosition, p: int, roads: int = 1) -> GiftPosition:
    return pos.hand(p, brick=roads, lumber=roads)


def test_road_build_example_yellows_settlement_blocks_blue(refused) -> None:
    """ "Blue may build a road on the paths marked in green. Blue cannot build on the path marked in
    red, for yellow's settlement blocks the way.\""""
    pos = GiftPosition("got-catan")
    pos.settlement(BLUE, 21).road_path(BLUE, [21, 28, 22])
    pos.settlement(YELLOW, 22)  # at the end of Blue's road
    road_money(pos, BLUE).turn(BLUE, "main")
    state = pos.state
    edge = pos.edge_between
    green = {edge(21, 15), edge(21, 27), edge(28, 35)}
    assert set(state.road_frontier(BLUE)) == green
    for red in (edge(22, 29), edge(22, 16)):
        refused(state, BLUE, ("build_road", red), "not connected")
    state.apply(BLUE, ("build_road", edge(28, 35)))
    assert state.edge_owner[edge(28, 35)] == BLUE


def test_reference_road_example_no_road_between_two_ice_fields(refused) -> None:
    """ "He may build his road on any of the paths outlined in green. ... He cannot build on the path
    outlined in red because it is blocked by Blue's settlement. He cannot build on the path outlined
    in purple because building on a path between 2 ice fields is not allowed." Our standard Gift has
    no ice fields; two western hexes are re-tiled as ice fields for this example."""
    pos = GiftPosition("got-catan")
    west, south_west = pos.hex_at(-2, 2), pos.hex_at(-3, 3)
    pos.retile(west, "ice").retile(south_west, "ice")
    yellow = 41  # between the two ice fields and the forest 4
    pos.settlement(YELLOW, yellow).road_path(YELLOW, [41, 48, 55])
    pos.settlement(BLUE, 55)
    road_money(pos, YELLOW).turn(YELLOW, "main")
    state = pos.state
    edge = pos.edge_between
    purple = edge(41, 33)
    assert state.board.topo.edge_hexes[purple] == tuple(sorted((west, south_west)))
    assert not state.board.edge_buildable[purple]
    assert set(state.road_frontier(YELLOW)) == {edge(41, 34), edge(48, 54)}  # green
    refused(state, YELLOW, ("build_road", purple))  # purple
    refused(state, YELLOW, ("build_road", edge(55, 49)), "not connected")  # red
    # A borderland path of one ice field is still a path.
    assert state.board.edge_buildable[edge(33, 40)]


def test_ice_fields_produce_nothing() -> None:
    """ "Ice Fields produces nothing.\""""
    pos = GiftPosition("got-catan")
    ice = pos.hex("fields", 6)
    pos.retile(ice, "ice")
    state = pos.state
    assert state.board.hex_resource[ice] == -1
    assert all(ice not in hexes for hexes in state.board.hexes_by_number)


def test_distance_rule_example(refused) -> None:
    """ "Red wants to build a new settlement. Red cannot build on the intersections marked in red. He
    can only build at the intersection marked in green." Red's road passes next to his own
    settlement (red) and next to Blue's settlement (red); one intersection in between is green."""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 21).road_path(RED, [21, 28, 22, 29])
    pos.settlement(BLUE, 36)  # next to 29
    pos.hand(RED, brick=1, lumber=1, grain=1, wool=1).turn(RED, "main")
    state = pos.state
    assert state.settlement_spots(RED) == [22]
    refused(state, RED, ("build_settlement", 28), "distance")  # next to Red's own settlement
    refused(state, RED, ("build_settlement", 29), "distance")  # next to Blue's
    state.apply(RED, ("build_settlement", 22))
    assert state.node_owner[22] == RED and state.public_vp[RED] == 2


def test_settlement_example_b_not_a_not_c(refused) -> None:
    """ "Blue wants to build a new settlement. He may only do so at one of the intersections marked
    "B". He cannot build on "A" because of the Distance Rule, or on "C" because no blue road leads
    to this intersection.\""""
    pos = GiftPosition("got-catan")
    a, b, c = 28, 22, 35
    pos.settlement(BLUE, 21).road_path(BLUE, [21, a, b])
    pos.hand(BLUE, brick=1, lumber=1, grain=1, wool=1).turn(BLUE, "main")
    state = pos.state
    assert not state.blocked[c]  # C keeps the distance rule; only the road is missing
    refused(state, BLUE, ("build_settlement", a), "distance")
    refused(state, BLUE, ("build_settlement", c), "connected")
    state.apply(BLUE, ("build_settlement", b))
    assert state.hands[BLUE] == [0, 0, 0, 0, 0]


def test_keep_upgrades_a_settlement_for_two_points(refused) -> None:
    """ "You may only establish a keep by upgrading 1 of your settlements. ... put that settlement
    piece back in your supply and replace it with a keep piece. ... Each keep is worth 2 victory
    points.\""""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 21).settlement(BLUE, 36).hand(RED, ore=6, grain=4).turn(RED, "main")
    state = pos.state
    refused(state, RED, ("build_city", 36), "own")
    state.apply(RED, ("build_city", 21))
    assert state.node_level[21] == 2
    assert state.public_vp[RED] == 2
    assert state.settlements_left[RED] == 5 and state.cities_left[RED] == 3
    refused(state, RED, ("build_city", 21), "own")


def test_five_settlements_then_upgrade_before_building_another(refused) -> None:
    """ "If you build all 5 of your settlements, you must upgrade 1 of your settlements to a keep
    before you can build another settlement.\""""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 4, 1, 2, 8, 20).road_path(RED, [20, 27, 21])
    pos.hand(RED, brick=1, lumber=1, grain=3, wool=1, ore=3).turn(RED, "main")
    state = pos.state
    assert state.settlements_left[RED] == 0
    refused(state, RED, ("build_settlement", 21), "no settlements left")
    state.apply(RED, ("build_city", 20))
    state.apply(RED, ("build_settlement", 21))
    assert state.settlements_left[RED] == 0 and state.public_vp[RED] == 7


def test_base_longest_road_example_six_with_a_fork_beats_seven_interrupted(one_event) -> None:
    """ "Red has a continuous connection of 6 roads (not counting the fork); therefore she has the
    "Longest Road." Blue's 7-road linkage is interrupted by one of Red's settlements. So, Blue's
    longest road is 5." Red builds her 6th road with Blue already at 7 pieces."""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 40).road_path(RED, LINE_2_3[0:6])  # 5 roads, 40 .. 35
    pos.road_path(RED, [41, 48])  # the fork
    pos.road_path(RED, [34, 27]).settlement(RED, 27)  # Red's settlement on Blue's line
    pos.settlement(BLUE, 23).road_path(BLUE, LINE_1_2[0:8])  # 7 roads, 26 .. 23, through 27
    road_money(pos, RED).turn(RED, "main")
    state = pos.state
    assert state.road_length[BLUE] == 5
    assert state.road_length[RED] == 5
    assert state.longest_road_holder == -1  # tied at 5: nobody has it yet

    events = state.apply(RED, ("build_road", pos.edge_between(35, 43)))
    assert state.road_length[RED] == 6
    assert one_event(events, "longest_road").data == {"player": RED, "length": 6, "previous": None}
    assert state.longest_road_holder == RED
    assert state.public_vp[RED] == 2 + 2


def red_a_to_b_position() -> GiftPosition:
    """Red's settlement at A; four roads toward B with a branch (arrow) at the second intersection."""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 40).road_path(RED, LINE_2_3[0:5])  # A = 40 .. 42
    pos.road_path(RED, [41, 48])  # branch
    return pos


def test_reference_longest_road_red_seven_pieces_a_to_b(one_event) -> None:
    """ "Red builds a continuous road with 7 wooden pieces (A–B). The branch roads (marked with
    arrows) are not counted. Red takes the "Longest Road" special VP card.\""""
    pos = red_a_to_b_position()
    road_money(pos, RED, roads=4).turn(RED, "main")
    state = pos.state
    assert state.road_length[RED] == 4 and state.longest_road_holder == -1
    edge = pos.edge_between
    events = state.apply(RED, ("build_road", edge(42, 35)))
    assert one_event(events, "longest_road").data["player"] == RED
    assert state.public_vp[RED] == 1 + 2
    state.apply(RED, ("build_road", edge(35, 43)))
    state.apply(RED, ("build_road", edge(43, 36)))  # B
    state.apply(RED, ("build_road", edge(43, 50)))  # another branch
    assert state.roads_left[RED] == 15 - 9
    assert state.road_length[RED] == 7
    assert state.longest_road_holder == RED


def test_reference_longest_road_blue_breaks_red_at_c(one_event) -> None:
    """ "Blue builds a settlement on intersection "C" (which is legal). This breaks Red's road into 2
    parts. Red must give the special card to Blue, who now has the Longest Road.\""""
    pos = red_a_to_b_position()
    pos.road_path(RED, [42, 35, 43, 36]).road_path(RED, [43, 50])  # 7 pieces A–B and 2 branches
    c = 42
    pos.settlement(BLUE, 51).road_path(BLUE, [51, 57, 50, 56, 49, c])  # 5 roads ending at C
    pos.hand(BLUE, brick=1, lumber=1, grain=1, wool=1).turn(BLUE, "main")
    state = pos.state
    assert state.longest_road_holder == RED and state.road_length == [7, 5, 0, 0]
    assert state.public_vp == [3, 1, 0, 0]

    events = state.apply(BLUE, ("build_settlement", c))
    assert state.road_length[RED] == 4  # A .. C
    assert one_event(events, "longest_road").data == {"player": BLUE, "length": 5, "previous": RED}
    assert state.public_vp == [1, 2 + 2, 0, 0]


def special_case_position() -> GiftPosition:
    """Red holds Longest Road with 6 roads (40 .. 43), her settlement at the east end; Blue and
    Yellow have roads of 5 in the north; Black is about to build on Red's road."""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 43).road_path(RED, LINE_2_3[0:7])
    pos.settlement(BLUE, 17).road_path(BLUE, LINE_0_1[1:7])  # 9 .. 17: 5 roads
    pos.settlement(YELLOW, 4).road_path(YELLOW, WALL_LINE[0:6])  # 4 .. 2: 5 roads
    pos.hand(BLACK, brick=1, lumber=1, grain=1, wool=1).turn(BLACK, "main")
    return road_money(pos, YELLOW)


def test_longest_road_special_case_broken_but_tied_keeps_the_card() -> None:
    """ "If your longest road is broken and you are tied for Longest Road, you still keep the
    "Longest Road" card." Black's settlement cuts one piece off Red's 6: Red 5, Blue 5."""
    pos = special_case_position()
    pos.settlement(BLACK, 20).road_path(BLACK, [20, 26, 33])
    state = pos.state
    assert state.longest_road_holder == RED
    events = state.apply(BLACK, ("build_settlement", 33))
    assert state.road_length[RED] == 5 and state.road_length[BLUE] == 5
    assert state.longest_road_holder == RED
    assert not [e for e in events if e.type == "longest_road"]
    assert state.public_vp[RED] == 1 + 2


def test_longest_road_special_case_others_tie_sets_the_card_aside(one_event) -> None:
    """ "However, if you no longer have the Longest Road, but two or more players tie for the new
    Longest Road, set the "Longest Road" card aside. ... The "Longest Road" card comes into play again
    when only 1 player has the longest road (of at least 5 road pieces).\""""
    pos = special_case_position()
    pos.settlement(BLACK, 54).road_path(BLACK, [54, 48, 41])
    state = pos.state
    events = state.apply(BLACK, ("build_settlement", 41))
    assert state.road_length[RED] == 4
    assert state.road_length[BLUE] == state.road_length[YELLOW] == 5
    assert one_event(events, "longest_road").data == {"player": None, "length": 5, "previous": RED}
    assert state.longest_road_holder == -1 and state.public_vp[RED] == 1

    state.apply(BLACK, ("end_turn",))
    rig_dice(state, 2, 3)  # a "5": nothing for Yellow's settlement
    state.apply(YELLOW, ("roll",))
    events = state.apply(YELLOW, ("build_road", pos.edge_between(2, 7)))
    assert one_event(events, "longest_road").data == {"player": YELLOW, "length": 6, "previous": None}
    assert state.public_vp[YELLOW] == 1 + 2


def test_longest_road_special_case_nobody_has_five_sets_the_card_aside(one_event) -> None:
    """ "Do the same if no one has a 5+ segment road.\""""
    pos = GiftPosition("got-catan")
    pos.settlement(RED, 43).road_path(RED, LINE_2_3[0:7])
    pos.settlement(BLUE, 9).road_path(BLUE, LINE_0_1[1:6])  # only 4 roads
    pos.settlement(BLACK, 54).road_path(BLACK, [54, 48, 41])
    pos.hand(BLACK, brick=1, lumber=1, grain=1, wool=1).turn(BLACK, "main")
    state = pos.state
    events = state.apply(BLACK, ("build_settlement", 41))
    assert max(state.road_length) == 4
    assert one_event(events, "longest_road").data["player"] is None
    assert state.longest_road_holder == -1
