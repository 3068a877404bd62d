"""Team play (RB-TEAM-01..07, RS-CMD-09, RS-TEAM-02): who plays which seat and in which order."""

import re

from invariants import check_finished
from swrebellion.engine import Game, RandomAgent, peek, play
from swrebellion.engine.scenario import Scenario, start

LEADERS = {"jan-dodonna": "pool", "princess-leia": "pool", "emperor-palpatine": "pool", "darth-vader": "pool"}


def command_phase(rules, players, **state):
    spec = {"players": players, "phase": "command", "current": "rebel", "leaders": LEADERS, **state}
    return start(Scenario(name="team", state=spec), rules)


def turns(game, count):
    """Pass with whoever acts, ``count`` times; return who acted."""
    seen = []
    for _ in range(count):
        [decision] = game.pending
        assert decision.kind == "command-action"
        seen.append(decision.player)
        game.apply("pass", player=decision.player)
    return seen


def test_four_players_take_turns_admirals_first_rebel_first_and_a_pass_skips_the_seat(base_rules):
    """RB-TEAM-01 (two players a side, an Admiral and a General), RS-CMD-09: seats in turn order."""
    game = command_phase(base_rules, 4)
    assert turns(game, 4) == ["rebel-admiral", "empire-admiral", "rebel-general", "empire-general"]
    assert game.state["data"]["phase"] == "refresh" or game.over  # everyone passed: the phase is over


def test_each_seat_activates_only_with_its_own_leaders(base_rules):
    """RB-TEAM-02, RS-LDR-08: blue leaders are the Admiral's, orange the General's."""
    game = command_phase(base_rules, 4)
    [decision] = game.pending
    game.apply("activate:hoth", player=decision.player)
    assert game.state["data"]["leaders"]["jan-dodonna"]["at"] == "hoth"  # the admiral's only leader with tactics
    assert game.state["data"]["leaders"]["princess-leia"]["at"] == "pool"


def test_the_lone_rebel_of_three_players_holds_both_rebel_seats(base_rules):
    """RB-TEAM-03, RS-CMD-09: he takes one turn with his Admiral leaders and one with his General leaders."""
    game = command_phase(base_rules, 3)
    assert turns(game, 4) == ["rebel", "empire-admiral", "rebel", "empire-general"]


def test_after_a_pass_the_others_go_on(base_rules):
    """RS-CMD-02: a seat that passed takes no more turns; the others continue in order."""
    game = command_phase(base_rules, 4)
    [decision] = game.pending
    game.apply("pass", player="rebel-admiral")
    [decision] = game.pending
    assert decision.player == "empire-admiral"
    game.apply("activate:coruscant", player="empire-admiral")
    while game.pending and game.pending[0].kind != "command-action":
        game.apply(game.pending[0].options[-1].id, player=game.pending[0].player)
    assert game.pending[0].player == "rebel-general"


def test_team_games_play_to_the_end(base_rules):
    for players in (3, 4):
        for seed in range(10):
            game = Game.new(base_rules, seed, {"players": players})
            play(game, {p: RandomAgent(seed * 11 + n) for n, p in enumerate(game.state["players"])})
            check_finished(game)


def test_in_team_play_the_admiral_then_the_general_assigns_his_own_leaders(base_rules):
    """RS-ASG-09 (and RS-ASG-01, RS-TEAM-02: the whole Rebel team, the current side, before the Empire)."""
    spec = {"players": 4, "phase": "assignment", "leaders": LEADERS,
            "hands": {"rebel": {"missions": ["build-alliance", "infiltration"]},
                      "empire": {"missions": ["rule-by-fear", "gather-intel"]}}}
    game = start(Scenario(name="team-assignment", state=spec), base_rules)
    deciders = []
    while game.pending and game.state["data"]["phase"] == "assignment":
        decision = game.pending[0]
        deciders.append(decision.player)
        if decision.kind == "assign-first":
            leaders = {o.id for o in decision.options}
            role = "admiral" if decision.player.endswith("admiral") else "general"
            assert all(game.rules.cache["base"].leaders[l].role == role for l in leaders), (decision.player, leaders)
        game.apply(decision.options[0].id, player=decision.player)
    order = [p for n, p in enumerate(deciders) if n == 0 or deciders[n - 1] != p]
    assert order == ["rebel-admiral", "rebel-general", "empire-admiral", "empire-general"]


#: Decision kinds whose options name the leader who would act: the leader's id, or ``data["actor"]`` for a card.
LEADER_DECISIONS = {"activation-leader", "add-leader", "assign-first", "assign-second", "assign-card",
                    "start-of-combat-card", "special-action", "second-leader"}


#: Decisions the rules give to one role of a team (RB-TEAM-06, RB-BLD-06, RB-REC-10, RB-REF-07, RB-PRJ-06,
#: RB-OBJ-14, RB-SET-12/13).
ROLE_DECISIONS = {
    "admiral": {"place-starting-unit", "rebel-start-system", "build-mode", "build-unit", "free-unit", "deploy-unit",
                "recruit", "recruit-draw-more", "keep-action-card"},
    "general": {"choose-base", "discard-mission", "keep-project", "refresh-objective", "combat-objective",
                "keep-objective", "relocate-base", "mission-set"},
}


def _actors(game, decision):
    leaders = game.rules.cache["base"].leaders
    for option in decision.options:
        if option.id in leaders:
            yield option.id
        elif isinstance(option.data, dict) and "actor" in option.data:
            yield option.data["actor"]


