"""Every fixed fact of A Game of Thrones: The Board Game (first edition), as typed tables.

Re-encoded once from the project's fact sheet (``thrones-data.json``, itself checked against the
2003 rulebook, the second-edition map and two first-edition transcriptions); the game never reads
that file. Areas are ints (their place in :data:`AREAS`, one row per area sorted by id; the
``AREA_*`` columns and :data:`ADJACENT` the rules loop over are read off those rows), houses are
ints (their index in :data:`HOUSES`), unit types are ints (:data:`FOOTMAN`, :data:`KNIGHT`,
:data:`SHIP`).

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
# Each house's colour on the table (its pieces, tokens and chips; HOUSES order) and the ink of
# text on it. **Assumed**: tints of the printed colours chosen to be told apart on screen
# (CIE ΔE2000 >= 20 between any two fills; ink at WCAG contrast >= 4.5:1 on its fill).
HOUSE_FILL: Final = ("#4a6c8c", "#b0171f", "#e0b000", "#1c1c1c", "#2e7d32")
HOUSE_INK: Final = ("#ffffff", "#ffffff", "#1d1d1d", "#ffffff", "#ffffff")
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
UNIT_PLURALS: Final = ("footmen", "knights", "ships")
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
CITY: Final = 1  # a castle: 1 mustering point
STRONGHOLD: Final = 2  # 2 mustering points


class Area:
    """One area of the map, as printed: its id and name, the areas next to it (by id), whether it
    is a sea, its castle (0, :data:`CITY` or :data:`STRONGHOLD`), supply barrels, power crowns,
    and the house whose shield it carries (its home area), if any."""

    __slots__ = ("adjacent", "area_id", "castle", "home", "name", "power", "sea", "supply")

    def __init__(
        self,
        area_id: str,
        name: str,
        adjacent: tuple[str, ...],
        sea: bool = False,
        castle: int = 0,
        supply: int = 0,
        power: int = 0,
        home: str = "",
    ) -> None:
        self.area_id: Final = area_id
        self.name: Final = name
        self.adjacent: Final = adjacent
        self.sea: Final = sea
        self.castle: Final = castle
        self.supply: Final = supply
        self.power: Final = power
        self.home: Final = home


# One row per area, sorted by id (an area's int is its place here). Rivers without a crossing are
# already left out of ``adjacent``.
AREAS: Final[tuple[Area, ...]] = (
    Area(
        "bay-of-ice",
        "Bay of Ice",
        ("castle-black", "flints-finger", "greywater-watch", "sunset-sea", "the-stony-shore", "winterfell"),
        sea=True,
    ),
    Area(
        "blackwater",
        "Blackwater",
        ("crackclaw-point", "harrenhal", "kings-landing", "searoad-marches", "stoney-sept", "the-reach"),
        supply=2,
    ),
    Area(
        "blackwater-bay",
        "Blackwater Bay",
        ("crackclaw-point", "kings-landing", "kingswood", "shipbreaker-bay"),
        sea=True,
    ),
    Area(
        "castle-black", "Castle Black", ("bay-of-ice", "karhold", "the-shivering-sea", "winterfell"), power=1
    ),
    Area(
        "crackclaw-point",
        "Crackclaw Point",
        (
            "blackwater",
            "blackwater-bay",
            "harrenhal",
            "kings-landing",
            "shipbreaker-bay",
            "the-mountains-of-the-moon",
            "the-narrow-sea",
        ),
        castle=CITY,
    ),
    Area(
        "dornish-marches",
        "Dornish Marches",
        ("highgarden", "oldtown", "princes-pass", "the-boneway", "the-reach", "three-towers"),
        power=1,
    ),
    Area(
        "dragonstone",
        "Dragonstone",
        ("shipbreaker-bay",),
        castle=STRONGHOLD,
        supply=1,
        power=1,
        home="baratheon",
    ),
    Area(
        "flints-finger",
        "Flint's Finger",
        ("bay-of-ice", "greywater-watch", "ironmans-bay", "sunset-sea"),
        castle=CITY,
    ),
    Area(
        "greywater-watch",
        "Greywater Watch",
        ("bay-of-ice", "flints-finger", "ironmans-bay", "moat-cailin", "seagard"),
        supply=1,
    ),
    Area(
        "harrenhal",
        "Harrenhal",
        ("blackwater", "crackclaw-point", "riverrun", "stoney-sept"),
        castle=CITY,
        power=1,
    ),
    Area(
        "highgarden",
        "Highgarden",
        ("dornish-marches", "oldtown", "redwyne-straights", "searoad-marches", "sunset-sea", "the-reach"),
        castle=STRONGHOLD,
        supply=2,
        home="tyrell",
    ),
    Area(
        "ironmans-bay",
        "Ironman's Bay",
        ("flints-finger", "greywater-watch", "pyke", "riverrun", "seagard", "sunset-sea", "the-golden-sound"),
        sea=True,
    ),
    Area("karhold", "Karhold", ("castle-black", "the-shivering-sea", "winterfell"), power=1),
    Area(
        "kings-landing",
        "King's Landing",
        ("blackwater", "blackwater-bay", "crackclaw-point", "kingswood", "the-reach"),
        castle=STRONGHOLD,
        power=2,
    ),
    Area(
        "kingswood",
        "Kingswood",
        ("blackwater-bay", "kings-landing", "shipbreaker-bay", "storms-end", "the-boneway", "the-reach"),
        supply=1,
        power=1,
    ),
    Area(
        "lannisport",
        "Lannisport",
        ("riverrun", "searoad-marches", "stoney-sept", "the-golden-sound"),
        castle=STRONGHOLD,
        supply=2,
        home="lannister",
    ),
    Area(
        "moat-cailin",
        "Moat Cailin",
        ("greywater-watch", "seagard", "the-narrow-sea", "the-twins", "white-harbor", "winterfell"),
        castle=CITY,
    ),
    Area(
        "oldtown",
        "Oldtown",
        ("dornish-marches", "highgarden", "redwyne-straights", "sunset-sea", "three-towers"),
        castle=STRONGHOLD,
    ),
    Area(
        "princes-pass",
        "Prince's Pass",
        ("dornish-marches", "starfall", "the-boneway", "three-towers", "yronwood"),
        supply=1,
        power=1,
    ),
    Area("pyke", "Pyke", ("ironmans-bay",), castle=STRONGHOLD, supply=1, power=1, home="greyjoy"),
    Area(
        "redwyne-straights",
        "Redwyne Straights",
        ("highgarden", "oldtown", "sunset-sea", "the-arbor", "the-summer-sea", "three-towers"),
        sea=True,
    ),
    Area(
        "riverrun",
        "Riverrun",
        ("harrenhal", "ironmans-bay", "lannisport", "seagard", "stoney-sept", "the-golden-sound"),
        castle=STRONGHOLD,
        supply=1,
        power=1,
    ),
    Area("salt-shore", "Salt Shore", ("starfall", "sunspear", "the-summer-sea", "yronwood"), supply=1),
    Area(
        "sea-of-dorne",
        "Sea of Dorne",
        ("storms-end", "sunspear", "the-boneway", "the-summer-sea", "yronwood"),
        sea=True,
    ),
    Area(
        "seagard",
        "Seagard",
        ("greywater-watch", "ironmans-bay", "moat-cailin", "riverrun", "the-twins"),
        castle=STRONGHOLD,
        supply=1,
        power=1,
    ),
    Area(
        "searoad-marches",
        "Searoad Marches",
        (
            "blackwater",
            "highgarden",
            "lannisport",
            "stoney-sept",
            "sunset-sea",
            "the-golden-sound",
            "the-reach",
        ),
        supply=1,
    ),
    Area(
        "shipbreaker-bay",
        "Shipbreaker Bay",
        (
            "blackwater-bay",
            "crackclaw-point",
            "dragonstone",
            "kingswood",
            "storms-end",
            "the-narrow-sea",
            "the-summer-sea",
        ),
        sea=True,
    ),
    Area(
        "starfall",
        "Starfall",
        ("princes-pass", "salt-shore", "the-summer-sea", "yronwood"),
        castle=CITY,
        supply=1,
    ),
    Area(
        "stoney-sept",
        "Stoney Sept",
        ("blackwater", "harrenhal", "lannisport", "riverrun", "searoad-marches"),
        power=1,
    ),
    Area(
        "storms-end",
        "Storm's End",
        ("kingswood", "sea-of-dorne", "shipbreaker-bay", "the-boneway", "the-summer-sea"),
        castle=CITY,
    ),
    Area(
        "sunset-sea",
        "Sunset Sea",
        (
            "bay-of-ice",
            "flints-finger",
            "highgarden",
            "ironmans-bay",
            "oldtown",
            "redwyne-straights",
            "searoad-marches",
            "the-golden-sound",
        ),
        sea=True,
    ),
    Area(
        "sunspear",
        "Sunspear",
        ("salt-shore", "sea-of-dorne", "the-summer-sea", "yronwood"),
        castle=STRONGHOLD,
        supply=1,
        power=1,
    ),
    Area("the-arbor", "The Arbor", ("redwyne-straights", "the-summer-sea"), power=1),
    Area(
        "the-boneway",
        "The Boneway",
        (
            "dornish-marches",
            "kingswood",
            "princes-pass",
            "sea-of-dorne",
            "storms-end",
            "the-reach",
            "yronwood",
        ),
        power=1,
    ),
    Area(
        "the-eyrie",
        "The Eyrie",
        ("the-mountains-of-the-moon", "the-narrow-sea"),
        castle=CITY,
        supply=1,
        power=1,
    ),
    Area(
        "the-fingers", "The Fingers", ("the-mountains-of-the-moon", "the-narrow-sea", "the-twins"), supply=1
    ),
    Area(
        "the-golden-sound",
        "The Golden Sound",
        ("ironmans-bay", "lannisport", "riverrun", "searoad-marches", "sunset-sea"),
        sea=True,
    ),
    Area(
        "the-mountains-of-the-moon",
        "The Mountains of the Moon",
        ("crackclaw-point", "the-eyrie", "the-fingers", "the-narrow-sea", "the-twins"),
        supply=1,
    ),
    Area(
        "the-narrow-sea",
        "The Narrow Sea",
        (
            "crackclaw-point",
            "moat-cailin",
            "shipbreaker-bay",
            "the-eyrie",
            "the-fingers",
            "the-mountains-of-the-moon",
            "the-shivering-sea",
            "the-twins",
            "white-harbor",
            "widows-watch",
        ),
        sea=True,
    ),
    Area(
        "the-reach",
        "The Reach",
        (
            "blackwater",
            "dornish-marches",
            "highgarden",
            "kings-landing",
            "kingswood",
            "searoad-marches",
            "the-boneway",
        ),
        castle=CITY,
    ),
    Area(
        "the-shivering-sea",
        "The Shivering Sea",
        ("castle-black", "karhold", "the-narrow-sea", "white-harbor", "widows-watch", "winterfell"),
        sea=True,
    ),
    Area("the-stony-shore", "The Stony Shore", ("bay-of-ice", "winterfell"), supply=1),
    Area(
        "the-summer-sea",
        "The Summer Sea",
        (
            "redwyne-straights",
            "salt-shore",
            "sea-of-dorne",
            "shipbreaker-bay",
            "starfall",
            "storms-end",
            "sunspear",
            "the-arbor",
            "three-towers",
        ),
        sea=True,
    ),
    Area(
        "the-twins",
        "The Twins",
        ("moat-cailin", "seagard", "the-fingers", "the-mountains-of-the-moon", "the-narrow-sea"),
        power=1,
    ),
    Area(
        "three-towers",
        "Three Towers",
        ("dornish-marches", "oldtown", "princes-pass", "redwyne-straights", "the-summer-sea"),
        supply=1,
    ),
    Area(
        "white-harbor",
        "White Harbor",
        ("moat-cailin", "the-narrow-sea", "the-shivering-sea", "widows-watch", "winterfell"),
        castle=CITY,
    ),
    Area("widows-watch", "Widow's Watch", ("the-narrow-sea", "the-shivering-sea", "white-harbor"), supply=1),
    Area(
        "winterfell",
        "Winterfell",
        (
            "bay-of-ice",
            "castle-black",
            "karhold",
            "moat-cailin",
            "the-shivering-sea",
            "the-stony-shore",
            "white-harbor",
        ),
        castle=STRONGHOLD,
        supply=1,
        power=1,
        home="stark",
    ),
    Area(
        "yronwood",
        "Yronwood",
        ("princes-pass", "salt-shore", "sea-of-dorne", "starfall", "sunspear", "the-boneway"),
        castle=CITY,
    ),
)

# The same facts by column, indexed by area, for the rules' inner loops.
AREA_IDS: Final[tuple[str, ...]] = tuple(a.area_id for a in AREAS)
AREA_INDEX: Final[dict[str, int]] = {a: i for i, a in enumerate(AREA_IDS)}
N_AREAS: Final = len(AREA_IDS)
AREA_NAMES: Final[tuple[str, ...]] = tuple(a.name for a in AREAS)
AREA_IS_SEA: Final[tuple[bool, ...]] = tuple(a.sea for a in AREAS)
AREA_CASTLE: Final[tuple[int, ...]] = tuple(a.castle for a in AREAS)  # 0, CITY or STRONGHOLD
AREA_SUPPLY: Final[tuple[int, ...]] = tuple(a.supply for a in AREAS)
AREA_POWER: Final[tuple[int, ...]] = tuple(a.power for a in AREAS)
# the house (index into HOUSES) whose printed shield the area carries, or -1
AREA_HOME: Final[tuple[int, ...]] = tuple(HOUSES.index(a.home) if a.home else -1 for a in AREAS)
ADJACENT: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(AREA_INDEX[b] for b in a.adjacent) for a in AREAS)
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
