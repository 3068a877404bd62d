"""The HTML replay (`rebellion replay`, issue 13 part 5) in a real headless browser: Debian's chromium driven by
Playwright. The page loads with no console errors and no network, the buttons, the slider and the keyboard step
through the game, the last step shows the save's final board, and each view shows only what it may.

Without chromium or Playwright these tests skip, unless SWREBELLION_REQUIRE_BROWSER=1 (CI sets it): then a
missing browser is a failure.
"""

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from swrebellion.engine import Game, RandomAgent, peek
from swrebellion.engine.save import save_game
from swrebellion.expansions.base.presentation.picture import board_svg
from swrebellion.expansions.base.presentation.picture.replay import game_at
from swrebellion.expansions.base.presentation.picture.scene import unit_label
from swrebellion.games import rules_for
from swrebellion.tools.cli import main

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _missing(reason: str):
    if os.environ.get("SWREBELLION_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (SWREBELLION_REQUIRE_BROWSER=1: the browser tests must run)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed (pip install -e '.[test]')")
    if not Path(CHROMIUM).exists():
        _missing(f"no browser at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A whole seeded game of the base game, saved, and its replay with all three views and the public one."""
    folder = tmp_path_factory.mktemp("replay")
    game = Game.new(rules_for(("base",)), 7)
    agents = {p: RandomAgent(7 * 31 + n) for n, p in enumerate(game.state["players"])}
    while not game.over:
        for decision in game.pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    save = folder / "game.json"
    save_game(game, save)
    pages = {}
    for name, views in (("all", "all"), ("public", "public")):
        pages[name] = folder / f"{name}.html"
        result = CliRunner().invoke(main, ["replay", str(save), "-o", str(pages[name]), "--views", views])
        assert result.exit_code == 0, result.output
    return game, pages


def public_steps(game) -> list[int]:
    """How many choices each step of the public view has replayed: a card window only the deciding side may know
    of (``visible_to``) is no step of the public view (tests/base/test_windows_leak.py)."""
    fresh, steps = game_at(game, 0), [0]
    for n, (player, option) in enumerate(game.state["choices"], start=1):
        asked = next(d for d in fresh.state["pending"] if d["player"] == player and d["answer"] is None)
        fresh.apply(option, player=player)
        if asked.get("visible_to") is None:
            steps.append(n)
    return steps


class Page:
    """A page opened in the browser, recording console errors and every request it makes."""

    def __init__(self, browser, path: Path, fragment: str = "") -> None:
        self.page = browser.new_page(viewport={"width": 1600, "height": 900})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(path.as_uri() + fragment)

    def step(self) -> int:
        return int(self.page.input_value("#slider"))

    def texts(self, slot: str) -> list[str]:
        return self.page.eval_on_selector_all(f"#{slot} text", "els => els.map(e => e.textContent)")

    def board(self) -> str:
        return self.page.inner_html("#board")


def test_the_page_loads_with_no_console_errors_and_no_network(browser, saved):
    game, pages = saved
    for path in pages.values():
        page = Page(browser, path)
        assert page.errors == []
        assert all(url.startswith(("file:", "data:")) for url in page.requests), page.requests
        assert page.page.input_value("#slider") == "0"
        assert page.page.get_attribute("#slider", "max") == str(len(public_steps(game)) - 1)
        page.page.close()


def test_buttons_slider_and_keyboard_step_through_the_game(browser, saved):
    game, pages = saved
    steps = public_steps(game)
    page = Page(browser, pages["all"])
    start = page.board()
    page.page.click("#next")
    assert page.step() == 1
    page.page.keyboard.press("ArrowRight")
    assert page.step() == 2
    page.page.keyboard.press("ArrowLeft")
    page.page.click("#prev")
    assert page.step() == 0
    page.page.keyboard.press("End")
    assert page.step() == len(steps) - 1
    assert page.board() != start
    page.page.keyboard.press("Home")
    assert page.step() == 0 and page.board() == start
    page.page.focus("#slider")
    for _ in range(5):
        page.page.keyboard.press("ArrowRight")  # the slider's own keys
    assert page.step() == 5
    assert page.page.text_content("#counter") == f"Step 5 of {len(steps) - 1}"
    # The board changes exactly where the public picture changes: find the first such step in Python.
    first_change = next(k for k in range(1, 200)
                        if board_svg(game_at(game, steps[k]), None) != board_svg(game_at(game, steps[k - 1]), None))
    page.page.keyboard.press("Home")
    for n in range(1, first_change + 1):
        before = page.board()
        page.page.click("#next")
        assert (page.board() != before) == (n == first_change), n
    assert page.errors == []
    page.page.close()


def test_the_last_step_shows_the_saves_final_board(browser, saved):
    game, pages = saved
    page = Page(browser, pages["public"])
    page.page.keyboard.press("End")
    view = game.view(None)
    labels = {}
    for result in game.rules.call("board_annotations", game=game, view=view):
        labels.update((result or {}).get("unit_labels", {}))
    units = game.rules.content.items("units")
    checked = 0
    for system, here in sorted(view["data"]["units"].items()):
        shown = page.texts("base" if system == "rebel-base" else f"sys-{system}")
        for unit, count in here.items():
            assert f"{unit_label(unit, units[unit].name.en, labels)} {count}" in shown, (system, unit, count)
            checked += 1
    for system, state in view["data"]["systems"].items():
        mark = {"rebel": "R", "empire": "E", None: None}[state["loyalty"]]
        if mark:
            assert mark in page.texts(f"sys-{system}"), system
    assert checked > 5
    winner = {"rebel": "The Rebels win", "empire": "The Empire wins"}[game.state["result"]["winner"]]
    assert any(t.startswith(winner) for t in page.texts("header"))
    assert "Game over" in page.page.text_content("#story section.now")
    page.page.close()


def test_each_view_shows_only_that_sides_view(browser, saved):
    """RB-SET-12: the hidden base is the Rebel's secret; the page's Rebel view shows it, the Empire's and the public
    view do not, and a file made with the public view only does not hold it at all."""
    game, pages = saved
    chosen = next(n for n, (player, option) in enumerate(game.state["choices"]) if option.startswith("probe-")) + 1
    base = game.rules.content.items("systems")[peek(game_at(game, chosen).state["data"]["base"])].name.en
    page = Page(browser, pages["all"], f"#view=rebel&step={chosen}")
    assert page.step() == chosen
    assert page.texts("base")[0] == f"Hidden in {base}"
    assert any(t.startswith("Rebel view") for t in page.texts("header"))
    caption = page.page.text_content("#story section.now h2")
    assert caption.startswith(f"Step {chosen}Rebel chose: ") and base.lower() in caption.lower()  # the option label
    for other, heading in (("empire", "Imperial view"), ("public", "Public view")):
        page.page.select_option("#view", other)
        assert page.step() == chosen  # the step stays
        assert page.texts("base")[0] == "Hidden system"
        assert any(t.startswith(heading) for t in page.texts("header"))
        assert page.page.text_content("#story section.now h2") == f"Step {chosen}Rebel decided (choose base)"
    assert not page.page.is_hidden("#secrets")  # the page says the file holds secrets
    page.page.close()
    public = Page(browser, pages["public"], f"#step={chosen}")
    assert public.page.eval_on_selector_all("#view option", "os => os.map(o => o.value)") == ["public"]
    assert public.page.is_hidden("#secrets")
    html = pages["public"].read_text(encoding="utf-8")
    assert "Hidden in" not in html and "Rebel chose" not in html and "Empire chose" not in html
    public.page.close()


HOSTILE = "<!--<script>Hoth</script>"


def test_a_name_that_would_open_a_script_leaves_the_page_working(browser, tmp_path):
    """A card named ``<!--<script>`` sent the browser's parser into its "double escaped" state inside the embedded
    JSON, and the viewer never ran (issue 32 #6). A fan pack renames Hoth so; the page still steps through the game
    and shows the name as text."""
    pack = tmp_path / "renamed"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: renamed\nname: {en: Renamed}\nversion: 1.0.0\nrequires: ['base>=1.0,<2']\n"
                                    "replaces: [systems/hoth]\n", encoding="utf-8")
    (pack / "systems.yaml").write_text(
        "kind: systems\nitems:\n- id: hoth\n  name: {en: '" + HOSTILE + "'}\n  region: region-4\n  type: remote\n"
        "  position: {x: 292, y: 117}\n", encoding="utf-8")
    game = Game.new(rules_for(("base",), [pack]), 7)
    agents = {p: RandomAgent(7 * 31 + n) for n, p in enumerate(game.state["players"])}
    while not game.over:  # Hoth is activated, then the base is revealed there: the account names it
        for decision in game.pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    save_game(game, tmp_path / "game.json")
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "game.json"), "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    assert "<!--<script" not in (tmp_path / "r.html").read_text(encoding="utf-8").split('id="replay-data">', 1)[1]
    page = Page(browser, tmp_path / "r.html")
    assert page.errors == []
    page.page.keyboard.press("End")
    assert page.step() > 0, "the viewer script runs"
    assert HOSTILE in page.page.text_content("#board"), "the name is shown as text, not read as markup"
    page.page.close()


