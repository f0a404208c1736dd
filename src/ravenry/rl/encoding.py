"""Fixed-length numeric observations, built from one seat's view (``state.observe(seat)``) only.

An encoding is a list of :class:`Field` s, each a named run of numbers with its meaning; the
observation is their concatenation (float32). The table of fields (name, length, meaning) of a
game is :meth:`Encoding.table`, printed in ``docs/rl.md``. Every number is >= 0: counts are
raw (not scaled), categorical values are one-hot. Seats are absolute (seat 0 first); the
``viewer`` field says which one is you. Nothing else is read: the encoding cannot show what the
view hides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ravenry.games.brotherhood.heroes import HERO_PHASES
from ravenry.games.catan.data import DEV_CARD_IDS
from ravenry.games.catan.data import RESOURCES as _CATAN_RESOURCES
from ravenry.games.catan.state import PHASE_NAMES as _CATAN_PHASE_NAMES
from ravenry.games.catan.views import PUBLIC_PLAYER_NUMBERS

View = Mapping[str, Any]
Obs = npt.NDArray[np.float32]

RESOURCES: tuple[str, ...] = tuple(_CATAN_RESOURCES)
DEV_CARDS: tuple[str, ...] = tuple(DEV_CARD_IDS)
TERRAINS = ("hills", "forest", "mountains", "fields", "pasture", "desert", "ice")
HARBOR_KINDS = ("3:1", *RESOURCES)
# The Catan family's phase names: the base game's, then Brotherhood's set-up and hero phases.
CATAN_PHASES: tuple[str, ...] = (*_CATAN_PHASE_NAMES, "setup_guard", *HERO_PHASES.values())
RESPONSES = ("pending", "accepted", "declined", "countered")
# The numbers of a Catan-family view's player entry that every seat shows.
PLAYER_NUMBERS = PUBLIC_PLAYER_NUMBERS


@dataclass(frozen=True)
class Field:
    """``read`` gives the field's ``size`` numbers; a ``sparse`` field's ``read`` gives instead
    the places (0-based, within the field) that are 1, the rest 0; a ``static`` field reads
    only the board, and is worked out once per board."""

    name: str
    size: int
    meaning: str
    read: Callable[[View], Sequence[float]]
    sparse: bool = False
    static: bool = False


class Encoding:
    """The fields of one game's observation; :meth:`encode` turns a view into a vector."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields = tuple(fields)
        self.size = sum(f.size for f in self.fields)
        starts = []
        start = 0
        for f in self.fields:
            starts.append(start)
            start += f.size
        self._dense = [
            (s, f) for s, f in zip(starts, self.fields, strict=True) if not f.sparse and not f.static
        ]
        self._sparse = [(s, f) for s, f in zip(starts, self.fields, strict=True) if f.sparse]
        self._static = [(s, f) for s, f in zip(starts, self.fields, strict=True) if f.static]
        self._dense_places = np.array([s + i for s, f in self._dense for i in range(f.size)], dtype=np.int64)
        self._board: object = None
        self._base: Obs = np.zeros(self.size, dtype=np.float32)

    def base(self, board: object) -> Obs:
        """The observation with only the static fields of ``board`` set (the rest 0), worked out
        once per board, an equal board's kept (a new game on a fixed board; read-only: copy it)."""
        if board is not self._board:
            if board != self._board:
                base = np.zeros(self.size, dtype=np.float32)
                view = {"board": board}
                for start, f in self._static:
                    base[start : start + f.size] = self._checked(f, f.read(view))
                self._base = base
            self._board = board  # (an equal board is compared once, not at every call)
        return self._base

    def starts(self) -> dict[str, int]:
        """Each field's first index, by name."""
        return {name: start for name, start, _, _ in self.table()}

    def encode(self, view: View) -> Obs:
        out = self.base(view.get("board")).copy()
        values: list[float] = []
        for _, f in self._dense:
            read = f.read(view)
            if len(read) != f.size:
                raise AssertionError(f"field {f.name!r}: {len(read)} values, not {f.size}")
            values += read
        out[self._dense_places] = np.array(values, dtype=np.float32)
        ones: list[int] = []  # every sparse field's 1s, set in one go
        for start, f in self._sparse:
            places = f.read(view)
            if places:
                if max(places) >= f.size:
                    raise AssertionError(f"field {f.name!r}: place {max(places)} beyond {f.size}")
                ones += [start + int(i) for i in places]
        if ones:
            out[np.array(ones, dtype=np.int64)] = 1.0
        return out

    @staticmethod
    def _checked(f: Field, values: Sequence[float]) -> Sequence[float]:
        if len(values) != f.size:
            raise AssertionError(f"field {f.name!r}: {len(values)} values, not {f.size}")
        return values

    def table(self) -> list[tuple[str, int, int, str]]:
        """(name, first index, length, meaning) per field."""
        rows = []
        start = 0
        for f in self.fields:
            rows.append((f.name, start, f.size, f.meaning))
            start += f.size
        return rows


