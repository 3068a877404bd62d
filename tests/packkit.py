"""Small content packs built in a temporary folder, for the loader and validator tests.

``mini_world(folder)`` writes a complete, valid little game (dice, icons, a three-system map, units, leaders,
cards, a setup) that needs no built-in pack; tests change one thing and look for the one diagnostic it causes.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from click.testing import CliRunner
from pydantic import BaseModel, ConfigDict, Field

from swrebellion.hookspecs import hookimpl
from swrebellion.plugins import Expansion, activate, discover


def write_pack(folder: Path, pack_id: str = "fan", version: str = "1.0.0", content: dict | None = None,
               **manifest) -> Path:
    """A pack folder: ``content`` maps file names to text or bytes (written as is) or data (YAML; JSON for .json)."""
    folder.mkdir(parents=True, exist_ok=True)
    head = {"id": pack_id, "name": {"en": pack_id}, "version": version, **manifest}
    (folder / "pack.yaml").write_text(yaml.safe_dump(head, sort_keys=False), encoding="utf-8")
    for name, data in (content or {}).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        elif isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        elif name.endswith(".json"):
            path.write_text(json.dumps(data, indent=2), encoding="utf-8")
        else:
            path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return folder


def _items(kind: str, *items: dict) -> dict:
    return {"kind": kind, "items": list(items)}


def _name(text: str) -> dict:
    return {"en": text}


def mini_world() -> dict[str, dict]:
    """Content files of a small valid world (file name -> data)."""
    return {
        "dice.yaml": _items("dice", {"id": "red", "name": _name("Red"), "faces": ["hit", "blank"]},
                            {"id": "black", "name": _name("Black"), "faces": ["hit", "special"]}),
        "resources.yaml": _items("resources", {"id": "space-circle", "name": _name("Circle"), "theater": "space"}),
        "markers.yaml": _items("markers", {"id": "flag", "name": _name("Flag"), "supply": 2}),
        "time.yaml": _items("time-tracks", {"id": "track", "name": _name("Track"), "length": 16, "time_start": 1,
                                            "reputation_start": 14}),
        "board.yaml": _items("regions", {"id": "core", "name": _name("Core"), "size": 3}),
        "systems.yaml": _items(
            "systems",
            *({"id": s, "name": _name(s.title()), "region": "core", "type": "populous", "build_queue": 1,
               "resources": ["space-circle"]} for s in ("alpha", "beta", "gamma")),
        ),
        "adjacency.yaml": _items("adjacency", {"between": ["alpha", "beta"]}, {"between": ["beta", "gamma"]}),
        "units.yaml": _items(
            "units",
            {"id": "x-wing", "name": _name("X-wing"), "faction": "rebel", "set": "fan", "theater": "space",
             "kind": "fighter", "health": 1, "health_colour": "black", "attack": {"black": 1},
             "build_icon": "space-circle", "supply": 4},
            {"id": "tie", "name": _name("TIE"), "faction": "empire", "set": "fan", "theater": "space",
             "kind": "fighter", "health": 1, "health_colour": "black", "attack": {"black": 1},
             "build_icon": "space-circle", "supply": 6},
        ),
        "leaders.yaml": _items("leaders", {"id": "hero", "name": _name("Hero"), "faction": "rebel", "set": "fan",
                                           "skills": {"diplomacy": 1}, "starting": True, "role": "general"}),
        "cards/missions.yaml": _items("missions", {"id": "parley", "name": _name("Parley"), "set": "fan",
                                                   "faction": "rebel", "deck": "regular",
                                                   "requires": {"diplomacy": 1}, "mode": "attempt",
                                                   "portrait": "hero"}),
        "cards/objectives.yaml": _items("objectives", {"id": "win", "name": _name("Win"), "set": "fan", "stage": 1,
                                                       "reputation": 1, "timing": "start-of-refresh"}),
        "cards/probes.yaml": _items("probes", {"id": "probe-alpha", "name": _name("Alpha"), "set": "fan",
                                               "system": "alpha"}),
        "setups.yaml": _items("setups", {
            "id": "standard", "name": _name("Standard"),
            "empire": {"units": {"tie": 3}, "build_queue": [{"unit": "tie", "count": 1, "space": 1}]},
            "rebel": {"units": {"x-wing": 2}},
            "loyalty": {"rebel_systems": 1, "imperial_systems": 1, "subjugated_first": 0},
            "objective_deck": [{"stage": 1, "fixed": ["win"]}],
            "time_track": "track",
        }),
    }


class BonusParams(BaseModel):
    """Add ``amount`` to something (a test op)."""

    model_config = ConfigDict(extra="forbid")
    amount: int = Field(ge=1)


class OpsPlugin:
    """A test expansion that registers one effect op, ``test_bonus``."""

    EXPANSION = Expansion(id="test-ops", name="Test ops", version="1.0.0")

    @hookimpl
    def register_effect_ops(self, registry):
        registry.register("test_bonus", BonusParams, lambda game, frame: None)


def active(*names: str, extra=(), folder: Path | None = None):
    """Exactly ``names`` enabled (the environment and ./rebellion.toml are ignored)."""
    return activate(env=",".join(names) or " ", folder=folder or Path("/nonexistent"),
                    discovery=discover(extra=extra))


def ops_active():
    """The base game (its content kinds) and the test op."""
    return active("base", "test-ops", extra=[(OpsPlugin(), "tests/packkit.py")])


def cli(*args: str, input: str | None = None):
    """Run `rebellion ARGS` in this process (``input``: what is typed); returns click's result (exit_code, output,
    stdout, stderr, exception)."""
    from swrebellion.tools.cli import main

    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=True)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` with its size and modification time, to prove nothing was written."""
    return {str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}
