"""A ravenry bot (``search`` by default, any spec with ``--bot``) as a catanatron ``Player``,
against catanatron's bots, in catanatron's engine (its rules, its dice, its referee). Runs inside
benchmarks/.venv-catanatron.

Each decision, :class:`RavenryPlayer` builds a ravenry state holding only what its seat may know
(``catanatron_bridge.ravenry_state(game, seat)``: the others' hands and the deck dealt from the
unseen cards in a fixed order), asks the bot with the ravenry actions that catanatron
also allows now (catanatron is the referee), and plays the catanatron action with the same key.
The bot's own sampler redraws every hidden card from what the seat has seen.

    PYTHONPATH=src benchmarks/.venv-catanatron/bin/python benchmarks/catanatron_bridge_match.py \
        --first-seed 1 --games 2 --opponents 1 --iters 40
    ... --bot expert:iters=16     # or greedy: any bot spec; --iters then only sets the check's budget

Prints one JSON line per game (seed, our seat, winner, scores, turns, seconds) and the totals.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import catanatron.game
from catanatron import Color, Game
from catanatron.models.actions import generate_playable_actions
from catanatron.models.player import Player
from catanatron.players.search import VictoryPointPlayer
from catanatron.players.weighted_random import WeightedRandomPlayer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from catanatron_bridge import (
    catanatron_key,
    catanatron_scores,
    check_maps,
    ravenry_key,
    ravenry_state,
    scramble_hidden,
)
from ravenry.bots.base import Sampler, bot_from_spec, bot_uses_sampler, bot_uses_templates, excluded_actions
from ravenry.core.rng import Rng

OPPONENTS: dict[str, Any] = {"vp": VictoryPointPlayer, "weighted": WeightedRandomPlayer}

# catanatron's strongest bot, AlphaBetaPlayer, is not in the PyPI package. Its code (their
# repository's, not ours) is read from this ignored folder when someone has put it there; see
# benchmarks/README.md ("The match") for the repository, paths and commits.
PEER_SRC = Path(__file__).resolve().parent / ".peer-src"
ALPHABETA_MISSING = (
    "AlphaBetaPlayer is not in catanatron 3.2.1's package. Put its files in "
    f"{PEER_SRC / 'catanatron_players'}/ (minimax.py, value.py, tree_search_utils.py, features.py and "
    "an __init__.py), taken from github.com/bcollazo/catanatron at the commits benchmarks/README.md "
    "lists, with their imports made local; they stay out of git (.gitignore)."
)


def alphabeta_available() -> bool:
    """Whether the local copy of catanatron's AlphaBetaPlayer is there to load."""
    return (PEER_SRC / "catanatron_players" / "minimax.py").is_file()


def load_alphabeta() -> Any:
    """catanatron's ``AlphaBetaPlayer`` class from the ignored local folder, or a clear exit."""
    if not alphabeta_available():
        raise SystemExit(ALPHABETA_MISSING)
    if str(PEER_SRC) not in sys.path:
        sys.path.insert(0, str(PEER_SRC))
    from catanatron_players.minimax import AlphaBetaPlayer  # type: ignore[import-not-found]

    return AlphaBetaPlayer


def opponent_class(name: str) -> Any:
    """The catanatron player class for ``--opponent`` (``alphabeta``: depth 2, their defaults)."""
    return load_alphabeta() if name == "alphabeta" else OPPONENTS[name]


class RavenryPlayer(Player):
    """Plays a ravenry bot (a bot spec) through its seat's view of a catanatron game."""

    def __init__(self, color: Color, spec: str, seed: int) -> None:
        super().__init__(color)
        self.bot = bot_from_spec(spec, "catan")
        self.exclude = excluded_actions(self.bot)
        self.rng = Rng.from_seed(seed)
        self.decisions = 0
        self.unmapped = 0  # our choice had no catanatron action (never expected: we filter first)

    def decide(self, game: Game, playable_actions: Any) -> Any:
        actions = list(playable_actions)
        if len(actions) == 1:
            return actions[0]
        self.decisions += 1
        seat = game.state.color_to_index[self.color]
        state = ravenry_state(game, seat)
        by_key = {catanatron_key(game, a): a for a in actions}
        legal = [a for a in state.legal_actions(seat) if ravenry_key(state, a) in by_key]
        if not legal:
            # Nothing both engines allow (see the differential test): catanatron's first action.
            self.unmapped += 1
            return actions[0]
        legal = [a for a in legal if a[0] not in self.exclude] or legal
        # catanatron has no domestic trade: no offer templates are shown.
        if bot_uses_sampler(self.bot):
            choice = self.bot.act(state.observe(seat), legal, self.rng, [], Sampler(state, seat))  # type: ignore[call-arg]
        elif bot_uses_templates(self.bot):
            choice = self.bot.act(state.observe(seat), legal, self.rng, [])  # type: ignore[call-arg]
        else:
            choice = self.bot.act(state.observe(seat), legal, self.rng)
        if not isinstance(choice, tuple):
            choice = state.game.action_from_json(choice)
        found = by_key.get(ravenry_key(state, choice))
        if found is None:
            self.unmapped += 1
            return actions[0]
        return found


