"""The ``thrones`` game: its config (players, seed, the ``orders_optional`` rule option), its
action codec, and the set-up for 3, 4 and 5 players."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import ClassVar

from mypy_extensions import mypyc_attr

from ravenry.core.errors import MalformedAction
from ravenry.core.protocol import JSON, ActionCodec, Game, GameConfig, check_option_values
from ravenry.core.rng import Rng, make_rng
from ravenry.games.thrones.data import (
    ALL_CARDS,
    AREA_HOME,
    CASTLES_TO_WIN,
    HOUSES_FOR_PLAYERS,
    N_AREAS,
    NEUTRAL_FORCES,
    POWER_TOKENS,
    START_FIEFDOMS,
    START_IRON_THRONE,
    START_KINGS_COURT,
    START_POWER,
    START_UNITS,
    UNIT_STRENGTH,
    westeros_deck,
)
from ravenry.games.thrones.map import supply_level
from ravenry.games.thrones.planning import start_planning
from ravenry.games.thrones.rules import THRONES_ACTION_FIELDS, ThronesState


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class ThronesConfig(GameConfig):
    """``orders_optional``: the first edition's FAQ ruling that an area with units may be left
    without an order (off: the rulebook's "each area"). ``make_config`` defaults to 5 players
    (the full game); ``players`` itself is not redeclared, as the compiled base class owns it."""

    orders_optional: bool = False


@mypyc_attr(allow_interpreted_subclasses=True)
class ThronesGame(Game[ThronesConfig, ThronesState]):
    id: ClassVar[str] = "thrones"
    name: ClassVar[str] = "A Game of Thrones: The Board Game (first edition)"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5

    def __init__(self) -> None:
        self.codec = ActionCodec(THRONES_ACTION_FIELDS, ())

    def make_config(self, players: object = 5, seed: object = None, **options: JSON) -> ThronesConfig:
        from ravenry.core.registry import fresh_seed

        values: dict[str, object] = {"players": players, "seed": fresh_seed() if seed is None else seed}
        values.update(options)
        known = {f.name for f in fields(ThronesConfig)}
        unknown = sorted(str(k) for k in values if k not in known)
        if unknown:
            raise MalformedAction(f"unknown option(s) for {self.id}: {', '.join(unknown[:5])}")
        check_option_values(ThronesConfig, values)
        config = ThronesConfig(**values)  # type: ignore[arg-type]
        if not self.min_players <= config.players <= self.max_players:
            raise MalformedAction(f"{self.id} is for {self.min_players}-{self.max_players} players")
        return config

    def option_choices(self, name: str) -> list[JSON] | None:
        return [False, True] if name == "orders_optional" else super().option_choices(name)

    def option_description(self, name: str) -> str | None:
        if name == "orders_optional":
            return (
                "On: an area with units may be left without an order (the first edition's FAQ); "
                "off: every such area gets one (the rulebook)."
            )
        return super().option_description(name)

    def option_labels(self, name: str) -> list[JSON] | None:
        return ["off", "on"] if name == "orders_optional" else super().option_labels(name)

    def config_from_json(self, obj: Mapping[str, JSON]) -> ThronesConfig:
        return self.make_config(**dict(obj))

    def new_state(self, config: ThronesConfig) -> ThronesState:
        houses = HOUSES_FOR_PLAYERS[config.players]
        state = ThronesState.__new__(ThronesState)
        state._init_empty(self, config, houses, make_rng(config.rng, config.seed))
        state.orders_optional = config.orders_optional
        state.castles_to_win = CASTLES_TO_WIN[config.players]
        seat_of = {h: i for i, h in enumerate(houses)}
        for area, strength in NEUTRAL_FORCES:
            state.neutral[area] = strength
        for h in range(5):
            for area, unit in START_UNITS[h]:
                if h in seat_of:
                    state.add_units(area, seat_of[h], unit)
                else:
                    # An unplayed house's units are neutral forces (footman 1, knight 2, ship 1).
                    state.neutral[area] += UNIT_STRENGTH[unit]
        for a in range(N_AREAS):
            if AREA_HOME[a] in seat_of:
                state.home[a] = seat_of[AREA_HOME[a]]
        # The tracks close their gaps: played houses keep their relative order.
        for t, start in enumerate((START_IRON_THRONE, START_FIEFDOMS, START_KINGS_COURT)):
            state.tracks[t] = sorted(range(len(houses)), key=lambda seat: start[houses[seat]])
        for seat in range(len(houses)):
            state.power[seat] = START_POWER
            state.pool[seat] = POWER_TOKENS - START_POWER
            state.hand[seat] = ALL_CARDS
            state.supply[seat] = supply_level(state.units, state.owner, state.token, state.home, seat)
        for d in range(3):
            deck = westeros_deck(d)
            state.rng.shuffle(deck)
            state.decks[d] = deck
        start_planning(state)
        return state

    def state_from_json(self, obj: Mapping[str, JSON]) -> ThronesState:
        if obj.get("game") != self.id:
            raise MalformedAction(f"not a {self.id} state")
        config = self.config_from_json(obj["config"])
        state = ThronesState.__new__(ThronesState)
        state._init_empty(self, config, HOUSES_FOR_PLAYERS[config.players], Rng(0))
        state.data_from_json(dict(obj))
        state.history = [(int(p), self.action_from_json(a)) for p, a in obj["history"]]
        return state
