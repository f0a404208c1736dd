"""Every fixed fact of A Game of Thrones: The Board Game (first edition), as typed tables.

Re-encoded once from the project's fact sheet (``thrones-data.json``, itself checked against the
2003 rulebook, the second-edition map and two first-edition transcriptions); the game never reads
that file. Areas are ints (their index in :data:`AREA_IDS`, sorted by id), houses are ints (their
index in :data:`HOUSES`), unit types are ints (:data:`FOOTMAN`, :data:`KNIGHT`, :data:`SHIP`).

Provenance: the map, its icons and adjacency (rivers without a crossing already left out), the
starting units and track positions, the supply table, the King's Court stars, the neutral forces,
the orders, the Westeros decks and the 35 house cards come from the fact sheet. Every value that
no available source settles is named in :data:`ASSUMPTIONS`, and the rules points this engine
had to decide are in :data:`RULINGS` at the end: this is the one place for them.
"""

from __future__ import annotations

from typing import Final

HOUSES: Final = ("stark", "lannister", "baratheon", "greyjoy", "tyrell")
HOUSE_NAMES: Final = ("Stark", "Lannister", "Baratheon", "Greyjoy", "Tyrell")
# Which houses play, by player count (seats take them in this order), and the castles to win.
HOUSES_FOR_PLAYERS: Final[dict[int, tuple[int, ...]]] = {3: (0, 1, 2), 4: (0, 1, 2, 4), 5: (0, 1, 2, 3, 4)}
CASTLES_TO_WIN: Final[dict[int, int]] = {3: 8, 4: 7, 5: 7}
TURNS: Final = 10
POWER_TOKENS: Final = 20
START_POWER: Final = 5

FOOTMAN: Final = 0
KNIGHT: Final = 1
SHIP: Final = 2
UNIT_NAMES: Final = ("footman", "knight", "ship")
UNIT_LIMITS: Final = (10, 4, 5)
UNIT_STRENGTH: Final = (1, 2, 1)
# Mustering costs; an upgrade of a footman to a knight costs 1.
MUSTER_COST: Final = (1, 2, 1)
UPGRADE_COST: Final = 1
# What mustering buys: a unit type, or UPGRADE (a footman there becomes a knight).
UPGRADE: Final = 3

# The supply table: per supply level 0-6, the largest armies allowed (an army is 2+ units).
SUPPLY_TABLE: Final[tuple[tuple[int, ...], ...]] = (
    (2, 2),
    (3, 2),
    (3, 2, 2),
    (3, 2, 2, 2),
    (3, 3, 2, 2),
    (4, 3, 2, 2),
    (4, 3, 2, 2, 2),
)
MAX_SUPPLY: Final = 6
STARS_BY_KINGS_COURT_POSITION: Final = (3, 3, 2, 1, 0)

WILDLING_STEP: Final = 2
WILDLING_MAX: Final = 12
WILDLING_LOSS_POINTS: Final = 2  # every house
WILDLING_LOSS_POINTS_LOWEST: Final = 4  # the lowest bidder instead

# Tracks, in the order the Clash of Kings bids for them.
IRON_THRONE: Final = 0
FIEFDOMS: Final = 1
KINGS_COURT: Final = 2
TRACK_NAMES: Final = ("iron_throne", "fiefdoms", "kings_court")

# -- orders ----------------------------------------------------------------------------------
# An order kind is one kind of token; a house holds ORDER_COPIES[k] tokens of kind k.
MARCH: Final = 0
RAID: Final = 1
SUPPORT: Final = 2
CONSOLIDATE: Final = 3
DEFENSE: Final = 4
ORDER_TYPE_NAMES: Final = ("march", "raid", "support", "consolidate_power", "defense")
ORDER_KIND_NAMES: Final = (
    "march-1",
    "march+0",
    "raid",
    "support",
    "consolidate_power",
    "defense+1",
    "march+1*",
    "raid*",
    "support+1*",
    "consolidate_power*",
    "defense+2*",
)
ORDER_TYPE: Final = (
    MARCH,
    MARCH,
    RAID,
    SUPPORT,
    CONSOLIDATE,
    DEFENSE,
    MARCH,
    RAID,
    SUPPORT,
    CONSOLIDATE,
    DEFENSE,
)
ORDER_BONUS: Final = (-1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 2)
ORDER_STARRED: Final = (False, False, False, False, False, False, True, True, True, True, True)
ORDER_COPIES: Final = (1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 1)
N_ORDER_KINDS: Final = 11