@pytest.mark.parametrize("width,height", [(1600, 900), (1280, 800)])
def test_the_board_fits_the_window_and_its_chips_can_be_read(browser, saved, tmp_path, width, height):
    """Issue 35 #20: in a 1600x900 and a 1280x800 window the replay's board fits without scrolling sideways, its
    unit chips are at least 10 px tall, the board fills the height or the width left beside the account, and the
    room under it shows the current step (a screenshot is kept in the test's folder to look at)."""
    game, pages = saved
    page = Page(browser, pages["all"], "#step=120")
    page.page.set_viewport_size({"width": width, "height": height})
    page.page.wait_for_timeout(50)
    sizes = page.page.evaluate("""() => {
        const doc = document.documentElement, board = document.getElementById("board").getBoundingClientRect();
        const chips = [...document.querySelectorAll("#board .ce, #board .cr")].map(c => c.getBoundingClientRect());
        return {scroll: doc.scrollWidth, client: doc.clientWidth, right: board.right, bottom: board.bottom,
                width: board.width, top: board.top, story: document.getElementById("story").getBoundingClientRect().left,
                chip: Math.min(...chips.map(c => c.height)), chips: chips.length,
                now: document.getElementById("now").textContent};
    }""")
    page.page.screenshot(path=str(tmp_path / f"replay-{width}x{height}.png"))
    assert sizes["scroll"] <= sizes["client"] == width, "the page scrolls sideways"
    assert sizes["right"] <= sizes["story"] + 1 and sizes["bottom"] <= height + 1, sizes
    assert sizes["chips"] > 10 and sizes["chip"] >= 10, sizes
    room = height - sizes["top"]
    assert sizes["width"] >= min(width - 260, room * 1920 / 1080) - 2, "the board does not use the room it has"
    assert sizes["now"].startswith("Step 120"), sizes["now"]
    assert page.errors == []
    page.page.close()
