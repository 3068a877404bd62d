"""A card's effect data read like the card (`rebellion show`, issue 31 §3, issue 35 #14): each effect step and each
condition as a sentence in the reader's language, never an op's generic description followed by raw parameters.

Two parts:

* :class:`Phrases` words what steps are made of: names (in the reader's language), sides, units, piles of cards,
  the systems a ``where`` filter takes, the context keys earlier steps wrote (``system``, ``first`` ...), and
  conditions. A filter's adjectives agree with the noun's role in the sentence (``a``: the object of a verb,
  "Choose a populous system"; ``in``: after "in"; ``one``: the subject; ``many``: counted, "at least 3 Rebel
  systems"), so Russian can decline them.
* :data:`STEPS`, one wording per op of the base game (``effect_words`` hook): op name -> ``wording(phrases,
  step)``. A plugin words its own ops through the same hook (Rise of the Empire's are in its ``step_words``
  module); tests/test_show_words.py walks every card of the built-in boxes and the example pack in every language
  and fails naming an op that has no words.

Every word is a gettext message (``core/locale``); names come from the packs.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from swrebellion.i18n import N_, gettext as _, language, ngettext, pgettext

#: A step in words: ``wording(phrases, step)`` -> one sentence.
Wording = Callable[["Phrases", dict[str, Any]], str]

#: A side named in card data, as the subject of a sentence or after a preposition ("for", "of").
SIDES = {"self": N_("you"), "opponent": N_("your opponent"), "rebel": N_("the Rebels"), "empire": N_("the Empire"),
         "any": N_("either side"), "both": N_("both sides")}
#: Whose units, by side and theater ("Imperial ships").
UNITS_OF = {
    ("self", None): N_("your units"), ("self", "space"): N_("your ships"), ("self", "ground"): N_("your ground units"),
    ("opponent", None): N_("your opponent's units"), ("opponent", "space"): N_("your opponent's ships"),
    ("opponent", "ground"): N_("your opponent's ground units"),
    ("rebel", None): N_("Rebel units"), ("rebel", "space"): N_("Rebel ships"),
    ("rebel", "ground"): N_("Rebel ground units"),
    ("empire", None): N_("Imperial units"), ("empire", "space"): N_("Imperial ships"),
    ("empire", "ground"): N_("Imperial ground units"),
    ("any", None): N_("units of either side"), ("any", "space"): N_("ships of either side"),
    ("any", "ground"): N_("ground units of either side"),
}
#: Unit kinds (a unit's ``kind``).
KINDS = {"fighter": N_("fighters"), "capital-ship": N_("capital ships"), "station": N_("stations"),
         "ground-unit": N_("ground units"), "structure": N_("structures")}
#: Whose leader, captured (True), free (False) or either (None).
LEADERS_OF = {
    ("self", None): N_("one of your leaders"), ("self", True): N_("one of your captured leaders"),
    ("self", False): N_("one of your free leaders"),
    ("opponent", None): N_("one of your opponent's leaders"),
    ("opponent", True): N_("one of your opponent's captured leaders"),
    ("opponent", False): N_("one of your opponent's free leaders"),
    ("rebel", None): N_("a Rebel leader"), ("rebel", True): N_("a captured Rebel leader"),
    ("rebel", False): N_("a free Rebel leader"),
    ("empire", None): N_("an Imperial leader"), ("empire", True): N_("a captured Imperial leader"),
    ("empire", False): N_("a free Imperial leader"),
}
#: Mission skills.
SKILLS = {"diplomacy": N_("Diplomacy"), "intelligence": N_("Intelligence"), "special-ops": N_("Special Ops"),
          "logistics": N_("Logistics")}
#: Theaters as adjectives ("space tactic cards").
THEATERS = {"space": N_("space"), "ground": N_("ground")}


class Phrases:
    """The words of one card's effect data, in the current language (:func:`swrebellion.i18n.language` when a
    method is called). ``names`` maps ids to names per language (:func:`names_by_language`); the context keys a
    card's ``choose`` steps write are numbered in the order the card names them ("system 2")."""

    def __init__(self, names: Callable[[str], Mapping[str, str]], markers: Callable[[str], Mapping[str, str]],
                 words: Mapping[str, Wording]) -> None:
        self._names, self._markers, self.words = names, markers, words
        self._keys: dict[str, int] = {}

    # -- names -------------------------------------------------------------------------------------------------

    def name(self, ident: str) -> str:
        """An item's name in the current language (English where its pack gives none)."""
        return self._names(language()).get(ident) or self._markers(language()).get(ident) or ident

    def marker(self, ident: str) -> str:
        """A marker's (or a ring's) name, even where a card shares its id."""
        markers = self._markers(language())
        return markers.get(ident) or markers.get(f"{ident}-ring") or self.name(ident)

    def names(self, ids: Iterable[str], word: str = "or") -> str:
        """Names joined: "A, B or C" (``word``: ``or``/``and``)."""
        return join([self.name(i) for i in ids], word)

    def side(self, side: str) -> str:
        return _(SIDES[side])

    def units(self, counts: Mapping[str, int]) -> str:
        """``{unit: n}``: "3 Stormtroopers and 1 AT-AT"."""
        return join([self.count(n, unit) for unit, n in counts.items()], "and")

    def count(self, n: int, thing: str) -> str:
        if language() == "en":
            name = self.name(thing)
            return f"{n} {plural(name) if n != 1 else name}"
        return pgettext("a number of named things", "{count} {name}").format(count=n, name=self.name(thing))

    def unit_filter(self, wanted: Mapping[str, Any]) -> str:
        """A unit filter: "Imperial ships", "Rebel units (Shield Generator, Ion Cannon or Golan Arms Turret)",
        "at least 3 Rebel structures"."""
        side, theater = wanted.get("side", "any"), wanted.get("theater")
        text = _(UNITS_OF[(side, theater)])
        details = []
        if wanted.get("kind"):
            details.append(self.kind(wanted["kind"]))
        if wanted.get("units"):
            details.append(self.names(wanted["units"]))
        if wanted.get("health_at_most") is not None:
            details.append(_("printed health at most {n}").format(n=wanted["health_at_most"]))
        if details:
            text = _("{units} ({which})").format(units=text, which="; ".join(details))
        at_least = wanted.get("at_least", 1)
        if at_least > 1:
            text = _("at least {n} {units}").format(n=at_least, units=text)
        return text

    def kind(self, kind: str) -> str:
        return _(KINDS[kind]) if kind in KINDS else self.name(kind)

    def icons(self, icons: Iterable[str]) -> str:
        """Build icons or bare shapes: "Space triangle, circle and circle"."""
        return join([_(icon) if icon in ("triangle", "circle", "square") else self.name(icon) for icon in icons],
                    "and")

    def leader(self, key: str | None) -> str:
        """A leader an earlier step chose (a context key), or named by id."""
        if key in (None, "leader", "target"):
            return _("that leader")
        if key == "actor":
            return _("the card's leader")
        if key == "choose":
            return _("a leader of your choice")
        return self.name(key)

    def leaders_of(self, side: str, captured: bool | None = None) -> str:
        return _(LEADERS_OF[(side, captured)])

    def theater(self, theater: str | None) -> str:
        return _(THEATERS[theater]) if theater in THEATERS else ""

    # -- places -------------------------------------------------------------------------------------------------

    def place(self, key: Any, role: str = "in") -> str:
        """A system a context key holds (``system``, or a ``choose`` step's ``as``), or a system id, in a role:
        ``in`` ("in that system"), ``to`` ("to that system"), ``nom``, ``gen``."""
        if isinstance(key, list):
            return join([self.place(k, role) for k in key], "or")
        if key is None or key == "system":
            return {"in": pgettext("the chosen system", "in that system"),
                    "to": pgettext("the chosen system", "to that system"),
                    "nom": pgettext("the chosen system, subject", "that system"),
                    "gen": pgettext("the chosen system, of", "that system")}[role]
        if key in ("base", "rebel-base"):
            return {"in": _("at the Rebel base"), "to": _("to the Rebel base"),
                    "nom": pgettext("the Rebel base, subject", "the Rebel base"),
                    "gen": pgettext("the Rebel base, of", "the Rebel base")}[role]
        if key in self._names("en"):  # a system named by id
            template = {"in": _("in {system}"), "to": _("to {system}")}.get(role, "{system}")
            return template.format(system=self.name(key))
        number = self._keys.setdefault(key, len(self._keys) + 2)
        return {"in": pgettext("a chosen system", "in system {n}"), "to": pgettext("a chosen system", "to system {n}"),
                "nom": pgettext("a chosen system, subject", "system {n}"),
                "gen": pgettext("a chosen system, of", "system {n}")}[role].format(n=number)

    def named_key(self, key: str | None) -> str:
        """What a ``choose`` writes its choice under, when a later step names it: "" for the usual key."""
        if key in (None, "system", "leader"):
            return ""
        return _(" (call it {name})").format(name=self.place(key, "nom"))

    def systems(self, where: Mapping[str, Any] | None, role: str = "a") -> str:
        """The systems a filter takes, as a noun phrase: ``a`` "a populous system with Imperial units" (the
        object of a verb), ``in`` "in a populous system", ``subject``, ``one`` (after "is": "a populous one"),
        ``many`` "Rebel systems" (after a number or "each of")."""
        where = dict(where or {})
        if set(where) == {"systems"}:  # a card naming its systems (Seek Yoda's Dagobah)
            return self.names(where["systems"])
        if set(where) == {"same_as"}:
            return self.place(where["same_as"], "in" if role == "in" else "nom")
        if role == "one" and len(where) == 1 and set(where) <= {"not", "not_"}:  # "that system is not one where ..."
            return pgettext("systems, after is", "not {systems}").format(systems=self.systems(
                where.get("not", where.get("not_")), "one"))
        adjectives = [adjectives_of(role)[key] for key in ADJECTIVES if where.get(key) is True]
        clauses = [self._clause(key, value) for key, value in where.items()
                   if not (key in ADJECTIVES and value is True)]
        noun = {"a": pgettext("systems, object", "a {adjectives} system{clauses}"),
                "in": pgettext("systems", "in a {adjectives} system{clauses}"),
                "subject": pgettext("systems, subject", "a {adjectives} system{clauses}"),
                "one": (pgettext("systems, after is", "a {adjectives} one{clauses}") if adjectives else
                        pgettext("systems, after is", "one{clauses}")),
                "many": pgettext("systems, counted", "{adjectives} systems{clauses}")}[role]
        text = " ".join(noun.format(adjectives=" ".join(adjectives), clauses="".join(f" {c}" for c in clauses))
                        .split()).replace(" ,", ",")  # a clause that opens with a comma (Russian "систему, где")
        return articles(text) if language() == "en" else text

    def _clause(self, key: str, value: Any) -> str:
        if key in NOT_ADJECTIVES and value is False:
            return _(NOT_ADJECTIVES[key])
        if key == "revealed_base":
            return _("with the revealed Rebel base") if value else _("without the revealed Rebel base")
        if key in ("controlled_by", "loyal_to"):
            return _(SYSTEM_SIDES[(key, value)])
        if key == "has_units":
            return _("where there are {units}").format(units=self.unit_filter(value))
        if key == "has_leader":
            return {"self": _("with a free leader of yours"), "opponent": _("with a free leader of your opponent's"),
                    "rebel": _("with a free Rebel leader"), "empire": _("with a free Imperial leader")}[value]
        if key == "same_region_as":
            return _("in the same region as {system}").format(system=self.place(value, "nom"))
        if key == "other_than":
            return _("other than {system}").format(system=self.place(value, "nom"))
        if key == "same_as":
            return _("(the same as {system})").format(system=self.place(value, "nom"))
        if key == "adjacent_to":
            return _("adjacent to {system}").format(system=self.place(value, "nom"))
        if key == "resource":
            return _("showing the {icon} icon").format(icon=self.name(value))
        if key == "systems":
            return _("({systems})").format(systems=self.names(value))
        if key in ("not", "not_"):
            return _("(but not {systems})").format(systems=self.systems(value, "one"))
        if key == "any_of":
            return _("({either})").format(either=join([self.systems(f, "one") for f in value], "or"))
        if key == "all_of":
            return " ".join(self._clause(k, v) for f in value for k, v in f.items())
        raise KeyError(f"no words for the system condition {key!r}")

    def pile(self, pile: str, role: str) -> str:
        """A hand, deck or discard pile named in card data (``hand:self:missions``, ``deck:probes``, ``discard``),
        after "from" (``role`` ``from``) or "to" (``to``)."""
        place, *rest = pile.split(":")
        owner = rest[0] if len(rest) == 2 or place == "starting-actions" else None
        kind = rest[-1] if rest and place != "starting-actions" else ""
        template = piles()[(place, kind)][role == "to"]
        return " ".join(template.format(owner=owners()[owner]).split())

    # -- conditions ---------------------------------------------------------------------------------------------

    def condition(self, when: Mapping[str, Any]) -> str:
        """A condition on the game (``if``'s ``when``, ``require``'s ``condition``, a trigger) as a clause: "at
        least 4 Rebel systems have Rebel units", every part joined with "and"."""
        parts = [self._condition(key, value) for key, value in when.items() if value is not None]
        return join([p for p in parts if p], "and") or _("always")

    def _condition(self, key: str, value: Any) -> str:  # noqa: C901 - one case per field of the condition model
        if key == "system":
            return _("that system is {system}").format(system=self.systems(value, "one"))
        if key == "base_hidden":
            return _("the Rebel base is still hidden") if value else _("the Rebel base is revealed")
        if key == "mission_leader":
            return _("{leader} is on the mission").format(leader=self.name(value))
        if key == "leader_in":
            return _("that leader is {leaders}").format(leaders=self.names(value))
        if key == "min_leaders":
            return ngettext("at least {n} leader is on the mission", "at least {n} leaders are on the mission",
                            value).format(n=value)
        if key == "mission":
            return self._mission(value)
        if key == "count":
            if value.get("units"):
                return _("at least {n} {units} are in {systems}").format(
                    n=value["at_least"], units=self.unit_filter({**value["units"], "at_least": 1}),
                    systems=self.systems(value.get("where"), "many"))
            n = value["at_least"]
            if n == 1:
                return _("there is {system}").format(system=self.systems(value.get("where"), "subject"))
            return ngettext("there is at least {n} of the {systems}", "there are at least {n} {systems}", n).format(
                n=n, systems=self.systems(value.get("where"), "many"))
        if key == "region":
            return _("every populous system of a region is {system}").format(
                system=self.systems(value["every_populous"], "one"))
        if key == "no_captured":
            return _("none of the leaders of {side} is captured").format(side=self.side(value))
        if key == "supply":
            return ngettext("{units} is in the supply", "{units} are in the supply", sum(value.values())).format(
                units=self.units(value))
        if key == "outnumber":
            return _("you have more {units} here than your opponent").format(units=self.own_units(value))
        if key == "combat_losses":
            return self._losses(value)
        if key == "battle_won":
            return self._won(value)
        if key == "all_of":
            return join([self.condition(c) for c in value], "and")
        if key == "any_of":
            return _("({either})").format(either=join([self.condition(c) for c in value], "or"))
        if key in ("not", "not_"):
            return _("not ({condition})").format(condition=self.condition(value))
        if key in ("moment", "actor"):  # a trigger's: worded by the trigger op
            return ""
        raise KeyError(f"no words for the condition {key!r}")

    def _mission(self, mission: Mapping[str, Any]) -> str:
        who = {"self": _("your mission"), "opponent": _("your opponent's mission"), None: _("the mission")}
        text = who[mission.get("side")]
        if mission.get("mode") == "attempt":
            text = _("{mission} is an attempt mission").format(mission=text)
        elif mission.get("mode") == "resolve":
            text = _("{mission} is a resolve mission").format(mission=text)
        else:
            text = _("it is {mission}").format(mission=text)
        if mission.get("skill"):
            skill = mission["skill"]
            text = _("{condition} that requires {skill}").format(
                condition=text, skill=_(SKILLS[skill]) if skill in SKILLS else self.name(skill))
        return text

    def own_units(self, wanted: Mapping[str, Any]) -> str:
        """Units of a theater, kind or types, whoever's: "ships", "fighters", "units (AT-AT or AT-ST)"."""
        if wanted.get("kind"):
            text = self.kind(wanted["kind"])
        else:
            text = {"space": _("ships"), "ground": _("ground units"), None: _("units")}[wanted.get("theater")]
        details = [self.names(wanted["units"])] if wanted.get("units") else []
        if wanted.get("health_at_most") is not None:
            details.append(_("printed health at most {n}").format(n=wanted["health_at_most"]))
        if details:
            text = _("{units} ({which})").format(units=text, which="; ".join(details))
        return text

    def _losses(self, losses: Mapping[str, Any]) -> str:
        units = self.own_units(losses)
        if losses.get("health"):
            lost = _("{units} with at least {n} health in all").format(units=units, n=losses["health"])
        else:
            lost = _("at least {n} of their {units}").format(n=losses.get("count", 1), units=units)
        text = _("{side} lost {units} in this combat").format(side=self.side(losses.get("side", "opponent")),
                                                              units=lost)
        return self._started(text, losses.get("initiated_by"))

    def _started(self, text: str, side: str | None) -> str:
        if side is None:
            return text
        return _("{condition} (a combat {side} started)").format(condition=text, side=self.side(side))

    def _won(self, won: Mapping[str, Any]) -> str:
        theater = won.get("theater")
        battle = {"space": _("a space battle"), "ground": _("a ground battle"), None: _("a battle")}[theater]
        text = _("{side} won {battle} of this combat").format(side=self.side(won.get("side", "self")),
                                                               battle=battle)
        if won.get("subjugated_at_start"):
            text = _("{condition}, in a system subjugated when the combat began").format(condition=text)
        if won.get("leaders"):
            text = _("{condition}, with {leaders} there").format(condition=text, leaders=self.names(won["leaders"]))
        if won.get("where"):
            text = _("{condition}, in {system}").format(condition=text, system=self.systems(won["where"], "a"))
        return self._started(text, won.get("initiated_by"))

    # -- steps --------------------------------------------------------------------------------------------------

    def step(self, step: Mapping[str, Any]) -> str:
        """One step as a sentence; an op no plugin words (KeyError) is named for the tests."""
        params = {key.rstrip("_"): value for key, value in step.items() if key != "op"}
        return capital(self.words[step["op"]](self, params))

    def until(self, until: str) -> str:
        return {"combat": _("until the end of the combat"), "round": _("this combat round"),
                "step": _("for this step"), "refresh": _("until the next Refresh Phase"),
                "end-of-combat": _("until the end of the combat")}[until]