def _from_the_other_hand(game, decision) -> bool:
    """A mission the deciding side discards from the other side's hand (Stolen Intel): the card's choice, made by
    whoever resolves it, not the hand's General (RB-TEAM-06 gives a side's General its own mission hand)."""
    from swrebellion.expansions.base.board import faction_of_player

    if decision.kind != "discard-mission":
        return False
    own = game.state["data"]["hands"][faction_of_player(game, decision.player)]["missions"]
    return not any(option.id in peek(own) for option in decision.options)


def test_every_leader_choice_in_team_games_goes_to_the_player_who_controls_the_leader():
    """RB-TEAM-02, RS-LDR-08, RS-ACT-14: in seeded 4-player games of both expansions, every decision offering a
    leader (to activate, add to a combat, assign) or an action card with its pictured leader is asked of the player
    who controls that leader; a card picturing none goes to a player of the card's side. RB-TEAM-06: the decisions
    the rules give to the Admiral (building, deploying, recruiting, starting units) or to the General (the mission
    hand, projects, objectives, the base) are asked of that role."""
    from swrebellion.expansions.base.board import faction_of_player, leader_player, side_players
    from swrebellion.games import rules_for

    checked = 0
    for expansions in (("base",), ("base", "rise-of-the-empire")):
        rules = rules_for(expansions)
        for seed in range(4):
            game = Game.new(rules, seed, {"players": 4})
            agents = {p: RandomAgent(seed * 13 + n) for n, p in enumerate(game.state["players"])}
            while not game.over and game.pending:
                decision = game.pending[0]
                for role, kinds in ROLE_DECISIONS.items():
                    if decision.kind in kinds and not _from_the_other_hand(game, decision):
                        assert decision.player.endswith(role), (expansions, seed, decision.kind, decision.player)
                        checked += 1
                if decision.kind in LEADER_DECISIONS:
                    faction = faction_of_player(game, decision.player)
                    for actor in _actors(game, decision):
                        owners = [leader_player(game, faction, actor)] if actor else side_players(game, faction)
                        assert decision.player in owners, (expansions, seed, decision.kind, decision.player, actor)
                        checked += 1
                game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    assert checked > 500


def test_teammates_see_their_team_s_cards_and_the_other_team_does_not(base_rules):
    """RB-TEAM-04, RULINGS C-08: teammates share every card of their team (hands, the base) and no one else sees
    them."""
    game = Game.new(base_rules, 3, {"players": 4})
    agents = {p: RandomAgent(n) for n, p in enumerate(game.state["players"])}
    while game.state["data"]["phase"] == "setup":
        decision = game.pending[0]
        game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    views = {p: game.view(p)["data"] for p in game.state["players"]}
    for faction in ("rebel", "empire"):
        admiral, general = views[f"{faction}-admiral"], views[f"{faction}-general"]
        assert admiral["hands"][faction] == general["hands"][faction]
        assert len(admiral["hands"][faction]["missions"]) == 6  # the cards themselves, not a hidden placeholder
        other = "empire" if faction == "rebel" else "rebel"
        for player in (f"{other}-admiral", f"{other}-general"):
            assert views[player]["hands"][faction] != admiral["hands"][faction]
    assert views["rebel-admiral"]["base"] == views["rebel-general"]["base"] == peek(game.state["data"]["base"])
    assert views["empire-general"]["base"] != views["rebel-general"]["base"]


def test_the_account_and_the_leader_options_name_the_player_in_team_play(base_rules):
    """RB-TEAM-02 (issue 35 #13): in a 4-player game the account names the seat that assigns, reveals and moves
    ("The Rebel Admiral moves ..."), not only "the Rebels"; each leader offered names whose he is; a 2-player game
    says "the Rebels" as before and marks no leader."""
    from swrebellion import presentation
    from swrebellion.engine.narration import account

    game = Game.new(base_rules, 1, options={"players": 4})
    agent = RandomAgent(1)
    marked = None
    while game.pending and game.state["data"].get("round", 0) < 3:
        decision = game.pending[0]
        if marked is None and decision.kind == "assign-first":
            marked = presentation.aside(game, decision).labels
            leaders = base_rules.content.items("leaders")
            for option in decision.options:
                seat = "Admiral" if leaders[option.id].role == "admiral" else "General"
                side = "Rebel" if leaders[option.id].faction == "rebel" else "Imperial"
                assert marked[option.id] == f"{leaders[option.id].name.en} ({side} {seat})"
        game.apply(agent.choose(game, decision), player=decision.player)
    assert marked
    lines = list(account(game, None))
    for event, words in (("assigns", "to a face-down mission"), ("reveals the mission", ""), ("moves", " from ")):
        seated = [line for line in lines if re.search(rf"The (Rebel|Imperial) (Admiral|General) {event}", line)
                  and words in line]
        assert seated, event
    assert not any(re.match(r"(The Rebels assign|The Rebels reveal|  The Rebels move) ", line) for line in lines)

    game = Game.new(base_rules, 3)
    while game.pending and game.state["data"].get("round", 0) < 2:
        decision = game.pending[0]
        if decision.kind == "assign-first":
            assert presentation.aside(game, decision) is None or not presentation.aside(game, decision).labels
        game.apply(RandomAgent(3).choose(game, decision), player=decision.player)
    assert any(line.startswith("The Rebels assign ") for line in account(game, None))
