"""Building blocks shared by every content model: ids, localisable text, the item base class."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"

#: A content id: lower-case words joined by single hyphens.
Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, min_length=1, max_length=64)]

# Bounds that fit the game with room for fan content (issue 32 #9): the box holds a few dozen of any piece and the
# time track 16 spaces, so a pack asking for 10^9 of anything is a mistake or an attack (a picture of a 10^9-space
# track allocated gigabytes), and the schema refuses it where it stands.
#: the most of anything counted: pieces, cards, dice, icons, a limit
MAX_COUNT = 999
#: the most spaces of a track or a queue
MAX_SPACES = 100
#: the most ids one list or mapping names
MAX_LIST = 200
#: how far from the origin a map coordinate may be (any finite value would do; pictures scale the map to fit)
MAX_COORDINATE = 100_000.0

#: a count of something (0 and up)
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
#: a count of at least one
PositiveCount = Annotated[int, Field(ge=1, le=MAX_COUNT)]
#: a space of a track or a queue, or the length of one
Space = Annotated[int, Field(ge=1, le=MAX_SPACES)]
#: a map coordinate: finite (no NaN, no infinity) and bounded
Coordinate = Annotated[float, Field(ge=-MAX_COORDINATE, le=MAX_COORDINATE, allow_inf_nan=False)]


class Model(BaseModel):
    """Base of every content model: unknown keys are errors and loaded content is immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Text(Model):
    """Text meant for people, localisable. English is required; Russian and Turkish are optional."""

    en: Annotated[str, Field(min_length=1, description="English")]
    ru: str | None = Field(default=None, description="Russian")
    tr: str | None = Field(default=None, description="Turkish")

    def __str__(self) -> str:
        return self.en


class Item(Model):
    """Anything with an id in a content pack. Ids are unique within their file kind across all enabled packs."""

    id: Id = Field(description="Stable id, unique within this kind; other content refers to it.")
    name: Text
    notes: str | None = Field(
        default=None,
        description="Sources, and the decision taken where sources disagree (what was chosen, what else was said).",
    )
