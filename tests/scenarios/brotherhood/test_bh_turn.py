"""A Brotherhood of the Watch turn: production first and then the wildling advance (after Tormund on
a "7"), hexes blocked by wildlings, trade with the supply at 3:1, guards and their VP tokens, the
ranger patrol's second option, New Recruits, and the wildling tokens revealed by building and by
taking a special card.
"""

from __future__ import annotations

from ravenry.core.protocol import Event
from ravenry.games.brotherhood.data import CLIMBER, GIANT, REGULAR, all_tokens
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.brotherhood.scenario import BrotherhoodPosition, rig_dice, wildling_token
from ravenry.games.brotherhood.wildlings import column_hexes
from ravenry.games.catan.data import GRAIN, LUMBER, NEW_RECRUITS, ORE, WOOL

RED, BLUE, BLACK, YELLOW = 0, 1, 2, 3
ICE_RIVER, CAVE_PEOPLE, HORNFOOT = 0, 1, 2


def position() -> BrotherhoodPosition:
    """Four players; seat 1 holds Yoren instead of Samwell Tarly, whose after-roll question would
    interrupt these scenarios."""
    return BrotherhoodPosition(players=4).hero(BLUE, "yoren")


def roll(state: BrotherhoodState, player: int, d1: int, d2: int, wildling_die: int) -> list[Event]:
    rig_dice(state, d1, d2, wildling_die)
    return state.apply(player, ("roll",))


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def conserved(state: BrotherhoodState) -> None:
    """Every one of the 57 wildling tokens is somewhere, once."""
    places = state.north.token_pool + state.north.tokens_used
    places += [t for ts in state.north.settlement_tokens + state.north.keep_tokens for t in ts]
    assert sorted(places) == sorted(all_tokens())


# -- the roll ---------------------------------------------------------------------------------------


def five_six_position() -> BrotherhoodPosition:
    """The "5, 6" clearing about to be breached; Blue borders the forest "5" south of it (first
    hex but one), Black the pasture "5" elsewhere."""
    pos = position().clearing(2, "regular", "regular").guards(2, RED, BLACK).camp("cave people", "regular")
    forest5 = pos.hex("forest", 5)
    assert forest5 == column_hexes(pos.state.board, 2)[1]
    pos.settlement(BLUE, pos.node(forest5, "S")).settlement(BLACK, pos.node(pos.hex("pasture", 5), "N"))
    return pos.turn(RED, "pre_roll")


def test_production_comes_first_then_the_wildling_advance() -> None:
    """ "Step 1 – Roll the 3 dice. First resolve the two 6-sided production dice (the result applies to
    all players). Next resolve any wildling advance indicated by the 12-sided wildling die." The
    breach covers the forest "5" only after it has paid Blue for this roll."""
    state = five_six_position().state
    forest5 = column_hexes(state.board, 2)[1]
    events = roll(state, RED, 2, 3, 5)
    assert types(events).index("produced") < types(events).index("wildling_advanced")
    assert state.hands[BLUE][LUMBER] == 1
    assert state.north.gift[forest5] == [REGULAR]


def test_a_hex_blocked_by_a_wildling_does_not_produce() -> None:
    """ "Note: A terrain hex blocked by a wildling does not produce." The other "5" still does."""
    state = five_six_position().state
    roll(state, RED, 2, 3, 5)
    state.apply(RED, ("end_turn",))
    roll(state, BLUE, 1, 4, 10)  # another "5"; the wildling die moves no one
    assert state.hands[BLUE][LUMBER] == 1  # nothing more from the blocked forest
    assert state.hands[BLACK][WOOL] == 2  # the pasture "5" paid both times


def test_on_a_seven_the_wildlings_advance_after_tormund() -> None:
    """On a "7" nobody produces; the discards and Tormund come first, then the wildling die is
    resolved (the roll is complete only once Tormund has moved)."""
    pos = position().camp("cave people", "regular").guards(2, BLUE).hand(BLACK, ore=4, grain=4)
    state = pos.turn(RED, "pre_roll").state
    events = roll(state, RED, 3, 4, 5)
    assert "wildling_advanced" not in types(events)
    assert state.phase_name() == "discard" and state.north.camps[CAVE_PEOPLE] == [REGULAR]
    for _ in range(4):
        assert "wildling_advanced" not in types(state.apply(BLACK, ("discard", ORE)))
    assert state.phase_name() == "move_robber"
    events = state.apply(RED, ("move_robber", 0, -1))
    assert types(events) == ["robber_moved", "wildling_advanced"]
    assert state.north.clearings[2] == [REGULAR] and state.north.camps[CAVE_PEOPLE] == []


