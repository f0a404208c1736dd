"""Small builders and checks for the hero scenarios of Brotherhood of the Watch.

Positions start from the Catan ``Position`` builder on the 4-player Gift (our standard layout),
then the hero, wall and wildling fields are set directly on the state. ``give_heroes`` must be
called after the pieces and hands are placed: reading ``pos.state`` recounts victory points
(guard tokens included) but leaves the hero fields alone.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event, GameState
from ravenry.games.brotherhood.heroes import HEROES, TARLY
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.catan.scenario import Position, rig_dice
from ravenry.testing.assertions import only_event
from ravenry.testing.assertions import refused as refused

only = only_event

ALICE, BOB, CARA, DAN = 0, 1, 2, 3
ALL_VIEWERS: tuple[int | None, ...] = (ALICE, BOB, CARA, DAN, None)


def position(players: int = 4) -> Position:
    """An empty Gift, turn 1, seat 0 to act in the main phase (Tormund in his camp)."""
    return Position("brotherhood", players=players)


def hex_of(state: BrotherhoodState, terrain: str, number: int) -> int:
    """The one hex of this terrain and number on our standard 4-player layout."""
    layout = state.board.layout
    found = [h for h, t in enumerate(layout.terrain) if t == terrain and number in layout.numbers[h]]
    assert len(found) == 1, found
    return found[0]


def brotherhood(pos: Position) -> BrotherhoodState:
    state = pos.state
    assert isinstance(state, BrotherhoodState)
    return state


def give_heroes(
    pos: Position, heroes: dict[int, int], b_side: tuple[int, ...] = (), taken_now: tuple[int, ...] = ()
) -> BrotherhoodState:
    """Seat → hero index (HEROES order); seats not named hold no hero. Heroes are A side up and
    held since before this turn unless listed in ``b_side`` / ``taken_now``; the rest of the 11
    form the display."""
    state = brotherhood(pos)
    state.heroes.hero = [heroes.get(p, -1) for p in range(state.n)]
    state.heroes.hero_b_side = [1 if p in b_side else 0 for p in range(state.n)]
    state.heroes.hero_taken_turn = [state.turn if p in taken_now else -1 for p in range(state.n)]
    state.heroes.hero_used_turn = [-1] * state.n
    state.heroes.hero_display = [h for h in range(len(HEROES)) if h not in heroes.values()]
    state.forget_legal_actions()
    return state


def put_guards(pos: Position, wall: dict[int, list[int]]) -> BrotherhoodState:
    """Wall section (0-3) → owners from space 1 up; guard tokens are recounted."""
    state = brotherhood(pos)
    for section, owners in wall.items():
        state.watch.sections[section] = list(owners)
    state.watch.guards_left = [
        7 - sum(o == p for s in state.watch.sections for o in s) for p in range(state.n)
    ]
    return brotherhood(pos)  # reading the state again recounts the guard VP tokens


def put_wildlings(
    state: BrotherhoodState,
    camps: dict[int, list[int]] | None = None,
    clearings: dict[int, list[int]] | None = None,
    gift: dict[int, list[int]] | None = None,
) -> None:
    """Place wildling types in clan camps (camp 1 first), clearings (0-3) and Gift hexes."""
    for where, table in (
        (state.north.camps, camps),
        (state.north.clearings, clearings),
        (state.north.gift, gift),
    ):
        for k, kinds in (table or {}).items():
            where[k] = list(kinds)
            state.north.wildlings_created += len(kinds)
    state.forget_legal_actions()


def hero_actions(state: GameState, player: int, kind: str) -> list[Action]:
    return [a for a in state.legal_actions(player) if a[0] == kind]


def roll(state: BrotherhoodState, d1: int, d2: int, wildling: int = 12) -> list[Event]:
    """The current player rolls these faces (a wildling die of 9-12 moves nobody)."""
    rig_dice(state, d1, d2, wildling)
    return state.apply(state.current, ("roll",))


def play_round_to(state: BrotherhoodState, seat: int) -> None:
    """End turns (others roll a quiet 2+3, pass any Samwell Tarly offer) until ``seat`` is to
    roll its next turn."""
    while True:
        if state.phase_name() == "hero_tarly":
            state.apply(state.heroes.hero_actor, ("hero_pass",))
        elif state.phase_name() == "main":
            state.apply(state.current, ("end_turn",))
            if state.current == seat:
                return
        else:
            assert state.phase_name() == "pre_roll"
            roll(state, 2, 3)


def tarly_owner(state: BrotherhoodState) -> int:
    return state.heroes.hero.index(TARLY)
