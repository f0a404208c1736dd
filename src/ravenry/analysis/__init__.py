"""A finished game analysed move by move, for people: each seat's chance of winning after every
step, the value of each decision against the best alternative the evaluator finds, and the
largest drops named as the game's turning points and each seat's mistakes
(:func:`~ravenry.analysis.analyse.analyse`; the graph as PNG: :mod:`ravenry.analysis.plot`).

Used by ``ravenry analyse RECORD.json`` and by the server for finished games only (a running
game offers no analysis: no help mid-game, and no leak of what a seat cannot see).
"""

from ravenry.analysis.analyse import SCHEMA, analyse, summary_lines

__all__ = ["SCHEMA", "analyse", "summary_lines"]