def test_wildling_die_faces_nine_to_twelve_move_no_one() -> None:
    """Trails are numbered 1-8 on the d12: other faces advance nobody."""
    pos = position().camp("ice river", "regular").camp("cave people", "regular").camp("hornfoot", "regular")
    state = pos.turn(RED, "pre_roll").state
    for face in (9, 10, 11, 12):
        trial = state.clone()
        events = roll(trial, RED, 1, 2, face)
        assert "wildling_advanced" not in types(events)
        assert trial.north.camps == [[REGULAR]] * 3


# -- trade ---------------------------------------------------------------------------------------------


def test_benny_trades_three_ore_for_a_lumber(refused) -> None:
    """ "The most basic (and unfavorable) exchange rate is 3:1 (4:1 in the base game). ... Example: Benny
    returns 3 ore cards to the supply and takes 1 lumber card in exchange.\""""
    benny = RED
    state = position().hand(benny, ore=3).turn(benny, "main").state
    refused(state, benny, ("maritime_trade", ORE, 4, LUMBER))
    state.apply(benny, ("maritime_trade", ORE, 3, LUMBER))
    assert state.hands[benny] == [0, 1, 0, 0, 0]


def test_a_trade_route_is_still_two_to_one() -> None:
    """ "If you build a settlement or keep at a trade route location, you can trade at a more efficient
    2:1 rate.\""""
    pos = position()
    route = next(e for e, kind in pos.state.board.layout.harbors if kind == GRAIN)
    node = pos.state.board.topo.edge_nodes[route][0]
    state = pos.settlement(RED, node).hand(RED, grain=2, wool=3).turn(RED, "main").state
    trades = {a[1:3] for a in state.legal_actions(RED) if a[0] == "maritime_trade"}
    assert trades == {(GRAIN, 2), (WOOL, 3)}


# -- guards --------------------------------------------------------------------------------------------


def test_a_guard_costs_brick_lumber_and_wool_and_takes_the_lowest_free_space(one_event, refused) -> None:
    """ "A guard costs 1 lumber, 1 brick & 1 wool to build. After you pay for a guard, place it onto the
    lowest-numbered available space on a wall section of your choice.\""""
    pos = position().guards(3, BLUE, BLACK).hand(RED, brick=1, lumber=1, wool=1, grain=1)
    pos.guards(0, BLUE, BLACK, YELLOW, BLUE, BLACK)  # a full section
    state = pos.turn(RED, "main").state
    assert {a for a in state.legal_actions(RED) if a[0] == "build_guard"} == {
        ("build_guard", 1),
        ("build_guard", 2),
        ("build_guard", 3),
    }
    events = state.apply(RED, ("build_guard", 3))
    assert one_event(events, "guard_placed").data == {"player": RED, "section": 4, "space": 3, "how": "built"}
    assert state.hands[RED] == [0, 0, 0, 1, 0]
    assert state.watch.sections[3] == [BLUE, BLACK, RED] and state.watch.guards_left[RED] == 6
    refused(state, RED, ("build_guard", 2), "costs 1 brick")


def test_guard_vp_tokens_at_three_and_five_and_returned_below(one_event) -> None:
    """ "As long as you have 3 guards anywhere on the Wall, you receive 1 VP token. As long as you have
    5+ guards anywhere on the Wall, you receive 1 additional VP token (2 VPs total). If the number of
    your guards on the wall falls below either threshold, return the VP token to the supply." A giant
    then takes one of Red's five guards."""
    pos = position().guards(0, RED).guards(1, RED).hand(RED, brick=3, lumber=3, wool=3)
    pos.camp("ice river", "giant")
    state = pos.turn(RED, "main").state
    vp = []
    for section in (2, 3, 0):
        state.apply(RED, ("build_guard", section))
        vp.append(state.public_vp[RED])
    assert vp == [1, 1, 2]  # 3 guards, 4 guards, 5 guards
    state.apply(RED, ("end_turn",))
    roll(state, BLUE, 1, 2, 1)  # the giant comes down trail "1" to section 0 (Red's guard on space 1)
    assert state.watch.guards_on_wall(RED) == 4 and state.public_vp[RED] == 1
    assert state.watch.sections[0] == [RED]


def test_no_more_than_seven_guards() -> None:
    """ "Take 7 guard pieces in your player color.\""""
    pos = position().guards(0, *[RED] * 5).guards(1, RED, RED).hand(RED, brick=1, lumber=1, wool=1)
    state = pos.turn(RED, "main").state
    assert state.watch.guards_left[RED] == 0
    assert not [a for a in state.legal_actions(RED) if a[0] == "build_guard"]


# -- development cards ------------------------------------------------------------------------------


