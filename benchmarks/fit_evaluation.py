"""Fit the heuristic's evaluation (expansions/base/agents/heuristic/evaluate.py) on heuristic-against-heuristic games.

    python benchmarks/fit_evaluation.py --games 300 [--seed 7]

Plays seeded games between heuristic agents and, at the start of every Command Phase, records each side's
features (``evaluate.features``, from that side's view only) and whether that side won. Fits one logistic model
per side (Newton's method with a small ridge) and prints the weights as Python, with each model's log loss and how
often it picks the winner, next to the weights in use. Prints JSON-ish text; timing is not the point here.
"""

from __future__ import annotations

import argparse
import math
from multiprocessing import Pool

import numpy as np

from swrebellion import agents
from swrebellion.engine import Game
from swrebellion.engine.rng import derive
from swrebellion.expansions.base.agents.heuristic import evaluate
from swrebellion.expansions.base.agents.heuristic.seen import Seen
from swrebellion.games import rules_for


def positions(seed: int) -> list[tuple[str, dict, int]]:
    rules = rules_for(("base",))
    game = Game.new(rules, seed)
    seats = {p: agents.make("heuristic", p, derive(seed, n)) for n, p in enumerate(game.state["players"])}
    found, last = [], None
    while not game.over:
        data = game.state["data"]
        key = (data.get("round"), data.get("phase"))
        if data.get("phase") == "command" and key != last:
            last = key
            for side in ("rebel", "empire"):
                found.append((side, evaluate.features(Seen(game, side))))
        decision = game.pending[0]
        game.apply(seats[decision.player].choose(game, decision), player=decision.player)
    winner = game.state["result"]["winner"]
    return [(side, f, int(winner == side)) for side, f in found]


def fit(rows: list[tuple[dict, int]], names: list[str]) -> np.ndarray:
    x = np.array([[f[n] for n in names] for f, _ in rows], dtype=float)
    y = np.array([won for _, won in rows], dtype=float)
    w = np.zeros(len(names))
    ridge = 1e-2 * np.eye(len(names))
    ridge[names.index("bias"), names.index("bias")] = 0
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + ridge @ w
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + ridge
        w -= np.linalg.solve(hessian, gradient)
    return w


def score(rows, names, w) -> tuple[float, float]:
    loss = hits = 0.0
    for f, won in rows:
        p = 1 / (1 + math.exp(-max(-30, min(30, sum(w[i] * f[n] for i, n in enumerate(names))))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        loss -= won * math.log(p) + (1 - won) * math.log(1 - p)
        hits += (p > 0.5) == bool(won)
    return loss / len(rows), hits / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    with Pool(args.processes) as pool:
        found = pool.map(positions, [derive(args.seed, i) for i in range(args.games)])
    for side in ("rebel", "empire"):
        rows = [(f, won) for game in found for s, f, won in game if s == side]
        names = list(rows[0][0])
        w = fit(rows, names)
        fitted = {n: round(float(v), 3) for n, v in zip(names, w)}
        used = [evaluate.WEIGHTS[side].get(n, 0.0) for n in names]
        print(f"{side}: {len(rows)} positions")
        print(f"  fitted {fitted}  log loss {score(rows, names, w)[0]:.3f}, right {score(rows, names, w)[1]:.1%}")
        print(f"  in use: log loss {score(rows, names, used)[0]:.3f}, right {score(rows, names, used)[1]:.1%}")


if __name__ == "__main__":
    main()
