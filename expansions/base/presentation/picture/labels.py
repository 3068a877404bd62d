"""Short labels for the base game's unit chips, the words players use at the table (``board_annotations``)."""

UNIT_LABELS = {
    "tie-fighter": "TIE",
    "assault-carrier": "AC",
    "star-destroyer": "SD",
    "super-star-destroyer": "SSD",
    "death-star": "DS",
    "death-star-under-construction": "DSUC",
    "stormtrooper": "Storm",
    "at-st": "AT-ST",
    "at-at": "AT-AT",
    "x-wing": "X-wing",
    "y-wing": "Y-wing",
    "rebel-transport": "Transp",
    "corellian-corvette": "Corv",
    "mon-calamari-cruiser": "MonCal",
    "rebel-trooper": "Troop",
    "airspeeder": "Speedr",
    "shield-generator": "ShGen",
    "ion-cannon": "Ion",
}
