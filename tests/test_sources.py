"""Reading one file: limits, encodings, YAML and JSON quirks, and line/column for any JSON pointer."""

from __future__ import annotations

import json
import os
import time

import pytest

from swrebellion import sources, yaml_full
from swrebellion.sources import read_source

YAML = """\
# yaml-language-server: $schema=../schemas/units.schema.json
kind: units
items:
- id: x-wing
  name: {en: X-wing}
  attack:
    red: 1
"""


def read(tmp_path, name: str, content) -> tuple:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return read_source(path, name)


def codes(problems) -> list[str]:
    return [d.code for d in problems]


def test_positions_come_from_the_text_for_yaml_and_json_alike(tmp_path):
    yaml_source, _ = read(tmp_path, "units.yaml", YAML)
    data = yaml_source.data
    json_text = '{\n  "kind": "units",\n  "items": [\n    {"id": "x-wing", "name": {"en": "X-wing"},\n' \
                '     "attack": {"red": 1}}\n  ]\n}\n'
    json_source, _ = read(tmp_path, "units.json", json_text)
    assert json_source.data == data
    assert yaml_source.locate("/items/0/attack/red") == (7, 5)
    assert yaml_source.locate("/items/0/name/en") == (5, 10)
    assert yaml_source.locate("/items/0") == (4, 3)
    assert json_source.locate("/items/0/attack/red") == (5, 17)
    assert json_source.locate("/items/0") == (4, 5)
    # A pointer to something that is not there (a missing key) points at the nearest thing that is.
    assert yaml_source.locate("/items/0/supply") == (4, 3)
    diagnostic = yaml_source.diagnostic("SW999", "test", "/items/0/attack/red", "a hint")
    assert (diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.pointer) == ("units.yaml", 7, 5,
                                                                                          "/items/0/attack/red")


def test_yaml_is_read_by_the_core_schema_of_yaml_1_2(tmp_path):
    source, _ = read(tmp_path, "x.yaml", "a: yes\nb: no\nc: 2016-01-01\nd: 1.0\ne: 0o17\nf: ~\ng: 1_000\nh: 'on'\n")
    assert source.data == {"a": "yes", "b": "no", "c": "2016-01-01", "d": 1.0, "e": 15, "f": None, "g": "1_000",
                           "h": "on"}


def test_byte_order_mark_and_windows_line_ends_are_fine(tmp_path):
    source, problems = read(tmp_path, "x.yaml", b"\xef\xbb\xbfkind: units\r\nitems: []\r\n")
    assert problems == [] and source.data == {"kind": "units", "items": []}
    source, problems = read(tmp_path, "x.json", b'\xef\xbb\xbf{"kind": "units"}')
    assert problems == [] and source.data == {"kind": "units"}


@pytest.mark.parametrize(
    "name, content, code, line, column",
    [
        ("a.yaml", "a: 1\nb: [1, 2\n", "SW101", 3, 1),
        ("a.yaml", "---\na: 1\n---\nb: 2\n", "SW101", 3, 1),
        ("a.yaml", "a: *nothing\n", "SW101", 1, 4),
        ("a.yaml", "a: \x07\n", "SW101", 1, 4),
        ("a.json", '{"a": 1,}', "SW102", 1, 9),
        ("a.json", '{"a": NaN}', "SW102", 1, 7),
        ("a.yaml", "a: 1\nb:\n  c: 1\n  c: 2\n", "SW103", 4, 3),
        ("a.json", '{"a": {"c": 1, "c": 2}}', "SW103", 1, 16),
        ("a.yaml", b"a: 1\nb: \xff\xfe\n", "SW104", 2, 4),
        ("a.json", b'{"a": "\xc3"}', "SW104", 1, 8),
        ("a.yaml", "   \n\n", "SW105", 1, 1),
        ("a.yaml", "# only a comment\n", "SW105", 1, 1),
        ("a.yaml", "a: &x [1, *x]\n", "SW107", 1, 11),
        ("a.yaml", "a: !custom 1\n", "SW109", 1, 4),
        ("a.yaml", "1: one\n", "SW111", 1, 1),
        ("a.yaml", "? [a, b]\n: 1\n", "SW111", 1, 3),
        ("a.txt", "a: 1\n", "SW209", None, None),
    ],
)
def test_bad_files_give_a_located_diagnostic(tmp_path, name, content, code, line, column):
    source, problems = read(tmp_path, name, content)
    assert source is None
    assert codes(problems)[0] == code, problems
    assert (problems[0].line, problems[0].column) == (line, column)
    assert problems[0].file == name


