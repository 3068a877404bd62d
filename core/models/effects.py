"""Card effects as data: a list of steps ``{op: NAME, ...params}``.

The models here only fix the *shape* of a step (an ``op`` name plus parameters). Which ops exist and what
parameters each takes comes from the effect-op registry that the enabled plugins fill (``swrebellion.effects``);
the schema exporter replaces the ``EffectStep`` definition with one branch per registered op, so an unknown op or a
wrong parameter is a JSON Schema error with a precise pointer.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

OP_PATTERN = r"^[a-z][a-z0-9_]*$"
OpName = Annotated[str, StringConstraints(pattern=OP_PATTERN, max_length=64)]


class EffectStep(BaseModel):
    """One step of an effect. Parameters other than ``op`` are checked against the op's own parameter model."""

    model_config = ConfigDict(extra="allow", frozen=True)

    op: OpName = Field(description="Name of a registered effect op (see docs/effects.md).")

    @property
    def params(self) -> dict:
        """The step's parameters, without ``op``."""
        return dict(self.model_extra or {})


#: A whole effect: steps run in order.
Effect = list[EffectStep]