def test_ranger_patrol_option_two_returns_a_wildling_and_pays_a_resource(one_event) -> None:
    """ "Option 2: Remove 1 wildling from the Gift. Choose a hex in the Gift with a wildling on it. Take 1
    resource of the type produced by that hex from the supply. Then, remove the wildling from that hex
    and return it to the Frostfangs." The card says "Before or after your own production roll"."""
    pos = position().dev_cards(RED, knight=1)
    hills = pos.hex_at(2, 2)  # hills 3
    pos.gift_wildlings(hills, "regular", "giant").robber(pos.hex("fields", 6))
    state = pos.turn(RED, "pre_roll").state
    patrols = [a for a in state.legal_actions(RED) if a[0] == "patrol_wildling"]
    assert patrols == [("patrol_wildling", hills)]
    assert ("play_knight",) in state.legal_actions(RED)  # option 1 is still there
    events = state.apply(RED, ("patrol_wildling", hills))
    assert one_event(events, "wildling_returned").data == {"player": RED, "hex": hills, "resource": "brick"}
    assert state.north.gift[hills] == [REGULAR]
    assert state.hands[RED] == [1, 0, 0, 0, 0]
    assert state.knights_played[RED] == 1 and state.robber == pos.hex("fields", 6)
    assert state.phase_name() == "pre_roll"
    assert not [a for a in state.legal_actions(RED) if a[0] in ("patrol_wildling", "play_knight")]


def test_new_recruits_adds_a_free_guard(one_event, refused) -> None:
    """ "New Recruits: If you play this card, you may add 1 of your guards to the Wall for free." Red's
    third guard brings her first VP token; a card bought this turn must wait."""
    pos = position().guards(0, BLUE, RED).guards(1, RED).dev_cards(RED, new_recruits=1)
    pos.dev_cards(RED, new_recruits=1, new=True)
    state = pos.turn(RED, "main").state
    assert {a for a in state.legal_actions(RED) if a[0] == "play_new_recruits"} == {
        ("play_new_recruits", s) for s in range(4)
    }
    events = state.apply(RED, ("play_new_recruits", 0))
    assert one_event(events, "guard_placed").data == {
        "player": RED,
        "section": 1,
        "space": 3,
        "how": "new recruits",
    }
    assert state.public_vp[RED] == 1 and sum(state.hands[RED]) == 0
    assert state.dev_hands[RED][NEW_RECRUITS] == 1  # the one bought this turn
    refused(state, RED, ("play_new_recruits", 1))


# -- wildling tokens --------------------------------------------------------------------------------


def test_a_settlement_reveals_its_token(one_event) -> None:
    """ "When you build a settlement, you must reveal the token and migrate a wildling from the
    Frostfangs to a clan area.\""""
    climber = wildling_token("hornfoot", "climber")
    pos = position().settlement_tokens(RED, climber)
    pos.settlement(RED, 21).road_path(RED, [21, 28, 22]).hand(RED, brick=1, lumber=1, grain=1, wool=1)
    state = pos.turn(RED, "main").state
    before = len(state.north.settlement_tokens[RED])
    events = state.apply(RED, ("build_settlement", 22))
    assert one_event(events, "token_revealed").data == {
        "clan": "Hornfoot clan",
        "wildling": "climber",
        "why": "settlement",
    }
    migrated = one_event(events, "wildling_migrated").data
    assert migrated == {"clan": "Hornfoot clan", "wildling": "climber", "camp": 1}
    assert state.north.camps[HORNFOOT] == [CLIMBER]
    assert len(state.north.settlement_tokens[RED]) == before - 1
    assert state.north.tokens_used == [climber]
    conserved(state)


def test_a_keep_reveals_two_tokens_and_a_pool_token_goes_under_the_returned_settlement() -> None:
    """ "Follow this process twice for each keep. When you build a keep, place a wildling token from the
    pool under the settlement you return to your build cost card." That settlement, built again,
    reveals the new token."""
    giant, regular = wildling_token("ice river", "giant"), wildling_token("cave people", "regular")
    fresh = wildling_token("hornfoot", "regular")
    pos = position().keep_tokens(RED, giant, regular).token_pool(fresh)
    pos.settlement(RED, 21).road_path(RED, [21, 28, 22])
    pos.hand(RED, ore=3, grain=3, brick=1, lumber=1, wool=1)
    state = pos.turn(RED, "main").state
    pool, on_card = len(state.north.token_pool), len(state.north.settlement_tokens[RED])
    events = state.apply(RED, ("build_city", 21))
    revealed = [e.data for e in events if e.type == "token_revealed"]
    assert [(r["clan"], r["wildling"], r["why"]) for r in revealed] == [
        ("Ice River clan", "giant", "keep"),
        ("Cave People clan", "regular", "keep"),
    ]
    assert state.north.camps == [[GIANT], [REGULAR], []]
    assert len(state.north.keep_tokens[RED]) == 6
    assert len(state.north.token_pool) == pool - 1
    assert (
        len(state.north.settlement_tokens[RED]) == on_card + 1 and state.settlements_left[RED] == on_card + 1
    )
    conserved(state)

    events = state.apply(RED, ("build_settlement", 22))
    assert [e.data["clan"] for e in events if e.type == "token_revealed"] == ["Hornfoot clan"]
    assert state.north.camps[HORNFOOT] == [REGULAR]
    conserved(state)


