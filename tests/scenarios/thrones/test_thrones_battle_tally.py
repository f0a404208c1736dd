"""What the thrones view keeps of a battle once it is over (views.last_battle): each side's final
strength by source, the house cards, the winner, the casualties and losses and the retreat; the
loser's casualty pool while it picks; and the end of the game's standings (views: result), in
the order the rules rank the houses. Readable positions from thrones_positions."""

from __future__ import annotations

import json

from thrones_positions import act, area, blank, card, find, give_order, hold, march, put, seat, start_marches

from ravenry.core.protocol import Event
from ravenry.games.thrones.data import FIEFDOMS, FOOTMAN
from ravenry.games.thrones.rules import ThronesState
from ravenry.games.thrones.state import P_ACTION_END, P_CASUALTY, P_OVER, P_PLANNING


def _tywin_takes_blackwater() -> tuple[ThronesState, list[Event]]:
    """Lannister (a knight and a footman, March +0, Tywin 3, the Blade) attacks two Tyrell
    footmen in Blackwater (Margaery 1, one fortification): 7 against 3, one casualty."""
    s = blank()
    put(s, "stoney-sept", "lannister", footmen=1, knights=1)
    put(s, "blackwater", "tyrell", footmen=2)
    give_order(s, "stoney-sept", "march+0")
    hold(s)
    s.tracks[FIEFDOMS] = [seat(s, "lannister"), *(p for p in s.tracks[FIEFDOMS] if p != seat(s, "lannister"))]
    start_marches(s)
    march(s, "lannister", "stoney-sept", [("knight", "blackwater"), ("footman", "blackwater")])
    act(s, "lannister", ("house_card", card(s, "lannister", "Tywin Lannister")))
    act(s, "tyrell", ("house_card", card(s, "tyrell", "Margaery Tyrell")))
    events = act(s, "lannister", ("blade", 1))
    assert s.phase == P_CASUALTY
    return s, events


def test_the_loser_sees_its_casualty_pool_while_it_picks() -> None:
    s, events = _tywin_takes_blackwater()
    assert find(events, "battle_result")["casualties"] == 1
    battle = s.observe(seat(s, "tyrell"))["battle"]
    assert battle["casualty_pool"] == [2, 0, 0]
    assert s.observe(None)["last_battle"] is None  # a battle in progress is the battle panel's


def test_the_last_battle_keeps_its_final_tally() -> None:
    s, _ = _tywin_takes_blackwater()
    act(s, "tyrell", ("casualty", FOOTMAN))
    events = act(s, "tyrell", ("retreat", area("the-reach")))
    over = find(events, "battle_over")
    assert (over["attacker_strength"], over["defender_strength"]) == (7, 3)
    assert over["winner"] == seat(s, "lannister")
    view = s.observe(None)
    assert "battle" not in view
    tally = view["last_battle"]
    assert tally == {
        "area": area("blackwater"),
        "from": area("stoney-sept"),
        "attacker": seat(s, "lannister"),
        "defender": seat(s, "tyrell"),
        "neutral": 0,
        "parts": [
            {"units": 3, "order": 0, "support": 0, "card": 3, "blade": 1},
            {"units": 2, "order": 0, "support": 0, "card": 1, "blade": 0},
        ],
        "strength": [7, 3],
        "cards": [card(s, "lannister", "Tywin Lannister"), card(s, "tyrell", "Margaery Tyrell")],
        "winner": seat(s, "lannister"),
        "casualties": 1,
        "lost": [[0, 0, 0], [1, 0, 0]],
        "retreat": area("the-reach"),
        "no_retreat": False,
    }
    # Public: every seat sees the same tally; it survives a clone and the JSON record.
    assert all(s.observe(p)["last_battle"] == tally for p in range(s.n))
    assert s.clone().observe(None)["last_battle"] == tally
    again = s.game.state_from_json(json.loads(s.to_json_text()))
    assert again.observe(None)["last_battle"] == tally


