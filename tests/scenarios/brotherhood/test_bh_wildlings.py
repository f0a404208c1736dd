"""The wildlings: the rulebook's advance, breach, migration and rush examples, climbers, giants, at
most two wildlings per hex, a wildling beside Tormund, and the sixth wildling against five guards.

Clans, clearings and wall sections are 0-based here: clearing 0 faces wall section 0, the
rulebook's section 1 in the west. Trails (fact sheet): Ice River "1, 2" → clearing 0 and "3" →
clearing 1; Cave People "4" → clearing 1 and "5" → clearing 2; Hornfoot "6" → clearing 2 and
"7, 8" → clearing 3. The hexes "directly south" of section ``s`` are ``column_hexes(state.board, s)``.
"""

from __future__ import annotations

from ravenry.core.protocol import Event
from ravenry.games.brotherhood.data import CLIMBER, GIANT, REGULAR
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.brotherhood.scenario import BrotherhoodPosition, rig_dice, wildling_token
from ravenry.games.brotherhood.wildlings import column_hexes
from ravenry.games.catan.data import ORE

RED, BLUE, ZIGGY, MICCI = 0, 1, 2, 3  # Red and Blue own the guards; Ziggy and Micci roll
ICE_RIVER, CAVE_PEOPLE, HORNFOOT = 0, 1, 2


def position() -> BrotherhoodPosition:
    """Four players, nothing on the board. Samwell Tarly would ask his owner (seat 1) for a choice
    after every roll that paid him nothing; these scenarios are about wildlings, so seat 1 holds
    Yoren instead."""
    return BrotherhoodPosition(players=4).hero(BLUE, "yoren")


def roll(state: BrotherhoodState, player: int, wildling_die: int, d1: int = 1, d2: int = 2) -> list[Event]:
    """Roll the three dice: production ``d1 + d2`` (a "3" unless told) and the wildling die."""
    rig_dice(state, d1, d2, wildling_die)
    return state.apply(player, ("roll",))


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def test_cave_people_roll_four_breaches_the_undefended_section(one_event) -> None:
    """ "The cave people clan area has 2 wildlings in it. ... You roll a "4" on the wildling die. So
    you must advance the wildling in the camp adjacent to the "4" trail to the clearing. There is no
    guard on the wall section defending that clearing. So there is a wall breach.\""""
    state = position().camp("cave people", "regular", "regular").guards(2, BLUE).turn(ZIGGY, "pre_roll").state
    events = roll(state, ZIGGY, 4)
    assert one_event(events, "wildling_advanced").data == {
        "clan": "Cave People clan",
        "wildling": "regular",
        "clearing": 2,
    }
    assert one_event(events, "wall_breached").data == {"clearing": 2, "wildlings": 1, "breaches": 1}
    assert state.north.breaches == 1
    assert state.north.clearings[1] == []
    assert state.north.gift[column_hexes(state.board, 1)[0]] == [REGULAR]
    assert state.north.camps[CAVE_PEOPLE] == [REGULAR]


def test_cave_people_roll_five_is_defended_no_breach() -> None:
    """ "If you rolled a "5", the wildling would have advanced down the "5" trail to the clearing that
    is defended by a guard. No breach would occur in that case.\""""
    state = position().camp("cave people", "regular", "regular").guards(2, BLUE).turn(ZIGGY, "pre_roll").state
    events = roll(state, ZIGGY, 5)
    assert "wall_breached" not in types(events)
    assert state.north.clearings[2] == [REGULAR] and state.watch.sections[2] == [BLUE]
    assert state.north.breaches == 0 and state.north.wildlings_in_gift() == 0


def test_trail_example_the_giant_goes_left_on_four_and_right_on_five() -> None:
    """ "If you roll a "4" on the wildling die, move the giant down the trail to the clearing on the
    left. If you roll a "5", move it down the trail to the clearing on the right." Both clearings are
    guarded here, so the giant takes that section's guard with it."""
    for die, clearing, guard in ((4, 1, RED), (5, 2, BLUE)):
        pos = position().camp("cave people", "giant").guards(1, RED).guards(2, BLUE)
        state = pos.turn(ZIGGY, "pre_roll").state
        roll(state, ZIGGY, die)
        assert state.watch.sections[clearing] == [] and state.watch.guards_left[guard] == 7
        other = 3 - clearing
        assert state.watch.sections[other] == [RED if other == 1 else BLUE]
        assert state.north.camps[CAVE_PEOPLE] == [] and state.north.clearings == [[], [], [], []]


