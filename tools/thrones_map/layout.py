"""The hand-made input of the thrones map drawing: a schematic Westeros in a 1000 × 1600 frame.

Our own drawing (north at the top), made from the map's geography and placed so that the drawing's
adjacency is the rules' (``ravenry.games.thrones.data.ADJACENT``): the mainland coastline, the
islands, Voronoi seed points per area (an area is the union of its seeds' cells, so several seeds
shape long areas) and a display region per land area. ``generate.py`` turns this into
``src/ravenry/web/static/data/thrones-map.json``. Nothing here is a rule; names, kinds and
adjacency stay in ``data.py``.
"""

from __future__ import annotations

from typing import Final

Point = tuple[float, float]

WIDTH: Final = 1000
HEIGHT: Final = 1600

# The mainland outline, clockwise from the top edge (the land north of the Wall runs off the top
# of the frame), smoothed by the generator (Chaikin). Peninsulas are exaggerated so small areas
# (Flint's Finger, Widow's Watch, Crackclaw Point, The Fingers) have room for their pieces.
COAST: Final[tuple[Point, ...]] = (
    (185, 0),
    (830, 0),
    (845, 60),  # Castle Black's east end
    (880, 109),  # Karhold
    (905, 164),
    (890, 214),
    (845, 244),
    (805, 256),  # Winterfell on the Shivering Sea
    (805, 275),
    (835, 278),  # Widow's Watch
    (920, 268),
    (975, 298),
    (985, 350),
    (950, 395),
    (870, 408),
    (815, 424),  # White Harbor on the Narrow Sea
    (775, 445),  # Moat Cailin
    (742, 470),  # The Twins in the Bite
    (738, 510),
    (765, 515),  # The Fingers
    (820, 476),
    (905, 472),
    (942, 518),
    (905, 566),
    (872, 578),
    (885, 601),  # The Mountains of the Moon
    (935, 603),  # The Eyrie
    (985, 645),
    (985, 735),
    (935, 765),
    (880, 765),
    (885, 795),  # Crackclaw Point
    (895, 830),
    (860, 850),
    (800, 842),
    (735, 834),  # King's Landing on Blackwater Bay
    (700, 875),
    (700, 950),
    (745, 985),  # Kingswood
    (815, 980),
    (845, 1008),
    (826, 1045),
    (848, 1075),  # Storm's End
    (900, 1093),
    (930, 1150),
    (892, 1190),
    (810, 1192),  # the Sea of Dorne's north shore
    (720, 1205),
    (630, 1236),
    (675, 1300),  # its south shore
    (780, 1310),
    (860, 1310),  # Sunspear
    (928, 1327),
    (958, 1380),
    (940, 1452),
    (885, 1490),
    (780, 1508),  # Salt Shore
    (680, 1515),
    (600, 1522),  # Starfall
    (500, 1530),
    (420, 1522),
    (340, 1500),  # Three Towers
    (262, 1460),
    (214, 1405),
    (178, 1345),  # Oldtown
    (150, 1287),
    (128, 1227),
    (116, 1157),  # Highgarden
    (108, 1064),
    (136, 983),  # Searoad Marches
    (165, 916),
    (199, 870),
    (215, 821),  # Lannisport
    (202, 763),
    (230, 705),  # Riverrun
    (262, 661),
    (280, 612),  # Seagard
    (272, 543),
    (285, 480),  # Greywater Watch
    (245, 472),
    (160, 472),  # Flint's Finger
    (80, 462),
    (55, 420),
    (80, 378),
    (170, 372),
    (262, 370),
    (288, 350),
    (262, 338),  # The Stony Shore
    (170, 345),
    (90, 330),
    (68, 285),
    (110, 232),
    (190, 226),
    (222, 190),  # Winterfell on the Bay of Ice
    (205, 141),
    (188, 68),
)

# Islands: (centre, radii, rotation in degrees) of an ellipse, each wholly one area.
ISLANDS: Final[dict[str, tuple[Point, Point, float]]] = {
    "pyke": ((158, 582), (78, 58), -15),
    "dragonstone": ((932, 905), (60, 64), 10),
    "the-arbor": ((175, 1530), (88, 54), -15),
}

