"""The no-peeking check shared by the bot tests: positions of every phase of the three Catan
games, and twins of them whose hidden information is scrambled.

A twin is the game's own ``scramble_hidden`` (the conformance suite's definition of what a seat
cannot know: the others' uncommitted cards redealt in the same hand sizes, their unplayed
development cards and the deck redealt, face-down wildling tokens mixed, the generator
replaced; what Mance's or Melisandre's user is looking at kept). A fair decision-maker — a bot
with a seeded generator, or the sampler — answers the same for the position and its twin.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import ravenry
from ravenry.bots.base import Bot, BotSeat, make_bot
from ravenry.core.errors import IllegalAction
from ravenry.core.protocol import Action, GameState
from ravenry.core.rng import Rng
from ravenry.games.brotherhood.invariants import BrotherhoodInvariants
from ravenry.games.brotherhood.invariants import scramble_hidden as scramble_brotherhood
from ravenry.games.catan.invariants import CatanInvariants
from ravenry.games.catan.invariants import scramble_hidden as scramble_catan
from ravenry.games.catan.state import PHASE_NAMES
from ravenry.games.got_catan.invariants import GotCatanInvariants

GAMES = ("catan", "got-catan", "brotherhood")
SCRAMBLE = {"catan": scramble_catan, "got-catan": scramble_catan, "brotherhood": scramble_brotherhood}
INVARIANTS = {"catan": CatanInvariants, "got-catan": GotCatanInvariants, "brotherhood": BrotherhoodInvariants}
# The phases every game must offer positions of (brotherhood adds its own where they occur).
CORE_PHASES = frozenset(PHASE_NAMES) - {"free_roads", "over"}
# Bots that drive the games to their positions: greedy and random, with frequent offers.
DRIVERS = ("greedy", "random:offer_rate=0.2", "greedy", "random:offers=false")


@dataclass(frozen=True)
class Position:
    """A state, a seat that decides in it, and a twin scrambled for that seat."""

    game_id: str
    seed: int
    step: int
    phase: str
    seat: int
    state: GameState
    twin: GameState


def positions(game_id: str, seeds: range, per_phase: int = 3, every: int = 7) -> list[Position]:
    """Up to ``per_phase`` positions of each phase from random games of ``game_id`` (every
    ``every``-th step, and every position of a rare phase), each with its twin."""
    from ravenry.bots.base import bot_from_spec

    found: dict[str, int] = {}
    out: list[Position] = []
    for seed in seeds:
        state = ravenry.new_game(game_id, players=4, seed=seed)
        seats = [BotSeat(bot_from_spec(spec, game_id)) for spec in DRIVERS]
        rng = Rng.from_seed(seed)
        step = 0
        while not state.decision().over and step < 1500:
            decision = state.decision()
            phase = state.phase_name()  # type: ignore[attr-defined]
            rare = phase not in ("main", "pre_roll", "setup_settlement", "setup_road")
            if (rare or step % every == 0) and found.get(phase, 0) < per_phase * len(seeds):
                seat = decision.players[step % len(decision.players)]
                twin = SCRAMBLE[game_id](state, seat, Rng.from_seed(seed * 7919 + step))
                out.append(Position(game_id, seed, step, phase, seat, state.clone(), twin))
                found[phase] = found.get(phase, 0) + 1
            p = decision.players[0]
            state.apply(p, seats[p].decide(state, p, rng))
            step += 1
    return out


def bot_choice(bot: Bot, state: GameState, seat: int, seed: int) -> Action:
    return BotSeat(bot).decide(state, seat, Rng.from_seed(seed))


def bot_peeks(make: Callable[[str], Bot], cases: list[Position], seed: int = 1) -> list[str]:
    """Where a bot (a new one from ``make(game_id)`` per question) chooses differently for a
    position and its twin, or chooses an action the position refuses: an empty list means every
    choice was legal and none depended on hidden information."""
    out = []
    for case in cases:
        a = bot_choice(make(case.game_id), case.state, case.seat, seed + case.step)
        b = bot_choice(make(case.game_id), case.twin, case.seat, seed + case.step)
        where = f"{case.game_id} seed {case.seed} step {case.step} ({case.phase})"
        if a != b:
            out.append(f"{where}: {a} vs {b}")
        try:
            case.state.clone().apply(case.seat, a)
        except IllegalAction as exc:
            out.append(f"{where}: {a} refused: {exc.reason}")
    return out


def sampler_peeks(sample: Callable[[GameState, int, Rng], GameState], cases: list[Position]) -> list[str]:
    """Where a sampler returns different samples for a position and its twin."""
    out = []
    for case in cases:
        a = sample(case.state, case.seat, Rng.from_seed(case.step)).to_json_text()
        b = sample(case.twin, case.seat, Rng.from_seed(case.step)).to_json_text()
        if a != b:
            out.append(f"{case.game_id} seed {case.seed} step {case.step} ({case.phase})")
    return out


def engine_sampler(state: GameState, seat: int, rng: Rng) -> GameState:
    return state.sample_hidden(seat, rng)


def kind_maker(spec_kind: str, **options: object) -> Callable[[str], Bot]:
    def make(game_id: str) -> Bot:
        return make_bot(spec_kind, game_id, **options)

    return make
