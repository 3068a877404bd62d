"""`rebellion simulate`: many seeded games between agents, a summary with confidence intervals, Parquet results."""

from __future__ import annotations

import click

from swrebellion.i18n import N_, gettext as _, ngettext

from .agents_opt import HELP as AGENTS_HELP
from .options import SETUP_HELP, check_output, expansion_options, lang_option


SIM_MODULES = ("rich", "pyarrow", "dask.distributed", "matplotlib")
#: The sides as the tables name them.
SIDES = {"rebel": N_("Rebel"), "empire": N_("Empire")}


def require_sim(command: str) -> None:
    """The sim extra's libraries, or a clear error naming the one missing and how to install them (exit 1)."""
    import importlib.util

    for module in SIM_MODULES:
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            click.echo(_("error: rebellion {command} needs {module}, which is not installed; install the simulation "
                         "extra: pip install 'swrebellion[sim]'").format(command=command, module=module.split('.')[0]),
                       err=True)
            raise SystemExit(1)


def _scheduler_address(ctx, param, value):
    """A Dask scheduler's address, checked for its form before any work (`http://[::1` is no address)."""
    if value is None:
        return None
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(value if "://" in value else f"tcp://{value}")
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError as exc:
        raise click.BadParameter(f"{value!r} is not an address like tcp://HOST:PORT ({exc})") from None
    if not parts.hostname:
        raise click.BadParameter(f"{value!r} names no host; give tcp://HOST:PORT")
    return value


def _cpus() -> int:
    """The CPUs this process may run on (a container's share, where the system says)."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (not on every system)
        return os.cpu_count() or 1


def check_workers(workers: int, scheduler: str | None) -> None:
    """At most one local worker per CPU (2 on any machine): each is a process playing games in pure Python, so
    more only share the same CPUs, and a slip of the finger (``--workers 10000``) would start thousands of them.
    (With ``--scheduler`` no local worker is started.) Checked in the command, not as the option is read, so that
    the message is in the command's language."""
    cpus = _cpus()
    most = max(2, cpus)
    if scheduler is None and workers > most:
        raise click.BadParameter(_("{n} is more than this machine's {cpus} CPUs; each worker is a process playing "
                                   "games on one, so more would only share them: give {most} or fewer, or use "
                                   "--scheduler for a cluster").format(n=workers, cpus=cpus, most=most),
                                 param_hint="--workers")


def run_options(func):
    """Options shared by `simulate` and `balance`: games, agents, seed, setup, players, workers, scheduler."""
    for option in reversed([
        click.option("--games", "-n", type=click.IntRange(1), default=100, show_default=True,
                     help="How many games (game i is played from a seed derived from --seed and i)."),
        click.option("--agents", default="rebel=heuristic,empire=heuristic", show_default=True,
                     metavar="SIDE=AGENT,...", help=AGENTS_HELP),
        click.option("--seed", type=int, default=1, show_default=True, help="Base seed of the run."),
        click.option("--setup", "setup_id", default=None, metavar="ID", help=SETUP_HELP),
        click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True, help="2, or 3-4."),
        click.option("--workers", "-w", type=click.IntRange(1), default=1, show_default=True,
                     help="Local worker processes (Dask), at most one per CPU; 1 plays in this process. Results do "
                          "not depend on it."),
        click.option("--scheduler", metavar="tcp://HOST:PORT", callback=_scheduler_address,
                     help="Run on this Dask cluster instead of local workers (docs/simulation.md)."),
    ]):
        func = option(func)
    return func


@click.command("simulate")
@run_options
@expansion_options
@click.option("--pack", "packs", multiple=True, type=click.Path(exists=True, file_okay=False),
              help="A fan pack folder to play with (repeatable).")
@click.option("--out", "out", type=click.Path(dir_okay=False, writable=True),
              help="Write one row per game to this Parquet file, and the card plays to NAME.cards.parquet.")
@click.option("--top", type=click.IntRange(0), default=15, show_default=True, help="Cards listed in the summary.")
@lang_option
def simulate(games, agents, seed, setup_id, players, workers, scheduler, active, packs, out, top):
    """Play many seeded games between agents and summarise them: who wins (95% Wilson intervals), how games end,
    how many rounds they last, and each card's plays with the win share of the side that played it.

    \b
    Examples:
      rebellion simulate --games 200 --agents rebel=heuristic,empire=heuristic --seed 1
      rebellion simulate -n 1000 --workers 2 --out results.parquet
      rebellion simulate -n 100 --expansion rise-of-the-empire --agents rebel=search:iterations=16,empire=heuristic
      rebellion simulate -n 5000 --scheduler tcp://10.0.0.5:8786 --out big.parquet
    """
    require_sim("simulate")
    check_workers(workers, scheduler)
    from . import agents_opt, simulation

    check_output("--out", out)  # before the games, not after them
    chosen = agents_opt.parse(agents)
    spec = simulation.Spec.make(games, seed, chosen, expansions=tuple(_enabled(active)), packs=tuple(packs),
                                setup=setup_id, players=players)
    rules, spec = _check_playable(spec)
    results = run_with_progress(spec, workers, scheduler,
                                ngettext("Simulating {n} game", "Simulating {n} games", games).format(n=games))
    show_summary(simulation.summary(results), spec, top, simulation.card_names(rules.content))
    if out:
        records, plays = simulation.write_parquet(results, out)
        click.echo(_("Wrote {records} ({games} games) and {plays} ({rows} rows).").format(
            records=records, games=len(results.records), plays=plays, rows=len(results.plays)))


