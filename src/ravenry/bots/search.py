"""The ``search`` bot for the Catan family (``catan``, ``got-catan``, ``brotherhood``):
determinized (perfect-information) Monte Carlo search on states sampled from what its seat
has seen — a one-ply search: a tree below the root is future work (see the end).

Each decision:

1. **Candidates.** The ``greedy`` bot's choice first; then the seat's other legal actions, or,
   when there are more than ``width``, the best of them by a one-step look-ahead on one
   sampled state (apply, then :func:`evaluate`). Domestic offers are parametric (not in the
   legal list): greedy's offer, and up to ``offers`` offers within the template
   (:func:`offer_ideas`: a spare card for two, then one, of the cards the nearest build lacks,
   then one-for-one by counts; the playouts, whose opponents answer as greedy does, tell
   whether anyone takes it); at most ``OFFERS_PER_TURN`` different offers a turn. Answers to
   offers, discards, the robber (and Tormund), every hero's choices and development cards are
   legal actions like any other.
2. **Rounds.** Each round draws one determinization (``sample``, the seat's
   :class:`~ravenry.bots.base.Sampler`: others' hands, the deck order, wildling tokens and the
   dice redrawn from what the seat has not seen) and one playout seed, and plays every
   candidate on its own copy of it (common random numbers: candidates are compared on the same
   luck): the candidate, then every seat by a playout policy — ``greedy`` (the greedy bot
   through its view of the sample; the default) or ``fast`` (rules of thumb read straight
   from the sampled state, :func:`fast_choice`: several times faster, and weaker: 15-17% against
   three greedy bots in catan where ``greedy`` playouts made 37%, benchmarks/bot_strength.py) —
   until ``horizon`` more turns have begun (0: none, the candidate scored as it leaves the position)
   or the game ends. A playout scores 1 for a win, 0 for a loss, else 0.05-0.95 from
   :func:`evaluate` (points, production, what the hand can build, against the best opponent;
   ``leaf=rich`` adds :func:`prospects`: unplayed development cards, the resource kinds
   produced, the races for Longest Road and Largest Army; a bot given a ``leaf_value`` (the
   ``expert`` kind, ``bots/expert.py``: the learned evaluator's chance of winning from the seat's
   view of the playout's end) scores by it instead).
3. **Answer.** The best mean; another candidate replaces greedy's choice only if its mean
   beats greedy's by ``margin`` (``GREEDY_BONUS`` unless given) plus ``z`` standard errors of
   their paired differences (round by round, on the same samples and dice): at small budgets a
   lucky round or two must not overrule a sound rule of thumb.

Guards (``guard``, on by default): before any playout, an action that wins on the spot (on a
sample; not a roll or a card draw, whose outcome one sample cannot tell) is taken at once; and
the candidates never include a trade with a player two points or less from winning (the card
it gets may be the one that wins) nor the robber on a hex of the seat's own while another is
open. Budget by phase (``focus``, on by default): set-up placements get 4 times the iterations
(2 for the set-up road), the robber 1.5, answers to offers and the choice before a roll half
(``PHASE_WEIGHT``; with a time budget at most ``MS_WEIGHT_CAP`` times the milliseconds).

Budgets: ``iters`` (playouts per decision, at least one round: with it alone the bot is
reproducible, the same seed giving the same choices) and ``ms`` (wall-clock milliseconds per
decision, checked between rounds: not reproducible). Given neither, ``ms=500``; given both,
whichever ends first (both scaled by the phase's weight). A decision with a single legal
action and no offer costs nothing. The
search never sees the true state: it plays only on samples, so its choices cannot depend on
hidden information (``tests/bots/test_no_peeking.py``).

What a fuller search would add: a tree below the root (ISMCTS over the seat's own later
choices), playouts whose opponents are modelled from what they have shown, and card counting
that narrows the samples (see ``games/catan/sampling.py`` for what is and is not tracked).
Measured strength and speed: ``benchmarks/bot_strength.py``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from ravenry.bots.base import Sampler, View, make_bot
from ravenry.bots.budget import MAX_ITERS, check_whole_numbers, decision_budget
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, GameState
from ravenry.core.rng import Rng
from ravenry.core.templates import JSONAction, Template, within
from ravenry.games.catan.data import (
    CITY_COST,
    DEV_CARD_COST,
    KNIGHT,
    N_RES,
    PIPS,
    ROAD_COST,
    SETTLEMENT_COST,
    VICTORY_POINT,
    named_counts,
)

LeafValue = Callable[[GameState, int], float]
OFFERS_PER_TURN = 2  # domestic offers a turn at most (each a different one)
PROPOSALS = frozenset({"offer_trade", "counter_offer"})
MS_WEIGHT_CAP = 1.25  # with a time budget, a weighty decision (set-up) gets at most this much more
PLAYOUT_STEP_CAP = 400  # a playout stops after this many actions even within its horizon

# The evaluation, in victory points: each pip of production (ways to roll a producing hex's
# number, doubled for a city) and what the hand can build soon.
PRODUCTION_WEIGHT = 0.05
HAND_WEIGHT = 0.6
SPOT_WEIGHT = 0.25  # each free settlement spot its roads reach (two at most)
SPOT_SHARE = 0.5  # the best reachable spot's production counts half of a built one's
# (cost, worth in points) of what a hand can build; a build short of k cards counts 0.5**k of it.
BUILDS: tuple[tuple[tuple[int, ...], float], ...] = (
    (CITY_COST, 1.0),
    (SETTLEMENT_COST, 1.0),
    (DEV_CARD_COST, 0.35),
    (ROAD_COST, 0.15),
)
SCORE_SCALE = 1.5  # points ahead of the best opponent that make a 0.73 (logistic) score
# What the greedy bot's choice is given on top of its mean score: others must beat it clearly.
GREEDY_BONUS = 0.03


class SearchBot:
    kind = "search"
    uses_templates = True
    uses_sampler = True

    def __init__(
        self,
        iters: int | None = None,
        ms: float | None = None,
        width: int = 4,
        horizon: int = 2,
        offers: int = 2,
        playout: str = "greedy",
        game: str = "catan",
        z: float = 1.0,
        margin: float = GREEDY_BONUS,
        focus: bool = True,
        guard: bool = True,
        leaf: str = "base",
    ) -> None:
        # horizon 0: a candidate is scored as it leaves the position, with no playout
        check_whole_numbers((("width", width, 1), ("horizon", horizon, 0), ("offers", offers, 0)))
        if isinstance(z, bool) or not isinstance(z, (int, float)) or not 0 <= z <= 10:
            raise ValueError("z must be a number from 0 to 10 (standard errors)")
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 <= margin <= 1:
            raise ValueError("margin must be a number from 0 to 1 (a chance of winning)")
        for name, flag in (("focus", focus), ("guard", guard)):
            if not isinstance(flag, bool):
                raise ValueError(f"{name} must be true or false")
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}")
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}")
        self.iters, self.ms = decision_budget(iters, ms)
        self.width = width
        self.horizon = horizon
        self.offers = offers
        self.playout = playout
        self.game = game
        self.z = float(z)
        self.margin = float(margin)
        self.focus = bool(focus)
        self.guard = bool(guard)
        self.leaf = leaf
        # What scores a playout's end instead of evaluate() (a module-level function: bots are
        # pickled for the server's workers), for the seat: a chance of winning from 0 to 1.
        self.leaf_value: LeafValue | None = None
        # Iterations run by the last decision (for benchmarks and tests).
        self.last_iterations = 0
        # The offers it made this turn (it makes at most OFFERS_PER_TURN, each once).
        self._offers_turn = -1
        self._offers_made: list[Action] = []
        self._node_value: list[int] = []
        self._board: Any = None  # the static board's JSON, read once a decision
        self._weight = 1.0

    # -- the decision ---------------------------------------------------------------------------
    def act(
        self,
        view: View,
        legal: Sequence[Action],
        rng: Rng,
        templates: Sequence[Template] = (),
        sample: Sampler | None = None,
    ) -> Action | JSONAction:
        legal = [a for a in legal if a[0] != "undo"] or list(legal)  # never takes back a move
        turn = int(view.get("turn", 0))
        if turn != self._offers_turn:
            self._offers_turn, self._offers_made = turn, []
        if len(self._offers_made) >= OFFERS_PER_TURN:
            templates = [t for t in templates if t["type"] not in PROPOSALS]
        greedy = make_bot("greedy", self.game)
        greedy_choice = greedy.act(view, legal, Rng(rng.next_u32()), templates)  # type: ignore[call-arg]
        if sample is None:  # asked without a sampler (not through BotSeat): play greedy
            return greedy_choice
        seat = int(view["viewer"])
        probe = sample(rng)
        first = greedy_choice
        if not isinstance(first, tuple):
            first = probe.game.action_from_json(first)
        if first in self._offers_made:  # the same offer again: greedy's next idea instead
            again = greedy.act(view, legal, Rng(rng.next_u32()), ())  # type: ignore[call-arg]
            first = again if isinstance(again, tuple) else first
        if self.guard:
            win = winning_action(probe, seat, legal)
            if win is not None:
                self.last_iterations = 0
                return win
        candidates = self._candidates(probe, seat, legal, templates, first)
        self._weight = PHASE_WEIGHT.get(probe.phase_name(), 1.0) if self.focus else 1.0  # type: ignore[attr-defined]
        if len(candidates) == 1:
            self.last_iterations = 0
            choice = candidates[0]
        else:
            # What each intersection would produce (the board's numbers; for the playouts'
            # rules of thumb, so read once a decision).
            self._node_value = node_values(probe, hex_pips(probe))
            self._board = probe.observe(seat)["board"]
            choice = self._search(sample, seat, candidates, rng)
        if choice[0] in PROPOSALS:
            self._offers_made.append(choice)
        return choice

    def _search(self, sample: Sampler, seat: int, candidates: list[Action], rng: Rng) -> Action:
        # Rounds of paired playouts: each round draws one determinization and one playout seed
        # and plays every candidate on it, so differences between candidates are not drowned
        # by the luck of the dice (common random numbers).
        k = len(candidates)
        totals = [0.0] * k
        # Per round, each candidate's score less greedy's (paired: the same sample and dice).
        diffs: list[list[float]] = [[] for _ in range(k)]
        budget = self.iters if self.iters >= MAX_ITERS else max(k, round(self.iters * self._weight))
        ms = None if self.ms is None else self.ms * min(self._weight, MS_WEIGHT_CAP)
        deadline = None if ms is None else time.perf_counter() + ms / 1000.0
        rounds = 0
        done = 0
        while done + k <= max(budget, k):
            if deadline is not None and rounds and time.perf_counter() > deadline:
                break
            world = sample(rng)
            seed = rng.next_u32()
            got = [self._playout(world.clone(), seat, candidates[i], Rng.from_seed(seed)) for i in range(k)]
            for i in range(k):
                totals[i] += got[i]
                diffs[i].append(got[i] - got[0])
            rounds += 1
            done += k
        self.last_iterations = done
        # greedy's choice (the first) keeps the decision unless another is clearly better:
        # by the margin on average, and by z standard errors of the paired differences.
        scores = [
            totals[i] / rounds - (self.margin + self.z * std_error(diffs[i]) if i else 0.0) for i in range(k)
        ]
        best = max(range(k), key=lambda j: (scores[j], -j))
        return candidates[best]

    # -- candidates -------------------------------------------------------------------------------
    def _candidates(
        self,
        probe: GameState,
        seat: int,
        legal: Sequence[Action],
        templates: Sequence[Template],
        first: Action,
    ) -> list[Action]:
        out: list[Action] = [first]
        others = [a for a in legal if a != first]
        if self.guard:
            others = guarded(probe, seat, others)
        if len(others) >= self.width:
            # Rank by one step on one sample: what each action leaves, at once (by the leaf's
            # own judge where the bot has one).
            pips = hex_pips(probe)
            scored = []
            for j, a in enumerate(others):
                world = probe.clone()
                try:
                    world.apply(seat, a)
                except IllegalAction:
                    continue
                value = (
                    self.leaf_value(world, seat)
                    if self.leaf_value is not None
                    else evaluate(world, seat, pips)
                )
                scored.append((-value, j, a))
            scored.sort()
            others = [a for _, _, a in scored[: self.width - 1]]
        out += others
        out += [
            a for a in self._offers(probe, seat, templates) if a not in out and a not in self._offers_made
        ]
        return out

    def _offers(self, probe: GameState, seat: int, templates: Sequence[Template]) -> list[Action]:
        template = next((t for t in templates if t["type"] == "offer_trade"), None)
        if template is None or not self.offers:
            return []
        known: Any = probe
        out: list[Action] = []
        for give, get in offer_ideas(list(known.hands[seat])):  # the seat's own hand: it knows it
            if within(
                template, {"type": "offer_trade", "give": named_counts(give), "get": named_counts(get)}
            ):
                out.append(("offer_trade", give, get))
            if len(out) >= self.offers:
                break
        return out

    # -- playouts ---------------------------------------------------------------------------------
    def _playout(self, world: GameState, seat: int, action: Action, rng: Rng) -> float:
        try:
            world.apply(seat, action)
        except IllegalAction:
            return 0.0
        stop_turn = world.turn_number() + self.horizon
        pips = hex_pips(world)
        node_value = self._node_value
        greedy = (
            [cast(Any, make_bot("greedy", self.game)) for _ in range(world.config.players)]
            if self.playout == "greedy"
            else []
        )
        steps = 0
        while steps < PLAYOUT_STEP_CAP:
            decision = world.decision()
            if decision.result is not None:
                return 1.0 if seat in decision.result.winners else 0.0
            if world.turn_number() >= stop_turn:
                break
            p = decision.players[0]
            try:
                choice = (
                    self._greedy_choice(greedy[p], world, p, rng)
                    if greedy
                    else fast_choice(world, p, pips, node_value, rng)
                )
                world.apply(p, choice)
            except IllegalAction:  # a playout bot's mistake: score the position as it stands
                break
            steps += 1
        if self.leaf_value is not None:
            return self.leaf_value(world, seat)
        leaf_pips = pips if self.playout == "fast" else hex_pips(world)
        return logistic(evaluate(world, seat, leaf_pips, self.leaf == "rich"))

    def _greedy_choice(self, bot: Any, world: GameState, p: int, rng: Rng) -> Action:
        """``bot``'s choice for ``p`` in a playout: what :class:`BotSeat` asks, with the static
        board's JSON built once a decision and shared (the greedy bots only read it)."""
        legal = world.legal_actions(p)
        templates = world.action_templates(p)
        if len(legal) == 1 and not templates:
            return legal[0]
        view = world.observe(p, static=False)
        view["board"] = self._board
        choice = bot.act(view, legal, rng, templates)
        return world.game.action_from_json(choice) if isinstance(choice, dict) else cast(Action, choice)


