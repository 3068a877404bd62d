"""Ids named inside effects and conditions, found from the models (issue 35 #1).

An item's own fields that name other items are declared with its kind (``references``, ``swrebellion.kinds``).
Inside a card's effect the fields are the parameters of each step's op, at any depth (an ``if``'s ``then``, a
choice's options, a condition's unit filter ...), and a plugin adds ops at will: so a parameter model marks each
field that holds ids with :class:`Ref`, naming the kind, in the type itself::

    units: dict[Annotated[str, Ref("units")], int]          # the keys are unit ids
    leader: Annotated[str, Ref("leaders", words=("choose", "actor"))] = "choose"

and :func:`check` walks every item of the catalog along its model, and every effect step along its op's model,
reporting an id no loaded item has (SW401, at its JSON pointer, with a "did you mean"). A field whose name sounds
like an id but holds something else (the context key of a chosen system, say) says so with :class:`NotRef`;
tests/test_effect_refs.py fails for a field named like a kind that is neither, so a new op cannot slip past.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, Iterable, Iterator

from pydantic import BaseModel

from .diagnostics import Diagnostic, Hints
from .models.effects import NESTED_STEPS, EffectStep
from .pointers import escape_token
from .semantics import unknown_id

if TYPE_CHECKING:
    from .catalog import Catalog, Entry
    from .effects import OpRegistry


@dataclass(frozen=True)
class Ref:
    """Marks a string as the id of an item of one of ``kinds`` (content kind names), or of any kind tagged ``tag``
    (``"card"``: any card); ``words`` are values that name no item (``choose``, ``actor``); with ``suffix`` the id
    may be written without that ending (a ring ``c-3po`` is the marker ``c-3po-ring``)."""

    kinds: tuple[str, ...]
    tag: str | None = None
    words: tuple[str, ...] = ()
    suffix: str = ""

    def __init__(self, *kinds: str, tag: str | None = None, words: Iterable[str] = (), suffix: str = "") -> None:
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "tag", tag)
        object.__setattr__(self, "words", tuple(words))
        object.__setattr__(self, "suffix", suffix)

    @property
    def what(self) -> str:
        """The kinds in words, for a message: ``units``, ``card``, ``systems or leaders``."""
        return " or ".join([*self.kinds, *([self.tag] if self.tag else [])])


@dataclass(frozen=True)
class NotRef:
    """Marks a string whose name sounds like an id but that holds something else: ``holds`` says what (``the
    context key of a system``)."""

    holds: str


#: A context key: the name under which an effect's context holds a chosen system or leader (``system``, or a
#: choice's ``as``), not an id.
ContextKey = Annotated[str, NotRef("a context key")]


@dataclass(frozen=True)
class Found:
    """An id met in the data: where (a JSON pointer inside the item), which, and what it must name."""

    pointer: str
    ident: str
    ref: Ref


def ids_in(annotation: Any, value: Any, pointer: str, ops: OpRegistry, metadata: tuple[Any, ...] = ()
           ) -> Iterator[Found]:
    """Every id marked :class:`Ref` in ``value``, data of type ``annotation``, effect steps read by their op's
    model (an unknown op has no model: the schema check reports it)."""
    ref = next((m for m in metadata if isinstance(m, Ref)), None)
    if ref is not None:
        if isinstance(value, str):
            yield Found(pointer, value, ref)
        return
    if NESTED_STEPS in metadata or annotation is EffectStep:
        yield from _steps(value if NESTED_STEPS in metadata else [value], pointer, ops, NESTED_STEPS in metadata)
        return
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Annotated:
        yield from ids_in(args[0], value, pointer, ops, (*metadata, *annotation.__metadata__))
    elif origin in (typing.Union, types.UnionType):
        arm = next((a for a in args if _fits(a, value)), None)
        if arm is not None:
            yield from ids_in(arm, value, pointer, ops)
    elif origin in (list, tuple, set, frozenset) and isinstance(value, list) and args:
        for index, element in enumerate(value):
            yield from ids_in(args[0], element, f"{pointer}/{index}", ops)
    elif origin is dict and isinstance(value, dict) and len(args) == 2:
        for key, element in value.items():
            at = f"{pointer}/{escape_token(str(key))}"
            yield from ids_in(args[0], key, at, ops)
            yield from ids_in(args[1], element, at, ops)
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel) and isinstance(value, dict):
        for key, field_type, field_metadata in _fields(annotation):
            if key in value:
                yield from ids_in(field_type, value[key], f"{pointer}/{escape_token(key)}", ops, field_metadata)


def _steps(steps: Any, pointer: str, ops: OpRegistry, listed: bool) -> Iterator[Found]:
    for index, step in enumerate(steps if isinstance(steps, list) else []):
        at = f"{pointer}/{index}" if listed else pointer
        if isinstance(step, dict) and isinstance(step.get("op"), str) and step["op"] in ops:
            yield from ids_in(ops[step["op"]].params, step, at, ops)


@lru_cache(maxsize=None)
def _fields(model: type[BaseModel]) -> tuple[tuple[str, Any, tuple[Any, ...]], ...]:
    """(key as written, annotation, metadata) of each field of ``model`` (once per model and process)."""
    return tuple((info.alias or name, info.annotation, tuple(info.metadata))
                 for name, info in model.model_fields.items())


def _fits(annotation: Any, value: Any) -> bool:
    """Whether ``value`` has the shape of ``annotation`` (to pick the arm of a union the data took)."""
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _fits(typing.get_args(annotation)[0], value)
    if origin is typing.Literal:
        return value in typing.get_args(annotation)
    if origin in (list, tuple, set, frozenset) or annotation in (list, tuple):
        return isinstance(value, list)
    if origin is dict or annotation is dict or (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
        return isinstance(value, dict)
    if annotation is type(None):
        return value is None
    return isinstance(annotation, type) and isinstance(value, annotation)


@dataclass
class _Known:
    """The ids a :class:`Ref` may name in a catalog, worked out once per Ref."""

    catalog: Catalog
    cache: dict[Ref, tuple[set[str], set[str]]] = field(default_factory=dict)

    def __call__(self, ref: Ref) -> tuple[set[str], set[str]]:
        """(ids of loaded items, ids of items that failed their schema: not reported again)."""
        if ref not in self.cache:
            kinds = [k for k in ref.kinds if k in self.catalog.kinds]
            if ref.tag is not None:
                kinds += [k.name for k in self.catalog.kinds.tagged(ref.tag) if k.name not in kinds]
            self.cache[ref] = ({i for k in kinds for i in self.catalog.items(k)} | set(ref.words),
                               {i for k in kinds for i in self.catalog.invalid[k]})
        return self.cache[ref]


def check(catalog: Catalog, ops: OpRegistry, rejected: Iterable[Entry] = ()) -> list[Diagnostic]:
    """SW401 for every id marked :class:`Ref` that no loaded item has, in every item of the catalog (``rejected``
    items, which failed their schema, too), effects and conditions at any depth."""
    found: list[Diagnostic] = []
    hint_for = Hints()
    known = _Known(catalog)
    entries = [entry for kind in catalog.kinds for entry in catalog.entries(kind.name).values()]
    for entry in [*entries, *rejected]:
        for place in ids_in(catalog.kinds[entry.kind].item, entry.raw, "", ops):
            ids, invalid = known(place.ref)
            if any(name in ids or name in invalid for name in (place.ident, place.ident + place.ref.suffix)):
                continue
            words = f" or one of {', '.join(place.ref.words)}" if place.ref.words else ""
            found.append(unknown_id(catalog, entry, place.ref.kinds, place.ref.what, place.ident, place.pointer,
                                    lambda: hint_for(place.ident, ids), words))
    return found
