"""The ``search`` bot for ``thrones``: determinized Monte Carlo search on states sampled from
what its seat has seen (``games/thrones/sampling.py``), with greedy playouts — a one-ply search
over whole plans, the same kind and options as the Catan family's (``bots/search.py``).

Each decision:

1. **Candidates** (the ``greedy`` bot's choice always first). Some are *plans*, several actions
   played in a row, because one action alone means little in this game:
   - planning: whole order assignments of the seat's areas — greedy's, and variants that force
     one area's order to another type (March with each bonus, Support, Defense, Consolidate
     Power, Raid) and let greedy place the rest (``plans`` of them at most, the variants drawn
     with the bot's generator when there are more);
   - a march: greedy's move, ending the march (with and without a power token), and per
     destination "every free unit there" — a real attack, not one footman at a time;
   - house cards: every card in hand (each is played against the sampled card of the other
     side: battle-aware); bids: greedy's, nothing, and a few amounts up to all its power;
   - everything else (mustering, retreats, casualties, support, raids, the Raven, ...): greedy's
     choice and the other legal actions ranked by greedy's scores, ``width`` at most.
   The rest of a chosen plan is played at the following decisions while it stays legal.
2. **Rounds.** Each round draws one determinization — the sampler's state, where the others'
   ready orders are re-placed by greedy (the opponent model: the sampler's uniform draw is
   what the seat knows, greedy what a house usually does), half of the time the other side's
   sealed house card too, and while bidding the others' power is the last the bot saw — and
   one playout seed, and plays every candidate on its own copy (common random numbers). A
   playout plays greedy for every house (read from the sampled state: ``light_view``, the keys
   greedy reads, several times cheaper than ``observe``) until the Planning phase of turn
   ``turn + horizon`` begins (with ``horizon=1``: through this round's Action phase, or the
   next one for a Westeros decision) or the game ends. It scores 1 for a win, 0 for a loss,
   else 0.05-0.95 from :func:`evaluate` (castles and strongholds, supply, power, units, the
   tracks' top places, against the best other house).
3. **Answer.** The best mean; greedy's choice gets ``GREEDY_BONUS`` on top.

Budgets as in the Catan search: ``iters`` (playouts per decision, at least one round;
reproducible: the same seed gives the same choices) and ``ms`` (wall-clock milliseconds per
decision counted from its start, candidates included, checked between playouts; a round cut
short is dropped, so a decision takes ``ms`` plus one playout at most after the first round).
Given neither, ``ms=500``. A decision with a single legal
action costs nothing. The bot never sees the true state, only samples
(``tests/bots/test_thrones_no_peeking.py``); what it remembers is its own earlier views (the
others' power, shown outside bidding).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from ravenry.bots.base import Sampler, View
from ravenry.bots.budget import check_whole_numbers, decision_budget
from ravenry.bots.greedy.thrones import _SCORERS, GreedyThronesBot
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, GameState
from ravenry.core.rng import Rng
from ravenry.core.templates import Template
from ravenry.games.thrones.data import (
    AREA_CASTLE,
    CONSOLIDATE,
    DEFENSE,
    HOUSE_NAMES,
    MARCH,
    N_AREAS,
    N_ORDER_KINDS,
    ORDER_KIND_NAMES,
    ORDER_TYPE,
    RAID,
    SUPPORT,
    TRACK_NAMES,
    UNIT_STRENGTH,
)
from ravenry.games.thrones.state import BID_WILDLINGS, P_BID, P_CARDS, P_OVER, P_PLANNING, PHASE_NAMES

PLAYOUT_STEP_CAP = 2000  # a playout stops after this many actions even within its horizon
GREEDY_BONUS = 0.02  # others must be clearly better than greedy's choice to replace it
SCORE_SCALE = 3.0  # points ahead of the best other house that make a 0.73 (logistic) score

# The evaluation, in points: a castle or stronghold held is worth CASTLE (the game is won by
# them), a stronghold a little more (it musters more, and defends +2).
CASTLE = 3.0
STRONGHOLD = 0.5
SUPPLY = 0.5
POWER = 0.15
UNIT = 0.3  # per point of unit strength (footman 1, knight 2, ship 1)
TRACK_TOP = (0.6, 0.4, 0.3)  # first place on the Iron Throne, Fiefdoms, King's Court tracks


class ThronesSearchBot:
    kind = "search"
    uses_templates = True
    uses_sampler = True
    excluded_actions = frozenset({"clear_order"})

    def __init__(
        self,
        iters: int | None = None,
        ms: float | None = None,
        width: int = 6,
        horizon: int = 1,
        plans: int = 6,
    ) -> None:
        check_whole_numbers((("width", width, 1), ("horizon", horizon, 1), ("plans", plans, 1)))
        # What scores a playout's end instead of evaluate() (the expert's learned evaluator,
        # bots/expert.py; a module-level function: bots are pickled for the server's workers).
        self.leaf_value: Callable[[GameState, int], float] | None = None
        self.iters, self.ms = decision_budget(iters, ms)
        self.width = width
        self.horizon = horizon
        self.plans = plans
        self.greedy = GreedyThronesBot()
        self.last_iterations = 0
        self._started = 0.0
        # The rest of the plan chosen at an earlier decision, played while it stays legal.
        self._plan: list[Action] = []
        self._plan_key: tuple[int, str, int] = (-1, "", -1)
        # The others' power as last shown (outside bidding), less the bids revealed since.
        self._power_seen: list[int] | None = None
        self._bids_seen: list[int] | None = None

    # -- the decision ---------------------------------------------------------------------------
    def act(
        self,
        view: View,
        legal: Sequence[Action],
        rng: Rng,
        templates: Sequence[Template] = (),
        sample: Sampler | None = None,
    ) -> Action:
        self._started = time.perf_counter()
        self._remember(view)
        legal = [a for a in legal if a[0] not in self.excluded_actions] or list(legal)
        greedy_choice = self.greedy.act(view, legal, rng)
        if sample is None or len(legal) == 1:
            return greedy_choice
        key = (int(view.get("turn", 0)), str(view.get("phase")), int(view.get("march_area", -1)))
        if self._plan and self._plan_key == key and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = []
        self._plan_key = key
        seat = int(view["viewer"])
        probe = self._world(sample, seat, rng)
        candidates = self._candidates(view, probe, seat, legal, greedy_choice, rng)
        if len(candidates) == 1:
            self.last_iterations = 0
            best = candidates[0]
        else:
            best = self._search(sample, seat, candidates, rng)
        self._plan = best[1:]
        return best[0]

    def _remember(self, view: View) -> None:
        power = view.get("power")
        bids = view.get("last_bids")
        seen_bids = list(bids["bids"]) if isinstance(bids, dict) else None
        if isinstance(power, list) and all(isinstance(x, int) for x in power):
            self._power_seen = list(power)
        elif self._power_seen is not None and seen_bids is not None and seen_bids != self._bids_seen:
            # Bids revealed while power is hidden were paid from it.
            self._power_seen = [max(0, x - b) for x, b in zip(self._power_seen, seen_bids, strict=False)]
        self._bids_seen = seen_bids

    def _world(self, sample: Sampler, seat: int, rng: Rng) -> GameState:
        """One determinization: the sampler's state with the opponent model applied."""
        world: Any = sample(rng)
        if world.phase == P_PLANNING:
            for q in range(world.n):
                if q != seat and world.ready[q]:
                    world.pending[q] = [-1] * N_AREAS
                    for a, k in greedy_orders(world, q):
                        world.pending[q][a] = k
        elif world.phase == P_BID and self._power_seen is not None and len(self._power_seen) == world.n:
            for q in range(world.n):
                if q != seat:
                    total = world.power[q] + world.pool[q]
                    world.power[q] = min(total, self._power_seen[q])
                    world.pool[q] = total - world.power[q]
                    if world.bidding.bids[q] > world.power[q]:
                        world.bidding.bids[q] = greedy_bid(world, q)
        elif world.phase == P_CARDS and not world.battle.cards_revealed and rng.below(2) == 0:
            for side in (0, 1):
                q = world.battle.attacker if side == 0 else world.battle.defender
                if q >= 0 and q != seat and world.battle.cards[side] >= 0:
                    world.battle.cards[side] = strongest_card(world, q)
        world.forget_legal_actions()
        result: GameState = world
        return result

    def _search(self, sample: Sampler, seat: int, candidates: list[list[Action]], rng: Rng) -> list[Action]:
        k = len(candidates)
        totals = [0.0] * k
        # The time budget counts from the start of the decision (candidates included), and a
        # round cut short by it is dropped: candidates are compared on whole rounds only.
        deadline = None if self.ms is None else self._started + self.ms / 1000.0
        rounds = 0
        done = 0
        while done + k <= max(self.iters, k):
            if deadline is not None and rounds and time.perf_counter() > deadline:
                break
            world = self._world(sample, seat, rng)
            seed = rng.next_u32()
            scores: list[float] = []
            for i in range(k):
                if deadline is not None and rounds and time.perf_counter() > deadline:
                    break
                scores.append(self._playout(world.clone(), seat, candidates[i], Rng.from_seed(seed)))
            if len(scores) < k:
                break
            for i in range(k):
                totals[i] += scores[i]
            rounds += 1
            done += k
        self.last_iterations = done
        scores = [totals[i] / rounds + (GREEDY_BONUS if i == 0 else 0.0) for i in range(k)]
        best = max(range(k), key=lambda j: (scores[j], -j))
        return candidates[best]

    # -- candidates -------------------------------------------------------------------------------
    def _candidates(
        self, view: View, probe: Any, seat: int, legal: list[Action], greedy_choice: Action, rng: Rng
    ) -> list[list[Action]]:
        kind = greedy_choice[0]
        if probe.phase == P_PLANNING:
            return self._order_plans(probe, seat, rng)
        out: list[list[Action]] = [[greedy_choice]]
        if kind in ("move", "end_march"):
            out += march_plans(probe, seat, legal)
        elif kind == "house_card":
            out += [[a] for a in legal]
        elif kind == "bid":
            power = int(probe.power[seat])
            amounts = [0, 1, 2, power // 2, power, int(greedy_choice[1]) + 1, int(greedy_choice[1]) - 1]
            out += [[("bid", x)] for x in amounts if 0 <= x <= power]
        else:
            score = _SCORERS.get(kind)
            others = [a for a in legal if a != greedy_choice]
            if score is not None:
                others.sort(key=lambda a: -score(view, seat, a))
            out += [[a] for a in others]
        unique: list[list[Action]] = []
        for plan in out:
            if plan and plan[0] in legal and plan not in unique:
                unique.append(plan)
        limit = 8 if kind == "house_card" else self.width
        return unique[:limit]

    def _order_plans(self, probe: Any, seat: int, rng: Rng) -> list[list[Action]]:
        """Whole order assignments for ``seat``: greedy's, then variants forcing one area's
        order type, each completed by greedy (its own placed orders kept)."""
        base = greedy_orders(probe, seat, keep=True)
        out = [_placements(probe, seat, base)]
        variants: list[list[Action]] = []
        areas = sorted(a for a, _ in base)
        current = dict(base)
        for a in areas:
            if probe.pending[seat][a] >= 0:
                continue  # placed already: kept
            for t in (MARCH, SUPPORT, DEFENSE, CONSOLIDATE, RAID):
                for k in range(N_ORDER_KINDS):
                    if ORDER_TYPE[k] != t or k == current.get(a):
                        continue
                    if not _placeable(probe, seat, a, k):
                        continue
                    world = probe.clone()
                    world.pending[seat][a] = k
                    plan = _placements(probe, seat, greedy_orders(world, seat, keep=True))
                    if plan not in out and plan not in variants:
                        variants.append(plan)
        rng.shuffle(variants)
        out += variants[: self.plans - 1]
        return out

    # -- playouts ---------------------------------------------------------------------------------
    def _playout(self, world: Any, seat: int, plan: list[Action], rng: Rng) -> float:
        stop_turn = world.turn + self.horizon
        try:
            for action in plan:
                if world.phase == P_OVER:
                    break
                world.apply(seat, action)
        except IllegalAction:
            return 0.0
        greedy = self.greedy
        steps = 0
        while steps < PLAYOUT_STEP_CAP:
            if world.phase == P_OVER:
                return 1.0 if seat in world.winners else (0.5 if not world.winners else 0.0)
            if world.phase == P_PLANNING and world.turn >= stop_turn:
                break
            p = world.decision().players[0]
            legal = world.legal_actions(p)
            choice = legal[0] if len(legal) == 1 else greedy.act(light_view(world, p), legal, rng)
            try:
                world.apply(p, choice)
            except IllegalAction:  # a playout bot's mistake: score the position as it stands
                break
            steps += 1
        if self.leaf_value is not None:
            return self.leaf_value(world, seat)
        return logistic(evaluate(world, seat))


def _placeable(s: Any, seat: int, area: int, kind: int) -> bool:
    from ravenry.games.thrones.planning import _usage, may_use_kind

    used, starred = _usage(s.pending[seat])
    return bool(may_use_kind(s, kind, area, used, starred, seat))


def _placements(s: Any, seat: int, orders: list[tuple[int, int]]) -> list[Action]:
    """The actions that place ``orders`` (those not placed yet), then ``ready``."""
    placed = s.pending[seat]
    return [("place_order", a, k) for a, k in orders if placed[a] != k] + [("ready",)]


def greedy_orders(s: Any, q: int, keep: bool = False) -> list[tuple[int, int]]:
    """The (area, kind) orders greedy would place for ``q`` in sampled state ``s`` (its placed
    ones kept when ``keep``, else all placed afresh); ``s`` is not changed."""
    world = s.clone()
    if not keep:
        world.pending[q] = [-1] * N_AREAS
    world.ready[q] = 0
    world.forget_legal_actions()
    greedy = GreedyThronesBot()
    rng = Rng(0)
    for _ in range(N_AREAS):
        legal = [a for a in world.legal_actions(q) if a[0] == "place_order"]
        if not legal:
            break
        a = greedy.act(light_view(world, q), legal, rng)
        world.pending[q][a[1]] = a[2]
        world.forget_legal_actions()
    return [(a, k) for a, k in enumerate(world.pending[q]) if k >= 0]


def greedy_bid(s: Any, q: int) -> int:
    """What greedy bids for ``q`` in sampled state ``s``."""
    power = int(s.power[q])
    if s.bidding.context == BID_WILDLINGS:
        return min(power, -(-int(s.wildlings) // int(s.n)))
    return power // 3


def strongest_card(s: Any, q: int) -> int:
    """Greedy's house card for ``q``: the best by strength, swords and fortifications."""
    from ravenry.games.thrones.data import HOUSE_CARDS

    cards = HOUSE_CARDS[s.houses[q]]
    best, best_score = -1, -1.0
    for c in range(7):
        if (s.hand[q] >> c) & 1:
            card = cards[c]
            score = card.strength * 2.0 + card.swords + card.fortifications
            if score > best_score:
                best, best_score = c, score
    return best


def march_plans(s: Any, seat: int, legal: list[Action]) -> list[list[Action]]:
    """For a march in progress: "every free unit that can go there" per destination (the
    strongest first), then ending the march with and without a power token."""
    out: list[list[Action]] = []
    moves = [a for a in legal if a[0] == "move"]
    by_dest: dict[int, list[Action]] = {}
    for a in moves:
        by_dest.setdefault(a[2], []).append(a)
    src = s.march.area
    for dest, acts in by_dest.items():
        plan: list[Action] = []
        for a in sorted(acts, key=lambda a: -UNIT_STRENGTH[a[3]]):
            t = a[3]
            free = s.units[src * 3 + t] - s.routed[src * 3 + t]
            plan += [("move", src, dest, t)] * free
        if plan:
            out.append(plan)
    # A castle nearest the end: attacks on castles and strongholds first.
    out.sort(key=lambda plan: -AREA_CASTLE[plan[0][2]])
    out += [[a] for a in legal if a[0] == "end_march"]
    return out


# -- reading a sampled state the way greedy reads a view -----------------------------------------
class _Rows:
    """``units[area]`` as the view has it (three counts), read from the flat list on demand."""

    __slots__ = ("flat",)

    def __init__(self, flat: list[int]) -> None:
        self.flat = flat

    def __getitem__(self, area: int) -> list[int]:
        return self.flat[area * 3 : area * 3 + 3]


class _Orders:
    __slots__ = ("s",)

    def __init__(self, s: Any) -> None:
        self.s = s

    def __getitem__(self, area: int) -> list[Any] | None:
        k = self.s.order[area]
        return None if k < 0 else [self.s.order_owner[area], ORDER_KIND_NAMES[k]]


def light_view(s: Any, p: int) -> View:
    """The parts of ``observe(p)`` the greedy bot reads, built cheaply from a (sampled) state."""
    view: View = {
        "viewer": p,
        "phase": PHASE_NAMES[s.phase],
        "home": s.home,
        "owner": s.owner,
        "neutral": s.neutral,
        "castles": True,
        "power_tokens": s.token,
        "units": _Rows(s.units),
        "march_area": s.march.area,
        "power": s.power,
        "wildlings": s.wildlings,
        "houses": [HOUSE_NAMES[h] for h in s.houses],
        "orders": _Orders(s),
    }
    if s.battle.area >= 0:
        view["battle"] = {
            "attacking": s.battle.attacking,
            "attacker": s.battle.attacker,
            "defender": s.battle.defender,
        }
    if s.phase == P_BID:
        view["bid_for"] = (
            "nights_watch" if s.bidding.context == BID_WILDLINGS else TRACK_NAMES[s.bidding.context]
        )
    return view


# -- the evaluation ---------------------------------------------------------------------------------
def evaluate(state: Any, seat: int) -> float:
    """The seat's standing in points against the best other house."""
    s = state
    n = s.n
    worth = [0.0] * n
    for a in range(N_AREAS):
        c = s.controller(a) if AREA_CASTLE[a] else -1
        if c >= 0:
            worth[c] += CASTLE + (STRONGHOLD if AREA_CASTLE[a] == 2 else 0.0)
        o = s.owner[a]
        if o >= 0:
            i = a * 3
            worth[o] += UNIT * (s.units[i] + 2 * s.units[i + 1] + s.units[i + 2])
    for p in range(n):
        worth[p] += SUPPLY * s.supply[p] + POWER * s.power[p]
    for t in range(3):
        worth[s.tracks[t][0]] += TRACK_TOP[t]
    best_other = max(worth[p] for p in range(n) if p != seat)
    return worth[seat] - best_other


def logistic(points_ahead: float) -> float:
    """0.05-0.95: a position not yet decided scores strictly between a loss and a win."""
    return 0.05 + 0.9 / (1.0 + math.exp(-points_ahead / SCORE_SCALE))
