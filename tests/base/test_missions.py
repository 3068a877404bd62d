"""Missions, assignment and action cards: what scenario files cannot say (issue 5). The rules cases themselves are
scenarios under tests/scenarios/base/missions/."""

from __future__ import annotations

import pytest
from invariants import apply_beside_a_copy

from swrebellion.engine import Game, scenario
from swrebellion.expansions.base.phases import missions
from swrebellion.expansions.base.rules.plans import playable
from swrebellion.expansions.base.tables import tables
from swrebellion.games import rules_from_active
from swrebellion.models.effects import EffectStep
from swrebellion.plugins import activate


def start(rules, state: dict, seed: int = 0) -> Game:
    return scenario.start(scenario.Scenario.model_validate({"name": "t", "seed": seed, "state": state}), rules)


def nested_steps(steps):
    """Every step of an effect, with the steps nested in branches and delayed effects."""
    for step in steps:
        yield step
        params = step if isinstance(step, dict) else step.params
        yield from nested_steps(params.get("steps", []))
        for branch in params.get("options", []):
            yield from nested_steps(branch["steps"])


def test_every_card_effect_step_names_a_registered_op_with_valid_parameters(base_rules):
    """Content errors fail here, before anyone plays (DESIGN principle 1)."""
    t = tables(Game.blank(base_rules, 0))
    checked = 0
    for card in [*t.missions.values(), *t.actions.values()]:
        for step in nested_steps([*getattr(card, "target", []), *card.effect]):
            data = step if isinstance(step, dict) else step.model_dump()
            assert data["op"] in base_rules.ops, f"{card.id}: unknown op {data['op']}"
            base_rules.ops[data["op"]].params.model_validate({k: v for k, v in data.items() if k != "op"})
            checked += 1
    assert checked > 40


def test_issue_5_cards_are_all_playable(base_rules):
    """The starting missions, the projects the rules need and the starting action cards (except Start of Combat
    ones) all carry effect data."""
    game = Game.blank(base_rules, 0)
    t = tables(game)
    starting = [c for c, m in t.missions.items() if m.deck == "starting"]
    actions = [c for c, a in t.actions.items() if a.starting and a.timing != "start-of-combat"]
    for card in [*starting, "construct-death-star", "superlaser-online", *actions]:
        assert playable(game, card), card


LEADER_OFF_CARD = {
    "moved": {"at": "corellia", "ring": None},
    "eliminated": {"at": "gone", "ring": None},
    "captured": {"at": "corellia", "ring": "captured"},
}


@pytest.mark.parametrize("how", sorted(LEADER_OFF_CARD))
def test_c11_a_card_whose_leader_was_taken_off_returns_unrevealed(base_rules, how):
    """RULINGS C-11, RB-MIS-23, FAQ-22: one leader taken off suffices; the other goes back to the pool, and the
    card is never offered for reveal."""
    game = start(base_rules, {
        "phase": "command", "base": "dantooine",
        "units": {"corellia": {"stormtrooper": 1}},
        "leaders": {"han-solo": "pool", "chewbacca": "pool"},
        "assigned": {"rebel": [{"card": "sabotage", "leaders": ["han-solo", "chewbacca"]}]},
    })
    game.state["data"]["leaders"]["han-solo"] = dict(LEADER_OFF_CARD[how])
    assert missions.reveal_options(game, "rebel") == []
    data = game.state["data"]
    assert data["assigned"]["rebel"] == []
    assert data["leaders"]["chewbacca"]["at"] == "pool"
    assert data["leaders"]["han-solo"] == LEADER_OFF_CARD[how]
    assert "sabotage" in data["hands"]["rebel"]["missions"]["value"]
    assert game.state["log"][-1]["type"] == "mission-returned"


def fresh_rules_with(card: str, **update):
    """Rules of their own (not the shared cached ones) in which one card's data is changed."""
    rules = rules_from_active(activate(env="base"))
    t = tables(Game.blank(rules, 0))
    fields = {k: [EffectStep.model_validate(s) for s in v] for k, v in update.items()}
    collection = t.missions if card in t.missions else t.actions
    collection[card] = collection[card].model_copy(update=fields)
    return rules


