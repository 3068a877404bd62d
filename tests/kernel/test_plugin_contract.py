"""pluggy's contract holds for every hook, values and moments are declared, step wrappers compose (issue 11), and
event reactions run in dependency order before the on_event listeners (issue 15).

Each test builds small plugins in the test itself and activates them next to the installed expansions, exactly as
entry-point discovery would (``discover(extra=...)``)."""

from __future__ import annotations

import types

import pytest

from swrebellion.engine import Game, PluginError, RandomAgent, Rules, play
from swrebellion.engine.values import ExtensionPointError
from swrebellion.games import rules_for, rules_from_active
from swrebellion.hookspecs import hookimpl
from swrebellion.plugins import Expansion, ExpansionError, activate, discover

ROE = "base,rise-of-the-empire"


def plugin(ident: str, requires=("base",), **hooks) -> types.ModuleType:
    """A plugin module: an EXPANSION declaration and the given hook implementations (already marked)."""
    module = types.ModuleType(f"test_plugin_{ident}")
    module.EXPANSION = Expansion(id=ident, name=ident, version="1.0", requires=requires)
    for name, impl in hooks.items():
        setattr(module, name, impl)
    return module


def activated(env: str, *plugins):
    return activate(env=env, discovery=discover(extra=[(p, "tests") for p in plugins]))


def seeded_game(rules, seed: int = 3, players: int = 2) -> Game:
    game = Game.new(rules, seed, {"players": players})
    play(game, {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])})
    return game


# -- pluggy's contract ----------------------------------------------------------------------------------------------


def test_a_hookimpl_may_take_a_subset_of_the_specs_arguments():
    seen = []

    @hookimpl
    def on_event(event):  # the spec is on_event(game, event)
        seen.append(event["type"])

    rules = rules_from_active(activated("base,listener", plugin("listener", on_event=on_event)))
    game = seeded_game(rules)
    assert seen == [e["type"] for e in game.state["log"]]


def test_a_listener_registered_after_the_rules_were_built_hears_every_later_event():
    """The log skips the on_event relay only while no plugin implements the hook (the base game alone): a plugin
    registered on the rules' plugin manager later, mid-game, is called through the relay from then on."""
    rules = rules_from_active(activated("base"))
    assert not rules.active.pm.hook.on_event.get_hookimpls()
    game = Game.new(rules, 3)
    agents = {p: RandomAgent(21 + n) for n, p in enumerate(game.state["players"])}
    for _ in range(30):
        decision = game.pending[0]
        game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    heard_from = len(game.state["log"])
    seen = []

    @hookimpl
    def on_event(game, event):
        seen.append(event)

    rules.active.pm.register(plugin("late-listener", on_event=on_event))
    play(game, agents)
    assert seen and seen == game.state["log"][heard_from:]


def test_a_misspelled_hook_is_refused_by_name_at_discovery():
    @hookimpl
    def on_evnet(game, event):
        pass

    found = discover(extra=[(plugin("typo", on_evnet=on_evnet), "tests")])
    assert "typo" not in found.installed
    assert "on_evnet" in found.broken["typo"] and "'typo'" in found.broken["typo"]
    with pytest.raises(ExpansionError, match="typo"):
        activate(env="base,typo", discovery=found)


def test_an_argument_the_spec_lacks_is_refused_by_name():
    @hookimpl
    def on_event(game, event, extra):
        pass

    found = discover(extra=[(plugin("greedy", on_event=on_event), "tests")])
    assert "greedy" in found.broken and "extra" in found.broken["greedy"]


