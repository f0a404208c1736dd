"""The rules' facts a view's static part carries for the page (the board: the resources' order,
costs, card and hero names, what each hero and wildling does, the heroes' order, the number
tokens' pips, the lands north of the Wall, the thrones unit words, rounds and wildling track) are
the facts the rules act on: the page keeps no copy of them, and the scan of the JavaScript at the
end of this file fails if one comes back.

Where the rules can be watched acting, they are: a build takes exactly the view's cost (and
one card fewer of any of it makes the build illegal); a ``hero_swap`` numbered ``i`` takes the
view's hero ``i``; the wildling die's faces lead where the view's trails say. The facts are
public and the same for every viewer, and only the static part carries them.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ravenry
from ravenry.core.protocol import GameState
from ravenry.games.brotherhood.data import TRAIL_OF_FACE, WILDLING_TYPES
from ravenry.games.brotherhood.heroes import HEROES
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


@pytest.mark.parametrize("game", CATAN_FAMILY)
def test_the_resources_and_the_pips_are_the_rules(game: str) -> None:
    board = static_part(game)
    assert board["resources"] == list(RESOURCES)
    # A hand names its resources in that order.
    alice = ravenry.new_game(game, players=4, seed=3).observe(ALICE)["players"][ALICE]
    assert list(alice["hand"]) == list(RESOURCES)
    # The pips under a number: the ways two dice roll it (7, the robber's, has no token).
    ways: dict[str, int] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        if a + b != 7:
            ways[str(a + b)] = ways.get(str(a + b), 0) + 1
    assert board["number_pips"] == ways
    numbers = {str(n) for hexagon in board["hexes"] for n in hexagon["numbers"]}
    assert numbers and numbers <= set(board["number_pips"])


def test_each_hero_and_wildling_says_what_it_does() -> None:
    board = static_part("brotherhood")
    assert [h["id"] for h in board["heroes"]] == [hero.id for hero in HEROES]
    assert all(h["does"] and h["does"] != h["name"] for h in board["heroes"])
    assert len({h["does"] for h in board["heroes"]}) == len(HEROES)
    assert [w["kind"] for w in board["north"]["wildlings"]] == list(WILDLING_TYPES)
    assert all(w["does"] for w in board["north"]["wildlings"])
    assert "heroes" not in static_part("catan") and "north" not in static_part("got-catan")


def test_thrones_names_its_units_in_the_order_actions_number_them() -> None:
    board = ravenry.new_game("thrones", players=5, seed=1).observe(None)["board"]
    assert [u["name"] for u in board["units"]] == list(thrones_data.UNIT_NAMES)
    assert all(u["plural"] != u["name"] for u in board["units"])
    # A muster's `what` is a unit's number, its event the unit's name from the same list.
    assert board["upgrade"] == len(board["units"])


# -- the page keeps no copy ------------------------------------------------------------------

JS_ROOT = Path(ravenry.__file__).resolve().parent / "web" / "static" / "js"
_STRING = re.compile(r"""(["'`])((?:\\.|(?!\1).)*?)\1""")
_ARRAY = re.compile(r"\[([^\[\]]*)\]")
_COMMENT = re.compile(r"^\s*//[^\n]*|/\*.*?\*/", re.DOTALL | re.MULTILINE)
# The arithmetic of two dice (a number's pips, the hot 6 and 8) written into a script.
_DICE_RULES = (re.compile(r"Math\.abs\(\s*7\s*-"), re.compile(r"===\s*6\s*\|\|[^;\n]*===\s*8"))
# Texts and lists of a view's static part shorter than this may be words a label uses too.
LONG_TEXT = 24


def all_static_parts() -> list[dict[str, Any]]:
    return [static_part(game) for game in CATAN_FAMILY] + [
        ravenry.new_game("thrones", players=5, seed=1).observe(None)["board"]
    ]


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)


def name_lists(value: Any) -> Iterator[set[str]]:
    """Every list of names in a static part (the resources, the heroes' ids, the unit words…),
    the names a list of records holds under one key (``units``' names, their plurals), and all
    of its records' names together."""
    if isinstance(value, dict):
        for v in value.values():
            yield from name_lists(v)
    elif isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            yield set(value)
        if value and all(isinstance(v, dict) for v in value):
            columns = [[v.get(key) for v in value] for key in value[0]]
            words = [set(column) for column in columns if all(isinstance(c, str) for c in column)]
            yield from words
            if len(words) > 1:
                yield set().union(*words)  # ["footman", "footmen"]: a record's words side by side
        for v in value:
            yield from name_lists(v)


def copies_in(source: str, texts: set[str], lists: list[set[str]]) -> list[str]:
    """What a script holds of the rules' facts: a long text of theirs, an array literal made
    mostly of (two or more) names of one of their lists, the dice's arithmetic."""
    code = _COMMENT.sub("", source)
    found = [f"text {s!r}" for s in sorted(texts) if s in code]
    for array in _ARRAY.finditer(code):
        quoted = {m.group(2) for m in _STRING.finditer(array.group(1))}
        for names in lists:
            # Mostly their names ("raid" and "support" are action types as well as orders).
            if len(quoted & names) >= max(2, len(quoted) / 2):
                found.append(f"list [{array.group(1)[:60]}]")
                break
    found += [f"dice rule {rule.pattern!r}" for rule in _DICE_RULES if rule.search(code)]
    return found


def rules_facts() -> tuple[set[str], list[set[str]]]:
    parts = all_static_parts()
    texts = {s for part in parts for s in strings_in(part) if len(s) >= LONG_TEXT}
    lists = [names for part in parts for names in name_lists(part) if len(names) >= 2]
    return texts, lists


def test_the_scan_finds_a_copied_fact() -> None:
    """The scan below catches each kind of copy this page once held."""
    texts, lists = rules_facts()
    held = {
        "resources": 'export const RESOURCES = ["brick", "lumber", "ore", "grain", "wool"];',
        "units": 'const UNIT_WORDS = [["footman", "footmen"], ["knight", "knights"], ["ship", "ships"]];',
        "plurals": 'const UNIT_PLURAL = ["footmen", "knights", "ships"];',
        "pips": "export function pips(n) { return n >= 2 && n <= 12 && n !== 7 ? 6 - Math.abs(7 - n) : 0; }",
        "hot": "const hot = numbers.some((n) => n === 6 || n === 8);",
        "hero": 'const HERO_HINTS = { marsh: "trade one resource with the supply 1:1" };',
        "wildling": 'row(icon("climber"), "Climber: jumps over the Wall into the Gift as soon as it '
        'reaches a clearing."),',
    }
    for what, source in held.items():
        assert copies_in(source, texts, lists), what
    # Drawing by a name is no copy: colours keyed by resource, a label with a unit's word in it.
    drawing = 'const C = { brick: "#c2562f", lumber: "#2e7d32" }; const s = `Upgrade a footman to a knight`;'
    drawing += ' const known = new Set(["raid", "support", "march", "move", "bid", "muster"]);'
    assert copies_in(drawing, texts, lists) == []


def test_the_page_holds_no_copy_of_the_rules_facts() -> None:
    texts, lists = rules_facts()
    scripts = sorted(JS_ROOT.rglob("*.js"))
    assert len(scripts) > 10
    found = {
        str(path.relative_to(JS_ROOT)): copies
        for path in scripts
        if (copies := copies_in(path.read_text(encoding="utf-8"), texts, lists))
    }
    assert found == {}, "the views carry these facts; read them from view.board"
