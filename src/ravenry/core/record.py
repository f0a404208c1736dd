"""Game records: a config plus the ordered actions, in JSON; replay rebuilds the state.

:meth:`GameRecord.from_json` takes any JSON value and either returns a record whose every part
has the right type (a known game, a config the game accepts, seats that are seats of that game,
actions the codec parses) or raises :class:`~ravenry.core.errors.MalformedAction`. Whether the
actions are legal in order is for :func:`replay_to` to find out (it raises ``IllegalAction``):
the one loop that rebuilds a state from a record, to its end (:func:`replay`) or to any step (a
server restoring a game, its replay viewer).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ravenry.core.errors import MalformedAction, describe

if TYPE_CHECKING:
    from ravenry.core.protocol import Action, Event, Game, GameState

MAX_RECORD_ACTIONS: Final = 1_000_000  # far beyond any real game; bounds the work one record can ask for


@dataclass
class GameRecord:
    game: str
    config: dict[str, Any]
    actions: list[tuple[int, Action]]

    @classmethod
    def of(cls, state: GameState) -> GameRecord:
        """The record of ``state``: its game, its config and every action applied so far. (A
        record knows states; a state does not know records, so the core has no import circle.)"""
        return cls(state.game.id, state.config.to_json(), list(state.history))

    def to_json(self) -> dict[str, Any]:
        game = _game(self.game)
        return {
            "game": self.game,
            "config": dict(self.config),
            "actions": [[p, game.action_to_json(a)] for p, a in self.actions],
        }

    @classmethod
    def from_json(cls, obj: object) -> GameRecord:
        if type(obj) is not dict:
            raise MalformedAction(f"a game record is a JSON object, not {describe(obj)}")
        for key in obj:
            if key not in ("game", "config", "actions"):
                raise MalformedAction(f"a game record has no field {describe(key)}")
        game_id = obj.get("game")
        game = _game(game_id)
        config_json = obj.get("config")
        if type(config_json) is not dict:
            raise MalformedAction(f"a game record's config is a JSON object, not {describe(config_json)}")
        if "seed" not in config_json:
            # Without it the game would draw a fresh seed, and the record would replay another game.
            raise MalformedAction("a game record's config must name its seed")
        config = game.config_from_json(config_json)
        entries = obj.get("actions")
        if type(entries) is not list:
            raise MalformedAction(f"a game record's actions are a list, not {describe(entries)}")
        if len(entries) > MAX_RECORD_ACTIONS:
            raise MalformedAction(f"a game record holds at most {MAX_RECORD_ACTIONS} actions")
        actions: list[tuple[int, Action]] = []
        for i, entry in enumerate(entries):
            if type(entry) is not list or len(entry) != 2:
                raise MalformedAction(f"action {i} of the record is not a [seat, action] pair")
            seat, action = entry
            if type(seat) is not int or not 0 <= seat < config.players:
                raise MalformedAction(
                    f"action {i} of the record: a seat is an integer from 0 to {config.players - 1}, "
                    f"not {describe(seat)}"
                )
            actions.append((seat, game.action_from_json(action)))
        return cls(game.id, config.to_json(), actions)


def _game(game_id: object) -> Game[Any, Any]:
    from ravenry.core.registry import get_game

    if type(game_id) is not str:
        raise MalformedAction(f"a game id is a string, not {describe(game_id)}")
    try:
        return get_game(game_id)
    except KeyError:
        raise MalformedAction(f"unknown game {describe(game_id)}") from None


def replay(record: GameRecord) -> GameState:
    """The state after every recorded action (see :func:`replay_to`)."""
    return replay_to(record)


def replay_to(
    record: GameRecord,
    step: object = None,
    each_step: Callable[[int, list[Event]], None] | None = None,
    each_state: Callable[[int, GameState], None] | None = None,
) -> GameState:
    """The state after the first ``step`` recorded actions (every one if None), each applied
    through the checked path: ``IllegalAction`` for a record that breaks the rules or names an
    unknown game, ``MalformedAction`` for a step the record does not hold. ``each_step(n,
    events)`` hears of every action applied (``n`` from 1) with its events. The one replay of
    the library, the server's restart and its replay viewer. ``each_state(n, state)`` sees the
    state after the first ``n`` actions, from 0 (read it there: the same object moves on)."""
    game = _game(record.game)
    config: object = record.config
    if not isinstance(config, dict):
        raise MalformedAction("a record's config is a mapping of options")
    # Read as plain objects: a compiled build would otherwise check each entry's type itself and
    # raise TypeError instead of refusing it.
    entries: object = record.actions
    if not isinstance(entries, list):
        raise MalformedAction("a record's actions are a list of (seat, action) pairs")
    total = len(entries)
    # ``step`` is typed ``object`` so that a compiled build refuses a bool or a float as pure
    # Python does, instead of taking True for 1 or raising TypeError.
    last = total if step is None else step
    if type(last) is not int or not 0 <= last <= total:
        raise MalformedAction(f"a step of this record is from 0 to {total}, not {describe(step)}")
    state: GameState = game.new_state(game.config_from_json(config))
    if each_state is not None:
        each_state(0, state)
    for n in range(last):
        entry = entries[n]
        if type(entry) is not tuple or len(entry) != 2:
            raise MalformedAction("a record's actions are (seat, action) pairs")
        events = state.apply(entry[0], entry[1])
        if each_step is not None:
            each_step(n + 1, events)
        if each_state is not None:
            each_state(n + 1, state)
    return state
