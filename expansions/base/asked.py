"""What a step worked out to ask its last question, kept for the run that takes the answer.

A step that asks runs again with the answer, and often needs again what the question was made from: the three
questions of one assignment (card, first leader, second leader, RS-ASG-02) read the same pool and requirement
icons (and the next card question reads them less the leaders just assigned), and each of the Empire's starting
units is offered the same systems (RB-SET-09). Nothing can change those between a question and its answer, so
working them out again only costs time; but keeping them in the step's frame would change the state, and with it
the state hash a save is checked against (``swrebellion.engine.save``), the copies and the views.

So they are kept on the game object, outside its state, for one question only: :func:`keep` files a value under the
asking frame, and :func:`kept` hands it back once, and only to the same frame object with at most one more choice in
the game's record (the answer, by a player or taken alone). Anything else finds nothing and works the value out
again: a copy of the game or a loaded save (new objects), another step, a second question of the same step.
"""

from __future__ import annotations

from typing import Any

def keep(game: Any, frame: dict[str, Any], value: Any) -> None:
    """File ``value``, which the question ``frame``'s step is asking now was made from, for the run that takes its
    answer. The caller must not change it afterwards."""
    # an attribute of the game object (for the question asked last): (frame, choices made, value)
    game._base_asked_from = (frame, len(game.state["choices"]), value)


def kept(game: Any, frame: dict[str, Any]) -> Any | None:
    """The value :func:`keep` filed for ``frame`` (once: it is forgotten now); None unless nothing but the answer
    to that question has happened since it was filed."""
    try:  # a plain attribute, not getattr/setattr with its name: asked at every question of an assignment
        found = game._base_asked_from
    except AttributeError:  # nothing filed yet in this game object (a new game, a copy, a loaded save)
        return None
    if found is None:
        return None
    game._base_asked_from = None
    keeper, choices, value = found
    return value if keeper is frame and len(game.state["choices"]) - choices in (0, 1) else None
