"""The rules in words for `thrones` (first edition): what every Westeros card, order kind, house
card ability and wildling outcome does, and the display name of each card and order, as a player
reads them on the page.

This module owns those texts, each once, keyed by the ids of data.py (``W_*`` cards, order kinds
by their index in ``ORDER_KIND_NAMES``, ``A_*`` abilities); the views send them to the page in
the static board (views.board_json), and the page keeps no copy. The wording follows the 2003
rulebook (the Westeros cards' summaries on its back page, the order descriptions, the wildling
attack); the house card abilities follow the first-edition transcriptions the data was checked
against (data.ASSUMPTIONS), as the engine plays them. Plain typed constants: no I/O.
"""

from __future__ import annotations

from typing import Final

from ravenry.games.thrones import data as D

# -- Westeros cards (by W_* id) ------------------------------------------------------------------
WESTEROS_TITLES: Final[dict[int, str]] = {
    D.W_SUPPLY: "Supply",
    D.W_MUSTERING: "Mustering",
    D.W_WINTER_IS_COMING: "Winter Is Coming",
    D.W_LAST_DAYS_OF_SUMMER: "Last Days of Summer",
    D.W_CLASH_OF_KINGS: "Clash of Kings",
    D.W_GAME_OF_THRONES: "Game of Thrones",
    D.W_WILDLING_ATTACK: "Wildling Attack",
    D.W_SEA_OF_STORMS: "Sea of Storms",
    D.W_FEAST_FOR_CROWS: "Feast for Crows",
    D.W_RAINS_OF_AUTUMN: "Rains of Autumn",
    D.W_STORM_OF_SWORDS: "Storm of Swords",
}
WESTEROS_TEXT: Final[dict[int, str]] = {
    D.W_SUPPLY: (
        "In order of play, each house counts the supply barrels in the areas it controls, moves its "
        "supply token to match, and destroys units of its choice until its armies fit the new limit."
    ),
    D.W_MUSTERING: (
        "In order of play, each house musters new units in its cities (1 point each) and strongholds "
        "(2 points): a footman costs 1, a knight 2, a ship 1 (in an adjacent sea), a footman made a "
        "knight 1. New units must keep within the supply limit; unspent points are lost."
    ),
    D.W_WINTER_IS_COMING: (
        "Shuffle this Westeros deck at once and draw another card from it; again if Winter Is Coming "
        "comes up again."
    ),
    D.W_LAST_DAYS_OF_SUMMER: "Nothing happens: the game goes on.",
    D.W_CLASH_OF_KINGS: (
        "All influence tokens leave the three tracks. The houses bid available power, sealed, for "
        "the Iron Throne, then Fiefdoms, then King's Court; the highest bid takes the top place. "
        "Every bid goes to the power pool."
    ),
    D.W_GAME_OF_THRONES: (
        "In order of play, each house takes one power token for every power icon (crown) in the areas "
        "it controls."
    ),
    D.W_WILDLING_ATTACK: (
        "The wildlings attack with the strength the threat track shows. Every house bids power, "
        "sealed, for the Night's Watch; the bids together are its strength. Every bid goes to the "
        "power pool."
    ),
    D.W_SEA_OF_STORMS: "No Raid orders may be placed this round: the raids step is skipped.",
    D.W_FEAST_FOR_CROWS: (
        "No Consolidate Power orders may be placed this round: the Consolidate Power step is skipped."
    ),
    D.W_RAINS_OF_AUTUMN: "Footmen add no strength to an adjacent battle when they support this round.",
    D.W_STORM_OF_SWORDS: "No Defense orders may be placed this round.",
}
# What a mammoth on a card does (the cards that carry one: data.WESTEROS_MAMMOTHS).
MAMMOTH_TEXT: Final = (
    "Mammoth: as soon as this card is revealed, the wildling threat advances one space (+2)."
)

