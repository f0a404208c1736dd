"""Seeded random games of Brotherhood of the Watch (``brotherhood``) through the conformance kit.

1,008 games in the broad sweep (3 and 4 players on the standard, variable and random Gift) with
the expensive checks on every 150th step (about 4 times a game, at a random phase), a dense sweep
with them on every 4th step, a siege sweep whose policy builds guards eagerly and never sends
wildlings back (random play ends by 10 VP or 3 breaches, by 8 wildlings in the Gift in only 1 of
the 1,008 games). :class:`BrotherhoodInvariants` runs after every step of every game; the replay
and record checks on every even seed. The checks every Catan-family game shares (step cap, fixed
set-up, same seed) are in ``test_catan_family_conformance.py``.

Then the checks on their own: the hero moments whose secrets the scramble must keep (Melisandre's
cards, Mance's look), the siege's edge cases that once broke them, and each invariant shown to
fail on a state broken in exactly that way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace

import pytest
from conftest import sweep_chunks, sweep_seeds

import ravenry
from ravenry.core.protocol import GameState
from ravenry.core.rng import Rng
from ravenry.games.brotherhood.heroes import HERO_MANCE, HERO_MELISANDRE, MANCE, MELISANDRE
from ravenry.games.brotherhood.invariants import BrotherhoodInvariants, scramble_hidden
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.brotherhood.scenario import BrotherhoodPosition, rig_dice, wildling_token
from ravenry.games.brotherhood.wildlings import column_hexes
from ravenry.games.catan.data import KNIGHT
from ravenry.games.catan.state import OVER
from ravenry.testing import (
    ConformanceResult,
    GameChecks,
    PlayoutSettings,
    choose_action,
    play_checked,
)

GAME = "brotherhood"
BOARDS = ("standard", "variable", "random")
CHUNKS = 4
GAMES_PER_CHUNK = 42  # 2 player counts x 3 boards x 4 chunks x 42 = 1,008 games
MAX_STEPS = 3000  # random games need 500-900 steps
SAMPLE_EVERY = 150  # the expensive checks about 4 times a game

# The siege sweep: guards everywhere make big breaches, nothing sends wildlings back, and long
# roads pass Longest Road around (each take reveals a token). About 5% of its games end with 8
# wildlings in the Gift, against 1 in 1,008 of the broad sweep.
SIEGE_WEIGHTS = {
    "build_guard": 40.0,
    "patrol_wildling": 0.0,
    "use_ygritte": 0.0,
    "buy_dev": 0.5,
    "maritime_trade": 20.0,
    "build_road": 10.0,
}
HERO_USES = ("use_mormont", "use_marsh", "use_tarly", "use_othell", "use_thorne", "use_melisandre")
HERO_USES += ("use_mance", "use_benjen", "use_ygritte", "use_yoren", "use_qhorin")


def ending(state: GameState) -> str:
    """How a game ended: points, breaches, wildlings, or capped."""
    result = state.decision().result
    if result is None:
        return "capped"
    if result.reason.endswith("victory points"):
        return "points"
    if result.reason.startswith("the Wall was breached"):
        return "breaches"
    assert result.reason.endswith("wildlings in the Gift"), result.reason
    return "wildlings"


def play_all(
    seeds: Iterable[int],
    players: Callable[[int], int],
    board: Callable[[int], str],
    checks: GameChecks,
    settings: PlayoutSettings,
    **options: str,
) -> tuple[ConformanceResult, Counter[str]]:
    """Every seed's game checked; the counts and how the games ended."""
    result = ConformanceResult()
    endings: Counter[str] = Counter()
    for seed in seeds:
        state = play_checked(
            GAME,
            seed,
            players=players(seed),
            options={"board": board(seed), **options},
            checks=checks,
            settings=settings,
            result=result,
        )
        endings[ending(state)] += 1
    return result, endings


