"""The base game at the terminal (`rebellion play --human SIDE`): the commands a person may type at every prompt,
the heading of each decision, and option labels and prompts in the reader's language.

The kernel's :class:`swrebellion.engine.human.HumanAgent` asks the questions; this package gives it the game's
words. Each command reads only the asking side's view (``game.view(player)``)."""

from __future__ import annotations

from swrebellion.engine.human import Command
from swrebellion.i18n import N_, gettext

from ...names import localize
from .odds_screen import odds_screen
from ..narration import seat_title
from .screens import PHASES, hand_screen, leaders_screen, map_screen, show_screen, status_screen

_ = gettext


def commands() -> list[Command]:
    """``map``, ``hand``, ``leaders``, ``status``, ``show`` and ``odds``, with their names in the reader's language as
    aliases (``карта``, ``harita`` ...); the English names always work."""
    table = [
        ("map", N_("map"), N_("the galaxy: loyalty, units, leaders (map SYSTEM: a system and its neighbours)"),
         map_screen, N_("[SYSTEM]")),
        ("hand", N_("hand"), N_("your cards and what they do"), hand_screen, ""),
        ("leaders", N_("leaders"), N_("every leader in play: skills, and where each is"), leaders_screen, ""),
        ("status", N_("status"), N_("round, time and reputation, objectives, build queues, your base"),
         status_screen, ""),
        ("show", N_("show"), N_("a card, unit, leader or system"), show_screen, N_("NAME")),
        ("odds", N_("odds"), N_("the exact odds of a combat in a system"), odds_screen, N_("SYSTEM")),
    ]
    out = []
    for english, local, help_, run, argument in table:
        here = gettext(local)
        out.append(Command(here, gettext(help_), run, aliases=(english,) if here != english else (),
                           argument=gettext(argument) if argument else ""))
    return out


def heading(game, decision) -> str:
    """"Rebel · Round 2 · Command Phase": who is asked, and when (public facts only)."""
    data = game.state["data"]
    who = seat_title(decision.player)
    phase = gettext(PHASES.get(data.get("phase", ""), data.get("phase", "")))
    if data.get("phase") == "setup":
        return f"{who} · {phase}"
    return f"{who} · " + _("Round {round}").format(round=data.get("round", 0)) + f" · {phase}"


def render(game, english: str) -> str:
    """An option label or prompt the rules stored in English, in the reader's language."""
    return localize(game, english)


__all__ = ["commands", "heading", "render", "seat_title"]
