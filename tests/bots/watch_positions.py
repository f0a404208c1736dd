"""Brotherhood positions for the greedy bot's tests, on the standard 4-player Gift.

Hex ids (row by row from the Wall): 0 forest 9, 1 mountains 4, 2 pasture 10, 3 fields 3,
4 hills 8, 5 fields 11, 6 forest 5, ... 17 pasture 12, 20 mountains 6. Wall section ``s`` (0-3)
faces the column ``COLUMNS[s]``, nearest the Wall first. Seat 0 (``ME``) is the greedy player:
its settlement at the south corner of hex 0 touches hexes 0 (forest 9), 4 (hills 8) and 5
(fields 11), so a breach of section 0 blocks its hexes first. The opponents sit far east.
"""

from __future__ import annotations

from ravenry.bots.greedy import GreedyBrotherhoodBot
from ravenry.core.protocol import Action
from ravenry.core.rng import Rng
from ravenry.games.brotherhood.heroes import HERO_IDS, STARTING_HEROES
from ravenry.games.brotherhood.rules import BrotherhoodState
from ravenry.games.brotherhood.scenario import BrotherhoodPosition

ME, LEADER, OTHER, LAST = range(4)
COLUMNS = ((0, 4, 9, 15), (1, 5, 10, 16), (2, 6, 11, 17), (3, 7, 12, 18))
MY_HEXES = (0, 4, 5)
FAR_HEX = 20  # mountains 6, in no column, far from seat 0: where Tormund waits


def position(hero: str = "othell") -> BrotherhoodPosition:
    """The position, seat 0 holding ``hero`` (an opponent holding it takes another)."""
    pos = BrotherhoodPosition(players=4)
    held = [HERO_IDS[h] for h in STARTING_HEROES[4]]  # as dealt with seat 0 as player 1
    if hero in held and held.index(hero) != ME:
        holder = held.index(hero)
        spare = next(h for h in HERO_IDS if h not in held)
        pos.hero(holder, spare)
    pos.hero(ME, hero)
    pos.settlement(ME, pos.node(0, "S"))
    pos.settlement(LEADER, pos.node(13, "S"))
    pos.settlement(OTHER, pos.node(20, "S"))
    pos.settlement(LAST, pos.node(8, "N"))
    pos.robber(FAR_HEX)
    return pos


def choose(state: BrotherhoodState, seat: int = ME, bot: GreedyBrotherhoodBot | None = None) -> Action:
    bot = bot or GreedyBrotherhoodBot()
    return bot.act(state.observe(seat), state.legal_actions(seat), Rng.from_seed(3))
