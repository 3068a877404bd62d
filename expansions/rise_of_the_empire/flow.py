"""Small helpers for the expansion's steps."""

from __future__ import annotations


def after_current(game, step: str, **local) -> None:
    """Schedule ``step`` to run as soon as the step now running is over: a frame slipped in just below the top one.

    Used by event reactions (``on_event``): the step that logged the event keeps running undisturbed (it may pop
    itself right after logging), and the reaction comes next. The same reaction already waiting there (same step,
    same locals) is not doubled. Decisions already asked keep pointing at the frame that asked them."""
    stack = game.state["stack"]
    at = max(0, len(stack) - 1)
    for frame in stack[max(0, at - 1):at + 1]:
        if frame["step"] == step and all(frame.get(k) == v for k, v in local.items()):
            return
    stack.insert(at, {"step": step, **local})
    for decision in game.state["pending"]:
        if decision["frame"] >= at:
            decision["frame"] += 1
