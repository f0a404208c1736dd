"""Differential test of ravenry's Catan rules against catanatron 3.2.1, run inside its venv.

catanatron plays its own games (its players, its dice, its referee). Before every action the
state is translated into a ravenry state (the whole truth: ``catanatron_bridge.ravenry_state``)
and the two engines' legal moves for the player to act are compared as shared keys; at the end
the scores. Checked on the way: ravenry's longest-road lengths against catanatron's, and that
catanatron's holders of Longest Road and Largest Army are ones ravenry's rules allow.

Every difference is counted by class (``only_catanatron:<kind>`` / ``only_ravenry:<kind>``,
with a context word where the class needs one) with the first few examples; the JSON totals
go to stdout. Domestic trade is absent from both sides (catanatron has none; the ravenry
state allows no offers).

    PYTHONPATH=src benchmarks/.venv-catanatron/bin/python benchmarks/catanatron_bridge_diff.py \
        --first-seed 1 --games 10 --players random
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import catanatron.game
from catanatron import Color, Game, RandomPlayer
from catanatron.models.enums import ActionType
from catanatron.players.search import VictoryPointPlayer
from catanatron.players.weighted_random import WeightedRandomPlayer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from catanatron_bridge import (
    catanatron_key,
    catanatron_scores,
    ravenry_key,
    ravenry_state,
)
from ravenry.games.catan.data import YEAR_OF_PLENTY
from ravenry.games.catan.state import PHASE_NAMES, PRE_ROLL

COLORS = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)
EXAMPLES_PER_CLASS = 3
LINEUPS = {
    "random": lambda: [RandomPlayer(c) for c in COLORS],
    "weighted": lambda: [WeightedRandomPlayer(c) for c in COLORS],
    "vp": lambda: [VictoryPointPlayer(c) for c in COLORS[:2]] + [WeightedRandomPlayer(c) for c in COLORS[2:]],
}


def classify(side: str, key: tuple[Any, ...], game: Game, rstate: Any) -> str:
    """The class of a key one engine lists and the other does not, with the context that
    explains it (the phase; for development cards whether one was bought this turn)."""
    kind = key[0]
    phase = PHASE_NAMES[rstate.phase]
    if kind in ("knight", "road_building", "year_of_plenty", "monopoly"):
        card = {"knight": 0, "road_building": 2, "year_of_plenty": YEAR_OF_PLENTY, "monopoly": 4}[kind]
        p = rstate.current
        if rstate.dev_hands[p][card] and rstate.dev_hands[p][card] <= rstate.dev_bought_this_turn[p][card]:
            return f"{side}:{kind}:bought_this_turn"
        if kind == "year_of_plenty" and len(key[1]) == 1:
            return f"{side}:year_of_plenty:one_card"
        if kind == "road_building" and phase == "main":
            p_hand = rstate.hands[p]
            if not (p_hand[0] and p_hand[1]):
                return f"{side}:road_building:cannot_pay_a_road"
        return f"{side}:{kind}:{phase}"
    if kind == "road" and phase == "free_roads":
        return f"{side}:free_road"
    if kind == "maritime" and side == "only_ravenry":
        # ravenry lists every rate the player has (4:1 even with a 3:1 harbor); catanatron the best.
        p = rstate.current
        best = min(rstate.player_rates(p)[key[1]])
        if key[2] > best:
            return f"{side}:maritime:worse_rate_also_listed"
    return f"{side}:{kind}:{phase}"
    return f"{side}:{kind}:{phase}"


def road_context(rstate: Any, p: int) -> str:
    """Whether one of ``p``'s roads ends at an opponent's building (catanatron does not count
    such a road; the rulebook only forbids running *through* that building)."""
    topo = rstate.board.topo
    for e, owner in enumerate(rstate.edge_owner):
        if owner == p and any(rstate.node_owner[m] not in (-1, p) for m in topo.edge_nodes[e]):
            return "a_road_ends_at_an_opponent_building"
    return "other"


def holder_allowed(holder: int, lengths: list[int]) -> bool:
    best = max(lengths)
    if holder >= 0:
        return lengths[holder] >= 5 and lengths[holder] == best
    return best < 5 or lengths.count(best) > 1


def compare_game(seed: int, lineup: str, totals: Counter[str], examples: dict[str, list[Any]]) -> None:
    game = Game(LINEUPS[lineup](), seed=seed)
    n = len(game.state.colors)

    def note(cls: str, detail: Any) -> None:
        totals[cls] += 1
        found = examples.setdefault(cls, [])
        if len(found) < EXAMPLES_PER_CLASS:
            found.append({"seed": seed, "lineup": lineup, "step": len(game.state.actions), **detail})

    while game.winning_color() is None and game.state.num_turns < catanatron.game.TURNS_LIMIT:
        rstate = ravenry_state(game)
        player = game.state.current_player_index
        c_keys = {catanatron_key(game, a) for a in game.state.playable_actions}
        r_keys = {ravenry_key(rstate, a) for a in rstate.legal_actions(player)}
        totals["steps"] += 1
        if c_keys != r_keys:
            totals["steps_differing"] += 1
            for key in sorted(c_keys - r_keys, key=repr):
                note(classify("only_catanatron", key, game, rstate), {"key": repr(key)})
            for key in sorted(r_keys - c_keys, key=repr):
                note(classify("only_ravenry", key, game, rstate), {"key": repr(key)})
        # Longest road: ravenry's trail lengths against catanatron's; the holders against our rules.
        ps = game.state.player_state
        for p in range(n):
            theirs = ps[f"P{p}_LONGEST_ROAD_LENGTH"]
            if theirs != rstate.road_length[p] and (theirs >= 5 or rstate.road_length[p] >= 5):
                detail = {"player": p, "catanatron": theirs, "ravenry": rstate.road_length[p]}
                note(f"road_length_differs:{road_context(rstate, p)}", detail)
        # The holder of Longest Road by the rulebook's FAQ (the holder keeps it on a tie; set aside
        # when nobody has 5 or the longest are tied), with ravenry's lengths; where it is not,
        # whether catanatron's own lengths explain it or its rule for a broken road does.
        holder = rstate.longest_road_holder
        if not holder_allowed(holder, rstate.road_length):
            theirs_len = [ps[f"P{p}_LONGEST_ROAD_LENGTH"] for p in range(n)]
            reason = "their_lengths" if holder_allowed(holder, theirs_len) else "their_broken_road_rule"
            note(
                f"longest_road_holder:{reason}",
                {"holder": holder, "ravenry": rstate.road_length, "catanatron": theirs_len},
            )
        if rstate.phase == PRE_ROLL and game.state.playable_actions[0].action_type != ActionType.ROLL:
            note("phase_mismatch", {"phase": "pre_roll"})
        game.play_tick()
    final = ravenry_state(game)
    theirs = catanatron_scores(game)
    ours = list(final.scores())
    totals["games"] += 1
    totals["finished"] += game.winning_color() is not None
    if theirs != ours:
        note("final_scores_differ", {"catanatron": theirs, "ravenry": ours})
    winner = game.winning_color()
    if winner is not None and game.state.color_to_index[winner] != game.state.current_turn_index:
        # catanatron ends the game the moment anyone has 10; the rulebook: "on his turn".
        note(
            "won_off_turn",
            {"winner": game.state.color_to_index[winner], "turn_of": game.state.current_turn_index},
        )
    if winner is not None and max(ours) < 10:
        note("winner_below_10_in_ravenry", {"ravenry": ours})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--first-seed", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--players", choices=sorted(LINEUPS), default="random")
    parser.add_argument("--turn-cap", type=int, default=1000)
    args = parser.parse_args()
    if args.first_seed < 1:
        parser.error("catanatron treats seed 0 as 'pick a random seed'; use seeds >= 1")
    catanatron.game.TURNS_LIMIT = args.turn_cap
    totals: Counter[str] = Counter()
    examples: dict[str, list[Any]] = {}
    start = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.games):
        compare_game(seed, args.players, totals, examples)
    out = {
        "lineup": args.players,
        "seconds": round(time.perf_counter() - start, 1),
        "totals": dict(totals),
        "examples": examples,
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