def test_tryfirst_and_trylast_are_honoured():
    """Game hooks run in dependency order unless an implementation says otherwise (docs/hooks.md)."""
    @hookimpl(tryfirst=True)
    def first(game, event):
        return "first says so"

    @hookimpl
    def plain(game, event):
        return "plain says so"

    eager = plugin("eager", describe_event=first)
    quiet = plugin("quiet", describe_event=plain)
    rules = rules_from_active(activated("base,eager,quiet", eager, quiet))
    game = Game.new(rules, 1)
    # firstresult: the tryfirst implementation answers before the base game and before 'quiet'
    assert rules.call("describe_event", game=game, event={"type": "round"}, viewer=None) == "first says so"

    @hookimpl(trylast=True)
    def last(game, event):
        return "last says so"

    late = plugin("late", describe_event=last)
    rules = rules_from_active(activated("base,late,quiet", late, quiet))
    # the base game describes 'round'; an event nobody knows falls to 'quiet' before 'late' (trylast)
    assert rules.call("describe_event", game=Game.new(rules, 1), event={"type": "no-such-event"},
                      viewer=None) == "plain says so"


# -- declared values and moments -------------------------------------------------------------------------------------


def test_modifying_an_undeclared_value_is_an_error_and_answering_one_a_warning():
    @hookimpl
    def register_values(registry):
        registry.modify("combat-dcie", lambda game, value, context: value)  # a typo

    rules = rules_from_active(activated("base,typos", plugin("typos", register_values=register_values)))
    assert any("'typos'" in w and "combat-dcie" in w for w in rules.warnings)
    with pytest.raises(ExtensionPointError, match="no-such-value"):
        Game.new(rules, 1).modify("no-such-value", 1)


def test_answered_says_whether_any_plugin_adjusts_a_value():
    """``Game.answered``: a caller computing a value for many items (every leader's icons) may skip ``modify`` when
    nobody adjusts it; a plugin answering the value, or implementing the deprecated hook, is always asked."""
    from swrebellion.expansions.base.rules.missions import icons_of

    base = Game.new(rules_from_active(activated("base")), 1)
    icons = {"chewbacca": 1}
    assert not base.answered("requirement-icons") and base.modify("requirement-icons", icons) is icons
    with pytest.raises(ExtensionPointError, match="no-such-value"):
        base.answered("no-such-value")

    @hookimpl
    def register_values(registry):
        registry.modify("requirement-icons", lambda game, value, context: {**value, "spy": 9})

    spies = Game.new(rules_from_active(activated("base,spies", plugin("spies", register_values=register_values))), 1)
    assert spies.answered("requirement-icons") and not spies.answered("combat-dice")
    assert all(skills["spy"] == 9 for skills in icons_of(spies, ["mon-mothma", "darth-vader"]).values())

    @hookimpl
    def modify_value(game, name, value, context):
        return None

    # the deprecated hook still works, and says so (docs/hooks.md)
    with pytest.warns(DeprecationWarning, match="modify_value is deprecated: use register_values"):
        old = Game.new(rules_from_active(activated("base,old", plugin("old", modify_value=modify_value))), 1)
    assert old.answered("combat-dice") and old.answered("requirement-icons")


def test_a_value_declared_twice_names_both_plugins():
    @hookimpl
    def register_values(registry):
        registry.declare("combat-dice", "again", {})

    with pytest.raises(PluginError, match="'base'.*'twice'"):
        rules_from_active(activated("base,twice", plugin("twice", register_values=register_values)))


def test_a_step_added_to_a_moment_runs_there_with_the_moments_locals():
    """``combat.start`` (RS-CMB-04..08): after Start of Combat cards and tactic draws, before the first round."""
    def note(game, frame):
        game.log("noted", moment=frame["moment"], system=frame["system"], round=game.state["data"]["combat"]["round"])
        game.pop()

    @hookimpl
    def register_steps(registry):
        registry.register("noter.note", note)
        registry.at("combat.start", "noter.note")

    rules = rules_from_active(activated("base,noter", plugin("noter", register_steps=register_steps)))
    found = 0
    for seed in range(12):
        log = seeded_game(rules, seed).state["log"]
        for n, event in enumerate(log):
            if event["type"] == "combat":
                following = [e["type"] for e in log[n + 1:]]
                noted = following.index("noted")
                assert following[:noted].count("combat") == 0 and "roll" not in following[:noted]
                assert log[n + 1 + noted]["system"] == event["system"] and log[n + 1 + noted]["round"] == 1
                found += 1
    assert found >= 5, "too few combats in these seeds to check the moment"


