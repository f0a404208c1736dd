"""The rulebook's worked examples of the Action phase: raids, marches, ship transport, support,
casualties, routed units, neutral forces and Consolidate Power; and the instant win."""

from __future__ import annotations

from thrones_positions import (
    act,
    area,
    blank,
    card,
    event_types,
    find,
    give_order,
    hold,
    march,
    put,
    seat,
    start_marches,
    start_raids,
)

from ravenry.core.protocol import Event
from ravenry.games.thrones.data import FOOTMAN, KNIGHT, SHIP
from ravenry.games.thrones.marches import destinations
from ravenry.games.thrones.state import P_CARDS, P_MARCH_CHOOSE, P_MARCH_MOVE, P_MARCH_NEXT, P_OVER

HOUSE_ORDER = ("greyjoy", "stark", "lannister", "baratheon", "tyrell")


def _iron_throne(s, houses):  # type: ignore[no-untyped-def]
    s.tracks[0] = [seat(s, h) for h in houses]


def test_five_raids() -> None:
    """Greyjoy pillages Highgarden, Lannister raids the Reach from Blackwater, Baratheon raids
    Riverrun from Harrenhal, Tyrell has no raid left, Lannister's Golden Sound raid has no target."""
    s = blank()
    _iron_throne(s, HOUSE_ORDER)
    put(s, "blackwater", "lannister", footmen=1)
    put(s, "the-golden-sound", "lannister", ships=1)
    put(s, "searoad-marches", "lannister", footmen=1)
    put(s, "riverrun", "lannister", footmen=1)
    put(s, "sunset-sea", "greyjoy", ships=1)
    put(s, "the-reach", "tyrell", footmen=1)
    put(s, "highgarden", "tyrell", footmen=1)
    put(s, "harrenhal", "baratheon", footmen=1)
    for where, kind in (
        ("blackwater", "raid"),
        ("the-golden-sound", "raid"),
        ("sunset-sea", "raid"),
        ("the-reach", "raid"),
        ("harrenhal", "raid"),
        ("highgarden", "consolidate_power"),
        ("searoad-marches", "support"),
        ("riverrun", "support"),
    ):
        give_order(s, where, kind)
    hold(s)
    start_raids(s)
    greyjoy_power = s.power[seat(s, "greyjoy")]
    assert s.current == seat(s, "greyjoy")
    events = act(s, "greyjoy", ("raid", area("sunset-sea"), area("highgarden")))
    assert find(events, "raided")["pillaged"] == 1
    assert s.power[seat(s, "greyjoy")] == greyjoy_power + 1
    assert s.current == seat(s, "lannister")  # Stark has no raid
    act(s, "lannister", ("raid", area("blackwater"), area("the-reach")))
    assert s.current == seat(s, "baratheon")
    act(s, "baratheon", ("raid", area("harrenhal"), area("riverrun")))
    # Tyrell's only raid is gone; back to the top: only Lannister's Golden Sound raid is left.
    assert s.current == seat(s, "lannister")
    assert s.legal_actions(seat(s, "lannister")) == [("raid", area("the-golden-sound"), -1)]
    act(s, "lannister", ("raid", area("the-golden-sound"), -1))
    assert s.order[area("searoad-marches")] >= 0  # the threatened support survived
    assert all(s.order[area(a)] < 0 for a in ("riverrun", "highgarden", "the-reach", "sunset-sea"))


def test_land_raid_never_hits_the_sea_and_raid_star_takes_two() -> None:
    s = blank()
    put(s, "the-reach", "tyrell", footmen=1)
    put(s, "blackwater", "lannister", footmen=1)
    put(s, "kings-landing", "lannister", footmen=1)
    put(s, "blackwater-bay", "baratheon", ships=1)
    give_order(s, "kings-landing", "raid*")
    give_order(s, "the-reach", "support")
    give_order(s, "blackwater", "support")
    give_order(s, "blackwater-bay", "support")
    put(s, "kingswood", "baratheon", footmen=1)
    give_order(s, "kingswood", "support")
    start_raids(s)
    legal = s.legal_actions(seat(s, "lannister"))
    assert ("raid", area("kings-landing"), area("blackwater-bay")) not in legal
    act(s, "lannister", ("raid", area("kings-landing"), area("the-reach")))
    # Raid★ may take a second order (never its own house's)
    assert s.legal_actions(seat(s, "lannister")) == [
        ("raid", area("kings-landing"), area("kingswood")),
        ("raid", area("kings-landing"), -1),
    ]
    act(s, "lannister", ("raid", area("kings-landing"), area("kingswood")))
    assert s.order[area("kingswood")] < 0 and s.order[area("kings-landing")] < 0