def test_every_duplicate_key_is_reported(tmp_path):
    _, problems = read(tmp_path, "a.yaml", "a: 1\na: 2\nb: {c: 1, c: 2}\n")
    assert [(d.code, d.line) for d in problems] == [("SW103", 2), ("SW103", 3)]
    assert "first on line 1" in problems[0].message


def test_aliases_within_the_budget_are_fine(tmp_path):
    source, problems = read(tmp_path, "a.yaml", "base: &b {en: Hi}\nother: *b\n")
    assert problems == [] and source.data["other"] == {"en": "Hi"}


def test_alias_bomb_stops_quickly(tmp_path):
    levels = ["a: &a [" + ", ".join(["lol"] * 9) + "]"]
    names = "abcdefghijklm"
    levels += [f"{c}: &{c} [" + ", ".join([f"*{p}"] * 9) + "]" for p, c in zip(names, names[1:])]
    started = time.perf_counter()
    _, problems = read(tmp_path, "bomb.yaml", "\n".join(levels) + "\n")
    assert time.perf_counter() - started < 2
    assert codes(problems) == ["SW107"]


@pytest.mark.parametrize("text", ["a: " + "[" * 65 + "]" * 65, "a: " + "[" * 200000, "a:\n" + "".join(
    " " * i + f"k{i}:\n" for i in range(1, 70))])
def test_nesting_is_limited_without_exhausting_the_stack(tmp_path, text):
    _, problems = read(tmp_path, "deep.yaml", text + "\n")
    assert codes(problems) == ["SW108"]


def test_json_nesting_is_limited(tmp_path):
    _, problems = read(tmp_path, "deep.json", "[" * 65 + "]" * 65)
    assert codes(problems) == ["SW108"] and problems[0].column == 65
    _, problems = read(tmp_path, "deep.json", "[" * 300000 + "]" * 300000)
    assert codes(problems) == ["SW108"]


def test_size_limit_is_checked_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MAX_FILE_BYTES", 100)
    _, problems = read(tmp_path, "big.yaml", "a: " + "x" * 200 + "\n")
    assert codes(problems) == ["SW106"]


def test_a_fifo_is_refused_not_waited_on(tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")
    source, problems = read_source(tmp_path / "pipe.yaml", "pipe.yaml")
    assert source is None and codes(problems) == ["SW110"]


def test_json_files_may_carry_a_schema_key(tmp_path):
    document = {"$schema": "../schemas/units.schema.json", "kind": "units"}
    source, problems = read(tmp_path, "a.json", json.dumps(document))
    assert problems == [] and source.data["$schema"].endswith("units.schema.json")


def test_the_pure_python_parser_gives_the_same_answers(tmp_path, monkeypatch):
    monkeypatch.setattr(yaml_full, "_Parser", None)
    source, _ = read(tmp_path, "units.yaml", YAML + "  # a comment\n")
    assert source.locate("/items/0/attack/red") == (7, 5)  # positions come from the pure-Python parser now
    for content, code in [("a: 1\na: 2\n", "SW103"), ("a: &x [1, *x]\n", "SW107"), ("a: [1\n", "SW101"),
                          ("a: !!python/name:os.system x\n", "SW109")]:
        _, problems = read(tmp_path, "x.yaml", content + "b: &y 1\n")  # the anchor sends it past the fast reader
        assert codes(problems)[0] == code
