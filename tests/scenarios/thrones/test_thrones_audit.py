"""Scenarios for the faults the independent audit (docs/thrones-audit.md) found and fixed: the
retreated units that cannot fit supply chosen by their house, the 7th house card kept in hand,
available power hidden while bidding, and the instant win checked in the Westeros phase."""

from __future__ import annotations

from thrones_positions import act, area, blank, card, give_order, hold, march, put, seat, start_marches

import ravenry
from ravenry.core.rng import Rng
from ravenry.games.thrones.bidding import start_bid
from ravenry.games.thrones.data import AREA_HOME, FOOTMAN, HOUSES, KNIGHT
from ravenry.games.thrones.map import CASTLE_AREAS
from ravenry.games.thrones.rules import ThronesState
from ravenry.games.thrones.state import P_MARCH_NEXT, P_OVER, P_RETREAT_LOSS, P_WILDLING_LOSS


def _tywin_beats_margaery_at_blackwater() -> ThronesState:
    """Lannister (2 knights) attacks three Tyrell units at Blackwater and wins without casualties."""
    s = blank()
    put(s, "stoney-sept", "lannister", knights=2)
    put(s, "blackwater", "tyrell", footmen=2, knights=1)
    give_order(s, "stoney-sept", "march+0")
    hold(s)
    start_marches(s)
    march(s, "lannister", "stoney-sept", [("knight", "blackwater"), ("knight", "blackwater")])
    act(s, "lannister", ("house_card", card(s, "lannister", "Ser Jaime Lannister")))  # no swords
    act(s, "tyrell", ("house_card", card(s, "tyrell", "Queen of Thorns")))
    return s


def test_defender_chooses_which_retreated_unit_cannot_fit_supply() -> None:
    s = _tywin_beats_margaery_at_blackwater()
    tyrell = seat(s, "tyrell")
    # Supply 0 (armies of 2, 2): no area takes all three, so any legal area is offered.
    s.supply[tyrell] = 0
    s.forget_legal_actions()
    reach = area("the-reach")
    act(s, "tyrell", ("retreat", reach))
    assert s.phase == P_RETREAT_LOSS and s.current == tyrell
    assert sorted(s.legal_actions(tyrell)) == [("destroy", reach, FOOTMAN), ("destroy", reach, KNIGHT)]
    events = act(s, "tyrell", ("destroy", reach, KNIGHT))  # the house's choice, not the weakest
    assert [e.type for e in events].count("retreat_destroyed") == 1
    assert s.units[reach * 3 : reach * 3 + 3] == [2, 0, 0]
    assert s.routed[reach * 3 + FOOTMAN] == 2
    assert s.owner[area("blackwater")] == seat(s, "lannister")
    assert s.phase not in (P_RETREAT_LOSS,) and s.battle.area < 0


def test_losing_attacker_chooses_which_returned_unit_cannot_fit_supply() -> None:
    s = blank()
    put(s, "stoney-sept", "lannister", footmen=1, knights=2)
    put(s, "blackwater", "tyrell", footmen=1, knights=2)
    give_order(s, "stoney-sept", "march+0")
    hold(s)
    start_marches(s)
    lan = seat(s, "lannister")
    march(s, "lannister", "stoney-sept", [("knight", "blackwater"), ("knight", "blackwater")])
    s.supply[lan] = 0  # (set here: the footman left behind plus two returning knights make 3)
    act(s, "lannister", ("house_card", card(s, "lannister", "Cersei Lannister")))
    act(s, "tyrell", ("house_card", card(s, "tyrell", "Margaery Tyrell")))  # wins, no swords
    sept = area("stoney-sept")
    assert s.phase == P_RETREAT_LOSS and s.current == lan
    assert s.legal_actions(lan) == [("destroy", sept, KNIGHT)]  # only returned units: the knights
    act(s, "lannister", ("destroy", sept, KNIGHT))
    assert s.units[sept * 3 : sept * 3 + 3] == [1, 1, 0]
    assert s.routed[sept * 3 + KNIGHT] == 1 and s.routed[sept * 3 + FOOTMAN] == 0
    assert s.battle.area < 0 and s.phase != P_RETREAT_LOSS


def test_seventh_card_comes_back_with_the_other_six() -> None:
    s = _tywin_beats_margaery_at_blackwater()
    lan = seat(s, "lannister")
    assert s.hand[lan] != 0
    # (the full rule is in test_thrones_house_cards; here the other path: Melisandre's discard)
    from ravenry.games.thrones.house_cards import discard_played, refill_if_empty

    s.hand[lan] = 0
    s.discard[lan] = 0b0111111
    discard_played(s, lan, 6)
    assert s.hand[lan] == 0b1111111 and s.discard[lan] == 0
    s.hand[lan] = 0
    s.discard[lan] = 0b1111111
    refill_if_empty(s, lan, 3)
    assert s.hand[lan] == 0b1110111 and s.discard[lan] == 0b0001000


