"""The base game's content models: one pydantic model per item of each kind the base plugin registers (kinds.py).

The JSON Schemas in ``schemas/`` are generated from these models (``rebellion schema export``), never edited by
hand. Fan plugins that read the base game's content find its item types here.
"""

from .board import Adjacency, Region, System
from .cards import ActionCard, Card, CardSize, MissionCard, ObjectiveCard, ProbeCard, TacticCard
from .common import Faction, Skill, Theater
from .leaders import Leader
from .setups import Setup
from .units import Die, Marker, ResourceIcon, TimeTrack, Unit

__all__ = [
    "ActionCard",
    "Adjacency",
    "Card",
    "CardSize",
    "Die",
    "Faction",
    "Leader",
    "Marker",
    "MissionCard",
    "ObjectiveCard",
    "ProbeCard",
    "Region",
    "ResourceIcon",
    "Setup",
    "Skill",
    "System",
    "TacticCard",
    "Theater",
    "TimeTrack",
    "Unit",
]
