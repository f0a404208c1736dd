"""Set-up for 3, 4 and 5 players, and the Westeros phase's worked examples: the Lannister
supply reduction, mustering, the Fiefdoms bid with its tie broken by the Iron Throne holder,
the wildlings, the mammoth icons and the turn's restrictions."""

from __future__ import annotations

import pytest
from thrones_positions import act, area, blank, give_order, put, seat

import ravenry
from ravenry.games.thrones.data import (
    FOOTMAN,
    KNIGHT,
    ORDER_KIND_NAMES,
    SHIP,
    UPGRADE,
    W_CLASH_OF_KINGS,
    W_GAME_OF_THRONES,
    W_LAST_DAYS_OF_SUMMER,
    W_MUSTERING,
    W_STORM_OF_SWORDS,
    W_SUPPLY,
    W_WILDLING_ATTACK,
    W_WINTER_IS_COMING,
)
from ravenry.games.thrones.planning import legal_planning, raven_swaps
from ravenry.games.thrones.rules import ThronesState
from ravenry.games.thrones.state import P_BID, P_MUSTER, P_PLANNING, P_SUPPLY, P_TIE, P_WESTEROS_NEXT


def _only_home(s: ThronesState, house: str) -> None:
    """Keep one house's printed home shield: the others' empty homes would muster too."""
    s.home = [seat(s, house) if s.home[a] == seat(s, house) else -1 for a in range(len(s.home))]


def _resolve(s: ThronesState, cards: tuple[int, int, int]) -> None:
    s.revealed = list(cards)
    s.w_index = 0
    s.phase = P_WESTEROS_NEXT
    s.advance([])
    s.forget_legal_actions()


@pytest.mark.parametrize(("players", "neutral_pyke", "to_win"), [(5, 0, 7), (4, 3, 7), (3, 3, 8)])
def test_setup(players: int, neutral_pyke: int, to_win: int) -> None:
    s = ravenry.new_game("thrones", players=players, seed=3)
    assert isinstance(s, ThronesState)
    assert s.castles_to_win == to_win
    assert s.neutral[area("kings-landing")] == 5 and s.neutral[area("the-eyrie")] == 6
    assert s.neutral[area("sunspear")] == 5
    assert s.neutral[area("pyke")] == neutral_pyke  # Greyjoy's footman and knight
    assert all(sorted(t) == list(range(players)) for t in s.tracks)  # the gaps are closed
    assert s.power == [5] * players and s.pool == [15] * players
    assert s.supply[0] == 1  # Stark: Winterfell's one barrel
    if players == 3:
        assert s.neutral[area("highgarden")] == 3 and s.neutral[area("redwyne-straights")] == 1
        # Fiefdoms 5p: Greyjoy, Tyrell, Stark, Baratheon, Lannister -> Stark takes the Blade
        assert s.tracks[1][0] == seat(s, "stark")
    assert s.phase == P_PLANNING and s.decision().simultaneous


def test_lannister_supply_drops_from_five_to_three() -> None:
    s = blank(supply=5)
    put(s, "harrenhal", "lannister", footmen=2, knights=2)
    put(s, "the-golden-sound", "lannister", ships=3)
    put(s, "searoad-marches", "lannister", knights=2)  # 1 barrel
    put(s, "stoney-sept", "lannister", footmen=2)
    put(s, "lannisport", "lannister", footmen=1)  # 2 barrels: 3 in all
    lan = seat(s, "lannister")
    _resolve(s, (W_SUPPLY, W_LAST_DAYS_OF_SUMMER, W_LAST_DAYS_OF_SUMMER))
    assert s.supply[lan] == 3 and s.phase == P_SUPPLY and s.current == lan
    act(s, "lannister", ("destroy", area("harrenhal"), FOOTMAN))
    assert s.phase == P_SUPPLY  # 3, 3, 2, 2 still breaks 3, 2, 2, 2
    act(s, "lannister", ("destroy", area("the-golden-sound"), SHIP))
    assert s.phase == P_PLANNING  # the armies fit: 3, 2, 2, 2 (and the last cards had nothing)
    assert s.unit_count(area("harrenhal")) == 3 and s.unit_count(area("the-golden-sound")) == 2


