"""Short labels for the base game's unit chips, the words players use at the table (``board_annotations``)."""

from swrebellion.i18n import N_

#: Marked messages: the picture shows each in the reader's language.
UNIT_LABELS = {
    "tie-fighter": N_("TIE"),
    "assault-carrier": N_("AC"),
    "star-destroyer": N_("SD"),
    "super-star-destroyer": N_("SSD"),
    "death-star": N_("DS"),
    "death-star-under-construction": N_("DSUC"),
    "stormtrooper": N_("Storm"),
    "at-st": N_("AT-ST"),
    "at-at": N_("AT-AT"),
    "x-wing": N_("X-wing"),
    "y-wing": N_("Y-wing"),
    "rebel-transport": N_("Transp"),
    "corellian-corvette": N_("Corv"),
    "mon-calamari-cruiser": N_("MonCal"),
    "rebel-trooper": N_("Troop"),
    "airspeeder": N_("Speedr"),
    "shield-generator": N_("ShGen"),
    "ion-cannon": N_("Ion"),
}
