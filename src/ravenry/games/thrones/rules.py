"""The Thrones game state (:class:`ThronesState`): who decides, legal actions and apply, tying
the phase modules together.

Each phase's rules live in their module (planning, raids, marches, battle, house_cards,
mustering, bidding, westeros, consolidate, scoring). This module holds the phase table
(``PHASES``: for each phase that waits for a decision, its legal actions, how one applies, the
kinds of action it takes, read from the table of actions in ``actions.py``, and the rule it asks,
which a refusal names), dispatches through it, and runs the automatic steps between decisions
(:meth:`ThronesState.advance`). A new phase that waits for a decision is one more row of the
table; a new action, one more row of ``actions.THRONES_ACTIONS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ravenry.core.protocol import JSON, Action, Decision, Event, Result
from ravenry.core.rng import Rng
from ravenry.games.thrones import battle, bidding, marches, mustering, planning, raids, westeros
from ravenry.games.thrones.actions import THRONES_ACTIONS, kinds_of
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
    PHASE_NAMES,
    ThronesData,
)

# The codec's fields, from the one table of actions (actions.THRONES_ACTIONS).
THRONES_ACTION_FIELDS: Final[dict[str, list[tuple[str, str]]]] = {
    row.name: row.codec_fields() for row in THRONES_ACTIONS
}

LegalFn = Callable[[ThronesData, int], list[Action]]
ApplyFn = Callable[[ThronesData, int, Action, list[Event]], None]


class Phase:
    """One phase that waits for a decision: its legal actions, how one applies, and what it asks
    (the rule a refusal names)."""

    def __init__(
        self,
        legal: LegalFn,
        apply: ApplyFn,
        kinds: tuple[str, ...],
        rule: str,
        simultaneous: bool = False,
    ) -> None:
        self.legal = legal
        self.apply = apply
        self.kinds = kinds  # the kinds of action it takes (the table's rows for the phase)
        self.rule = rule
        self.simultaneous = simultaneous  # every listed seat decides at once, sealed


def _apply_planning(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    planning.apply_planning(s, seat, action, events)
    if s.phase != P_PLANNING:
        s.last_battle = None  # the orders are revealed: last round's battles are done


def _apply_march_move(s: ThronesData, seat: int, action: Action, events: list[Event]) -> None:
    if action[0] == "move":
        if marches.apply_move(s, seat, action, events):
            check_instant_win(s, events)
        return
    marches.apply_end(s, seat, action, events)
    if check_instant_win(s, events):
        return
    if s.battle.area >= 0:
        battle.start_battle(s, events)
    else:
        s.phase = P_MARCH_NEXT


def _phase_table() -> tuple[Phase | None, ...]:
    table: list[Phase | None] = [None] * len(PHASE_NAMES)  # None: over, or automatic
    table[P_PLANNING] = Phase(
        planning.legal_planning,
        _apply_planning,
        kinds_of(P_PLANNING),
        "every house places an order face down in each area with its units, then says ready",
        simultaneous=True,
    )
    table[P_RAVEN] = Phase(
        planning.legal_raven,
        planning.apply_raven,
        kinds_of(P_RAVEN),
        "the Messenger Raven's holder may swap one of its orders for an unused one",
    )
    table[P_RAID] = Phase(
        raids.legal_raid,
        raids.apply_raid,
        kinds_of(P_RAID),
        "the current house resolves one of its Raid orders, against an adjacent order it may remove",
    )
    table[P_MARCH_CHOOSE] = Phase(
        marches.legal_choose,
        marches.apply_choose,
        kinds_of(P_MARCH_CHOOSE),
        "the current house picks one of its March orders to resolve",
    )
    table[P_MARCH_MOVE] = Phase(
        marches.legal_move,
        _apply_march_move,
        kinds_of(P_MARCH_MOVE),
        "the marching house moves units out of the March order's area one at a time "
        "(within supply, one battle at most), then ends the march",
    )
    table[P_SUPPORT] = Phase(
        battle.legal_support,
        battle.apply_support,
        kinds_of(P_SUPPORT),
        "the owner of the next Support order next to the battle pledges it to a side, or to none",
    )
    table[P_CARDS] = Phase(
        battle.legal_cards,
        battle.apply_card,
        kinds_of(P_CARDS),
        "attacker and defender each choose a house card from their hand, sealed",
        simultaneous=True,
    )
    table[P_BLADE] = Phase(
        battle.legal_blade,
        battle.apply_blade,
        kinds_of(P_BLADE),
        "the Valyrian Steel Blade's holder, fighting, may add +1 once a round",
    )
    table[P_CASUALTY] = Phase(
        battle.legal_casualty,
        battle.apply_casualty,
        kinds_of(P_CASUALTY),
        "the loser destroys one of its fighting units per casualty owed",
    )
    table[P_ABILITY] = Phase(
        battle.legal_ability,
        battle.apply_ability,
        kinds_of(P_ABILITY),
        "the winner uses its house card's ability on one of the targets it allows, or passes",
    )
    table[P_RETREAT] = Phase(
        battle.legal_retreat,
        battle.apply_retreat,
        kinds_of(P_RETREAT),
        "the losing defender retreats to an adjacent area it may enter",
    )
    table[P_RETREAT_LOSS] = Phase(
        battle.legal_retreat_loss,
        battle.apply_retreat_loss,
        kinds_of(P_RETREAT_LOSS),
        "the retreating house destroys retreated units until the rest fit its supply",
    )
    table[P_SUPPLY] = Phase(
        mustering.legal_supply,
        mustering.apply_supply,
        kinds_of(P_SUPPLY),
        "a house over its supply limit destroys units in its armies until they fit",
    )
    table[P_MUSTER] = Phase(
        mustering.legal_muster,
        mustering.apply_muster,
        kinds_of(P_MUSTER),
        "the mustering house spends the points of its castles and strongholds, within supply",
    )
    table[P_BID] = Phase(
        bidding.legal_bid,
        bidding.apply_bid,
        kinds_of(P_BID),
        "every house bids some of its available power, sealed",
        simultaneous=True,
    )
    table[P_TIE] = Phase(
        bidding.legal_tie,
        bidding.apply_tie,
        kinds_of(P_TIE),
        "the Iron Throne's holder places the next of the tied bidders",
    )
    table[P_WILDLING_REWARD] = Phase(
        westeros.legal_reward,
        westeros.apply_reward,
        kinds_of(P_WILDLING_REWARD),
        "the Night's Watch's top bidder may take one discarded house card back",
    )
    table[P_WILDLING_LOSS] = Phase(
        westeros.legal_loss,
        westeros.apply_loss,
        kinds_of(P_WILDLING_LOSS),
        "a house removes units for the wildlings' victory, knights counting two",
    )
    return tuple(table)


# phase → what it waits for (None: the game is over, or an automatic step ``advance`` runs)
PHASES: Final = _phase_table()


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
        kept = self._kept_legal
        if kept is not None:
            legal = kept[player]
            if legal is not None:
                return legal
        ph = self.phase
        entry = PHASES[ph]
        if entry is None:  # over (the automatic phases never wait for anyone)
            return []
        if entry.simultaneous:
            if player not in self._deciders():
                return []
        elif player != self.current:
            return []
        legal = entry.legal(self, player)
        if ph in (P_PLANNING, P_BID):
            # Kept for the seat through the other seats' sealed answers (see _apply): an RL
            # environment asks every bot before it applies their answers.
            if kept is None:
                kept = self._kept_legal = [None] * self.n
            kept[player] = legal
        return legal

    def forget_legal_actions(self) -> None:
        super().forget_legal_actions()
        self._kept_legal = None

    def _answer_is_sealed(self, player: int, action: Action) -> bool:
        """Whether applying ``action`` changes ``player``'s own legal actions alone: an order
        placed or taken back, a house ready or a bid while another house is still to answer (the
        last one reveals them all). What the other seats may do while planning reads only their
        own orders and readiness, the board, the tracks and the restrictions; while bidding
        their own bid and power."""
        ph = self.phase
        if ph == P_PLANNING:
            if action[0] != "ready":
                return True
            return sum(1 for p in range(self.n) if not self.ready[p]) > 1
        if ph == P_BID:
            return sum(1 for p in range(self.n) if self.bidding.bids[p] < 0) > 1
        return False

    def explain_illegal(self, player: int, action: Action) -> str:
        """The rule a deciding seat's action breaks: the kinds of action the phase takes, or what
        it asks. Only public facts (the phase), never a sealed choice. (A seat that is not
        deciding is refused before this, by the protocol.)"""
        name = PHASE_NAMES[self.phase]
        entry = PHASES[self.phase]
        kind = action[0]
        if entry is None:
            return f"{kind!r} is not legal now (phase: {name}): nobody decides"
        if kind not in entry.kinds:
            takes = ", ".join(repr(k) for k in entry.kinds)
            return f"{kind!r} is not legal now (phase: {name}): this phase takes {takes}; {entry.rule}"
        return f"{kind!r} is not legal now (phase: {name}): not a choice this rule allows: {entry.rule}"

    # -- apply ------------------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        kept = self._kept_legal
        if kept is not None:
            if self._answer_is_sealed(player, action):
                kept[player] = None
            else:
                self._kept_legal = None
        events: list[Event] = []
        entry = PHASES[self.phase]
        assert entry is not None  # apply() only gets here with a legal action
        entry.apply(self, player, action, events)
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
        from ravenry.games.thrones.sampling import redraw_hidden

        sample = self.clone()
        redraw_hidden(sample, seat, rng)
        return sample

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
