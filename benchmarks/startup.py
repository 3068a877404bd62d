"""Start-up of the `rebellion` command (issue 2, "Performance").

Whole-process wall time of `rebellion --help` and `rebellion --version` against `python -c 'import click'` (the
floor any click program pays), median of --runs runs, and their ratio. Goal: at most 2x. Also shows whether the
heavy libraries (pydantic, jsonschema) were imported; tests/test_cli.py asserts they are not.

    python benchmarks/startup.py [--runs 20]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def median_time(command: list[str], runs: int) -> float:
    subprocess.run(command, capture_output=True, check=True)  # warm the file cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    rebellion = shutil.which("rebellion", path=str(Path(sys.executable).parent)) or shutil.which("rebellion")
    floor = median_time([sys.executable, "-c", "import click"], args.runs)
    print(f"python -c 'import click': {floor * 1000:.0f} ms")
    for option in ("--help", "--version"):
        seconds = median_time([rebellion, option], args.runs)
        print(f"rebellion {option}: {seconds * 1000:.0f} ms = {seconds / floor:.2f}x (goal <= 2x)")
    probe = ("import sys; from swrebellion.tools.cli import main\n"
             "try: main(['--help'])\nexcept SystemExit: pass\n"
             "print('heavy imports:', [m for m in ('pydantic', 'jsonschema') if m in sys.modules] or 'none')")
    print(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout.splitlines()[-1])


if __name__ == "__main__":
    main()