def test_available_power_is_hidden_while_bidding() -> None:
    s = ravenry.new_game("thrones", players=5, seed=2)
    assert isinstance(s, ThronesState)
    start_bid(s, 0, [])
    s.forget_legal_actions()
    view = s.observe(0)
    assert view["power"][0] == 5 and view["power"][1:] == [None] * 4
    assert view["pool"][1:] == [None] * 4
    assert s.observe(None)["power"] == [None] * 5
    for p in range(5):
        s.apply(p, ("bid", p % 2))
    assert None not in s.observe(0)["power"]  # revealed, and paid


def test_home_area_regained_in_westeros_wins_at_once() -> None:
    s = blank()
    stark, greyjoy = seat(s, "stark"), seat(s, "greyjoy")
    winterfell = area("winterfell")
    others = [a for a in CASTLE_AREAS if a != winterfell and AREA_HOME[a] < 0][:6]
    for a in others:
        s.add_units(a, stark, FOOTMAN)
    s.add_units(winterfell, greyjoy, FOOTMAN)  # covers Stark's printed shield
    assert HOUSES[s.houses[stark]] == "stark"
    s.queue = [greyjoy]
    s.loss_points = [0] * s.n
    s.loss_points[greyjoy] = 2
    s.current = greyjoy
    s.phase = P_WILDLING_LOSS
    s.w_index = 3
    s.forget_legal_actions()
    act(s, "greyjoy", ("wildling_loss", winterfell, FOOTMAN))
    assert s.phase == P_OVER and s.winners == [stark]


def test_march_next_after_neutral_return_without_overflow() -> None:
    s = blank()
    put(s, "yronwood", "tyrell", footmen=1)
    s.neutral[area("sunspear")] = 5
    give_order(s, "yronwood", "march+0")
    hold(s)
    start_marches(s)
    march(s, "tyrell", "yronwood", [("footman", "sunspear")])
    assert s.neutral[area("sunspear")] == 5 and s.units[area("yronwood") * 3] == 1
    assert s.phase != P_RETREAT_LOSS and s.battle.area < 0
    assert s.phase != P_MARCH_NEXT  # the advance went on to the next march


def test_renly_defending_never_upgrades_a_routed_footman() -> None:
    """Renly: "upgrade one of your footmen that took part" -- a routed footman gives no strength
    and takes no part; with only routed footmen there is nothing to upgrade."""
    s = blank()
    put(s, "stoney-sept", "tyrell", footmen=1)
    put(s, "blackwater", "baratheon", footmen=1, knights=2, routed=1)  # the footman is routed
    give_order(s, "stoney-sept", "march+0")
    hold(s)
    start_marches(s)
    march(s, "tyrell", "stoney-sept", [("footman", "blackwater")])
    act(s, "tyrell", ("house_card", card(s, "tyrell", "Margaery Tyrell")))
    act(s, "baratheon", ("house_card", card(s, "baratheon", "Renly Baratheon")))
    bar = seat(s, "baratheon")
    assert s.battle.winner == bar
    assert all(a[0] != "ability" for a in s.legal_actions(s.current))
    i = area("blackwater") * 3
    assert s.units[i + FOOTMAN] == 1 and s.units[i + KNIGHT] == 2


def test_demo_report_shows_the_thrones_end_position() -> None:
    """``ravenry demo thrones`` used to crash in the Catan board display."""
    from rich.console import Console

    from ravenry.sim.display import game_report
    from ravenry.sim.runner import DEFAULT_TURN_CAP, run_game

    summary, state = run_game("thrones", 3, 1, ("random", "random", "random"), DEFAULT_TURN_CAP, {})
    console = Console(record=True, width=100)
    console.print(game_report(state.observe(None), summary))
    text = console.export_text()
    for name in ("Stark", "Lannister", "Baratheon", "castles", "supply", "Neutral forces"):
        assert name in text
    assert ("Winner" in text) or ("Unfinished" in text)


def test_revealed_bids_stay_in_every_view_after_the_next_bid_begins() -> None:
    """Revealed bids are public: a view keeps the last ones even when the next sealed bid (which
    hides available power again) has already begun -- else a player would forget what all saw."""
    state = ravenry.new_game("thrones", players=3, seed=300069)
    policy = Rng.from_seed(300069)
    seen = None
    for _ in range(3000):
        decision = state.decision()
        if decision.result is not None:
            break
        seat = policy.choice(decision.players)
        action = policy.choice(state.legal_actions(seat))
        events = state.apply(seat, action)
        revealed = [e for e in events if e.type == "bids_revealed"]
        if revealed:
            seen = revealed[-1].view(None)["bids"]
            for viewer in (None, 0, 1, 2):
                assert state.observe(viewer)["last_bids"]["bids"] == seen
            break
    assert seen is not None
