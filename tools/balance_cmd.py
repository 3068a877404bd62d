"""`rebellion balance`: is a fan pack too strong? The same seeded games without and with it, compared in pairs."""

from __future__ import annotations

from pathlib import Path

import click

from swrebellion.i18n import gettext as _

from .options import check_output, expansion_options, lang_option, write_output
from .simulate_cmd import run_options


@click.command("balance")
@click.option("--pack", "pack", required=True, type=click.Path(exists=True, file_okay=False),
              help="The fan pack folder to test (a pack adding cards, or replacing one).")
@run_options
@expansion_options
@click.option("--report", "report", type=click.Path(dir_okay=False, writable=True),
              help="Write an HTML report with plots (win share by round of the game's end, card impact).")
@click.option("--top", type=click.IntRange(1), default=10, show_default=True, help="Cards listed by impact.")
@lang_option
def balance(pack, games, agents, seed, setup_id, players, workers, scheduler, active, report, top):
    """Play the same seeded games without and with a fan pack and say how it changes who wins: the change in
    the Rebels' win share with a 95% interval (paired games), a plain verdict, and the cards most associated with
    winning.

    \b
    Examples:
      rebellion balance --pack examples/packs/probe-swarm --games 400
      rebellion balance --pack my-pack/ -n 1000 --workers 2 --report balance.html
      rebellion balance --pack my-pack/ --expansion rise-of-the-empire --agents rebel=heuristic,empire=heuristic
    """
    from .simulate_cmd import check_workers, require_sim

    require_sim("balance")
    check_workers(workers, scheduler)
    check_output("--report", report)  # before the games, not after them
    from rich.console import Console

    from swrebellion.games import ContentError, rules_for

    from . import agents_opt, balance as analysis, simulation
    from .simulate_cmd import _check_playable, run_with_progress

    chosen = agents_opt.parse(agents)
    expansions = tuple(active().enabled)
    common = dict(expansions=expansions, setup=setup_id, players=players)
    # both runs play the setup of the games without the pack (--setup, else the enabled expansions' default): the
    # pairs must start alike
    without = _check_playable(simulation.Spec.make(games, seed, chosen, **common))[1]
    with_pack = _check_playable(simulation.Spec.make(games, seed, chosen, packs=(str(Path(pack)),),
                                                     **{**common, "setup": without.setup}))[1]
    try:
        catalog = rules_for(expansions, with_pack.packs).content
    except ContentError as exc:  # checked above; kept for the type checker's sake
        raise click.ClickException(str(exc)) from None
    pack_id = _pack_id(catalog, Path(pack))
    changes = analysis.pack_changes(catalog, pack_id)
    labels = (_("Without the pack"), _("With the pack"))
    width = max(map(len, labels))  # the two bars line up
    before = run_with_progress(without, workers, scheduler, labels[0].ljust(width))
    after = run_with_progress(with_pack, workers, scheduler, labels[1].ljust(width))
    comparison = analysis.compare(before, after, changes, names=simulation.card_names(catalog))
    _show(Console(), comparison, top)
    if report:
        from . import balance_report

        write_output(report, balance_report.render(comparison, without, top))
        click.echo(_("Wrote {path}.").format(path=report))


def _pack_id(catalog, folder: Path) -> str:
    for info in catalog.packs:
        if Path(info.folder).resolve() == folder.resolve():
            return info.id
    raise click.BadParameter(_("{folder} was not loaded as a pack").format(folder=folder), param_hint="--pack")


def _show(console, comparison, top: int) -> None:
    from rich.table import Table
    from rich.text import Text

    from .simulate_cmd import side_name
    from .stats import wilson

    pack = comparison.pack
    console.print(f"[bold]{pack.name}[/bold] {pack.version}: " + "; ".join(
        f"{label} {', '.join(items)}" for label, items in
        ((_("adds"), pack.adds), (_("replaces"), pack.replaces), (_("removes"), pack.removes)) if items))
    table = Table(title=_("Rebel win share"))
    for column in ("", _("Rebel wins"), _("share"), _("95% interval")):
        table.add_column(column, justify="right" if column else "left")
    n = len(comparison.with_pack.records)
    for label, results in ((_("without the pack"), comparison.without), (_("with the pack"), comparison.with_pack)):
        k = sum(1 for r in results.records if r["winner"] == "rebel")
        low, high = wilson(k, n)
        table.add_row(label, str(k), f"{k / n:.1%}", f"{low:.1%} - {high:.1%}")
    delta, low, high = comparison.delta
    table.add_row(_("change (paired)"), "", _("{delta} pts").format(delta=f"{delta * 100:+.1f}"),
                  _("{low} to {high} pts").format(low=f"{low * 100:+.1f}", high=f"{high * 100:+.1f}"))
    console.print(table)
    console.print(comparison.verdict)
    cards = Table(title=_("Cards most associated with winning, with the pack (association, not cause)"))
    # At 80 columns (a CI log, a pipe) rich would squeeze the short columns to nothing to keep long names and
    # "not compared: ..." on one line: the short ones keep their width, the card and the difference wrap instead.
    for column, wraps, left in ((_("card"), True, True), (_("side"), False, True), (_("games"), False, False),
                                (_("won played/not"), False, False), (_("difference"), True, False)):
        cards.add_column(column, justify="left" if left else "right", no_wrap=not wraps,
                         min_width=max(len(word) for word in column.split()),
                         ratio=1 if wraps else None)
    from .balance_report import _shown

    from .balance import difference_text

    games = len(comparison.with_pack.records)
    for row in _shown(comparison.impacts, top):
        name = f"[bold red]{row['name']}[/bold red]" if row["pack"] else row["name"]
        difference = difference_text(row, games, digits=0)
        cards.add_row(name, side_name(row["side"]), str(row["games"]),
                      f"{row['share_played']:.0%}/{row['share_not']:.0%}",
                      _("{difference} pts").format(difference=difference) if row["compared"] else difference)
    for column in cards.columns:  # nor is a long word cut short ("karşılaştırılmadı…" in Turkish)
        if not column.no_wrap:
            column.min_width = max(len(word) for cell in (column.header, *column.cells)
                                   for word in Text.from_markup(str(cell)).plain.split())
    console.print(cards)
    console.print(_("Differences compare games that ended in the same round; the pack's cards are in red."))