#: The fields of a system filter that are adjectives when true ("a populous system").
ADJECTIVES = ("imperial", "rebel", "neutral", "subjugated", "populous", "remote", "destroyed", "sabotaged")


def adjectives_of(role: str) -> dict[str, str]:
    """The adjectives of :data:`ADJECTIVES` in the form of a role of :meth:`Phrases.systems`."""
    if role == "in":
        return {"imperial": pgettext("system", "Imperial"), "rebel": pgettext("system", "Rebel"),
                "neutral": pgettext("system", "neutral"), "subjugated": pgettext("system", "subjugated"),
                "populous": pgettext("system", "populous"), "remote": pgettext("system", "remote"),
                "destroyed": pgettext("system", "destroyed"), "sabotaged": pgettext("system", "sabotaged")}
    if role in ("one", "subject"):
        return {"imperial": pgettext("system, subject", "Imperial"), "rebel": pgettext("system, subject", "Rebel"),
                "neutral": pgettext("system, subject", "neutral"),
                "subjugated": pgettext("system, subject", "subjugated"),
                "populous": pgettext("system, subject", "populous"), "remote": pgettext("system, subject", "remote"),
                "destroyed": pgettext("system, subject", "destroyed"),
                "sabotaged": pgettext("system, subject", "sabotaged")}
    if role == "many":
        return {"imperial": pgettext("systems, counted", "Imperial"), "rebel": pgettext("systems, counted", "Rebel"),
                "neutral": pgettext("systems, counted", "neutral"),
                "subjugated": pgettext("systems, counted", "subjugated"),
                "populous": pgettext("systems, counted", "populous"), "remote": pgettext("systems, counted", "remote"),
                "destroyed": pgettext("systems, counted", "destroyed"),
                "sabotaged": pgettext("systems, counted", "sabotaged")}
    return {"imperial": pgettext("system, object", "Imperial"), "rebel": pgettext("system, object", "Rebel"),
            "neutral": pgettext("system, object", "neutral"), "subjugated": pgettext("system, object", "subjugated"),
            "populous": pgettext("system, object", "populous"), "remote": pgettext("system, object", "remote"),
            "destroyed": pgettext("system, object", "destroyed"), "sabotaged": pgettext("system, object", "sabotaged")}


