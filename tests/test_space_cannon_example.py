"""The example third-party expansion, ``examples/space-cannon`` (issue 11, item 8; docs/plugins.md).

It is installed with pip into a site folder of its own (``plugin_site``) and used from subprocesses, as a user
would after ``pip install examples/space-cannon``: found through its entry point, its scenarios pass with the base
game alone and with Rise of the Empire, installed but disabled it changes no seeded game, enabled its games
finish, ``rebellion validate`` reports its own SC codes, and it imports only the public modules.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from plugin_site import PUBLIC, Site, imported_modules, pip_install

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "examples" / "space-cannon"
SCENARIOS = EXAMPLE / "scenarios"

@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Site:
    tmp = tmp_path_factory.mktemp("space-cannon")
    work = tmp / "work"
    work.mkdir()
    return Site(pip_install(EXAMPLE, tmp), work)


def test_it_is_found_through_its_entry_point(site):
    result = site.rebellion("expansions", "list", "--format", "json")
    assert result.returncode == 0, result.stderr
    rows = {row["id"]: row for row in json.loads(result.stdout)["expansions"]}
    row = rows["space-cannon"]
    assert row["source"] == "swrebellion-space-cannon 1.0.0"  # the distribution pip installed
    assert row["enabled"] is False and row["requires"] == ["base"]
    assert {"register_steps", "register_effect_ops", "register_values", "validate_catalog"} <= set(row["hooks"])


def test_its_own_tests_pass(site):
    """Its own tests (examples/space-cannon/tests, issue 30 item 6), run as its author runs them once it is
    installed: SC-1..SC-4 (swrebellion_space_cannon/rules.py) in scenarios with forced dice, with the base game alone
    and with Rise of the Empire enabled too (the same situations, the second set scripted through cinematic combat);
    a seeded game pinned as a golden log, the same seeds with it on and off, and saves, through the public
    ``swrebellion.testing``."""
    for folder, expected in (("base", "base, space-cannon"), ("rise-of-the-empire",
                                                              "base, rise-of-the-empire, space-cannon")):
        files = sorted((SCENARIOS / folder).glob("*.yaml"))
        assert len(files) >= 6
        for path in files:
            assert f"expansions: [{expected}]" in path.read_text(encoding="utf-8"), path.name
    source = site.folder.parent / "source"  # pip_install's copy of the project, tests and all
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"],
                            cwd=source, env=site.env(), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    passed = re.search(r"(\d+) passed", result.stdout)
    assert passed and int(passed.group(1)) >= 15 and "skipped" not in result.stdout, result.stdout[-500:]


def test_installed_but_disabled_it_changes_no_seeded_game(site):
    """The plugin is imported by discovery but not enabled: seeded games play exactly as the golden logs pin."""
    cases = [("base-2p", ("base",), 2, 0), ("base-2p", ("base",), 2, 1), ("base-4p", ("base",), 4, 0),
             ("roe-2p", ("base", "rise-of-the-empire"), 2, 0), ("roe-2p", ("base", "rise-of-the-empire"), 2, 1)]
    code = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(ROOT / 'tests')!r})
        from swrebellion.plugins import discover
        from test_golden_logs import played
        assert "space-cannon" in discover().installed
        print(json.dumps([played(expansions, players, seed) for _, expansions, players, seed in {cases!r}]))
    """)
    result = site.python(code)
    assert result.returncode == 0, result.stderr
    import gzip

    for (stem, _, _, seed), lines in zip(cases, json.loads(result.stdout)):
        pinned = gzip.decompress((ROOT / "tests" / "golden" / f"{stem}-seed{seed}.jsonl.gz").read_bytes())
        assert lines == pinned.decode().split("\n"), f"{stem} seed {seed} differs with space-cannon installed"


def test_enabled_seeded_random_games_finish_and_the_guns_fire(site):
    """With the expansion on (its setup puts guns on the board; with Rise of the Empire, the guns come by being
    built), random agents play whole games to a result, and some of those games see volleys and its cards."""
    code = textwrap.dedent("""
        import json
        from swrebellion.engine import Game, RandomAgent, play
        from swrebellion.games import rules_for
        out = []
        for expansions, options in [(("base", "space-cannon"), {"setup": "space-cannon"}),
                                    (("base", "rise-of-the-empire", "space-cannon"), {})]:
            rules = rules_for(expansions)
            for seed in range(12):
                game = Game.new(rules, seed, options)
                play(game, {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])})
                log = game.state["log"]
                out.append({"expansions": expansions, "seed": seed, "result": game.state["result"],
                            "volleys": [e for e in log if e["type"] == "space-cannon"],
                            "cards": [e["card"] for e in log if e["type"] == "action-played"]})
        print(json.dumps(out))
    """)
    result = site.python(code)
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)
    assert all(g["result"] and g["result"]["winner"] in ("rebel", "empire") for g in games)
    volleys = [v for g in games for v in g["volleys"]]
    assert volleys, "no gun fired in these seeds: the rule is not exercised"
    assert {v["range"] for v in volleys} == {"system", "adjacent"}  # both the moment's volleys and the cards'
    assert all(v["dice"] and v["guns"] for v in volleys)


