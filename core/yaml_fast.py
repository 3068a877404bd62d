"""A fast reader for the plain, block-style YAML that content files are written in.

Why it exists: libyaml hands every event to Python as an object with two marks, which costs about 250 µs per
card on our machines, too slow for the 10,000 items/s goal (benchmarks/validate_bench.py). Content files use a
small part of YAML (block mappings and sequences, flow collections, plain and quoted scalars over one or more
lines, ``|``/``>`` text), which a line-based reader handles in a fraction of that time.

The contract: :func:`read_fast` either returns exactly the data the complete reader (:mod:`.yaml_full`) returns,
or raises :class:`Unsupported`, and then the complete reader does the work (and reports any error with its place).
It never reports errors itself: anything unusual (anchors, tags, tabs, escaped line breaks, duplicate keys, deep
nesting, odd indentation) is "unsupported". tests/test_yaml_fast.py compares both readers on generated and
hand-written documents and on every built-in YAML file; tests/test_readers_differential.py does the same with
hypothesis, in every style PyYAML writes. Kept rather than replaced by a library (issue 27 §5) for its figure:
`validate` reads 20,990 items/s of the benchmark pack with it and 7,169 with libyaml's events alone.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .yaml_full import _NUMBER_START, _WORDS, IntegerTooLarge, resolve_plain


class Unsupported(Exception):
    """Not in the subset this reader handles; use the complete reader."""


class _Unclosed(Unsupported):
    """A flow collection that may go on on the next line."""


# Characters that YAML forbids or reads as line breaks, which the line splitter below would not see as such (tab,
# CR, NEL, the Unicode line and paragraph separators, a BOM inside the text, and whatever YAML does not print): one
# class of the characters allowed, so that the whole text is scanned in one pass of a character set.
_AWKWARD = re.compile("[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
_KEY = re.compile(r"""([A-Za-z0-9_$][A-Za-z0-9_$.\-/]*|"[^"\\]*"|'[^']*'):(?: +(.*))?$""")
_SINGLE_END = re.compile(r"((?:[^']|'')*)'(?!')(.*)$")
_DOUBLE_END = re.compile(r'((?:[^"\\]|\\.)*)"(.*)$')
_AFTER_QUOTE = re.compile(r"(?: +#.*)? *$")
_JSON_ESCAPES = re.compile(r'\\(?:["\\/bfnrt]|u(?![dD][89abAB])[0-9a-fA-F]{4})')
_BLOCK_HEADER = re.compile(r"([|>])(-?)(?: +#.*)? *$")
_FLOW_TOKEN = re.compile(
    r"[ \n]*(?:([\[\]{},])|(:)(?=[ \n]|$)|'((?:[^']|'')*)'(?!')|\"((?:[^\"\\]|\\.)*)\""
    r"|((?:[^ \n\[\]{},:#'\"&*!|>%@`?\-]|-(?=[^ \n\[\]{},]))[^\[\]{},:#]*))"
)
_PLAIN_BAD_START = frozenset("&*!%@`?:,[]{}#|>'\"")
#: First characters of a value the mapping loop leaves to inline(): the indicators, "-" (an item, or a number) and
#: "#" (a comment).
_NOT_SIMPLE = _PLAIN_BAD_START | {"-"}
#: A line of a mapping as :meth:`_Reader.mapping` takes it apart: (indent, key, rest, value). ``key`` is None for a
#: line that is not ``key: ...`` with a key seen before (``rest`` then holds the line without its indent), ``value``
#: is _GENERAL when the rest of the line is not one plain word or number, and the indent is -1 for a blank or
#: comment line.
Row = tuple[int, "str | None", str, Any]
_GENERAL: Any = object()
#: Plain keys already matched by ``_KEY`` and seen to read as strings (not as numbers, booleans or null): the same
#: few words key every item of a file, and a line starting with one of them and a colon needs no regular
#: expression. Bounded, so that a file of countless keys cannot grow it without end.
_STRING_KEYS: set[str] = set()
_MAX_STRING_KEYS = 10_000
_MAX_KEY = 1000  # libyaml refuses implicit keys longer than 1024 characters
#: A flow collection over more lines than this is left to libyaml: re-reading it line by line would cost the
#: square of its length (content files write short ones: ``{en: Name}``, ``[a, b]``).
_MAX_FLOW_LINES = 50