def test_lannisport_march_splits_three_footmen() -> None:
    """March -1 at Lannisport with 3 footmen: one to Stoney Sept, one to the Searoad Marches
    (joining a footman there: an army of 2), one stays; the March order is then removed."""
    s = blank(supply=1)
    put(s, "lannisport", "lannister", footmen=3)
    put(s, "searoad-marches", "lannister", footmen=1)
    give_order(s, "lannisport", "march-1")
    hold(s)
    start_marches(s)
    march(s, "lannister", "lannisport", [("footman", "stoney-sept"), ("footman", "searoad-marches")])
    counts = {a: s.units[area(a) * 3 + FOOTMAN] for a in ("lannisport", "stoney-sept", "searoad-marches")}
    assert counts == {"lannisport": 1, "stoney-sept": 1, "searoad-marches": 2}
    assert s.order[area("lannisport")] < 0


def test_supply_is_checked_after_every_single_move() -> None:
    s = blank(supply=0)  # armies of 2 and 2 at most
    put(s, "lannisport", "lannister", footmen=2)
    put(s, "stoney-sept", "lannister", footmen=2)
    put(s, "riverrun", "lannister", footmen=1)
    give_order(s, "lannisport", "march+0")
    start_marches(s)
    act(s, "lannister", ("march", area("lannisport")))
    legal = s.legal_actions(seat(s, "lannister"))
    assert ("move", area("lannisport"), area("stoney-sept"), FOOTMAN) not in legal  # an army of 3
    assert ("move", area("lannisport"), area("riverrun"), FOOTMAN) in legal  # still 2 and 2
    act(s, "lannister", ("move", area("lannisport"), area("riverrun"), FOOTMAN))
    # Now Lannisport holds one: the last one may join Stoney Sept? No: 3 and 2 at level 0.
    assert ("move", area("lannisport"), area("stoney-sept"), FOOTMAN) not in s.legal_actions(
        seat(s, "lannister")
    )


def test_greyjoy_ship_transport_from_pyke() -> None:
    """With a ship in Ironman's Bay, Pyke's units reach Flint's Finger, Greywater Watch, Seagard
    or Riverrun; with another in the Sunset Sea also Highgarden, the Searoad Marches, Oldtown."""
    s = blank()
    put(s, "pyke", "greyjoy", footmen=1, knights=1)
    put(s, "ironmans-bay", "greyjoy", ships=1)
    give_order(s, "pyke", "march+0")
    hold(s)
    start_marches(s)
    act(s, "greyjoy", ("march", area("pyke")))
    reach = set(destinations(s, seat(s, "greyjoy"), KNIGHT))
    assert reach == {area(a) for a in ("flints-finger", "greywater-watch", "seagard", "riverrun")}
    put(s, "sunset-sea", "greyjoy", ships=1)
    reach = set(destinations(s, seat(s, "greyjoy"), KNIGHT))
    assert {area("highgarden"), area("searoad-marches"), area("oldtown")} <= reach
    assert area("the-reach") not in reach  # not on those seas
    act(s, "greyjoy", ("move", area("pyke"), area("highgarden"), KNIGHT))
    assert s.owner[area("highgarden")] == seat(s, "greyjoy")


def test_another_houses_ships_never_carry() -> None:
    s = blank()
    put(s, "pyke", "greyjoy", footmen=1)
    put(s, "ironmans-bay", "lannister", ships=1)
    give_order(s, "pyke", "march+0")
    hold(s)
    start_marches(s)
    act(s, "greyjoy", ("march", area("pyke")))
    assert destinations(s, seat(s, "greyjoy"), FOOTMAN) == []


def test_flints_finger_to_widows_watch_takes_five_seas() -> None:
    seas = ("sunset-sea", "redwyne-straights", "the-summer-sea", "shipbreaker-bay", "the-narrow-sea")
    s = blank()
    put(s, "flints-finger", "greyjoy", footmen=1)
    for sea in seas:
        put(s, sea, "greyjoy", ships=1)
    give_order(s, "flints-finger", "march+0")
    start_marches(s)
    act(s, "greyjoy", ("march", area("flints-finger")))
    assert area("widows-watch") in destinations(s, seat(s, "greyjoy"), FOOTMAN)
    s.remove_units(area("the-summer-sea"), SHIP)
    assert area("widows-watch") not in destinations(s, seat(s, "greyjoy"), FOOTMAN)