# How much more (or less) of the budget a decision of each phase gets with ``focus``.
PHASE_WEIGHT: dict[str, float] = {
    "setup_settlement": 4.0,
    "setup_road": 2.0,
    "move_robber": 1.5,
    "trade_responses": 0.5,
    "pre_roll": 0.5,
}


def std_error(xs: Sequence[float]) -> float:
    """The standard error of the mean of ``xs`` (0 for fewer than two)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mean = sum(xs) / n
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


RANDOM_ACTIONS = frozenset({"roll", "buy_dev"})  # their outcome on one sample proves nothing


def winning_action(probe: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
    """A legal action that ends the game with the seat the winner at once on the sample (one
    whose outcome does not hang on hidden cards or dice), if any."""
    for a in legal:
        if a[0] in RANDOM_ACTIONS:
            continue
        world = probe.clone()
        try:
            world.apply(seat, a)
        except IllegalAction:
            continue
        result = world.decision().result
        if result is not None and seat in result.winners:
            return a
    return None


def guarded(probe: GameState, seat: int, actions: list[Action]) -> list[Action]:
    """``actions`` less the plain blunders a search on few samples may still pick: a trade with
    a player on the brink of winning (the card it gets may be the one that wins), the robber
    on a hex of the seat's own (while another hex is open)."""
    s: Any = probe
    brink = s.rules.victory_points - NEAR_WIN

    def near(q: int) -> bool:
        return bool(q != seat and s.public_vp[q] >= brink)

    out = []
    for a in actions:
        kind = a[0]
        if kind == "accept_trade" and s.offer is not None and near(s.offer[0]):
            continue
        if kind in ("confirm_trade", "accept_counter") and near(a[1]):
            continue
        out.append(a)
    robber = [a for a in out if a[0] == "move_robber"]
    if robber:
        owner, hex_nodes = s.node_owner, s.board.topo.hex_nodes
        mine = [a for a in robber if a[1] >= 0 and any(owner[n] == seat for n in hex_nodes[a[1]])]
        if len(mine) < len(robber):
            out = [a for a in out if a not in mine]
    return out


