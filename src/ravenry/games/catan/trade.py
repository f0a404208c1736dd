"""Trade in Catan: with the bank (maritime: 4:1, 3:1 at a generic harbor, 2:1 at a resource's
harbor) and between players (domestic: only with the player whose turn it is).

Domestic trade follows the rulebook ("you may trade as many times as you can, using single or
multiple cards"): the current player offers any cards of their hand for any other cards — at
least one card a side (no gifts) and no resource on both sides (no like-for-like); every other
player answers at once — accept, decline, or a counter-offer, which is a new offer to the current
player; then the offerer confirms one acceptor, accepts one counter-offer, or cancels. The number
of offers a turn is the ruleset's ``max_offers_per_turn`` (the game option of the same name).

Offers are *parametric* actions: :meth:`legal_actions` does not list them (a hand of ten cards
allows tens of thousands), :meth:`action_templates` describes them in one small JSON object
and :meth:`_check_parametric` judges any concrete one. The cards an offer asks for are bounded
by what one partner could hold: of each resource no more than the cards outside the bank and the
asker's hand, and in all no more than the largest partner's hand. Both bounds are public (every
view shows the bank and the hand sizes), and an offer beyond them could never be accepted.
"""

from __future__ import annotations

from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import JSON, Action, Event
from ravenry.games.catan.data import N_RES, RESOURCES, named_counts
from ravenry.games.catan.state import (
    ACCEPTED,
    COUNTERED,
    DECLINED,
    MAIN,
    PENDING,
    PHASE_NAMES,
    TRADE_CONFIRM,
    TRADE_RESPONSES,
    CatanData,
    Counts,
)

OFFER_TYPES: Final = frozenset(("offer_trade", "counter_offer"))
OFFER_OPTION: Final = "max_offers_per_turn"  # the Ruleset field and game option capping offers


def is_counts(value: object) -> bool:
    """Whether ``value`` is a resource vector an offer may carry: a tuple of five exact,
    non-negative ``int``s (not ``bool``s, floats or lists: the stored action must be one the
    JSON codec writes and reads back unchanged)."""
    if type(value) is not tuple or len(value) != N_RES:
        return False
    for n in value:  # noqa: SIM110 - a loop mypyc compiles, not a generator
        if type(n) is not int or n < 0:
            return False
    return True