#: A filter's adjective field false.
NOT_ADJECTIVES = {"imperial": N_("not under Imperial control"), "rebel": N_("not under Rebel control"),
                  "neutral": N_("with a loyalty marker"), "subjugated": N_("with no subjugation marker"),
                  "populous": N_("that is not populous"), "remote": N_("that is not remote"),
                  "destroyed": N_("that is not destroyed"), "sabotaged": N_("with no sabotage marker")}
SYSTEM_SIDES = {("controlled_by", "self"): N_("under your control"),
                ("controlled_by", "opponent"): N_("under your opponent's control"),
                ("controlled_by", "rebel"): N_("under Rebel control"),
                ("controlled_by", "empire"): N_("under Imperial control"),
                ("loyal_to", "self"): N_("loyal to you"), ("loyal_to", "opponent"): N_("loyal to your opponent"),
                ("loyal_to", "rebel"): N_("with Rebel loyalty"), ("loyal_to", "empire"): N_("with Imperial loyalty")}


def piles() -> dict[tuple[str, str], tuple[str, str]]:
    """(place, kind) of a pile -> its words after "from" and after "to", ``{owner}`` its owner (:func:`owners`)."""
    return {
        ("hand", "missions"): (_("from {owner} hand of missions"), _("into {owner} hand of missions")),
        ("hand", "actions"): (_("from {owner} hand of action cards"), _("into {owner} hand of action cards")),
        ("hand", "objectives"): (_("from {owner} hand of objectives"), _("into {owner} hand of objectives")),
        ("hand", "probes"): (_("from {owner} hand of probe cards"), _("into {owner} hand of probe cards")),
        ("deck", "missions"): (_("from {owner} mission deck"), _("into {owner} mission deck")),
        ("deck", "probes"): (_("from {owner} probe deck"), _("into {owner} probe deck")),
        ("deck", "projects"): (_("from {owner} project deck"), _("into {owner} project deck")),
        ("deck", "objectives"): (_("from {owner} objective deck"), _("into {owner} objective deck")),
        ("deck", "actions"): (_("from {owner} action deck"), _("into {owner} action deck")),
        ("discard", "missions"): (_("from {owner} mission discard pile"), _("onto {owner} mission discard pile")),
        ("discard", "projects"): (_("from {owner} project discard pile"), _("onto {owner} project discard pile")),
        ("discard", "objectives"): (_("from {owner} objective discard pile"),
                                    _("onto {owner} objective discard pile")),
        ("discard", ""): (_("from the discard pile"), _("onto the discard pile")),
        ("starting-actions", ""): (_("from {owner} starting action cards"),
                                   _("among {owner} starting action cards")),
        ("mission", ""): (_("from the mission"), _("onto the board as an assigned mission")),
    }