# -- Westeros decks ----------------------------------------------------------------------------
W_SUPPLY: Final = 0
W_MUSTERING: Final = 1
W_WINTER_IS_COMING: Final = 2
W_LAST_DAYS_OF_SUMMER: Final = 3
W_CLASH_OF_KINGS: Final = 4
W_GAME_OF_THRONES: Final = 5
W_WILDLING_ATTACK: Final = 6
W_SEA_OF_STORMS: Final = 7  # no Raid orders this turn
W_FEAST_FOR_CROWS: Final = 8  # no Consolidate Power orders
W_RAINS_OF_AUTUMN: Final = 9  # footmen give no strength when supporting
W_STORM_OF_SWORDS: Final = 10  # no Defense orders
WESTEROS_NAMES: Final = (
    "supply",
    "mustering",
    "winter_is_coming",
    "last_days_of_summer",
    "clash_of_kings",
    "game_of_thrones",
    "wildling_attack",
    "sea_of_storms",
    "feast_for_crows",
    "rains_of_autumn",
    "storm_of_swords",
)
# Per deck (I, II, III): (card, copies, mammoth icons per copy). 10 cards a deck.
WESTEROS_DECKS: Final[tuple[tuple[tuple[int, int, int], ...], ...]] = (
    ((W_SUPPLY, 4, 0), (W_MUSTERING, 4, 0), (W_WINTER_IS_COMING, 1, 0), (W_LAST_DAYS_OF_SUMMER, 1, 1)),
    (
        (W_CLASH_OF_KINGS, 4, 0),
        (W_GAME_OF_THRONES, 4, 0),
        (W_WINTER_IS_COMING, 1, 0),
        (W_LAST_DAYS_OF_SUMMER, 1, 1),
    ),
    (
        (W_WILDLING_ATTACK, 3, 0),
        (W_SEA_OF_STORMS, 1, 1),
        (W_FEAST_FOR_CROWS, 1, 1),
        (W_RAINS_OF_AUTUMN, 1, 1),
        (W_STORM_OF_SWORDS, 1, 1),
        (W_WINTER_IS_COMING, 1, 0),
        (W_LAST_DAYS_OF_SUMMER, 2, 1),
    ),
)
# Mammoth icons by card (the same on every copy, in every deck).
WESTEROS_MAMMOTHS: Final = (0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1)


def westeros_deck(deck: int) -> list[int]:
    """Deck I, II or III (0, 1, 2) unshuffled: one entry per card."""
    cards: list[int] = []
    for card, copies, _icons in WESTEROS_DECKS[deck]:
        cards.extend([card] * copies)
    return cards


# -- house cards --------------------------------------------------------------------------------
# Abilities, one function each in house_cards.py.
NO_ABILITY: Final = 0
A_ROBB: Final = 1  # attacking knights count +3
A_CATELYN: Final = 2  # your Defense order bonus doubled
A_LUWIN: Final = 3  # if you win, return one discarded card to your hand
A_JAIME: Final = 4  # if you win, gain 2 power
A_VARGO: Final = 5  # attacking footmen count +2
A_CERSEI: Final = 6  # if you win, remove one of the loser's orders from the board
A_RENLY: Final = 7  # if you win, upgrade one of your footmen in the battle to a knight
A_SALLADHOR: Final = 8  # your opponent's supporting ships add 0
A_MELISANDRE: Final = 9  # if you win, pay 1 power: discard one card of the loser's hand
A_ASHA: Final = 10  # if you win, remove one Support or Consolidate Power order adjacent to the battle
A_VICTARION: Final = 11  # attacking ships count +2
A_BALON: Final = 12  # the printed strength of your opponent's card counts 0
A_LORAS: Final = 13  # immediately destroy one of your opponent's footmen in the battle
A_BRIENNE: Final = 14  # immediately discard your opponent's Defense order in the embattled area
A_QUEEN_OF_THORNS: Final = 15  # cancel the text ability of your opponent's card

CARDS_PER_HOUSE: Final = 7
ALL_CARDS: Final = (1 << CARDS_PER_HOUSE) - 1


