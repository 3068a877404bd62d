"""JSON pointers (RFC 6901, issue 27 §5): one escaping for diagnostics, scenario checks and `packs upgrade`, so a key
holding ``/`` or ``~`` names the same place in all three."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from swrebellion.engine.scenario import resolve_pointer
from swrebellion.pointers import escape_token, parent, tokens

KEYS = st.lists(st.text(alphabet="ab/~01", min_size=1, max_size=6), min_size=1, max_size=4)


@given(KEYS)
def test_a_pointer_made_of_escaped_keys_reads_back_as_those_keys(keys):
    pointer = "".join(f"/{escape_token(key)}" for key in keys)
    assert tokens(pointer) == keys
    document: dict = {}
    node = document
    for key in keys[:-1]:
        node = node.setdefault(key, {})
    node[keys[-1]] = "here"
    assert resolve_pointer(document, pointer) == "here"
    container, key = parent(document, pointer)
    assert container[key] == "here"


def test_the_rfc_6901_examples():
    document = {"a/b": 1, "m~n": 2, "list": [10, 20]}
    assert escape_token("a/b") == "a~1b" and escape_token("m~n") == "m~0n" and escape_token("~1") == "~01"
    assert resolve_pointer(document, "/a~1b") == 1 and resolve_pointer(document, "/m~0n") == 2
    assert parent(document, "/list/1") == (document["list"], 1)
