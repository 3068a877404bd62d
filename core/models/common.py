"""Building blocks shared by every content model: ids, localisable text, the item base class."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"

#: A content id: lower-case words joined by single hyphens.
Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, min_length=1, max_length=64)]


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
