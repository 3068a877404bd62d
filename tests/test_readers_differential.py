"""The hand-written readers read every generated document exactly as the maintained parsers do (issue 27 §5).

core/yaml_fast.py (a line-based reader for the plain YAML content is written in) and core/json_source.py's
position parser exist for speed: with libyaml's events alone, `validate` reads 7,169 items/s of the 5,000-card
benchmark pack; with the fast reader, 20,990 (benchmarks/validate_bench.py, goal 10,000). A second parser in a
validator that runs on strangers' files is a parser-differential risk, so hypothesis generates documents in every
style PyYAML and the json module write, and checks:

* YAML: the fast reader returns exactly what libyaml's event parser (core/yaml_full.py) builds, or steps aside
  (``Unsupported``), never a different value and never a value where libyaml refuses;
* JSON: ``read_json`` returns what the C decoder (``json.loads``) returns, and the position parser marks exactly
  the document's JSON pointers, each at the text of its key (object members) or value (array items).
"""

from __future__ import annotations

import json
import math

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from swrebellion.json_source import json_marks, read_json
from swrebellion.pointers import escape_token
from swrebellion.yaml_fast import Unsupported, read_fast
from swrebellion.yaml_full import YamlReadError, read_yaml

DIFFERENTIAL = settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])

#: Text made of what content is written in, and of what makes a YAML scalar ambiguous (indicators, quotes, words
#: YAML 1.1 and 1.2 read differently, numbers in other bases, non-ASCII letters, line breaks).
PIECES = ["a", "x-wing", " ", ":", ": ", "#", " #", "'", '"', "-", "- ", "1", "0", "\\", "[", "]", "{", "}", ",",
          "é", "星", "yes", "no", "null", "true", "~", "\n", "|", ">", "&", "*", "!", "%", "@", "?", ".", "0x1F",
          "0o7", "1e3", ".inf", "_", "\t", "1.5", "2016-01-01"]
TEXT = st.lists(st.sampled_from(PIECES), max_size=6).map("".join)
KEYS = TEXT.filter(lambda key: len(key) < 200)
SCALARS = (TEXT | st.integers(-(2**63), 2**63 - 1) | st.booleans() | st.none()
           | st.floats(allow_nan=False, allow_infinity=False))
DATA = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
                    max_leaves=25)
YAML_STYLES = st.fixed_dictionaries({
    "default_flow_style": st.sampled_from([False, None, True]),
    "allow_unicode": st.booleans(),
    "width": st.sampled_from([20, 80, 1000]),
    "indent": st.sampled_from([2, 4]),
    "default_style": st.sampled_from([None, None, None, "'", '"']),
    "explicit_start": st.booleans(),
})


def libyaml(text: str):
    try:
        return "ok", read_yaml(text, max_depth=64, alias_budget=10_000, alias_chars=1 << 20, max_nodes=200_000)[0]
    except YamlReadError as exc:
        return "error", exc.diagnostics[0].code


@DIFFERENTIAL
@given(data=st.fixed_dictionaries({"kind": st.just("units"), "items": st.lists(DATA, max_size=3)}),
       style=YAML_STYLES)
def test_the_fast_yaml_reader_reads_generated_documents_as_libyaml_does(data, style):
    text = yaml.safe_dump(data, sort_keys=False, **style)
    try:
        fast = read_fast(text, 64, 200_000)
    except Unsupported:
        event("left to libyaml")
        return
    event("read by the fast reader")
    assert libyaml(text) == ("ok", fast), text


def _pointers(value, pointer: str = ""):
    yield pointer, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _pointers(item, f"{pointer}/{escape_token(key)}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _pointers(item, f"{pointer}/{index}")


def _offset(text: str, line: int, column: int) -> int:
    return sum(len(row) + 1 for row in text.split("\n")[:line - 1]) + column - 1


@DIFFERENTIAL
@given(data=DATA, indent=st.sampled_from([None, 0, 1, 2]), ascii=st.booleans())
def test_the_json_readers_read_generated_documents_as_the_c_decoder_does(data, indent, ascii):
    text = json.dumps(data, indent=indent, ensure_ascii=ascii)
    decoded = json.loads(text)
    assert read_json(text, max_depth=64, max_nodes=200_000) == decoded
    marks = json_marks(text)
    pointers = dict(_pointers(decoded))
    assert set(marks) == set(pointers)
    for pointer, (line, column) in marks.items():
        if not pointer:
            continue
        parent, last = pointer.rsplit("/", 1)
        at = text[_offset(text, line, column):]
        if isinstance(pointers[parent], dict):  # a member: marked at its key
            key = last.replace("~1", "/").replace("~0", "~")
            assert at.startswith(json.dumps(key, ensure_ascii=ascii)), (pointer, at[:40])
        else:  # an item: marked at its value
            value = pointers[pointer]
            shown = json.dumps(value, ensure_ascii=ascii)
            if isinstance(value, float) and not math.isfinite(value) or isinstance(value, (dict, list)):
                shown = shown[:1]
            assert at.startswith(shown), (pointer, at[:40])
