"""Tier 1: is each file what its kind's JSON Schema says? Manifests and content files alike.

Two engines, one verdict. The pydantic models (strict, over the file's JSON form, so ``"3"`` is not an integer
and ``[a, b]`` is a pair, exactly as JSON Schema reads them; handed the data themselves when a model reads them
alike, see :func:`.fields.strict_file`) decide quickly whether a file is valid and build the items; each effect
step is checked against its op's parameter model. Only a file they reject goes through
jsonschema, whose errors (with JSON pointers, all of them) become the diagnostics, one item at a time. Should
jsonschema find nothing where pydantic refused (a model rule the schema cannot express), pydantic's own words are
reported (SW208), so no problem goes unreported and the two never silently disagree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

from pydantic import BaseModel, ValidationError

from .diagnostics import Diagnostic, closest_first, did_you_mean
from .fields import FieldPath, gap_paths, nested_paths, strict, strict_file, values
from .models import PackManifest
from .models.common import ID_PATTERN
from .models.manifest import CONTENT_REF_PATTERN, REQUIREMENT_PATTERN, VERSION_PATTERN
from .models.manifest import _safe_glob as safe_glob
from .pointers import escape_token
from .schema import Validators
from .sources import MAX_ITEMS, Source

if TYPE_CHECKING:
    from .effects import OpRegistry
    from .kinds import KindRegistry

#: A ``jsonschema.exceptions.ValidationError`` from ``iter_errors``. Any: the stubs let each of its fields be
#: ``Unset`` (true only of an error built by hand), and this module reads them freely.
SchemaError = Any


#: How many accepted effect steps a run remembers (:meth:`FileChecker._step_problems`).
_MAX_ACCEPTED = 100_000
_ID_HINT = "ids are lower-case words joined by single hyphens, e.g. 'north-gate'"
#: what a value of each pattern looks like, in words: a diagnostic never shows a regular expression
_FORMS = {
    ID_PATTERN: ("is not an id", _ID_HINT),
    REQUIREMENT_PATTERN: ("is not a pack requirement",
                          "write a pack id and optional version specifiers, e.g. 'base' or 'base>=1.0,<2'"),
    CONTENT_REF_PATTERN: ("is not a content reference", "write KIND/ID, e.g. 'cards/joker'"),
    VERSION_PATTERN: ("is not a version", "write numbers joined by dots, e.g. '1.0.0' or '0.2.1rc1'"),
}


def _wrong_form(source: Source, value: Any, pattern: str, pointer: str) -> Diagnostic:
    """A value that does not have its field's form, said in words (SW205); a requirement in one of Python
    packaging's forms that packs do not take (a URL, an environment marker, extras) is SW313, saying so."""
    if pattern == REQUIREMENT_PATTERN and isinstance(value, str) and any(c in value for c in "@;["):
        return source.diagnostic(
            "SW313", f"{_short(value)}: a URL, an environment marker or extras are not supported in pack "
            "requirements", pointer, _FORMS[REQUIREMENT_PATTERN][1])
    problem, hint = _FORMS.get(pattern, ("does not have the form this field takes", None))
    return source.diagnostic("SW205", f"{_short(value)} {problem}", pointer, hint)
_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}
_RANGE_RULES = frozenset({
    "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "multipleOf", "format",
    "minContains", "maxContains", "prefixItems",
})


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, (int, float)):
        return "integer" if isinstance(value, int) or value.is_integer() else "number"
    return "string"


def _short(value: Any) -> str:
    """A value as it would be written in a message: strings quoted, long ones cut."""
    if isinstance(value, bool) or value is None:
        text = json.dumps(value)
    elif isinstance(value, (str, int, float)):
        text = repr(value)
    else:
        return ""
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass
class CheckedFile:
    """A content file after tier 1: its kind, the items that passed (index, model) and what did not."""

    source: Source
    kind: str | None
    items: list[tuple[int, Any]] = field(default_factory=list)
    rejected: list[int] = field(default_factory=list)  # indexes of the items that failed
    diagnostics: list[Diagnostic] = field(default_factory=list)


