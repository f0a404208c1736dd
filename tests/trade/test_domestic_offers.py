"""Domestic trade as the rulebook has it ("trade freely", "using single or multiple cards"):
offers of any size the hands allow, described by templates instead of enumerated, checked by
``apply``; the per-turn cap as a named rule option; counter-offers; what a decision costs in JSON."""

from __future__ import annotations

import json

import pytest

from ravenry.core.errors import IllegalAction, InvalidSeat
from ravenry.core.registry import get_game, new_game
from ravenry.core.rng import Rng
from ravenry.core.templates import sample, within
from ravenry.games.catan.data import CATAN, named_counts
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scenario import Position
from ravenry.testing.assertions import only_event, refused

ANN, BEN, CAT, DAN = 0, 1, 2, 3
OFFER_TYPES = {"offer_trade", "counter_offer"}


def counts(brick: int = 0, lumber: int = 0, ore: int = 0, grain: int = 0, wool: int = 0) -> tuple[int, ...]:
    return (brick, lumber, ore, grain, wool)


def rich_table(game: str = "catan", **options: object) -> CatanState:
    """Ann (to move, main phase) holds 5 ore, 2 wool and a grain; Ben 4 brick and 3 lumber; Cat
    2 grain and a wool; Dan nothing."""
    pos = Position(game, 4, **options)
    pos.hand(ANN, ore=5, wool=2, grain=1).hand(BEN, brick=4, lumber=3).hand(CAT, grain=2, wool=1)
    return pos.turn(ANN, "main").state


def test_offers_are_not_enumerated_but_described_by_a_template() -> None:
    state = rich_table()
    assert not any(a[0] in OFFER_TYPES for a in state.legal_actions(ANN))
    [template] = state.action_templates(ANN)
    assert template == {
        "type": "offer_trade",
        "give": {"ore": 5, "grain": 1, "wool": 2},  # her hand
        # Of each resource what one other player could hold: the cards outside the bank and her
        # hand, and never more than the largest other hand (Ben's 7 cards).
        "get": {"brick": 4, "lumber": 3, "grain": 2, "wool": 1},
        "min_give": 1,
        "min_get": 1,
        "max_give": 8,
        "max_get": 7,
        "disjoint": True,
    }
    # Only the player to move has one; nobody else decides.
    for seat in (BEN, CAT, DAN):
        assert state.action_templates(seat) == []
    assert state.parametric_types == frozenset(OFFER_TYPES)


def test_an_offer_of_four_and_more_cards_a_side_is_accepted_and_exchanged() -> None:
    state = rich_table()
    offer = ("offer_trade", counts(ore=4, wool=1), counts(brick=4, lumber=1))
    assert within(state.action_templates(ANN)[0], get_game("catan").action_to_json(offer))
    events = state.apply(ANN, offer)
    assert only_event(events, "trade_offered").data == {
        "player": ANN,
        "give": {"ore": 4, "wool": 1},
        "get": {"brick": 4, "lumber": 1},
    }
    assert state.legal_actions(BEN) == [("accept_trade",), ("decline_trade",)]
    assert state.legal_actions(CAT) == [("decline_trade",)]  # Cat lacks the brick
    state.apply(BEN, ("accept_trade",))
    state.apply(CAT, ("decline_trade",))
    state.apply(DAN, ("decline_trade",))
    state.apply(ANN, ("confirm_trade", BEN))
    assert state.hands[ANN] == list(counts(brick=4, lumber=1, ore=1, grain=1, wool=1))
    assert state.hands[BEN] == list(counts(lumber=2, ore=4, wool=1))
    assert state.phase_name() == "main" and state.offers_this_turn == 1


def test_the_same_offer_through_json_as_a_browser_sends_it() -> None:
    state = rich_table()
    state.apply_json(ANN, {"type": "offer_trade", "give": {"ore": 5, "grain": 1}, "get": {"brick": 4}})
    assert state.offer == (ANN, counts(ore=5, grain=1), counts(brick=4))
    assert state.history[-1] == (ANN, ("offer_trade", counts(ore=5, grain=1), counts(brick=4)))


def test_offers_beyond_the_hand_are_refused_with_the_reason() -> None:
    state = rich_table()
    refused(state, ANN, ("offer_trade", counts(ore=6), counts(brick=1)), "not enough", "5 ore")
    refused(state, ANN, ("offer_trade", counts(brick=1), counts(lumber=1)), "not enough", "0 brick")
    refused(state, ANN, ("offer_trade", counts(ore=1), counts()), "give away")
    refused(state, ANN, ("offer_trade", counts(), counts(brick=1)), "give away")
    refused(state, ANN, ("offer_trade", counts(ore=1, wool=1), counts(wool=1)), "like resources", "wool")