# Where Highgarden, Oldtown, the Sunset Sea and the Redwyne Straights meet in one point on the
# coast. The rules make all four pairwise adjacent, which no plane drawing allows together with the
# rest of the map (tests/web/test_thrones_map_geometry.py proves it); here Highgarden–Redwyne
# Straights and Oldtown–Sunset Sea touch at this corner. The generator places the four areas'
# nearest seeds mirrored about the horizontal through this point, so every bisector passes it.
FOUR_CORNER: Final[Point] = (132, 1227)
FOUR_CORNER_SEEDS: Final[dict[str, Point]] = {
    # offset (dx, dy) of the seed from the corner; its partner gets (dx, -dy)
    "highgarden": (75, -55),
    "oldtown": (75, 47),
    "sunset-sea": (-70, -55),
    "redwyne-straights": (-70, 47),
}

# Voronoi seeds per area; land seeds partition the mainland, sea seeds the water.
SEEDS: Final[dict[str, tuple[Point, ...]]] = {
    # -- the North
    "castle-black": ((300, 42), (500, 42), (700, 42)),
    "karhold": ((800, 155),),
    "winterfell": ((420, 164), (560, 196), (330, 228), (740, 236), (260, 170)),
    "the-stony-shore": ((185, 287),),
    "white-harbor": ((690, 355), (800, 331)),
    "widows-watch": ((900, 339),),
    "moat-cailin": ((530, 410), (720, 430)),
    "greywater-watch": ((370, 394), (305, 465)),
    "flints-finger": ((170, 406),),
    # -- the Vale and the Riverlands
    "seagard": ((340, 540), (440, 545)),
    "the-twins": ((640, 520), (700, 496)),
    "the-fingers": ((830, 510),),
    "the-mountains-of-the-moon": ((740, 624), (830, 682), (865, 745)),
    "the-eyrie": ((930, 670),),
    "riverrun": ((340, 659),),
    "harrenhal": ((520, 693),),
    "crackclaw-point": ((700, 751), (820, 809)),
    # -- the Westerlands and the Crownlands
    "lannisport": ((270, 786),),
    "stoney-sept": ((400, 798),),
    "blackwater": ((540, 844),),
    "kings-landing": ((665, 879),),
    "searoad-marches": ((278, 943), (400, 908)),
    "the-reach": ((510, 949), (410, 1030)),
    "kingswood": ((760, 1024), (690, 972)),
    # -- the Stormlands, the Reach and Dorne
    "storms-end": ((850, 1128),),
    "the-boneway": ((660, 1157),),
    "highgarden": ((264, 1088),),
    "dornish-marches": ((430, 1192),),
    "oldtown": ((252, 1308),),
    "three-towers": ((360, 1395),),
    "princes-pass": ((510, 1331),),
    "yronwood": ((650, 1354),),
    "starfall": ((510, 1453),),
    "salt-shore": ((700, 1447),),
    "sunspear": ((850, 1389),),
    # -- the seas
    "bay-of-ice": ((80, 164), (150, 347)),
    "the-shivering-sea": ((930, 116), (900, 260)),
    "the-narrow-sea": ((850, 430), (965, 554), (995, 682), (930, 769)),
    "shipbreaker-bay": ((960, 850), (940, 1018), (885, 985)),
    "blackwater-bay": ((765, 905),),
    "sea-of-dorne": ((800, 1250),),
    "the-summer-sea": ((600, 1560), (985, 1262), (950, 1527), (300, 1590)),
    "redwyne-straights": ((60, 1482), (210, 1430)),
    "sunset-sea": ((20, 380), (20, 496), (25, 612), (20, 700), (22, 800), (25, 900), (30, 1053)),
    "ironmans-bay": ((158, 582), (90, 585), (230, 462)),
    "the-golden-sound": ((160, 775),),
}

# Display regions (colouring only; seas have none).
REGIONS: Final[dict[str, tuple[str, ...]]] = {
    "The North": (
        "castle-black",
        "karhold",
        "winterfell",
        "the-stony-shore",
        "white-harbor",
        "widows-watch",
        "moat-cailin",
        "greywater-watch",
        "flints-finger",
    ),
    "Iron Islands": ("pyke",),
    "The Riverlands": ("seagard", "the-twins", "riverrun", "harrenhal", "stoney-sept"),
    "The Vale": ("the-fingers", "the-mountains-of-the-moon", "the-eyrie"),
    "The Westerlands": ("lannisport",),
    "The Crownlands": ("crackclaw-point", "kings-landing", "blackwater", "dragonstone"),
    "The Stormlands": ("kingswood", "storms-end", "the-boneway"),
    "The Reach": (
        "searoad-marches",
        "the-reach",
        "highgarden",
        "dornish-marches",
        "oldtown",
        "three-towers",
        "the-arbor",
    ),
    "Dorne": ("princes-pass", "yronwood", "starfall", "salt-shore", "sunspear"),
}
