"""The 35 house cards' abilities, one function each, and the hand/discard bookkeeping.

A battle has two sides, 0 (attacker) and 1 (defender); ``s.battle.cards[side]`` is the card index
(0-6) in that side's house's deck. An ability works unless the opponent's card is the Queen
of Thorns (which cancels the text of the card it faces). Modifiers are asked for by the battle
(:func:`unit_strength`, :func:`defense_bonus`, ...); the "if you win" abilities offer choices
through :func:`win_ability_actions` and resolve in :func:`apply_win_ability`.
"""

from __future__ import annotations

from ravenry.core.protocol import Action, Event
from ravenry.games.thrones.data import (
    A_ASHA,
    A_BALON,
    A_BRIENNE,
    A_CATELYN,
    A_CERSEI,
    A_JAIME,
    A_LORAS,
    A_LUWIN,
    A_MELISANDRE,
    A_QUEEN_OF_THORNS,
    A_RENLY,
    A_ROBB,
    A_SALLADHOR,
    A_VARGO,
    A_VICTARION,
    ADJACENT,
    CONSOLIDATE,
    DEFENSE,
    FOOTMAN,
    HOUSE_CARDS,
    KNIGHT,
    N_AREAS,
    NO_ABILITY,
    ORDER_TYPE,
    SHIP,
    SUPPORT,
    UNIT_LIMITS,
    UNIT_STRENGTH,
    HouseCard,
)
from ravenry.games.thrones.state import ThronesData


def side_seat(s: ThronesData, side: int) -> int:
    return s.battle.attacker if side == 0 else s.battle.defender


def card_of(s: ThronesData, side: int) -> HouseCard | None:
    c = s.battle.cards[side]
    if c < 0:
        return None
    return HOUSE_CARDS[s.houses[side_seat(s, side)]][c]


def ability(s: ThronesData, side: int) -> int:
    """The side's card ability in force: none if the opponent plays the Queen of Thorns."""
    card = card_of(s, side)
    if card is None or card.ability == NO_ABILITY:
        return NO_ABILITY
    other = card_of(s, 1 - side)
    if other is not None and other.ability == A_QUEEN_OF_THORNS and card.ability != A_QUEEN_OF_THORNS:
        return NO_ABILITY
    return card.ability


# -- modifiers -----------------------------------------------------------------------------------
def unit_strength(s: ThronesData, side: int, unit: int) -> int:
    """Robb Stark (knights +3), Vargo Hoat (footmen +2), Victarion Greyjoy (ships +2): only for
    the house's own units in the battle, and only when it attacks."""
    base = UNIT_STRENGTH[unit]
    if side != 0:
        return base
    ab = ability(s, 0)
    if (
        (ab == A_ROBB and unit == KNIGHT)
        or (ab == A_VARGO and unit == FOOTMAN)
        or (ab == A_VICTARION and unit == SHIP)
    ):
        return base + 1
    return base


def defense_multiplier(s: ThronesData, side: int) -> int:
    """Catelyn Stark doubles her house's Defense order bonus."""
    return 2 if ability(s, side) == A_CATELYN else 1


def printed_strength(s: ThronesData, side: int) -> int:
    """The card's strength; Balon Greyjoy makes the opponent's count 0."""
    card = card_of(s, side)
    if card is None:
        return 0
    if ability(s, 1 - side) == A_BALON:
        return 0
    return card.strength


def ships_support_zeroed(s: ThronesData, side: int, supporter: int) -> bool:
    """Salladhor Saan: ships of the opponent's house that support add 0 (only the opponent's:
    see the house-card assumption)."""
    return ability(s, 1 - side) == A_SALLADHOR and supporter == side_seat(s, side)


def swords(s: ThronesData, side: int) -> int:
    card = card_of(s, side)
    return 0 if card is None else card.swords


def fortifications(s: ThronesData, side: int) -> int:
    card = card_of(s, side)
    return 0 if card is None else card.fortifications


# -- immediate abilities --------------------------------------------------------------------------
def brienne(s: ThronesData, side: int, events: list[Event]) -> None:
    """Brienne of Tarth: the opponent's Defense order in the embattled area is discarded."""
    if side == 0 and s.order[s.battle.area] >= 0 and ORDER_TYPE[s.order[s.battle.area]] == DEFENSE:
        s.order[s.battle.area] = -1
        s.order_owner[s.battle.area] = -1
        events.append(Event("card_ability", {"card": "Brienne of Tarth", "removed_order": s.battle.area}))


def loras(s: ThronesData, side: int, events: list[Event]) -> bool:
    """Ser Loras Tyrell: one footman of ``side`` (Loras's opponent) in the battle is destroyed
    (an unrouted one if there is one). True if it was that side's last unit: the battle ends."""
    area = s.battle.area
    if side == 0:  # the opponent attacks: its footmen are in battle.attacking
        if s.battle.attacking[FOOTMAN] == 0:
            return False
        s.battle.attacking[FOOTMAN] -= 1
        events.append(Event("card_ability", {"card": "Ser Loras Tyrell", "destroyed": "footman"}))
        return s.battle.attacking[0] + s.battle.attacking[1] + s.battle.attacking[2] == 0
    if s.units[area * 3 + FOOTMAN] == 0:
        return False
    s.remove_units(area, FOOTMAN)
    events.append(Event("card_ability", {"card": "Ser Loras Tyrell", "destroyed": "footman"}))
    return s.owner[area] < 0


