"""What must hold in every Catan state, and what each seat must not learn: the conformance hooks.

:class:`CatanInvariants` is the ``invariants`` callback of :mod:`ravenry.testing.conformance`:
conservation of cards and pieces, the distance rule, connected roads, scores and the special
cards recounted from scratch, and phase bookkeeping. It memoises what only changes with the
pieces or the history, so it is cheap enough to run after every step.

:func:`scramble_hidden` is the ``scramble_hidden`` callback: a copy of a state in which everything
hidden from one viewer is changed (other hands redealt, unplayed development cards and the deck
redealt, the RNG replaced) and everything the viewer may know is kept.

Variants (``got-catan``, ``brotherhood``) subclass :class:`CatanInvariants` and override the
methods marked "hook".
"""

from __future__ import annotations

from typing import Any, ClassVar

from ravenry.core.protocol import GameState
from ravenry.core.rng import Rng
from ravenry.games.catan.board import Board
from ravenry.games.catan.data import KNIGHT, MONOPOLY, N_RES, ROAD_BUILDING, VICTORY_POINT, YEAR_OF_PLENTY
from ravenry.games.catan.rules import MAX_UNDO_LEVELS, RESOLVED_SEVEN, UNDO_PHASES, CatanState
from ravenry.games.catan.sampling import deal_dev_hand
from ravenry.games.catan.scoring import longest_road, recount_vp
from ravenry.games.catan.state import (
    ACCEPTED,
    COUNTERED,
    DECLINED,
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
)

PieceKey = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class BoardFacts:
    """Counts that depend only on the pieces on the board."""

    def __init__(self, n: int) -> None:
        self.roads = [0] * n
        self.settlements = [0] * n
        self.cities = [0] * n
        self.trails = [0] * n  # each player's longest road, recomputed


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise AssertionError(message)


