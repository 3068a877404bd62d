"""What people see of a game, whichever plugin draws it: the seam the CLI, a game server or a card printer uses.

The kernel draws nothing itself. Each function here asks the enabled plugins through a presentation hook
(core/hookspecs.py, docs/hooks.md), so the tools import no plugin's private module, and a plugin adds its own lines
to what people see the same way the base game draws its board:

* the board picture as one viewer sees it (:func:`board_svg`) and a saved game as one HTML page (:func:`replay_html`);
* lines about a plugin's own state for the terminal's ``status`` and ``map`` screens and the picture
  (:func:`state_lines`), and about the cards of a plugin a side holds, for the terminal's ``hand`` (:func:`hand_lines`);
* the account of a game in a language (:func:`narration`);
* the terminal's commands, the heading of a decision and option labels in the reader's language (:func:`commands`,
  :func:`heading`, :func:`render`, :func:`option_labels`, :func:`not_offered`: what a decision withholds, and why);
  :class:`Command` is re-exported for plugins adding one; what a plugin adds to a decision at the terminal, notes
  and shortcuts (:func:`aside`, :class:`Aside`, :class:`Shortcut`).

A *view* is ``"public"`` (what every player may see) or a side's name, the part of its players' ids before ``-``;
team-mates share every secret, so a side's view is its first player's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Literal

from . import i18n
from .engine.human import Aside, Command, Shortcut
from .engine.narration import account

if TYPE_CHECKING:
    from .engine.game import Decision, Game, Rules

__all__ = ["Aside", "Command", "PUBLIC", "PresentationError", "Shortcut", "Where", "aside", "board_svg", "commands",
           "game_at", "hand_lines", "heading", "narration", "not_offered", "option_labels", "parse_views", "render",
           "replay_html", "sides", "state_lines", "viewer_for", "views"]

PUBLIC = "public"
#: Where a plugin's state lines are shown: the terminal's ``status`` and ``map`` screens, or the board picture
#: (and so every step of the HTML replay).
Where = Literal["status", "map", "picture"]


class PresentationError(ValueError):
    """A request no plugin can meet or that names what the game lacks (an unknown view, a step out of range, no
    enabled plugin drawing pictures), worded for the person who asked."""


def sides(game: Game) -> tuple[str, ...]:
    """The sides of ``game``'s players, in seat order, each once."""
    return tuple(dict.fromkeys(player.split("-")[0] for player in game.state["players"]))  # public: the seats


def views(game: Game) -> tuple[str, ...]:
    """Every view of ``game``: ``"public"`` and then each side."""
    return (PUBLIC, *sides(game))


def viewer_for(game: Game, view: str) -> str | None:
    """The player whose view ``view`` is: ``None`` for ``"public"``, else the first player of that side."""
    if view == PUBLIC:
        return None
    players: list[str] = game.state["players"]  # public: the seats
    for player in players:
        if player.split("-")[0] == view:
            return player
    raise PresentationError(f"unknown view {view!r}; choose from {', '.join(views(game))}")


def parse_views(game: Game, text: str) -> tuple[str, ...]:
    """``"public,rebel"`` -> those views; ``"all"`` -> every view of the game. Ordered as :func:`views`."""
    known = views(game)
    wanted = {v.strip() for v in text.split(",") if v.strip()}
    if "all" in wanted:
        wanted = set(known) | (wanted - {"all"})
    unknown = sorted(wanted - set(known))
    if unknown or not wanted:
        raise PresentationError(f"unknown view(s) {', '.join(unknown) or '(none given)'}; use "
                                f"{', '.join(known)} or all")
    return tuple(v for v in known if v in wanted)


def game_at(game: Game, step: int) -> Game:
    """A fresh game replayed from ``game``'s seed and options through its first ``step`` choices (step 0: set up,
    up to the first decision)."""
    from .engine.game import Game

    choices = game.state["choices"]
    if not 0 <= step <= len(choices):
        raise PresentationError(f"step {step} is out of range: this game has steps 0 to {len(choices)}")
    fresh = Game.new(game.rules, game.state["seed"], game.state["options"])
    for player, option in choices[:step]:
        fresh.apply(option, player=player)
    return fresh