@pytest.mark.parametrize("chunk", sweep_chunks(CHUNKS))
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", [3, 4])
def test_random_games(players: int, board: str, chunk: int, brotherhood_checks: GameChecks) -> None:
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=SAMPLE_EVERY, replay_every_game=2)
    result, endings = play_all(
        sweep_seeds(players, BOARDS.index(board), chunk, GAMES_PER_CHUNK),
        lambda _: players,
        lambda _: board,
        brotherhood_checks,
        settings,
    )
    assert result.games == GAMES_PER_CHUNK
    assert result.finished >= 0.95 * result.games, f"only {result.finished} of {result.games} games finished"
    assert endings["points"] and endings["breaches"], f"endings {dict(endings)}"
    assert result.replays >= result.games // 2
    assert result.sampled_steps >= 2 * result.games  # every game lasts more than 300 steps
    assert result.clone_applications > result.sampled_steps
    assert result.refusals > 10 * result.sampled_steps
    assert result.scrambled_views == result.sampled_steps * (players + 1)
    assert result.scrambled_event_views > 0
    assert set(result.winners) <= set(range(players))
    kinds = set(result.action_types)
    assert {"place_guard", "build_guard", "hero_flip", "hero_swap", "patrol_wildling"} <= kinds
    assert len(kinds & set(HERO_USES)) >= 8, f"heroes used: {sorted(kinds & set(HERO_USES))}"


def test_siege_sweep_ends_all_three_ways(brotherhood_checks: GameChecks) -> None:
    """With guards built eagerly and no wildling ever sent back, breaches carry many wildlings
    over the Wall: some games end with 8 in the Gift, others by 3 breaches or 10 VP."""
    checks = replace(
        brotherhood_checks, action_weights={**brotherhood_checks.action_weights, **SIEGE_WEIGHTS}
    )
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=SAMPLE_EVERY, replay_every_game=2)
    result, endings = play_all(
        range(900_000, 900_100), lambda s: 3 + s % 2, lambda s: BOARDS[s % 3], checks, settings
    )
    assert result.finished >= 0.95 * result.games
    assert endings["points"] and endings["breaches"] and endings["wildlings"], f"endings {dict(endings)}"
    assert result.sampled_steps >= result.games


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", [3, 4])
def test_dense_checks(players: int, board: str, brotherhood_checks: GameChecks) -> None:
    """A few games with the full battery on every fourth step, so rare moments get it too."""
    settings = PlayoutSettings(max_steps=MAX_STEPS, sample_every=4, clone_actions_per_type=10)
    result, _ = play_all(
        sweep_seeds(players, BOARDS.index(board), 0, 2, base=50_000),
        lambda _: players,
        lambda _: board,
        brotherhood_checks,
        settings,
    )
    assert result.finished == result.games == 2
    assert result.sampled_steps >= result.steps // 4 - 2
    kinds = set(result.action_types)
    assert {"roll", "place_guard", "build_guard", "build_settlement", "hero_flip"} <= kinds
    assert result.scrambled_event_views > result.sampled_steps


# -- hero secrets under the scramble ------------------------------------------------------------------
ALICE, BOB, CARA = 0, 1, 2
VIEWERS: tuple[int | None, ...] = (0, 1, 2, 3, None)


def _scrambles_keep_views(state: BrotherhoodState) -> dict[int | None, BrotherhoodState]:
    twins = {}
    for seed, viewer in enumerate(VIEWERS):
        twin = scramble_hidden(state, viewer, Rng.from_seed(seed))
        assert isinstance(twin, BrotherhoodState)
        assert twin.observe(viewer) == state.observe(viewer), viewer
        BrotherhoodInvariants()(twin)
        twins[viewer] = twin
    return twins


def test_melisandres_cards_stay_on_top_for_her_user_only() -> None:
    pos = BrotherhoodPosition(players=4).hero(ALICE, "melisandre")
    pos.hand(ALICE, ore=1, grain=1, wool=1).hand(BOB, brick=2).turn(ALICE, "main")
    state = pos.state
    state.apply(ALICE, ("use_melisandre", -1, -1))
    assert state.phase == HERO_MELISANDRE and state.heroes.hero[ALICE] == MELISANDRE
    shown = list(state.heroes.hero_choice)
    twins = _scrambles_keep_views(state)
    assert twins[ALICE].heroes.hero_choice == shown and twins[ALICE].dev_deck[-3:] == state.dev_deck[-3:]
    assert twins[ALICE].legal_actions(ALICE) == state.legal_actions(ALICE)
    # Everyone else's twin shows a reshuffled deck, and Melisandre's choice follows its top.
    moved = [v for v in VIEWERS if v != ALICE and twins[v].dev_deck != state.dev_deck]
    assert moved, "the deck was never reshuffled for the other viewers"
    for viewer in VIEWERS[1:]:
        assert twins[viewer].heroes.hero_choice == twins[viewer].dev_deck[-3:][::-1]


