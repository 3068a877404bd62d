"""Every hookspec is documented in docs/hooks.md with its own section (issue 4)."""

import inspect
from pathlib import Path

from swrebellion import hookspecs

DOC = (Path(__file__).parents[1] / "docs" / "hooks.md").read_text()


def hookspec_names():
    return [
        name
        for name, func in inspect.getmembers(hookspecs, inspect.isfunction)
        if hasattr(func, f"{hookspecs.PROJECT}_spec")
    ]


def test_there_are_hookspecs():
    assert {"register_effect_ops", "setup_game", "register_steps"} <= set(hookspec_names())


def test_every_hookspec_has_a_section_and_a_docstring():
    for name in hookspec_names():
        func = getattr(hookspecs, name)
        params = ", ".join(inspect.signature(func).parameters)
        assert f"## {name}({params})" in DOC, f"docs/hooks.md lacks a section '## {name}({params})'"
        assert func.__doc__ and "When" not in "" and len(func.__doc__.split()) > 10, name
