"""The fixed discrete action catalogue of each game, and the action mask over it.

Every action type of a game's codec gets a block of indices. A block is the product of its
fields' *domains* — a domain is a range of integers named by what it counts (a board node, a
seat or none, a resource, a Thrones area...) — and an action's index is its block's offset plus
its fields in mixed radix, first field most significant. So every action the engine can list has
exactly one index, on every board of the game, and the table of blocks (:meth:`Catalogue.blocks`,
printed in ``docs/rl.md``) is the whole documentation of the encoding.

Domestic trade offers (``offer_trade``, ``counter_offer``) are parametric: the engine describes
them by a template, not a list. Their block is a bounded catalogue: every 1-for-1, 2-for-1 and
1-for-2 offer with no resource on both sides (120 per type), each masked by the seat's
``action_templates`` (its per-resource caps and side totals). Larger offers exist in the game
but are not in the catalogue.

The mask is built from the engine alone: ``legal_actions(seat)`` (each mapped to its index; an
action outside the catalogue raises :class:`CatalogueError`) and ``action_templates(seat)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ravenry.core.protocol import Action
from ravenry.observations.action_index import ActionIndex, BlockTable
from ravenry.observations.floats import mask_bytes
from ravenry.observations.lanes import Offers

OFFER_TYPES = ("offer_trade", "counter_offer")
N_RES = 5

Mask = npt.NDArray[np.int8]


class CatalogueError(ValueError):
    """The engine listed an action the catalogue has no index for (a catalogue bug)."""


@dataclass(frozen=True)
class Domain:
    """The integers ``low .. low + size - 1`` that one action field takes, and what they mean."""

    name: str
    low: int
    size: int
    meaning: str


@dataclass(frozen=True)
class Block:
    """The indices of one action type: ``offset .. offset + size - 1``."""

    kind: str
    offset: int
    size: int
    fields: tuple[tuple[str, Domain], ...]  # (field name, domain); empty for offers and plain actions
    note: str = ""


def _offer_sides() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every 1-for-1, 2-for-1 and 1-for-2 offer with disjoint sides, as (give, get) count tuples,
    in a fixed order (sizes, then resources)."""
    out = []
    for give_size, get_size in ((1, 1), (2, 1), (1, 2)):
        for give_cards in combinations_with_replacement(range(N_RES), give_size):
            for get_cards in combinations_with_replacement(range(N_RES), get_size):
                if set(give_cards) & set(get_cards):
                    continue
                give = [0] * N_RES
                get = [0] * N_RES
                for r in give_cards:
                    give[r] += 1
                for r in get_cards:
                    get[r] += 1
                out.append((tuple(give), tuple(get)))
    return out


OFFER_SIDES = _offer_sides()


# Action types an agent never takes: Catan's undo option is for people's misclicks (the bots
# never take back a move either), so it has no place in the action space.
NOT_FOR_AGENTS: Final = frozenset({"undo"})
INT8: Final = np.dtype(np.int8)  # how numpy reads a mask's bytes


