"""The ``greedy`` bot for Catan-family games: one sensible rule of thumb per decision.

It settles the best-producing, most varied spots; builds city > settlement > development card
> road when it can; trades with the bank toward its next build; puts the robber on the
leader's best hex and steals from the leader; discards what it needs least; plays knights when
the robber blocks it or to take the army; accepts offers that help it unless they help a
player near winning; and makes at most one 1:1 offer per turn, when the offer template
(``state.action_templates``, which it asks for) allows it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ravenry.bots.base import View, argmax
from ravenry.bots.greedy.situation import Situation, counts_of
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng
from ravenry.core.templates import Template, within
from ravenry.games.catan.data import DEV_CARD_COST, N_RES, ROAD_COST, named_counts

PROPOSALS = frozenset({"offer_trade", "counter_offer"})
# Below this, a monopoly is not worth playing: the cards opponents probably hold of a resource.
MONOPOLY_MIN_EXPECTED = 2.0
HAND_LIMIT = 7  # more cards than this risk a discard on a 7


# One rule of thumb of the main phase: an action, or None to let the next rule decide.
Step = Callable[[Situation, dict[str, list[Action]]], Action | None]


class GreedyCatanBot:
    kind = "greedy"
    uses_templates = True  # offers are parametric: it is shown their templates
    # Variants extend the reading of the view (a subclass of Situation) and the decisions below.
    situation_type: type[Situation] = Situation

    def __init__(self) -> None:
        # The turn in which this bot last proposed a trade: it makes at most one offer a turn.
        self._offered_in_turn = -1
        # The templates of the decision being made, by action type.
        self._templates: dict[str, Template] = {}

    def act(
        self, view: View, legal: Sequence[Action], rng: Rng, templates: Sequence[Template] = ()
    ) -> Action:
        self._templates = {t["type"]: t for t in templates}
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a[0], []).append(a)
        s = self.situation_type(view)
        choice = self._choose(s, by_kind)
        if choice is not None:
            return choice
        # A decision this bot does not understand (a variant's own phase): any non-proposal.
        plain = [a for a in legal if a[0] not in PROPOSALS and a[0] != "undo"]
        return rng.choice(plain or list(legal))

    def _choose(self, s: Situation, acts: dict[str, list[Action]]) -> Action | None:
        if "place_settlement" in acts:
            return argmax(acts["place_settlement"], lambda a: s.spot_value(a[1]))
        if "place_road" in acts:
            return argmax(acts["place_road"], lambda a: s.road_value(a[1]))
        if "discard" in acts:
            return self._discard(s, acts["discard"])
        if "move_robber" in acts:
            return self._move_robber(s, acts["move_robber"])
        if "place_free_road" in acts:
            return argmax(acts["place_free_road"], lambda a: s.road_value(a[1]))
        if "decline_trade" in acts:
            return self._answer_offer(s, acts)
        if "cancel_trade" in acts:
            return self._confirm_offer(s, acts)
        if "roll" in acts:
            return self._before_roll(s, acts)
        if "end_turn" in acts:
            return self._main(s, acts)
        return None

    def _before_roll(self, s: Situation, acts: dict[str, list[Action]]) -> Action:
        if "play_knight" in acts and self._wants_knight(s):
            return acts["play_knight"][0]
        return acts["roll"][0]

    # -- the robber and discards ----------------------------------------------------------------
    def _discard(self, s: Situation, options: list[Action]) -> Action:
        surplus = s.surplus()
        return argmax(options, lambda a: surplus[a[1]] * 10 + s.hand[a[1]])

    def _move_robber(self, s: Situation, options: list[Action]) -> Action:
        scores = {h: self._robber_hex_score(s, h) for h in {a[1] for a in options}}
        return argmax(options, lambda a: scores[a[1]] * 1000.0 + self._victim_score(s, a[2]))

    def _robber_hex_score(self, s: Situation, h: int) -> float:
        """How much the robber on ``h`` hurts the others (the leader most), never us."""
        if h < 0:
            return 0.0
        facts = s.facts
        leader = s.leader
        score = 0.0
        for node in facts.hex_nodes[h]:
            o = s.owner[node]
            if o < 0:
                continue
            harm = facts.hex_pips[h] * s.level[node]
            if o == s.me:
                score -= 100.0 + harm
            else:
                score += harm * (3.0 if o == leader else 1.0) * (1.0 + s.vp(o) / 5.0)
        return score

    def _victim_score(self, s: Situation, v: int) -> float:
        if v < 0:
            return 0.0
        return (100.0 if v == s.leader else 0.0) + s.vp(v) * 5.0 + int(s.players[v]["resource_count"])

    def _wants_knight(self, s: Situation) -> bool:
        if s.robber_blocks_me():
            return True
        me = s.players[s.me]
        knights = int(me["knights_played"]) + 1
        others = max((int(p["knights_played"]) for p in s.players if p["seat"] != s.me), default=0)
        holder = s.view.get("largest_army_holder")
        return holder != s.me and knights >= 3 and knights > others

    # -- domestic trade -------------------------------------------------------------------------
    def _helps(self, s: Situation, receive: Sequence[int], pay: Sequence[int]) -> bool:
        after = [s.hand[r] + receive[r] - pay[r] for r in range(N_RES)]
        return min(after) >= 0 and s.missing_for_target(after) < s.missing_for_target()

    def _answer_offer(self, s: Situation, acts: dict[str, list[Action]]) -> Action:
        offer = s.view.get("offer")
        # The offerer gives offer["give"] and wants offer["get"].
        if (
            offer is not None
            and "accept_trade" in acts
            and not s.near_winning(int(offer["player"]))
            and self._helps(s, counts_of(offer["give"]), counts_of(offer["get"]))
        ):
            return acts["accept_trade"][0]
        return acts["decline_trade"][0]

    def _confirm_offer(self, s: Situation, acts: dict[str, list[Action]]) -> Action:
        partners = [a for a in acts.get("confirm_trade", []) if not s.near_winning(a[1])]
        if partners:
            return min(partners, key=lambda a: (s.vp(a[1]), a[1]))
        counters = (s.view.get("offer") or {}).get("counters", {})
        for a in acts.get("accept_counter", []):
            counter = counters.get(str(a[1]))
            if counter is None or s.near_winning(a[1]):
                continue
            if self._helps(s, counts_of(counter["give"]), counts_of(counter["get"])):
                return a
        return acts["cancel_trade"][0]

    def _offer(self, s: Situation, acts: dict[str, list[Action]]) -> Action | None:
        turn = int(s.view.get("turn", 0))
        template = self._templates.get("offer_trade")
        if self._offered_in_turn == turn or template is None or not 0 < s.missing_for_target() <= 2:
            return None
        need = s.need()
        surplus = s.surplus()
        wanted = [r for r in range(N_RES) if s.hand[r] < need[r]]
        spare = sorted((r for r in range(N_RES) if surplus[r] > 0), key=lambda r: -surplus[r])
        if not wanted or not spare:
            return None
        give = tuple(1 if r == spare[0] else 0 for r in range(N_RES))
        get = tuple(1 if r == wanted[0] else 0 for r in range(N_RES))
        action: Action = ("offer_trade", give, get)
        if not within(
            template, {"type": "offer_trade", "give": named_counts(give), "get": named_counts(get)}
        ):
            return None
        self._offered_in_turn = turn
        return action

    # -- the main phase -------------------------------------------------------------------------
    def _main_steps(self) -> tuple[Step, ...]:
        """The main phase's rules of thumb, in order: the first that answers acts."""
        return (self._play_development, self._build, self._trade_with_bank, self._offer)

    def _main(self, s: Situation, acts: dict[str, list[Action]]) -> Action:
        for step in self._main_steps():
            action = step(s, acts)
            if action is not None:
                return action
        return acts["end_turn"][0]

    def _build(self, s: Situation, acts: dict[str, list[Action]]) -> Action | None:
        building = self._build_city_or_settlement(s, acts)
        return building if building is not None else self._build_dev_or_road(s, acts)

    def _build_city_or_settlement(self, s: Situation, acts: dict[str, list[Action]]) -> Action | None:
        if "build_city" in acts:
            prod = s.facts.node_production
            return argmax(acts["build_city"], lambda a: sum(prod[a[1]]))
        if "build_settlement" in acts:
            return argmax(acts["build_settlement"], lambda a: s.spot_value(a[1]))
        return None

    def _wants_to_pay(self, s: Situation, kind: str, paid: Sequence[int]) -> bool:
        """Whether paying ``paid`` for a ``kind`` now is fine: it is the target, or it does not
        set the target back, or the hand is big enough to fear a 7."""
        target = s.target
        after = [h - c for h, c in zip(s.hand, paid, strict=True)]
        return (
            target is None
            or target.kind == kind
            or s.missing_for_target(after) <= s.missing_for_target()
            or sum(s.hand) > HAND_LIMIT
        )

    def _build_dev_or_road(self, s: Situation, acts: dict[str, list[Action]]) -> Action | None:
        if "buy_dev" in acts and self._wants_to_pay(s, "dev", DEV_CARD_COST):
            return acts["buy_dev"][0]
        if "build_road" in acts:
            best = argmax(acts["build_road"], lambda a: s.road_value(a[1]))
            if s.road_value(best[1]) > 0 and self._wants_to_pay(s, "road", ROAD_COST):
                return best
        return None

    def _trade_with_bank(self, s: Situation, acts: dict[str, list[Action]]) -> Action | None:
        if "maritime_trade" not in acts or s.target is None:
            return None
        need = s.need()
        surplus = s.surplus()
        useful = [a for a in acts["maritime_trade"] if s.hand[a[3]] < need[a[3]] and surplus[a[1]] >= a[2]]
        if not useful:
            return None
        # Cheapest rate first, then the resource we hold most spare of.
        return min(useful, key=lambda a: (a[2], -surplus[a[1]], a[1], a[3]))

    def _play_development(self, s: Situation, acts: dict[str, list[Action]]) -> Action | None:
        if "play_knight" in acts and self._wants_knight(s):
            return acts["play_knight"][0]
        gap = s.missing_for_target()
        if "play_year_of_plenty" in acts and gap > 0:
            options = acts["play_year_of_plenty"]
            return argmax(options, lambda a: -s.missing_for_target(_with_cards(s.hand, a[1:])))
        if "play_monopoly" in acts and gap > 0:
            choice = self._monopoly(s, acts["play_monopoly"])
            if choice is not None:
                return choice
        if "play_road_building" in acts and s.players[s.me]["roads_left"] >= 2 and s.best_road_value() > 0:
            return acts["play_road_building"][0]
        return None

    def _monopoly(self, s: Situation, options: list[Action]) -> Action | None:
        """Name the needed resource opponents most probably hold, judged by what they produce."""
        need = s.need()
        expected = [0.0] * N_RES
        for p, info in enumerate(s.players):
            if p == s.me:
                continue
            prod = s.production(p)
            total = sum(prod)
            if total:
                for r in range(N_RES):
                    expected[r] += info["resource_count"] * prod[r] / total
        wanted = [a for a in options if s.hand[a[1]] < need[a[1]] and expected[a[1]] >= MONOPOLY_MIN_EXPECTED]
        if not wanted:
            return None
        return argmax(wanted, lambda a: expected[a[1]])


def _with_cards(hand: Sequence[int], resources: Sequence[Any]) -> list[int]:
    out = list(hand)
    for r in resources:
        if r >= 0:
            out[r] += 1
    return out