def read_fast(text: str, max_depth: int, max_nodes: int) -> Any:
    """The document's data, or :class:`Unsupported` (also when it holds more than ``max_nodes`` nodes, keys
    included, or an integer beyond 64 bits: the complete reader then reports where)."""
    text = text.replace("\r\n", "\n")
    if _awkward(text):
        raise Unsupported
    reader = _Reader(text.split("\n"), max_depth, max_nodes)
    indent, line = reader.next_content()
    if indent < 0:
        raise Unsupported
    if indent == 0 and line.rstrip(" ") == "---":
        reader.i += 1
    try:
        value = reader.node(0, 0)
    except IntegerTooLarge:
        raise Unsupported from None
    if reader.next_content()[0] != -1:
        raise Unsupported
    return value


def _awkward(text: str) -> bool:
    """Does ``text`` hold a character of :data:`_AWKWARD`? Each of them is one Python does not print (a control,
    separator, surrogate, format or unassigned character), so text that prints once its line breaks are spaces
    needs no regular expression, which costs several times more per character."""
    return not text.replace("\n", " ").isprintable() and _AWKWARD.search(text) is not None


def _is_dash(s: str) -> bool:
    return s[0] == "-" and (len(s) == 1 or s[1] == " ")


def _double_quoted(inner: str) -> str:
    if "\\" not in inner:
        return inner
    if _JSON_ESCAPES.sub("", inner).count("\\"):
        raise Unsupported
    text: str = json.loads(f'"{inner}"', strict=False)  # strict=False: folded text may hold line breaks
    return text