def _first(rules: Rules, hook: str, what: str, **kwargs: Any) -> Any:
    """The first plugin's answer to a ``firstresult`` drawing hook; none is an error naming the hook."""
    answer = getattr(rules.active.pm.hook, hook)(**kwargs)
    if answer is None:
        raise PresentationError(f"no enabled plugin draws {what} (hook {hook})")
    return answer


def board_svg(game: Game, player: str | None = None) -> str:
    """The board as ``player`` sees it (``None``: the public view), an SVG document (hook ``board_svg``)."""
    svg: str = _first(game.rules, "board_svg", "the board", game=game, player=player)
    return svg


def replay_html(game: Game, embedded: Iterable[str] = (PUBLIC,)) -> str:
    """``game`` as one self-contained HTML page with the given views embedded (hook ``replay_html``)."""
    chosen = tuple(embedded)
    if not chosen:
        raise PresentationError("a replay needs at least one view")
    for view in chosen:
        viewer_for(game, view)
    page: str = _first(game.rules, "replay_html", "a replay", game=game, views=chosen)
    return page


def state_lines(game: Game, view: dict[str, Any], where: Where) -> list[str]:
    """What the plugins add about their own state for ``view`` (``game.view(player)``) at ``where``, in dependency
    order (hook ``state_lines``)."""
    lines: list[str] = []
    for answer in game.rules.call("state_lines", game=game, view=view, where=where):
        lines += answer or []
    return lines


def hand_lines(game: Game, view: dict[str, Any]) -> list[str]:
    """What the plugins add to the terminal's ``hand`` screen for ``view`` (``game.view(player)``): the cards of
    their own a side holds, in dependency order (hook ``hand_lines``)."""
    lines: list[str] = []
    for answer in game.rules.call("hand_lines", game=game, view=view):
        lines += answer or []
    return lines


def narration(game: Game, viewer: str | None, start: int = 0, language: str | None = None) -> list[str]:
    """The account of ``game``'s events from ``start`` on as ``viewer`` may read them (``None``: a spectator), in
    ``language`` (default: the current one), one line per event worth a line (hook ``describe_event``)."""
    if language is None:
        return list(account(game, viewer, start))
    with i18n.using(language):
        return list(account(game, viewer, start))


def commands(game: Game) -> list[Command]:
    """The commands a person may type at every prompt, every plugin's (hook ``terminal_commands``)."""
    found: list[Command] = []
    for answer in game.rules.call("terminal_commands"):
        found += answer or []
    return found


def heading(game: Game, decision: Decision) -> str:
    """A decision's heading for the person asked ("Rebel · Round 2 · Command Phase"; hook ``decision_heading``),
    the player's id when no plugin words it."""
    answer: str | None = game.rules.active.pm.hook.decision_heading(game=game, decision=decision)
    return decision.player if answer is None else answer


def aside(game: Game, decision: Decision) -> Aside:
    """What the plugins add to a decision for the person asked at the terminal (hook ``decision_aside``): notes
    shown under the question, shortcuts after the options and words for options, every plugin's, in dependency
    order (a later plugin's words for an option win)."""
    notes: list[str] = []
    shortcuts: list[Shortcut] = []
    alone: str | None = None
    labels: dict[str, str] = {}
    for answer in game.rules.call("decision_aside", game=game, decision=decision):
        if answer is not None:
            notes += answer.notes
            shortcuts += answer.shortcuts
            alone = answer.alone if alone is None else alone
            labels.update(answer.labels)
    return Aside(tuple(notes), tuple(shortcuts), alone, labels)


def render(game: Game, text: str) -> str:
    """An option label or prompt the rules stored in English, in the current language (hook ``render_text``);
    unchanged when no plugin translates it."""
    answer: str | None = game.rules.active.pm.hook.render_text(game=game, text=text)
    return text if answer is None else answer


def option_labels(game: Game, decision: Decision) -> dict[str, str]:
    """A decision's options by id with their labels in the current language."""
    return {option.id: render(game, option.label) for option in decision.options}


def not_offered(game: Game, decision: Decision) -> list[str]:
    """The options plugins withheld from ``decision`` and why (``ValueRegistry.withhold``), one line each in the
    current language: "not offered: Reveal Sabotage (Mon Mothma) — only the player with a leader on it reveals it (RS-MIS-08)"."""
    from .engine.human import not_offered as lines

    return lines(game, decision, render)
