"""The game round (RB-RND-01): Assignment, Command and Refresh phases, and the Command Phase turn loop.

The Command Phase (RB-CMD, RS-CMD): players alternate turns, Rebel first; a turn is exactly one action (reveal a
mission, activate a system) or passing; a player who passed takes no more turns, the other goes on until he
passes too. What can be revealed or activated comes from ``missions.reveal_options`` and
``movement.activation_options``: each option's ``data`` is ``{"step": NAME, "args": {...}}``, the step that
carries the action out, pushed with those arguments as its frame's locals. This module only runs the turns.
"""

from __future__ import annotations

from . import board
from .tables import OPPONENT


def round_step(game, frame) -> None:
    """One game round; the next round follows until the game ends (victory is checked the moment it happens)."""
    data = game.state["data"]
    stage = frame.setdefault("stage", 0)
    frame["stage"] = (stage + 1) % 3
    if stage == 0:
        data["round"] += 1
        data["phase"] = "assignment"
        game.log("round", round=data["round"], time=data["time"], reputation=data["reputation"])
        game.push("base.assignment")
    elif stage == 1:
        data["phase"] = "command"
        data["passed"] = {"rebel": False, "empire": False}
        data["current"] = "rebel"
        game.push("base.command-end")
        game.push("base.command")
    else:
        data["phase"] = "refresh"
        game.push("base.refresh")


def command_step(game, frame) -> None:
    """RB-CMD-01..06: whose turn it is, and the one action they take."""
    from .missions import reveal_options
    from .movement import activation_options

    data = game.state["data"]
    if "choice" in frame:
        choice = frame.pop("choice")
        faction = data["current"]
        kind, _, arg = choice["id"].partition(":")
        if kind == "pass":
            data["passed"][faction] = True
            game.log("pass", faction=faction)
        elif kind == "reveal-base":
            board.check_base_reveal(game, voluntary=True)  # RULINGS C-06: a free act at the start of the turn
            frame["revealed_base_this_turn"] = True
            return
        else:
            action = choice["data"]  # {"step": name, "args": {...}}: a mission reveal or an activation
            game.push(action["step"], **action.get("args", {}))
        frame["turn_over"] = True
        return
    if frame.pop("turn_over", False):
        frame.pop("revealed_base_this_turn", None)
        other = OPPONENT[data["current"]]
        if not data["passed"][other]:
            data["current"] = other
    if all(data["passed"].values()):
        game.pop()
        return
    faction = data["current"]
    options = []
    if faction == "rebel" and not board.base_revealed(game) and not frame.get("revealed_base_this_turn"):
        options.append({"id": "reveal-base", "label": "Reveal the Rebel base (RULINGS C-06)"})
    options += reveal_options(game, faction)
    options += activation_options(game, faction)
    options.append({"id": "pass", "label": "Pass for the rest of the phase"})
    game.ask(board.decider(game, faction, "admiral"), "command-action", options, "Your Command Phase action")


def command_end_step(game, frame) -> None:
    """End of the Command Phase: 'end of Command Phase' effects (Rapid Mobilization, RB-RLC-08), then unrevealed
    missions go back to hand with their leaders to the pool (RB-CMD-05, RULINGS C-11)."""
    from .missions import return_unrevealed

    data = game.state["data"]
    pending = data.setdefault("end_of_command", [])
    if pending:
        step, local = pending.pop(0)
        game.push(step, **local)
        return
    return_unrevealed(game)
    game.pop()
