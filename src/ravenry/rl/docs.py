"""``docs/rl.md``, written from the encodings and catalogues themselves (never by hand):
``python -m ravenry.rl.docs > docs/rl.md``; a test checks that the file is current."""

from __future__ import annotations

from ravenry.rl.match import Match

# The configurations documented: each game at its usual number of seats, its default board.
DOCUMENTED = (("catan", 4), ("got-catan", 4), ("brotherhood", 4), ("thrones", 5))

INTRO = """# ravenry.rl — reinforcement-learning environments

`pip install ravenry[rl]` (pettingzoo, gymnasium, numpy). Then:

```python
import ravenry.rl as rl
env = rl.aec_env("catan", players=4)          # PettingZoo AEC: every seat an agent
env = rl.parallel_env("thrones", players=5)   # PettingZoo Parallel: simultaneous decisions in one step
env = rl.gym_env("brotherhood", seat=0, bots="greedy")   # Gymnasium: one seat, bots the others
env = gymnasium.make("ravenry/catan-v0", turn_cap=100)  # registered on `import ravenry.rl`
envs = rl.vector_env("catan", num_envs=64)     # Gymnasium vector env: 64 games stepped in one call
envs = gymnasium.make_vec("ravenry/catan-v0", num_envs=64)  # the same (its vector_entry_point)
envs = gymnasium.make_vec("ravenry/catan-v0", num_envs=8, vectorization_mode="async")  # processes
```

Options of every environment: `players`, `turn_cap` (Catan family 200 turns, Thrones 10 rounds),
`reward` (`"win"`: +1 a winner, `loss_reward` (default -1) the others, 0 when truncated;
`"score"`: plus `shaping` (0.1) × the change of the seat's own score — VP, or castles in Thrones),
`illegal` (`"penalize"`: an action outside the mask changes nothing and earns `illegal_reward`,
-0.1; `"raise"`), and any game option (`board="variable"`, `max_offers_per_turn=3`, ...).
`gym_env` also takes `seat` (0) and `bots` (`"random"`, or one spec per other seat).
`reset(seed=s)` plays exactly `ravenry.new_game(game, players, seed=s, **options)` (and in
`gym_env` the same bot moves). How the AEC and Parallel environments step through simultaneous
and one-player decisions is in `ravenry/rl/aec.py`'s docstring; in short: AEC selects the
deciders of a simultaneous decision one by one, each observing the state before any answer is
applied; Parallel takes every deciding agent's action in one step and ignores the others'.

Observations are built from the seat's own `observe(seat)` only (the board from the first one);
`gym_env(..., info_view=True)` puts that raw view in each step's `info["view"]` (off by default:
building it costs more than the engine actions of a step). The mask is built from
`legal_actions(seat)` and `action_templates(seat)` only. `gym_env`'s `info["legal_actions"]`
lists the mask's indices as a tuple, ascending (as catanatron-gym's `valid_actions` and
OpenSpiel's `legal_actions()`: an agent sampling among them needs no numpy). `tests/rl/` checks
both at every step of random games, against hidden-information twins (other hands, the
development deck, face-down orders, sealed bids and hidden house cards scrambled).

Speed: the observation is written straight from the state by
`ravenry/observations/catan_state.py` (`catan`, `got-catan`; with `brotherhood_state.py` for
`brotherhood`) and `thrones_state.py` (compiled by mypyc with the rules cores in `make compiled`)
as the bytes of its float32 numbers, which numpy reads in one call (`floats.py`: librt's
`BytesWriter`), the very numbers of the view encoder (`tests/rl/test_rl_state_encoding.py`
compares them for every seat at every step of random games, the moments a seat sees more than
the others included: its own sealed orders, bid and house card, Mance Rayder's and Melisandre's
look). The board's numbers are kept between steps and only those that changed are written
again (a piece placed, a unit moved); the observation and the mask are new bytearrays that numpy
reads in place. In `gym_env` the agent's action and the bots' turns between two steps run in
`ravenry/observations/turns.py` (compiled too; a `random` bot's draw is made there;
`tests/rl/test_rl_bot_turns.py` checks they play as a plain loop of the same bots, and that
what the env shows is the view encoder's observation and the mask), and a step is one compiled
call (`observations/lanes.py`, `AgentSeat.turn`: the agent's action, the bots' turns, the reward,
then the agent's observation, legal indices and mask; a legal action's catalogue index worked
out from its type and fields: `observations/action_index.py`).
`vector_env` (what `gymnasium.make_vec` gives without a `vectorization_mode`) plays the games
of `num_envs` `gym_env`s in a `SyncVectorEnv` (the same observations, rewards, ends, masks and
refusals for the same seeds, autoreset `NEXT_STEP`: `tests/rl/test_rl_vector.py` checks it), but
one compiled call (`ravenry/observations/lanes.py`) steps every game, and numpy reads all their
observations and masks at once; `infos["action_mask"]` (and `action_masks()`) has a row a game,
`legal_actions()` a tuple a game.
`benchmarks/rl_speed.py` and `benchmarks/rl_vs_catanatron_gym.py` measure the environments
(numbers in `benchmarks/README.md`).

Training with a standard library (sb3-contrib's MaskablePPO, `pip install 'ravenry[rl-train]'`):
`examples/train_maskable_ppo.py`, its learning curve and how to choose torch: `docs/rl-training.md`.
"""


def markdown() -> str:
    parts = [INTRO]
    parts.append("## Sizes\n\n| game | seats | observation | actions |\n|---|---|---|---|")
    matches = [(game, n, Match(game, players=n)) for game, n in DOCUMENTED]
    for game, n, m in matches:
        parts.append(f"| `{game}` | {n} | {m.encoding.size} | {m.catalogue.size} |")
    parts.append(
        "\nSizes depend on the seats (and for the Catan family on the board: `got-catan` and "
        "`brotherhood` with 3 players use the 16-hex Gift); every field below says how."
    )
    for game, n, m in matches:
        parts.append(f"\n## `{game}` ({n} seats)\n\n### Observation ({m.encoding.size} float32)\n")
        parts.append("| field | first index | length | meaning |\n|---|---|---|---|")
        for name, start, size, meaning in m.encoding.table():
            parts.append(f"| `{name}` | {start} | {size} | {meaning} |")
        parts.append(f"\n### Action catalogue ({m.catalogue.size} indices)\n")
        parts.append(
            "Index = first index + the fields in mixed radix (first field most significant), "
            "each field counted from its lowest value.\n"
        )
        parts.append("| action | first index | count | fields (name: domain) |\n|---|---|---|---|")
        for block in m.catalogue.blocks():
            if block.note:
                fields = block.note
            elif block.fields:
                fields = ", ".join(
                    f"{name}: {d.low}..{d.low + d.size - 1} ({d.meaning})" for name, d in block.fields
                )
            else:
                fields = "—"
            parts.append(f"| `{block.kind}` | {block.offset} | {block.size} | {fields} |")
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
