"""The rules of Catan: legal actions and how each action changes the state.

Every rule has a named method here: ``_roll`` (production roll), ``_rolled_seven`` (the rule for
a "7": discards, then the robber), ``_produce`` (production and the shortage rule),
``_move_robber`` (robber and stealing), ``_build_*``, ``_play_*`` (development cards),
``_check_victory``, ``_settle_special_card`` (Longest Road and Largest Army). Trade (maritime
and domestic) is in ``trade.py``, which this builds on.

A variant changes the numbers in its :class:`~ravenry.games.catan.data.Ruleset` (``got-catan``
needs nothing else) and may add rules through named extension points, each a method marked
"Hook" below that classic Catan leaves empty (in the turn's order: ``prepare_variant``,
``setup_plan``, ``_roll_extra_dice``, ``hex_produces``, ``_after_income``, ``_after_production``,
``robber_destinations``, ``_add_variant_actions``, ``_variant_phase_actions``, ``_on_gain``,
``_keeps_undo``, ``refresh_variant_vp``, ``extend_view``), data (its phases' names in
``VARIANT_PHASE_NAMES``, its actions with their fields in ``ACTIONS``: one table of
(handler, codec fields) per action type, as :data:`CATAN_ACTIONS` here) and its components
(:class:`~ravenry.games.catan.state.Part`, listed in ``_PARTS``: copied and written by name).
``brotherhood`` is one subclass of :class:`CatanState` holding three such components.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from ravenry.core.errors import MalformedAction
from ravenry.core.protocol import JSON, Action, Decision, Event, Game, GameConfig, Result, copy_json
from ravenry.core.rng import Rng
from ravenry.games.catan.actions import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEV,
    DISCARDS,
    END_TURN,
    MAX_PLAYERS,
    PLACE_FREE_ROAD,
    PLACE_ROAD,
    PLACE_SETTLEMENT,
    PLAY_KNIGHT,
    PLAY_MONOPOLY,
    PLAY_ROAD_BUILDING,
    ROBBER_MOVES,
    ROLL,
    UNDO,
    YEAR_OF_PLENTY_PICKS,
)
from ravenry.games.catan.board import Board
from ravenry.games.catan.data import (
    CITY_COST,
    DEV_CARD_COST,
    KNIGHT,
    MONOPOLY,
    N_RES,
    RESOURCES,
    ROAD_BUILDING,
    ROAD_COST,
    SETTLEMENT_COST,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
    Ruleset,
    can_pay,
    named_counts,
)
from ravenry.games.catan.scoring import longest_road
from ravenry.games.catan.state import (
    DISCARD,
    FREE_ROADS,
    MAIN,
    MOVE_ROBBER,
    OVER,
    PENDING,
    PRE_ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    TRADE_CONFIRM,
    TRADE_RESPONSES,
    CatanData,
)
from ravenry.games.catan.trade import CatanTrade

Handler = Callable[[Any, int, Action], list[Event]]
ActionFields = list[tuple[str, str]]  # the codec's fields of one action type: (name, kind), in order
ActionSpec = tuple[Handler, ActionFields]  # an action type's handler and fields, declared together

RESOLVED_SEVEN: Final = -1  # resume_phase value: after the robber, the production roll is complete
# The undo option: the phases in which the current player may take back their last action, and
# how many actions in a row (the oldest snapshot is dropped beyond that).
UNDO_PHASES: Final = frozenset((MAIN, SETUP_SETTLEMENT, SETUP_ROAD))
MAX_UNDO_LEVELS: Final = 8
# The special cards (:meth:`CatanState._settle_special_card`): the event each one's move is told
# in, and the count it goes by.
LONGEST_ROAD: Final = 0
LARGEST_ARMY: Final = 1
SPECIAL_CARDS: Final = (("longest_road", "length"), ("largest_army", "knights"))


@mypyc_attr(allow_interpreted_subclasses=True)
class CatanState(CatanTrade):
    """Classic Catan (Gallery Edition). Variants override the hook methods."""

    game: Game[Any, Any]
    # Action type → (method, codec fields): the variant's one table of actions (a variant extends
    # its parent's); _HANDLERS is the methods alone, derived from it for the dispatch.
    ACTIONS: ClassVar[dict[str, ActionSpec]] = {}
    _HANDLERS: ClassVar[dict[str, Handler]] = {}
    # The names of a variant's own phases (numbered after Catan's), for views and messages.
    VARIANT_PHASE_NAMES: ClassVar[dict[int, str]] = {}
    # The undo option: actions that may be taken back when nothing else has happened since.
    # Each is public and draws nothing (no dice, card or token; a variant whose build reveals
    # something says so in _keeps_undo). Set-up placements count: a misplaced first settlement
    # may be taken back while its road is placed (the turn has not passed yet).
    UNDOABLE_TYPES: ClassVar[frozenset[str]] = frozenset(
        ("build_road", "build_settlement", "build_city", "maritime_trade", "place_settlement", "place_road")
    )

    def __init__(
        self,
        game: Game[Any, Any],
        config: GameConfig,
        board: Board,
        rules: Ruleset,
        rng: Rng,
        *,
        blank: bool = False,
    ) -> None:
        """A new game's empty state; ``blank`` leaves the fields unset for :meth:`clone` to fill."""
        self.game = game
        if blank:
            return
        self._init_empty(board, rules, config, rng)

    # =========================================================================================
    # Who decides now
    # =========================================================================================
    def decision(self) -> Decision:
        phase = self.phase
        if phase == OVER:
            return Decision((), False, self.result())
        if phase == DISCARD:
            return Decision(tuple(p for p in range(self.n) if self.discards_owed[p]), True)
        if phase == TRADE_RESPONSES:
            return Decision(tuple(p for p in range(self.n) if self.responses[p] == PENDING), True)
        # A new Decision each call (callers may do what they like with it); the tuple is shared.
        return Decision(_ONE_SEAT[self.current])

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        winners = (self.winner,) if self.winner >= 0 else ()
        return Result(winners, self.end_reason, tuple(self.total_vp(p) for p in range(self.n)))

    def turn_number(self) -> int:
        return self.turn

    def scores(self) -> tuple[int, ...]:
        return tuple(self.total_vp(p) for p in range(self.n))

    # =========================================================================================
    # Victory points (hook: variants add guards)
    # =========================================================================================
    def total_vp(self, p: int) -> int:
        """Every point a player has, hidden victory point cards included."""
        return self.public_vp[p] + self.dev_hands[p][VICTORY_POINT]

    # =========================================================================================
    # Legal actions
    # =========================================================================================
    def _legal_actions(self, player: int) -> list[Action]:
        phase = self.phase
        if phase == DISCARD:
            if not self.discards_owed[player]:
                return []
            hand = self.hands[player]
            return [DISCARDS[r] for r in range(N_RES) if hand[r]]
        if phase == TRADE_RESPONSES:
            return self._trade_response_actions(player) if self.responses[player] == PENDING else []
        if phase == OVER or player != self.current:
            return []
        if phase == MAIN:
            return self._main_actions(player)
        if phase == PRE_ROLL:
            actions: list[Action] = [ROLL]
            self._add_dev_plays(player, actions)
            self._add_variant_actions(player, actions)
            return actions
        if phase == MOVE_ROBBER:
            return self._robber_actions(player)
        if phase == FREE_ROADS:
            actions = [PLACE_FREE_ROAD[e] for e in self._frontier_edges(player)]
            if self.free_roads == 1:
                # "You may place 2 free roads": the second is the player's choice.
                actions.append(END_ROAD_BUILDING)
            return actions
        if phase == TRADE_CONFIRM:
            return self._trade_confirm_actions(player)
        if phase == SETUP_SETTLEMENT:
            actions = [PLACE_SETTLEMENT[n] for n in self.setup_settlement_spots()]
            if self.undo_stack:
                actions.append(UNDO)
            return actions
        if phase == SETUP_ROAD:
            eo = self.edge_owner
            ok = self.board.edge_buildable
            edges = self.board.topo.node_edges[self.setup_node]
            actions = [PLACE_ROAD[e] for e in edges if eo[e] < 0 and ok[e]]
            if self.undo_stack:
                actions.append(UNDO)
            return actions
        return self._variant_phase_actions(player)

    def _main_actions(self, p: int) -> list[Action]:
        actions: list[Action] = [END_TURN]
        hand = self.hands[p]
        if self.roads_left[p] and hand[0] and hand[1]:
            for e in self._frontier_edges(p):
                actions.append(BUILD_ROAD[e])
        if self.settlements_left[p] and can_pay(hand, SETTLEMENT_COST):
            for n in self.settlement_spots(p):
                actions.append(BUILD_SETTLEMENT[n])
        if self.cities_left[p] and hand[2] >= 3 and hand[3] >= 2:
            for n in self.own_settlements(p):
                actions.append(BUILD_CITY[n])
        if self.dev_deck and hand[2] and hand[3] and hand[4]:
            actions.append(BUY_DEV)
        self._add_dev_plays(p, actions)
        self._add_variant_actions(p, actions)
        self._add_maritime_trades(p, actions)
        # Domestic offers are parametric: action_templates() describes them, apply() checks them.
        if self.undo_stack:  # None (the option is off) or empty: nothing to take back
            actions.append(UNDO)
        return actions

    def _add_dev_plays(self, p: int, actions: list[Action]) -> None:
        if self.dev_played:
            return
        dev = self.dev_hands[p]
        new = self.dev_bought_this_turn[p]
        if dev[KNIGHT] > new[KNIGHT]:
            actions.append(PLAY_KNIGHT)
        if dev[ROAD_BUILDING] > new[ROAD_BUILDING] and self.roads_left[p] and self._frontier_edges(p):
            actions.append(PLAY_ROAD_BUILDING)
        if dev[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
            bank = self.bank
            pairs = [
                YEAR_OF_PLENTY_PICKS[a][b + 1]
                for a in range(N_RES)
                for b in range(a, N_RES)
                if (bank[a] >= 2 if a == b else bank[a] and bank[b])
            ]
            if not pairs and sum(bank) == 1:
                pairs = [YEAR_OF_PLENTY_PICKS[a][0] for a in range(N_RES) if bank[a]]
            actions.extend(pairs)
        if dev[MONOPOLY] > new[MONOPOLY]:
            actions.extend(PLAY_MONOPOLY)

    def _robber_actions(self, p: int) -> list[Action]:
        actions: list[Action] = []
        owners_by_hex = self._hex_tables()[1]
        can_be_robbed = [q != p and any(hand) for q, hand in enumerate(self.hands)]
        for h in self.robber_destinations():
            robbed = False
            if h >= 0:
                for victim in owners_by_hex[h]:
                    if can_be_robbed[victim]:
                        actions.append(ROBBER_MOVES[h + 1][victim + 1])
                        robbed = True
            if not robbed:
                actions.append(ROBBER_MOVES[h + 1][0])
        return actions

    def hex_owners(self) -> list[tuple[int, ...]]:
        """Per hex, the players with a building on it (sorted). A new list each call."""
        return list(self._hex_tables()[1])

    def hex_yields(self) -> list[tuple[tuple[int, int], ...]]:
        """Per hex, (player, cards) for each building on it: what the hex pays when it produces.
        A new list each call."""
        return list(self._hex_tables()[2])

    def _hex_tables(
        self,
    ) -> tuple[int, tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
        """Both per-hex tables (tuples, so clones may share them), cached until a settlement or
        city is placed."""
        cached = self._hex_cache
        if cached is not None and cached[0] == self.buildings_version:
            return cached
        owner = self.node_owner
        level = self.node_level
        owners: list[tuple[int, ...]] = []
        yields: list[tuple[tuple[int, int], ...]] = []
        for nodes in self.board.topo.hex_nodes:
            built = [n for n in nodes if owner[n] >= 0]
            owners.append(tuple(sorted({owner[n] for n in built})))
            yields.append(tuple((owner[n], level[n]) for n in built))
        cached = (self.buildings_version, tuple(owners), tuple(yields))
        self._hex_cache = cached
        return cached

    def robber_destinations(self) -> list[int]:
        """Hook: where the robber may go (another hex; Tormund may also go home to his camp)."""
        dests = [h for h in self.board.robber_hexes if h != self.robber]
        if self.rules.robber_can_go_home and self.robber != -1:
            dests.append(-1)
        return dests

    # -- where pieces may go ------------------------------------------------------------------
    def setup_settlement_spots(self) -> list[int]:
        blocked = self.blocked
        return [n for n in range(self.board.topo.n_nodes) if not blocked[n]]

    def settlement_spots(self, p: int) -> list[int]:
        """Free intersections, distance rule kept, reached by one of ``p``'s roads."""
        blocked = self.blocked
        return sorted(n for n in self.network[p] if not blocked[n])

    def own_settlements(self, p: int) -> list[int]:
        owner = self.node_owner
        level = self.node_level
        return sorted(n for n in self.network[p] if owner[n] == p and level[n] == 1)

    def road_frontier(self, p: int) -> list[int]:
        """Empty paths that connect to ``p``'s road or building, not through an opponent's
        building (sorted; a new list each call)."""
        return list(self._frontier_edges(p))

    def _frontier_edges(self, p: int) -> tuple[int, ...]:
        """:meth:`road_frontier` as the cached tuple (rebuilt when a road or building changes)."""
        cached = self._frontier[p]
        if cached is not None and cached[0] == self.board_version:
            return cached[1]
        node_edges = self.board.topo.node_edges
        owner = self.node_owner
        eo = self.edge_owner
        ok = self.board.edge_buildable
        out: set[int] = set()
        for n in self.network[p]:
            o = owner[n]
            if o >= 0 and o != p:
                continue
            for e in node_edges[n]:
                if eo[e] < 0 and ok[e]:
                    out.add(e)
        edges = tuple(sorted(out))
        self._frontier[p] = (self.board_version, edges)
        return edges

    # =========================================================================================
    # Applying actions
    # =========================================================================================
    def _apply(self, player: int, action: Action) -> list[Event]:
        if self.undo_stack is not None:  # the undo option: snapshots are taken only when it is on
            return self._apply_keeping_undo(player, action)
        events = self._HANDLERS[action[0]](self, player, action)
        if self.phase != OVER:
            self._check_victory(events)
        return events

    # -- the undo option --------------------------------------------------------------------------
    def _apply_keeping_undo(self, player: int, action: Action) -> list[Event]:
        """:meth:`_apply` with the undo option on. An undoable action (:attr:`UNDOABLE_TYPES`)
        keeps a snapshot of the state before it, if afterwards the same player still decides in
        one of :data:`UNDO_PHASES` and nothing was revealed (:meth:`_keeps_undo`); any other
        action (a roll, a card, an offer, the turn's end, a win) forgets every snapshot."""
        kind = action[0]
        stack = self.undo_stack
        assert stack is not None
        if kind == "undo":
            return self._take_back(player, action)
        snapshot = self._undo_snapshot() if kind in self.UNDOABLE_TYPES else None
        events = self._HANDLERS[kind](self, player, action)
        if self.phase != OVER:
            self._check_victory(events)
        if (
            snapshot is not None
            and self.phase in UNDO_PHASES
            and self.current == player
            and self._keeps_undo(events)
        ):
            stack.append((action, snapshot))
            if len(stack) > MAX_UNDO_LEVELS:
                del stack[0]
        else:
            stack.clear()
        return events

    def _undo_snapshot(self) -> CatanState:
        """The state now, without its history and undo stack (a restore keeps the live ones)."""
        history, stack = self.history, self.undo_stack
        self.history, self.undo_stack = [], None
        snapshot = self.clone()
        self.history, self.undo_stack = history, stack
        return snapshot

    def _take_back(self, p: int, a: Action) -> list[Event]:
        """``undo``: the state goes back to just before ``p``'s last undoable action, all but the
        history (which keeps the action and this undo, so a replay makes the same game)."""
        stack = self.undo_stack
        assert stack is not None and stack
        undone, snapshot = stack.pop()
        history = self.history
        board, buildings = self.board_version, self.buildings_version
        snapshot._copy_into(self)
        self.history, self.undo_stack = history, stack
        # The pieces changed back: new counts, not the snapshot's (which the pieces of the
        # undone action had moved past: a cache keyed by them must not take them for the same).
        self.board_version, self.buildings_version = board + 1, buildings + 1
        return [Event("undone", {"player": p, "action": self.game.action_to_json(undone)})]

    def _keeps_undo(self, events: list[Event]) -> bool:
        """Hook: whether an undoable action revealed nothing, so that it may be taken back
        (brotherhood: a build that turns up a wildling token may not)."""
        for event in events:  # noqa: SIM110 (a loop mypyc compiles)
            if event.secret:
                return False
        return True

    def undoable(self) -> Action | None:
        """The action the current player may take back now (the undo option), or None."""
        stack = self.undo_stack
        return stack[-1][0] if stack else None

    def _undo_refusal(self, player: int) -> str:
        if self.undo_stack is None:
            return "undo is off in this game (the undo option)"
        if player != self.current:
            return "only the player whose turn it is may take back their own last action"
        return (
            "nothing to take back: undo follows your own build or bank trade at once, "
            "before dice, cards or anyone's answer"
        )

    def _undo_to_json(self) -> list[JSON]:
        stack = self.undo_stack or []
        return [[self.game.action_to_json(a), cast(CatanState, s)._snapshot_to_json()] for a, s in stack]

    def _snapshot_to_json(self) -> dict[str, JSON]:
        out = self._data_to_json(None)
        del out["config"], out["layout"]  # the live state's own
        return out

    def undo_from_json(self, value: JSON) -> None:
        """Read back the snapshots :meth:`to_json` wrote under ``"undo"`` (the option is on)."""
        if self.undo_stack is None:
            return
        if not isinstance(value, list):
            raise MalformedAction("the undo snapshots are a list")
        stack: list[tuple[Action, CatanData]] = []
        for entry in value:
            if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], dict):
                raise MalformedAction("an undo snapshot is [action, state]")
            snapshot = type(self)(self.game, self.config, self.board, self.rules, Rng(0))
            snapshot._data_from_json(entry[1], self.game.action_from_json)
            snapshot.undo_stack = None
            stack.append((self.game.action_from_json(entry[0]), snapshot))
        self.undo_stack = stack

    def _canonical(self, action: Action) -> Action:
        # Year of Plenty's two resources in either order are one action, stored lowest first.
        if action[0] == "play_year_of_plenty" and 0 <= action[2] < action[1]:
            return YEAR_OF_PLENTY_PICKS[action[2]][action[1] + 1]
        return action

    def _step_first(self, p: int, kind: str) -> str:
        """Hook: the rule that makes the current step come first, when ``kind`` is not one of its
        actions ("" when it is, or when the step does not restrict actions)."""
        phase = self.phase
        if phase == DISCARD and kind != "discard":
            return (
                f"a 7 was rolled: first discard {self.discards_owed[p]} more card(s) "
                f"(everyone with more than {self.rules.discard_limit} cards discards half)"
            )
        if phase == MOVE_ROBBER and kind != "move_robber":
            return (
                f"the {self.rules.robber_name} waits to be moved: move it first "
                f"(after a 7 or a {self.rules.dev_card_names[KNIGHT]})"
            )
        if phase == FREE_ROADS and kind not in ("place_free_road", "end_road_building"):
            return "place the free roads of Road Building first"
        if phase == TRADE_RESPONSES and kind not in ("accept_trade", "decline_trade", "counter_offer"):
            return "answer the open trade offer first: accept, decline or counter it"
        if phase == TRADE_CONFIRM and kind not in ("confirm_trade", "accept_counter", "cancel_trade"):
            return "close your trade offer first: confirm an acceptor, accept a counter-offer or cancel it"
        if phase == SETUP_SETTLEMENT and kind != "place_settlement":
            return "set-up: place a settlement first"
        if phase == SETUP_ROAD and kind != "place_road":
            return "set-up: place a road next to the settlement you just placed"
        return ""

    def explain_illegal(self, player: int, action: Action) -> str:
        kind = action[0]
        if kind not in self._HANDLERS:
            return f"unknown action {kind!r}"
        if kind == "undo":
            return self._undo_refusal(player)
        first = self._step_first(player, kind)
        if first:
            return first
        phase = self.phase_name()
        if kind in (
            "build_road",
            "build_settlement",
            "build_city",
            "buy_dev",
            "maritime_trade",
            "offer_trade",
        ):
            if phase != "main":
                return f"{kind} is only possible after the production roll (now: {phase})"
            costs = {
                "build_road": ROAD_COST,
                "build_settlement": SETTLEMENT_COST,
                "build_city": CITY_COST,
                "buy_dev": DEV_CARD_COST,
            }
            if kind in costs and not can_pay(self.hands[player], costs[kind]):
                return f"not enough resources for {kind}"
            if kind == "build_road" and not self.roads_left[player]:
                return "no roads left in your supply"
            if kind == "build_settlement" and not self.settlements_left[player]:
                return "no settlements left in your supply; upgrade one to a city first"
            if kind == "build_city" and not self.cities_left[player]:
                return "no cities left in your supply"
            if kind == "buy_dev" and not self.dev_deck:
                return "the development card deck is empty"
            if kind == "build_settlement":
                return "that intersection is not connected to your road or breaks the distance rule"
            if kind == "build_road":
                edge = action[1] if len(action) == 2 and isinstance(action[1], int) else -1
                if 0 <= edge < len(self.edge_owner) and not self.board.edge_buildable[edge]:
                    return "no road may be built on a path between two ice fields"
                return "that path is taken or not connected to your roads or buildings"
            if kind == "build_city":
                return "you can only upgrade one of your own settlements"
            if kind == "offer_trade":
                return self.offer_refusal(player, action) or "that offer is legal now"
            return self._explain_maritime(player, action)
        if kind.startswith("play_"):
            if self.dev_played:
                return "you have already played a development card this turn"
            card = _DEV_PLAYS.get(kind, -1)
            if card >= 0 and self.dev_hands[player][card] > self.dev_bought_this_turn[player][card]:
                if kind == "play_year_of_plenty":
                    return "the bank does not hold the resources you asked for"
                if kind == "play_road_building":
                    return "Road Building needs a road in your supply and a free path for it"
            return "you hold no such playable card (a card bought this turn cannot be played)"
        if kind == "end_road_building":
            return "Road Building may stop early only after its first free road"
        if kind == "roll":
            return "the dice are rolled once, at the start of your turn"
        if kind == "move_robber":
            return (
                f"the {self.rules.robber_name} must move to another hex; "
                "steal only from an adjacent opponent with cards"
            )
        if kind == "discard":
            return "discard only cards you hold, and only while you owe discards"
        if kind == "place_settlement" and phase == "setup_settlement":
            return "that intersection is taken or next to a settlement or city (distance rule)"
        if kind == "place_road" and phase == "setup_road":
            return "the set-up road must go on a free path next to the settlement you just placed"
        return f"{kind} is not legal now (phase: {phase})"

    def phase_name(self) -> str:
        from ravenry.games.catan.state import PHASE_NAMES

        phase = self.phase
        return (
            PHASE_NAMES[phase]
            if phase < len(PHASE_NAMES)
            else self.VARIANT_PHASE_NAMES.get(phase, str(phase))
        )

    # -- set-up ---------------------------------------------------------------------------------
    def setup_plan(self) -> list[tuple[int, int]]:
        """Hook: (player, phase) steps of the set-up: snake order, settlement then road."""
        order = [(self.first_player + i) % self.n for i in range(self.n)]
        plan: list[tuple[int, int]] = []
        for p in order + order[::-1]:
            plan += [(p, SETUP_SETTLEMENT), (p, SETUP_ROAD)]
        return plan

    def start_setup_phase(self) -> list[Event]:
        """Roll for the starting player (highest roll, ties roll again), then begin set-up."""
        contenders = list(range(self.n))
        rolls: list[dict[str, int]] = []
        while len(contenders) > 1:
            results = {p: self.rng.die() + self.rng.die() for p in contenders}
            rolls.append({str(p): v for p, v in results.items()})
            best = max(results.values())
            contenders = [p for p in contenders if results[p] == best]
        self.first_player = contenders[0]
        self.starting_rolls = rolls
        self.setup_index = 0
        self._enter_setup_step()
        # The event gets its own copy: events share nothing with the state.
        return [Event("starting_player", {"player": self.first_player, "rolls": copy_json(rolls)})]

    def _enter_setup_step(self) -> None:
        plan = self.setup_plan()
        if self.setup_index >= len(plan):
            self.current = self.first_player
            self.turn = 1
            self.phase = PRE_ROLL
            return
        self.current, self.phase = plan[self.setup_index]

    def _advance_setup(self) -> None:
        self.setup_index += 1
        self._enter_setup_step()

    def _place_settlement(self, p: int, a: Action) -> list[Event]:
        node = a[1]
        self._put_settlement(p, node)
        events = [Event("built", {"player": p, "piece": "settlement", "node": node, "setup": True})]
        self.setup_node = node
        n_settlements = self.rules.max_settlements - self.settlements_left[p]
        if n_settlements == 2:
            gained = [0] * N_RES
            for h in self.board.topo.node_hexes[node]:
                r = self.board.hex_resource[h]
                if r >= 0 and self.bank[r]:
                    gained[r] += 1
                    self.bank[r] -= 1
                    self.hands[p][r] += 1
            events.append(Event("starting_resources", {"player": p, "cards": named_counts(gained)}))
        self._advance_setup()
        return events

    def _place_road(self, p: int, a: Action) -> list[Event]:
        self._put_road(p, a[1])
        events = [Event("built", {"player": p, "piece": "road", "edge": a[1], "setup": True})]
        self._update_longest_road((p,), events)
        self._advance_setup()
        return events

    # -- the production roll ------------------------------------------------------------------
    def roll_dice(self) -> tuple[int, int]:
        return (self.rng.die(), self.rng.die())

    def _roll(self, p: int, a: Action) -> list[Event]:
        d1, d2 = self.roll_dice()
        self.dice = (d1, d2)
        total = d1 + d2
        events = [Event("rolled", {"player": p, "dice": [d1, d2], "total": total})]
        self._roll_extra_dice(events)
        if total == 7:
            self._rolled_seven(events)
        else:
            self._produce(total, events)
            self.phase = MAIN
            self._after_production(events)
        return events

    def _rolled_seven(self, events: list[Event]) -> None:
        """A 7: nobody produces; everyone with more than 7 cards discards half (rounded down),
        all at once and of their own choice; then the roller must move the robber."""
        limit = self.rules.discard_limit
        owed = [0] * self.n
        for q in range(self.n):
            total = sum(self.hands[q])
            if total > limit:
                owed[q] = total // 2
        self.discards_owed = owed
        self.resume_phase = RESOLVED_SEVEN
        if any(owed):
            self.phase = DISCARD
            events.append(Event("must_discard", {"owed": list(owed)}))
        else:
            self.phase = MOVE_ROBBER

    def _discard(self, p: int, a: Action) -> list[Event]:
        r = a[1]
        self.hands[p][r] -= 1
        self.bank[r] += 1
        self.discards_owed[p] -= 1
        if not any(self.discards_owed):
            self.phase = MOVE_ROBBER
        return [Event("discarded", {"player": p, "resource": RESOURCES[r]})]

    def hex_produces(self, h: int) -> bool:
        """Hook: the robber's hex produces nothing (brotherhood: nor does a wildling's)."""
        return h != self.robber

    def _produce(self, total: int, events: list[Event]) -> None:
        """Every settlement next to a producing hex earns 1, every city 2 — unless the bank is
        short: then nobody gets that resource (with the single-player exception, a lone
        claimant takes what is left)."""
        hexes = self.board.hexes_by_number[total]
        if not hexes:
            return
        hex_resource = self.board.hex_resource
        yields = self._hex_tables()[2]
        n = self.n
        due = [0] * (N_RES * n)  # due[r * n + q]: what player q is owed of resource r
        demand = [0] * N_RES
        producing: list[int] = []  # the hexes that paid someone, for the page to light up
        for h in hexes:
            paid = yields[h]
            if not paid or not self.hex_produces(h):
                continue
            producing.append(h)
            r = hex_resource[h]
            base = r * n
            for q, cards in paid:
                due[base + q] += cards
                demand[r] += cards
        gains = [[0] * N_RES for _ in range(n)]
        shortages = []
        bank = self.bank
        hands = self.hands
        for r in range(N_RES):
            if not demand[r]:
                continue
            base = r * n
            if demand[r] <= bank[r]:
                bank[r] -= demand[r]
                for q in range(n):
                    if due[base + q]:
                        gains[q][r] = due[base + q]
                        hands[q][r] += due[base + q]
                continue
            claimants = [q for q in range(n) if due[base + q]]
            if self.rules.shortage_single_player_exception and len(claimants) == 1:
                q = claimants[0]
                gains[q][r] = bank[r]
                hands[q][r] += bank[r]
                bank[r] = 0
            shortages.append(RESOURCES[r])
        self._after_income(gains, events)
        events.append(
            Event(
                "produced",
                {
                    "total": total,
                    "hexes": producing,
                    "gains": {str(q): named_counts(gains[q]) for q in range(self.n) if any(gains[q])},
                    "shortages": shortages,
                },
            )
        )

    # -- the robber -----------------------------------------------------------------------------
    def _move_robber(self, p: int, a: Action) -> list[Event]:
        _, h, victim = a
        self.robber = h
        events = [Event("robber_moved", {"player": p, "hex": None if h < 0 else h})]
        if victim >= 0:
            hand = self.hands[victim]
            k = self.rng.below(sum(hand))
            r = 0
            while k >= hand[r]:
                k -= hand[r]
                r += 1
            hand[r] -= 1
            self.hands[p][r] += 1
            events.append(
                Event("stole", {"player": p, "victim": victim}, {"resource": RESOURCES[r]}, (p, victim))
            )
        resume = self.resume_phase
        if resume == RESOLVED_SEVEN:
            self.phase = MAIN
            self._after_production(events)
        else:
            self.phase = resume
        return events

    # -- building -------------------------------------------------------------------------------
    def _pay(self, p: int, cost: Sequence[int]) -> None:
        hand = self.hands[p]
        bank = self.bank
        for r in range(N_RES):
            if cost[r]:
                hand[r] -= cost[r]
                bank[r] += cost[r]

    def _put_road(self, p: int, e: int) -> None:
        self.edge_owner[e] = p
        self.roads_left[p] -= 1
        self.network[p].update(self.board.topo.edge_nodes[e])
        self.board_version += 1

    def _put_settlement(self, p: int, node: int) -> None:
        topo = self.board.topo
        self.node_owner[node] = p
        self.node_level[node] = 1
        self.settlements_left[p] -= 1
        self.public_vp[p] += 1
        self.network[p].add(node)
        self.blocked[node] = True
        for m in topo.node_neighbors[node]:
            self.blocked[m] = True
        kind = self.board.node_harbor[node]
        if kind is not None:
            self.harbors[p].add(kind)
        self.board_version += 1
        self.buildings_version += 1

    def _build_road(self, p: int, a: Action) -> list[Event]:
        self._pay(p, ROAD_COST)
        self._put_road(p, a[1])
        events = [Event("built", {"player": p, "piece": "road", "edge": a[1]})]
        self._update_longest_road((p,), events)
        return events

    def _build_settlement(self, p: int, a: Action) -> list[Event]:
        node = a[1]
        self._pay(p, SETTLEMENT_COST)
        self._put_settlement(p, node)
        events = [Event("built", {"player": p, "piece": "settlement", "node": node})]
        self._on_gain(p, "settlement", events)
        # A settlement can break an opponent's road through this intersection.
        eo = self.edge_owner
        broken = {eo[e] for e in self.board.topo.node_edges[node] if eo[e] >= 0 and eo[e] != p}
        if broken and self.phase != OVER:
            self._update_longest_road(tuple(sorted(broken)), events)
        return events

    def _build_city(self, p: int, a: Action) -> list[Event]:
        node = a[1]
        self._pay(p, CITY_COST)
        self.node_level[node] = 2
        self.buildings_version += 1
        self.cities_left[p] -= 1
        self.settlements_left[p] += 1
        self.public_vp[p] += 1
        events = [Event("built", {"player": p, "piece": "city", "node": node})]
        self._on_gain(p, "city", events)
        return events

    def _buy_dev(self, p: int, a: Action) -> list[Event]:
        self._pay(p, DEV_CARD_COST)
        card = self.dev_deck.pop()
        self.dev_hands[p][card] += 1
        self.dev_bought_this_turn[p][card] += 1
        return [Event("bought_dev", {"player": p}, {"card": self.dev_card_id(card)}, (p,))]

    def dev_card_id(self, card: int) -> str:
        from ravenry.games.catan.data import DEV_CARD_IDS

        return DEV_CARD_IDS[card]

    # -- development cards ----------------------------------------------------------------------
    def _use_dev(self, p: int, card: int, events: list[Event], **data: JSON) -> None:
        self.dev_hands[p][card] -= 1
        self.dev_played = True
        events.append(Event("played_dev", {"player": p, "card": self.dev_card_id(card), **data}))

    def _play_knight(self, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        self._use_dev(p, KNIGHT, events)
        self.knights_played[p] += 1
        self._settle_special_card(LARGEST_ARMY, events)
        self.resume_phase = self.phase
        self.phase = MOVE_ROBBER
        return events

    def _play_road_building(self, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        self._use_dev(p, ROAD_BUILDING, events)
        self.free_roads = min(2, self.roads_left[p])
        self.resume_phase = self.phase
        self.phase = FREE_ROADS
        return events

    def _place_free_road(self, p: int, a: Action) -> list[Event]:
        self._put_road(p, a[1])
        events = [Event("built", {"player": p, "piece": "road", "edge": a[1], "free": True})]
        self._update_longest_road((p,), events)
        self.free_roads -= 1
        if self.free_roads <= 0 or not self.roads_left[p] or not self._frontier_edges(p):
            self.free_roads = 0
            self.phase = self.resume_phase
        return events

    def _end_road_building(self, p: int, a: Action) -> list[Event]:
        """The player places only one of Road Building's two free roads."""
        self.free_roads = 0
        self.phase = self.resume_phase
        return [Event("free_roads_ended", {"player": p})]

    def _play_year_of_plenty(self, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        taken = [0] * N_RES
        for r in a[1:]:
            if r >= 0:
                taken[r] += 1
                self.bank[r] -= 1
                self.hands[p][r] += 1
        self._use_dev(p, YEAR_OF_PLENTY, events, cards=named_counts(taken))
        return events

    def _play_monopoly(self, p: int, a: Action) -> list[Event]:
        r = a[1]
        taken = {}
        for q in range(self.n):
            if q != p and self.hands[q][r]:
                taken[str(q)] = self.hands[q][r]
                self.hands[p][r] += self.hands[q][r]
                self.hands[q][r] = 0
        events: list[Event] = []
        self._use_dev(p, MONOPOLY, events, resource=RESOURCES[r], taken=taken)
        return events

    # -- end of turn and victory ----------------------------------------------------------------
    def _end_turn(self, p: int, a: Action) -> list[Event]:
        events = [Event("turn_ended", {"player": p})]
        if self.rules.win_at_end_of_turn and self.total_vp(p) >= self.rules.victory_points:
            self._finish(p, f"{self.rules.victory_points} victory points", events)
            return events
        row = self.dev_bought_this_turn[p]
        for k in range(len(row)):
            row[k] = 0
        self.dev_played = False
        self.offers_this_turn = 0
        self.dice = None
        self.current = (p + 1) % self.n
        self.turn += 1
        self.phase = PRE_ROLL
        events.append(Event("turn_started", {"player": self.current, "turn": self.turn}))
        return events

    def _check_victory(self, events: list[Event]) -> None:
        """Win with 10 points during your own turn (got-catan too; brotherhood: only at the end
        of it, see ``_end_turn``)."""
        if self.turn == 0 or self.rules.win_at_end_of_turn:
            return
        p = self.current
        if self.total_vp(p) >= self.rules.victory_points:
            self._finish(p, f"{self.rules.victory_points} victory points", events)

    def _finish(self, winner: int, reason: str, events: list[Event]) -> None:
        self.phase = OVER
        self.winner = winner
        self.end_reason = reason
        events.append(
            Event(
                "game_over",
                {
                    "winner": winner if winner >= 0 else None,
                    "reason": reason,
                    "scores": [self.total_vp(q) for q in range(self.n)],
                    "victory_point_cards": [self.dev_hands[q][VICTORY_POINT] for q in range(self.n)],
                },
            )
        )

    # -- special cards ----------------------------------------------------------------------------
    def _update_longest_road(self, players: tuple[int, ...], events: list[Event]) -> None:
        """Recount the given players' longest trails, then settle the Longest Road card."""
        topo = self.board.topo
        for q in players:
            self.road_length[q] = longest_road(topo, self.edge_owner, self.node_owner, q)
        self._settle_special_card(LONGEST_ROAD, events)

    def _settle_special_card(self, card: int, events: list[Event]) -> None:
        """Give Longest Road or Largest Army to whom the rules say, after any change of the
        counts (road lengths, knights played; up or down): the holder keeps it while still tied
        for the most (at least the minimum); otherwise the one player with strictly the most (at
        least the minimum) takes it, or it is set aside until someone has strictly the most.
        The card's points move with it, and :meth:`_on_gain` hears of a new holder."""
        road = card == LONGEST_ROAD
        rules = self.rules
        counts = self.road_length if road else self.knights_played
        holder = self.longest_road_holder if road else self.largest_army_holder
        minimum = rules.longest_road_min if road else rules.largest_army_min
        best = max(counts)
        if holder >= 0 and best >= minimum and counts[holder] == best:
            return
        new = counts.index(best) if best >= minimum and counts.count(best) == 1 else -1
        if new == holder:
            return
        vp = rules.longest_road_vp if road else rules.largest_army_vp
        if holder >= 0:
            self.public_vp[holder] -= vp
        if new >= 0:
            self.public_vp[new] += vp
        if road:
            self.longest_road_holder = new
        else:
            self.largest_army_holder = new
        name, measure = SPECIAL_CARDS[card]
        previous = None if holder < 0 else holder
        events.append(Event(name, {"player": None if new < 0 else new, measure: best, "previous": previous}))
        if new >= 0:
            self._on_gain(new, name, events)

    # =========================================================================================
    # Extension points for variants (classic Catan does nothing here; see the module docstring)
    # =========================================================================================
    def _roll_extra_dice(self, events: list[Event]) -> None:
        """Hook: roll further dice together with the production dice (brotherhood's d12)."""

    def _after_production(self, events: list[Event]) -> None:
        """Hook: once the production roll is fully resolved (after a 7's robber too)."""

    def _after_income(self, gains: list[list[int]], events: list[Event]) -> None:
        """Hook: after production paid out (brotherhood: Samwell Tarly)."""

    def _on_gain(self, p: int, gain: str, events: list[Event]) -> None:
        """Hook: ``p`` gained something during play: a "settlement" or a "city" built (not in
        set-up), or a special card taken ("longest_road", "largest_army")."""

    def _add_variant_actions(self, p: int, actions: list[Action]) -> None:
        """Hook: more actions for the current player in the pre-roll and main phases, after
        Catan's development card plays (``self.dev_played``: whether one was played)."""

    def _variant_phase_actions(self, p: int) -> list[Action]:
        """Hook: actions in phases only a variant has (named in :attr:`VARIANT_PHASE_NAMES`)."""
        return []

    def refresh_variant_vp(self) -> None:
        """Hook: add a variant's own points (brotherhood's guard tokens) to ``public_vp``."""

    def prepare_variant(self) -> None:
        """Hook: set up a variant's own pieces once the board and deck exist."""

    def extend_view(self, view: dict[str, JSON], viewer: int | None) -> None:
        """Hook: add a variant's public and per-viewer parts to an observation."""

    # =========================================================================================
    # Copy, JSON, views
    # =========================================================================================
    def clone(self) -> CatanState:
        other = type(self)(self.game, self.config, self.board, self.rules, self.rng, blank=True)
        self._copy_into(other)
        return other

    def to_json(self, history: bool = True) -> dict[str, JSON]:
        out = self._data_to_json(self.game.action_to_json if history else None)
        out["game"] = self.game.id
        if self.undo_stack is not None:
            out["undo"] = self._undo_to_json()
        return out

    def _sample_hidden(self, seat: int, rng: Rng) -> CatanState:
        from ravenry.games.catan.sampling import redraw_hidden

        sample = self.clone()
        redraw_hidden(sample, seat, rng)
        return sample

    def _observe(self, viewer: int | None, static: bool = True) -> dict[str, JSON]:
        from ravenry.games.catan.views import observe

        return observe(self, viewer, static)

    def static_key(self) -> object:
        # The static part is the board (a board never changes; an equal layout shares one) and
        # the rules' facts, with the game's own (CatanGame.extend_static).
        return (self.game, self.board, self.rules)

    def iter_buildings(self) -> Iterator[tuple[int, int, int]]:
        for node, owner in enumerate(self.node_owner):
            if owner >= 0:
                yield node, owner, self.node_level[node]


_ONE_SEAT: Final = tuple((p,) for p in range(MAX_PLAYERS))
_DEV_PLAYS: Final = {
    "play_knight": KNIGHT,
    "play_road_building": ROAD_BUILDING,
    "play_year_of_plenty": YEAR_OF_PLENTY,
    "play_monopoly": MONOPOLY,
}
END_ROAD_BUILDING: Final[Action] = ("end_road_building",)


# Every action of classic Catan: type → (the method that does it, the codec's fields, in order).
# The one table of Catan's actions: the dispatch and the JSON codec are both read from it.
CATAN_ACTIONS: Final[dict[str, ActionSpec]] = {
    "place_settlement": (CatanState._place_settlement, [("node", "int")]),
    "place_road": (CatanState._place_road, [("edge", "int")]),
    "roll": (CatanState._roll, []),
    "discard": (CatanState._discard, [("resource", "res")]),
    "move_robber": (CatanState._move_robber, [("hex", "int?"), ("victim", "int?")]),
    "build_road": (CatanState._build_road, [("edge", "int")]),
    "build_settlement": (CatanState._build_settlement, [("node", "int")]),
    "build_city": (CatanState._build_city, [("node", "int")]),
    "buy_dev": (CatanState._buy_dev, []),
    "play_knight": (CatanState._play_knight, []),
    "play_road_building": (CatanState._play_road_building, []),
    "place_free_road": (CatanState._place_free_road, [("edge", "int")]),
    "end_road_building": (CatanState._end_road_building, []),
    "play_year_of_plenty": (CatanState._play_year_of_plenty, [("first", "res"), ("second", "res?")]),
    "play_monopoly": (CatanState._play_monopoly, [("resource", "res")]),
    "maritime_trade": (CatanState._maritime_trade, [("give", "res"), ("rate", "int"), ("get", "res")]),
    "offer_trade": (CatanState._offer_trade, [("give", "counts"), ("get", "counts")]),
    "accept_trade": (CatanState._accept_trade, []),
    "decline_trade": (CatanState._decline_trade, []),
    "counter_offer": (CatanState._counter_offer, [("give", "counts"), ("get", "counts")]),
    "confirm_trade": (CatanState._confirm_trade, [("with", "int")]),
    "accept_counter": (CatanState._accept_counter, [("from", "int")]),
    "cancel_trade": (CatanState._cancel_trade, []),
    "end_turn": (CatanState._end_turn, []),
    "undo": (CatanState._take_back, []),
}
CatanState.ACTIONS = CATAN_ACTIONS
CatanState._HANDLERS = {kind: handler for kind, (handler, _) in CATAN_ACTIONS.items()}
