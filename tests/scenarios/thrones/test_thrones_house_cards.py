"""One scenario per house-card ability (15 of the 35 cards have one), the 7th card rule, the
Valyrian Steel Blade and the Fiefdoms tie-break. Every battle here is a march from
``origin`` into ``target`` with the cards given."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from thrones_positions import act, area, blank, card, find, give_order, hold, put, seat, start_marches

from ravenry.core.protocol import Event
from ravenry.games.thrones.data import FOOTMAN, KNIGHT
from ravenry.games.thrones.rules import ThronesState
from ravenry.games.thrones.state import P_ABILITY, P_BLADE, P_CARDS, P_CASUALTY, P_RETREAT

Units = tuple[int, int, int]


def fight(
    attacker: str,
    defender: str,
    att_units: Units,
    def_units: Units,
    att_card: str,
    def_card: str,
    *,
    origin: str = "stoney-sept",
    target: str = "blackwater",
    march_kind: str = "march+0",
    defense: str | None = None,
    setup: Callable[[ThronesState], None] | None = None,
    pledges: tuple[tuple[str, str, int], ...] = (),
    blade: int | None = 0,
) -> tuple[ThronesState, list[Event]]:
    s = blank()
    put(s, origin, attacker, *att_units)
    put(s, target, defender, *def_units)
    give_order(s, origin, march_kind)
    if defense:
        give_order(s, target, defense)
    if setup:
        setup(s)
    other = next(h for h in ("greyjoy", "tyrell", "stark") if h not in (attacker, defender))
    hold(s, other, {"greyjoy": "pyke", "tyrell": "highgarden", "stark": "winterfell"}[other])
    s.tracks[0] = [seat(s, attacker), *[p for p in s.tracks[0] if p != seat(s, attacker)]]
    start_marches(s)
    act(s, attacker, ("march", area(origin)))
    for t, n in enumerate(att_units):
        for _ in range(n):
            act(s, attacker, ("move", area(origin), area(target), t))
    act(s, attacker, ("end_march", 0))
    for house, where, side in pledges:
        act(s, house, ("support", area(where), side))
    assert s.phase == P_CARDS
    act(s, attacker, ("house_card", card(s, attacker, att_card)))
    events = act(s, defender, ("house_card", card(s, defender, def_card)))
    if blade is not None and s.phase == P_BLADE:
        events += s.apply(s.current, ("blade", blade))
    return s, events


def finish(s: ThronesState) -> None:
    """Take the first casualty and retreat offered until the battle is over."""
    while s.phase in (P_CASUALTY, P_RETREAT):
        s.apply(s.current, s.legal_actions(s.current)[0])


def result(events: list[Event]) -> dict[str, Any]:
    return find(events, "battle_result")


def test_robb_stark_attacking_knights_count_three() -> None:
    _, ev = fight("stark", "lannister", (0, 1, 0), (1, 0, 0), "Robb Stark", "House Lannister Captain")
    assert result(ev)["attacker_strength"] == 3 + 2  # the knight 3, Robb 2
    assert result(ev)["defender_strength"] == 1 + 1


def test_robb_stark_defending_knights_count_two() -> None:
    _, ev = fight("lannister", "stark", (1, 0, 0), (0, 1, 0), "House Lannister Captain", "Robb Stark")
    assert result(ev)["defender_strength"] == 2 + 2


def test_catelyn_stark_doubles_the_defense_order() -> None:
    _, ev = fight(
        "lannister", "stark", (1, 0, 0), (1, 0, 0), "Vargo Hoat", "Catelyn Stark", defense="defense+1"
    )
    assert result(ev)["defender_strength"] == 1 + 2


def test_maester_luwin_returns_a_discarded_card() -> None:
    def discarded(s: ThronesState) -> None:
        stark = seat(s, "stark")
        s.hand[stark] &= ~1  # Eddard Stark played earlier
        s.discard[stark] |= 1

    s, _ = fight("lannister", "stark", (1, 0, 0), (0, 2, 0), "Vargo Hoat", "Maester Luwin", setup=discarded)
    assert s.phase == P_ABILITY and s.current == seat(s, "stark")
    act(s, "stark", ("ability", 0))
    stark = seat(s, "stark")
    assert s.hand[stark] & 1 and not s.discard[stark] & 1


def test_ser_jaime_gains_two_power_on_a_win() -> None:
    s = blank()
    before = s.power[seat(s, "lannister")]
    s, _ = fight("lannister", "tyrell", (0, 2, 0), (1, 0, 0), "Ser Jaime Lannister", "Margaery Tyrell")
    assert s.power[seat(s, "lannister")] == before + 2


def test_vargo_hoat_attacking_footmen_count_two() -> None:
    _, ev = fight("lannister", "tyrell", (2, 0, 0), (1, 0, 0), "Vargo Hoat", "Margaery Tyrell")
    assert result(ev)["attacker_strength"] == 4


def test_cersei_removes_one_of_the_losers_orders() -> None:
    def tyrell_order(s: ThronesState) -> None:
        put(s, "highgarden", "tyrell", footmen=1)
        give_order(s, "highgarden", "consolidate_power")

    s, _ = fight(
        "lannister", "tyrell", (0, 2, 0), (1, 0, 0), "Cersei Lannister", "Margaery Tyrell", setup=tyrell_order
    )
    assert s.phase == P_ABILITY
    assert ("ability", area("highgarden")) in s.legal_actions(seat(s, "lannister"))
    act(s, "lannister", ("ability", area("highgarden")))
    assert s.order[area("highgarden")] < 0


def test_renly_upgrades_a_footman_of_the_battle() -> None:
    s, _ = fight("baratheon", "tyrell", (2, 1, 0), (1, 0, 0), "Renly Baratheon", "Margaery Tyrell")
    act(s, "baratheon", ("ability", -1))
    finish(s)
    i = area("blackwater") * 3
    assert s.units[i + FOOTMAN] == 1 and s.units[i + KNIGHT] == 2


def test_salladhor_saan_zeroes_the_opponents_supporting_ships() -> None:
    def ships(s: ThronesState) -> None:
        put(s, "sea-of-dorne", "tyrell", ships=2)
        give_order(s, "sea-of-dorne", "support")

    _, ev = fight(
        "baratheon",
        "tyrell",
        (1, 0, 0),
        (1, 0, 0),
        "Salladhor Saan",
        "Margaery Tyrell",
        origin="kingswood",
        target="storms-end",
        setup=ships,
        pledges=(("tyrell", "sea-of-dorne", 1),),
    )
    assert result(ev)["defender_strength"] == 1 + 1  # the footman and Margaery; ships give 0


def test_supporting_ships_count_without_salladhor() -> None:
    def ships(s: ThronesState) -> None:
        put(s, "sea-of-dorne", "tyrell", ships=2)
        give_order(s, "sea-of-dorne", "support")

    _, ev = fight(
        "baratheon",
        "tyrell",
        (1, 0, 0),
        (1, 0, 0),
        "House Florent Lord",
        "Margaery Tyrell",
        origin="kingswood",
        target="storms-end",
        setup=ships,
        pledges=(("tyrell", "sea-of-dorne", 1),),
    )
    assert result(ev)["defender_strength"] == 1 + 1 + 2


def test_melisandre_pays_one_power_to_discard_from_the_losers_hand() -> None:
    s, _ = fight("baratheon", "tyrell", (0, 2, 0), (1, 0, 0), "Melisandre of Asshai", "Margaery Tyrell")
    bar, tyr = seat(s, "baratheon"), seat(s, "tyrell")
    power = s.power[bar]
    mace = card(s, "tyrell", "Mace Tyrell")
    act(s, "baratheon", ("ability", mace))
    assert s.power[bar] == power - 1 and s.discard[tyr] >> mace & 1 and not s.hand[tyr] >> mace & 1


def test_asha_removes_an_adjacent_support_or_consolidate_order() -> None:
    def orders(s: ThronesState) -> None:
        put(s, "harrenhal", "lannister", footmen=1)
        give_order(s, "harrenhal", "consolidate_power")

    s, _ = fight("greyjoy", "tyrell", (0, 2, 0), (1, 0, 0), "Asha Greyjoy", "Margaery Tyrell", setup=orders)
    act(s, "greyjoy", ("ability", area("harrenhal")))
    assert s.order[area("harrenhal")] < 0


def test_victarion_attacking_ships_count_two() -> None:
    _, ev = fight(
        "greyjoy",
        "lannister",
        (0, 0, 2),
        (0, 0, 1),
        "Victarion Greyjoy",
        "House Lannister Captain",
        origin="ironmans-bay",
        target="the-golden-sound",
    )
    assert result(ev)["attacker_strength"] == 4


def test_balon_makes_the_opponents_card_count_zero() -> None:
    s, ev = fight("greyjoy", "tyrell", (0, 1, 0), (1, 0, 0), "Balon Greyjoy", "Mace Tyrell")
    assert result(ev)["defender_strength"] == 1  # Mace's 3 counts 0
    assert result(ev)["winner"] == seat(s, "greyjoy")


def test_ser_loras_destroys_a_footman_at_once() -> None:
    _, ev = fight("lannister", "tyrell", (2, 0, 0), (1, 1, 0), "House Lannister Captain", "Ser Loras Tyrell")
    assert find(ev, "card_ability")["destroyed"] == "footman"
    assert result(ev)["attacker_strength"] == 1 + 1


def test_ser_loras_ending_the_battle_with_the_last_unit() -> None:
    s, ev = fight("tyrell", "lannister", (0, 2, 0), (1, 0, 0), "Ser Loras Tyrell", "Tywin Lannister")
    assert "battle_result" not in [e.type for e in ev]
    assert s.owner[area("blackwater")] == seat(s, "tyrell")


def test_brienne_discards_the_defense_order() -> None:
    _, ev = fight(
        "tyrell", "lannister", (1, 0, 0), (1, 0, 0), "Brienne of Tarth", "Vargo Hoat", defense="defense+1"
    )
    assert result(ev)["defender_strength"] == 1


def test_queen_of_thorns_cancels_the_opponents_ability() -> None:
    _, ev = fight(
        "tyrell", "stark", (1, 0, 0), (1, 0, 0), "Queen of Thorns", "Catelyn Stark", defense="defense+1"
    )
    assert result(ev)["defender_strength"] == 1 + 1  # Catelyn's doubling is cancelled


def test_cards_stay_secret_until_both_are_chosen() -> None:
    s = blank()
    put(s, "stoney-sept", "lannister", footmen=1)
    put(s, "blackwater", "tyrell", footmen=1)
    give_order(s, "stoney-sept", "march+0")
    hold(s)
    start_marches(s)
    act(s, "lannister", ("march", area("stoney-sept")))
    act(s, "lannister", ("move", area("stoney-sept"), area("blackwater"), FOOTMAN))
    act(s, "lannister", ("end_march", 0))
    events = act(s, "lannister", ("house_card", 0))
    tyrell = seat(s, "tyrell")
    assert events[0].view(tyrell)["card"] is None
    assert s.observe(tyrell)["battle"]["cards"] == [None, None]
    assert s.observe(seat(s, "lannister"))["battle"]["cards"][0] == 0
    assert s.observe(tyrell)["hands"][seat(s, "lannister")] == list(range(7))  # still in hand


def test_the_seventh_card_returns_with_the_other_six() -> None:
    """Rulebook: "instead of discarding this card, he takes all the 6 previously used cards back
    to his hand. His hand of House Cards is now full again" (audit T2: the 7th is kept too)."""

    def last_card(s: ThronesState) -> None:
        lan = seat(s, "lannister")
        s.hand[lan] = 1 << card(s, "lannister", "Tywin Lannister")
        s.discard[lan] = 0b1111111 & ~s.hand[lan]

    s, _ = fight(
        "lannister", "tyrell", (1, 0, 0), (1, 0, 0), "Tywin Lannister", "Margaery Tyrell", setup=last_card
    )
    finish(s)
    lan = seat(s, "lannister")
    tywin = card(s, "lannister", "Tywin Lannister")
    assert tywin >= 0
    assert s.discard[lan] == 0 and s.hand[lan] == 0b1111111


def test_valyrian_steel_blade_once_per_turn_and_fiefdoms_breaks_ties() -> None:
    def blade_to_lannister(s: ThronesState) -> None:
        s.tracks[1] = [seat(s, "lannister"), *[p for p in s.tracks[1] if p != seat(s, "lannister")]]

    s, ev = fight(
        "tyrell",
        "lannister",
        (1, 0, 0),
        (1, 0, 0),
        "Margaery Tyrell",
        "Ser Kevan Lannister",
        setup=blade_to_lannister,
        blade=None,
    )
    assert s.phase == P_BLADE and s.current == seat(s, "lannister")
    ev = act(s, "lannister", ("blade", 1))
    assert result(ev)["defender_strength"] == 1 + 1 + 1
    assert s.blade_used == 1
    # A tie (no blade): the higher Fiefdoms position wins.
    s2, ev2 = fight("tyrell", "lannister", (1, 0, 0), (1, 0, 0), "Margaery Tyrell", "Ser Kevan Lannister")
    r = result(ev2)
    assert r["attacker_strength"] == r["defender_strength"]
    fief = s2.tracks[1]
    higher = min((seat(s2, "tyrell"), seat(s2, "lannister")), key=fief.index)
    assert r["winner"] == higher
