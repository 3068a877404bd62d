"""Writing effect ops: parameter models (:class:`Strict`) and the context keys an op reads and writes (:func:`uses`),
declaring ops with a feasibility test (:data:`OpTable`, :func:`op`) and registering them (:func:`register`), asking
a choice inside an op (:func:`pick`, :func:`answer`), all of them the kernel's (``swrebellion.engine.ops``), named
here too; the one condition model: :class:`SystemFilter` with
:func:`systems_where` / :func:`matches` (which systems), :class:`Condition` with :func:`holds` (whether the game is
in a situation), :class:`UnitFilter`, relative sides :data:`Side` / :data:`AnySide` resolved by :func:`side_of`;
the id types that `rebellion validate` checks against the loaded content wherever an op's parameters hold them
(:data:`UnitRef`, :data:`LeaderRef`, :data:`SystemRef`, :data:`MarkerRef`, :data:`ResourceRef`, :data:`IconRef`,
:data:`CardRef`, :data:`RingRef`; ``swrebellion.refs``), and :data:`ContextKey` for a parameter naming a context key instead."""

from __future__ import annotations

from swrebellion.engine.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.engine.ops import register_ops as register
from swrebellion.refs import ContextKey

from ..ops.conditions import (
    CONTEXT,
    AnySide,
    CardRef,
    Condition,
    IconRef,
    LeaderRef,
    MarkerRef,
    ResourceRef,
    RingRef,
    Side,
    SystemFilter,
    SystemRef,
    UnitFilter,
    UnitRef,
    holds,
    matches,
    side_of,
    systems_where,
)

__all__ = [
    "Strict", "uses", "OpTable", "op", "register", "pick", "answer", "CONTEXT",
    "SystemFilter", "systems_where", "matches", "Condition", "holds", "UnitFilter", "Side", "AnySide", "side_of",
    "UnitRef", "LeaderRef", "SystemRef", "MarkerRef", "ResourceRef", "IconRef", "CardRef", "RingRef", "ContextKey",
]