class Catalogue:
    """The action catalogue of one game with fixed sizes (a board, a number of seats)."""

    def __init__(
        self, game_id: str, codec_fields: Mapping[str, Sequence[tuple[str, str]]], spec: Mapping[str, Any]
    ) -> None:
        """``spec``: action type → a list of :class:`Domain` (one per field) or ``"offer"``."""
        self.game_id = game_id
        blocks: list[Block] = []
        actions: list[Action] = []
        offset = 0
        for kind in sorted(codec_fields):
            if kind in NOT_FOR_AGENTS:
                continue
            if kind not in spec:
                raise CatalogueError(f"{game_id}: action type {kind!r} has no catalogue entry")
            entry = spec[kind]
            if entry == "offer":
                block = Block(kind, offset, len(OFFER_SIDES), (), "1-for-1, 2-for-1, 1-for-2 offers")
                actions.extend((kind, give, get) for give, get in OFFER_SIDES)
            else:
                names = [name for name, _ in codec_fields[kind]]
                if len(names) != len(entry):
                    raise CatalogueError(f"{game_id}: {kind!r} has {len(names)} fields, spec {len(entry)}")
                fields = tuple(zip(names, entry, strict=True))
                size = 1
                for domain in entry:
                    size *= domain.size
                block = Block(kind, offset, size, fields)
                actions.extend(_enumerate(kind, entry))
            blocks.append(block)
            offset += block.size
        self.size = offset
        self._blocks = blocks
        self.actions: list[Action] = actions
        self.index: dict[Action, int] = {a: i for i, a in enumerate(actions)}
        # The same indices worked out from an action's type and fields (offers looked up).
        self.action_index = ActionIndex(
            self.index, {b.kind: _block_table(b) for b in blocks if b.kind not in OFFER_TYPES}
        )
        self._offer_offset = {b.kind: b.offset for b in blocks if b.kind in OFFER_TYPES}
        self._offer_give = np.array([g for g, _ in OFFER_SIDES], dtype=np.int64)
        self._offer_get = np.array([t for _, t in OFFER_SIDES], dtype=np.int64)
        # :meth:`offer_indices` if the catalogue lists offers, else None (what
        # ``lanes.legal_now`` asks for a seat's offers).
        self.offers: Offers | None = self.offer_indices if self._offer_offset else None

    def blocks(self) -> list[Block]:
        return list(self._blocks)

    def offer_indices(self, templates: Sequence[Mapping[str, Any]]) -> list[int]:
        """The catalogue indices of the offers within a seat's exchange ``templates`` (its
        ``action_templates``)."""
        places: list[int] = []
        for template in templates:
            offset = self._offer_offset.get(template["type"])
            if offset is not None:
                places += (offset + np.flatnonzero(self._offers_within(template))).tolist()
        return places

    def mask_of(self, legal: Sequence[int]) -> Mask:
        """The mask with 1 at the indices ``legal`` (:meth:`legal`), else 0: a new array."""
        mask: Mask = np.frombuffer(mask_bytes(self.size, tuple(legal)), INT8)
        return mask

    def _offers_within(self, template: Mapping[str, Any]) -> Mask:
        """Which catalogue offers lie within an exchange template (see ravenry.core.templates)."""
        from ravenry.games.catan.data import RESOURCES

        give_caps = np.array([template["give"].get(r, 0) for r in RESOURCES], dtype=np.int64)
        get_caps = np.array([template["get"].get(r, 0) for r in RESOURCES], dtype=np.int64)
        give_total = self._offer_give.sum(axis=1)
        get_total = self._offer_get.sum(axis=1)
        fits = (
            (self._offer_give <= give_caps).all(axis=1)
            & (self._offer_get <= get_caps).all(axis=1)
            & (give_total >= template["min_give"])
            & (give_total <= template["max_give"])
            & (get_total >= template["min_get"])
            & (get_total <= template["max_get"])
        )
        out: Mask = fits.astype(np.int8)
        return out

    def action(self, i: int) -> Action:
        """The action tuple at index ``i``."""
        return self.actions[int(i)]


def _block_table(block: Block) -> BlockTable:
    """``block``'s first index and its fields' lowest values, sizes and strides (the first
    field the most significant, as :func:`_enumerate` lists them)."""
    domains = [domain for _, domain in block.fields]
    strides = []
    stride = 1
    for domain in reversed(domains):
        strides.append(stride)
        stride *= domain.size
    return block.offset, [d.low for d in domains], [d.size for d in domains], strides[::-1]


def _enumerate(kind: str, domains: Sequence[Domain]) -> list[Action]:
    out: list[Action] = [(kind,)]
    for domain in domains:
        out = [(*a, v) for a in out for v in range(domain.low, domain.low + domain.size)]
    return out


