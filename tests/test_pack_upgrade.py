"""Deprecated op names keep working for one minor version, and `rebellion pack upgrade` rewrites a pack to the new
vocabulary (issue 10, section 3).

The old-style packs are the built-in cards as they were before the effect language was reshaped (the card files
of ``content/base`` and ``content/rise-of-the-empire`` at the start of the work, kept in ``fixtures/old-style``),
dropped into a copy of the built-in pack. They must load with warnings only (SW210, one per old step), the rules
must see only the new vocabulary, and the upgraded files must hold exactly what the loader made of the old ones.
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


def deep_ops(value):
    if isinstance(value, dict):
        if isinstance(value.get("op"), str):
            yield value["op"]
        for inner in value.values():
            yield from deep_ops(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from deep_ops(inner)


def effects(report) -> dict[str, dict]:
    """Every card of the pack under test as data (card kinds only)."""
    catalog = report.catalog
    return {f"{kind}/{ident}": item.model_dump() for kind in card_kinds(catalog)
            for ident, item in catalog.items(kind).items()}


@pytest.fixture(scope="module", params=sorted(PACKS))
def loaded(request, tmp_path_factory):
    which = request.param
    folder = old_pack(tmp_path_factory.mktemp(which), which)
    active = activate(env=PACKS[which][2])
    return which, folder, active, validate(active, [folder], all_enabled=True)


def test_an_old_style_pack_loads_with_one_warning_per_old_step(loaded):
    which, folder, active, report = loaded
    assert report.errors == [], report.errors[:3]
    warned = [d for d in report.diagnostics if d.code == "SW210"]
    assert len(warned) > 20
    for d in warned:
        assert d.severity == "warning" and d.pointer.endswith("/op") and d.line and "pack upgrade" in d.hint


def test_the_rules_see_only_the_new_vocabulary(loaded):
    which, folder, active, report = loaded
    used = {op for card in effects(report).values() for op in deep_ops(card)}
    assert used and used <= set(active.ops.names()), sorted(used - set(active.ops.names()))
    assert not used & set(active.ops.deprecated_names())


def test_upgrading_writes_what_the_loader_made_of_the_old_pack(loaded, tmp_path):
    which, _, active, before = loaded
    folder = old_pack(tmp_path, which)
    comments = {p.name: [line for line in p.read_text().splitlines() if line.lstrip().startswith("#")]
                for p in (folder / "cards").glob("*.yaml")}
    args = ["pack", "upgrade", str(folder), *(["-x", "rise-of-the-empire"] if which == "roe" else [])]
    result = cli(*args)
    assert result.exit_code == 0, result.output
    warned = len([d for d in before.diagnostics if d.code == "SW210"])
    lines = result.output.splitlines()
    assert lines[-1].startswith(f"changed {warned} steps in ")
    assert all(" -> " in line for line in lines[:-1]) and len(lines) - 1 == warned
    after = validate(active, [folder], all_enabled=True)
    assert after.errors == [] and not [d for d in after.diagnostics if d.code == "SW210"]
    assert effects(after) == effects(before)  # the rules see exactly what they saw before the upgrade
    for path in (folder / "cards").glob("*.yaml"):  # comments on untouched lines are kept
        kept = [line for line in path.read_text().splitlines() if line.lstrip().startswith("#")]
        assert kept == comments[path.name]
    again = cli(*args)
    assert again.exit_code == 0 and "no deprecated effect ops" in again.output


def test_check_and_dry_run_write_nothing(tmp_path):
    folder = old_pack(tmp_path, "base")
    before = snapshot(folder)
    checked = cli("pack", "upgrade", str(folder), "--check")
    assert checked.exit_code == 1 and "would change" in checked.output
    dry = cli("pack", "upgrade", str(folder), "--dry-run")
    assert dry.exit_code == 0 and "choose_system -> choose" in dry.output
    assert snapshot(folder) == before


def test_a_pack_with_content_errors_is_not_rewritten(tmp_path):
    folder = old_pack(tmp_path, "base")
    broken = folder / "cards" / "missions-rebel.yaml"
    broken.write_text(broken.read_text().replace("{op: gain_loyalty, amount: 1}", "{op: gain_loyalty, amount: 9}", 1))
    before = snapshot(folder)
    result = cli("pack", "upgrade", str(folder))
    assert result.exit_code == 1 and "content errors" in result.output
    assert snapshot(folder) == before


def test_a_folder_without_a_manifest_is_a_usage_error(tmp_path):
    result = cli("pack", "upgrade", str(tmp_path))
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
    result = cli("pack", "upgrade", str(folder))
    assert result.exit_code == 1 and "cannot write" in result.output and calls[1] in result.output
    assert "Traceback" not in result.output
    after = snapshot(folder)
    second = next(k for k in after if k.endswith(calls[1]))
    assert after[second] == before[second], "the file that could not be written keeps its old content"
    first = next(k for k in after if k.endswith(calls[0]))
    assert after[first] != before[first]
    monkeypatch.setattr(safefile, "write_atomic", real)
    again = cli("pack", "upgrade", str(folder))
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
    gained Russian and Turkish): so they play the same games, which the golden logs (recorded with the old op
    names, tests/test_golden_logs.py) pin event by event."""
    for which in sorted(PACKS):
        folder = old_pack(tmp_path / which, which)
        assert cli("pack", "upgrade", str(folder), *(["-x", "rise-of-the-empire"] if which == "roe" else [])).exit_code == 0
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