def owners() -> dict[str | None, str]:
    """Whose pile, as :func:`piles` puts it before (English) or after (Russian) the pile."""
    return {None: pgettext("whose pile", "the"), "self": pgettext("whose pile", "your"),
            "opponent": pgettext("whose pile", "your opponent's"), "rebel": pgettext("whose pile", "the Rebels'"),
            "empire": pgettext("whose pile", "the Empire's")}


def join(items: list[str], word: str = "and") -> str:
    """"A", "A and B", "A, B or C" in the current language."""
    items = [i for i in items if i]
    if len(items) < 2:
        return "".join(items)
    template = _("{items} and {last}") if word == "and" else _("{items} or {last}")
    return template.format(items=", ".join(items[:-1]), last=items[-1])


def plural(english: str) -> str:
    from ..names import plural as english_plural

    return english_plural(english)


def articles(english: str) -> str:
    from ..names import articles as english_articles

    return english_articles(english)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the base game's ops ---------------------------------------------------------------------------------------------


def _chooser(p: Phrases, s: dict[str, Any], sentence: str) -> str:
    """``sentence`` as the opponent's to do when the step says he chooses."""
    if s.get("chooser") == "opponent":
        return _("Your opponent decides: {sentence}").format(sentence=sentence)
    return sentence


def add_damage(p: Phrases, s: dict[str, Any]) -> str:
    if s.get("from_ship"):
        colour = {"red": _("red"), "black": _("black")}[s["from_ship"]]
        return _("Deal extra damage equal to the {colour} attack dice of one of your ships here.").format(
            colour=colour)
    n = s.get("amount", 1)
    mode = s.get("mode", "spread")
    if mode == "single":
        text = ngettext("Deal {n} extra damage, all to one unit.", "Deal {n} extra damage, all to one unit.", n)
    elif mode == "different":
        text = ngettext("Deal {n} extra damage, each point to a different unit.",
                        "Deal {n} extra damage, each point to a different unit.", n)
    else:
        text = ngettext("Deal {n} extra damage, assigned with the dice.",
                        "Deal {n} extra damage, assigned with the dice.", n)
    text = text.format(n=n)
    if s.get("only"):
        text += " " + _("Only on {units}; a point none of them can take is lost.").format(
            units=p.own_units(s["only"]))
    return text


def attach_ring(p: Phrases, s: dict[str, Any]) -> str:
    wearer = {"any": _("a leader"), "mission": _("a leader on this mission"),
              "target": _("the leader the card is played against"), "pictured": _("the card's leader"),
              "answered": _("a leader of the mission answered")}[s.get("among", "any")]
    return _("Put the {ring} on {leader}.").format(ring=p.marker(s["ring"]), leader=wearer)


def block(p: Phrases, s: dict[str, Any]) -> str:
    n, cost = s.get("amount", 1), s.get("discard", 0)
    text = ngettext("Block {n} damage.", "Block {n} damage.", n).format(n=n)
    if cost:
        text = ngettext("Discard {n} other tactic card of this theater, then: {then}",
                        "Discard {n} other tactic cards of this theater, then: {then}", cost).format(n=cost, then=text)
    return text


def choose(p: Phrases, s: dict[str, Any]) -> str:
    what = s.get("what", "system")
    if what == "base":
        return _("The card acts at the Rebel base.")
    if what == "option":
        return _chooser(p, s, _("Choose one:"))
    if what == "leader":
        leader = p.leaders_of(s.get("side", "opponent"), s.get("captured"))
        if s.get("where"):
            leader = _("{leader} {system}").format(leader=leader, system=p.systems(s["where"], "in"))
        return _chooser(p, s, _("Choose {leader}.").format(leader=leader + p.named_key(s.get("as"))))
    sentence = _("Choose {system}.").format(system=p.systems(s.get("where"), "a") + p.named_key(s.get("as")))
    return _chooser(p, s, sentence)


