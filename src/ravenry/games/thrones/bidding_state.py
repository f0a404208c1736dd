"""The bidding in progress and the bids last revealed (:class:`BiddingState`, ``s.bidding``).
The rules are in ``bidding.py``; the Westeros phase (``westeros.py``) starts a bid and reads
its outcome.

Its fields are listed once, in ``FIELDS`` (``parts.py`` saves them by name, under the keys the flat
state used: ``bid_context``, ``bids``, ...). To add one: declare it below, give it its line in
``__init__`` (its starting value, or its value in the record copied: ``copy()`` passes ``of``, so a
copy never runs the starting work) and name it in ``FIELDS``.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones.parts import Fields

FIELDS: Final[Fields] = (
    ("context", "bid_context"),
    ("bids", "bids"),
    ("order", "bid_order"),
    ("tie_group_start", "tie_group_start"),
    ("last", "last_bids"),
)


class BiddingState:
    """A bid among ``n`` houses: sealed until all have bid, then public."""

    context: int  # what the bid is for: a track (0-2) or ``state.BID_WILDLINGS``
    bids: list[int]  # per seat, -1: not yet
    order: list[int]  # seats placed so far (highest bid first), while ties are picked
    tie_group_start: int  # not read by the rules any more; kept, as the saved state has it
    # the bids last revealed, public from then on: [what they were for, each seat's bid]; []
    # before the first
    last: list[int]

    def __init__(self, n: int = 0, of: BiddingState | None = None) -> None:
        # each field's starting value for ``n`` seats, or its value in ``of`` (the record this
        # one copies)
        self.context = 0 if of is None else of.context
        self.bids = [-1] * n if of is None else of.bids[:]
        self.order = [] if of is None else of.order[:]
        self.tie_group_start = 0 if of is None else of.tie_group_start
        self.last = [] if of is None else of.last[:]

    def copy(self) -> BiddingState:
        return BiddingState(of=self)
