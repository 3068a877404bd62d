"""Property-based fuzzing of the readers of untrusted files (issue 16): whatever bytes or text a YAML file, a JSON
file or a pack manifest holds, reading and checking it gives data or diagnostics, never an exception or a hang.

Hypothesis generates raw bytes, arbitrary text, and text built from the pieces YAML and JSON are made of (so that
the generated files reach deep into both parsers, the fast YAML reader and the schema checks), then shrinks any
failure to a small example. Kept fast for CI: a few hundred examples per property, each under a deadline.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swrebellion.filecheck import FileChecker
from swrebellion.packs import pack_files, read_pack
from swrebellion.plugins import activate
from swrebellion.sources import read_source
from swrebellion.yaml_fast import Unsupported, read_fast
from swrebellion.yaml_full import YamlReadError, read_yaml

FUZZ = settings(max_examples=100, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
#: Whole files through the schema tier or a manifest through pack resolution: fewer, costlier examples.
FUZZ_SLOW = settings(FUZZ, max_examples=40)

YAML_PIECES = [
    "kind: units\n", "items:\n", "- ", "  ", "id: x-wing\n", "name: {en: X}\n", "{", "}", "[", "]", ", ", ": ",
    "\n", "&a ", "*a", "!!str ", "!!python/object ", "'", '"', "\\u00e9", "#", "---\n", "|\n", ">-\n", "? ", "1",
    "99999999999999999999", "9" * 5000, "0x" + "f" * 20, "[" * 70, "-1.5e400", ".nan", "~", "null", "true", "é",
    "\t", "\r\n", "\ufeff", "%YAML 1.2\n", "<<: *a\n", "supply: ", "effect:\n", "op: ",
]
JSON_PIECES = [
    '{"kind": "units", "items": [', "{", "}", "[", "]", ",", ":", '"id"', '"x-wing"', '"a"', "1", "-0", "1e999",
    "99999999999999999999", "9" * 5000, "[" * 70, "NaN", "Infinity", "true", "null", '"\\ud800"', '"\\u00e9"', " ",
    "\n", '"supply"', '"effect"', '{"op": "x"}',
]


def pieces(alphabet: list[str]):
    return st.lists(st.sampled_from(alphabet), max_size=40).map("".join)


@pytest.fixture(scope="module")
def checker() -> FileChecker:
    """The checker, with each kind's schema validators already built: building the missions one (every op's
    parameters) took 2.9 s of a loaded machine inside the first example, against a 2 s deadline meant for reading
    and checking one file."""
    active = activate(env="base,rise-of-the-empire")
    checker = FileChecker(active.ops, active.kinds)
    with tempfile.TemporaryDirectory() as name:
        for kind in KINDS:
            read_and_check(Path(name), checker, "warm.json", json.dumps({"kind": kind, "items": [{}]}).encode())
    return checker


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def read_and_check(folder: Path, checker: FileChecker, name: str, content: bytes) -> None:
    """Read ``content`` as the file ``name`` and, if it reads, check it as a content file: data or diagnostics."""
    path = folder / name
    path.write_bytes(content)
    source, problems = read_source(path)
    assert (source is None) == bool(problems)
    assert all(d.code.startswith("SW1") or d.code == "SW209" for d in problems), problems
    if source is None:
        assert all(d.line is None or d.line >= 1 for d in problems)
        return
    checked = checker.content(source)
    for diagnostic in checked.diagnostics:
        assert diagnostic.file and diagnostic.line and diagnostic.line >= 1, diagnostic
        source.locate(diagnostic.pointer or "")


@FUZZ
@given(content=st.binary(max_size=300))
def test_any_bytes_as_yaml_or_json(folder, checker, content):
    read_and_check(folder, checker, "any.yaml", content)
    read_and_check(folder, checker, "any.json", content)


@FUZZ
@given(text=st.text(max_size=200))
def test_any_text_as_yaml_or_json(folder, checker, text):
    read_and_check(folder, checker, "text.yaml", text.encode("utf-8", "surrogatepass"))
    read_and_check(folder, checker, "text.json", text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(text=pieces(YAML_PIECES))
def test_yaml_made_of_yaml_pieces(folder, checker, text):
    read_and_check(folder, checker, "pieces.yaml", text.encode("utf-8"))


@FUZZ
@given(text=pieces(JSON_PIECES))
def test_json_made_of_json_pieces(folder, checker, text):
    read_and_check(folder, checker, "pieces.json", text.encode("utf-8", "surrogatepass"))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
KINDS = ["units", "leaders", "missions", "systems", "setups", "pack", "nonsense"]


@FUZZ_SLOW
@given(kind=st.sampled_from(KINDS), items=st.lists(JSON_VALUES, max_size=4), extra=JSON_VALUES)
def test_content_files_of_any_shape(folder, checker, kind, items, extra):
    """Well-formed files of a real kind whose items are anything at all: the schema tier reports, never raises."""
    document = {"kind": kind, "items": items, "extra": extra}
    read_and_check(folder, checker, "shaped.json", json.dumps(document).encode())
    read_and_check(folder, checker, "shaped.yaml", yaml.safe_dump(document, allow_unicode=True).encode())


@FUZZ
@given(text=pieces(YAML_PIECES))
def test_the_fast_yaml_reader_agrees_with_the_complete_one_or_steps_aside(text):
    try:
        fast = read_fast(text, 64, 1000)
    except Unsupported:
        return
    try:
        complete = read_yaml(text, max_depth=64, alias_budget=10_000, alias_chars=1 << 20, max_nodes=1000)[0]
    except YamlReadError as exc:
        pytest.fail(f"the fast reader accepted what the complete one refuses ({exc}): {text!r}")
    assert fast == complete, repr(text)


MANIFEST_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "kind": JSON_VALUES | st.just("pack"), "id": JSON_VALUES | st.just("fan"),
        "name": JSON_VALUES | st.just({"en": "Fan"}), "version": JSON_VALUES | st.sampled_from(["1.0", "x"]),
        "requires": JSON_VALUES | st.lists(st.sampled_from(["base", "base>=9", "fan", "a b", ">=1"]), max_size=3),
        "conflicts": JSON_VALUES, "replaces": JSON_VALUES | st.just(["units/x-wing"]), "removes": JSON_VALUES,
        "plugins": JSON_VALUES, "authors": JSON_VALUES, "description": JSON_VALUES, "license": JSON_VALUES,
        "files": JSON_VALUES | st.lists(st.sampled_from(["**/*.yaml", "../x", "/etc/passwd", "**/**/a", "[", "*"]),
                                        max_size=4),
    },
)


@FUZZ_SLOW
@given(manifest=MANIFEST_FIELDS)
def test_any_manifest_gives_a_manifest_or_diagnostics(folder, checker, manifest):
    pack = folder / "pack"
    pack.mkdir(exist_ok=True)
    (pack / "pack.yaml").write_text(yaml.safe_dump(manifest, allow_unicode=True), encoding="utf-8")
    (pack / "units.yaml").write_text("kind: units\nitems: []\n", encoding="utf-8")
    found = read_pack(pack, "path", checker)
    assert (found.manifest is None) == bool(found.problems), found.problems
    if found.manifest is not None:
        files, problems = pack_files(found)
        assert all(f.resolve().is_relative_to(pack.resolve()) for f in files)
        assert all(d.code in ("SW308", "SW309") for d in problems)


@FUZZ
@given(content=st.binary(max_size=300) | pieces(YAML_PIECES).map(str.encode))
def test_any_bytes_as_a_manifest(folder, checker, content):
    pack = folder / "raw"
    pack.mkdir(exist_ok=True)
    (pack / "pack.yaml").write_bytes(content)
    found = read_pack(pack, "path", checker)
    assert found.manifest is not None or found.problems