# -- order kinds (by their index in data.ORDER_KIND_NAMES) ---------------------------------------
ORDER_TITLES: Final[tuple[str, ...]] = (
    "March −1",
    "March +0",
    "Raid",
    "Support",
    "Consolidate Power",
    "Defense +1",
    "March +1 ★",
    "Raid ★",
    "Support +1 ★",
    "Consolidate Power ★",
    "Defense +2 ★",
)
_MARCH: Final = (
    "Move any of the units here into adjacent areas (or by ship transport), together or split; "
    "at most one of the areas they enter may hold another house's units: that starts a battle."
)
_RAID: Final = (
    "When it resolves, remove it and an adjacent enemy Raid, Support or Consolidate Power order. "
    "Removing a Consolidate Power order is pillaging: take 1 power. A raid on land never targets "
    "a sea; ships raid land or sea. Raids never touch March or Defense orders."
)
_SUPPORT: Final = (
    "The units here may add their full strength to either side of a battle in an adjacent area, "
    "any house's. Ships support land or sea battles; footmen and knights never a sea battle. "
    "No support by ship transport."
)
_CONSOLIDATE: Final = (
    "Land areas only. At the end of the action phase, take 1 power plus 1 for each power icon "
    "(crown) here, unless it was raided or the area was taken."
)
_DEFENSE: Final = "If this area is attacked, add {n} to the defender's strength."
# What a star means on any special order, and what each star adds to its kind.
STAR_TEXT: Final = "★ A special order: a house may place as many as the stars of its King's Court position."
ORDER_TEXT: Final[tuple[str, ...]] = (
    f"{_MARCH} Attacking from here, subtract 1 from your strength.",
    f"{_MARCH} An attack from here gets no bonus.",
    _RAID,
    _SUPPORT,
    _CONSOLIDATE,
    _DEFENSE.format(n=1),
    f"{_MARCH} Attacking from here, add 1 to your strength.",
    _RAID,
    _SUPPORT,
    _CONSOLIDATE,
    _DEFENSE.format(n=2),
)
# What the star adds to its kind ("" for the ordinary orders), shown apart from what the order does
# so that a player sees the difference at a glance.
ORDER_STAR_TEXT: Final[tuple[str, ...]] = (
    "",
    "",
    "",
    "",
    "",
    "",
    "+1 to the attack, where the ordinary Marches give −1 and +0.",
    "It may remove two such adjacent orders instead of one.",
    "The area adds 1 more strength to the side it supports.",
    "It gives no extra power: it lets a house consolidate power in three areas rather than two.",
    "One more than the ordinary Defense +1.",
)

# -- house card abilities (by data.A_* id) -------------------------------------------------------
ABILITY_TEXT: Final[dict[int, str]] = {
    D.NO_ABILITY: "",
    D.A_ROBB: "If you are attacking, each of your attacking knights counts 3 instead of 2.",
    D.A_CATELYN: "If you are defending, your Defense order's bonus counts double.",
    D.A_LUWIN: "If you win, you may return one of your discarded house cards to your hand.",
    D.A_JAIME: "If you win, gain two power tokens.",
    D.A_VARGO: "If you are attacking, each of your attacking footmen counts 2 instead of 1.",
    D.A_CERSEI: "If you win, you may remove one of the loser's orders from the board.",
    D.A_RENLY: "If you win, you may upgrade one of your footmen in the battle to a knight.",
    D.A_SALLADHOR: "Your opponent's supporting ships add no strength.",
    D.A_MELISANDRE: (
        "If you win, you may pay one power to discard a card of your choice from the loser's hand."
    ),
    D.A_ASHA: "If you win, you may remove one Support or Consolidate Power order next to the battle.",
    D.A_VICTARION: "If you are attacking, each of your attacking ships counts 2 instead of 1.",
    D.A_BALON: "The printed strength of your opponent's house card counts as zero.",
    D.A_LORAS: "Immediately destroy one of your opponent's footmen in the battle.",
    D.A_BRIENNE: "Immediately discard your opponent's Defense order in the embattled area.",
    D.A_QUEEN_OF_THORNS: "Cancel the text of your opponent's house card.",
}
# A card without an ability, in words (its strength and icons are its whole effect).
NO_ABILITY_TEXT: Final = "No special ability: its strength and its icons count."
SWORDS_TEXT: Final = "Each sword: one casualty for the loser if you win (less the loser's fortifications)."
FORTS_TEXT: Final = "Each fortification: one casualty fewer for you if you lose."

# -- the wildling attack's outcomes ---------------------------------------------------------------
WILDLING_OUTCOMES: Final[tuple[tuple[str, str, str], ...]] = (
    (
        "victory",
        "Night's Watch Victory",
        "The bids equal or beat the wildlings' strength: the highest bidder (a tie is broken by the "
        "Iron Throne) may take back one house card from his discard pile. The threat returns to 0.",
    ),
    (
        "defeat",
        "Wildling Victory",
        f"The wildlings are stronger: every house removes units worth {D.WILDLING_LOSS_POINTS} "
        "mustering points (one knight, or two footmen or ships), and the lowest bidder (a tie is "
        f"broken by the Iron Throne) {D.WILDLING_LOSS_POINTS_LOWEST} instead. The threat returns to 0.",
    ),
)