def test_advance_example_1_a_and_1_b(one_event) -> None:
    """1-A: "Ziggy rolls a "5" on the wildling die. Regular wildling "A" in the lowest camp beside the
    trail marked with the "5" moves down the trail to the clearing." 1-B: "There are now 2 wildlings
    in the clearing. There are 4 guards on the wall section defending that clearing. There is no
    breach. The wildlings in the camps behind the wildling that moved each move 1 camp closer to the
    wall.\""""
    pos = position().camp("cave people", "regular", "climber", "giant").clearing(2, "regular")
    pos.guards(2, RED, BLUE, RED, BLUE).turn(ZIGGY, "pre_roll")
    state = pos.state
    events = roll(state, ZIGGY, 5)
    assert one_event(events, "wildling_advanced").data["clearing"] == 3
    assert state.north.clearings[2] == [REGULAR, REGULAR]
    assert state.watch.sections[2] == [RED, BLUE, RED, BLUE]
    assert "wall_breached" not in types(events) and state.north.breaches == 0
    assert state.north.camps[CAVE_PEOPLE] == [CLIMBER, GIANT]


def micci_position() -> BrotherhoodPosition:
    """Example 2: the Ice River giant at camp 1, a climber at camp 2; two regular wildlings in the
    clearing of trail 3, defended by a red guard (space 1) and a blue one (space 2). The first two
    hexes south of that section carry the "6" and the "4" (re-tiled on our board), and Ziggy has a
    settlement on the "6" mountains alone."""
    pos = position().camp("ice river", "giant", "climber").clearing(1, "regular", "regular")
    pos.guards(1, RED, BLUE)
    state = pos.state
    first, second = column_hexes(state.board, 1)[:2]
    pos.retile(first, "mountains", 6).retile(second, "fields", 4)
    pos.settlement(ZIGGY, pos.node(first, "N"))  # on this hex only
    return pos.turn(MICCI, "pre_roll")


def test_advance_example_2_a_and_2_b(one_event) -> None:
    """2-A: "Micci ... rolls a "3" on the wildling die. The giant beside trail 3 advances down the trail
    to the clearing. That giant and the oldest guard (red) immediately remove each other from the
    board." 2-B: "There are now 2 wildlings in the clearing. There is only 1 guard (blue) ... The
    wildlings breach the wall! First remove 1 guard from this wall section (blue). Then move the 2
    wildlings into the Gift to cover the number disks of the first 2 terrain hexes (the 6 & the 4).
    Finally, move the climber at the 2nd camp 1 camp closer to the wall and move the breach marker 1
    space down the track." Micci's production roll is a "6": it is paid before the wildlings move."""
    pos = micci_position()
    state = pos.state
    six, four = column_hexes(state.board, 1)[:2]
    events = roll(state, MICCI, 3, 2, 4)
    assert types(events) == [
        "rolled",
        "wildling_die",
        "produced",
        "wildling_advanced",
        "guard_removed",
        "giant_returned",
        "guard_removed",
        "wall_breached",
        "wildling_in_gift",
        "wildling_in_gift",
    ]
    removed = [e.data for e in events if e.type == "guard_removed"]
    assert removed == [
        {"player": RED, "section": 2, "why": "giant"},
        {"player": BLUE, "section": 2, "why": "breach"},
    ]
    assert (
        state.watch.sections[1] == [] and state.watch.guards_left[RED] == state.watch.guards_left[BLUE] == 7
    )
    assert state.north.gift[six] == [REGULAR] and state.north.gift[four] == [REGULAR]
    assert state.north.clearings[1] == []
    assert state.north.camps[ICE_RIVER] == [CLIMBER]
    assert state.north.breaches == 1
    assert state.hands[ZIGGY][ORE] == 1  # the "6" produced before the breach covered it

    state.apply(MICCI, ("end_turn",))
    roll(state, RED, 9, 2, 4)  # another "6"; the wildling die moves no one
    assert state.hands[ZIGGY][ORE] == 1  # now the wildling blocks it


