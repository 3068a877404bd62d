"""Write docs/rules-coverage.md: every rule id of the rules documents, and the tests that exercise it.

    python -m swrebellion.tools.rules_coverage [--rules RULES_FOLDER] [--out docs/rules-coverage.md]

The rules documents live beside the project, not in it, so the ids they define are kept in the repository too, in
``docs/rule-ids.json`` (:data:`INDEX`), written by the same command: a fresh clone checks coverage against the
index, and a test checks the index against the documents wherever they are present.

What counts (the page repeats this at its top, :data:`RULE`):

* **covered**: the id is cited where a test that runs the rule says what it checks: in a scenario's ``rules:``
  list (a scenario drives the real engine through the situation), or in the docstring of a Python test function
  (``test_*``, at module level or in a class) or a comment inside that function's body;
* **citation-only**: the id is mentioned in the tests, but nowhere of the kinds above (a module docstring, a helper,
  a comment outside any test, a scenario's name or comments): named, not shown to be exercised;
* **waived**: listed in ``docs/rules-waivers.yaml`` with the reason no test is needed; a waived id may not also be
  covered (the tool refuses, and tests/test_rules_coverage.py fails);
* **missing**: none of these.

Only ids written out count: ``RB-CMD-01/02`` names two ids, but a range such as ``RB-MIS-01..11`` names none of the
ids inside it (it counts for nothing).
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import tokenize
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from swrebellion.safefile import write_atomic

RULE_ID = re.compile(r"\*\*((?:RB|RS|RE)-[A-Z]+-\d+)\*\*")
#: an id, or ids written with slashes (RB-CMD-01/02/03); a range (RB-MIS-01..11) is left out by RANGE
CITED = re.compile(r"\b((?:RB|RS|RE)-[A-Z]+)-(\d+)((?:/\d+)*)")
RANGE = re.compile(r"\b(?:RB|RS|RE)-[A-Z]+-\d+\s*(?:\.\.|…|to)\s*(?:(?:RB|RS|RE)-[A-Z]+-)?\d+\b")
DOCUMENTS = ("RULES.md", "RULES_SUPPLEMENT.md", "RISE_OF_THE_EMPIRE.md")
#: the rule ids by document, kept in the repository (see the module docstring)
INDEX = Path("docs/rule-ids.json")

RULE = """An id is **covered** when a test that runs the rule cites it: a scenario's `rules:` list (scenarios drive \
the real engine), or the docstring of a Python test function (`test_*`) or a comment inside that function. An id \
mentioned anywhere else in the tests (a module docstring, a helper, a scenario's name or comments) is \
**citation-only**. A range such as `RB-MIS-01..11` counts for none of the ids inside it; `RB-CMD-01/02` names two. \
**Waived** ids are listed in `docs/rules-waivers.yaml` with the reason they need no test, and may not be covered as \
well. **Missing**: none of these."""


def ids_in(text: str) -> set[str]:
    """The rule ids written out in ``text`` (slashed lists expanded, ranges ignored)."""
    text = RANGE.sub(" ", text)
    found = set()
    for prefix, first, rest in CITED.findall(text):
        for n in [first, *rest.strip("/").split("/")] if rest else [first]:
            found.add(f"{prefix}-{int(n):02d}")
    return found


def rule_ids(rules_dir: Path) -> dict[str, list[str]]:
    """Rule ids by document, in document order."""
    found: dict[str, list[str]] = {}
    for name in DOCUMENTS:
        path = rules_dir / name
        if path.exists():
            ids = RULE_ID.findall(path.read_text(encoding="utf-8"))
            found[name] = list(dict.fromkeys(ids))
    return found


def index_text(ids: dict[str, list[str]]) -> str:
    """The index file's text: one JSON object, document name to its rule ids in document order."""
    return json.dumps(ids, indent=1) + "\n"


