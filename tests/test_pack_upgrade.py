"""The loader reads one language (issue 27 §4), and `rebellion packs upgrade` rewrites a pack written in the old
forms into it (issue 10, section 3).

The old-style packs are the built-in cards as they were before the effect language was reshaped (the card files
of ``content/base`` and ``content/rise-of-the-empire`` at the start of the work, kept in ``fixtures/old-style``),
dropped into a copy of the built-in pack. They must fail validation, each old step with one located SW210 error
that says to run the upgrade; the upgraded files must validate and hold exactly the steps of the built-in cards.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import swrebellion.content
from packkit import cli, snapshot
from swrebellion.plugins import activate
from swrebellion.tools.docs_gen import card_kinds
from swrebellion.validate import validate

OLD = Path(__file__).parent / "fixtures" / "old-style"
CONTENT = Path(swrebellion.content.__file__).parent
PACKS = {"base": ("base", "base-cards", "base"), "roe": ("rise-of-the-empire", "roe-cards", "base,rise-of-the-empire")}


def old_pack(tmp_path: Path, which: str) -> Path:
    """A copy of a built-in pack whose cards are the old-style card files."""
    folder, cards, _ = PACKS[which]
    copy = tmp_path / folder
    shutil.copytree(CONTENT / folder, copy)
    shutil.rmtree(copy / "cards")
    shutil.copytree(OLD / cards, copy / "cards")
    return copy


def effects(report) -> dict[str, dict]:
    """Every card of the pack under test as data (card kinds only)."""
    catalog = report.catalog
    return {f"{kind}/{ident}": item.model_dump() for kind in card_kinds(catalog)
            for ident, item in catalog.items(kind).items()}


@pytest.fixture(scope="module", params=sorted(PACKS))
def old(request, tmp_path_factory):
    which = request.param
    return which, old_pack(tmp_path_factory.mktemp(which), which)


def _expansions(which: str) -> list[str]:
    return ["-x", "rise-of-the-empire"] if which == "roe" else []


def test_an_old_style_pack_fails_validation_with_one_located_hint_per_old_step(old, monkeypatch):
    """Issue 27 §4: no alias is read; every error of an old step is one SW210 at the step's op, with the file,
    line and pointer, that says to run `rebellion packs upgrade`."""
    which, folder = old
    monkeypatch.chdir(folder.parent)
    result = cli("validate", folder.name, *_expansions(which), "--format", "json")
    assert result.exit_code == 1, result.output
    import json

    errors = [d for d in json.loads(result.output)["diagnostics"] if d["severity"] == "error"]
    assert len(errors) > 20 and {d["code"] for d in errors} == {"SW210"}
    for d in errors:
        assert d["pointer"].endswith("/op") and d["line"] and d["file"].startswith(f"{folder.name}/cards/")
        assert "rebellion packs upgrade" in d["hint"] and "written as" in d["message"]
    text = cli("validate", folder.name, *_expansions(which)).output
    assert "SW210 effect op 'choose_system' in an old form" in text or "SW210 effect op 'recruit_one_of'" in text


def test_upgrading_makes_the_pack_valid_and_keeps_the_comments(old, tmp_path):
    which, _ = old
    folder = old_pack(tmp_path, which)
    comments = {p.name: [line for line in p.read_text().splitlines() if line.lstrip().startswith("#")]
                for p in (folder / "cards").glob("*.yaml")}
    result = cli("packs", "upgrade", str(folder), *_expansions(which))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1].startswith("changed ") and all(" -> " in line for line in lines[:-1])
    assert int(lines[-1].split()[1]) == len(lines) - 1 > 20
    after = validate(activate(env=PACKS[which][2]), [folder], all_enabled=True)
    assert after.errors == [] and not [d for d in after.diagnostics if d.code == "SW210"]
    for path in (folder / "cards").glob("*.yaml"):  # comments on untouched lines are kept
        kept = [line for line in path.read_text().splitlines() if line.lstrip().startswith("#")]
        assert kept == comments[path.name]
    again = cli("packs", "upgrade", str(folder), *_expansions(which))
    assert again.exit_code == 0 and "no old effect ops" in again.output


def test_check_and_dry_run_write_nothing(tmp_path):
    folder = old_pack(tmp_path, "base")
    before = snapshot(folder)
    checked = cli("packs", "upgrade", str(folder), "--check")
    assert checked.exit_code == 1 and "would change" in checked.output
    dry = cli("packs", "upgrade", str(folder), "--dry-run")
    assert dry.exit_code == 0 and "choose_system -> choose" in dry.output
    assert snapshot(folder) == before


def test_a_pack_with_content_errors_is_not_rewritten(tmp_path):
    """An error the upgrade cannot fix (an old step with a parameter its old form never took) stops it before any
    file is written."""
    folder = old_pack(tmp_path, "base")
    broken = folder / "cards" / "missions-rebel.yaml"
    broken.write_text(broken.read_text().replace("{op: gain_loyalty, amount: 1}", "{op: gain_loyalty, amuont: 1}", 1))
    before = snapshot(folder)
    result = cli("packs", "upgrade", str(folder))
    assert result.exit_code == 1 and "content errors" in result.output
    assert snapshot(folder) == before


def test_a_folder_without_a_manifest_is_a_usage_error(tmp_path):
    result = cli("packs", "upgrade", str(tmp_path))
    assert result.exit_code == 2 and "not a pack folder" in result.output


def test_a_file_that_cannot_be_written_stays_whole_and_the_command_says_so(tmp_path, monkeypatch):
    """Each file is replaced atomically: when one cannot be written (a full disk, a read-only folder), it keeps its
    old bytes, the upgrade stops there with an error naming it, and running it again finishes the job."""
    import swrebellion.safefile as safefile

    folder = old_pack(tmp_path, "base")
    before = snapshot(folder)
    real, calls = safefile.write_atomic, []

    def failing_second(path, data, **kwargs):
        calls.append(Path(path).name)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(path, data, **kwargs)

    monkeypatch.setattr(safefile, "write_atomic", failing_second)
    result = cli("packs", "upgrade", str(folder))
    assert result.exit_code == 1 and "cannot write" in result.output and calls[1] in result.output
    assert "Traceback" not in result.output
    after = snapshot(folder)
    second = next(k for k in after if k.endswith(calls[1]))
    assert after[second] == before[second], "the file that could not be written keeps its old content"
    first = next(k for k in after if k.endswith(calls[0]))
    assert after[first] != before[first]
    monkeypatch.setattr(safefile, "write_atomic", real)
    again = cli("packs", "upgrade", str(folder))
    assert again.exit_code == 0 and calls[0] not in again.output


def _english_labels(value):
    if isinstance(value, dict):
        if "en" in value and set(value) <= {"en", "ru", "tr"}:
            return value["en"]
        return {k: _english_labels(v) for k, v in value.items() if v not in (None, [], {})}
    if isinstance(value, list):
        return [_english_labels(v) for v in value]
    return value


STEP_FIELDS = ("target", "effect", "failure", "top", "bottom")


def test_the_upgraded_old_cards_play_as_the_built_in_ones(tmp_path):
    """The old-style card files, upgraded, hold the very steps of the built-in cards (whose labels have since
    gained Russian and Turkish): so they play the same games as the built-in cards, which the golden logs
    (tests/test_golden_logs.py) pin event by event."""
    for which in sorted(PACKS):
        folder = old_pack(tmp_path / which, which)
        assert cli("packs", "upgrade", str(folder), *_expansions(which)).exit_code == 0
        active = activate(env=PACKS[which][2])
        upgraded = effects(validate(active, [folder], all_enabled=True))
        built_in = effects(validate(active, [CONTENT / PACKS[which][0]], all_enabled=True))
        compared = 0
        for card, data in upgraded.items():
            if card in built_in:
                steps = {f: _english_labels(data.get(f)) for f in STEP_FIELDS}
                assert steps == {f: _english_labels(built_in[card].get(f)) for f in STEP_FIELDS}, card
                compared += 1
        assert compared > 100 if which == "base" else compared > 50


def test_an_old_step_that_became_two_is_spliced_into_a_block_list(tmp_path):
    """Issue 27 §4: Confrontation's old ``tactic_doom_leader`` is now two steps (the leader chosen, then eliminated
    when the Command Phase ends: ``choose`` and ``later``). Written in a block list, both take its place as items of
    that list, before the step that followed it, and the card plays as the built-in one (RS-ROE-09)."""
    folder = old_pack(tmp_path, "roe")
    cards = folder / "cards" / "advanced-tactics-rebel.yaml"
    flow = ("      effect: [{op: tactic_at_round_end, when: {enemy_ground_lost: true}, steps: [{op: tactic_doom_leader}, "
            "{op: tactic_leave_game}]}]\n")
    block = ("      effect:\n        - op: tactic_at_round_end\n          when: {enemy_ground_lost: true}\n"
             "          steps:\n            - {op: tactic_doom_leader}\n            - {op: tactic_leave_game}\n")
    text = cards.read_text()
    assert flow in text
    cards.write_text(text.replace(flow, block))
    result = cli("packs", "upgrade", str(folder), "-x", "rise-of-the-empire")
    assert result.exit_code == 0, result.output
    assert "tactic_doom_leader -> choose, later" in result.output
    active = activate(env=PACKS["roe"][2])
    upgraded = effects(validate(active, [folder], all_enabled=True))["advanced-tactics/rebel-ground-confrontation"]
    built_in = effects(validate(active, [CONTENT / "rise-of-the-empire"], all_enabled=True))
    assert upgraded["top"]["effect"] == built_in["advanced-tactics/rebel-ground-confrontation"]["top"]["effect"]