class CatanInvariants:
    """Callable: ``CatanInvariants()(state)`` raises AssertionError naming the broken rule."""

    # Action types that use up a development card; played cards leave the game (knights are
    # counted by ``knights_played`` instead, which scenario positions may set directly).
    progress_plays: ClassVar[dict[str, int]] = {
        "play_road_building": ROAD_BUILDING,
        "play_year_of_plenty": YEAR_OF_PLENTY,
        "play_monopoly": MONOPOLY,
    }

    def __init__(self) -> None:
        # (history list, entries scanned, progress cards played by kind): histories only grow.
        self._played: tuple[list[Any], int, list[int]] | None = None
        # What depends only on the pieces (and the special cards, for points) is recomputed only
        # when they change, which keeps the per-step cost small.
        self._board_memo: tuple[Board, PieceKey, BoardFacts, bool] | None = None
        self._vp_memo: tuple[Board, PieceKey, tuple[Any, ...], list[int]] | None = None

    def __call__(self, state: GameState) -> None:
        _require(isinstance(state, CatanState), f"not a Catan state: {type(state).__name__}")
        assert isinstance(state, CatanState)
        key: PieceKey = (tuple(state.node_owner), tuple(state.node_level), tuple(state.edge_owner))
        facts = self.board_facts(state, key)
        self.check_resources(state)
        self.check_dev_cards(state)
        self.check_pieces(state, facts)
        self.check_special_cards(state, facts.trails)
        self.check_scores(state, key)
        self.check_robber(state)
        self.check_phase(state)
        self.check_trade(state)
        self.check_undo(state)

    # -- the undo option ----------------------------------------------------------------------
    def check_undo(self, s: CatanState) -> None:
        """Snapshots exist only while the current player may undo; each was taken in the same
        turn, for the same player, and differs from the state now in nothing hidden: the same
        development cards and deck, the same generator, the other players' hands unchanged."""
        stack = s.undo_stack
        if stack is None or not stack:
            return
        _require(s.phase in UNDO_PHASES, f"undo snapshots kept in phase {s.phase_name()}")
        _require(len(stack) <= MAX_UNDO_LEVELS, f"{len(stack)} undo snapshots kept")
        for action, snap in stack:
            where = f"undo snapshot before {action!r}"
            _require(action[0] in s.UNDOABLE_TYPES, f"{where}: not an undoable action")
            _require(snap.undo_stack is None and not snap.history, f"{where} keeps a stack or history")
            _require((snap.turn, snap.current) == (s.turn, s.current), f"{where}: another turn or player")
            _require(snap.dev_deck == s.dev_deck and snap.dev_hands == s.dev_hands, f"{where}: cards drawn")
            _require(snap.rng.to_json() == s.rng.to_json(), f"{where}: the generator was used")
            for q in range(s.n):
                if q != s.current:
                    _require(snap.hands[q] == s.hands[q], f"{where}: player {q}'s hand changed")

    # -- cards --------------------------------------------------------------------------------
    def check_resources(self, s: CatanState) -> None:
        total = s.rules.bank_per_resource
        for r, held in enumerate(map(sum, zip(*s.hands, strict=True))):
            _require(s.bank[r] + held == total, f"resource {r}: bank {s.bank[r]} + hands {held} != {total}")
        _require(min(s.bank) >= 0, f"the bank holds a negative count: {s.bank}")
        for p, hand in enumerate(s.hands):
            _require(min(hand) >= 0, f"player {p} holds a negative count: {hand}")

    def played_progress_cards(self, s: CatanState) -> list[int]:
        """Progress cards played so far, by kind, counted from the history (incrementally)."""
        kinds = len(s.rules.dev_deck)
        memo = self._played
        history = s.history
        # Clones copy the history list, so the memo is reused whenever it is a prefix.
        if (
            memo is not None
            and memo[1] <= len(history)
            and (memo[0] is history or history[: memo[1]] == memo[0][: memo[1]])
        ):
            start, counts = memo[1], memo[2][:]
        else:
            start, counts = 0, [0] * kinds
        plays = self.progress_plays
        for _, action in history[start:]:
            kind = plays.get(action[0])
            if kind is not None:
                counts[kind] += 1
        self._played = (history, len(history), counts)
        return counts[:]

    def check_dev_cards(self, s: CatanState) -> None:
        played = self.played_progress_cards(s)
        played[KNIGHT] += sum(s.knights_played)
        in_deck = [0] * len(played)
        for k in s.dev_deck:
            in_deck[k] += 1
        in_hands = list(map(sum, zip(*s.dev_hands, strict=True)))
        for k, total in enumerate(s.rules.dev_deck):
            _require(
                in_deck[k] + in_hands[k] + played[k] == total,
                f"development card kind {k}: deck {in_deck[k]} + hands {in_hands[k]}"
                f" + played {played[k]} != {total}",
            )
        _require(played[VICTORY_POINT] == 0, "a victory point card was played")
        for p in range(s.n):
            hand, new = s.dev_hands[p], s.dev_bought_this_turn[p]
            _require(min(hand) >= 0, f"player {p} holds a negative development card count: {hand}")
            if any(new):
                _require(p == s.current, f"player {p} holds cards bought this turn on another's turn")
                _require(
                    all(0 <= n <= h for n, h in zip(new, hand, strict=True)),
                    f"player {p}: new {new} > {hand}",
                )

    # -- pieces and the board ---------------------------------------------------------------------
    def board_facts(self, s: CatanState, key: PieceKey) -> BoardFacts:
        memo = self._board_memo
        setting_up = s.phase in (SETUP_SETTLEMENT, SETUP_ROAD)
        if memo is not None and memo[0] is s.board and memo[1] == key and memo[3] == setting_up:
            return memo[2]
        facts = BoardFacts(s.n)
        for node, (owner, level) in enumerate(zip(s.node_owner, s.node_level, strict=True)):
            if owner >= 0:
                _require(level in (1, 2), f"node {node}: owner {owner} level {level}")
                (facts.settlements if level == 1 else facts.cities)[owner] += 1
            else:
                _require(level == 0, f"node {node}: no owner but level {level}")
        for owner in s.edge_owner:
            if owner >= 0:
                facts.roads[owner] += 1
        self.check_board(s)
        facts.trails = [longest_road(s.board.topo, s.edge_owner, s.node_owner, p) for p in range(s.n)]
        self._board_memo = (s.board, key, facts, setting_up)
        return facts

    def check_pieces(self, s: CatanState, facts: BoardFacts) -> None:
        rules = s.rules
        for p in range(s.n):
            roads, settlements, cities = facts.roads[p], facts.settlements[p], facts.cities[p]
            _require(
                roads + s.roads_left[p] == rules.max_roads,
                f"player {p}: {roads} roads + {s.roads_left[p]} left",
            )
            _require(
                settlements + s.settlements_left[p] == rules.max_settlements,
                f"player {p}: {settlements} settlements + {s.settlements_left[p]} left",
            )
            _require(
                cities + s.cities_left[p] == rules.max_cities,
                f"player {p}: {cities} cities + {s.cities_left[p]} left",
            )
            _require(
                min(s.roads_left[p], s.settlements_left[p], s.cities_left[p]) >= 0,
                f"player {p}: negative supply",
            )

    def check_board(self, s: CatanState) -> None:
        """The distance rule; roads on buildable paths, each connected to its owner's buildings."""
        topo = s.board.topo
        for node, owner in enumerate(s.node_owner):
            if owner >= 0:
                for m in topo.node_neighbors[node]:
                    _require(s.node_owner[m] < 0, f"buildings on adjacent intersections {node} and {m}")
        setting_up = s.phase in (SETUP_SETTLEMENT, SETUP_ROAD)
        for p in range(s.n):
            self._check_network(s, p, setting_up)

    def _check_network(self, s: CatanState, p: int, setting_up: bool) -> None:
        """Every road of ``p`` is joined (through ``p``'s roads) to a building of ``p``; after
        set-up, every building of ``p`` touches one of ``p``'s roads. An opponent's later
        settlement may split a network, so joins through any intersection count."""
        topo = s.board.topo
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            while parent.setdefault(x, x) != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        roads = [e for e, o in enumerate(s.edge_owner) if o == p]
        for e in roads:
            _require(s.board.edge_buildable[e], f"player {p}'s road on unbuildable path {e}")
            a, b = topo.edge_nodes[e]
            parent[find(a)] = find(b)
        anchored = {find(n) for n, o in enumerate(s.node_owner) if o == p}
        for e in roads:
            _require(
                find(topo.edge_nodes[e][0]) in anchored,
                f"player {p}'s road {e} is not connected to a building",
            )
        if not setting_up:
            for n, o in enumerate(s.node_owner):
                if o == p:
                    _require(
                        any(s.edge_owner[e] == p for e in topo.node_edges[n]),
                        f"player {p}'s building at {n} touches none of their roads",
                    )

    # -- scores and special cards -------------------------------------------------------------------
    def expected_public_vp(self, s: CatanState, p: int) -> int:
        """Hook: visible points recounted from scratch (variants add their own)."""
        return recount_vp(s, p)

    def vp_inputs(self, s: CatanState) -> tuple[Any, ...]:
        """Hook: what :meth:`expected_public_vp` reads besides the pieces, so the memo of the
        recount notices a change (variants with other points extend it)."""
        return (s.longest_road_holder, s.largest_army_holder)

    def check_scores(self, s: CatanState, key: PieceKey) -> None:
        memo = self._vp_memo
        inputs = self.vp_inputs(s)
        if memo is not None and memo[0] is s.board and memo[1] == key and memo[2] == inputs:
            want = memo[3]
        else:
            want = [self.expected_public_vp(s, p) for p in range(s.n)]
            self._vp_memo = (s.board, key, inputs, want)
        _require(list(s.public_vp) == want, f"public_vp {s.public_vp}, recounted {want}")
        vp = s.rules.victory_points
        if s.phase == OVER:
            if s.winner >= 0 and s.end_reason == f"{vp} victory points":
                _require(s.total_vp(s.winner) >= vp, f"winner {s.winner} has {s.total_vp(s.winner)} points")
        elif s.turn > 0 and not s.rules.win_at_end_of_turn:
            _require(
                s.total_vp(s.current) < vp,
                f"player {s.current} has {s.total_vp(s.current)} points in their turn",
            )

    def check_special_cards(self, s: CatanState, trails: list[int]) -> None:
        _require(list(s.road_length) == trails, f"road_length {s.road_length}, recounted {trails}")
        rules = s.rules
        best = max(trails)
        holder = s.longest_road_holder
        if holder >= 0:
            _require(
                trails[holder] >= rules.longest_road_min,
                f"longest road holder {holder} has only {trails[holder]}",
            )
            _require(
                trails[holder] == best,
                f"longest road holder {holder} has {trails[holder]}, someone has {best}",
            )
        else:
            _require(
                best < rules.longest_road_min or trails.count(best) > 1,
                f"longest road set aside although one player alone has {best}",
            )
        knights = s.knights_played
        most = max(knights)
        army = s.largest_army_holder
        if army >= 0:
            _require(
                knights[army] >= rules.largest_army_min,
                f"largest army holder {army} has {knights[army]} knights",
            )
            _require(
                knights[army] == most, f"largest army holder {army} has {knights[army]}, someone has {most}"
            )
        else:
            _require(
                most < rules.largest_army_min, f"nobody holds largest army although someone played {most}"
            )

    # -- robber, phases, trade ---------------------------------------------------------------------
    def check_robber(self, s: CatanState) -> None:
        home = s.robber == -1 and s.rules.robber_can_go_home
        _require(home or s.robber in s.board.robber_hexes, f"robber on {s.robber}, not a land hex")

    def check_phase(self, s: CatanState) -> None:
        phase = s.phase
        _require(0 <= s.current < s.n, f"current player {s.current}")
        setting_up = phase in (SETUP_SETTLEMENT, SETUP_ROAD)
        _require((s.turn == 0) == setting_up or phase == OVER, f"turn {s.turn} in phase {s.phase_name()}")
        if phase == DISCARD:
            _require(any(s.discards_owed), "discard phase but nobody owes cards")
            _require(s.dice is not None and sum(s.dice) == 7, f"discarding after dice {s.dice}")
        else:
            _require(not any(s.discards_owed), f"discards owed {s.discards_owed} outside the discard phase")
        for p in range(s.n):
            _require(
                0 <= s.discards_owed[p] <= sum(s.hands[p]), f"player {p} owes {s.discards_owed[p]} cards"
            )
        if phase == PRE_ROLL:
            _require(s.dice is None, f"dice {s.dice} shown before the roll")
        if phase == MAIN:
            _require(s.dice is not None, "main phase without a roll")
        if phase == MOVE_ROBBER:
            after_seven = s.resume_phase == RESOLVED_SEVEN and s.dice is not None and sum(s.dice) == 7
            _require(
                after_seven or s.resume_phase in (PRE_ROLL, MAIN), f"robber moves, resuming {s.resume_phase}"
            )
        if phase == FREE_ROADS:
            _require(1 <= s.free_roads <= 2, f"{s.free_roads} free roads")
        elif phase != OVER:  # a free road may win the game before the second is placed
            _require(s.free_roads == 0, f"{s.free_roads} free roads outside road building")
        _require(
            0 <= s.offers_this_turn <= s.rules.max_offers_per_turn, f"{s.offers_this_turn} offers this turn"
        )

    def check_trade(self, s: CatanState) -> None:
        trading = s.phase in (TRADE_RESPONSES, TRADE_CONFIRM)
        _require((s.offer is not None) == trading, f"offer {s.offer} in phase {s.phase_name()}")
        if s.offer is None:
            _require(not s.counters, f"counter-offers {s.counters} without an offer")
            return
        offerer, give, get = s.offer
        _require(offerer == s.current, f"offer by {offerer} in player {s.current}'s turn")
        _require(s.responses[offerer] == DECLINED, "the offerer answers their own offer")
        _require(
            all(h >= g for h, g in zip(s.hands[offerer], give, strict=True)),
            "the offerer lacks the offered cards",
        )
        for q in range(s.n):
            answer = s.responses[q]
            _require(
                (answer == COUNTERED) == (q in s.counters),
                f"player {q}: answer {answer}, counters {s.counters}",
            )
            if answer == ACCEPTED:
                _require(
                    all(h >= g for h, g in zip(s.hands[q], get, strict=True)),
                    f"player {q} accepted without cards",
                )
            if answer == COUNTERED:
                gives = s.counters[q][0]
                _require(
                    all(h >= g for h, g in zip(s.hands[q], gives, strict=True)),
                    f"player {q} countered without cards",
                )
        if s.phase == TRADE_RESPONSES:
            _require(PENDING in s.responses, "answers are complete but the phase did not move on")
        else:
            _require(PENDING not in s.responses, "confirming while answers are pending")
            _require(
                ACCEPTED in s.responses or COUNTERED in s.responses, "confirming an offer nobody took up"
            )


