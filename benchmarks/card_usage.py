"""Which cards random games play, who wins, and how long games last (issues 6 and 7, "Checks").

    python benchmarks/card_usage.py --games 1000 [--expansion rise-of-the-empire]

Counts, over seeded random-agent games, each card revealed or played (missions and projects: `mission-revealed`, Subversion
`opposition-revealed`; action cards: `action-played`; objectives: `objective-played`/`objective-scored`, Immediate
ones `objective-revealed` or `target-marker-placed`; tactic and advanced tactic cards: `tactic-played`/
`advanced-tactics-revealed`), and lists the cards never played. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter

from swrebellion.engine import Game, RandomAgent
from swrebellion.games import rules_for

EVENTS = ("mission-revealed", "action-played", "objective-played", "objective-scored", "tactic-played",
          "objective-revealed", "opposition-revealed", "target-marker-placed")


def cards_in(event) -> list[str]:
    if event["type"] in EVENTS and isinstance(event.get("card"), str):
        return [event["card"]]
    if event["type"] == "advanced-tactics-revealed":
        return [c for c in (event.get("cards") or {}).values() if isinstance(c, str)]
    return []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--expansion", action="append", default=[])
    args = parser.parse_args()
    expansions = ("base", *args.expansion)
    rules = rules_for(expansions)
    played: Counter = Counter()
    winners: Counter = Counter()
    reasons: Counter = Counter()
    rounds = []
    start = time.perf_counter()
    for seed in range(args.games):
        game = Game.new(rules, seed)
        agents = {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}
        while not game.over:
            for decision in game.pending:
                game.apply(agents[decision.player].choose(game, decision), player=decision.player)
        for event in game.state["log"]:
            played.update(cards_in(event))
        winners[game.state["result"]["winner"]] += 1
        reasons[game.state["result"]["reason"]] += 1
        rounds.append(game.state["data"]["round"])
    catalog = rules.content
    kinds = ("missions", "objectives", "actions", "tactics", "advanced-tactics")
    never = {kind: sorted(i for i in catalog.items(kind) if not played[i]) for kind in kinds}
    print(json.dumps({
        "expansions": list(expansions),
        "games": args.games,
        "seconds": round(time.perf_counter() - start, 1),
        "winners": dict(winners),
        "rebel_share": round(winners["rebel"] / args.games, 3),
        "reasons": dict(reasons),
        "median_rounds": statistics.median(rounds),
        "cards_per_kind": {k: len(catalog.items(k)) for k in kinds},
        "played_per_kind": {k: len(catalog.items(k)) - len(never[k]) for k in kinds},
        "never_played": never,
    }, indent=1))


if __name__ == "__main__":
    main()
