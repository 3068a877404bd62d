"""What `rebellion show` and `rebellion cards show` print, in the reader's language: every field of an item in
plain words (issue 35 #14: ``requires: {'special-ops': 1}`` became "requires: Special Ops 1", ``vader_icon: False``
became "Vader icon: no"), and a card's effect data read like the card, one sentence per step (issue 31 §3: "Choose
a populous system." "Place a sabotage marker in that system."), worded by the plugins that own the ops (the
``effect_words`` hook, :class:`swrebellion.expansions.base.api.words.Phrases`). An id another item of the packs has
is shown by that item's name. The ``--format json`` document keeps the data as it is."""

from __future__ import annotations

import re
from typing import Any

from swrebellion.i18n import N_, gettext as _, language

#: Field names in words; a field a plugin adds and this table lacks is shown by its name, made readable.
FIELDS = {
    "faction": N_("side"), "set": N_("box"), "copies": N_("copies"), "deck": N_("deck"), "requires": N_("requires"),
    "mode": N_("mode"), "vader_icon": N_("Vader icon"), "count_all_skills": N_("counts every skill"),
    "portrait": N_("pictured leader"), "target_marker": N_("target marker"), "target_markers": N_("target markers"),
    "leaders": N_("pictured leaders"), "recruits": N_("recruits"), "starting": N_("starting"), "timing": N_("timing"),
    "theater": N_("theater"), "units": N_("units pictured"), "requires_special": N_("requires a special"),
    "reputation": N_("reputation"), "stage": N_("stage"), "setup_loyalty": N_("setup loyalty"),
    "system": N_("system"), "skills": N_("skills"), "secondary_skills": N_("secondary skills"),
    "tactics": N_("tactics"), "role": N_("role"), "replaces": N_("replaces"), "kind": N_("kind"),
    "health": N_("health"), "health_colour": N_("health colour"), "attack": N_("attack"),
    "transport_capacity": N_("transport capacity"), "transport_restricted": N_("transport restricted"),
    "immobile": N_("immobile"), "build_icon": N_("build icon"), "supply": N_("supply"), "abilities": N_("abilities"),
    "region": N_("region"), "type": N_("type"), "resources": N_("resources"), "build_queue": N_("build queue"),
    "fixed_loyalty": N_("fixed loyalty"), "summary": N_("summary"), "description": N_("description"),
    "faces": N_("faces"), "limit_per_roll": N_("at most per roll"), "size": N_("size"),
}
#: Fields left out: where a thing is drawn, not what it is.
HIDDEN = {"id", "effect", "target", "top", "bottom", "failure", "name", "summary", "notes", "description", "position"}
#: Words of the values content uses; a value the packs name is shown by its name instead.
VALUES = {
    "rebel": N_("Rebel"), "empire": N_("Empire"), "base": N_("base game"), "attempt": N_("attempt"),
    "resolve": N_("resolve"), "starting": N_("starting"), "regular": N_("regular"), "project": N_("project"),
    "assignment": N_("assignment"), "immediate": N_("immediate"), "special": N_("special"),
    "start-of-combat": N_("start of combat"), "combat": N_("combat"), "start-of-refresh": N_("start of Refresh"),
    "admiral": N_("admiral"), "general": N_("general"), "space": N_("space"), "ground": N_("ground"),
    "fighter": N_("fighter"), "capital-ship": N_("capital ship"), "station": N_("station"),
    "ground-unit": N_("ground unit"), "structure": N_("structure"), "populous": N_("populous"),
    "remote": N_("remote"), "diplomacy": N_("Diplomacy"), "intelligence": N_("Intelligence"),
    "special-ops": N_("Special Ops"), "logistics": N_("Logistics"), "red": N_("red"), "black": N_("black"),
    "green": N_("green"), "hit": N_("hit"), "direct-hit": N_("direct hit"), "blank": N_("blank"),
    "mini": N_("mini"), "standard": N_("standard"),
}
#: Kinds of content in words (the first line of an item).
KINDS = {
    "missions": N_("mission"), "actions": N_("action card"), "objectives": N_("objective"), "probes": N_("probe card"),
    "tactics": N_("tactic card"), "advanced-tactics": N_("advanced tactic card"), "units": N_("unit"),
    "leaders": N_("leader"), "systems": N_("system"), "regions": N_("region"), "markers": N_("marker"),
    "resources": N_("resource"), "dice": N_("die"), "setups": N_("setup"), "time-tracks": N_("time track"),
    "card-sizes": N_("card size"), "adjacency": N_("adjacency"),
}
#: Words that read better in capitals than a field name's letters.
PROPER = {"vader": "Vader", "id": "id", "roe": "Rise of the Empire"}
#: Kinds whose ids are words of other fields too ("base" is a setup, a pack and a card set): shown as they are.
NOT_NAMED = {"setups", "packs", "card-sizes", "time-tracks"}