SABOTAGE_ROLLING_ANYWAY = [{"op": "choose", "what": "system", "where": {"populous": True}}, {"op": "mission_dice", "unopposed": True}]


@pytest.mark.parametrize("faces, success", [(["blank"], False), (["hit"], True)])
def test_d02_a_card_that_rolls_even_unopposed_needs_one_success(faces, success):
    """RULINGS D-02: no opposing leader, yet the card says to roll: at least one success is needed."""
    rules = fresh_rules_with("sabotage", target=SABOTAGE_ROLLING_ANYWAY)
    game = start(rules, {
        "phase": "command", "base": "dantooine",
        "leaders": {"general-rieekan": "pool"},
        "assigned": {"rebel": [{"card": "sabotage", "leaders": ["general-rieekan"]}]},
    })
    game.state["forced_dice"] = list(faces)
    game.apply("reveal:sabotage")
    game.apply("naboo")
    result = [e for e in game.state["log"] if e["type"] == "mission-result"][-1]
    assert result["success"] is success
    assert game.state["data"]["systems"]["naboo"]["sabotage"] is success


def test_rs_mis_05_a_combat_started_by_a_mission_is_fought_after_it():
    """RS-MIS-05: units a mission moves in where the opponent has units fight once every step of the mission is
    done (Hit and Run made to bring units from the Rebel Base space, for the test)."""
    rules = fresh_rules_with("hit-and-run", effect=[{"op": "move_units", "from": "base", "to": "system"}])
    game = start(rules, {
        "phase": "command", "base": "dantooine",
        "units": {"rebel-base": {"x-wing": 2}, "naboo": {"tie-fighter": 1}},
        "leaders": {"han-solo": "pool"},
        "assigned": {"rebel": [{"card": "hit-and-run", "leaders": ["han-solo"]}]},
    })
    game.apply("reveal:hit-and-run")
    game.apply("naboo")
    game.apply("x-wing")
    game.apply("done")
    types = [e["type"] for e in game.state["log"]]
    assert types.index("mission-ended") < types.index("combat")
    combat = next(e for e in game.state["log"] if e["type"] == "combat")
    assert combat["system"] == "naboo" and combat["initiator"] == "rebel"


def test_assigned_cards_are_team_secrets_and_their_leaders_public(base_rules):
    """RS-ASG-07: the opponent sees how many leaders are on each face-down card, and which, but not the card."""
    game = start(base_rules, {
        "phase": "assignment", "base": "dantooine",
        "units": {"corellia": {"stormtrooper": 1}},
        "leaders": {"princess-leia": "pool", "emperor-palpatine": "pool"},
        "hands": {"rebel": {"missions": ["sabotage"]}},
    })
    game.apply("assign:sabotage")
    empire = game.view("empire")
    [entry] = empire["data"]["assigned"]["rebel"]
    assert entry["leaders"] == ["princess-leia"]
    assert "value" not in entry["card"]
    assigned = [e for e in empire["log"] if e["type"] == "assigned"][-1]
    assert "value" not in assigned["card"] and assigned["leaders"] == ["princess-leia"]
    rebel = game.view("rebel")
    assert rebel["data"]["assigned"]["rebel"][0]["card"] == "sabotage"


def test_relocation_keeps_the_new_base_secret(base_rules):
    """RB-RLC-03: the new base's probe card lies face down; the old location is public (RB-RLC-02)."""
    game = start(base_rules, {
        "phase": "command", "base": "dantooine", "passed": {"empire": True},
        "leaders": {"general-rieekan": "pool"},
        "decks": {"probes": ["probe-hoth", "probe-endor", "probe-yavin", "probe-bespin", "probe-ilum", "probe-naboo"]},
        "assigned": {"rebel": [{"card": "rapid-mobilization", "leaders": ["general-rieekan"]}]},
    })
    for option in ("reveal:rapid-mobilization", "pass", "new-base", "probe-hoth"):
        game.apply(option)
    event = next(e for e in game.view("empire")["log"] if e["type"] == "base-relocated")
    assert event["old"] == "dantooine" and "value" not in event["new"]
    assert "value" not in game.view("empire")["data"]["base"]
    assert game.view("rebel")["data"]["base"] == "hoth"


