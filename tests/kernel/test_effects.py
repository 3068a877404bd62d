"""Effect data runs through the op registry as frames (issue 4: ops registered by plugins through a hook)."""

import pytest
from pydantic import BaseModel

from swrebellion.engine import Game
from swrebellion.engine.effects import run_effect
from swrebellion.engine.steps import StepError


def test_an_effect_runs_its_ops_in_order_with_a_shared_context(toy_rules):
    game = Game.blank(toy_rules, seed=0)
    game.state["data"] = {"score": {"hider": 0, "seeker": 0}}
    run_effect(game, [{"op": "toy_bonus", "amount": 2}, {"op": "toy_bonus", "amount": 3}], {"player": "seeker"})
    game.run()
    assert game.state["data"]["score"] == {"hider": 0, "seeker": 5}
    assert game.state["stack"] == []  # every effect frame finished and was popped


class _NoParams(BaseModel):
    pass


def _game_with(toy_rules, **ops):
    """A blank toy game whose rules also know the test ops ``ops`` (name -> handler), each without parameters."""
    for name, handler in ops.items():
        toy_rules.ops.register(name, _NoParams, handler)
    game = Game.blank(toy_rules, seed=0)
    game.state["data"] = {"score": {"hider": 0, "seeker": 0}, "trace": []}
    return game


def test_the_runner_ends_an_op_that_neither_asks_nor_pushes(toy_rules):
    """Issue 10: op handlers do not pop their frames; one that returns having done nothing more is over."""
    def note(game, frame):
        game.state["data"]["trace"].append("note")

    game = _game_with(toy_rules, note=note)
    run_effect(game, [{"op": "note"}, {"op": "note"}], {"player": "seeker"})
    game.run()
    assert game.state["data"]["trace"] == ["note", "note"] and game.state["stack"] == []


def test_an_op_that_asks_runs_again_with_the_answer_and_is_then_ended(toy_rules):
    def ask(game, frame):
        if "choice" not in frame:
            game.ask("seeker", "toy-pick", ["left", "right"])
            return
        game.state["data"]["trace"].append(frame["choice"]["id"])

    game = _game_with(toy_rules, ask=ask)
    run_effect(game, [{"op": "ask"}], {"player": "seeker"})
    game.run()
    assert game.pending[0].kind == "toy-pick" and game.state["stack"][-1]["step"] == "effect-op"
    game.apply("right")
    assert game.state["data"]["trace"] == ["right"] and game.state["stack"] == []


def test_an_op_that_pushes_a_frame_runs_again_after_it(toy_rules):
    """A pushed frame runs first; the op then runs again, and ends when it returns having done nothing more."""
    def inner(game, frame):
        game.state["data"]["trace"].append("inner")
        game.pop()

    def outer(game, frame):
        if frame.setdefault("pushed", False):
            game.state["data"]["trace"].append("outer again")
            return
        frame["pushed"] = True
        game.push("toy-inner")

    game = _game_with(toy_rules, outer=outer)
    toy_rules.steps.register("toy-inner", inner)
    run_effect(game, [{"op": "outer"}], {"player": "seeker"})
    game.run()
    assert game.state["data"]["trace"] == ["inner", "outer again"] and game.state["stack"] == []


def test_a_frame_slipped_in_below_the_op_runs_after_it(toy_rules):
    """An event reaction may insert a frame just below the running op (Rise of the Empire's ``after_current``): the
    op is still over, and the inserted frame runs next."""
    def react(game, frame):
        game.state["data"]["trace"].append("reaction")
        game.pop()

    def slip(game, frame):
        stack = game.state["stack"]
        stack.insert(len(stack) - 1, {"step": "toy-react"})
        game.state["data"]["trace"].append("op")

    game = _game_with(toy_rules, slip=slip)
    toy_rules.steps.register("toy-react", react)
    run_effect(game, [{"op": "slip"}, {"op": "toy_bonus", "amount": 1}], {"player": "seeker"})
    game.run()
    assert game.state["data"]["trace"] == ["op", "reaction"] and game.state["data"]["score"]["seeker"] == 1


def test_a_handler_that_still_pops_itself_keeps_working(toy_rules):
    """Ops written before the runner ended them pop their own frame: the runner then leaves the stack alone."""
    def old_style(game, frame):
        game.state["data"]["trace"].append("old")
        game.pop()

    game = _game_with(toy_rules, old_style=old_style)
    run_effect(game, [{"op": "old_style"}, {"op": "toy_bonus", "amount": 2}], {"player": "seeker"})
    game.run()
    assert game.state["data"]["trace"] == ["old"] and game.state["data"]["score"]["seeker"] == 2
    assert game.state["stack"] == []


class _Plus(BaseModel):
    points: int


def test_the_registry_knows_one_language_and_a_declared_old_form_only_warns(toy_rules):
    """Issue 27 §4: the loader reads one language. ``OpRegistry.deprecate`` (kept one minor version for third-party
    plugins) warns and leaves the old name out of the registry and the step schema; only `rebellion packs upgrade`
    reads the declared form (``declared_old_forms``)."""
    with pytest.warns(DeprecationWarning, match="packs upgrade"):
        toy_rules.ops.deprecate("toy_plus", _Plus, lambda step: {"op": "toy_bonus", "amount": step["points"]},
                                "toy_bonus")
    assert "toy_plus" not in toy_rules.ops
    assert "toy_plus" not in toy_rules.ops.step_schema({})["properties"]["op"]["enum"]
    params, rewrite, replacement = toy_rules.ops.declared_old_forms()["toy_plus"]
    assert params is _Plus and replacement == "toy_bonus"
    assert rewrite({"op": "toy_plus", "points": 3}) == {"op": "toy_bonus", "amount": 3}


def test_an_unknown_step_is_named_and_a_handlers_own_key_error_is_left_as_it_is(toy_rules):
    """The step loop looks each handler up once: a frame naming a step no plugin registers is a StepError naming it,
    while a KeyError raised inside a registered handler (an op's bug) reaches the caller unchanged."""
    def broken(game, frame):
        return {}["missing"]

    game = _game_with(toy_rules, broken=broken)
    game.push("no-such-step")
    with pytest.raises(StepError, match="no enabled plugin provides the step 'no-such-step'"):
        game.run()
    game.state["stack"] = []
    run_effect(game, [{"op": "broken"}], {"player": "seeker"})
    with pytest.raises(KeyError, match="missing"):
        game.run()
