"""Battles: support, house cards, the Valyrian Steel Blade, the result, casualties, retreats.

A battle starts when a march ends with units attacking (``s.battle.attacking``, from
``s.battle.origin`` into ``s.battle.area``; the record is ``battle_state.BattleState``). Its steps
(``s.battle.step``) run in the rulebook's order; each that needs a choice sets a phase and waits:
``support`` (one pledge per supporting area, in order of play), ``house_card`` (both sides at
once, sealed), ``blade``, ``casualty`` (one unit at a time), ``ability`` (the winner's card),
``retreat`` (the losing defender's area; retreated units that break supply wait in
``s.retreat``). Attacks on neutral forces take support only and compare the marching strength
with the force. When the battle is over the phase goes back to the marches.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event
from ravenry.games.thrones.battle_tally import PART_NAMES, BattleTally
from ravenry.games.thrones.data import (
    ADJACENT,
    AREA_IS_SEA,
    DEFENSE,
    FIEFDOMS,
    FOOTMAN,
    HOUSE_CARDS,
    KNIGHT,
    ORDER_BONUS,
    ORDER_TYPE,
    SHIP,
    SUPPORT,
    UNIT_NAMES,
    UNIT_STRENGTH,
    W_RAINS_OF_AUTUMN,
)
from ravenry.games.thrones.house_cards import (
    automatic_win_ability,
    defense_multiplier,
    discard_played,
    fortifications,
    immediate,
    printed_strength,
    ships_support_zeroed,
    side_seat,
    swords,
    unit_strength,
    win_ability_actions,
)
from ravenry.games.thrones.map import ADJ_SEA, land_destinations
from ravenry.games.thrones.state import (
    P_ABILITY,
    P_BLADE,
    P_CARDS,
    P_CASUALTY,
    P_MARCH_NEXT,
    P_RETREAT,
    P_RETREAT_LOSS,
    P_SUPPORT,
    SIDE_ATTACKER,
    SIDE_DEFENDER,
    SIDE_NONE,
    ThronesData,
)
from ravenry.games.thrones.supply import fits_after, within_supply

STEP_SUPPORT = 0
STEP_CARDS = 1
STEP_BLADE = 2
STEP_RESULT = 3
STEP_CASUALTIES = 4
STEP_ABILITY = 5
STEP_RETREAT = 6
STEP_END = 7


def start_battle(s: ThronesData, events: list[Event]) -> None:
    s.battle.begin_steps()
    area = s.battle.area
    tally = BattleTally()
    tally.area = area
    tally.origin = s.battle.origin
    tally.attacker = s.battle.attacker
    tally.defender = s.battle.defender
    tally.neutral = s.battle.neutral
    s.last_battle = tally
    s.battle.support_queue = [b for _, b in supporters(s, area)]
    s.battle.step = STEP_SUPPORT
    events.append(
        Event(
            "battle",
            {
                "area": area,
                "attacker": s.battle.attacker,
                "defender": s.battle.defender,
                "neutral": s.battle.neutral,
                "from": s.battle.origin,
                "attacking": list(s.battle.attacking),
            },
        )
    )
    advance(s, events)


def support_strength(s: ThronesData, area: int, ships_count: bool = True) -> int:
    """What the Support order in ``area`` adds: its units that are not routed (no footmen under
    Rains of Autumn; no ships when ``ships_count`` is false, as Salladhor Saan makes them), and
    the order's bonus; an area with no such unit adds nothing, not even its bonus."""
    i = area * 3
    foot = s.units[i + FOOTMAN] - s.routed[i + FOOTMAN]
    knights = s.units[i + KNIGHT] - s.routed[i + KNIGHT]
    ships = s.units[i + SHIP] - s.routed[i + SHIP]
    if foot + knights + ships == 0:
        return 0
    if (s.restrictions >> W_RAINS_OF_AUTUMN) & 1:
        foot = 0
    if not ships_count:
        ships = 0
    units = foot * UNIT_STRENGTH[FOOTMAN] + knights * UNIT_STRENGTH[KNIGHT] + ships * UNIT_STRENGTH[SHIP]
    return units + ORDER_BONUS[s.order[area]]


