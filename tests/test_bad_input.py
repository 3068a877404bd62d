"""Bad input from strangers: each case gives a located diagnostic, exit status 1, no traceback, and writes nothing.

Every case runs `rebellion validate PACK --format json` on a small pack in a temporary folder.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from packkit import cli, mini_world, snapshot, write_pack

BOMB = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{c}: &{c} [" + ", ".join([f"*{p}"] * 9) + "]" for p, c in zip("abcdefgh", "bcdefghi", strict=True)]
) + "\n"

UNIT = """\
kind: units
items:
- id: y-wing
  name: {en: Y-wing}
  faction: rebel
  set: fan
  theater: space
  kind: fighter
  health: 1
  health_colour: black
  attack: {black: 1}
  build_icon: null
  supply: 4
"""

# name -> (files added to the mini world of the pack "fan", manifest fields, expected code, file, line or None)
CASES = {
    "malformed YAML": ({"extra.yaml": "kind: units\nitems:\n- id: a\n  name: {en: A\n  faction: rebel\n"}, {},
                       "SW101", "fan/extra.yaml", 5),
    "malformed JSON": ({"extra.json": '{"kind": "units",\n "items": [}\n'}, {}, "SW102", "fan/extra.json", 2),
    "duplicate YAML key": ({"extra.yaml": UNIT + "  supply: 5\n"}, {}, "SW103", "fan/extra.yaml", 14),
    "duplicate JSON key": ({"extra.json": '{"kind": "units",\n "items": [],\n "kind": "dice"}\n'}, {},
                           "SW103", "fan/extra.json", 3),
    "not UTF-8": ({"extra.yaml": UNIT.encode() + b"# caf\xe9\n"}, {}, "SW104", "fan/extra.yaml", 14),
    "empty file": ({"extra.yaml": ""}, {}, "SW105", "fan/extra.yaml", 1),
    "too large": ({"extra.yaml": UNIT + "#" * (5 * 1024 * 1024) + "\n"}, {}, "SW106", "fan/extra.yaml", None),
    "alias bomb": ({"extra.yaml": BOMB}, {}, "SW107", "fan/extra.yaml", 5),
    "deep YAML nesting": ({"extra.yaml": "kind: units\nitems: " + "[" * 5000 + "]" * 5000 + "\n"}, {},
                          "SW108", "fan/extra.yaml", 2),
    "deep JSON nesting": ({"extra.json": '{"kind": "units", "items": ' + "[" * 100000 + "]" * 100000 + "}"}, {},
                          "SW108", "fan/extra.json", 1),
    "python tag": ({"extra.yaml": "kind: !!python/object/apply:os.system [echo hi]\nitems: []\n"}, {},
                   "SW109", "fan/extra.yaml", 1),
    "glob leaves the pack": ({}, {"files": ["*.yaml", "../elsewhere/*.yaml"]}, "SW308", "fan/pack.yaml", 7),
    "missing file": ({}, {"files": ["**/*.yaml", "nothere.yaml"]}, "SW309", "fan/pack.yaml", 7),
    "unknown required pack": ({}, {"requires": ["nothere>=1"]}, "SW303", "fan/pack.yaml", 6),
    "version does not match": ({}, {"requires": ["base>=9"]}, "SW304", "fan/pack.yaml", 6),
    "id defined twice": ({"extra.yaml": UNIT.replace("y-wing", "x-wing")}, {}, "SW311", "fan/units.yaml", 3),
    "bad reference": ({"extra.yaml": UNIT.replace("black: 1", "rde: 1")}, {}, "SW401", "fan/extra.yaml", 11),
    "unknown key": ({"extra.yaml": UNIT.replace("supply", "suply")}, {}, "SW201", "fan/extra.yaml", 13),
}


@pytest.fixture
def world(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SWREBELLION_EXPANSIONS", raising=False)
    return tmp_path


def run_json(*args: str) -> tuple[int, dict, str]:
    result = cli("validate", *args, "--format", "json")
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, json.loads(result.stdout), result.output


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_is_reported_with_its_place(world, case):
    files, manifest, code, file, line = CASES[case]
    write_pack(world / "fan", content={**mini_world(), **files}, **manifest)
    before = snapshot(world)
    started = time.perf_counter()
    status, report, output = run_json("fan")
    assert time.perf_counter() - started < 20, "bad input must never make the validator hang"
    assert status == 1, output
    found = [d for d in report["diagnostics"] if d["code"] == code and d["file"] == file]
    assert found, f"{code} not reported in {file}: {report['diagnostics']}"
    if line is not None:
        assert found[0]["line"] == line, found[0]
        assert found[0]["column"] >= 1
    assert snapshot(world) == before, "validation must not write anything"


def test_symlinked_file_leaving_the_pack(world):
    outside = world / "outside.yaml"
    outside.write_text(UNIT, encoding="utf-8")
    write_pack(world / "fan", content=mini_world())
    os.symlink(outside, world / "fan" / "extra.yaml")
    status, report, _ = run_json("fan")
    assert status == 1
    [d] = [d for d in report["diagnostics"] if d["code"] == "SW308"]
    assert "extra.yaml" in d["message"] and d["file"] == "fan/pack.yaml"


def test_symlinked_folder_leaving_the_pack(world):
    (world / "elsewhere").mkdir()
    (world / "elsewhere" / "units.yaml").write_text(UNIT, encoding="utf-8")
    write_pack(world / "fan", content=mini_world())
    os.symlink(world / "elsewhere", world / "fan" / "more")
    status, report, _ = run_json("fan")
    assert status == 1
    assert any(d["code"] == "SW308" and "more/" in d["message"] for d in report["diagnostics"])


def test_symlink_loop_inside_the_pack_does_not_hang(world):
    write_pack(world / "fan", content=mini_world())
    os.symlink(world / "fan", world / "fan" / "loop")
    status, report, _ = run_json("fan")
    assert status == 0, report["diagnostics"]


def test_conflicting_packs(world):
    write_pack(world / "one", "one", content=mini_world(), conflicts=["two<2"])
    write_pack(world / "two", "two", requires=["one"])
    status, report, _ = run_json("one", "two")
    assert status == 1
    [d] = [d for d in report["diagnostics"] if d["code"] == "SW305"]
    assert d["file"] == "one/pack.yaml" and d["line"] is not None and "'two'" in d["message"]


def test_a_cycle_names_every_pack_in_it(world):
    write_pack(world / "a", "a", requires=["b"])
    write_pack(world / "b", "b", requires=["c"])
    write_pack(world / "c", "c", requires=["a"])
    write_pack(world / "d", "d", requires=["a"])
    status, report, _ = run_json("a", "b", "c", "d")
    assert status == 1
    [d] = [d for d in report["diagnostics"] if d["code"] == "SW306"]
    assert "packs a, b, c require each other" in d["message"] and "d" not in d["message"].split("(")[0]
    assert d["file"] == "a/pack.yaml" and d["line"] == 5


def test_an_id_defined_twice_names_both_files(world):
    world_files = mini_world()
    write_pack(world / "fan", content={**world_files, "more/units.yaml": world_files["units.yaml"]})
    status, report, _ = run_json("fan")
    assert status == 1
    twice = [d for d in report["diagnostics"] if d["code"] == "SW311"]
    assert {d["message"].split()[0] for d in twice} == {"units/x-wing", "units/tie"}
    assert all(d["file"] == "fan/units.yaml" and "first in fan/more/units.yaml:" in d["message"] for d in twice)


def test_usage_errors_exit_2(world):
    assert cli("validate", "no-such-folder").exit_code == 2
    assert cli("validate", "--format", "xml").exit_code == 2
    assert cli("validate", "--expansion", "no-such-expansion").exit_code == 2


def test_random_damage_never_crashes(world):
    """Seeded fuzzing: files of a valid pack with random bytes inserted, deleted or copied. Whatever the damage,
    validation reports diagnostics (each located in a file) and never raises."""
    import random

    from packkit import active
    from swrebellion.validate import validate

    rng = random.Random(2)
    pieces = [b"\n", b" ", b":", b"- ", b"[", b"]", b"{", b"}", b"'", b'"', b"#", b"&a ", b"*a", b"!", b"|", b">",
              b"\\", b"\t", b"\xff", b"1", b",", b"---\n", b"..", b"x-wing", b"alpha"]
    selection = active("base")
    for _ in range(60):
        write_pack(world / "fan", content=mini_world(), files=["**/*.yaml"])
        for path in rng.sample(sorted((world / "fan").rglob("*.yaml")), 2):
            data = bytearray(path.read_bytes())
            for _ in range(rng.randint(1, 4)):
                at = rng.randrange(len(data) + 1)
                roll = rng.random()
                if roll < 0.5:
                    data[at:at] = rng.choice(pieces)
                elif roll < 0.8:
                    del data[at:at + rng.randint(1, 5)]
                else:
                    data[at:at] = data[rng.randrange(len(data)):][:rng.randint(1, 20)]
            path.write_bytes(bytes(data))
        report = validate(selection, [world / "fan"])
        assert all(d.file for d in report.diagnostics)
