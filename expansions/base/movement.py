"""Activation and movement (RB-MOV), the Rebel base (RB-BAS). Work in progress."""


def activation_options(game, faction):
    return []


STEPS = {}
