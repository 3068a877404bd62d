"""Value types the base game's content shares: the two sides, the two theaters, the four skills."""

from __future__ import annotations

from typing import Literal

Faction = Literal["empire", "rebel"]
Theater = Literal["space", "ground"]
#: The four skill types of RB-MIS-28.
Skill = Literal["diplomacy", "intelligence", "special-ops", "logistics"]