def test_offers_nobody_could_accept_are_refused() -> None:
    state = rich_table()
    # 5 brick: only 4 are outside the bank. Ore: Ann holds 5 of the 5 in play.
    refused(state, ANN, ("offer_trade", counts(ore=1), counts(brick=5)), "at most 4 brick")
    refused(state, ANN, ("offer_trade", counts(wool=1), counts(ore=1)), "at most 0 ore")
    # With a lumber of Cat's, 4 brick and 4 lumber are out there, but no other hand holds 8 cards.
    state.hands[CAT][1] = 1
    state.bank[1] -= 1
    state.forget_legal_actions()
    assert state.action_templates(ANN)[0]["get"]["lumber"] == 4
    refused(state, ANN, ("offer_trade", counts(ore=1), counts(brick=4, lumber=4)), "at most 7 cards")
    state.apply(ANN, ("offer_trade", counts(ore=1), counts(brick=4, lumber=3)))


def test_malformed_offers_are_refused_without_a_crash() -> None:
    state = rich_table()
    for junk in [
        ("offer_trade", [0, 0, 1, 0, 0], counts(brick=1)),  # a list, not a tuple
        ("offer_trade", (0, 0, 1.0, 0, 0), counts(brick=1)),  # a float
        ("offer_trade", (0, 0, True, 0, 0), counts(brick=1)),  # a bool
        ("offer_trade", (0, 0, -1, 0, 0), counts(brick=1)),
        ("offer_trade", (0, 0, 1, 0), counts(brick=1)),  # four resources
        ("offer_trade", counts(ore=1)),
        ("offer_trade", counts(ore=1), counts(brick=1), 0),
        ("offer_trade", (0, 0, 10**40, 0, 0), counts(brick=1)),
    ]:
        reason = refused(state, ANN, junk)
        assert len(reason) < 200


def test_offers_only_in_the_main_phase_of_your_own_turn() -> None:
    pos = Position("catan", 4)
    pos.hand(ANN, ore=2).hand(BEN, brick=1).turn(ANN, "pre_roll")
    state = pos.state
    assert state.action_templates(ANN) == []
    refused(state, ANN, ("offer_trade", counts(ore=1), counts(brick=1)), "production roll", "pre_roll")


def test_the_per_turn_cap_is_a_named_rule_option() -> None:
    assert CATAN.max_offers_per_turn == 10  # generous, for people
    state = rich_table(max_offers_per_turn=2)
    assert state.rules.max_offers_per_turn == 2 and state.observe(ANN)["offers_left"] == 2
    for _ in range(2):
        state.apply(ANN, ("offer_trade", counts(ore=1), counts(brick=1)))
        for seat in (BEN, CAT, DAN):
            state.apply(seat, ("decline_trade",))
    assert state.observe(ANN)["offers_left"] == 0
    assert state.action_templates(ANN) == []
    reason = refused(state, ANN, ("offer_trade", counts(ore=1), counts(brick=1)), "max_offers_per_turn", "2")
    assert "no offers left" in reason
    # The next turn brings new offers.
    state.apply(ANN, ("end_turn",))
    assert state.offers_this_turn == 0


def test_the_option_is_checked_kept_in_records_and_replays() -> None:
    for bad in (-1, 101, 2.0, True, "3"):
        with pytest.raises(IllegalAction):
            new_game("catan", players=4, seed=1, max_offers_per_turn=bad)
    state = new_game("got-catan", players=3, seed=1, max_offers_per_turn=0)
    assert state.rules.max_offers_per_turn == 0
    assert state.config.to_json()["max_offers_per_turn"] == 0
    # At the default it is left out of records, so older records read the same.
    assert "max_offers_per_turn" not in new_game("catan", players=4, seed=1).config.to_json()