def test_its_guns_show_in_status_map_board_picture_and_replay(site):
    """Issue 30 item 4 / issue 27 §1: a plugin's own state appears wherever people look, through the hook
    ``state_lines`` and the kernel's ``swrebellion.presentation`` seam (public modules only, as a tool would)."""
    code = textwrap.dedent("""
        import json
        from swrebellion import presentation
        from swrebellion.engine import Game, RandomAgent
        from swrebellion.games import rules_for
        game = Game.new(rules_for(("base", "space-cannon")), 1, {"setup": "space-cannon"})
        seats = {p: RandomAgent(n) for n, p in enumerate(game.state["players"])}
        while not any(u.get("planetary-turbolaser") for u in game.state["data"]["units"].values()):
            decision = game.pending[0]  # setup: until the Empire has placed a gun
            game.apply(seats[decision.player].choose(game, decision), player=decision.player)
        guns = {s: u["planetary-turbolaser"] for s, u in game.state["data"]["units"].items()
                if u.get("planetary-turbolaser")}
        commands = {c.name: c for c in presentation.commands(game)}
        print(json.dumps({"guns": guns, "status": commands["status"].run(game, "empire", ""),
                          "map": commands["map"].run(game, None, ""),
                          "picture": presentation.board_svg(game, None),
                          "replay": presentation.replay_html(game, ["public"])}))
    """)
    result = site.python(code)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    count = f"Space cannons on the board: Empire {sum(seen['guns'].values())}"
    assert count in seen["status"]
    # the replay carries its pictures as JSON inside a script element, every "<" escaped there (issue 32 #6)
    embedded = seen["replay"].split('id="replay-data">', 1)[1].split("</script>", 1)[0]
    for drawn in (seen["picture"], json.dumps(json.loads(embedded), ensure_ascii=False)):
        assert count in " ".join(re.sub(r"<[^>]+>", " ", drawn).split())  # the text, rows wrapped to the panel joined
    where = [line for line in seen["map"] if line.startswith("Space cannons, Empire: ")]
    assert len(where) == 1 and sum(map(int, re.findall(r"(\d+) in ", where[0]))) == sum(seen["guns"].values())


BAD_PACK = {
    "pack.yaml": "kind: pack\nid: bad-guns\nname: {en: Bad guns}\nversion: 1.0.0\nrequires: [base, space-cannon]\n",
    "units.yaml": textwrap.dedent("""\
        kind: units
        items:
        - id: flying-gun
          name: {en: Flying Gun}
          faction: rebel
          set: bad-guns
          theater: space
          kind: fighter
          health: 1
          health_colour: black
          attack: {}
          build_icon: space-triangle
          supply: 2
          abilities: [space-cannon]
        """),
    "actions.yaml": textwrap.dedent("""\
        kind: actions
        items:
        - id: early-barrage
          name: {en: Early Barrage}
          set: bad-guns
          faction: rebel
          starting: true
          timing: assignment
          effect:
          - {op: space_cannon_fire, range: adjacent}
        """),
}


def test_validate_reports_its_own_codes_with_file_line_and_pointer(site, tmp_path):
    pack = tmp_path / "bad-guns"
    pack.mkdir()
    for name, text in BAD_PACK.items():
        (pack / name).write_text(text, encoding="utf-8")
    result = site.rebellion("validate", str(pack), "--expansion", "space-cannon", "--format", "json")
    assert result.returncode == 1, result.stderr
    found = sorted((d["code"], Path(d["file"]).name, d["line"], d["pointer"])
                   for d in json.loads(result.stdout)["diagnostics"])
    assert found == [("SC101", "units.yaml", 7, "/items/0/theater"), ("SC101", "units.yaml", 11, "/items/0/attack"),
                     ("SC102", "actions.yaml", 10, "/items/0/effect/0"),
                     # and the base game's: an Assignment card picturing no leader is never offered (issue 31 §1)
                     ("SW802", "actions.yaml", 8, "/items/0/timing")]
    # the expansion's own pack passes its checks
    assert site.rebellion("validate", "--expansion", "space-cannon").returncode == 0


def test_it_imports_only_public_modules():
    files = sorted((EXAMPLE / "swrebellion_space_cannon").glob("*.py"))
    assert files
    used = set()
    for path in files:
        found = imported_modules(path, PUBLIC)
        assert found <= PUBLIC, f"{path.name} imports {sorted(found - PUBLIC)}, which are not public (docs/plugins.md)"
        used |= found
    assert "swrebellion.expansions.base.api" in used


def test_the_public_modules_are_the_ones_docs_plugins_md_lists():
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    block = text.split("<!-- public modules -->")[1].split("<!-- end public modules -->")[0]
    assert set(re.findall(r"^\* `([a-z0-9_.]+)`", block, flags=re.M)) == PUBLIC
