"""How strong the agents are (issue 14, section 2): one agent against another, paired seeds, sides swapped.

    python benchmarks/strength.py heuristic random --games 400 --workers 2
    python benchmarks/strength.py search heuristic --games 400 --knobs iterations=8 --workers 2
    python benchmarks/strength.py heuristic heuristic --games 400

Plays ``--games`` games in all: half with agent A as the Rebels and B as the Empire, half the other way round, game
``i`` of both halves from the same seed (``tools.simulation``), so each seed is played once from each side (an
agent against itself plays the second half from other seeds: swapping sides would replay the same games). Prints,
for A: its win share as the Rebels and as the Empire with 95% Wilson intervals; how often the base was first
revealed voluntarily, by force or by a relocation (RB-BAS-08/10, RB-RLC), and for the heuristic Rebels whether the
Rebels showed it of their own accord before the Empire found it; game length; and for search agents the time per
searched decision (mean, 95th percentile, maximum on the clock; mean, 99th percentile and maximum in the CPU time
of the thread that searched, the fairer measure on a shared machine) and how many decisions were searched per game.
``--knobs`` apply to A. ``--records`` keeps every game's record. Figures are measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from swrebellion.tools import simulation
from swrebellion.tools.stats import wilson


def inspect(game, seats) -> dict:
    """Per game: how the base was first revealed, and the search agents' time per searched decision."""
    first = next((e.get("how") for e in game.state["log"] if e["type"] == "base-revealed"), None)
    out = {"first_reveal": first or ""}
    for kind in ("timings", "cpu_timings"):
        found = {side: [] for side in ("rebel", "empire")}
        for player, agent in seats.items():
            found[player.split("-")[0]] += list(getattr(agent, kind, []))
        for side, times in found.items():
            out[f"{side}_search_{kind}"] = json.dumps(times)
    return out


def knob_values(items: list[str]) -> dict:
    from swrebellion.tools.agents_opt import _value

    return {k: _value(v) for k, _, v in (item.partition("=") for item in items)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=400, help="games in all (half from each side)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--knobs", nargs="*", default=[], help="KEY=VALUE knobs of agent A")
    parser.add_argument("--expansion", action="append", default=[])
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--records", help="also write every game's record to this file (JSON lines): compare two "
                        "runs of the same seeds game by game, or find the slowest searched decisions")
    args = parser.parse_args()
    knobs = knob_values(args.knobs)
    half = args.games // 2
    expansions = ("base", *args.expansion)
    runs = {}
    start = time.perf_counter()
    for n, side_a in enumerate(("rebel", "empire")):
        side_b = "empire" if side_a == "rebel" else "rebel"
        # an agent against itself: swapping sides would replay the same games, so the second half takes new seeds
        seed = args.seed + n if args.a == args.b and not knobs else args.seed
        spec = simulation.Spec.make(half, seed, {side_a: (args.a, knobs), side_b: (args.b, {})},
                                    expansions=expansions)
        runs[side_a] = simulation.run(spec, workers=args.workers, extra=inspect)
    seconds = time.perf_counter() - start
    report = {"a": args.a, "b": args.b, "knobs": knobs, "games": 2 * half, "seed": args.seed,
              "workers": args.workers, "seconds": round(seconds, 1)}
    for side_a, results in runs.items():
        records = results.records
        wins = sum(r["winner"] == side_a for r in records)
        low, high = wilson(wins, len(records))
        reveals = {}
        for r in records:
            reveals[r["first_reveal"] or "never"] = reveals.get(r["first_reveal"] or "never", 0) + 1
        times = [t for r in records for t in json.loads(r[f"{side_a}_search_timings"])]
        cpu = [t for r in records for t in json.loads(r.get(f"{side_a}_search_cpu_timings", "[]"))]
        entry = {"games": len(records), "wins": wins, "share": round(wins / len(records), 3),
                 "interval": [round(low, 3), round(high, 3)], "first_reveal": reveals,
                 "rounds_mean": round(statistics.mean(r["rounds"] for r in records), 2)}
        if times:
            ordered = sorted(times)
            entry["search"] = {"decisions_per_game": round(len(times) / len(records), 1),
                               "mean_s": round(statistics.mean(times), 3),
                               "p95_s": round(ordered[int(0.95 * (len(ordered) - 1))], 3),
                               "max_s": round(ordered[-1], 3)}
            if cpu:
                entry["search"]["cpu_mean_s"] = round(statistics.mean(cpu), 3)
                entry["search"]["cpu_p99_s"] = round(sorted(cpu)[int(0.99 * (len(cpu) - 1))], 3)
                entry["search"]["cpu_max_s"] = round(max(cpu), 3)
        report[f"{args.a}_as_{side_a}"] = entry
    rebels = runs["rebel"].records + (runs["empire"].records if args.a == args.b and not knobs else [])
    voluntary = sum(r["first_reveal"] == "voluntary" for r in rebels)
    report["voluntary_reveal_share"] = round(voluntary / len(rebels), 3)
    text = json.dumps(report, indent=1)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    if args.records:
        with open(args.records, "w", encoding="utf-8") as out:
            for side_a, results in runs.items():
                for record in results.records:
                    out.write(json.dumps({"a_side": side_a, **record}, default=str) + "\n")


if __name__ == "__main__":
    main()
