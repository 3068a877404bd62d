"""Loading packs into a Catalog: resolve the packs, read and check every file, merge items in pack order.

Merging follows each manifest: ``removes`` takes items of required packs out, ``replaces`` swaps an item of a
required pack for the pack's own item of the same kind and id (the catalog remembers the one it replaced), and any
other id defined twice, in one pack or across packs, is an error naming both places (SW311, or the code its kind
registered with ``duplicate``). ``replaces``/``removes`` may only name items of packs the pack requires, so the
result never depends on which of two unrelated packs happens to load first. The kinds are those the enabled plugins
register (``active.kinds``).
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from .catalog import Catalog, Entry, PackInfo, Removal
from .diagnostics import Diagnostic, Hints
from .filecheck import CheckedFile, FileChecker
from .kinds import ContentKind, KindRegistry
from .packs import Pack, pack_files, resolve
from .sources import read_source

if TYPE_CHECKING:
    from .expansion_records import Active


@dataclass
class LoadResult:
    catalog: Catalog
    diagnostics: list[Diagnostic]
    #: The packs resolved without error (found, versions match, no cycle, plugins enabled). When not, checks
    #: across packs (references, map, counts) are skipped: they would only repeat the same problem many times.
    resolved: bool
    files: int
    #: Items that failed their schema check (``item`` is None): their references are still checked.
    rejected: list[Entry]


def load(active: Active, paths: Iterable[str | Path] = (), *, all_enabled: bool = False) -> LoadResult:
    """Load the packs at ``paths`` and what they require. Without paths, or with ``all_enabled``, the built-in
    packs of the enabled expansions are loaded too (a game wants those plus its extra packs)."""
    kinds = active.kinds
    checker = FileChecker(active.ops, kinds)
    resolution = resolve(active, [Path(p) for p in paths], checker, all_enabled)
    diagnostics = list(resolution.diagnostics)
    entries: dict[str, dict[str, Entry]] = {kind: {} for kind in kinds.names()}
    invalid: dict[str, set[str]] = {kind: set() for kind in kinds.names()}
    removed: dict[tuple[str, str], Removal] = {}
    rejected: list[Entry] = []
    infos: list[PackInfo] = []
    file_count = 0
    builtin = {pack.ident for pack in resolution.packs if pack.origin == "built-in"}
    for pack in resolution.packs:
        paths_in_pack, problems = pack_files(pack)
        diagnostics += problems
        digest = hashlib.sha256(pack.known_source.digest.encode())
        checked_files: list[CheckedFile] = []
        for path in paths_in_pack:
            source, problems = read_source(path)
            diagnostics += problems
            if source is None:
                continue
            file_count += 1
            # a file name need not be UTF-8 (the bytes Python keeps as surrogates): hash the name's own bytes
            digest.update(f"\n{path.relative_to(pack.folder).as_posix()} {source.digest}".encode("utf-8",
                                                                                                 "surrogateescape"))
            checked = checker.content(source)
            diagnostics += checked.diagnostics
            if checked.kind:
                checked_files.append(checked)
                id_of = kinds[checked.kind].id_of
                ids = [id_of(source.data["items"][index]) for index in checked.rejected]
                invalid[checked.kind] |= {ident for ident in ids if ident}
                rejected += [Entry(checked.kind, ident or "", None, pack.ident, source, index)
                             for index, ident in zip(checked.rejected, ids)]
        diagnostics += _merge(pack, checked_files, entries, removed, invalid, resolution.needs[pack.ident], kinds,
                              builtin)
        infos.append(PackInfo(
            pack.ident, pack.known.version, pack.folder, pack.label, pack.known, digest.hexdigest(),
            tuple(c.source.display for c in checked_files)))
    for pack in resolution.unreadable:  # a broken manifest must not hide the pack's other problems
        paths_in_pack, _ = pack_files(pack)
        for path in paths_in_pack:
            source, problems = read_source(path)
            diagnostics += problems
            if source is not None:
                file_count += 1
                diagnostics += checker.content(source).diagnostics
    catalog = Catalog(tuple(infos), entries, removed, invalid, kinds)
    return LoadResult(catalog, diagnostics, resolution.ok, file_count, rejected)


def _twice(kind: ContentKind, ident: str, first: Entry, again: Entry, hint: str | None) -> Diagnostic:
    line, _ = first.source.locate(first.pointer)
    place = f"{first.file}:{line} (pack {first.pack})"
    if kind.duplicate is not None:
        code, message, hint = kind.duplicate(ident, place)
        return again.diagnostic(code, message, hint=hint)
    return again.diagnostic("SW311", f"{kind.name}/{ident} is defined twice; first in {place}", hint=hint)


def _merge(
    pack: Pack,
    checked_files: list[CheckedFile],
    entries: dict[str, dict[str, Entry]],
    removed: dict[tuple[str, str], Removal],
    invalid: dict[str, set[str]],
    needs: set[str],
    kinds: KindRegistry,
    builtin: set[str],
) -> list[Diagnostic]:
    diagnostics: list[Diagnostic] = []
    defined: dict[tuple[str, str], Entry] = {}
    pack_id = pack.ident
    for checked in checked_files:
        kind, source = checked.kind, checked.source
        if kind is None:  # a file of no known kind holds no items
            continue
        for index, item in checked.items:
            entry = Entry(kind, str(item.id), item, pack_id, source, index)
            first = defined.get((kind, entry.id))
            if first is not None:
                diagnostics.append(_twice(kinds[kind], entry.id, first, entry, "give one of them another id"))
            else:
                defined[(kind, entry.id)] = entry

    hint_for = Hints()

    def target(field: str, index: int, ref: str) -> tuple[str, str, Entry] | None:
        kind, _, ident = ref.partition("/")
        if kind not in kinds:
            diagnostics.append(pack.at("SW310", f"{field} {ref!r}: {kind!r} is not a content kind",
                                       f"/{field}/{index}", f"kinds: {', '.join(kinds.names())}"))
            return None
        current = entries[kind].get(ident)
        if current is not None and current.pack in needs:
            return kind, ident, current
        if ident not in invalid[kind]:  # an item that failed its schema check was reported already
            where = f"; it comes from pack {current.pack!r}, which {pack.ident!r} does not require" if current else ""
            offered = (f"{kind}/{i}" for i, e in entries[kind].items() if e.pack in needs)
            hint = (f"add {current.pack!r} to requires" if current
                    else hint_for(ref, offered) or "check the kind and the id (`rebellion show ID`)")
            diagnostics.append(pack.at(
                "SW310", f"{field} {ref!r} names nothing in the packs it requires{where}", f"/{field}/{index}", hint))
        return None

    for index, ref in enumerate(pack.known.removes):
        found = target("removes", index, ref)
        if found:
            kind, ident, current = found
            del entries[kind][ident]
            removed[(kind, ident)] = Removal(current, pack.ident)
    for index, ref in enumerate(pack.known.replaces):
        found = target("replaces", index, ref)
        if found:
            kind, ident, current = found
            new = defined.pop((kind, ident), None)
            if new is None:
                if ident not in invalid[kind]:
                    diagnostics.append(pack.at(
                        "SW312", f"replaces {ref!r} but defines no {kind} item {ident!r}; the old one stays",
                        f"/replaces/{index}", "define the new item, or use removes to take the old one out",
                        severity="warning"))
                continue
            entries[kind][ident] = dataclasses.replace(new, replaced=current)
    for (kind, ident), entry in defined.items():
        earlier = entries[kind].get(ident)
        if earlier is not None and pack.ident in builtin and earlier.pack not in builtin:
            # an enabled expansion's pack loaded after a fan pack that took one of its ids: the fan pack must change
            diagnostics.append(_twice(kinds[kind], ident, entry, earlier, (
                f"the built-in pack {pack.ident!r} (enabled) defines it too: give yours another id, or define it "
                f"anew with '{kind}/{ident}' in replaces and {pack.ident!r} in requires of your pack.yaml")))
        elif earlier is not None:
            diagnostics.append(_twice(kinds[kind], ident, earlier, entry,
                                      f"to define it anew, add '{kind}/{ident}' to replaces in the pack's pack.yaml"))
        else:
            entries[kind][ident] = entry
    return diagnostics
