"""`rebellion board`, `rebellion replay` and `rebellion play --html` from the outside: files written, the same
bytes for the same input, bad input refused with a clear message, and a public replay that holds no secret."""

import json
import xml.etree.ElementTree as ET

from click.testing import CliRunner

from swrebellion.engine import Game, RandomAgent
from swrebellion.engine.save import load_game, save_game
from swrebellion.expansions.base.presentation.picture.replay import replay_html
from swrebellion.games import rules_for
from swrebellion.presentation import game_at
from swrebellion.tools.cli import main


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def saved_game(tmp_path, seed=7, expansions=("base",)):
    game = Game.new(rules_for(expansions), seed)
    agents = {p: RandomAgent(seed + n) for n, p in enumerate(game.state["players"])}
    while not game.over and len(game.state["choices"]) < 150:
        for decision in game.pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    path = tmp_path / "game.json"
    save_game(game, path)
    return game, path


def steps_seen_by(game, player):
    """The replay's steps for ``player``'s view: setup, then one per answer to a question that player may know was
    asked (a card window is seen by its side alone, RB-TAC-04, so the others' step count shows nothing of it)."""
    fresh, steps = game_at(game, 0), 1
    for who, option in game.state["choices"]:
        asked = next(d for d in fresh.state["pending"] if d["player"] == who and d["answer"] is None)
        steps += asked.get("visible_to") is None or player in asked["visible_to"]
        fresh.apply(option, player=who)
    return steps


def test_board_draws_a_new_game_the_same_every_time(tmp_path):
    one, two = tmp_path / "one.svg", tmp_path / "two.svg"
    assert run("board", "--seed", 3, "-x", "rise-of-the-empire", "-o", one).exit_code == 0
    assert run("board", "--seed", 3, "-x", "rise-of-the-empire", "-o", two).exit_code == 0
    assert one.read_bytes() == two.read_bytes()
    ET.fromstring(one.read_text())
    assert run("board", "--seed", 4, "-o", two).exit_code == 0
    assert one.read_bytes() != two.read_bytes()


def test_board_draws_a_save_at_a_step_as_a_side(tmp_path):
    game, save = saved_game(tmp_path)
    out = tmp_path / "b.svg"
    result = run("board", "--load", save, "--at", 60, "--as", "rebel", "-o", out)
    assert result.exit_code == 0, result.output
    assert "Rebel view" in out.read_text()
    stdout = run("board", "--load", save, "--at", 60, "--as", "rebel", "-o", "-")
    assert stdout.output == out.read_text()
    last = run("board", "--load", save, "-o", "-").output
    at_end = run("board", "--load", save, "--at", len(game.state["choices"]), "-o", "-").output
    assert last == at_end


def test_board_refuses_bad_input_with_a_message(tmp_path):
    _, save = saved_game(tmp_path)
    result = run("board", "--load", save, "--at", 100000, "-o", tmp_path / "x.svg")
    assert result.exit_code == 2 and "out of range" in result.output
    assert not (tmp_path / "x.svg").exists()
    result = run("board", "--setup", "no-such-setup", "-o", tmp_path / "x.svg")
    assert result.exit_code == 2 and "error" in result.output.lower()
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = run("board", "--load", broken, "-o", tmp_path / "x.svg")
    assert result.exit_code == 1 and result.output.startswith("error:")
    assert "Traceback" not in result.output


def test_replay_writes_one_self_contained_page(tmp_path):
    game, save = saved_game(tmp_path)
    out = tmp_path / "r.html"
    result = run("replay", save, "-o", out)
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    for outside in ("http://", "https://", "<script src", "<link rel=\"stylesheet\"", "@import", "url("):
        assert outside not in html.replace('xmlns="http://www.w3.org/2000/svg"', ""), outside
    data = json.loads(html.split('<script type="application/json" id="replay-data">')[1].split("</script>")[0])
    assert list(data["views"]) == ["public"]
    assert len(data["views"]["public"]["steps"]) == steps_seen_by(game, None) < len(game.state["choices"]) + 1
    again = tmp_path / "again.html"
    run("replay", save, "-o", again)
    assert again.read_bytes() == out.read_bytes()


def test_replay_views_option(tmp_path):
    _, save = saved_game(tmp_path)
    out = tmp_path / "r.html"
    assert run("replay", save, "-o", out, "--views", "empire,public").exit_code == 0
    data = json.loads(out.read_text().split('id="replay-data">')[1].split("</script>")[0])
    assert list(data["views"]) == ["public", "empire"]
    result = run("replay", save, "-o", out, "--views", "jedi")
    assert result.exit_code == 2 and "unknown view" in result.output
    assert "anybody with the file can read them" in " ".join(run("replay", "--help").output.split())


