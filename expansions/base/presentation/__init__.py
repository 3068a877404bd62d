"""How the base game is shown to people: the account of a game (``narration``), pictures of the board and the HTML
replay (``picture``) and the screens of the terminal (``terminal``).

Presentation reads the rules (the state a viewer may see, the content, the names); the rules never import it.
The CLI and the kernel reach it only through the presentation hooks (docs/hooks.md), as they reach any plugin's.
"""
