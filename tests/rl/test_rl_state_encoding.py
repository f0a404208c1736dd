"""The compiled fast paths (ravenry.observations.catan_state, .thrones_state) write exactly the view
encoder's numbers, for every seat at every step of random games (Catan: offers and counter-offers
included; Thrones: bidding, battles and their house cards, the end)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from rl_support import GAMES, pick

from ravenry.rl.match import Match

FAST = [(g, o) for g, o in GAMES if g in ("catan", "got-catan", "brotherhood")]


def views_checked(match: Match, seed: int) -> list[dict[str, Any]]:
    """Every seat's view now, each after checking that the seat's fast observation is its view
    encoder's, number for number."""
    views = []
    for seat in range(match.players):
        view = match.view(seat)
        fast = match.observation(seat)
        slow = match.view_observation(seat, view)
        assert fast.dtype == slow.dtype == np.float32
        differ = np.flatnonzero(fast != slow)
        assert not differ.size, (seed, seat, view["phase"], differ[:5])
        views.append(view)
    return views


@pytest.mark.parametrize(("game", "options"), FAST, ids=[g for g, _ in FAST])
def test_the_state_encoder_is_the_view_encoder(game: str, options: dict[str, Any]) -> None:
    match = Match(game, **options)
    assert match.fast is not None  # the fast path is on for this game
    rng = np.random.default_rng(11)
    seen: set[str] = set()
    wanted = {"discard", "move_robber", "trade_responses", "trade_confirm", "counter"}
    for seed in range(1, 9):
        if seed > 3 and wanted <= seen:
            break
        match.reset(seed)
        while True:
            for view in views_checked(match, seed):
                seen.add(view["phase"])
                if view["offer"] is not None and view["offer"]["counters"]:
                    seen.add("counter")
            if match.done:
                break
            deciders = match.deciders()
            moves = [
                (s, match.action(pick(match.mask(s), rng)))
                for s in (deciders if match.simultaneous else deciders[:1])
            ]
            for seat, action in moves:
                if seat in match.deciders():
                    match.apply(seat, action)
    # The games went through every kind of moment the encoder treats apart.
    assert wanted <= seen, seen


@pytest.mark.parametrize("players", [5, 3])
def test_the_thrones_state_encoder_is_the_view_encoder(players: int) -> None:
    match = Match("thrones", players=players)
    assert match.thrones is not None  # the fast path is on
    rng = np.random.default_rng(7)
    seen: set[str] = set()
    # Moments the encoder treats apart: hidden power and bids, a battle's cards (hidden, then
    # shown), pledged support, revealed orders, the end.
    wanted = {"bidding", "house_cards", "support", "casualties", "march_move", "over"}
    wanted |= {"hidden_card", "shown_card"}
    for seed in range(1, 6):
        if seed > 1 and wanted <= seen:
            break
        match.reset(seed)
        while True:
            for view in views_checked(match, seed):
                seen.add(view["phase"])
                battle = view.get("battle")
                if battle and battle["chosen"] != [c is not None for c in battle["cards"]]:
                    seen.add("hidden_card")  # a card chosen that this seat may not see yet
                if battle and any(c is not None for c in battle["cards"]):
                    seen.add("shown_card")
            if match.done:
                break
            # One seat at a time, simultaneous decisions too (as the AEC env plays them): the
            # seats look at the moments between two sealed answers.
            seat = match.deciders()[0]
            match.apply(seat, match.action(pick(match.mask(seat), rng)))
    assert wanted <= seen, wanted - seen


def test_every_game_has_a_state_encoder() -> None:
    assert Match("thrones").fast is None and Match("thrones").thrones is not None
    for game in ("catan", "got-catan", "brotherhood"):
        assert Match(game).fast is not None and Match(game).thrones is None


def test_the_view_is_in_the_info_only_when_asked() -> None:
    import ravenry.rl as rl

    plain = rl.gym_env("catan", turn_cap=3)
    with_view = rl.gym_env("catan", turn_cap=3, info_view=True)
    (obs, info), (obs_v, info_v) = plain.reset(seed=2), with_view.reset(seed=2)
    assert "view" not in info and "board" in info
    assert dict(info_v["view"]) == with_view.match.state.observe(0, static=False)
    assert np.array_equal(obs, obs_v)
    action = int(np.flatnonzero(info["action_mask"])[0])
    (obs, *_, info), (obs_v, *_, info_v) = plain.step(action), with_view.step(action)
    assert "view" not in info and np.array_equal(obs, obs_v)
    assert dict(info_v["view"]) == with_view.match.state.observe(0, static=False)