def test_lannister_mustering_example() -> None:
    """Supply 3: Lannisport's 2 points give a footman there and a ship in the Golden Sound,
    Harrenhal's point upgrades a footman, Riverrun's give a second ship; its last point cannot
    be used (3, 2, 2, 2 is full, and Greyjoy holds Ironman's Bay)."""
    s = blank(supply=3)
    put(s, "lannisport", "lannister", footmen=1)
    put(s, "riverrun", "lannister", knights=3)
    put(s, "harrenhal", "lannister", footmen=2)
    put(s, "stoney-sept", "lannister", footmen=1)
    put(s, "sunset-sea", "lannister", ships=1)
    put(s, "ironmans-bay", "greyjoy", ships=1)
    _only_home(s, "lannister")
    _resolve(s, (W_MUSTERING, W_LAST_DAYS_OF_SUMMER, W_LAST_DAYS_OF_SUMMER))
    assert s.phase == P_MUSTER and s.current == seat(s, "lannister")
    legal = s.legal_actions(seat(s, "lannister"))
    assert not any(a[1] == area("stoney-sept") for a in legal if a[0] == "muster")  # no castle
    act(s, "lannister", ("muster", area("lannisport"), FOOTMAN, area("lannisport")))
    act(s, "lannister", ("muster", area("lannisport"), SHIP, area("the-golden-sound")))
    act(s, "lannister", ("muster", area("harrenhal"), UPGRADE, area("harrenhal")))
    assert ("muster", area("riverrun"), FOOTMAN, area("riverrun")) not in s.legal_actions(
        seat(s, "lannister")
    )
    act(s, "lannister", ("muster", area("riverrun"), SHIP, area("the-golden-sound")))
    assert s.phase == P_PLANNING  # the last point at Riverrun has no legal use
    units = {a: s.units[area(a) * 3 : area(a) * 3 + 3] for a in ("riverrun", "lannisport", "harrenhal")}
    assert units == {"riverrun": [0, 3, 0], "lannisport": [2, 0, 0], "harrenhal": [1, 1, 0]}
    assert s.units[area("the-golden-sound") * 3 + SHIP] == 2


def test_mustering_points_stay_in_their_castle() -> None:
    s = blank(supply=2)
    put(s, "lannisport", "lannister", footmen=1)
    put(s, "harrenhal", "lannister", footmen=1)
    put(s, "the-golden-sound", "greyjoy", ships=1)
    _only_home(s, "lannister")
    _resolve(s, (W_MUSTERING, W_LAST_DAYS_OF_SUMMER, W_LAST_DAYS_OF_SUMMER))
    legal = s.legal_actions(seat(s, "lannister"))
    # Lannisport (stronghold, 2 points): a knight; Harrenhal (city, 1 point): no knight.
    assert ("muster", area("lannisport"), KNIGHT, area("lannisport")) in legal
    assert ("muster", area("harrenhal"), KNIGHT, area("harrenhal")) not in legal
    # No ship into the Golden Sound: Greyjoy's ship is there.
    assert not any(a[0] == "muster" and a[2] == SHIP for a in legal)
    act(s, "lannister", ("muster", area("lannisport"), KNIGHT, area("lannisport")))
    assert not any(
        a[0] == "muster" and a[1] == area("lannisport") for a in s.legal_actions(seat(s, "lannister"))
    )


def test_mustering_respects_supply() -> None:
    s = blank(supply=0)  # two armies of 2
    put(s, "lannisport", "lannister", footmen=2)
    put(s, "stoney-sept", "lannister", footmen=2)
    _only_home(s, "lannister")
    _resolve(s, (W_MUSTERING, W_LAST_DAYS_OF_SUMMER, W_LAST_DAYS_OF_SUMMER))
    legal = s.legal_actions(seat(s, "lannister"))
    assert ("muster", area("lannisport"), FOOTMAN, area("lannisport")) not in legal
    assert ("muster", area("lannisport"), SHIP, area("the-golden-sound")) in legal  # a single ship


