"""Names for people: the one place ids become words ("at-st" -> "AT-ST"), for option labels, prompts and the
account of a game, in the language of the reader.

Two sides, kept apart on purpose:

* **Rules code** (phases, ops, rules) makes the English words a decision stores: :func:`label` (an item's English
  name) and :func:`text` (a sentence from a marked template, ``text(game, N_("Activate {system}"), system=sid)``).
  The state and the log are the same whatever language anyone reads them in, so saves load in every language.
* **Presentation** (the account, the terminal) shows words in the current language (:mod:`swrebellion.i18n`):
  :func:`name` and :func:`readable` for ids, :func:`localize` for a stored English label or prompt, which
  :func:`text` remembered how to make (its template and arguments) so that it can be made again in Russian.

Names come from the content (every item with a ``name: {en, ru, tr}``); a name a pack does not give in the
reader's language is shown in English.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterable

from swrebellion.i18n import N_, gettext, language, ngettext, pgettext, using

from .tables import BASE_SPACE

if TYPE_CHECKING:
    from swrebellion.catalog import Catalog
    from swrebellion.engine.game import Game
    from swrebellion.models import Text

#: Places and words that are not content items but are named to people.
SPECIAL = {BASE_SPACE: N_("the Rebel Base space"), "rebel": N_("Rebel"), "empire": N_("Empire")}
#: How many English texts :func:`text` remembers before starting afresh (a long-lived process playing many games).
MEMO_LIMIT = 200_000


def names(game, lang: str = "en") -> dict[str, str]:
    """id -> name of every named item in the packs, in ``lang`` (English where a pack gives no such name); built
    once per rules and language, shared by every copy of a game."""
    cache = game.rules.cache
    key = _NAMES_EN if lang == "en" else f"base.names.{lang}"
    if key not in cache:
        content = game.rules.content
        found: dict[str, str] = {}
        # ids are unique per kind only: a card and its marker share one ("sabotage"); the card wins, and a
        # marker is named through :func:`marker_name`
        for kind in sorted(content.counts(), key=lambda k: (k == "markers", k)):
            for ident, item in content.items(kind).items():
                name = getattr(item, "name", None)
                if name is not None:
                    found.setdefault(ident, getattr(name, lang, None) or name.en)
        cache[key] = {**found, **{k: (v if lang == "en" else _translated(v, lang)) for k, v in SPECIAL.items()}}
    return cache[key]


def display_names(game: Game, lang: str) -> dict[str, str]:
    """:func:`names` as people read them: a card with a space and a ground version named with its theater
    (:func:`told_apart`). The rules store :func:`names` (English, unchanged: a stored label is part of the state a
    save is checked against); what is shown uses these."""
    key = f"base.shown.{lang}"
    cache = game.rules.cache
    if key not in cache:
        cache[key] = {**names(game, lang), **told_apart(game.rules.content, lang)}
    return cache[key]


#: A card that exists in a space and a ground version, named so that every listing tells the two apart.
THEATER_NAMES = {"space": N_("{name} (space)"), "ground": N_("{name} (ground)")}


def told_apart(content: Catalog, lang: str = "en") -> dict[str, str]:
    """id -> name in ``lang`` of each item that shares its English name with another item of its kind and differs
    from it in theater: "Critical Hit (space)" and "Critical Hit (ground)" (issue 35 #12). The content keeps the
    card's own name (printed on its face); every table, listing and account line uses this one."""
    out: dict[str, str] = {}
    for kind in sorted(content.counts()):
        items = content.items(kind)
        by_name: dict[str, list[str]] = {}
        for ident, item in sorted(items.items()):
            if getattr(item, "theater", None) in THEATER_NAMES and getattr(item, "name", None) is not None:
                by_name.setdefault(item.name.en, []).append(ident)
        for idents in by_name.values():
            if len({items[i].theater for i in idents}) < 2:
                continue
            for ident in idents:
                item = items[ident]
                with using(lang):
                    out[ident] = gettext(THEATER_NAMES[item.theater]).format(
                        name=getattr(item.name, lang, None) or item.name.en)
    return out


_NAMES_EN = "base.names.en"


def _translated(message: str, lang: str) -> str:
    with using(lang):
        return gettext(message)


def missing_names(content, lang: str) -> dict[str, list[str]]:
    """kind -> ids of the items whose name has no ``lang`` translation (``rebellion packs list --lang``)."""
    missing: dict[str, list[str]] = {}
    for kind in sorted(content.counts()):
        for ident, item in sorted(content.items(kind).items()):
            name = getattr(item, "name", None)
            if name is not None and not getattr(name, lang, None):
                missing.setdefault(kind, []).append(ident)
    return missing


class Marker(str):
    """A marker's id as an argument of :func:`text`: named as the marker, not as the card that shares its id."""


class Word(str):
    """An English word marked with ``N_`` as an argument of :func:`text`: translated, never taken for an id ("red"
    is also the id of the red die)."""


# -- rules side: English, remembered ------------------------------------------------------------------------------


def label(game: Game, thing: str) -> str:
    """The English name of a system, leader, unit or card id, for what the rules store (an option's label); an id
    the packs do not name is shown as it is."""
    try:  # names(game) inline: every option of many decisions is labelled so
        return game.rules.cache[_NAMES_EN].get(thing, thing)  # type: ignore[no-any-return]
    except KeyError:
        return names(game).get(thing, thing)


def named_options(game: Game, ids: Iterable[str]) -> list[dict]:
    """An option per id, labelled with its English name (``{"id", "label", "data": None}``): the systems, leaders
    and cards most questions offer, made once per rules by :func:`made_options`."""
    return made_options(game, _NAMED_OPTIONS, ids, label)


def made_options(game: Game, name: str, keys: Iterable[str], labelled: Callable[[Game, str], str]) -> list[dict]:
    """An option per key, labelled ``labelled(game, key)``, for questions that offer the same keys again and again
    (systems, leaders, dice to reroll, damage targets). Each is made once per rules, kept in
    ``game.rules.cache[name]``, and handed out again to every question of every game, so it must never be changed:
    the kernel stores an option dict having its three keys as it is, and the steps only read an answer
    (tests/test_golden_logs.py checks that a game leaves the next one unchanged)."""
    try:
        made = game.rules.cache[name]
    except KeyError:
        made = game.rules.cache[name] = {}
    out = []
    for key in keys:
        option = made.get(key)
        if option is None:
            option = made[key] = {"id": key, "label": labelled(game, key), "data": None}
        out.append(option)
    return out


_NAMED_OPTIONS = "base.named-options"


def text(game: Game, template: str, /, **args: Any) -> str:
    """The English text of ``template`` (a message marked with ``N_``) with ``args`` filled in: ids become English
    names, lists are joined with commas, ``{unit: count}`` dicts read "2 TIE Fighters and 1 AT-AT", a text made
    by this function stays as it is. ``a``/``an`` are chosen for
    the name that follows. The template and the arguments are remembered, so :func:`localize` can show the same
    text in another language."""
    if len(args) == 1:  # the usual label, one id or number ("Activate {system}"): read under its flat key
        [(name, value)] = args.items()
        if type(value) is str or type(value) is int:
            try:  # made already (most labels are): :func:`_one`'s memo read here, one call fewer
                return game.rules.cache[_MADE][(template, name, value)]  # type: ignore[no-any-return]
            except KeyError:
                return _one(game, template, name, value)
    return _remember(game, template, args)


def texts(game, template: str, name: str, values: Iterable[Any]) -> list[str]:
    """``text(game, template, name=value)`` for each of ``values``: the labels of a long list of options (every
    system one may activate). The memo is read here, once, and :func:`_one` called only for a label not made
    yet: one call per list, not one per option."""
    made = _made_texts(game)
    out = []
    for value in values:
        if type(value) is str or type(value) is int:
            english = made.get((template, name, value))
            out.append(english if english is not None else _one(game, template, name, value))
        else:
            out.append(_remember(game, template, {name: value}))
    return out


def ntext(game: Game, singular: str, plural: str, n: int, /, **args: Any) -> str:
    """:func:`text` with a number: the singular or plural template for ``n`` (``{n}`` in it is the number)."""
    return _remember(game, (singular, plural, n), {"n": n, **args})


def _made_texts(game) -> dict:
    """The English texts made so far, per rules: key -> English (:func:`_remember` says what the keys are)."""
    try:
        return game.rules.cache[_MADE]  # type: ignore[no-any-return]
    except KeyError:
        return game.rules.cache.setdefault(_MADE, {})  # type: ignore[no-any-return]


_MADE = "base.made"


def _one(game, template: str, name: str, value: str | int) -> str:
    """``text(game, template, name=value)`` for one id or number, the label of most options: its key is the flat
    ``(template, name, value)``, cheaper to make and hash than :func:`_remember`'s, and never equal to one of
    those (their second item is a tuple)."""
    made = _made_texts(game)
    english = made.get((template, name, value))
    if english is None:
        english = made[(template, name, value)] = _made(game, (template, None, None), {name: value})
    return english  # type: ignore[no-any-return]


def text_ids(game, template: str, name: str, value: str, many: str, ids: list[str]) -> str:
    """``text(game, template, **{name: value, many: ids})`` for an id and a list of plain ids (the label of every
    mission card at every Command Phase turn, "Reveal {card} ({leaders})"): kept under the flat key ``(template,
    name, value, many, list, *ids)``, cheaper to make than :func:`_remember`'s and never equal to one of its keys
    (their second item is a tuple) nor to :func:`_one`'s (three items)."""
    made = _made_texts(game)
    key = (template, name, value, many, list, *ids)
    english = made.get(key)
    if english is None:
        english = made[key] = _made(game, (template, None, None), {name: value, many: list(ids)})
    return english  # type: ignore[no-any-return]


def _remember(game, message: str | tuple, args: dict) -> str:
    """The English of a message (a template, or ``(singular, plural, n)``) and its arguments. The same label is asked
    for again and again (every option of every decision): a text is made once per rules and kept under a key of
    its message and arguments (``(message, (name, value), ...)``, or what :func:`_key` makes of other arguments), with
    its entry in the English memo that :func:`localize` reads."""
    try:  # _made_texts inline: every text with several arguments comes here
        made = game.rules.cache[_MADE]
    except KeyError:
        made = _made_texts(game)
    for value in args.values():
        kind = type(value)
        if kind is not str and kind is not int:
            key = _key(message, args)
            break
    else:  # plain ids and numbers, the usual arguments
        key = (message, *args.items())
    english = made.get(key)
    if english is None:
        english = _made(game, message if type(message) is tuple else (message, None, None), args)
        if key is not None:
            made[key] = english
    return english


def _key(message: str | tuple, args: dict) -> tuple | None:
    """What the English of a message depends on, when its arguments are not all plain ids and numbers: lists of ids,
    unit counts, markers and words are told apart from plain ids by their type. None when an argument is something
    else (the text is then made each time)."""
    key: list = [message]
    for name, value in args.items():
        kind = type(value)
        if kind is str or kind is int:
            key.append((name, value))
        elif kind is list or kind is tuple:  # a list or a tuple of ids: their English names joined
            for v in value:  # a loop, not all() over a generator: the labels of every mission revealed come here
                if type(v) is not str:
                    return None
            key.append((name, list, *value))
        elif kind is dict:  # units and how many ("Add {units}", every group of units one may move)
            for unit, n in value.items():  # a loop, not all() over a generator
                if type(unit) is not str or type(n) is not int:
                    return None
            key.append((name, dict, *value.items()))
        elif kind is Marker or kind is Word:
            key.append((name, kind, str(value)))
        else:
            return None
    return tuple(key)


def _made(game, message: tuple, args: dict) -> str:
    """Make the English of ``message`` (singular, plural, n) and remember how, for :func:`localize`."""
    singular, plural, n = message
    template = singular if plural is None or n == 1 else plural
    words = {}
    for k, v in args.items():  # a plain loop, cheaper than a comprehension: every text not made yet comes here
        words[k] = label(game, v) if type(v) is str else _english(game, v)  # a plain id: _english's first case
    english = template.format(**words)
    if ("a {" in template or "A {" in template) and _ARTICLE_BEFORE_FIELD.search(template):
        english = articles(english)  # "Build a {unit}": the article depends on the name
    memo = game.rules.cache.setdefault("base.texts", {})
    if len(memo) > MEMO_LIMIT:  # a long-lived process playing many games starts afresh
        memo.clear()
        game.rules.cache.get(_MADE, {}).clear()
    memo[english] = (message, args)
    return english


def _english(game, value) -> str:
    """The English of one argument of a text. Plain ids and lists of them first, by their exact type (a Marker or
    a Word is a str too, and is told apart below): every text made comes here for each of its arguments."""
    kind = type(value)
    if kind is str:
        return label(game, value)
    if kind is list or kind is tuple:
        words = []
        for v in value:  # a plain loop, cheaper than a comprehension: the leaders of every mission card revealed
            words.append(label(game, v) if type(v) is str else _english(game, v))  # a plain id: the first case
        return ", ".join(words)
    if isinstance(value, Marker):
        return _marker(game, value, "en")
    if isinstance(value, Word):
        return str(value)
    if isinstance(value, str):
        return names(game).get(value, value)
    if isinstance(value, (list, tuple)):
        return ", ".join(_english(game, v) for v in value)
    if isinstance(value, dict):  # units and how many: "2 TIE Fighters and 1 AT-AT"
        return join_english([f"{n} {plural(label(game, u)) if n != 1 else label(game, u)}" for u, n in value.items()])
    return str(value)


def join_english(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def join(items: list[str]) -> str:
    """"A", "A and B", "A, B and C" in the current language."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return gettext("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


_ARTICLE = re.compile(r"\b([Aa]) (?=(\S+))")
_ARTICLE_BEFORE_FIELD = re.compile(r"\b[Aa] \{")
#: Letters whose English names start with a vowel sound: "an X-wing", "an R2 unit".
_VOWEL_LETTERS = set("AEFHILMNORSX")


def articles(english: str) -> str:
    """Fix "a" before a word that starts with a vowel sound: "a AT-AT" -> "an AT-AT", "a X-wing" -> "an X-wing";
    "a U-wing", "a unit" and "a TIE Fighter" stay."""

    def fix(match: re.Match) -> str:
        word = match.group(2)
        initialism = len(word) > 1 and (word[1] == "-" or word[:2].isupper()) and word[0].isupper()
        vowel = word[0] in _VOWEL_LETTERS if initialism else word[0] in "AEIOaeio"
        return (match.group(1) + "n " if vowel else match.group(0)) if word.lower() != "one" else match.group(0)

    return _ARTICLE.sub(fix, english)


#: A die showing a face, as option labels name it ("Reroll a red hit").
DICE = {
    ("red", "hit"): N_("red hit"), ("red", "blank"): N_("red blank"), ("red", "special"): N_("red special"),
    ("red", "direct-hit"): N_("red direct hit"), ("black", "hit"): N_("black hit"), ("black", "blank"): N_("black blank"),
    ("black", "special"): N_("black special"), ("black", "direct-hit"): N_("black direct hit"),
    ("green", "hit"): N_("green hit"), ("green", "blank"): N_("green blank"), ("green", "special"): N_("green special"),
    ("green", "direct-hit"): N_("green direct hit"),
}


#: Dice colours as option labels name them ("TIE Fighter (1 black)").
DICE_COLOURS = {"red": N_("red"), "black": N_("black"), "green": N_("green")}
#: The bare icon shapes some effects name (a unit "for the circle icon").
SHAPES = (N_("triangle"), N_("circle"), N_("square"))


def card_prompt(game: Game, ctx: dict[str, Any], with_card: str, without: str) -> str:
    """A prompt naming the card being played ("Sabotage: choose a system"), or the plain one when none is."""
    card = ctx.get("card")
    return text(game, with_card, card=card) if card else without


def content_text(game: Game, value: str | Text) -> str:
    """The English of content text (a string, or ``{en, ru, tr}`` from a pack), remembered so that
    :func:`localize` shows the pack's translation."""
    if isinstance(value, str):
        return value
    memo = game.rules.cache.setdefault("base.texts", {})
    memo[value.en] = ("content", value)
    return value.en


def die(game: Game, colour: str, face: str) -> str:
    """A die and its face for a label: "red direct hit" (a :func:`text`, so it is shown in the reader's language)."""
    return text(game, DICE.get((colour, face)) or f"{colour} {face.replace('-', ' ')}")


# -- presentation side: the reader's language ----------------------------------------------------------------------


def name(game: Game, thing: str) -> str:
    """The name of an id in the current language (English where the pack gives none; the id as it is when the
    packs do not name it)."""
    return display_names(game, language()).get(thing, thing)


def marker_name(game, marker: str) -> str:
    """The name of a marker (a target marker, a ring) in the current language, even where a card shares its id."""
    return _marker(game, marker, language())


def _marker(game, marker: str, lang: str) -> str:
    content = game.rules.content
    markers = content.items("markers") if "markers" in content.counts() else {}
    item = markers.get(marker) or markers.get(f"{marker}-ring")  # a leader's ring is named by its marker
    if item is None:
        return names(game, lang).get(marker, marker)
    return getattr(item.name, lang, None) or item.name.en


def readable(game: Game, value: object) -> str:
    """For the account: a name in the current language, or an id made readable ("some-word" -> "Some word")."""
    if isinstance(value, str):
        return display_names(game, language()).get(value) or value.replace("-", " ").capitalize()
    return str(value)


def local_text(value) -> str:
    """Content text (a pack's string, or ``{en, ru, tr}``) in the current language; English where it has none."""
    if isinstance(value, dict):
        return value.get(language()) or value.get("en", "")
    return getattr(value, language(), None) or getattr(value, "en", None) or str(value)


def localize(game: Game, english: str) -> str:
    """A label or prompt the rules stored in English, in the current language: made again from the template
    :func:`text` remembered, or an item's name, or a marked message; unchanged when none of them knows it."""
    lang = language()
    if lang == "en" or not english:
        return english
    memo = game.rules.cache.get("base.texts", {})
    if english in memo and memo[english][0] == "content":  # a pack's own text: its translation, if it has one
        return getattr(memo[english][1], lang, None) or english
    if english in memo:
        (singular, plural, n), args = memo[english]
        template = gettext(singular) if plural is None else ngettext(singular, plural, n)
        try:
            return template.format(**{k: _local(game, v) for k, v in args.items()})
        except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder: English, not a crash
            return english
    by_english = _english_names(game)
    if english in by_english:
        return name(game, by_english[english])
    return gettext(english)


def _local(game, value) -> str:
    if isinstance(value, Marker):
        return marker_name(game, value)
    if isinstance(value, Word):
        return gettext(value)
    if isinstance(value, str):
        local = display_names(game, language()).get(value)
        return local if local is not None else localize(game, value)
    if isinstance(value, (list, tuple)):
        return ", ".join(_local(game, v) for v in value)
    if isinstance(value, dict):
        return join([counted(game, n, u) for u, n in value.items()])
    return str(value)


def _english_names(game) -> dict[str, str]:
    """English name -> id (items that share an English name share their translations: the first id is enough)."""
    cache = game.rules.cache
    if "base.by_english" not in cache:
        found: dict[str, str] = {}
        for ident, english in names(game).items():
            found.setdefault(english, ident)
        cache["base.by_english"] = found
    return cache["base.by_english"]


def counted(game: Game, n: int, thing: str) -> str:
    """``n`` of an item, in the current language: "3 Stormtroopers", "1 AT-AT" (Russian: "Штурмовик ×3")."""
    if language() == "en":
        return f"{n} {plural(label(game, thing)) if n != 1 else label(game, thing)}"
    return pgettext("a number of named things", "{count} {name}").format(count=n, name=name(game, thing))


def plural(english: str) -> str:
    """The English plural of a name: "TIE Fighter" -> "TIE Fighters", "Death Star Under Construction" -> "Death
    Stars Under Construction"."""
    head, sep, tail = english.partition(" Under ")
    if head.endswith(("s", "x", "ch", "sh")):
        return head + "es" + sep + tail
    return head + "s" + sep + tail
