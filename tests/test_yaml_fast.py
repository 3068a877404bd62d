"""The fast YAML reader returns exactly what the complete reader returns, or steps aside (``Unsupported``).

It must never accept a document the complete reader refuses, nor read one differently: checked on generated
documents in every style PyYAML writes, on mutations of them, on hand-written corner cases and on every YAML file
of the built-in packs.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from swrebellion.yaml_fast import _AWKWARD, Unsupported, _awkward, _Reader, read_fast
from swrebellion.yaml_full import YamlReadError, read_yaml

CONTENT = Path(__file__).resolve().parent.parent / "content"
ALPHABET = ["a", "b", "x-y", " ", ":", "#", "'", '"', "-", "1", "0", "\\", "[", "]", "{", "}", ",", "é", "yes",
            "null", "1.5", "true", "~", "\n", "|", ">", "&", "*", "!", "%", "@", "?", ".", "0x1F", "0o7", "1e3", "_"]
LINES = ["# c", "", "  ", "- x", "k: v", "  k: |", "    text", "k: >-", "  a", "  b", "\t", "k: [a,", "  - y"]


def full(text: str):
    try:
        return "ok", read_yaml(text, max_depth=64, alias_budget=10_000, alias_chars=1 << 20, max_nodes=500_000)[0]
    except YamlReadError as exc:
        return "error", exc.diagnostics[0].code


def agree(text: str) -> bool:
    """True when the fast reader gave an answer (and it was checked against the complete one)."""
    try:
        fast = read_fast(text, 64, 500_000)
    except Unsupported:
        return False
    assert full(text) == ("ok", fast), repr(text)
    return True


def random_data(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 3 or roll < 0.4:
        word = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 6)))
        return rng.choice([word, rng.randint(-5, 100), True, None, 1.5, word])
    if roll < 0.7:
        return {("".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 5)))): random_data(rng, depth + 1)
                for _ in range(rng.randint(0, 4))}
    return [random_data(rng, depth + 1) for _ in range(rng.randint(0, 4))]


def test_generated_documents_and_their_mutations():
    rng = random.Random(20261129)
    answered = 0
    for _ in range(1500):
        data = {"kind": "units", "items": [random_data(rng) for _ in range(rng.randint(0, 3))]}
        for style in (False, None):
            text = yaml.safe_dump(data, default_flow_style=style, allow_unicode=rng.random() < 0.5,
                                  width=rng.choice([20, 80, 1000]), indent=rng.choice([2, 4]),
                                  explicit_start=rng.random() < 0.2, sort_keys=False)
            answered += agree(text)
            lines = text.split("\n")
            for _ in range(3):
                index = rng.randrange(len(lines))
                roll = rng.random()
                if roll < 0.3:
                    lines[index] = " " + lines[index]
                elif roll < 0.5:
                    lines[index] = lines[index][1:]
                elif roll < 0.7:
                    lines.insert(index, rng.choice(LINES))
                else:
                    cut = rng.randrange(len(lines[index]) + 1)
                    lines[index] = lines[index][:cut] + rng.choice(ALPHABET) + lines[index][cut:]
            answered += agree("\n".join(lines))
    assert answered > 1000  # the fast reader does answer most documents


@pytest.mark.parametrize("text", [
    "a: |\n  x\n  y\nb: 1\n", "a: |-\n  x\n\n  y\n\n\nb: 1\n", "a: >\n  x\n  y\n\n  z\nb: 1\n", "a: >-\n  x\n  y",
    "a: |\n  x", "- |\n  x\n- >\n y\n z\n", "a:\n- b: |\n    t\n  c: 1\n", "k: |\n  a\n   b\n", "k: >\n  a\n\n\n  b\n",
    "k: |\n  # not a comment\n# comment\nz: 1\n", "k: 'it''s' # c\n", 'k: "a\\tb\\u00e9\\/"\n',
    "k: [a, {b: c, d: [1, 2.5, null]}, 'x, y', \"q\"] # c\n", "k: {}\nl: []\n", "a: b\r\nc: d\r\n",
    "k:   \n  - 1\n  -   2\n", "- - a\n  - b\n- c\n", "a: -5\nb: .5\nc: 0x1F\nd: 0o17\ne: 1e3\nf: .inf\ng: yes\n",
    "k: a#b\nl: a # b\n", "k: x\n  # comment more indented\nl: y\n", "---\nk: v\n", "items:\n  - id: a\n    n: 1\n",
    "name: {en: 'Star Wars: Rebellion'}\n", "k: x\n  continued\n", "k: 'a\n  b'\n", "k: [a,\n  b]\n",
    "k: &a 1\n", "k: !!str 1\n", "1: a\n", "k: v\nk: w\n", "k: -\n", "k: a: b\n", "k:\ttab\n", "k: v\n...\n",
    "%YAML 1.2\n---\nk: v\n", "k: |+\n  a\n\n", "k: |2\n   a\n", "k: >\n  a\n    b\n  c\n", "? k\n: v\n",
    "k: \"\\x41\"\n", "k: \"\\ud83d\\ude00\"\n", "k: {a: }\n", "k: [a, ]\n", "\ufeffk: v\n", "k: v\x85\n",
    "k: one\n  two\n\n  three\nl: 1\n", "k: 'one\n  it''s\n\n  three  '\n", "k: \"a\\n\n  b\"\n", "k: \"a\\\n  b\"\n",
    "k: {en: 'a long\n    text', ru: b}\nl: [1,\n  2, # c\n  3]\n", "- [a,\n  b]\n- c\n", "k: [a\n  b, c]\n",
    "k: 'a\nl: b'\n",
    "k: \"a\\t\n\n  b\"\n", "k: [\"a\\t\n\n  b\"]\n",
])
def test_corner_cases(text):
    agree(text)


def test_every_built_in_yaml_file():
    files = sorted(CONTENT.rglob("*.yaml"))
    answered = sum(agree(path.read_text(encoding="utf-8")) for path in files)
    assert answered == len(files) or not files, "the fast reader should handle the built-in content"


def test_awkward_characters_are_found_on_every_code_point():
    """The quick test for awkward characters (``str.isprintable`` first) finds exactly what the regular expression
    finds, one character at a time, alone and between printable text."""
    for code in range(0x110000):
        char = chr(code)
        expected = _AWKWARD.search(char) is not None
        assert _awkward(char) is expected, hex(code)
        assert _awkward(f"k: a{char}b\n") is expected, hex(code)


def _fewest_nodes(text: str) -> int:
    """The smallest ``max_nodes`` the complete reader reads ``text`` with."""
    low, high = 0, 500_000
    while low < high:
        middle = (low + high) // 2
        try:
            read_yaml(text, max_depth=64, alias_budget=10_000, alias_chars=1 << 20, max_nodes=middle)
        except YamlReadError:
            low = middle + 1
        else:
            high = middle
    return low


@pytest.mark.parametrize("text", [
    "a: 1\nb: x\n", "items:\n- id: a\n  name:\n    en: A\n  n: 1\n- id: b\n  effect:\n  - op: x\n  - op: y\n",
    "a:\n  b:\n    c: d\n  e: f\ng: [1, 2]\nh: {x: y}\n", "- a\n- b: c\n  d: e\n- - f\n", "k: v\nl:\nm: w\n",
    "k: one\n  two\nl: 'q'\nm: |\n  t\n",
])
def test_the_node_budget_is_the_complete_readers(text):
    """Content from strangers is read within MAX_NODES: the fast reader counts as the complete one does (even
    where it counts a mapping's keys only once the mapping ends), answering within the exact budget, stepping
    aside one node short of it."""
    fewest = _fewest_nodes(text)
    assert read_fast(text, 64, fewest) == read_yaml(text, max_depth=64, alias_budget=10_000, alias_chars=1 << 20,
                                                    max_nodes=fewest)[0]
    with pytest.raises(Unsupported):
        read_fast(text, 64, fewest - 1)


def test_a_long_mapping_stops_at_the_node_budget():
    """A mapping far beyond the budget is not read to its end before the fast reader steps aside."""
    # one key over and over: a key given twice shows only when the mapping ends, the budget stops it long before
    lines = [f"key: value {number}" for number in range(100_000)]
    reader = _Reader(lines, 64, 1_000)
    with pytest.raises(Unsupported):
        reader.mapping(0, 1)
    assert len(reader.rows) < 2_000
