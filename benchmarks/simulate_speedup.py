"""How much faster `rebellion simulate` is with more Dask workers (issue 14, section 5).

    python benchmarks/simulate_speedup.py --games 400 [--skip-one-worker] [--agents rebel=heuristic,empire=heuristic]

Times the same run (same seed, same games) three ways: in this process (``--workers 1``), on one local Dask worker
process and on two, each from the start (cluster start-up included, as a user waits for it); checks that all
three give the same results; prints the times and the speed-ups of two workers over one. Compare with the
machine's load (printed): other processes on the same cores slow the workers down. Start-up (a few seconds) is a
fixed cost, so the speed-up grows with the run: measure with a few hundred games.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from swrebellion.tools import agents_opt, simulation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--agents", default="rebel=heuristic,empire=heuristic")
    parser.add_argument("--skip-one-worker", action="store_true",
                        help="time only the process and two workers (the issue's comparison), not one Dask worker")
    args = parser.parse_args()
    spec = simulation.Spec.make(args.games, args.seed, agents_opt.parse(args.agents))
    times, results = {}, {}
    ways = [("in-process", 1, None), ("1 dask worker", 1, "local"), ("2 dask workers", 2, "local")]
    if args.skip_one_worker:
        del ways[1]
    for label, workers, scheduler in ways:
        load = os.getloadavg()[0]
        start = time.perf_counter()
        if scheduler == "local":
            results[label] = simulation._run_dask(spec, workers, None, None, None)
        else:
            results[label] = simulation.run(spec, workers=1)
        times[label] = (round(time.perf_counter() - start, 1), round(load, 1))
    records = {label: sorted((r for r, _ in outcome), key=lambda r: r["game"]) if label != "in-process"
               else outcome.records for label, outcome in results.items()}
    same = all(found == records["in-process"] for found in records.values())
    differing = {label: [mine["game"] for mine, theirs in zip(found, records["in-process"]) if mine != theirs]
                 for label, found in records.items() if found != records["in-process"]}
    print(json.dumps({
        "games": args.games, "agents": args.agents, "cpus": os.cpu_count(),
        "seconds_and_load_before": times,
        "speedup_2_workers_over_in_process": round(times["in-process"][0] / times["2 dask workers"][0], 2),
        **({"speedup_2_workers_over_1_worker": round(times["1 dask worker"][0] / times["2 dask workers"][0], 2)}
           if "1 dask worker" in times else {}),
        "same_results": same,
        **({"differing_games": differing} if differing else {}),
    }, indent=1))


if __name__ == "__main__":
    main()