@mypyc_attr(allow_interpreted_subclasses=True)
class CatanTrade(CatanData):
    """The trade rules; :class:`~ravenry.games.catan.rules.CatanState` builds on them."""

    parametric_types: ClassVar[frozenset[str]] = OFFER_TYPES

    def _legal_actions_except(self, player: int, exclude: frozenset[str]) -> list[Action]:
        if exclude <= OFFER_TYPES:  # offers are never listed: nothing to leave out
            return self._legal_actions(player)
        return super()._legal_actions_except(player, exclude)

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase] if self.phase < len(PHASE_NAMES) else str(self.phase)

    # -- maritime trade ---------------------------------------------------------------------------
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

    # -- domestic offers: templates and checks ------------------------------------------------------
    def _offer_kind(self, p: int) -> str | None:
        """The kind of offer ``p`` may make now, if any: the current player's own offer in the main
        phase (while the turn's offers last), or a counter-offer while ``p`` owes an answer."""
        phase = self.phase
        if phase == MAIN:
            if p == self.current and self.offers_this_turn < self.rules.max_offers_per_turn:
                return "offer_trade"
            return None
        if phase == TRADE_RESPONSES and self.responses[p] == PENDING:
            return "counter_offer"
        return None

    def _offer_partners(self, kind: str, p: int) -> list[int]:
        """Who could take the other side: every other player for an offer, the offerer for a
        counter-offer."""
        if kind == "counter_offer":
            return [self.current]
        return [q for q in range(self.n) if q != p]

    def ask_caps(self, p: int, partners: list[int]) -> tuple[list[int], int]:
        """The most of each resource ``p`` may ask of one of ``partners``, and the most cards in
        all: what is outside the bank and ``p``'s hand, and the largest partner's hand size."""
        largest = 0
        for q in partners:
            size = sum(self.hands[q])
            if size > largest:
                largest = size
        total = self.rules.bank_per_resource
        hand = self.hands[p]
        bank = self.bank
        caps = [max(0, min(total - bank[r] - hand[r], largest)) for r in range(N_RES)]
        return caps, largest

    def action_templates(self, player: object) -> list[dict[str, JSON]]:
        """The offer ``player`` may make now, as ``{"type", "give", "get", "min_give",
        "min_get", "max_give", "max_get", "disjoint"}``: ``give``/``get`` map each resource to the
        most of it a side may carry (resources left out: none), ``min_*``/``max_*`` bound each
        side's total, ``disjoint``: no resource on both sides. Empty when no offer is possible."""
        seat = self.seat(player)  # InvalidSeat for anything but a seat of this game
        kind = self._offer_kind(seat)
        if kind is None:
            return []
        hand = self.hands[seat]
        caps, largest = self.ask_caps(seat, self._offer_partners(kind, seat))
        if not _some_offer(hand, caps, largest):
            return []
        return [
            {
                "type": kind,
                "give": named_counts(hand),
                "get": named_counts(caps),
                "min_give": 1,
                "min_get": 1,
                "max_give": sum(hand),
                "max_get": largest,
                "disjoint": True,
            }
        ]

    def _check_parametric(self, player: int, action: Action) -> None:
        reason = self.offer_refusal(player, action)
        if reason is not None:
            raise IllegalAction(reason)

    def offer_refusal(self, player: int, action: Action) -> str | None:
        """Why the concrete offer ``action`` of ``player`` is refused now, naming the rule; None
        if it is legal. Changes nothing."""
        kind = action[0]
        phase = self.phase
        if kind == "offer_trade":
            if phase != MAIN or player != self.current:
                return (
                    "offers are made by the player whose turn it is, after the production roll "
                    f"(now: {self.phase_name()})"
                )
            cap = self.rules.max_offers_per_turn
            if self.offers_this_turn >= cap:
                return f"no offers left this turn: the rule option {OFFER_OPTION} allows {cap} a turn"
        elif kind == "counter_offer":
            if phase != TRADE_RESPONSES:
                return f"a counter-offer answers an offer that waits for answers (now: {self.phase_name()})"
            if self.responses[player] != PENDING:
                return "only a player who has not yet answered the offer may counter it"
        else:
            return f"{kind!r} is not a trade offer"
        if len(action) != 3 or not is_counts(action[1]) or not is_counts(action[2]):
            return f"{kind} names the cards to give and to get: {N_RES} whole numbers each, none negative"
        give: Counts = action[1]
        get: Counts = action[2]
        if not any(give) or not any(get):
            return "you may not give away cards: an offer names at least 1 card on each side"
        for r in range(N_RES):
            if give[r] and get[r]:
                return (
                    f"you may not trade like resources: {RESOURCES[r]} is on both sides (ask for other cards)"
                )
        hand = self.hands[player]
        for r in range(N_RES):
            if give[r] > hand[r]:
                return f"not enough resources: you hold {hand[r]} {RESOURCES[r]}"
        partners = self._offer_partners(kind, player)
        caps, largest = self.ask_caps(player, partners)
        who = "the offerer" if kind == "counter_offer" else "any other player"
        for r in range(N_RES):
            if get[r] > caps[r]:
                return f"{who} can hold at most {caps[r]} {RESOURCES[r]}: nobody could accept"
        if sum(get) > largest:
            return f"{who} holds at most {largest} cards: nobody could accept"
        return None

    # -- domestic offers: answers and the exchange -------------------------------------------------
    def _trade_response_actions(self, p: int) -> list[Action]:
        assert self.offer is not None
        get = self.offer[2]
        hand = self.hands[p]
        for r in range(N_RES):
            if hand[r] < get[r]:
                return [_DECLINE]
        return [_ACCEPT, _DECLINE]

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


def _some_offer(hand: list[int], caps: list[int], max_get: int) -> bool:
    """Whether any offer fits: a card in hand for one card of another resource a partner holds."""
    if max_get < 1:
        return False
    for g in range(N_RES):
        if hand[g]:
            for t in range(N_RES):
                if t != g and caps[t]:
                    return True
    return False


_ACCEPT: Final[Action] = ("accept_trade",)
_DECLINE: Final[Action] = ("decline_trade",)
# resource → rate → every ("maritime_trade", resource, rate, other) action
_MARITIME: Final = tuple(
    {rate: tuple(("maritime_trade", r, rate, g) for g in range(N_RES) if g != r) for rate in (2, 3, 4)}
    for r in range(N_RES)
)
# (bank rate | one bit per harbor kind held) → per resource, the rates; see player_rates. At most
# 2**6 keys per bank rate (six harbor kinds): bounded. (No cache here is keyed by hands: the
# offers once listed per hand grew to tens of MiB in a long simulation.)
_RATES_CACHE: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}
