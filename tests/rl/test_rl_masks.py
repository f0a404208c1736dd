"""The action masks are the engine's legal actions, both ways, at every step of random games;
and no observation differs between a state and its hidden-information twin."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from rl_support import GAMES, IDS, pick
from scramble import scrambled

from ravenry.core.errors import IllegalAction
from ravenry.rl.catalogue import OFFER_TYPES
from ravenry.rl.match import Match


def _check_mask(match: Match, seat: int) -> np.ndarray:
    """Every legal action has an index whose mask is 1; every 1 is a legal action (offers:
    applied to a clone, which the engine accepts); every 0 offer is refused by the engine."""
    state = match.state
    mask = match.mask(seat)
    # the same indices as a list (gym_env's info["legal_actions"]): ascending, each once
    assert list(match.legal(seat)) == np.flatnonzero(mask).tolist()
    catalogue = match.catalogue
    legal = state.legal_actions(seat)
    for action in legal:
        assert mask[catalogue.index[action]] == 1, action
    legal_set = set(legal)
    for i in np.flatnonzero(mask):
        action = catalogue.action(int(i))
        if action[0] in OFFER_TYPES:
            state.clone().apply(seat, action)  # raises if the engine refuses it
        else:
            assert action in legal_set, action
    for block in catalogue.blocks():
        if block.kind not in OFFER_TYPES:
            continue
        zeros = np.flatnonzero(mask[block.offset : block.offset + block.size] == 0)
        for j in zeros[:: max(1, len(zeros) // 12)]:  # a spread sample of the refused ones
            with pytest.raises(IllegalAction):
                state.clone().apply(seat, catalogue.action(block.offset + int(j)))
    return mask


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_masks_are_the_legal_actions(game: str, options: dict[str, Any]) -> None:
    match = Match(game, **options)
    rng = np.random.default_rng(7)
    offers_seen = 0
    for seed in (1, 2):
        match.reset(seed)
        while not match.done:
            deciders = match.deciders()
            for seat in range(match.players):
                if seat not in deciders:
                    assert not match.mask(seat).any()
            moves = []
            for seat in deciders if match.simultaneous else deciders[:1]:
                mask = _check_mask(match, seat)
                offers_seen += sum(
                    int(mask[b.offset : b.offset + b.size].sum())
                    for b in match.catalogue.blocks()
                    if b.kind in OFFER_TYPES
                )
                moves.append((seat, match.action(pick(mask, rng))))
            for seat, action in moves:
                if seat in match.deciders():
                    match.apply(seat, action)
    if game != "thrones":
        assert offers_seen > 0  # the offer blocks were exercised


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_no_observation_differs_from_its_hidden_twin(game: str, options: dict[str, Any]) -> None:
    match = Match(game, **options)
    twin_match = Match(game, **options)
    rng = np.random.default_rng(3)
    shuffle = random.Random(5)
    match.reset(4)
    twin_match.reset(4)
    checked = changed = 0
    while not match.done:
        for viewer in range(match.players):
            twin = scrambled(match.state, viewer, shuffle)
            twin_match.state = twin
            if viewer == 0:
                changed += twin.to_json(history=False) != match.state.to_json(history=False)
            # (the static board is the clone's own: left out, as the environments do)
            assert twin.observe(viewer, static=False) == match.state.observe(viewer, static=False)
            assert np.array_equal(twin_match.observation(viewer), match.observation(viewer))
            assert np.array_equal(twin_match.mask(viewer), match.mask(viewer))
            checked += viewer == 0
        deciders = match.deciders()
        moves = [
            (s, match.action(pick(match.mask(s), rng)))
            for s in (deciders if match.simultaneous else deciders[:1])
        ]
        for seat, action in moves:
            if seat in match.deciders():
                match.apply(seat, action)
    # The twins did differ (Thrones hides things only while planning, bidding and choosing cards).
    assert changed > checked // (10 if game == "thrones" else 2), (changed, checked)
