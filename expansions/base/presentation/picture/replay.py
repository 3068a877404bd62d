"""A self-contained HTML replay of a game: the board at every step beside the account, with buttons, a slider,
the keyboard and a choice of view.

A *step* is one decision answered: step 0 is the board once setup has run to the first decision, step ``n`` the
board after the ``n``-th answer in the save's list of choices (so a save with 600 choices has 601 steps), but for
the questions a view may not know were asked (a card window is seen by its side alone): those are no steps of that
view (:meth:`_Builder.record`). ``rebellion board --at N`` draws the board after the ``n``-th answer of the save.

What the file holds: the board's static layer once, a table of unique slot fragments (a system's drawing, the
header, a panel: :class:`~.scene.Picture`), and for each embedded view the changes of fragment per step and the
account's lines per step. A small inline script swaps the changed fragments in. Only the views asked for are
embedded, and each is built from that viewer's ``game.view(player)``: a file made with the Rebel view holds the
Rebel's secrets (his base, his cards), and anybody with the file can read them, whatever the page shows.
"""

from __future__ import annotations

from importlib.resources import files
from typing import Iterable

from swrebellion.engine import Game
from swrebellion.engine.narration import account
from swrebellion.i18n import N_, gettext, language
from swrebellion.presentation import game_at, render, viewer_for
from swrebellion.text import script_json

from ..narration import seat_title
from .scene import HEIGHT, WIDTH, board_picture, svg_document

_ = gettext
#: How the page names each view in its choice of view.
LABELS = {"public": N_("Public view"), "rebel": N_("Rebel view"), "empire": N_("Imperial view")}


def _page_words() -> dict[str, str]:
    """The page's own words (buttons, tooltips, the step counter), in the current language; ``{{word:name}}`` in
    replay.html, ``words.name`` in replay.js."""
    return {
        "first": _("First"), "first_tip": _("First step (Home)"),
        "prev": _("Prev"), "prev_tip": _("Previous step (Left arrow)"),
        "play": _("Play"), "pause": _("Pause"), "play_tip": _("Play or pause (Space)"),
        "next": _("Next"), "next_tip": _("Next step (Right arrow)"),
        "last": _("Last"), "last_tip": _("Last step (End)"),
        "steps": _("Steps"), "step": _("Step"), "view": _("View"), "board": _("The board"),
        "counter": _("Step {step} of {last}"), "step_n": _("Step {step}"),
        "secrets_own": _("This file holds the hidden information of: {views}. You are looking at one of them now."),
        "secrets_public": _("This file holds the hidden information of: {views}. You are looking at the public "
                            "view."),
    }


def replay_html(game: Game, views: Iterable[str] = ("public",), title: str | None = None) -> str:
    """The replay page of ``game`` (any point of it: its choices so far are replayed from the start), in the
    current language (:mod:`swrebellion.i18n`): the board's labels, the account and the page's own words."""
    title = _("Star Wars: Rebellion replay") if title is None else title
    views = tuple(views)
    fresh = game_at(game, 0)
    viewers = {v: viewer_for(fresh, v) for v in views}
    builder = _Builder(views)
    choices = game.state["choices"]
    builder.record(fresh, viewers, None)
    for n, (player, option) in enumerate(choices, start=1):
        decided = _decided(fresh, player, option)
        fresh.apply(option, player=player)
        builder.record(fresh, viewers, decided)
    return builder.page(title, fresh)


def _decided(game: Game, player: str, option: str) -> dict:
    """What was decided at a step: who, the kind of decision and the chosen option's label (shown only in the
    deciding side's own view)."""
    decision = next(d for d in game.pending if d.player == player)
    raw = next(d for d in game.state["pending"] if d["player"] == player and d["answer"] is None)
    return {"player": player, "kind": decision.kind, "label": render(game, decision.option(option).label),
            "visible_to": raw.get("visible_to")}


