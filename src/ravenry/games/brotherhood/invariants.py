"""What must hold in every ``brotherhood`` state, and what each seat must not learn: the
conformance hooks of Brotherhood of the Watch.

:class:`BrotherhoodInvariants` extends the ``got-catan`` checks (the Gift, Tormund's camp, 2:1
trade routes, the 25-card deck with New Recruits) with the Wall, the wildlings and the heroes:

- wildlings are conserved (``wildlings_created`` = camps + clearings + Gift + returned); a clan
  never rests with 5 wildlings (the 5th causes a rush); clearings hold only regular wildlings,
  never more than the guards facing them while the game goes on; at most 2 wildlings per Gift
  hex, and 8 or more in the Gift, or 3 breaches, only once the game is over;
- the 57 wildling tokens are conserved (pool + face up + under the building cost cards, as a
  multiset), with one token under each settlement and two under each keep left on a card;
- at most 5 guards per section, 7 per player (on the Wall + in the supply), and visible points
  recounted with the guard VP tokens at 3 and 5 guards;
- how the game ended: 10 VP only at the end of the winner's own turn; a siege end (3 breaches,
  8 wildlings) won by :meth:`siege_winners`;
- every hero exactly once among the players and the display; hero phases have a valid actor and
  the right pending choice (Mance's victim, Melisandre's cards = the top of the deck).

:func:`scramble_hidden` changes what classic Catan hides (others' hands and development cards,
the deck, the RNG) plus the face-down wildling tokens (pool and building cost cards, keeping
their counts); it keeps what a hero showed the viewer (Melisandre's top 3 cards, the hand Mance
is looking at).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from ravenry.core.protocol import GameState
from ravenry.core.rng import Rng
from ravenry.games.brotherhood.data import (
    BREACHES_TO_END,
    CAMPS_PER_CLAN,
    CLANS,
    GIFT_WILDLINGS_TO_END,
    GUARDS_PER_PLAYER,
    MAX_WILDLINGS_PER_HEX,
    REGULAR,
    SECTIONS,
    SETTLEMENT_TOKENS,
    SPACES_PER_SECTION,
    TOKENS_PER_KEEP,
    WILDLING_TYPES,
    all_tokens,
)
from ravenry.games.brotherhood.heroes import (
    HERO_AFTER_USE,
    HERO_MANCE,
    HERO_MELISANDRE,
    HERO_PHASES,
    HERO_TARLY,
    HEROES,
    MORMONT,
    TARLY,
)
from ravenry.games.brotherhood.rules import SETUP_GUARD, BrotherhoodState
from ravenry.games.brotherhood.wall import guard_tokens
from ravenry.games.catan.data import KNIGHT, NEW_RECRUITS
from ravenry.games.catan.invariants import CatanInvariants, _redeal_dev_cards, _redeal_resources
from ravenry.games.catan.rules import CatanState
from ravenry.games.catan.scoring import recount_vp
from ravenry.games.catan.state import MAIN, OVER, PRE_ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from ravenry.games.got_catan.invariants import GotCatanInvariants

WallKey = tuple[tuple[int, ...], ...]


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise AssertionError(message)


class BrotherhoodInvariants(GotCatanInvariants):
    """Callable: ``BrotherhoodInvariants()(state)`` raises AssertionError naming the broken rule."""

    progress_plays: ClassVar[dict[str, int]] = {
        **CatanInvariants.progress_plays,
        "play_new_recruits": NEW_RECRUITS,
        # Yoren discards a played ranger patrol: it leaves knights_played but stays used up.
        "use_yoren": KNIGHT,
    }

    def __init__(self) -> None:
        super().__init__()
        self._wall_seen: WallKey | None = None
        # (history list, entries scanned, players who used Othell Yarwyck): histories only grow.
        self._othell: tuple[list[Any], int, frozenset[int]] | None = None

    def __call__(self, state: GameState) -> None:
        _require(isinstance(state, BrotherhoodState), f"not a brotherhood state: {type(state).__name__}")
        assert isinstance(state, BrotherhoodState)
        # Catan memoises the visible points on the pieces and special cards; guards count too.
        wall: WallKey = tuple(tuple(section) for section in state.watch.sections)
        if wall != self._wall_seen:
            self._vp_memo = None
            self._wall_seen = wall
        self.check_wall(state)  # first: the points recounted below rest on it
        super().__call__(state)
        self.check_wildlings(state)
        self.check_tokens(state)
        self.check_end(state)
        self.check_heroes(state)

    # -- adapted Catan checks -------------------------------------------------------------------
    def expected_public_vp(self, s: CatanState, p: int) -> int:
        """Buildings, Longest Road and Largest Patrol (1 VP each here), and guard VP tokens."""
        assert isinstance(s, BrotherhoodState)
        guards = sum(owner == p for section in s.watch.sections for owner in section)
        return recount_vp(s, p) + guard_tokens(guards)

    def check_phase(self, s: CatanState) -> None:
        """Set-up's guard round is part of turn 0; the rest is Catan's bookkeeping."""
        if s.phase != SETUP_GUARD:
            super().check_phase(s)
            return
        _require(0 <= s.current < s.n, f"current player {s.current}")
        _require(s.turn == 0, f"the set-up guard round in turn {s.turn}")
        _require(not any(s.discards_owed), "discards owed during set-up")
        _require(s.dice is None and s.offer is None, "dice or an offer during set-up")

    def _check_network(self, s: CatanState, p: int, setting_up: bool) -> None:
        """Catan's, except that Othell Yarwyck may lift a building's only road: the card asks only
        that the road be connected at one end, so his users may keep buildings without roads."""
        super()._check_network(s, p, setting_up or p in self.othell_users(s))

    def othell_users(self, s: CatanState) -> frozenset[int]:
        """Players who have used Othell Yarwyck, from the history (incrementally)."""
        memo, history = self._othell, s.history
        if (
            memo is not None
            and memo[1] <= len(history)
            and (memo[0] is history or history[: memo[1]] == memo[0][: memo[1]])
        ):
            start, users = memo[1], memo[2]
        else:
            start, users = 0, frozenset()
        users = users.union(p for p, action in history[start:] if action[0] == "use_othell")
        self._othell = (history, len(history), users)
        return users

    def check_special_cards(self, s: CatanState, trails: list[int]) -> None:
        """Catan's, except that Largest Patrol may stay set aside while the most patrols are
        tied (Yoren discarded the holder's patrol and nobody has strictly the most)."""
        knights = s.knights_played
        most = max(knights)
        if s.largest_army_holder < 0 and most >= s.rules.largest_army_min:
            _require(knights.count(most) > 1, f"nobody holds Largest Patrol although one player has {most}")
            saved = s.knights_played
            s.knights_played = [0] * s.n  # only for the Longest Road part of Catan's check
            try:
                super().check_special_cards(s, trails)
            finally:
                s.knights_played = saved
            return
        super().check_special_cards(s, trails)

    # -- the Wall -------------------------------------------------------------------------------
    def check_wall(self, s: BrotherhoodState) -> None:
        wall = s.watch
        _require(len(wall.sections) == SECTIONS, f"{len(wall.sections)} wall sections")
        on_wall = [0] * s.n
        for i, section in enumerate(wall.sections):
            _require(isinstance(section, list), f"wall section {i} is not a list of guards")
            _require(len(section) <= SPACES_PER_SECTION, f"wall section {i} holds {len(section)} guards")
            for owner in section:
                _require(0 <= owner < s.n, f"a guard of player {owner} on section {i}")
                on_wall[owner] += 1
        for p in range(s.n):
            _require(wall.guards_left[p] >= 0, f"player {p} has {wall.guards_left[p]} guards in supply")
            _require(
                wall.guards_left[p] + on_wall[p] == GUARDS_PER_PLAYER,
                f"player {p}: {on_wall[p]} guards on the Wall + {wall.guards_left[p]} in supply",
            )

    # -- the wildlings ----------------------------------------------------------------------------
    def check_wildlings(self, s: BrotherhoodState) -> None:
        north = s.north
        over = s.phase == OVER
        kinds = range(len(WILDLING_TYPES))
        _require(len(north.camps) == len(CLANS), f"{len(north.camps)} clan areas")
        for c, camp in enumerate(north.camps):
            _require(all(k in kinds for k in camp), f"clan {c} camps hold {camp}")
            _require(len(camp) < CAMPS_PER_CLAN, f"clan {c} rests with {len(camp)} wildlings (a 5th rushes)")
        _require(len(north.clearings) == SECTIONS, f"{len(north.clearings)} clearings")
        for i, crowd in enumerate(north.clearings):
            _require(all(k == REGULAR for k in crowd), f"clearing {i} holds {crowd}: only regulars wait")
            guards = len(s.watch.sections[i])
            if not over:
                _require(
                    len(crowd) <= guards,
                    f"clearing {i}: {len(crowd)} wildlings against {guards} guards and no breach",
                )
        _require(len(north.gift) == s.board.topo.n_hexes, f"{len(north.gift)} Gift hexes")
        for h, ws in enumerate(north.gift):
            _require(all(k in kinds for k in ws), f"Gift hex {h} holds {ws}")
            _require(len(ws) <= MAX_WILDLINGS_PER_HEX, f"Gift hex {h} holds {len(ws)} wildlings")
        in_gift = north.wildlings_in_gift()
        beyond_wall = sum(map(len, north.camps)) + sum(map(len, north.clearings))
        _require(
            north.wildlings_created == beyond_wall + in_gift + north.wildlings_returned,
            f"wildlings created {north.wildlings_created} != north of the Wall {beyond_wall} + Gift {in_gift}"
            f" + returned {north.wildlings_returned}",
        )
        _require(0 <= north.breaches <= BREACHES_TO_END, f"{north.breaches} breaches")
        if not over:
            _require(north.breaches < BREACHES_TO_END, f"{north.breaches} breaches but the game goes on")
            _require(in_gift < GIFT_WILDLINGS_TO_END, f"{in_gift} wildlings in the Gift but the game goes on")

    # -- the tokens -------------------------------------------------------------------------------
    def check_tokens(self, s: BrotherhoodState) -> None:
        north = s.north
        held = [t for p in range(s.n) for t in (*north.settlement_tokens[p], *north.keep_tokens[p])]
        everywhere = Counter(north.token_pool) + Counter(north.tokens_used) + Counter(held)
        _require(
            everywhere == Counter(all_tokens()),
            f"wildling tokens: pool {len(north.token_pool)} + used {len(north.tokens_used)} + on cards"
            f" {len(held)} are not the 57 tokens",
        )
        setting_up = s.phase in (SETUP_SETTLEMENT, SETUP_ROAD)
        for p in range(s.n):
            under_settlements = len(north.settlement_tokens[p])
            if setting_up:
                _require(under_settlements == SETTLEMENT_TOKENS, f"player {p}: {under_settlements} tokens")
            else:
                _require(
                    under_settlements == s.settlements_left[p],
                    f"player {p}: {under_settlements} tokens under {s.settlements_left[p]} settlements",
                )
            _require(
                len(north.keep_tokens[p]) == TOKENS_PER_KEEP * s.cities_left[p],
                f"player {p}: {len(north.keep_tokens[p])} tokens under {s.cities_left[p]} keeps",
            )

    # -- the end ------------------------------------------------------------------------------------
    def check_end(self, s: BrotherhoodState) -> None:
        if s.phase != OVER:
            _require(not s.siege_tie, f"a siege tie {s.siege_tie} before the end")
            return
        result = s.result()
        _require(result is not None, "the game is over without a result")
        assert result is not None
        reason = s.end_reason
        if reason == f"{s.rules.victory_points} victory points":
            last = s.history[-1] if s.history else None
            _require(
                last is not None and last[1] == ("end_turn",) and result.winners == (last[0],),
                f"10 VP won by {result.winners} other than at the end of the winner's turn ({last})",
            )
            return
        breaches = s.north.breaches
        if reason.startswith("the Wall was breached"):
            _require(breaches == BREACHES_TO_END, f"ended by breaches with {breaches}")
        else:
            in_gift = s.north.wildlings_in_gift()
            _require(
                reason.endswith("wildlings in the Gift") and in_gift >= GIFT_WILDLINGS_TO_END,
                f"the game ended ({reason!r}) with {breaches} breaches and {in_gift} wildlings in the Gift",
            )
        _require(
            result.winners == s.siege_winners(),
            f"siege won by {result.winners}, most guards: {s.siege_winners()}",
        )

    # -- the heroes -----------------------------------------------------------------------------------
    def check_heroes(self, s: BrotherhoodState) -> None:
        heroes = s.heroes
        _require(
            sorted([*heroes.hero, *heroes.hero_display]) == list(range(len(HEROES))),
            f"heroes {heroes.hero} + display {heroes.hero_display} are not each hero once",
        )
        _require(
            heroes.hero_display == sorted(heroes.hero_display),
            f"display {heroes.hero_display} not in order",
        )
        _require(all(b in (0, 1) for b in heroes.hero_b_side), f"hero sides {heroes.hero_b_side}")
        _require(
            heroes.tarly_due == -1,
            f"Samwell Tarly's offer {heroes.tarly_due} left pending between actions",
        )
        phase = s.phase
        if phase not in HERO_PHASES:
            if phase != OVER:
                _require(heroes.hero_actor == -1, f"hero actor {heroes.hero_actor} outside the hero phases")
                _require(not heroes.hero_choice, f"hero choice {heroes.hero_choice} outside the hero phases")
            return
        actor = heroes.hero_actor
        _require(0 <= actor < s.n, f"hero phase {s.phase_name()} without an actor ({actor})")
        _require(heroes.hero_resume in (PRE_ROLL, MAIN), f"hero phase resumes phase {heroes.hero_resume}")
        if phase == HERO_TARLY:
            _require(heroes.hero[actor] == TARLY, f"player {actor} answers for Samwell Tarly without him")
            _require(
                heroes.hero_resume == MAIN and s.dice is not None and sum(s.dice) != 7, "Tarly off a roll"
            )
            return
        if phase == HERO_AFTER_USE:
            _require(heroes.hero_used_turn[actor] == s.turn, f"player {actor} chooses after no use this turn")
            _require(
                actor == s.current or heroes.hero[actor] == TARLY, f"player {actor} used a hero off turn"
            )
            # Only Jeor Mormont leaves something on the table: who handed over the demanded card.
            gave = heroes.hero_choice
            _require(
                not gave
                or (heroes.hero[actor] == MORMONT and len(set(gave)) == len(gave) <= 2 and actor not in gave),
                f"after {HEROES[heroes.hero[actor]].name}: hero choice {gave}",
            )
            return
        _require(actor == s.current, f"player {actor} answers a hero's question in {s.current}'s turn")
        if phase == HERO_MANCE:
            _require(len(heroes.hero_choice) == 1, f"Mance's victim {heroes.hero_choice}")
            victim = heroes.hero_choice[0]
            _require(0 <= victim < s.n and victim != actor, f"Mance looks at player {victim}'s hand")
            _require(any(s.hands[victim]), "Mance looks at an empty hand")
        elif phase == HERO_MELISANDRE:
            shown = len(heroes.hero_choice)
            _require(1 <= shown <= 3, f"Melisandre shows {shown} cards")
            _require(
                heroes.hero_choice == s.dev_deck[len(s.dev_deck) - shown :][::-1],
                f"Melisandre shows {heroes.hero_choice}, the deck's top is {s.dev_deck[-shown:][::-1]}",
            )


def scramble_hidden(state: GameState, viewer: int | None, rng: Rng) -> GameState:
    """A copy of ``state`` with everything hidden from ``viewer`` changed at random."""
    if not isinstance(state, BrotherhoodState):
        raise TypeError(f"not a brotherhood state: {type(state).__name__}")
    s = state.clone()
    assert isinstance(s, BrotherhoodState)
    others = [q for q in range(s.n) if q != viewer]
    heroes = s.heroes
    acting = viewer is not None and viewer == heroes.hero_actor
    # Mance's user is looking at the victim's hand: it stays as it is for them.
    shown_hand = heroes.hero_choice[0] if acting and s.phase == HERO_MANCE else -1
    _redeal_resources(s, [q for q in others if q != shown_hand], rng)
    # Melisandre's user has seen the top cards of the deck: they stay on top, in order.
    melisandre = s.phase == HERO_MELISANDRE
    seen_top: list[int] = []
    if melisandre and acting:
        cut = len(s.dev_deck) - len(heroes.hero_choice)
        s.dev_deck, seen_top = s.dev_deck[:cut], s.dev_deck[cut:]
    _redeal_dev_cards(s, others, rng)
    s.dev_deck += seen_top
    if melisandre and not acting:
        heroes.hero_choice = s.dev_deck[len(s.dev_deck) - len(heroes.hero_choice) :][::-1]
    _redeal_tokens(s, rng)
    s.rng = Rng(s.rng.state ^ ((rng.next_u32() << 32) | rng.next_u32() | 1))
    s.forget_legal_actions()
    return s


def _redeal_tokens(s: BrotherhoodState, rng: Rng) -> None:
    """Face-down tokens (the pool and those under every building cost card) are unknown to all:
    mix them and deal each place as many as before."""
    north = s.north
    pool = [
        *north.token_pool,
        *(t for p in range(s.n) for t in (*north.settlement_tokens[p], *north.keep_tokens[p])),
    ]
    rng.shuffle(pool)

    def take(count: int) -> list[int]:
        dealt = pool[len(pool) - count :]
        del pool[len(pool) - count :]
        return dealt

    north.settlement_tokens = [take(len(tokens)) for tokens in north.settlement_tokens]
    north.keep_tokens = [take(len(tokens)) for tokens in north.keep_tokens]
    north.token_pool = pool
