"""Game records: a config plus the ordered actions, in JSON; replay rebuilds the state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ravenry.core.protocol import Action, GameState


@dataclass
class GameRecord:
    game: str
    config: dict[str, Any]
    actions: list[tuple[int, Action]]

    def to_json(self) -> dict[str, Any]:
        from ravenry.core.registry import get_game

        game = get_game(self.game)
        return {
            "game": self.game,
            "config": self.config,
            "actions": [[p, game.action_to_json(a)] for p, a in self.actions],
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> GameRecord:
        from ravenry.core.errors import MalformedAction
        from ravenry.core.registry import get_game

        try:
            game = get_game(obj["game"])
            actions = [(int(p), game.action_from_json(a)) for p, a in obj["actions"]]
            return cls(obj["game"], dict(obj["config"]), actions)
        except (KeyError, TypeError, ValueError) as exc:
            raise MalformedAction(f"not a game record: {exc}") from exc


def replay(record: GameRecord) -> GameState:
    """Rebuild the state by applying every recorded action through the checked path."""
    from ravenry.core.registry import get_game

    game = get_game(record.game)
    state: GameState = game.new_state(game.config_from_json(record.config))
    for player, action in record.actions:
        state.apply(player, action)
    return state