def committed_cards(s: CatanState, p: int) -> list[int]:
    """Cards everyone knows ``p`` holds: what ``p`` offered, accepted to give, or counter-offered."""
    out = [0] * N_RES
    if s.offer is not None:
        offerer, give, get = s.offer
        if p == offerer:
            out = list(give)
        elif s.responses[p] == ACCEPTED:
            out = list(get)
        elif s.responses[p] == COUNTERED:
            out = list(s.counters[p][0])
    return out


def scramble_hidden(state: GameState, viewer: int | None, rng: Rng) -> GameState:
    """A copy of ``state`` with everything hidden from ``viewer`` changed at random."""
    if not isinstance(state, CatanState):
        raise TypeError(f"not a Catan state: {type(state).__name__}")
    s = state.clone()
    others = [q for q in range(s.n) if q != viewer]
    _redeal_resources(s, others, rng)
    _redeal_dev_cards(s, others, rng)
    s.rng = Rng(s.rng.state ^ ((rng.next_u32() << 32) | rng.next_u32() | 1))
    s.forget_legal_actions()
    return s


def _redeal_resources(s: CatanState, others: list[int], rng: Rng) -> None:
    """Pool the other players' uncommitted cards and deal each the same number back."""
    pool: list[int] = []
    kept: dict[int, list[int]] = {}
    for q in others:
        kept[q] = committed_cards(s, q)
        pool += [r for r in range(N_RES) for _ in range(s.hands[q][r] - kept[q][r])]
    sizes = {q: sum(s.hands[q]) - sum(kept[q]) for q in others}
    rng.shuffle(pool)
    for q in others:
        hand = kept[q][:]
        for _ in range(sizes[q]):
            hand[pool.pop()] += 1
        s.hands[q] = hand


