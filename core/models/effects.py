"""Card effects as data: a list of steps ``{op: NAME, ...params}``.

The models here only fix the *shape* of a step (an ``op`` name plus parameters). Which ops exist and what
parameters each takes comes from the effect-op registry that the enabled plugins fill (``swrebellion.effects``);
the schema exporter replaces the ``EffectStep`` definition with one branch per registered op, so an unknown op or a
wrong parameter is a JSON Schema error with a precise pointer.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, WithJsonSchema

OP_PATTERN = r"^[a-z][a-z0-9_]*$"
OpName = Annotated[str, StringConstraints(pattern=OP_PATTERN, max_length=64)]


class EffectStep(BaseModel):
    """One step of an effect. Parameters other than ``op`` are checked against the op's own parameter model."""

    model_config = ConfigDict(extra="allow", frozen=True)

    op: OpName = Field(description="Name of a registered effect op (see docs/effects.md).")

    @property
    def params(self) -> dict[str, Any]:
        """The step's parameters, without ``op``."""
        return dict(self.model_extra or {})


#: A whole effect: steps run in order.
Effect = list[EffectStep]


#: Written where a nested step's schema goes; the schema exporter replaces it with a reference to the document's
#: ``EffectStep`` definition (pydantic cannot refer to a definition it did not make).
STEP_PLACEHOLDER = "x-swrebellion-effect-step"


class _NestedSteps:
    """Marks a parameter that holds effect steps (an op's branches, delayed steps ...)."""

    def __repr__(self) -> str:
        return "NESTED_STEPS"


NESTED_STEPS = _NestedSteps()

#: Effect steps inside an op's parameters (``then``/``otherwise``, a choice's ``steps``, delayed ``steps`` ...): the
#: same recursive effect type at any depth. Its JSON Schema refers to the ``EffectStep`` definition (one branch per
#: registered op), and the validator checks each nested step's op and parameters at its own JSON pointer, like a
#: card's own steps. At run time they stay plain ``{op, ...}`` dicts, ready to run.
Steps = Annotated[
    list[dict[str, Any]],
    WithJsonSchema({"type": "array", "items": {STEP_PLACEHOLDER: True}}),
    NESTED_STEPS,
]