def test_fiefdoms_tie_broken_by_the_iron_throne_holder() -> None:
    """The rulebook's example: Greyjoy has just won the Iron Throne; for the Fiefdoms Lannister
    bids 4, Baratheon and Stark 3, Tyrell 2, Greyjoy 0; Greyjoy puts Baratheon before Stark, and
    Lannister takes the Valyrian Steel Blade."""
    s = blank()
    s.power = [8] * 5
    s.pool = [12] * 5
    _resolve(s, (W_LAST_DAYS_OF_SUMMER, W_CLASH_OF_KINGS, W_LAST_DAYS_OF_SUMMER))
    assert s.phase == P_BID
    grey = seat(s, "greyjoy")
    for h, b in {"greyjoy": 1, "stark": 0, "lannister": 0, "baratheon": 0, "tyrell": 0}.items():
        act(s, h, ("bid", b))
    # Four bids of 0 tie: the old holder, Baratheon, orders them (the Throne moves only after).
    assert s.phase == P_TIE and s.current == seat(s, "baratheon")
    for h in ("baratheon", "stark", "lannister"):
        s.apply(s.current, ("tie_pick", seat(s, h)))
    assert s.tracks[0] == [seat(s, h) for h in ("greyjoy", "baratheon", "stark", "lannister", "tyrell")]
    for h, b in {"lannister": 4, "baratheon": 3, "stark": 3, "tyrell": 2, "greyjoy": 0}.items():
        act(s, h, ("bid", b))
    assert s.phase == P_TIE and s.current == grey  # the new holder breaks this tie
    assert s.legal_actions(grey) == [("tie_pick", seat(s, "stark")), ("tie_pick", seat(s, "baratheon"))]
    act(s, "greyjoy", ("tie_pick", seat(s, "baratheon")))
    assert s.tracks[1] == [seat(s, h) for h in ("lannister", "baratheon", "stark", "tyrell", "greyjoy")]
    assert s.observe(None)["tracks"]["fiefdoms"][0] == seat(s, "lannister")  # the Blade's holder
    assert s.power[seat(s, "lannister")] == 8 - 4  # bids go to the pool
    assert s.pool[seat(s, "lannister")] == 12 + 4
    assert s.phase == P_BID  # on to the King's Court


def test_bids_are_sealed_until_all_are_in() -> None:
    s = blank()
    _resolve(s, (W_LAST_DAYS_OF_SUMMER, W_CLASH_OF_KINGS, W_LAST_DAYS_OF_SUMMER))
    events = act(s, "stark", ("bid", 4))
    other = seat(s, "lannister")
    assert events[0].view(other)["amount"] is None
    assert "my_bid" not in s.observe(other) and s.observe(seat(s, "stark"))["my_bid"] == 4


def test_wildlings_victorious_two_and_four_points() -> None:
    s = blank()
    for h in ("stark", "lannister", "baratheon", "greyjoy", "tyrell"):
        put(
            s,
            {
                "stark": "winterfell",
                "lannister": "lannisport",
                "baratheon": "dragonstone",
                "greyjoy": "pyke",
                "tyrell": "highgarden",
            }[h],
            h,
            footmen=4,
            knights=1,
        )
    s.wildlings = 12
    _resolve(s, (W_LAST_DAYS_OF_SUMMER, W_LAST_DAYS_OF_SUMMER, W_WILDLING_ATTACK))
    for h, b in {"stark": 2, "lannister": 2, "baratheon": 1, "greyjoy": 2, "tyrell": 2}.items():
        act(s, h, ("bid", b))
    assert s.wildlings == 0
    bar = seat(s, "baratheon")
    assert s.loss_points[bar] == 4 and s.loss_points[seat(s, "stark")] == 2
    # In order of play (Baratheon first on the Iron Throne track here): four points
    act(s, "baratheon", ("wildling_loss", area("dragonstone"), KNIGHT))
    act(s, "baratheon", ("wildling_loss", area("dragonstone"), FOOTMAN))
    act(s, "baratheon", ("wildling_loss", area("dragonstone"), FOOTMAN))
    assert s.unit_count(area("dragonstone")) == 2 and s.current != bar


def test_nights_watch_victory_returns_a_card() -> None:
    s = blank()
    s.wildlings = 4
    stark = seat(s, "stark")
    s.hand[stark] = 0b0111111
    s.discard[stark] = 0b1000000
    _resolve(s, (W_LAST_DAYS_OF_SUMMER, W_LAST_DAYS_OF_SUMMER, W_WILDLING_ATTACK))
    for h, b in {"stark": 3, "lannister": 1, "baratheon": 0, "greyjoy": 0, "tyrell": 0}.items():
        act(s, h, ("bid", b))
    act(s, "stark", ("reclaim", 6))
    assert s.hand[stark] == 0b1111111 and s.discard[stark] == 0


