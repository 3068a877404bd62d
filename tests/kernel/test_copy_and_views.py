"""Copies are independent; views are derived from secret labels and leak nothing (issue 4, DESIGN §5)."""

import json

from swrebellion.engine import Game, RandomAgent, play
from swrebellion.engine.sharedlog import plain


def test_a_copy_made_mid_decision_is_independent(toy_rules):
    game = Game.new(toy_rules, seed=8)
    game.apply("cellar")
    game.apply(game.pending[0].options[0])  # half of a simultaneous decision
    before = json.dumps(game.state, sort_keys=True, default=plain)
    copy = game.copy()
    assert copy.state == game.state and copy.state is not game.state
    play(copy, {"hider": RandomAgent(3), "seeker": RandomAgent(4)})
    assert copy.over
    assert json.dumps(game.state, sort_keys=True, default=plain) == before
    play(game, {"hider": RandomAgent(3), "seeker": RandomAgent(4)})
    assert game.state == copy.state  # same agents from the same point: same game


def test_the_seeker_never_sees_the_hideout_the_deck_order_or_the_hiders_hand(toy_rules):
    game = Game.new(toy_rules, seed=8)
    game.apply("dock")
    view = game.view("seeker")
    assert view["data"]["hideout"] == {"$secret": ["hider"]}
    assert view["data"]["deck"] == {"$secret": [], "count": 8}
    assert view["data"]["hands"]["hider"] == {"$secret": ["hider"], "count": 2}
    assert isinstance(view["data"]["hands"]["seeker"], list)
    assert "dock" not in json.dumps(view)
    assert game.view("hider")["data"]["hideout"] == "dock"


def _script(game, scripted_seeker_guess="attic"):
    """Deterministic choices that do not depend on hidden information: lowest card; always guess the attic."""
    views = []
    while not game.over:
        views.append(json.dumps(game.view("seeker"), sort_keys=True))
        for decision in game.pending:
            if decision.kind == "guess":
                game.apply(scripted_seeker_guess, player="seeker")
            else:
                game.apply(decision.options[0].id, player=decision.player)
    views.append(json.dumps(game.view("seeker"), sort_keys=True))
    return views


def test_games_differing_only_in_the_hideout_look_the_same_to_the_seeker(toy_rules):
    for seed in range(20):
        worlds = []
        for place in ("barn", "erie"):
            game = Game.new(toy_rules, seed=seed)
            game.apply(place)
            worlds.append(_script(game))
        assert worlds[0] == worlds[1], f"seed {seed}: the seeker's view depends on the hideout"


def test_games_differing_only_in_hidden_deck_order_and_hider_hand_look_the_same(toy_rules):
    """Swap the order of the hider's two secret cards and of two deck cards nobody has seen yet."""
    game = Game.new(toy_rules, seed=3)
    twin = game.copy()
    hand = twin.state["data"]["hands"]["hider"]["value"]
    hand.reverse()
    deck = twin.state["data"]["deck"]["value"]
    deck[-1], deck[-2] = deck[-2], deck[-1]
    assert twin.state != game.state
    for g in (game, twin):
        g.apply("attic")
    assert game.view("seeker") == twin.view("seeker")
    assert game.view("hider") != twin.view("hider")


def test_views_shared_makes_each_view_once_for_its_own_game_only(toy_rules):
    """Game.views_shared (a game server working out a seat's page): within it each (player, since) view of that
    game is one dict; each player still gets only their own view, other games and other threads a fresh one, and
    after it every view is a new dict again."""
    import threading

    game = Game.new(toy_rules, seed=8)
    game.apply("dock")
    other = game.copy()
    seen_elsewhere = []
    with game.views_shared():
        seeker, hider = game.view("seeker"), game.view("hider")
        assert game.view("seeker") is seeker and game.view("hider") is hider
        assert seeker == Game.view(other, "seeker") and hider == other.view("hider")
        assert seeker["data"]["hideout"] == {"$secret": ["hider"]} and hider["data"]["hideout"] == "dock"
        assert game.view("seeker", since=1) is not seeker and game.view(None) is not seeker
        assert other.view("seeker") is not other.view("seeker")  # another game: not shared
        thread = threading.Thread(target=lambda: seen_elsewhere.append(game.view("seeker")))
        thread.start()
        thread.join()
    assert seen_elsewhere[0] == seeker and seen_elsewhere[0] is not seeker  # another thread: not shared
    assert game.view("seeker") is not game.view("seeker")