def support_strength_raw(s: ThronesData, area: int) -> int:
    """What a supporting area would add, before house cards (routed units add nothing)."""
    return support_strength(s, area)


def supporters(s: ThronesData, area: int) -> list[tuple[int, int]]:
    """The Support orders that may join a battle in ``area``, in round order: (seat, area) of
    each next to it that would add something (land units never support a sea battle)."""
    out: list[tuple[int, int]] = []
    for seat in s.round_order:
        for b in ADJACENT[area]:
            if s.order_owner[b] != seat or s.order[b] < 0 or ORDER_TYPE[s.order[b]] != SUPPORT:
                continue
            if AREA_IS_SEA[area] and not AREA_IS_SEA[b]:
                continue
            if support_strength(s, b) > 0:
                out.append((seat, b))
    return out


def support_for(s: ThronesData, side: int, with_cards: bool = True) -> int:
    total = 0
    for b in ADJACENT[s.battle.area]:
        if s.battle.support[b] != side or s.order[b] < 0:
            continue  # a support order raided or removed meanwhile gives nothing
        if ORDER_TYPE[s.order[b]] != SUPPORT:
            continue
        zeroed = with_cards and s.battle.neutral == 0 and ships_support_zeroed(s, side, s.owner[b])
        total += support_strength(s, b, ships_count=not zeroed)
    return total


def strength(s: ThronesData, side: int) -> int:
    """Total combat strength of a side so far (cards and the blade included once chosen)."""
    return sum(strength_parts(s, side).values())


def strength_parts(s: ThronesData, side: int, with_cards: bool = True) -> dict[str, int]:
    """A side's strength by source: its units, its order (March or Defense bonus), support, its
    house card and the Valyrian Steel Blade. ``with_cards=False`` leaves out everything the house
    cards change (what anyone may see before both cards are revealed)."""
    units = 0
    order = 0
    if side == 0:
        for t in range(3):
            units += s.battle.attacking[t] * (unit_strength(s, 0, t) if with_cards else UNIT_STRENGTH[t])
        order = s.battle.march_bonus
    else:
        i = s.battle.area * 3
        for t in range(3):
            each = unit_strength(s, 1, t) if with_cards else UNIT_STRENGTH[t]
            units += (s.units[i + t] - s.routed[i + t]) * each
        k = s.order[s.battle.area]
        if k >= 0 and s.order_owner[s.battle.area] == s.battle.defender and ORDER_TYPE[k] == DEFENSE:
            order = ORDER_BONUS[k] * (defense_multiplier(s, 1) if with_cards else 1)
    return {
        "units": units,
        "order": order,
        "support": support_for(s, side, with_cards),
        "card": printed_strength(s, side) if with_cards else 0,
        "blade": 1 if s.battle.blade >= 0 and s.battle.blade == side_seat(s, side) else 0,
    }


# -- the steps ------------------------------------------------------------------------------------
def advance(s: ThronesData, events: list[Event]) -> None:
    """Run the battle's steps until one needs a choice or the battle is over."""
    while True:
        step = s.battle.step
        if step == STEP_SUPPORT:
            if s.battle.support_queue:
                s.current = s.owner[s.battle.support_queue[0]]
                s.phase = P_SUPPORT
                return
            if s.battle.neutral > 0:
                _resolve_neutral(s, events)
                return
            s.battle.step = STEP_CARDS
            s.phase = P_CARDS
            return
        if step == STEP_BLADE:
            holder = s.tracks[FIEFDOMS][0]
            s.battle.step = STEP_RESULT
            if not s.blade_used and holder in (s.battle.attacker, s.battle.defender):
                s.current = holder
                s.phase = P_BLADE
                return
        elif step == STEP_RESULT:
            _result(s, events)
        elif step == STEP_CASUALTIES:
            if s.battle.casualties > 0 and casualty_choices(s):
                s.current = s.battle.loser
                s.phase = P_CASUALTY
                return
            s.battle.casualties = 0
            s.battle.step = STEP_ABILITY
        elif step == STEP_ABILITY:
            s.battle.step = STEP_RETREAT
            automatic_win_ability(s, events)
            if win_ability_actions(s):
                s.current = s.battle.winner
                s.phase = P_ABILITY
                return
        elif step == STEP_RETREAT:
            if s.battle.loser == s.battle.attacker:
                s.battle.step = STEP_END
                if _attacker_returns(s, events):
                    return  # the attacker picks which returned units cannot fit its supply
            else:
                _destroy_routed_defenders(s, events)
                if s.owner[s.battle.area] != s.battle.defender:
                    s.battle.step = STEP_END
                elif not retreat_areas(s):
                    _destroy_all_defenders(s, events)
                    s.battle.step = STEP_END
                else:
                    s.current = s.battle.defender
                    s.phase = P_RETREAT
                    return
        else:
            _end(s, events)
            return


