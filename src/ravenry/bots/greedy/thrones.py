"""The ``greedy`` bot for A Game of Thrones: The Board Game: one rule of thumb per decision,
read from the seat's view and its legal actions only.

It takes undefended castles (marching into cities and strongholds that nobody holds), attacks
only areas it outnumbers, never empties its home area and puts its best Defense order there,
consolidates power elsewhere on land, keeps power for bids (a modest bid for the Iron Throne,
its share of the Night's Watch, little for the other tracks), plays its strongest house card,
supports its own side, and loses footmen before knights.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ravenry.bots.base import View, argmax
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng
from ravenry.games.thrones import actions as rows
from ravenry.games.thrones.data import (
    ADJACENT,
    AREA_CASTLE,
    AREA_IS_SEA,
    AREA_POWER,
    CONSOLIDATE,
    DEFENSE,
    FOOTMAN,
    HOUSE_CARDS,
    HOUSE_NAMES,
    KNIGHT,
    MARCH,
    ORDER_BONUS,
    ORDER_TYPE,
    RAID,
    SHIP,
    SUPPORT,
    UNIT_STRENGTH,
    UPGRADE,
)


class GreedyThronesBot:
    kind = "greedy"
    # Taking an order back is for people changing their mind: a bot that knows what it wants
    # never does, and one that did could place and clear the same token for ever.
    excluded_actions = frozenset({rows.CLEAR_ORDER.name})

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        me = int(view["viewer"])
        # A caller may pass the whole legal list (the runner omits the excluded types itself).
        legal = [a for a in legal if a[0] not in self.excluded_actions] or list(legal)
        kind = legal[0][0]
        score = _SCORERS.get(kind)
        if score is None:
            # Only one decision of this kind is open (pass/ready and the like come with it).
            return legal[0]
        return argmax(legal, lambda a: score(view, me, a))


def _home(view: View, me: int) -> int:
    homes: list[int] = view["home"]
    return homes.index(me) if me in homes else -1


def _strength(units: Sequence[int]) -> int:
    return sum(units[t] * UNIT_STRENGTH[t] for t in range(3))


def _takeable(view: View, me: int, area: int) -> bool:
    """A castle nobody holds or defends: empty of units and neutral forces, not ours."""
    return (
        AREA_CASTLE[area] > 0
        and view["owner"][area] < 0
        and view["neutral"][area] == 0
        and view["castles"] is not None
        and _controller(view, area) != me
        and _controller(view, area) < 0
    )


def _controller(view: View, area: int) -> int:
    o: int = view["owner"][area]
    if o >= 0:
        return o
    if AREA_IS_SEA[area]:
        return -1
    t: int = view["power_tokens"][area]
    if t >= 0:
        return t
    h: int = view["home"][area]
    return h


def _score_place(view: View, me: int, a: Action) -> float:
    area, kind = a[1], a[2]
    t = ORDER_TYPE[kind]
    score = 0.0
    if area == _home(view, me):
        score += 10.0 + ORDER_BONUS[kind] if t == DEFENSE else (3.0 if t == CONSOLIDATE else 0.0)
    chances = sum(1 for b in ADJACENT[area] if _takeable(view, me, b))
    if t == MARCH:
        score += 4.0 * chances + ORDER_BONUS[kind]
        if chances == 0:
            score += 1.0  # an army that marches finds something to do
    elif t == CONSOLIDATE:
        score += 2.0 + AREA_POWER[area]
    elif t == SUPPORT:
        score += 1.5 if AREA_IS_SEA[area] else 0.5
    elif t == RAID:
        score += 1.0
    elif t == DEFENSE:
        score += 0.5 + ORDER_BONUS[kind] * 0.1
    return score


def _score_move(view: View, me: int, a: Action) -> float:
    if a[0] == rows.END_MARCH.name:
        src = int(view["march_area"])
        worth = AREA_CASTLE[src] + AREA_POWER[src] if src >= 0 else 0
        return 0.5 + (worth - 1.5) * int(a[1])
    _, src, dst, unit = a
    units = view["units"]
    if src == _home(view, me) and sum(units[src]) <= 1:
        return -10.0  # never leave home empty
    owner = view["owner"][dst]
    if _takeable(view, me, dst):
        return 20.0
    if owner >= 0 and owner != me:
        battle = view.get("battle")
        already = sum(battle["attacking"]) if battle else 0
        mine = _strength(units[src]) + already
        theirs = _strength(units[dst])
        return 8.0 if mine > theirs + 1 else -5.0
    if view["neutral"][dst] > 0:
        return 6.0 if _strength(units[src]) + 1 >= view["neutral"][dst] else -5.0
    if AREA_CASTLE[dst] > 0 and _controller(view, dst) != me:
        return 10.0
    return -1.0 if unit != SHIP else -0.5


def _score_bid(view: View, me: int, a: Action) -> float:
    amount = int(a[1])
    power = int(view["power"][me])
    if view.get("bid_for") == "nights_watch":
        target = min(power, -(-int(view["wildlings"]) // len(view["houses"])))
    else:
        target = power // 3
    return -abs(amount - target)


def _score_card(view: View, me: int, a: Action) -> float:
    house = HOUSE_NAMES.index(view["houses"][me])
    card = HOUSE_CARDS[house][a[1]]
    return card.strength * 2.0 + card.swords + card.fortifications


def _score_support(view: View, me: int, a: Action) -> float:
    battle = view["battle"]
    side = 0 if battle["attacker"] == me else 1 if battle["defender"] == me else 2
    return 1.0 if a[2] == side else 0.0


def _score_muster(view: View, me: int, a: Action) -> float:
    if a[0] == rows.END_MUSTER.name:
        return 0.0
    what = a[2]
    return {KNIGHT: 4.0, FOOTMAN: 3.0, SHIP: 2.0, UPGRADE: 1.0}[what]


def _score_loss(view: View, me: int, a: Action) -> float:
    unit = a[-1]
    return {FOOTMAN: 3.0, SHIP: 2.0, KNIGHT: 1.0}[unit]


def _score_raid(view: View, me: int, a: Action) -> float:
    target = a[2]
    if target < 0:
        return 0.0
    order = view["orders"][target]
    return 3.0 if order is not None and order[1].startswith("consolidate") else 2.0


def _score_tie(view: View, me: int, a: Action) -> float:
    return 1.0 if a[1] == me else 0.0


def _score_first(view: View, me: int, a: Action) -> float:
    return 0.0


def _score_blade(view: View, me: int, a: Action) -> float:
    return float(a[1])


def _score_reclaim(view: View, me: int, a: Action) -> float:
    if a[0] != rows.RECLAIM.name:
        return -1.0
    house = HOUSE_NAMES.index(view["houses"][me])
    return float(HOUSE_CARDS[house][a[1]].strength)


def _score_raven(view: View, me: int, a: Action) -> float:
    return 0.0 if a[0] == rows.RAVEN_PASS.name else -1.0


# The scorer of each action, by its row of the rules' table (actions.THRONES_ACTIONS): a renamed
# or removed action is a name error here, not a scorer that silently never runs.
_ROW_SCORERS: tuple[tuple[rows.ActionRow, Callable[[View, int, Action], float]], ...] = (
    (rows.PLACE_ORDER, _score_place),
    (rows.MOVE, _score_move),
    (rows.END_MARCH, _score_move),
    (rows.BID, _score_bid),
    (rows.HOUSE_CARD, _score_card),
    (rows.SUPPORT, _score_support),
    (rows.MUSTER, _score_muster),
    (rows.END_MUSTER, _score_muster),
    (rows.CASUALTY, _score_loss),
    (rows.DESTROY, _score_loss),
    (rows.WILDLING_LOSS, _score_loss),
    (rows.RAID, _score_raid),
    (rows.TIE_PICK, _score_tie),
    (rows.BLADE, _score_blade),
    (rows.RECLAIM, _score_reclaim),
    (rows.RECLAIM_PASS, _score_reclaim),
    (rows.RAVEN_SWAP, _score_raven),
    (rows.RAVEN_PASS, _score_raven),
    (rows.MARCH, _score_first),
    (rows.RETREAT, _score_first),
    (rows.ABILITY, _score_first),
)
_SCORERS: dict[str, Callable[[View, int, Action], float]] = {row.name: score for row, score in _ROW_SCORERS}