class _Reader:
    __slots__ = ("lines", "n", "i", "max_depth", "nodes", "_seen_at", "_seen", "rows")

    def __init__(self, lines: list[str], max_depth: int, max_nodes: int) -> None:
        self.lines = lines
        self.n = len(lines)
        lines.append("")  # a blank line after the last, for mapping() (the other methods stop at n)
        self.i = 0
        self.max_depth = max_depth
        self.nodes = max_nodes  # how many more nodes may come (counted as the complete reader counts events)
        self._seen_at = -1  # next_content() is asked twice for most lines: remember the last answer
        self._seen = (-1, "")
        #: line -> its Row: the lines of a content file repeat (``deck: regular``, ``  - op: draw``), each is
        #: taken apart once per file
        self.rows: dict[str, Row] = {}

    def next_content(self) -> tuple[int, str]:
        """Indent and text of the next line that is neither blank nor a comment; (-1, "") at the end."""
        i = self.i
        if i == self._seen_at:
            return self._seen
        lines, n = self.lines, self.n
        found = (-1, "")
        while i < n:
            line = lines[i]
            s = line.lstrip(" ")
            if s and s[0] != "#":
                found = (len(line) - len(s), s)
                break
            i += 1
        self.i = self._seen_at = i
        self._seen = found
        return found

    def count(self, nodes: int) -> None:
        self.nodes -= nodes
        if self.nodes < 0:
            raise Unsupported

    def node(self, min_indent: int, depth: int) -> Any:
        indent, s = self.next_content()
        if indent < min_indent:
            self.count(1)
            return None
        if _is_dash(s):
            return self.sequence(indent, depth + 1)
        return self.mapping(indent, depth + 1)

    def mapping(self, indent: int, depth: int) -> dict[str, Any]:
        self.nodes -= 1
        if depth > self.max_depth or self.nodes < 0:
            raise Unsupported
        result: dict[str, Any] = {}
        lines, rows, general = self.lines, self.rows, _GENERAL
        if self.i != self._seen_at:
            self.next_content()
        i = self.i  # the mapping's first line; self.i is brought up to date before any other method runs
        # Keys read, and the nodes of the lines read in the loop itself (a key, or a key and its value), taken from
        # self.nodes when the mapping ends: a key given twice leaves fewer keys in ``result``.
        keys = nodes = 0
        key, rest, value = None, "", general  # the line before: "key: plain words" when value is not general
        while True:
            line = lines[i]  # at the end, the blank line after the last
            row = rows.get(line)
            if row is None:  # a line not met before in this text: take it apart
                s = line.lstrip(" ")
                if not s or s[0] == "#":
                    row = (-1, None, "", general)
                else:
                    here = len(line) - len(s)
                    head, colon, tail = s.partition(":")
                    if not colon or head not in _STRING_KEYS or (tail and tail[0] != " "):
                        row = (here, None, s, general)  # for the general way: _KEY refuses 'key:value'
                    else:
                        tail = tail.lstrip(" ")
                        if tail and tail[0] not in _NOT_SIMPLE and ":" not in tail and " #" not in tail:
                            text = tail.rstrip(" ")
                            # a word: resolve_plain() would return it as it is
                            row = (here, head, tail, resolve_plain(text) if text in _WORDS or
                                   text[0] in _NUMBER_START else text)
                        else:
                            row = (here, head, tail, general)
                rows[line] = row
            if row[0] != indent:
                here = row[0]
                if value is not general and key is not None and not 0 <= here < indent:
                    # The line before, "key: plain words", is followed by a deeper, blank or comment line, or by
                    # the end: its value may go on there, so it is read the general way (which counts its nodes).
                    nodes -= 1
                    self.i = i
                    result[key] = self.inline(rest, indent, depth)
                    value = general
                    if self.i != self._seen_at:
                        self.next_content()
                    i = self.i
                    continue
                if here > indent:
                    raise Unsupported
                self.nodes -= nodes
                if self.nodes < 0 or len(result) != keys:
                    raise Unsupported
                self.i = self._seen_at = i  # the line next_content() is asked for next
                self._seen = (here, lines[i][here:]) if here >= 0 else (-1, "")
                return result
            _, key, rest, value = row
            keys += 1
            if key is None:
                match = _KEY.match(rest)
                if match is None:
                    raise Unsupported
                key, rest = match.groups()
                if key[0] == '"' or key[0] == "'":
                    key = key[1:-1]
                else:
                    if len(key) > _MAX_KEY or type(resolve_plain(key)) is not str:
                        raise Unsupported
                    if len(_STRING_KEYS) < _MAX_STRING_KEYS:
                        _STRING_KEYS.add(key)
                        del rows[line]  # taken apart again when it comes again, now that its key is known
                rest = rest or ""
            i += 1
            if value is not general:
                # The usual line, "key: plain words": its value is taken now, on trust that the next line is no
                # deeper (the next key, or the end of the mapping); if it is, the line is read again above.
                nodes += 2  # the key and its value
                if nodes > self.nodes:  # over the budget already: stop before reading on
                    raise Unsupported
                result[key] = value
                continue
            nodes += 1  # the key
            self.i = i
            if not rest or rest[0] == "#":
                below, t = self.next_content()
                dash = t == "-" or t.startswith("- ")  # _is_dash(t)
                if below > indent:  # what node(indent + 1, depth) reads there
                    result[key] = self.sequence(below, depth + 1) if dash else self.mapping(below, depth + 1)
                elif below == indent and dash:
                    result[key] = self.sequence(indent, depth + 1)
                else:
                    nodes += 1
                    result[key] = None
            else:
                result[key] = self.inline(rest, indent, depth)
            if self.i != self._seen_at:
                self.next_content()
            i = self.i

    def sequence(self, indent: int, depth: int) -> list[Any]:
        if depth > self.max_depth:
            raise Unsupported
        self.count(1)
        result: list[Any] = []
        lines = self.lines
        while True:
            here, s = self._seen if self.i == self._seen_at else self.next_content()
            if here != indent or not (s == "-" or s.startswith("- ")):  # not _is_dash(s)
                if here > indent:
                    raise Unsupported
                return result
            rest = s[1:].lstrip(" ")
            if not rest or rest[0] == "#":
                self.i += 1
                result.append(self.node(indent + 1, depth))
                continue
            dash = rest == "-" or rest.startswith("- ")  # _is_dash(rest)
            colon = rest.find(":")
            if dash or (colon > 0 and rest[:colon] in _STRING_KEYS and rest[colon + 1:colon + 2] in ("", " ")) \
                    or _KEY.match(rest):
                # A compact nested collection ("- id: x"): read the rest of the line as if it stood alone,
                # indented to where it starts (what node(column, depth) reads there).
                column = indent + len(s) - len(rest)
                lines[self.i] = " " * column + rest
                self._seen_at, self._seen = self.i, (column, rest)  # what next_content() now reads there
                result.append(self.sequence(column, depth + 1) if dash else self.mapping(column, depth + 1))
            else:
                self.i += 1
                result.append(self.inline(rest, indent, depth))

    def inline(self, rest: str, indent: int, depth: int) -> Any:
        """A value that starts on the line of its key or dash (``indent`` is that line's block indent); plain,
        quoted and block text may continue on the lines below."""
        first = rest[0]
        if first == "|" or first == ">":
            self.count(1)
            return self.block_text(rest, indent)
        if first == "[" or first == "{":
            value = self.flow(rest, indent, depth)  # counts its own nodes
        elif first == "'" or first == '"':
            self.count(1)
            value = self.quoted(rest, indent)
        elif first in _PLAIN_BAD_START or _is_dash(rest):
            raise Unsupported
        else:
            self.nodes -= 1
            if self.nodes < 0:
                raise Unsupported
            value = self.plain(rest, indent)
        if self.next_content()[0] > indent:  # anything more indented left over: not ours to judge
            raise Unsupported
        return value

    def plain(self, rest: str, indent: int) -> Any:
        """An unquoted scalar; its continuation lines (indented deeper than ``indent``) fold into it."""
        cut = rest.find(" #")
        text = (rest if cut < 0 else rest[:cut]).rstrip(" ")
        if ": " in text or text[-1] == ":":
            raise Unsupported
        if cut >= 0:  # a comment ends the scalar
            return resolve_plain(text)
        lines, i, n = self.lines, self.i, self.n
        segments = [text]
        while i < n:
            line = lines[i]
            s = line.lstrip(" ")
            if s and (len(line) - len(s) <= indent or s[0] == "#"):
                if len(segments) == 1 and s[0] != "#":  # the usual case: the next line is the next key or item,
                    self.i = self._seen_at = i  # which next_content() is about to be asked for
                    self._seen = (len(line) - len(s), s)
                    return resolve_plain(text)
                break
            s = s.rstrip(" ")
            if s and (s[0] in _PLAIN_BAD_START or s[0] == "-" or ": " in s or " #" in s or s[-1] == ":"):
                raise Unsupported
            segments.append(s)
            i += 1
        while segments[-1] == "":
            segments.pop()
            i -= 1
        self.i = i
        return resolve_plain(_fold(segments))

    def flow(self, text: str, indent: int, depth: int) -> Any:
        """A flow collection; it may go on over lines indented deeper than ``indent``."""
        lines, i, n = self.lines, self.i, self.n
        while True:
            try:
                flow = _Flow(text, self.max_depth - depth, self.nodes)
                value = flow.parse()
                break
            except _Unclosed:
                if i >= n or i - self.i >= _MAX_FLOW_LINES:
                    raise Unsupported from None
                line = lines[i]
                stripped = line.lstrip(" ")
                if stripped and len(line) - len(stripped) <= indent:
                    raise Unsupported from None
                text += "\n" + line
                i += 1
        self.i = i
        self.count(flow.nodes)
        return value

    def quoted(self, rest: str, indent: int) -> str:
        """A single- or double-quoted scalar, possibly over several lines (each indented deeper than
        ``indent``); double-quoted text may use the escapes JSON has."""
        quote = rest[0]
        closing = _SINGLE_END if quote == "'" else _DOUBLE_END
        lines, i, n = self.lines, self.i, self.n
        parts: list[str] = []
        text = rest[1:]
        while True:
            match = closing.match(text)
            if match is not None:
                parts.append(match.group(1))
                break
            if quote == '"' and text.rstrip(" ").endswith("\\"):
                raise Unsupported  # an escaped line break
            parts.append(text)
            if i >= n:
                raise Unsupported
            line = lines[i]
            i += 1
            text = line.lstrip(" ")
            if text and len(line) - len(text) <= indent:
                raise Unsupported
        if not _AFTER_QUOTE.match(match.group(2)):
            raise Unsupported
        self.i = i
        value = _lines_folded("\n".join(parts))
        return value.replace("''", "'") if quote == "'" else _double_quoted(value)

    def block_text(self, header: str, indent: int) -> str:
        """``|`` / ``>`` text with clip or strip chomping and no explicit indentation indicator."""
        match = _BLOCK_HEADER.match(header)
        if match is None:
            raise Unsupported
        folded, strip = match.group(1) == ">", match.group(2) == "-"
        lines, i, n = self.lines, self.i, self.n
        block_indent = -1
        body: list[str] = []
        while i < n:
            line = lines[i]
            s = line.lstrip(" ")
            here = len(line) - len(s)
            if not s:
                if block_indent < 0 or here > block_indent:
                    raise Unsupported  # leading blank lines or spaces beyond the indent: leave to libyaml
                body.append("")
            else:
                if block_indent < 0:
                    if here <= indent:
                        raise Unsupported  # empty block text
                    block_indent = here
                elif here < block_indent:
                    break
                elif here > block_indent and folded:
                    raise Unsupported  # more-indented lines keep their breaks in folded text
                body.append(line[block_indent:])
            i += 1
        if block_indent < 0:
            raise Unsupported
        while body and body[-1] == "":
            body.pop()
            i -= 1
        self.i = i
        # The source's last line has no line break after it: clip chomping then has none to keep.
        strip = strip or i == n
        text = _fold(body) if folded else "\n".join(body)
        return text if strip else text + "\n"


