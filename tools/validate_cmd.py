"""`rebellion validate`: every problem in the content packs, for people, scripts and CI annotations."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click

from .options import configured_packs, expansion_options, lang_option, pack_option

#: Version of the JSON output document (bumped only when a field changes meaning or goes away).
JSON_VERSION = 1
#: what Python makes of the bytes of a file name that is not UTF-8
SURROGATE = re.compile("[\ud800-\udfff]")


@click.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github"]),
    default="text",
    show_default=True,
    help="text: file:line:col: CODE message; json: one document; github: workflow annotations.",
)
@expansion_options
@pack_option
@lang_option
def validate(paths: tuple[Path, ...], fmt: str, active, packs: tuple[Path, ...]) -> None:
    """Check content packs: files, schemas, references, the map and unit counts.

    PATH is a pack folder (with pack.yaml) or a file inside one; --pack PATH says the same, as in every command
    that loads content. The built-in packs of the enabled expansions are
    always checked too, with the packs listed in ./rebellion.toml (`rebellion packs add`), so a fan pack is checked
    together with the content it will be played with: an id it shares with an enabled expansion's pack is an error
    in the fan pack. Packs a PATH requires (such as `base`) come from the built-in packs. Every problem is reported
    in one run.

    \b
    Examples:
      rebellion validate                           the built-in packs
      rebellion validate my-pack                   a fan pack (and the packs it requires)
      rebellion validate my-pack -x rise-of-the-empire
      rebellion validate my-pack --format github   annotations in a GitHub Actions log
      rebellion validate my-pack --format json | jq '.counts'

    \b
    Exit status: 0 no errors (warnings allowed), 1 content errors, 2 usage errors.
    Diagnostic codes (SW101 ...) are explained in the README, "Diagnostic codes".
    """
    from swrebellion.diagnostics import render_github, render_text
    from swrebellion.validate import validate as run

    selection = active()
    report = run(selection, [*configured_packs(), *paths, *packs], all_enabled=True)
    if not report.ok:  # an old step's errors become one SW210 that says to run `rebellion packs upgrade`
        from .upgrade.steps import with_old_steps_explained

        report.diagnostics = with_old_steps_explained(report.diagnostics, selection.ops, selection.kinds)
    catalog = report.catalog
    if not catalog.packs and not report.diagnostics:
        raise click.UsageError("nothing to check: every expansion is disabled and no pack folder was given "
                               "(name a pack folder, or enable an expansion: `rebellion expansions list`)")
    errors, warnings = len(report.errors), len(report.warnings)
    packs = ", ".join(f"{p.id} {p.version}" for p in catalog.packs) or "none"
    summary = (
        f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}; "
        f"packs: {packs}; {report.files} files, {len(catalog)} items"
    )
    if not report.cross_checked:
        summary += "; references, map and counts not checked until the pack problems are fixed"
    if fmt == "json":
        document = {
            "version": JSON_VERSION,
            "ok": report.ok,
            "counts": {"errors": errors, "warnings": warnings, "files": report.files, "items": len(catalog),
                       "items_by_kind": catalog.counts()},
            "packs": [{"id": p.id, "version": p.version, "source": p.source, "folder": str(p.folder),
                       "digest": p.digest} for p in catalog.packs],
            "cross_checked": report.cross_checked,
            "diagnostics": [d.to_dict() for d in report.diagnostics],
        }
        text = json.dumps(document, indent=2, ensure_ascii=False)
        # a file name that is not UTF-8 holds lone surrogates, which no UTF-8 document can: JSON's own escape for them
        click.echo(SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text))
    else:
        render = render_github if fmt == "github" else render_text
        if report.diagnostics:
            click.echo(render(report.diagnostics))
        click.echo(("OK: " if report.ok else "FAILED: ") + summary)
    raise SystemExit(0 if report.ok else 1)