def _resolve_neutral(s: ThronesData, events: list[Event]) -> None:
    units = sum(s.battle.attacking[t] * UNIT_STRENGTH[t] for t in range(3))
    supported = support_for(s, 0)
    att = units + s.battle.march_bonus + supported
    area = s.battle.area
    tally = _tally(s)
    tally.parts[0] = units
    tally.parts[1] = s.battle.march_bonus
    tally.parts[2] = supported
    tally.winner = s.battle.attacker if att >= s.battle.neutral else -1
    tally.done = 1
    if att >= s.battle.neutral:
        s.neutral[area] = 0
        for t in range(3):
            if s.battle.attacking[t]:
                s.add_units(area, s.battle.attacker, t, s.battle.attacking[t])
        events.append(
            Event("neutral_force_defeated", {"area": area, "seat": s.battle.attacker, "strength": att})
        )
        _clear(s)
        return
    seat, origin, moved = s.battle.attacker, s.battle.origin, s.battle.attacking[:]
    tally.retreat = origin
    for t in range(3):
        if moved[t]:
            s.add_units(origin, seat, t, moved[t])
    events.append(Event("neutral_force_held", {"area": area, "seat": seat, "strength": att}))
    _clear(s)
    place_retreated(s, seat, origin, moved)


def legal_support(s: ThronesData, seat: int) -> list[Action]:
    b = s.battle.support_queue[0]
    if s.battle.neutral > 0:
        return [("support", b, SIDE_ATTACKER), ("support", b, SIDE_NONE)]
    return [("support", b, SIDE_ATTACKER), ("support", b, SIDE_DEFENDER), ("support", b, SIDE_NONE)]


