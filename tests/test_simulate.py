"""`rebellion simulate` and `rebellion balance` (issue 14, sections 3-5): Parquet results, the same results whatever
the number of workers (a real Dask scheduler and two workers on this machine included), confidence intervals
against published values, and a balance check of a tiny fan pack."""

from __future__ import annotations

import re
from pathlib import Path

import pyarrow.parquet as pq
import click
import pytest
from click.testing import CliRunner
from dask.distributed import Client

from swrebellion.games import rules_for
from swrebellion.tools import simulation
from swrebellion.tools.cli import main
from swrebellion.tools.stats import difference, paired_difference, stratified_difference, wilson

RANDOM = {"rebel": ("random", {}), "empire": ("random", {})}


def test_wilson_intervals_match_newcombe_1998():
    """Newcombe (1998a), Table I, method 3 (Wilson score, no continuity correction)."""
    for (x, n), (low, high) in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605),
                                (0, 20): (0.0, 0.1611), (1, 29): (0.0061, 0.1718)}.items():
        got = wilson(x, n)
        assert got == pytest.approx((low, high), abs=5e-5), (x, n, got)


def test_differences_of_shares():
    """Newcombe (1998a), method 10 for 56/70 - 48/80: 0.0524 to 0.3339. Paired outcomes with no correlation give
    the same interval; Mantel-Haenszel over one stratum is the plain difference with Wald's interval."""
    delta, low, high = difference(48, 80, 56, 70)
    assert (delta, low, high) == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)
    before = [True] * 10 + [False] * 10
    after = [True] * 5 + [False] * 5 + [True] * 5 + [False] * 5  # phi = 0
    assert paired_difference(before, after) == pytest.approx(difference(10, 20, 10, 20))
    delta, low, high = stratified_difference([(56, 70, 48, 80)])
    wald = 1.959964 * (0.8 * 0.2 / 70 + 0.6 * 0.4 / 80) ** 0.5
    assert (delta, low, high) == pytest.approx((0.2, 0.2 - wald, 0.2 + wald), abs=1e-6)


def test_paired_games_that_agree_give_a_narrower_interval():
    """The same seeds with and without a change mostly end the same way: pairing shows it."""
    before = [True] * 30 + [False] * 30
    after = [True] * 34 + [False] * 26
    _, low, high = paired_difference(before, after)
    _, low_unpaired, high_unpaired = difference(30, 60, 34, 60)
    assert low > 0 > low_unpaired and high - low < high_unpaired - low_unpaired


