"""The effect-op registry: the meeting point of content (effect data) and rules (op handlers).

Plugins register ops through the ``register_effect_ops`` hook. Each op has a pydantic parameter model; the
schema exporter turns the registry into the JSON Schema of an effect step, and the engine calls the handler.

The registry knows one language: the current ops. A step in the form of an earlier version is refused like any
invalid step; ``rebellion packs upgrade`` (``swrebellion.tools.upgrade``) is the one place that knows the old forms,
explains such a refusal (SW210) and rewrites the pack's files.
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


class OpRegistry:
    """Effect ops by name. Registering a name twice is an error naming both plugins."""

    def __init__(self) -> None:
        self._ops: dict[str, OpSpec] = {}
        self._old_forms: dict[str, tuple[type[BaseModel], Callable[[dict[str, Any]], dict[str, Any]], str]] = {}
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
        """Deprecated (the loader reads one language since issue 27): declare an old op name or form for
        ``rebellion packs upgrade`` only, which rewrites a step ``params`` accepts (and the current model refuses)
        into ``rewrite(step)``, one step of the op ``replacement``. Content is never read in the old form."""
        import warnings

        warnings.warn("OpRegistry.deprecate no longer makes the loader read an old form: packs are upgraded with "
                      "`rebellion packs upgrade`, which still applies the form declared here; drop the declaration "
                      "once your users' packs are upgraded", DeprecationWarning, stacklevel=2)
        if not OP_NAME.match(name):
            raise OpRegistryError(f"deprecated op name {name!r} must be snake_case (letters, digits, underscores)")
        self._old_forms[name] = (params, rewrite, replacement)

    def declared_old_forms(self) -> dict[str, tuple[type[BaseModel], Callable[[dict[str, Any]], dict[str, Any]], str]]:
        """The old forms plugins declared with :meth:`deprecate`: name -> (old model, rewrite, replacement)."""
        return dict(self._old_forms)

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
        branches.sort(key=lambda b: b["if"]["properties"]["op"]["const"])
        schema: dict[str, Any] = {
            "type": "object",
            "description": "One effect step: an op registered by an enabled plugin, and its parameters.",
            "required": ["op"],
            "properties": {"op": {"enum": self.names()}},
        }
        if branches:
            schema["allOf"] = branches
        return schema