class _Builder:
    def __init__(self, views: tuple[str, ...]) -> None:
        self.views = views
        self.slot_names: list[str] | None = None
        self.fragments: dict[str, int] = {}
        self.lines: dict[str, int] = {}
        self.current = {v: [] for v in views}  # the fragment shown in each slot, per view
        self.steps = {v: [] for v in views}  # per step: [slot, fragment, slot, fragment, ...] that changed
        self.story = {v: [] for v in views}  # per step: [caption line, [account line ids]]
        self.static = ""
        self.first: dict[str, str] = {}
        self.shown = {v: 0 for v in views}  # the log entries each view's account has told so far

    def _intern(self, table: dict[str, int], value: str) -> int:
        if value not in table:
            table[value] = len(table)
        return table[value]

    def record(self, game: Game, viewers: dict, decided: dict | None) -> None:
        """One step per view; a decision a view may not know was asked (a card window, ``visible_to``) is no step
        of that view: its changes come with the view's next step, so the step count shows nothing either."""
        for view in self.views:
            player = viewers[view]
            hidden = decided is not None and decided["visible_to"] is not None
            if hidden and player not in decided["visible_to"]:
                continue
            picture = board_picture(game, game.view(player))
            if self.slot_names is None:
                self.slot_names = list(picture.slots)
                self.static = picture.static
            if list(picture.slots) != self.slot_names:
                raise AssertionError("the picture's slots changed during the game")
            if not self.first.get(view):
                self.first[view] = "".join(f'<g id="{k}">{v}</g>' for k, v in picture.slots.items())
            ids = [self._intern(self.fragments, fragment) for fragment in picture.slots.values()]
            before = self.current[view]
            changes = [x for n, f in enumerate(ids) if not before or before[n] != f for x in (n, f)]
            self.current[view] = ids
            self.steps[view].append(changes)
            lines = [self._intern(self.lines, line) for line in account(game, player, self.shown[view])]
            self.shown[view] = len(game.state["log"])
            self.story[view].append([_caption(decided, view), lines])

    def page(self, title: str, game: Game) -> str:
        words = _page_words()
        data = {
            "words": words,
            "slots": self.slot_names,
            "fragments": list(self.fragments),
            "lines": list(self.lines),
            "views": {v: {"label": gettext(LABELS[v]), "steps": self.steps[v], "story": self.story[v]}
                      for v in self.views},
        }
        payload = script_json(data)
        assets = files(__package__)
        first = self.views[0]
        options = "".join(f'<option value="{v}">{_escape(gettext(LABELS[v]))}</option>' for v in self.views)
        board = svg_document(self.static + self.first[first]).replace(
            "<svg ", f'<svg id="board" role="img" aria-label="{_escape(words["board"])}" ', 1)
        page = assets.joinpath("replay.html").read_text(encoding="utf-8")
        for name, word in words.items():
            page = page.replace("{{word:" + name + "}}", _escape(word))
        return (
            page
            .replace("{{lang}}", language())
            .replace("{{counter}}", _escape(words["counter"].format(step=0, last=len(self.steps[first]) - 1)))
            .replace("{{title}}", _escape(title))
            .replace("{{style}}", assets.joinpath("replay.css").read_text(encoding="utf-8"))
            .replace("{{script}}", assets.joinpath("replay.js").read_text(encoding="utf-8"))
            .replace("{{views}}", options)
            .replace("{{last}}", str(len(self.steps[first]) - 1))
            .replace("{{ratio}}", f"{WIDTH} / {HEIGHT}")
            .replace("{{ratio_number}}", f"{WIDTH / HEIGHT:.4f}")
            .replace("{{board}}", board)
            .replace("{{data}}", payload)
        )


def _caption(decided: dict | None, view: str) -> str:
    if decided is None:
        return _("Setup, up to the first decision")
    who = seat_title(decided["player"])
    if view == decided["player"].split("-")[0]:
        return _("{who} chose: {choice}").format(who=who, choice=decided["label"])
    return _("{who} decided ({what})").format(who=who, what=gettext(decided["kind"].replace("-", " ")))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
