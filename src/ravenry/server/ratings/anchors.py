"""The bots' fixed ratings in people's rated games (issue 31 §4): each bot level's rating per
game, as the bot ladder measured it (``ravenry tournament``, docs/ratings/<game>.json), so that a
person's number means something from their first game.

The numbers are copied here, never read from docs/ at run time (an installed server has no
docs/); tests/server/test_ratings.py checks that they equal those files, and that each level's
spec is the one bots/levels.py seats. The ladder measured its own budgets (``expert:iters=8``),
the levels play with a time budget (``expert:ms=800``): a level takes the rating of the ladder's
kind it stands for (``measured``). Anchors are never updated by a game.

A game the ladder never measured (a plug-in such as ``liars-dice``) has no anchors: its bots are
left out of the rating, and only the people's seats are ranked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["ANCHORS", "LADDER", "Anchor", "anchor_for", "anchors_of"]


@dataclass(frozen=True)
class Anchor:
    game: str  # the game id
    bot: str  # the bot spec of a seat this rating is for
    measured: str  # the ladder's kind whose rating it takes
    level: str | None  # the level that seats ``bot`` (bots/levels.py), None for a ladder kind
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating, mu - 3 sigma (what a leaderboard sorts by)."""
        return self.mu - 3 * self.sigma


# The ladder's ratings: game -> ladder kind -> (mu, sigma), from docs/ratings/<game>.json
# ("ratings"), 2026-12-07.
LADDER: Final[dict[str, dict[str, tuple[float, float]]]] = {
    "catan": {
        "expert:iters=8": (36.738753326664245, 5.278043362762832),
        "search:iters=8": (35.62140911879968, 5.1126103561646845),
        "greedy": (31.585996888341917, 5.037826213808659),
        "random": (-5.000241479526316, 6.071799930946757),
    },
    "got-catan": {
        "expert:iters=8": (38.52808245315653, 5.2781741246231295),
        "search:iters=8": (33.871512922908224, 5.15216918279086),
        "greedy": (31.307767614816406, 5.098631031946346),
        "random": (-4.8653414289833465, 6.056628925677634),
    },
    "brotherhood": {
        "expert:iters=8": (36.16936491575996, 5.242091668473518),
        "search:iters=8": (35.86049529011732, 5.2244430746070325),
        "greedy": (31.025312851302512, 5.182053694946637),
        "random": (-4.573493162245688, 6.066159301768575),
    },
    "thrones": {
        "search:iters=4": (39.75285749016855, 6.724547576573371),
        "expert:iters=4": (38.67220942571385, 6.623223097284795),
        "greedy": (20.092724806561307, 6.4221279372013695),
        "random": (4.9797753319446585, 6.589626972022291),
    },
}

_CATAN_LEVELS: Final = (
    ("easy", "random:offers=false", "random"),
    ("medium", "greedy", "greedy"),
    ("hard", "expert:ms=800", "expert:iters=8"),
)
# (game, level) -> (the spec the level seats, the ladder kind it stands for)
_LEVELS: Final[dict[str, tuple[tuple[str, str, str], ...]]] = {
    "catan": _CATAN_LEVELS,
    "got-catan": _CATAN_LEVELS,
    "brotherhood": _CATAN_LEVELS,
    "thrones": (
        ("easy", "random:offers=false", "random"),
        ("medium", "greedy", "greedy"),
        ("hard", "search:ms=800", "search:iters=4"),
    ),
}


def _build() -> tuple[Anchor, ...]:
    out: list[Anchor] = []
    for game, levels in _LEVELS.items():
        ladder = LADDER[game]
        for level, spec, measured in levels:
            out.append(Anchor(game, spec, measured, level, *ladder[measured]))
        seated = {spec for _level, spec, _measured in levels}
        # The ladder's own kinds, for a seat that names one (``greedy`` is medium already).
        out.extend(
            Anchor(game, kind, kind, None, mu, sigma)
            for kind, (mu, sigma) in ladder.items()
            if kind not in seated
        )
    return tuple(out)


ANCHORS: Final[tuple[Anchor, ...]] = _build()
_BY_SEAT: Final[dict[tuple[str, str], Anchor]] = {(a.game, a.bot): a for a in ANCHORS}


def anchor_for(game: str, bot: str | None) -> Anchor | None:
    """The fixed rating of a bot seat (its spec) in ``game``, or None: not measured."""
    return None if bot is None else _BY_SEAT.get((game, bot.strip()))


def anchors_of(game: str) -> list[Anchor]:
    """The levels' anchors of ``game`` (easy, medium, hard), for a leaderboard's reference rows."""
    return [a for a in ANCHORS if a.game == game and a.level is not None]
