"""The Catalog: every content item of the loaded packs, merged, frozen, and each with its provenance.

``catalog.items(KIND)`` gives ``{id: item model}``; ``catalog.entry(KIND, ID)`` tells which pack and file the item
came from, where in the file, and which earlier item it replaced (``entry.replaced``). The kinds are those the
enabled plugins registered (``catalog.kinds``). Nothing in a Catalog can be changed after loading.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .diagnostics import Diagnostic, Severity
from .kinds import KindRegistry
from .models.manifest import PackManifest  # the module: the package answers deprecated names via plugins.py
from .sources import Source


@dataclass(frozen=True, eq=False)
class Entry:
    """One item and where it came from."""

    kind: str
    id: str
    item: Any
    pack: str
    source: Source
    index: int
    replaced: Entry | None = None

    @property
    def pointer(self) -> str:
        return f"/items/{self.index}"

    @property
    def file(self) -> str:
        return self.source.display

    @property
    def raw(self) -> Any:
        """The item as written in the file (before defaults)."""
        return self.source.data["items"][self.index]

    def diagnostic(
        self, code: str, message: str, at: str = "", hint: str | None = None, severity: Severity = "error"
    ) -> Diagnostic:
        """A diagnostic about this item (``at``: a JSON pointer inside it, e.g. ``"/attack/red"``), located."""
        return self.source.diagnostic(code, message, self.pointer + at, hint, severity)


@dataclass(frozen=True)
class Removal:
    entry: Entry
    by: str  # the pack whose `removes` took it out


@dataclass(frozen=True)
class PackInfo:
    """A loaded pack: manifest facts, where it lives, and a digest of its files (for saves and caches)."""

    id: str
    version: str
    folder: Path
    source: str  # "built-in (expansion base)" or the folder as given
    manifest: PackManifest
    digest: str
    files: tuple[str, ...]


class Catalog:
    """The merged content of the loaded packs, by kind and id (frozen)."""

    __slots__ = ("packs", "kinds", "_entries", "_items", "removed", "invalid")
    packs: tuple[PackInfo, ...]
    kinds: KindRegistry
    _entries: Mapping[str, Mapping[str, Entry]]
    _items: Mapping[str, Mapping[str, Any]]
    removed: Mapping[tuple[str, str], Removal]
    invalid: Mapping[str, frozenset[str]]

    def __init__(
        self,
        packs: tuple[PackInfo, ...],
        entries: dict[str, dict[str, Entry]],
        removed: dict[tuple[str, str], Removal],
        invalid: dict[str, set[str]],
        kinds: KindRegistry,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "packs", tuple(packs))
        #: The content kinds of the enabled plugins: their models, references and checks.
        set_(self, "kinds", kinds)
        names = kinds.names()
        set_(self, "_entries", MappingProxyType({k: MappingProxyType(dict(entries.get(k, {}))) for k in names}))
        set_(self, "_items", MappingProxyType({
            kind: MappingProxyType({ident: entry.item for ident, entry in by_id.items()})
            for kind, by_id in self._entries.items()
        }))
        set_(self, "removed", MappingProxyType(dict(removed)))
        #: Ids of items that failed the schema check, by kind: references to them are not reported again.
        set_(self, "invalid", MappingProxyType({k: frozenset(invalid.get(k, ())) for k in names}))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Catalog cannot be changed")

    def items(self, kind: str) -> Mapping[str, Any]:
        """``{id: model}`` for one file kind (KeyError for a kind no enabled plugin registers)."""
        try:
            return self._items[kind]
        except KeyError:
            raise self._unknown(kind) from None

    def entries(self, kind: str) -> Mapping[str, Entry]:
        try:
            return self._entries[kind]
        except KeyError:
            raise self._unknown(kind) from None

    def entry(self, kind: str, ident: str) -> Entry | None:
        return self.entries(kind).get(ident)

    def get(self, kind: str, ident: str, default: Any = None) -> Any:
        return self.items(kind).get(ident, default)

    def _unknown(self, kind: str) -> KeyError:
        return KeyError(f"no enabled plugin registers the content kind {kind!r} "
                        f"(kinds: {', '.join(self._entries) or 'none'})")

    def counts(self) -> dict[str, int]:
        return {kind: len(by_id) for kind, by_id in self._entries.items()}

    def defined_by(self) -> dict[str, dict[str, int]]:
        """Items each pack defines, by kind, counting those a later pack replaced or removed."""
        counts: dict[str, dict[str, int]] = {p.id: dict.fromkeys(self._entries, 0) for p in self.packs}
        chains: list[Entry] = [e for by_id in self._entries.values() for e in by_id.values()]
        chains += [removal.entry for removal in self.removed.values()]
        for first in chains:
            entry: Entry | None = first
            while entry is not None:
                counts[entry.pack][entry.kind] += 1
                entry = entry.replaced
        return counts

    def pack(self, ident: str) -> PackInfo | None:
        return next((p for p in self.packs if p.id == ident), None)

    def __len__(self) -> int:
        return sum(len(by_id) for by_id in self._entries.values())

    def __repr__(self) -> str:
        return f"<Catalog packs={[p.id for p in self.packs]} items={len(self)}>"