def one_hot(value: object, choices: Sequence[object]) -> list[float]:
    """1 at ``value``'s place in ``choices``, plus a last slot for anything else (None too)."""
    out = [0.0] * (len(choices) + 1)
    try:
        out[choices.index(value)] = 1.0
    except ValueError:
        out[-1] = 1.0
    return out


def seat_hot(value: object, n: int) -> list[float]:
    """Seats 0..n-1 one-hot; a last slot for none (None or -1)."""
    out = [0.0] * (n + 1)
    out[value if type(value) is int and 0 <= value < n else n] = 1.0
    return out


def counts(named: Mapping[str, int] | None, names: Sequence[str]) -> list[float]:
    named = named or {}
    return [float(named.get(k, 0)) for k in names]


def index_field(name: str, key: str, count: int, meaning: str) -> Field:
    """The view's ``key`` (an index below ``count``, or None/-1) one-hot, with a last slot for none."""
    return Field(name, count + 1, meaning, lambda v: seat_hot(v[key], count))


def phase_field(names: Sequence[str]) -> Field:
    return Field(
        "phase",
        len(names) + 1,
        f"phase one-hot: {', '.join(names)}, other",
        lambda v: one_hot(v["phase"], names),
    )


def _num(x: object) -> float:
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else 0.0


