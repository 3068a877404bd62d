"""Many seeded games between agents, on one machine or a Dask cluster, with the same results either way.

A run is a :class:`Spec` (expansions, fan packs, setup, players, the agent of each side, the base seed and the
number of games). Game ``i`` is set up with the seed ``rng.derive(seed, i)`` and each seat's agent gets a seed
derived from that, so a game's result depends only on the spec and ``i``: how the games are spread over processes
or machines changes nothing (``docs/simulation.md``).

Each game gives a record (one row of the results table) and its card plays (the ``cards_played`` hook); they are
gathered in game order whatever order the workers finish in.
"""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable

from swrebellion.i18n import N_

if TYPE_CHECKING:
    from swrebellion.engine import Rules

#: The columns of a results row, in order (docs/simulation.md documents each).
COLUMNS = ("game", "seed", "winner", "reason", "rounds", "decisions", "rebel_agent", "empire_agent", "expansions",
           "packs", "setup", "players")
PLAY_COLUMNS = ("game", "seed", "side", "card", "plays", "won")


@dataclass(frozen=True)
class Spec:
    """What to simulate. ``agents`` is ``((side, agent name, ((knob, value), ...)), ...)``: hashable and plain,
    so that it travels to Dask workers as it is."""

    games: int
    seed: int
    agents: tuple = (("rebel", "random", ()), ("empire", "random", ()))
    expansions: tuple[str, ...] = ("base",)
    packs: tuple[str, ...] = ()
    setup: str = "base"
    players: int = 2

    @classmethod
    def make(cls, games: int, seed: int, agents: dict[str, tuple[str, dict]], **kwargs) -> "Spec":
        frozen = tuple((side, name, tuple(sorted(knobs.items()))) for side, (name, knobs) in sorted(agents.items()))
        return cls(games=games, seed=seed, agents=frozen, **kwargs)

    def agent_names(self) -> dict[str, str]:
        return {side: ":".join([name, *(f"{k}={v}" for k, v in knobs)]) for side, name, knobs in self.agents}

    def game_seed(self, index: int) -> int:
        from swrebellion.engine import rng

        return rng.derive(self.seed, index)


@dataclass
class Results:
    """Every game's record and card plays, in game order."""

    spec: Spec
    records: list[dict] = field(default_factory=list)
    plays: list[dict] = field(default_factory=list)


# -- one game ---------------------------------------------------------------------------------------------------------


def play_game(spec: Spec, index: int, extra: Callable | None = None) -> tuple[dict, list[dict]]:
    """Play game ``index`` of ``spec`` to the end: its record and its card plays. ``extra(game, seats)`` may add
    columns of its own to the record (benchmarks measure things the results table does not keep)."""
    from swrebellion import agents
    from swrebellion.engine import Game, rng

    rules = _rules(spec.expansions, spec.packs, _fingerprint(spec.packs))
    seed = spec.game_seed(index)
    game = Game.new(rules, seed, {"setup": spec.setup, "players": spec.players})
    chosen = {side: (name, dict(knobs)) for side, name, knobs in spec.agents}
    seats = {}
    for n, player in enumerate(game.state["players"]):
        side = player.split("-", 1)[0]
        name, knobs = chosen[side]
        seats[player] = agents.make(name, side, rng.derive(seed, n + 1), knobs)
    decisions = 0
    while not game.over and game.pending:
        for decision in game.pending:
            game.apply(seats[decision.player].choose(game, decision), player=decision.player)
            decisions += 1
    result = game.state["result"] or {"winner": None, "reason": N_("unfinished")}  # translated in the summary
    names = spec.agent_names()
    record = {
        "game": index,
        "seed": seed,
        "winner": result["winner"],
        "reason": result["reason"],
        "rounds": int(game.state["data"].get("round", 0)),
        "decisions": decisions,
        "rebel_agent": names.get("rebel", ""),
        "empire_agent": names.get("empire", ""),
        "expansions": ",".join(spec.expansions),
        "packs": ",".join(os.path.basename(os.path.normpath(p)) for p in spec.packs),
        "setup": spec.setup,
        "players": spec.players,
    }
    if extra is not None:
        record.update(extra(game, seats))
    return record, card_plays(game, index, seed, result["winner"])


@lru_cache(maxsize=4)
def _rules(expansions: tuple[str, ...], packs: tuple[str, ...], fingerprint: tuple) -> Rules:
    """The rules of a run, loaded once per process rather than once per game (with fan packs ``rules_for`` loads
    them anew each call, about a quarter of a second: as much as a heuristic game). ``fingerprint`` is part of the
    key so that a pack changed on disk between two runs is loaded again."""
    from swrebellion.games import rules_for

    return rules_for(expansions, packs)


def _fingerprint(packs: tuple[str, ...]) -> tuple:
    """Name, size and modification time of every file under the pack folders (symbolic links are not followed)."""
    found = []
    for folder in packs:
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            for name in sorted(files):
                try:
                    info = os.stat(os.path.join(root, name), follow_symlinks=False)
                except OSError:
                    continue
                found.append((root, name, info.st_size, info.st_mtime_ns))
    return tuple(found)


