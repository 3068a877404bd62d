"""Validation speed on a generated fan pack of 5,000 mission cards (issue 2, "Performance").

1. In one process, after start-up (imports, plugin discovery): items validated per second of CPU time by
   ``swrebellion.validate.validate`` (reading, both schema tiers, pack resolution, references, plugin checks).
   Goal: at least 10,000 items/s.
2. Whole-process time, side by side on the same files: ``check-jsonschema --schemafile missions.schema.json FILES``
   (schema only; from the `bench` extra; the schema as `rebellion schema export` writes it for the enabled
   expansions) against ``rebellion validate DIR`` (everything). Goal: rebellion at most 1.0x check-jsonschema.

    python benchmarks/validate_bench.py [--cards 5000] [--files 10] [--format yaml|json] [--repeat 3]

The pack requires the built-in base pack (its leaders are the cards' portraits), so its content is loaded too.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

SKILLS = ["diplomacy", "intelligence", "special-ops", "logistics"]


def _takes_no_parameters(params) -> bool:
    from pydantic import ValidationError

    try:
        params.model_validate({})
    except ValidationError:
        return False
    return True


def generate(folder: Path, cards: int, files: int, fmt: str, active) -> list[Path]:
    """Write the pack; returns the content files."""
    from swrebellion.validate import load_catalog

    leaders = sorted(load_catalog(active).items("leaders"))
    no_params = [spec.name for spec in active.ops if _takes_no_parameters(spec.params)]
    (folder / "pack.yaml").write_text(
        "kind: pack\nid: bench\nname: {en: Benchmark pack}\nversion: 1.0.0\nrequires: ['base>=1.0,<2']\n",
        encoding="utf-8",
    )
    paths = []
    per_file = -(-cards // files)
    for number in range(files):
        items = []
        for index in range(number * per_file, min(cards, (number + 1) * per_file)):
            items.append({
                "id": f"bench-mission-{index}",
                "name": {"en": f"Benchmark Mission {index}", "ru": f"Миссия {index}"},
                "set": "bench",
                "copies": 1 + index % 2,
                "summary": {"en": "Generated for the validation benchmark."},
                "faction": "rebel" if index % 2 else "empire",
                "deck": "regular",
                "requires": {SKILLS[index % 4]: 1 + index % 3, SKILLS[(index + 1) % 4]: 1},
                "mode": "attempt" if index % 3 else "resolve",
                "portrait": leaders[index % len(leaders)] if leaders and index % 4 == 0 else None,
                "effect": [{"op": no_params[index % len(no_params)]}] if no_params else [],
            })
        document = {"kind": "missions", "items": items}
        path = folder / f"missions-{number:02d}.{fmt}"
        if fmt == "json":
            path.write_text(json.dumps(document, indent=2, ensure_ascii=False), encoding="utf-8")
        else:
            path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), encoding="utf-8")
        paths.append(path)
    return paths


def in_process(active, folder: Path, repeat: int) -> tuple[float, int]:
    from swrebellion.validate import validate

    times, items = [], 0
    for _ in range(repeat):
        start = time.process_time()  # CPU time: on a shared machine, wall time counts the time others ran
        report = validate(active, [folder])
        times.append(time.process_time() - start)
        if not report.ok:
            raise SystemExit(f"the generated pack does not validate:\n{report.errors[:5]}")
        items = len(report.catalog)
    return min(times), items


def whole_process(command: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise SystemExit(f"{command[0]} failed ({result.returncode}):\n{result.stdout[-2000:]}"
                             f"{result.stderr[-2000:]}")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=5000)
    parser.add_argument("--files", type=int, default=10)
    parser.add_argument("--format", choices=["yaml", "json"], default="yaml")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from swrebellion.plugins import activate
    from swrebellion.schema import content_schema, schema_text

    active = activate()
    bin_dir = Path(sys.executable).parent
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "bench"
        folder.mkdir()
        files = generate(folder, args.cards, args.files, args.format, active)
        seconds, items = in_process(active, folder, args.repeat)
        print(f"in one process: {items} items in {seconds:.3f} s = {items / seconds:,.0f} items/s "
              f"(goal >= 10,000; best of {args.repeat})")
        check = shutil.which("check-jsonschema", path=str(bin_dir)) or shutil.which("check-jsonschema")
        rebellion = shutil.which("rebellion", path=str(bin_dir)) or shutil.which("rebellion")
        if not check:
            print("check-jsonschema not installed: pip install -e '.[bench]'")
            return
        schema = Path(temp) / "missions.schema.json"  # generated now: the committed copy may lag new ops
        schema.write_text(schema_text(content_schema(active.kinds["missions"], active.ops)), encoding="utf-8")
        theirs = whole_process([check, "--schemafile", str(schema), *map(str, files)], args.repeat)
        ours = whole_process([rebellion, "validate", str(folder)], args.repeat)
        print(f"whole process, {args.cards} cards in {len(files)} {args.format} files (median of {args.repeat}):")
        print(f"  check-jsonschema (schema only): {theirs:.2f} s")
        print(f"  rebellion validate (all checks): {ours:.2f} s")
        print(f"  ratio rebellion / check-jsonschema: {ours / theirs:.2f}x (goal <= 1.0x)")


if __name__ == "__main__":
    main()