# -- the Catan family -------------------------------------------------------------------------------
def catan_encoding(view: View) -> Encoding:
    """The encoding of ``catan``, ``got-catan`` and ``brotherhood`` on the board of ``view``."""
    board = view["board"]
    n = len(view["players"])
    n_hex, n_node, n_edge = len(board["hexes"]), len(board["nodes"]), len(board["edges"])
    seats = range(n)

    def me(v: View) -> Mapping[str, Any]:
        mine: Mapping[str, Any] = v["players"][v["viewer"]]
        return mine

    def buildings(v: View) -> list[int]:
        return [node * 2 * n + owner * 2 + (level - 1) for node, owner, level in v["buildings"]]

    def roads(v: View) -> list[int]:
        return [edge * n + owner for edge, owner in v["roads"]]

    def hexes(v: View) -> list[float]:
        out: list[float] = []
        for h in v["board"]["hexes"]:
            out.extend(one_hot(h["terrain"], TERRAINS))
            numbers = [*h["numbers"], 0, 0][:2]
            out.extend(float(x) for x in numbers)
        return out

    def harbors(v: View) -> list[float]:
        out = [0.0] * (n_node * len(HARBOR_KINDS))
        for hb in v["board"]["harbors"]:
            kind = HARBOR_KINDS.index(hb["kind"])
            for node in hb["nodes"]:
                out[node * len(HARBOR_KINDS) + kind] = 1.0
        return out

    player_numbers = PLAYER_NUMBERS

    def players(v: View) -> list[float]:
        out: list[float] = []
        for info in v["players"]:
            # List comprehensions, not generators: this runs for every seat at every step.
            out += [float(info[k]) for k in player_numbers]
            held = info["harbors"]
            out += [1.0 if k in held else 0.0 for k in HARBOR_KINDS]
        return out

    def offer(v: View) -> list[float]:
        o = v["offer"]
        if o is None:
            return [0.0] * (1 + n + 10 + n * len(RESPONSES) + n * 10)
        out = [
            1.0,
            *seat_hot(o["player"], n)[:n],
            *counts(o["give"], RESOURCES),
            *counts(o["get"], RESOURCES),
        ]
        for q in seats:
            answer = o["responses"].get(str(q))
            out.extend(1.0 if answer == r else 0.0 for r in RESPONSES)
        for q in seats:
            c = o["counters"].get(str(q))
            out.extend(counts(c and c["give"], RESOURCES) + counts(c and c["get"], RESOURCES))
        return out

    fields = [
        Field("viewer", n, "you: your seat one-hot", lambda v: seat_hot(v["viewer"], n)[:n]),
        Field("current", n, "the seat whose turn it is, one-hot", lambda v: seat_hot(v["current"], n)[:n]),
        Field(
            "deciding",
            n,
            "1 for each seat that must decide now",
            lambda v: [1.0 if p in v["decision"]["players"] else 0.0 for p in seats],
        ),
        phase_field(CATAN_PHASES),
        Field("turn", 1, "turns started (0 in set-up)", lambda v: [float(v["turn"])]),
        Field(
            "dice", 2, "the two dice of this turn's roll (0 before it)", lambda v: [*(v["dice"] or (0, 0))]
        ),
        index_field("robber", "robber", n_hex, "robber's hex one-hot; last: off the board"),
        Field(
            "hexes",
            n_hex * (len(TERRAINS) + 3),
            f"per hex: terrain one-hot ({', '.join(TERRAINS)}, other), its two numbers (0: none)",
            hexes,
            static=True,
        ),
        Field(
            "harbors",
            n_node * len(HARBOR_KINDS),
            "per node: harbor kind (3:1, then 2:1 by resource)",
            harbors,
            static=True,
        ),
        Field("buildings", n_node * 2 * n, "per node, per seat: settlement, city", buildings, sparse=True),
        Field("roads", n_edge * n, "per edge: owner seat one-hot (all 0: none)", roads, sparse=True),
        Field(
            "bank",
            5,
            "bank's resource cards (brick, lumber, ore, grain, wool)",
            lambda v: counts(v["bank"], RESOURCES),
        ),
        Field("dev_deck", 1, "development cards left in the deck", lambda v: [float(v["dev_deck_size"])]),
        index_field("longest_road", "longest_road_holder", n, "Longest Road holder one-hot; last: nobody"),
        index_field("largest_army", "largest_army_holder", n, "Largest Army holder one-hot; last: nobody"),
        Field("free_roads", 1, "Road Building roads left to place", lambda v: [float(v["free_roads"])]),
        Field("offers_left", 1, "domestic offers left this turn", lambda v: [float(v["offers_left"])]),
        Field(
            "offer",
            1 + n + 10 + n * len(RESPONSES) + n * 10,
            "open offer: present, offerer one-hot, give (5), get (5), per seat its answer "
            "(pending, accepted, declined, countered), per seat its counter's give (5) and get (5)",
            offer,
        ),
        Field(
            "players",
            n * (9 + len(HARBOR_KINDS)),
            "per seat: resource cards, development cards, knights played, visible VP, longest "
            "trail, roads, settlements, cities left, discards owed, harbors (3:1, 2:1 by resource)",
            players,
        ),
        Field("hand", 5, "your resource cards", lambda v: counts(me(v)["hand"], RESOURCES)),
        Field(
            "dev_cards",
            len(DEV_CARDS),
            f"your development cards: {', '.join(DEV_CARDS)}",
            lambda v: counts(me(v)["dev_cards"], DEV_CARDS),
        ),
        Field(
            "dev_cards_new",
            len(DEV_CARDS),
            "of them, bought this turn",
            lambda v: counts(me(v)["dev_cards_new"], DEV_CARDS),
        ),
        Field("vp", 1, "your victory points, hidden ones included", lambda v: [float(me(v)["vp"])]),
        Field(
            "winners",
            n,
            "1 for each winner (game over)",
            lambda v: [1.0 if v["result"] and p in v["result"]["winners"] else 0.0 for p in seats],
        ),
    ]
    if view["game"] == "brotherhood":
        fields.extend(_brotherhood_fields(n, n_hex))
    return Encoding(fields)


