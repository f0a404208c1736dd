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
    (830, 262),  # Widow's Watch
    (920, 248),
    (970, 283),
    (976, 350),
    (945, 404),
    (870, 410),
    (815, 410),  # White Harbor on the Narrow Sea
    (770, 430),  # Moat Cailin
    (726, 458),  # The Twins in the Bite
    (718, 515),
    (752, 530),  # The Fingers
    (820, 500),
    (905, 494),
    (945, 535),
    (910, 585),
    (875, 592),
    (885, 601),  # The Mountains of the Moon
    (935, 603),  # The Eyrie
    (982, 642),
    (984, 738),
    (935, 772),
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
    (245, 488),
    (160, 490),  # Flint's Finger
    (70, 482),
    (38, 425),
    (70, 366),
    (170, 360),
    (262, 360),
    (288, 348),
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
    "pyke": ((135, 640), (76, 58), -15),
    "dragonstone": ((930, 905), (64, 68), 10),
    "the-arbor": ((175, 1530), (88, 54), -15),
}

# Where Highgarden, Oldtown, the Sunset Sea and the Redwyne Straights meet in one point on the
# coast. The rules make all four pairwise adjacent, which no plane drawing allows together with the
# rest of the map (tests/web/test_thrones_map_geometry.py proves it); here Highgarden–Redwyne
# Straights and Oldtown–Sunset Sea touch at this corner. The generator places the four areas'
# nearest seeds mirrored about the horizontal through this point, so every bisector passes it.
FOUR_CORNER: Final[Point] = (132, 1227)
FOUR_CORNER_SEEDS: Final[tuple[tuple[str, str, Point], ...]] = (
    # (the area north of the corner, the one south of it, (dx, dy)): seeds at (dx, -dy), (dx, dy)
    ("highgarden", "oldtown", (75, 52)),
    ("sunset-sea", "redwyne-straights", (-70, 52)),
)

# Voronoi seeds per area; land seeds partition the mainland, sea seeds the water.
SEEDS: Final[dict[str, tuple[Point, ...]]] = {
    # -- the North
    "castle-black": ((300, 42), (507, 45), (700, 42)),
    "karhold": ((800, 155),),
    "winterfell": ((420, 164), (560, 196), (330, 228), (732, 249), (264, 159)),
    "the-stony-shore": ((185, 287),),
    "white-harbor": ((690, 355), (804, 349)),
    "widows-watch": ((921, 337),),
    "moat-cailin": ((543, 406), (720, 430)),
    "greywater-watch": ((356, 400), (325, 489)),
    "flints-finger": ((143, 424),),
    # -- the Vale and the Riverlands
    "seagard": ((320, 522), (440, 545)),
    "the-twins": ((640, 520), (700, 496)),
    "the-fingers": ((835, 545), (895, 560)),
    "the-mountains-of-the-moon": ((740, 635), (800, 685), (884, 746)),
    "the-eyrie": ((925, 690), (915, 735)),
    "riverrun": ((298, 708),),
    "harrenhal": ((520, 693),),
    "crackclaw-point": ((700, 762), (800, 800), (865, 818)),
    # -- the Westerlands and the Crownlands
    "lannisport": ((275, 805),),
    "stoney-sept": ((420, 800),),
    "blackwater": ((515, 842),),
    "kings-landing": ((645, 890),),
    "searoad-marches": ((277, 936), (430, 914)),
    "the-reach": ((510, 949), (410, 1030)),
    "kingswood": ((760, 1024), (700, 988)),
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
    "salt-shore": ((702, 1455),),
    "sunspear": ((850, 1389),),
    # -- the seas
    "bay-of-ice": ((90, 182), (150, 347)),
    "the-shivering-sea": ((930, 116), (900, 260)),
    "the-narrow-sea": ((855, 426), (954, 568), (999, 684), (920, 757)),
    "shipbreaker-bay": ((960, 850), (940, 1018), (885, 985)),
    "blackwater-bay": ((765, 905),),
    "sea-of-dorne": ((789, 1234),),
    "the-summer-sea": ((600, 1560), (985, 1262), (950, 1527), (300, 1590)),
    "redwyne-straights": ((60, 1482), (238, 1454)),
    "sunset-sea": ((20, 380), (20, 496), (25, 612), (20, 700), (22, 800), (25, 900), (30, 1053)),
    "ironmans-bay": ((135, 640), (75, 640), (200, 520)),
    "the-golden-sound": ((158, 790),),
}

# Where a label should go when the widest spot of the area is not the best (e.g. by the frame edge).
LABEL_NEAR: Final[dict[str, Point]] = {
    "the-narrow-sea": (800, 470),
    "the-mountains-of-the-moon": (750, 660),
    "the-summer-sea": (700, 1560),
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
