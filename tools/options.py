"""Options shared by every command that plays or validates."""

from __future__ import annotations

import functools

import click


def expansion_options(func):
    """Add ``--expansion NAME`` and ``--no-expansion NAME`` (both repeatable) and pass an ``active`` factory."""

    @click.option(
        "--expansion",
        "-x",
        "enable",
        multiple=True,
        metavar="NAME",
        help="Enable an expansion for this run (repeatable). See `rebellion expansions list`.",
    )
    @click.option(
        "--no-expansion",
        "disable",
        multiple=True,
        metavar="NAME",
        help="Disable an expansion for this run (repeatable). SWREBELLION_EXPANSIONS overrides both.",
    )
    @functools.wraps(func)
    def wrapper(*args, enable, disable, **kwargs):
        return func(*args, active=lambda: activate_or_exit(enable, disable), **kwargs)

    return wrapper


def activate_or_exit(enable, disable):
    """Resolve the expansion selection; a bad selection is a usage error (exit 2) with the reason."""
    from swrebellion.plugins import ExpansionError, activate

    try:
        active = activate(enable, disable)
    except ExpansionError as exc:
        raise click.UsageError(str(exc)) from None
    for warning in active.warnings:
        click.echo(f"warning: {warning}", err=True)
    return active
