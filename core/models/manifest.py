"""The pack manifest, ``pack.yaml``: what a content pack is, what it needs and what it changes."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from .common import Id, Model, Text

# A requirement is a pack id and an optional PEP 440 specifier set: "base", "base>=1.0,<2".
REQUIREMENT_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*\s*((==|!=|<=|>=|<|>|~=)\s*[A-Za-z0-9.*+!-]+\s*(,\s*(==|!=|<=|>=|<|>|~=)\s*[A-Za-z0-9.*+!-]+\s*)*)?$"
#: "kind/id", e.g. "cards/joker", or for an item whose id joins two others, "roads/ford--mill".
CONTENT_REF_PATTERN = r"^[a-z]+(-[a-z]+)*/[a-z0-9]+(-[a-z0-9]+)*$"
VERSION_PATTERN = r"^\d+(\.\d+)*([.-]?(a|b|rc|dev|post)\d*)*$"

Requirement = Annotated[str, Field(pattern=REQUIREMENT_PATTERN)]
ContentRef = Annotated[str, Field(pattern=CONTENT_REF_PATTERN)]


def _safe_glob(value: str) -> str:
    if value.startswith("/") or re.match(r"^[A-Za-z]:", value) or ".." in value.replace("\\", "/").split("/"):
        raise ValueError("must be a path inside the pack folder (no leading '/', no '..')")
    return value


#: Globs are matched against every file of the pack: their number and length are bounded so that the work is too.
RelativeGlob = Annotated[str, Field(min_length=1, max_length=1000), AfterValidator(_safe_glob)]


class PackManifest(Model):
    """``pack.yaml``. Only ``id``, ``name`` and ``version`` are required."""

    kind: Literal["pack"] = "pack"
    id: Id = Field(description="The pack's id; other packs require it by this name.")
    name: Text
    version: str = Field(pattern=VERSION_PATTERN, description="PEP 440 version, e.g. 1.0 or 1.2.0rc1.")
    description: Text | None = None
    authors: list[str] = Field(default_factory=list)
    license: str | None = None
    requires: list[Requirement] = Field(
        default_factory=list, description="Packs this one needs, with optional version specifiers: 'base>=1.0,<2'."
    )
    conflicts: list[Requirement] = Field(
        default_factory=list, description="Packs that may not be loaded together with this one."
    )
    replaces: list[ContentRef] = Field(
        default_factory=list,
        description="Items of earlier packs that this pack defines anew, as 'kind/id'; the new item has the same id.",
    )
    removes: list[ContentRef] = Field(
        default_factory=list, description="Items of earlier packs taken out of the game, as 'kind/id'."
    )
    plugins: list[Id] = Field(
        default_factory=list, description="Rules plugins (expansions) that must be enabled for this pack's content."
    )
    files: list[RelativeGlob] = Field(
        default_factory=lambda: ["**/*.yaml", "**/*.yml", "**/*.json"],
        max_length=1000,
        description="Content files, as globs relative to the pack folder. pack.yaml itself is never content.",
    )
