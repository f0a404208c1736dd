"""Templates of parametric actions: reading them, and picking concrete actions within them.

:meth:`~ravenry.core.protocol.GameState.action_templates` describes the actions that
``legal_actions()`` does not enumerate. One kind exists so far, the *exchange* template of
domestic trade offers (any game whose actions carry two resource-count sides uses it)::

    {"type": "offer_trade", "give": {"brick": 2, "wool": 1}, "get": {"ore": 4, "grain": 4},
     "min_give": 1, "min_get": 1, "max_give": 3, "max_get": 4, "disjoint": true}

``give``/``get``: the most of each resource that side may carry (a resource left out: none);
``min_*``/``max_*``: bounds on each side's total; ``disjoint``: no resource on both sides. A
concrete action within it is ``{"type": ..., "give": {...}, "get": {...}}`` — the action's own
JSON form, which the game's codec reads and ``apply`` validates like any other. These helpers
serve callers that hold only JSON (bots, test kits, a UI's server); the rules never trust them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ravenry.core.rng import Rng

Template = Mapping[str, Any]
JSONAction = dict[str, Any]


def is_exchange(template: Template) -> bool:
    """Whether ``template`` is an exchange template (two resource-count sides)."""
    return isinstance(template.get("give"), Mapping) and isinstance(template.get("get"), Mapping)


def _side_fits(counts: object, caps: Mapping[str, Any], low: int, high: int) -> bool:
    if not isinstance(counts, Mapping):
        return False
    total = 0
    for res, n in counts.items():
        if type(n) is not int or n < 0 or n > caps.get(res, 0):
            return False
        total += n
    return low <= total <= high


def within(template: Template, action: Mapping[str, Any]) -> bool:
    """Whether the JSON ``action`` lies within the exchange ``template`` (its type, each side's
    per-resource and total bounds, and the disjoint rule)."""
    if action.get("type") != template.get("type") or set(action) != {"type", "give", "get"}:
        return False
    give, get = action["give"], action["get"]
    if not _side_fits(give, template["give"], template["min_give"], template["max_give"]):
        return False
    if not _side_fits(get, template["get"], template["min_get"], template["max_get"]):
        return False
    if template.get("disjoint"):
        return not any(n and get.get(res, 0) for res, n in give.items())
    return True


def sample(template: Template, rng: Rng, max_cards: int | None = None) -> JSONAction:
    """A concrete action within the exchange ``template``, drawn with ``rng``: each side's size
    uniform between its bounds (and ``max_cards``, if given), its cards drawn one at a time
    from what that side may still carry. Raises :class:`ValueError` if none fits."""
    give_caps = {r: int(n) for r, n in template["give"].items() if n > 0}
    get_caps = {r: int(n) for r, n in template["get"].items() if n > 0}
    disjoint = bool(template.get("disjoint"))
    limit = max_cards if max_cards is not None else 1 << 30
    # A first card for each side, so that both sides are never empty: a pair that fits.
    pairs = [(g, t) for g in sorted(give_caps) for t in sorted(get_caps) if not (disjoint and g == t)]
    if not pairs or template["max_give"] < 1 or template["max_get"] < 1:
        raise ValueError(f"no {template.get('type')} fits this template")
    first_give, first_get = rng.choice(pairs)
    give_pool = dict(give_caps)
    if disjoint:
        give_pool.pop(first_get, None)
    give = _draw(give_pool, first_give, template["min_give"], min(template["max_give"], limit), rng)
    get_pool = {r: n for r, n in get_caps.items() if not (disjoint and r in give)}
    get = _draw(get_pool, first_get, template["min_get"], min(template["max_get"], limit), rng)
    return {"type": template["type"], "give": give, "get": get}


def _draw(pool: dict[str, int], first: str, low: int, high: int, rng: Rng) -> dict[str, int]:
    """``first`` and then more cards from ``pool`` (resource → most), a total between ``low``
    and ``high`` where the pool allows."""
    left = dict(pool)
    left[first] -= 1
    counts = {first: 1}
    size = max(1, low) + rng.below(max(1, high - max(1, low) + 1))
    order = sorted(left)
    for _ in range(size - 1):
        total = sum(left.values())
        if total <= 0:
            break
        pick = rng.below(total)
        for res in order:
            if pick < left[res]:
                break
            pick -= left[res]
        left[res] -= 1
        counts[res] = counts.get(res, 0) + 1
    return counts
