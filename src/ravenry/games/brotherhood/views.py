"""The static facts of Brotherhood of the Watch that the page draws and prints, from the rules'
data (each fact once): the guard's cost, the heroes (with what each does) in the order
``hero_swap`` numbers them, and the lands north of the Wall (the clans, their camps and trails,
the Wall's sections and guard spaces, the wildling die, what each kind of wildling does). They
go with the board in a view's static part (:func:`ravenry.games.catan.views.rules_json`); what
changes during a game is the state's ``extend_view``."""

from __future__ import annotations

from typing import Any

from ravenry.games.brotherhood.data import (
    CAMPS_PER_CLAN,
    CLANS,
    GUARD_COST,
    SECTIONS,
    SPACES_PER_SECTION,
    TRAILS,
    WILDLING_DIE_SIDES,
    WILDLING_EFFECTS,
    WILDLING_TYPES,
)
from ravenry.games.brotherhood.heroes import HERO_ACTIONS, HERO_IDS, HEROES, USE_ACTIONS
from ravenry.games.catan.data import named_counts


def extend_static(facts: dict[str, Any]) -> None:
    """Add Brotherhood's facts to the Catan family's (``facts`` from ``rules_json``)."""
    facts["costs"]["guard"] = named_counts(GUARD_COST)
    facts["heroes"] = [{"id": hero.id, "name": hero.name, "does": hero.does} for hero in HEROES]
    facts["north"] = {
        "clans": list(CLANS),
        "camps_per_clan": CAMPS_PER_CLAN,
        "sections": SECTIONS,
        "spaces_per_section": SPACES_PER_SECTION,
        # Per clan, its lower trail then its higher one: the wildling die's faces, the clearing.
        "trails": [
            [{"faces": list(faces), "clearing": clearing} for faces, clearing in pair] for pair in TRAILS
        ],
        "wildling_die_sides": WILDLING_DIE_SIDES,
        # Each kind of wildling token and what it does at the Wall.
        "wildlings": [
            {"kind": kind, "does": does} for kind, does in zip(WILDLING_TYPES, WILDLING_EFFECTS, strict=True)
        ],
    }


def action_facts() -> dict[str, dict[str, Any]]:
    """What the page is told of Brotherhood's hero actions (through the game's declaration and
    ``/api/meta``): every kind of the heroes' table (``heroes.HERO_ACTIONS``) has ``hero``, the id
    of the hero it uses (``use_<hero>``), or None for an answer in a hero's own phase."""
    return {
        kind: {"hero": HERO_IDS[USE_ACTIONS[kind]] if kind in USE_ACTIONS else None} for kind in HERO_ACTIONS
    }
