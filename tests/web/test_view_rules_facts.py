"""The rules' facts a view's static part carries for the page (the board: costs, card and hero
names, the heroes' order, the lands north of the Wall, the rounds and the wildling track of
thrones) are the facts the rules act on: the page keeps no copy of them.

Where the rules can be watched acting, they are: a build takes exactly the view's cost (and
one card fewer of any of it makes the build illegal); a ``hero_swap`` numbered ``i`` takes the
view's hero ``i``; the wildling die's faces lead where the view's trails say. The facts are
public and the same for every viewer, and only the static part carries them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ravenry
from ravenry.core.protocol import GameState
from ravenry.games.brotherhood.data import TRAIL_OF_FACE
from ravenry.games.catan.data import RESOURCES, TERRAIN_RESOURCE
from ravenry.games.catan.scenario import Position
from ravenry.games.thrones import data as thrones_data
from ravenry.games.thrones.scoring import REASON_NAMES, REASON_TURN_LIMIT

CATAN_FAMILY = ("catan", "got-catan", "brotherhood")
# The action that pays each cost of the view's "costs".
BUILDS = {
    "road": "build_road",
    "settlement": "build_settlement",
    "city": "build_city",
    "dev": "buy_dev",
    "guard": "build_guard",
}
ALICE = 0


def static_part(game: str) -> dict[str, Any]:
    board: dict[str, Any] = ravenry.new_game(game, players=4, seed=3).observe(None)["board"]
    return board


def builder(game: str, cards: dict[str, int]) -> GameState:
    """Alice on her turn after the roll with ``cards`` in hand, a settlement on a hex's N corner
    and roads on to its SE corner: a road, a settlement (at SE), a city (at N), a development card
    and a guard may each be built, if the hand pays for it."""
    pos = Position(game, players=4)
    h = 0
    north, east, south_east = (pos.node(h, c) for c in ("N", "NE", "SE"))
    pos.settlement(ALICE, north).road_path(ALICE, [north, east, south_east])
    pos.hand(ALICE, **cards).turn(ALICE, "main")
    return pos.state


def legal_of(state: GameState, action_type: str) -> list[tuple[Any, ...]]:
    return [a for a in state.legal_actions(ALICE) if a[0] == action_type]


def hand(state: GameState) -> dict[str, int]:
    view = state.observe(ALICE)
    return {r: n for r, n in view["players"][ALICE]["hand"].items() if n}


@pytest.mark.parametrize("game", CATAN_FAMILY)
def test_each_build_costs_what_the_view_says(game: str) -> None:
    costs = static_part(game)["costs"]
    expected = {"road", "settlement", "city", "dev"} | ({"guard"} if game == "brotherhood" else set())
    assert set(costs) == expected
    for thing, cost in costs.items():
        assert cost and all(r in RESOURCES and n > 0 for r, n in cost.items()), (thing, cost)
        state = builder(game, cost)
        actions = legal_of(state, BUILDS[thing])
        assert actions, f"{game}: {thing} is not buildable with exactly its cost {cost}"
        state.apply(ALICE, actions[0])
        assert hand(state) == {}, f"{game}: {thing} took other than {cost}"
        for short in cost:
            fewer = {**cost, short: cost[short] - 1}
            assert legal_of(builder(game, fewer), BUILDS[thing]) == [], f"{game}: {thing} without one {short}"


@pytest.mark.parametrize("game", CATAN_FAMILY)
def test_the_development_cards_are_named_as_the_game_names_them(game: str) -> None:
    names = static_part(game)["dev_cards"]
    ruleset = ravenry.get_game(game).ruleset  # type: ignore[attr-defined]
    assert list(names.values()) == list(ruleset.dev_card_names)
    # Each card id a view shows has its name there.
    state = Position(game, players=4).dev_cards(ALICE, knight=1, victory_point=1).state
    assert set(state.observe(ALICE)["players"][ALICE]["dev_cards"]) <= set(names)


@pytest.mark.parametrize("game", CATAN_FAMILY)
def test_each_terrain_on_the_board_yields_the_resource_the_view_says(game: str) -> None:
    board = static_part(game)
    yields = board["terrain_resources"]
    state = ravenry.new_game(game, players=4, seed=3)
    # Production pays from a hex the resource of its terrain: the rules' own table.
    for hexagon in board["hexes"]:
        r = TERRAIN_RESOURCE[hexagon["terrain"]]
        assert yields[hexagon["terrain"]] == (None if r is None else RESOURCES[r])
    assert board["discard_limit"] == state.rules.discard_limit  # type: ignore[attr-defined]


def test_a_hero_swap_numbered_i_takes_the_views_hero_i() -> None:
    """Brotherhood games of random moves that use heroes whenever they can: every swap's index
    names, in the view's hero list, the hero the event says was taken; every hero a view shows
    is in that list."""
    swaps = 0
    for seed in range(6):
        state = ravenry.new_game("brotherhood", players=3, seed=seed)
        heroes = [h["id"] for h in state.observe(None)["board"]["heroes"]]
        rng = random.Random(seed)
        for _ in range(1500):
            deciders = state.decision().players
            if not deciders:
                break
            p = deciders[0]
            legal = state.legal_actions(p)
            eager = [a for a in legal if a[0] == "hero_swap" or a[0].startswith("use_")]
            action = rng.choice(eager or legal)
            events = state.apply(p, action)
            if action[0] == "hero_swap":
                swaps += 1
                took = [e.data["took"] for e in events if e.type == "hero_swapped"]
                assert took == [heroes[action[1]]]
            view = state.observe(None)
            shown = {h["hero"] for h in view["heroes"]} | set(view["hero_display"])
            assert shown - {None} <= set(heroes)
    assert swaps >= 3, "too few swaps to check the order"


def test_the_north_is_laid_out_as_the_rules_have_it() -> None:
    state = ravenry.new_game("brotherhood", players=4, seed=3)
    view = state.observe(None)
    north = view["board"]["north"]
    # Which clearing each face of the wildling die sends a wildling to, as the rules move them.
    led: dict[int, tuple[int, int]] = {}
    for clan, trails in enumerate(north["trails"]):
        for trail in trails:
            for face in trail["faces"]:
                assert face not in led, f"face {face} is on two trails"
                led[face] = (clan, trail["clearing"])
    for face in range(1, north["wildling_die_sides"] + 1):
        assert led.get(face) == TRAIL_OF_FACE[face], face
    assert list(view["camps"]) == north["clans"]
    assert len(view["wall"]) == len(view["clearings"]) == north["sections"]
    assert all(len(camp) < north["camps_per_clan"] for camp in view["camps"].values())
    assert north["spaces_per_section"] * north["sections"] >= sum(len(s) for s in view["wall"])


def test_thrones_carries_its_rounds_and_its_wildling_track() -> None:
    board = ravenry.new_game("thrones", players=5, seed=1).observe(None)["board"]
    assert board["turns"] == thrones_data.TURNS
    # The end panel tells the end by rounds from the reason the rules give.
    assert REASON_NAMES[REASON_TURN_LIMIT] == f"turn {board['turns']}"
    track = (board["wildling_max"], board["wildling_step"])
    assert track == (thrones_data.WILDLING_MAX, thrones_data.WILDLING_STEP)
    assert board["wildling_max"] % board["wildling_step"] == 0  # the track's spaces end on the attack
    # A muster whose `what` is the board's upgrade makes a footman a knight.
    assert board["upgrade"] not in range(len(thrones_data.UNIT_NAMES))
    assert board["upgrade"] == thrones_data.UPGRADE


@pytest.mark.parametrize(("game", "players"), [*((g, 4) for g in CATAN_FAMILY), ("thrones", 5)])
def test_the_facts_are_public_and_only_in_the_static_part(game: str, players: int) -> None:
    state = ravenry.new_game(game, players=players, seed=5)
    boards = [state.observe(viewer)["board"] for viewer in (None, *range(players))]
    assert all(b == boards[0] for b in boards)
    assert "board" not in state.observe(0, static=False)
