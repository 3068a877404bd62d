"""`rebellion packs upgrade`: rewrite a pack's effect steps from the op names and forms of earlier versions to the
current ones.

The loader reads only the current language; the old forms and their rewrites are known here alone
(``swrebellion.tools.upgrade``), each old step becoming one current step with the same effect. Only the text of each old step
changes: the rest of the file (comments, layout, quoting) is left byte for byte, and a step written on one line as
a flow mapping stays on one line. Every file is rewritten in memory and checked again before anything is written;
each is then replaced atomically (``swrebellion.safefile.write_atomic``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import click

from swrebellion.pointers import parent, tokens

from .options import expansion_options


@dataclass
class Change:
    """One old step rewritten: where (line, column), its old and its new op name."""

    line: int
    column: int
    old: str
    new: str


def _node_at(root, pointer: str):
    """The YAML node at a JSON pointer (mapping keys are strings, list indexes numbers)."""
    node = root
    for part in tokens(pointer):
        if node.id == "sequence":
            node = node.value[int(part)]
        else:
            node = next(value for key, value in node.value if key.value == part)
    return node


def _end(node) -> int:
    """Where a node's own text ends: a block collection's end mark runs on to the next token, past blank lines and
    comments, so take its last child's end."""
    if node.id == "scalar" or getattr(node, "flow_style", False):
        return node.end_mark.index
    children = [v for pair in node.value for v in pair] if node.id == "mapping" else list(node.value)
    return max((_end(child) for child in children), default=node.start_mark.index)


#: A nested mapping or list up to this long is written on one line, as the built-in packs write them.
FLOW_WIDTH = 90


def _flow(value) -> str:
    import yaml

    return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=float("inf"),
                          allow_unicode=True).strip()


def _render(step: dict, flow: bool, column: int) -> str:
    """A step as YAML text to put where the old step was: one flow mapping, or block lines indented to
    ``column`` (the first line starts where the old step started) whose short parts are flow mappings."""
    import yaml

    if flow:
        return _flow(step)

    class Dumper(yaml.SafeDumper):
        def represent_mapping(self, tag, mapping, flow_style=None):
            node = super().represent_mapping(tag, mapping, flow_style)
            node.flow_style = mapping is not step and len(_flow(dict(mapping))) <= FLOW_WIDTH
            return node

        def represent_sequence(self, tag, sequence, flow_style=None):
            node = super().represent_sequence(tag, sequence, flow_style)
            node.flow_style = all(not isinstance(v, (dict, list)) for v in sequence) or (
                len(_flow(list(sequence))) <= FLOW_WIDTH and not any(isinstance(v, dict) and "op" in v for v in sequence))
            return node

    text = yaml.dump(step, Dumper=Dumper, sort_keys=False, width=120, allow_unicode=True).rstrip("\n")
    return ("\n" + " " * column).join(text.split("\n"))


def _rendered_steps(new: dict | list[dict], flow: bool, in_flow_list: bool, column: int) -> str:
    """The text of the step or steps an old step became, to put where it was: in a flow list, the next ones after
    a comma; in a block list, each on its own ``- `` line, at the old step's column."""
    steps = new if isinstance(new, list) else [new]
    items = [_render(step, flow, column) for step in steps]
    return ", ".join(items) if in_flow_list else ("\n" + " " * (column - 2) + "- ").join(items)


def upgrade_text(text: str, fmt: str, data, old_steps, upgrader) -> tuple[str, list[Change]]:
    """The file's text with each outermost old step rewritten (nested old steps within it too), and what changed."""
    from .upgrade.steps import rewrite_at

    outer = [s for s in old_steps if not any(s.pointer.startswith(o.pointer + "/") for o in old_steps)]
    if not outer:
        return text, []
    if fmt == "json":
        changes = [Change(0, 0, s.old.name, s.old.replacement) for s in old_steps]
        return json.dumps(rewrite_at(data, old_steps), indent=2, ensure_ascii=False) + "\n", changes
    import yaml

    root = yaml.compose(text, Loader=yaml.SafeLoader)
    edits, changes = [], []
    for found in outer:
        node = _node_at(root, found.pointer)
        container, key = parent(data, found.pointer)
        new = upgrader.upgraded(container[key])
        in_flow_list = bool(_node_at(root, found.pointer.rsplit("/", 1)[0]).flow_style)
        edits.append((node.start_mark.index, _end(node), _rendered_steps(new, bool(node.flow_style), in_flow_list,
                                                                         node.start_mark.column)))
    for found in old_steps:
        node = _node_at(root, found.pointer)
        changes.append(Change(node.start_mark.line + 1, node.start_mark.column + 1, found.old.name,
                              found.old.replacement))
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text, sorted(changes, key=lambda c: (c.line, c.column))


