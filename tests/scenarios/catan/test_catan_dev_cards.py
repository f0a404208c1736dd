"""Development cards: buying, when they may be played, and each card's effect (rulebook 4b and FAQ)."""

from __future__ import annotations

from ravenry.games.catan.data import BRICK, GRAIN, KNIGHT, LUMBER, ORE, ROAD_BUILDING, WOOL, YEAR_OF_PLENTY
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scenario import Position, rig_dice


def plays(state: CatanState, player: int) -> set[str]:
    return {a[0] for a in state.legal_actions(player) if a[0].startswith("play_")}


def pass_round(state: CatanState) -> None:
    """Every other player rolls a 5 and ends the turn, so the turn comes back to the first player."""
    start = state.current
    state.apply(start, ("end_turn",))
    while state.current != start:
        rig_dice(state, 2, 3)
        state.apply(state.current, ("roll",))
        state.apply(state.current, ("end_turn",))


def test_buy_development_card_draws_the_top_card_secretly(one_event) -> None:
    """Rulebook: "When you buy a development card, draw the top card from the stack. Keep your development
    cards hidden until you play them" — "Development Card — Requires: Ore, Wool, & Grain"."""
    pos = Position("catan", players=4)
    pos.deck("monopoly", "knight", "victory_point").hand(0, ore=1, wool=1, grain=1, brick=1)
    state = pos.state
    event = one_event(state.apply(0, ("buy_dev",)), "bought_dev")
    assert state.hands[0] == [1, 0, 0, 0, 0]
    assert state.dev_hands[0][4] == 1  # monopoly, the top card
    assert len(state.dev_deck) == 2
    assert event.view(0)["card"] == "monopoly"
    assert event.view(1)["card"] is None and event.view(None)["card"] is None
    assert "dev_cards" not in state.observe(1)["players"][0]
    assert state.observe(1)["players"][0]["dev_card_count"] == 1


def test_cannot_buy_development_card_when_the_deck_is_empty(refused) -> None:
    """FAQ: "you cannot buy development cards if the supply is empty"."""
    pos = Position("catan", players=4)
    pos.deck().hand(0, ore=1, wool=1, grain=1)
    state = pos.state
    assert ("buy_dev",) not in state.legal_actions(0)
    refused(state, 0, ("buy_dev",), "deck is empty")


def test_buy_development_card_needs_ore_wool_grain(refused) -> None:
    """Rulebook: "Development Card — Requires: Ore, Wool, & Grain"."""
    pos = Position("catan", players=4)
    pos.hand(0, ore=1, wool=1, brick=1)
    state = pos.state
    refused(state, 0, ("buy_dev",), "not enough resources")


def test_one_development_card_per_turn(refused) -> None:
    """Rulebook: "At any time during your turn, you may play 1 development card" — FAQ: "Normally, you may
    only play 1 development card during your turn"."""
    pos = Position("catan", players=4)
    pos.dev_cards(0, knight=2, year_of_plenty=1)
    state = pos.state
    assert plays(state, 0) == {"play_knight", "play_year_of_plenty"}
    state.apply(0, ("play_year_of_plenty", ORE, GRAIN))
    assert plays(state, 0) == set()
    refused(state, 0, ("play_knight",), "already played a development card this turn")
    pass_round(state)
    assert state.current == 0 and state.phase_name() == "pre_roll"
    assert plays(state, 0) == {"play_knight"}


def test_card_bought_this_turn_cannot_be_played(refused) -> None:
    """Rulebook: "That card, however, may not be a card you bought during the same turn!"."""
    pos = Position("catan", players=4)
    pos.deck("knight").hand(0, ore=1, wool=1, grain=1)
    state = pos.state
    state.apply(0, ("buy_dev",))
    assert state.dev_hands[0][KNIGHT] == 1
    assert plays(state, 0) == set()
    refused(state, 0, ("play_knight",), "bought this turn")
    pass_round(state)
    assert plays(state, 0) == {"play_knight"}  # on a later turn it may be played


def test_old_card_playable_beside_an_identical_new_one() -> None:
    """Only the card bought this turn is barred: an older Knight of the same kind may still be played."""
    pos = Position("catan", players=4)
    pos.dev_cards(0, knight=1).dev_cards(0, knight=1, new=True)
    state = pos.state
    assert plays(state, 0) == {"play_knight"}
    state.apply(0, ("play_knight",))
    assert state.dev_hands[0][KNIGHT] == 1 and state.knights_played[0] == 1