def combat_effect(p: Phrases, s: dict[str, Any]) -> str:
    who = {"self": _("for you"), "opponent": _("for your opponent"), "both": _("for both sides")}[s.get("who", "self")]
    kind, theater = s["kind"], s.get("theater")
    if kind == "dice":
        changes = [die_change(colour, s.get(colour, 0)) for colour in ("red", "black") if s.get(colour)]
        effect = _("Attack dice {who}: {changes}").format(who=who, changes=join(changes, "and"))
    elif kind == "no-retreat":
        effect = _("No retreat {who}").format(who=who)
    elif kind == "no-block":
        effect = _("No blocking damage {who}").format(who=who)
    elif kind == "no-tactics":
        effect = {"space": _("No space tactic cards {who}"), "ground": _("No ground tactic cards {who}"),
                  None: _("No tactic cards {who}")}[theater].format(who=who)
        theater = None
    elif kind == "ignore-transport":
        effect = _("Units retreat without transport {who}").format(who=who)
    elif kind == "health":
        effect = _("Unit health {amount:+d} {who} (never below 1)").format(amount=s.get("amount", 0), who=who)
    else:  # recolour-hits
        hits = [recoloured(colour, s.get(colour, 0)) for colour in ("red", "black") if s.get(colour)]
        effect = _("In each attack {who}: {hits}").format(who=who, hits=join(hits, "and"))
    if theater:
        effect = {"space": _("{effect} in the space battle"), "ground": _("{effect} in the ground battle")}[
            theater].format(effect=effect)
    return _("{effect}, {until}.").format(effect=effect, until=p.until(s.get("until", "combat")))


def die_change(colour: str, n: int) -> str:
    if colour == "red":
        return (ngettext("{n} red die more", "{n} red dice more", n) if n > 0 else
                ngettext("{n} red die fewer", "{n} red dice fewer", -n)).format(n=abs(n))
    return (ngettext("{n} black die more", "{n} black dice more", n) if n > 0 else
            ngettext("{n} black die fewer", "{n} black dice fewer", -n)).format(n=abs(n))


def recoloured(colour: str, n: int) -> str:
    if colour == "red":
        return ngettext("up to {n} red hit may go on a unit of any health colour",
                        "up to {n} red hits may go on a unit of any health colour", n).format(n=n)
    return ngettext("up to {n} black hit may go on a unit of any health colour",
                    "up to {n} black hits may go on a unit of any health colour", n).format(n=n)


def destroy_units(p: Phrases, s: dict[str, Any]) -> str:
    units = p.unit_filter({"side": s.get("side", "opponent"), "theater": s.get("theater"), "kind": s.get("kind"),
                           "units": s.get("units")})
    limits = []
    if s.get("count") is not None:
        limits.append(ngettext("at most {n} unit", "at most {n} units", s["count"]).format(n=s["count"]))
    if s.get("health") is not None:
        limits.append(_("at most {n} health in all").format(n=s["health"]))
    if s.get("margin") == "count":
        limits.append(_("as many units as the mission's success margin"))
    elif s.get("margin") == "health":
        limits.append(_("as much health in all as the mission's success margin"))
    if s.get("icons"):
        limits.append(_("one unit per icon: {icons}").format(icons=p.icons(s["icons"])))
    if s.get("resources"):
        limits.append(_("one unit per resource icon of that system"))
    if s.get("every"):
        limits.append(_("every one that fits"))
    if s.get("required"):
        limits.append(_("only if every icon can be paid"))
    where = (_("Destroy {units} on the build queue") if s.get("at") == "queue" else
             _("Destroy {units} {place}")).format(units=units, place=p.place(s.get("system"), "in"))
    return (_("{what}: {limits}.") if limits else _("{what}.")).format(what=where, limits="; ".join(limits))


def draw_tactics(p: Phrases, s: dict[str, Any]) -> str:
    n = s.get("count", 1)
    return {"current": ngettext("Draw {n} tactic card of the theater being fought.",
                                "Draw {n} tactic cards of the theater being fought.", n),
            "choose": ngettext("Draw {n} tactic card from the deck of your choice.",
                               "Draw {n} tactic cards, all from one deck of your choice.", n),
            "each": ngettext("Draw {n} tactic card from the deck of your choice.",
                             "Draw {n} tactic cards, choosing the deck for each.", n)}[
        s.get("theater", "current")].format(n=n)


def eliminate_leader(p: Phrases, s: dict[str, Any]) -> str:
    if s.get("key"):
        return _("Eliminate {leader}.").format(leader=p.leader(s["key"]))
    text = _("Eliminate {leader} there").format(leader=p.leaders_of(s.get("side", "opponent")))
    if s.get("if_present"):
        text = _("{action}, if {leader} is there too").format(action=text, leader=p.name(s["if_present"]))
    return text + "."


def if_(p: Phrases, s: dict[str, Any]) -> str:
    return _("Check whether {condition}.").format(condition=p.condition(s.get("when") or {}))


def outcome(p: Phrases, s: dict[str, Any]) -> str:
    did = s.get("when") or {}
    done = []
    if did.get("destroyed"):
        done.append(_("they destroyed {units}").format(units=p.unit_filter(did["destroyed"])))
    if did.get("captured"):
        done.append(_("they captured a leader of {side}").format(side=p.side(did["captured"])))
    return _("Do these steps, then check whether {outcome}:").format(outcome=join(done, "and"))


def repeat(p: Phrases, s: dict[str, Any]) -> str:
    times = s.get("times", 1)
    if isinstance(times, int):
        return ngettext("Do these steps {n} time:", "Do these steps {n} times:", times).format(n=times)
    counted = p.systems(times.get("where"), "many")
    if times.get("units"):
        counted = _("{units} in {systems}").format(units=p.unit_filter({**times["units"], "at_least": 1}),
                                                   systems=counted)
    per = times.get("per", 1)
    text = ngettext("Do these steps once for each of the {things}", "Do these steps once for every {n} of the {things}",
                    per).format(n=per, things=counted)
    if times.get("at_most") is not None:
        text = _("{action}, at most {n} times").format(action=text, n=times["at_most"])
    return text + ":"


def keep_card(p: Phrases, s: dict[str, Any]) -> str:
    if s.get("failure_only"):
        return _("If the mission fails, the card goes back to your hand instead of the discard pile.")
    return _("The card goes back to your hand instead of the discard pile.")


def later(p: Phrases, s: dict[str, Any]) -> str:
    from ..moments import MOMENTS

    when = _(MOMENTS[s["moment"]].later or s["moment"])
    side = s.get("side", "any")
    if side == "self":
        when = _("{moment} (yours)").format(moment=when)
    elif side == "opponent":
        when = _("{moment} (your opponent's)").format(moment=when)
    return _("Wait for the {moment}, then:").format(moment=when)


def leader_effect(p: Phrases, s: dict[str, Any]) -> str:
    leader = p.leader(s["key"] if s.get("key") else s.get("leader", "choose"))
    kind = s.get("kind")
    if kind == "extra-successes":
        n = s.get("amount", 1)
        return ngettext("This round {leader} adds {n} success to his mission rolls.",
                        "This round {leader} adds {n} successes to his mission rolls.", n).format(leader=leader, n=n)
    if kind == "detained":
        return _("{leader} stays on the board through the next Refresh Phase instead of returning to the leader "
                 "pool.").format(leader=leader)
    if kind == "spent":
        if s.get("leader", "choose") == "choose" and s.get("side", "self") != "self":
            leader = _("{leaders} of your choice").format(leaders=p.leaders_of(s["side"]))
        return _("{leader} cannot be used until the next Refresh Phase.").format(leader=leader)
    return _("This round the missions of {leader} cannot be opposed.").format(leader=leader)