# -- the catalogues of the games ------------------------------------------------------------------
def catan_family_catalogue(
    game_id: str, codec_fields: Mapping[str, Sequence[tuple[str, str]]], view: Mapping[str, Any]
) -> Catalogue:
    """The catalogue of ``catan``, ``got-catan`` or ``brotherhood`` on the board of ``view``."""
    board = view["board"]
    n = len(view["players"])
    node = Domain("node", 0, len(board["nodes"]), "intersection id")
    edge = Domain("edge", 0, len(board["edges"]), "path id")
    hex_ = Domain("hex", 0, len(board["hexes"]), "hex id")
    hex_or_off = Domain("hex?", -1, len(board["hexes"]) + 1, "hex id, or -1 off the board")
    seat = Domain("seat", 0, n, "seat")
    seat_or_none = Domain("seat?", -1, n + 1, "seat, or -1 for nobody")
    res = Domain("res", 0, N_RES, "resource (brick, lumber, ore, grain, wool)")
    res_or_none = Domain("res?", -1, N_RES + 1, "resource, or -1 for none")
    rate = Domain("rate", 2, 3, "maritime rate 2, 3 or 4")
    spec: dict[str, Any] = {
        "place_settlement": [node],
        "place_road": [edge],
        "roll": [],
        "discard": [res],
        "move_robber": [hex_or_off, seat_or_none],
        "build_road": [edge],
        "build_settlement": [node],
        "build_city": [node],
        "buy_dev": [],
        "play_knight": [],
        "play_road_building": [],
        "place_free_road": [edge],
        "end_road_building": [],
        "play_year_of_plenty": [res, res_or_none],
        "play_monopoly": [res],
        "maritime_trade": [res, rate, res],
        "offer_trade": "offer",
        "accept_trade": [],
        "decline_trade": [],
        "counter_offer": "offer",
        "confirm_trade": [seat],
        "accept_counter": [seat],
        "cancel_trade": [],
        "end_turn": [],
    }
    if game_id == "brotherhood":
        from ravenry.games.brotherhood.data import CLANS, SECTIONS, TOKENS_PER_CLAN
        from ravenry.games.brotherhood.heroes import HERO_IDS

        section = Domain("section", 0, SECTIONS, "Wall section, west to east")
        benjen_area = Domain("camp", 0, len(CLANS) + SECTIONS, "clan camp, then clearing")
        benjen_index = Domain("token", 0, sum(TOKENS_PER_CLAN.values()), "token's place in the camp")
        spec.update(
            {
                "place_guard": [section],
                "build_guard": [section],
                "patrol_wildling": [hex_],
                "play_new_recruits": [section],
                "use_mormont": [res, seat, res, seat_or_none, res_or_none],
                "use_marsh": [res, res],
                "use_tarly": [res],
                "hero_pass": [],
                "use_othell": [edge, edge],
                "use_thorne": [section, res, res],
                "use_melisandre": [res_or_none, res_or_none],
                "melisandre_pick": [Domain("pick", 0, 3, "one of the top 3 development cards")],
                "use_mance": [seat],
                "mance_take": [res],
                "use_benjen": [benjen_area, benjen_index],
                "use_ygritte": [hex_],
                "use_yoren": [section],
                "use_qhorin": [],
                "hero_flip": [],
                "hero_swap": [Domain("hero", 0, len(HERO_IDS), "hero id (HERO_IDS)")],
            }
        )
    return Catalogue(game_id, codec_fields, spec)


def thrones_catalogue(codec_fields: Mapping[str, Sequence[tuple[str, str]]], players: int) -> Catalogue:
    """The catalogue of ``thrones`` at a table of ``players``: each action's block is its row of the
    rules' table (:data:`ravenry.games.thrones.actions.THRONES_ACTIONS`), each field's domain that
    field's range."""
    from ravenry.games.thrones.actions import THRONES_ACTIONS

    spec: dict[str, Any] = {
        row.name: [Domain(r.name, r.low, r.size_for(players), r.meaning) for _, r in row.fields]
        for row in THRONES_ACTIONS
    }
    return Catalogue("thrones", codec_fields, spec)