def card_plays(game, index: int, seed: int, winner: str | None) -> list[dict]:
    """The game's card plays (``cards_played`` hook), one row per (side, card) with how often."""
    counts: dict[tuple[str, str], int] = {}
    for event in game.state["log"]:
        for answer in game.rules.call("cards_played", game=game, event=event):
            for side, card in answer or ():
                counts[side, card] = counts.get((side, card), 0) + 1
    return [{"game": index, "seed": seed, "side": side, "card": card, "plays": n, "won": side == winner}
            for (side, card), n in sorted(counts.items())]


def play_chunk(spec: Spec, indices: list[int], extra: Callable | None = None) -> list[tuple[dict, list[dict]]]:
    """Play several games (the unit of work sent to a Dask worker)."""
    return [play_game(spec, i, extra) for i in indices]


# -- many games -------------------------------------------------------------------------------------------------------


def chunks(games: int, workers: int) -> list[list[int]]:
    """Game indices in chunks that shrink towards the end (guided scheduling): early chunks of up to 8 games cost
    little to send, and the last ones are single games, so no worker waits long for another to finish its chunk."""
    out: list[list[int]] = []
    start = 0
    while start < games:
        size = max(1, min(8, (games - start) // (4 * max(1, workers))))
        out.append(list(range(start, min(games, start + size))))
        start += size
    return out


def run(spec: Spec, workers: int = 1, scheduler: str | None = None,
        progress: Callable[[int], None] | None = None, extra: Callable | None = None) -> Results:
    """Play every game of ``spec``: in this process (``workers=1``, no scheduler), on ``workers`` local Dask worker
    processes, or on the Dask cluster at ``scheduler`` (``tcp://HOST:PORT``). ``progress(n)`` is told each time
    ``n`` more games are done."""
    results = Results(spec)
    if scheduler is None and workers <= 1:
        outcomes = []
        for index in range(spec.games):
            outcomes.append(play_game(spec, index, extra))
            if progress:
                progress(1)
    else:
        outcomes = _run_dask(spec, workers, scheduler, progress, extra)
    for record, plays in sorted(outcomes, key=lambda outcome: outcome[0]["game"]):
        results.records.append(record)
        results.plays.extend(plays)
    return results


def _run_dask(spec: Spec, workers: int, scheduler: str | None, progress, extra) -> list:
    from dask.distributed import Client, as_completed

    cluster = None
    if scheduler is None:
        cluster = _local_cluster(workers)
        client = Client(cluster)
    else:
        _reachable(scheduler)
        client = Client(scheduler, timeout="20s")
    try:
        n_workers = max(1, len(client.scheduler_info().get("workers", {}))) if scheduler else workers
        futures = [client.submit(play_chunk, spec, chunk, extra, pure=False)
                   for chunk in chunks(spec.games, n_workers)]
        outcomes = []
        for future in as_completed(futures):
            done = future.result()
            outcomes.extend(done)
            if progress:
                progress(len(done))
        return outcomes
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _local_cluster(workers: int):
    """Worker processes on this machine, listening on localhost only. They start from a fork server that has
    already imported Dask, the engine and every installed expansion and agent, rather than each spawning a fresh
    interpreter that imports them again: seconds less start-up and shut-down on this 2-core machine, and threads of
    this process are never forked. The fork server is started here, before Dask asks for it: Dask sets its own list
    of modules to preload (Dask's only), which then applies to a fork server that is already running."""
    import multiprocessing
    import multiprocessing.forkserver

    import dask
    from dask.distributed import LocalCluster

    multiprocessing.set_forkserver_preload(_preload())
    multiprocessing.forkserver.ensure_running()
    # Less work beside the games on a small machine, where every cycle Dask spends is taken from a game:
    # * Dask's statistical profiler samples every worker's stack each 10 ms while it holds the interpreter: games
    #   run in pure Python, so it slowed them (and the slowest searched decisions up to fourfold). Nobody reads its
    #   profiles here: off.
    # * each process checks its event loop's health every 20 ms, each worker reports to the scheduler every second
    #   and the client asks the scheduler for its workers every 2 s: every 1 s, 5 s and 10 s instead. In three
    #   80-game probes the three processes beside the games used 1.2 s less CPU per run (3.7 s to 2.5 s).
    # * the monitors of system and memory look every 2 s rather than several times a second; the active memory
    #   manager (which moves results between workers) is off, since each game's result goes straight back.
    # * no task is stolen: the chunks already shrink towards the end.
    # Everything listens on the loopback only, with no dashboard and no HTTP pages (they show the workers, their
    # logs and call stacks): whoever wants a dashboard runs a scheduler of their own (docs/simulation.md).
    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver",
                          "distributed.worker.profile.enabled": False,
                          "distributed.admin.tick.interval": "1s",
                          "distributed.client.scheduler-info-interval": "10s",
                          "distributed.admin.system-monitor.interval": "2s",
                          "distributed.worker.memory.monitor-interval": "2s",
                          "distributed.scheduler.active-memory-manager.start": False,
                          "distributed.scheduler.work-stealing": False,
                          "distributed.scheduler.http.routes": [],
                          "distributed.worker.http.routes": []}):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                            host="127.0.0.1", silence_logs=40, heartbeat_interval="5s")