class HouseCard:
    """One house card: printed strength, swords, fortifications and its ability (an A_* id)."""

    __slots__ = ("ability", "fortifications", "name", "strength", "swords")

    def __init__(self, name: str, strength: int, swords: int, fortifications: int, ability: int) -> None:
        self.name: Final = name
        self.strength: Final = strength
        self.swords: Final = swords
        self.fortifications: Final = fortifications
        self.ability: Final = ability


# Per house (HOUSES order), its seven cards; a card is named by (house, index 0-6).
HOUSE_CARDS: Final[tuple[tuple[HouseCard, ...], ...]] = (
    (
        HouseCard("Eddard Stark", 3, 0, 2, NO_ABILITY),
        HouseCard("Robb Stark", 2, 0, 0, A_ROBB),
        HouseCard("Greatjon Umber", 2, 1, 0, NO_ABILITY),
        HouseCard("House Mormont Lord", 1, 1, 0, NO_ABILITY),
        HouseCard("Ser Rodrik Cassel", 1, 0, 1, NO_ABILITY),
        HouseCard("Catelyn Stark", 0, 0, 0, A_CATELYN),
        HouseCard("Maester Luwin", 0, 0, 0, A_LUWIN),
    ),
    (
        HouseCard("Tywin Lannister", 3, 2, 0, NO_ABILITY),
        HouseCard("Ser Jaime Lannister", 2, 0, 0, A_JAIME),
        HouseCard("Tyrion Lannister", 2, 0, 1, NO_ABILITY),
        HouseCard("Ser Kevan Lannister", 1, 1, 0, NO_ABILITY),
        HouseCard("House Lannister Captain", 1, 1, 0, NO_ABILITY),
        HouseCard("Vargo Hoat", 0, 0, 0, A_VARGO),
        HouseCard("Cersei Lannister", 0, 0, 0, A_CERSEI),
    ),
    (
        HouseCard("Stannis Baratheon", 3, 1, 1, NO_ABILITY),
        HouseCard("Renly Baratheon", 2, 0, 0, A_RENLY),
        HouseCard("Ser Davos Seaworth", 2, 0, 1, NO_ABILITY),
        HouseCard("Ser Axell Florent", 1, 1, 0, NO_ABILITY),
        HouseCard("House Florent Lord", 1, 1, 0, NO_ABILITY),
        HouseCard("Salladhor Saan", 0, 0, 0, A_SALLADHOR),
        HouseCard("Melisandre of Asshai", 0, 0, 0, A_MELISANDRE),
    ),
    (
        HouseCard("Euron Crow's Eye", 3, 2, 0, NO_ABILITY),
        HouseCard("Asha Greyjoy", 2, 0, 0, A_ASHA),
        HouseCard("Theon Greyjoy", 2, 1, 0, NO_ABILITY),
        HouseCard("House Blacktyde Captain", 1, 0, 1, NO_ABILITY),
        HouseCard("Aeron Damphair", 1, 0, 1, NO_ABILITY),
        HouseCard("Victarion Greyjoy", 0, 0, 0, A_VICTARION),
        HouseCard("Balon Greyjoy", 0, 0, 0, A_BALON),
    ),
    (
        HouseCard("Mace Tyrell", 3, 2, 0, NO_ABILITY),
        HouseCard("Ser Loras Tyrell", 2, 0, 0, A_LORAS),
        HouseCard("Ser Garlan Tyrell", 2, 1, 0, NO_ABILITY),
        HouseCard("House Tyrell Captain", 1, 1, 0, NO_ABILITY),
        HouseCard("Margaery Tyrell", 1, 0, 1, NO_ABILITY),
        HouseCard("Brienne of Tarth", 0, 0, 0, A_BRIENNE),
        HouseCard("Queen of Thorns", 0, 0, 0, A_QUEEN_OF_THORNS),
    ),
)

