"""The op plumbing is the kernel's (issue 27 §4): every plugin's ops are written with ``swrebellion.engine.ops``,
and the old import paths answer for one minor version with a DeprecationWarning naming the new one."""

from __future__ import annotations

import pytest

from swrebellion.engine import ops as kernel

MOVED = ("OpTable", "Strict", "answer", "op", "parsed", "pick", "register_ops", "uses")


@pytest.mark.parametrize("name", MOVED)
def test_the_old_path_in_the_base_game_warns_and_gives_the_kernels_object(name):
    from swrebellion.expansions.base.ops import conditions

    with pytest.warns(DeprecationWarning, match="swrebellion.engine.ops"):
        old = getattr(conditions, name)
    assert old is getattr(kernel, name)


def test_the_base_api_names_the_kernels_plumbing_without_a_warning(recwarn):
    """The base API's ``ops`` namespace (issue 27 §3) hands out the kernel's own objects, with no warning; a plugin
    registers its ops with the kernel's ``register_ops`` directly."""
    from swrebellion.expansions.base import api

    assert all(getattr(api.ops, name) is getattr(kernel, name) for name in MOVED
               if name not in ("parsed", "register_ops"))
    assert not [w for w in recwarn if issubclass(w.category, DeprecationWarning)]


def test_the_base_games_ops_are_made_by_the_kernels_op_decorator():
    """A base op's parameter model is a kernel ``Strict`` model, so the plumbing is one, not two copies."""
    from swrebellion.plugins import activate

    ops = activate(env="base").ops
    assert len(ops) > 30 and all(issubclass(spec.params, kernel.Strict) for spec in ops)


def test_the_old_condition_forms_moved_beside_pack_upgrade_and_warn():
    """Issue 27 §4: ``api.OldWhere`` and its kin are only for reading old packs, which `rebellion packs upgrade`
    alone does now."""
    from swrebellion.expansions.base import api
    from swrebellion.tools.upgrade import base_game

    with pytest.warns(DeprecationWarning, match="packs upgrade"):
        assert api.OldWhere is base_game.OldWhere
    with pytest.raises(AttributeError):
        api.NoSuchName  # noqa: B018
