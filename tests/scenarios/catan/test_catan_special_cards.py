"""The special cards: Largest Army (3+ knights, strictly more takes it) and Longest Road (5+ roads,
forks don't count, broken by an opponent's settlement, set aside on a tie after a break)."""

from __future__ import annotations

from ravenry.games.catan.scenario import Position, rig_dice

# Intersections along the boundary between the third and fourth rows of hexes, west to east, from
# the south-west corner of fields 9 (a zig-zag under fields 9, forest 11, desert, forest 3, mountains 8).
ROW3 = (27, 33, 28, 34, 29, 35, 30, 36, 31, 37, 32)
# ... between the fourth and fifth rows (from forest 8's south-west corner), and along the south coast
# (from hills 5's south-west corner).
ROW4 = (38, 43, 39, 44, 40, 45, 41, 46, 42)
ROW5 = (47, 51, 48, 52, 49, 53, 50)
ROAD = {"brick": 1, "lumber": 1}


def check_rows(pos: Position) -> None:
    """The rows above are what their comment says (so the scenarios read true)."""
    fields9, forest8 = pos.hex("fields", 9), pos.hex("forest", 8)
    assert ROW3[:4] == (
        pos.node(fields9, "SW"),
        pos.node(fields9, "S"),
        pos.node(forest8, "N"),
        pos.node(forest8, "NE"),
    )
    hills5 = pos.hex("hills", 5)
    assert ROW4[:2] == (pos.node(forest8, "SW"), pos.node(forest8, "S"))
    assert ROW5[:2] == (pos.node(hills5, "SW"), pos.node(hills5, "S"))


# -- Largest Army ---------------------------------------------------------------------------------


def test_largest_army_goes_to_the_first_with_three_knights(one_event) -> None:
    """Rulebook: "The first player to have 3 Knight cards in front of himself receives the special card
    "Largest Army," which is worth 2 victory points"."""
    pos = Position("catan", players=4)
    pos.knights(0, 1).dev_cards(0, knight=2)
    state = pos.state
    state.apply(0, ("play_knight",))
    state.apply(0, ("move_robber", pos.hex("pasture", 2), -1))
    assert state.knights_played[0] == 2 and state.largest_army_holder == -1
    state.apply(0, ("end_turn",))
    for p in (1, 2, 3):
        rig_dice(state, 1, 1)
        state.apply(p, ("roll",))
        state.apply(p, ("end_turn",))
    events = state.apply(0, ("play_knight",))
    assert one_event(events, "largest_army").data == {"player": 0, "knights": 3, "previous": None}
    assert state.largest_army_holder == 0
    assert state.public_vp[0] == 2
    assert state.observe(3)["largest_army_holder"] == 0


def test_largest_army_taken_only_by_strictly_more_knights(one_event) -> None:
    """Rulebook: "If another player has more Knight cards in front of him than the current holder of the
    Largest Army card, he immediately takes the special card and its 2 victory points" — a tie is not more."""
    pos = Position("catan", players=4)
    pos.knights(1, 3).knights(0, 2).dev_cards(0, knight=2)
    state = pos.state
    assert state.largest_army_holder == 1 and state.public_vp[1] == 2
    events = state.apply(0, ("play_knight",))
    assert not [e for e in events if e.type == "largest_army"]
    assert state.knights_played[0] == 3 and state.largest_army_holder == 1
    state.apply(0, ("move_robber", pos.hex("pasture", 2), -1))
    state.apply(0, ("end_turn",))
    for p in (1, 2, 3):
        rig_dice(state, 1, 1)
        state.apply(p, ("roll",))
        state.apply(p, ("end_turn",))
    events = state.apply(0, ("play_knight",))  # before the roll, the fourth knight
    assert one_event(events, "largest_army").data == {"player": 0, "knights": 4, "previous": 1}
    assert state.largest_army_holder == 0
    assert (state.public_vp[0], state.public_vp[1]) == (2, 0)


# -- Longest Road ---------------------------------------------------------------------------------


def test_longest_road_needs_five_continuous_segments(one_event) -> None:
    """Rulebook: "The first player to build a continuous road (not counting forks) of at least 5 road
    segments, receives the special card "Longest Road"."""
    pos = Position("catan", players=4)
    check_rows(pos)
    pos.settlement(0, ROW3[0]).road_path(0, ROW3[:5]).hand(0, brick=2, lumber=2)
    state = pos.state
    assert state.road_length[0] == 4 and state.longest_road_holder == -1
    events = state.apply(0, ("build_road", pos.edge_between(ROW3[4], ROW3[5])))
    assert one_event(events, "longest_road").data == {"player": 0, "length": 5, "previous": None}
    assert state.longest_road_holder == 0 and state.public_vp[0] == 1 + 2
    assert state.observe(2)["players"][0]["longest_road"] == 5


def test_longest_road_forks_do_not_count() -> None:
    """FAQ: "If my road network branches, can I count both segments ...? No. You may only count the
    single longest branch for purposes of the longest road"."""
    pos = Position("catan", players=4)
    fields9 = pos.hex("fields", 9)
    # A trunk along the row boundary and a branch up the east side of fields 9 from its south corner.
    pos.settlement(0, ROW3[0]).road_path(0, ROW3[:4]).hand(0, brick=2, lumber=2)
    pos.road_path(0, [pos.node(fields9, "SE"), pos.node(fields9, "NE")])
    state = pos.state
    assert state.road_length[0] == 3
    branch = pos.edge(fields9, "NE")  # the branch grows to two segments: 5 roads, no 5-long trail
    events = state.apply(0, ("build_road", branch))
    assert sum(1 for o in state.edge_owner if o == 0) == 5
    assert state.road_length[0] == 4
    assert state.longest_road_holder == -1
    assert not [e for e in events if e.type == "longest_road"]


