"""What a Catan game holds at one moment (:class:`CatanData`): pieces, hands, decks, phase, RNG.

Only data lives here, with copying and JSON; the rules that change it are in ``rules.py``.
A variant's components (:class:`Part`: brotherhood's Wall, wildlings, heroes) are copied and
written by name with the rest (``_PARTS``).
Derived caches (which nodes each player's network touches, blocked intersections, harbor
rates) are rebuilt from the pieces, never serialised.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from ravenry.core.protocol import Action, Game, GameConfig, GameState, copy_json
from ravenry.core.rng import Rng, rng_from_json
from ravenry.games.catan.board import Board
from ravenry.games.catan.data import N_DEV, N_RES, Ruleset

# Phases of the turn.
SETUP_SETTLEMENT: Final = 0
SETUP_ROAD: Final = 1
PRE_ROLL: Final = 2  # before the production roll: roll, or play a development card first
DISCARD: Final = 3  # after a 7: everyone over the limit discards at once
MOVE_ROBBER: Final = 4
MAIN: Final = 5  # the combined trade/build phase
FREE_ROADS: Final = 6  # Road Building
TRADE_RESPONSES: Final = 7  # the other players answer an offer at once
TRADE_CONFIRM: Final = 8  # the offerer picks an acceptor, a counter-offer, or cancels
OVER: Final = 9
PHASE_NAMES: Final = (
    "setup_settlement",
    "setup_road",
    "pre_roll",
    "discard",
    "move_robber",
    "main",
    "free_roads",
    "trade_responses",
    "trade_confirm",
    "over",
)

# Answers to an offer.
PENDING: Final = 0
ACCEPTED: Final = 1
DECLINED: Final = 2
COUNTERED: Final = 3

Counts = tuple[int, ...]


@mypyc_attr(allow_interpreted_subclasses=True)
class Part:
    """A component a variant's state holds (brotherhood's Wall, wildlings and heroes), with its
    own data. It copies itself and writes its fields into the state's JSON under their own
    names; the state lists it in :attr:`CatanData._PARTS` with the function reading it back.

    A part whose JSON keys are its field names lists them by kind — lists of lists
    (``NESTED_FIELDS``), lists (``LIST_FIELDS``), plain values (``SCALAR_FIELDS``) — and
    :meth:`copy_fields`, :meth:`to_json` and :meth:`read_json` handle them by name, in that
    order (the JSON's key order is part of saved games). Other parts override :meth:`to_json`."""

    NESTED_FIELDS: ClassVar[tuple[str, ...]] = ()
    LIST_FIELDS: ClassVar[tuple[str, ...]] = ()
    SCALAR_FIELDS: ClassVar[tuple[str, ...]] = ()

    def copy(self) -> Part:
        raise NotImplementedError

    def copy_fields(self, other: Part) -> None:
        """Set ``other``'s listed fields (a fresh part of the same class) to copies of these."""
        for name in self.NESTED_FIELDS:
            setattr(other, name, [row[:] for row in getattr(self, name)])
        for name in self.LIST_FIELDS:
            setattr(other, name, getattr(self, name)[:])
        for name in self.SCALAR_FIELDS:
            setattr(other, name, getattr(self, name))

    def to_json(self, out: dict[str, Any]) -> None:
        for name in self.NESTED_FIELDS:
            out[name] = [list(row) for row in getattr(self, name)]
        for name in self.LIST_FIELDS:
            out[name] = list(getattr(self, name))
        for name in self.SCALAR_FIELDS:
            out[name] = getattr(self, name)

    def read_json(self, obj: dict[str, Any]) -> None:
        """Set the listed fields from the state's JSON (what :meth:`to_json` wrote)."""
        for name in self.NESTED_FIELDS:
            setattr(self, name, [list(row) for row in obj[name]])
        for name in self.LIST_FIELDS:
            setattr(self, name, list(obj[name]))
        for name in self.SCALAR_FIELDS:
            setattr(self, name, obj[name])


@mypyc_attr(allow_interpreted_subclasses=True)
class CatanData(GameState):
    """The complete Catan state. Lists of ints, indexed by player, node, edge or hex."""

    game: Game[Any, Any]
    board: Board
    rules: Ruleset
    config: GameConfig
    n: int
    rng: Rng
    hands: list[list[int]]
    bank: list[int]
    dev_deck: list[int]  # the top card is the last element
    dev_hands: list[list[int]]
    dev_bought_this_turn: list[list[int]]
    knights_played: list[int]
    node_owner: list[int]  # -1 or player
    node_level: list[int]  # 0 empty, 1 settlement, 2 city
    edge_owner: list[int]
    robber: int  # hex index, -1 off the board (Tormund's camp)
    roads_left: list[int]
    settlements_left: list[int]
    cities_left: list[int]
    road_length: list[int]
    longest_road_holder: int
    largest_army_holder: int
    public_vp: list[int]  # everything but hidden victory point cards
    phase: int
    current: int
    first_player: int
    starting_rolls: list[dict[str, int]]  # the roll-off for the starting player, round by round
    turn: int  # regular turns started so far (0 during set-up)
    setup_index: int
    setup_node: int  # the settlement the next set-up road must adjoin
    dev_played: bool  # a non-VP development card was played this turn
    dice: tuple[int, int] | None
    discards_owed: list[int]
    resume_phase: int  # phase to return to after the robber or free roads (-1: the 7 is resolved)
    free_roads: int
    offer: tuple[int, Counts, Counts] | None  # (offerer, gives, gets)
    responses: list[int]
    counters: dict[int, tuple[Counts, Counts]]
    offers_this_turn: int
    winner: int
    end_reason: str
    history: list[tuple[int, Action]]
    # The undo option (None: off): the current player's undoable actions since anything else
    # happened, each with the state just before it (a snapshot without history or stack of its
    # own, never changed once taken, so clones share it). ``rules.py`` keeps it; see ``_take_back``.
    undo_stack: list[tuple[Action, CatanData]] | None
    # derived caches
    network: list[set[int]]  # nodes each player's roads or buildings touch
    blocked: list[bool]  # node occupied or next to a building (distance rule)
    harbors: list[set[int]]  # harbor kinds each player controls
    # Caches hold only immutable values (tuples), so clones may share them.
    _frontier: list[tuple[int, tuple[int, ...]] | None]  # (board version, buildable edges) per player
    # (buildings version, owners per hex, (player, cards) per building per hex); see hex_owners
    _hex_cache: tuple[int, tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]] | None
    # Counts of piece changes, never taken back (an undo bumps them too): the same state with the
    # same counts has the same pieces (frontier, hex and observation caches).
    board_version: int  # bumped by every change of roads or buildings (frontier caches)
    buildings_version: int  # bumped by every change of settlements or cities (hex caches)

    # -- construction -------------------------------------------------------------------------
    def _init_empty(self, board: Board, rules: Ruleset, config: GameConfig, rng: Rng) -> None:
        n = config.players
        self.board, self.rules, self.config, self.n, self.rng = board, rules, config, n, rng
        topo = board.topo
        self.hands = [[0] * N_RES for _ in range(n)]
        self.bank = [rules.bank_per_resource] * N_RES
        self.dev_deck = [kind for kind, count in enumerate(rules.dev_deck) for _ in range(count)]
        self.dev_hands = [[0] * N_DEV for _ in range(n)]
        self.dev_bought_this_turn = [[0] * N_DEV for _ in range(n)]
        self.knights_played = [0] * n
        self.node_owner = [-1] * topo.n_nodes
        self.node_level = [0] * topo.n_nodes
        self.edge_owner = [-1] * topo.n_edges
        self.robber = board.layout.robber_start
        self.roads_left = [rules.max_roads] * n
        self.settlements_left = [rules.max_settlements] * n
        self.cities_left = [rules.max_cities] * n
        self.road_length = [0] * n
        self.longest_road_holder = -1
        self.largest_army_holder = -1
        self.public_vp = [0] * n
        self.phase = SETUP_SETTLEMENT
        self.current = 0
        self.first_player = 0
        self.starting_rolls = []
        self.turn = 0
        self.setup_index = 0
        self.setup_node = -1
        self.dev_played = False
        self.dice = None
        self.discards_owed = [0] * n
        self.resume_phase = MAIN
        self.free_roads = 0
        self.offer = None
        self.responses = [PENDING] * n
        self.counters = {}
        self.offers_this_turn = 0
        self.winner = -1
        self.end_reason = ""
        self.history = []
        self.undo_stack = [] if getattr(config, "undo", False) is True else None
        self.board_version = 0
        self.buildings_version = 0
        self.rebuild_caches()

    def rebuild_caches(self) -> None:
        topo = self.board.topo
        self.network = [set() for _ in range(self.n)]
        self.harbors = [set() for _ in range(self.n)]
        self.blocked = [False] * topo.n_nodes
        for node, owner in enumerate(self.node_owner):
            if owner >= 0:
                self.network[owner].add(node)
                self.blocked[node] = True
                for m in topo.node_neighbors[node]:
                    self.blocked[m] = True
                kind = self.board.node_harbor[node]
                if kind is not None:
                    self.harbors[owner].add(kind)
        for edge, owner in enumerate(self.edge_owner):
            if owner >= 0:
                self.network[owner].update(topo.edge_nodes[edge])
        self._frontier = [None] * self.n
        self._hex_cache = None
        # (bumped, not reset: the pieces may have changed under the same state)
        self.board_version += 1
        self.buildings_version += 1

    # -- copying ------------------------------------------------------------------------------
    _LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "bank",
        "dev_deck",
        "knights_played",
        "node_owner",
        "node_level",
        "edge_owner",
        "roads_left",
        "settlements_left",
        "cities_left",
        "road_length",
        "public_vp",
        "discards_owed",
        "responses",
        "history",
        "blocked",
    )
    _NESTED_FIELDS: ClassVar[tuple[str, ...]] = ("hands", "dev_hands", "dev_bought_this_turn")
    # A variant's components (:class:`Part`): (attribute, read back from the state's JSON).
    _PARTS: ClassVar[tuple[tuple[str, Callable[[dict[str, Any]], Part]], ...]] = ()
    _SCALAR_FIELDS: ClassVar[tuple[str, ...]] = (
        "robber",
        "longest_road_holder",
        "largest_army_holder",
        "phase",
        "current",
        "first_player",
        "starting_rolls",
        "turn",
        "setup_index",
        "setup_node",
        "dev_played",
        "free_roads",
        "resume_phase",
        "offers_this_turn",
        "winner",
        "end_reason",
    )

    def _copy_into(self, other: CatanData) -> None:
        other.game = self.game
        other.board = self.board
        other.rules = self.rules
        other.config = self.config
        other.n = self.n
        other.rng = self.rng.copy()
        for name in self._LIST_FIELDS:
            setattr(other, name, getattr(self, name)[:])
        for name in self._NESTED_FIELDS:
            setattr(other, name, [row[:] for row in getattr(self, name)])
        for name in self._SCALAR_FIELDS:
            setattr(other, name, getattr(self, name))
        for name, _ in self._PARTS:
            setattr(other, name, getattr(self, name).copy())
        other.starting_rolls = [dict(r) for r in self.starting_rolls]
        other.dice = self.dice
        other.offer = self.offer
        other.counters = dict(self.counters)
        other.network = [set(s) for s in self.network]
        other.harbors = [set(s) for s in self.harbors]
        other._frontier = list(self._frontier)
        other._hex_cache = self._hex_cache
        other.board_version = self.board_version
        other.buildings_version = self.buildings_version
        stack = self.undo_stack
        other.undo_stack = None if stack is None else list(stack)
        other.forget_legal_actions()

    # -- JSON ---------------------------------------------------------------------------------
    def _data_to_json(self, action_to_json: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"config": self.config.to_json(), "layout": self.board.layout.to_json()}
        for name in self._LIST_FIELDS:
            if name not in ("history", "blocked"):
                out[name] = list(getattr(self, name))
        for name in self._NESTED_FIELDS:
            out[name] = [list(row) for row in getattr(self, name)]
        for name in self._SCALAR_FIELDS:
            out[name] = getattr(self, name)
        for name, _ in self._PARTS:
            getattr(self, name).to_json(out)
        out["starting_rolls"] = copy_json(self.starting_rolls)
        out["rng"] = self.rng.to_json()
        out["dice"] = None if self.dice is None else list(self.dice)
        out["offer"] = (
            None if self.offer is None else [self.offer[0], list(self.offer[1]), list(self.offer[2])]
        )
        out["counters"] = {str(p): [list(g), list(t)] for p, (g, t) in sorted(self.counters.items())}
        if action_to_json is not None:  # None: the history is left out (to_json(history=False))
            out["history"] = [[p, action_to_json(a)] for p, a in self.history]
        return out

    def _data_from_json(self, obj: dict[str, Any], action_from_json: Any) -> None:
        for name in self._LIST_FIELDS:
            if name not in ("history", "blocked"):
                setattr(self, name, list(obj[name]))
        for name in self._NESTED_FIELDS:
            setattr(self, name, [list(row) for row in obj[name]])
        for name in self._SCALAR_FIELDS:
            setattr(self, name, obj[name])
        for name, read in self._PARTS:
            setattr(self, name, read(obj))
        self.starting_rolls = copy_json(obj["starting_rolls"])
        self.rng = rng_from_json(obj["rng"])
        self.dice = None if obj["dice"] is None else (obj["dice"][0], obj["dice"][1])
        o = obj["offer"]
        self.offer = None if o is None else (o[0], tuple(o[1]), tuple(o[2]))
        self.counters = {int(p): (tuple(g), tuple(t)) for p, (g, t) in obj["counters"].items()}
        self.history = [(int(p), action_from_json(a)) for p, a in obj.get("history", ())]
        self.rebuild_caches()
