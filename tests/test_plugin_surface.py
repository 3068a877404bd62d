"""Issue 30, the plugin surface round two, tested from outside: ``tests/morale/swrebellion_morale.py`` is a
third-party plugin importing only the public modules, found as if installed (``discover(extra=...)``). It withholds
options with a reason (MOR-2), acts on the assignment (MOR-3), offers a Command Phase action and a free act (MOR-4)
and speaks after a combat is over (MOR-5)."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from plugin_site import PUBLIC, imported_modules

from swrebellion import presentation
from swrebellion.engine import Game, IllegalChoice, PluginError, RandomAgent, peek
from swrebellion.engine.human import HumanAgent
from swrebellion.games import rules_from_active
from swrebellion.hookspecs import hookimpl
from swrebellion.plugins import Expansion, activate, discover

HERE = Path(__file__).parent / "morale"
sys.path.insert(0, str(HERE))
import swrebellion_morale as morale  # noqa: E402

sys.path.remove(str(HERE))


def rules_with(*plugins, env: str = "base,morale"):
    found = discover(extra=[(p, "tests") for p in (morale, *plugins)])
    return rules_from_active(activate(env=env, discovery=found))


@pytest.fixture(scope="module")
def rules():
    return rules_with()


def until(game: Game, done, seed: int = 0, limit: int = 3000):
    """Random agents play until ``done(game)`` holds (a decision pending); the decision then open."""
    agents = {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}
    for _ in range(limit):
        if game.over:
            break
        decision = game.pending[0]
        if done(game, decision):
            return decision
        game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    pytest.fail("the situation never came up")


def test_it_imports_only_public_modules():
    found = imported_modules(HERE / "swrebellion_morale.py", PUBLIC)
    assert found <= PUBLIC, sorted(found - PUBLIC)


# -- item 1: withholding options ------------------------------------------------------------------------------------


def test_a_side_at_zero_morale_is_not_offered_an_assignment_and_is_told_why(rules):
    """MOR-2 (RS-ASG-02 otherwise offers every card): the options are withheld in the one place decisions are made,
    the player sees them as not offered with the reason, answering one is refused saying why, and the decision
    keeps its other options (``done``)."""
    game = Game.new(rules, 4, {"morale": 0})
    decision = until(game, lambda g, d: d.kind == "assign-card" and d.player == "rebel")
    assert not [o for o in decision.option_ids if o.startswith("assign:")] and "done" in decision.option_ids
    withheld = game.withheld(decision)
    assert withheld and {w["by"] for w in withheld} == {"morale"}
    assert all(w["id"].startswith("assign:") and w["reason"] == "Rebel morale is at zero (MOR-2)" for w in withheld)
    assert game.view("rebel")["pending"][0]["withheld"][0]["reason"] == "Rebel morale is at zero (MOR-2)"
    assert "withheld" not in str(game.view("empire")["pending"])  # the other side learns nothing of the question
    shown: list[str] = []
    HumanAgent("rebel", ask=str, say=shown.append, render=presentation.render).show(game, decision, [])
    assert f"  not offered: {presentation.render(game, withheld[0]['label'])} — Rebel morale is at zero (MOR-2)" in shown
    with pytest.raises(IllegalChoice, match=r"withheld by 'morale': Rebel morale is at zero"):
        game.apply(withheld[0]["id"], player="rebel")


def test_withheld_options_leave_the_state_hash_and_saves_alone(rules):
    """The reasons are derived when asked: the hash a save is checked against is the same as with the options left
    out in silence, and a save of the game loads (its choices replayed, the withheld options asked again)."""
    from swrebellion.engine.save import restore, save_data

    game = Game.new(rules, 4, {"morale": 0})
    decision = until(game, lambda g, d: d.kind == "assign-card" and d.player == "rebel")
    silent = game.copy()
    for entry in silent.state["pending"]:
        entry.pop("withheld", None)
    assert game.state_hash() == silent.state_hash()
    loaded = restore(save_data(game), lambda expansions, packs: rules)
    assert loaded.withheld(loaded.pending[0]) == game.withheld(decision)


def test_the_base_game_withholds_a_teammates_mission_saying_why():
    """RS-MIS-08: in team play only a player with a leader on a mission card reveals it; the base game withholds
    the teammate's reveals through the same extension point (ValueRegistry.withhold)."""
    from swrebellion.games import rules_for

    game = Game.new(rules_for(("base",)), 2, {"players": 4})
    decision = until(game, lambda g, d: d.kind == "command-action" and g.withheld(d), seed=2)
    withheld = game.withheld(decision)
    assert all(w["by"] == "base" and w["id"].startswith("reveal:") for w in withheld)
    assert {w["reason"] for w in withheld} == {"only the player with a leader on it reveals it (RS-MIS-08)"}
    assert not {w["id"] for w in withheld} & set(decision.option_ids)


