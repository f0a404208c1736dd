"""The ``catan`` game: its typed config, options with their descriptions, action codec (from the
state's table of actions) and how a new game starts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from ravenry.core.errors import MalformedAction, describe
from ravenry.core.protocol import JSON, ActionCodec, Game, GameConfig, check_option_values
from ravenry.core.rng import Rng, make_rng
from ravenry.games.catan.board import Board
from ravenry.games.catan.boards import BoardLayout, classic_layout, classic_topology
from ravenry.games.catan.data import CATAN, N_RES, RESOURCES, Ruleset
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.state import SETUP_ROAD, SETUP_SETTLEMENT
from ravenry.games.catan.topology import Topology

MAX_OFFERS_OPTION: Final = 100  # the largest max_offers_per_turn a game may be created with


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class CatanConfig(GameConfig):
    """``board``: beginner (our fixed layout), variable (random terrain, spiral numbers) or
    random (6 and 8 never adjacent). ``setup``: phase (snake-order placement) or fixed
    (the layout's starting pieces; beginner board only). ``shortage_exception``: None keeps the
    game's own shortage rule; True/False forces the single-player exception on or off.
    ``max_offers_per_turn``: None keeps the ruleset's cap on domestic offers a turn (10, for
    people); a whole number 0-100 replaces it (bots and RL: a small one). ``undo``: the
    current player may take back their last build or bank trade while nothing else has happened
    (off: the rulebook, where a placed piece stays)."""

    board: str = "beginner"
    setup: str = "phase"
    shortage_exception: bool | None = None
    max_offers_per_turn: int | None = None
    undo: bool = False

    def to_json(self) -> dict[str, JSON]:
        out = super().to_json()
        # Left out at their defaults, so that records made before the options existed read the same.
        if out.get("max_offers_per_turn", 0) is None:
            del out["max_offers_per_turn"]
        if out.get("undo") is False:
            del out["undo"]
        return out


@mypyc_attr(allow_interpreted_subclasses=True)
class CatanGame(Game[CatanConfig, CatanState]):
    id: ClassVar[str] = "catan"
    name: ClassVar[str] = "The Settlers of Catan"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    ruleset: ClassVar[Ruleset] = CATAN
    config_type: ClassVar[type[CatanConfig]] = CatanConfig
    state_type: ClassVar[type[CatanState]] = CatanState
    boards: ClassVar[tuple[str, ...]] = ("beginner", "variable", "random")
    fixed_setup_board: ClassVar[str] = "beginner"  # the board whose layout carries fixed starting pieces

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_fields(), RESOURCES)
        # The last board built: a new game on an equal layout shares it (a board never changes;
        # its JSON, which every view copies, is then built once for all games on a fixed board).
        self._last_board: Board | None = None
        self._rulesets: dict[tuple[bool | None, int | None], Ruleset] = {}

    def action_fields(self) -> dict[str, list[tuple[str, str]]]:
        """Each action type's codec fields, read from the state's table of actions."""
        return {kind: list(fields) for kind, (_, fields) in self.state_type.ACTIONS.items()}

    # -- config ---------------------------------------------------------------------------------
    def make_config(self, players: object = 4, seed: object = None, **options: JSON) -> CatanConfig:
        from ravenry.core.registry import fresh_seed

        values: dict[str, object] = {"players": players, "seed": fresh_seed() if seed is None else seed}
        values.update(options)
        return self._config_from_values(values)

    def _config_from_values(self, values: dict[str, object]) -> CatanConfig:
        known = {f.name for f in fields(self.config_type)}
        unknown = sorted(describe(k) for k in values if k not in known)
        if unknown:
            raise MalformedAction(f"unknown option(s) for {self.id}: {', '.join(unknown[:5])}")
        check_option_values(self.config_type, values)
        config = self.config_type(**values)  # type: ignore[arg-type]
        self.validate_config(config)
        return config

    def validate_config(self, config: CatanConfig) -> None:
        if not self.min_players <= config.players <= self.max_players:
            raise MalformedAction(f"{self.id} is for {self.min_players}-{self.max_players} players")
        if config.board not in self.boards:
            raise MalformedAction(f"unknown board {config.board!r}; choose {', '.join(self.boards)}")
        if config.setup not in ("phase", "fixed"):
            raise MalformedAction("setup must be 'phase' or 'fixed'")
        if config.setup == "fixed" and config.board != self.fixed_setup_board:
            raise MalformedAction(f"the fixed starting pieces belong to the {self.fixed_setup_board} board")
        offers = config.max_offers_per_turn
        if offers is not None and (type(offers) is not int or not 0 <= offers <= MAX_OFFERS_OPTION):
            raise MalformedAction(f"max_offers_per_turn must be a whole number 0-{MAX_OFFERS_OPTION} or null")

    def option_choices(self, name: str) -> list[JSON] | None:
        if name == "board":
            return list(self.boards)
        if name == "setup":
            return ["phase", "fixed"]
        if name == "shortage_exception":
            return [None, True, False]
        if name == "undo":
            return [False, True]
        return super().option_choices(name)

    def option_description(self, name: str) -> str | None:
        if name == "board":
            return (
                f"The map: {self.boards[0]} is the fixed layout; "
                "variable and random deal terrain and numbers anew."
            )
        if name == "setup":
            return (
                "phase: each player places 2 settlements and 2 roads in snake order; "
                f"fixed: the {self.fixed_setup_board} layout's starting pieces, no placement."
            )
        if name == "shortage_exception":
            return (
                "When the bank cannot pay everyone a resource, nobody gets it. On: a lone claimant still "
                "takes what is left; off: never; game default: this game's own rule."
            )
        if name == "max_offers_per_turn":
            return (
                f"How many trade offers to other players one turn may make (0-{MAX_OFFERS_OPTION}); "
                f"empty: the rules' cap ({self.ruleset.max_offers_per_turn})."
            )
        if name == "undo":
            return (
                "A misclick may be taken back: your last build or bank trade, "
                "until you roll, draw or play a card, offer a trade or end your turn."
            )
        return super().option_description(name)

    def option_labels(self, name: str) -> list[JSON] | None:
        if name == "shortage_exception":
            return ["game default", "on", "off"]
        if name == "undo":
            return ["off (the rulebook)", "on"]
        return super().option_labels(name)

    def config_from_json(self, obj: Mapping[str, JSON]) -> CatanConfig:
        """A config from untrusted JSON (any value): checked as :meth:`make_config` checks; a
        missing seed is drawn fresh."""
        if not isinstance(obj, Mapping):
            raise MalformedAction(f"a config is a JSON object, not {describe(obj)}")
        values: dict[str, object] = {}
        for key, value in obj.items():
            if type(key) is not str:
                raise MalformedAction(f"option names are strings, not {describe(key)}")
            values[key] = value
        if values.get("seed") is None:
            from ravenry.core.registry import fresh_seed

            values["seed"] = fresh_seed()
        return self._config_from_values(values)

    # -- boards and rules (hooks for variants) --------------------------------------------------
    def topology(self, config: CatanConfig) -> Topology:
        return classic_topology()

    def layout(self, config: CatanConfig, rng: Rng) -> BoardLayout:
        return classic_layout(config.board, rng)

    def rules_for(self, config: CatanConfig) -> Ruleset:
        """The ruleset with the config's options applied (one per set of options: a Ruleset
        never changes)."""
        key = (config.shortage_exception, config.max_offers_per_turn)
        rules = self._rulesets.get(key)
        if rules is None:
            rules = self.ruleset
            if config.shortage_exception is not None:
                rules = replace(rules, shortage_single_player_exception=config.shortage_exception)
            if config.max_offers_per_turn is not None:
                rules = replace(rules, max_offers_per_turn=config.max_offers_per_turn)
            self._rulesets[key] = rules
        return rules

    def extend_static(self, facts: dict[str, Any]) -> None:
        """Hook: add a variant's facts of the rules to the static part of the views
        (:func:`ravenry.games.catan.views.rules_json`); the same for every game of this kind."""

    # -- states ---------------------------------------------------------------------------------
    def board(self, topo: Topology, layout: BoardLayout) -> Board:
        """The board of ``layout`` on ``topo``: the last one built if it is the same."""
        last = self._last_board
        if last is None or last.topo is not topo or last.layout != layout:
            last = self._last_board = Board.build(topo, layout)
        return last

    def new_state(self, config: CatanConfig) -> CatanState:
        rng = make_rng(config.rng, config.seed)
        board = self.board(self.topology(config), self.layout(config, rng))
        state = self.state_type(self, config, board, self.rules_for(config), rng)
        state.rng.shuffle(state.dev_deck)
        state.prepare_variant()
        if config.setup == "fixed":
            self.place_fixed_pieces(state)
        else:
            state.start_setup_phase()
        return state

    def place_fixed_pieces(self, state: CatanState) -> None:
        """The beginner set-up: every seat's two settlements and roads as the layout shows;
        resources from the starred settlement; seat 0 starts (the rulebooks' youngest player in
        Catan, oldest in Game of Thrones Catan: seat them there)."""
        pieces = state.board.layout.starting_pieces
        if len(pieces) < state.n:
            raise MalformedAction("this layout has no fixed starting pieces for that many players")
        for p in range(state.n):
            nodes, edges, star = pieces[p]
            for node in nodes:
                state._put_settlement(p, node)
            for e in edges:
                state._put_road(p, e)
            gained = [0] * N_RES
            for h in state.board.topo.node_hexes[nodes[star]]:
                r = state.board.hex_resource[h]
                if r >= 0:
                    gained[r] += 1
            for r in range(N_RES):
                state.hands[p][r] += gained[r]
                state.bank[r] -= gained[r]
        for p in range(state.n):
            state.road_length[p] = 0
        state._update_longest_road(tuple(range(state.n)), [])
        state.first_player = 0
        # Steps of the set-up phase other than settlements and roads (brotherhood's guards)
        # still happen; then the first regular turn begins.
        plan = state.setup_plan()
        state.setup_index = next(
            (i for i, (_, phase) in enumerate(plan) if phase not in (SETUP_SETTLEMENT, SETUP_ROAD)), len(plan)
        )
        state._enter_setup_step()

    def state_from_json(self, obj: Mapping[str, JSON]) -> CatanState:
        if obj.get("game") != self.id:
            raise MalformedAction(f"not a {self.id} state")
        config = self.config_from_json(obj["config"])
        board = self.board(self.topology(config), BoardLayout.from_json(obj["layout"]))
        state = self.state_type(self, config, board, self.rules_for(config), Rng(0))
        state._data_from_json(dict(obj), self.action_from_json)
        state.undo_from_json(obj.get("undo", []))
        return state