def loyalty(p: Phrases, s: dict[str, Any]) -> str:
    n, side = s.get("amount", 1), s.get("side", "self")
    where = (_("in each of the {systems}").format(systems=p.systems(s["where"], "many")) if s.get("where") else
             p.place(s.get("system"), "in"))
    toward = {"self": _("toward you"), "opponent": _("toward your opponent"), "rebel": _("toward the Rebels"),
              "empire": _("toward the Empire")}[side]
    if s.get("change", "gain") == "lose":
        toward = {"self": _("away from you"), "opponent": _("away from your opponent"),
                  "rebel": _("away from the Rebels"), "empire": _("away from the Empire")}[side]
    return ngettext("Move loyalty {n} step {toward} {where}.", "Move loyalty {n} steps {toward} {where}.", n).format(
        n=n, toward=toward, where=where)


def mission_dice(p: Phrases, s: dict[str, Any]) -> str:
    parts = []
    if s.get("extra"):
        text = ngettext("Roll {n} extra die in this attempt", "Roll {n} extra dice in this attempt",
                        s["extra"]).format(n=s["extra"])
        if s.get("where"):
            text = _("{action} if that system is {system}").format(action=text, system=p.systems(s["where"], "one"))
        parts.append(text + ".")
    if s.get("unopposed"):
        parts.append(_("The attempt is unopposed."))
    return " ".join(parts) or _("The attempt's dice are unchanged.")


def move_cards(p: Phrases, s: dict[str, Any]) -> str:  # noqa: C901 - one clause per parameter
    source, to = p.pile(s.get("from", "deck:objectives"), "from"), p.pile(s.get("to", "discard"), "to")
    if str(s.get("to")).startswith("deck:"):  # a deck's top or bottom; a hand or pile has neither
        to = (_("{pile}, at the bottom") if s.get("position") == "bottom" else _("{pile}, on top")).format(pile=to)
    n = s.get("count", 1)
    if s.get("cards"):
        text = _("Take {cards} {pile} and put it {to}.").format(pile=source, cards=p.names(s["cards"]), to=to)
    elif s.get("look"):
        look = s["look"]
        text = ngettext("Look at the top {n} card {pile}", "Look at the top {n} cards {pile}", look).format(
            n=look, pile=source)
        keep = s.get("keep", n)
        same = s.get("from") == s.get("to")
        if s.get("keep_where"):
            kept = _("put those whose system is {system} {to}").format(
                system=p.systems(s["keep_where"], "one"), to=to)
        elif same and not s.get("keep"):  # looked at and put back
            kept = ""
        elif same:
            kept = ngettext("keep {n} of them on top", "keep {n} of them on top", keep).format(n=keep)
        else:
            kept = ngettext("put {n} of them {to}", "put {n} of them {to}", keep).format(n=keep, to=to)
        if kept:
            rest = {"bottom": _("the rest go to the bottom"), "top": _("the rest go back on top in any order"),
                    "shuffle": _("the rest are shuffled back")}[s.get("rest", "bottom")]
            text = _("{look}; {kept}; {rest}.").format(look=text, kept=kept, rest=rest)
        else:
            rest = {"bottom": _("put them at the bottom"), "top": _("put them back on top in any order"),
                    "shuffle": _("shuffle them back")}[s.get("rest", "bottom")]
            text = _("{look}; {rest}.").format(look=text, rest=rest)
    elif s.get("at_random"):
        text = ngettext("Take {n} card at random {pile}, shown to both sides, and put it {to}.",
                        "Take {n} cards at random {pile}, shown to both sides, and put them {to}.", n).format(
            n=n, pile=source, to=to)
    else:
        text = ngettext("Move {n} card {pile} {to}.", "Move {n} cards {pile} {to}.", n).format(n=n, pile=source,
                                                                                              to=to)
        if s.get("show"):
            text = _("Both sides see the cards {pile} first. {then}").format(pile=source, then=text)
    notes = []
    if s.get("per_base_units"):
        notes.append(_("at least 1 card per {n} Rebel units at the base").format(n=s["per_base_units"]))
    if s.get("starting") == "only":
        notes.append(_("starting missions only"))
    elif s.get("starting") == "exclude":
        notes.append(_("not a starting mission"))
    if s.get("to") == "mission":
        notes.append(_("assigned to the mission's leaders") if s.get("leaders") == "mission" else
                     _("assigned to the card's leader"))
    if notes:
        text = _("{sentence} ({notes})").format(sentence=text, notes="; ".join(notes))
    return _chooser(p, s, text)


def move_leaders(p: Phrases, s: dict[str, Any]) -> str:
    which = s.get("which", "actor")
    if which == "actor":
        leaders = _("the card's leader")
    elif which == "named":
        leaders = p.name(s.get("leader", ""))
    elif which == "key":
        leaders = p.leader(s.get("key"))
    elif which == "mission":
        leaders = _("the mission's leaders")
    else:
        leaders = p.leaders_of(s.get("side", "self"))
        source = s.get("source", "board")
        if source == "pool":
            leaders = _("{leaders} from the leader pool").format(leaders=leaders)
        elif source == "system":
            leaders = _("{leaders} {place}").format(leaders=leaders, place=p.place("system", "in"))
        leaders = _("{leaders} of your choice").format(leaders=leaders)
    to = s.get("to", "system")
    if to == "pool":
        text = _("Return {leaders} to the leader pool.").format(leaders=leaders)
    elif to == "nearest":
        text = _("Move {leaders} to the nearest of the {systems}").format(
            leaders=leaders, systems=p.systems(s.get("where"), "many"))
        if s.get("with_mission"):
            text = _("{action}; the mission's leaders go along").format(action=text)
        text += "."
    else:
        text = _("Move {leaders} {place}").format(leaders=leaders, place=p.place(s.get("system"), "to"))
        if s.get("until") == "end-of-combat":
            text = _("{action}: he joins the combat and stays until it ends").format(action=text)
        if s.get("pins") is False:
            text = _("{action}; this round he holds no units there").format(action=text)
        text += "."
    return text


def move_units(p: Phrases, s: dict[str, Any]) -> str:
    units = p.unit_filter({"side": s.get("side", "self"), "theater": s.get("theater")})
    source = s.get("from", "base")
    if isinstance(source, dict):
        where = _("from {system}").format(system=p.systems(source, "a"))
        if s.get("sources") == "many":
            where = _("{place}, system after system").format(place=where)
    elif source == "base":
        where = _("from the Rebel base")
    else:
        where = _("from {system}").format(system=p.place(source, "nom"))
    to = s.get("to", "system")
    if isinstance(to, dict):
        target = _("to {system}").format(system=p.systems(to, "a"))
    else:
        target = p.place(to, "to")
    text = (_("Move every one of {units} {source} {to}") if s.get("every") else
            _("Move {units} {source} {to}")).format(units=units, source=where, to=target)
    limits = []
    if s.get("max") is not None:
        limits.append(ngettext("at most {n} unit", "at most {n} units", s["max"]).format(n=s["max"]))
    if s.get("limits"):
        limits.append(_("at most {units}").format(units=p.units(s["limits"])))
    if s.get("health") is not None:
        limits.append(_("at most {n} health in all").format(n=s["health"]))
    if s.get("ignore_transport"):
        limits.append(_("without transport"))
    if s.get("leaders_pin") is False:
        limits.append(_("leaders there hold nothing back"))
    text = _("{action} ({limits})").format(action=text, limits="; ".join(limits)) if limits else text
    return _chooser(p, s, text + ".")


