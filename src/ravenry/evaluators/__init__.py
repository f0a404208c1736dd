"""Learned evaluators: from what one seat may know (``observe(seat)``), each seat's chance of
winning. One small network per game id and player count, trained by ``ravenry train-evaluator``
on games this engine plays (:mod:`ravenry.evaluators.train`, torch, an optional extra) and played
with numpy alone (:mod:`ravenry.evaluators.network`): the weights ship in ``weights/`` and load
on first use.

- :func:`evaluator_for` is the one way in: the game's shipped network, or the hand-written
  heuristic (:mod:`ravenry.evaluators.heuristic`) where none ships for that player count;
  :func:`use_network` plays a candidate instead, in one process (gating a new network).
- :class:`~ravenry.evaluators.evaluator.Evaluator` turns a view (or a state and a seat) into
  probabilities that sum to 1.

Who uses it: the ``expert`` bot (at its search's leaves) and the analysis of finished games
(:mod:`ravenry.analysis`).
"""

from ravenry.evaluators.evaluator import Evaluator, evaluator_for, shipped_path, use_network

__all__ = ["Evaluator", "evaluator_for", "shipped_path", "use_network"]
