"""The Thrones game state (:class:`ThronesState`): who decides, legal actions and apply, tying
the phase modules together.

Each phase's rules live in their module (planning, raids, marches, battle, house_cards,
mustering, bidding, westeros, consolidate, scoring); this module only dispatches by phase and
runs the automatic steps between decisions (:meth:`ThronesState.advance`).
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from ravenry.core.protocol import JSON, Action, Decision, Event, Result
from ravenry.core.rng import Rng
from ravenry.games.thrones import battle, bidding, marches, mustering, planning, raids, westeros
from ravenry.games.thrones.consolidate import clear_board, consolidate_power
from ravenry.games.thrones.data import TURNS
from ravenry.games.thrones.scoring import REASON_NAMES, castles, check_instant_win, end_after_last_turn
from ravenry.games.thrones.state import (
    P_ABILITY,
    P_ACTION_END,
    P_BID,
    P_BIDS_DONE,
    P_BLADE,
    P_CARDS,
    P_CASUALTY,
    P_MARCH_CHOOSE,
    P_MARCH_MOVE,
    P_MARCH_NEXT,
    P_MUSTER,
    P_OVER,
    P_PLANNING,
    P_RAID,
    P_RAID_NEXT,
    P_RAVEN,
    P_RETREAT,
    P_RETREAT_LOSS,
    P_SUPPLY,
    P_SUPPORT,
    P_TIE,
    P_WESTEROS_NEXT,
    P_WILDLING_LOSS,
    P_WILDLING_REWARD,
    ThronesData,
)

THRONES_ACTION_FIELDS: Final[dict[str, list[tuple[str, str]]]] = {
    "place_order": [("area", "int"), ("order", "int")],
    "clear_order": [("area", "int")],
    "ready": [],
    "raven_swap": [("area", "int"), ("order", "int")],
    "raven_pass": [],
    "raid": [("area", "int"), ("target", "int?")],
    "march": [("area", "int")],
    "move": [("from", "int"), ("to", "int"), ("unit", "int")],
    "end_march": [("leave_power_token", "int")],
    "support": [("area", "int"), ("side", "int")],
    "house_card": [("card", "int")],
    "blade": [("use", "int")],
    "casualty": [("unit", "int")],
    "ability": [("target", "int?")],
    "ability_pass": [],
    "retreat": [("area", "int")],
    "destroy": [("area", "int"), ("unit", "int")],
    "muster": [("area", "int"), ("what", "int"), ("to", "int")],
    "end_muster": [],
    "bid": [("amount", "int")],
    "tie_pick": [("seat", "int")],
    "reclaim": [("card", "int")],
    "reclaim_pass": [],
    "wildling_loss": [("area", "int"), ("unit", "int")],
}

_SIMULTANEOUS: Final = (P_PLANNING, P_CARDS, P_BID)


@mypyc_attr(allow_interpreted_subclasses=True)
class ThronesState(ThronesData):
    """A game of Thrones in progress. Build one with ``ThronesGame.new_state``."""

    # -- who decides ----------------------------------------------------------------------------
    def decision(self) -> Decision:
        ph = self.phase
        if ph == P_OVER:
            return Decision(
                (), False, Result(tuple(self.winners), REASON_NAMES[self.winner_reason], self.scores())
            )
        if ph == P_PLANNING:
            return Decision(tuple(p for p in range(self.n) if not self.ready[p]), True)
        if ph == P_BID:
            return Decision(tuple(p for p in range(self.n) if self.bidding.bids[p] < 0), True)
        if ph == P_CARDS:
            ps: list[int] = []
            if self.battle.cards[0] < 0:
                ps.append(self.battle.attacker)
            if self.battle.cards[1] < 0:
                ps.append(self.battle.defender)
            return Decision(tuple(ps), True)
        return Decision((self.current,), False)

    def _deciders(self) -> tuple[int, ...]:
        return self.decision().players

    # -- legal actions ----------------------------------------------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        ph = self.phase
        if ph == P_OVER:
            return []
        if ph in _SIMULTANEOUS:
            if player not in self._deciders():
                return []
            if ph == P_PLANNING:
                return planning.legal_planning(self, player)
            if ph == P_BID:
                return bidding.legal_bid(self, player)
            return battle.legal_cards(self, player)
        if player != self.current:
            return []
        if ph == P_RAVEN:
            return planning.legal_raven(self, player)
        if ph == P_RAID:
            return raids.legal_raid(self, player)
        if ph == P_MARCH_CHOOSE:
            return marches.legal_choose(self, player)
        if ph == P_MARCH_MOVE:
            return marches.legal_move(self, player)
        if ph == P_SUPPORT:
            return battle.legal_support(self, player)
        if ph == P_BLADE:
            return battle.legal_blade(self, player)
        if ph == P_CASUALTY:
            return battle.legal_casualty(self, player)
        if ph == P_ABILITY:
            return battle.legal_ability(self, player)
        if ph == P_RETREAT:
            return battle.legal_retreat(self, player)
        if ph == P_RETREAT_LOSS:
            return battle.legal_retreat_loss(self, player)
        if ph == P_SUPPLY:
            return mustering.legal_supply(self, player)
        if ph == P_MUSTER:
            return mustering.legal_muster(self, player)
        if ph == P_TIE:
            return bidding.legal_tie(self, player)
        if ph == P_WILDLING_REWARD:
            return westeros.legal_reward(self, player)
        if ph == P_WILDLING_LOSS:
            return westeros.legal_loss(self, player)
        return []

    def explain_illegal(self, player: int, action: Action) -> str:
        from ravenry.games.thrones.state import PHASE_NAMES

        return f"{action[0]!r} is not legal now (phase: {PHASE_NAMES[self.phase]})"

    # -- apply ------------------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind: str = action[0]
        ph = self.phase
        if ph == P_PLANNING:
            planning.apply_planning(self, player, action, events)
            if self.phase != P_PLANNING:
                self.last_battle = []  # the orders are revealed: last round's battles are done
        elif ph == P_RAVEN:
            planning.apply_raven(self, player, action, events)
        elif ph == P_RAID:
            raids.apply_raid(self, player, action, events)
        elif ph == P_MARCH_CHOOSE:
            marches.apply_choose(self, player, action, events)
        elif ph == P_MARCH_MOVE:
            if kind == "move":
                if marches.apply_move(self, player, action, events):
                    check_instant_win(self, events)
            else:
                marches.apply_end(self, player, action, events)
                if check_instant_win(self, events):
                    return events
                if self.battle.area >= 0:
                    battle.start_battle(self, events)
                else:
                    self.phase = P_MARCH_NEXT
        elif ph == P_SUPPORT:
            battle.apply_support(self, player, action, events)
        elif ph == P_CARDS:
            battle.apply_card(self, player, action, events)
        elif ph == P_BLADE:
            battle.apply_blade(self, player, action, events)
        elif ph == P_CASUALTY:
            battle.apply_casualty(self, player, action, events)
        elif ph == P_ABILITY:
            battle.apply_ability(self, player, action, events)
        elif ph == P_RETREAT:
            battle.apply_retreat(self, player, action, events)
        elif ph == P_RETREAT_LOSS:
            battle.apply_retreat_loss(self, player, action, events)
        elif ph == P_SUPPLY:
            mustering.apply_supply(self, player, action, events)
        elif ph == P_MUSTER:
            mustering.apply_muster(self, player, action, events)
        elif ph == P_BID:
            bidding.apply_bid(self, player, action, events)
        elif ph == P_TIE:
            bidding.apply_tie(self, player, action, events)
        elif ph == P_WILDLING_REWARD:
            westeros.apply_reward(self, player, action, events)
        elif ph == P_WILDLING_LOSS:
            westeros.apply_loss(self, player, action, events)
        self.advance(events)
        return events

    def advance(self, events: list[Event]) -> None:
        """Run the automatic steps until someone must decide (or the game is over)."""
        while True:
            ph = self.phase
            if ph == P_RAID_NEXT:
                raids.next_raid(self)
            elif ph == P_MARCH_NEXT:
                if check_instant_win(self, events):
                    return
                marches.next_march(self)
            elif ph == P_ACTION_END:
                consolidate_power(self, events)
                clear_board(self)
                if self.turn >= TURNS:
                    end_after_last_turn(self, events)
                    return
                westeros.start_westeros(self, events)
            elif ph == P_WESTEROS_NEXT:
                # Units destroyed by a Supply card or the wildlings can hand a home area back to
                # its house (its printed shield): a 7th castle wins at once here too.
                if check_instant_win(self, events):
                    return
                westeros.next_card(self, events)
            elif ph == P_BIDS_DONE:
                westeros.after_bids(self, events)
            else:
                return

    # -- the rest of the protocol -------------------------------------------------------------------
    def _observe(self, viewer: int | None, static: bool = True) -> dict[str, JSON]:
        from ravenry.games.thrones.views import observe

        return observe(self, viewer, static)

    def _sample_hidden(self, seat: int, rng: Rng) -> ThronesState:
        from ravenry.games.thrones.sampling import sample_thrones

        return sample_thrones(self, seat, rng)

    def clone(self) -> ThronesState:
        other = ThronesState.__new__(ThronesState)
        self._copy_into(other)
        return other

    def to_json(self, history: bool = True) -> dict[str, JSON]:
        out: dict[str, Any] = self.data_to_json()
        out["game"] = self.game.id
        out["config"] = self.config.to_json()
        out["history"] = [[p, self.game.action_to_json(a)] for p, a in self.history] if history else []
        return out

    def turn_number(self) -> int:
        return self.turn

    def scores(self) -> tuple[int, ...]:
        return tuple(castles(self))
