"""Save and load: replay from the seed and the choices, clear failures, atomic writes (issue 4)."""

import json

import pytest
from conftest import make_rules

from swrebellion.engine import Game, RandomAgent, play
from swrebellion.engine.save import SaveError, load_game, save_game


@pytest.fixture
def saved(toy_rules, tmp_path):
    game = Game.new(toy_rules, seed=21)
    game.apply("erie")
    for decision in game.pending:
        game.apply(decision.options[-1].id, player=decision.player)
    path = tmp_path / "game.json"
    save_game(game, path)
    return game, path


def test_a_save_loads_into_the_same_game_mid_play(saved):
    game, path = saved
    loaded = load_game(path, make_rules)
    assert loaded.state == game.state
    play(loaded, {"hider": RandomAgent(1), "seeker": RandomAgent(2)})
    assert loaded.over


def test_the_save_holds_format_seed_expansions_and_choices(saved):
    game, path = saved
    data = json.loads(path.read_text())
    assert data["format"] == "swrebellion-save/1" and data["seed"] == 21
    assert data["expansions"] == [{"id": "hideout", "version": "0.1.0"}]
    assert [(p["id"], p["version"]) for p in data["packs"]] == [("hideout", "0.1.0")]  # the toy's own content pack
    assert data["choices"][0] == ["hider", "erie"]
    assert data["state_hash"] == game.state_hash()
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]  # no temporary file left behind


def test_a_save_needing_a_missing_expansion_says_which(saved):
    _, path = saved
    data = json.loads(path.read_text())
    data["expansions"].append({"id": "mystery-pack", "version": "1.0"})
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="needs the expansions hideout, mystery-pack.*Install or enable"):
        load_game(path, make_rules)


def test_a_save_from_another_version_says_what_changed(saved):
    _, path = saved
    data = json.loads(path.read_text())
    data["expansions"][0]["version"] = "0.0.9"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"'hideout' has changed.*version 0.0.9 then, 0.1.0 now"):
        load_game(path, make_rules)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda text: text[: len(text) // 2], "not a readable save"),
        (lambda text: "[]", "not a swrebellion save"),
        (lambda text: text.replace('"swrebellion-save/1"', '"other/9"'), "unsupported save format"),
        (lambda text: text.replace('"erie"', '"narnia"'), "choice #1 .* cannot be replayed"),
        (lambda text: text.replace('"seed": 21', '"seed": 22'), "state hash differs|cannot be replayed"),
        (lambda text: text.replace('"seed": 21', '"seed": "x"'), r"line 3, column 2, /seed: Input should be a valid integer"),
    ],
)
def test_a_damaged_or_edited_save_fails_cleanly(saved, damage, message):
    _, path = saved
    path.write_text(damage(path.read_text()))
    with pytest.raises(SaveError, match=message):
        load_game(path, make_rules)


def test_a_failed_write_leaves_the_old_save_whole(saved, monkeypatch):
    game, path = saved
    old = path.read_text()
    import swrebellion.safefile as safefile_module

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(safefile_module.os, "replace", broken_replace)
    game.apply(game.pending[0].options[0].id, player=game.pending[0].player)
    with pytest.raises(OSError):
        save_game(game, path)
    assert path.read_text() == old
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]
