"""Heroes of the North: the 11 hero cards, when each may be used, and what it does.

Every player always has one hero. Using it (never on the turn you took it, once per turn, on
your own turn unless the card says otherwise — Samwell Tarly acts on any production roll) is one
action; then the after-use choice: on the A side flip it to B and keep it, or return it and take
another from the display; on the B side you must return it and take another. The hero you return
is not in the display while you choose, so you cannot take it straight back.

Readings of the card texts where the rulebook leaves a choice (ours, kept here):
- Jeor Mormont: every card you give back is of a different type than the one demanded (giving the
  same type back would be no trade); the two cards you give may be of one type. You may demand
  from any opponent holding resource cards (who holds which type is hidden, so the choice of
  players may not depend on it); one without the demanded type gives and gets nothing. Who
  handed a card over is public (the ``forced_trade`` event's ``exchanged``), and stays in the
  views until the after-use choice is made; the card given back is seen only by the two players.
- Samwell Tarly: offered to his owner after every production roll that is not a 7 and paid him
  nothing, on anyone's turn, before the roller may act; he may take a card or pass.
- Othell Yarwyck: the lifted road's ends count as connected through your own roads and buildings
  only (an opponent's building on the end neither connects nor cuts); it goes back onto any
  other path where a road could be built now; Longest Road is recounted at once.
- Ser Alliser Thorne: using him means building a guard with one resource substituted; the
  printed price alone is an ordinary ``build_guard``, not a use of the hero.
- Melisandre: the substitution is optional (choosing from the top 3 cards is the effect); only
  the buyer sees the cards; the deck is reshuffled after the choice.
- Mance Rayder: "an opponent who has more victory points than you": the opponent's visible
  victory points (everything on the table: buildings, special cards, guard tokens; never the
  opponent's hidden victory point cards, so the choice of victims reveals nothing) against all of
  the user's own, his hidden victory point cards included (he knows them); he also works after a
  7 once Tormund has moved; only the two players involved see the hand and the card taken.
- Yoren: the discarded ranger patrol no longer counts for Largest Patrol. A holder who still
  ties for the most keeps the card; otherwise it goes to the one player with strictly the most
  (at least 3, and that player reveals a wildling token) or is set aside until someone has
  strictly the most.
- Qhorin Half-Hand: if the supply has no card of the land Tormund left, he still goes home and
  you get nothing.

Action encodings: ``use_benjen(area, index)`` — area 0-2 are the clans' camps (index = camp,
0 the hottest), areas 3-6 the clearings facing wall sections 1-4 (index 0); ``hero_swap(hero)``
and the views use the hero's index in :data:`HEROES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Final, cast

from ravenry.core.protocol import JSON, Action, Decision, Event
from ravenry.games.brotherhood.data import CLANS, GUARD_COST
from ravenry.games.brotherhood.wall import Wall
from ravenry.games.brotherhood.wildlings import Wildlings
from ravenry.games.catan.data import DEV_CARD_COST, N_RES, RESOURCES, Cost, named_counts
from ravenry.games.catan.rules import LARGEST_ARMY, CatanState
from ravenry.games.catan.state import MAIN, OVER, PRE_ROLL

if TYPE_CHECKING:
    from ravenry.games.brotherhood.rules import BrotherhoodState

# id, card code, name, the timing (own turn: "main" after the roll, "any" before or after it;
# "production": after any production roll, on anyone's turn).
HEROES: Final[tuple[tuple[str, str, str, str], ...]] = (
    ("mormont", "A1", "Jeor Mormont", "main"),
    ("marsh", "A2", "Bowen Marsh", "main"),
    ("tarly", "A3", "Samwell Tarly", "production"),
    ("othell", "A4", "Othell Yarwyck", "main"),
    ("thorne", "A5", "Ser Alliser Thorne", "main"),
    ("melisandre", "A6", "Melisandre", "main"),
    ("mance", "", "Mance Rayder", "main"),
    ("benjen", "", "Benjen Stark", "any"),
    ("ygritte", "", "Ygritte", "any"),
    ("yoren", "", "Yoren", "any"),
    ("qhorin", "", "Qhorin Half-Hand", "any"),
)
HERO_IDS: Final = tuple(h[0] for h in HEROES)
MORMONT: Final = 0
MARSH: Final = 1
TARLY: Final = 2
OTHELL: Final = 3
THORNE: Final = 4
MELISANDRE: Final = 5
MANCE: Final = 6
BENJEN: Final = 7
YGRITTE: Final = 8
YOREN: Final = 9
QHORIN: Final = 10
# Starting heroes by player number (player 1 = the starting player).
STARTING_HEROES: Final = {4: (OTHELL, TARLY, MARSH, MORMONT), 3: (TARLY, MARSH, MORMONT)}
# What each hero needs before it can be used (rule 4: no use without meeting all of it).
HERO_REQUIREMENTS: Final = (
    "demand one card of a single type from 1-2 opponents who hold resource cards and give each "
    "of them a card of another type",
    "one card you hold, traded 1:1 for another resource the supply still has",
    "a production roll (not a 7) that paid you nothing",
    "one of your roads connected to your pieces at only one end, and another legal path for it",
    "a guard in your supply, an open wall section, and the guard's cost with one resource "
    "substituted by another",
    "a development card in the deck and its cost (one resource may be substituted)",
    "an opponent with more visible victory points than all of yours (hidden ones included) who "
    "holds resource cards",
    "a wildling in a camp or a clearing",
    "a wildling in the Gift",
    "a ranger patrol you have played, a guard in your supply and an open wall section",
    "Tormund on a land of the Gift (not in his camp)",
)
USE_ACTIONS: Final = {f"use_{hero_id}": h for h, hero_id in enumerate(HERO_IDS)}

HERO_AFTER_USE: Final = 21  # flip to B or swap for another hero
HERO_TARLY: Final = 22  # Samwell Tarly's owner decides after a production roll that paid him nothing
HERO_MANCE: Final = 23  # Mance Rayder: pick a card from the hand you are looking at
HERO_MELISANDRE: Final = 24  # Melisandre: pick one of the top 3 development cards
HERO_PHASES: Final = {
    HERO_AFTER_USE: "hero_after_use",
    HERO_TARLY: "hero_tarly",
    HERO_MANCE: "hero_mance",
    HERO_MELISANDRE: "hero_melisandre",
}


def _substituted(cost: Cost, replaced: int, substitute: int) -> tuple[int, ...]:
    paid = list(cost)
    if replaced >= 0:
        paid[replaced] -= 1
        paid[substitute] += 1
    return tuple(paid)


class HeroRules(CatanState):
    # The components the heroes act on, held by the state (``wall.py``, ``wildlings.py``).
    watch: Wall
    north: Wildlings
    hero: list[int]  # each player's hero
    hero_b_side: list[int]  # 1 when the hero shows its B side
    hero_taken_turn: list[int]
    hero_used_turn: list[int]
    hero_display: list[int]
    hero_actor: int  # who decides in a hero phase
    hero_resume: int  # phase to return to after the hero phases
    # Mance's victim, Melisandre's top 3 cards, or (until the after-use choice) the players who
    # handed Jeor Mormont the demanded card
    hero_choice: list[int]
    tarly_due: int  # Samwell Tarly's owner got nothing from this production roll

    HERO_LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "hero",
        "hero_b_side",
        "hero_taken_turn",
        "hero_used_turn",
        "hero_display",
        "hero_choice",
    )
    HERO_SCALAR_FIELDS: ClassVar[tuple[str, ...]] = ("hero_actor", "hero_resume", "tarly_due")

    def _init_heroes(self) -> None:
        self.hero_b_side = [0] * self.n
        self.hero_taken_turn = [-1] * self.n
        self.hero_used_turn = [-1] * self.n
        self.hero_actor = -1
        self.hero_resume = MAIN
        self.hero_choice = []
        self.tarly_due = -1
        # Dealt now for the fixed set-up (player 1 = seat 0); dealt again once the starting roll
        # of the set-up phase has named player 1.
        self._deal_starting_heroes()

    def _deal_starting_heroes(self) -> None:
        self.hero = [-1] * self.n
        self.hero_display = list(range(len(HEROES)))
        for k, h in enumerate(STARTING_HEROES[self.n]):
            p = (self.first_player + k) % self.n
            self.hero[p] = h
            self.hero_display.remove(h)

    def start_setup_phase(self) -> list[Event]:
        events = super().start_setup_phase()
        self._deal_starting_heroes()
        return events

    def hero_ready(self, p: int) -> bool:
        return (
            self.hero[p] >= 0
            and self.hero_taken_turn[p] != self.turn
            and self.hero_used_turn[p] != self.turn
            and self.turn > 0
        )

    # -- who decides ------------------------------------------------------------------------------
    def decision(self) -> Decision:
        if self.phase in HERO_PHASES:
            return Decision((self.hero_actor,))
        return super().decision()

    def _legal_actions(self, player: int) -> list[Action]:
        phase = self.phase
        if phase not in HERO_PHASES:
            return super()._legal_actions(player)
        if player != self.hero_actor:
            return []
        if phase == HERO_AFTER_USE:
            actions: list[Action] = [] if self.hero_b_side[player] else [("hero_flip",)]
            actions.extend(("hero_swap", h) for h in sorted(self.hero_display))
            return actions
        if phase == HERO_TARLY:
            return [("hero_pass",)] + [("use_tarly", r) for r in range(N_RES) if self.bank[r]]
        if phase == HERO_MANCE:
            victim = self.hero_choice[0]
            return [("mance_take", r) for r in range(N_RES) if self.hands[victim][r]]
        if phase == HERO_MELISANDRE:
            return [("melisandre_pick", i) for i in range(len(self.hero_choice))]
        return []

    def _variant_phase_name(self) -> str:
        return HERO_PHASES.get(self.phase) or super()._variant_phase_name()

    def explain_illegal(self, player: int, action: Action) -> str:
        kind = action[0]
        if kind in USE_ACTIONS:
            return self._explain_hero_use(player, USE_ACTIONS[kind])
        phase = self.phase
        if kind == "hero_flip" and phase == HERO_AFTER_USE:
            return "a hero used on its B side must be returned to the display for another one"
        if kind == "hero_swap" and phase == HERO_AFTER_USE:
            return "take a hero from the display (not the one you are returning)"
        if kind in ("hero_flip", "hero_swap"):
            return f"{kind} is the choice right after using a hero (phase: {self.phase_name()})"
        if phase == HERO_AFTER_USE:
            return "after using a hero you first flip it to its B side or swap it for another hero"
        choices = {"hero_pass": HERO_TARLY, "mance_take": HERO_MANCE, "melisandre_pick": HERO_MELISANDRE}
        if kind in choices and phase != choices[kind]:
            return f"{kind} answers a hero's question that is not open now (phase: {self.phase_name()})"
        if kind == "mance_take":
            return "take a resource the hand you are looking at holds"
        if kind == "melisandre_pick":
            return "pick one of the development cards Melisandre shows you"
        if phase in HERO_PHASES:
            return f"finish the hero's action first (phase: {self.phase_name()})"
        return super().explain_illegal(player, action)

    def _explain_hero_use(self, p: int, h: int) -> str:
        name = HEROES[h][2]
        if self.hero[p] != h:
            mine = "no hero" if self.hero[p] < 0 else HEROES[self.hero[p]][2]
            return f"your hero is {mine}, not {name}"
        if self.hero_taken_turn[p] == self.turn:
            return f"you cannot use {name} on the turn you took it"
        if self.hero_used_turn[p] == self.turn:
            return f"you have already used {name} this turn (heroes are used once per turn)"
        timing = HEROES[h][3]
        if timing == "production":
            return (
                f"{name} is used only right after a production roll (not a 7) that paid you "
                "nothing, before any other hero"
            )
        if p != self.current:
            return f"{name} is used only on your own turn"
        if self.phase not in (PRE_ROLL, MAIN):
            return f"{name} cannot be used now (phase: {self.phase_name()})"
        if timing == "main" and self.phase != MAIN:
            return f"{name} is used only after your production roll"
        return f"{name} cannot be used as asked: it needs {HERO_REQUIREMENTS[h]}"

    # -- which hero actions are legal now ---------------------------------------------------------------
    def _add_variant_actions(self, p: int, actions: list[Action]) -> None:
        super()._add_variant_actions(p, actions)
        if not self.hero_ready(p):
            return
        h = self.hero[p]
        timing = HEROES[h][3]
        if timing == "production" or (timing == "main" and self.phase != MAIN):
            return
        self._HERO_OPTIONS[h](self, p, actions)

    def _mormont_options(self, p: int, actions: list[Action]) -> None:
        hand = self.hands[p]
        # Hand sizes are public, the types in them are not: any opponent with cards may be asked.
        holders = [q for q in range(self.n) if q != p and any(self.hands[q])]
        for r in range(N_RES):
            for i, q1 in enumerate(holders):
                # For each card received you give that player one card of your choice, not of
                # the demanded kind (that would be no trade).
                gives = [g for g in range(N_RES) if g != r and hand[g]]
                for g1 in gives:
                    actions.append(("use_mormont", r, q1, g1, -1, -1))
                    for q2 in holders[i + 1 :]:
                        actions.extend(
                            ("use_mormont", r, q1, g1, q2, g2) for g2 in gives if g2 != g1 or hand[g1] >= 2
                        )

    def _marsh_options(self, p: int, actions: list[Action]) -> None:
        hand = self.hands[p]
        actions.extend(
            ("use_marsh", give, get)
            for give in range(N_RES)
            if hand[give]
            for get in range(N_RES)
            if get != give and self.bank[get]
        )

    def _no_options(self, p: int, actions: list[Action]) -> None:
        return None

    def _othell_options(self, p: int, actions: list[Action]) -> None:
        for e in self.othell_removable_roads(p):
            for target in self.othell_targets(p, e):
                actions.append(("use_othell", e, target))

    def _thorne_options(self, p: int, actions: list[Action]) -> None:
        if not self.watch.guards_left[p]:
            return
        for replaced, substitute in self._substitutions(p, GUARD_COST):
            if replaced >= 0:  # the printed price is a plain build_guard
                actions.extend(("use_thorne", s, replaced, substitute) for s in self.watch.open_sections())

    def _melisandre_options(self, p: int, actions: list[Action]) -> None:
        if not self.dev_deck:
            return
        actions.extend(
            ("use_melisandre", replaced, substitute)
            for replaced, substitute in self._substitutions(p, DEV_CARD_COST)
        )

    def _substitutions(self, p: int, cost: Cost) -> list[tuple[int, int]]:
        """(replaced, substitute) pairs the player can pay: one of the cost's resources swapped for
        any other; (-1, -1) is the plain price."""
        hand = self.hands[p]
        out = []
        for replaced in [-1, *[r for r in range(N_RES) if cost[r]]]:
            subs = [-1] if replaced < 0 else [s for s in range(N_RES) if s != replaced]
            for s in subs:
                paid = _substituted(cost, replaced, s)
                if all(hand[i] >= paid[i] for i in range(N_RES)):
                    out.append((replaced, s))
        return out

    def _mance_options(self, p: int, actions: list[Action]) -> None:
        # The user knows his own hidden victory point cards: they count for him (only the
        # opponents' stay unseen, so their visible points are compared).
        mine = self.total_vp(p)
        actions.extend(
            ("use_mance", q)
            for q in range(self.n)
            if q != p and self.public_vp[q] > mine and any(self.hands[q])
        )

    def _benjen_options(self, p: int, actions: list[Action]) -> None:
        for c, camp in enumerate(self.north.camps):
            actions.extend(("use_benjen", c, i) for i in range(len(camp)))
        for k, crowd in enumerate(self.north.clearings):
            if crowd:
                actions.append(("use_benjen", len(CLANS) + k, 0))

    def _ygritte_options(self, p: int, actions: list[Action]) -> None:
        gift = self.north.gift
        actions.extend(("use_ygritte", h) for h in range(len(gift)) if gift[h])

    def _yoren_options(self, p: int, actions: list[Action]) -> None:
        if self.knights_played[p] and self.watch.guards_left[p]:
            actions.extend(("use_yoren", s) for s in self.watch.open_sections())

    def _qhorin_options(self, p: int, actions: list[Action]) -> None:
        if self.robber >= 0:
            actions.append(("use_qhorin",))

    _HERO_OPTIONS: ClassVar[dict[int, Callable[[HeroRules, int, list[Action]], None]]] = {}

    # -- Othell Yarwyck's road geometry -----------------------------------------------------------------
    def othell_removable_roads(self, p: int) -> list[int]:
        """Own roads connected to the player's pieces at exactly one end (opponents ignored)."""
        topo = self.board.topo
        out = []
        for e, o in enumerate(self.edge_owner):
            if o != p:
                continue
            connected = 0
            for n in topo.edge_nodes[e]:
                if self.node_owner[n] == p or any(
                    self.edge_owner[f] == p for f in topo.node_edges[n] if f != e
                ):
                    connected += 1
            if connected == 1:
                out.append(e)
        return out

    def othell_targets(self, p: int, removed: int) -> list[int]:
        """Legal places for the road once it is lifted, other than where it was."""
        self.edge_owner[removed] = -1
        self._refresh_network(p)
        try:
            return [e for e in self.road_frontier(p) if e != removed]
        finally:
            self.edge_owner[removed] = p
            self._refresh_network(p)

    def _refresh_network(self, p: int) -> None:
        topo = self.board.topo
        net = {n for n, o in enumerate(self.node_owner) if o == p}
        for e, o in enumerate(self.edge_owner):
            if o == p:
                net.update(topo.edge_nodes[e])
        self.network[p] = net
        self.board_version += 1

    # -- using a hero -----------------------------------------------------------------------------
    def _begin_use(self, p: int, events: list[Event], **data: JSON) -> None:
        h = self.hero[p]
        self.hero_used_turn[p] = self.turn
        events.append(
            Event(
                "hero_used",
                {"player": p, "hero": HERO_IDS[h], "side": "B" if self.hero_b_side[p] else "A", **data},
            )
        )

    def _to_after_use(self, p: int, resume: int) -> None:
        if self.phase == OVER:
            return  # a wildling the hero brought on ended the game: there is nothing left to choose
        self.hero_actor = p
        self.hero_resume = resume
        self.phase = HERO_AFTER_USE

    def _use_mormont(self, p: int, a: Action) -> list[Event]:
        _, r, q1, g1, q2, g2 = a
        events: list[Event] = []
        handed_over: list[int] = []
        self._begin_use(p, events, resource=RESOURCES[r])
        for q, g in ((q1, g1), (q2, g2)):
            if q < 0:
                continue
            # Whether a card changed hands is public (so every viewer's log says so); the card
            # given back is seen only by the two players.
            if not self.hands[q][r]:
                events.append(
                    Event(
                        "forced_trade",
                        {"player": p, "with": q, "demanded": RESOURCES[r], "exchanged": False, "got": None},
                        {"gave": None},
                        (p, q),
                    )
                )
                continue
            self.hands[q][r] -= 1
            self.hands[p][r] += 1
            self.hands[p][g] -= 1
            self.hands[q][g] += 1
            handed_over.append(q)
            events.append(
                Event(
                    "forced_trade",
                    {
                        "player": p,
                        "with": q,
                        "demanded": RESOURCES[r],
                        "exchanged": True,
                        "got": RESOURCES[r],
                    },
                    {"gave": RESOURCES[g]},
                    (p, q),
                )
            )
        self.hero_choice = handed_over
        self._to_after_use(p, self.phase)
        return events

    def _use_marsh(self, p: int, a: Action) -> list[Event]:
        _, give, get = a
        events: list[Event] = []
        self._begin_use(p, events, gave=RESOURCES[give], got=RESOURCES[get])
        self.hands[p][give] -= 1
        self.bank[give] += 1
        self.bank[get] -= 1
        self.hands[p][get] += 1
        self._to_after_use(p, self.phase)
        return events

    def _after_income(self, gains: list[list[int]], events: list[Event]) -> None:
        super()._after_income(gains, events)
        owner = next((q for q in range(self.n) if self.hero[q] == TARLY), -1)
        if owner >= 0 and self.hero_ready(owner) and not any(gains[owner]) and any(self.bank):
            self.tarly_due = owner

    def _after_production(self, events: list[Event]) -> None:
        super()._after_production(events)
        owner = self.tarly_due
        self.tarly_due = -1
        if owner >= 0 and self.phase == MAIN:
            self.hero_actor = owner
            self.hero_resume = MAIN
            self.phase = HERO_TARLY

    def _use_tarly(self, p: int, a: Action) -> list[Event]:
        r = a[1]
        events: list[Event] = []
        self._begin_use(p, events, resource=RESOURCES[r])
        self.bank[r] -= 1
        self.hands[p][r] += 1
        self._to_after_use(p, self.hero_resume)
        return events

    def _hero_pass(self, p: int, a: Action) -> list[Event]:
        self.phase = self.hero_resume
        self.hero_actor = -1
        return [Event("hero_passed", {"player": p})]

    def _use_othell(self, p: int, a: Action) -> list[Event]:
        _, old, new = a
        events: list[Event] = []
        self._begin_use(p, events, removed=old, rebuilt=new)
        self.edge_owner[old] = -1
        self.edge_owner[new] = p
        self._refresh_network(p)
        self._update_longest_road((p,), events)
        self._to_after_use(p, self.phase)
        return events

    def _use_thorne(self, p: int, a: Action) -> list[Event]:
        _, section, replaced, substitute = a
        events: list[Event] = []
        paid = _substituted(GUARD_COST, replaced, substitute)
        self._begin_use(p, events, paid=named_counts(paid))
        self._pay(p, paid)
        self.watch.add_guard(p, section, self.public_vp, events, "built")
        self._to_after_use(p, self.phase)
        return events

    def _use_melisandre(self, p: int, a: Action) -> list[Event]:
        _, replaced, substitute = a
        events: list[Event] = []
        paid = _substituted(DEV_CARD_COST, replaced, substitute)
        self._begin_use(p, events, paid=named_counts(paid))
        self._pay(p, paid)
        self.hero_choice = self.dev_deck[-3:][::-1]  # the top 3 cards, top first
        events.append(
            Event(
                "melisandre_cards",
                {"player": p, "count": len(self.hero_choice)},
                {"cards": [self.dev_card_id(c) for c in self.hero_choice]},
                (p,),
            )
        )
        self.hero_actor = p
        self.hero_resume = self.phase
        self.phase = HERO_MELISANDRE
        return events

    def _melisandre_pick(self, p: int, a: Action) -> list[Event]:
        card = self.hero_choice[a[1]]
        self.dev_deck.pop(len(self.dev_deck) - 1 - a[1])
        self.rng.shuffle(self.dev_deck)
        self.dev_hands[p][card] += 1
        self.dev_bought_this_turn[p][card] += 1
        self.hero_choice = []
        events = [
            Event("bought_dev", {"player": p, "melisandre": True}, {"card": self.dev_card_id(card)}, (p,))
        ]
        self._to_after_use(p, self.hero_resume)
        return events

    def _use_mance(self, p: int, a: Action) -> list[Event]:
        victim = a[1]
        events: list[Event] = []
        self._begin_use(p, events, victim=victim)
        events.append(
            Event(
                "looked_at_hand",
                {"player": p, "victim": victim},
                {"hand": {RESOURCES[r]: n for r, n in enumerate(self.hands[victim]) if n}},
                (p, victim),
            )
        )
        self.hero_choice = [victim]
        self.hero_actor = p
        self.hero_resume = self.phase
        self.phase = HERO_MANCE
        return events

    def _mance_take(self, p: int, a: Action) -> list[Event]:
        victim, r = self.hero_choice[0], a[1]
        self.hands[victim][r] -= 1
        self.hands[p][r] += 1
        self.hero_choice = []
        events = [
            Event(
                "stole",
                {"player": p, "victim": victim, "hero": "mance"},
                {"resource": RESOURCES[r]},
                (p, victim),
            )
        ]
        self._to_after_use(p, self.hero_resume)
        return events

    def _use_benjen(self, p: int, a: Action) -> list[Event]:
        _, area, index = a
        events: list[Event] = []
        if area < len(CLANS):
            self.north.camps[area].pop(index)  # the colder camps move one closer
            where = f"{CLANS[area]} camp {index + 1}"
        else:
            self.north.clearings[area - len(CLANS)].pop()
            where = f"clearing {area - len(CLANS) + 1}"
        self.north.wildlings_returned += 1
        self._begin_use(p, events, removed_from=where)
        resume = self.phase
        north = self.north
        north.reveal(
            cast("BrotherhoodState", self), north.draw_pool_token(self.rng, events), events, "benjen"
        )
        if self.phase != PRE_ROLL and self.phase != MAIN:
            return events  # the new wildling ended the game
        self._to_after_use(p, resume)
        return events

    def _use_ygritte(self, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        self._begin_use(p, events, hex=a[1])
        self.north.return_from_gift(a[1])
        self._to_after_use(p, self.phase)
        return events

    def _use_yoren(self, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        self._begin_use(p, events)
        self.knights_played[p] -= 1
        self._settle_special_card(LARGEST_ARMY, events)
        self.watch.add_guard(p, a[1], self.public_vp, events, "yoren")
        self._to_after_use(p, self.phase)
        return events

    def _use_qhorin(self, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        left = self.robber
        r = self.board.hex_resource[left]
        got = r >= 0 and self.bank[r] > 0
        self._begin_use(p, events, hex=left, resource=RESOURCES[r] if got else None)
        self.robber = -1
        if got:
            self.bank[r] -= 1
            self.hands[p][r] += 1
        events.append(Event("robber_moved", {"player": p, "hex": None}))
        self._to_after_use(p, self.phase)
        return events

    # -- after use ------------------------------------------------------------------------------------
    def _hero_flip(self, p: int, a: Action) -> list[Event]:
        self.hero_b_side[p] = 1
        self.phase = self.hero_resume
        self.hero_actor = -1
        self.hero_choice = []
        return [Event("hero_flipped", {"player": p, "hero": HERO_IDS[self.hero[p]]})]

    def _hero_swap(self, p: int, a: Action) -> list[Event]:
        old, new = self.hero[p], a[1]
        self.hero_display.remove(new)
        self.hero_display.append(old)
        self.hero_display.sort()
        self.hero[p] = new
        self.hero_b_side[p] = 0
        self.hero_taken_turn[p] = self.turn
        self.phase = self.hero_resume
        self.hero_actor = -1
        self.hero_choice = []
        return [Event("hero_swapped", {"player": p, "returned": HERO_IDS[old], "took": HERO_IDS[new]})]

    # -- views ------------------------------------------------------------------------------------------
    def heroes_view(self, view: dict[str, JSON], viewer: int | None) -> None:
        view["heroes"] = [
            {
                "seat": p,
                "hero": None if self.hero[p] < 0 else HERO_IDS[self.hero[p]],
                "side": "B" if self.hero_b_side[p] else "A",
                "ready": self.hero_ready(p),
            }
            for p in range(self.n)
        ]
        view["hero_display"] = [HERO_IDS[h] for h in self.hero_display]
        if self.phase == HERO_AFTER_USE and self.hero[self.hero_actor] == MORMONT:
            # The demand's outcome is public (a 1:1 exchange leaves every hand size as it was).
            view["mormont_handed_over"] = list(self.hero_choice)
        if self.phase == HERO_MELISANDRE and viewer == self.hero_actor:
            view["melisandre_cards"] = [self.dev_card_id(c) for c in self.hero_choice]
        if self.phase == HERO_MANCE and viewer == self.hero_actor:
            victim = self.hero_choice[0]
            view["mance_hand"] = {RESOURCES[r]: n for r, n in enumerate(self.hands[victim])}


HeroRules._HERO_OPTIONS = {
    MORMONT: HeroRules._mormont_options,
    MARSH: HeroRules._marsh_options,
    TARLY: HeroRules._no_options,
    OTHELL: HeroRules._othell_options,
    THORNE: HeroRules._thorne_options,
    MELISANDRE: HeroRules._melisandre_options,
    MANCE: HeroRules._mance_options,
    BENJEN: HeroRules._benjen_options,
    YGRITTE: HeroRules._ygritte_options,
    YOREN: HeroRules._yoren_options,
    QHORIN: HeroRules._qhorin_options,
}

HERO_HANDLERS: Final = {
    "use_mormont": HeroRules._use_mormont,
    "use_marsh": HeroRules._use_marsh,
    "use_tarly": HeroRules._use_tarly,
    "hero_pass": HeroRules._hero_pass,
    "use_othell": HeroRules._use_othell,
    "use_thorne": HeroRules._use_thorne,
    "use_melisandre": HeroRules._use_melisandre,
    "melisandre_pick": HeroRules._melisandre_pick,
    "use_mance": HeroRules._use_mance,
    "mance_take": HeroRules._mance_take,
    "use_benjen": HeroRules._use_benjen,
    "use_ygritte": HeroRules._use_ygritte,
    "use_yoren": HeroRules._use_yoren,
    "use_qhorin": HeroRules._use_qhorin,
    "hero_flip": HeroRules._hero_flip,
    "hero_swap": HeroRules._hero_swap,
}
HERO_ACTION_FIELDS: Final[dict[str, list[tuple[str, str]]]] = {
    "use_mormont": [
        ("resource", "res"),
        ("first", "int"),
        ("give_first", "res"),
        ("second", "int?"),
        ("give_second", "res?"),
    ],
    "use_marsh": [("give", "res"), ("get", "res")],
    "use_tarly": [("resource", "res")],
    "hero_pass": [],
    "use_othell": [("remove", "int"), ("build", "int")],
    "use_thorne": [("section", "int"), ("replace", "res"), ("with", "res")],
    "use_melisandre": [("replace", "res?"), ("with", "res?")],
    "melisandre_pick": [("index", "int")],
    "use_mance": [("victim", "int")],
    "mance_take": [("resource", "res")],
    "use_benjen": [("area", "int"), ("index", "int")],
    "use_ygritte": [("hex", "int")],
    "use_yoren": [("section", "int")],
    "use_qhorin": [],
    "hero_flip": [],
    "hero_swap": [("hero", "int")],
}
