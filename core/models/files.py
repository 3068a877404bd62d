"""The file kinds: each content file is ``{kind: KIND, items: [...]}`` with items of one model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field, create_model

from .board import Adjacency, Region, System
from .cards import ActionCard, AdvancedTacticCard, MissionCard, ObjectiveCard, ProbeCard, TacticCard
from .common import Model
from .people import Leader
from .setup import Setup
from .units import Die, Marker, ResourceIcon, TimeTrack, Unit


@dataclass(frozen=True)
class FileKind:
    """A kind of content file: its name, the model of one item, and the model of the whole file."""

    name: str
    item: type
    file: type[Model]
    title: str

    @property
    def schema_id(self) -> str:
        return f"urn:swrebellion:schema:{self.name}"

    @property
    def schema_file(self) -> str:
        return f"{self.name}.schema.json"


def _file_model(kind: str, item: type, title: str) -> type[Model]:
    class_name = "".join(part.capitalize() for part in kind.split("-")) + "File"
    return create_model(
        class_name,
        __base__=Model,
        __doc__=f"A content file of {title.lower()}.",
        kind=(Literal[kind], Field(description="The file kind; fixes which schema applies.")),
        items=(list[item], Field(default_factory=list)),
    )


_KINDS = [
    ("units", Unit, "Unit types"),
    ("resources", ResourceIcon, "Resource icons"),
    ("dice", Die, "Dice"),
    ("markers", Marker, "Markers and tokens"),
    ("time-tracks", TimeTrack, "Time tracks"),
    ("leaders", Leader, "Leaders"),
    ("regions", Region, "Regions"),
    ("systems", System, "Systems"),
    ("adjacency", Adjacency, "Map adjacency"),
    ("missions", MissionCard, "Mission and project cards"),
    ("objectives", ObjectiveCard, "Objective cards"),
    ("actions", ActionCard, "Action cards"),
    ("tactics", TacticCard, "Tactic cards"),
    ("advanced-tactics", AdvancedTacticCard, "Advanced tactic cards"),
    ("probes", ProbeCard, "Probe cards"),
    ("setups", Setup, "Setups"),
]

#: Every content file kind by name, in a fixed order (also the order of `rebellion packs list` counts).
FILE_KINDS: dict[str, FileKind] = {
    name: FileKind(name, item, _file_model(name, item, title), title) for name, item, title in _KINDS
}


def kind_of_model(item_model: type) -> str:
    for kind in FILE_KINDS.values():
        if kind.item is item_model:
            return kind.name
    raise KeyError(item_model)