def play(seed: int, opponents: int, opponent: str, our_seat: int, spec: str) -> dict[str, Any]:
    """One game; ``our_seat`` (0 places first) is fixed by re-seating after catanatron's shuffle."""
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE][: opponents + 1]
    ours = RavenryPlayer(colors[0], spec, seed)
    their_class = opponent_class(opponent)
    players: list[Player] = [ours] + [their_class(c) for c in colors[1:]]
    game = Game(players, seed=seed)
    # catanatron shuffles the seats; rotate them so that we sit at our_seat (the rotation keeps
    # their random order otherwise). The state is fresh: nothing has been played yet.
    state = game.state
    order = list(state.players)
    others = [p for p in order if p is not ours]
    order = [*others[:our_seat], ours, *others[our_seat:]]
    state.players = order
    state.colors = tuple(p.color for p in order)
    state.color_to_index = {c: i for i, c in enumerate(state.colors)}
    state.playable_actions = generate_playable_actions(state)
    start = time.perf_counter()
    winner = game.play()
    seconds = time.perf_counter() - start
    return {
        "seed": seed,
        "bot": spec,
        "players": opponents + 1,
        "our_seat": our_seat,
        "won": winner == ours.color,
        "finished": winner is not None,
        "scores": catanatron_scores(game),
        "turns": game.state.num_turns,
        "decisions": ours.decisions,
        "unmapped": ours.unmapped,
        "seconds": round(seconds, 1),
    }


def no_peeking_check(first_seed: int, games: int, iters: int, players: str = "random") -> dict[str, int]:
    """In 4-player catanatron games of ``players`` (catanatron's random bot, or ``--opponent``'s),
    at every 25th decision with a choice: our bot's choice and the ravenry state it is given are
    the same after catanatron's hidden state (the others' hands, their development cards, the
    deck) is scrambled; the true state did change."""
    import random

    from catanatron import RandomPlayer

    their_class = RandomPlayer if players == "random" else opponent_class(players)
    checked = changed = 0
    for seed in range(first_seed, first_seed + games):
        game = Game([their_class(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)], seed=seed)
        tick = 0
        while game.winning_color() is None and game.state.num_turns < 400:
            if len(game.state.playable_actions) > 1 and not game.state.is_initial_build_phase:
                tick += 1
                if tick % 25 == 0:
                    seat = game.state.current_player_index
                    color = game.state.colors[seat]
                    twin = game.copy()
                    scramble_hidden(twin, seat, random.Random(seed * 1000 + tick))
                    if ravenry_state(game).to_json() != ravenry_state(twin).to_json():
                        changed += 1
                    if ravenry_state(game, seat).to_json() != ravenry_state(twin, seat).to_json():
                        raise AssertionError(f"seed {seed}: the seat's state depends on hidden cards")
                    first = RavenryPlayer(color, f"search:iters={iters}", seed).decide(
                        game, game.state.playable_actions
                    )
                    second = RavenryPlayer(color, f"search:iters={iters}", seed).decide(
                        twin, twin.state.playable_actions
                    )
                    if first != second:
                        raise AssertionError(f"seed {seed}: {first} became {second} after scrambling")
                    checked += 1
            game.play_tick()
    return {"checked": checked, "hidden_state_changed": changed, **check_maps(game.state.board.map)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--first-seed", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--opponents", type=int, choices=(1, 3), required=True)
    parser.add_argument("--opponent", choices=[*sorted(OPPONENTS), "alphabeta"], default="vp")
    parser.add_argument("--iters", type=int, default=40, help="search playouts per decision")
    parser.add_argument("--bot", default="", help="our bot's spec (default: search:iters=ITERS)")
    parser.add_argument("--turn-cap", type=int, default=1000)
    parser.add_argument("--no-peeking-check", action="store_true", help="run that check instead of games")
    parser.add_argument(
        "--opponent-in-check",
        action="store_true",
        help="the check's positions come from games of --opponent (default: catanatron's random bot)",
    )
    args = parser.parse_args()
    if args.no_peeking_check:
        players = args.opponent if args.opponent_in_check else "random"
        print(json.dumps(no_peeking_check(args.first_seed, args.games, args.iters, players)))
        return
    if args.first_seed < 1:
        parser.error("catanatron treats seed 0 as 'pick a random seed'; use seeds >= 1")
    catanatron.game.TURNS_LIMIT = args.turn_cap
    for seed in range(args.first_seed, args.first_seed + args.games):
        # Seats rotate with the seed: seat (seed mod players).
        spec = args.bot or f"search:iters={args.iters}"
        result = play(seed, args.opponents, args.opponent, seed % (args.opponents + 1), spec)
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
