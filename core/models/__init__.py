"""Pydantic models for every kind of content file.

One model per *file kind* (``FILE_KINDS``); each content file names its kind in a top-level ``kind:`` key and lists
its entries under ``items:``. The JSON Schemas in ``schemas/`` are generated from these models
(``rebellion schema export``) and never edited by hand.
"""

from .common import Faction, Id, Item, Model, Skill, Text, Theater
from .files import FILE_KINDS, FileKind, kind_of_model
from .manifest import PackManifest

__all__ = [
    "FILE_KINDS",
    "Faction",
    "FileKind",
    "Id",
    "Item",
    "Model",
    "PackManifest",
    "Skill",
    "Text",
    "Theater",
    "kind_of_model",
]