def test_the_tally_goes_when_the_next_rounds_orders_are_revealed() -> None:
    s, _ = _tywin_takes_blackwater()
    act(s, "tyrell", ("casualty", FOOTMAN))
    act(s, "tyrell", ("retreat", area("the-reach")))
    assert s.observe(None)["last_battle"] is not None
    # The next round's planning, every house done but Greyjoy (no units: nothing to order).
    s.phase = P_PLANNING
    s.ready = [1] * s.n
    s.ready[seat(s, "greyjoy")] = 0
    s.forget_legal_actions()
    assert s.observe(None)["last_battle"] is not None  # still there while the orders are sealed
    act(s, "greyjoy", ("ready",))
    assert s.phase != P_PLANNING
    assert s.observe(None)["last_battle"] is None


def test_a_neutral_force_that_holds_is_a_tally_without_a_winner() -> None:
    s = blank()
    s.neutral[area("sunspear")] = 5
    put(s, "yronwood", "tyrell", footmen=1, knights=1)
    give_order(s, "yronwood", "march+0")
    start_marches(s)
    march(s, "tyrell", "yronwood", [("knight", "sunspear"), ("footman", "sunspear")])
    tally = s.observe(None)["last_battle"]
    assert tally["winner"] is None and tally["defender"] == -1 and tally["neutral"] == 5
    assert tally["parts"] == [{"units": 3, "order": 0, "support": 0, "card": 0, "blade": 0}, {"neutral": 5}]
    assert tally["strength"] == [3, 5] and tally["retreat"] == area("yronwood")


def test_the_instant_win_view_ranks_the_houses() -> None:
    s = blank()
    for c in ("lannisport", "riverrun", "harrenhal", "seagard", "moat-cailin", "crackclaw-point"):
        put(s, c, "lannister", footmen=1)
    put(s, "blackwater", "lannister", footmen=1)
    give_order(s, "blackwater", "march+0")
    hold(s)
    start_marches(s)
    act(s, "lannister", ("march", area("blackwater")))
    act(s, "lannister", ("move", area("blackwater"), area("kings-landing"), FOOTMAN))
    assert s.phase == P_OVER
    result = s.observe(None)["result"]
    assert result["winners"] == [seat(s, "lannister")] and result["reason"] == "castles"
    assert result["tiebreak"] == ["castles", "supply", "power"]
    rows = result["standings"]
    top = rows[0]
    # Strongholds: Lannisport, Riverrun, Seagard, King's Landing; castles: the other three.
    assert (top["seat"], top["rank"], top["castles"], top["strongholds"]) == (seat(s, "lannister"), 1, 7, 4)
    assert sorted(r["seat"] for r in rows) == list(range(s.n))
    keys = [(r["castles"], r["supply"], r["power"]) for r in rows]
    assert keys == sorted(keys, reverse=True)


def test_after_turn_ten_equal_castles_go_to_supply_then_power() -> None:
    s = blank(players=3)
    stark, lannister, baratheon = seat(s, "stark"), seat(s, "lannister"), seat(s, "baratheon")
    # Every house holds only its home castle (the printed shields): 1 castle each.
    s.supply = [0] * s.n
    s.supply[stark] = 2
    s.supply[baratheon] = 2
    s.power = [0] * s.n
    s.power[baratheon] = 3
    s.power[stark] = 1
    s.turn = 10
    s.phase = P_ACTION_END
    s.advance([])
    s.forget_legal_actions()
    assert s.phase == P_OVER
    result = s.observe(seat(s, "stark"))["result"]
    assert result["winners"] == [baratheon] and result["reason"] == "turn 10"
    rows = result["standings"]
    assert [r["seat"] for r in rows] == [baratheon, stark, lannister]
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert [(r["castles"], r["supply"], r["power"]) for r in rows] == [(1, 2, 3), (1, 2, 1), (1, 0, 0)]
