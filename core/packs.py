"""Finding packs and deciding which to load, in which order, from which files.

A pack is a folder with ``pack.yaml``. The packs on offer are the built-in packs of every installed expansion and
the folders named on the command line (a folder named there wins over a built-in pack of the same id, so a
developer can validate a changed copy). The packs to load are the named ones (or, with none named, the built-in
packs of the enabled expansions) and everything they require, transitively: a fan pack that ``requires: [base]``
gets the built-in base pack without asking.

Then: every requirement must be found (SW303) at a matching version (SW304), no two loaded packs may conflict
(SW305), a pack's rules plugins must be enabled (SW307), and the order is dependencies first, then by id; packs
that require each other in a cycle are all named (SW306). Each pack's ``files`` globs are matched against the files
in its folder, never outside it: symlinks are not followed out of the folder (SW308) and a listed file that is not
there is reported (SW309).
"""

from __future__ import annotations

import errno
import os
import re
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING

from .dependencies import dependency_order
from .diagnostics import Diagnostic, Severity, did_you_mean
from .filecheck import FileChecker
from .models import PackManifest

if TYPE_CHECKING:
    from packaging.requirements import Requirement

    from .expansion_records import Active
from .sources import Source, display_path, read_source

MANIFEST = "pack.yaml"
_GLOB_CHARS = frozenset("*?[")
_ID_PREFIX = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass
class Pack:
    """A pack on offer: its folder, where it comes from and its manifest (``None`` when that could not be read)."""

    folder: Path
    origin: str  # "built-in" or "path"
    expansion: str | None = None
    manifest_source: Source | None = None
    manifest: PackManifest | None = None
    problems: list[Diagnostic] = field(default_factory=list)

    @property
    def id(self) -> str | None:
        return self.manifest.id if self.manifest else None

    @property
    def known(self) -> PackManifest:
        """The manifest of a pack that was read: every pack :func:`resolve` loads has one."""
        if self.manifest is None or self.manifest_source is None:
            raise ValueError(f"{self.folder}: the pack's manifest was not read")
        return self.manifest

    @property
    def known_source(self) -> Source:
        """Where the manifest of a pack that was read comes from (see :attr:`known`)."""
        if self.manifest is None or self.manifest_source is None:
            raise ValueError(f"{self.folder}: the pack's manifest was not read")
        return self.manifest_source

    @property
    def ident(self) -> str:
        """The id of a pack that was read (see :attr:`known`)."""
        return self.known.id

    @property
    def label(self) -> str:
        return f"built-in (expansion {self.expansion})" if self.origin == "built-in" else display_path(self.folder)

    def at(
        self, code: str, message: str, pointer: str = "", hint: str | None = None, severity: Severity = "error"
    ) -> Diagnostic:
        """A diagnostic located in this pack's manifest (at the file alone when the manifest could not be read)."""
        if self.manifest_source is None:
            return Diagnostic(code, message, file=display_path(self.folder / MANIFEST), pointer=pointer, hint=hint,
                              severity=severity)
        return self.manifest_source.diagnostic(code, message, pointer, hint, severity)


