"""Game records: a config plus the ordered actions, in JSON; replay rebuilds the state.

:meth:`GameRecord.from_json` takes any JSON value and either returns a record whose every part
has the right type (a known game, a config the game accepts, seats that are seats of that game,
actions the codec parses) or raises :class:`~ravenry.core.errors.MalformedAction`. Whether the
actions are legal in order is for :func:`replay` to find out (it raises ``IllegalAction``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ravenry.core.errors import MalformedAction, describe

if TYPE_CHECKING:
    from ravenry.core.protocol import Action, Game, GameState

MAX_RECORD_ACTIONS: Final = 1_000_000  # far beyond any real game; bounds the work one record can ask for


@dataclass
class GameRecord:
    game: str
    config: dict[str, Any]
    actions: list[tuple[int, Action]]

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
    """Rebuild the state by applying every recorded action through the checked path
    (``IllegalAction`` for a record that breaks the rules or names an unknown game)."""
    game = _game(record.game)
    config: object = record.config
    if not isinstance(config, dict):
        raise MalformedAction("a record's config is a mapping of options")
    state: GameState = game.new_state(game.config_from_json(config))
    # Read as plain objects: a compiled build would otherwise check each entry's type itself and
    # raise TypeError instead of refusing it.
    entries: object = record.actions
    if not isinstance(entries, list):
        raise MalformedAction("a record's actions are a list of (seat, action) pairs")
    for entry in entries:
        if type(entry) is not tuple or len(entry) != 2:
            raise MalformedAction("a record's actions are (seat, action) pairs")
        state.apply(entry[0], entry[1])
    return state
