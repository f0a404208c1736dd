"""The catalogue of every kind of decision the `thrones` engine can ask a house for, and the
classifier that names the kind of one legal action in one state.

A *kind* is a phase (``PHASE_NAMES``) and what the action does there: ``planning:place_order``,
``march_move:attack``, ``card_ability:cersei``, ``mustering:ship``, ``bidding:nights_watch`` ...
It is read from the state and the action only (the engine's own fields), never from a view, so
the browser tests can say which kinds a person clicked and which no test reached. The unit test
``test_thrones_catalogue.py`` checks the catalogue against the engine: every
deciding phase and every action type of ``THRONES_ACTION_FIELDS`` is in it, and random games meet
no kind outside it.
"""

from __future__ import annotations

from typing import Any, Final

from ravenry.games.thrones import data
from ravenry.games.thrones.house_cards import ability
from ravenry.games.thrones.state import BID_WILDLINGS, PHASE_NAMES, SIDE_NONE

# kind -> what a person decides there (the report and the failure messages name kinds by it).
KINDS: Final[dict[str, str]] = {
    "planning:place_order": "place an order token in one of your areas",
    "planning:clear_order": "take back one of your face-down orders (to place it or another again)",
    "planning:ready": "say your orders are all placed",
    "messenger_raven:swap": "Messenger Raven: swap one of your placed orders",
    "messenger_raven:pass": "Messenger Raven: keep your orders",
    "raid:order": "resolve a Raid: remove an adjacent enemy order",
    "raid:second_order": "a starred Raid removes a second order",
    "raid:no_target": "remove a Raid order without raiding",
    "march_choose:march": "pick which March order to resolve",
    "march_move:land": "move a footman or knight into an empty or own land",
    "march_move:ship": "move a ship",
    "march_move:attack": "move a unit into an enemy or neutral area (a battle)",
    "march_move:end": "end the march, leaving no power token",
    "march_move:end_leave_token": "end the march, leaving a power token in the emptied area",
    "support:attacker": "pledge a supporting area to the attacker",
    "support:defender": "pledge a supporting area to the defender",
    "support:none": "give no support",
    "house_cards:card": "choose a house card for the battle (sealed)",
    "valyrian_steel_blade:use": "use the Valyrian Steel Blade (+1)",
    "valyrian_steel_blade:decline": "keep the Valyrian Steel Blade",
    "casualties:unit": "pick a casualty of the lost battle",
    "card_ability:luwin": "Maester Luwin: take a discarded house card back",
    "card_ability:cersei": "Cersei Lannister: remove one of the loser's orders",
    "card_ability:renly": "Renly Baratheon: upgrade a footman in the battle to a knight",
    "card_ability:melisandre": "Melisandre: pay 1 power, discard a card of the loser's hand",
    "card_ability:asha": "Asha Greyjoy: remove an adjacent Support or Consolidate Power order",
    "card_ability:pass": "do not use the winning card's ability",
    "retreat:area": "pick the area the defeated defender retreats to",
    "retreat_losses:destroy": "destroy a retreated unit that breaks the supply limit",
    "supply:destroy": "destroy a unit to fit the new supply limit",
    "mustering:footman": "muster a footman in a castle or stronghold",
    "mustering:knight": "muster a knight",
    "mustering:ship": "muster a ship into an adjacent sea",
    "mustering:upgrade": "upgrade a footman to a knight",
    "mustering:end": "end mustering",
    "bidding:iron_throne": "Clash of Kings: bid for the Iron Throne track (sealed)",
    "bidding:fiefdoms": "Clash of Kings: bid for the Fiefdoms track (sealed)",
    "bidding:kings_court": "Clash of Kings: bid for the King's Court track (sealed)",
    "bidding:nights_watch": "Wildling attack: bid for the Night's Watch (sealed)",
    "tie:track": "Iron Throne: order houses tied on a track bid",
    "tie:wildlings": "Iron Throne: pick the top or lowest of tied Night's Watch bidders",
    "wildling_reward:reclaim": "the Night's Watch's top bidder takes a discarded house card back",
    "wildling_reward:pass": "the top bidder takes no card back",
    "wildling_losses:unit": "remove a unit for the wildlings' victory",
}

_ABILITY_KIND: Final = {
    data.A_LUWIN: "luwin",
    data.A_CERSEI: "cersei",
    data.A_RENLY: "renly",
    data.A_MELISANDRE: "melisandre",
    data.A_ASHA: "asha",
}
_MUSTER_KIND: Final = {
    data.FOOTMAN: "footman",
    data.KNIGHT: "knight",
    data.SHIP: "ship",
    data.UPGRADE: "upgrade",
}
_BID_KIND: Final = {**dict(enumerate(data.TRACK_NAMES)), BID_WILDLINGS: "nights_watch"}


def kind_of(state: Any, seat: int, action: tuple[Any, ...]) -> str:
    """The kind of ``action``, legal for ``seat`` in ``state`` (a ThronesState)."""
    phase = PHASE_NAMES[state.phase]
    t = action[0]
    if t in ("place_order", "clear_order", "ready"):
        return f"planning:{t}"
    if t in ("raven_swap", "raven_pass"):
        return "messenger_raven:" + ("swap" if t == "raven_swap" else "pass")
    if t == "raid":
        if action[2] < 0:
            return "raid:no_target"
        return "raid:second_order" if state.raid.area >= 0 else "raid:order"
    if t == "march":
        return "march_choose:march"
    if t == "move":
        to, unit = action[2], action[3]
        if (
            (state.owner[to] >= 0 and state.owner[to] != seat)
            or state.neutral[to] > 0
            or to == state.battle.area
        ):
            return "march_move:attack"
        return "march_move:ship" if unit == data.SHIP else "march_move:land"
    if t == "end_march":
        return "march_move:end_leave_token" if action[1] else "march_move:end"
    if t == "support":
        return "support:" + ("attacker", "defender", "none")[action[2]] if action[2] <= SIDE_NONE else "?"
    if t == "house_card":
        return "house_cards:card"
    if t == "blade":
        return "valyrian_steel_blade:" + ("use" if action[1] else "decline")
    if t == "casualty":
        return "casualties:unit"
    if t == "ability":
        side = 0 if state.battle.winner == state.battle.attacker else 1
        return "card_ability:" + _ABILITY_KIND.get(ability(state, side), "?")
    if t == "ability_pass":
        return "card_ability:pass"
    if t == "retreat":
        return "retreat:area"
    if t == "destroy":
        return f"{phase}:destroy"  # retreat_losses or supply
    if t == "muster":
        return "mustering:" + _MUSTER_KIND[action[2]]
    if t == "end_muster":
        return "mustering:end"
    if t == "bid":
        return "bidding:" + _BID_KIND[state.bidding.context]
    if t == "tie_pick":
        return "tie:" + ("wildlings" if state.bidding.context == BID_WILDLINGS else "track")
    if t in ("reclaim", "reclaim_pass"):
        return "wildling_reward:" + ("reclaim" if t == "reclaim" else "pass")
    if t == "wildling_loss":
        return "wildling_losses:unit"
    return f"{phase}:{t}"  # not in the catalogue: the unit test names it


def kinds_now(state: Any) -> dict[str, list[tuple[int, tuple[Any, ...]]]]:
    """Every kind some deciding seat could choose now, with the (seat, action)s of that kind."""
    out: dict[str, list[tuple[int, tuple[Any, ...]]]] = {}
    for seat in state.decision().players:
        for a in state.legal_actions(seat):
            out.setdefault(kind_of(state, seat, a), []).append((seat, a))
    return out
