"""Seeds a player cannot guess and a generator a player cannot predict: a game made without a
seed draws 64 bits from the OS and records them; ``rng="keyed"`` (BLAKE2b in counter mode) is a
named option beside the fast ``pcg32``; both clone, serialise and replay exactly."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ravenry
from ravenry.core.record import GameRecord, replay
from ravenry.core.registry import get_game
from ravenry.core.rng import KeyedRng, Rng, make_rng, rng_from_json
from ravenry.sim.runner import run_game

GAMES = ["catan", "got-catan", "brotherhood"]


def test_a_game_without_a_seed_draws_a_fresh_64_bit_one_and_records_it() -> None:
    seeds = {ravenry.new_game("catan", players=4).config.seed for _ in range(8)}
    assert len(seeds) == 8
    assert all(type(s) is int and 0 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**40  # eight draws below 2**40 would be a one-in-2**190 event
    state = ravenry.new_game("brotherhood", players=3)
    assert GameRecord.of(state).to_json()["config"]["seed"] == state.config.seed
    assert get_game("catan").make_config(players=4).seed != get_game("catan").make_config(players=4).seed


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("rng", ["pcg32", "keyed"])
def test_both_generators_clone_serialise_and_replay_exactly(game: str, rng: str) -> None:
    _, state = run_game(game, 3, 5, ["random"] * 3, turn_cap=40, options={"rng": rng})
    assert state.config.rng == rng
    assert state.to_json()["rng"].startswith("keyed:") == (rng == "keyed")
    record = json.loads(json.dumps(GameRecord.of(state).to_json()))
    assert replay(GameRecord.from_json(record)).to_json_text() == state.to_json_text()
    rebuilt = get_game(game).state_from_json(json.loads(state.to_json_text()))
    twin = state.clone()
    for other in (rebuilt, twin):
        assert other.to_json_text() == state.to_json_text()
    if not state.decision().over:
        player = state.decision().players[0]
        action = state.legal_actions(player)[0]
        events = [e.full() for e in state.apply(player, action)]
        for other in (rebuilt, twin):
            assert [e.full() for e in other.apply(player, action)] == events
            assert other.to_json_text() == state.to_json_text()


def test_the_generators_differ_and_the_default_is_left_out_of_records() -> None:
    fast = ravenry.new_game("catan", players=4, seed=9)
    keyed = ravenry.new_game("catan", players=4, seed=9, rng="keyed")
    assert fast.config.to_json().get("rng") is None  # records made before the option read the same
    assert keyed.config.to_json()["rng"] == "keyed"
    assert (
        fast.to_json()["layout"] != keyed.to_json()["layout"] or fast.starting_rolls != keyed.starting_rolls
    )
    assert ravenry.new_game("catan", players=4, seed=9, rng="keyed").to_json_text() == keyed.to_json_text()
    specs = {s["name"]: s for s in get_game("catan").option_specs()}
    assert specs["rng"]["choices"] == ["pcg32", "keyed"] and specs["rng"]["default"] == "pcg32"


def test_the_keyed_stream_is_blake2b_in_counter_mode() -> None:
    """Known answers computed here from the definition, not from the implementation."""
    seed = 12345
    key = hashlib.blake2b(b"ravenry keyed rng v1:" + str(seed).encode(), digest_size=32).digest()
    words = []
    for block in range(3):
        digest = hashlib.blake2b(block.to_bytes(8, "little"), key=key, digest_size=64).digest()
        words += [int.from_bytes(digest[i : i + 4], "little") for i in range(0, 64, 4)]
    rng = make_rng("keyed", seed)
    assert [rng.next_u32() for _ in range(48)] == words


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), skip=st.integers(0, 40), kind=st.sampled_from(["pcg32", "keyed"]))
def test_a_generator_continues_the_same_after_copy_and_json(seed: int, skip: int, kind: str) -> None:
    rng = make_rng(kind, seed)
    for _ in range(skip):
        rng.below(1000)
    copied = rng.copy()
    restored = rng_from_json(json.loads(json.dumps(rng.to_json())))
    assert type(restored) is type(rng) and restored.kind == kind
    expected = [rng.next_u32() for _ in range(20)]
    assert [copied.next_u32() for _ in range(20)] == expected
    assert [restored.next_u32() for _ in range(20)] == expected


def test_keyed_dice_look_fair() -> None:
    rng = make_rng("keyed", 7)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.die() - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_broken_generator_states_are_refused() -> None:
    for text in (
        "",
        "abc",
        "-1",
        "keyed:xyz:1",
        "keyed:" + "0" * 64,
        "keyed:" + "0" * 64 + ":x",
        "٣",
        5,
        None,
    ):
        with pytest.raises(ValueError):
            rng_from_json(text)
    assert isinstance(rng_from_json("keyed:" + "ab" * 32 + ":17"), KeyedRng)
    assert type(rng_from_json("17")) is Rng


def _pcg32_words(state: int, count: int) -> tuple[list[int], int]:
    """PCG32 (XSH-RR, the increment ravenry uses) by its one-line definition on the 64-bit
    state: the words drawn and the state after them."""
    words = []
    for _ in range(count):
        old = state
        state = (old * 6364136223846793005 + 1442695040888963407) % 2**64
        xorshifted = (((old >> 18) ^ old) >> 27) % 2**32
        rot = old >> 59
        words.append(((xorshifted >> rot) | (xorshifted << ((-rot) % 32))) % 2**32)
    return words, state


@settings(max_examples=300, deadline=None)
@given(state=st.integers(-(2**70), 2**70))
def test_pcg32_kept_in_limbs_is_the_64_bit_definition(state: int) -> None:
    """Rng keeps its state in three limbs (machine words when compiled): every state, the top
    bits that pick the rotation included, draws what the 64-bit formula draws."""
    rng = Rng(state)
    assert rng.state == state % 2**64
    words, after = _pcg32_words(state % 2**64, 40)
    assert [rng.next_u32() for _ in range(40)] == words
    assert rng.state == after
    assert rng_from_json(rng.to_json()).state == after


def test_pcg32_seeding_and_rotations_known_answers() -> None:
    """from_seed is the 64-bit definition (a step, the seed added, a step), and the edge states
    (all rotations, the top and bottom of the range) draw the formula's words."""
    for seed in (0, 1, 12345, 2**63, 2**64 - 1, -1):
        _, state = _pcg32_words(0, 1)
        _, state = _pcg32_words((state + seed) % 2**64, 1)
        assert Rng.from_seed(seed).state == state
    for rot in range(32):
        for low in (0, 1, 2**59 - 1):
            state = (rot << 59) | low
            rng = Rng(state)
            assert [rng.next_u32() for _ in range(3)] == _pcg32_words(state, 3)[0]