def _redeal_dev_cards(s: CatanState, others: list[int], rng: Rng) -> None:
    """Pool the deck and the other players' unplayed cards; deal each player as many old and
    new cards as before; the rest, reshuffled, is the deck. After the game, victory point
    cards are public, so they stay where they are."""
    kinds = len(s.rules.dev_deck)
    fixed = {VICTORY_POINT} if s.phase == OVER else set()
    pool = [k for k in s.dev_deck if k not in fixed]
    deck_fixed = [k for k in s.dev_deck if k in fixed]
    plan: dict[int, tuple[int, int]] = {}
    for q in others:
        hand, new = s.dev_hands[q], s.dev_bought_this_turn[q]
        movable = [k for k in range(kinds) if k not in fixed]
        n_new = sum(new[k] for k in movable)
        n_old = sum(hand[k] - new[k] for k in movable)
        plan[q] = (n_old, n_new)
        pool += [k for k in movable for _ in range(hand[k])]
    rng.shuffle(pool)
    for q in others:
        n_old, n_new = plan[q]
        hand = [s.dev_hands[q][k] if k in fixed else 0 for k in range(kinds)]
        new = [s.dev_bought_this_turn[q][k] if k in fixed else 0 for k in range(kinds)]
        deal_dev_hand(pool, hand, new, n_old, n_new)
        s.dev_hands[q] = hand
        s.dev_bought_this_turn[q] = new
    deck = pool + deck_fixed
    rng.shuffle(deck)
    s.dev_deck = deck