# -- the fast playout policy: rules of thumb read straight from the (sampled) state ----------
PLAYOUTS = ("fast", "greedy")
ROAD_CHANCE = 300  # in 1000: how often the fast policy builds a road it can afford


def fast_choice(world: GameState, p: int, pips: Sequence[int], node_value: Sequence[int], rng: Rng) -> Action:
    """A quick sensible move for ``p`` in a sampled world (every seat's, in playouts): set up
    on rich spots; build city > settlement > development card > (sometimes) road; discard
    what it holds most of; rob the richest opponent hex; accept an offer that brings a build
    closer (unless its maker is about to win), confirm an acceptor, never propose; a random
    legal move where no rule applies (heroes, variant phases, card choices)."""
    legal = world.legal_actions(p, PROPOSALS)
    if len(legal) == 1:
        return legal[0]
    s: Any = world
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a[0], []).append(a)
    if "place_settlement" in by_kind:
        return max(by_kind["place_settlement"], key=lambda a: node_value[a[1]])
    if "discard" in by_kind:
        hand = s.hands[p]
        return max(by_kind["discard"], key=lambda a: hand[a[1]])
    if "move_robber" in by_kind:
        return max(by_kind["move_robber"], key=lambda a: _robber_value(s, p, a, pips))
    if "build_city" in by_kind:
        return max(by_kind["build_city"], key=lambda a: node_value[a[1]])
    if "build_settlement" in by_kind:
        return max(by_kind["build_settlement"], key=lambda a: node_value[a[1]])
    if "buy_dev" in by_kind:
        return by_kind["buy_dev"][0]
    if "build_road" in by_kind and rng.below(1000) < ROAD_CHANCE:
        return rng.choice(by_kind["build_road"])
    if "accept_trade" in by_kind:
        return by_kind["accept_trade" if _trade_helps(s, p) else "decline_trade"][0]
    if "confirm_trade" in by_kind:
        return by_kind["confirm_trade"][0]
    for kind in ("decline_trade", "cancel_trade", "roll", "end_turn"):
        if kind in by_kind:
            return by_kind[kind][0]
    return rng.choice(legal)


