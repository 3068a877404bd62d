"""Refresh Phase (RB-REF). Work in progress: only the time marker advances."""

from . import board


def refresh_step(game, frame):
    data = game.state["data"]
    game.pop()
    data["time"] += 1
    game.log("time", time=data["time"])
    if data["time"] >= data["reputation"]:
        game.end("rebel", "the time marker reached the reputation marker")


STEPS = {"base.refresh": refresh_step}