# -- the map (49 areas) -------------------------------------------------------------------------
AREA_IDS: Final[tuple[str, ...]] = (
    "bay-of-ice",
    "blackwater",
    "blackwater-bay",
    "castle-black",
    "crackclaw-point",
    "dornish-marches",
    "dragonstone",
    "flints-finger",
    "greywater-watch",
    "harrenhal",
    "highgarden",
    "ironmans-bay",
    "karhold",
    "kings-landing",
    "kingswood",
    "lannisport",
    "moat-cailin",
    "oldtown",
    "princes-pass",
    "pyke",
    "redwyne-straights",
    "riverrun",
    "salt-shore",
    "sea-of-dorne",
    "seagard",
    "searoad-marches",
    "shipbreaker-bay",
    "starfall",
    "stoney-sept",
    "storms-end",
    "sunset-sea",
    "sunspear",
    "the-arbor",
    "the-boneway",
    "the-eyrie",
    "the-fingers",
    "the-golden-sound",
    "the-mountains-of-the-moon",
    "the-narrow-sea",
    "the-reach",
    "the-shivering-sea",
    "the-stony-shore",
    "the-summer-sea",
    "the-twins",
    "three-towers",
    "white-harbor",
    "widows-watch",
    "winterfell",
    "yronwood",
)
AREA_NAMES: Final[tuple[str, ...]] = (
    "Bay of Ice",
    "Blackwater",
    "Blackwater Bay",
    "Castle Black",
    "Crackclaw Point",
    "Dornish Marches",
    "Dragonstone",
    "Flint's Finger",
    "Greywater Watch",
    "Harrenhal",
    "Highgarden",
    "Ironman's Bay",
    "Karhold",
    "King's Landing",
    "Kingswood",
    "Lannisport",
    "Moat Cailin",
    "Oldtown",
    "Prince's Pass",
    "Pyke",
    "Redwyne Straights",
    "Riverrun",
    "Salt Shore",
    "Sea of Dorne",
    "Seagard",
    "Searoad Marches",
    "Shipbreaker Bay",
    "Starfall",
    "Stoney Sept",
    "Storm's End",
    "Sunset Sea",
    "Sunspear",
    "The Arbor",
    "The Boneway",
    "The Eyrie",
    "The Fingers",
    "The Golden Sound",
    "The Mountains of the Moon",
    "The Narrow Sea",
    "The Reach",
    "The Shivering Sea",
    "The Stony Shore",
    "The Summer Sea",
    "The Twins",
    "Three Towers",
    "White Harbor",
    "Widow's Watch",
    "Winterfell",
    "Yronwood",
)
AREA_IS_SEA: Final[tuple[bool, ...]] = (
    True,
    False,
    True,
    False,
    False,
    False,
    False,
    False,
    False,
    False,
    False,
    True,
    False,
    False,
    False,
    False,
    False,
    False,
    False,
    False,
    True,
    False,
    False,
    True,
    False,
    False,
    True,
    False,
    False,
    False,
    True,
    False,
    False,
    False,
    False,
    False,
    True,
    False,
    True,
    False,
    True,
    False,
    True,
    False,
    False,
    False,
    False,
    False,
    False,
)
# 0 none, 1 city (1 mustering point), 2 stronghold (2 points)
AREA_CASTLE: Final[tuple[int, ...]] = (
    0,
    0,
    0,
    0,
    1,
    0,
    2,
    1,
    0,
    1,
    2,
    0,
    0,
    2,
    0,
    2,
    1,
    2,
    0,
    2,
    0,
    2,
    0,
    0,
    2,
    0,
    0,
    1,
    0,
    1,
    0,
    2,
    0,
    0,
    1,
    0,
    0,
    0,
    0,
    1,
    0,
    0,
    0,
    0,
    0,
    1,
    0,
    2,
    1,
)
AREA_SUPPLY: Final[tuple[int, ...]] = (
    0,
    2,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    2,
    0,
    0,
    0,
    1,
    2,
    0,
    0,
    1,
    1,
    0,
    1,
    1,
    0,
    1,
    1,
    0,
    1,
    0,
    0,
    0,
    1,
    0,
    0,
    1,
    1,
    0,
    1,
    0,
    0,
    0,
    1,
    0,
    0,
    1,
    0,
    1,
    1,
    0,
)
AREA_POWER: Final[tuple[int, ...]] = (
    0,
    0,
    0,
    1,
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    0,
    1,
    2,
    1,
    0,
    0,
    0,
    1,
    1,
    0,
    1,
    0,
    0,
    1,
    0,
    0,
    0,
    1,
    0,
    0,
    1,
    1,
    1,
    1,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    1,
    0,
    0,
    0,
    1,
    0,
)
# the house (index into HOUSES) whose printed shield the area carries, or -1
AREA_HOME: Final[tuple[int, ...]] = (
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    2,
    -1,
    -1,
    -1,
    4,
    -1,
    -1,
    -1,
    -1,
    1,
    -1,
    -1,
    -1,
    3,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    -1,
    0,
    -1,
)
ADJACENT: Final[tuple[tuple[int, ...], ...]] = (
    (
        3,
        7,
        8,
        30,
        41,
        47,
    ),  # bay-of-ice
    (
        4,
        9,
        13,
        25,
        28,
        39,
    ),  # blackwater
    (
        4,
        13,
        14,
        26,
    ),  # blackwater-bay
    (
        0,
        12,
        40,
        47,
    ),  # castle-black
    (
        1,
        2,
        9,
        13,
        26,
        37,
        38,
    ),  # crackclaw-point
    (
        10,
        17,
        18,
        33,
        39,
        44,
    ),  # dornish-marches
    (26,),  # dragonstone
    (
        0,
        8,
        11,
        30,
    ),  # flints-finger
    (
        0,
        7,
        11,
        16,
        24,
    ),  # greywater-watch
    (
        1,
        4,
        21,
        28,
    ),  # harrenhal
    (
        5,
        17,
        20,
        25,
        30,
        39,
    ),  # highgarden
    (
        7,
        8,
        19,
        21,
        24,
        30,
        36,
    ),  # ironmans-bay
    (
        3,
        40,
        47,
    ),  # karhold
    (
        1,
        2,
        4,
        14,
        39,
    ),  # kings-landing
    (
        2,
        13,
        26,
        29,
        33,
        39,
    ),  # kingswood
    (
        21,
        25,
        28,
        36,
    ),  # lannisport
    (
        8,
        24,
        38,
        43,
        45,
        47,
    ),  # moat-cailin
    (
        5,
        10,
        20,
        30,
        44,
    ),  # oldtown
    (
        5,
        27,
        33,
        44,
        48,
    ),  # princes-pass
    (11,),  # pyke
    (
        10,
        17,
        30,
        32,
        42,
        44,
    ),  # redwyne-straights
    (
        9,
        11,
        15,
        24,
        28,
        36,
    ),  # riverrun
    (
        27,
        31,
        42,
        48,
    ),  # salt-shore
    (
        29,
        31,
        33,
        42,
        48,
    ),  # sea-of-dorne
    (
        8,
        11,
        16,
        21,
        43,
    ),  # seagard
    (
        1,
        10,
        15,
        28,
        30,
        36,
        39,
    ),  # searoad-marches
    (
        2,
        4,
        6,
        14,
        29,
        38,
        42,
    ),  # shipbreaker-bay
    (
        18,
        22,
        42,
        48,
    ),  # starfall
    (
        1,
        9,
        15,
        21,
        25,
    ),  # stoney-sept
    (
        14,
        23,
        26,
        33,
        42,
    ),  # storms-end
    (
        0,
        7,
        10,
        11,
        17,
        20,
        25,
        36,
    ),  # sunset-sea
    (
        22,
        23,
        42,
        48,
    ),  # sunspear
    (
        20,
        42,
    ),  # the-arbor
    (
        5,
        14,
        18,
        23,
        29,
        39,
        48,
    ),  # the-boneway
    (
        37,
        38,
    ),  # the-eyrie
    (
        37,
        38,
        43,
    ),  # the-fingers
    (
        11,
        15,
        21,
        25,
        30,
    ),  # the-golden-sound
    (
        4,
        34,
        35,
        38,
        43,
    ),  # the-mountains-of-the-moon
    (
        4,
        16,
        26,
        34,
        35,
        37,
        40,
        43,
        45,
        46,
    ),  # the-narrow-sea
    (
        1,
        5,
        10,
        13,
        14,
        25,
        33,
    ),  # the-reach
    (
        3,
        12,
        38,
        45,
        46,
        47,
    ),  # the-shivering-sea
    (
        0,
        47,
    ),  # the-stony-shore
    (
        20,
        22,
        23,
        26,
        27,
        29,
        31,
        32,
        44,
    ),  # the-summer-sea
    (
        16,
        24,
        35,
        37,
        38,
    ),  # the-twins
    (
        5,
        17,
        18,
        20,
        42,
    ),  # three-towers
    (
        16,
        38,
        40,
        46,
        47,
    ),  # white-harbor
    (
        38,
        40,
        45,
    ),  # widows-watch
    (
        0,
        3,
        12,
        16,
        40,
        41,
        45,
    ),  # winterfell
    (
        18,
        22,
        23,
        27,
        31,
        33,
    ),  # yronwood
)
START_UNITS: Final[tuple[tuple[tuple[int, int], ...], ...]] = (
    (
        (47, 0),
        (47, 1),
        (45, 0),
        (40, 2),
    ),  # stark
    (
        (15, 0),
        (15, 1),
        (28, 0),
        (36, 2),
    ),  # lannister
    (
        (6, 0),
        (6, 1),
        (14, 0),
        (26, 2),
        (26, 2),
    ),  # baratheon
    (
        (19, 0),
        (19, 1),
        (8, 0),
        (11, 2),
        (11, 2),
    ),  # greyjoy
    (
        (10, 0),
        (10, 1),
        (5, 0),
        (20, 2),
    ),  # tyrell
)
START_IRON_THRONE: Final[tuple[int, ...]] = (
    3,
    2,
    1,
    4,
    5,
)
START_FIEFDOMS: Final[tuple[int, ...]] = (
    3,
    5,
    4,
    1,
    2,
)
START_KINGS_COURT: Final[tuple[int, ...]] = (
    2,
    1,
    3,
    5,
    4,
)
NEUTRAL_FORCES: Final[tuple[tuple[int, int], ...]] = (
    (13, 5),
    (34, 6),
    (31, 5),
)