def test_development_card_playable_before_the_roll() -> None:
    """FAQ: "You can play your development card at any time, even before you roll the dice"."""
    pos = Position("catan", players=4)
    pos.dev_cards(0, knight=1, monopoly=1).turn(0, "pre_roll")
    state = pos.state
    assert ("play_knight",) in state.legal_actions(0) and ("roll",) in state.legal_actions(0)
    state.apply(0, ("play_knight",))
    assert state.phase_name() == "move_robber"
    target = pos.hex("pasture", 11)
    state.apply(0, ("move_robber", target, -1))
    assert state.phase_name() == "pre_roll" and state.robber == target
    assert state.legal_actions(0) == [("roll",)]  # the turn's one card is spent; the roll remains
    rig_dice(state, 4, 4)
    state.apply(0, ("roll",))
    assert state.phase_name() == "main"


def test_knight_moves_the_robber_and_steals(one_event) -> None:
    """Rulebook: "If you play a Knight card, you must immediately move the robber as previously
    outlined—follow steps 1 and 2. Once played, Knight cards remain face up in front of you"."""
    pos = Position("catan", players=4)
    fields6 = pos.hex("fields", 6)
    pos.settlement(1, pos.node(fields6, "N")).hand(1, wool=2)
    pos.dev_cards(0, knight=1)
    state = pos.state
    deck_size = len(state.dev_deck)
    events = state.apply(0, ("play_knight",))
    assert one_event(events, "played_dev").data == {"player": 0, "card": "knight"}
    assert state.phase_name() == "move_robber"
    moves = state.legal_actions(0)
    assert all(a[0] == "move_robber" for a in moves)
    assert state.robber not in {a[1] for a in moves}
    assert ("move_robber", fields6, 1) in moves and ("move_robber", fields6, -1) not in moves
    events = state.apply(0, ("move_robber", fields6, 1))
    assert state.robber == fields6
    assert state.hands[0] == [0, 0, 0, 0, 1] and state.hands[1] == [0, 0, 0, 0, 1]
    assert one_event(events, "stole").view(0)["resource"] == "wool"
    assert state.phase_name() == "main"
    assert state.knights_played[0] == 1 and state.dev_hands[0][KNIGHT] == 0
    assert state.observe(2)["players"][0]["knights_played"] == 1  # face up for everyone
    assert len(state.dev_deck) == deck_size  # "Played development cards never go back into the supply"


def test_road_building_places_two_free_roads(one_event) -> None:
    """FAQ: "Road Building: If you play this card, you may immediately place 2 free roads on the board
    (according to normal building rules)"."""
    pos = Position("catan", players=4)
    forest8 = pos.hex("forest", 8)
    home = pos.node(forest8, "N")
    pos.settlement(0, home).road(0, pos.edge(forest8, "NE")).dev_cards(0, road_building=1)
    state = pos.state
    events = state.apply(0, ("play_road_building",))
    assert one_event(events, "played_dev").data["card"] == "road_building"
    assert state.phase_name() == "free_roads"
    frontier = [a[1] for a in state.legal_actions(0)]
    assert all(a[0] == "place_free_road" for a in state.legal_actions(0))
    assert frontier == state.road_frontier(0)
    far = pos.edge(pos.hex("pasture", 11), "SE")
    assert far not in frontier  # normal building rules: connected roads only
    state.apply(0, ("place_free_road", pos.edge(forest8, "E")))
    assert state.phase_name() == "free_roads"
    state.apply(0, ("place_free_road", pos.edge(forest8, "SE")))
    assert state.phase_name() == "main"
    assert state.hands[0] == [0, 0, 0, 0, 0]  # free
    assert state.roads_left[0] == 15 - 3
    assert state.dev_hands[0][ROAD_BUILDING] == 0


def test_road_building_with_one_road_left_places_one() -> None:
    """Rulebook: "You cannot build more pieces than what is available in your pool": with one road left, Road
    Building places only that one."""
    pos = Position("catan", players=4)
    mountains10 = pos.hex("mountains", 10)
    pos.settlement(0, pos.node(mountains10, "NW"))
    trail = [3, 7, 12, 8, 13, 9, 14, 10, 15, 20, 25, 19, 24, 18, 23]  # 14 roads from mountains 10
    pos.road_path(0, trail).dev_cards(0, road_building=1)
    state = pos.state
    assert state.roads_left[0] == 1
    state.apply(0, ("play_road_building",))
    assert state.free_roads == 1
    state.apply(0, ("place_free_road", state.legal_actions(0)[0][1]))
    assert state.phase_name() == "main" and state.roads_left[0] == 0