def read_index(path: Path) -> dict[str, list[str]]:
    """The rule ids by document, as :func:`index_text` wrote them."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(document): [str(r) for r in rules] for document, rules in data.items()}


@dataclass
class Citations:
    covered: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # id -> "file" or "file::test"
    mentioned: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # id -> files


def _python(path: Path, name: str, found: Citations) -> None:
    text = path.read_text(encoding="utf-8")
    for rule in ids_in(text):
        found.mentioned[rule].add(name)
    tree = ast.parse(text)
    comments: list[tuple[int, str]] = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            comments.append((token.start[0], token.string))
    functions = [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and node.name.startswith("test")]
    for node in functions:
        body = (ast.get_docstring(node) or "") + "\n".join(c for line, c in comments
                                                           if node.lineno <= line <= node.end_lineno)
        for rule in ids_in(body):
            found.covered[rule].add(f"{name}::{node.name}")


def _scenario(path: Path, name: str, found: Citations) -> None:
    import yaml

    text = path.read_text(encoding="utf-8")
    for rule in ids_in(text):
        found.mentioned[rule].add(name)
    data = yaml.safe_load(text)
    rules = data.get("rules") if isinstance(data, dict) else None
    for entry in rules or ():
        for rule in ids_in(str(entry)):
            found.covered[rule].add(name)


def citations(tests_dir: Path) -> Citations:
    """Where the tests cite each rule id: covered (by a test that runs it) and merely mentioned."""
    found = Citations()
    for path in sorted(tests_dir.rglob("*")):
        name = str(path.relative_to(tests_dir.parent))
        if path.suffix == ".py":
            _python(path, name, found)
        elif path.suffix in (".yaml", ".yml") and "scenarios" in path.parts:
            _scenario(path, name, found)
    return found


def waivers(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise SystemExit(f"{path}: not valid YAML ({exc}); each line is `RULE-ID: \"reason\"`") from None
    if not isinstance(data, dict):
        raise SystemExit(f"{path}: expected a mapping of rule id to reason")
    return {str(k): str(v) for k, v in data.items()}


@dataclass
class Figures:
    rules: int
    covered: int
    waived: int
    citation_only: int
    missing: int


def classify(rule: str, cited: Citations, waived: dict[str, str]) -> str:
    if cited.covered.get(rule):
        return "covered"
    if rule in waived:
        return "waived"
    if cited.mentioned.get(rule):
        return "citation-only"
    return "missing"


def both_waived_and_covered(ids: dict[str, list[str]], cited: Citations, waived: dict[str, str]) -> list[str]:
    return [r for rules in ids.values() for r in rules if r in waived and cited.covered.get(r)]


def figures(ids: dict[str, list[str]], cited: Citations, waived: dict[str, str]) -> dict[str, Figures]:
    out = {}
    for document, rules in ids.items():
        kinds = [classify(r, cited, waived) for r in rules]
        out[document] = Figures(len(rules), kinds.count("covered"), kinds.count("waived"),
                                kinds.count("citation-only"), kinds.count("missing"))
    return out


def _shown(places: set[str]) -> str:
    places_sorted = sorted(places)
    shown = ", ".join(f"`{p}`" for p in places_sorted[:3])
    return shown + (f" and {len(places_sorted) - 3} more" if len(places_sorted) > 3 else "")


def report(ids: dict[str, list[str]], tests_dir: Path, waiver_file: Path) -> str:
    """The coverage page for the rule ``ids`` (by document, from :func:`rule_ids` or :func:`read_index`)."""
    cited = citations(tests_dir)
    waived = waivers(waiver_file)
    clash = both_waived_and_covered(ids, cited, waived)
    if clash:
        raise SystemExit(f"{waiver_file}: waived but covered by a test: {', '.join(clash)}; remove the waivers")
    lines = ["# Rules coverage", "",
             "Generated by `python -m swrebellion.tools.rules_coverage --rules RULES_FOLDER`, which also rewrites "
             f"the rule-id index `{INDEX}` that the tests check coverage against; do not edit by hand.",
             "", RULE, "",
             "| document | rules | covered | waived | citation-only | missing |", "|---|---|---|---|---|---|"]
    for document, f in figures(ids, cited, waived).items():
        lines.append(f"| {document} | {f.rules} | {f.covered} | {f.waived} | {f.citation_only} | {f.missing} |")
    for document, rules in ids.items():
        lines += ["", f"## {document}", "", "| rule | status | where |", "|---|---|---|"]
        for rule in rules:
            status = classify(rule, cited, waived)
            where = {"covered": lambda: _shown(cited.covered[rule]),
                     "waived": lambda: waived[rule],
                     "citation-only": lambda: "mentioned in " + _shown(cited.mentioned[rule]),
                     "missing": lambda: ""}[status]()
            shown = f"**{status}**" if status in ("missing", "citation-only") else status
            lines.append(f"| {rule} | {shown} | {where} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=Path, default=None,
                        help="the folder of the rules documents (RULES.md, ...); without it, the rule ids come from "
                             "--index, as in a clone of the repository alone")
    parser.add_argument("--tests", type=Path, default=Path("tests"))
    parser.add_argument("--waivers", type=Path, default=Path("docs/rules-waivers.yaml"))
    parser.add_argument("--out", type=Path, default=Path("docs/rules-coverage.md"))
    parser.add_argument("--index", type=Path, default=INDEX,
                        help="the rule-id index kept in the repository; rewritten from --rules when they are there, "
                             "read in their place when they are not")
    args = parser.parse_args()
    if args.rules is not None and (args.rules / "RULES.md").is_file():
        ids = rule_ids(args.rules)
        write_atomic(args.index, index_text(ids))
    elif args.index.is_file():
        ids = read_index(args.index)
        if args.rules is not None:
            print(f"{args.rules} has no RULES.md: using the rule ids in {args.index}")
    else:
        parser.error(f"there is no {args.index}: give --rules, the folder of the rules documents")
    text = report(ids, args.tests, args.waivers)
    write_atomic(args.out, text)
    print(text.split("\n\n## ")[0])


if __name__ == "__main__":
    main()
