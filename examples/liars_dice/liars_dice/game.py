"""The fixed facts of liar's dice: its options (players, dice per player) and its actions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from liars_dice.state import LiarsDiceState
from ravenry.core.errors import MalformedAction
from ravenry.core.protocol import JSON, ActionCodec, Game, GameConfig, check_option_values
from ravenry.core.rng import make_rng

# Each action type and its fields: ("bid", count, face) and ("challenge",).
ACTION_FIELDS = {"bid": [("count", "int"), ("face", "int")], "challenge": []}
DICE_CHOICES = [2, 3, 4, 5]


@dataclass(frozen=True)
class LiarsDiceConfig(GameConfig):
    """``dice``: how many dice each player starts with (more dice, a longer game)."""

    dice: int = 3


class LiarsDiceGame(Game[LiarsDiceConfig, LiarsDiceState]):
    id: ClassVar[str] = "liars-dice"
    name: ClassVar[str] = "Liar's dice"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def __init__(self) -> None:
        self.codec = ActionCodec(ACTION_FIELDS, ())

    def make_config(self, players: object = 3, seed: object = None, **options: JSON) -> LiarsDiceConfig:
        from ravenry.core.registry import fresh_seed

        values: dict[str, object] = {"players": players, "seed": fresh_seed() if seed is None else seed}
        values.update(options)
        check_option_values(LiarsDiceConfig, values)  # unknown names and wrong types refused
        config = LiarsDiceConfig(**values)  # type: ignore[arg-type]
        if not self.min_players <= config.players <= self.max_players:
            raise MalformedAction(f"{self.id} is for {self.min_players}-{self.max_players} players")
        if config.dice not in DICE_CHOICES:
            raise MalformedAction(f"option 'dice' must be one of {', '.join(map(str, DICE_CHOICES))}")
        return config

    def option_choices(self, name: str) -> list[JSON] | None:
        return list(DICE_CHOICES) if name == "dice" else super().option_choices(name)

    def option_description(self, name: str) -> str | None:
        if name == "dice":
            return "How many dice each player starts with: 3 plays in a few minutes."
        return super().option_description(name)

    def config_from_json(self, obj: Mapping[str, JSON]) -> LiarsDiceConfig:
        return self.make_config(**dict(obj))

    def new_state(self, config: LiarsDiceConfig) -> LiarsDiceState:
        state = LiarsDiceState(self, config, make_rng(config.rng, config.seed))
        state.start_round(starter=0)
        return state

    def state_from_json(self, obj: Mapping[str, JSON]) -> LiarsDiceState:
        if obj.get("game") != self.id:
            raise MalformedAction(f"not a {self.id} state")
        config = self.config_from_json(obj["config"])
        return LiarsDiceState.from_json(self, config, obj)
