"""Engine throughput with random agents on one core (issues 4 and 5).

Measures, for the enabled expansions: decisions applied per second and complete games per second, state copies
per second (mid-game), save-plus-replay time of a full game, and the peak memory of one game. Timing lives here,
never in tests.

    python benchmarks/engine_bench.py [--games 50] [--expansion rise-of-the-empire]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from swrebellion.engine import Game, RandomAgent
from swrebellion.engine.save import load_game, save_game
from swrebellion.games import rules_for


def play_one(rules, seed: int) -> tuple[Game, int]:
    game = Game.new(rules, seed)
    agents = {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}
    decisions = 0
    while not game.over:
        for decision in game.pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
            decisions += 1
    return game, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--expansion", action="append", default=[])
    args = parser.parse_args()
    expansions = ("base", *args.expansion)
    rules = rules_for(expansions)
    play_one(rules, 0)  # warm caches (content tables) outside the timing

    start = time.perf_counter()
    decisions, rounds, winners = 0, [], {}
    for seed in range(1, args.games + 1):
        game, n = play_one(rules, seed)
        decisions += n
        rounds.append(game.state["data"]["round"])
        winners[game.state["result"]["winner"]] = winners.get(game.state["result"]["winner"], 0) + 1
    elapsed = time.perf_counter() - start

    mid = Game.new(rules, 99)
    agents = {p: RandomAgent(n) for n, p in enumerate(mid.state["players"])}
    for _ in range(200):
        if mid.over:
            break
        for decision in mid.pending:
            mid.apply(agents[decision.player].choose(mid, decision), player=decision.player)
    copies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 1.0:
        mid.copy()
        copies += 1
    copy_rate = copies / (time.perf_counter() - t0)

    full, _ = play_one(rules, 12345)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        t0 = time.perf_counter()
        save_game(full, path)
        load_game(path, rules_for)
        save_replay = time.perf_counter() - t0
        save_size = path.stat().st_size

    tracemalloc.start()
    play_one(rules, 777)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(json.dumps({
        "expansions": list(expansions),
        "games": args.games,
        "decisions": decisions,
        "decisions_per_second": round(decisions / elapsed),
        "games_per_second": round(args.games / elapsed, 2),
        "median_rounds": statistics.median(rounds),
        "winners": winners,
        "copies_per_second": round(copy_rate),
        "save_and_replay_seconds": round(save_replay, 3),
        "save_file_bytes": save_size,
        "peak_memory_one_game_mib": round(peak / 2**20, 2),
        "max_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }, indent=2))


if __name__ == "__main__":
    main()
