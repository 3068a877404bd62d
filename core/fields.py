"""Where content data holds what: the fields of an item that hold effect steps (at any depth, nested steps
included) and numbers from a list, found from the models, and the strict reading of data as JSON Schema reads it.
Shared by the file checker (``filecheck``) and `rebellion packs upgrade` (``swrebellion.tools.upgrade``)."""

from __future__ import annotations

import json
import typing
from functools import lru_cache
from typing import Any, Callable, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from .models.effects import NESTED_STEPS, EffectStep

Model = TypeVar("Model", bound=BaseModel)
#: Where a field sits in an item: field names, ``"*"`` standing for each element of a list of sub-models.
FieldPath = tuple[str, ...]


def _whole_numbers(value: Any) -> tuple[Any, bool]:
    """``value`` with floats such as 3.0 turned into ints (JSON Schema counts them as integers); changed?"""
    if isinstance(value, float) and value.is_integer():
        return int(value), True
    if isinstance(value, dict):
        pairs = [(k, *_whole_numbers(v)) for k, v in value.items()]
        return {k: v for k, v, _ in pairs}, any(c for _, _, c in pairs)
    if isinstance(value, list):
        halves = [_whole_numbers(v) for v in value]
        return [v for v, _ in halves], any(c for _, c in halves)
    return value, False


def strict(model: type[Model], data: Any) -> Model:
    """``model`` built from ``data`` read as JSON Schema reads it: strictly (``"3"`` is no integer, a list is a
    pair), except that 3.0 is the integer 3. Raises pydantic's ValidationError."""
    try:
        return model.model_validate_json(json.dumps(data), strict=True)
    except ValidationError:
        normal, changed = _whole_numbers(data)
        if not changed:
            raise
    return model.model_validate_json(json.dumps(normal), strict=True)


#: Core schema types that pydantic reads alike, in strict mode, from the data our readers return (dicts with string
#: keys, lists, str, int, float, bool, None) and from the same data written as JSON: tuples (a list is no tuple in
#: Python), enums, dates, custom validator functions and anything else are not among them.
_READ_ALIKE = frozenset({
    "any", "none", "bool", "int", "float", "str", "literal", "list", "dict", "nullable", "default", "union",
    "model", "model-fields", "model-field", "definitions", "definition-ref",
})


def _reads_alike(schema: Any) -> bool:
    if isinstance(schema, list):
        return all(_reads_alike(node) for node in schema)
    if not isinstance(schema, dict):
        return True
    kind = schema.get("type")
    if isinstance(kind, str) and kind not in _READ_ALIKE:
        return False
    # metadata and serialization say nothing about validation (and hold dicts that are no schemas)
    return all(_reads_alike(node) for key, node in schema.items() if key not in ("metadata", "serialization"))


@lru_cache(maxsize=None)
def reads_alike(model: type[BaseModel]) -> bool:
    """Does ``model`` read Python data as it reads the same data written as JSON (strict mode)? Then a file's data
    need not be written as JSON for pydantic to judge them (:func:`strict_file`). Once per model and process."""
    return _reads_alike(model.__pydantic_core_schema__)


def strict_file(model: type[Model], data: Any, text: str) -> Model:
    """``model.model_validate_json(json.dumps(data), strict=True)`` for ``data`` read from ``text``; faster for a
    model that :func:`reads_alike` and data it accepts, else the JSON way (its verdict, its errors). Not for text
    that may give a lone surrogate (a ``\\u`` or ``\\U`` escape, or a str that was not decoded from UTF-8):
    Python may take one in a string, JSON never does."""
    if reads_alike(model) and "\\u" not in text and "\\U" not in text and _utf8(text):
        try:
            return model.model_validate(data, strict=True)
        except ValidationError:
            pass
    return model.model_validate_json(json.dumps(data), strict=True)


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def is_effect(info: FieldInfo) -> bool:
    """A field holding effect steps: a card's ``Effect`` or an op's nested ``Steps``."""
    annotation = info.annotation
    return NESTED_STEPS in info.metadata or (
        typing.get_origin(annotation) is list and typing.get_args(annotation) == (EffectStep,))


def is_int_literal(info: FieldInfo) -> bool:
    """``Literal[1, 2, 3]``: pydantic lets ``true`` through as 1 where JSON Schema's enum does not."""
    annotation = info.annotation
    return typing.get_origin(annotation) is typing.Literal and any(
        isinstance(a, int) and not isinstance(a, bool) for a in typing.get_args(annotation))


def field_paths(model: type[BaseModel], wanted: Callable[[FieldInfo], bool], prefix: FieldPath = (),
                seen: frozenset[type[BaseModel]] = frozenset()) -> list[FieldPath]:
    """Where fields satisfying ``wanted`` (given the field's info) sit in an item of ``model``: tuples of field
    names, ``"*"`` standing for each element of a list of sub-models (optional or not). A model met again inside
    itself (a filter holding filters) is not searched twice."""
    paths: list[FieldPath] = []
    seen = seen | {model}
    for name, info in model.model_fields.items():
        if wanted(info):
            paths.append(prefix + (name,))
            continue
        annotation = info.annotation
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1 and typing.get_origin(annotation) is not list:  # X | None
            annotation = args[0]
            args = list(typing.get_args(annotation))
        star = ("*",) if typing.get_origin(annotation) is list else ()
        inner = annotation if not star else (args[0] if len(args) == 1 else None)
        if isinstance(inner, type) and issubclass(inner, BaseModel) and inner not in seen:
            paths += field_paths(inner, wanted, prefix + (name,) + star, seen)
    return paths


@lru_cache(maxsize=None)
def nested_paths(params_model: type[BaseModel]) -> list[FieldPath]:
    """Where an op's parameters hold nested effect steps (once per op model and process)."""
    return field_paths(params_model, is_effect)


@lru_cache(maxsize=None)
def gap_paths(item_model: type[BaseModel]) -> tuple[list[FieldPath], list[FieldPath]]:
    """Where an item of ``item_model`` holds effects, and numbers from a list (once per model and process)."""
    return field_paths(item_model, is_int_literal), field_paths(item_model, is_effect)


def values(value: Any, path: FieldPath, pointer: str) -> list[tuple[str, Any]]:
    """(pointer, value) of the field at ``path`` in an item already accepted by its model."""
    if len(path) == 1 and path[0] != "*":  # a field of the item itself, the usual place
        field = value.get(path[0]) if isinstance(value, dict) else None
        return [] if field is None else [(f"{pointer}/{path[0]}", field)]
    found = [(pointer, value)]
    for head in path:
        if head == "*":
            found = [(f"{at}/{index}", element) for at, value in found for index, element in enumerate(value)]
        else:
            found = [(f"{at}/{head}", value[head]) for at, value in found
                     if isinstance(value, dict) and value.get(head) is not None]
    return found


def replaced(value: Any, path: FieldPath, fn: Callable[[Any, str], Any], pointer: str = "") -> Any:
    """A copy of ``value`` with ``fn(field value, its pointer)`` put in place of the field at ``path`` (``"*"``: every
    element of a list), as :func:`values` finds them; everything else shared, not copied."""
    if not path:
        return fn(value, pointer)
    head, rest = path[0], path[1:]
    if head == "*":
        if not isinstance(value, list):
            return value
        return [replaced(element, rest, fn, f"{pointer}/{index}") for index, element in enumerate(value)]
    if isinstance(value, dict) and value.get(head) is not None:
        return {**value, head: replaced(value[head], rest, fn, f"{pointer}/{head}")}
    return value