def test_mammoths_advance_the_threat_before_anything_resolves() -> None:
    s = blank()
    s.phase = P_WESTEROS_NEXT
    s.decks[0] = [W_LAST_DAYS_OF_SUMMER, *s.decks[0][1:]]
    s.decks[1] = [W_GAME_OF_THRONES, *s.decks[1][1:]]
    s.decks[2] = [W_STORM_OF_SWORDS, *s.decks[2][1:]]
    from ravenry.games.thrones.westeros import start_westeros

    start_westeros(s, [])
    assert s.wildlings == 4 and s.turn == 2


def test_winter_is_coming_draws_again() -> None:
    s = blank()
    s.decks[0] = [W_WINTER_IS_COMING, W_SUPPLY, W_SUPPLY, W_SUPPLY, W_SUPPLY, W_MUSTERING]
    from ravenry.games.thrones.westeros import start_westeros

    start_westeros(s, [])
    assert s.revealed[0] in (W_SUPPLY, W_MUSTERING) and len(s.decks[0]) == 5


def test_game_of_thrones_gives_power_per_icon() -> None:
    s = blank()
    put(s, "winterfell", "stark", footmen=1)
    put(s, "karhold", "stark", footmen=1)
    _resolve(s, (W_LAST_DAYS_OF_SUMMER, W_GAME_OF_THRONES, W_LAST_DAYS_OF_SUMMER))
    assert s.power[seat(s, "stark")] == 7  # Winterfell 1 + Karhold 1


def test_storm_of_swords_forbids_defense_orders_for_planning_and_the_raven() -> None:
    s = blank()
    put(s, "winterfell", "stark", footmen=1)
    put(s, "white-harbor", "stark", footmen=1)
    _resolve(s, (W_LAST_DAYS_OF_SUMMER, W_LAST_DAYS_OF_SUMMER, W_STORM_OF_SWORDS))
    assert s.phase == P_PLANNING
    kinds = {ORDER_KIND_NAMES[a[2]] for a in legal_planning(s, seat(s, "stark")) if a[0] == "place_order"}
    assert "defense+1" not in kinds and "march+0" in kinds
    give_order(s, "winterfell", "march+0")
    assert not any(ORDER_KIND_NAMES[a[2]].startswith("defense") for a in raven_swaps(s, seat(s, "stark")))


def test_orders_are_placed_in_every_area_and_stay_hidden() -> None:
    s = blank()
    put(s, "winterfell", "stark", footmen=1)
    put(s, "white-harbor", "stark", footmen=1)
    stark = seat(s, "stark")
    from ravenry.games.thrones.planning import start_planning

    start_planning(s)
    s.forget_legal_actions()
    assert ("ready",) not in s.legal_actions(stark)
    events = act(s, "stark", ("place_order", area("winterfell"), 0))
    assert events[0].view(seat(s, "lannister"))["order"] is None
    assert s.observe(seat(s, "lannister"))["orders"][area("winterfell")] is None
    assert ("ready",) not in s.legal_actions(stark)
    act(s, "stark", ("place_order", area("white-harbor"), 4))
    assert ("ready",) in s.legal_actions(stark)


def test_orders_optional_rule_option() -> None:
    s = ravenry.new_game("thrones", players=4, seed=2, orders_optional=True)
    assert isinstance(s, ThronesState)
    assert s.neutral[area("ironmans-bay")] == 2  # Greyjoy's two ships are a neutral force
    assert ("ready",) in s.legal_actions(0)
    s.apply(0, ("ready",))
    assert 0 not in s.decision().players


def test_a_full_random_game_is_replayed_exactly() -> None:
    from ravenry.core.record import GameRecord, replay
    from ravenry.core.rng import Rng

    s = ravenry.new_game("thrones", players=5, seed=8)
    rng = Rng.from_seed(8)
    while not s.decision().over:
        p = rng.choice(s.decision().players)
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert s.turn == 10 or s.decision().result.reason == "castles"  # type: ignore[union-attr]
    assert replay(GameRecord.of(s)).to_json_text() == s.to_json_text()
