"""Combat (RB-CMB, RB-TAC, RB-RET, RB-DS, RB-DSP). Work in progress."""

STEPS = {}