class FileChecker:
    """Tier 1 for the enabled plugins' content kinds and effect ops; one per validation run (it caches compiled
    validators). ``kinds``: a :class:`swrebellion.kinds.KindRegistry`."""

    def __init__(self, ops: OpRegistry, kinds: KindRegistry) -> None:
        self.ops = ops
        self.kinds = kinds
        self.validators = Validators(ops, kinds)
        #: (op parameter model, parameters as JSON) already accepted: cards repeat the same steps ({op: x} most
        #: often), and each is checked once per run
        self._accepted: set[tuple[type[BaseModel], str]] = set()
        #: ops whose step without parameters, ``{op: NAME}``, was accepted in its current form: the commonest step
        #: is then passed over without a look at the op registry
        self._bare: set[str] = set()

    # -- manifests -------------------------------------------------------------------------------------------

    def manifest(self, source: Source) -> tuple[PackManifest | None, list[Diagnostic]]:
        """The pack's manifest, or None and why not."""
        body = _without_schema_key(source.data)
        try:
            return strict(PackManifest, body), []
        except ValidationError as exc:
            refused = _pydantic_problems(exc, "")
        diagnostics = self._render(source, self.validators.file("pack").iter_errors(source.data), "")
        diagnostics += _escaping_globs(source)
        return None, diagnostics or _fallback(source, refused)

    # -- content files ---------------------------------------------------------------------------------------

    def content(self, source: Source) -> CheckedFile:
        """Check one content file: fast when it is valid, every problem located when it is not."""
        data = source.data
        checked = CheckedFile(source, None)
        if not isinstance(data, dict):
            checked.diagnostics.append(source.diagnostic(
                "SW209", "a content file is a mapping with `kind:` and `items:`", "",
                f"start the file with `kind: KIND` (one of {', '.join(self.kinds.names())})"))
            return checked
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in self.kinds:
            checked.diagnostics.append(self._unknown_kind(source, kind))
            return checked
        checked.kind = kind
        items = data.get("items")
        if isinstance(items, list) and len(items) > MAX_ITEMS:
            checked.diagnostics.append(source.diagnostic(
                "SW112", f"{len(items):,} items in one file; the limit is {MAX_ITEMS:,}", f"/items/{MAX_ITEMS}",
                "split the file into several files of the same kind"))
            return checked
        body = _without_schema_key(data)
        try:
            model = strict_file(self.kinds[kind].file, body, source.text)
        except ValidationError as exc:
            top = [(pointer, message) for pointer, message in _pydantic_problems(exc, "")
                   if _item_index(pointer) is None]
        else:
            top = [] if isinstance(data.get("$schema", ""), str) else [("/$schema", "not a string")]
            items = body.get("items", [])
            paths = gap_paths(self.kinds[kind].item)
            if not top and not any(self._gaps(paths, raw, f"/items/{i}") for i, raw in enumerate(items)):
                # the file models are built at run time (kinds._file_model), with an ``items`` field
                checked.items = list(enumerate(model.items))  # type: ignore[attr-defined]
                return checked
        self._slow(checked, kind, data, top)
        return checked

    def _unknown_kind(self, source: Source, kind: Any) -> Diagnostic:
        kinds = self.kinds.names()
        if kind is None:
            return source.diagnostic("SW209", "missing `kind:`: which kind of content is this file?", "",
                                     f"add `kind: KIND`, one of {', '.join(kinds)}")
        if not isinstance(kind, str):
            return source.diagnostic("SW209", "`kind:` must be the name of a kind", "/kind",
                                     f"kinds: {', '.join(kinds)}")
        if kind == "pack":
            return source.diagnostic("SW209", "only the pack's own pack.yaml may have `kind: pack`", "/kind",
                                     "move it to the pack folder's pack.yaml, or give it a content kind")
        plugin = self.kinds.elsewhere().get(kind)
        if plugin is not None:
            return source.diagnostic("SW209", f"unknown kind {_short(kind)}: the expansion {plugin!r} registers it, "
                                     "and it is not enabled", "/kind", f"add --expansion {plugin}")
        return source.diagnostic("SW209", f"unknown kind {_short(kind)}", "/kind",
                                 did_you_mean(kind, [*kinds, *self.kinds.elsewhere()]) or f"kinds: {', '.join(kinds)}")

    def _gaps(self, paths: tuple[list[FieldPath], list[FieldPath]], raw: Any, prefix: str) -> list[tuple[str, str]]:
        """What the item models let through in an item they accepted: effect steps whose op is unknown or whose
        parameters the op's model refuses, and ``true`` given for a number from a list (pydantic reads 1).
        ``paths``: the item model's :func:`~.fields.gap_paths`."""
        found: list[tuple[str, str]] = []
        int_literal_paths, effect_paths = paths
        for path in int_literal_paths:
            found += [(pointer, f"{value} is not a number")
                      for pointer, value in values(raw, path, prefix) if isinstance(value, bool)]
        bare = self._bare
        for path in effect_paths:
            for pointer, effect in values(raw, path, prefix):
                for position, step in enumerate(effect):
                    if type(step) is not dict or len(step) != 1 or step.get("op") not in bare:
                        found += self._step_problems(step, f"{pointer}/{position}")
        return found

    def _step_problems(self, step: Any, pointer: str) -> list[tuple[str, str]]:
        """An effect step's problems, and those of the steps nested in its parameters, at any depth."""
        if not isinstance(step, dict) or not isinstance(step.get("op"), str):
            return [(pointer, "an effect step is a mapping with an `op` naming a registered effect op")]
        op = step["op"]
        if op not in self.ops:
            return [(f"{pointer}/op", f"unknown effect op {op!r}")]
        params = self.ops[op].params
        body = {k: v for k, v in step.items() if k != "op"}
        key = (params, json.dumps(body, default=repr) if body else "{}")  # repr: a YAML date is no JSON value
        if key not in self._accepted:
            try:
                strict(params, body)
            except ValidationError as exc:
                return _pydantic_problems(exc, pointer)
            if len(self._accepted) < _MAX_ACCEPTED:
                self._accepted.add(key)
        if not body:
            self._bare.add(op)  # at most one per registered op
        found: list[tuple[str, str]] = []
        for path in nested_paths(params):
            for nested_pointer, steps in values(step, path, pointer):
                for position, nested in enumerate(steps):
                    found += self._step_problems(nested, f"{nested_pointer}/{position}")
        return found

    def _slow(self, checked: CheckedFile, kind: str, data: dict[str, Any], top: list[tuple[str, str]]) -> None:
        """A file the models refused: check it item by item, keep the items that pass, and render the JSON Schema
        errors of the others (and of the file's top level, if that was refused)."""
        source = checked.source
        items = data.get("items", [])
        if top or not isinstance(items, list):
            shallow = dict(data, items=[]) if isinstance(items, list) else data
            found = self._render(source, self.validators.file(kind).iter_errors(shallow), "")
            checked.diagnostics += found or _fallback(source, top)
        if not isinstance(items, list):
            return
        item_model = self.kinds[kind].item
        paths = gap_paths(item_model)
        for index, raw in enumerate(items):
            prefix = f"/items/{index}"
            try:
                model = strict(item_model, raw)
                problems = self._gaps(paths, raw, prefix)
            except ValidationError as exc:
                problems = _pydantic_problems(exc, prefix)
            if not problems:
                checked.items.append((index, model))
                continue
            found = self._render(source, self.validators.item(kind).iter_errors(raw), prefix)
            checked.diagnostics += found or _fallback(source, problems)
            checked.rejected.append(index)

    # -- jsonschema errors to diagnostics ------------------------------------------------------------------

    def _render(self, source: Source, errors: Iterable[SchemaError], prefix: str) -> list[Diagnostic]:
        diagnostics: dict[tuple[str, str], Diagnostic] = {}
        for error in errors:
            for diagnostic in self._explain(source, error, prefix):
                diagnostics.setdefault((diagnostic.pointer or "", diagnostic.message), diagnostic)
        return list(diagnostics.values())

    def _explain(self, source: Source, error: SchemaError, prefix: str) -> list[Diagnostic]:
        from jsonschema.exceptions import best_match

        rule = error.validator
        pointer = prefix + "".join(f"/{escape_token(str(part))}" for part in error.absolute_path)
        instance, schema = error.instance, error.schema
        if rule in ("anyOf", "oneOf") and error.context:
            # Explain the branch the value is of: for "X or null", the X branch, not "is not of type 'null'"; for
            # "an integer or a mapping", a mapping's own mistake, not "expected an integer".
            here = list(error.absolute_path)
            context = [e for e in error.context if not (e.validator == "type" and e.validator_value == "null")]
            inside = [e for e in context if not (e.validator == "type" and list(e.absolute_path) == here)]
            return self._explain(source, best_match(inside or context or error.context), prefix)
        if "propertyNames" in error.schema_path:
            key = f"{pointer}/{escape_token(str(instance))}"
            return [source.diagnostic("SW205", f"key {_short(instance)} is not allowed here: {error.message}",
                                      key, _ID_HINT if rule == "pattern" else None)]
        if rule == "additionalProperties":
            allowed = list(schema.get("properties", {}))
            return [
                source.diagnostic("SW201", f"unknown key {_short(key)}", f"{pointer}/{escape_token(key)}",
                                  did_you_mean(key, allowed) or f"allowed keys: {', '.join(allowed)}")
                for key in instance if key not in schema.get("properties", {})
            ]
        if rule == "required":
            return [source.diagnostic("SW202", f"missing required key {key!r}", pointer)
                    for key in error.validator_value if key not in instance]
        if rule == "type":
            return [self._wrong_type(source, error, pointer)]
        if rule in ("enum", "const"):
            return [self._not_allowed(source, error, pointer)]
        if rule == "pattern":
            return [_wrong_form(source, instance, schema.get("pattern", ""), pointer)]
        if rule in _RANGE_RULES:
            return [source.diagnostic("SW205", error.message, pointer)]
        return [source.diagnostic("SW207", error.message, pointer)]

    def _wrong_type(self, source: Source, error: SchemaError, pointer: str) -> Diagnostic:
        wanted: list[str] = (
            error.validator_value if isinstance(error.validator_value, list) else [error.validator_value])
        names = " or ".join(_TYPE_NAMES.get(t, t) for t in wanted)
        found = _json_type(error.instance)
        hint = None
        if "en" in error.schema.get("properties", {}) and found == "string":
            hint = f"text for people is a mapping of languages: {{en: {_short(error.instance)}}}"
        elif "string" in wanted and found in ("integer", "number", "boolean", "null"):
            hint = "quote the value to make it a string, e.g. '1.0'"
        return source.diagnostic(
            "SW203", f"expected {names}, found {_TYPE_NAMES[found]} {_short(error.instance)}".rstrip(), pointer, hint)

    def _not_allowed(self, source: Source, error: SchemaError, pointer: str) -> Diagnostic:
        allowed = error.validator_value if error.validator == "enum" else [error.validator_value]
        value = error.instance
        if pointer.endswith("/op") and error.validator == "enum":
            registered = self.ops.names()
            hint = did_you_mean(value, registered) or (
                f"the enabled plugins register: {', '.join(registered)}" if registered
                else "the enabled plugins register no effect ops")
            return source.diagnostic("SW206", f"unknown effect op {_short(value)}", pointer, hint)
        # every allowed value, the closest first: a list cut short hid the one meant (issue 31 §4)
        listed = ", ".join(_short(v) for v in closest_first(value, allowed))
        return source.diagnostic("SW204", f"{_short(value) or 'this value'} is not allowed here; allowed: {listed}",
                                 pointer, did_you_mean(value, allowed))


