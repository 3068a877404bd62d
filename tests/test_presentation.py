"""The kernel's presentation seam, ``swrebellion.presentation`` (issue 27 §1): what people see of a game comes
from whichever plugin draws it, through hooks. With the kernel's toy game (a plugin that draws nothing) every call
says so or falls back plainly; with the base game the board, the replay and the terminal come from the base game's
hook implementations, and the views are the game's sides."""

from __future__ import annotations

import pytest

from swrebellion import presentation
from swrebellion.engine import Game, RandomAgent, play
from swrebellion.presentation import PresentationError


def test_a_game_nobody_draws_says_so_and_words_fall_back(toy_rules):
    game = Game.new(toy_rules, 3)
    play(game, {"hider": RandomAgent(1), "seeker": RandomAgent(2)})
    assert presentation.views(game) == ("public", "hider", "seeker")
    assert presentation.viewer_for(game, "seeker") == "seeker"
    with pytest.raises(PresentationError, match="no enabled plugin draws the board"):
        presentation.board_svg(game, None)
    with pytest.raises(PresentationError, match="unknown view"):
        presentation.parse_views(game, "public,rebel")
    assert presentation.commands(game) == [] and presentation.state_lines(game, game.view(None), "status") == []
    assert presentation.render(game, "Pass") == "Pass"
    assert presentation.narration(game, None)  # the kernel's plain wording of every event
    with pytest.raises(PresentationError, match="out of range"):
        presentation.game_at(game, len(game.state["choices"]) + 1)


def test_the_base_game_draws_and_words_through_the_hooks(base_rules):
    game = Game.new(base_rules, 4)
    for _ in range(3):
        decision = game.pending[0]
        game.apply(decision.options[0].id, player=decision.player)
    assert presentation.parse_views(game, "all") == ("public", "rebel", "empire")
    svg = presentation.board_svg(game, presentation.viewer_for(game, "empire"))
    assert svg.startswith("<svg") and "Imperial view" in svg
    page = presentation.replay_html(game, ["public"])
    assert page.startswith("<!DOCTYPE html>") and "Step" in page
    assert {c.name for c in presentation.commands(game)} >= {"map", "status", "hand"}
    decision = game.pending[0]
    assert presentation.heading(game, decision).startswith(("Rebel", "Empire"))
    assert presentation.option_labels(game, decision) == {o.id: o.label for o in decision.options}  # English
    assert presentation.narration(game, None, language="ru") != presentation.narration(game, None, language="en")


def test_map_base_shows_the_rebel_base_space_and_where_the_base_is_only_to_the_rebel(base_rules):
    """``map base`` at the terminal: the Rebel Base space is not a system (RB-BAS-03), so it is named by "base",
    "rebel base" or its name in the reader's language; the system the base is in is the Rebel's secret (RB-BAS-02),
    shown to the Rebel with that system's details and to nobody else."""
    from swrebellion import i18n

    game = Game.new(base_rules, 4)
    while not isinstance(game.view("rebel")["data"].get("base"), str):
        decision = game.pending[0]
        game.apply(decision.options[0].id, player=decision.player)
    base = game.view("rebel")["data"]["base"]
    shown = {c.name: c for c in presentation.commands(game)}["map"]
    name = base_rules.content.items("systems")[base].name.en
    for asked in ("base", "Rebel base", "rebel-base", "the Rebel Base space"):
        rebel = shown.run(game, "rebel", asked)
        assert rebel[0].startswith(f"The Rebel Base space (the base is in {name})") and len(rebel) > 1, asked
        empire = shown.run(game, "empire", asked)
        assert empire == [empire[0]] and "the base is hidden" in empire[0] and name not in " ".join(empire)
    with i18n.using("ru"):
        local = {c.name: c for c in presentation.commands(game)}
        russian = next(c for c in local.values() if c.name == "map" or "map" in c.aliases)
        assert "База повстанцев" in russian.run(game, "empire", "база повстанцев")[0]
