"""The greedy Brotherhood bot's use of heroes: when each hero's action is worth taking, the
choices a hero asks for (Samwell Tarly's card, Mance Rayder's card, Melisandre's card), and
which hero to hold after a use (flip an A side to B; otherwise take the most useful hero).

Every function answers with one of the legal actions in ``acts`` or ``None`` (no use now).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ravenry.bots.base import argmax
from ravenry.bots.greedy.watch import GUARD_URGENT, NO_GUARD, WatchSituation
from ravenry.core.protocol import Action
from ravenry.games.brotherhood.data import CLANS, GUARD_COST, GUARD_VP_THRESHOLDS, SECTIONS
from ravenry.games.brotherhood.heroes import HERO_IDS
from ravenry.games.catan.data import DEV_CARD_COST, N_RES, Cost

Acts = dict[str, list[Action]]
# Melisandre's pick, best first: a point, a patrol (army, or a wildling sent back), a free guard.
DEV_PREFERENCE = ("victory_point", "knight", "new_recruits", "road_building", "year_of_plenty", "monopoly")
# Othell's move must open a spot at least this good (and half as much better than the old road's).
OTHELL_MIN_GAIN = 3.0
# Benjen's areas: the clans' camps first, then the clearings (facing wall sections 0-3).
FIRST_CLEARING_AREA = len(CLANS)
# A card the next build needs outweighs any other (which are told apart by scarcity).
NEEDED_CARD_BONUS = 10.0
# Below this score a hero in the display is not worth swapping for (flip the A side instead).
SWAP_MARGIN = 1.0


# -- what a resource is worth to me now -----------------------------------------------------------
def resource_wish(s: WatchSituation) -> list[float]:
    """Per resource: high when the target needs it, else by scarcity on the board."""
    need = s.need()
    return [
        (NEEDED_CARD_BONUS if s.hand[r] < need[r] else 0.0) + s.facts.resource_weight[r] - 0.1 * s.hand[r]
        for r in range(N_RES)
    ]


def _after(hand: Sequence[int], gain: dict[int, int]) -> list[int]:
    out = list(hand)
    for r, n in gain.items():
        out[r] += n
    return out


# -- heroes used on my turn -------------------------------------------------------------------------
def use_hero(s: WatchSituation, acts: Acts, kinds: frozenset[str]) -> Action | None:
    """The first hero action among ``kinds`` worth taking now, if any."""
    for kind, decide in _USES:
        if kind in acts and kind in kinds:
            action = decide(s, acts[kind])
            if action is not None:
                return action
    return None


def _qhorin(s: WatchSituation, options: list[Action]) -> Action | None:
    """Send Tormund home when he blocks me, or when his hex hurts nobody (a free card)."""
    h = s.robber
    if h is None or h < 0:
        return None
    if s.robber_blocks_me():
        return options[0]
    hurts_others = any(o >= 0 and o != s.me for o in (s.owner[n] for n in s.facts.hex_nodes[h]))
    return None if hurts_others else options[0]


def _ygritte(s: WatchSituation, options: list[Action]) -> Action | None:
    """Send home a wildling that alone blocks my hex."""
    freed = [a for a in options if s.gift.get(a[1], 0) == 1 and a[1] != s.robber and s.my_harm(a[1]) > 0]
    return argmax(freed, lambda a: s.my_harm(a[1])) if freed else None


def _benjen(s: WatchSituation, options: list[Action]) -> Action | None:
    """Take a wildling from the clearing most likely to breach (a new one migrates instead, to
    a camp, further from the Wall)."""
    first = FIRST_CLEARING_AREA
    clearings = [a for a in options if a[1] >= first and s.margin(a[1] - first) <= 0]
    if not clearings:
        return None
    return argmax(clearings, lambda a: s.breach_risk(a[1] - first) * (1.0 + s.exposure(a[1] - first)))


def _mance(s: WatchSituation, options: list[Action]) -> Action | None:
    """Look at the hand of the leader among those ahead of me."""
    return argmax(options, lambda a: s.vp(a[1]) * 10.0 + int(s.players[a[1]]["resource_count"]))


def _yoren(s: WatchSituation, options: list[Action]) -> Action | None:
    """A free guard for a played ranger patrol, unless it costs me Largest Patrol."""
    if s.guard_urgency == NO_GUARD and s.guards_of(s.me) >= max(GUARD_VP_THRESHOLDS):
        return None
    knights = [int(p["knights_played"]) for p in s.players]
    if s.view.get("largest_army_holder") == s.me:
        others = max((k for p, k in enumerate(knights) if p != s.me), default=0)
        if knights[s.me] - 1 < others:
            return None
    return argmax(options, lambda a: s.section_value(a[1]))


def _thorne(s: WatchSituation, options: list[Action]) -> Action | None:
    """Build a guard with one resource substituted, when a guard is wanted."""
    if s.guard_urgency == NO_GUARD:
        return None
    section = s.best_section(sorted({a[1] for a in options}))
    return _cheapest_payment([a for a in options if a[1] == section], s, GUARD_COST, 2, 3)


def _marsh(s: WatchSituation, options: list[Action]) -> Action | None:
    """1:1 with the supply: a spare card for one the next build needs."""
    need = s.need()
    surplus = s.surplus()
    useful = [a for a in options if surplus[a[1]] > 0 and s.hand[a[2]] < need[a[2]]]
    if not useful:
        return None
    return min(useful, key=lambda a: (-surplus[a[1]], a[1], a[2]))


def _mormont(s: WatchSituation, options: list[Action]) -> Action | None:
    """Force a trade that brings the next build closer, taking from the leader first."""
    before = s.missing_for_target()
    best: Action | None = None
    best_key = (0.0, 0.0)
    for a in options:
        _, r, q1, g1, q2, g2 = a
        gain = {r: 1 + (q2 >= 0), g1: -1}
        if q2 >= 0:
            gain[g2] = gain.get(g2, 0) - 1
        after = _after(s.hand, gain)
        gained = before - s.missing_for_target(after)
        if gained <= 0:
            continue
        key = (float(gained), s.vp(q1) + (s.vp(q2) if q2 >= 0 else 0.0))
        if best is None or key > best_key:
            best, best_key = a, key
    return best


def _melisandre(s: WatchSituation, options: list[Action]) -> Action | None:
    """Buy a development card (choosing from three) when a plain purchase would be fine."""
    if not s.view.get("dev_deck_size", 0):
        return None
    return _cheapest_payment(options, s, DEV_CARD_COST, 1, 2, accept=_dev_payment_ok(s))


def _dev_payment_ok(s: WatchSituation) -> Callable[[Sequence[int]], bool]:
    def ok(paid: Sequence[int]) -> bool:
        target = s.target
        after = [h - c for h, c in zip(s.hand, paid, strict=True)]
        return target is None or target.kind == "dev" or s.missing_for_target(after) <= s.missing_for_target()

    return ok


def _othell(s: WatchSituation, options: list[Action]) -> Action | None:
    """Move a dead-end road only where it leads to a clearly better spot than it leads to now."""
    best = argmax(options, lambda a: s.road_value(a[2]))
    old = best[1]
    a, b = s.facts.edge_nodes[old]
    far = b if s.connected_end(old) == a else a
    leads_to = s.reach_value(far, old)
    gain = s.road_value(best[2])
    return best if gain >= OTHELL_MIN_GAIN and gain > leads_to + OTHELL_MIN_GAIN / 2 else None


def _cheapest_payment(
    options: list[Action],
    s: WatchSituation,
    cost: Cost,
    replaced_at: int,
    substitute_at: int,
    accept: Callable[[Sequence[int]], bool] | None = None,
) -> Action | None:
    """The option whose payment (``cost`` with the resource at ``replaced_at`` swapped for the one
    at ``substitute_at``, -1: none) keeps the most of what the target needs."""
    wish = resource_wish(s)
    best: Action | None = None
    best_key = 0.0
    for a in options:
        replaced, substitute = a[replaced_at], a[substitute_at]
        paid = list(cost)
        if replaced >= 0:
            paid[replaced] -= 1
            paid[substitute] += 1
        if accept is not None and not accept(paid):
            continue
        key = -sum(wish[r] * n for r, n in enumerate(paid))
        if best is None or key > best_key:
            best, best_key = a, key
    return best


_USES: tuple[tuple[str, Callable[[WatchSituation, list[Action]], Action | None]], ...] = (
    ("use_qhorin", _qhorin),
    ("use_ygritte", _ygritte),
    ("use_benjen", _benjen),
    ("use_mance", _mance),
    ("use_yoren", _yoren),
    ("use_thorne", _thorne),
    ("use_melisandre", _melisandre),
    ("use_mormont", _mormont),
    ("use_marsh", _marsh),
    ("use_othell", _othell),
)
# Before the roll: the heroes that free hexes for the coming production or thin a clearing before
# the coming wildling die. After it: those that bring cards first; Thorne and Melisandre when the
# bot builds a guard or buys a card; Othell last (his road is worth most once the turn's building
# is done).
BEFORE_ROLL = frozenset({"use_qhorin", "use_ygritte", "use_benjen"})
GAINS = BEFORE_ROLL | {"use_mance", "use_yoren", "use_mormont", "use_marsh"}
GUARD_BUILDERS = frozenset({"use_thorne"})
DEV_BUYERS = frozenset({"use_melisandre"})
ROADS = frozenset({"use_othell"})


# -- the questions a hero asks ----------------------------------------------------------------------
def tarly(s: WatchSituation, acts: Acts) -> Action:
    """Samwell Tarly: take the card wished for most (never pass up a free card)."""
    options = acts.get("use_tarly", [])
    if not options:
        return acts["hero_pass"][0]
    wish = resource_wish(s)
    return argmax(options, lambda a: wish[a[1]])


def mance_take(s: WatchSituation, acts: Acts) -> Action:
    wish = resource_wish(s)
    return argmax(acts["mance_take"], lambda a: wish[a[1]])


def melisandre_pick(s: WatchSituation, acts: Acts) -> Action:
    cards = list(s.view.get("melisandre_cards") or ())

    def rank(a: Action) -> float:
        i = a[1]
        card = cards[i] if i < len(cards) else ""
        return -float(DEV_PREFERENCE.index(card)) if card in DEV_PREFERENCE else -99.0

    return argmax(acts["melisandre_pick"], rank)


# -- which hero to hold -------------------------------------------------------------------------------
def hero_worth(s: WatchSituation, hero: str) -> float:
    """How useful holding ``hero`` would be from now on."""
    ahead = any(
        s.vp(p) > s.vp(s.me) and s.players[p]["resource_count"] for p in range(len(s.players)) if p != s.me
    )
    urgency = s.guard_urgency
    tormund_blocks = s.robber_blocks_me()
    wildlings_block = bool(s.blocking_wildlings())
    dangerous = any(s.margin(sec) <= 0 for sec in range(SECTIONS))
    knights = int(s.players[s.me]["knights_played"])
    worth = {
        "tarly": 2.5,
        "marsh": 2.5,
        "mormont": 2.0,
        "mance": 3.0 if ahead else 1.5,
        "thorne": 2.0 + (1.0 if urgency == GUARD_URGENT else 0.0),
        "yoren": 3.0 if knights and s.guards_left else 0.5,
        "ygritte": 3.0 if wildlings_block else 1.0,
        "qhorin": 3.0 if tormund_blocks else 1.5,
        "benjen": 2.0 if dangerous else 0.8,
        "melisandre": 1.5,
        "othell": 0.5,
    }
    return worth.get(hero, 0.0)


def after_use(s: WatchSituation, acts: Acts) -> Action:
    """Flip an A side and keep the hero, unless the display holds one clearly more useful;
    on the B side take the most useful hero of the display."""
    swaps = acts.get("hero_swap", [])
    best = argmax(swaps, lambda a: hero_worth(s, HERO_IDS[a[1]])) if swaps else None
    if "hero_flip" in acts:
        mine = s.my_hero
        keep = hero_worth(s, mine) if mine else 0.0
        if best is None or hero_worth(s, HERO_IDS[best[1]]) < keep + SWAP_MARGIN:
            return acts["hero_flip"][0]
    assert best is not None, "after a use there is always a flip or a swap"
    return best
