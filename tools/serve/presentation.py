"""Every call the server makes into the game's presentation, in one place: the board picture, the option labels and
headings the terminal shows, the screens (hand, status, leaders), the account, the winner's line and the replay.

Each function takes the seat it draws for and reads only what that seat may see (``game.view(player)``, the
account redacted for it): the pages and messages the server sends are built from these and nothing else. When the
rules' presentation moves (issue 29's hooks), this is the one module to change."""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from markupsafe import Markup, escape

from swrebellion.engine import Decision, Game
from swrebellion.engine.human import HumanAgent
from swrebellion.engine.narration import account as _account
from swrebellion.engine.secrets import redact
from swrebellion.i18n import N_


@dataclass(frozen=True)
class Choice:
    """An option as a button shows it: its id, its words under the group heading, and its words in full."""

    id: str
    text: str
    full: str


@dataclass(frozen=True)
class Group:
    heading: str
    choices: list[Choice]


def board_svg(game: Game, player: str | None) -> str:
    """The board as ``player`` sees it (``None``: the spectator), an SVG document."""
    from swrebellion import presentation

    return presentation.board_svg(game, player)


def heading(game: Game, decision: Decision) -> str:
    """Who is asked and when: "Rebel · Round 2 · Command Phase" (public facts only)."""
    from swrebellion import presentation

    return presentation.heading(game, decision)


def prompt(game: Game, decision: Decision) -> str:
    """The decision's question in the reader's language."""
    from swrebellion import presentation

    return presentation.render(game, decision.prompt or decision.kind)


def groups(game: Game, decision: Decision) -> list[Group]:
    """The decision's options grouped and worded as at the terminal (`rebellion play --human`)."""
    from swrebellion import presentation

    asker = HumanAgent(decision.player, ask=str, say=str, render=presentation.render)
    # what an option does, where a plugin says ("Critical Hit (space) — ...")
    words = presentation.aside(game, decision).labels
    out: list[Group] = []
    for entry in asker.entries(game, decision, labels=words):
        if not out or out[-1].heading != entry.heading:
            out.append(Group(entry.heading, []))
        out[-1].choices.append(Choice(entry.option.id, entry.text, entry.full))
    return out


def not_offered(game: Game, decision: Decision) -> list[str]:
    """The options withheld from the decision and why, in the reader's language, as the terminal shows them."""
    from swrebellion import presentation

    return presentation.not_offered(game, decision)


THEATERS = {"space": N_("Space battle"), "ground": N_("Ground battle")}


def combat_odds(game: Game, decision: Decision) -> dict[str, str]:
    """Beside the option that ends a move into a system the enemy holds, and so starts the combat there, the exact
    odds of that combat (issue 34), as ``{option id: words}``: with both sides assigning damage as well as possible,
    or, where that is too large to work out at once, as the bots do, or else of one battle alone (and said so,
    ``answerable_odds``); where even that is too large, the command that works them out at a terminal
    (:func:`odds_command`, as markup: the command is code). Everything
    comes from the deciding seat's view: the system it activated (its last ``activate`` event), the units there and
    the damage they carry."""
    from swrebellion.expansions.base.api.combat import (OddsError, OddsTooLarge, answerable_odds, system_damage,
                                                        system_forces)
    from swrebellion.i18n import gettext as _

    if decision.kind != "move-from" or "done" not in {o.id for o in decision.options}:
        return {}
    side = decision.player.split("-")[0]
    # the log as the seat's view has it, read back from its end, one event at a time: a view of the whole log
    # cost a late game's page a millisecond
    seen = (redact(e, decision.player) for e in reversed(game.state["log"]))
    target = next((e["system"] for e in seen if e["type"] == "activate" and e.get("faction") == side
                   and isinstance(e.get("system"), str)), None)
    if target is None:
        return {}
    try:
        attacker, defender = system_forces(game, target, side)
        damage = system_damage(game, target, side)
        # quick: only what is answered in about a tenth of a second (docs/odds.md, "How fast"), for a page; past
        # it the bots' way of assigning damage, whose odds are answered for far larger forces, or one battle alone
        answer, theater = answerable_odds(game, attacker, defender, damage=damage, quick=True)
    except OddsTooLarge:
        # the command on a line of its own, as code: a person copies it whole (the sentence escaped, as any text)
        words = _("Combat odds: too many units to work them out here. At a terminal: {command}")
        return {"done": Markup(escape(words)).format(
            command=Markup("<code>{}</code>").format(odds_command(game, attacker, defender, damage)))}
    except OddsError:
        return {}
    enemy = answer.defender_side if answer.attacker_side == side else answer.attacker_side
    parts = [_("{theater}: you win {win}, the enemy {lose}, both wiped out {both}").format(
        theater=_(THEATERS[name]),
        win=percent(t.wiped[enemy] - t.both_wiped), lose=percent(t.wiped[side] - t.both_wiped),
        both=percent(t.both_wiped)) for name, t in answer.theaters.items() if name != "combat"]
    if not parts:
        return {}
    if theater != "both" and answer.policy == "heuristic":
        words = _("Exact combat odds of one battle if you stop here, both sides assigning damage as the bots do (too "
                  "many units to work out the whole combat here; no cards, leaders or retreats): {parts}.")
    elif theater != "both":
        words = _("Exact combat odds of one battle if you stop here (too many units to work out the whole combat "
                  "here; no cards, leaders or retreats): {parts}.")
    elif answer.policy == "heuristic":
        words = _("Exact combat odds if you stop here and both sides assign damage as the bots do (too many units to "
                  "work out the best play here; no cards, leaders or retreats): {parts}.")
    else:
        words = _("Exact combat odds if you stop here (no cards, leaders or retreats): {parts}.")
    return {"done": words.format(parts="; ".join(parts))}


