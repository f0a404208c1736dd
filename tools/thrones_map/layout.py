"""The hand-made input of the thrones map drawing: a schematic Westeros in a 1200 × 1600 frame.

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

WIDTH: Final = 1200
HEIGHT: Final = 1600

# The mainland outline, clockwise from the top edge (the land north of the Wall runs off the top
# of the frame), smoothed by the generator (Chaikin). Peninsulas are exaggerated so small areas
# (Flint's Finger, Widow's Watch, Crackclaw Point, The Fingers) have room for their pieces.
COAST: Final[tuple[Point, ...]] = (
    (285, 0),
    (930, 0),
    (945, 60),  # Castle Black's east end
    (980, 109),  # Karhold
    (1005, 164),
    (990, 214),
    (945, 244),
    (905, 256),  # Winterfell on the Shivering Sea
    (905, 275),
    (930, 262),  # Widow's Watch
    (1020, 248),
    (1070, 283),
    (1076, 350),
    (1045, 404),
    (970, 410),
    (915, 410),  # White Harbor on the Narrow Sea
    (870, 430),  # Moat Cailin
    (826, 458),  # The Twins in the Bite
    (818, 515),
    (852, 530),  # The Fingers
    (920, 500),
    (1005, 494),
    (1045, 535),
    (1010, 585),
    (975, 592),
    (985, 601),  # The Mountains of the Moon
    (1035, 603),  # The Eyrie
    (1098, 640),
    (1102, 742),
    (1035, 772),
    (980, 765),
    (985, 795),  # Crackclaw Point
    (995, 830),
    (960, 850),
    (900, 842),
    (835, 834),  # King's Landing on Blackwater Bay
    (800, 875),
    (800, 950),
    (845, 985),  # Kingswood
    (915, 980),
    (945, 1008),
    (926, 1045),
    (948, 1075),  # Storm's End
    (1000, 1093),
    (1030, 1150),
    (992, 1190),
    (910, 1192),  # the Sea of Dorne's north shore
    (820, 1205),
    (730, 1236),
    (775, 1300),  # its south shore
    (880, 1310),
    (960, 1310),  # Sunspear
    (1028, 1327),
    (1058, 1380),
    (1040, 1452),
    (985, 1490),
    (880, 1508),  # Salt Shore
    (780, 1515),
    (700, 1522),  # Starfall
    (600, 1530),
    (520, 1522),
    (440, 1500),  # Three Towers
    (362, 1460),
    (314, 1405),
    (278, 1345),  # Oldtown
    (250, 1287),
    (228, 1227),
    (216, 1157),  # Highgarden
    (208, 1064),
    (236, 983),  # Searoad Marches
    (265, 916),
    (299, 870),
    (298, 826),  # Lannisport
    (292, 765),
    (330, 705),  # Riverrun
    (362, 661),
    (380, 612),  # Seagard
    (372, 543),
    (385, 480),  # Greywater Watch
    (345, 488),
    (260, 490),  # Flint's Finger
    (170, 482),
    (138, 425),
    (170, 366),
    (270, 360),
    (362, 360),
    (388, 348),
    (362, 338),  # The Stony Shore
    (270, 345),
    (190, 330),
    (168, 285),
    (210, 232),
    (290, 226),
    (322, 190),  # Winterfell on the Bay of Ice
    (305, 141),
    (288, 68),
)

# Islands: (centre, radii, rotation in degrees) of an ellipse, each wholly one area.
ISLANDS: Final[dict[str, tuple[Point, Point, float]]] = {
    "pyke": ((232, 640), (82, 62), -15),
    "dragonstone": ((1040, 905), (76, 74), 10),
    "the-arbor": ((275, 1530), (88, 54), -15),
}

# Where Highgarden, Oldtown, the Sunset Sea and the Redwyne Straights meet in one point on the
# coast. The rules make all four pairwise adjacent, which no plane drawing allows together with the
# rest of the map (tests/web/test_thrones_map_geometry.py proves it); here Highgarden–Redwyne
# Straights and Oldtown–Sunset Sea touch at this corner. The generator places the four areas'
# nearest seeds mirrored about the horizontal through this point, so every bisector passes it.
FOUR_CORNER: Final[Point] = (232, 1227)
FOUR_CORNER_SEEDS: Final[tuple[tuple[str, str, Point], ...]] = (
    # (the area north of the corner, the one south of it, (dx, dy)): seeds at (dx, -dy), (dx, dy)
    ("highgarden", "oldtown", (75, 52)),
    ("sunset-sea", "redwyne-straights", (-70, 52)),
)

# Voronoi seeds per area; land seeds partition the mainland, sea seeds the water.
SEEDS: Final[dict[str, tuple[Point, ...]]] = {
    # -- the North
    "castle-black": ((400, 42), (607, 45), (800, 42)),
    "karhold": ((900, 155),),
    "winterfell": ((520, 164), (660, 196), (430, 228), (832, 249), (364, 159)),
    "the-stony-shore": ((285, 287),),
    "white-harbor": ((790, 355), (904, 349)),
    "widows-watch": ((1021, 337),),
    "moat-cailin": ((643, 406), (820, 430)),
    "greywater-watch": ((456, 400), (425, 489)),
    "flints-finger": ((243, 424),),
    # -- the Vale and the Riverlands
    "seagard": ((420, 522), (540, 545)),
    "the-twins": ((740, 520), (800, 496)),
    "the-fingers": ((935, 545), (995, 560)),
    "the-mountains-of-the-moon": ((840, 635), (900, 685), (962, 758)),
    "the-eyrie": ((1025, 690), (1015, 735)),
    "riverrun": ((398, 708),),
    "harrenhal": ((620, 693),),
    "crackclaw-point": ((800, 762), (900, 800), (965, 818)),
    # -- the Westerlands and the Crownlands
    "lannisport": ((375, 805),),
    "stoney-sept": ((520, 800),),
    "blackwater": ((615, 842),),
    "kings-landing": ((745, 890),),
    "searoad-marches": ((377, 936), (530, 914)),
    "the-reach": ((610, 949), (510, 1030)),
    "kingswood": ((860, 1024), (800, 988)),
    # -- the Stormlands, the Reach and Dorne
    "storms-end": ((950, 1128),),
    "the-boneway": ((760, 1157),),
    "highgarden": ((364, 1088),),
    "dornish-marches": ((530, 1192),),
    "oldtown": ((352, 1308),),
    "three-towers": ((460, 1395),),
    "princes-pass": ((610, 1331),),
    "yronwood": ((750, 1354),),
    "starfall": ((610, 1453),),
    "salt-shore": ((802, 1455),),
    "sunspear": ((950, 1389),),
    # -- the seas
    "bay-of-ice": ((190, 182), (250, 347)),
    "the-shivering-sea": ((1030, 116), (1000, 260)),
    "the-narrow-sea": ((955, 426), (1054, 568), (1150, 690), (1020, 757)),
    "shipbreaker-bay": ((1060, 850), (1040, 1018), (985, 985)),
    "blackwater-bay": ((865, 905),),
    "sea-of-dorne": ((889, 1234),),
    "the-summer-sea": ((700, 1560), (1085, 1262), (1050, 1527), (400, 1590)),
    "redwyne-straights": ((160, 1482), (338, 1454)),
    "sunset-sea": ((120, 380), (120, 496), (125, 612), (120, 700), (122, 800), (125, 900), (130, 1053)),
    "ironmans-bay": ((235, 640), (175, 640), (300, 520)),
    "the-golden-sound": ((240, 790),),
}

# Where a label should go when the widest spot of the area is not the best (e.g. by the frame edge).
LABEL_NEAR: Final[dict[str, Point]] = {
    "the-narrow-sea": (900, 470),
    "the-mountains-of-the-moon": (850, 660),
    "the-summer-sea": (800, 1560),
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