def test_five_six_clearing_breach_example(one_event) -> None:
    """ "There are 2 regular wildlings in the "5, 6" clearing and 2 guards on the wall section defending
    that clearing. You roll a "5" on the wildling die. ... There are now 3 wildlings in the clearing and
    only 2 guards defending. The wildlings breach the wall. Return the guard in the "1" space on the
    wall to its owner. Then move the 3 wildlings over the wall to block the first 3 hexes south.
    Finally, move the remaining guard on the wall from the "2" space to the "1" space.\""""
    pos = position().clearing(2, "regular", "regular").guards(2, RED, BLUE).camp("cave people", "regular")
    state = pos.turn(ZIGGY, "pre_roll").state
    events = roll(state, ZIGGY, 5)
    assert one_event(events, "guard_removed").data == {"player": RED, "section": 3, "why": "breach"}
    assert one_event(events, "wall_breached").data == {"clearing": 3, "wildlings": 3, "breaches": 1}
    column = column_hexes(state.board, 2)
    assert [e.data["hex"] for e in events if e.type == "wildling_in_gift"] == list(column[:3])
    assert [state.north.gift[h] for h in column] == [[REGULAR], [REGULAR], [REGULAR], []]
    assert state.watch.sections[2] == [BLUE]  # Blue's guard moved from space 2 to space 1
    assert state.watch.guards_left[RED] == 7 and state.north.clearings[2] == []


def test_migration_example_longest_road_brings_a_giant_to_camp_four(one_event) -> None:
    """ "You just received the Longest Road special VP card. Now you must create and migrate a new
    wildling. You draw 1 of the random wildling tokens from the pool. It's a giant from the Cave People
    clan. ... place it into the first unoccupied camp (in this case the 4th camp) in the Cave People
    Clan area.\""""
    pos = position().camp("cave people", "regular", "regular", "climber")
    pos.token_pool(wildling_token("cave people", "giant"))
    pos.settlement(RED, 40).road_path(RED, [40, 33, 41, 34, 42]).hand(RED, brick=1, lumber=1)
    state = pos.turn(RED, "main").state
    pool = len(state.north.token_pool)
    events = state.apply(RED, ("build_road", pos.edge_between(42, 35)))
    assert one_event(events, "longest_road").data["player"] == RED
    assert one_event(events, "token_revealed").data == {
        "clan": "Cave People clan",
        "wildling": "giant",
        "why": "longest_road",
    }
    assert one_event(events, "wildling_migrated").data["camp"] == 4
    assert state.north.camps[CAVE_PEOPLE] == [REGULAR, REGULAR, CLIMBER, GIANT]
    assert len(state.north.token_pool) == pool - 1
    assert state.north.tokens_used == [wildling_token("cave people", "giant")]
    assert state.public_vp[RED] == 1 + 1  # Longest Road is worth 1 in Brotherhood of the Watch


def test_rush_examples_a_b_and_c(one_event) -> None:
    """A: "It's a regular wildling from the cave people clan. ... place it into the first unoccupied
    camp. That camp is the 5th one. The cave people clan camps are overcrowded, so this entire clan
    rushes the wall!" B: "The giant is 1st, so it advances down the lower numbered trail (4). The
    climber is 2nd, so it advances down the higher numbered trail (5). One by one, the rest of the
    wildlings move down to the 1st, 2nd and 3rd camps. Oh No! The wildlings are breaching the wall
    again!" C: "The giant is in a clearing that is undefended, so it breaches the wall. Move it to
    block the first available hex in the Gift and move the breach counter 1 space down the track. The
    climber automatically crosses the wall and blocks the first available hex. This is not a breach."
    The token is revealed by Red's new settlement."""
    pos = position().camp("cave people", "giant", "climber", "regular", "regular")
    pos.guards(2, BLUE).breaches(1)
    pos.settlement_tokens(RED, wildling_token("cave people", "regular"))
    pos.settlement(RED, 21).road_path(RED, [21, 28, 22]).hand(RED, brick=1, lumber=1, grain=1, wool=1)
    state = pos.turn(RED, "main").state
    events = state.apply(RED, ("build_settlement", 22))
    assert one_event(events, "wildling_migrated").data["camp"] == 5
    one_event(events, "wildling_rush")
    assert one_event(events, "wall_breached").data == {"clearing": 2, "wildlings": 1, "breaches": 2}
    one_event(events, "climber_jumped")
    assert state.north.camps[CAVE_PEOPLE] == [REGULAR, REGULAR, REGULAR]
    assert state.north.gift[column_hexes(state.board, 1)[0]] == [GIANT]
    assert state.north.gift[column_hexes(state.board, 2)[0]] == [CLIMBER]
    assert state.north.breaches == 2
    assert state.watch.sections[2] == [BLUE] and state.north.clearings == [[], [], [], []]
    assert not state.decision().over


