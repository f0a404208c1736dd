"""What a game of Thrones holds at one moment (:class:`ThronesData`): the board, every house's
tokens, cards and tracks, the decks, the phase, the RNG, and one record for each part of a phase
in progress.

Only data lives here, with copying and JSON; the rules that change it are in the phase modules
(planning, raids, marches, battle, westeros, mustering, bidding) and ``rules.py`` ties them
together. Seats are houses: seat ``s`` plays ``houses[s]`` (an index into ``data.HOUSES``).
Units are counted per area and type in flat lists (``units[area * 3 + type]``); an area holds
one house's units at most, its ``owner``. Attacking units stay in ``battle.attacking`` until a
battle ends.

Every field of the game's data is written once, as its line in :meth:`ThronesData._fields`: its
type, its value in a new game of ``n`` seats, or its value in the state copied (``of``: an int as
it is, a list copied, a list of lists copied list by list, a part by its ``copy()``), and what it
means. A new state (``_init_empty``) and a copy (``_copy_into``, each clone of a search bot's
playouts) are both those lines, attribute by attribute, which the compiled build runs natively;
JSON saves the plain fields by name (:func:`_saved_fields`: the names those lines set, read once
from a state they made, each saved as the kind of its starting value: an int, a bool, a list of
ints or a list of lists). So adding a field is adding its line to ``_fields``. Only which game,
which seats (``houses``, ``n``) and the RNG are set apart, from ``_init_empty``'s arguments.

The parts are records of their own, each in its module with its one field list: ``raid``
(``raid_state.py``), ``march`` (``march_state.py``), ``battle`` (``battle_state.py``), ``retreat``
(``retreat_state.py``), ``mustering`` (``muster_state.py``) and ``bidding`` (``bidding_state.py``);
the last battle's tally is ``battle_tally.py``'s. A field of a part is added in its record alone:
the record copies it (in its ``__init__``) and ``parts.py`` saves it by name (a new part is its
line in ``_fields`` and its field list in ``_PARTS``). The saved state stays flat (the parts'
fields under their old keys, ``b_area`` and so on), so saved games and pinned digests read as
before.
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


@mypyc_attr(allow_interpreted_subclasses=True)
class ThronesData(GameState):
    """The complete state; lists of ints indexed by area, seat or track position. Its fields are
    :meth:`_fields`' lines, each with its type and meaning; the few annotated here say which game,
    which seats and which randomness."""

    game: Game[Any, Any]
    config: GameConfig
    n: int
    houses: tuple[int, ...]  # seat → house
    rng: Rng
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
        self._fields(self.n, None)

    def _fields(self, n: int, of: ThronesData | None) -> None:
        """Every field of the game's data, each on its one line: its type, its value in a new
        game of ``n`` seats, or its value in ``of`` (the state this one copies: a list copied, a
        list of lists copied list by list, a part by its ``copy()``), and what it means. So
        :meth:`_init_empty` and :meth:`_copy_into` set them all, and JSON saves them by name
        (:func:`_saved_fields`, read from a state these lines made)."""
        self.castles_to_win: int = 7 if of is None else of.castles_to_win
        self.orders_optional: bool = False if of is None else of.orders_optional
        self.turn: int = 1 if of is None else of.turn
        self.phase: int = P_PLANNING if of is None else of.phase
        # the board
        # area * 3 + unit type → count
        self.units: list[int] = [0] * (N_AREAS * 3) if of is None else of.units[:]
        # the routed ones among them
        self.routed: list[int] = [0] * (N_AREAS * 3) if of is None else of.routed[:]
        # area → seat with units there, -1
        self.owner: list[int] = [-1] * N_AREAS if of is None else of.owner[:]
        # area → seat with a power token there, -1
        self.token: list[int] = [-1] * N_AREAS if of is None else of.token[:]
        # area → neutral force strength, 0
        self.neutral: list[int] = [0] * N_AREAS if of is None else of.neutral[:]
        # area → seat whose printed shield it is, -1
        self.home: list[int] = [-1] * N_AREAS if of is None else of.home[:]
        # area → order kind on the board (revealed or not), -1
        self.order: list[int] = [-1] * N_AREAS if of is None else of.order[:]
        self.order_owner: list[int] = [-1] * N_AREAS if of is None else of.order_owner[:]
        # per seat
        self.power: list[int] = [0] * n if of is None else of.power[:]  # available power
        # power tokens in the pool (20 = power + pool + tokens on the board)
        self.pool: list[int] = [0] * n if of is None else of.pool[:]
        self.supply: list[int] = [0] * n if of is None else of.supply[:]
        self.hand: list[int] = [0] * n if of is None else of.hand[:]  # bit mask of house cards 0-6
        self.discard: list[int] = [0] * n if of is None else of.discard[:]
        # per track, seats from position 1 down
        self.tracks: list[list[int]] = (
            [list(range(n)) for _ in range(3)] if of is None else [t[:] for t in of.tracks]
        )
        # Westeros
        # per deck, cards from the top
        self.decks: list[list[int]] = [[], [], []] if of is None else [d[:] for d in of.decks]
        # this phase's card of each deck, -1
        self.revealed: list[int] = [-1, -1, -1] if of is None else of.revealed[:]
        # every card drawn in the last Westeros phase (Winter is Coming included)
        self.drawn: list[int] = [] if of is None else of.drawn[:]
        self.w_index: int = 3 if of is None else of.w_index  # the next revealed card to resolve
        self.wildlings: int = 0 if of is None else of.wildlings
        # bit mask of restriction cards (1 << card) in force this turn
        self.restrictions: int = 0 if of is None else of.restrictions
        self.blade_used: int = 0 if of is None else of.blade_used
        self.raven_used: int = 0 if of is None else of.raven_used
        # planning: per seat, area → order kind placed face down (-1)
        self.pending: list[list[int]] = (
            [[-1] * N_AREAS for _ in range(n)] if of is None else [p[:] for p in of.pending]
        )
        self.ready: list[int] = [0] * n if of is None else of.ready[:]
        self.orders_revealed: int = 0 if of is None else of.orders_revealed
        # whose turn in the action phase, Westeros queues
        # the Iron Throne track when the round began
        self.round_order: list[int] = list(range(n)) if of is None else of.round_order[:]
        # index in round_order of the house that acted last
        self.cursor: int = -1 if of is None else of.cursor
        self.current: int = -1 if of is None else of.current
        # seats still to act in a Westeros step, in order
        self.queue: list[int] = [] if of is None else of.queue[:]
        # per seat, units still to remove for a wildling victory (in points)
        self.loss_points: list[int] = [0] * n if of is None else of.loss_points[:]
        # the parts of the action and Westeros phases in progress, each a record of its own,
        # saved by its own field list (_PARTS)
        self.raid: RaidState = RaidState() if of is None else of.raid.copy()
        self.march: MarchState = MarchState() if of is None else of.march.copy()
        self.battle: BattleState = BattleState() if of is None else of.battle.copy()
        # retreated units that break supply
        self.retreat: RetreatState = RetreatState() if of is None else of.retreat.copy()
        self.mustering: MusterState = MusterState() if of is None else of.mustering.copy()
        # with the bids last revealed
        self.bidding: BiddingState = BiddingState(n) if of is None else of.bidding.copy()
        # the last resolved battle's public tally (battle_tally.py), None before the first one or
        # once the next round's orders are revealed; a new battle overwrites it as it goes
        self.last_battle: BattleTally | None = (
            None if of is None or of.last_battle is None else of.last_battle.copy()
        )
        self.winners: list[int] = [] if of is None else of.winners[:]
        # 0 not over, 1 castles, 2 after turn 10, 3 draw
        self.winner_reason: int = 0 if of is None else of.winner_reason

    # -- copying and JSON ---------------------------------------------------------------------
    def _copy_into(self, other: ThronesData) -> None:
        other.game = self.game
        other.config = self.config
        other.n = self.n
        other.houses = self.houses
        other.rng = self.rng.copy()
        other.history = list(self.history)
        other._legal_player = -1
        other._kept_legal = None
        other._fields(self.n, self)

    def data_to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"houses": list(self.houses), "rng": self.rng.to_json()}
        # the fields by name, each as the kind of its starting value
        for name, kind in _saved_fields(self):
            value = getattr(self, name)
            if kind == _LISTS:
                out[name] = [list(v) for v in value]
            elif kind == _LIST:
                out[name] = list(value)
            elif kind == _BOOL:
                out[name] = bool(value)
            else:
                out[name] = int(value)
        out["last_battle"] = [] if self.last_battle is None else self.last_battle.to_list()
        # each part's fields by name, under the keys of the flat state it came from
        for name, fields in _PARTS:
            fields_to_json(getattr(self, name), fields, out)
        return out

    def data_from_json(self, obj: dict[str, Any]) -> None:
        """Read a saved state into this one, made by :meth:`_init_empty` for its config."""
        self.rng = rng_from_json(obj["rng"])
        for name, kind in _saved_fields(self):
            value = obj[name]
            if kind == _LISTS:
                setattr(self, name, [[int(x) for x in v] for v in value])
            elif kind == _LIST:
                setattr(self, name, [int(x) for x in value])
            elif kind == _BOOL:
                setattr(self, name, bool(value))
            else:
                setattr(self, name, int(value))
        self.last_battle = BattleTally.from_list([int(x) for x in obj["last_battle"]])
        for name, fields in _PARTS:
            fields_from_json(getattr(self, name), fields, obj)

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


# How a field of :meth:`ThronesData._fields` is saved: as the kind of its starting value.
_INT: Final = 0
_BOOL: Final = 1
_LIST: Final = 2  # of ints
_LISTS: Final = 3  # of lists of ints
# The parts, saved by their own field lists (parts.py), and the last battle's tally: apart.
_PARTS: Final = (
    ("raid", raid_state.FIELDS),
    ("march", march_state.FIELDS),
    ("battle", battle_state.FIELDS),
    ("retreat", retreat_state.FIELDS),
    ("mustering", muster_state.FIELDS),
    ("bidding", bidding_state.FIELDS),
)
SAVED_APART: Final = frozenset(("last_battle", *(name for name, _ in _PARTS)))
# (name, kind) of every field saved by name, read once from a state _fields made
_SAVED: Final[list[tuple[str, int]]] = []


def _saved_fields(state: ThronesData) -> list[tuple[str, int]]:
    """(name, kind) of every field :meth:`ThronesData._fields` sets but those saved apart
    (``SAVED_APART``), read once from a blank state of ``state``'s class those lines made: the
    attributes they set (an interpreted class holds them in its ``__dict__``; a compiled one
    lists its attributes in ``__mypyc_attrs__``, of which they are those set after them and not
    before), each with the kind of its starting value."""
    if _SAVED:
        return _SAVED
    cls = type(state)
    blank = cls.__new__(cls)
    declared: object = getattr(cls, "__mypyc_attrs__", None)
    known = [str(n) for n in declared if n != "__dict__"] if isinstance(declared, tuple) else []
    before = {n for n in known if hasattr(blank, n)} | set(getattr(blank, "__dict__", ()))
    blank._fields(3, None)
    names = [n for n in known if hasattr(blank, n)] + list(getattr(blank, "__dict__", ()))
    saved: list[tuple[str, int]] = []
    for name in dict.fromkeys(names):
        if name in before or name in SAVED_APART:
            continue
        value = getattr(blank, name)
        if isinstance(value, bool):
            kind = _BOOL
        elif isinstance(value, int):
            kind = _INT
        elif isinstance(value, list) and all(isinstance(v, int) for v in value):
            kind = _LIST
        elif isinstance(value, list) and all(
            isinstance(v, list) and all(isinstance(x, int) for x in v) for v in value
        ):
            kind = _LISTS
        else:
            raise TypeError(f"ThronesData.{name}: neither an int nor a list of ints nor of lists")
        saved.append((name, kind))
    _SAVED.extend(saved)
    return _SAVED
