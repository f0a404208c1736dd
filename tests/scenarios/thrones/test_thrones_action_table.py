"""The table of Thrones' actions (``actions.THRONES_ACTIONS``) is the only list of them: the codec,
the phase table's kinds, the RL catalogue, the greedy bot's scorers and the game's declaration
all read it, and the actions the rules list in play are the table's, each in a phase its row
names."""

from __future__ import annotations

import random

import pytest

import ravenry
from ravenry.bots.greedy import thrones as greedy
from ravenry.core.registry import declaration
from ravenry.games.thrones.actions import ACTION_ROWS, PER_SEAT, THRONES_ACTIONS, action_facts, kinds_of
from ravenry.games.thrones.rules import PHASES, THRONES_ACTION_FIELDS, ThronesState
from ravenry.games.thrones.state import PHASE_NAMES
from ravenry.rl.catalogue import thrones_catalogue

NAMES = [row.name for row in THRONES_ACTIONS]


def test_the_table_names_each_action_once() -> None:
    assert len(NAMES) == len(set(NAMES)) == len(ACTION_ROWS)


def test_the_codec_is_the_table() -> None:
    codec = ravenry.get_game("thrones").codec.fields
    assert list(codec) == NAMES
    for row in THRONES_ACTIONS:
        kinds = ["int?" if r.low < 0 else "int" for _, r in row.fields]
        assert list(codec[row.name]) == list(zip([f for f, _ in row.fields], kinds, strict=True))
    assert list(THRONES_ACTION_FIELDS) == NAMES


def test_each_phase_takes_the_rows_that_name_it_and_every_row_names_a_deciding_phase() -> None:
    for ph, entry in enumerate(PHASES):
        named = tuple(row.name for row in THRONES_ACTIONS if ph in row.phases)
        if entry is None:
            assert named == (), PHASE_NAMES[ph]
        else:
            assert entry.kinds == named == kinds_of(ph), PHASE_NAMES[ph]
    assert {k for entry in PHASES if entry is not None for k in entry.kinds} == set(NAMES)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_rl_catalogue_is_the_table(players: int) -> None:
    catalogue = thrones_catalogue(ravenry.get_game("thrones").codec.fields, players)
    blocks = {b.kind: b for b in catalogue.blocks()}
    assert set(blocks) == set(NAMES)
    for row in THRONES_ACTIONS:
        fields = [(f, (d.name, d.low, d.size)) for f, d in blocks[row.name].fields]
        want = [(f, (r.name, r.low, players if r.size == PER_SEAT else r.size)) for f, r in row.fields]
        assert fields == want, row.name


def test_the_greedy_bot_scores_only_the_tables_actions() -> None:
    assert set(greedy._SCORERS) <= set(NAMES)
    assert greedy.GreedyThronesBot.excluded_actions <= set(NAMES)


def test_the_declaration_tells_the_page_the_tables_kinds_and_phases() -> None:
    kinds = declaration("thrones").action_kinds()
    assert list(kinds) == NAMES
    for row in THRONES_ACTIONS:
        assert kinds[row.name] == {
            "fields": [f for f, _ in row.fields],
            "phases": [PHASE_NAMES[p] for p in row.phases],
        }
    assert set(action_facts()) == set(NAMES)


@pytest.mark.parametrize("players", [3, 5])
def test_every_action_the_rules_list_is_a_row_of_the_table_in_a_phase_it_names(players: int) -> None:
    rng = random.Random(players)
    seen: set[str] = set()
    for seed in (11, 12):
        state = ravenry.new_game("thrones", players=players, seed=seed)
        assert isinstance(state, ThronesState)
        for _ in range(1500):
            decision = state.decision()
            if decision.result is not None:
                break
            options = [(p, a) for p in decision.players for a in state.legal_actions(p)]
            for _, a in options:
                row = ACTION_ROWS[a[0]]
                assert state.phase in row.phases, (a, PHASE_NAMES[state.phase])
                assert len(a) == len(row.fields) + 1
                for value, (_, r) in zip(a[1:], row.fields, strict=True):
                    size = players if r.size == PER_SEAT else r.size
                    assert r.low <= value < r.low + size, (a, r.name)
                seen.add(a[0])
            seat, action = rng.choice(options)
            state.apply(seat, action)
    # A random game meets most of them (the positions of tests/browser meet every one).
    assert len(seen) >= 15, sorted(set(NAMES) - seen)