def test_a_guarded_step_runs_only_where_its_guard_lets_it_and_otherwise_leaves_no_trace():
    """``at(moment, step, when=guard)``: the step is pushed only when ``guard(game, moment)`` is true as the moment
    is reached (here: battles of even game rounds); a guard that never lets it run leaves each game exactly as the
    game without the plugin, state hash and all (the base game adds its card-window step so, issue 31)."""
    def note(game, frame):
        game.log("noted", moment=frame["moment"], round=game.state["data"]["round"])
        game.pop()

    def guarded(ident: str, when) -> types.ModuleType:
        @hookimpl
        def register_steps(registry):
            registry.register(f"{ident}.note", note)
            registry.at("battle.start", f"{ident}.note", when=when)

        return plugin(ident, register_steps=register_steps)

    asked = []

    def even_rounds(game, moment):
        asked.append(moment)
        return game.state["data"]["round"] % 2 == 0

    even = rules_from_active(activated("base,even", guarded("even", even_rounds)))
    never = rules_from_active(activated("base,never", guarded("never", lambda game, moment: False)))
    noted = []
    for seed in (3, 4):
        game = seeded_game(even, seed)
        battles = [e for e in game.state["log"] if e["type"] == "noted"]
        assert battles and all(e["round"] % 2 == 0 and e["moment"] == "battle.start" for e in battles)
        noted += battles
        assert seeded_game(never, seed).state_hash() == seeded_game(rules_for(("base",)), seed).state_hash()
    assert set(asked) == {"battle.start"} and len(asked) > len(noted)


def test_a_step_at_an_undeclared_moment_is_refused():
    @hookimpl
    def register_steps(registry):
        registry.register("lost.step", lambda game, frame: game.pop())
        registry.at("combat.begin", "lost.step")

    with pytest.raises(PluginError, match="'lost'.*combat.begin"):
        Rules(activated("base,lost", plugin("lost", register_steps=register_steps)))


# -- wrapping composes ---------------------------------------------------------------------------------------------


def counting_wrapper(ident: str, counts: dict) -> types.ModuleType:
    def wrapper(game, frame, inner):
        counts[ident] = counts.get(ident, 0) + 1
        inner(game, frame)

    @hookimpl
    def register_steps(registry):
        registry.wrap("base.combat.round", wrapper)  # Rise of the Empire wraps this step too (cinematic combat)

    return plugin(ident, requires=("rise-of-the-empire",), register_steps=register_steps)


def test_two_more_plugins_wrap_a_step_rise_of_the_empire_wraps_and_games_play_the_same():
    counts: dict[str, int] = {}
    active = activated(f"{ROE},wrap-a,wrap-b", counting_wrapper("wrap-a", counts), counting_wrapper("wrap-b", counts))
    rules = rules_from_active(active)
    assert rules.steps.wrapped_by("base.combat.round") == ["rise-of-the-empire", "wrap-a", "wrap-b"]
    plain = rules_from_active(activate(env=ROE))
    for seed in range(6):
        assert seeded_game(rules, seed).state["log"] == seeded_game(plain, seed).state["log"]
    assert counts["wrap-a"] == counts["wrap-b"] > 0


# -- broken plugins stay out of everyone's way (issue 16, "Plugins") -------------------------------------------------


def test_a_bad_packs_declaration_makes_only_that_plugin_broken():
    bad = plugin("badpacks")
    bad.EXPANSION = Expansion(id="badpacks", name="badpacks", version="1.0", packs=(("no.such.package", "x"),))
    found = discover(extra=[(bad, "tests")])
    assert "badpacks" in found.broken and "packs declaration" in found.broken["badpacks"]
    rules = rules_from_active(activate(env="base", discovery=found))  # everyone else still plays
    assert Game.new(rules, 1).pending