def test_the_hand_mance_looks_at_stays_for_his_user_only() -> None:
    pos = BrotherhoodPosition(players=4).hero(ALICE, "mance")
    pos.settlement(ALICE, pos.node(0, "S")).road(ALICE, pos.edge(0, "SE"))
    pos.settlement(BOB, pos.node(10, "S"), pos.node(20, "S"))
    pos.road(BOB, pos.edge(10, "SE"), pos.edge(20, "SE"))
    pos.hand(BOB, ore=2, lumber=1).hand(CARA, wool=2, grain=1)
    state = pos.turn(ALICE, "main").state
    state.apply(ALICE, ("use_mance", BOB))
    assert state.phase == HERO_MANCE and state.heroes.hero[ALICE] == MANCE
    twins = _scrambles_keep_views(state)
    assert twins[ALICE].hands[BOB] == state.hands[BOB]
    assert twins[ALICE].legal_actions(ALICE) == state.legal_actions(ALICE)
    assert any(twins[v].hands[BOB] != state.hands[BOB] for v in (CARA, 3, None))


def test_face_down_tokens_are_mixed_keeping_their_counts() -> None:
    state = BrotherhoodPosition(players=3).turn(ALICE, "main").state
    twin = scramble_hidden(state, ALICE, Rng.from_seed(5))
    assert isinstance(twin, BrotherhoodState)
    assert [len(t) for t in twin.north.settlement_tokens] == [len(t) for t in state.north.settlement_tokens]
    assert [len(t) for t in twin.north.keep_tokens] == [len(t) for t in state.north.keep_tokens]
    assert (
        len(twin.north.token_pool) == len(state.north.token_pool)
        and twin.north.tokens_used == state.north.tokens_used
    )
    assert (twin.north.token_pool, twin.north.settlement_tokens) != (
        state.north.token_pool,
        state.north.settlement_tokens,
    )


# -- the siege's edge cases -------------------------------------------------------------------------------
def test_a_rush_whose_first_wildling_ends_the_game_keeps_the_second_in_camp() -> None:
    """The third breach ends the game at once: the second rushing wildling never leaves its camp,
    and every wildling is still accounted for."""
    pos = BrotherhoodPosition(players=4).breaches(2)
    pos.camp("cave people", "regular", "climber", "regular", "regular")
    pos.settlement_tokens(ALICE, wildling_token("cave people", "regular"))
    pos.guards(2, CARA).guards(3, CARA).guards(0, BOB)
    pos.settlement(ALICE, 21).road_path(ALICE, [21, 28, 22]).hand(ALICE, brick=2, lumber=2, grain=1, wool=1)
    state = pos.turn(ALICE, "main").state
    state.apply(ALICE, ("build_settlement", 22))
    assert state.phase == OVER and state.north.breaches == 3
    assert state.north.camps[1][0] == 1  # the climber is still at camp 1
    BrotherhoodInvariants()(state)


def test_a_breach_stops_at_the_eighth_wildling_in_the_gift() -> None:
    """At most 2 wildlings per hex: once the eighth is in the Gift the game is over and the rest
    of the breaching wildlings stay in the clearing."""
    pos = BrotherhoodPosition(players=4)
    column = column_hexes(pos.state.board, 1)
    for h, count in zip(column, (2, 2, 2, 1), strict=True):
        pos.gift_wildlings(h, *["regular"] * count)
    pos.guards(1, ALICE, BOB).clearing(1, "regular", "regular").camp("ice river", "regular")
    state = pos.turn(ALICE, "pre_roll").state
    rig_dice(state, 1, 2, 3)  # wildling die 3: Ice River camp 1 to clearing 2; 3 against 2 guards
    state.apply(ALICE, ("roll",))
    assert state.end_reason == "8 wildlings in the Gift"
    assert [len(state.north.gift[h]) for h in column] == [2, 2, 2, 2]
    assert state.north.clearings[1] == [0, 0]
    BrotherhoodInvariants()(state)


# -- each invariant fires ----------------------------------------------------------------------------------
def _midgame() -> BrotherhoodState:
    """A random 4-player game in its main phase after 300 steps, with guards on the Wall and
    wildlings in the camps (the invariants hold in it)."""
    checks = GameChecks(action_weights={"build_guard": 20.0, "end_turn": 0.3})
    for seed in range(20):
        state = ravenry.new_game(GAME, players=4, seed=seed)
        assert isinstance(state, BrotherhoodState)
        policy = Rng.from_seed(seed)
        steps = 0
        while not state.decision().over and (steps < 300 or state.phase_name() != "main"):
            player, action = choose_action(state, policy, checks)
            state.apply(player, action)
            steps += 1
        if not state.decision().over and any(state.watch.sections) and any(state.north.camps):
            BrotherhoodInvariants()(state)
            return state
    raise AssertionError("no game reached a midgame position")