def _brotherhood_fields(n: int, n_hex: int) -> list[Field]:
    from ravenry.games.brotherhood.data import CLANS, SECTIONS, WILDLING_TYPES
    from ravenry.games.brotherhood.heroes import HERO_IDS

    kinds = len(WILDLING_TYPES)

    def wall(v: View) -> list[float]:
        out = [0.0] * (SECTIONS * n)
        for s, section in enumerate(v["wall"]):
            for owner in section:
                out[s * n + owner] += 1.0
        return out

    def tokens(lists: Sequence[Sequence[str]]) -> list[float]:
        out: list[float] = []
        for ws in lists:
            out.extend(float(sum(1 for w in ws if w == k)) for k in WILDLING_TYPES)
        return out

    def gift(v: View) -> list[float]:
        g = v["gift_wildlings"]
        return tokens([g.get(str(h), ()) for h in range(n_hex)])

    def heroes(v: View) -> list[float]:
        out: list[float] = []
        for h in v["heroes"]:
            out.extend(one_hot(h["hero"], HERO_IDS)[: len(HERO_IDS)])
            out.extend([1.0 if h["side"] == "B" else 0.0, 1.0 if h["ready"] else 0.0])
        return out

    def mance(v: View) -> list[float]:
        return counts(v.get("mance_hand"), RESOURCES)

    def melisandre(v: View) -> list[float]:
        out: list[float] = []
        cards = [*v.get("melisandre_cards", ()), None, None, None][:3]
        for c in cards:
            out.extend(one_hot(c, DEV_CARDS))
        return out

    return [
        Field("wall", SECTIONS * n, "per Wall section, guards per seat", wall),
        Field(
            "camps",
            len(CLANS) * kinds,
            f"per clan camp, tokens by type ({', '.join(WILDLING_TYPES)})",
            lambda v: tokens([v["camps"][c] for c in CLANS]),
        ),
        Field(
            "clearings", SECTIONS * kinds, "per clearing, wildlings by type", lambda v: tokens(v["clearings"])
        ),
        Field("gift_wildlings", n_hex * kinds, "per hex, wildlings in the Gift by type", gift),
        Field("breaches", 1, "breaches", lambda v: [float(v["breaches"])]),
        Field("wildling_die", 1, "wildling die of this turn (0: none)", lambda v: [_num(v["wildling_die"])]),
        Field("token_pool", 1, "wildling tokens left in the pool", lambda v: [float(v["token_pool_size"])]),
        Field(
            "brotherhood_players",
            n * 3,
            "per seat: guards left, guards on the Wall, wildling tokens on its card",
            lambda v: [
                float(p[k])
                for p in v["players"]
                for k in ("guards_left", "guards_on_wall", "wildling_tokens_on_card")
            ],
        ),
        Field("heroes", n * (len(HERO_IDS) + 2), "per seat: hero one-hot (HERO_IDS), B side, ready", heroes),
        Field(
            "hero_display",
            len(HERO_IDS),
            "1 for each hero on display",
            lambda v: [1.0 if h in v["hero_display"] else 0.0 for h in HERO_IDS],
        ),
        Field("mance_hand", 5, "the hand you look at with Mance Rayder", mance),
        Field(
            "melisandre_cards",
            3 * (len(DEV_CARDS) + 1),
            "the 3 cards you look at with Melisandre, one-hot each",
            melisandre,
        ),
    ]


