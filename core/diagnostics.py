"""Diagnostics: one problem found in content, with a stable code and a place in the source text.

Every check (file reading, schema, packs, references, the checks registered with content kinds, plugins) reports
through :class:`Diagnostic`, so the CLI can print all problems of a run at once in any format. Codes are stable and
each is documented in the README table "Diagnostic codes" (tests/test_diagnostic_codes.py checks that every code
used is listed there). Plugins adding checks should use codes of their own prefix (e.g. ``XYZ001``); the built-in
base game keeps the ``SW`` codes its checks had when they were the kernel's (its ``checks.CODES``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Iterable, Literal

Severity = Literal["error", "warning"]

#: Every code the kernel reports, with its one-line meaning, grouped by tier (the hundreds digit).
CODES: dict[str, str] = {
    # 1xx: reading a file
    "SW101": "YAML syntax error",
    "SW102": "JSON syntax error",
    "SW103": "duplicate mapping key",
    "SW104": "file is not UTF-8",
    "SW105": "empty file",
    "SW106": "file larger than the size limit",
    "SW107": "aliases expand too far, or a recursive alias",
    "SW108": "nesting deeper than the limit",
    "SW109": "YAML tag not allowed (content is plain data)",
    "SW110": "file cannot be read",
    "SW111": "mapping key is not a string",
    "SW112": "more nodes or items in a file than the limit",
    "SW113": "integer larger than 64 bits",
    "SW114": "control character in text",
    # 2xx: the JSON Schema of the file kind
    "SW201": "unknown key",
    "SW202": "missing required key",
    "SW203": "wrong type",
    "SW204": "value not allowed",
    "SW205": "value out of range or of the wrong form",
    "SW206": "unknown effect op",
    "SW207": "other schema rule broken",
    "SW208": "rejected by the content model",
    "SW209": "not a content file of a known kind",
    "SW210": "an effect op or form of an earlier version (`rebellion packs upgrade` rewrites it)",
    # 3xx: packs and manifests
    "SW301": "not a pack folder",
    "SW302": "two folders provide the same pack id",
    "SW303": "required pack not found",
    "SW304": "required pack has a version that does not match",
    "SW305": "conflicting packs loaded together",
    "SW306": "packs require each other in a cycle",
    "SW307": "rules plugin or expansion not enabled",
    "SW308": "path leaves the pack folder",
    "SW309": "listed file missing or glob matches nothing",
    "SW310": "replaces/removes names nothing",
    "SW311": "id defined twice",
    "SW312": "replaces an item without defining it anew",
    "SW313": "invalid version or requirement",
    # 4xx: references
    "SW401": "reference to an unknown id",
    # 8xx: content that validates and would never play
    "SW801": "a value no rule of the enabled plugins reads (the item would never act as written)",
    # 402, 5xx, 6xx and 80x from SW802: the base game's checks (swrebellion.expansions.base.checks.CODES)
    # 9xx: plugins
    "SW901": "a plugin's check failed",
}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem. ``line``/``column`` are 1-based positions in the source text; ``pointer`` is a JSON pointer
    into the file's data (``/items/3/name``) where one applies."""

    code: str
    message: str
    severity: Severity = "error"
    file: str | None = None
    line: int | None = None
    column: int | None = None
    pointer: str | None = None
    hint: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.file or "", self.line or 0, self.column or 0, self.code, self.message)

    def location(self) -> str:
        """``file:line:col`` as far as known (editors and terminals make it clickable)."""
        parts = [self.file or "<packs>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def render_text(diagnostics: Iterable[Diagnostic]) -> str:
    """``file:line:col: CODE message`` and an indented hint line, one problem after the other."""
    from .text import printable

    lines = []
    for d in diagnostics:
        label = "" if d.is_error else "warning: "
        # one problem, one line: a newline or escape sequence in a file name or a quoted id is shown, never obeyed
        lines.append(printable(f"{d.location()}: {d.code} {label}{d.message}"))
        if d.hint:
            lines.append(f"    hint: {printable(d.hint)}")
    return "\n".join(lines)


def _escape_data(text: str) -> str:
    from .text import printable

    return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(diagnostics: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands: each problem becomes an annotation on the file and line."""
    lines = []
    for d in diagnostics:
        props = []
        if d.file:
            props.append(f"file={_escape_property(d.file)}")
        if d.line is not None:
            props.append(f"line={d.line}")
        if d.column is not None:
            props.append(f"col={d.column}")
        props.append(f"title={_escape_property(d.code)}")
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        lines.append(f"::{d.severity} {','.join(props)}::{_escape_data(message)}")
    return "\n".join(lines)


class Hints:
    """"Did you mean" for the first ``limit`` unknown words of one check, then none.

    Each hint compares the word with every id it could have meant, so hinting every unknown id of a pack of
    thousands of typos took quadratic time (4,900 unknown ids against as many known ones: about 12 minutes, issue 32
    #8). Past the limit a diagnostic still says what is wrong and where; only the guess is left out."""

    #: hinted words per check: more than anyone reads, few enough to keep a check linear in the pack's size
    LIMIT = 25

    def __init__(self, limit: int = LIMIT) -> None:
        self.left = limit

    def __call__(self, word: object, choices: Iterable[object]) -> str | None:
        """:func:`did_you_mean` while hints are left, else ``None``."""
        if self.left <= 0:
            return None
        self.left -= 1
        return did_you_mean(word, choices)


def did_you_mean(word: object, choices: Iterable[object]) -> str | None:
    """``"did you mean 'x'?"`` when one of ``choices`` is close to ``word``, else ``None``. A word made of parts
    (``deck:rebel:actions``) is compared with the choices of its own first part when there are any: the closest
    string to a deck may be a hand (``hand:rebel:actions``), which is never what its author meant. Case is ignored
    in the comparison (ids are lower case, and ``X-Wing`` means ``x-wing``, not ``y-wing``)."""
    import difflib

    if not isinstance(word, str):
        return None
    folded: dict[str, str] = {}
    for choice in _family(word, choices):
        folded.setdefault(choice.casefold(), choice)
    close = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.6)
    return f"did you mean {folded[close[0]]!r}?" if close else None


def _family(word: str, choices: Iterable[object]) -> list[str]:
    """The string ``choices`` sharing ``word``'s first ``:`` part, or all of them when none does (or it has none)."""
    strings = [c for c in choices if isinstance(c, str)]
    head = word.partition(":")[0] + ":"
    if ":" not in word:
        return strings
    return [c for c in strings if c.startswith(head)] or strings


def closest_first(word: object, choices: Iterable[object]) -> list[object]:
    """``choices`` with those of ``word``'s family (:func:`_family`) first, each part ordered by how close it is to
    ``word`` (most alike first; equally alike ones keep their order): a long list of allowed values read from the
    top shows the one meant first."""
    import difflib

    listed = list(choices)
    if not isinstance(word, str):
        return listed
    family = set(_family(word, listed))

    def distance(choice: object) -> tuple[bool, float]:
        text = choice if isinstance(choice, str) else str(choice)
        return choice not in family, -difflib.SequenceMatcher(None, word, text).ratio()

    return sorted(listed, key=distance)