def test_tyrell_lannister_support_seven_against_six() -> None:
    s = blank()
    put(s, "the-reach", "tyrell", knights=2)
    put(s, "kings-landing", "tyrell", knights=1)
    put(s, "blackwater", "lannister", footmen=1)
    put(s, "stoney-sept", "lannister", footmen=1, knights=1)
    put(s, "harrenhal", "baratheon", knights=1)
    give_order(s, "the-reach", "march+1*")
    give_order(s, "blackwater", "march-1")
    give_order(s, "kings-landing", "support")
    give_order(s, "stoney-sept", "support")
    give_order(s, "harrenhal", "support")
    _iron_throne(s, ("tyrell", "lannister", "baratheon", "stark", "greyjoy"))
    start_marches(s)
    march(s, "tyrell", "the-reach", [("knight", "blackwater"), ("knight", "blackwater")])
    act(s, "tyrell", ("support", area("kings-landing"), 0))
    act(s, "lannister", ("support", area("stoney-sept"), 1))
    act(s, "baratheon", ("support", area("harrenhal"), 1))
    assert s.phase == P_CARDS
    from ravenry.games.thrones.battle import strength

    assert strength(s, 0) == 7 and strength(s, 1) == 6


def test_tywin_against_margaery_one_casualty() -> None:
    s = blank()
    put(s, "stoney-sept", "lannister", footmen=2, knights=1)
    put(s, "blackwater", "tyrell", footmen=2)
    give_order(s, "stoney-sept", "march+0")
    hold(s)
    start_marches(s)
    march(s, "lannister", "stoney-sept", [("knight", "blackwater"), ("footman", "blackwater")])
    act(s, "lannister", ("house_card", card(s, "lannister", "Tywin Lannister")))
    events = act(s, "tyrell", ("house_card", card(s, "tyrell", "Margaery Tyrell")))
    result = find(events, "battle_result")
    assert (
        result["winner"] == seat(s, "lannister") and result["casualties"] == 1
    )  # 2 swords - 1 fortification
    act(s, "tyrell", ("casualty", FOOTMAN))
    act(s, "tyrell", ("retreat", area("the-reach")))
    assert s.units[area("the-reach") * 3 + FOOTMAN] == 1
    assert s.routed[area("the-reach") * 3 + FOOTMAN] == 1
    assert s.owner[area("blackwater")] == seat(s, "lannister")


def test_routed_tyrell_knight_at_storms_end_is_destroyed() -> None:
    s = blank()
    put(s, "storms-end", "tyrell", footmen=1, knights=1, routed=0)
    s.routed[area("storms-end") * 3 + KNIGHT] = 1  # the knight retreated here earlier this turn
    put(s, "kingswood", "tyrell", footmen=1)
    put(s, "dragonstone", "baratheon", knights=2)
    put(s, "shipbreaker-bay", "baratheon", ships=1)
    give_order(s, "dragonstone", "march+0")
    start_marches(s)
    act(s, "baratheon", ("march", area("dragonstone")))
    assert area("storms-end") in destinations(s, seat(s, "baratheon"), KNIGHT)  # by Shipbreaker Bay
    s.march.area = -1  # (undo the choice: the march below chooses it again)
    s.phase = P_MARCH_CHOOSE
    s.forget_legal_actions()
    march(s, "baratheon", "dragonstone", [("knight", "storms-end"), ("knight", "storms-end")])
    from ravenry.games.thrones.battle import strength

    assert strength(s, 1) == 1  # the footman only: the routed knight gives nothing
    act(s, "baratheon", ("house_card", card(s, "baratheon", "Ser Davos Seaworth")))
    events = act(s, "tyrell", ("house_card", card(s, "tyrell", "Queen of Thorns")))
    assert find(events, "routed_destroyed")["unit"] == "knight"  # before the footman retreats
    act(s, "tyrell", ("retreat", area("kingswood")))
    assert s.units[area("kingswood") * 3 + KNIGHT] == 0
    assert s.units[area("kingswood") * 3 + FOOTMAN] == 2
    assert s.owner[area("storms-end")] == seat(s, "baratheon")