def odds_command(game: Game, attacker: dict[str, int], defender: dict[str, int],
                 damage: dict[str, list[int]]) -> str:
    """`rebellion odds` asking about these forces, to copy to a terminal: what a page offers for a battle too large
    to work out beside a move. The units by count (those with damage as ``COUNT UNIT:DAMAGE``); the game's
    expansions (``-x``) and the ones that come with the toolkit and the game leaves off (``--no-expansion``: the
    reader's own ``rebellion.toml`` may enable Rise of the Empire, whose repairs change every figure; one installed
    apart may not be installed there, where naming it is an error); its fan packs (``--pack``, by the pack's id:
    the reader gives the folder they keep it in). Not ``--system`` with ``--load``: a seat has no save of a game
    under way (the page offers one once it is over). Unit ids are content ids (``[a-z0-9-]``: the schemas hold
    them to it), so double quotes quote a force for any shell; an expansion's name or a pack's id is quoted where
    it needs it (a third party names its expansion as it likes)."""
    def units(force: dict[str, int]) -> str:
        parts = []
        for unit, count in force.items():
            marks = damage.get(unit, [])[:count]
            if count > len(marks):
                parts.append(f"{count - len(marks)} {unit}")
            parts += [f"{marks.count(m)} {unit}:{m}" for m in sorted(set(marks))]
        return ", ".join(parts)

    active = game.rules.active
    installed = active.discovery.installed
    shipped = sorted(name for name, found in installed.items() if found.source == installed["base"].source)
    built_in = set(active.pack_paths())
    words = ["rebellion", "odds", "--attacker", f'"{units(attacker)}"', "--defender", f'"{units(defender)}"']
    words += [f"-x {shlex.quote(name)}" for name in active.enabled if name != "base"]
    words += [f"--no-expansion {shlex.quote(name)}" for name in shipped if name not in active.enabled]
    words += [f"--pack {shlex.quote(pack.id)}" for pack in game.rules.content.packs if pack.folder not in built_in]
    return " ".join(words)


def percent(chance: float) -> str:
    """A chance as the page shows it, in whole percents, but never 0% or 100% for what may or may not happen: a
    player reads "100%" as certain (under 10^-9 counts as none, the figures' rounding)."""
    shown = round(100 * chance)
    if shown == 0 and chance > 1e-9:
        return "<1%"
    if shown == 100 and chance < 1 - 1e-9:
        return ">99%"
    return f"{shown}%"


def waiting(game: Game, player: str) -> str:
    """Who the game waits for, as ``player`` may know it: the kind of question, never its options."""
    from swrebellion import presentation

    for entry in game.view(player, since=len(game.state["log"]))["pending"]:  # (the log is not read: left out)
        if "options" not in entry and not entry.get("answered"):
            return presentation.heading(game, Decision(entry["id"] if "id" in entry else "", entry["player"],
                                                   entry["kind"], "", ()))
    return ""


def screens(game: Game, player: str | None) -> list[tuple[str, list[str]]]:
    """The screens a person can open at the terminal (hand, status, leaders), as (title, lines), for ``player``
    (the spectator sees status and leaders only)."""
    from swrebellion import presentation
    from swrebellion.i18n import gettext as _

    # the terminal's commands (hook terminal_commands), found by their English names, titled in the reader's language
    commands = {english: c for c in presentation.commands(game) for english in (c.name, *c.aliases)}
    wanted = ["status", "leaders"] if player is None else ["hand", "status", "leaders"]
    return [(_(name), list(commands[name].run(game, player, ""))) for name in wanted if name in commands]


def account(game: Game, player: str | None, start: int = 0) -> list[str]:
    """What happened from event ``start`` on, as ``player`` may read it (the opponent's moves included, their
    secrets not)."""
    return list(_account(game, player, start))


def result(game: Game) -> str:
    """The winner and why, once the game is over ("" before)."""
    from ..play_cmd import winner_line

    return winner_line(game, game.state["result"]) if game.state["result"] else ""


def replay(game: Game, views: tuple[str, ...]) -> str:
    """The HTML replay of a finished game with these views ("public", "rebel", "empire")."""
    from swrebellion import presentation

    return presentation.replay_html(game, views)


def setups(rules) -> list[tuple[str, str]]:
    """The setups the packs offer, (id, name), the default first."""
    from swrebellion.expansions.base.api.words import name
    from swrebellion.games import default_setup

    if "setups" not in rules.content.kinds:
        return []
    chosen = default_setup(rules)
    found = list(rules.content.items("setups"))
    found.sort(key=lambda ident: ident != chosen)
    return [(ident, name(_Named(rules), ident)) for ident in found]


class _Named:
    """What ``api.name`` reads of a game: its rules (for a setup's name before any game exists)."""

    def __init__(self, rules) -> None:
        self.rules = rules
