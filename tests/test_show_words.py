"""`rebellion show` and `rebellion cards show` print every field and every effect step in plain words, in the
reader's language (issue 35 #14, issue 31 §3): no Python or JSON fragment (``requires: {'special-ops': 1}``,
``vader_icon: False``), no op's generic description followed by raw parameters, no untranslated line. The walk
covers every card, unit and leader of the built-in content (the base game and Rise of the Empire) and of the
example fan pack, in English, Russian and Turkish, as `show` prints it; a few well-known cards are checked
sentence by sentence."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from swrebellion.i18n import using
from swrebellion.loader import load
from swrebellion.plugins import activate
from swrebellion.tools.cards_cmd import describe
from swrebellion.tools.cli import main
from swrebellion.tools.show_words import Reader, effect_words

ROOT = Path(__file__).resolve().parents[1]
FAN_PACK = ROOT / "examples" / "packs" / "probe-swarm"
#: What gives a Python or JSON fragment away: brackets and braces, a quoted key, Python's constants, snake_case or
#: kebab-case words (an id or a field's name), an op's name, a step no plugin words.
FRAGMENT = re.compile(r"[{}\[\]]|['\"]: |[:=] ?(?:True|False|None)\b|\b[a-z]+_[a-z_]+\b|\b[a-z]+-[a-z-]+\b"
                      r"|no words for this step")


@pytest.fixture(scope="module")
def shown():
    """kind/id -> language -> the lines `show` prints (the first line's id and file left out: they are for
    typing; and the pack's summary, its author's prose)."""
    active = activate(["base", "rise-of-the-empire"])
    catalog = load(active, [FAN_PACK], all_enabled=True).catalog
    reader = Reader(catalog, effect_words(active))
    kinds = [k.name for k in catalog.kinds.tagged("card")] + ["units", "leaders"]
    out = {}
    for kind in kinds:
        for ident in sorted(catalog.items(kind)):
            entry = catalog.entry(kind, ident)
            item = catalog.items(kind)[ident]
            prose = {getattr(getattr(item, key, None), lang, None) for key in ("summary", "description")
                     for lang in ("en", "ru", "tr")} - {None}  # the pack's own words, not ours
            for lang in ("en", "ru", "tr"):
                with using(lang):
                    lines, _document = describe(catalog, kind, ident, active.ops, reader)
                first = lines[0].replace(f" {ident})", ")").replace(f"({entry.file})", "").replace(entry.pack, "")
                out.setdefault(f"{kind}/{ident}", {})[lang] = [first, *(line for line in lines[1:]
                                                                         if line.split(": ", 1)[-1] not in prose)]
    assert catalog.entry("missions", "gather-intel").pack == "probe-swarm"  # the fan pack's card is walked too
    return out


def test_every_card_unit_and_leader_is_shown_in_words_in_every_language(shown):
    """Every line of every item, in en, ru and tr: no fragment of data (RB-MIS-02's targets, every op's words)."""
    fragments = [f"{item} [{lang}]: {line}" for item, by_lang in shown.items() for lang, lines in by_lang.items()
                 for line in lines if FRAGMENT.search(line)]
    assert fragments == []
    assert len(shown) >= 300  # 300 with Rise of the Empire and the fan pack


def test_russian_and_turkish_lines_are_not_english(shown):
    """A Russian or Turkish line that equals its English twin is untranslated, unless it is names only (a pack's
    own summary has no translation: its field's name still is)."""
    untranslated = [f"{item} [{lang}]: {line}" for item, by_lang in shown.items() for lang in ("ru", "tr")
                    for line, english in zip(by_lang[lang], by_lang["en"]) if line == english]
    assert untranslated == [], untranslated


@pytest.mark.parametrize(("card", "lang", "expected"), [
    ("missions/sabotage", "en", ["- target: Choose a system.", "- effect: Choose one:",
                                 "Place a sabotage marker in the system (only if that system is a populous one):",
                                 "Place a sabotage marker in that system."]),
    ("missions/sabotage", "ru", ["- цель: Выберите систему.", "- эффект: Выберите одно:",
                                 "Положите маркер саботажа в этой системе."]),
    ("missions/sabotage", "tr", ["- hedef: Bir sistem seçin.", "- etki: Birini seçin:",
                                 "O sistemde bir sabotaj işaretçisi koyun."]),
    ("missions/display-of-power", "ru", ["- цель: Выберите населённую систему.",
                                         "- эффект: Сдвиньте лояльность на 2 шага к вам в этой системе."]),
    ("missions/display-of-power", "tr", ["- hedef: Nüfuslu bir sistem seçin."]),
    ("missions/rule-by-fear", "en", ["- target: Choose a populous system where there are Imperial units.",
                                     "- effect: Move loyalty 1 step toward you in that system."]),
    ("missions/gather-intel", "en", [
        "- target: Choose a Rebel system.",
        "- effect: Move 2 cards from the probe deck into the Empire's hand of probe cards. (at least 1 card per 3 "
        "Rebel units at the base)"]),
    ("tactics/space-critical-hit", "en", ["- effect: Deal 1 extra damage, assigned with the dice."]),
    ("missions/detained", "en", ["- effect: That leader stays on the board through the next Refresh Phase instead "
                                "of returning to the leader pool."]),
])
def test_well_known_cards_read_like_the_card(shown, card, lang, expected):
    """RB-MIS-02..04 (a mission's target), RB-SAB-01 (Sabotage), RS-LOY (loyalty), RB-PRB (probe cards)."""
    lines = [line.strip() for line in shown[card][lang]]
    for sentence in expected:
        assert sentence in lines, lines


def test_every_op_of_the_built_in_plugins_has_words():
    """An op a helper or a plugin adds with no words fails here, named (the ``effect_words`` hook)."""
    active = activate(["base", "rise-of-the-empire"])
    assert sorted(set(active.ops.names()) - set(effect_words(active))) == []


def test_show_says_the_fields_the_issue_found_in_words():
    result = CliRunner().invoke(main, ["show", "sabotage", "--kind", "missions"])
    assert result.exit_code == 0, result.output
    assert "  requires: Special Ops 1" in result.output.splitlines()
    assert "  Vader icon: no" in result.output.splitlines()
    assert "RB-" not in result.output and "RS-" not in result.output
    leader = CliRunner().invoke(main, ["show", "darth-vader"]).output.splitlines()
    assert "  skills: Diplomacy 2, Special Ops 3" in leader and "  tactics: space 2, ground 3" in leader


def test_show_and_cards_show_speak_russian_and_turkish():
    """`--lang` on `show` and `cards show`, as on every command (issue 35 #14)."""
    russian = CliRunner().invoke(main, ["show", "sabotage", "--kind", "missions", "--lang", "ru"])
    assert russian.exit_code == 0, russian.output
    assert "    - цель: Выберите населённую систему." in russian.output.splitlines()
    assert "    - эффект: Положите маркер саботажа в этой системе." in russian.output.splitlines()
    turkish = CliRunner().invoke(main, ["cards", "show", "sabotage", "--lang", "tr"])
    assert "    - hedef: Nüfuslu bir sistem seçin." in turkish.output.splitlines()


def test_an_advanced_tactic_card_says_what_its_top_half_needs(shown):
    """RE-CIN-04 (issue 35 #10: `show bombing run` hid that the top needs a Y-Wing): the top half of an advanced
    tactic card that pictures units is usable only with one of them in the system, and says so."""
    lines = shown["advanced-tactics/rebel-space-bombing-run"]
    assert any(line.startswith("    - top half (usable only with Y-Wing in the system): ") for line in lines["en"])
    assert any(line.startswith("    - верхняя половина (только если в системе есть Y-Wing): ") for line in lines["ru"])
    assert any(line.startswith("    - bottom half: ") for line in lines["en"])