def place_units(p: Phrases, s: dict[str, Any]) -> str:
    to = s.get("to", "system")
    if s.get("units"):
        what = p.units(s["units"])
    elif s.get("icons"):
        what = _("one unit per icon: {icons}").format(icons=p.icons(s["icons"]))
    elif s.get("count"):
        what = ngettext("{n} unit that a resource icon of that system allows",
                        "{n} units that the resource icons of that system allow", s["count"]).format(n=s["count"])
    else:
        what = _("one unit per resource icon of that system")
    if to == "queue":
        where = (_("on space {n} of the build queue").format(n=s["space"]) if s.get("space") else
                 _("on the build queue"))
    elif to == "base":
        where = _("at the Rebel base")
    else:
        where = p.place(s.get("system"), "in")
    text = _("Place {units} from your supply {where}.").format(units=what, where=where)
    if s.get("free_from_board"):
        text += " " + _("If your supply runs short, you may first destroy such units of yours elsewhere.")
    return text


def queue(p: Phrases, s: dict[str, Any]) -> str:
    n = s.get("count")
    spaces = join([str(space) for space in s.get("spaces") or []], "or")
    if s.get("action") == "deploy":
        text = (ngettext("Deploy up to {n} unit from the build queue {place}",
                         "Deploy up to {n} units from the build queue {place}", n).format(
            n=n, place=p.place(s.get("system"), "to")) if n else
            _("Deploy units from the build queue {place}").format(place=p.place(s.get("system"), "to")))
    else:
        text = (ngettext("Advance {n} unit on the build queue", "Advance {n} units on the build queue", n).format(n=n)
                if n else _("Advance units on the build queue"))
    if spaces:
        text = _("{action} (from space {spaces})").format(action=text, spaces=spaces)
    return text + "."


def recruit(p: Phrases, s: dict[str, Any]) -> str:
    if s.get("leaders") and len(s["leaders"]) == 1:
        who = p.name(s["leaders"][0])
    elif s.get("leaders"):
        who = _("one of {leaders}").format(leaders=p.names(s["leaders"]))
    elif s.get("tactics") is True:
        who = _("a leader with tactic values")
    elif s.get("tactics") is False:
        who = _("a leader with no tactic values")
    else:
        who = _("a leader")
    where = _("into the leader pool") if s.get("to") == "pool" else p.place(s.get("system"), "to")
    return _("Recruit {leader} {place}.").format(leader=who, place=where)


def relocate_base(p: Phrases, s: dict[str, Any]) -> str:
    n = s.get("draw", 2)
    return ngettext("Relocate the Rebel base: draw {n} probe card and move the base to its system.",
                    "Relocate the Rebel base: draw {n} probe cards and move the base to one of their systems.",
                    n).format(n=n)


def restrict(p: Phrases, s: dict[str, Any]) -> str:
    """A restriction that lasts: what a side may not do in a system, until when, and while what holds."""
    bars = join([{"move_in": pgettext("barred", "moving units in"), "move_out": pgettext("barred", "moving units out"),
                  "missions": pgettext("barred", "missions"), "cards": pgettext("barred", "action cards")}[bar]
                 for bar in s.get("bar", [])], "and")
    side = {"self": _("for you"), "opponent": _("for your opponent"), "rebel": _("for the Rebels"),
            "empire": _("for the Empire")}[s.get("side", "opponent")]
    text = _("Barred {side} {place}: {bars}").format(side=side, place=p.place(s.get("system"), "in"), bars=bars)
    until = s.get("until", "end-of-round")
    if until is not None:
        text += ", " + {"end-of-phase": _("until the end of the phase"), "end-of-round": _("until the end of the round"),
                        "refresh": _("until the next Refresh Phase")}[until]
    if s.get("while"):
        text = _("{action}, while {condition}").format(action=text, condition=p.condition(s["while"]))
    return text + "."


def reputation(p: Phrases, s: dict[str, Any]) -> str:
    n = s.get("amount", 1)
    if s.get("per"):
        systems = p.systems(s["per"], "many")
        return (ngettext("The Rebels gain {n} reputation for each of the {systems}.",
                         "The Rebels gain {n} reputation for each of the {systems}.", n) if n > 0 else
                ngettext("The Rebels lose {n} reputation for each of the {systems}.",
                         "The Rebels lose {n} reputation for each of the {systems}.", -n)).format(
            n=abs(n), systems=systems)
    return (ngettext("The Rebels gain {n} reputation.", "The Rebels gain {n} reputation.", n) if n > 0 else
            ngettext("The Rebels lose {n} reputation.", "The Rebels lose {n} reputation.", -n)).format(n=abs(n))


def require(p: Phrases, s: dict[str, Any]) -> str:
    condition = p.condition(s.get("condition") or {})
    if s.get("otherwise") == "keep":
        return _("Only if {condition}; otherwise the card goes back to hand.").format(condition=condition)
    return _("Only if {condition}.").format(condition=condition)


def reroll_dice(p: Phrases, s: dict[str, Any]) -> str:
    n = s.get("count", 1)
    return ngettext("Reroll up to {n} die of this attack.", "Reroll up to {n} dice of this attack together.",
                    n).format(n=n)


def rescue(p: Phrases, s: dict[str, Any]) -> str:
    text = (_("Rescue {leader} to the Rebel base's region") if s.get("to") == "base-region" else
            _("Rescue {leader} to the Rebel base")).format(leader=p.leader(s.get("key")))
    if s.get("escort", True):
        text = _("{action}; the mission's leaders may go with him").format(action=text)
    return text + "."


def reveal(p: Phrases, s: dict[str, Any]) -> str:
    if s.get("what", "hand") == "hand":
        kind = {"missions": _("mission cards"), "actions": _("action cards"), "objectives": _("objectives"),
                "probes": _("probe cards"), "tactics": _("tactic cards")}[s.get("kind", "missions")]
        return _("{side} show the other side their hand of {cards}.").format(
            side=capital(p.side(s.get("side", "opponent"))), cards=kind)
    scope = s.get("scope", "system")
    if scope == "region":
        text = _("The Rebels say whether their base is in the region of {system}.").format(
            system=p.place(s.get("system"), "gen"))
    elif scope == "named":
        n = s.get("count", 1)
        text = ngettext("The Rebels name {n} system where their base is not.",
                        "The Rebels name {n} systems where their base is not.", n).format(n=n)
    else:
        text = _("The Rebels say whether their base is in {system}.").format(system=p.place(s.get("system"), "nom"))
    if s.get("force"):
        text += " " + _("If it is there, the base is revealed.")
    return text


