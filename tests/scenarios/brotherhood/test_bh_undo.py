"""The ``undo`` option in Brotherhood of the Watch: a guard may be taken back; a build that turns
up wildling tokens (a settlement, a keep, Longest Road taken) may not, for the tokens were seen
and drawn from a pile whose order is hidden."""

from __future__ import annotations

from ravenry.games.brotherhood.scenario import BrotherhoodPosition, wildling_token

RED, BLUE = 0, 1
UNDO = ("undo",)


def test_a_guard_built_may_be_taken_back() -> None:
    pos = BrotherhoodPosition(players=4, undo=True).guards(3, BLUE).hand(RED, brick=1, lumber=1, wool=1)
    state = pos.turn(RED, "main").state
    before = state.to_json(history=False)
    seen = [state.observe(seat) for seat in (RED, BLUE, None)]
    state.apply(RED, ("build_guard", 3))
    assert state.watch.sections[3] == [BLUE, RED] and state.legal_actions(RED)[-1] == UNDO
    state.apply(RED, UNDO)
    assert state.to_json(history=False) == before
    assert [state.observe(seat) for seat in (RED, BLUE, None)] == seen


def test_a_settlement_that_revealed_a_wildling_token_stays(refused) -> None:
    pos = BrotherhoodPosition(players=4, undo=True)
    pos.settlement_tokens(RED, wildling_token("cave people", "regular"))
    pos.settlement(RED, 21).road_path(RED, [21, 28, 22]).hand(RED, brick=1, lumber=1, grain=1, wool=1)
    state = pos.turn(RED, "main").state
    events = state.apply(RED, ("build_settlement", 22))
    assert "token_revealed" in [e.type for e in events]
    assert UNDO not in state.legal_actions(RED)
    refused(state, RED, UNDO, "nothing to take back")
