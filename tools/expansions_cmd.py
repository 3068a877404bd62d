"""`rebellion expansions`: list installed expansions, and enable or disable them in ./rebellion.toml."""

from __future__ import annotations

import json

import click

from swrebellion import plugins


@click.group("expansions")
def expansions() -> None:
    """List, enable and disable expansions (rules plugins with their content packs).

    \b
    The selection is made, lowest precedence first, by each expansion's default, ./rebellion.toml (written by
    `enable`/`disable`), the environment variable SWREBELLION_EXPANSIONS (a comma list that replaces both), and
    the --expansion/--no-expansion options of other commands (they win, with a warning when they change what the
    variable says).
    """


@expansions.command("list")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def list_(fmt: str) -> None:
    """Show every installed expansion: id, version, enabled, source, hooks it implements.

    Plugins that failed to import are listed with the error.
    """
    discovery = plugins.discover()
    try:
        active = plugins.activate(discovery=discovery)
        enabled, problem = set(active.enabled), None
    except plugins.ExpansionError as exc:
        active, enabled, problem = None, set(), str(exc)
    for warning in active.warnings if active else ():
        click.echo(f"warning: {warning}", err=True)
    rows = []
    for name in sorted(discovery.installed):
        inst = discovery.installed[name]
        hooks = sorted({h.name for h in _hooks_of(inst.plugin)})
        rows.append(
            {
                "id": name,
                "name": inst.expansion.name,
                "version": inst.expansion.version,
                "enabled": name in enabled,
                "source": inst.source,
                "requires": list(inst.expansion.requires),
                "hooks": hooks,
            }
        )
    broken = [{"id": name, "error": error} for name, error in sorted(discovery.broken.items())]
    if fmt == "json":
        click.echo(json.dumps({"expansions": rows, "broken": broken, "problem": problem}, indent=2))
        return
    for row in rows:
        mark = "on " if row["enabled"] else "off"
        click.echo(f"[{mark}] {row['id']} {row['version']}  {row['name']}  (from {row['source']})")
        if row["requires"]:
            click.echo(f"      requires: {', '.join(row['requires'])}")
        click.echo(f"      hooks: {', '.join(row['hooks']) or 'none'}")
    for row in broken:
        click.echo(f"[err] {row['id']}: {row['error']}", err=True)
    if problem:
        click.echo(f"The current selection is not valid: {problem}", err=True)


def _hooks_of(plugin):
    import pluggy

    from swrebellion import hookspecs

    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(plugin)
    return [caller for caller in pm.get_hookcallers(plugin) or []]


@expansions.command("enable")
@click.argument("name")
def enable(name: str) -> None:
    """Enable expansion NAME in ./rebellion.toml (created if missing)."""
    _set(name, True)


@expansions.command("disable")
@click.argument("name")
def disable(name: str) -> None:
    """Disable expansion NAME in ./rebellion.toml."""
    _set(name, False)


def _set(name: str, on: bool) -> None:
    """Change ./rebellion.toml under its folder's lock (two commands at once both take effect), after checking
    the result: an unknown name or a broken requirement is refused and nothing is written. Disabling a name that
    is not installed (a plugin uninstalled since) just removes it from the file."""
    discovery = plugins.discover()
    try:
        with plugins.config_lock():
            config = plugins.read_config()
            new = plugins.without(config, [name])
            gone = name not in discovery.installed and name not in discovery.broken
            if not (gone and not on):
                new["enabled" if on else "disabled"].append(name)
            stale = [n for n in plugins.stale_names(new, discovery) if n != name]  # enabling an unknown name fails
            enabled = plugins.resolve_enabled(discovery, config=plugins.without(new, stale), env="")
            path = plugins.write_config(new)
    except plugins.ExpansionError as exc:
        raise click.UsageError(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot write {plugins.CONFIG_FILE}: {exc.strerror or exc}") from None
    for other in stale:
        click.echo(f"warning: {plugins.CONFIG_FILE} names {other!r}, which is not installed "
                   f"(`rebellion expansions disable {other}` removes it)", err=True)
    if gone and not on:
        click.echo(f"{name} is not installed; removed it from {path}. Enabled now: {', '.join(enabled) or 'none'}.")
        return
    click.echo(f"{'Enabled' if on else 'Disabled'} {name} in {path}. Enabled now: {', '.join(enabled) or 'none'}.")