def _installed(monkeypatch, folder, name: str, hooks: str, source: str = "tests") -> None:
    """An expansion ``name`` requiring base, with the ``hooks`` source, found as if installed from ``source`` (its
    code runs in its own module, as installed code does), for `rebellion` run in ``folder``."""
    import sys

    module = types.ModuleType(f"swrebellion_test_{name}")
    exec("from swrebellion.hookspecs import hookimpl\nfrom swrebellion.plugins import Expansion\n"
         f"EXPANSION = Expansion(id={name!r}, name={name!r}, version='1.0', requires=('base',))\n" + hooks,
         module.__dict__)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    found = discover(extra=[(module, source)])
    monkeypatch.setattr("swrebellion.plugins.discover", lambda extra=(): found)
    monkeypatch.delenv("SWREBELLION_DEBUG", raising=False)
    monkeypatch.chdir(folder)


def test_a_plugin_whose_hook_raises_is_named_without_a_traceback(tmp_path, monkeypatch):
    """Issue 16: a third-party hook that raises during play is reported naming the plugin, exit 1."""
    from packkit import cli

    _installed(monkeypatch, tmp_path, "crasher",
               "@hookimpl\n"
               "def on_event(game, event):\n"
               "    if event['type'] == 'round':\n"
               "        raise ZeroDivisionError('the crasher divides by zero')\n")
    result = cli("play", "--seed", "1", "-x", "crasher")
    assert result.exit_code == 1
    assert "error: expansion 'crasher' failed: ZeroDivisionError: the crasher divides by zero" in result.output
    assert "please report it to the authors of 'crasher')" in result.output
    assert "Traceback" not in result.output


def test_a_failing_expansion_shipped_with_swrebellion_is_reported_to_us(tmp_path, monkeypatch):
    """The CLI names no plugin by id (issue 27 §1): whether a failure goes to a plugin's authors or to us is told by
    the distribution that installed it, so an expansion shipped with swrebellion is never "someone else's"."""
    from packkit import cli

    _installed(monkeypatch, tmp_path, "crasher",
               "@hookimpl\n"
               "def on_event(game, event):\n"
               "    if event['type'] == 'round':\n"
               "        raise ZeroDivisionError('the crasher divides by zero')\n", source="swrebellion 0.1.0")
    result = cli("play", "--seed", "1", "-x", "crasher")
    assert result.exit_code == 1
    assert "error: expansion 'crasher' failed" in result.output
    assert "please report it)" in result.output and "authors" not in result.output


# -- event reactions (register_reactions) -------------------------------------------------------------------------


def played(rules, seed: int = 5, decisions: int = 10**6) -> Game:
    game = Game.new(rules, seed, {"players": 2})
    play(game, {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}, decisions)
    return game


def test_reactions_run_for_their_event_type_only_in_dependency_order_before_on_event():
    heard = []

    def reactor(name):
        @hookimpl
        def register_reactions(registry):
            registry.react("roll", lambda game, event: heard.append((name, event)))

        return register_reactions

    @hookimpl
    def on_event(game, event):
        if event["type"] == "roll":
            heard.append(("listener", event))

    # discovered in the opposite order of their dependencies: the order is still base, first, second
    second = plugin("second", requires=("first",), register_reactions=reactor("second"), on_event=on_event)
    first = plugin("first", register_reactions=reactor("first"))
    rules = rules_from_active(activated("base,first,second", second, first))
    assert rules.reactions.reacting("roll") == ["first", "second"]
    assert rules.reactions.reacting("shuffle") == []
    game = played(rules)
    rolls = [e for e in game.state["log"] if e["type"] == "roll"]
    assert rolls, "a whole base game rolls dice"
    assert [name for name, _ in heard] == ["first", "second", "listener"] * len(rolls)
    assert [event for _, event in heard[::3]] == rolls and all(a is b for (_, a), b in zip(heard[::3], rolls))


