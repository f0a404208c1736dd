"""The catalogue index worked out from an action's type and fields (ravenry.observations.action_index)
is the one the catalogue lists it under, for every action of every game's catalogue; anything
else is looked up, and what the catalogue lacks has no index."""

from __future__ import annotations

import pytest
from rl_support import GAMES, IDS

from ravenry.rl.catalogue import CatalogueError
from ravenry.rl.match import Match


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_every_catalogue_action_gets_its_own_index(game: str, options: dict[str, object]) -> None:
    catalogue = Match(game, **options).catalogue
    action_index = catalogue.action_index
    worked_out = 0
    for i, action in enumerate(catalogue.actions):
        assert action_index.of(action) == i, action
        worked_out += action[0] in action_index.blocks
    assert worked_out > catalogue.size // 2  # the arithmetic, not the lookup, for most of them
    assert action_index.indices(catalogue.actions, frozenset()) == list(range(catalogue.size))


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_actions_outside_the_catalogue_have_no_index(game: str, options: dict[str, object]) -> None:
    catalogue = Match(game, **options).catalogue
    action_index = catalogue.action_index
    kind, (offset, lows, sizes, _) = next((k, b.table) for k, b in action_index.blocks.items() if b.table[1])
    first = (kind, *lows)
    assert action_index.of(first) == offset
    assert action_index.of((kind, *lows[:-1], lows[-1] + sizes[-1])) == -1  # past the last field's values
    assert action_index.of((kind, *lows[:-1], lows[-1] - 1)) == -1
    assert action_index.of((kind, *lows, 0)) == -1  # a field too many
    assert action_index.of(("no such action",)) == -1
    # A field equal to an int but not one (True == 1) is looked up, as a dict would.
    odd = (kind, *lows[:-1], float(lows[-1]))
    assert action_index.of(odd) == catalogue.index[odd] == offset
    with pytest.raises(KeyError):
        action_index.indices([("no such action",)], frozenset())
    assert action_index.indices([("no such action",), first], frozenset({"no such action"})) == [offset]


@pytest.mark.parametrize("game", ["catan", "thrones"])
def test_a_legal_action_outside_the_catalogue_is_a_catalogue_error(game: str) -> None:
    match = Match(game)
    seat = match.deciders()[0]
    kind = match.state.legal_actions(seat)[0][0]
    catalogue = match.catalogue
    del catalogue.action_index.blocks[kind]  # the catalogue forgets the type, both ways
    for action in [a for a in catalogue.index if a[0] == kind]:
        del catalogue.index[action]
    with pytest.raises(CatalogueError, match="is not in the catalogue"):
        match.legal(seat)
    with pytest.raises(CatalogueError, match="is not in the catalogue"):
        match.agent_view(seat)