def apply_support(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    b: int = action[1]
    side: int = action[2]
    s.battle.support[b] = side
    s.battle.support_queue.pop(0)
    events.append(Event("support", {"seat": seat, "area": b, "side": ("attacker", "defender", "none")[side]}))
    advance(s, events)


def legal_cards(s: ThronesData, seat: int) -> list[Action]:
    out: list[Action] = []
    for side in (0, 1):
        if side_seat(s, side) == seat and s.battle.cards[side] < 0:
            h = s.hand[seat]
            out.extend(("house_card", c) for c in range(7) if (h >> c) & 1)
    return out


def apply_card(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    side = 0 if seat == s.battle.attacker else 1
    c: int = action[1]
    s.battle.cards[side] = c
    events.append(Event("house_card_chosen", {"seat": seat}, {"card": c}, (seat,)))
    if s.battle.cards[0] >= 0 and s.battle.cards[1] >= 0:
        _reveal_cards(s, events)


def _reveal_cards(s: ThronesData, events: list[Event]) -> None:
    a, d = s.battle.attacker, s.battle.defender
    s.hand[a] &= ~(1 << s.battle.cards[0])
    s.hand[d] &= ~(1 << s.battle.cards[1])
    s.battle.cards_revealed = 1
    names = [
        HOUSE_CARDS[s.houses[a]][s.battle.cards[0]].name,
        HOUSE_CARDS[s.houses[d]][s.battle.cards[1]].name,
    ]
    events.append(Event("house_cards_revealed", {"attacker_card": names[0], "defender_card": names[1]}))
    _tally(s).cards = s.battle.cards[:]
    for side in (0, 1):
        before = _fighting(s)
        ended = immediate(s, side, events)
        after = _fighting(s)
        for i in range(6):
            _tally(s).lost[i] += before[i] - after[i]
        if ended:
            # Ser Loras killed the other side's last unit: the battle ends at once.
            s.battle.winner = side_seat(s, side)
            s.battle.loser = side_seat(s, 1 - side)
            _record_result(s)
            s.battle.step = STEP_END
            advance(s, events)
            return
    s.battle.step = STEP_BLADE
    advance(s, events)


def legal_blade(s: ThronesData, seat: int) -> list[Action]:
    return [("blade", 1), ("blade", 0)]


def apply_blade(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    if action[1] == 1:
        s.blade_used = 1
        s.battle.blade = seat
        events.append(Event("valyrian_steel_blade", {"seat": seat}))
    advance(s, events)


def _result(s: ThronesData, events: list[Event]) -> None:
    att = strength(s, 0)
    dfn = strength(s, 1)
    fief = s.tracks[FIEFDOMS]
    if att > dfn or (att == dfn and fief.index(s.battle.attacker) < fief.index(s.battle.defender)):
        win_side = 0
    else:
        win_side = 1
    s.battle.winner = side_seat(s, win_side)
    s.battle.loser = side_seat(s, 1 - win_side)
    s.battle.casualties = max(0, swords(s, win_side) - fortifications(s, 1 - win_side))
    _record_result(s)
    events.append(
        Event(
            "battle_result",
            {
                "attacker_strength": att,
                "defender_strength": dfn,
                "winner": s.battle.winner,
                "casualties": s.battle.casualties,
            },
        )
    )
    s.battle.step = STEP_CASUALTIES


def _fighting(s: ThronesData) -> list[int]:
    """The units in the battle by side and type: the attacking ones, the defending area's."""
    i = s.battle.area * 3
    return [*s.battle.attacking, s.units[i], s.units[i + 1], s.units[i + 2]]


def _record_result(s: ThronesData) -> None:
    tally = _tally(s)
    for side in (0, 1):
        parts = strength_parts(s, side)
        for k, name in enumerate(PART_NAMES):
            tally.parts[side * 5 + k] = parts[name]
    tally.winner = s.battle.winner
    tally.casualties = s.battle.casualties


def _count_loss(s: ThronesData, seat: int, unit: int, count: int = 1) -> None:
    side = 0 if seat == s.battle.attacker else 1
    _tally(s).lost[side * 3 + unit] += count


def casualty_pool(s: ThronesData) -> list[int]:
    """The loser's units by type it picks its casualties among (routed defenders are not)."""
    if s.battle.loser == s.battle.attacker:
        return s.battle.attacking[:]
    i = s.battle.area * 3
    return [s.units[i + t] - s.routed[i + t] for t in range(3)]


def casualty_choices(s: ThronesData) -> list[int]:
    if s.battle.loser == s.battle.attacker:
        return [t for t in range(3) if s.battle.attacking[t] > 0]
    i = s.battle.area * 3
    return [t for t in range(3) if s.units[i + t] - s.routed[i + t] > 0]


def legal_casualty(s: ThronesData, seat: int) -> list[Action]:
    return [("casualty", t) for t in casualty_choices(s)]


def apply_casualty(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    t: int = action[1]
    if s.battle.loser == s.battle.attacker:
        s.battle.attacking[t] -= 1
    else:
        s.remove_units(s.battle.area, t)
    _count_loss(s, seat, t)
    s.battle.casualties -= 1
    events.append(Event("casualty", {"seat": seat, "unit": UNIT_NAMES[t]}))
    advance(s, events)


def legal_ability(s: ThronesData, seat: int) -> list[Action]:
    return win_ability_actions(s)


def apply_ability(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    from ravenry.games.thrones.house_cards import apply_win_ability

    apply_win_ability(s, action, events)
    advance(s, events)


def _attacker_returns(s: ThronesData, events: list[Event]) -> bool:
    """A losing attacker's survivors go back, routed, to the area they came from; True if they
    break its supply there and it must now pick the ones destroyed."""
    seat, origin = s.battle.attacker, s.battle.origin
    moved = list(s.battle.attacking)
    s.battle.attacking = [0, 0, 0]
    if sum(moved) == 0:
        return False
    if s.owner[origin] not in (-1, seat):  # cannot happen: nobody else moved meanwhile
        return False
    _tally(s).retreat = origin
    for t in range(3):
        if moved[t]:
            s.add_units(origin, seat, t, moved[t], moved[t])
    events.append(
        Event("retreat", {"seat": seat, "to": origin, "units": [UNIT_NAMES[t] for t in range(3) if moved[t]]})
    )
    return place_retreated(s, seat, origin, moved)


def place_retreated(s: ThronesData, seat: int, area: int, moved: list[int]) -> bool:
    """Units of ``seat`` (by type: ``moved``) have just retreated or returned into ``area``. The
    rulebook: "You may never retreat a unit into an area so that you thereby exceed your Supply
    limit. If necessary, retreat the units allowed within your Supply limits, and destroy the
    remaining units" -- the house chooses which, one at a time (P_RETREAT_LOSS). True if it must."""
    if within_supply(s, seat):
        return False
    s.retreat.area = area
    s.retreat.units = moved[:]
    s.current = seat
    s.phase = P_RETREAT_LOSS
    return True


def legal_retreat_loss(s: ThronesData, seat: int) -> list[Action]:
    a = s.retreat.area
    return [("destroy", a, t) for t in range(3) if s.retreat.units[t] > 0 and s.units[a * 3 + t] > 0]


def apply_retreat_loss(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    """Destroy one of the retreated units; when the rest fit, the battle (or the march) goes on."""
    a: int = action[1]
    t: int = action[2]
    i = a * 3 + t
    if s.battle.area >= 0 and s.routed[i] > 0:
        s.routed[i] -= 1  # a retreated unit is a routed one: take that one, not a standing unit
    s.remove_units(a, t)
    if s.battle.area >= 0:
        _count_loss(s, seat, t)
    elif s.last_battle is not None:
        s.last_battle.lost[t] += 1  # the attacker's, back from a neutral force that held
    s.retreat.units[t] -= 1
    events.append(Event("retreat_destroyed", {"seat": seat, "area": a, "unit": UNIT_NAMES[t]}))
    if not within_supply(s, seat) and legal_retreat_loss(s, seat):
        return
    s.retreat.area = -1
    s.retreat.units = [0, 0, 0]
    if s.battle.area >= 0:
        advance(s, events)  # battle.step is already STEP_END
    else:
        s.phase = P_MARCH_NEXT  # a march that failed against a neutral force


def _destroy_routed_defenders(s: ThronesData, events: list[Event]) -> None:
    """Routed units forced to retreat again are destroyed."""
    area = s.battle.area
    i = area * 3
    for t in range(3):
        r = s.routed[i + t]
        if r:
            s.remove_units(area, t, r)
            _count_loss(s, s.battle.defender, t, r)
            events.append(Event("routed_destroyed", {"area": area, "unit": UNIT_NAMES[t], "count": r}))


def _destroy_all_defenders(s: ThronesData, events: list[Event]) -> None:
    area = s.battle.area
    for t in range(3):
        c = s.units[area * 3 + t]
        if c:
            s.remove_units(area, t, c)
            _count_loss(s, s.battle.defender, t, c)
    _tally(s).no_retreat = 1
    events.append(Event("no_retreat", {"area": area, "seat": s.battle.defender}))


def retreat_areas(s: ThronesData) -> list[int]:
    """Where the losing defender's army may retreat: adjacent (or by ship), empty or its own,
    no enemy token or neutral force, not the attacker's area; areas where every unit fits the
    supply limit first, else any of them (the house then destroys those that cannot fit)."""
    seat, area = s.battle.defender, s.battle.area
    cands = list(ADJ_SEA[area]) if AREA_IS_SEA[area] else land_destinations(s.owner, s.units, seat, area)
    n = s.unit_count(area)
    ok: list[int] = []
    fitting: list[int] = []
    for b in cands:
        if b == s.battle.origin or s.neutral[b] > 0:
            continue
        if s.owner[b] not in (-1, seat):
            continue
        if s.token[b] not in (-1, seat):
            continue
        if s.owner[b] < 0 and s.token[b] < 0 and s.home[b] not in (-1, seat):
            continue  # an empty enemy home area is the enemy's
        ok.append(b)
        if fits_after(s, seat, area, b, n):
            fitting.append(b)
    return fitting or ok


def legal_retreat(s: ThronesData, seat: int) -> list[Action]:
    return [("retreat", b) for b in retreat_areas(s)]


def apply_retreat(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    b: int = action[1]
    area = s.battle.area
    moving = [s.units[area * 3 + t] for t in range(3)]
    for t in range(3):
        if moving[t]:
            s.remove_units(area, t, moving[t])
    for t in range(3):
        if moving[t]:
            s.add_units(b, seat, t, moving[t], moving[t])
    _tally(s).retreat = b
    events.append(
        Event("retreat", {"seat": seat, "to": b, "units": [UNIT_NAMES[t] for t in range(3) if moving[t]]})
    )
    s.battle.step = STEP_END
    if place_retreated(s, seat, b, moving):
        return
    advance(s, events)


def _end(s: ThronesData, events: list[Event]) -> None:
    area = s.battle.area
    if s.battle.winner == s.battle.attacker:
        # The defender is gone (destroyed or retreated): the attackers take the area.
        if s.owner[area] >= 0 and s.owner[area] != s.battle.attacker:
            for t in range(3):
                c = s.units[area * 3 + t]
                if c:
                    s.remove_units(area, t, c)
                    _count_loss(s, s.battle.defender, t, c)
        if s.order_owner[area] >= 0 and s.order_owner[area] != s.battle.attacker:
            s.order[area] = -1
            s.order_owner[area] = -1
        tok = s.token[area]
        if tok >= 0 and tok != s.battle.attacker and sum(s.battle.attacking) > 0:
            s.token[area] = -1
            s.pool[tok] += 1
        for t in range(3):
            if s.battle.attacking[t]:
                s.add_units(area, s.battle.attacker, t, s.battle.attacking[t])
        s.battle.attacking = [0, 0, 0]
    else:
        _attacker_returns(s, events)
    if s.battle.cards_revealed:
        discard_played(s, s.battle.attacker, s.battle.cards[0])
        discard_played(s, s.battle.defender, s.battle.cards[1])
    tally = _tally(s)
    tally.done = 1
    events.append(
        Event(
            "battle_over",
            {
                "area": area,
                "winner": s.battle.winner,
                "attacker": s.battle.attacker,
                "defender": s.battle.defender,
                "attacker_strength": tally.strength(0),
                "defender_strength": tally.strength(1),
            },
        )
    )
    _clear(s)


def _tally(s: ThronesData) -> BattleTally:
    """The tally of the battle in progress (begun by start_battle)."""
    tally = s.last_battle
    assert tally is not None, "a battle is in progress: start_battle began its tally"
    return tally


def _clear(s: ThronesData) -> None:
    s.battle.end()
    s.phase = P_MARCH_NEXT


def march_preview(s: ThronesData, seat: int, to: int, units: list[int]) -> dict[str, object]:
    """What a march into ``to`` would fight, as anyone may see it before the battle: the
    defender (-1: a neutral force), the defender's strength before cards and support (its units
    and Defense order, or the neutral force), the marcher's strength if ``units`` (by type) go
    there besides those already attacking it (March bonus included), and the support orders
    next to the area with what each could add. Read-only: for the marching house's view."""
    neutral = s.neutral[to]
    if neutral > 0:
        defender = -1
        defense = neutral
    else:
        defender = s.owner[to]
        i = to * 3
        defense = sum((s.units[i + t] - s.routed[i + t]) * UNIT_STRENGTH[t] for t in range(3))
        k = s.order[to]
        if k >= 0 and s.order_owner[to] == defender and ORDER_TYPE[k] == DEFENSE:
            defense += ORDER_BONUS[k]
    committed = s.battle.attacking if s.battle.area == to else [0, 0, 0]
    attack = sum((committed[t] + units[t]) * UNIT_STRENGTH[t] for t in range(3)) + s.battle.march_bonus
    joining = [{"area": b, "seat": q, "strength": support_strength(s, b)} for q, b in supporters(s, to)]
    return {
        "defender": defender,
        "neutral": neutral,
        "defender_strength": defense,
        "attacker_strength": attack,
        "supporters": joining,
    }
