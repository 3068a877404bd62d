"""A person at the terminal as an agent: the news of their view, then the decision's options, grouped and numbered,
and commands that show the game (what the rules plugins offer: a map, a hand ...) at every prompt.

Generic on purpose: the options are grouped by the prefix of their ids (``activate:alderaan``,
``activate:bespin`` ... under one heading, the words their labels share), and the words shown are the plugin's
(``render`` turns a stored English label or prompt into the reader's language; ``commands`` come from the
plugins). The person answers with a number, an option's name (or the start of it), or a command. Everything shown
comes from ``game.view(player)`` and the account as that player may read it: no hidden information.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from ..i18n import gettext as _
from .game import Decision, Game, Option
from .narration import account


@dataclass(frozen=True)
class Command:
    """A command a person may type at any prompt: ``run(game, player, argument)`` returns lines to show."""

    name: str
    help: str
    run: Callable[[Game, str, str], Iterable[str]]
    aliases: tuple[str, ...] = ()
    argument: str = ""


def not_offered(game: Game, decision: Decision, render: Callable[[Game, str], str]) -> list[str]:
    """The options plugins withheld from ``decision`` (``Game.withheld``), one line each in the reader's language
    (``render`` turns the stored English of a label or reason into it): the terminal prints them under the options,
    the game server under its buttons."""
    return [_("not offered: {option} — {reason}").format(option=render(game, w["label"]),
                                                        reason=render(game, w["reason"]))
            for w in game.withheld(decision)]


@dataclass(frozen=True)
class Shortcut:
    """One answer for a decision and the next ones like it, offered beside the options ("put all the rest here"):
    ``option`` now, and again for up to ``times - 1`` more decisions in a row of the same player and kind, while it
    is offered. Each answer still goes through ``Game.apply``, so the rules judge every one; when the option is no
    longer offered, the person is asked again. ``group`` gathers shortcuts under one heading."""

    label: str
    option: str
    times: int
    group: str = ""


@dataclass(frozen=True)
class Aside:
    """What a plugin adds to a decision for the person at the terminal: ``notes``, lines shown under the question
    (what is left to do), ``shortcuts`` (:class:`Shortcut`) numbered after the options, and ``labels``, the words
    shown for some options in place of their stored labels (option id -> words in the reader's language: what the
    option does, or why it cannot do anything now, on the option itself)."""

    notes: tuple[str, ...] = ()
    shortcuts: tuple[Shortcut, ...] = ()
    #: What to say when the decision has one option and is answered without asking: ``None`` for the usual line
    #: (the question and its answer), ``""`` for nothing (a question the rules ask whatever the player holds).
    alone: str | None = None
    labels: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Entry:
    """An option as shown: its number, the option, the words shown for it and the group heading it sits under;
    ``times`` above 1 for a shortcut that answers that many decisions in a row."""

    number: int
    option: Option
    text: str
    full: str
    heading: str
    times: int = 1


class HumanAgent:
    """Answers the decisions of ``players`` (one side: one seat, or a team's two seats) by asking a person.

    ``ask(prompt) -> str`` reads a line (it raises ``EOFError`` or ``KeyboardInterrupt``, or click's ``Abort``, when
    the person stops: the caller saves the game); ``say(line)`` shows one. The account of the game is shown once,
    as the first of ``players`` may see it; :attr:`seen` is how much of the log has been shown. With ``ask_alone``
    the person is asked even a question that has one option (see :meth:`choose`).
    """

    def __init__(self, players: str | Sequence[str], ask: Callable[[str], str], say: Callable[[str], None],
                 commands: Sequence[Command] = (), render: Callable[[Game, str], str] | None = None,
                 heading: Callable[[Game, Decision], str] | None = None, ask_alone: bool = False,
                 aside: Callable[[Game, Decision], Aside] | None = None) -> None:
        self.players = [players] if isinstance(players, str) else list(players)
        self.player = self.players[0]
        self.ask = ask
        self.say = say
        self.commands = list(commands)
        self.render = render or (lambda game, text: text)
        self.heading = heading
        self.ask_alone = ask_alone
        self.aside = aside
        self.seen = 0
        #: A shortcut being followed: (player, kind, option id, its words, how many more decisions it answers).
        self.standing: tuple[str, str, str, str, int] | None = None
        self.note = ""  # why a shortcut stopped, said with the next question

    # -- the news --------------------------------------------------------------------------------------------------

    def news(self, game: Game) -> None:
        """The account since the last time, as this side may see it."""
        for line in account(game, self.player, self.seen):
            self.say(line)
        self.seen = len(game.state["log"])

    # -- a decision ------------------------------------------------------------------------------------------------

    def choose(self, game: Game, decision: Decision) -> str:
        """The person's answer. A question with a single option is answered with it unasked, unless ``ask_alone``:
        the rules ask some questions whatever a player holds, so that being asked tells the others nothing (a card
        window with only "pass" when no card in hand answers it), and a person need not be stopped by them. A
        shortcut the person chose (:class:`Shortcut`) answers the decisions like it that follow."""
        followed = self.follow(decision)  # first: a shortcut counts every decision like it, one option or more
        if followed is not None:
            return followed
        aside = self.aside(game, decision) if self.aside else Aside()
        if len(decision.options) == 1 and not self.ask_alone:
            self.news(game)
            self.answered_alone(game, decision, aside.alone)
            return decision.options[0].id
        self.news(game)
        notes = (self.note, *aside.notes) if self.note else aside.notes
        self.note = ""
        entries = self.entries(game, decision, aside.shortcuts, aside.labels)
        self.show(game, decision, entries, notes)
        while True:
            answer = self.ask(_("Your choice (a number, a name, or help)")).strip()
            if not answer:
                continue
            chosen = self.match(answer, entries)
            if chosen is not None:
                if chosen.times > 1:
                    self.standing = (decision.player, decision.kind, chosen.option.id, chosen.full, chosen.times - 1)
                return chosen.option.id
            word, _space, argument = answer.partition(" ")
            command = self.command(word)
            if command is not None:
                for line in command.run(game, decision.player, argument.strip()):
                    self.say(line)
                continue
            if word.casefold() in ("help", "?", _("help").casefold()):
                self.help()
                continue
            if word.casefold() in ("options", _("options").casefold()):
                self.show(game, decision, entries, notes)
                continue
            self.refuse(answer, entries)

    def answered_alone(self, game: Game, decision: Decision, said: str | None) -> None:
        """One line in place of a question with a single option: what was asked and the answer it got; and, when
        the rules withheld the other options, why each was not offered (a card a restriction bars there)."""
        if said is None:
            said = _("{question} — {answer} (the only choice).").format(
                question=self.render(game, decision.prompt or decision.kind).rstrip(),
                answer=self.render(game, decision.options[0].label))
        if said:
            self.say(said)
        for line in not_offered(game, decision, self.render):
            self.say("  " + line)

    def follow(self, decision: Decision) -> str | None:
        """The answer of the shortcut being followed, if this decision is the next one like it and still offers
        it; otherwise the shortcut ends (``None``: ask the person)."""
        if self.standing is None:
            return None
        player, kind, option, words, more = self.standing
        self.standing = None
        if decision.player != player or decision.kind != kind:
            return None
        if option not in decision.option_ids:  # the rules allow it no more: say why the person is asked again
            self.note = _("“{shortcut}” stops here: the rules do not allow it for this one.").format(shortcut=words)
            return None
        if more > 1:
            self.standing = (player, kind, option, words, more - 1)
        return option

    def entries(self, game: Game, decision: Decision, shortcuts: Sequence[Shortcut] = (),
                labels: Mapping[str, str] | None = None) -> list[Entry]:
        """The options in the order shown: grouped by id prefix (in order of first appearance), numbered from 1;
        then the shortcuts, grouped by their ``group``. ``labels``: words shown for some options instead of their
        labels (:attr:`Aside.labels`)."""
        shown = labels or {}
        groups: dict[str, list[tuple[Option, str, int]]] = {}
        for option in decision.options:
            prefix, sep, _rest = option.id.partition(":")
            groups.setdefault(prefix if sep else f"\0{option.id}", []).append((option, option.label, 1))
        by_id = {option.id: option for option in decision.options}
        for shortcut in shortcuts:
            groups.setdefault(f"\1{shortcut.group or shortcut.label}", []).append(
                (by_id[shortcut.option], shortcut.label, shortcut.times))
        out: list[Entry] = []
        for members in groups.values():
            texts = [shown[o.id] if o.id in shown and label is o.label else self.render(game, label)
                     for o, label, _n in members]
            head = common_words(texts) if len(members) >= 3 else ""
            for (option, _label, times), full in zip(members, texts):
                short = full[len(head):].strip() if head else full
                out.append(Entry(len(out) + 1, option, short, full, head.strip().rstrip(":"), times))
        return out

    def show(self, game: Game, decision: Decision, entries: list[Entry], notes: Sequence[str] = ()) -> None:
        title = self.heading(game, decision) if self.heading else decision.player
        self.say("")
        self.say(f"── {title} ──")
        self.say(self.render(game, decision.prompt or decision.kind))
        for note in notes:
            self.say("  " + note)
        width = len(str(len(entries)))
        heading = None
        run: list[Entry] = []

        def flush() -> None:
            if not run:
                return
            cells = [f"{e.number:>{width}}. {e.text}" for e in run]
            if len(cells) >= 6 and max(len(c) for c in cells) <= 34:  # many short names: in columns
                column = max(len(c) for c in cells) + 2
                per_line = max(1, 100 // column)
                for start in range(0, len(cells), per_line):
                    self.say("     " + "".join(c.ljust(column) for c in cells[start:start + per_line]).rstrip())
            else:
                for cell in cells:
                    self.say(("     " if heading else "  ") + cell)
            run.clear()

        for entry in entries:
            if entry.heading != heading:
                flush()
                heading = entry.heading
                if heading:
                    self.say(f"  {heading}:")
            run.append(entry)
        flush()
        for line in not_offered(game, decision, self.render):
            self.say("  " + line)

    def match(self, answer: str, entries: list[Entry]) -> Entry | None:
        """The entry ``answer`` names: its number, its option id, its words (or its words under the heading), the
        unique start of them, or else the unique option whose words the answer's words begin, anywhere in it
        ("infil" for "Reveal Infiltration (Jan Dodonna)", "luke sky" for "Recruit Luke Skywalker"); ``None`` if
        none or several do (:meth:`refuse` then lists the several)."""
        # ASCII digits only, and no more of them than the count has: '²' is a digit to str.isdigit() but not to
        # int(), and int() refuses 5,000 digits; either must be asked again, not crash the game.
        digits = answer.lstrip("0") if answer.isascii() and answer.isdigit() else ""
        if digits and len(digits) <= len(str(len(entries))) and int(digits) <= len(entries):
            return entries[int(digits) - 1]
        found = [e for e in entries if e.option.id == answer]
        if found:
            return found[0]
        wanted = " ".join(answer.casefold().split())
        exact = [e for e in entries if wanted in (e.full.casefold(), e.text.casefold())]
        if len(exact) == 1:
            return exact[0]
        starts = [e for e in entries if len(wanted) >= 2 and
                  (e.full.casefold().startswith(wanted) or e.text.casefold().startswith(wanted))]
        if len(starts) == 1:
            return starts[0]
        named = self.named(answer, entries)
        return named[0] if not starts and len(named) == 1 else None

    @staticmethod
    def named(answer: str, entries: list[Entry]) -> list[Entry]:
        """The entries in whose words the answer's words begin, one after another, anywhere: a person names an
        option by the word that tells it apart, whatever verb it starts with (docs/terminal.md)."""
        asked = words_of(answer)
        if not asked or sum(map(len, asked)) < 2:  # one letter names too much
            return []
        out = []
        for entry in entries:
            have = words_of(entry.full)
            if any(all(have[i + k].startswith(w) for k, w in enumerate(asked))
                   for i in range(len(have) - len(asked) + 1)):
                out.append(entry)
        return out

    def refuse(self, answer: str, entries: list[Entry]) -> None:
        wanted = " ".join(answer.casefold().split())
        several = [e for e in entries if len(wanted) >= 2 and
                   (e.full.casefold().startswith(wanted) or e.text.casefold().startswith(wanted))]
        several = several or self.named(answer, entries)
        if 1 < len(several) <= 12:
            self.say("  " + _("Which one? {options}").format(
                options="; ".join(f"{e.number}. {e.full}" for e in several)))
        else:
            self.say("  " + _("Not an option: “{answer}”. Type a number from 1 to {count}, the name of an option, "
                              "or help.").format(answer=answer[:40], count=len(entries)))

    def command(self, word: str) -> Command | None:
        word = word.casefold()
        for command in self.commands:
            if word in (command.name.casefold(), *(a.casefold() for a in command.aliases)):
                return command
        return None

    def help(self) -> None:
        self.say("  " + _("Answer with the number of an option or its name (a word of it, or the start of one, is "
                          "enough)."))
        self.say("  " + _("At any prompt you may also type:"))
        for command in self.commands:
            usage = f"{command.name} {command.argument}".strip()
            self.say(f"    {usage:<18} {command.help}")
        self.say(f"    {_('options'):<18} " + _("show the options again"))
        self.say(f"    {_('help'):<18} " + _("this help"))
        self.say("  " + _("Ctrl-D stops the game (it is saved if you gave --save)."))


def words_of(text: str) -> list[str]:
    """The words of ``text``, casefolded, without the punctuation around them ("(Jan" -> "jan")."""
    return re.findall(r"\w+", text.casefold())


def common_words(labels: list[str]) -> str:
    """The leading words every label shares, if each label has more after them ("Activate Alderaan", "Activate
    Bespin" -> "Activate "); "" otherwise."""
    if not labels:
        return ""
    first = labels[0].split(" ")
    words = 0
    while words < len(first) - 1 and all(label.split(" ")[:words + 1] == first[:words + 1] and
                                          len(label.split(" ")) > words + 1 for label in labels):
        words += 1
    return " ".join(first[:words]) + " " if words else ""
