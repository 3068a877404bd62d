"""Content kinds: what a content file may hold, registered by the plugins that give the kind its meaning.

The kernel knows no kind of its own. Each enabled plugin registers its kinds through the
``register_content_kinds`` hook; a kind is a name (``kind: NAME`` in a file), the pydantic model of one item, a
title for people, the references its items make to other kinds' ids, and optionally semantic checks run on the
merged Catalog. The loader, the Catalog, the validator and the schema exporter work only from this registry, so a
kind exists exactly while the plugin that defines it is enabled.

A reference is ``(path, kind)``: where in an item the ids are, and which kind they name. Path steps, joined by
``/``: a key; ``*`` each element of a list; ``~`` each key of a mapping (the ids are the keys). The generic
reference check (``semantics.py``) walks these paths in every item and reports an id no loaded item has (SW401).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator, Literal, Mapping

from pydantic import Field, create_model

from .errors import ExpansionError
from .models.common import Model

KIND_NAME = re.compile(r"^[a-z]+(-[a-z]+)*$")  # the kind part of a manifest's "kind/id" (CONTENT_REF_PATTERN)
_PATH_STEP = re.compile(r"^([a-z_][a-z0-9_]*|\*|~)$")

#: A semantic check: the merged Catalog in, located Diagnostics out (``entry.diagnostic(...)``).
Check = Callable[[Any], Iterable[Any]]
#: How a second definition of an id is reported: ``(ident, place of the first)`` -> ``(code, message, hint)``.
Duplicate = Callable[[str, str], "tuple[str, str, str | None]"]


@dataclass(frozen=True)
class Reading:
    """A value of a content field that a plugin's rules read (:meth:`KindRegistry.reads`): what it means in play,
    and the plugin whose rules act on it."""

    meaning: str
    plugin: str


class KindRegistryError(ExpansionError):
    """A plugin registered a kind badly, or two plugins registered the same kind (both are named)."""


@dataclass(frozen=True, eq=False)
class ContentKind:
    """A registered content kind. ``file`` is the model of a whole file: ``{kind: NAME, items: [item, ...]}``."""

    name: str
    item: type[Model]
    title: str
    #: ``(path, kind)`` pairs: where an item names ids of another kind (see the module docstring).
    references: tuple[tuple[str, str], ...] = ()
    #: Semantic checks on the merged Catalog, run by ``rebellion validate`` after the reference check.
    checks: tuple[Check, ...] = ()
    #: The id of an item as written, also for an item that failed its schema (default: its ``id`` key).
    raw_id: Callable[[Any], str | None] | None = None
    #: How an id defined twice is reported (default: SW311 "KIND/ID is defined twice").
    duplicate: Duplicate | None = None
    #: Free labels for tools: ``card`` marks kinds that `rebellion cards` lists.
    tags: frozenset[str] = frozenset()
    #: The plugin that registered it.
    plugin: str = "?"
    file: type[Model] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "file", _file_model(self.name, self.item, self.title))

    @property
    def schema_id(self) -> str:
        return f"urn:swrebellion:schema:{self.name}"

    @property
    def schema_file(self) -> str:
        return f"{self.name}.schema.json"

    def id_of(self, raw: Any) -> str | None:
        """The id of a raw item as far as it can be read."""
        if self.raw_id is not None:
            return self.raw_id(raw)
        value = raw.get("id") if isinstance(raw, dict) else None
        return value if isinstance(value, str) else None


@lru_cache(maxsize=None)
def _file_model(kind: str, item: type, title: str) -> type[Model]:
    """Built once per process and kind: activating the same plugins again reuses the compiled model."""
    class_name = "".join(part.capitalize() for part in kind.split("-")) + "File"
    fields: dict[str, Any] = {
        "kind": (Literal[kind], Field(description="The file kind; fixes which schema applies.")),
        "items": (list[item], Field(default_factory=list)),  # type: ignore[valid-type]  # a model made at run time
    }
    return create_model(class_name, __base__=Model, __doc__=f"A content file of {title.lower()}.", **fields)


class KindRegistry:
    """The content kinds of the enabled plugins, in registration order (dependency order of the plugins)."""

    def __init__(self, elsewhere: Callable[[], dict[str, str]] | None = None) -> None:
        self._kinds: dict[str, ContentKind] = {}
        self._reads: dict[tuple[str, str], dict[Any, Reading]] = {}
        self.current_plugin = "?"
        self._elsewhere = elsewhere
        self._elsewhere_found: dict[str, str] | None = None

    def register(
        self,
        name: str,
        item: type[Model],
        title: str,
        *,
        references: Iterable[tuple[str, str]] = (),
        checks: Iterable[Check] = (),
        raw_id: Callable[[Any], str | None] | None = None,
        duplicate: Duplicate | None = None,
        tags: Iterable[str] = (),
    ) -> ContentKind:
        """Register kind ``name`` whose items are ``item`` models; see :class:`ContentKind` for the rest."""
        where = f"plugin {self.current_plugin!r}: content kind {name!r}"
        if not isinstance(name, str) or not KIND_NAME.match(name) or name == "pack":
            raise KindRegistryError(f"{where}: a kind name is lower-case words joined by hyphens (not 'pack')")
        if name in self._kinds:
            raise KindRegistryError(f"content kind {name!r} is registered by both "
                                    f"{self._kinds[name].plugin!r} and {self.current_plugin!r}")
        if not (isinstance(item, type) and issubclass(item, Model)):
            raise KindRegistryError(f"{where}: the item model must be a subclass of swrebellion.models.Model")
        if "id" not in item.model_fields and not isinstance(getattr(item, "id", None), property):
            raise KindRegistryError(f"{where}: the item model needs an id (a field, or a property computing it)")
        if isinstance(tags, str):
            tags = (tags,)
        references = tuple((path, target) for path, target in references)
        for path, target in references:
            if not all(_PATH_STEP.match(step) for step in path.split("/")):
                raise KindRegistryError(f"{where}: bad reference path {path!r} (steps: a key, '*' or '~')")
        kind = ContentKind(name, item, title, references, tuple(checks), raw_id, duplicate, frozenset(tags),
                           self.current_plugin)
        self._kinds[name] = kind
        return kind

    def reads(self, kind: str, field: str, meanings: Mapping[Any, str]) -> None:
        """Declare that this plugin's rules read ``field`` of the items of ``kind`` (a path, as in references) and
        act on each value of ``meanings``, which says what the value means in play. Once a field is declared, an
        item holding there a value that no enabled plugin reads would validate and never play as written:
        ``rebellion validate`` refuses it (SW801), listing the values that are read. Several plugins may declare
        values of one field (an expansion adding a timing of its own); one value declared twice names both."""
        where = f"plugin {self.current_plugin!r}: reads {kind}/{field}"
        if not all(_PATH_STEP.match(step) for step in field.split("/")):
            raise KindRegistryError(f"{where}: bad path (steps: a key, '*' or '~')")
        table = self._reads.setdefault((kind, field), {})
        for value, meaning in meanings.items():
            if value in table:
                raise KindRegistryError(f"{where}: the value {value!r} is declared by both {table[value].plugin!r} "
                                        f"and {self.current_plugin!r}")
            table[value] = Reading(meaning, self.current_plugin)

    def readings(self, kind: str) -> dict[str, dict[Any, Reading]]:
        """The fields of ``kind`` whose values the enabled plugins read (:meth:`reads`): path -> value -> reading,
        in declaration order."""
        return {path: dict(table) for (name, path), table in self._reads.items() if name == kind}

    def check_references(self) -> None:
        """Every reference names a registered kind, and so does every field declared read (called once every plugin
        has registered its kinds)."""
        for (name, path), table in self._reads.items():
            if name not in self._kinds:
                plugins = ", ".join(sorted({repr(reading.plugin) for reading in table.values()})) or "a plugin"
                raise KindRegistryError(f"{plugins} declares reading {path!r} of the kind {name!r}, which no "
                                        "enabled plugin registers")
        for kind in self:
            for path, target in kind.references:
                if target not in self._kinds:
                    raise KindRegistryError(
                        f"content kind {kind.name!r} (plugin {kind.plugin!r}) refers to kind {target!r} at "
                        f"{path!r}, which no enabled plugin registers")

    def __contains__(self, name: object) -> bool:
        return name in self._kinds

    def __getitem__(self, name: str) -> ContentKind:
        return self._kinds[name]

    def get(self, name: str) -> ContentKind | None:
        return self._kinds.get(name)

    def __iter__(self) -> Iterator[ContentKind]:
        return iter(self._kinds.values())

    def __len__(self) -> int:
        return len(self._kinds)

    def names(self) -> list[str]:
        """Kind names in registration order."""
        return list(self._kinds)

    def tagged(self, tag: str) -> list[ContentKind]:
        return [kind for kind in self if tag in kind.tags]

    def elsewhere(self) -> dict[str, str]:
        """Kinds that installed but disabled plugins would register: name -> plugin (found on first use, for the
        hint of a file whose kind is unknown here)."""
        if self._elsewhere_found is None:
            found = self._elsewhere() if self._elsewhere else {}
            self._elsewhere_found = {name: plugin for name, plugin in found.items() if name not in self._kinds}
        return self._elsewhere_found

    def of_model(self, item_model: type) -> ContentKind:
        """The kind whose items are ``item_model``."""
        for kind in self:
            if kind.item is item_model:
                return kind
        raise KeyError(item_model)
