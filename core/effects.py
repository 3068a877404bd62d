"""The effect-op registry: the meeting point of content (effect data) and rules (op handlers).

Plugins register ops through the ``register_effect_ops`` hook. Each op has a pydantic parameter model; the
schema exporter turns the registry into the JSON Schema of an effect step, and the engine calls the handler.

An op name or form a plugin no longer uses stays readable for one minor version as a *deprecated form*
(:meth:`OpRegistry.deprecate`): its old parameter model still checks it (diagnostic SW210, a warning), and its
rewrite turns each old step into one new step when a pack is loaded (``swrebellion.upgrade``), so the rules only
ever see the new form; ``rebellion pack upgrade`` writes the same rewrite back into the pack's files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from pydantic import BaseModel

OP_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class OpRegistryError(ValueError):
    pass


@dataclass(frozen=True)
class OpSpec:
    """A registered effect op."""

    name: str
    params: type[BaseModel]
    handler: Callable[..., Any]
    plugin: str
    #: ``feasible(game, params, ctx)``: whether the op, run now with these parsed parameters and the effect's
    #: context, has anything to act on. Cards are offered only when their first step is feasible (a mission with
    #: nowhere to go, an action card with no target); ``None``: always feasible.
    feasible: Callable[..., bool] | None = None

    @property
    def doc(self) -> str:
        return (self.handler.__doc__ or self.params.__doc__ or "").strip()


@dataclass(frozen=True)
class Deprecated:
    """An old op name, or an old form of a current op, still accepted for one minor version.

    ``params`` is the old parameter model (it checks old steps, so their problems are reported as the author wrote
    them); ``rewrite(step) -> step`` turns one valid old step (nested steps already rewritten) into exactly one new
    step, so that every JSON pointer into a pack stays valid after the upgrade; ``replacement`` names the new op."""

    name: str
    params: type[BaseModel]
    rewrite: Callable[[dict[str, Any]], dict[str, Any]]
    replacement: str
    plugin: str


class OpRegistry:
    """Effect ops by name. Registering a name twice is an error naming both plugins."""

    def __init__(self) -> None:
        self._ops: dict[str, OpSpec] = {}
        self._deprecated: dict[str, Deprecated] = {}
        self.current_plugin = "?"

    def register(self, name: str, params: type[BaseModel], handler: Callable[..., Any],
                 feasible: Callable[..., bool] | None = None) -> None:
        """Register the op ``name``: ``params`` checks its parameters (and makes its JSON Schema), ``handler`` is
        a step handler run with the parameters in ``frame["params"]``, ``feasible`` (optional) says whether it can
        act now (see :attr:`OpSpec.feasible`)."""
        if not OP_NAME.match(name):
            raise OpRegistryError(f"effect op name {name!r} must be snake_case (letters, digits, underscores)")
        if "op" in params.model_fields:
            raise OpRegistryError(f"effect op {name!r}: its parameter model may not have a field called 'op'")
        if name in self._ops:
            raise OpRegistryError(
                f"effect op {name!r} is registered by both {self._ops[name].plugin!r} and {self.current_plugin!r}"
            )
        self._ops[name] = OpSpec(name, params, handler, self.current_plugin, feasible)

    def deprecate(self, name: str, params: type[BaseModel], rewrite: Callable[[dict[str, Any]], dict[str, Any]],
                  replacement: str) -> None:
        """Keep accepting the old op ``name`` (checked by ``params``) for one minor version: a valid old step is
        rewritten by ``rewrite`` into one step of the op ``replacement`` when content is loaded, and reported with
        the warning SW210. ``name`` may also be a current op whose parameters changed: a step its new model refuses
        and ``params`` accepts is then the old form."""
        if not OP_NAME.match(name):
            raise OpRegistryError(f"deprecated op name {name!r} must be snake_case (letters, digits, underscores)")
        if name in self._deprecated:
            raise OpRegistryError(f"deprecated op {name!r} is declared by both {self._deprecated[name].plugin!r} "
                                  f"and {self.current_plugin!r}")
        self._deprecated[name] = Deprecated(name, params, rewrite, replacement, self.current_plugin)

    def deprecated(self, name: str) -> Deprecated | None:
        """The deprecated form declared under ``name``, if any."""
        return self._deprecated.get(name)

    def deprecated_names(self) -> list[str]:
        """Old op names no current op answers to (``rebellion pack upgrade`` rewrites them)."""
        return sorted(n for n in self._deprecated if n not in self._ops)

    def __contains__(self, name: str) -> bool:
        return name in self._ops

    def __getitem__(self, name: str) -> OpSpec:
        return self._ops[name]

    def __iter__(self) -> Iterator[OpSpec]:
        return iter(sorted(self._ops.values(), key=lambda spec: spec.name))

    def __len__(self) -> int:
        return len(self._ops)

    def names(self) -> list[str]:
        return sorted(self._ops)

    def step_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        """JSON Schema of one effect step: ``op`` must name a registered op, and the op's parameters are checked.

        Uses one ``if``/``then`` branch per op (not ``oneOf``) so that a wrong parameter yields the op's own error
        rather than "matches none of 12 alternatives". Parameter models' sub-definitions are merged into ``defs``.
        """
        branches: list[dict[str, Any]] = []
        for spec in self:
            params = spec.params.model_json_schema(ref_template="#/$defs/{model}")
            for key, value in params.pop("$defs", {}).items():
                defs.setdefault(key, value)
            properties = {"op": {"const": spec.name}, **params.get("properties", {})}
            then = {
                "type": "object",
                "properties": properties,
                "required": ["op", *params.get("required", [])],
                "additionalProperties": False,
            }
            if spec.doc:
                then["description"] = spec.doc.splitlines()[0]
            branches.append({"if": {"properties": {"op": {"const": spec.name}}}, "then": then})
        for old in self._deprecated.values():
            params = old.params.model_json_schema(ref_template="#/$defs/{model}")
            for key, value in params.pop("$defs", {}).items():
                defs.setdefault(key, value)
            then = {
                "type": "object",
                "properties": {"op": {"const": old.name}, **params.get("properties", {})},
                "required": ["op", *params.get("required", [])],
                "additionalProperties": False,
                "deprecated": True,
                "description": f"Deprecated: use `{old.replacement}` (`rebellion pack upgrade` rewrites it).",
            }
            current = next((b for b in branches if b["if"]["properties"]["op"]["const"] == old.name), None)
            if current is None:
                branches.append({"if": {"properties": {"op": {"const": old.name}}}, "then": then})
            else:  # an old form of a current op: either form is valid; the diagnostics explain the nearer one
                current["then"] = {"anyOf": [current["then"], then], "x-swrebellion-forms": True}
        branches.sort(key=lambda b: b["if"]["properties"]["op"]["const"])
        schema: dict[str, Any] = {
            "type": "object",
            "description": "One effect step: an op registered by an enabled plugin, and its parameters.",
            "required": ["op"],
            "properties": {"op": {"enum": sorted({*self.names(), *self._deprecated})}},
        }
        if branches:
            schema["allOf"] = branches
        return schema