def _fold(segments: list[str]) -> str:
    """Join the lines of a multi-line scalar: one line break becomes a space, each empty line a line break.
    ``segments`` are the lines' text without their indentation; only those between the first and the last can be
    empty lines."""
    text = segments[0]
    empty = 0
    last = len(segments) - 1
    for index in range(1, last + 1):
        segment = segments[index]
        if segment == "" and index < last:
            empty += 1
            continue
        text += ("\n" * empty if empty else " ") + segment
        empty = 0
    return text


def _lines_folded(text: str) -> str:
    """A quoted scalar's text over several lines, folded (trailing and leading spaces of each line dropped)."""
    if "\n" not in text:
        return text
    lines = text.split("\n")
    segments = [lines[0].rstrip(" "), *(line.strip(" ") for line in lines[1:-1]), lines[-1].lstrip(" ")]
    return _fold(segments)


class _Flow:
    """A flow collection (``[a, b]``, ``{en: Name}``), nested or over several lines; scalars plain or quoted."""

    __slots__ = ("tokens", "pos", "depth", "nodes")

    def __init__(self, text: str, depth: int, max_nodes: int) -> None:
        self.tokens: list[tuple[str, Any]] = []
        self.depth = depth
        self.pos = 0
        self.nodes = 0  # scalars (keys included) and collections
        position = 0
        while position < len(text):
            if self.nodes > max_nodes:
                raise Unsupported
            match = _FLOW_TOKEN.match(text, position)
            if match is None:
                rest = text[position:].lstrip(" \n")
                if rest[:1] in ("'", '"'):
                    raise _Unclosed  # a quoted scalar that goes on on the next line
                if rest and not (rest[0] == "#" and text[position:position + 1] == " "):
                    raise Unsupported
                break
            position = match.end()
            indicator, colon, single, double, plain = match.groups()
            if indicator is not None:
                self.nodes += indicator in "[{"
                self.tokens.append((indicator, None))
            elif colon is not None:
                self.tokens.append((":", None))
            elif single is not None:
                self.nodes += 1
                self.tokens.append(("scalar", _lines_folded(single).replace("''", "'")))
            elif double is not None:
                self.nodes += 1
                self.tokens.append(("scalar", _double_quoted(_lines_folded(double))))
            else:
                self.nodes += 1
                segments = [line.strip(" ") for line in plain.split("\n")]
                while segments[-1] == "":
                    segments.pop()
                self.tokens.append(("scalar", resolve_plain(_fold(segments))))

    def take(self) -> tuple[str, Any]:
        if self.pos >= len(self.tokens):
            raise _Unclosed
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def parse(self) -> Any:
        value = self.value(0)
        if self.pos != len(self.tokens):
            raise Unsupported
        return value

    def value(self, depth: int) -> Any:
        kind, value = self.take()
        if kind == "scalar":
            return value
        if depth >= self.depth:
            raise Unsupported
        if kind == "[":
            items: list[Any] = []
            if self.tokens[self.pos:self.pos + 1] == [("]", None)]:
                self.pos += 1
                return items
            while True:
                items.append(self.value(depth + 1))
                kind, _ = self.take()
                if kind == "]":
                    return items
                if kind != ",":
                    raise Unsupported
        if kind == "{":
            mapping: dict[str, Any] = {}
            if self.tokens[self.pos:self.pos + 1] == [("}", None)]:
                self.pos += 1
                return mapping
            while True:
                kind, key = self.take()
                if kind != "scalar" or not isinstance(key, str) or key in mapping or self.take()[0] != ":":
                    raise Unsupported
                mapping[key] = self.value(depth + 1)
                kind, _ = self.take()
                if kind == "}":
                    return mapping
                if kind != ",":
                    raise Unsupported
        raise Unsupported
