"""The built-in expansions. Each is a pluggy plugin found through the ``swrebellion.expansions`` entry points."""