def kind_words(kind: str) -> str:
    """A content kind in words, singular: ``tactics`` -> "tactic card"."""
    return _(KINDS[kind]) if kind in KINDS else key_words(kind)


def key_words(key: str) -> str:
    """A field's name in words: from :data:`FIELDS`, else made readable (``transport-capacity`` -> "transport
    capacity")."""
    if key in FIELDS:
        return _(FIELDS[key])
    return " ".join(PROPER.get(word, word) for word in re.split(r"[_\s]+", key.replace("-", "_")) if word)


class Reader:
    """Renders the values and effect steps of the items of ``catalog`` in words, in the current language;
    ``words`` are the plugins' wordings of their ops (:func:`effect_words`)."""

    def __init__(self, catalog, words) -> None:
        from swrebellion.expansions.base.api.words import Phrases, told_apart

        self.catalog = catalog
        self._by_language: dict[str, dict[str, str]] = {}
        self._markers: dict[str, dict[str, str]] = {}
        self._told_apart = told_apart
        self.phrases = Phrases(self.names, self.markers, words)

    def names(self, lang: str) -> dict[str, str]:
        """id -> name in ``lang`` of every named item (English where a pack gives none); cards with a space and a
        ground version told apart."""
        if lang not in self._by_language:
            found: dict[str, str] = {}
            for kind in self.catalog.counts():
                if kind in NOT_NAMED:
                    continue
                for ident, item in self.catalog.items(kind).items():
                    name = getattr(item, "name", None)
                    if name is not None and getattr(name, "en", None):
                        found.setdefault(ident, getattr(name, lang, None) or name.en)
            found.update(self._told_apart(self.catalog, lang))
            self._by_language[lang] = found
        return self._by_language[lang]

    def told_apart(self, ident: str) -> str | None:
        """The name of a card that exists in a space and a ground version, with its theater ("Critical Hit
        (space)"); None for any other."""
        return self._told_apart(self.catalog, language()).get(ident)

    def markers(self, lang: str) -> dict[str, str]:
        if lang not in self._markers:
            markers = self.catalog.items("markers") if "markers" in self.catalog.counts() else {}
            self._markers[lang] = {ident: getattr(item.name, lang, None) or item.name.en
                                   for ident, item in markers.items()}
        return self._markers[lang]

    def words(self, value: Any) -> str:
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if value is None:
            return _("none")
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        if isinstance(value, (int, float)):
            return str(value)
        if isinstance(value, str):
            known = self.names(language()).get(value) or (_(VALUES[value]) if value in VALUES else None)
            return known or value.replace("-", " ").replace("_", " ")  # a word a pack made up (its box): readable
        if isinstance(value, dict):
            if not value:
                return _("none")
            if all(_plain_count(v) for v in value.values()):  # skills, dice, units and how many: "Diplomacy 2"
                return ", ".join(f"{self.words(str(k))} {self.words(v)}" for k, v in value.items())
            return "; ".join(f"{key_words(str(k))}: {self.words(v)}" for k, v in value.items())
        if isinstance(value, (list, tuple)):
            if not value:
                return _("none")
            parts = [self.words(v) for v in value]
            if any(isinstance(v, dict) for v in value):
                return " / ".join(f"({p})" for p in parts)
            return ", ".join(parts)
        return str(value)

    def step(self, step: dict, ops=None) -> str:
        """One effect step as a sentence (the op's plugin words it), its parameters completed with their defaults
        from the op's model (``ops``, the registry), so the words say what the rules will do; an op no plugin
        words, by its name."""
        if ops is not None and step["op"] in ops:
            given = {key: value for key, value in step.items() if key != "op"}
            params = ops[step["op"]].params.model_validate(given).model_dump(by_alias=True, exclude_none=True)
            # A null the author wrote means something ("until: null": no end but its condition), unlike an unset field
            params.update({key: None for key, value in given.items() if value is None})
            step = {"op": step["op"], **params}
        try:
            return self.phrases.step(step)
        except KeyError as missing:
            return _("{op} (no words for this step: {missing})").format(op=step["op"], missing=missing)

    def heading(self, key: str, branch: dict | None) -> str:
        """The heading of nested steps: what the field holding them means ("if so"), or one option of a choice:
        its label."""
        from swrebellion.expansions.base.api.words import headings

        if branch is None:
            return headings().get(key) or key_words(key)
        label = branch.get("label")
        if isinstance(label, dict):
            label = label.get(language()) or label.get("en")
        label = label or self.words(branch.get("id", key))
        if branch.get("when"):  # an option offered only when its condition holds
            label = _("{option} (only if {condition})").format(option=label,
                                                                condition=self.phrases.condition(branch["when"]))
        return label


def effect_words(active) -> dict:
    """The enabled plugins' words for their effect ops (the ``effect_words`` hook), merged."""
    words: dict = {}
    for plugin in active.implementers("effect_words"):
        for answer in active.call_one(plugin, "effect_words"):
            words.update(answer or {})
    return words


def _plain_count(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
