"""Instructions per decision of seeded random games, counted by cachegrind: the deterministic figure (issue 15).

Timings on a shared machine move by +-8% from one run to the next; the number of machine instructions a decision
costs does not (the same code, seeds and hash seed give the same count whatever the load). So each speed change is
judged here first, and by ``catanatron_bench.py`` for the time ratio it is meant to improve. The script runs N games
and then no game, each after the same warm-up game, under cachegrind, and subtracts: what is left is the games
alone. Also printed, per decision: first-level data-cache read misses (D1, a 32 KB cache) and last-level misses
(a 1 MB cache, this machine's second level), since cold data, not instruction count alone, sets the time.

Needs valgrind (``apt-get install valgrind``):

    python benchmarks/instructions.py [--games 4] [--expansion rise-of-the-empire]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

CACHES = ["--I1=32768,8,64", "--D1=32768,8,64", "--LL=1048576,8,64"]
TOTALS = {"Ir": r"I\s+refs:\s+([\d,]+)", "I1": r"I1\s+misses:\s+([\d,]+)", "D1": r"D1\s+misses:\s+([\d,]+)",
          "LL": r"LL misses:\s+([\d,]+)", "Bm": r"Mispredicts:\s+([\d,]+)"}


def games(expansions: tuple[str, ...], count: int) -> int:
    """Play a warm-up game (seed 0), then ``count`` seeded games (seeds 1..count); return their decisions."""
    from swrebellion.engine import Game, RandomAgent, play
    from swrebellion.games import rules_for

    rules = rules_for(expansions)
    options = {"setup": "rise-of-the-empire"} if "rise-of-the-empire" in expansions else {}
    decisions = 0
    for seed in range(count + 1):
        game = Game.new(rules, seed, options)
        played = play(game, {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])})
        decisions += played if seed else 0
    return decisions


def counted(expansions: tuple[str, ...], count: int, folder: Path) -> tuple[int, dict[str, int]]:
    """(decisions, cachegrind's totals) of one run under valgrind with ``count`` games after the warm-up."""
    out = folder / f"cachegrind.{count}"
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes", *CACHES,
         f"--cachegrind-out-file={out}", sys.executable, __file__, "--child", str(count), "--expansion", *expansions],
        env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=True)
    totals = {key: int(re.search(pattern, run.stderr).group(1).replace(",", ""))  # type: ignore[union-attr]
              for key, pattern in TOTALS.items()}
    return int(run.stdout.split()[-1]), totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4, help="seeded games counted (default 4: seeds 1-4)")
    parser.add_argument("--expansion", nargs="*", default=[],
                        help="expansions besides the base game (rise-of-the-empire uses its own setup)")
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    expansions = ("base", *[e for e in args.expansion if e != "base"])
    if args.child is not None:
        print(games(expansions, args.child))
        return
    with tempfile.TemporaryDirectory() as folder:
        decisions, with_games = counted(expansions, args.games, Path(folder))
        _, warm_up_only = counted(expansions, 0, Path(folder))
    per = {key: (with_games[key] - warm_up_only[key]) / decisions for key in TOTALS}
    print(f"{'+'.join(expansions)}: {decisions} decisions (seeds 1-{args.games}, PYTHONHASHSEED=0, warm-up "
          f"subtracted); per decision: {per['Ir']:,.0f} instructions, {per['I1']:,.0f} I1 misses, "
          f"{per['D1']:,.0f} D1 misses, {per['LL']:,.0f} last-level misses, {per['Bm']:,.0f} mispredicted branches")


if __name__ == "__main__":
    main()
