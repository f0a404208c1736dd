"""The greedy Brotherhood bot on the Wall: where guards go, when they are built, ranger patrols
sent after wildlings, New Recruits, and Tormund next to wildlings."""

from __future__ import annotations

from watch_positions import COLUMNS, LEADER, ME, MY_HEXES, OTHER, choose, position

from ravenry.bots import make_bot
from ravenry.bots.greedy import GreedyBrotherhoodBot, GreedyCatanBot
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.games.brotherhood.rules import SETUP_GUARD
from ravenry.games.brotherhood.wildlings import column_hexes


def test_registry_gives_each_game_its_greedy_bot() -> None:
    assert isinstance(make_bot("greedy", "brotherhood"), GreedyBrotherhoodBot)
    assert not isinstance(make_bot("greedy", "got-catan"), GreedyBrotherhoodBot)
    assert type(make_bot("greedy", "catan")) is GreedyCatanBot


def test_set_up_guard_goes_where_a_breach_would_block_its_hexes() -> None:
    pos = position()
    pos.guards(1, LEADER).guards(2, OTHER)
    state = pos.state
    state.phase = SETUP_GUARD
    state.forget_legal_actions()
    assert {a[0] for a in state.legal_actions(ME)} == {"place_guard"}
    # Sections 0 and 3 are unguarded; only section 0's column starts on seat 0's forest 9.
    assert choose(state) == ("place_guard", 0)


def test_set_up_guard_in_real_games_is_on_an_unguarded_section_facing_its_production() -> None:
    bot = GreedyBrotherhoodBot()
    checked = 0
    for seed in range(6):
        state = new_game("brotherhood", 4, seed)
        while state.phase != SETUP_GUARD:
            seat = state.decision().players[0]
            state.apply(seat, bot.act(state.observe(seat), state.legal_actions(seat), Rng(seed)))
        while state.phase == SETUP_GUARD:
            seat = state.decision().players[0]
            action = bot.act(state.observe(seat), state.legal_actions(seat), Rng(seed))
            facts_pips = _first_hex_pips(state, seat)
            open_sections = [s for s in range(4) if not state.watch.sections[s]]
            if open_sections and max(facts_pips[s] for s in open_sections) > 0:
                assert not state.watch.sections[action[1]], "an unguarded section is more threatened"
                assert facts_pips[action[1]] == max(facts_pips[s] for s in open_sections)
                checked += 1
            state.apply(seat, action)
    assert checked >= 6


def _first_hex_pips(state: object, seat: int) -> list[int]:
    """Seat's pips on the first hex of each column (where a breach's first wildling lands)."""
    from ravenry.games.brotherhood.rules import BrotherhoodState
    from ravenry.games.catan.data import PIPS

    assert isinstance(state, BrotherhoodState)
    topo, layout = state.board.topo, state.board.layout
    out = []
    for section in range(4):
        h = column_hexes(state.board, section)[0]
        pips = sum(PIPS.get(n, 0) for n in layout.numbers[h])
        out.append(pips * sum(state.node_level[n] for n in topo.hex_nodes[h] if state.node_owner[n] == seat))
    return out


def test_builds_a_guard_where_a_breach_threatens_its_hexes() -> None:
    pos = position()
    # Section 0: one guard against one waiting wildling, and the Ice River clan is coming.
    pos.guards(0, LEADER).clearing(0, "regular").camp("ice river", "regular", "regular")
    pos.guards(3, OTHER, OTHER)
    pos.hand(ME, brick=1, lumber=1, wool=1, ore=1).turn(ME, "main")
    assert choose(pos.state) == ("build_guard", 0)


def test_guard_before_a_keep_when_the_siege_may_end_and_it_would_lose() -> None:
    pos = position()
    pos.guards(1, LEADER, LEADER).guards(0, ME).breaches(2)
    pos.hand(ME, brick=1, lumber=1, wool=1, ore=3, grain=2).turn(ME, "main")
    state = pos.state
    assert ("build_city", pos.node(0, "S")) in state.legal_actions(ME)
    assert choose(state)[0] == "build_guard"
    # The Catan greedy bot, blind to the Wall, would build the keep.
    assert GreedyCatanBot().act(state.observe(ME), state.legal_actions(ME), Rng(1))[0] == "build_city"


def test_third_guard_for_a_victory_point_before_a_development_card() -> None:
    pos = position()
    pos.guards(2, ME, ME)
    pos.hand(ME, brick=1, lumber=1, wool=2, ore=1, grain=1).turn(ME, "main")
    state = pos.state
    assert ("buy_dev",) in state.legal_actions(ME)
    action = choose(state)
    assert action[0] == "build_guard"
    before = state.public_vp[ME]
    state.apply(ME, action)
    assert state.public_vp[ME] == before + 1


def test_no_guard_when_ahead_on_the_wall_with_nothing_threatened() -> None:
    pos = position()
    pos.guards(2, ME, ME, ME)
    pos.hand(ME, brick=1, lumber=1, wool=2, ore=1, grain=1).turn(ME, "main")
    assert choose(pos.state) == ("buy_dev",)


def test_patrol_sends_home_the_wildling_that_blocks_its_hex() -> None:
    pos = position()
    pos.gift_wildlings(0, "regular").dev_cards(ME, knight=1).turn(ME, "pre_roll")
    state = pos.state
    assert choose(state) == ("patrol_wildling", 0)
    state.apply(ME, ("patrol_wildling", 0))
    assert state.north.gift[0] == [] and state.knights_played[ME] == 1


def test_knight_moves_tormund_when_he_blocks_more_than_the_wildling() -> None:
    pos = position()
    # Tormund on hills 8 (5 pips) outweighs the wildling on forest 9 (4 pips).
    pos.gift_wildlings(0, "regular").robber(4).dev_cards(ME, knight=1).turn(ME, "pre_roll")
    assert choose(pos.state) == ("play_knight",)


def test_new_recruits_is_a_free_guard_on_the_most_threatened_section() -> None:
    pos = position()
    pos.guards(0, LEADER).clearing(0, "regular").guards(1, OTHER).guards(2, OTHER).guards(3, OTHER)
    pos.dev_cards(ME, new_recruits=1).turn(ME, "main")
    assert choose(pos.state) == ("play_new_recruits", 0)


def test_tormund_is_not_sent_where_wildlings_already_block() -> None:
    pos = position()
    leader_hexes = (13, 19, 20)
    for h in leader_hexes:
        pos.gift_wildlings(h, "regular")
    pos.city(LEADER, pos.node(13, "N")).robber(MY_HEXES[1]).turn(ME, "move_robber")
    state = pos.state
    _, h, _ = choose(state)
    assert h not in leader_hexes and h not in MY_HEXES
    assert h == -1 or any(state.node_owner[n] not in (-1, ME) for n in state.board.topo.hex_nodes[h])


def test_columns_match_the_game() -> None:
    state = position().state
    assert tuple(tuple(column_hexes(state.board, s)) for s in range(4)) == COLUMNS
