"""Every hook a plugin may implement. docs/hooks.md documents each one (tests/test_hooks_documented.py checks).

Order: plugins are registered in *dependency order* (an expansion after everything it requires, ties broken by id),
never in entry-point discovery order. pluggy calls implementations last-registered-first, so for a hook that
collects results a dependent expansion's result comes before the expansion it builds on; for a ``firstresult``
hook the most dependent expansion that answers wins. Plugins may use ``tryfirst``/``trylast`` as usual.
"""

from __future__ import annotations

import pluggy

PROJECT = "swrebellion"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_effect_ops(registry):
    """Register the effect ops this plugin provides.

    Fires once when a plugin manager is built, for every enabled plugin, in registration order.
    ``registry`` is a :class:`swrebellion.effects.OpRegistry`; call ``registry.register(name, params, handler)``.
    The validator and the schema exporter use the same registry, so an op registered here is accepted in content
    files exactly while its plugin is enabled. Returns nothing.
    """


@hookspec
def validate_catalog(catalog):
    """Add semantic checks of the loaded content.

    Fires after the built-in checks (references, map, counts) on the merged :class:`swrebellion.catalog.Catalog`
    of the enabled packs. Return an iterable of :class:`swrebellion.diagnostics.Diagnostic` (or ``None``); all
    results are collected and reported together.
    """