def test_play_html_writes_the_replay_of_the_game_played(tmp_path):
    page = tmp_path / "p.html"
    save = tmp_path / "p.json"
    result = run("play", "--seed", 7, "--save", save, "--html", page, "--views", "all")
    assert result.exit_code == 0, result.output
    choices = json.loads(save.read_text())["choices"]
    data = json.loads(page.read_text().split('id="replay-data">')[1].split("</script>")[0])
    assert set(data["views"]) == {"public", "rebel", "empire"}
    game = load_game(save, rules_for)
    for view in ("public", "rebel", "empire"):
        assert len(data["views"][view]["steps"]) == steps_seen_by(game, None if view == "public" else view)
    assert all(len(data["views"][view]["steps"]) < len(choices) + 1 for view in data["views"])  # windows were hidden
    from_save = tmp_path / "s.html"
    run("replay", save, "-o", from_save, "--views", "all")
    assert from_save.read_bytes() == page.read_bytes()


def test_a_public_replay_is_the_same_for_games_differing_only_in_the_hidden_base():
    """Principle 5 / RB-SET-12: two games whose choices differ only in the base's system give the same public
    replay, byte for byte, up to the moment the difference shows; the Rebel's replays differ."""
    rules = rules_for(("base",))
    games = [Game.new(rules, 11), Game.new(rules, 11)]
    agent = RandomAgent(11)
    while True:
        decision = games[0].pending[0]
        if decision.kind == "choose-base":
            picks = [decision.options[0].id, decision.options[1].id]
        else:
            picks = [agent.choose(games[0], decision)] * 2
        trial = [g.copy() for g in games]
        for game, pick in zip(trial, picks):
            game.apply(pick, player=decision.player)
        if trial[0].view("empire")["data"] != trial[1].view("empire")["data"] or len(games[0].state["choices"]) > 150:
            break
        games = trial
    assert len(games[0].state["choices"]) > 40
    assert games[0].state["choices"] != games[1].state["choices"]
    assert replay_html(games[0], ["public", "empire"]) == replay_html(games[1], ["public", "empire"])
    assert replay_html(games[0], ["rebel"]) != replay_html(games[1], ["rebel"])


def _english_leftovers(lang: str) -> set[str]:
    """The English messages that ``lang``'s catalog translates to other words: none may show untranslated."""
    from swrebellion import i18n

    catalog = i18n.translations(lang)  # a GNUTranslations: its _catalog maps each message to its translation
    return {english for english, local in catalog._catalog.items()
            if isinstance(english, str) and english and local != english}


def test_board_and_replay_speak_the_language_of_lang_and_the_environment(tmp_path):
    """Issue 35 #19: `board` and `replay` take --lang and $SWREBELLION_LANG like every other command: the
    picture's labels, key, header and panels and the replay page's buttons are in that language, with no English
    left where the catalog has a translation."""
    _, save = saved_game(tmp_path)
    svg_ns = "{http://www.w3.org/2000/svg}"
    for lang, how, expected in (("ru", ["--lang", "ru"], {"ВРЕМЯ И РЕПУТАЦИЯ", "ОБОЗНАЧЕНИЯ", "Общий вид"}),
                                ("tr", [], {"ZAMAN VE İTİBAR", "AÇIKLAMA", "Herkese açık görünüm"})):
        env = {} if how else {"SWREBELLION_LANG": lang}
        out = tmp_path / f"board-{lang}.svg"
        result = CliRunner().invoke(main, ["board", "--load", str(save), "--at", "80", "-o", str(out), *how],
                                    env=env)
        assert result.exit_code == 0, result.output
        root = ET.fromstring(out.read_text(encoding="utf-8"))
        shown = {"".join(t.itertext()) for t in root.iter(f"{svg_ns}text")}
        shown |= {t.text for t in root.iter(f"{svg_ns}title")}
        assert expected <= shown, expected - shown
        leftovers = _english_leftovers(lang)
        assert not shown & leftovers, shown & leftovers
        assert not any(t.startswith(("Round ", "Time ", "Hidden in ")) for t in shown)
        page = tmp_path / f"replay-{lang}.html"
        result = CliRunner().invoke(main, ["replay", str(save), "-o", str(page), *how], env=env)
        assert result.exit_code == 0, result.output
        html = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in html
        for english in ("First step (Home)", "Previous step (Left arrow)", "Play or pause (Space)", ">Public view<",
                        "Setup, up to the first decision", "TIME AND REPUTATION"):
            assert english not in html, english
    assert "Шаг 0 из" in (tmp_path / "replay-ru.html").read_text(encoding="utf-8")  # the step counter


def test_the_board_scales_to_its_window():
    """Issue 35 #20: a viewBox and a width of 100%, no fixed size: a window of any width shows all of it."""
    game = Game.new(rules_for(("base",)), 3)
    from swrebellion.expansions.base.presentation.picture import board_svg

    root = ET.fromstring(board_svg(game, None))
    assert root.get("viewBox") == "0 0 1920 1080"
    assert root.get("width") == "100%" and root.get("height") is None
    assert root.get("preserveAspectRatio") == "xMidYMid meet"
