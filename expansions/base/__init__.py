"""The base game of *Star Wars: Rebellion* as a plugin: its rules and its content pack ``content/base``."""

from swrebellion.plugins import Expansion

EXPANSION = Expansion(
    id="base",
    name="Star Wars: Rebellion (base game)",
    version="1.0.0",
    packs=(("swrebellion.content", "base"),),
    enabled_by_default=True,
    description="The rules and components of the 2016 base game.",
)