def test_the_empty_pool_is_remixed_from_the_used_tokens(one_event) -> None:
    """ "Place any used wildling token(s) face up beside the game board. If the face-down wildling token
    pool is ever depleted, re-mix the face-up tokens to form a new pool.\""""
    pos = position().token_pool(only=True)
    pos.settlement(RED, 40).road_path(RED, [40, 33, 41, 34, 42]).hand(RED, brick=1, lumber=1)
    state = pos.turn(RED, "main").state
    assert state.north.token_pool == []
    used = len(state.north.tokens_used)
    events = state.apply(RED, ("build_road", pos.edge_between(42, 35)))
    assert one_event(events, "tokens_remixed").data == {"pool": used}
    one_event(events, "token_revealed")
    assert len(state.north.token_pool) == used - 1 and len(state.north.tokens_used) == 1
    conserved(state)


def test_longest_road_and_largest_patrol_are_worth_one_and_draw_a_token(one_event) -> None:
    """ "Longest Road and Largest Patrol are only worth 1 VP each." and "Each time you take the Longest
    Road or Largest Patrol special card, you must draw a random wildling token from the pool." Red
    takes Largest Patrol with her third patrol (option 2); Blue's settlement then cuts Red's road and
    Blue takes Longest Road from her."""
    pos = position().knights(RED, 2).dev_cards(RED, knight=1)
    hills = pos.hex_at(2, 2)
    pos.gift_wildlings(hills, "regular")
    pos.settlement(RED, 40).road_path(RED, [40, 33, 41, 34, 42, 35, 43])  # 6 roads: Longest Road
    pos.settlement(BLUE, 51).road_path(BLUE, [51, 57, 50, 56, 49, 42])  # 5 roads to Red's road
    pos.hand(BLUE, brick=1, lumber=1, grain=1, wool=1)
    tokens = wildling_token("ice river", "regular"), wildling_token("hornfoot", "giant")
    pos.token_pool(*tokens).settlement_tokens(BLUE, wildling_token("cave people", "regular"))
    state = pos.turn(RED, "main").state
    assert state.longest_road_holder == RED and state.public_vp[RED] == 1 + 1

    events = state.apply(RED, ("patrol_wildling", hills))
    assert one_event(events, "largest_army").data["player"] == RED
    assert one_event(events, "token_revealed").data["why"] == "largest_army"
    assert state.public_vp[RED] == 1 + 1 + 1 and state.north.camps[ICE_RIVER] == [REGULAR]

    state.apply(RED, ("end_turn",))
    roll(state, BLUE, 1, 2, 9)
    events = state.apply(BLUE, ("build_settlement", 42))
    assert one_event(events, "longest_road").data == {"player": BLUE, "length": 5, "previous": RED}
    revealed = {e.data["why"]: e.data["clan"] for e in events if e.type == "token_revealed"}
    assert revealed == {"settlement": "Cave People clan", "longest_road": "Hornfoot clan"}
    assert state.north.camps[HORNFOOT] == [GIANT] and state.north.camps[CAVE_PEOPLE] == [REGULAR]
    assert state.public_vp[RED] == 1 + 1 and state.public_vp[BLUE] == 2 + 1


def test_a_keeps_two_tokens_are_face_up_before_the_returned_settlement_draws(one_event) -> None:
    """Rules Reference, Wildling Tokens: "When you upgrade a settlement to a keep (i.e., build a keep),
    you release 2 wildling tokens. The upgraded settlement piece returns to the building costs card
    with a random wildling token under it." Released first, so with the pool empty the re-mix
    includes the keep's two tokens."""
    pos = position().token_pool(only=True).settlement(RED, 21).hand(RED, ore=3, grain=2)
    state = pos.turn(RED, "main").state
    used = len(state.north.tokens_used)
    events = state.apply(RED, ("build_city", 21))
    kinds = [e.type for e in events if e.type in ("token_revealed", "tokens_remixed")]
    assert kinds == ["token_revealed", "token_revealed", "tokens_remixed"]
    assert one_event(events, "tokens_remixed").data == {"pool": used + 2}
    assert len(state.north.token_pool) == used + 1 and state.north.tokens_used == []
    conserved(state)
