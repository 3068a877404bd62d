"""The game round (RB-RND-01): Assignment, Command and Refresh phases, and the Command Phase turn loop.

The Command Phase (RB-CMD, RS-CMD): players alternate turns, Rebel first; a turn is exactly one action (reveal a
mission, activate a system) or passing; a player who passed takes no more turns, the other goes on until he
passes too. What can be revealed or activated comes from ``missions.reveal_options`` and
``movement.activation_options``: each option's ``data`` is ``{"step": NAME, "args": {...}}``, the step that
carries the action out, pushed with those arguments as its frame's locals. This module only runs the turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swrebellion.i18n import N_

from .. import board
from ..rules import objectives
from .missions import return_unrevealed, reveal_options
from .movement import activation_options

if TYPE_CHECKING:
    from swrebellion.engine.game import Game


def round_step(game, frame) -> None:
    """One game round; the next round follows until the game ends (victory is checked the moment it happens)."""
    data = game.state["data"]
    stage = frame.setdefault("stage", 0)
    frame["stage"] = (stage + 1) % 3
    if stage == 0:
        data["round"] += 1
        data["phase"] = "assignment"
        game.log("round", round=data["round"], time=data["time"], reputation=data["reputation"])
        _phase(game, "assignment", "base.assignment")
    elif stage == 1:
        data["phase"] = "command"
        data["passed"] = {board.seat_id(*seat): False for seat in board.seats(game)}
        data["current"] = "rebel"
        game.push("base.command-end")
        _phase(game, "command", "base.command")
    else:
        data["phase"] = "refresh"
        _phase(game, "refresh", "base.refresh")


def _phase(game, name: str, step: str) -> None:
    """The phase's step between the moments of its start and its end (pushed in reverse: they run start first)."""
    phase_end(game, name)
    game.push(step)
    game.moment(f"{name}.start")


def phase_end(game, name: str) -> None:
    """What happens once the phase ``name`` is over, pushed before its step: the moment of its end, then the
    objectives played at a phase's end (``objectives.push_phase_end``)."""
    game.moment(f"{name}.end")
    objectives.push_phase_end(game, name)


def command_step(game, frame) -> None:
    """RB-CMD-01..06, RS-CMD-01..09: whose turn it is (seats in ``board.seats`` order, skipping those who passed),
    and the one action they take."""

    data = game.state["data"]
    order = board.seats(game)
    if "seat" not in frame:  # the phase starts with the current player (Rebel first, RB-RND-03)
        frame["seat"] = next(n for n, seat in enumerate(order) if seat[0] == data["current"]) - 1
        _next_seat(data, order, frame)
    if "choice" in frame:
        choice = frame.pop("choice")
        faction, role = order[frame["seat"]]
        if choice["id"] == "reveal-base":
            board.check_base_reveal(game, voluntary=True)  # RULINGS C-06: a free act at the start of the turn
            frame["revealed_base_this_turn"] = True
            return
        if (choice.get("data") or {}).get("free"):  # another free act at the start of the turn (turn-start-acts)
            game.push(choice["data"]["step"], **choice["data"].get("args", {}))
            return
        frame["turn_over"] = True
        game.moment("command.turn-end", faction=faction, role=role)  # runs after the action's frames
        if choice["id"] == "pass":
            data["passed"][board.seat_id(faction, role)] = True
            game.log("pass", faction=faction, **({"role": role} if role else {}))
        else:
            action = choice["data"]  # {"step": name, "args": {...}}: a mission reveal or an activation
            game.push(action["step"], **action.get("args", {}))
        return
    if frame.pop("turn_over", False):
        frame.pop("revealed_base_this_turn", None)
        frame.pop("reached", None)  # a new turn: its moments are reached anew
        everyone_passed = not _next_seat(data, order, frame)  # it found nobody: no need to ask _all_passed
    else:
        everyone_passed = _all_passed(data, order)
    if everyone_passed:
        data["seat_role"] = None
        game.pop()
        return
    faction, role = order[frame["seat"]]
    if game.moment("command.turn-start", once_in=frame, faction=faction, role=role):
        return
    options = []
    if faction == "rebel" and not board.base_revealed(game) and not frame.get("revealed_base_this_turn"):
        options.append(REVEAL_BASE)  # RULINGS C-06, C-07
    options += game.modify("turn-start-acts", [], faction=faction, role=role)
    options += reveal_options(game, faction)
    options += activation_options(game, faction)
    options += game.modify("command-actions", [], faction=faction, role=role)
    options.append(PASS)
    game.ask(board.decider(game, faction, role or "admiral"), "command-action", options, PROMPT)


# The options every turn offers and the prompt, made once (N_ is a call): the kernel stores an option dict having
# its three keys as it is, and nobody changes one.
REVEAL_BASE = {"id": "reveal-base", "label": N_("Reveal the Rebel base"), "data": None}
PASS = {"id": "pass", "label": N_("Pass for the rest of the phase"), "data": None}
PROMPT = N_("Your Command Phase action")


def _all_passed(data: dict, order: list) -> bool:
    """Whether every seat has passed (RS-CMD-03: the phase ends). A plain loop, not all() over a generator: asked at
    every run of the Command Phase step, where the first seat usually has not."""
    passed = data["passed"]
    for seat in order:
        if not passed.get(board.seat_id(*seat), False):
            return False
    return True


def _next_seat(data: dict, order: list, frame: dict) -> bool:
    """Take the next seat in order that has not passed (RS-CMD-02: the other side goes on alone after a pass); the
    seat itself comes last. False when every seat has passed."""
    passed, seat, count = data["passed"], frame["seat"], len(order)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if not passed.get(board.seat_id(*order[candidate]), False):
            frame["seat"] = candidate
            data["current"], data["seat_role"] = order[candidate]  # the seat taken: its side and team role
            return True
    return False


def at_end_of_command(game: Game, step: str, **local: Any) -> None:
    """Run ``step`` (its frame holding ``local``) when this Command Phase ends, after the steps kept before it."""
    game.state["data"].setdefault("end_of_command", []).append([step, local])


def command_end_step(game, frame) -> None:
    """End of the Command Phase: 'end of Command Phase' effects (Rapid Mobilization, RB-RLC-08), then unrevealed
    missions go back to hand with their leaders to the pool (RB-CMD-05, RULINGS C-11)."""

    data = game.state["data"]
    pending = data.setdefault("end_of_command", [])
    if not frame.get("moment_done"):  # effects other plugins keep for this moment (end-of-command-steps)
        frame["moment_done"] = True
        pending.extend(game.modify("end-of-command-steps", []))
    if pending:
        step, local = pending.pop(0)
        game.push(step, **local)
        return
    return_unrevealed(game)
    game.pop()