def test_sunspear_neutral_force_falls_to_five() -> None:
    s = blank()
    s.neutral[area("sunspear")] = 5
    put(s, "yronwood", "tyrell", footmen=1, knights=1)
    put(s, "the-summer-sea", "tyrell", ships=1)
    give_order(s, "yronwood", "march+1*")
    give_order(s, "the-summer-sea", "support")
    start_marches(s)
    march(s, "tyrell", "yronwood", [("knight", "sunspear"), ("footman", "sunspear")])
    events = act(s, "tyrell", ("support", area("the-summer-sea"), 0))
    assert find(events, "neutral_force_defeated")["strength"] == 5
    assert s.neutral[area("sunspear")] == 0 and s.owner[area("sunspear")] == seat(s, "tyrell")


def test_short_attack_on_a_neutral_force_stays_home() -> None:
    s = blank()
    s.neutral[area("sunspear")] = 5
    put(s, "yronwood", "tyrell", footmen=1, knights=1)
    give_order(s, "yronwood", "march+0")
    start_marches(s)
    events = march(s, "tyrell", "yronwood", [("knight", "sunspear"), ("footman", "sunspear")])
    assert "neutral_force_held" in event_types(events)
    assert s.unit_count(area("yronwood")) == 2 and s.neutral[area("sunspear")] == 5


def test_dragonstone_consolidate_power_gives_two() -> None:
    """A lone footman on Dragonstone with a Consolidate Power order: 1 for the order and 1 for
    the power icon, once the marches are over; then every order leaves the board."""
    s = blank()
    put(s, "dragonstone", "baratheon", footmen=1)
    give_order(s, "dragonstone", "consolidate_power")
    put(s, "kingswood", "tyrell", footmen=1)
    give_order(s, "kingswood", "consolidate_power")  # Kingswood: one power icon too
    s.round_order = s.tracks[0][:]
    s.cursor = -1
    s.phase = P_MARCH_NEXT
    before = s.power[seat(s, "baratheon")]
    events: list[Event] = []
    s.advance(events)  # no march left: Consolidate Power, then the next Westeros phase
    gains = find(events, "consolidated_power")["power"]
    assert gains[seat(s, "baratheon")] == 2 and gains[seat(s, "tyrell")] == 2
    assert s.power[seat(s, "baratheon")] >= before + 2
    assert s.order[area("dragonstone")] < 0 and s.turn == 2


def test_leaving_a_power_token_keeps_control() -> None:
    s = blank()
    put(s, "kingswood", "baratheon", footmen=1)
    give_order(s, "kingswood", "march+0")
    start_marches(s)
    before = s.power[seat(s, "baratheon")]
    march(s, "baratheon", "kingswood", [("footman", "storms-end")], token=1)
    assert s.token[area("kingswood")] == seat(s, "baratheon")
    assert s.power[seat(s, "baratheon")] == before - 1
    assert s.controller(area("kingswood")) == seat(s, "baratheon")


def test_entering_an_enemy_power_token_returns_it_to_the_pool() -> None:
    s = blank()
    s.token[area("storms-end")] = seat(s, "tyrell")
    s.power[seat(s, "tyrell")] -= 1
    put(s, "kingswood", "baratheon", footmen=1)
    give_order(s, "kingswood", "march+0")
    start_marches(s)
    pool = s.pool[seat(s, "tyrell")]
    march(s, "baratheon", "kingswood", [("footman", "storms-end")])
    assert s.token[area("storms-end")] == -1 and s.pool[seat(s, "tyrell")] == pool + 1


def test_seventh_castle_wins_at_once() -> None:
    s = blank()
    for c in ("lannisport", "riverrun", "harrenhal", "seagard", "moat-cailin", "crackclaw-point"):
        put(s, c, "lannister", footmen=1)
    put(s, "blackwater", "lannister", footmen=2)
    give_order(s, "blackwater", "march+0")
    hold(s)
    start_marches(s)
    act(s, "lannister", ("march", area("blackwater")))
    events = act(s, "lannister", ("move", area("blackwater"), area("stoney-sept"), FOOTMAN))
    assert s.phase == P_MARCH_MOVE  # Stoney Sept has no castle
    events = act(s, "lannister", ("move", area("blackwater"), area("kings-landing"), FOOTMAN))
    assert s.phase == P_OVER  # the 7th castle: the game ends in the middle of the march
    assert find(events, "game_over")["winners"] == [seat(s, "lannister")]
    result = s.decision().result
    assert result is not None and result.reason == "castles" and result.winners == (seat(s, "lannister"),)