def test_withholding_the_last_option_is_refused_naming_the_plugin():
    @hookimpl
    def register_values(registry):
        registry.withhold("command-action", lambda game, kind, player, options: {o["id"]: "no" for o in options})

    greedy = types.ModuleType("greedy")
    greedy.EXPANSION = Expansion(id="greedy", name="greedy", version="1", requires=("base",))
    greedy.register_values = register_values
    game = Game.new(rules_with(greedy, env="base,greedy"), 1)
    with pytest.raises(PluginError, match=r"expansion 'greedy' failed in withholding options of 'command-action': "
                                          r"it withholds every option offered to rebel"):
        until(game, lambda g, d: False)


def test_a_withholder_answering_the_wrong_type_is_named():
    @hookimpl
    def register_values(registry):
        registry.withhold("assign-card", lambda game, kind, player, options: ["assign:x"])

    odd = types.ModuleType("odd")
    odd.EXPANSION = Expansion(id="odd", name="odd", version="1", requires=("base",))
    odd.register_values = register_values
    game = Game.new(rules_with(odd, env="base,odd"), 1)
    with pytest.raises(PluginError, match=r"'odd' failed in withholding options of 'assign-card': it returned list"):
        until(game, lambda g, d: False)


def test_a_tryfirst_setup_keeps_its_own_keys_and_may_not_write_the_base_games():
    """Issue 30: a ``tryfirst`` ``setup_game`` used to see its state replaced wholesale by the base game's."""

    def early(keys):
        @hookimpl(tryfirst=True)
        def setup_game(game):
            game.state["data"].update(keys)

        module = types.ModuleType("early")
        module.EXPANSION = Expansion(id="early", name="early", version="1", requires=("base",))
        module.setup_game = setup_game
        return rules_with(module, env="base,early")

    assert Game.new(early({"early_note": 7}), 1).state["data"]["early_note"] == 7
    with pytest.raises(ValueError, match=r"'early' wrote state\['data'\] key\(s\) round in setup_game before the base"):
        Game.new(early({"round": 9}), 1)


# -- item 2: the assignment -----------------------------------------------------------------------------------------


def test_a_plugin_acts_on_each_assignment_and_reads_the_assigned_missions(rules):
    """MOR-3 (RS-ASG-02): the moment ``mission.assigned`` is reached once per mission assigned in the Assignment
    Phase, with its card and leaders, which ``api.cards.assigned`` then lists; a reaction to ``assigned`` hears
    every assignment."""
    game = Game.new(rules, 5)
    until(game, lambda g, d: g.state["data"]["phase"] == "command")
    noted = game.state["data"]["morale_assigned"]
    assert noted and game.state["data"]["morale_heard"] >= len(noted)
    for side in ("rebel", "empire"):
        on_board = [[peek(e["card"]), e["leaders"]] for e in game.state["data"]["assigned"][side]]
        assert [[card, leaders] for faction, card, leaders in noted if faction == side] == on_board
        assert morale.assigned_cards(game, side) == [card for card, _ in on_board]


# -- item 3: a Command Phase action -------------------------------------------------------------------------------


def test_a_plugins_command_action_uses_up_the_turn_and_a_free_act_does_not(rules):
    """MOR-4 (RB-CMD-01: one action a turn): Rally (``command-actions``, or ``turn-start-acts`` without
    ``free``) is the turn's action: the other side plays next. Cheer (``turn-start-acts`` with ``free: true``)
    runs and the same player is asked for his action again (how often a free act is offered is the plugin's
    business: this one offers Cheer at every question)."""
    game = Game.new(rules, 6)
    decision = until(game, lambda g, d: d.kind == "command-action")
    player = decision.player
    assert {"morale:rally", "morale:cheer"} <= set(decision.option_ids)
    game.apply("morale:cheer", player=player)
    assert game.state["log"][-1]["type"] == "morale-cheer"
    assert game.pending[0].player == player and game.pending[0].kind == "command-action"
    before = game.state["data"]["morale"][player]
    game.apply("morale:rally", player=player)
    assert game.state["data"]["morale"][player] == before + 1
    assert game.pending[0].player != player  # the turn is over: the other side acts


# -- item 5: after the combat ---------------------------------------------------------------------------------------


