"""Exact combat odds (issue 34): time per `odds()` query for typical forces (up to 8 units a side in each theater)
and for the largest forces of a real game, for each damage policy, each in a fresh solver (nothing memoised
between queries). Goal: under 100 ms for typical forces, under 2 s for the largest, in one process. The verdict
reads the CPU time of the query (the wall time is printed too: on a shared machine it is the CPU time stretched by
the load, printed before and after). Each query runs in a child process, stopped after ``--limit`` seconds of CPU
time, so that forces too large to solve are reported as such instead of holding the benchmark up.

    python benchmarks/odds_bench.py [--runs 3] [--policy best|heuristic|both] [--only NAME] [--limit 60]
                                    [-x rise-of-the-empire]

``-x EXPANSION`` enables an expansion beside the base game, as ``rebellion odds -x`` does: with Rise of the Empire the
same forces fight by its cinematic combat (specials repair damage, RE-CIN-15).
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import resource
import statistics
import time

TYPICAL = {
    "1 vs 1 fighters": ({"x-wing": 1}, {"tie-fighter": 1}),
    "2 vs 2 space": ({"x-wing": 1, "corellian-corvette": 1}, {"tie-fighter": 1, "assault-carrier": 1}),
    "issue example": ({"x-wing": 3, "corellian-corvette": 1, "rebel-trooper": 2},
                      {"star-destroyer": 1, "tie-fighter": 3, "stormtrooper": 2}),
    "4 vs 4 space": ({"x-wing": 2, "y-wing": 1, "corellian-corvette": 1}, {"tie-fighter": 3, "assault-carrier": 1}),
    "6 vs 6 space": ({"x-wing": 3, "y-wing": 2, "mon-calamari-cruiser": 1},
                     {"tie-fighter": 4, "star-destroyer": 1, "assault-carrier": 1}),
    "6 vs 6 ground": ({"rebel-trooper": 4, "airspeeder": 1, "shield-generator": 1},
                      {"stormtrooper": 4, "at-st": 1, "at-at": 1}),
    "8 vs 8 space": ({"x-wing": 4, "y-wing": 2, "corellian-corvette": 1, "mon-calamari-cruiser": 1},
                     {"tie-fighter": 5, "star-destroyer": 1, "assault-carrier": 2}),
    "8 vs 8 ground": ({"rebel-trooper": 5, "airspeeder": 2, "shield-generator": 1},
                      {"stormtrooper": 5, "at-st": 2, "at-at": 1}),
    "8 a side, both": ({"x-wing": 4, "y-wing": 2, "corellian-corvette": 1, "mon-calamari-cruiser": 1,
                        "rebel-trooper": 5, "airspeeder": 2, "shield-generator": 1},
                       {"tie-fighter": 5, "star-destroyer": 1, "assault-carrier": 2, "stormtrooper": 5, "at-st": 2,
                        "at-at": 1}),
    "Ion Cannon base": ({"star-destroyer": 1, "tie-fighter": 3, "stormtrooper": 2, "at-at": 1},
                        {"x-wing": 2, "y-wing": 1, "rebel-trooper": 2, "ion-cannon": 1}),
    "Ion Cannon, 6 a side": ({"star-destroyer": 1, "tie-fighter": 4, "assault-carrier": 1, "stormtrooper": 3,
                              "at-st": 1},
                             {"x-wing": 3, "y-wing": 2, "corellian-corvette": 1, "rebel-trooper": 3,
                              "ion-cannon": 1}),
    "Rebel base, 5 and 5": ({"star-destroyer": 1, "tie-fighter": 3, "assault-carrier": 1, "stormtrooper": 3,
                             "at-st": 1, "at-at": 1},
                            {"x-wing": 2, "y-wing": 2, "corellian-corvette": 1, "rebel-trooper": 3, "airspeeder": 1,
                             "ion-cannon": 1}),
}
LARGEST = {
    "largest": ({"x-wing": 4, "y-wing": 3, "corellian-corvette": 2, "mon-calamari-cruiser": 2, "rebel-transport": 1,
                 "rebel-trooper": 6, "airspeeder": 3, "shield-generator": 1, "ion-cannon": 1},
                {"star-destroyer": 3, "assault-carrier": 2, "tie-fighter": 8, "stormtrooper": 8, "at-st": 3,
                 "at-at": 2}),
    # nothing in space changes the ground battle: asked alone, it is a duel of its own (docs/odds.md, How fast)
    "largest, ground alone": ({"rebel-trooper": 6, "airspeeder": 3, "shield-generator": 1, "ion-cannon": 1},
                              {"stormtrooper": 8, "at-st": 3, "at-at": 2}, "ground"),
}


def _query(attacker: dict, defender: dict, theater: str, policy: str, limit: float, expansions: tuple,
           out) -> None:
    """One query in a fresh process, stopped by the system after ``limit`` seconds of CPU time: its wall and CPU
    seconds (a quick one asked again until 0.2 s of CPU time have passed, each time with a fresh solver: the mean),
    and the CPU seconds the process took first to load the compiled loops (``odds.warm_up``, not counted in the
    query's), sent back through ``out``."""
    resource.setrlimit(resource.RLIMIT_CPU, (int(limit) + 1, int(limit) + 2))
    from swrebellion.engine import scenario
    from swrebellion.expansions.base import odds_duel  # noqa: F401  (numpy and numba: imported once, not timed)
    from swrebellion.expansions.base.api.combat import OddsError, odds
    from swrebellion.expansions.base.odds import warm_up
    from swrebellion.games import rules_for

    game = scenario.start(scenario.Scenario.model_validate({"name": "bench", "state": {}}),
                          rules_for(("base", *expansions)))
    warm_cpu = time.process_time()
    warm_up(game, (policy,))
    warm_cpu = time.process_time() - warm_cpu
    # the imports' objects (numba's above all) still wait for their first collections, some 20 ms of the
    # collector walking them once: a long-running process has long since done it, and it is no query's work
    gc.collect()
    start, start_cpu = time.perf_counter(), time.process_time()
    queries = 0
    while not queries or time.process_time() - start_cpu < 0.2:  # the CPU clock may tick in steps of a few ms
        try:
            odds(game, attacker, defender, theater, policy=policy)
        except OddsError as exc:  # too large to solve: refused at once, which is timed too
            refused = str(exc)
        else:
            refused = ""
        queries += 1
    out.send(((time.perf_counter() - start) / queries, (time.process_time() - start_cpu) / queries, refused,
              warm_cpu))


def _timed(attacker: dict, defender: dict, theater: str, policy: str, limit: float,
           expansions: tuple) -> tuple[float, float, str, float] | None:
    """The query's (wall, CPU) seconds, if it was refused as too large why, and the CPU seconds its process took
    to load the compiled loops; or None if it did not finish within ``limit`` seconds of CPU time."""
    receive, send = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=_query,
                                    args=(attacker, defender, theater, policy, limit, expansions, send))
    child.start()
    send.close()
    try:
        got = receive.recv()
    except EOFError:  # stopped at its limit
        got = None
    child.join()
    return got if got is not None and got[1] <= limit else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--policy", choices=["best", "heuristic", "both"], default="both")
    parser.add_argument("--only", default=None, help="Run only the case of this name.")
    parser.add_argument("--limit", type=float, default=60.0, help="Seconds of CPU time a query may take.")
    parser.add_argument("-x", "--expansion", action="append", default=[],
                        help="Enable an expansion beside the base game (repeatable).")
    args = parser.parse_args()
    expansions = tuple(args.expansion)
    if expansions:
        print(f"expansions: base, {', '.join(expansions)}", flush=True)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 minutes)", flush=True)
    policies = ("best", "heuristic") if args.policy == "both" else (args.policy,)
    warm = []
    for policy in policies:
        for group, goal, cases in (("typical", 0.1, TYPICAL), ("largest", 2.0, LARGEST)):
            for name, (attacker, defender, *theater) in cases.items():  # (a theater, if not both)
                if args.only and name != args.only:
                    continue
                runs = []
                for _ in range(args.runs):
                    got = _timed(attacker, defender, theater[0] if theater else "both", policy, args.limit,
                                 expansions)
                    if got is None:
                        break
                    runs.append(got)
                    warm.append(got[3])
                label = f"{policy:9} {group:8} {name:20}"
                if len(runs) < args.runs:
                    print(f"{label} did not finish in {args.limit:g} s CPU (goal {goal * 1000:.0f} ms: over)",
                          flush=True)
                    continue
                wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
                verdict = ("refused as too large" if runs[0][2] else "ok") if cpu <= goal else "over"
                print(f"{label} {wall * 1000:10.1f} ms wall {cpu * 1000:10.1f} ms CPU  "
                      f"(goal {goal * 1000:.0f} ms: {verdict})", flush=True)
    if warm:
        print(f"once a process, before its first query: {statistics.median(warm) * 1000:.0f} ms CPU to load the "
              "compiled loops (the median; the first process ever also compiles them: about 18 s here for the best "
              "play, 8 s more for the heuristic's)")
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 minutes)", flush=True)


if __name__ == "__main__":
    main()
