"""Pictures of the board for people: an SVG of the board from one viewer's side (``rebellion board``) and a
self-contained HTML replay of a saved game (``rebellion replay``, ``rebellion play --html``).

Both are drawn from ``game.view(player)`` and the content catalog only, never from the raw state, so a picture
holds nothing its viewer may not see. Other plugins add to the picture through the ``board_annotations`` hook.
"""

from .scene import Picture, board_picture, board_svg

__all__ = ["Picture", "board_picture", "board_svg"]