def test_a_plugins_words_about_a_combat_come_after_it_is_over(rules):
    """MOR-5 (RS-END-02/03): the moment ``combat.over`` comes after the ``combat-end`` event, with
    ``data['combat']`` cleared, so its line follows "The combat in X is over"."""
    game = Game.new(rules, 1)
    lost = lambda e: e["type"] == "morale" and e["cause"].startswith("lost")  # noqa: E731
    until(game, lambda g, d: any(map(lost, g.state["log"])), seed=1, limit=20_000)
    log = list(game.state["log"])
    said = next(n for n, e in enumerate(log) if lost(e))
    ended = max(n for n in range(said) if log[n]["type"] == "combat-end")
    assert log[said]["cause"] == f"lost in {log[ended]['system']}"
    assert all(e["type"] != "combat-start" for e in log[ended:said])
    lines = presentation.narration(game, None)
    over = max(n for n, line in enumerate(lines) if "The combat in" in line and "is over" in line)
    morale_line = next(n for n, line in enumerate(lines) if "(lost in" in line)
    assert over < morale_line


# -- pluggy's wrappers, Rules.call --------------------------------------------------------------------------------


def test_pluggy_wrappers_of_both_styles_wrap_a_game_hook():
    """Issue 30: hook wrappers are documented (docs/hooks.md, "Wrappers"): a new-style wrapper (``wrapper=True``)
    rewords the base game's line of an event, an old-style one (``hookwrapper=True``) adds to every plugin's state
    lines; ``Rules.call`` answers the one line of a first-result hook, the list of a collecting one."""

    @hookimpl(wrapper=True)
    def describe_event(game, event, viewer):
        line = yield
        return line + " [wrapped]" if event["type"] == "round" and line else line

    @hookimpl(hookwrapper=True)
    def state_lines(game, view, where):
        outcome = yield
        outcome.force_result([*outcome.get_result(), ["Wrapped."]])

    wrapping = types.ModuleType("wrapping")
    wrapping.EXPANSION = Expansion(id="wrapping", name="wrapping", version="1", requires=("base",))
    wrapping.describe_event, wrapping.state_lines = describe_event, state_lines
    rules = rules_with(wrapping, env="base,morale,wrapping")
    game = Game.new(rules, 2)
    until(game, lambda g, d: g.state["data"]["phase"] == "command")
    round_event = next(e for e in game.state["log"] if e["type"] == "round")
    line = rules.call("describe_event", game=game, event=round_event, viewer=None)
    assert isinstance(line, str) and line.endswith(" [wrapped]")
    assert any(line.endswith(" [wrapped]") for line in presentation.narration(game, None))
    assert presentation.state_lines(game, game.view(None), "status")[-1] == "Wrapped."
    assert rules.call("state_lines", game=game, view=game.view(None), where="status")[-1] == ["Wrapped."]


# -- item 6: swrebellion.testing ------------------------------------------------------------------------------------


def test_seeded_games_compare_with_an_expansion_on_and_off():
    """``rules_without`` leaves an installed expansion out (refusing an unknown id and one another kept requires);
    ``differences`` names the first event where seeded games part, and finds none between the same rules."""
    from swrebellion import testing
    from swrebellion.games import rules_for
    from swrebellion.plugins import ExpansionError

    roe = ("base", "rise-of-the-empire")
    assert testing.differences(rules_for(("base",)), testing.rules_without(["rise-of-the-empire"], roe), [0]) == []
    [message] = testing.differences(rules_for(roe), rules_for(("base",)), [0])
    assert message.startswith("seed 0: event ") and " against " in message
    with pytest.raises(ExpansionError, match="'rise-of-the-empires' is not an installed expansion"):
        testing.rules_without(["rise-of-the-empires"], roe)
    with pytest.raises(ExpansionError, match="'rise-of-the-empire' requires 'base', which is left out"):
        testing.rules_without(["base"], roe)


def test_a_plugins_game_replays_from_its_save(rules, tmp_path):
    """``testing.replay`` rebuilds a game from its seed and choices and checks the state hash: the morale track is
    all in ``game.state``, withheld options included, so it replays; ``check_golden`` pins its events."""
    from swrebellion import testing

    game = Game.new(rules, 4, {"morale": 0})
    until(game, lambda g, d: d.kind == "assign-card" and d.player == "rebel")
    again = testing.replay(game)
    assert again.state_hash() == game.state_hash() and again.withheld(again.pending[0]) == game.withheld(game.pending[0])
    lines = [line for line in testing.played(rules, 4, options={"morale": 0})]
    testing.check_golden(tmp_path / "morale.jsonl.gz", lines, update=True)
    testing.check_golden(tmp_path / "morale.jsonl.gz", lines)
    with pytest.raises(AssertionError, match="event 0 differs from the pinned log"):
        testing.check_golden(tmp_path / "morale.jsonl.gz", ["{}", *lines[1:]])