def _preload() -> list[str]:
    """The modules a worker needs: Dask's, the engine's, and those of the installed expansions and agents (a module
    that fails to import is skipped by the fork server; the worker then imports it when a game needs it)."""
    from importlib import metadata

    from swrebellion.agents import ENTRY_POINT_GROUP as AGENTS
    from swrebellion.plugins import ENTRY_POINT_GROUP as EXPANSIONS

    found = ["distributed", "swrebellion.engine", "swrebellion.games", "swrebellion.tools.simulation"]
    for group in (EXPANSIONS, AGENTS):
        found += sorted({ep.module for ep in metadata.entry_points(group=group)} - set(found))
    return found


def _reachable(address: str) -> None:
    """Fail at once (``OSError``) when nothing listens at a ``tcp://HOST:PORT`` address, rather than after the
    client's connection timeout."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme == "tcp" and parts.hostname and parts.port:
        with socket.create_connection((parts.hostname, parts.port), timeout=5):
            pass


# -- what the games say -----------------------------------------------------------------------------------------------


def summary(results: Results) -> dict:
    """Win shares with 95% Wilson intervals, how games ended, rounds, and per card the plays and the win share of
    the side that played it."""
    from .stats import wilson

    records = results.records
    n = len(records)
    wins = {side: sum(1 for r in records if r["winner"] == side) for side in ("rebel", "empire")}
    reasons: dict[str, int] = {}
    for r in records:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    rounds = sorted(r["rounds"] for r in records)
    cards: dict[tuple[str, str], dict] = {}
    for play in results.plays:
        entry = cards.setdefault((play["side"], play["card"]), {"plays": 0, "games": 0, "won": 0})
        entry["plays"] += play["plays"]
        entry["games"] += 1
        entry["won"] += bool(play["won"])
    return {
        "games": n,
        "wins": {side: {"games": k, "share": k / n if n else 0.0, "interval": wilson(k, n)} for side, k in wins.items()},
        "reasons": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
        "rounds": {"mean": sum(rounds) / n if n else 0.0, "median": statistics.median(rounds) if n else 0,
                   "min": rounds[0] if n else 0, "max": rounds[-1] if n else 0},
        "cards": [{"side": side, "card": card, **entry, "win_share": entry["won"] / entry["games"],
                   "interval": wilson(entry["won"], entry["games"])}
                  for (side, card), entry in sorted(cards.items(), key=lambda kv: (-kv[1]["plays"], kv[0]))],
    }


#: The content kinds that are cards: their plays are counted (``cards_played``) and named in summaries.
CARD_KINDS = ("missions", "actions", "objectives", "tactics", "advanced-tactics")


def card_names(catalog) -> dict[str, str]:
    """Card id -> name in the current language (--lang; English where a pack has no translation), for the
    summaries and reports (ids mean little to a reader; Parquet keeps ids); a card with a space and a ground version
    is named with its theater, "Critical Hit (space)", so no two rows of a table read the same."""
    from swrebellion.expansions.base.api.words import told_apart
    from swrebellion.i18n import language

    lang = language()
    names = {ident: getattr(item.name, lang, None) or item.name.en for kind in CARD_KINDS
             if kind in catalog.counts()
             for ident, item in catalog.items(kind).items() if getattr(item, "name", None) is not None}
    return {**names, **{ident: name for ident, name in told_apart(catalog, lang).items() if ident in names}}


def write_parquet(results: Results, path: str) -> tuple[str, str]:
    """Write the records to ``path`` and the card plays beside it (``NAME.cards.parquet``), each file whole or not
    at all (``safefile.write_atomic``). Returns both paths."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    base, ext = os.path.splitext(path)
    plays_path = f"{base}.cards{ext or '.parquet'}"
    tables = [
        (path, pa.Table.from_pylist(results.records, schema=_schema(COLUMNS, results.records))),
        (plays_path, pa.Table.from_pylist(results.plays, schema=_schema(PLAY_COLUMNS, results.plays))),
    ]
    from swrebellion.safefile import write_atomic

    encoded = []
    for target, table in tables:  # both encoded in memory first: an error here writes neither file
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink)
        encoded.append((target, sink.getvalue().to_pybytes()))
    for target, data in encoded:
        write_atomic(target, data)
    return path, plays_path


def _schema(columns: Iterable[str], rows: list[dict]):
    import pyarrow as pa

    types = {"game": pa.int64(), "seed": pa.uint64(), "rounds": pa.int64(), "decisions": pa.int64(),
             "players": pa.int64(), "plays": pa.int64(), "won": pa.bool_()}
    return pa.schema([(c, types.get(c, pa.string())) for c in columns])