def test_road_building_with_one_legal_path_places_one() -> None:
    """Road Building follows "normal building rules": hemmed in by opponents' roads, only one free
    road can be placed and the card ends there."""
    pos = Position("catan", players=4)
    mountains10 = pos.hex("mountains", 10)
    top, north_west, south_west = (pos.node(mountains10, c) for c in ("N", "NW", "SW"))
    pos.settlement(0, top).dev_cards(0, road_building=1)
    pos.road(1, pos.edge(mountains10, "NE"), pos.edge(mountains10, "W"))  # both ways on are taken
    pos.settlement(1, south_west)
    state = pos.state
    state.apply(0, ("play_road_building",))
    assert state.legal_actions(0) == [("place_free_road", pos.edge(mountains10, "NW"))]
    state.apply(0, ("place_free_road", pos.edge(mountains10, "NW")))
    assert state.phase_name() == "main"
    assert state.edge_owner[pos.edge(mountains10, "NW")] == 0
    assert state.node_owner[north_west] == -1


def test_year_of_plenty_takes_any_two_and_builds_with_them(one_event) -> None:
    """FAQ: "Year of Plenty: ... you may immediately take any 2 resource cards from the supply stacks.
    You may use these cards to build on the same turn"."""
    pos = Position("catan", players=4)
    pasture4 = pos.hex("pasture", 4)
    pos.settlement(0, pos.node(pasture4, "N")).dev_cards(0, year_of_plenty=1).hand(0, grain=1, wool=1)
    pos.road(0, pos.edge(pasture4, "NE"))
    state = pos.state
    offered = {a[1:] for a in state.legal_actions(0) if a[0] == "play_year_of_plenty"}
    assert len(offered) == 15  # every pair of the five resources, the same one twice included
    assert (BRICK, BRICK) in offered and (BRICK, LUMBER) in offered
    bank = list(state.bank)
    events = state.apply(0, ("play_year_of_plenty", BRICK, LUMBER))
    assert one_event(events, "played_dev").data["cards"] == {"brick": 1, "lumber": 1}
    assert state.bank[BRICK] == bank[BRICK] - 1 and state.bank[LUMBER] == bank[LUMBER] - 1
    assert state.dev_hands[0][YEAR_OF_PLENTY] == 0
    road = pos.edge(pasture4, "E")
    state.apply(0, ("build_road", road))
    assert state.edge_owner[road] == 0


def test_year_of_plenty_only_what_the_bank_has() -> None:
    """Year of Plenty takes cards "from the supply stacks": an empty stack cannot be named, and with a
    single card left in the bank only that one is taken."""
    pos = Position("catan", players=4)
    pos.dev_cards(0, year_of_plenty=1).bank(brick=0, lumber=1, ore=0, grain=0, wool=0)
    state = pos.state
    assert [a for a in state.legal_actions(0) if a[0] == "play_year_of_plenty"] == [
        ("play_year_of_plenty", LUMBER, -1)
    ]
    state.apply(0, ("play_year_of_plenty", LUMBER, -1))
    assert state.hands[0] == [0, 1, 0, 0, 0] and state.bank[LUMBER] == 0


def test_monopoly_takes_every_card_of_the_named_resource(one_event) -> None:
    """FAQ: "Monopoly: ... All the other players must give you all of the resource cards of this type
    that they have in their hands. If an opponent does not have a resource card of the specified type,
    he does not have to give you anything"."""
    pos = Position("catan", players=4)
    pos.dev_cards(0, monopoly=1).hand(0, wool=1)
    pos.hand(1, wool=3, ore=1).hand(2, grain=2).hand(3, wool=1, brick=2)
    state = pos.state
    deck_size = len(state.dev_deck)
    assert {a[1] for a in state.legal_actions(0) if a[0] == "play_monopoly"} == set(range(5))
    events = state.apply(0, ("play_monopoly", WOOL))
    assert one_event(events, "played_dev").data["taken"] == {"1": 3, "3": 1}
    assert state.hands[0] == [0, 0, 0, 0, 5]
    assert state.hands[1] == [0, 0, 1, 0, 0]
    assert state.hands[2] == [0, 0, 0, 2, 0]
    assert state.hands[3] == [2, 0, 0, 0, 0]
    # "Remove all other played development cards from the game": not back into the deck.
    assert state.dev_hands[0][4] == 0 and len(state.dev_deck) == deck_size


def test_victory_point_cards_are_not_played_as_the_turns_card() -> None:
    """Rulebook: "You must keep Victory Point cards hidden": they are no play of their own, and holding them
    does not use up the turn's one development card."""
    pos = Position("catan", players=4)
    pos.dev_cards(0, victory_point=2, knight=1)
    state = pos.state
    assert plays(state, 0) == {"play_knight"}
    assert state.total_vp(0) == 2 and state.public_vp[0] == 0
    assert state.observe(1)["players"][0]["visible_vp"] == 0
