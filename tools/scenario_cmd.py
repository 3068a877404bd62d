"""`rebellion scenario run FILE...`: play scenario files in strict mode and report each one."""

from __future__ import annotations

import os
from pathlib import Path

import click

from swrebellion.i18n import gettext as _

from .options import configured_packs, lang_option, pack_option

#: What ``--show`` may print: the account, the whole state, or what one side sees (``view:SIDE``).
SHOWN = ("log", "state", "view:SIDE")


@click.group("scenario")
def scenario() -> None:
    """Run rules scenarios (docs/scenarios.md): a situation, scripted choices, forced dice, expectations."""


@scenario.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@pack_option
@click.option("--show", "shows", multiple=True, metavar="WHAT",
              help="After each scenario, print what happened, passed or failed: log (the account in words), state "
                   "(the whole state as JSON, secrets looked through: the pointers `expect:` reads) or view:SIDE (what "
                   "that side sees: status, hand, its open decision and its account). May be repeated.")
@click.option("--strict", is_flag=True,
              help="A warning fails the scenario (one that expects nothing and ends with a decision open).")
@lang_option
def run(files: tuple[str, ...], packs, shows: tuple[str, ...], strict: bool) -> None:
    """Run each scenario FILE; exit 1 if any fails. A decision the script does not foresee is a failure, and a
    failed step names every expectation of it that does not hold.

    A scenario loads the expansions its `expansions:` names and the fan packs its `packs:` names (relative to the
    scenario file), plus any --pack folder and ./rebellion.toml's packs.

    \b
    Examples:
      rebellion scenario run tests/scenarios/base/*.yaml
      rebellion scenario run my-pack/scenarios/*.yaml
      rebellion scenario run my-pack/scenarios/ambush.yaml --show log --show view:empire
    """
    from swrebellion.engine import scenario as harness
    from swrebellion.games import rules_for

    extra = [*configured_packs(), *packs]

    def make_rules(expansions, scenario_packs=()):
        return rules_for(expansions, [*scenario_packs, *extra])

    for what in shows:
        if what not in SHOWN[:2] and not what.startswith("view:"):
            raise click.BadParameter(f"{what!r}: show one of {', '.join(SHOWN)}", param_hint="--show")
    roots = [Path.cwd().resolve(), *(Path(p).resolve() for p in extra)]
    failed = 0
    for path in files:
        game = None
        try:
            _inside(Path(path), roots)
            spec = harness.load_scenario(path)
            game = harness.run(spec, make_rules)
        except harness.ScenarioError as exc:
            failed += 1
            click.echo(_("FAIL {path}: {problem}").format(path=path, problem=exc))
        except harness.ScenarioFailure as exc:
            failed += 1
            game = exc.game
            click.echo(_("FAIL {path}: {problem}").format(path=path, problem=exc))
        else:
            doubts = harness.concerns(spec, game)
            failed += bool(strict and doubts)
            click.echo((_("FAIL {path}") if strict and doubts else _("ok   {path}")).format(path=path)
                       + "".join("\n     " + _("warning: {doubt}").format(doubt=doubt) for doubt in doubts))
        for what in shows if game is not None else ():
            click.echo("\n".join(_shown(game, what)))
    click.echo(_("{passed} passed, {failed} failed").format(passed=len(files) - failed, failed=failed))
    raise SystemExit(1 if failed else 0)


def _shown(game, what: str) -> list[str]:
    """``--show WHAT`` for the game as the scenario left it, under a heading; an unknown side says which exist."""
    import json

    from swrebellion import presentation

    if what == "log":
        return [_("--- the account ---"), *presentation.narration(game, None)]
    if what == "state":
        state = {key: _seen_through(value) for key, value in game.state.items() if key != "log"}
        return [_("--- the state (the log: --show log) ---"), json.dumps(state, indent=1, ensure_ascii=False)]
    side = what.removeprefix("view:")
    try:
        player = presentation.viewer_for(game, side)
    except presentation.PresentationError as exc:
        return [str(exc)]
    lines = [_("--- what {side} sees ---").format(side=side)]
    screens = {name: command for command in presentation.commands(game) for name in (command.name, *command.aliases)}
    for name in ("status", "hand"):  # a game without them (the kernel's toy game) shows the account alone
        if name in screens and player is not None:
            lines += screens[name].run(game, player, "")
    for decision in game.pending:
        if decision.player.split("-")[0] == side:
            labels = presentation.option_labels(game, decision)
            lines.append(_("{player} must decide {kind}:").format(player=decision.player, kind=decision.kind))
            lines += [f"  {option}: {label}" for option, label in labels.items()]
            lines += [f"  {line}" for line in presentation.not_offered(game, decision)]
    return lines + [_("--- {side}'s account ---").format(side=side), *presentation.narration(game, player)]


def _seen_through(node):
    """The state as a scenario's pointers read it: every secret looked through (rules tests see everything)."""
    from swrebellion.engine import peek
    from swrebellion.engine.sharedlog import SharedLog

    node = peek(node)
    if isinstance(node, dict):
        return {key: _seen_through(value) for key, value in node.items()}
    if isinstance(node, (list, SharedLog)):
        return [_seen_through(value) for value in node]
    return node


def _inside(path: Path, roots: list[Path]) -> None:
    """Scenario files run in CI on pull requests, so they follow the rules of pack files (issue 32 #1): a scenario
    named inside the folder the command runs from (or a pack it loads) must really be there, not reached through a
    symlink that leads out; a scenario named elsewhere, by a path the user typed, must not itself be a symlink to
    another folder."""
    from swrebellion.engine.scenario import ScenarioError

    named = Path(os.path.abspath(path))
    real = path.resolve()
    if any(real.is_relative_to(root) for root in roots):
        return
    if not any(named.is_relative_to(root) for root in roots) and real.is_relative_to(named.parent.resolve()):
        return
    how = "is a symlink that leads" if path.is_symlink() else "leads"
    raise ScenarioError(f"{path} {how} outside the folder it is named in (the folder this command runs from, or a "
                        "pack it loads); it was not read: run the scenario where it really is")