def test_a_mission_frame_can_be_copied_mid_decision(base_rules):
    """The flow is data: a game copied while a mission waits on the opponent plays on identically."""
    game = start(base_rules, {
        "phase": "command", "current": "empire", "base": "dantooine",
        "units": {"corellia": {"stormtrooper": 1}},
        "leaders": {"emperor-palpatine": "pool", "mon-mothma": "pool"},
        "assigned": {"empire": [{"card": "rule-by-fear", "leaders": ["emperor-palpatine"]}]},
    })
    game.apply("reveal:rule-by-fear")
    copy = game.copy()
    for g in (game, copy):
        g.state["forced_dice"] = ["hit", "hit", "hit", "blank", "blank", "blank"]
        g.apply("mon-mothma", player="rebel")
    assert copy.state_hash() == game.state_hash()
    assert game.state["data"]["systems"]["corellia"]["loyalty"] == "empire"


@pytest.mark.parametrize("expansions,options", [(("base",), {}),
                                                (("base", "rise-of-the-empire"), {"setup": "rise-of-the-empire"})])
def test_offered_cards_and_first_leaders_are_those_some_pair_of_the_pool_meets(expansions, options):
    """RS-ASG-02/03, RS-MIS-02: the Assignment Phase offers a card when one or two leaders of the pool meet its
    requirement, and a first leader when he meets it alone or with one more of the pool. The shortcuts (each
    skill's best pair found once) must give what trying every leader and pair with ``meets`` gives, in mid-game
    pools of seeded random games (Rise of the Empire counts small icons too)."""
    from itertools import combinations

    from swrebellion.engine import RandomAgent
    from swrebellion.expansions.base import board
    from swrebellion.expansions.base.rules.missions import assignable, first_leaders, icons_of, meets
    from swrebellion.games import rules_for

    rules = rules_for(expansions)
    checked = 0
    for seed in range(1, 4):
        game = Game.new(rules, seed, options)
        agents = {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}
        cards = sorted(tables(game).missions)
        for step in range(300):
            if game.over:
                break
            for faction in ("rebel", "empire") if step % 10 == 0 else ():
                pool = board.pool(game, faction)
                icons = icons_of(game, pool)
                for card in cards:
                    pairs = [[l] for l in pool] + [list(p) for p in combinations(pool, 2)]
                    met = any(meets(game, card, team) for team in pairs)
                    assert assignable(game, [card], pool, icons) == ([card] if met else []), (seed, faction, card)
                    firsts = [l for l in pool if any(meets(game, card, team) for team in pairs if l in team)]
                    assert first_leaders(game, card, pool, icons) == firsts, (seed, faction, card, pool)
                    checked += 1
            decision = game.pending[0]
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    assert checked > 500


@pytest.mark.parametrize("expansions,options", [(("base",), {}),
                                                (("base", "rise-of-the-empire"), {"setup": "rise-of-the-empire"})])
def test_an_assignment_is_offered_the_same_from_a_copy_made_between_its_decisions(expansions, options):
    """RS-ASG-02/03: an assignment is one choice made in three decisions (card, first leader, second). The pool
    and icons its card question was made from are kept on the game object for the next decisions (and the next card
    question, less the leaders assigned), never in the state: a copy made between the decisions (which has nothing
    kept, and lists them again) is asked the same next question, and the state of the original is the copy's."""
    from swrebellion.engine import RandomAgent
    from swrebellion.games import rules_for

    rules = rules_for(expansions)
    checked = 0
    for seed in range(1, 3):
        game = Game.new(rules, seed, options)
        agents = {p: RandomAgent(seed * 5 + n) for n, p in enumerate(game.state["players"])}
        while not game.over and game.state["data"]["round"] < 4:
            decision = game.pending[0]
            choice = agents[decision.player].choose(game, decision)
            if decision.kind.startswith("assign-"):
                apply_beside_a_copy(game, choice, decision.player)
                checked += 1
            else:
                game.apply(choice, player=decision.player)
    assert checked > 40
