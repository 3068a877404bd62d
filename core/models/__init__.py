"""The generic building blocks of content models: ids, localisable text, items, effect steps, the pack manifest.

The models of the content kinds themselves belong to the plugins that register the kinds
(``register_content_kinds``, see ``swrebellion.kinds``); the JSON Schemas in ``schemas/`` are generated from them
(``rebellion schema export``) and never edited by hand.
"""

from .common import (MAX_COORDINATE, MAX_COUNT, MAX_LIST, MAX_SPACES, Coordinate, Count, Id, Item, Model,
                     PositiveCount, Space, Text)
from .manifest import PackManifest

__all__ = ["MAX_COORDINATE", "MAX_COUNT", "MAX_LIST", "MAX_SPACES", "Coordinate", "Count", "Id", "Item", "Model",
           "PackManifest", "PositiveCount", "Space", "Text"]


def __getattr__(name: str) -> object:
    """Deprecated names (docs/hooks.md, "Deprecated"): ``FILE_KINDS``, ``FileKind`` and ``kind_of_model`` are the
    registry of content kinds now, and the models and value types that moved to the plugins are found there."""
    from .. import deprecated

    value = deprecated.deprecated_models_name(name)
    if value is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import warnings

    warnings.warn(f"swrebellion.models.{name} is deprecated: {value[1]}", DeprecationWarning, stacklevel=2)
    return value[0]
