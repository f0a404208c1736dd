"""The bidding in progress and the bids last revealed (:class:`BiddingState`, ``s.bidding``).
The rules are in ``bidding.py``; the Westeros phase (``westeros.py``) starts a bid and reads
its outcome.

Each field is written once, as its line in ``__init__``: its type, its starting value for ``n``
seats (or its value in the record copied: ``copy()`` passes ``of``, so a copy never runs the
starting work) and what it means. ``FIELDS`` (what ``parts.py`` saves, by name) is read from a
fresh record, under the keys the flat state used: ``bid_`` and the name, but ``bids``,
``tie_group_start`` and ``last_bids``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields, saved_fields


class BiddingState:
    """A bid among ``n`` houses: sealed until all have bid, then public."""

    def __init__(self, n: int = 0, of: BiddingState | None = None) -> None:
        # each field's starting value for ``n`` seats, or its value in ``of`` (the record this
        # one copies)
        # what the bid is for: a track (0-2) or ``state.BID_WILDLINGS``
        self.context: int = 0 if of is None else of.context
        self.bids: list[int] = [-1] * n if of is None else of.bids[:]  # per seat, -1: not yet
        # seats placed so far (highest bid first), while ties are picked
        self.order: list[int] = [] if of is None else of.order[:]
        # not read by the rules any more; kept, as the saved state has it
        self.tie_group_start: int = 0 if of is None else of.tie_group_start
        # the bids last revealed, public from then on: [what they were for, each seat's bid]; []
        # before the first
        self.last: list[int] = [] if of is None else of.last[:]

    def copy(self) -> BiddingState:
        return BiddingState(of=self)


FIELDS: Final[Fields] = saved_fields(
    BiddingState(), "bid_", {"bids": "bids", "tie_group_start": "tie_group_start", "last": "last_bids"}
)