N_AREAS: Final = len(AREA_IDS)
AREA_INDEX: Final[dict[str, int]] = {a: i for i, a in enumerate(AREA_IDS)}

# -- what no source settles, and the rules points this engine decided ----------------------------
ASSUMPTIONS: Final = (
    "map: the second-edition map without its eight port areas, adjusted to what the rulebook's "
    "examples state of the first-edition map: one Summer Sea, the Sunset Sea bordering Highgarden, "
    "Oldtown and the Redwyne Straights but not the Summer Sea",
    "map, the south: Three Towers, Prince's Pass, Salt Shore and The Boneway, and the castle icons of "
    "Sunspear, Oldtown, Yronwood and Starfall, follow the second edition",
    "starting units and track positions of Greyjoy and Tyrell, and Greyjoy's two ships in Ironman's Bay",
    "Westeros decks: copies of each card, and which cards carry the mammoth icon",
    "house cards: Renly Baratheon carries the footman-upgrade ability, the fifth Baratheon card is "
    "'House Florent Lord', and Salladhor Saan zeroes only the opponent's supporting ships",
    "unit limits: 10 footmen, 4 knights, 5 ships per house (the rules text; the component list "
    "counts 6 ships)",
)
# The rules points no source settles that this engine had to decide, and where each is coded.
RULINGS: Final = (
    "a home area is its house's while it holds no units and no power token: the printed shield works "
    "as a power token that an enemy's units or token only cover while they are there (map.controller)",
    "units marching into an embattled area count as an army there for the supply check (supply.fits_after)",
    "an attack on a neutral force that falls short after support leaves the marching units where they "
    "started (battle._resolve_neutral)",
    "a losing defender retreats to an area where all its units fit the supply limit if there is one, "
    "else to any legal area (battle.retreat_areas: the rulebook's 'if necessary'); the house then "
    "destroys, one unit at a time, the retreated units that cannot fit (battle.place_retreated)",
    "Ser Loras destroys a footman that is not routed if there is one (house_cards.loras)",
    "immediate card abilities resolve the attacker's first (battle._reveal_cards)",
    "a house that plays its 7th card takes all seven back (the rulebook: 'instead of discarding this "
    "card ... his hand is now full again'); a hand emptied by Melisandre's discard takes back every "
    "discarded card but the one just discarded (house_cards.discard_played, refill_if_empty)",
    "a game tied on castles, supply and available power after turn 10 is a draw: no winner (scoring)",
    "Winter is Coming goes back into its deck before the deck is shuffled (westeros.start_westeros)",
    "support is pledged area by area, in order of play and then by area; the Valyrian Steel Blade's "
    "holder is asked whenever it fights and has not used the blade this turn (battle)",
)
