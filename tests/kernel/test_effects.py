"""Effect data runs through the op registry as frames (issue 4: ops registered by plugins through a hook)."""

from swrebellion.engine import Game
from swrebellion.engine.effects import run_effect


def test_an_effect_runs_its_ops_in_order_with_a_shared_context(toy_rules):
    game = Game.blank(toy_rules, seed=0)
    game.state["data"] = {"score": {"hider": 0, "seeker": 0}}
    run_effect(game, [{"op": "toy_bonus", "amount": 2}, {"op": "toy_bonus", "amount": 3}], {"player": "seeker"})
    game.run()
    assert game.state["data"]["score"] == {"hider": 0, "seeker": 5}
    assert game.state["stack"] == []  # every effect frame finished and was popped