# -- Thrones -------------------------------------------------------------------------------------------
def thrones_encoding(view: View) -> Encoding:
    from ravenry.games.thrones.data import (
        CARDS_PER_HOUSE,
        N_AREAS,
        ORDER_KIND_NAMES,
        TRACK_NAMES,
        WESTEROS_NAMES,
    )
    from ravenry.games.thrones.state import PHASE_NAMES

    n = len(view["houses"])
    seats = range(n)
    kinds = len(ORDER_KIND_NAMES)
    bid_for = (*TRACK_NAMES, "nights_watch")

    # Sparse fields (the places that are 1): most areas hold nothing.
    def per_area_seat(key: str) -> Callable[[View], list[int]]:
        def read(v: View) -> list[int]:
            return [a * (n + 1) + (x if type(x) is int and 0 <= x < n else n) for a, x in enumerate(v[key])]

        return read

    kind_index = {k: i for i, k in enumerate(ORDER_KIND_NAMES)}

    def orders(v: View) -> list[int]:
        out: list[int] = []
        for a, o in enumerate(v["orders"]):
            if o is not None:
                out.extend((a * (n + kinds) + o[0], a * (n + kinds) + n + kind_index[o[1]]))
        return out

    def my_orders(v: View) -> list[int]:
        return [a * kinds + kind_index[o] for a, o in enumerate(v.get("my_orders") or ()) if o is not None]

    def cards(key: str) -> Callable[[View], list[float]]:
        return lambda v: [1.0 if c in v[key][p] else 0.0 for p in seats for c in range(CARDS_PER_HOUSE)]

    def maybe(key: str) -> Callable[[View], list[float]]:
        # During bidding another house's power and pool are hidden (None): 0 and a "hidden" flag.
        return lambda v: [_num(x) for x in v[key]] + [1.0 if x is None else 0.0 for x in v[key]]

    def bids(v: View) -> list[float]:
        last = v.get("last_bids")
        out = one_hot(last and last["for"], bid_for)
        out.extend(_num(b) for b in (last["bids"] if last else [0] * n))
        out.extend(1.0 if x else 0.0 for x in v.get("bids_in", [False] * n))
        out.extend(one_hot(v.get("bid_for"), bid_for))
        out.append(_num(v.get("my_bid", 0)))
        return out

    def battle(v: View) -> list[float]:
        b = v.get("battle")
        size = 1 + 2 * (N_AREAS + 1) + 3 * (n + 1) + 3 + 1 + N_AREAS * 3 + 2 + 2 * (CARDS_PER_HOUSE + 1) + 2
        if b is None:
            return [0.0] * size
        out = [1.0, *seat_hot(b["area"], N_AREAS), *seat_hot(b["from"], N_AREAS)]
        out.extend(seat_hot(b["attacker"], n) + seat_hot(b["defender"], n) + seat_hot(b["winner"], n))
        out.extend(float(x) for x in b["attacking"])
        out.append(float(b["march_bonus"]) + 1.0)  # -1..+1 shifted to 0..2
        support = [0.0] * (N_AREAS * 3)
        for area, side in b["support"]:
            support[area * 3 + side] = 1.0
        out.extend(support)
        out.extend([_num(b["neutral"]), float(b["casualties"])])
        for c in b["cards"]:
            out.extend(one_hot(c, list(range(CARDS_PER_HOUSE))))
        out.extend(1.0 if x else 0.0 for x in b["chosen"])
        return out

    fields = [
        Field("viewer", n, "you: your seat one-hot", lambda v: seat_hot(v["viewer"], n)[:n]),
        index_field("current", "current", n, "the seat acting now one-hot; last: none (simultaneous)"),
        phase_field(PHASE_NAMES),
        Field("turn", 1, "game round (1-10)", lambda v: [float(v["turn"])]),
        Field(
            "castles_to_win",
            1,
            "castles and strongholds that win at once",
            lambda v: [float(v["castles_to_win"])],
        ),
        Field(
            "units",
            N_AREAS * 3,
            "per area: footmen, knights, ships",
            lambda v: [float(x) for u in v["units"] for x in u],
        ),
        Field(
            "routed",
            N_AREAS * 3,
            "per area: routed footmen, knights, ships",
            lambda v: [float(x) for u in v["routed"] for x in u],
        ),
        Field(
            "owner",
            N_AREAS * (n + 1),
            "per area: controlling seat one-hot; last: none",
            per_area_seat("owner"),
            sparse=True,
        ),
        Field(
            "power_tokens",
            N_AREAS * (n + 1),
            "per area: power token's seat one-hot; last: none",
            per_area_seat("power_tokens"),
            sparse=True,
        ),
        Field(
            "neutral",
            N_AREAS,
            "per area: neutral force strength (0: none)",
            lambda v: [float(x) for x in v["neutral"]],
        ),
        Field(
            "home",
            N_AREAS * (n + 1),
            "per area: home area of seat one-hot; last: none",
            per_area_seat("home"),
            sparse=True,
        ),
        Field(
            "orders",
            N_AREAS * (n + kinds),
            f"per area: revealed order's seat one-hot, kind one-hot ({', '.join(ORDER_KIND_NAMES)})",
            orders,
            sparse=True,
        ),
        Field(
            "my_orders",
            N_AREAS * kinds,
            "per area: the order you placed face down, kind one-hot",
            my_orders,
            sparse=True,
        ),
        Field("power", 2 * n, "per seat: available power; then 1 where hidden (bidding)", maybe("power")),
        Field("pool", 2 * n, "per seat: power tokens in the pool; then 1 where hidden", maybe("pool")),
        Field("supply", n, "per seat: supply level", lambda v: [float(x) for x in v["supply"]]),
        Field(
            "castles", n, "per seat: castles and strongholds held", lambda v: [float(x) for x in v["castles"]]
        ),
        Field(
            "tracks",
            3 * n,
            f"per influence track ({', '.join(TRACK_NAMES)}), per seat its position",
            lambda v: [float(x) for t in TRACK_NAMES for x in v["tracks"][t]],
        ),
        Field("hands", n * CARDS_PER_HOUSE, "per seat, per house card: in hand", cards("hands")),
        Field("discards", n * CARDS_PER_HOUSE, "per seat, per house card: discarded", cards("discards")),
        Field("wildlings", 1, "wildling threat", lambda v: [float(v["wildlings"])]),
        Field(
            "restrictions",
            len(WESTEROS_NAMES),
            "per Westeros card: its restriction is in force",
            lambda v: [1.0 if w in v["restrictions"] else 0.0 for w in WESTEROS_NAMES],
        ),
        Field(
            "westeros",
            3 * (len(WESTEROS_NAMES) + 1),
            "per Westeros deck: the revealed card one-hot; last: none",
            lambda v: [x for w in v["westeros"] for x in one_hot(w, WESTEROS_NAMES)],
        ),
        Field(
            "deck_sizes", 3, "cards left in each Westeros deck", lambda v: [float(x) for x in v["deck_sizes"]]
        ),
        Field(
            "blade_used",
            1,
            "Valyrian Steel Blade used this round",
            lambda v: [float(v["valyrian_blade_used"])],
        ),
        Field("raven_used", 1, "Messenger Raven used this round", lambda v: [float(v["raven_used"])]),
        Field("ready", n, "per seat: done planning", lambda v: [1.0 if x else 0.0 for x in v["ready"]]),
        index_field(
            "march_area", "march_area", N_AREAS, "area whose March order resolves, one-hot; last: none"
        ),
        index_field("raid_area", "raid_area", N_AREAS, "area whose Raid order resolves, one-hot; last: none"),
        Field(
            "muster_points",
            N_AREAS,
            "per area: mustering points left",
            lambda v: [float(x) for x in v["muster_points"]],
        ),
        Field(
            "loss_points",
            n,
            "per seat: wildling losses still to take",
            lambda v: [float(x) for x in v["loss_points"]],
        ),
        Field(
            "bids",
            (len(bid_for) + 1) * 2 + 2 * n + 1,
            "last revealed bids: for what one-hot (tracks, Night's Watch, none), per seat its bid; "
            "bidding now: per seat bid in, for what one-hot, your bid",
            bids,
        ),
        Field(
            "battle",
            1 + 2 * (N_AREAS + 1) + 3 * (n + 1) + 3 + 1 + N_AREAS * 3 + 2 + 2 * (CARDS_PER_HOUSE + 1) + 2,
            "battle: present, area and origin one-hot, attacker, defender, winner one-hot, attacking "
            "footmen/knights/ships, March bonus + 1, per area support (attacker, defender, none), "
            "neutral strength, casualties, each side's house card one-hot (last: hidden/none), chosen",
            battle,
        ),
        Field(
            "winners",
            n,
            "1 for each winner (game over)",
            lambda v: [1.0 if v["result"] and p in v["result"]["winners"] else 0.0 for p in seats],
        ),
    ]
    return Encoding(fields)


def encoding_for(view: View) -> Encoding:
    return thrones_encoding(view) if view["game"] == "thrones" else catan_encoding(view)