def sabotage(p: Phrases, s: dict[str, Any]) -> str:
    if s.get("change", "place") == "place":
        return _("Place a sabotage marker {place}.").format(place=p.place(s.get("system"), "in"))
    if s.get("everywhere"):
        return _("Remove every sabotage marker from the board.")
    if s.get("optional"):
        return _("You may remove the sabotage marker {place}.").format(place=p.place(s.get("system"), "in"))
    return _("Remove the sabotage marker {place}.").format(place=p.place(s.get("system"), "in"))


def trigger(p: Phrases, s: dict[str, Any]) -> str:
    moment = s.get("moment")
    when = _(TRIGGER_MOMENTS[moment]) if moment in TRIGGER_MOMENTS else \
        _("at the {moment}").format(moment=_(_rule_moment(moment))) if moment else _("at the card's timing")
    actor = {"in-system": "", "on-mission": _("the card's leader is on the mission"),
             "on-board": _("the card's leader is on the board"), "pool": _("the card's leader is in the leader pool"),
             "target": _("the card's leader is the one concerned")}[s.get("actor", "in-system")]
    conditions = [c for c in (p.condition(s) if any(k not in ("moment", "actor") for k in s) else "", actor) if c]
    if conditions:
        return _("Play it {moment}, if {conditions}.").format(moment=when, conditions=join(conditions, "and"))
    return _("Play it {moment}.").format(moment=when)


def _rule_moment(moment: str) -> str:
    """A rule moment a card may be played at, in the words ``later`` steps use ("end of the Command Phase"); a moment
    with none is named for the tests (KeyError)."""
    from ..moments import MOMENTS

    words = MOMENTS[moment].later if moment in MOMENTS else None
    if words is None:
        raise KeyError(moment)
    return words


#: The card windows of a trigger's ``moment``.
TRIGGER_MOMENTS = {
    "start-of-combat": N_("at the start of a combat"), "mission-reveal": N_("just before a mission is revealed"),
    "mission-revealed": N_("once the other side's mission is revealed"),
    "mission-attempt": N_("when a mission is attempted, before the dice"),
    "before-roll": N_("before dice are rolled"), "mission-success": N_("once a mission has succeeded"),
    "mission-failed": N_("once a mission has failed"), "capture": N_("when a leader would be captured"),
    "battle-won": N_("after winning a battle"), "retreat": N_("after the other side's units retreat"),
    "assignment-end": N_("at the end of the Assignment Phase"),
    # the rule moments whose window asks only the side they belong to, and those a ``later`` step cannot name
    "command.turn-start": N_("at the start of your turn"), "command.turn-end": N_("at the end of your turn"),
    "activation.before-move": N_("when you activate a system, before units move in"),
    "activation.after-move": N_("once your units have moved into the system you activated"),
    "refresh.objective": N_("before the start-of-Refresh objective"),
    "refresh.retrieve-leaders": N_("before the leaders are retrieved in the Refresh Phase"),
    "refresh.draw-missions": N_("before the mission cards are drawn in the Refresh Phase"),
    "refresh.probes": N_("before the probe droids are launched"),
    "refresh.draw-objective": N_("before the Rebel draws an objective card"),
    "refresh.advance-time": N_("before the time marker advances"),
    "refresh.recruit": N_("before the recruiting step of the Refresh Phase"),
    "refresh.build": N_("before the building step of the Refresh Phase"),
    "refresh.deploy": N_("before units are deployed"),
    "combat.start": N_("once a combat has begun, before its first round"),
    "combat.round-start": N_("at the start of a combat round"), "battle.start": N_("before a battle's attacks"),
    "battle.end": N_("once a battle's attacks are over"), "combat.round-end": N_("at the end of a combat round"),
}


def _fixed(message: str) -> Wording:
    """A step with no parameters worth words: one sentence."""
    return lambda p, s: _(message)


#: The base game's ops in words (the ``effect_words`` hook).
STEPS: dict[str, Wording] = {
    "add_damage": add_damage, "attach_ring": attach_ring, "block": block,
    "cancel_mission": _fixed(N_("Cancel the revealed mission: its card goes back to hand and its leaders to the "
                                "pool.")),
    "capture": lambda p, s: _("Capture {leader}.").format(leader=p.leader(s.get("key"))),
    "choose": choose, "combat_effect": combat_effect,
    "death_star_plans": lambda p, s: ngettext(
        "Roll {n} die for the Death Star plans: a direct hit destroys a Death Star or one under construction there.",
        "Roll {n} dice for the Death Star plans: a direct hit destroys a Death Star or one under construction there.",
        s.get("count", 3)).format(n=s.get("count", 3)),
    "destroy_system": _fixed(N_("Destroy that system.")),
    "destroy_units": destroy_units,
    "detain": lambda p, s: _("{leader} stays on the board through the next Refresh Phase.").format(
        leader=capital(p.leader(s.get("key")))),
    "draw_tactics": draw_tactics, "eliminate_leader": eliminate_leader,
    "fail_mission": _fixed(N_("The mission fails without rolling dice.")),
    "fight": _fixed(N_("Once the card is over, a combat starts in that system.")),
    "if": if_, "keep_card": keep_card, "outcome": outcome, "repeat": repeat, "later": later, "leader_effect": leader_effect, "loyalty": loyalty,
    "mission_dice": mission_dice, "move_cards": move_cards,
    "move_in": _fixed(N_("Move units into that system from the adjacent systems, as an activation does.")),
    "move_leaders": move_leaders, "move_units": move_units, "place_units": place_units,
    "plant_probes": lambda p, s: ngettext(
        "Put {n} probe card taken from the Empire back on the probe deck.",
        "Put {n} probe cards taken from the Empire back on the probe deck.", s.get("count", 1)).format(
        n=s.get("count", 1)),
    "queue": queue, "recruit": recruit, "relocate_base": relocate_base,
    "replace_leader": lambda p, s: _("If {leader} is on the mission, {figure} takes his place.").format(
        leader=p.name(s.get("leader", "")), figure=p.name(s.get("by", ""))),
    "reputation": reputation, "require": require, "restrict": restrict,
    "stop_mission": lambda p, s: {
        "fail": _("The mission fails without rolling dice."),
        "cancel": _("Cancel the revealed mission: its card goes back to hand and its leaders to the pool."),
        "return": _("Send one of your opponent's assigned missions back to his hand unrevealed; its leaders go back "
                    "to the pool.")}[s.get("how", "fail")], "reroll_dice": reroll_dice, "rescue": rescue, "reveal": reveal,
    "sabotage": sabotage,
    "set_dice": lambda p, s: ngettext("Set up to {n} die about to be rolled to the faces of your choice.",
                                      "Set up to {n} dice about to be rolled to the faces of your choice.",
                                      s.get("count", 1)).format(n=s.get("count", 1)),
    "trigger": trigger,
}


def headings() -> dict[str, str]:
    """The headings of nested steps, by the field holding them."""
    return {"then": _("if so"), "otherwise": _("if not"), "steps": _("then"), "options": _("option"),
            "on_removal": _("when the marker is removed"), "each_refresh": _("at the start of each Refresh Phase")}