@dataclass
class Resolution:
    """The packs to load in order, what each requires (transitively), and the problems found on the way."""

    packs: list[Pack] = field(default_factory=list)
    needs: dict[str, set[str]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: Packs named on the command line whose manifest could not be read: their content files are still checked
    #: on their own (tier 1), so a manifest error never hides the other problems of the pack.
    unreadable: list[Pack] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def read_pack(folder: Path, origin: str, checker: FileChecker, expansion: str | None = None) -> Pack:
    pack = Pack(folder.resolve(), origin, expansion)
    path = pack.folder / MANIFEST
    if path.is_symlink() and not _inside(path, pack.folder):
        # Never read it: its values would be printed in diagnostics (--format github publishes them in CI logs).
        pack.problems.append(Diagnostic(
            "SW308", f"{MANIFEST} is a symlink that leads outside the pack folder; it was not read",
            file=display_path(path), hint=f"put the {MANIFEST} itself in the pack folder"))
        return pack
    if not path.exists():  # anything else standing there (a FIFO, a folder) is refused by read_source (SW110)
        pack.problems.append(Diagnostic(
            "SW301", f"not a pack folder: no {MANIFEST} in {display_path(folder)}", file=display_path(folder),
            hint="create one with `rebellion new pack DIR`, or name the pack's folder"))
        return pack
    source, problems = read_source(path)
    pack.manifest_source = source
    pack.problems += problems
    if source is not None:
        pack.manifest, problems = checker.manifest(source)
        pack.problems += problems
    return pack


def pack_folder(path: Path) -> Path | None:
    """The pack a command-line path stands for: the folder itself, or the nearest folder above a file that has a
    pack.yaml (so `rebellion validate my-pack/cards/x.yaml` checks my-pack)."""
    path = Path(os.path.abspath(path))
    if path.is_dir():
        return path
    for parent in path.parents:
        if (parent / MANIFEST).is_file():
            return parent
    return None


def resolve(active: Active, paths: list[Path], checker: FileChecker, all_enabled: bool = False) -> Resolution:
    """The packs to load: those at ``paths`` and everything they require; the enabled expansions' built-in packs
    when there are no paths, or as well with ``all_enabled`` when a named pack builds on a built-in pack."""
    result = Resolution()
    built_in: dict[str, Pack] = {}
    for name, installed in sorted(active.discovery.installed.items()):
        for folder in installed.expansion.pack_paths():
            pack = read_pack(folder, "built-in", checker, name)
            if pack.id is not None:
                built_in.setdefault(pack.id, pack)
            elif name in active.enabled:
                result.diagnostics += pack.problems  # a broken built-in pack of an enabled expansion
    by_folder = {pack.folder: pack for pack in built_in.values()}
    named: dict[str, Pack] = {}
    roots: list[Pack] = []
    for path in paths:
        where = pack_folder(path)
        if where is None:
            result.diagnostics.append(Diagnostic(
                "SW301", f"{display_path(path)} is not inside a pack folder (no {MANIFEST} above it)",
                file=display_path(path)))
            continue
        pack = by_folder.get(where.resolve()) or read_pack(where, "path", checker)
        by_folder[pack.folder] = pack
        if pack.id is None:
            result.diagnostics += pack.problems
            result.unreadable.append(pack)
            continue
        other = named.get(pack.id)
        if other is not None and other.folder != pack.folder:
            result.diagnostics.append(pack.at(
                "SW302", f"pack id {pack.id!r} is also used by {display_path(other.folder)}", "/id",
                "give each pack its own id"))
            continue
        named[pack.id] = pack
        roots.append(pack)
    # A named pack that requires no built-in pack is a world of its own (it brings its own map, units, cards): it
    # is loaded alone. A pack building on a built-in one is loaded with every enabled expansion's pack, as a game
    # loads it, so a clash with their content shows.
    builds_on = any(_name(r) in built_in for pack in named.values() for r in pack.known.requires)
    if not paths or (all_enabled and builds_on):
        roots += [p for p in built_in.values() if p.expansion in active.enabled and p.id not in named]
    offered = {**built_in, **named}
    loaded = _close(roots, offered, active, result)
    _check_versions_and_conflicts(loaded, result)
    _check_plugins(loaded, active, result)
    result.packs = _order(loaded, result)
    result.needs = _needs(result.packs, loaded)
    return result


def _close(roots: list[Pack], offered: dict[str, Pack], active: Active, result: Resolution) -> dict[str, Pack]:
    """The roots and everything they require; built-in packs of disabled expansions are not pulled in."""
    loaded: dict[str, Pack] = {}
    queue = list(roots)
    while queue:
        pack = queue.pop(0)
        if pack.ident in loaded:
            continue
        loaded[pack.ident] = pack
        for index, requirement in enumerate(pack.known.requires):
            name = _name(requirement)
            target = offered.get(name)
            if target is None:
                result.diagnostics.append(pack.at(
                    "SW303", f"requires pack {name!r}, which was not found", f"/requires/{index}",
                    did_you_mean(name, offered) or "name its folder on the command line too"))
            elif target.origin == "built-in" and target.expansion not in active.enabled and target.id not in loaded:
                result.diagnostics.append(pack.at(
                    "SW307", f"requires pack {name!r} of the expansion {target.expansion!r}, which is not enabled",
                    f"/requires/{index}", f"add --expansion {target.expansion}"))
            else:
                queue.append(target)
    return loaded


def _name(requirement: str) -> str:
    """The pack id a requirement names (the manifest's pattern guarantees it leads the text)."""
    match = _ID_PREFIX.match(requirement)
    if match is None:  # the manifest's pattern makes this impossible for a manifest that was read
        raise ValueError(f"not a requirement: {requirement!r}")
    return match.group()


def _requirement(text: str) -> Requirement:
    from packaging.requirements import Requirement

    return Requirement(text)


def _check_versions_and_conflicts(loaded: dict[str, Pack], result: Resolution) -> None:
    from packaging.requirements import InvalidRequirement
    from packaging.version import InvalidVersion, Version

    versions: dict[str, Version] = {}
    for pack in loaded.values():
        try:
            versions[pack.ident] = Version(pack.known.version)
        except InvalidVersion:
            result.diagnostics.append(pack.at(
                "SW313", f"version {pack.known.version!r} is not a PEP 440 version", "/version",
                "use numbers and dots, e.g. 1.0.0"))
    for pack in loaded.values():
        for field_name, code in (("requires", "SW304"), ("conflicts", "SW305")):
            for index, text in enumerate(getattr(pack.manifest, field_name)):
                pointer = f"/{field_name}/{index}"
                try:
                    requirement = _requirement(text)
                except InvalidRequirement as exc:
                    result.diagnostics.append(pack.at("SW313", f"{text!r} is not a valid requirement: {exc}", pointer))
                    continue
                target = loaded.get(_name(text))
                if target is None or target.id not in versions:
                    continue
                matches = requirement.specifier.contains(versions[target.id], prereleases=True)
                if code == "SW304" and not matches:
                    result.diagnostics.append(pack.at(
                        code, f"requires {text!r}, but pack {target.id!r} is version {target.known.version} "
                        f"({target.label})", pointer))
                elif code == "SW305" and matches:
                    result.diagnostics.append(pack.at(
                        code, f"conflicts with pack {target.id!r} {target.known.version} ({target.label}), "
                        "which is loaded too", pointer, "leave one of the two packs out"))


def _check_plugins(loaded: dict[str, Pack], active: Active, result: Resolution) -> None:
    for pack in loaded.values():
        for index, plugin in enumerate(pack.known.plugins):
            if plugin in active.enabled:
                continue
            installed = plugin in active.discovery.installed
            result.diagnostics.append(pack.at(
                "SW307",
                f"needs the rules plugin {plugin!r}, which is " + ("not enabled" if installed else "not installed"),
                f"/plugins/{index}",
                f"add --expansion {plugin}" if installed else "install the plugin (see `rebellion expansions list`)"))


def _edges(loaded: dict[str, Pack]) -> dict[str, list[str]]:
    return {
        name: sorted({r for r in map(_name, pack.known.requires) if r in loaded})
        for name, pack in loaded.items()
    }


def _order(loaded: dict[str, Pack], result: Resolution) -> list[Pack]:
    """Dependencies first, then by id (:func:`dependency_order`). Packs in a cycle are reported together and
    ordered by id."""
    edges = _edges(loaded)
    order, cycles = dependency_order(edges)
    for members in cycles:
        first = loaded[members[0]]
        links = ", ".join(f"{m} requires {', '.join(r for r in edges[m] if r in members)}" for m in members)
        result.diagnostics.append(first.at(
            "SW306", f"packs {', '.join(members)} require each other in a cycle ({links})", "/requires",
            "one of them must stop requiring the other"))
    return [loaded[name] for name in order]


def _needs(order: list[Pack], loaded: dict[str, Pack]) -> dict[str, set[str]]:
    """Every pack each pack requires, directly or not (only these may be the target of replaces/removes)."""
    edges = _edges(loaded)
    needs: dict[str, set[str]] = {}
    for pack in order:
        found: set[str] = set()
        for required in edges[pack.ident]:
            found |= {required} | needs.get(required, set())
        needs[pack.ident] = found
    return needs


# -- files -------------------------------------------------------------------------------------------------


def _matches(pattern: list[str], parts: list[str]) -> bool:
    """Does the path ``parts`` match the glob ``pattern`` (both split at ``/``; ``**`` stands for any number of
    folders)? The places the pattern may have reached are carried along the path together, so the work is at most
    the pattern's length times the path's, however many ``**`` it has (trying each split in turn, as a recursive
    matcher does, is exponential in them). Kept rather than pathspec (issue 27 §5): pathspec compiles a glob to one
    regular expression, which backtracks without bound on ``"**/*a*/" * 10 + "x.yaml"`` against a path 40 folders
    of ``aaaa`` deep (over 60 s, stopped; this matcher: 0.4 ms), a case in tests/hostile/test_hostile_packs.py."""
    places = _past_stars({0}, pattern)
    for part in parts:
        places = _past_stars({
            (i if pattern[i] == "**" else i + 1)
            for i in places
            if i < len(pattern) and (pattern[i] == "**" or fnmatchcase(part, pattern[i]))
        }, pattern)
        if not places:
            return False
    return len(pattern) in places


def _past_stars(places: set[int], pattern: list[str]) -> set[int]:
    """``places`` and every place after a run of ``**`` from one of them (``**`` may match no folder at all)."""
    for i, segment in enumerate(pattern):
        if segment == "**" and i in places:
            places.add(i + 1)
    return places


def _matches_below(pattern: list[str], parts: list[str]) -> bool:
    """Could a path below ``parts`` (a folder) match ``pattern``?"""
    if not parts:
        return bool(pattern)
    if not pattern:
        return False
    if pattern[0] == "**":
        return True
    return fnmatchcase(parts[0], pattern[0]) and _matches_below(pattern[1:], parts[1:])


def _walk(root: Path) -> tuple[list[tuple[str, Path]], list[str], list[str], list[tuple[str, str]]]:
    """Files under ``root`` (relative posix path, path); symlinked files and folders that lead outside it; and the
    folders that could not be read (relative path, why), which are reported rather than silently skipped.

    Hidden entries (names starting with a dot), ``__pycache__`` and folders with a pack.yaml of their own (other
    packs) are skipped; symlinked folders are not followed (a loop could not end), their content inside the pack
    is reached through its real place.
    """
    files: list[tuple[str, Path]] = []
    escaping_files: list[str] = []
    escaping_folders: list[str] = []
    unreadable: list[tuple[str, str]] = []

    def cannot_read(exc: OSError) -> None:
        where = Path(exc.filename).relative_to(root).as_posix() if exc.filename else "."
        unreadable.append((where, exc.strerror or str(exc)))

    def own_pack(folder: Path) -> bool:
        try:
            return (folder / MANIFEST).exists()
        except OSError:  # a folder that cannot be searched: os.walk reports it when it tries to list it
            return False

    for folder, dirnames, filenames in os.walk(root, followlinks=False, onerror=cannot_read):
        relative = Path(folder).relative_to(root).as_posix()
        prefix = "" if relative == "." else relative + "/"
        dirnames[:] = sorted(
            d for d in dirnames if not d.startswith(".") and d != "__pycache__" and not own_pack(Path(folder) / d)
        )
        for name in dirnames:
            path = Path(folder) / name
            if path.is_symlink() and not _inside(path, root):
                escaping_folders.append(prefix + name)
        for name in sorted(filenames):
            if name.startswith("."):
                continue
            path = Path(folder) / name
            if path.is_symlink() and not _inside(path, root):
                escaping_files.append(prefix + name)
            else:
                files.append((prefix + name, path))
    return files, escaping_files, escaping_folders, unreadable


def _inside(path: Path, root: Path) -> bool:
    try:
        return path.resolve().is_relative_to(root)
    except (OSError, RuntimeError):  # a symlink loop resolves to nothing
        return False


def _escapes(path: Path) -> str:
    """Why the symlink ``path`` is not followed, in words: a loop, or a way out of the pack."""
    try:
        path.resolve(strict=True)
    except RuntimeError:  # Python 3.11 and 3.12 say a loop so
        return "is a symlink loop (it leads back to itself)"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "is a symlink loop (it leads back to itself)"
    return "is a symlink that leads outside the pack folder"


def pack_files(pack: Pack) -> tuple[list[Path], list[Diagnostic]]:
    """The content files of ``pack``, sorted by path, and the problems with its ``files`` list (a pack whose
    manifest could not be read: every content file it would hold by default)."""
    manifest = pack.manifest or PackManifest.model_construct()
    explicit = pack.manifest is not None and "files" in manifest.model_fields_set
    files, escaping_files, escaping_folders, unreadable = _walk(pack.folder)
    chosen: dict[str, Path] = {}
    problems: list[Diagnostic] = [
        pack.at("SW110", f"the folder {where}/ cannot be read ({why}); its files were not checked", "",
                "let the validator read it, or move it out of the pack") for where, why in unreadable]
    for index, glob in enumerate(manifest.files):
        pattern = [part for part in glob.replace("\\", "/").split("/") if part not in ("", ".")]
        pointer = f"/files/{index}"
        before = len(problems)
        hits = [(rel, path) for rel, path in files if rel != MANIFEST and _matches(pattern, rel.split("/"))]
        for rel in escaping_files:
            if _matches(pattern, rel.split("/")):
                problems.append(pack.at("SW308", f"{rel} {_escapes(pack.folder / rel)}", pointer))
        for rel in escaping_folders:
            if _matches_below(pattern, rel.split("/")):
                problems.append(pack.at("SW308", f"{rel}/ is a symlink that leads outside the pack folder",
                                        pointer, "symlinked folders are not followed; copy the files in"))
        if explicit and not hits and len(problems) == before:
            literal = not any(c in glob for c in _GLOB_CHARS)
            problems.append(pack.at(
                "SW309", f"{glob!r}: " + ("no such file in the pack" if literal else "matches no file"), pointer))
        chosen.update(hits)
    return [chosen[rel] for rel in sorted(chosen)], problems
