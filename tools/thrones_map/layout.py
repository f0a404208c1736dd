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
    (805, 258),  # Winterfell on the Shivering Sea
    (800, 279),
    (840, 285),  # Widow's Watch
    (905, 285),
    (955, 311),
    (965, 355),
    (925, 385),
    (860, 393),
    (815, 414),  # White Harbor on the Narrow Sea
    (775, 438),  # Moat Cailin
    (740, 467),  # The Twins in the Bite
    (735, 508),
    (770, 517),  # The Fingers
    (830, 485),
    (895, 487),
    (915, 529),
    (875, 566),
    (880, 601),  # The Mountains of the Moon
    (930, 612),  # The Eyrie
    (968, 664),
    (958, 728),
    (905, 749),
    (868, 758),
    (878, 789),  # Crackclaw Point
    (890, 827),
    (860, 856),
    (800, 850),
    (740, 838),  # King's Landing on Blackwater Bay
    (715, 885),
    (712, 943),
    (750, 972),  # Kingswood
    (815, 966),
    (840, 1001),
    (820, 1041),
    (845, 1074),  # Storm's End
    (895, 1093),
    (925, 1151),
    (890, 1192),
    (810, 1192),  # the Sea of Dorne's north shore
    (720, 1209),
    (640, 1238),
    (680, 1296),  # its south shore
    (780, 1308),
    (860, 1308),  # Sunspear
    (925, 1325),
    (955, 1377),
    (935, 1447),
    (880, 1479),
    (780, 1491),  # Salt Shore
    (680, 1496),
    (600, 1505),  # Starfall
    (500, 1512),
    (420, 1505),
    (340, 1482),  # Three Towers
    (264, 1447),
    (216, 1398),
    (180, 1343),  # Oldtown
    (154, 1287),
    (132, 1227),
    (120, 1157),  # Highgarden
    (110, 1064),
    (138, 983),  # Searoad Marches
    (165, 916),
    (199, 870),
    (215, 821),  # Lannisport
    (200, 763),
    (228, 705),  # Riverrun
    (258, 661),
    (272, 612),  # Seagard
    (262, 543),
    (282, 476),  # Greywater Watch
    (250, 438),
    (170, 433),  # Flint's Finger
    (92, 425),
    (78, 396),
    (160, 382),
    (250, 377),
    (282, 355),
    (252, 331),  # The Stony Shore
    (170, 325),
    (118, 293),
    (140, 258),
    (210, 244),
    (232, 196),  # Winterfell on the Bay of Ice
    (205, 141),
    (188, 68),
)

# Islands: (centre, radii, rotation in degrees) of an ellipse, each wholly one area.
ISLANDS: Final[dict[str, tuple[Point, Point, float]]] = {
    "pyke": ((150, 560), (62, 48), -20),
    "dragonstone": ((935, 908), (52, 58), 10),
    "the-arbor": ((186, 1534), (70, 45), -15),
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
    "winterfell": ((420, 164), (560, 196), (330, 228), (740, 236)),
    "the-stony-shore": ((185, 287),),
    "white-harbor": ((690, 355), (800, 331)),
    "widows-watch": ((900, 339),),
    "moat-cailin": ((530, 410), (690, 422)),
    "greywater-watch": ((370, 394),),
    "flints-finger": ((170, 406),),
    # -- the Vale and the Riverlands
    "seagard": ((340, 520),),
    "the-twins": ((640, 520), (700, 496)),
    "the-fingers": ((830, 510),),
    "the-mountains-of-the-moon": ((740, 624), (830, 682)),
    "the-eyrie": ((910, 676),),
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
    "shipbreaker-bay": ((960, 850), (940, 1018)),
    "blackwater-bay": ((780, 902),),
    "sea-of-dorne": ((800, 1250),),
    "the-summer-sea": ((600, 1560), (985, 1262), (950, 1527), (350, 1578)),
    "redwyne-straights": ((60, 1482),),
    "sunset-sea": ((20, 380), (20, 496), (25, 612), (20, 700), (22, 800), (25, 900), (30, 1053)),
    "ironmans-bay": ((150, 560), (230, 462)),
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