NEAR_WIN = 2  # points short of victory at which nobody trades with a player any more


def _trade_helps(s: Any, p: int) -> bool:
    """Whether ``p`` gains by accepting the open offer: its hand builds sooner after it, and the
    offerer is not about to win."""
    offerer, give, get = s.offer
    if s.total_vp(offerer) >= s.rules.victory_points - NEAR_WIN:
        return False
    hand = s.hands[p]
    after = [hand[r] + give[r] - get[r] for r in range(N_RES)]
    return hand_potential(after) > hand_potential(hand)


def node_values(s: Any, pips: Sequence[int]) -> list[int]:
    """Each intersection's pips: what a settlement there would produce."""
    topo = s.board.topo
    return [sum(pips[h] for h in hexes) for hexes in topo.node_hexes]


def _robber_value(s: Any, p: int, action: Action, pips: Sequence[int]) -> float:
    h, victim = action[1], action[2]
    value = 0.0
    if h >= 0:
        for node in s.board.topo.hex_nodes[h]:
            o = s.node_owner[node]
            if o >= 0:
                value += (-3.0 if o == p else 1.0) * pips[h] * s.node_level[node]
    if victim >= 0:
        value += 0.1 * sum(s.hands[victim])
    return value


def hex_pips(state: GameState) -> list[int]:
    """Ways to roll each hex's numbers (0 for a hex that does not produce now)."""
    s: Any = state
    board = s.board
    produces = s.hex_produces
    out = []
    for h, numbers in enumerate(board.layout.numbers):
        if board.hex_resource[h] < 0 or not produces(h):
            out.append(0)
        else:
            out.append(sum(PIPS.get(n, 0) for n in numbers))
    return out