def test_the_brotherhood_encoder_sees_what_its_view_shows() -> None:
    """Long games (the wildlings reach the Gift) where seat 0 holds Mance Rayder and seat 1
    Melisandre from the start: the cards a hero's user looks at are in its view alone."""
    from ravenry.games.brotherhood.heroes import MANCE, MELISANDRE

    match = Match("brotherhood", players=3, turn_cap=200, max_offers_per_turn=0)
    rng = np.random.default_rng(11)
    seen: set[str] = set()
    wanted = {"hero_mance", "hero_melisandre", "gift_wildlings", "wall", "breach", "wildling_die"}
    for seed in range(1, 9):
        if wanted <= seen:
            break
        match.reset(seed)
        heroes = match.state.heroes  # type: ignore[attr-defined]
        for seat, hero in ((0, MANCE), (1, MELISANDRE)):
            if hero in heroes.hero_display:
                heroes.hero_display[heroes.hero_display.index(hero)] = heroes.hero[seat]
            heroes.hero[seat] = hero
        match.state.forget_legal_actions()
        while not match.done:
            for view in views_checked(match, seed):
                seen.add(view["phase"])
                seen |= {k for k in ("gift_wildlings", "wall") if any(view[k])}
                seen |= {"breach"} if view["breaches"] else set()
                seen |= {"wildling_die"} if view["wildling_die"] else set()
            seat = match.deciders()[0]
            match.apply(seat, match.action(pick(match.mask(seat), rng)))
    assert wanted <= seen, wanted - seen


@pytest.mark.parametrize("game", ["catan", "brotherhood", "thrones"])
def test_a_seat_seen_now_and_then_gets_its_whole_observation(game: str) -> None:
    """The fast paths keep what they built while it stays the same (Catan's pieces, Thrones'
    board): seats observed at different moments, a caller that scribbles over the vectors it
    was given, and a new game all still get the view encoder's numbers."""
    match = Match(game, players=3 if game == "brotherhood" else None)
    rng = np.random.default_rng(5)
    checked = 0
    for seed in (1, 2):
        match.reset(seed)
        for step in range(400):
            if match.done:
                break
            seat = int(rng.integers(match.players))
            if step % int(rng.integers(1, 6)) == 0:  # a seat looked at now and then
                fast = match.observation(seat)
                assert np.array_equal(fast, match.view_observation(seat)), (seed, step, seat)
                fast[:] = 7.0  # the caller's copy: the seat's own vector must not change
                checked += 1
            decider = match.deciders()[0]
            match.apply(decider, match.action(pick(match.mask(decider), rng)))
    assert checked > 150


@pytest.mark.parametrize(("game", "options"), FAST, ids=[g for g, _ in FAST])
def test_the_pieces_kept_follow_a_switch_between_games(game: str, options: dict[str, Any]) -> None:
    """The encoder keeps the board's pieces as it last wrote them and rewrites only the places
    that changed: switched to another game (more pieces, fewer, others) and back, it still
    writes the view encoder's numbers."""
    rng = np.random.default_rng(5)
    games = []
    for seed, moves in ((1, 90), (2, 40), (3, 0)):
        match = Match(game, **options)
        match.reset(seed)
        for _ in range(moves):
            if match.done:
                break
            seat = match.deciders()[0]
            match.apply(seat, match.action(pick(match.mask(seat), rng)))
        games.append(match.lane)
    match = Match(game, **options)
    for lane in (*games, games[1], games[0], games[2], games[0]):
        match.lane = lane
        views_checked(match, 0)


@pytest.mark.parametrize("game", ["catan", "brotherhood"])
def test_the_pieces_kept_follow_undone_builds(game: str) -> None:
    """The encoder keeps the pieces while the state's piece counts stay the same; taking a build
    back restores the pieces and bumps those counts (never back to the snapshot's), so the
    observation shows the piece gone. Undo at every chance it is offered, most of the time."""
    match = Match(game, players=4, undo=True, max_offers_per_turn=0, turn_cap=60)
    rng = random.Random(3)
    undone = 0
    for seed in (1, 2):
        match.reset(seed)
        while not match.done:
            if rng.random() < 0.5:  # (not every state: a build, its undo and another build between two looks)
                views_checked(match, seed)
            deciders = match.deciders()
            seat = deciders[0]
            legal = match.state.legal_actions(seat)
            takebacks = [a for a in legal if a[0] == "undo"]
            if takebacks and rng.random() < 0.8:
                action, undone = takebacks[0], undone + 1
            else:
                action = rng.choice([a for a in legal if a[0] != "undo"])
            match.apply(seat, action)
    assert undone >= 20, undone


def test_another_state_with_the_same_piece_counts_is_read_anew() -> None:
    """The pieces kept stand for the one state they were read from: a twin with the same piece
    counts but another piece (put there by hand, the counts left alone) is read, not assumed."""
    match = Match("catan", players=4, max_offers_per_turn=0)
    match.reset(5)
    state = match.state
    views_checked(match, 5)
    twin = state.clone()
    free = next(e for e, owner in enumerate(twin.edge_owner) if owner < 0)
    twin.edge_owner[free] = 1
    assert (twin.board_version, twin.buildings_version) == (state.board_version, state.buildings_version)
    match.state = twin
    views_checked(match, 5)
