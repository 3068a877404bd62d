"""How big and how slow the HTML replay and the board picture are for whole games (issue 13, parts 4 and 5).

    python benchmarks/replay_size.py --games 3 [--expansion rise-of-the-empire]

Plays seeded random-agent games to the end and, for each, builds the replay page with the public view only and
with all three views, and draws the last board. Prints JSON: steps, page sizes in KiB, build times in seconds,
and the board SVG's size. Times depend on the machine and its load; they are reported, never asserted.
"""

from __future__ import annotations

import argparse
import json
import time

from swrebellion.engine import Game, RandomAgent
from swrebellion.expansions.base.presentation.picture import board_svg
from swrebellion.expansions.base.presentation.picture.replay import replay_html
from swrebellion.games import rules_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--expansion", action="append", default=[])
    args = parser.parse_args()
    rules = rules_for(("base", *args.expansion))
    rows = []
    for seed in range(1, args.games + 1):
        game = Game.new(rules, seed)
        agents = {p: RandomAgent(seed * 31 + n) for n, p in enumerate(game.state["players"])}
        while not game.over:
            for decision in game.pending:
                game.apply(agents[decision.player].choose(game, decision), player=decision.player)
        row = {"seed": seed, "steps": len(game.state["choices"]) + 1}
        for name, views in (("public", ["public"]), ("all", ["public", "rebel", "empire"])):
            start = time.perf_counter()
            page = replay_html(game, views)
            row[f"{name}_kib"] = round(len(page.encode()) / 1024)
            row[f"{name}_seconds"] = round(time.perf_counter() - start, 2)
        start = time.perf_counter()
        svg = board_svg(game, None)
        row["board_kib"] = round(len(svg.encode()) / 1024, 1)
        row["board_ms"] = round((time.perf_counter() - start) * 1000, 1)
        rows.append(row)
    print(json.dumps({"expansions": ["base", *args.expansion], "games": rows}, indent=1))


if __name__ == "__main__":
    main()