def evaluate(state: GameState, seat: int, pips: Sequence[int], rich: bool = False) -> float:
    """The seat's standing in points against the best opponent: points, production, what its
    hand can build soon and the free spots its roads reach (a sampled state: the others'
    hidden cards are the sample's); ``rich`` (``leaf=rich``) adds :func:`prospects`."""
    s: Any = state
    n = state.config.players
    worth = [float(v) for v in state.scores()]
    hex_nodes = s.board.topo.hex_nodes
    owner, level = s.node_owner, s.node_level
    for h, nodes in enumerate(hex_nodes):
        if pips[h]:
            for node in nodes:
                if owner[node] >= 0:
                    worth[owner[node]] += PRODUCTION_WEIGHT * pips[h] * level[node]
    node_hexes = s.board.topo.node_hexes
    for p in range(n):
        worth[p] += HAND_WEIGHT * hand_potential(s.hands[p])
        if s.settlements_left[p]:
            # Room to grow: free spots its roads reach (what roads are built for).
            spots = s.settlement_spots(p)
            if spots:
                best = max(sum(pips[h] for h in node_hexes[node]) for node in spots)
                worth[p] += SPOT_WEIGHT * min(2, len(spots)) + PRODUCTION_WEIGHT * SPOT_SHARE * best
    if rich:
        prospects(s, worth)
    best_other = max(worth[p] for p in range(n) if p != seat)
    return worth[seat] - best_other


