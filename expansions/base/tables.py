"""Lookup tables the base rules read from the content catalog, built once per set of enabled packs.

The facts are the content models themselves (``models.Unit``, ``Leader``, ``System`` and the cards, with their
derived properties such as ``Unit.needs_transport``): these tables only index them by id and add what is derived
from several items (adjacency, regions, which units each icon builds, probe cards by system). They live in
``Rules.cache``, shared by every copy of a game, so copying a game never copies content.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

    from .models import Leader, Setup, System, Unit

FACTIONS = ("rebel", "empire")  # Rebel first: RB-RND-03
OPPONENT = {"rebel": "empire", "empire": "rebel"}
BASE_SPACE = "rebel-base"  # the Rebel Base space of the board: not a system (RB-BAS-03)
DEPLOY_LIMIT = 2  # RB-BLD-08, RS-DEP-04: units per system per Refresh Phase
DEATH_STAR, DSUC = "death-star", "death-star-under-construction"


@dataclass(frozen=True, slots=True)
class UnitFacts:
    """The printed facts of a unit type that the board reads many times a decision (whose units, which theater, how
    many miniatures), as a plain record: each attribute of a content model is read through pydantic's
    ``__getattr__`` hook, several times slower than a slot."""

    faction: str
    theater: str
    supply: int


@dataclass
class Tables:
    units: dict[str, Unit]
    leaders: dict[str, Leader]
    systems: dict[str, System]
    adjacent: dict[str, frozenset[str]]
    regions: dict[str, tuple[str, ...]]
    dice: dict[str, list[str]]
    dice_limits: dict[str, int]
    missions: dict[str, Any]
    objectives: dict[str, Any]
    actions: dict[str, Any]
    tactics: dict[str, Any]
    probes: dict[str, str]  # probe card id -> system id
    probe_of: dict[str, str]  # system id -> probe card id
    probe_setup: dict[str, str | None]  # probe card id -> the side it counts for at setup (RB-SET-08)
    setups: dict[str, Any]
    time_tracks: dict[str, Any]
    builds: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # faction -> icon -> unit ids
    #: The systems printed populous (``System.populous``), asked of every system many times a decision.
    populous: frozenset[str] = frozenset()
    #: faction -> the leaders printed on that side, in id order (``board.leaders_at`` tests only a side's own).
    leaders_of: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: (faction, theater or None for both) -> that side's unit types: ``board.has_units`` asks whether a place holds
    #: any with one set operation.
    units_of: dict[tuple[str, str | None], frozenset[str]] = field(default_factory=dict)
    #: unit type -> its printed faction, theater and supply (``units`` holds the whole models).
    unit_facts: dict[str, UnitFacts] = field(default_factory=dict)
    #: leader -> the side printed on him (``Leader.faction``), read as a plain string.
    leader_side: dict[str, str] = field(default_factory=dict)
    #: The timings of the loaded objectives played at a phase's end (``refresh``, ``any-time``): none, and the end
    #: of a phase asks nothing (``rules.objectives``).
    phase_end_timings: frozenset[str] = frozenset()

    def faction_of_unit(self, unit: str) -> str:
        return self.unit_facts[unit].faction


def build_tables(catalog) -> Tables:
    """Index the catalog (``catalog.items(kind)`` gives ``{id: model}`` per file kind)."""
    units: dict[str, Unit] = dict(catalog.items("units"))
    leaders: dict[str, Leader] = dict(catalog.items("leaders"))
    systems: dict[str, System] = dict(catalog.items("systems"))
    adjacent: dict[str, set[str]] = defaultdict(set)
    for edge in catalog.items("adjacency").values():
        a, b = edge.between
        adjacent[a].add(b)
        adjacent[b].add(a)
    regions: dict[str, list[str]] = defaultdict(list)
    for s in sorted(systems.values(), key=lambda s: s.id):
        regions[s.region].append(s.id)
    builds: dict[str, dict[str, list[str]]] = {f: defaultdict(list) for f in FACTIONS}
    for u in sorted(units.values(), key=lambda u: u.id):
        if u.build_icon:
            builds[u.faction][u.build_icon].append(u.id)
    probes = {p.id: p.system for p in catalog.items("probes").values()}
    dice = catalog.items("dice")
    return Tables(
        units=units,
        leaders=leaders,
        systems=systems,
        adjacent={k: frozenset(v) for k, v in adjacent.items()},
        regions={k: tuple(v) for k, v in regions.items()},
        dice={d.id: list(d.faces) for d in dice.values()},
        dice_limits={d.id: d.limit_per_roll for d in dice.values() if d.limit_per_roll},
        missions=dict(catalog.items("missions")),
        objectives=dict(catalog.items("objectives")),
        actions=dict(catalog.items("actions")),
        tactics=dict(catalog.items("tactics")),
        probes=probes,
        probe_of={system: card for card, system in probes.items()},
        probe_setup={p.id: p.setup_loyalty for p in catalog.items("probes").values()},
        setups=dict(catalog.items("setups")),
        time_tracks=dict(catalog.items("time-tracks")),
        builds={f: dict(v) for f, v in builds.items()},
        populous=frozenset(s.id for s in systems.values() if s.populous),
        leaders_of={f: tuple(sorted(lid for lid, info in leaders.items() if info.faction == f)) for f in FACTIONS},
        units_of={(f, theater): frozenset(u for u, info in units.items()
                                          if info.faction == f and theater in (None, info.theater))
                  for f in FACTIONS for theater in (None, *{info.theater for info in units.values()})},
        unit_facts={u: UnitFacts(info.faction, info.theater, info.supply) for u, info in units.items()},
        leader_side={lid: info.faction for lid, info in leaders.items()},
        phase_end_timings=frozenset(o.timing for o in catalog.items("objectives").values()) & {"refresh", "any-time"},
    )


def tables(game: Game) -> Tables:
    """The tables for this game's rules (built on first use, then shared by every copy)."""
    try:  # the common case first: called hundreds of thousands of times a game
        return game.rules.cache["base"]
    except KeyError:
        return game.rules.cache.setdefault("base", build_tables(game.rules.content))


def the_setup(game: Game) -> Setup:
    """The setup this game uses (``options["setup"]``, the base game's when none is named)."""
    return tables(game).setups[game.state["options"].get("setup", "base")]


def track_length(game: Game) -> int:
    """The number of spaces of the setup's time track (the reputation marker can never go past it)."""
    return tables(game).time_tracks[the_setup(game).time_track].length