@click.command("upgrade")
@click.argument("path", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if the pack uses old op forms (for CI).")
@click.option("--dry-run", is_flag=True, help="Print what would change; write nothing.")
@expansion_options
def upgrade(path: Path, check: bool, dry_run: bool, active) -> None:
    """Rewrite a pack's effect steps of earlier versions in the current language, in place.

    The loader reads only the current language: a step with an old op name or form (choose_system, gain_loyalty,
    draw_probes, ...) fails validation with SW210. This command writes each old step in its current form, with
    the same effect. Comments and the layout of untouched lines are kept; each changed step is
    printed. Every file is checked again before anything is written, and each is replaced atomically. The
    expansions the pack's manifest lists under `plugins` are enabled for the run.

    \b
    Examples:
      rebellion packs upgrade my-pack              rewrite my-pack's files, listing each change
      rebellion packs upgrade my-pack --dry-run    only list what would change
      rebellion packs upgrade my-pack --check      exit 1 if anything would change (CI)

    \b
    Exit status: 0 done (or nothing to do), 1 the pack has content errors (after the upgrade) or --check found
    old steps, 2 usage.
    """
    from swrebellion.filecheck import FileChecker
    from swrebellion.packs import MANIFEST, pack_files, read_pack
    from swrebellion.safefile import write_atomic
    from swrebellion.sources import read_source

    from .upgrade.steps import Upgrader

    if not (path / MANIFEST).is_file():
        raise click.UsageError(f"{path} is not a pack folder (no {MANIFEST} in it)")
    selection = active()
    checker = FileChecker(selection.ops, selection.kinds)
    found = read_pack(path, "path", checker)
    if found.manifest is None:
        _fail(found.problems)
    plugins = [p for p in found.manifest.plugins if p not in selection.enabled]
    if plugins:
        from .options import activate_or_exit

        selection = activate_or_exit(tuple(selection.enabled) + tuple(plugins), ())
        checker = FileChecker(selection.ops, selection.kinds)
    upgrader = Upgrader(selection.ops, selection.kinds)
    files, problems = pack_files(found)
    staged: list[tuple[Path, str, list[Change]]] = []
    for file in files:
        source, errors = read_source(file)
        problems += errors
        if source is None:
            continue
        old_steps = upgrader.old_steps(source.data)
        if not old_steps:
            problems += [d for d in checker.content(source).diagnostics if d.is_error]
            continue
        text, changes = upgrade_text(source.text, source.format, source.data, old_steps, upgrader)
        staged.append((file, text, changes))
    for file, text, _ in staged:  # checked as they will be written: current ops only, nothing lost
        problems += _recheck(file, text, checker, upgrader)
    if any(p.is_error for p in problems):
        _fail(problems)
    changed = sum(len(changes) for _, _, changes in staged)
    for file, text, changes in staged:
        shown = _display(file)
        for change in changes:
            click.echo(f"{shown}:{change.line}:{change.column}: {change.old} -> {change.new}")
        if not (check or dry_run):
            try:
                write_atomic(file, text)
            except OSError as exc:  # each file is whole, old or new: the files before this one are upgraded
                click.echo(f"error: cannot write {shown}: {exc}; it is unchanged, and so are the files after it. "
                           "Run the upgrade again once it can be written.", err=True)
                raise SystemExit(1) from None
    verb = "would change" if check or dry_run else "changed"
    click.echo(f"{verb} {changed} step{'s' * (changed != 1)} in {len(staged)} file{'s' * (len(staged) != 1)}"
               if changed else f"{_display(path)}: no old effect ops")
    if check and changed:
        raise SystemExit(1)


def _recheck(file: Path, text: str, checker, upgrader) -> list:
    from swrebellion.diagnostics import Diagnostic
    from swrebellion.sources import source_from_text

    source, problems = source_from_text(file, text)
    if source is None:
        return problems
    left = [Diagnostic("SW210", f"step at {s.pointer} still uses {s.old.name!r} after the upgrade",
                       file=source.display) for s in upgrader.old_steps(source.data)]
    return [d for d in checker.content(source).diagnostics if d.is_error] + left


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _fail(problems) -> None:
    from swrebellion.diagnostics import render_text

    click.echo(render_text([p for p in problems if p.is_error]), err=True)
    click.echo("error: the pack has content errors the upgrade cannot fix; fix them (`rebellion validate PACK`) and "
               "upgrade again", err=True)
    raise SystemExit(1)


@click.group("pack", hidden=True)
def pack() -> None:
    """Deprecated: the commands of `rebellion packs` (one group for content packs, issue 35 #16)."""
    click.echo("warning: `rebellion pack` is deprecated: use `rebellion packs` (e.g. `rebellion packs upgrade "
               "PACK`)", err=True)


pack.add_command(upgrade)
