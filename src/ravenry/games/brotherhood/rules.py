"""Brotherhood of the Watch's state: Catan's, holding three components with their own data —
the Wall (``state.watch``, ``wall.py``), the wildlings (``state.north``, ``wildlings.py``) and the
heroes (``state.heroes``, ``heroes.py``) — and calling them from Catan's named extension points.
Each component's fields are read where they live (``state.watch.sections``, ``state.north.gift``,
``state.heroes.hero``, ...): the state forwards none of them under a second name. The
components' rules take the state as an argument, named by a protocol of what they use of it
(``wildlings.WildlingsHost``, ``heroes.HeroesHost``): this module imports them, none of them
imports it.

What changes from ``got-catan`` (everything else is the Catan engine):
- set-up has a third round: one guard each on a wall section of the player's choice;
- the roll adds the d12 wildling die: production first, then the wildling advance;
- hexes blocked by wildlings don't produce;
- guards can be built (1 brick, 1 wool, 1 lumber) and give VP tokens at 3 and 5;
- building a settlement or keep, and taking Longest Road or Largest Patrol, reveal wildling tokens;
- ranger patrols may instead return a wildling from the Gift (and pay one resource of its hex);
  New Recruits places a free guard;
- 10 VP wins only at the end of your turn; 3 breaches or 8 wildlings in the Gift end the game
  at once, won by the most guards on the Wall.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from ravenry.core.protocol import JSON, Action, Decision, Event, Result
from ravenry.core.rng import Rng
from ravenry.games.brotherhood.data import (
    BREACHES_TO_END,
    CLANS,
    GIFT_WILDLINGS_TO_END,
    GUARD_COST,
    GUARDS_PER_PLAYER,
    SECTIONS,
    SETTLEMENT_TOKENS,
    SPACES_PER_SECTION,
    TOKENS_PER_KEEP,
    WILDLING_DIE_SIDES,
    WILDLING_TYPES,
)
from ravenry.games.brotherhood.heroes import HERO_ACTIONS, HERO_PHASES, Heroes
from ravenry.games.brotherhood.wall import Wall
from ravenry.games.brotherhood.wildlings import Wildlings, column_hexes
from ravenry.games.catan.data import KNIGHT, NEW_RECRUITS, RESOURCES, can_pay, cost_words
from ravenry.games.catan.rules import CATAN_ACTIONS, LARGEST_ARMY, ActionSpec, CatanState
from ravenry.games.catan.state import MAIN, OVER, CatanData, Part

SETUP_GUARD: Final = 20


class BrotherhoodState(CatanState):
    """Catan's state holding the three components of Brotherhood of the Watch."""

    watch: Wall  # the guards on the Wall
    north: Wildlings  # the wildlings and their tokens
    heroes: Heroes  # every player's hero and the display
    siege_tie: list[int]  # the players who share a siege win (a tie on every tie-breaker)

    # The undo option: a guard built may be taken back too (it draws nothing).
    UNDOABLE_TYPES: ClassVar[frozenset[str]] = CatanState.UNDOABLE_TYPES | {"build_guard"}
    VARIANT_PHASE_NAMES: ClassVar[dict[int, str]] = {SETUP_GUARD: "setup_guard", **HERO_PHASES}
    _PARTS: ClassVar[tuple[tuple[str, Callable[[dict[str, Any]], Part]], ...]] = (
        ("watch", Wall.from_json),
        ("north", Wildlings.from_json),
        ("heroes", Heroes.from_json),
    )

    _LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        *CatanData._LIST_FIELDS,
        "siege_tie",
    )

    # -- the end of a siege: the Wall decides who wins, the state ends the game -----------------------
    def siege_winners(self) -> tuple[int, ...]:
        """Who wins when the wildlings end the game: the most guards on the Wall (ties: see
        :meth:`Wall.siege_winners`)."""
        return self.watch.siege_winners([self.total_vp(p) for p in range(self.n)])

    def end_siege(self, reason: str, events: list[Event]) -> None:
        """The wildlings end the game at once (3 breaches, 8 in the Gift): won by
        :meth:`siege_winners`; a tie is kept in ``siege_tie`` (all of them win)."""
        if self.phase == OVER:
            return
        winners = self.siege_winners()
        self._finish(winners[0] if len(winners) == 1 else -1, reason, events)
        self.siege_tie = list(winners) if len(winners) > 1 else []

    # -- the heroes (``heroes.py``): the state passes their actions and phases on ------------------
    def _hero_action(self, p: int, a: Action) -> list[Event]:
        """Every hero action: the heroes' own handler does it."""
        return HERO_ACTIONS[a[0]][0](self.heroes, self, p, a)

    def start_setup_phase(self) -> list[Event]:
        events = super().start_setup_phase()
        self.heroes.deal_starting_heroes(self.n, self.first_player)
        return events

    def decision(self) -> Decision:
        if self.phase in HERO_PHASES:
            return Decision((self.heroes.hero_actor,))
        return super().decision()

    def _legal_actions(self, player: int) -> list[Action]:
        if self.phase in HERO_PHASES:
            return self.heroes.phase_actions(self, player)
        return super()._legal_actions(player)

    def _build_guard(self, p: int, a: Action) -> list[Event]:
        self._pay(p, GUARD_COST)
        events: list[Event] = []
        self.watch.add_guard(p, a[1], self.public_vp, events, "built")
        return events

    def _place_setup_guard(self, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        self.watch.add_guard(p, a[1], self.public_vp, events, "set-up")
        self._advance_setup()
        return events

    # -- set-up -----------------------------------------------------------------------------------
    def prepare_variant(self) -> None:
        self.watch = Wall.new(self.n)
        self.north = Wildlings.new(
            self.n,
            self.board.topo.n_hexes,
            self.rules.max_cities,
            SETTLEMENT_TOKENS,
            TOKENS_PER_KEEP,
            self.rng,
        )
        self.siege_tie = []
        self.heroes = Heroes.new(self.n, self.first_player)

    def setup_plan(self) -> list[tuple[int, int]]:
        plan = super().setup_plan()
        order = [(self.first_player + i) % self.n for i in range(self.n)]
        return plan + [(p, SETUP_GUARD) for p in order]

    def _variant_phase_actions(self, p: int) -> list[Action]:
        if self.phase == SETUP_GUARD:
            return self.watch.guard_actions(p, "place_guard")
        return super()._variant_phase_actions(p)

    # -- the turn ---------------------------------------------------------------------------------
    def _roll_extra_dice(self, events: list[Event]) -> None:
        face = self.rng.die(WILDLING_DIE_SIDES)
        self.north.wildling_die = face
        events.append(Event("wildling_die", {"face": face}))

    def _after_production(self, events: list[Event]) -> None:
        self.north.advance(self, self.north.wildling_die, events)
        self.heroes.after_production(self)

    def _after_income(self, gains: list[list[int]], events: list[Event]) -> None:
        self.heroes.after_income(self, gains)

    def hex_produces(self, h: int) -> bool:
        return h != self.robber and not self.north.gift[h]

    def _add_variant_actions(self, p: int, actions: list[Action]) -> None:
        if not self.dev_played:  # Brotherhood's own plays of development cards
            dev = self.dev_hands[p]
            new = self.dev_bought_this_turn[p]
            if dev[KNIGHT] > new[KNIGHT]:
                gift = self.north.gift
                actions.extend(("patrol_wildling", h) for h in range(len(gift)) if gift[h])
            if dev[NEW_RECRUITS] > new[NEW_RECRUITS]:
                actions.extend(self.watch.guard_actions(p, "play_new_recruits"))
        if self.phase == MAIN and can_pay(self.hands[p], GUARD_COST):
            actions.extend(self.watch.guard_actions(p, "build_guard"))
        self.heroes.add_actions(self, p, actions)

    def explain_illegal(self, player: int, action: Action) -> str:
        kind = action[0]
        if kind in ("build_guard", "place_guard", "play_new_recruits"):
            section = action[1] if len(action) == 2 else None
            if kind == "build_guard" and self.phase != MAIN:
                return "guards are built after the production roll"
            if kind == "place_guard" and self.phase != SETUP_GUARD:
                return "place_guard is set-up's third round; build_guard during play"
            if not self.watch.guards_left[player]:
                return f"all {GUARDS_PER_PLAYER} of your guards are on the Wall"
            if not isinstance(section, int) or not 0 <= section < SECTIONS:
                return f"a wall section is 0-{SECTIONS - 1} (west to east)"
            if section not in self.watch.open_sections():
                return f"that wall section is full ({SPACES_PER_SECTION} guards)"
            if kind == "build_guard" and not can_pay(self.hands[player], GUARD_COST):
                return f"a guard costs {cost_words(GUARD_COST)}"
            if kind == "play_new_recruits":
                return "you hold no New Recruits card you may play now (one development card a turn)"
        if kind == "patrol_wildling":
            return "a ranger patrol you may play now can return a wildling only from a Gift hex that has one"
        return self.heroes.explain_illegal(self, player, action) or super().explain_illegal(player, action)

    def _patrol_wildling(self, p: int, a: Action) -> list[Event]:
        """Ranger patrol, option 2: a wildling in the Gift goes back to the Frostfangs and you
        take one resource of that hex's type from the supply."""
        h = a[1]
        events: list[Event] = []
        self._use_dev(p, KNIGHT, events, option="return_wildling", hex=h)
        self.knights_played[p] += 1
        self.north.return_from_gift(h)
        r = self.board.hex_resource[h]
        if r >= 0 and self.bank[r]:
            self.bank[r] -= 1
            self.hands[p][r] += 1
            events.append(Event("wildling_returned", {"player": p, "hex": h, "resource": RESOURCES[r]}))
        else:
            events.append(Event("wildling_returned", {"player": p, "hex": h, "resource": None}))
        self._settle_special_card(LARGEST_ARMY, events)
        return events

    def _play_new_recruits(self, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        self._use_dev(p, NEW_RECRUITS, events)
        self.watch.add_guard(p, a[1], self.public_vp, events, "new recruits")
        return events

    def _on_gain(self, p: int, gain: str, events: list[Event]) -> None:
        self.north.release(self, p, gain, events)

    def _keeps_undo(self, events: list[Event]) -> bool:
        # A settlement, a keep, or Longest Road taken turns up wildling tokens: seen, and drawn
        # from a pile whose order is hidden, so that build may not be taken back.
        for event in events:
            if event.type in ("token_revealed", "tokens_remixed"):
                return False
        return super()._keeps_undo(events)

    # -- the end ------------------------------------------------------------------------------------
    def result(self) -> Result | None:
        base = super().result()
        if base is None or not self.siege_tie:
            return base
        return Result(tuple(self.siege_tie), base.reason, base.scores)

    def refresh_variant_vp(self) -> None:
        for p in range(self.n):
            self.public_vp[p] += self.watch.vp_recount(p)

    # -- JSON and views -------------------------------------------------------------------------------
    def _sample_hidden(self, seat: int, rng: Rng) -> BrotherhoodState:
        from ravenry.games.brotherhood.sampling import redraw_hidden

        sample = self.clone()
        assert isinstance(sample, BrotherhoodState)  # a clone is of its state's own class
        redraw_hidden(sample, sample.heroes, sample.north, seat, rng)
        return sample

    def extend_view(self, view: dict[str, JSON], viewer: int | None) -> None:
        north = self.north
        view["wall"] = [list(section) for section in self.watch.sections]
        view["camps"] = {CLANS[c]: [WILDLING_TYPES[k] for k in camp] for c, camp in enumerate(north.camps)}
        view["clearings"] = [[WILDLING_TYPES[k] for k in c] for c in north.clearings]
        view["gift_wildlings"] = {
            str(h): [WILDLING_TYPES[k] for k in ws] for h, ws in enumerate(north.gift) if ws
        }
        view["columns"] = [list(column_hexes(self.board, s)) for s in range(SECTIONS)]
        view["breaches"] = north.breaches
        view["wildling_die"] = north.wildling_die or None
        view["token_pool_size"] = len(north.token_pool)
        # The game's end conditions, for the page's counters (it keeps no copy of the rules).
        view["gift_wildlings_to_end"] = GIFT_WILDLINGS_TO_END
        view["breaches_to_end"] = BREACHES_TO_END
        view["tokens_used"] = [[CLANS[t // 3], WILDLING_TYPES[t % 3]] for t in north.tokens_used]
        for info in view["players"]:
            p = info["seat"]
            info["guards_left"] = self.watch.guards_left[p]
            info["guards_on_wall"] = self.watch.guards_on_wall(p)
            info["wildling_tokens_on_card"] = len(north.settlement_tokens[p]) + len(north.keep_tokens[p])
        self.heroes.view(self, view, viewer)


# Catan's actions and brotherhood's own: type → (method, codec fields), as CATAN_ACTIONS. Every
# hero action goes through _hero_action to the heroes' own handler (heroes.HERO_ACTIONS).
BROTHERHOOD_ACTIONS: Final[dict[str, ActionSpec]] = {
    **CATAN_ACTIONS,
    "place_guard": (BrotherhoodState._place_setup_guard, [("section", "int")]),
    "build_guard": (BrotherhoodState._build_guard, [("section", "int")]),
    "patrol_wildling": (BrotherhoodState._patrol_wildling, [("hex", "int")]),
    "play_new_recruits": (BrotherhoodState._play_new_recruits, [("section", "int")]),
    **{kind: (BrotherhoodState._hero_action, fields) for kind, (_, fields) in HERO_ACTIONS.items()},
}
BrotherhoodState.ACTIONS = BROTHERHOOD_ACTIONS
BrotherhoodState._HANDLERS = {kind: handler for kind, (handler, _) in BROTHERHOOD_ACTIONS.items()}
