"""Reading content files safely: size, encoding, syntax, and where each value stands in the text.

Content comes from strangers, so every file is read under limits (documented in the README, "Content packs"):

* at most :data:`MAX_FILE_BYTES` (5 MiB) per file, checked before reading; only regular files (a FIFO would hang);
* UTF-8 only (a leading byte-order mark is allowed); the first bad byte is reported with its line and column;
* nesting at most :data:`MAX_DEPTH` levels; YAML aliases may add at most :data:`ALIAS_BUDGET` nodes in all;
* YAML without tags, duplicate keys or non-string keys; JSON without duplicate keys or NaN.

A :class:`Source` keeps the text, so a diagnostic about any JSON pointer gets its line and column, whether the file
is YAML or JSON. Positions are computed only when a diagnostic asks for one: the fast path never pays for them.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Severity

MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64
ALIAS_BUDGET = 10_000

YAML_SUFFIXES = (".yaml", ".yml")
JSON_SUFFIXES = (".json",)
_BOM = b"\xef\xbb\xbf"


def display_path(path: Path) -> str:
    """A path as people should see it: relative to the current folder when inside it, else absolute."""
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(absolute)


@dataclass(eq=False)
class Source:
    """A content file that was read: its text, its data and (on demand) the position of every value."""

    path: Path
    display: str
    format: str  # "yaml" or "json"
    text: str
    data: Any
    digest: str  # sha256 of the file's bytes
    _marks: dict[str, tuple[int, int]] | None = field(default=None, repr=False)

    def locate(self, pointer: str) -> tuple[int, int]:
        """(line, column) of ``pointer``, or of its nearest ancestor that stands in the text (e.g. a missing key's
        object, or the alias a value came through)."""
        if self._marks is None:
            self._marks = _marks(self)
        while pointer not in self._marks:
            pointer = pointer.rpartition("/")[0]
        return self._marks[pointer]

    def diagnostic(
        self, code: str, message: str, pointer: str = "", hint: str | None = None, severity: Severity = "error"
    ) -> Diagnostic:
        line, column = self.locate(pointer)
        return Diagnostic(code, message, severity, self.display, line, column, pointer, hint)


def _marks(source: Source) -> dict[str, tuple[int, int]]:
    if source.format == "json":
        from .json_source import json_marks

        return json_marks(source.text)
    from .yaml_full import read_yaml

    return read_yaml(source.text, max_depth=MAX_DEPTH, alias_budget=ALIAS_BUDGET)[1]


def _located(diagnostics: list[Diagnostic], display: str) -> list[Diagnostic]:
    return [replace(d, file=display) for d in diagnostics]


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return data.count(b"\n", 0, offset) + 1, column


def read_source(path: Path, display: str | None = None) -> tuple[Source | None, list[Diagnostic]]:
    """Read and parse one content file. Returns the source, or ``None`` and the diagnostics that say why not."""
    display = display or display_path(path)

    def problem(code: str, message: str, hint: str | None = None, line: int | None = None, column: int | None = None):
        return None, [Diagnostic(code, message, "error", display, line, column, None, hint)]

    suffix = path.suffix.lower()
    if suffix not in YAML_SUFFIXES + JSON_SUFFIXES:
        return problem("SW209", f"not a content file: {path.name}", "content files end in .yaml, .yml or .json")
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            return problem("SW110", "not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            return problem(
                "SW106",
                f"file is {info.st_size:,} bytes; the limit is {MAX_FILE_BYTES:,} (5 MiB)",
                "split it into several files of the same kind",
            )
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return problem("SW110", f"cannot read the file: {exc.strerror or exc}")
    if len(raw) > MAX_FILE_BYTES:  # it grew after the stat
        return problem("SW106", f"file is larger than the limit of {MAX_FILE_BYTES:,} bytes (5 MiB)")
    digest = hashlib.sha256(raw).hexdigest()
    body = raw[len(_BOM):] if raw.startswith(_BOM) else raw
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _byte_position(body, exc.start)
        return problem(
            "SW104",
            f"not UTF-8: byte 0x{body[exc.start]:02x} at offset {exc.start + (len(raw) - len(body))}",
            "save the file as UTF-8",
            line,
            column,
        )
    if not text.strip():
        return problem("SW105", "the file is empty", "remove it, or give it a `kind:` and `items:`", 1, 1)
    fmt = "json" if suffix in JSON_SUFFIXES else "yaml"
    marks = None
    try:
        if fmt == "json":
            from .json_source import JsonReadError as ReadError
            from .json_source import read_json

            data = read_json(text, max_depth=MAX_DEPTH)
        else:
            from .yaml_fast import Unsupported, read_fast
            from .yaml_full import YamlReadError as ReadError
            from .yaml_full import read_yaml

            try:
                data = read_fast(text, MAX_DEPTH)
            except Unsupported:
                data, marks = read_yaml(text, max_depth=MAX_DEPTH, alias_budget=ALIAS_BUDGET)
    except ReadError as exc:
        return None, _located(exc.diagnostics, display)
    return Source(path, display, fmt, text, data, digest, marks), []