def _enabled(active) -> list[str]:
    return list(active().enabled)


def _check_playable(spec):
    """The rules the games will use, and ``spec`` with its setup settled (``--setup``, else the default setup of
    the packs, as for every command); content errors (a fan pack that does not validate) end the command before any
    game: exit 1."""
    import dataclasses

    from swrebellion.games import ContentError, rules_for

    from .options import setup_or_default

    try:
        rules = rules_for(spec.expansions, spec.packs)
    except ContentError as exc:
        click.echo(_("error: {reason}").format(reason=exc), err=True)
        raise SystemExit(1) from None
    spec = dataclasses.replace(spec, setup=setup_or_default(rules, spec.setup))
    if spec.setup not in rules.content.items("setups"):
        raise click.BadParameter(_("unknown setup {setup!r}; the packs define {setups}").format(
            setup=spec.setup, setups=", ".join(sorted(rules.content.items("setups")))), param_hint="--setup")
    return rules, spec


def run_with_progress(spec, workers, scheduler, label):
    """Run the games behind a progress bar; a cluster that cannot be reached is a clear error (exit 1)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    from . import simulation

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn(_("eta")), TimeRemainingColumn())
    with Progress(*columns, transient=False) as bar:
        task = bar.add_task(label, total=spec.games)
        try:
            return simulation.run(spec, workers, scheduler, progress=lambda n: bar.advance(task, n))
        except OSError as exc:  # the scheduler is not there (TimeoutError is an OSError)
            bar.stop()
            click.echo(_("error: cannot reach the Dask scheduler {scheduler}: {reason}").format(
                scheduler=scheduler, reason=exc), err=True)
            raise SystemExit(1) from None


def show_summary(summary: dict, spec, top: int, card_names: dict[str, str] | None = None) -> None:
    """The summary tables; ``card_names`` (id -> name) names the cards, which are shown by id without it."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    agents = spec.agent_names()
    table = Table(title=ngettext("{games} game, seed {seed}: ", "{games} games, seed {seed}: ", summary["games"])
                  .format(games=summary["games"], seed=spec.seed) +
                  ", ".join(f"{side_name(side)} {agents[side]}" for side in ("rebel", "empire") if side in agents))
    table.add_column(_("side"))
    table.add_column(_("agent"))
    table.add_column(_("wins"), justify="right")
    table.add_column(_("win share"), justify="right")
    table.add_column(_("95% interval"), justify="right")
    for side, win in summary["wins"].items():
        low, high = win["interval"]
        table.add_row(side_name(side), agents.get(side, ""), str(win["games"]), f"{win['share']:.1%}",
                      f"{low:.1%} - {high:.1%}")
    console.print(table)
    ends = Table(title=_("How games ended"))
    ends.add_column(_("reason"))
    ends.add_column(_("games"), justify="right")
    ends.add_column(_("share"), justify="right")
    for reason, n in summary["reasons"].items():
        ends.add_row(_(reason), str(n), f"{n / summary['games']:.1%}")
    console.print(ends)
    r = summary["rounds"]
    console.print(_("Rounds: mean {mean}, median {median}, from {low} to {high}.").format(
        mean=f"{r['mean']:.1f}", median=r["median"], low=r["min"], high=r["max"]))
    if top and summary["cards"]:
        cards = Table(title=_("Most played cards (of {n}); won: the win share of the side that played it, in the "
                              "games it was played in").format(n=len(summary["cards"])))
        for column, justify, wraps in ((_("card"), "left", False), (_("side"), "left", False),
                                       (_("plays"), "right", False), (_("games"), "right", True),
                                       (_("won"), "right", False), (_("95% interval"), "right", False)):
            cards.add_column(column, justify=justify, no_wrap=not wraps)
        for card in summary["cards"][:top]:
            low, high = card["interval"]
            cards.add_row((card_names or {}).get(card["card"], card["card"]), side_name(card["side"]),
                          str(card["plays"]), str(card["games"]), f"{card['win_share']:.1%}",
                          f"{low:.1%} - {high:.1%}")
        console.print(cards)


def side_name(side: str) -> str:
    """A side as the tables name it, in the language of the command."""
    return _(SIDES[side]) if side in SIDES else side
