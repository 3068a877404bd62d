"""Three rounds as the Rebels at a real terminal (issue 35, "Done when": a person who knows the board game plays
three rounds without reading the docs). `rebellion play --human rebel` in a pseudo-terminal, answered as such a
person answers: starting units with the shortcut that puts everything left in one place (#9), a mission by a word
of its name though the option starts with a verb (#7: "alliance" for "Reveal Build Alliance (...)"), leaders and
everything else by number, a system or a unit by the shortcut when one is offered. On the way the screen must
show what the issue asked for: what is left to place and deploy, which card a recruit keeps (#11), questions with
one answer told in one line (#8), every action card played told with its effect (#6), and never a traceback or a
raw id. The answers follow the screen, not a script,
so a rules change that alters the game changes the path, not what is checked. And team play (#13) at the same
terminal: each seat asked as its player, whose each leader is, who assigned. About 25 s alone, both."""

from __future__ import annotations

import re

import pytest

from test_terminal_play import PROMPT, spawn

pexpect = pytest.importorskip("pexpect")

NUMBERED = re.compile(r"(?m)(?:^|\s)(\d+)\. (.+?)(?=\s{2,}\d+\. |$)")


def _options(screen: str) -> dict[int, str]:
    """The numbered entries of the question at the end of ``screen``: number -> words."""
    question = screen.rsplit("── ", 1)[-1]
    return {int(n): words.strip() for n, words in NUMBERED.findall(question)}


def _unique_word(name: str, options: dict[int, str]) -> str:
    """A word of ``name`` that no other option holds (as a person types "alliance"), else the whole name."""
    for word in reversed(name.lower().split()):
        if sum(word in words.lower() for words in options.values()) == 1:
            return word
    return name.lower()


class Person:
    """Answers as a person who knows the game: one mission assigned a round and revealed by a word of its name,
    everything left placed or deployed in one place, else the first option."""

    def __init__(self) -> None:
        self.assigned_in: str | None = None
        self.round = "0"

    def answer(self, screen: str) -> str:
        self.round = (re.findall(r"== Round (\d+) ", screen) or [self.round])[-1]
        options = _options(screen)
        if "may take starting units" in screen:  # a system besides the Rebel Base space
            return "2"
        for n, words in options.items():
            if words.startswith("Everything left"):
                return str(n)
        for words in options.values():  # a mission to reveal: a word of its name, not the option's first word
            found = re.match(r"Reveal (.+?) \(", words)
            if found:
                return _unique_word(found.group(1), options)
        if "Assign a mission" in screen:
            missions = [w for w in options.values() if not w.startswith(("Play ", "Done"))]
            if self.assigned_in == self.round or not missions:
                return "done"
            self.assigned_in = self.round
            return _unique_word(missions[0], options)
        return "1"


def test_a_person_plays_three_rounds_as_the_rebels(tmp_path):
    child = spawn("play", "--human", "rebel", "--seed", "5", tmp_path=tmp_path)
    person = Person()
    shown, asked = "", 0
    while "== Round 4 " not in shown and asked < 200:
        child.expect_exact(PROMPT)
        shown += child.before
        child.sendline(person.answer(child.before))
        asked += 1
    child.sendeof()
    child.expect(pexpect.EOF)
    assert "== Round 4 " in shown, shown[-2000:]
    assert "Traceback" not in shown and "please report" not in shown and "Not an option" not in shown
    assert re.search(r"Still to place, \d+ units: ", shown)  # 9
    assert re.search(r"Everything left \(14 units\) to ", shown)  # 9: the starting units in one answer
    assert re.search(r"The Rebels assign [^\n]+ to the mission ", shown)  # 7: a word of its name chose it
    assert re.search(r"The Rebels reveal the mission ", shown)  # 7: though the option starts with "Reveal"
    assert "(the only choice)." in shown  # 8
    assert re.search(r"\n  [^\n]+: you keep [^\n]+\.\r?\n", shown)  # 11: the recruit names the card kept
    played = re.findall(r"The Rebels play the action card [^\n]+", shown)
    assert all(" Its effect: " in line for line in played)  # 6: a card played is told with what it did
    assert not re.search(r"\b(rebel-base|x-wing|rebel-trooper|build-alliance)\b", shown)  # names, never ids


def test_team_play_at_the_terminal_names_the_player(tmp_path):
    """Issue 35 #13 (RB-TEAM-01/02, RB-TEAM-06) at a real terminal: a person holding both Rebel seats of a 4-player
    game is asked as the Admiral or the General, sees whose each leader is, and the account names the player who
    assigned a mission."""
    child = spawn("play", "--human", "rebel", "--players", "4", "--seed", "3", tmp_path=tmp_path)
    child.expect_exact(PROMPT)
    assert "── Rebel Admiral · Setup ──" in child.before  # the Admiral places the starting units
    child.sendline("leaders")
    child.expect_exact(PROMPT)
    assert "controlled by the Rebel Admiral" in child.before and "controlled by the Rebel General" in child.before
    person, shown = Person(), ""
    while not re.search(r"The Rebel (Admiral|General) assigns ", shown) and "Game over" not in shown:
        child.sendline(person.answer(child.before))
        child.expect_exact([PROMPT, pexpect.EOF])
        shown += child.before
    child.sendeof()
    child.expect(pexpect.EOF)
    assert "── Rebel General · Setup ──" in shown  # each seat is asked as its player
    assert re.search(r"The Rebel (Admiral|General) assigns [^\n]+ to the mission ", shown)
    assert "The Rebels assign" not in shown