def _eight_in_the_gift(s: BrotherhoodState) -> None:
    free = [h for h in range(len(s.north.gift)) if len(s.north.gift[h]) < 2]
    added = 8 - s.north.wildlings_in_gift()
    for h in free[:added]:
        s.north.gift[h].append(0)
    s.north.wildlings_created += added


def _siege_won_by_the_wrong_player(s: BrotherhoodState) -> None:
    s.phase, s.north.breaches, s.end_reason = OVER, 3, "the Wall was breached 3 times"
    s.winner = next(p for p in range(s.n) if p not in s.siege_winners())


def _largest_patrol_set_aside(s: BrotherhoodState, knights: list[int]) -> None:
    """Played patrols taken out of the deck (so the cards stay conserved), card set aside."""
    for p, k in enumerate(knights):
        for _ in range(k):
            s.dev_deck.remove(KNIGHT)
        s.knights_played[p] += k
    if s.largest_army_holder >= 0:
        s.public_vp[s.largest_army_holder] -= s.rules.largest_army_vp
    s.largest_army_holder = -1


BREAKAGES: dict[str, tuple[Callable[[BrotherhoodState], object], str]] = {
    "a wildling from nowhere": (lambda s: s.north.camps[0].insert(0, 0), "wildlings created"),
    "a wildling lost": (
        lambda s: setattr(s.north, "wildlings_returned", s.north.wildlings_returned + 1),
        "created",
    ),
    "a clan resting with five": (lambda s: s.north.camps.__setitem__(0, [0] * 5), "rests with 5"),
    "a giant waiting in a clearing": (lambda s: s.north.clearings.__setitem__(0, [2]), "only regulars"),
    "three on a Gift hex": (lambda s: s.north.gift.__setitem__(0, [0, 0, 0]), "holds 3 wildlings"),
    "eight in the Gift and play goes on": (_eight_in_the_gift, "wildlings in the Gift but the game goes on"),
    "a third breach and play goes on": (
        lambda s: setattr(s.north, "breaches", 3),
        "breaches but the game goes on",
    ),
    "a siege won by the wrong player": (_siege_won_by_the_wrong_player, "siege won by"),
    "a token twice": (lambda s: s.north.token_pool.append(s.north.token_pool[0]), "57 tokens"),
    "a token under no settlement": (
        lambda s: s.north.settlement_tokens[0].append(s.north.token_pool.pop()),
        "under",
    ),
    "a keep token short": (lambda s: s.north.token_pool.append(s.north.keep_tokens[1].pop()), "keeps"),
    "a sixth guard on a section": (
        lambda s: s.watch.sections.__setitem__(0, [0, 1, 0, 1, 0, 1]),
        "holds 6 guards",
    ),
    "a guard from nowhere": (
        lambda s: s.watch.guards_left.__setitem__(2, s.watch.guards_left[2] - 1),
        "supply",
    ),
    "a guard VP token not taken": (lambda s: s.public_vp.__setitem__(0, s.public_vp[0] + 1), "recounted"),
    "a hero twice": (lambda s: s.heroes.hero.__setitem__(1, s.heroes.hero[0]), "each hero once"),
    "a hero phase without an actor": (lambda s: setattr(s, "phase", HERO_MANCE), "actor"),
    "a patrol card vanishing": (lambda s: s.dev_deck.append(KNIGHT), "kind 0"),
    "Largest Patrol set aside from a sole leader": (
        lambda s: _largest_patrol_set_aside(s, [3, 0, 0, 0]),
        "nobody holds Largest Patrol",
    ),
}


@pytest.mark.parametrize("name", sorted(BREAKAGES))
def test_each_invariant_fires(name: str) -> None:
    state = _midgame()
    breakage, message = BREAKAGES[name]
    breakage(state)
    state.forget_legal_actions()
    with pytest.raises(AssertionError, match=message):
        BrotherhoodInvariants()(state)


def test_largest_patrol_may_stay_set_aside_while_the_most_patrols_tie() -> None:
    """After Yoren discards the holder's patrol, a tie for the most leaves the card aside."""
    state = _midgame()
    # Seats 0 and 1 tie for the most, whatever the random game played before.
    most = max(state.knights_played) + 3
    _largest_patrol_set_aside(state, [most - state.knights_played[0], most - state.knights_played[1], 0, 0])
    BrotherhoodInvariants()(state)