def _escaping_globs(source: Source) -> list[Diagnostic]:
    """SW308 for each ``files`` entry that would leave the pack folder (the model's own rule, with our code)."""
    files = source.data.get("files") if isinstance(source.data, dict) else None
    found = []
    for index, pattern in enumerate(files if isinstance(files, list) else []):
        if not isinstance(pattern, str):
            continue
        try:
            safe_glob(pattern)
        except ValueError as exc:
            found.append(source.diagnostic("SW308", f"{pattern!r} {exc}", f"/files/{index}"))
    return found


def _without_schema_key(data: Any) -> Any:
    if isinstance(data, dict) and "$schema" in data:
        return {k: v for k, v in data.items() if k != "$schema"}
    return data


def _item_index(pointer: str) -> int | None:
    parts = pointer.split("/")
    if len(parts) > 2 and parts[1] == "items" and parts[2].isdigit():
        return int(parts[2])
    return None


def _pydantic_problems(exc: ValidationError, prefix: str) -> list[tuple[str, str]]:
    return [
        (prefix + "".join(f"/{escape_token(str(part))}" for part in error["loc"]), error["msg"])
        for error in exc.errors(include_url=False)
    ]


def _fallback(source: Source, problems: list[tuple[str, str]]) -> list[Diagnostic]:
    """The model's words, for a rule the JSON Schema does not express."""
    return [source.diagnostic("SW208", message, pointer) for pointer, message in problems]
