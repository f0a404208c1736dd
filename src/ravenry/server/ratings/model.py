"""How one finished rated game changes people's ratings: its seats ranked from the result, and
OpenSkill's Plackett-Luce model (``openskill``; the bot ladder's model, ravenry.sim.tournament)
applied to them, the bots' anchors held fixed. Pure: no database, no clock.

- **Ranks** (:func:`ranks_from_result`): the winners first, all tied; then the others by their
  final score (``scores``, or ``points``, in the result), equal scores tied; a result without
  scores ties all the others. 0 is best.
- **Who takes part** (:func:`participants`): each seat kept by an account (a seat a clock's
  stand-in bot played counts for its person), and each bot seat with an anchor. An account at
  more than one seat of the game is left out (nobody is rated against themself), and so is a
  bot whose level was never measured. The game counts when at least two accounts remain.
- **New accounts** start at the model's defaults (mu 25, sigma 25/3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ravenry.server.ratings.anchors import anchor_for

__all__ = [
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "MIN_ACCOUNTS",
    "Participant",
    "SeatFacts",
    "participants",
    "ranks_from_result",
    "rate",
]

DEFAULT_MU: Final = 25.0
DEFAULT_SIGMA: Final = 25.0 / 3
MIN_ACCOUNTS: Final = 2  # accounts at a rated game for it to count


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


@dataclass(frozen=True)
class SeatFacts:
    """One seat of a finished game, as the rating reads it."""

    seat: int
    kind: str  # human | bot
    bot: str | None  # a bot seat's spec
    account: str | None  # the account that keeps the seat, if any


@dataclass(frozen=True)
class Participant:
    seat: int
    rank: int
    account: str | None  # None: a bot's anchor (fixed)
    mu: float
    sigma: float


def ranks_from_result(result: Mapping[str, Any], seats: int) -> list[int]:
    """Each seat's rank (0 best, ties share one): winners first, then by score if the result
    carries one per seat, else the others tied."""
    winners = {w for w in result.get("winners") or [] if type(w) is int and 0 <= w < seats}
    scores = result.get("scores", result.get("points"))
    usable = (
        isinstance(scores, list) and len(scores) == seats and all(type(s) in (int, float) for s in scores)
    )
    keys = [(1, 0.0) if s in winners else (0, float(scores[s]) if usable else 0.0) for s in range(seats)]
    ordered = sorted(set(keys), reverse=True)
    return [ordered.index(key) for key in keys]


def participants(
    game: str,
    result: Mapping[str, Any],
    seats: Sequence[SeatFacts],
    ratings: Mapping[str, tuple[float, float]],
) -> list[Participant] | None:
    """Who takes part in the rating and at what rank and rating (``ratings``: the accounts'
    current (mu, sigma); absent: the defaults); None if the game does not count."""
    ranks = ranks_from_result(result, len(seats))
    held = Counter(s.account for s in seats if s.account is not None)
    out: list[Participant] = []
    for s in seats:
        if s.account is not None:
            if held[s.account] > 1:
                continue
            mu, sigma = ratings.get(s.account, (DEFAULT_MU, DEFAULT_SIGMA))
            out.append(Participant(s.seat, ranks[s.seat], s.account, mu, sigma))
        elif s.kind == "bot":
            anchor = anchor_for(game, s.bot)
            if anchor is not None:
                out.append(Participant(s.seat, ranks[s.seat], None, anchor.mu, anchor.sigma))
        # A person's seat kept by no account (an invite guest) is not rated, nor ranked.
    if sum(1 for p in out if p.account is not None) < MIN_ACCOUNTS:
        return None
    return out


def rate(people: Sequence[Participant]) -> dict[str, tuple[float, float]]:
    """Each account's (mu, sigma) after the game; the anchors' are fixed and not returned."""
    model = _model()
    teams = [[model.rating(mu=p.mu, sigma=p.sigma)] for p in people]
    new = model.rate(teams, ranks=[float(p.rank) for p in people])
    return {
        p.account: (float(team[0].mu), float(team[0].sigma))
        for p, team in zip(people, new, strict=True)
        if p.account is not None
    }