def test_a_reaction_runs_as_soon_as_its_event_is_appended():
    """What a reaction logs comes right after the event it reacts to, before anything the logging step logs next."""
    @hookimpl
    def register_reactions(registry):
        registry.react("shuffle", lambda game, event: game.log("echo", deck=event["deck"]))

    rules = rules_from_active(activated("base,echo", plugin("echo", register_reactions=register_reactions)))
    log = Game.new(rules, 2, {"players": 2}).state["log"]
    shuffles = [i for i, e in enumerate(log) if e["type"] == "shuffle"]
    assert shuffles
    assert all(log[i + 1] == {"type": "echo", "deck": log[i]["deck"]} for i in shuffles)
    assert sum(e["type"] == "echo" for e in log) == len(shuffles)


def test_a_bad_registration_names_its_plugin():
    @hookimpl
    def register_reactions(registry):
        registry.react(["roll"], print)

    with pytest.raises(PluginError, match="'clumsy'.*register_reactions"):
        rules_from_active(activated("base,clumsy", plugin("clumsy", register_reactions=register_reactions)))


def test_rise_of_the_empire_reacts_through_registered_reactions_not_an_on_event_relay():
    """Its triggers (the leader limit RE-LDR, markers RE-MRK, deployments RE-DEP, retreats) are registered reactions:
    no plugin implements on_event, so the log makes no hook call at all; its games stay the golden logs' games."""
    rules = rules_for(("base", "rise-of-the-empire"))
    assert not rules.active.pm.hook.on_event.get_hookimpls()
    for kind in ("deployed", "retreat", "system-destroyed", "drew-objectives", "ring-replaced"):
        assert set(rules.reactions.reacting(kind)) == {"rise-of-the-empire"}, kind
    assert rules.reactions.reacting("roll") == []


def test_expansions_order_requirements_first_and_a_cycle_is_named():
    """Hooks run in dependency order, ties by id (the order never depends on discovery); expansions that require
    each other are refused naming every member of the cycle (the same helper orders packs, SW306)."""
    late = plugin("aa-late", requires=("base", "zz-early"))
    early = plugin("zz-early")
    assert activated("base,aa-late,zz-early", late, early).enabled == ["base", "zz-early", "aa-late"]
    loop = [plugin("loop-a", requires=("base", "loop-b")), plugin("loop-b", requires=("loop-c",)),
            plugin("loop-c", requires=("loop-a",))]
    with pytest.raises(ExpansionError, match="expansions loop-a, loop-b, loop-c require each other in a cycle"):
        activated("base,loop-a,loop-b,loop-c", *loop)


@pytest.mark.parametrize("command, hook, answer", [
    (("play", "--seed", "1"), "describe_event", "42"),
    (("board", "-o", "b.svg"), "board_annotations", "'a string'"),
])
def test_a_hook_answer_of_the_wrong_type_is_blamed_on_its_plugin(tmp_path, monkeypatch, command, hook, answer):
    """A plugin's describe_event returning 42 was printed as a line of the account, and a board_annotations returning
    a string was blamed on the base game (issue 32, "Crashes"): the error names the plugin, the hook and the value."""
    from packkit import cli

    _installed(monkeypatch, tmp_path, "wrong",
               "@hookimpl(tryfirst=True)\n"  # before the base game's own wording
               f"def {hook}(game):\n"
               f"    return {answer}\n")
    result = cli(*command, "-x", "wrong")
    assert result.exit_code == 1, result.output
    assert f"error: expansion 'wrong' failed: PluginError: expansion 'wrong' failed in {hook}: it returned" in (
        result.output)
    assert "Traceback" not in result.output and "'base'" not in result.output
