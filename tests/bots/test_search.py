"""The ``search`` bot finds the obvious, handles every decision of the three Catan games, and is
reproducible with an iteration budget. (Its strength is measured in benchmarks/bot_strength.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from ravenry.bots import bot_from_spec, bot_kinds, make_bot
from ravenry.bots.base import BotSeat
from ravenry.bots.greedy import GreedyCatanBot
from ravenry.bots.levels import LEVELS, bot_for_level, level_spec
from ravenry.bots.search import (
    DEV_WEIGHT,
    SearchBot,
    evaluate,
    guarded,
    hex_pips,
    offer_ideas,
    winning_action,
)
from ravenry.core.protocol import Action, GameState
from ravenry.core.registry import new_game
from ravenry.core.rng import Rng
from ravenry.games.catan.data import KNIGHT, VICTORY_POINT, WOOL
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scenario import Position, rig_dice
from ravenry.sim.runner import play_game

FAMILY = ("catan", "got-catan", "brotherhood")


def ask(bot: Any, state: GameState, seat: int, seed: int = 1) -> Action:
    return BotSeat(bot).decide(state, seat, Rng.from_seed(seed))


def search(**options: Any) -> SearchBot:
    return SearchBot(**{"iters": 60, **options})


def _longest_road_position() -> CatanState:
    """Seat 0 has 8 points and a trail of 4 roads; a 5th at either end takes Longest Road (+2).
    The cards would also buy a settlement (9 points), which is what greedy builds."""
    pos = Position("catan", 4)
    hills6 = pos.hex("hills", 6)
    ring = [pos.node(hills6, corner) for corner in ("N", "NE", "SE", "S", "SW")]
    pos.road_path(0, ring).settlement(0, ring[0])
    for terrain, number, corner in (("fields", 4, "S"), ("pasture", 11, "S"), ("forest", 9, "N")):
        pos.city(0, pos.node(pos.hex(terrain, number), corner))
    pos.settlement(0, pos.node(pos.hex("mountains", 3), "S"))
    pos.hand(0, brick=1, lumber=1, ore=1, grain=1, wool=1).turn(0, "main")
    state = pos.state
    assert state.public_vp[0] == 8 and state.road_length[0] == 4
    return state


def test_wins_on_the_spot_with_a_road_that_takes_longest_road() -> None:
    state = _longest_road_position()
    greedy_choice = ask(GreedyCatanBot(), state, 0)
    assert greedy_choice[0] == "build_settlement"
    choice = ask(search(), state, 0)
    after = state.clone()
    after.apply(0, choice)
    assert choice[0] == "build_road"
    assert after.decision().result is not None and after.decision().result.winners == (0,)


def test_wins_on_the_spot_even_on_the_smallest_budget() -> None:
    # One round of playouts proves little; the win is found before any playout.
    state = _longest_road_position()
    bot = search(iters=1)
    choice = ask(bot, state, 0)
    assert choice[0] == "build_road" and bot.last_iterations == 0
    assert winning_action(state.sample_hidden(0, Rng.from_seed(3)), 0, state.legal_actions(0)) == choice
    # Without the guard the search finds it too, by playing it out (a win scores 1).
    unguarded = search(iters=1, guard=False)
    assert ask(unguarded, state, 0) == choice and unguarded.last_iterations > 0


def _offer_from(points: int) -> CatanState:
    """Seat 1 offers one wool for one ore. On 9 points, the ore gives it a city and the game."""
    pos = Position("catan", 4)
    hills6 = pos.hex("hills", 6)
    start = pos.node(hills6, "N")
    # Seat 0: a settlement with a two-road path to a free spot.
    pos.settlement(0, start).road_path(0, [start, pos.node(hills6, "NE"), pos.node(hills6, "SE")])
    pos.settlement(1, pos.node(pos.hex("mountains", 3), "S"))
    if points >= 9:
        cities = [pos.node(pos.hex(t, n), c) for t, n, c in (("pasture", 11, "S"), ("forest", 9, "N"))]
        pos.city(1, *cities, pos.node(pos.hex("fields", 4), "S"))
        pos.knights(1, 3).special_cards(largest_army=1).hand(1, ore=2, grain=2, wool=1)
    else:
        pos.hand(1, wool=1)
    # Seat 0 lacks only wool for a settlement; the others hold nothing.
    pos.hand(0, ore=1, grain=1, lumber=1, brick=1)
    pos.turn(1, "main")
    state = pos.state
    assert state.total_vp(1) == points
    state.apply(1, ("offer_trade", (0, 0, 0, 0, 1), (0, 0, 1, 0, 0)))
    return state


def test_does_not_hand_a_player_on_9_points_the_card_that_wins() -> None:
    state = _offer_from(9)
    assert ask(search(), state, 0) == ("decline_trade",)
    # Accepting would lose at once: seat 1 confirms, builds the city and wins.
    accepted = state.clone()
    accepted.apply(0, ("accept_trade",))
    accepted.apply(2, ("decline_trade",))
    accepted.apply(3, ("decline_trade",))
    accepted.apply(1, ("confirm_trade", 0))
    city = next(a for a in accepted.legal_actions(1) if a[0] == "build_city")
    accepted.apply(1, city)
    assert accepted.decision().result is not None and accepted.decision().result.winners == (1,)


@pytest.mark.parametrize("iters", [1, 4])
def test_never_trades_with_a_player_on_the_brink_whatever_the_budget(iters: int) -> None:
    state = _offer_from(9)
    for seed in range(3):
        assert ask(search(iters=iters), state, 0, seed=seed) == ("decline_trade",)
    assert guarded(state, 0, [("accept_trade",), ("decline_trade",)]) == [("decline_trade",)]
    assert guarded(_offer_from(1), 0, [("accept_trade",)]) == [("accept_trade",)]


def test_takes_the_same_trade_from_a_player_far_from_winning() -> None:
    assert ask(search(), _offer_from(1), 0) == ("accept_trade",)


def test_discards_down_to_the_city_it_can_still_build() -> None:
    pos = Position("catan", 4)
    pos.settlement(0, pos.node(pos.hex("hills", 6), "N")).settlement(1, pos.node(pos.hex("fields", 4), "S"))
    pos.hand(0, ore=3, grain=2, lumber=2, brick=2, wool=1).turn(0, "pre_roll")
    state = pos.state
    rig_dice(state, 3, 4)
    state.apply(0, ("roll",))
    assert state.discards_owed[0] == 5
    for n in range(5):
        state.apply(0, ask(search(), state, 0, seed=n))
    assert state.hands[0] == [0, 0, 3, 2, 0]
    assert state.phase_name() == "move_robber"


def test_moves_the_robber_off_its_own_hex_onto_an_opponent() -> None:
    pos = Position("catan", 4)
    hills6 = pos.hex("hills", 6)
    pos.settlement(0, pos.node(hills6, "N")).city(0, pos.node(hills6, "S"))
    pos.settlement(1, pos.node(pos.hex("fields", 4), "S"))
    pos.settlement(2, pos.node(pos.hex("mountains", 3), "S"))
    pos.hand(1, brick=2, wool=1).hand(2, ore=3).robber(hills6).turn(0, "move_robber")
    state = pos.state
    _, h, victim = ask(search(), state, 0)
    owners = {state.node_owner[n] for n in state.board.topo.hex_nodes[h]}
    assert 0 not in owners and owners & {1, 2}
    assert victim in (1, 2)


def test_the_robber_guard_keeps_it_off_the_seats_own_hexes() -> None:
    pos = Position("catan", 4)
    hills6 = pos.hex("hills", 6)
    pos.settlement(0, pos.node(hills6, "N")).settlement(1, pos.node(pos.hex("fields", 4), "S"))
    pos.robber(pos.hex("mountains", 3)).turn(0, "move_robber")
    state = pos.state
    legal = state.legal_actions(0)
    kept = guarded(state, 0, legal)
    assert [a for a in legal if a[1] == hills6] and not [a for a in kept if a[1] == hills6]
    # Every hex the settlement touches is left out, and only those.
    mine = {h for h in range(len(state.board.topo.hex_nodes)) if 0 in owners_of(state, h)}
    assert len(mine) == 3 and kept == [a for a in legal if a[1] not in mine]
    for seed in range(3):
        assert ask(search(iters=2), state, 0, seed=seed)[1] != hills6


def owners_of(state: CatanState, h: int) -> set[int]:
    return {state.node_owner[n] for n in state.board.topo.hex_nodes[h]}


def test_keeps_greedy_when_nothing_is_clearly_better() -> None:
    # A discard with one sensible answer: wool is the card it needs least.
    pos = Position("catan", 4)
    pos.settlement(0, pos.node(pos.hex("hills", 6), "N"))
    pos.hand(0, ore=3, grain=2, wool=4).turn(0, "pre_roll")
    state = pos.state
    rig_dice(state, 3, 4)
    state.apply(0, ("roll",))
    assert ask(search(), state, 0) == ("discard", WOOL)


def _play(game_id: str, seed: int, steps: int, spec: str) -> list[tuple[int, Action]]:
    state = new_game(game_id, 4, seed)
    seats = [BotSeat(bot_from_spec(spec if p == 0 else "greedy", game_id)) for p in range(4)]
    rngs = [Rng.from_seed(seed * 10 + p) for p in range(4)]
    for _ in range(steps):
        decision = state.decision()
        if decision.result is not None:
            break
        p = decision.players[0]
        state.apply(p, seats[p].decide(state, p, rngs[p]))
    return list(state.history)


def test_an_iteration_budget_replays_exactly() -> None:
    one = _play("catan", 5, 160, "search:iters=12:width=4:playout=fast")
    assert len(one) == 160
    assert one == _play("catan", 5, 160, "search:iters=12:width=4:playout=fast")


def test_the_default_search_replays_exactly_with_an_iteration_budget() -> None:
    # Greedy playouts, the confidence margin and the phase weights: all seeded, no clock.
    one = _play("brotherhood", 7, 50, "search:iters=6")
    assert len(one) == 50
    assert one == _play("brotherhood", 7, 50, "search:iters=6")


@pytest.mark.parametrize("game_id", FAMILY)
def test_plays_whole_games_of_every_catan_game(game_id: str) -> None:
    bots = ["search:iters=8:width=3:horizon=1:playout=fast", "greedy", "greedy", "greedy"]
    summary = play_game(game_id, 4, 3, bots)
    assert summary.finished


def test_registered_for_the_family_with_checked_options() -> None:
    for game_id in FAMILY:
        assert "search" in bot_kinds(game_id)
        bot = make_bot("search", game_id)
        assert isinstance(bot, SearchBot) and bot.game == game_id and bot.ms == 500
    assert type(make_bot("search", "thrones")) is not SearchBot  # thrones has its own search bot
    bot = bot_from_spec("search:iters=2000", "catan")
    assert isinstance(bot, SearchBot) and bot.iters == 2000 and bot.ms is None
    bot = bot_from_spec("search:ms=250:playout=fast", "brotherhood")
    assert isinstance(bot, SearchBot) and bot.ms == 250 and bot.playout == "fast"
    assert make_bot("search", "catan").playout == "greedy"
    bot = bot_from_spec("search:z=0:margin=0:focus=false:guard=false", "catan")
    assert isinstance(bot, SearchBot)
    assert (bot.z, bot.margin, bot.focus, bot.guard) == (0.0, 0.0, False, False)
    bad_specs = ("search:iters=0", "search:ms=-1", "search:playout=magic", "search:depth=3", "search:width=x")
    wrong = ("search:z=-1", "search:z=x", "search:margin=2", "search:margin=x")
    wrong += ("search:focus=2", "search:guard=maybe")
    for bad in (*bad_specs, *wrong):
        with pytest.raises(ValueError):
            bot_from_spec(bad, "catan")


def test_a_time_budget_stops_in_time() -> None:
    state = new_game("catan", 4, 2)
    bot = SearchBot(ms=50)
    seat = state.decision().players[0]
    ask(bot, state, seat)
    assert bot.last_iterations >= 1


def test_levels_name_bot_specs_in_one_place() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    assert level_spec("hard", "catan") == "expert:ms=800"
    assert level_spec("hard", "thrones").startswith("search")
    for level in LEVELS:
        for game_id in (*FAMILY, "thrones"):
            bot_for_level(level, game_id)
    with pytest.raises(ValueError):
        level_spec("grandmaster", "catan")


def test_offer_ideas_ask_for_what_the_nearest_build_lacks_first() -> None:
    # brick, lumber, ore, grain, wool: three ore; a development card lacks a grain and a wool.
    hand = (0, 0, 3, 0, 0)
    ideas = offer_ideas(hand)
    assert ideas[0] == ((0, 0, 1, 0, 0), (0, 0, 0, 1, 1))  # one ore for the grain and the wool
    assert ideas[1] == ((0, 0, 1, 0, 0), (0, 0, 0, 1, 0))
    for give, get in ideas:
        assert sum(give) == 1 and 1 <= sum(get) <= 2
        assert all(g <= h for g, h in zip(give, hand, strict=True))
        assert not any(g and w for g, w in zip(give, get, strict=True))
    assert len(set(ideas)) == len(ideas)


def test_the_rich_leaf_counts_development_cards_and_the_races_for_special_cards() -> None:
    state = _longest_road_position()  # seat 0: a trail of 4, one road short of Longest Road
    pips = hex_pips(state)
    base, rich = evaluate(state, 0, pips), evaluate(state, 0, pips, rich=True)
    assert rich > base  # the road race counts for seat 0 (the others have no trail)
    state.dev_hands[0][KNIGHT] += 1
    assert evaluate(state, 0, pips) == base  # points alone do not see the card
    gain = evaluate(state, 0, pips, rich=True) - rich
    assert gain > DEV_WEIGHT  # the card, and one knight nearer Largest Army
    state.dev_hands[0][KNIGHT] -= 1
    state.dev_hands[0][VICTORY_POINT] += 1  # a point card counts once, as its point
    assert evaluate(state, 0, pips, rich=True) - rich == pytest.approx(evaluate(state, 0, pips) - base)
    with pytest.raises(ValueError):
        SearchBot(iters=4, leaf="deep")
