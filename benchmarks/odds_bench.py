"""Exact combat odds (issue 34): time per `odds()` query for typical forces (up to 8 units a side in each theater)
and for the largest forces of a real game, each in a fresh solver (nothing memoised between queries). Goal: under
100 ms for typical forces, under 2 s for the largest, in one process. The verdict reads the CPU time of the process
(the wall time is printed too: on a shared machine it is the CPU time stretched by the load).

    python benchmarks/odds_bench.py [--runs 3] [--policy best] [--only NAME]
"""

from __future__ import annotations

import argparse
import statistics
import time

from swrebellion.engine import scenario
from swrebellion.expansions.base.api.combat import odds
from swrebellion.games import rules_for

TYPICAL = {
    "1 vs 1 fighters": ({"x-wing": 1}, {"tie-fighter": 1}),
    "issue example": ({"x-wing": 3, "corellian-corvette": 1, "rebel-trooper": 2},
                      {"star-destroyer": 1, "tie-fighter": 3, "stormtrooper": 2}),
    "4 vs 4 space": ({"x-wing": 2, "y-wing": 1, "corellian-corvette": 1}, {"tie-fighter": 3, "assault-carrier": 1}),
    "6 vs 6 space": ({"x-wing": 3, "y-wing": 2, "mon-calamari-cruiser": 1},
                     {"tie-fighter": 4, "star-destroyer": 1, "assault-carrier": 1}),
    "8 vs 8 space": ({"x-wing": 4, "y-wing": 2, "corellian-corvette": 1, "mon-calamari-cruiser": 1},
                     {"tie-fighter": 5, "star-destroyer": 1, "assault-carrier": 2}),
    "8 vs 8 ground": ({"rebel-trooper": 5, "airspeeder": 2, "shield-generator": 1},
                      {"stormtrooper": 5, "at-st": 2, "at-at": 1}),
}
LARGEST = {
    "largest": ({"x-wing": 4, "y-wing": 3, "corellian-corvette": 2, "mon-calamari-cruiser": 2, "rebel-transport": 1,
                 "rebel-trooper": 6, "airspeeder": 3, "shield-generator": 1, "ion-cannon": 1},
                {"star-destroyer": 3, "assault-carrier": 2, "tie-fighter": 8, "stormtrooper": 8, "at-st": 3,
                 "at-at": 2}),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--policy", choices=["best", "heuristic"], default="best")
    parser.add_argument("--only", default=None, help="Run only the case of this name.")
    args = parser.parse_args()
    game = scenario.start(scenario.Scenario.model_validate({"name": "bench", "state": {}}), rules_for(("base",)))
    for group, goal, cases in (("typical", 0.1, TYPICAL), ("largest", 2.0, LARGEST)):
        for name, (attacker, defender) in cases.items():
            if args.only and name != args.only:
                continue
            times, cpu = [], []
            for _ in range(args.runs):
                start, start_cpu = time.perf_counter(), time.process_time()
                odds(game, attacker, defender, policy=args.policy)
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            median, median_cpu = statistics.median(times), statistics.median(cpu)
            verdict = "ok" if median_cpu <= goal else "over"
            print(f"{group:8} {name:18} {median * 1000:10.1f} ms wall {median_cpu * 1000:10.1f} ms CPU  "
                  f"(goal {goal * 1000:.0f} ms: {verdict})", flush=True)


if __name__ == "__main__":
    main()
