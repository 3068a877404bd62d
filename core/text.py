"""Text from strangers, made safe to print.

Names, summaries and file names come from packs, saves and folders that anyone may have written, and reach a
terminal or a CI log. There a control character is an instruction, not text: ESC starts a sequence that sets the
window title or clears the screen, a newline in a file name starts a line that GitHub Actions reads as a workflow
command (``::error ...``), and a bidirectional override makes a line read otherwise than it runs. :func:`printable`
shows each such character as an escape (``\\x1b``, ``\\n``, ``\\u202e``) wherever such text is printed; content
files may not hold them at all (SW114, :func:`control_characters`).
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from .pointers import escape_token

#: C0 controls (tab and newline included: in one line of output they are as harmful), DEL, C1 controls, the
#: Unicode formatting characters that reorder or split lines (bidi embeddings, overrides and isolates, the line and
#: paragraph separators), and lone surrogates (the bytes of a file name that is not UTF-8: no stream can print them)
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
#: in content text a tab and a newline are fine (a summary may run over several lines)
UNSAFE_IN_CONTENT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or (
        f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")


def printable(text: object) -> str:
    """``text`` as one safe line: every control or reordering character shown as its escape."""
    return UNSAFE.sub(_escape, str(text))


def control_characters(data: Any, pointer: str = "") -> Iterator[tuple[str, str]]:
    """``(JSON pointer, escaped character)`` for each string of parsed content (keys included) that holds a
    character content text may not hold."""

    if isinstance(data, str):
        found = UNSAFE_IN_CONTENT.search(data)
        if found:
            yield pointer, _escape(found)
    elif isinstance(data, dict):
        for key, value in data.items():
            where = f"{pointer}/{escape_token(str(key))}"
            if isinstance(key, str) and (found := UNSAFE_IN_CONTENT.search(key)):
                yield where, _escape(found)
            yield from control_characters(value, where)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from control_characters(value, f"{pointer}/{index}")


#: what may not stand raw in JSON inside an HTML <script> element: `<!--`, `<script` and `</script` change how the
#: browser's parser reads the rest of the page (a card named "<!--<script>" left a replay with no working script)
_IN_SCRIPT = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def script_json(data: Any) -> str:
    """``data`` as JSON that is safe to embed in an HTML ``<script>`` element: the same value for ``JSON.parse``,
    with every character that HTML reads inside a script written as a JSON escape (issue 32 #6)."""
    import json

    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).translate(_IN_SCRIPT)
