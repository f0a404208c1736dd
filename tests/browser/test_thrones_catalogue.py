"""The catalogue of thrones decision kinds (thrones_decisions.KINDS) against the engine, and the
position fixtures (data/thrones-positions.json) against the rules: no browser needed."""

from __future__ import annotations

import pytest
from thrones_decisions import KINDS, kinds_now
from thrones_kind_positions import explore, load, replay, unpack

from ravenry.games.thrones.rules import THRONES_ACTION_FIELDS
from ravenry.games.thrones.state import PHASE_NAMES

# The phases rules.advance() moves past (and the end): nobody decides in them.
AUTOMATIC = {"over", "westeros", "raids", "marches", "bids", "action_end"}


def test_every_deciding_phase_and_action_type_is_in_the_catalogue() -> None:
    phases = {k.split(":")[0] for k in KINDS}
    assert phases == set(PHASE_NAMES) - AUTOMATIC
    positions = load()
    types = {unpack(p["example"])[1][0] for p in positions.values()}
    assert types == set(THRONES_ACTION_FIELDS)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_meet_no_kind_outside_the_catalogue(players: int) -> None:
    found: dict[str, dict[str, object]] = {}
    for seed in range(900, 904):
        assert explore(players, seed, found) > 0
    assert set(found) <= set(KINDS), sorted(set(found) - set(KINDS))
    assert len(found) >= 30, sorted(set(KINDS) - set(found))


def test_every_kind_has_a_position_and_its_prefix_reaches_it() -> None:
    positions = load()
    assert sorted(positions) == sorted(KINDS), sorted(set(KINDS) ^ set(positions))
    for kind, pos in positions.items():
        state = replay(pos["players"], pos["seed"], pos["prefix"])
        now = kinds_now(state)
        assert kind in now, f"{kind}: the prefix leads to {sorted(now)}"
        seat, action = unpack(pos["example"])
        assert (seat, action) in now[kind], kind
        assert seat == pos["seat"]
