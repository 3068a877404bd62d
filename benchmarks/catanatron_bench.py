"""Engine speed side by side with catanatron, a fast pure-Python Catan engine used for bot research (issue 15).

Both engines run in this one process, in interleaved rounds (ours, then theirs, then ours ...), so that a change in
the machine's load touches both alike; each figure is the median over the rounds, and each goal is a ratio (the
median of the rounds' own ratios, whose two figures were measured a moment apart):

* random-agent **decisions per second** of seeded games (the base game, and with Rise of the Empire and its setup)
  against catanatron's **actions per second** of seeded 4-player games of random players: goal >= 1.0x;
* mid-game **copies per second** (``Game.copy()``, half-way through a seeded game) against catanatron's
  ``Game.copy()`` half-way through one of its games: goal >= 0.5x, 1.0x the aim;
* for context, not a goal: **choices per second**, counting only the decisions and actions that had two or more
  legal options (counted in an untimed replay of the same games). About two thirds of catanatron's actions are the
  only legal move (rolling the dice, ending a turn), each still one action; few of our decisions are (the rules
  take a lone option without asking, ``Game.answer_alone``). So actions/s and decisions/s count different units;
  choices/s is the like-for-like rate;
* the cost of a copy **early and late** in one game (at decision 20 and at 90 % of the game): the ratio late/early
  should be about 1.0, since copies share the event log instead of copying it.

catanatron's games depend on the process's string hashing (``PYTHONHASHSEED``): with the same seeds, its four
games take from about 3,200 to 4,400 actions, and its actions per second move by about 10 %, as the mix of its
actions changes. (Ours do not: the engine never depends on hash order.) ``--processes K`` therefore runs the whole
comparison in K fresh processes with hash seeds 0 .. K-1 and reports each one's ratios, their medians, and for each
goal the lowest and highest process and how many reach it.

Times are CPU time of this process (``time.process_time``): on a shared machine, wall time counts the time other
processes ran. The load average is printed before and after. catanatron comes from the ``bench`` extra:

    pip install -e '.[bench]'
    python benchmarks/catanatron_bench.py [--rounds 15] [--games 4] [--json] [--processes 10]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from swrebellion.engine import Game, RandomAgent, play
from swrebellion.games import rules_for

ROE = ("base", "rise-of-the-empire")
ROE_SETUP = {"setup": "rise-of-the-empire"}
COPIES = 2000  # copies timed per round and per position


# -- swrebellion --------------------------------------------------------------------------------------------------


def agents_for(game: Game, seed: int) -> dict:
    return {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}


def our_games(rules, options: dict, seeds: range) -> tuple[int, float]:
    """(decisions applied, CPU seconds) for complete seeded games."""
    decisions, start = 0, time.process_time()
    for seed in seeds:
        game = Game.new(rules, seed, options)
        decisions += play(game, agents_for(game, seed))
    return decisions, time.process_time() - start


def our_game_at(rules, options: dict, seed: int, decisions: int) -> Game:
    """A seeded random game after ``decisions`` decisions (or at its end)."""
    game = Game.new(rules, seed, options)
    agents = agents_for(game, seed)
    applied = 0
    while not game.over and applied < decisions:
        decision = game.pending[0]
        game.apply(agents[decision.player].choose(game, decision), player=decision.player)
        applied += 1
    return game


def our_choices(rules, options: dict, seeds: range) -> tuple[int, int]:
    """(decisions, decisions with two or more options) of the same seeded games as :func:`our_games`, untimed."""
    decisions = choices = 0
    for seed in seeds:
        game = Game.new(rules, seed, options)
        agents = agents_for(game, seed)
        while not game.over:
            for decision in game.pending:
                decisions += 1
                choices += len(decision.options) > 1
                game.apply(agents[decision.player].choose(game, decision), decision.player)
    return decisions, choices


def copy_seconds(game) -> float:
    """CPU seconds per ``game.copy()`` (the same for both engines: each has a ``copy()`` method)."""
    start = time.process_time()
    for _ in range(COPIES):
        game.copy()
    return (time.process_time() - start) / COPIES


# -- catanatron ---------------------------------------------------------------------------------------------------


def catan_game(seed: int):
    from catanatron import Color, Game as CatanGame, RandomPlayer

    random.seed(seed)  # catanatron's RandomPlayer draws from the global generator
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
    return CatanGame(players, seed=seed)


def catan_games(seeds: range) -> tuple[int, float]:
    actions, start = 0, time.process_time()
    for seed in seeds:
        game = catan_game(seed)
        game.play()
        actions += len(game.state.actions)
    return actions, time.process_time() - start


def catan_choices(seeds: range) -> tuple[int, int]:
    """(actions, actions taken with two or more playable actions) of the same games as :func:`catan_games`,
    untimed: ``play_tick`` is the step ``Game.play`` repeats."""
    from catanatron.game import TURNS_LIMIT

    actions = choices = 0
    for seed in seeds:
        game = catan_game(seed)
        while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
            actions += 1
            choices += len(game.state.playable_actions) > 1
            game.play_tick()
    return actions, choices


def catan_game_at(seed: int, actions: int):
    game = catan_game(seed)
    while game.winning_color() is None and len(game.state.actions) < actions:
        game.play_tick()
    return game


# -- the rounds ---------------------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15,
                        help="interleaved rounds per process (default 15: with 7, the machine's drift moved one "
                             "process's Rise of the Empire ratio from 0.89x to 1.24x about a median of 1.06x; with 15, "
                             "from 0.95x to 1.15x)")
    parser.add_argument("--games", type=int, default=4, help="seeded games per engine and round (default 4)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--processes", type=int, default=0,
                        help="run the comparison in this many fresh processes, hash seeds 0 .. K-1, and report the "
                             "median of their ratios (catanatron's games depend on the hash seed)")
    args = parser.parse_args()
    if args.processes:
        across_processes(args)
        return
    load_before = os.getloadavg()

    base, roe = rules_for(("base",)), rules_for(ROE)
    seeds = range(1, args.games + 1)
    # warm-up outside the timing: content tables, names, imports
    our_games(base, {}, range(1)), our_games(roe, ROE_SETUP, range(1)), catan_games(range(1))
    full = our_game_at(base, {}, 5, 10**6)
    length = len(full.state["choices"])
    ours_mid = our_game_at(base, {}, 5, length // 2)
    ours_early, ours_late = our_game_at(base, {}, 5, 20), our_game_at(base, {}, 5, length * 9 // 10)
    catan_full = catan_game_at(5, 10**6)
    catan_mid = catan_game_at(5, len(catan_full.state.actions) // 2)
    catan_early = catan_game_at(5, 20)
    catan_late = catan_game_at(5, len(catan_full.state.actions) * 9 // 10)

    figures: dict[str, list[float]] = {k: [] for k in (
        "ours_base", "ours_roe", "catan", "ours_copy", "catan_copy", "ours_early", "ours_late", "catan_early",
        "catan_late")}
    for _ in range(args.rounds):
        n, s = our_games(base, {}, seeds)
        figures["ours_base"].append(n / s)
        n, s = catan_games(seeds)
        figures["catan"].append(n / s)
        n, s = our_games(roe, ROE_SETUP, seeds)
        figures["ours_roe"].append(n / s)
        figures["ours_copy"].append(1 / copy_seconds(ours_mid))
        figures["catan_copy"].append(1 / copy_seconds(catan_mid))
        figures["ours_early"].append(copy_seconds(ours_early) * 1e6)
        figures["ours_late"].append(copy_seconds(ours_late) * 1e6)
        figures["catan_early"].append(copy_seconds(catan_early) * 1e6)
        figures["catan_late"].append(copy_seconds(catan_late) * 1e6)
    m = {k: statistics.median(v) for k, v in figures.items()}
    # each ratio is the median of the rounds' own ratios: a round's two figures were measured a moment apart, so a
    # change of the machine's speed between rounds (other virtual machines on the host) cancels out
    ratio = {ours: statistics.median(a / b for a, b in zip(figures[ours], figures[theirs]))
             for ours, theirs in (("ours_base", "catan"), ("ours_roe", "catan"), ("ours_copy", "catan_copy"))}
    # the share of real choices, from an untimed replay of the same games: choices/s = decisions/s x that share
    share = {}
    for key, (n, c) in (("ours_base", our_choices(base, {}, seeds)), ("ours_roe", our_choices(roe, ROE_SETUP, seeds)),
                        ("catan", catan_choices(seeds))):
        share[key] = c / n
    choice_ratio = {key: ratio[key] * share[key] / share["catan"] for key in ("ours_base", "ours_roe")}
    load_after = os.getloadavg()

    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} ({os.cpu_count()} cores); "
          f"{args.rounds} interleaved rounds of {args.games} games each, medians of CPU time; each ratio is the "
          f"median of the rounds' ratios")
    print(f"decisions/s, base game:             {m['ours_base']:9,.0f}   catanatron actions/s {m['catan']:9,.0f}"
          f"   ratio {ratio['ours_base']:.2f}x (goal >= 1.0x)")
    print(f"decisions/s, Rise of the Empire:    {m['ours_roe']:9,.0f}   catanatron actions/s {m['catan']:9,.0f}"
          f"   ratio {ratio['ours_roe']:.2f}x (goal >= 1.0x)")
    print(f"mid-game copies/s:                  {m['ours_copy']:9,.0f}   catanatron copies/s  {m['catan_copy']:9,.0f}"
          f"   ratio {ratio['ours_copy']:.2f}x (goal >= 0.5x, aim 1.0x)")
    print(f"for context, choices/s (decisions or actions with two or more options: {share['ours_base']:.0%} of our "
          f"base game's decisions, {share['ours_roe']:.0%} with Rise of the Empire, {share['catan']:.0%} of "
          f"catanatron's actions): base game {choice_ratio['ours_base']:.2f}x, Rise of the Empire "
          f"{choice_ratio['ours_roe']:.2f}x catanatron's")
    print(f"copy early/late (µs): ours {m['ours_early']:.1f} at decision 20 (log {len(ours_early.state['log'])} "
          f"events), {m['ours_late']:.1f} at decision {length * 9 // 10} (log {len(ours_late.state['log'])} events):"
          f" late/early {m['ours_late'] / m['ours_early']:.2f}x; catanatron {m['catan_early']:.1f} / "
          f"{m['catan_late']:.1f}: {m['catan_late'] / m['catan_early']:.2f}x")
    if args.json:
        print(json.dumps({"load_before": load_before, "load_after": load_after, "rounds": args.rounds,
                          "games": args.games, "medians": m, "ratios": ratio, "choice_shares": share,
                          "choice_ratios": choice_ratio, "all": figures}, indent=1))


RATIOS = {"ours_base": "decisions/s base game", "ours_roe": "decisions/s Rise of the Empire",
          "ours_copy": "mid-game copies/s", "choices_base": "(context) choices/s base game",
          "choices_roe": "(context) choices/s Rise of the Empire"}
#: the issue's goal for each ratio: the spread line says how many processes reach it, not only the median
GOALS = {"ours_base": 1.0, "ours_roe": 1.0, "ours_copy": 0.5}


def across_processes(args: argparse.Namespace) -> None:
    """The comparison in fresh processes with hash seeds 0 .. K-1, each one's ratios, and their medians."""
    import subprocess
    import sys

    found: dict[str, list[float]] = {}
    for seed in range(args.processes):
        out = subprocess.run([sys.executable, __file__, "--rounds", str(args.rounds), "--games", str(args.games),
                              "--json"], env={**os.environ, "PYTHONHASHSEED": str(seed)}, check=True,
                             capture_output=True, text=True).stdout
        found_here = json.loads(out[out.index("\n{") + 1:])
        ratios = {**found_here["ratios"], "choices_base": found_here["choice_ratios"]["ours_base"],
                  "choices_roe": found_here["choice_ratios"]["ours_roe"]}
        print(f"PYTHONHASHSEED={seed}: " + ", ".join(f"{RATIOS[k]} {v:.2f}x" for k, v in ratios.items()), flush=True)
        for key, value in ratios.items():
            found.setdefault(key, []).append(value)
    print("medians over the processes: " + ", ".join(f"{RATIOS[k]} {statistics.median(v):.2f}x" for k, v in found.items()))
    # a median above the goal with a tail below it is a narrow pass: the lowest process and the count say how narrow
    print("spread over the processes: " + ", ".join(
        f"{RATIOS[k]} {min(found[k]):.2f}-{max(found[k]):.2f}x ({sum(v >= goal for v in found[k])} of "
        f"{len(found[k])} at or above {goal}x)" for k, goal in GOALS.items()))


if __name__ == "__main__":
    main()
