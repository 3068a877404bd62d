"""docs/effects.md and docs/cards.md are generated from the op registry, the packs and the scenarios; a commit
that changes any of them without regenerating the pages fails here (issue 6: 'so it can't drift')."""

from pathlib import Path

from swrebellion.engine import Rules
from swrebellion.loader import load
from swrebellion.plugins import activate
from swrebellion.tools import docs_gen

ROOT = Path(__file__).parents[1]


def pages():
    active = activate(env="base,rise-of-the-empire")
    catalog = load(active, all_enabled=True).catalog
    hooks = (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
    from swrebellion.engine.vocabulary import vocabulary

    return {
        "reference.md": docs_gen.reference_markdown(vocabulary(active)),
        "effects.md": docs_gen.effects_markdown(active.ops, catalog, ROOT / "tests" / "fan_ideas"),
        "cards.md": docs_gen.cards_markdown(active.ops, catalog, ROOT / "tests"),
        "hooks.md": docs_gen.hooks_markdown(Rules(active), hooks),
        "state.md": docs_gen.state_markdown(docs_gen.sections_of(active)),
    }


def test_generated_pages_are_current():
    for name, text in pages().items():
        assert (ROOT / "docs" / name).read_text(encoding="utf-8") == text, (
            f"docs/{name} is out of date: run python -m swrebellion.tools.docs_gen"
        )


def test_every_op_is_documented_with_its_parameters():
    active = activate(env="base,rise-of-the-empire")
    text = (ROOT / "docs" / "effects.md").read_text(encoding="utf-8")
    for spec in active.ops:
        assert f"## {spec.name}\n" in text
        assert spec.doc, f"effect op {spec.name} has no docstring"
