"""The byte writers of the RL fast paths (ravenry.observations.floats) give what numpy reads back
as the same numbers; the encoders refuse a field layout they would not write in order."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ravenry.observations.catan_state import CatanStateEncoder
from ravenry.observations.floats import (
    f32_bytes,
    fields_end,
    flags_table,
    hot_table,
    seat_mask,
)
from ravenry.rl.encoding import CATAN_PHASES
from ravenry.rl.match import Match

counts = st.lists(st.integers(0, 2**24), max_size=300)  # (float32 holds every int up to 2**24)


@given(counts)
def test_counts_read_back_as_float32(values: list[int]) -> None:
    expected = np.array(values, dtype=np.float32)
    assert np.array_equal(np.frombuffer(f32_bytes(values), dtype="<f4"), expected)


@given(st.lists(st.floats(width=32, allow_nan=False), max_size=50))
def test_float32_values_survive_the_bytes(values: list[float]) -> None:
    assert np.frombuffer(f32_bytes(values), dtype="<f4").tolist() == values


def test_a_hot_table_has_one_run_per_place_and_a_last_all_zero() -> None:
    table = hot_table(5)
    assert len(table) == 6
    for k, run in enumerate(table):
        expected = np.zeros(5, dtype=np.float32)
        if k < 5:
            expected[k] = 1.0
        assert np.array_equal(np.frombuffer(run, dtype="<f4"), expected)


def test_a_flags_table_is_indexed_by_the_bit_mask_of_seats() -> None:
    table = flags_table(4)
    assert len(table) == 16
    mask = seat_mask((2, 0, 7, -1), 4)  # seats outside 0..3 are left out
    assert mask == 0b101
    assert np.frombuffer(table[mask], dtype="<f4").tolist() == [1.0, 0.0, 1.0, 0.0]


def test_fields_end_checks_each_start_and_the_size() -> None:
    order = [("a", 2), ("b", -1), ("c", 1)]  # b: up to c's start, whatever its size
    assert fields_end({"a": 0, "b": 2, "c": 5}, order, 0) == 6
    assert fields_end({"a": 0, "b": 2, "c": 5}, order, 0, 6) == 6
    with pytest.raises(ValueError, match="'b' starts at 3, not 2"):
        fields_end({"a": 0, "b": 3, "c": 5}, order, 0)
    with pytest.raises(ValueError, match="end at 6, the observation at 7"):
        fields_end({"a": 0, "b": 2, "c": 5}, order, 0, 7)


def test_the_catan_family_encoders_refuse_fields_out_of_their_order_or_size() -> None:
    from ravenry.observations.brotherhood_state import BrotherhoodStateEncoder
    from ravenry.observations.catan_state import state_encoder_for

    match = Match("catan")
    starts = match.encoding.starts()
    n, n_hex = match.players, len(match.board["hexes"])
    size = match.encoding.size
    CatanStateEncoder(starts, n, n_hex, CATAN_PHASES)  # the encoding's own order: fine
    swapped = dict(starts, bank=starts["dev_deck"], dev_deck=starts["bank"])
    with pytest.raises(ValueError, match="not the order written"):
        CatanStateEncoder(swapped, n, n_hex, CATAN_PHASES)
    with pytest.raises(ValueError, match="end at"):
        state_encoder_for(match.state, starts, n, n_hex, CATAN_PHASES, size + 1)
    match = Match("brotherhood", players=3)
    starts = match.encoding.starts()
    n, n_hex = match.players, len(match.board["hexes"])
    size = match.encoding.size
    BrotherhoodStateEncoder(starts, n, n_hex, CATAN_PHASES, size)
    swapped = dict(starts, camps=starts["clearings"], clearings=starts["camps"])
    with pytest.raises(ValueError, match="not the order written"):
        BrotherhoodStateEncoder(swapped, n, n_hex, CATAN_PHASES, size)
    with pytest.raises(ValueError, match="end at"):
        BrotherhoodStateEncoder(starts, n, n_hex, CATAN_PHASES, size - 1)


def test_the_thrones_encoder_refuses_fields_out_of_its_order_or_size() -> None:
    from ravenry.observations.thrones_state import ThronesStateEncoder

    match = Match("thrones")
    starts, n, size = match.encoding.starts(), match.players, match.encoding.size
    ThronesStateEncoder(starts, n, size)  # the encoding's own order and size: fine
    swapped = dict(starts, power=starts["pool"], pool=starts["power"])
    with pytest.raises(ValueError, match="not the order written"):
        ThronesStateEncoder(swapped, n, size)
    with pytest.raises(ValueError, match="end at"):
        ThronesStateEncoder(starts, n, size + 1)


@pytest.mark.parametrize("game", ["catan", "brotherhood", "thrones"])
def test_a_spectator_gets_a_whole_observation_with_no_seat_of_its_own(game: str) -> None:
    """The fast paths write a seat outside the game (-1) the encoding's length too: no viewer,
    no hand, no face-down orders or bid (the view encoder has no spectator to compare with)."""
    match = Match(game, players=3)
    rng = np.random.default_rng(3)
    for _ in range(120):  # into the game: pieces, hands, orders
        decider = match.deciders()[0]
        legal = np.flatnonzero(match.mask(decider))
        match.apply(decider, match.action(int(rng.choice(legal))))
    state = match.state
    if game == "thrones":
        assert match.thrones is not None
        data = match.thrones.encode(state, -1)  # type: ignore[arg-type]
    else:
        data = match.fast.encode(state, -1, match.decision())
    spectator = np.frombuffer(data, dtype="<f4")
    assert spectator.shape == (match.encoding.size,)
    seat0 = match.observation(0)
    viewer = match.encoding.starts()["viewer"]
    assert not spectator[viewer : viewer + 3].any() and seat0[viewer] == 1.0