LEAVES = ("base", "rich")  # the leaf evaluations: evaluate() alone, or with prospects()
DEV_WEIGHT = 0.3  # each unplayed development card other than a victory point (counted already)
DIVERSITY_WEIGHT = 0.1  # each resource kind a player's buildings produce


def prospects(s: Any, worth: list[float]) -> None:
    """Adds to each player's ``worth`` what points alone miss: unplayed development cards, the
    resource kinds it produces (a player short of a kind waits or trades at a loss), and how
    close it is to taking Longest Road or Largest Army (the card's points halved for each
    road or knight still missing, once more for being a race)."""
    rules = s.rules
    n = len(worth)
    dev = s.dev_hands
    kinds = [[False] * N_RES for _ in range(n)]
    resource, owner = s.board.hex_resource, s.node_owner
    for h, nodes in enumerate(s.board.topo.hex_nodes):
        r = resource[h]
        if r < 0:
            continue
        for node in nodes:
            if owner[node] >= 0:
                kinds[owner[node]][r] = True
    races = (
        (s.road_length, s.longest_road_holder, rules.longest_road_min, rules.longest_road_vp, None),
        (s.knights_played, s.largest_army_holder, rules.largest_army_min, rules.largest_army_vp, KNIGHT),
    )
    for p in range(n):
        cards = dev[p]
        worth[p] += DEV_WEIGHT * (sum(cards) - cards[VICTORY_POINT]) + DIVERSITY_WEIGHT * sum(kinds[p])
        for counts, holder, minimum, vp, in_hand in races:
            if holder == p:
                continue
            target = max(minimum, counts[holder] + 1) if holder >= 0 else minimum
            missing = target - counts[p] - (cards[in_hand] if in_hand is not None else 0)
            worth[p] += vp / (1 << (max(0, missing) + 1))


def offer_ideas(hand: Sequence[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Domestic offers worth trying with ``hand``, best first: for the build closest to done
    (:data:`BUILDS`' order on a tie), one spare card (one the build does not use, the most held
    first) for two cards it lacks, then for one; then one-for-one by counts (the most held for
    the least held). The playouts judge which (if any) an opponent accepts and whether it pays."""
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    ranked = sorted(BUILDS, key=lambda b: sum(max(0, c - h) for c, h in zip(b[0], hand, strict=True)))
    for cost, _ in ranked[:2]:
        lack = [r for r in range(N_RES) for _ in range(max(0, cost[r] - hand[r]))]
        spare = sorted(
            (r for r in range(N_RES) if hand[r] > cost[r]), key=lambda r: (-(hand[r] - cost[r]), r)
        )
        if not lack or not spare:
            continue
        g = spare[0]
        for n_get in (2, 1):
            if len(lack) >= n_get:
                get = [0] * N_RES
                for r in lack[:n_get]:
                    get[r] += 1
                give = tuple(int(r == g) for r in range(N_RES))
                if (give, tuple(get)) not in out:
                    out.append((give, tuple(get)))
    pairs = sorted(
        ((hand[g] - hand[w], g, w) for g in range(N_RES) for w in range(N_RES) if g != w and hand[g]),
        reverse=True,
    )
    for _, g, w in pairs:
        idea = (tuple(int(r == g) for r in range(N_RES)), tuple(int(r == w) for r in range(N_RES)))
        if idea not in out:
            out.append(idea)
    return out


def hand_potential(hand: Sequence[int]) -> float:
    """What a hand can build soon, in points: the best build, discounted by the cards it lacks."""
    best = 0.0
    for cost, value in BUILDS:
        short = 0
        for need, held in zip(cost, hand, strict=True):
            if need > held:
                short += need - held
        worth = value / (1 << short)
        if worth > best:
            best = worth
    return best


def logistic(points_ahead: float) -> float:
    """A position not yet decided scores strictly between a loss (0) and a win (1): from 0.05
    to 0.95, however far ahead, so a win on the spot always beats a big lead."""
    return 0.05 + 0.9 / (1.0 + math.exp(-points_ahead / SCORE_SCALE))
