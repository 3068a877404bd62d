"""Russian and Turkish (issue 13, "Russian and Turkish"): gettext catalogs kept with Babel, complete and current;
names from the packs; a whole game told and asked in Russian with no English left (names, narration, prompts,
option labels, the terminal's screens), and in Turkish with every sentence translated; a missing name falls back to
English and `rebellion packs list --lang` counts what is missing."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from swrebellion import i18n
from swrebellion.engine import Game, RandomAgent
from swrebellion.engine.narration import account
from swrebellion.expansions.base.presentation import terminal
from swrebellion.expansions.base.names import localize, names
from swrebellion.games import rules_for
from swrebellion.tools.cli import main

babel = pytest.importorskip("babel")

from swrebellion.tools import catalogs  # noqa: E402  (needs Babel)

#: Latin words a Russian reader meets in the Russian edition too: unit designations and droid names.
LATIN_IN_RUSSIAN = {"AT-ST", "AT-AT", "X-Wing", "Y-Wing", "U-Wing", "TIE", "R2-D2", "C-3PO", "K-2SO"}
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def latin_words(text: str) -> set[str]:
    return {w.rstrip("-") for w in LATIN.findall(text)} - LATIN_IN_RUSSIAN


def test_the_catalogs_are_current_and_compiled():
    """What `python -m swrebellion.tools.catalogs` would write is what the repository holds: the template has
    every marked message of the code, each .po is updated and each .mo compiled from it."""
    stale = [str(path.relative_to(catalogs.ROOT)) for path, data in catalogs.build().items()
             if not path.exists() or path.read_bytes() != data]
    assert stale == [], "run: python -m swrebellion.tools.catalogs"


@pytest.mark.parametrize("lang", ["ru", "tr"])
def test_every_message_is_translated_with_its_placeholders(lang):
    assert catalogs.untranslated(lang) == []
    from babel.messages.pofile import read_po

    with (catalogs.LOCALE / lang / "LC_MESSAGES" / "swrebellion.po").open("rb") as handle:
        po = read_po(handle, locale=lang)
    wrong = []
    for message in po:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        for string in strings:
            if set(PLACEHOLDER.findall(string)) - wanted or wanted - set(PLACEHOLDER.findall(string)) - {"{n}"}:
                wrong.append((ids[0], string))
    assert wrong == []


@pytest.mark.parametrize("expansions", [("base",), ("base", "rise-of-the-empire")])
@pytest.mark.parametrize("lang", ["ru", "tr"])
def test_every_built_in_name_has_a_translation(expansions, lang):
    content = rules_for(expansions).content
    missing = [(kind, ident) for kind in content.counts() for ident, item in content.items(kind).items()
               if getattr(item, "name", None) is not None and not getattr(item.name, lang)]
    assert missing == []


def played(expansions, options, seed):
    """A seeded game of random agents, and every (player, prompt, labels) it asked."""
    game = Game.new(rules_for(expansions), seed, options)
    agents = {p: RandomAgent(seed + n) for n, p in enumerate(game.state["players"])}
    asked = []
    while not game.over and game.pending:
        for decision in game.pending:
            asked.append((decision.player, decision.prompt, [o.label for o in decision.options]))
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    return game, asked


GAMES = [(("base",), {}, 1), (("base",), {}, 3), (("base", "rise-of-the-empire"), {"setup": "rise-of-the-empire"}, 2),
         (("base", "rise-of-the-empire"), {}, 5), (("base",), {"players": 4}, 4),
         (("base", "rise-of-the-empire"), {"players": 4, "setup": "rise-of-the-empire"}, 6)]


@pytest.mark.parametrize(("expansions", "options", "seed"), GAMES, ids=[f"{'+'.join(g[0])}-{g[1]}-{g[2]}" for g in GAMES])
def test_a_russian_game_has_no_english_left(expansions, options, seed):
    """Names, the account for every viewer, every prompt and option label (as the terminal shows them) and the
    terminal's screens read in Russian: no Latin word but the unit designations the Russian edition keeps."""
    game, asked = played(expansions, options, seed)
    found: dict[str, str] = {}
    with i18n.using("ru"):
        texts = [line for viewer in (None, *game.state["players"][:2]) for line in account(game, viewer)]
        for _player, prompt, labels in asked:
            texts += [localize(game, prompt), *(localize(game, label) for label in labels)]
        for command in terminal.commands():
            for player in game.state["players"][:2]:
                texts += list(command.run(game, player, "Корускант" if command.name == "показать" else ""))
        texts.append(terminal.heading(game, game.pending[0]) if game.pending else "")
    for text in texts:
        for word in latin_words(text):
            found.setdefault(word, text)
    # the map's marks (R, E: loyalty; S: subjugated; X: destroyed), explained in Russian by its legend
    found = {w: t for w, t in found.items() if not re.fullmatch(r"[RESX]+", w)}
    assert found == {}, "English left in the Russian game: " + "; ".join(f"{w!r} in {t!r}" for w, t in found.items())