def test_longest_road_holder_keeps_it_on_a_tie_and_loses_it_to_a_longer_road(one_event) -> None:
    """Rulebook: "If another player succeeds in building a longer road than the one created by the current
    owner of the "Longest Road" card, he immediately takes the special card" — only longer, not as long."""
    pos = Position("catan", players=4)
    pos.settlement(0, ROW3[0]).road_path(0, ROW3[:6])
    pos.settlement(1, ROW4[0]).road_path(1, ROW4[:5]).hand(1, brick=2, lumber=2).turn(1, "main")
    state = pos.state
    assert state.longest_road_holder == 0
    events = state.apply(1, ("build_road", pos.edge_between(ROW4[4], ROW4[5])))
    assert state.road_length[1] == 5 and state.longest_road_holder == 0
    assert not [e for e in events if e.type == "longest_road"]
    events = state.apply(1, ("build_road", pos.edge_between(ROW4[5], ROW4[6])))
    assert one_event(events, "longest_road").data == {"player": 1, "length": 6, "previous": 0}
    assert (state.public_vp[0], state.public_vp[1]) == (1, 3)


def broken_road_position() -> Position:
    """Player 0 holds Longest Road with six roads along row 3; player 3, to move, can settle on the
    middle of it (the south corner of forest 11) from its own road."""
    pos = Position("catan", players=4)
    check_rows(pos)
    forest11 = pos.hex("forest", 11)
    pos.settlement(0, ROW3[0]).road_path(0, ROW3[:7])
    pos.settlement(3, pos.node(forest11, "N")).road_path(
        3, [pos.node(forest11, c) for c in ("N", "NE", "SE")]
    )
    assert pos.node(forest11, "SE") == ROW3[4]
    pos.hand(3, **ROAD, grain=1, wool=1).turn(3, "main")
    return pos


def test_longest_road_broken_by_opponents_settlement_nobody_has_five(one_event) -> None:
    """FAQ: "What happens if another player builds a settlement such that my longest road runs through
    it? Your longest road is "broken!" ... If no one has a 5+ road segment ... set the "Longest Road"
    card aside"."""
    state = broken_road_position().state
    assert state.longest_road_holder == 0 and state.road_length[0] == 6
    events = state.apply(3, ("build_settlement", ROW3[4]))
    assert state.road_length[0] == 4  # "a road segment on either side of that settlement"
    assert one_event(events, "longest_road").data == {"player": None, "length": 4, "previous": 0}
    assert state.longest_road_holder == -1 and state.public_vp[0] == 1


def test_longest_road_broken_goes_to_the_one_player_with_the_longest_five(one_event) -> None:
    """FAQ: "What happens if my longest road is broken? The player with the longest (at least 5+) road
    segment takes the longest road card"."""
    pos = broken_road_position()
    pos.settlement(2, ROW5[0]).road_path(2, ROW5[:6])
    state = pos.state
    assert state.longest_road_holder == 0
    events = state.apply(3, ("build_settlement", ROW3[4]))
    assert one_event(events, "longest_road").data == {"player": 2, "length": 5, "previous": 0}
    assert (state.public_vp[0], state.public_vp[2]) == (1, 3)


def test_longest_road_broken_set_aside_while_others_tie(one_event) -> None:
    """FAQ: "if several players have the same lengths of road segments, set the "Longest Road" card
    aside—until only 1 player has the longest road (of at least 5 road pieces)"."""
    pos = broken_road_position()
    pos.settlement(1, ROW4[0]).road_path(1, ROW4[:6]).hand(1, **ROAD)
    pos.settlement(2, ROW5[0]).road_path(2, ROW5[:6])
    state = pos.state
    assert state.longest_road_holder == 0
    events = state.apply(3, ("build_settlement", ROW3[4]))
    assert one_event(events, "longest_road").data == {"player": None, "length": 5, "previous": 0}
    assert state.longest_road_holder == -1
    assert [state.public_vp[p] for p in range(4)] == [1, 1, 1, 2]
    # Player 1 builds a sixth road on a later turn: now only one player has the longest road.
    state.apply(3, ("end_turn",))
    for p in (0, 1):
        rig_dice(state, 1, 1)  # a "2": nobody here produces
        state.apply(p, ("roll",))
        if p == 0:
            state.apply(p, ("end_turn",))
    assert state.hands[1] == [1, 1, 0, 0, 0]
    events = state.apply(1, ("build_road", pos.edge_between(ROW4[5], ROW4[6])))
    assert one_event(events, "longest_road").data == {"player": 1, "length": 6, "previous": None}


def test_longest_road_holder_keeps_it_when_still_strictly_longest() -> None:
    """A break that leaves the holder's longest segment still the longest changes nothing."""
    pos = broken_road_position()
    pos.road_path(0, ROW3[6:10])  # the trail continues east: 3 more roads past the break
    state = pos.state
    assert state.road_length[0] == 9
    events = state.apply(3, ("build_settlement", ROW3[4]))
    assert state.road_length[0] == 5  # the eastern part: ROW3[4]..ROW3[9]
    assert state.longest_road_holder == 0
    assert not [e for e in events if e.type == "longest_road"]
