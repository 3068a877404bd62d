"""Diagnostic codes are stable and documented: every code the code uses is in CODES (the kernel's, or the base
game plugin's for the checks it registers with its kinds) and in the README table, and every documented code is
used."""

from __future__ import annotations

import re
from pathlib import Path

from swrebellion.diagnostics import CODES as KERNEL_CODES
from swrebellion.expansions.base.checks import CODES as BASE_CODES

CODES = {**KERNEL_CODES, **BASE_CODES}

REPO = Path(__file__).resolve().parent.parent
CODE = re.compile(r"\bSW\d{3}\b")


def without_code_table(text: str) -> str:
    """The text without its ``CODES = {...}`` table: a table documents codes, it reports none."""
    return re.sub(r"^CODES: dict\[str, str\] = \{.*?^\}$", "", text, flags=re.MULTILINE | re.DOTALL)


def used_codes() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for folder in ("core", "tools", "expansions"):
        for path in (REPO / folder).rglob("*.py"):
            for code in CODE.findall(without_code_table(path.read_text(encoding="utf-8"))):
                found.setdefault(code, set()).add(str(path.relative_to(REPO)))
    return found


def readme_table() -> dict[str, str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Diagnostic codes", 1)[1].split("\n## ", 1)[0]
    return dict(re.findall(r"^\| (SW\d{3}) \| (.+?) \|$", section, re.MULTILINE))


def test_every_code_used_is_documented():
    table = readme_table()
    for code, files in sorted(used_codes().items()):
        assert code in CODES, f"{code} (used in {', '.join(sorted(files))}) is missing from diagnostics.CODES"
        assert code in table, f"{code} is missing from the README's 'Diagnostic codes' table"


def test_every_documented_code_is_used_and_listed_once():
    assert set(readme_table()) == set(CODES)
    assert set(CODES) - set(used_codes()) == set(), "a documented code that nothing reports"
    text = (REPO / "README.md").read_text(encoding="utf-8")
    for code in CODES:
        assert len(re.findall(rf"^\| {code} \|", text, re.MULTILINE)) == 1
