"""JSON Schemas of the content files, generated from the enabled plugins' content kinds and effect ops.

One schema per registered content kind (``KIND.schema.json``, see ``swrebellion.kinds``) plus ``pack.schema.json``
for manifests, draft 2020-12, each with a stable ``$id``. The models fix every field; the ``EffectStep`` definition is replaced by the op
registry's schema (one ``if``/``then`` branch per op), so an unknown op or a wrong parameter is a schema error.
``rebellion schema export`` writes them to ``schemas/``; tests/test_schema.py fails when the committed files differ.
The validator compiles them on demand, only when a file breaks a rule (the pydantic models decide that first).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from .kinds import ContentKind, KindRegistry
from .models import PackManifest
from .models.effects import STEP_PLACEHOLDER

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

    from .effects import OpRegistry

DIALECT = "https://json-schema.org/draft/2020-12/schema"
MANIFEST_SCHEMA_ID = "urn:swrebellion:schema:pack"
MANIFEST_SCHEMA_FILE = "pack.schema.json"
_STEP_DEF = "EffectStep"
_SCHEMA_KEY = {
    "type": "string",
    "description": "Where editors find this schema (ignored by the validator).",
}


def _link_nested_steps(node: Any) -> None:
    """Nested effect steps (``swrebellion.models.effects.Steps``) refer to the document's ``EffectStep``."""
    if isinstance(node, dict):
        if node.get(STEP_PLACEHOLDER):
            node.clear()
            node["$ref"] = f"#/$defs/{_STEP_DEF}"
            return
        for child in node.values():
            _link_nested_steps(child)
    elif isinstance(node, list):
        for child in node:
            _link_nested_steps(child)


def _normalise(node: Any) -> None:
    """Make the generated schema as strict as the models, and the same in every process.

    * Mappings keyed by ids: pydantic writes the id pattern as ``patternProperties``, which lets any other key
      through; ``propertyNames`` plus ``additionalProperties`` refuses it.
    * String enums are sorted: ``Literal["b", "a"] | None`` and ``Literal["a", "b"] | None`` are one cached
      object in ``typing``, so the order pydantic sees depends on which module was imported first.
    """
    if isinstance(node, dict):
        patterns = node.get("patternProperties")
        if isinstance(patterns, dict) and len(patterns) == 1 and "additionalProperties" not in node:
            (pattern, value), = patterns.items()
            del node["patternProperties"]
            node["propertyNames"] = {**node.get("propertyNames", {}), "pattern": pattern}
            node["additionalProperties"] = value
        enum = node.get("enum")
        if isinstance(enum, list) and all(isinstance(value, str) for value in enum):
            node["enum"] = sorted(enum)
        for child in node.values():
            _normalise(child)
    elif isinstance(node, list):
        for child in node:
            _normalise(child)


def _document(model: type[BaseModel], schema_id: str, title: str, description: str, ops: OpRegistry) -> dict[str, Any]:
    body = model.model_json_schema(ref_template="#/$defs/{model}")
    defs = body.pop("$defs", {})
    if _STEP_DEF in defs:
        defs[_STEP_DEF] = ops.step_schema(defs)
    body.pop("title", None)
    body.pop("description", None)
    body["properties"] = {"$schema": _SCHEMA_KEY, **body["properties"]}
    document = {"$schema": DIALECT, "$id": schema_id, "title": title, "description": description, **body}
    if defs:
        document["$defs"] = dict(sorted(defs.items()))
    _link_nested_steps(document)
    _normalise(document)
    return document


def content_schema(kind: ContentKind, ops: OpRegistry) -> dict[str, Any]:
    """The schema of one registered content kind, for the ops in ``ops`` (an OpRegistry)."""
    return _document(
        kind.file,
        kind.schema_id,
        f"swrebellion content file: {kind.title.lower()}",
        f"A content file of kind '{kind.name}': `kind: {kind.name}` and a list of `items`. Generated from the "
        "swrebellion models by `rebellion schema export`; do not edit by hand.",
        ops,
    )


def manifest_schema(ops: OpRegistry) -> dict[str, Any]:
    return _document(
        PackManifest,
        MANIFEST_SCHEMA_ID,
        "swrebellion pack manifest (pack.yaml)",
        "What a content pack is, what it needs and what it changes. Generated from the swrebellion models by "
        "`rebellion schema export`; do not edit by hand.",
        ops,
    )


def all_schemas(ops: OpRegistry, kinds: KindRegistry) -> dict[str, dict[str, Any]]:
    """File name -> schema, for every registered content kind and the manifest."""
    schemas = {kind.schema_file: content_schema(kind, ops) for kind in kinds}
    schemas[MANIFEST_SCHEMA_FILE] = manifest_schema(ops)
    return schemas


def schema_text(schema: dict[str, Any]) -> str:
    """The exact text written to disk (stable, so a committed copy can be compared byte for byte)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


class Validators:
    """Compiled jsonschema validators per kind, built on first use (importing jsonschema costs ~0.15 s)."""

    def __init__(self, ops: OpRegistry, kinds: KindRegistry) -> None:
        self.ops = ops
        self.kinds = kinds
        self._cache: dict[tuple[str, bool], Draft202012Validator] = {}
        self._schemas: dict[str, dict[str, Any]] = {}

    def _compile(self, schema: dict[str, Any]) -> Draft202012Validator:
        from jsonschema import Draft202012Validator

        return Draft202012Validator(schema)

    def file(self, kind: str) -> Draft202012Validator:
        """The validator of a whole file of ``kind`` (``"pack"`` for manifests)."""
        key = (kind, False)
        if key not in self._cache:
            schema = manifest_schema(self.ops) if kind == "pack" else content_schema(self.kinds[kind], self.ops)
            self._schemas[kind] = schema
            self._cache[key] = self._compile(schema)
        return self._cache[key]

    def item(self, kind: str) -> Draft202012Validator:
        """The validator of one entry of ``items`` in a file of ``kind``."""
        key = (kind, True)
        if key not in self._cache:
            self.file(kind)
            schema = self._schemas[kind]
            self._cache[key] = self._compile(
                {"$schema": DIALECT, "$defs": schema["$defs"], **schema["properties"]["items"]["items"]}
            )
        return self._cache[key]