def test_a_climber_jumps_to_the_first_free_hex_and_is_no_breach() -> None:
    """ "A climber immediately jumps over the Wall and blocks the first hex not occupied by a wildling
    directly south of the wall section. This does not count as a wall breach." Two breaches already:
    a climber does not end the game."""
    pos = position().camp("hornfoot", "climber").clearing(3, "regular").guards(3, RED).breaches(2)
    first, second = column_hexes(position().state.board, 3)[:2]
    pos.gift_wildlings(first, "regular").turn(ZIGGY, "pre_roll")
    state = pos.state
    events = roll(state, ZIGGY, 7)
    assert "climber_jumped" in types(events) and "wall_breached" not in types(events)
    assert state.north.gift[first] == [REGULAR] and state.north.gift[second] == [CLIMBER]
    assert state.north.breaches == 2 and not state.decision().over
    assert state.north.clearings[3] == [REGULAR] and state.watch.sections[3] == [RED]


def test_a_giant_with_no_guard_breaches_the_wall() -> None:
    """ "If a giant advances to a clearing and there is no guard on that wall section, the giant
    breaches the wall." It enters the Gift "as if it were a regular wildling"."""
    state = position().camp("ice river", "giant").turn(ZIGGY, "pre_roll").state
    roll(state, ZIGGY, 1)
    assert state.north.breaches == 1
    assert state.north.gift[column_hexes(state.board, 0)[0]] == [GIANT]
    assert state.north.clearings[0] == []


def test_a_giant_takes_the_oldest_guard_and_the_others_move_down(one_event) -> None:
    """ "A giant removes itself and removes the guard on the "1" space ... If any guards remain on that
    wall section, they each move to the next lowest number on that wall section.\""""
    pos = position().camp("ice river", "giant").clearing(0, "regular").guards(0, RED, BLUE, RED)
    state = pos.turn(ZIGGY, "pre_roll").state
    events = roll(state, ZIGGY, 2)
    assert one_event(events, "guard_removed").data == {"player": RED, "section": 1, "why": "giant"}
    one_event(events, "giant_returned")
    assert state.watch.sections[0] == [BLUE, RED]
    assert state.north.clearings[0] == [REGULAR]  # 1 wildling, 2 guards: no breach
    assert state.north.breaches == 0 and state.north.wildlings_in_gift() == 0
    assert state.north.wildlings_returned == 1


def test_at_most_two_wildlings_per_hex() -> None:
    """ "If the number of wildlings that breach the Wall is greater than 4, place the 5th wildling on
    the first hex south of the Wall, the 6th on the second hex, and so on. ... So, there can be 2
    wildlings per hex." Five wildlings breach four guards."""
    pos = position().clearing(3, *["regular"] * 4).guards(3, RED, BLUE, RED, BLUE)
    state = pos.camp("hornfoot", "regular").turn(ZIGGY, "pre_roll").state
    events = roll(state, ZIGGY, 8)
    column = column_hexes(state.board, 3)
    assert [e.data["hex"] for e in events if e.type == "wildling_in_gift"] == [*column, column[0]]
    assert [len(state.north.gift[h]) for h in column] == [2, 1, 1, 1]
    assert state.watch.sections[3] == [BLUE, RED, BLUE]


def test_a_breaching_wildling_shares_a_hex_with_tormund() -> None:
    """ "If Tormund is blocking a hex that a breaching wildling is supposed to occupy, place the
    wildling in the hex with Tormund.\""""
    tormund = column_hexes(position().state.board, 0)[0]
    state = position().robber(tormund).camp("ice river", "regular").turn(ZIGGY, "pre_roll").state
    roll(state, ZIGGY, 2)
    assert state.robber == tormund and state.north.gift[tormund] == [REGULAR]


def test_the_sixth_wildling_against_five_guards(one_event) -> None:
    """ "If a 6th wildling enters a clearing that is defended by 5 guards on the adjacent Wall, remove
    that wildling and another random wildling. Also remove the oldest guard on that wall section. This
    leaves 4 wildlings in the clearing and 4 guards on the Wall section." Red's third guard goes, and
    with it her VP token."""
    pos = position().clearing(1, *["regular"] * 5).guards(1, RED, BLUE, RED, BLUE, RED)
    state = pos.camp("cave people", "regular").turn(ZIGGY, "pre_roll").state
    assert state.public_vp[RED] == 1
    events = roll(state, ZIGGY, 4)
    one_event(events, "sixth_wildling")
    assert one_event(events, "guard_removed").data == {"player": RED, "section": 2, "why": "sixth wildling"}
    assert state.north.clearings[1] == [REGULAR] * 4
    assert state.watch.sections[1] == [BLUE, RED, BLUE, RED]
    assert state.north.breaches == 0 and state.north.wildlings_in_gift() == 0
    assert state.public_vp[RED] == 0
