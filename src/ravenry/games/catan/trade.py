"""Trade in Catan: with the bank (maritime: 4:1, 3:1 at a generic harbor, 2:1 at a resource's
harbor) and between players (domestic: only with the player whose turn it is).

Domestic trade: the current player offers 1-3 cards for 1-3 others (no gifts, no like-for-like,
a bounded number of offers a turn); every other player answers at once — accept, decline, or a
counter-offer, which is a new offer to the current player; then the offerer confirms one acceptor,
accepts one counter-offer, or cancels.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from mypy_extensions import mypyc_attr

from ravenry.core.protocol import Action, Event
from ravenry.games.catan.data import N_RES, RESOURCES, named_counts
from ravenry.games.catan.state import (
    ACCEPTED,
    COUNTERED,
    DECLINED,
    MAIN,
    PENDING,
    TRADE_CONFIRM,
    TRADE_RESPONSES,
    CatanData,
    Counts,
)

OFFER_ACTIONS: Final = frozenset(("offer_trade", "counter_offer"))


def _multisets(caps: tuple[int, ...], max_total: int) -> list[tuple[int, ...]]:
    """All count vectors ``v`` with ``1 <= sum(v) <= max_total`` and ``v[i] <= caps[i]``."""
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i == len(caps):
            if sum(acc):
                out.append(tuple(acc))
            return
        for k in range(min(caps[i], left) + 1):
            acc.append(k)
            rec(i + 1, left - k, acc)
            acc.pop()

    rec(0, max_total, [])
    return out


@cache
def _trade_proposals(hand_key: tuple[int, ...], max_cards: int) -> tuple[tuple[Counts, Counts], ...]:
    """Every (give, get) an offer may name for a hand capped at ``max_cards`` per resource:
    1..max_cards cards each side, no resource on both sides."""
    out = []
    for give in _multisets(hand_key, max_cards):
        caps = tuple(0 if give[i] else max_cards for i in range(N_RES))
        for get in _multisets(caps, max_cards):
            out.append((give, get))
    return tuple(out)


def _hand_key(hand: list[int], cap: int) -> tuple[int, ...]:
    return tuple(c if c < cap else cap for c in hand)


@mypyc_attr(allow_interpreted_subclasses=True)
class CatanTrade(CatanData):
    """The trade rules; :class:`~ravenry.games.catan.rules.CatanState` builds on them."""

    _list_offers = True  # off while listing actions for a caller that excludes domestic offers

    def _legal_actions_except(self, player: int, exclude: frozenset[str]) -> list[Action]:
        if "offer_trade" not in exclude or "counter_offer" not in exclude:
            return super()._legal_actions_except(player, exclude)
        self._list_offers = False
        actions = self._legal_actions(player)
        self._list_offers = True
        if len(exclude) == len(OFFER_ACTIONS):
            return actions
        rest = exclude - OFFER_ACTIONS
        return [a for a in actions if a[0] not in rest]

    def _add_offers(self, p: int, actions: list[Action]) -> None:
        hand = self.hands[p]
        if self._list_offers and self.offers_this_turn < self.rules.max_offers_per_turn and any(hand):
            cap = self.rules.max_offer_cards
            actions.extend(_offer_actions(_hand_key(hand, cap), cap))

    def _add_maritime_trades(self, p: int, actions: list[Action]) -> None:
        hand = self.hands[p]
        bank = self.bank
        bank_full = bank[0] and bank[1] and bank[2] and bank[3] and bank[4]
        rates = self.player_rates(p)
        for r in range(N_RES):
            have = hand[r]
            if have < 2:
                continue
            for rate in rates[r]:
                if have >= rate:
                    if bank_full:
                        actions.extend(_MARITIME[r][rate])
                    else:
                        actions.extend(a for a in _MARITIME[r][rate] if bank[a[3]])

    @staticmethod
    def trade_rates(harbors: set[int], r: int, default: int) -> tuple[int, ...]:
        """Every rate at which resource ``r`` may go to the bank, best first."""
        rates = [default]
        if -1 in harbors and default > 3:
            rates.append(3)
        if r in harbors:
            rates.append(2)
        rates.sort()
        return tuple(rates)

    def player_rates(self, p: int) -> tuple[tuple[int, ...], ...]:
        """Per resource, every rate at which ``p`` may trade it to the bank, best first."""
        harbors = self.harbors[p]
        default = self.rules.bank_trade_rate
        key = default
        for kind in harbors:  # harbor kinds run from -1 (3:1) to 4: one bit each above the rate
            key |= 1 << (kind + 8)
        rates = _RATES_CACHE.get(key)
        if rates is None:
            rates = _RATES_CACHE[key] = tuple(self.trade_rates(harbors, r, default) for r in range(N_RES))
        return rates

    def _trade_response_actions(self, p: int) -> list[Action]:
        assert self.offer is not None
        get = self.offer[2]
        hand = self.hands[p]
        actions: list[Action] = [("decline_trade",)]
        if all(hand[i] >= get[i] for i in range(N_RES)):
            actions.insert(0, ("accept_trade",))
        if self._list_offers and any(hand):
            cap = self.rules.max_offer_cards
            actions.extend(_counter_actions(_hand_key(hand, cap), cap))
        return actions

    def _trade_confirm_actions(self, p: int) -> list[Action]:
        hand = self.hands[p]
        actions: list[Action] = [("cancel_trade",)]
        for q in range(self.n):
            if self.responses[q] == ACCEPTED:
                actions.append(("confirm_trade", q))
            elif self.responses[q] == COUNTERED:
                _, wants = self.counters[q]
                if all(hand[i] >= wants[i] for i in range(N_RES)):
                    actions.append(("accept_counter", q))
        return actions

    def _explain_maritime(self, player: int, action: Action) -> str:
        """Why a maritime trade in the main phase is refused: the FAQ's like-for-like rule, the
        rate, the cards in hand, or the bank's stack."""
        if len(action) != 4 or not all(type(x) is int and x >= 0 for x in action[1:]):
            return "a maritime trade names the resource to give, the rate and the resource to get"
        _, give, rate, get = action
        if give >= N_RES or get >= N_RES:
            return "unknown resource in that maritime trade"
        if give == get:
            return "you may not trade like resources: take a different resource from the bank"
        if rate not in self.player_rates(player)[give]:
            return f"{rate}:1 is not a rate your harbors give for {RESOURCES[give]}"
        if self.hands[player][give] < rate:
            return f"not enough resources: a {rate}:1 trade needs {rate} {RESOURCES[give]}"
        if not self.bank[get]:
            return f"the bank has no {RESOURCES[get]} left"
        return "that maritime trade is not available now"

    def _maritime_trade(self, p: int, a: Action) -> list[Event]:
        _, give, rate, get = a
        self.hands[p][give] -= rate
        self.bank[give] += rate
        self.bank[get] -= 1
        self.hands[p][get] += 1
        return [
            Event(
                "maritime_trade", {"player": p, "gave": {RESOURCES[give]: rate}, "got": {RESOURCES[get]: 1}}
            )
        ]

    def _offer_trade(self, p: int, a: Action) -> list[Event]:
        _, give, get = a
        self.offer = (p, give, get)
        self.offers_this_turn += 1
        self.responses = [PENDING] * self.n
        self.responses[p] = DECLINED
        self.counters = {}
        self.phase = TRADE_RESPONSES
        return [Event("trade_offered", {"player": p, "give": named_counts(give), "get": named_counts(get)})]

    def _respond(self, p: int, answer: int, events: list[Event]) -> list[Event]:
        self.responses[p] = answer
        if PENDING not in self.responses:
            if ACCEPTED in self.responses or COUNTERED in self.responses:
                self.phase = TRADE_CONFIRM
            else:
                self.offer = None
                self.phase = MAIN
                events.append(Event("trade_closed", {"player": self.current, "traded_with": None}))
        return events

    def _accept_trade(self, p: int, a: Action) -> list[Event]:
        return self._respond(p, ACCEPTED, [Event("trade_answer", {"player": p, "answer": "accept"})])

    def _decline_trade(self, p: int, a: Action) -> list[Event]:
        return self._respond(p, DECLINED, [Event("trade_answer", {"player": p, "answer": "decline"})])

    def _counter_offer(self, p: int, a: Action) -> list[Event]:
        _, give, get = a
        self.counters[p] = (give, get)
        event = Event(
            "trade_answer",
            {"player": p, "answer": "counter", "give": named_counts(give), "get": named_counts(get)},
        )
        return self._respond(p, COUNTERED, [event])

    def _exchange(self, a_player: int, a_gives: Counts, b_player: int, b_gives: Counts) -> None:
        ha, hb = self.hands[a_player], self.hands[b_player]
        for r in range(N_RES):
            ha[r] += b_gives[r] - a_gives[r]
            hb[r] += a_gives[r] - b_gives[r]

    def _close_trade(self, p: int, partner: int | None) -> list[Event]:
        self.offer = None
        self.counters = {}
        self.responses = [PENDING] * self.n
        self.phase = MAIN
        return [Event("trade_closed", {"player": p, "traded_with": partner})]

    def _confirm_trade(self, p: int, a: Action) -> list[Event]:
        assert self.offer is not None
        _, give, get = self.offer
        self._exchange(p, give, a[1], get)
        return self._close_trade(p, a[1])

    def _accept_counter(self, p: int, a: Action) -> list[Event]:
        q = a[1]
        q_gives, q_gets = self.counters[q]
        self._exchange(q, q_gives, p, q_gets)
        return self._close_trade(p, q)

    def _cancel_trade(self, p: int, a: Action) -> list[Event]:
        return self._close_trade(p, None)


@cache
def _offer_actions(hand_key: tuple[int, ...], cap: int) -> tuple[Action, ...]:
    return tuple(("offer_trade", g, t) for g, t in _trade_proposals(hand_key, cap))


@cache
def _counter_actions(hand_key: tuple[int, ...], cap: int) -> tuple[Action, ...]:
    return tuple(("counter_offer", g, t) for g, t in _trade_proposals(hand_key, cap))


# resource → rate → every ("maritime_trade", resource, rate, other) action
_MARITIME: Final = tuple(
    {rate: tuple(("maritime_trade", r, rate, g) for g in range(N_RES) if g != r) for rate in (2, 3, 4)}
    for r in range(N_RES)
)
# (bank rate | one bit per harbor kind held) → per resource, the rates; see player_rates
_RATES_CACHE: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}
