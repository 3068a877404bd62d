"""Assignment Phase and missions (RB-ASG, RB-MIS, RB-PRJ). Work in progress: assignment not yet offered."""


def reveal_options(game, faction):
    return []


def return_unrevealed(game):
    pass


def assignment_step(game, frame):
    game.pop()


STEPS = {"base.assignment": assignment_step}