def test_simulate_writes_parquet_rows_and_card_plays(tmp_path):
    out = tmp_path / "results.parquet"
    result = CliRunner().invoke(main, ["simulate", "-n", "3", "--agents", "rebel=random,empire=random", "--seed", "4",
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "win share" in result.output and "95% interval" in result.output and "How games ended" in result.output
    rows = pq.read_table(out).to_pylist()
    assert [r["game"] for r in rows] == [0, 1, 2]
    assert {"seed", "winner", "reason", "rounds", "rebel_agent", "empire_agent"} <= set(rows[0])
    assert rows[0]["rebel_agent"] == "random" and rows[0]["winner"] in ("rebel", "empire") and rows[0]["rounds"] >= 1
    plays = pq.read_table(tmp_path / "results.cards.parquet").to_pylist()
    assert plays and {"game", "side", "card", "plays", "won"} <= set(plays[0])
    assert all(p["side"] in ("rebel", "empire") for p in plays)
    # The summary names the cards (Parquet keeps their ids): the most played card appears by its English name.
    rules = rules_for(("base",))
    top = max(plays, key=lambda p: p["plays"])["card"]
    name = simulation.card_names(rules.content)[top]
    assert name != top and name in result.output


def test_simulate_refuses_a_missing_scheduler_cleanly():
    result = CliRunner().invoke(main, ["simulate", "-n", "1", "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 1 and "cannot reach the Dask scheduler" in result.output
    assert "Traceback" not in result.output


def test_simulate_and_balance_say_their_errors_in_the_readers_language(tmp_path):
    """Issue 35 (simulate/balance errors before any output were English): through the catalogs like their other
    words, by --lang or SWREBELLION_LANG (click's own "Error: Invalid value for" stays English in every command)."""
    result = CliRunner().invoke(main, ["simulate", "--lang", "ru", "--setup", "nope", "-n", "1"])
    assert result.exit_code == 2 and "неизвестная расстановка 'nope'; в наборах есть: base" in result.output
    result = CliRunner().invoke(main, ["balance", "--pack", str(Path(__file__).parents[1] / "examples" / "packs" /
                                                               "probe-swarm"), "--setup", "nope", "-n", "1"],
                                env={"SWREBELLION_LANG": "tr"})
    assert result.exit_code == 2 and "bilinmeyen kurulum 'nope'; paketlerdekiler: base" in result.output


def test_results_do_not_depend_on_how_games_are_spread():
    """Game i's seed comes from the base seed and i only, so chunks played in any order give the same rows."""
    spec = simulation.Spec.make(5, 11, RANDOM)
    whole = simulation.run(spec)
    parts = [simulation.play_chunk(spec, chunk) for chunk in reversed(simulation.chunks(5, 3))]
    rows = sorted((record for part in parts for record, _ in part), key=lambda r: r["game"])
    assert rows == whole.records


def test_chunks_cover_every_game_once_and_end_with_single_games():
    """Guided scheduling: each game in exactly one chunk, in order; chunks never grow and the last ones hold one
    game, so at the end of a run no worker waits on another's long chunk."""
    for games, workers in ((400, 2), (61, 2), (5, 3), (1, 4), (120, 1)):
        parts = simulation.chunks(games, workers)
        assert [i for part in parts for i in part] == list(range(games))
        sizes = [len(part) for part in parts]
        assert sizes == sorted(sizes, reverse=True) and max(sizes) <= 8 and sizes[-1] == 1
    assert len(simulation.chunks(400, 2)) < 100  # a few dozen tasks, not one per game


def test_a_dask_scheduler_and_two_workers_give_the_single_process_results():
    """A real Dask scheduler with two worker processes on localhost (they stop with the context), reached through
    its address as `--scheduler tcp://HOST:PORT` would: the same records and card plays as one process."""
    spec = simulation.Spec.make(6, 3, RANDOM)
    alone = simulation.run(spec)
    with simulation._local_cluster(2) as cluster:  # what `--workers 2` starts: from a fork server
        assert len(cluster.workers) == 2 and cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        # issue 32 #5: no dashboard, and no socket of the scheduler or its workers listens beyond the loopback
        assert _served(cluster.scheduler, "/info/main/workers.html") == 404
        assert _listening_beyond_loopback() == []
        with Client(cluster) as client:  # before any game: the workers came with the expansions imported
            assert set(client.run(_imported, "swrebellion.expansions.base.agents.heuristic").values()) == {True}
            # Dask's stack sampler would slow the games, and its frequent health checks and heartbeats take CPU
            # from them: off, and once a second and every 5 s
            assert set(client.run(_housekeeping).values()) == {(False, "1s", 5.0)}
        spread = simulation.run(spec, scheduler=cluster.scheduler_address)
    assert spread.records == alone.records
    assert spread.plays == alone.plays


def _imported(module: str) -> bool:
    import sys

    return module in sys.modules


def _housekeeping(dask_worker) -> tuple[bool, str, float]:
    import dask

    return (bool(dask.config.get("distributed.worker.profile.enabled")), dask.config.get("distributed.admin.tick.interval"),
            dask_worker.heartbeat_interval)


def one_card_pack(folder: Path) -> Path:
    """A fan pack replacing one card: a Sabotage that also gains loyalty."""
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        "kind: pack\nid: loud-sabotage\nname: {en: Loud Sabotage}\nversion: 0.1.0\nrequires: ['base>=1.0,<2']\n"
        "replaces: [missions/sabotage]\n")
    (folder / "missions.yaml").write_text(
        "kind: missions\nitems:\n- id: sabotage\n  name: {en: Loud Sabotage}\n  set: fan\n  faction: rebel\n"
        "  deck: starting\n  requires: {special-ops: 1}\n  mode: attempt\n  target:\n"
        "  - {op: choose, what: system, where: {imperial: true}}\n  effect:\n  - {op: sabotage, change: place}\n"
        "  - {op: loyalty, change: gain, amount: 1}\n")
    return folder


def test_a_run_loads_its_fan_pack_once_and_again_after_an_edit(tmp_path, monkeypatch):
    """A fan pack is loaded once per process for a whole run, not once per game (a load costs as much as a heuristic
    game); a pack edited on disk before the next run is loaded anew, so that run plays the edited cards."""
    import swrebellion.games

    loads = []
    real = swrebellion.games.rules_for
    monkeypatch.setattr(swrebellion.games, "rules_for", lambda *a, **k: loads.append(a) or real(*a, **k))
    simulation._rules.cache_clear()
    pack = one_card_pack(tmp_path / "loud-sabotage")
    spec = simulation.Spec.make(3, 5, RANDOM, packs=(str(pack),))
    first = simulation.run(spec)
    assert len(first.records) == 3 and len(loads) == 1
    assert simulation.run(spec).records == first.records and len(loads) == 1
    cards = pack / "missions.yaml"
    cards.write_text(cards.read_text().replace("amount: 1", "amount: 2"))
    simulation.run(spec)
    assert len(loads) == 2


def test_balance_compares_paired_games_and_writes_a_report(tmp_path):
    pack = one_card_pack(tmp_path / "loud-sabotage")
    report = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["balance", "--pack", str(pack), "-n", "4", "--agents",
                                       "rebel=random,empire=random", "--report", str(report)])
    assert result.exit_code == 0, result.output
    assert "replaces missions/sabotage" in result.output
    assert "without the pack" in result.output and "with the pack" in result.output
    assert "95% interval" in result.output and ("No clear effect" in result.output or "favours" in result.output)
    page = report.read_text()
    assert page.count("data:image/png;base64,") == 2 and "Loud Sabotage" in page
    assert "of both runs starts from the" in page and "(paired)" in page


def test_balance_refuses_a_pack_that_does_not_validate(tmp_path):
    pack = one_card_pack(tmp_path / "broken")
    (pack / "missions.yaml").write_text("kind: missions\nitems:\n- id: sabotage\n  nme: {en: Typo}\n")
    result = CliRunner().invoke(main, ["balance", "--pack", str(pack), "-n", "2"])
    assert result.exit_code == 1 and result.output.startswith("error:")


def test_card_plays_come_from_every_plugin_through_the_hook():
    """cards_played (docs/hooks.md): the base game counts revealed missions and played action, tactic and objective
    cards (RB-MIS-01, RB-OBJ-02); Rise of the Empire its advanced tactic cards, both sides' at once (RE-CIN-03)."""
    from swrebellion.engine import Game

    game = Game.new(rules_for(("base", "rise-of-the-empire")), 1)
    events = [
        {"type": "mission-revealed", "faction": "rebel", "card": "sabotage"},
        {"type": "objective-played", "card": "crippling-blow"},
        {"type": "advanced-tactics-revealed", "theater": "space", "cards": {"rebel": "a", "empire": "b"}},
        {"type": "round", "round": 2},
    ]
    found = [pair for event in events for answer in game.rules.call("cards_played", game=game, event=event)
             for pair in answer or ()]
    assert sorted(map(tuple, found)) == [("empire", "b"), ("rebel", "a"), ("rebel", "crippling-blow"),
                                         ("rebel", "sabotage")]


def test_a_pack_card_played_in_nearly_every_game_is_listed_without_a_figure():
    """A card with too few games on one side has no contrast: no difference is given, rather than one whose
    interval spans -100..+100 points; cards are shown by name."""
    from swrebellion.tools.balance import card_impacts, difference_text

    results = simulation.Results(spec=None)
    for game in range(20):
        results.records.append({"game": game, "rounds": 5 + game % 3, "winner": "rebel" if game % 2 else "empire"})
        results.plays.append({"game": game, "side": "empire", "card": "fan-card", "plays": 1})
        if game < 10:
            results.plays.append({"game": game, "side": "rebel", "card": "half", "plays": 1})
    rows = {r["card"]: r for r in card_impacts(results, {"fan-card"}, min_games=5,
                                               names={"fan-card": "Fan Card", "half": "Half"})}
    assert not rows["fan-card"]["compared"] and rows["fan-card"]["name"] == "Fan Card"
    assert difference_text(rows["fan-card"], 20) == "not compared: played in 20 of 20 games"
    assert rows["half"]["compared"] and difference_text(rows["half"], 20).startswith(("+", "-"))


def _served(scheduler, path: str) -> int:
    """The HTTP status of ``path`` on the scheduler's own HTTP server."""
    import urllib.error
    import urllib.request

    port = scheduler.http_server.port
    try:
        return urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10).status
    except urllib.error.HTTPError as exc:
        return exc.code


def _listening_beyond_loopback() -> list:
    """Listening sockets of this process and its children bound to an address other than the loopback."""
    import psutil

    me = psutil.Process()
    found = []
    for process in [me, *me.children(recursive=True)]:
        for conn in process.net_connections(kind="inet"):
            if conn.status == psutil.CONN_LISTEN and conn.laddr.ip not in ("127.0.0.1", "::1"):
                found.append((process.pid, conn.laddr))
    return found


def test_balance_tables_are_legible_at_80_columns(tmp_path):
    """Issue 35 #17: in an 80-column terminal or a CI log (a pipe), rich squeezed the short columns of the card
    table to nothing: every header and every value must be there, wrapped rather than cut."""
    pack = one_card_pack(tmp_path / "loud-sabotage")
    result = CliRunner().invoke(main, ["balance", "--pack", str(pack), "-n", "4", "--agents",
                                       "rebel=random,empire=random"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    start = next(n for n, line in enumerate(lines) if "Cards most associated" in line)
    table = lines[start:]
    # the table's lines, not the progress bars': under a loaded machine rich's live bar has drawn an 81st column
    assert max(map(len, table)) <= 80 and "…" not in "\n".join(table), "\n".join(table)
    header = next(line for line in table if line.startswith("┃"))
    assert [cell.strip() for cell in header.strip("┃").split("┃")] == [
        "card", "side", "games", "won played/not", "difference"]
    rows = [line.strip("│").split("│") for line in table if line.startswith("│")]
    columns = [" ".join(" ".join(row[n].split()) for row in rows).split() for n in range(5)]
    assert all(columns), columns  # no column squeezed to nothing
    assert "Loud Sabotage" in " ".join(columns[0]) and set(columns[1]) <= {"Rebel", "Empire"}
    assert all(word.isdigit() for word in columns[2]) and all("%/" in word for word in columns[3])
    assert " ".join(columns[4]).startswith(("+", "-", "not compared: played in"))


#: The English of every heading, label and sentence simulate and balance print (their tables, the progress bars,
#: the verdict): none may be left in a Russian or Turkish run.
ENGLISH = ("side", "agent", "wins", "win share", "interval", "How games ended", "reason", "games", "share", "Rounds",
           "mean", "median", "Most played cards", "card", "plays", "won", "Rebel", "Rebels", "Empire", "Simulating",
           "eta", "Without the pack", "With the pack", "replaces", "change", "paired", "pts", "points", "difference",
           "Differences", "Cards most associated", "No clear effect", "favours", "unfinished", "game")


@pytest.mark.parametrize(("lang", "env"), [("ru", {}), ("tr", {"SWREBELLION_LANG": "tr"})])
def test_simulate_and_balance_speak_the_language_of_lang(tmp_path, lang, env):
    """Issue 35 #16: ``--lang`` (or ``SWREBELLION_LANG``) turns every word simulate and balance print, not only the
    card names: no English heading or label is left. What stays Latin is what the user typed or the pack calls
    itself: the agent ``random``, the pack's name and the ``kind/id`` it replaces, the ``--games`` flag. The HTML
    report stays English (its page says ``lang="en"``)."""
    pack = one_card_pack(tmp_path / "loud-sabotage")
    report = tmp_path / "report.html"
    flags = ["--agents", "rebel=random,empire=random"] + (["--lang", lang] if not env else [])
    outputs = []
    for args in (["simulate", "-n", "1"], ["balance", "--pack", str(pack), "-n", "2", "--report", str(report)]):
        result = CliRunner().invoke(main, [*args, *flags], env={"COLUMNS": "100", **env})
        assert result.exit_code == 0, result.output
        outputs.append(result.output)
    text = "\n".join(outputs)
    left = text.replace("--games", "").replace(str(report), "")
    for word in ("random", "Loud", "Sabotage", "missions/sabotage"):
        left = left.replace(word, "")
    english = [w for w in ENGLISH if re.search(rf"\b{w}\b", left)]
    assert not english, english
    if lang == "ru":
        assert not re.findall("[A-Za-z]{2,}", left), re.findall("[A-Za-z]{2,}", left)
        assert "Доля побед повстанцев" in text and "Самые разыгрываемые карты" in text
    else:
        assert "İsyancı kazanma payı" in text and "En çok oynanan kartlar" in text
    page = report.read_text()
    assert "No clear effect" in page or "favours the" in page


@pytest.mark.parametrize("command", [["simulate"], ["balance", "--pack", "examples/packs/probe-swarm"]])
def test_more_workers_than_cpus_is_refused_before_anything_starts(command, monkeypatch):
    """`--workers` starts that many local processes: a slip of the finger (10,000) used to try to start them all.
    More than the machine's CPUs (2 on any machine) is a usage error, said at once in the command's language, and
    no worker or game is started."""
    from swrebellion.tools import simulate_cmd

    monkeypatch.setattr(simulate_cmd, "_cpus", lambda: 4)
    started = []
    monkeypatch.setattr(simulation, "run", lambda *args, **kwargs: started.append(args))
    repo = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(repo)
    result = CliRunner().invoke(main, [*command, "-n", "1", "--workers", "10000", "--lang", "ru"])
    assert result.exit_code == 2, result.output
    assert "10000 — больше, чем 4 процессоров" in result.output and "--scheduler" in result.output
    assert started == []
    assert simulate_cmd.check_workers(4, None) is None  # as many as the CPUs: fine
    assert simulate_cmd.check_workers(10000, "tcp://127.0.0.1:8786") is None  # a cluster's: no local worker
    monkeypatch.setattr(simulate_cmd, "_cpus", lambda: 1)
    assert simulate_cmd.check_workers(2, None) is None  # 2 on any machine
    with pytest.raises(click.BadParameter):
        simulate_cmd.check_workers(3, None)
