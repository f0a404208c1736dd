"""What a game of Thrones holds at one moment (:class:`ThronesData`): the board, every house's
tokens, cards and tracks, the decks, the phase, the RNG, and one record for each part of a phase
in progress.

Only data lives here, with copying and JSON; the rules that change it are in the phase modules
(planning, raids, marches, battle, westeros, mustering, bidding) and ``rules.py`` ties them
together. Seats are houses: seat ``s`` plays ``houses[s]`` (an index into ``data.HOUSES``).
Units are counted per area and type in flat lists (``units[area * 3 + type]``); an area holds
one house's units at most, its ``owner``. Attacking units stay in ``battle.attacking`` until a
battle ends.

The parts are records of their own, each in its module with its one field list: ``raid``
(``raid_state.py``), ``march`` (``march_state.py``), ``battle`` (``battle_state.py``), ``retreat``
(``retreat_state.py``), ``mustering`` (``muster_state.py``) and ``bidding`` (``bidding_state.py``).
A field of a part is added in its record alone: the record copies it (in its ``__init__``) and
``parts.py`` saves it by name. The saved state stays flat (the parts' fields under their old keys,
``b_area`` and so on), so saved games and pinned digests read as before. The state's own plain
fields are saved by name too, from ``_INT_FIELDS`` and ``_LIST_FIELDS``.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from ravenry.core.protocol import Action, Game, GameConfig, GameState
from ravenry.core.rng import Rng, rng_from_json
from ravenry.games.thrones import (
    battle_state,
    bidding_state,
    march_state,
    muster_state,
    raid_state,
    retreat_state,
)
from ravenry.games.thrones.battle_state import BattleState
from ravenry.games.thrones.battle_tally import BattleTally
from ravenry.games.thrones.bidding_state import BiddingState
from ravenry.games.thrones.data import N_AREAS
from ravenry.games.thrones.map import controller
from ravenry.games.thrones.march_state import MarchState
from ravenry.games.thrones.muster_state import MusterState
from ravenry.games.thrones.parts import fields_from_json, fields_to_json
from ravenry.games.thrones.raid_state import RaidState
from ravenry.games.thrones.retreat_state import RetreatState

# Phases. Those marked "auto" never wait for anyone: rules.advance() moves past them.
P_PLANNING: Final = 0  # every house places orders (simultaneous, sealed)
P_RAVEN: Final = 1  # the Messenger Raven's holder may swap one order
P_RAID: Final = 2  # the current house resolves one Raid order
P_MARCH_CHOOSE: Final = 3  # the current house picks a March order to resolve
P_MARCH_MOVE: Final = 4  # ... moves its units one at a time, then ends the march
P_SUPPORT: Final = 5  # the owner of the next supporting area pledges it
P_CARDS: Final = 6  # attacker and defender choose house cards (simultaneous, sealed)
P_BLADE: Final = 7  # the Valyrian Steel Blade's holder may add +1
P_CASUALTY: Final = 8  # the loser picks casualties one at a time
P_ABILITY: Final = 9  # the winner's card ability that needs a choice
P_RETREAT: Final = 10  # the losing defender picks the area to retreat to
P_SUPPLY: Final = 11  # a house over its new supply limit destroys units one at a time
P_MUSTER: Final = 12  # a house spends mustering points, one point-group at a time
P_BID: Final = 13  # every house bids (simultaneous, sealed)
P_TIE: Final = 14  # the Iron Throne holder orders tied bidders
P_WILDLING_REWARD: Final = 15  # the Night's Watch's top bidder may take back a house card
P_WILDLING_LOSS: Final = 16  # a house removes units for the wildlings' victory
P_OVER: Final = 17
P_WESTEROS_NEXT: Final = 18  # auto: resolve the next revealed Westeros card
P_RAID_NEXT: Final = 19  # auto: the next house with a Raid order, or the marches
P_MARCH_NEXT: Final = 20  # auto: the next house with a March order, or consolidate power
P_BIDS_DONE: Final = 21  # auto: a bid was revealed and ordered
P_ACTION_END: Final = 22  # auto: consolidate power, then the end of the turn
P_RETREAT_LOSS: Final = 23  # a retreating house picks which retreated units cannot fit supply
PHASE_NAMES: Final = (
    "planning",
    "messenger_raven",
    "raid",
    "march_choose",
    "march_move",
    "support",
    "house_cards",
    "valyrian_steel_blade",
    "casualties",
    "card_ability",
    "retreat",
    "supply",
    "mustering",
    "bidding",
    "tie",
    "wildling_reward",
    "wildling_losses",
    "over",
    "westeros",
    "raids",
    "marches",
    "bids",
    "action_end",
    "retreat_losses",
)

# What a bid is for (P_BID): a track (0-2), or the Night's Watch.
BID_WILDLINGS: Final = 3
# Support pledges.
SIDE_ATTACKER: Final = 0
SIDE_DEFENDER: Final = 1
SIDE_NONE: Final = 2

_INT_FIELDS: Final = (
    "turn",
    "phase",
    "wildlings",
    "restrictions",
    "blade_used",
    "raven_used",
    "orders_revealed",
    "cursor",
    "current",
    "w_index",
    "winner_reason",
)
_LIST_FIELDS: Final = (
    "units",
    "routed",
    "owner",
    "token",
    "neutral",
    "home",
    "order",
    "order_owner",
    "power",
    "pool",
    "supply",
    "hand",
    "discard",
    "revealed",
    "ready",
    "round_order",
    "queue",
    "loss_points",
    "winners",
    "drawn",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class ThronesData(GameState):
    """The complete state; lists of ints indexed by area, seat or track position."""

    game: Game[Any, Any]
    config: GameConfig
    n: int
    houses: tuple[int, ...]  # seat → house
    castles_to_win: int
    orders_optional: bool
    rng: Rng
    turn: int
    phase: int
    # the board
    units: list[int]  # area * 3 + unit type → count
    routed: list[int]  # the routed ones among them
    owner: list[int]  # area → seat with units there, -1
    token: list[int]  # area → seat with a power token there, -1
    neutral: list[int]  # area → neutral force strength, 0
    home: list[int]  # area → seat whose printed shield it is, -1
    order: list[int]  # area → order kind on the board (revealed or not), -1
    order_owner: list[int]
    # per seat
    power: list[int]  # available power
    pool: list[int]  # power tokens in the pool (20 = power + pool + tokens on the board)
    supply: list[int]
    hand: list[int]  # bit mask of house cards 0-6
    discard: list[int]
    tracks: list[list[int]]  # per track, seats from position 1 down
    # Westeros
    decks: list[list[int]]  # per deck, cards from the top
    revealed: list[int]  # this phase's card of each deck, -1
    drawn: list[int]  # every card drawn in the last Westeros phase (Winter is Coming included)
    w_index: int  # the next revealed card to resolve
    wildlings: int
    restrictions: int  # bit mask of restriction cards (1 << card) in force this turn
    blade_used: int
    raven_used: int
    # planning
    pending: list[list[int]]  # per seat, area → order kind placed face down (-1)
    ready: list[int]
    orders_revealed: int
    # whose turn in the action phase, Westeros queues
    round_order: list[int]  # the Iron Throne track when the round began
    cursor: int  # index in round_order of the house that acted last
    current: int
    queue: list[int]  # seats still to act in a Westeros step, in order
    loss_points: list[int]  # per seat, units still to remove for a wildling victory (in points)
    # the parts of the action and Westeros phases in progress, each a record of its own
    raid: RaidState  # raid_state.py
    march: MarchState  # march_state.py
    battle: BattleState  # battle_state.py
    retreat: RetreatState  # retreat_state.py: retreated units that break supply
    mustering: MusterState  # muster_state.py
    bidding: BiddingState  # bidding_state.py, with the bids last revealed
    # the last resolved battle's public tally (battle_tally.py), None before the first one or
    # once the next round's orders are revealed; a new battle overwrites it as it goes
    last_battle: BattleTally | None
    winners: list[int]
    winner_reason: int  # 0 not over, 1 castles, 2 after turn 10, 3 draw
    # Sealed answers' legal actions by seat, kept while the others answer (rules.py's
    # ThronesState._legal_actions); None: nothing kept. Not part of the game: never copied.
    _kept_legal: list[list[Action] | None] | None

    def _init_empty(
        self, game: Game[Any, Any], config: GameConfig, houses: tuple[int, ...], rng: Rng
    ) -> None:
        self.game = game
        self.config = config
        self.n = len(houses)
        self.houses = houses
        self.rng = rng
        self.history = []
        self._kept_legal = None
        self.orders_optional = False
        self.castles_to_win = 7
        n = self.n
        self.turn = 1
        self.phase = P_PLANNING
        self.units = [0] * (N_AREAS * 3)
        self.routed = [0] * (N_AREAS * 3)
        self.owner = [-1] * N_AREAS
        self.token = [-1] * N_AREAS
        self.neutral = [0] * N_AREAS
        self.home = [-1] * N_AREAS
        self.order = [-1] * N_AREAS
        self.order_owner = [-1] * N_AREAS
        self.power = [0] * n
        self.pool = [0] * n
        self.supply = [0] * n
        self.hand = [0] * n
        self.discard = [0] * n
        self.tracks = [list(range(n)) for _ in range(3)]
        self.decks = [[], [], []]
        self.revealed = [-1, -1, -1]
        self.drawn = []
        self.w_index = 3
        self.wildlings = 0
        self.restrictions = 0
        self.blade_used = 0
        self.raven_used = 0
        self.pending = [[-1] * N_AREAS for _ in range(n)]
        self.ready = [0] * n
        self.orders_revealed = 0
        self.round_order = list(range(n))
        self.cursor = -1
        self.current = -1
        self.queue = []
        self.loss_points = [0] * n
        self.raid = RaidState()
        self.march = MarchState()
        self.battle = BattleState()
        self.retreat = RetreatState()
        self.mustering = MusterState()
        self.bidding = BiddingState(n)
        self.last_battle = None
        self.winners = []
        self.winner_reason = 0

    # -- copying and JSON ---------------------------------------------------------------------
    def _copy_into(self, other: ThronesData) -> None:
        other.game = self.game
        other.config = self.config
        other.n = self.n
        other.houses = self.houses
        other.castles_to_win = self.castles_to_win
        other.orders_optional = self.orders_optional
        other.rng = self.rng.copy()
        other.history = list(self.history)
        other._legal_player = -1
        other._kept_legal = None
        other.turn = self.turn
        other.phase = self.phase
        other.units = self.units[:]
        other.routed = self.routed[:]
        other.owner = self.owner[:]
        other.token = self.token[:]
        other.neutral = self.neutral[:]
        other.home = self.home[:]
        other.order = self.order[:]
        other.order_owner = self.order_owner[:]
        other.power = self.power[:]
        other.pool = self.pool[:]
        other.supply = self.supply[:]
        other.hand = self.hand[:]
        other.discard = self.discard[:]
        other.tracks = [t[:] for t in self.tracks]
        other.decks = [d[:] for d in self.decks]
        other.revealed = self.revealed[:]
        other.drawn = self.drawn[:]
        other.w_index = self.w_index
        other.wildlings = self.wildlings
        other.restrictions = self.restrictions
        other.blade_used = self.blade_used
        other.raven_used = self.raven_used
        other.pending = [p[:] for p in self.pending]
        other.ready = self.ready[:]
        other.orders_revealed = self.orders_revealed
        other.round_order = self.round_order[:]
        other.cursor = self.cursor
        other.current = self.current
        other.queue = self.queue[:]
        other.loss_points = self.loss_points[:]
        other.raid = self.raid.copy()
        other.march = self.march.copy()
        other.battle = self.battle.copy()
        other.retreat = self.retreat.copy()
        other.mustering = self.mustering.copy()
        other.bidding = self.bidding.copy()
        other.last_battle = None if self.last_battle is None else self.last_battle.copy()
        other.winners = self.winners[:]
        other.winner_reason = self.winner_reason

    def data_to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "houses": list(self.houses),
            "castles_to_win": self.castles_to_win,
            "orders_optional": self.orders_optional,
            "rng": self.rng.to_json(),
            "tracks": [t[:] for t in self.tracks],
            "decks": [d[:] for d in self.decks],
            "pending": [p[:] for p in self.pending],
        }
        # The plain fields by name: _INT_FIELDS and _LIST_FIELDS are the one list of them.
        for name in _INT_FIELDS:
            out[name] = int(getattr(self, name))
        for name in _LIST_FIELDS:
            out[name] = list(getattr(self, name))
        out["last_battle"] = [] if self.last_battle is None else self.last_battle.to_list()
        # each part's fields by name, under the keys of the flat state it came from
        fields_to_json(self.raid, raid_state.FIELDS, out)
        fields_to_json(self.march, march_state.FIELDS, out)
        fields_to_json(self.battle, battle_state.FIELDS, out)
        fields_to_json(self.retreat, retreat_state.FIELDS, out)
        fields_to_json(self.mustering, muster_state.FIELDS, out)
        fields_to_json(self.bidding, bidding_state.FIELDS, out)
        return out

    def data_from_json(self, obj: dict[str, Any]) -> None:
        self.castles_to_win = int(obj["castles_to_win"])
        self.orders_optional = bool(obj["orders_optional"])
        self.rng = rng_from_json(obj["rng"])
        self.tracks = [[int(x) for x in t] for t in obj["tracks"]]
        self.decks = [[int(x) for x in d] for d in obj["decks"]]
        self.pending = [[int(x) for x in p] for p in obj["pending"]]
        for name in _INT_FIELDS:
            setattr(self, name, int(obj[name]))
        for name in _LIST_FIELDS:
            setattr(self, name, [int(x) for x in obj[name]])
        self.last_battle = BattleTally.from_list([int(x) for x in obj["last_battle"]])
        fields_from_json(self.raid, raid_state.FIELDS, obj)
        fields_from_json(self.march, march_state.FIELDS, obj)
        fields_from_json(self.battle, battle_state.FIELDS, obj)
        fields_from_json(self.retreat, retreat_state.FIELDS, obj)
        fields_from_json(self.mustering, muster_state.FIELDS, obj)
        fields_from_json(self.bidding, bidding_state.FIELDS, obj)

    # -- small board helpers every phase module uses --------------------------------------------
    def unit_count(self, area: int) -> int:
        i = area * 3
        return self.units[i] + self.units[i + 1] + self.units[i + 2]

    def controller(self, area: int) -> int:
        return controller(self.units, self.owner, self.token, self.home, area)

    def gain_power(self, seat: int, amount: int) -> int:
        """Take up to ``amount`` power from the pool (a house never holds more than its 20)."""
        k = min(amount, self.pool[seat])
        self.power[seat] += k
        self.pool[seat] -= k
        return k

    def pay_power(self, seat: int, amount: int) -> None:
        self.power[seat] -= amount
        self.pool[seat] += amount

    def add_units(self, area: int, seat: int, unit: int, count: int = 1, routed: int = 0) -> None:
        self.owner[area] = seat
        self.units[area * 3 + unit] += count
        self.routed[area * 3 + unit] += routed

    def remove_units(self, area: int, unit: int, count: int = 1) -> None:
        """Take ``count`` units of a type out of ``area`` (routed ones last); an area left empty
        loses its owner and its order (orders go with the units that held them)."""
        i = area * 3 + unit
        self.units[i] -= count
        if self.routed[i] > self.units[i]:
            self.routed[i] = self.units[i]
        if self.units[area * 3] + self.units[area * 3 + 1] + self.units[area * 3 + 2] == 0:
            self.owner[area] = -1
            self.routed[area * 3] = self.routed[area * 3 + 1] = self.routed[area * 3 + 2] = 0
            if area != self.march.area:
                self.order[area] = -1
                self.order_owner[area] = -1

    def total_units(self, seat: int, unit: int) -> int:
        """Units of a type ``seat`` has on the board (attacking ones included)."""
        total = 0
        for a in range(N_AREAS):
            if self.owner[a] == seat:
                total += self.units[a * 3 + unit]
        if self.battle.attacker == seat and self.battle.area >= 0:
            total += self.battle.attacking[unit]
        return total

    def track_position(self, track: int, seat: int) -> int:
        return self.tracks[track].index(seat)
