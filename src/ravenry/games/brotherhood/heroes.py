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

The heroes are a component the Brotherhood state holds (``state.heroes``): :class:`Heroes` owns
its data (its fields listed by kind, copied and written to JSON by name through
:class:`~ravenry.games.catan.state.Part`, under the state's keys of the same names); its rules
take the state as an argument (``s``) for the hands, the bank and the other components, named by
:class:`HeroesHost`, what they use of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, Protocol

from ravenry.core.protocol import JSON, Action, Event
from ravenry.games.brotherhood.data import CLANS, GUARD_COST
from ravenry.games.brotherhood.wildlings import Wildlings, WildlingsHost
from ravenry.games.catan.data import DEV_CARD_COST, N_RES, RESOURCES, Cost, named_counts
from ravenry.games.catan.rules import LARGEST_ARMY
from ravenry.games.catan.state import MAIN, OVER, PRE_ROLL, Part


class HeroesHost(WildlingsHost, Protocol):
    """What the heroes' rules use of the state that holds them
    (:class:`~ravenry.games.brotherhood.rules.BrotherhoodState`, which imports this module: a
    protocol, so that nothing here imports it back). It includes what the wildlings use: Benjen
    Stark reveals a wildling token, handing the state on to them. A member the rules start to use
    is added here, where the dependency shows.

    The heroes write ``phase`` (into their own phases and back), ``robber`` (Qhorin Half-Hand),
    ``board_version`` (Othell Yarwyck's road) and the lists in place; the rest they read."""

    # The table: players, turns, the hands and the supply, Tormund (the robber).
    n: int
    turn: int
    current: int
    hands: list[list[int]]
    bank: list[int]
    robber: int
    # Development cards: Melisandre's pick, Yoren's ranger patrol.
    dev_deck: list[int]
    dev_hands: list[list[int]]
    dev_bought_this_turn: list[list[int]]
    knights_played: list[int]
    # The pieces on the board: Othell Yarwyck lifts a road and builds it again.
    node_owner: list[int]
    edge_owner: list[int]
    network: list[set[int]]
    board_version: int
    # The wildlings: Benjen Stark and Ygritte remove them.
    north: Wildlings

    # The Catan engine's rules the heroes call.
    def phase_name(self) -> str: ...

    def total_vp(self, p: int) -> int: ...

    def road_frontier(self, p: int) -> list[int]: ...

    def dev_card_id(self, card: int) -> str: ...

    def _pay(self, p: int, cost: Sequence[int]) -> None: ...

    def _update_longest_road(self, players: tuple[int, ...], events: list[Event]) -> None: ...

    def _settle_special_card(self, card: int, events: list[Event]) -> None: ...


class Hero:
    """One hero card: its id (the actions' ``use_<id>``), the card's printed code (A1-A6; the
    expansion's others have none), its name, when it may be used (own turn: ``main`` after the
    roll, ``any`` before or after it; ``production``: after any production roll, on anyone's
    turn), what it needs before it can be used (rule 4: no use without meeting all of it) and
    what it does, in a line (the card's text in short, for the page: the views carry it)."""

    __slots__ = ("code", "does", "id", "name", "needs", "timing")

    def __init__(self, id: str, code: str, name: str, timing: str, needs: str, does: str) -> None:
        self.id: Final = id
        self.code: Final = code
        self.name: Final = name
        self.timing: Final = timing
        self.needs: Final = needs
        self.does: Final = does


# The heroes, by their number in the views and actions.
HEROES: Final[tuple[Hero, ...]] = (
    Hero(
        "mormont",
        "A1",
        "Jeor Mormont",
        "main",
        "demand one card of a single type from 1-2 opponents who hold resource cards and give each "
        "of them a card of another type",
        "demand a resource from up to two opponents, giving a different card back",
    ),
    Hero(
        "marsh",
        "A2",
        "Bowen Marsh",
        "main",
        "one card you hold, traded 1:1 for another resource the supply still has",
        "trade one resource with the supply 1:1",
    ),
    Hero(
        "tarly",
        "A3",
        "Samwell Tarly",
        "production",
        "a production roll (not a 7) that paid you nothing",
        "after a production roll that paid you nothing, take one resource",
    ),
    Hero(
        "othell",
        "A4",
        "Othell Yarwyck",
        "main",
        "one of your roads connected to your pieces at only one end, and another legal path for it",
        "move one of your roads",
    ),
    Hero(
        "thorne",
        "A5",
        "Ser Alliser Thorne",
        "main",
        "a guard in your supply, an open wall section, and the guard's cost with one resource "
        "substituted by another",
        "build a guard, paying one of its resources with another",
    ),
    Hero(
        "melisandre",
        "A6",
        "Melisandre",
        "main",
        "a development card in the deck and its cost (one resource may be substituted)",
        "buy a development card choosing from the top three",
    ),
    Hero(
        "mance",
        "",
        "Mance Rayder",
        "main",
        "an opponent with more visible victory points than all of yours (hidden ones included) who "
        "holds resource cards",
        "look at the hand of a player with more points and take a card",
    ),
    Hero(
        "benjen",
        "",
        "Benjen Stark",
        "any",
        "a wildling in a camp or a clearing",
        "remove a wildling north of the Wall",
    ),
    Hero(
        "ygritte",
        "",
        "Ygritte",
        "any",
        "a wildling in the Gift",
        "move a wildling out of a hex of the Gift",
    ),
    Hero(
        "yoren",
        "",
        "Yoren",
        "any",
        "a ranger patrol you have played, a guard in your supply and an open wall section",
        "discard a ranger patrol to place a free guard",
    ),
    Hero(
        "qhorin",
        "",
        "Qhorin Half-Hand",
        "any",
        "Tormund on a land of the Gift (not in his camp)",
        "send Tormund home and take a resource of the land he left",
    ),
)
HERO_IDS: Final = tuple(h.id for h in HEROES)
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


class Heroes(Part):
    """Every player's hero and the display, and the state of a hero's use in progress."""

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

    # The fields by kind, as the state's JSON names them (copied and saved by :class:`Part`).
    LIST_FIELDS: ClassVar[tuple[str, ...]] = (
        "hero",
        "hero_b_side",
        "hero_taken_turn",
        "hero_used_turn",
        "hero_display",
        "hero_choice",
    )
    SCALAR_FIELDS: ClassVar[tuple[str, ...]] = ("hero_actor", "hero_resume", "tarly_due")

    # -- set-up, copying, JSON ------------------------------------------------------------------
    @staticmethod
    def new(players: int, first_player: int) -> Heroes:
        """A new game's heroes, the starting ones dealt from ``first_player`` on (for the fixed
        set-up, player 1 = seat 0; :meth:`deal_starting_heroes` deals them again once the
        starting roll of the set-up phase has named player 1)."""
        h = Heroes()
        h.hero_b_side = [0] * players
        h.hero_taken_turn = [-1] * players
        h.hero_used_turn = [-1] * players
        h.hero_actor = -1
        h.hero_resume = MAIN
        h.hero_choice = []
        h.tarly_due = -1
        h.deal_starting_heroes(players, first_player)
        return h

    def deal_starting_heroes(self, players: int, first_player: int) -> None:
        self.hero = [-1] * players
        self.hero_display = list(range(len(HEROES)))
        for k, h in enumerate(STARTING_HEROES[players]):
            p = (first_player + k) % players
            self.hero[p] = h
            self.hero_display.remove(h)

    def copy(self) -> Heroes:
        other = Heroes()
        self.copy_fields(other)
        return other

    @staticmethod
    def from_json(obj: dict[str, Any]) -> Heroes:
        h = Heroes()
        h.read_json(obj)
        return h

    def hero_ready(self, s: HeroesHost, p: int) -> bool:
        # Read once (asked on every legal-actions call): compiled, a protocol's attribute is a
        # generic lookup, not a native field's.
        turn = s.turn
        return (
            self.hero[p] >= 0
            and self.hero_taken_turn[p] != turn
            and self.hero_used_turn[p] != turn
            and turn > 0
        )

    # -- the hero phases --------------------------------------------------------------------------
    def phase_actions(self, s: HeroesHost, player: int) -> list[Action]:
        """The legal actions in one of :data:`HERO_PHASES` (only the hero's user has any)."""
        if player != self.hero_actor:
            return []
        phase = s.phase
        if phase == HERO_AFTER_USE:
            actions: list[Action] = [] if self.hero_b_side[player] else [("hero_flip",)]
            actions.extend(("hero_swap", h) for h in sorted(self.hero_display))
            return actions
        if phase == HERO_TARLY:
            return [("hero_pass",)] + [("use_tarly", r) for r in range(N_RES) if s.bank[r]]
        if phase == HERO_MANCE:
            victim = self.hero_choice[0]
            return [("mance_take", r) for r in range(N_RES) if s.hands[victim][r]]
        if phase == HERO_MELISANDRE:
            return [("melisandre_pick", i) for i in range(len(self.hero_choice))]
        return []

    def explain_illegal(self, s: HeroesHost, player: int, action: Action) -> str:
        """Why a hero action (or any action during a hero phase) is illegal; "" when neither."""
        kind = action[0]
        if kind in USE_ACTIONS:
            return self._explain_hero_use(s, player, USE_ACTIONS[kind])
        phase = s.phase
        if kind == "hero_flip" and phase == HERO_AFTER_USE:
            return "a hero used on its B side must be returned to the display for another one"
        if kind == "hero_swap" and phase == HERO_AFTER_USE:
            return "take a hero from the display (not the one you are returning)"
        if kind in ("hero_flip", "hero_swap"):
            return f"{kind} is the choice right after using a hero (phase: {s.phase_name()})"
        if phase == HERO_AFTER_USE:
            return "after using a hero you first flip it to its B side or swap it for another hero"
        choices = {"hero_pass": HERO_TARLY, "mance_take": HERO_MANCE, "melisandre_pick": HERO_MELISANDRE}
        if kind in choices and phase != choices[kind]:
            return f"{kind} answers a hero's question that is not open now (phase: {s.phase_name()})"
        if kind == "mance_take":
            return "take a resource the hand you are looking at holds"
        if kind == "melisandre_pick":
            return "pick one of the development cards Melisandre shows you"
        if phase in HERO_PHASES:
            return f"finish the hero's action first (phase: {s.phase_name()})"
        return ""

    def _explain_hero_use(self, s: HeroesHost, p: int, h: int) -> str:
        name = HEROES[h].name
        if self.hero[p] != h:
            mine = "no hero" if self.hero[p] < 0 else HEROES[self.hero[p]].name
            return f"your hero is {mine}, not {name}"
        if self.hero_taken_turn[p] == s.turn:
            return f"you cannot use {name} on the turn you took it"
        if self.hero_used_turn[p] == s.turn:
            return f"you have already used {name} this turn (heroes are used once per turn)"
        timing = HEROES[h].timing
        if timing == "production":
            return (
                f"{name} is used only right after a production roll (not a 7) that paid you "
                "nothing, before any other hero"
            )
        if p != s.current:
            return f"{name} is used only on your own turn"
        if s.phase not in (PRE_ROLL, MAIN):
            return f"{name} cannot be used now (phase: {s.phase_name()})"
        if timing == "main" and s.phase != MAIN:
            return f"{name} is used only after your production roll"
        return f"{name} cannot be used as asked: it needs {HEROES[h].needs}"

    # -- which hero actions are legal now ---------------------------------------------------------------
    def add_actions(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        """The uses of ``p``'s hero that are legal now (the current player, before or after the
        production roll)."""
        if not self.hero_ready(s, p):
            return
        h = self.hero[p]
        timing = HEROES[h].timing
        if timing == "production" or (timing == "main" and s.phase != MAIN):
            return
        _HERO_OPTIONS[h](self, s, p, actions)

    def _mormont_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        hand = s.hands[p]
        # Hand sizes are public, the types in them are not: any opponent with cards may be asked.
        holders = [q for q in range(s.n) if q != p and any(s.hands[q])]
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

    def _marsh_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        hand, bank = s.hands[p], s.bank  # read once, not in the loop (see hero_ready)
        actions.extend(
            ("use_marsh", give, get)
            for give in range(N_RES)
            if hand[give]
            for get in range(N_RES)
            if get != give and bank[get]
        )

    def _no_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        return None

    def _othell_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        for e in self.othell_removable_roads(s, p):
            for target in self.othell_targets(s, p, e):
                actions.append(("use_othell", e, target))

    def _thorne_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        if not s.watch.guards_left[p]:
            return
        for replaced, substitute in self._substitutions(s, p, GUARD_COST):
            if replaced >= 0:  # the printed price is a plain build_guard
                actions.extend(("use_thorne", sec, replaced, substitute) for sec in s.watch.open_sections())

    def _melisandre_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        if not s.dev_deck:
            return
        actions.extend(
            ("use_melisandre", replaced, substitute)
            for replaced, substitute in self._substitutions(s, p, DEV_CARD_COST)
        )

    def _substitutions(self, s: HeroesHost, p: int, cost: Cost) -> list[tuple[int, int]]:
        """(replaced, substitute) pairs the player can pay: one of the cost's resources swapped for
        any other; (-1, -1) is the plain price."""
        hand = s.hands[p]
        out = []
        for replaced in [-1, *[r for r in range(N_RES) if cost[r]]]:
            subs = [-1] if replaced < 0 else [r for r in range(N_RES) if r != replaced]
            for sub in subs:
                paid = _substituted(cost, replaced, sub)
                if all(hand[i] >= paid[i] for i in range(N_RES)):
                    out.append((replaced, sub))
        return out

    def _mance_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        # The user knows his own hidden victory point cards: they count for him (only the
        # opponents' stay unseen, so their visible points are compared).
        mine = s.total_vp(p)
        actions.extend(
            ("use_mance", q) for q in range(s.n) if q != p and s.public_vp[q] > mine and any(s.hands[q])
        )

    def _benjen_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        for c, camp in enumerate(s.north.camps):
            actions.extend(("use_benjen", c, i) for i in range(len(camp)))
        for k, crowd in enumerate(s.north.clearings):
            if crowd:
                actions.append(("use_benjen", len(CLANS) + k, 0))

    def _ygritte_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        gift = s.north.gift
        actions.extend(("use_ygritte", h) for h in range(len(gift)) if gift[h])

    def _yoren_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        if s.knights_played[p] and s.watch.guards_left[p]:
            actions.extend(("use_yoren", sec) for sec in s.watch.open_sections())

    def _qhorin_options(self, s: HeroesHost, p: int, actions: list[Action]) -> None:
        if s.robber >= 0:
            actions.append(("use_qhorin",))

    # -- Othell Yarwyck's road geometry -----------------------------------------------------------------
    def othell_removable_roads(self, s: HeroesHost, p: int) -> list[int]:
        """Own roads connected to the player's pieces at exactly one end (opponents ignored)."""
        topo = s.board.topo
        edge_owner, node_owner = s.edge_owner, s.node_owner  # read once, not in the loop (see hero_ready)
        out = []
        for e, o in enumerate(edge_owner):
            if o != p:
                continue
            connected = 0
            for n in topo.edge_nodes[e]:
                if node_owner[n] == p or any(edge_owner[f] == p for f in topo.node_edges[n] if f != e):
                    connected += 1
            if connected == 1:
                out.append(e)
        return out

    def othell_targets(self, s: HeroesHost, p: int, removed: int) -> list[int]:
        """Legal places for the road once it is lifted, other than where it was."""
        s.edge_owner[removed] = -1
        self._refresh_network(s, p)
        try:
            return [e for e in s.road_frontier(p) if e != removed]
        finally:
            s.edge_owner[removed] = p
            self._refresh_network(s, p)

    def _refresh_network(self, s: HeroesHost, p: int) -> None:
        topo = s.board.topo
        net = {n for n, o in enumerate(s.node_owner) if o == p}
        for e, o in enumerate(s.edge_owner):
            if o == p:
                net.update(topo.edge_nodes[e])
        s.network[p] = net
        s.board_version += 1

    # -- using a hero -----------------------------------------------------------------------------
    def _begin_use(self, s: HeroesHost, p: int, events: list[Event], **data: JSON) -> None:
        h = self.hero[p]
        self.hero_used_turn[p] = s.turn
        events.append(
            Event(
                "hero_used",
                {"player": p, "hero": HERO_IDS[h], "side": "B" if self.hero_b_side[p] else "A", **data},
            )
        )

    def _to_after_use(self, s: HeroesHost, p: int, resume: int) -> None:
        if s.phase == OVER:
            return  # a wildling the hero brought on ended the game: there is nothing left to choose
        self.hero_actor = p
        self.hero_resume = resume
        s.phase = HERO_AFTER_USE

    def _use_mormont(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        _, r, q1, g1, q2, g2 = a
        events: list[Event] = []
        handed_over: list[int] = []
        self._begin_use(s, p, events, resource=RESOURCES[r])
        for q, g in ((q1, g1), (q2, g2)):
            if q < 0:
                continue
            # Whether a card changed hands is public (so every viewer's log says so); the card
            # given back is seen only by the two players.
            if not s.hands[q][r]:
                events.append(
                    Event(
                        "forced_trade",
                        {"player": p, "with": q, "demanded": RESOURCES[r], "exchanged": False, "got": None},
                        {"gave": None},
                        (p, q),
                    )
                )
                continue
            s.hands[q][r] -= 1
            s.hands[p][r] += 1
            s.hands[p][g] -= 1
            s.hands[q][g] += 1
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
        self._to_after_use(s, p, s.phase)
        return events

    def _use_marsh(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        _, give, get = a
        events: list[Event] = []
        self._begin_use(s, p, events, gave=RESOURCES[give], got=RESOURCES[get])
        s.hands[p][give] -= 1
        s.bank[give] += 1
        s.bank[get] -= 1
        s.hands[p][get] += 1
        self._to_after_use(s, p, s.phase)
        return events

    def after_income(self, s: HeroesHost, gains: list[list[int]]) -> None:
        """Samwell Tarly: his owner is asked once the roll is resolved if it paid him nothing."""
        owner = next((q for q in range(s.n) if self.hero[q] == TARLY), -1)
        if owner >= 0 and self.hero_ready(s, owner) and not any(gains[owner]) and any(s.bank):
            self.tarly_due = owner

    def after_production(self, s: HeroesHost) -> None:
        """The production roll is resolved: Samwell Tarly's owner decides first, if due."""
        owner = self.tarly_due
        self.tarly_due = -1
        if owner >= 0 and s.phase == MAIN:
            self.hero_actor = owner
            self.hero_resume = MAIN
            s.phase = HERO_TARLY

    def _use_tarly(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        r = a[1]
        events: list[Event] = []
        self._begin_use(s, p, events, resource=RESOURCES[r])
        s.bank[r] -= 1
        s.hands[p][r] += 1
        self._to_after_use(s, p, self.hero_resume)
        return events

    def _hero_pass(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        s.phase = self.hero_resume
        self.hero_actor = -1
        return [Event("hero_passed", {"player": p})]

    def _use_othell(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        _, old, new = a
        events: list[Event] = []
        self._begin_use(s, p, events, removed=old, rebuilt=new)
        s.edge_owner[old] = -1
        s.edge_owner[new] = p
        self._refresh_network(s, p)
        s._update_longest_road((p,), events)
        self._to_after_use(s, p, s.phase)
        return events

    def _use_thorne(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        _, section, replaced, substitute = a
        events: list[Event] = []
        paid = _substituted(GUARD_COST, replaced, substitute)
        self._begin_use(s, p, events, paid=named_counts(paid))
        s._pay(p, paid)
        s.watch.add_guard(p, section, s.public_vp, events, "built")
        self._to_after_use(s, p, s.phase)
        return events

    def _use_melisandre(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        _, replaced, substitute = a
        events: list[Event] = []
        paid = _substituted(DEV_CARD_COST, replaced, substitute)
        self._begin_use(s, p, events, paid=named_counts(paid))
        s._pay(p, paid)
        self.hero_choice = s.dev_deck[-3:][::-1]  # the top 3 cards, top first
        events.append(
            Event(
                "melisandre_cards",
                {"player": p, "count": len(self.hero_choice)},
                {"cards": [s.dev_card_id(c) for c in self.hero_choice]},
                (p,),
            )
        )
        self.hero_actor = p
        self.hero_resume = s.phase
        s.phase = HERO_MELISANDRE
        return events

    def _melisandre_pick(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        card = self.hero_choice[a[1]]
        s.dev_deck.pop(len(s.dev_deck) - 1 - a[1])
        s.rng.shuffle(s.dev_deck)
        s.dev_hands[p][card] += 1
        s.dev_bought_this_turn[p][card] += 1
        self.hero_choice = []
        events = [Event("bought_dev", {"player": p, "melisandre": True}, {"card": s.dev_card_id(card)}, (p,))]
        self._to_after_use(s, p, self.hero_resume)
        return events

    def _use_mance(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        victim = a[1]
        events: list[Event] = []
        self._begin_use(s, p, events, victim=victim)
        events.append(
            Event(
                "looked_at_hand",
                {"player": p, "victim": victim},
                {"hand": {RESOURCES[r]: n for r, n in enumerate(s.hands[victim]) if n}},
                (p, victim),
            )
        )
        self.hero_choice = [victim]
        self.hero_actor = p
        self.hero_resume = s.phase
        s.phase = HERO_MANCE
        return events

    def _mance_take(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        victim, r = self.hero_choice[0], a[1]
        s.hands[victim][r] -= 1
        s.hands[p][r] += 1
        self.hero_choice = []
        events = [
            Event(
                "stole",
                {"player": p, "victim": victim, "hero": "mance"},
                {"resource": RESOURCES[r]},
                (p, victim),
            )
        ]
        self._to_after_use(s, p, self.hero_resume)
        return events

    def _use_benjen(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        _, area, index = a
        events: list[Event] = []
        if area < len(CLANS):
            s.north.camps[area].pop(index)  # the colder camps move one closer
            where = f"{CLANS[area]} camp {index + 1}"
        else:
            s.north.clearings[area - len(CLANS)].pop()
            where = f"clearing {area - len(CLANS) + 1}"
        s.north.wildlings_returned += 1
        self._begin_use(s, p, events, removed_from=where)
        resume = s.phase
        north = s.north
        north.reveal(s, north.draw_pool_token(s.rng, events), events, "benjen")
        if s.phase != PRE_ROLL and s.phase != MAIN:
            return events  # the new wildling ended the game
        self._to_after_use(s, p, resume)
        return events

    def _use_ygritte(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        self._begin_use(s, p, events, hex=a[1])
        s.north.return_from_gift(a[1])
        self._to_after_use(s, p, s.phase)
        return events

    def _use_yoren(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        self._begin_use(s, p, events)
        s.knights_played[p] -= 1
        s._settle_special_card(LARGEST_ARMY, events)
        s.watch.add_guard(p, a[1], s.public_vp, events, "yoren")
        self._to_after_use(s, p, s.phase)
        return events

    def _use_qhorin(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        events: list[Event] = []
        left = s.robber
        r = s.board.hex_resource[left]
        got = r >= 0 and s.bank[r] > 0
        self._begin_use(s, p, events, hex=left, resource=RESOURCES[r] if got else None)
        s.robber = -1
        if got:
            s.bank[r] -= 1
            s.hands[p][r] += 1
        events.append(Event("robber_moved", {"player": p, "hex": None}))
        self._to_after_use(s, p, s.phase)
        return events

    # -- after use ------------------------------------------------------------------------------------
    def _hero_flip(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        self.hero_b_side[p] = 1
        s.phase = self.hero_resume
        self.hero_actor = -1
        self.hero_choice = []
        return [Event("hero_flipped", {"player": p, "hero": HERO_IDS[self.hero[p]]})]

    def _hero_swap(self, s: HeroesHost, p: int, a: Action) -> list[Event]:
        old, new = self.hero[p], a[1]
        self.hero_display.remove(new)
        self.hero_display.append(old)
        self.hero_display.sort()
        self.hero[p] = new
        self.hero_b_side[p] = 0
        self.hero_taken_turn[p] = s.turn
        s.phase = self.hero_resume
        self.hero_actor = -1
        self.hero_choice = []
        return [Event("hero_swapped", {"player": p, "returned": HERO_IDS[old], "took": HERO_IDS[new]})]

    # -- views ------------------------------------------------------------------------------------------
    def view(self, s: HeroesHost, view: dict[str, JSON], viewer: int | None) -> None:
        view["heroes"] = [
            {
                "seat": p,
                "hero": None if self.hero[p] < 0 else HERO_IDS[self.hero[p]],
                "side": "B" if self.hero_b_side[p] else "A",
                "ready": self.hero_ready(s, p),
            }
            for p in range(s.n)
        ]
        view["hero_display"] = [HERO_IDS[h] for h in self.hero_display]
        if s.phase == HERO_AFTER_USE and self.hero[self.hero_actor] == MORMONT:
            # The demand's outcome is public (a 1:1 exchange leaves every hand size as it was).
            view["mormont_handed_over"] = list(self.hero_choice)
        if s.phase == HERO_MELISANDRE and viewer == self.hero_actor:
            view["melisandre_cards"] = [s.dev_card_id(c) for c in self.hero_choice]
        if s.phase == HERO_MANCE and viewer == self.hero_actor:
            victim = self.hero_choice[0]
            view["mance_hand"] = {RESOURCES[r]: n for r, n in enumerate(s.hands[victim])}


# Each hero's legal uses: adds them to the list.
_HERO_OPTIONS: Final[dict[int, Callable[[Heroes, HeroesHost, int, list[Action]], None]]] = {
    MORMONT: Heroes._mormont_options,
    MARSH: Heroes._marsh_options,
    TARLY: Heroes._no_options,
    OTHELL: Heroes._othell_options,
    THORNE: Heroes._thorne_options,
    MELISANDRE: Heroes._melisandre_options,
    MANCE: Heroes._mance_options,
    BENJEN: Heroes._benjen_options,
    YGRITTE: Heroes._ygritte_options,
    YOREN: Heroes._yoren_options,
    QHORIN: Heroes._qhorin_options,
}

# The hero actions, by kind: (the heroes' method that does it, the codec's fields, in order); the
# state passes each on (see ``rules.py``, whose table of actions includes these).
HERO_ACTIONS: Final[
    dict[str, tuple[Callable[[Heroes, HeroesHost, int, Action], list[Event]], list[tuple[str, str]]]]
] = {
    "use_mormont": (
        Heroes._use_mormont,
        [
            ("resource", "res"),
            ("first", "int"),
            ("give_first", "res"),
            ("second", "int?"),
            ("give_second", "res?"),
        ],
    ),
    "use_marsh": (Heroes._use_marsh, [("give", "res"), ("get", "res")]),
    "use_tarly": (Heroes._use_tarly, [("resource", "res")]),
    "hero_pass": (Heroes._hero_pass, []),
    "use_othell": (Heroes._use_othell, [("remove", "int"), ("build", "int")]),
    "use_thorne": (Heroes._use_thorne, [("section", "int"), ("replace", "res"), ("with", "res")]),
    "use_melisandre": (Heroes._use_melisandre, [("replace", "res?"), ("with", "res?")]),
    "melisandre_pick": (Heroes._melisandre_pick, [("index", "int")]),
    "use_mance": (Heroes._use_mance, [("victim", "int")]),
    "mance_take": (Heroes._mance_take, [("resource", "res")]),
    "use_benjen": (Heroes._use_benjen, [("area", "int"), ("index", "int")]),
    "use_ygritte": (Heroes._use_ygritte, [("hex", "int")]),
    "use_yoren": (Heroes._use_yoren, [("section", "int")]),
    "use_qhorin": (Heroes._use_qhorin, []),
    "hero_flip": (Heroes._hero_flip, []),
    "hero_swap": (Heroes._hero_swap, [("hero", "int")]),
}
