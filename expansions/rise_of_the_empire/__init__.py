"""*Rise of the Empire* as a plugin: cinematic combat, new units, leaders and cards (content/rise-of-the-empire)."""

from swrebellion.plugins import Expansion

EXPANSION = Expansion(
    id="rise-of-the-empire",
    name="Rise of the Empire",
    version="1.0.0",
    requires=("base",),
    packs=(("swrebellion.content", "rise-of-the-empire"),),
    description="The 2017 expansion: cinematic combat, Shield Bunker, Interdictor, leader limits, green dice.",
)