def test_counter_offers_of_any_size_within_their_template() -> None:
    state = rich_table()
    state.apply(ANN, ("offer_trade", counts(ore=1), counts(brick=1)))
    [template] = state.action_templates(BEN)
    assert template["type"] == "counter_offer"
    assert template["give"] == {"brick": 4, "lumber": 3}
    # What Ann could hold: at most her 8 cards, and of each resource what is outside the bank
    # and Ben's hand.
    assert template["get"] == {"ore": 5, "grain": 3, "wool": 3} and template["max_get"] == 8
    assert state.action_templates(ANN) == []  # the offerer awaits answers
    refused(state, BEN, ("counter_offer", counts(brick=5), counts(ore=1)), "4 brick")
    refused(state, BEN, ("counter_offer", counts(brick=1), counts(ore=6)), "the offerer", "5 ore")
    refused(state, BEN, ("counter_offer", counts(brick=1), counts(brick=1)), "like resources")
    events = state.apply(BEN, ("counter_offer", counts(brick=4, lumber=2), counts(ore=5)))
    assert only_event(events, "trade_answer").data["give"] == {"brick": 4, "lumber": 2}
    assert state.action_templates(BEN) == []  # answered: no second counter
    state.apply(CAT, ("decline_trade",))
    state.apply(DAN, ("decline_trade",))
    assert ("accept_counter", BEN) in state.legal_actions(ANN)
    state.apply(ANN, ("accept_counter", BEN))
    assert state.hands[ANN] == list(counts(brick=4, lumber=2, grain=1, wool=2))
    assert state.hands[BEN] == list(counts(lumber=1, ore=5))


def test_a_counter_offer_only_from_a_player_who_has_not_answered() -> None:
    state = rich_table()
    state.apply(ANN, ("offer_trade", counts(ore=1), counts(brick=1)))
    state.apply(CAT, ("decline_trade",))
    with pytest.raises(IllegalAction):
        state.apply(CAT, ("counter_offer", counts(grain=1), counts(ore=1)))
    with pytest.raises(IllegalAction):
        state.apply(ANN, ("counter_offer", counts(ore=1), counts(brick=1)))


def test_templates_match_the_hand_in_every_decision_of_random_games() -> None:
    """For every decider of two seeded random games: the template gives exactly the hand and
    asks at most what one partner could hold; concrete offers drawn within it are accepted."""
    for seed in (1, 2):
        state = new_game("catan", players=4, seed=seed)
        assert isinstance(state, CatanState)
        rng = Rng.from_seed(seed)
        checked = 0
        for _ in range(1500):
            decision = state.decision()
            if decision.over:
                break
            for p in decision.players:
                for template in state.action_templates(p):
                    checked += 1
                    assert template["give"] == named_counts(state.hands[p])
                    partners = (
                        [state.current]
                        if template["type"] == "counter_offer"
                        else [q for q in range(4) if q != p]
                    )
                    largest = max(sum(state.hands[q]) for q in partners)
                    assert template["max_get"] == largest
                    for res, n in template["get"].items():
                        r = ("brick", "lumber", "ore", "grain", "wool").index(res)
                        assert n <= 19 - state.bank[r] - state.hands[p][r] and n <= largest
                    copy = state.clone()
                    copy.apply_json(p, sample(template, rng))
            p = rng.choice(decision.players)
            state.apply(p, rng.choice(state.legal_actions(p)))
        assert checked > 100


def test_template_seats_are_checked() -> None:
    state = rich_table()
    for bad in (-1, 4, True, 1.0, None, "0"):
        with pytest.raises(InvalidSeat):
            state.action_templates(bad)  # type: ignore[arg-type]


def test_a_decision_costs_little_json() -> None:
    """Legal actions and templates of every decider, as a server sends them, over seeded random
    games: at most a few KB (up to 78 KB when every offer of 1-3 cards a side was listed)."""
    game = get_game("catan")
    sizes = []
    for seed in (1, 2, 3):
        state = new_game("catan", players=4, seed=seed)
        rng = Rng.from_seed(seed)
        for _ in range(2000):
            decision = state.decision()
            if decision.over:
                break
            for p in decision.players:
                payload = {
                    "legal": [game.action_to_json(a) for a in state.legal_actions(p)],
                    "templates": state.action_templates(p),
                }
                sizes.append(len(json.dumps(payload, separators=(",", ":"))))
            p = rng.choice(decision.players)
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert max(sizes) < 4_000
    assert sum(sizes) / len(sizes) < 600


def test_to_json_can_leave_the_history_out() -> None:
    state = rich_table()
    state.apply(ANN, ("offer_trade", counts(ore=1), counts(brick=1)))
    full, short = state.to_json(), state.to_json(history=False)
    assert "history" not in short and len(full["history"]) == 1
    assert {k: v for k, v in full.items() if k != "history"} == short
    game = get_game("catan")
    again = game.state_from_json(json.loads(json.dumps(short)))
    assert again.history == [] and again.to_json(history=False) == short
    assert game.state_from_json(json.loads(json.dumps(full))).to_json() == full
    # The short form plays on exactly like the state.
    for s in (state, again):
        s.apply(BEN, ("accept_trade",))
    assert again.to_json(history=False) == state.to_json(history=False)