def immediate(s: ThronesData, side: int, events: list[Event]) -> bool:
    """The side's immediate ability; True if it ended the battle."""
    ab = ability(s, side)
    if ab == A_BRIENNE:
        brienne(s, side, events)
    elif ab == A_LORAS:
        return loras(s, 1 - side, events)
    return False


# -- "if you win" abilities ------------------------------------------------------------------------
def jaime(s: ThronesData, seat: int, events: list[Event]) -> None:
    gained = s.gain_power(seat, 2)
    events.append(Event("card_ability", {"card": "Ser Jaime Lannister", "seat": seat, "power": gained}))


def luwin_options(s: ThronesData, seat: int) -> list[int]:
    d = s.discard[seat]
    return [c for c in range(7) if (d >> c) & 1]


def cersei_options(s: ThronesData, loser: int) -> list[int]:
    return [a for a in range(N_AREAS) if s.order_owner[a] == loser and s.order[a] >= 0]


def renly_possible(s: ThronesData, winner_side: int, seat: int) -> bool:
    if s.total_units(seat, KNIGHT) >= UNIT_LIMITS[KNIGHT]:
        return False
    if winner_side == 0:
        return s.battle.attacking[FOOTMAN] > 0
    # a routed footman did not take part in the battle (it gives no strength)
    i = s.battle.area * 3 + FOOTMAN
    return s.units[i] - s.routed[i] > 0


def melisandre_options(s: ThronesData, seat: int, loser: int) -> list[int]:
    if s.power[seat] < 1:
        return []
    h = s.hand[loser]
    return [c for c in range(7) if (h >> c) & 1]


def asha_options(s: ThronesData) -> list[int]:
    return [
        b
        for b in ADJACENT[s.battle.area]
        if s.order[b] >= 0 and ORDER_TYPE[s.order[b]] in (SUPPORT, CONSOLIDATE)
    ]


def win_ability_actions(s: ThronesData) -> list[Action]:
    """The winner's choices for its card's "if you win" ability (empty: nothing to choose)."""
    side = 0 if s.battle.winner == s.battle.attacker else 1
    seat = s.battle.winner
    ab = ability(s, side)
    targets: list[int] = []
    if ab == A_LUWIN:
        targets = luwin_options(s, seat)
    elif ab == A_CERSEI:
        targets = cersei_options(s, s.battle.loser)
    elif ab == A_RENLY:
        targets = [-1] if renly_possible(s, side, seat) else []
    elif ab == A_MELISANDRE:
        targets = melisandre_options(s, seat, s.battle.loser)
    elif ab == A_ASHA:
        targets = asha_options(s)
    if not targets:
        return []
    return [*[("ability", t) for t in targets], ("ability_pass",)]


def apply_win_ability(s: ThronesData, action: Action, events: list[Event]) -> None:
    side = 0 if s.battle.winner == s.battle.attacker else 1
    seat = s.battle.winner
    ab = ability(s, side)
    card = card_of(s, side)
    name = "" if card is None else card.name
    if action[0] == "ability_pass":
        events.append(Event("card_ability_passed", {"card": name, "seat": seat}))
        return
    t: int = action[1]
    if ab == A_LUWIN:
        s.discard[seat] &= ~(1 << t)
        s.hand[seat] |= 1 << t
        events.append(Event("card_ability", {"card": name, "seat": seat, "returned": t}))
    elif ab in (A_CERSEI, A_ASHA):
        s.order[t] = -1
        s.order_owner[t] = -1
        events.append(Event("card_ability", {"card": name, "seat": seat, "removed_order": t}))
    elif ab == A_RENLY:
        if side == 0:
            s.battle.attacking[FOOTMAN] -= 1
            s.battle.attacking[KNIGHT] += 1
        else:
            s.units[s.battle.area * 3 + FOOTMAN] -= 1
            s.units[s.battle.area * 3 + KNIGHT] += 1
        events.append(Event("card_ability", {"card": name, "seat": seat, "upgraded": "footman"}))
    elif ab == A_MELISANDRE:
        s.pay_power(seat, 1)
        loser = s.battle.loser
        s.hand[loser] &= ~(1 << t)
        s.discard[loser] |= 1 << t
        refill_if_empty(s, loser, t)
        events.append(Event("card_ability", {"card": name, "seat": seat, "discarded": t, "from": loser}))


def automatic_win_ability(s: ThronesData, events: list[Event]) -> None:
    side = 0 if s.battle.winner == s.battle.attacker else 1
    if ability(s, side) == A_JAIME:
        jaime(s, s.battle.winner, events)


# -- hands ---------------------------------------------------------------------------------------
def discard_played(s: ThronesData, seat: int, card: int) -> None:
    """A played card goes to the discard pile, except the 7th: "After a player has played his 7th
    and last House Card in battle, instead of discarding this card, he takes all the 6 previously
    used cards back to his hand. His hand of House Cards is now full again" -- all seven."""
    if s.hand[seat] == 0:
        s.hand[seat] = s.discard[seat] | (1 << card)
        s.discard[seat] = 0
        return
    s.discard[seat] |= 1 << card


def refill_if_empty(s: ThronesData, seat: int, last: int) -> None:
    """A hand emptied by Melisandre's discard (not by playing a 7th card) takes back every
    discarded card but the one just discarded (see data.RULINGS); a card still in play stays out."""
    if s.hand[seat] == 0:
        s.hand[seat] = s.discard[seat] & ~(1 << last)
        s.discard[seat] = 1 << last