@pytest.mark.parametrize(("expansions", "options", "seed"), GAMES[:3], ids=[f"{'+'.join(g[0])}-{g[2]}" for g in GAMES[:3]])
def test_a_turkish_game_asks_and_tells_everything_in_turkish(expansions, options, seed):
    """Turkish uses Latin letters, so the check is that every prompt and label was made again in Turkish (changed
    from the English, unless it is a name Turkish writes the same), and every line of the account too."""
    game, asked = played(expansions, options, seed)
    same_in_turkish = {n for ident, n in names(game).items() if names(game, "tr").get(ident) == n}
    left = []
    with i18n.using("tr"):
        for _player, prompt, labels in asked:
            for english in (prompt, *labels):
                if localize(game, english) == english and english not in same_in_turkish:
                    left.append(english)
        turkish = list(account(game, "rebel" if "rebel" in game.state["players"] else None))
    english = list(account(game, "rebel" if "rebel" in game.state["players"] else None))
    assert sorted(set(left)) == []
    unchanged = [t for t, e in zip(turkish, english) if t == e and t.strip()]
    assert unchanged == []


def test_the_language_comes_from_the_option_or_the_environment(monkeypatch):
    monkeypatch.setenv(i18n.ENV, "tr")
    assert i18n.from_environment() == "tr"
    assert i18n.from_environment("ru_RU.UTF-8") == "ru"
    monkeypatch.setenv(i18n.ENV, "klingon")
    with pytest.raises(i18n.LanguageError, match="SWREBELLION_LANG"):
        i18n.from_environment()
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--lang", "xx"])
    assert result.exit_code == 2 and "unknown language 'xx'" in result.output


def test_rebellion_play_in_russian_and_turkish():
    for lang, words in (("ru", "Повстанцы"), ("tr", "İsyancılar")):
        result = CliRunner().invoke(main, ["play", "--seed", "2", "--lang", lang])
        assert result.exit_code == 0, result.output
        assert words in result.output and "Game over" not in result.output
        assert i18n.language() == "en"  # --lang holds for that command only


def test_a_fan_pack_without_translations_falls_back_to_english_and_is_counted(tmp_path):
    """A name a pack gives only in English is shown in English, and `packs list --lang ru` says how many."""
    pack = tmp_path / "fan"
    pack.mkdir()
    (pack / "pack.yaml").write_text("kind: pack\nid: fan\nname: {en: Fan units}\nversion: '1.0'\nrequires: [base]\n")
    (pack / "units.yaml").write_text(
        "kind: units\nitems:\n- id: fan-speeder\n  name: {en: Fan Speeder, ru: Фанатский спидер}\n  faction: rebel\n"
        "  set: fan\n  theater: ground\n  kind: ground-unit\n  health: 1\n  health_colour: black\n  attack: {black: 1}\n"
        "  build_icon: null\n  supply: 1\n- id: fan-walker\n  name: {en: Fan Walker}\n  faction: empire\n  set: fan\n"
        "  theater: ground\n  kind: ground-unit\n  health: 2\n  health_colour: red\n  attack: {red: 1}\n"
        "  build_icon: null\n  supply: 1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["packs", "list", str(pack), "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert re.search(r"fan .*1 of 3 names? without a ru translation", result.output) or \
        "without a ru translation" in result.output, result.output
    rules = rules_for(("base",), (str(pack),))
    game = Game.new(rules, 1)
    with i18n.using("ru"):
        assert localize(game, "Fan Walker") == "Fan Walker"
        assert localize(game, "Fan Speeder") == "Фанатский спидер"
