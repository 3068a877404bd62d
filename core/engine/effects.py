"""Running effect data: a card's list of ``{op, ...params}`` steps, one registered op handler after another.

An effect runs as frames like every other rule, so it can stop for a decision in the middle and a game can be
copied there. ``run_effect`` pushes an ``effect`` frame; that frame pushes one ``effect-op`` frame per step. An op
handler is a step handler (``handler(game, frame)``): ``frame["params"]`` holds the step's parameters.

**The runner ends ops.** A handler that returns having neither asked a decision nor pushed a frame is finished: the
runner pops its frame. A handler that asks returns with the decision pending, and one that pushes frames returns
with them on top; either way it runs again later (with the answer in its frame, or once the pushed frames are
done) and is popped when it returns having done neither. So a handler that pushes must know, when it runs again,
that its work is done (a stage kept in its frame), or hand over with ``game.replace`` (a tail call). Frames that
event reactions slip in *below* the op (``after_current`` in Rise of the Empire) do not count: they run after it.
Handlers that still pop themselves (written before this rule) keep working: their frame is gone, so the runner
leaves the stack alone.

Ops share what they learn (the chosen system, the target leader) through :func:`context`. A caller that needs what the ops
learnt afterwards (a mission reads the system its target steps chose) passes ``into``: the finished effect's context
is handed to the calling frame under that key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from swrebellion.effects import OpRegistry

    from .steps import StepRegistry

EFFECT = "effect"
OP = "effect-op"


class _WithOps(Protocol):
    @property
    def ops(self) -> OpRegistry: ...


class GameLike(Protocol):
    """What the effect runner uses of a game (a :class:`swrebellion.engine.Game`): its state, its rules' effect ops,
    and pushing and popping frames. Structural, because a game's rules register the runner's steps
    (``register_kernel_steps``): this module sits below the game's in the import layers (tests/test_layers.py)."""

    @property
    def state(self) -> dict[str, Any]: ...

    @property
    def rules(self) -> _WithOps: ...

    def push(self, step: str, **local: Any) -> dict[str, Any]: ...

    def pop(self) -> dict[str, Any]: ...


def run_effect(game: GameLike, steps: list[dict[str, Any]], context: dict[str, Any], into: str | None = None) -> None:
    """Schedule ``steps`` to run next, with a fresh context (who plays it, which card, ...). With ``into``, the
    context as the ops left it is stored in the calling (current top) frame under that key when the effect ends,
    also when an op ends it early with :func:`stop` (the context then says ``"stopped": True``)."""
    game.push(EFFECT, steps=[dict(s) for s in steps], next=0, context=dict(context), into=into)


def context(game: GameLike) -> dict[str, Any]:
    """The context of the innermost running effect (the frame below the current op)."""
    for frame in reversed(game.state["stack"]):
        if frame["step"] == EFFECT:
            found: dict[str, Any] = frame["context"]
            return found
    raise LookupError("no effect is running")


def stop(game: GameLike) -> None:
    """End the innermost effect now, skipping its remaining steps (an op whose condition failed)."""
    stack = game.state["stack"]
    while stack and stack[-1]["step"] != EFFECT:
        stack.pop()
    if stack:
        stack[-1]["context"]["stopped"] = True
        _finish(game, stack[-1])


def insert(game: GameLike, steps: list[dict[str, Any]]) -> None:
    """Run ``steps`` right after the current op, inside the same effect and context (an op that picks one of
    several branches of effect data)."""
    for frame in reversed(game.state["stack"]):
        if frame["step"] == EFFECT:
            frame["steps"][frame["next"]:frame["next"]] = [dict(s) for s in steps]
            return
    raise LookupError("no effect is running")


def _finish(game: GameLike, frame: dict[str, Any]) -> None:
    game.pop()
    if frame.get("into"):
        game.state["stack"][-1][frame["into"]] = frame["context"]


def _effect_step(game: GameLike, frame: dict[str, Any]) -> None:
    if frame["next"] >= len(frame["steps"]):
        _finish(game, frame)
        return
    step = frame["steps"][frame["next"]]
    frame["next"] += 1
    params = dict(step)  # the step less its op, in the same key order (cheaper than a comprehension)
    del params["op"]
    game.push(OP, op=step["op"], params=params)


def _op_step(game: GameLike, frame: dict[str, Any]) -> None:
    game.rules.ops[frame["op"]].handler(game, frame)
    stack = game.state["stack"]
    if stack and stack[-1] is frame and not game.state["pending"]:
        stack.pop()  # it neither asked nor pushed: the op is over


def register_kernel_steps(registry: StepRegistry) -> None:
    registry.register(EFFECT, _effect_step)
    registry.register(OP, _op_step)
